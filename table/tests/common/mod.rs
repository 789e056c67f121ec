//! Helpers shared by the table's scenario tests (they drive the Countdown test game).
#![allow(dead_code)]

pub mod hooked;

use std::sync::Arc;
use storage::{Loaded, SledStore, Store};
use table::{Caller, Command, Delivery, Table};

pub const CH: u64 = 100;

pub fn caller(id: u64) -> Caller {
    Caller::new(
        id,
        ["ana", "bruno", "carla", "dino", "eva"][(id as usize - 1) % 5],
    )
}

pub fn open(dir: &std::path::Path) -> (Arc<SledStore>, Table) {
    let store = Arc::new(SledStore::open(dir).unwrap());
    let table = Table::new(store.clone());
    (store, table)
}

pub fn run(table: &Table, channel: u64, user: u64, line: &str) -> Vec<Delivery> {
    table.handle(channel, &caller(user), Command::parse(line))
}

pub fn ephemeral(d: &[Delivery]) -> String {
    match d {
        [Delivery::Ephemeral { text, .. }] => text.clone(),
        other => panic!("expected one ephemeral reply, got {other:?}"),
    }
}

pub fn channel_texts(d: &[Delivery]) -> Vec<String> {
    d.iter()
        .filter_map(|d| match d {
            Delivery::Channel { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// Opens a Countdown table for `players` users (ids 1..=players) and starts it.
pub fn started(table: &Table, channel: u64, players: u64, seed: u64) -> Vec<Delivery> {
    run(table, channel, 1, &format!("new countdown seed={seed}"));
    for u in 2..=players {
        run(table, channel, u, "join");
    }
    run(table, channel, 1, "start")
}

/// The raw stored record and log of a channel (for byte-identical comparisons).
pub fn raw(store: &SledStore, channel: u64) -> (Option<Vec<u8>>, Vec<String>, u64) {
    match store.load(channel).unwrap() {
        Loaded::Found(r) => {
            let log = store
                .log(r.meta.game_id)
                .unwrap()
                .iter()
                .map(|e| serde_json::to_string(e).unwrap())
                .collect();
            (r.snapshot, log, r.meta.version)
        }
        other => panic!("no record: {other:?}"),
    }
}

/// The user awaited in `channel` and their first legal action, if the game runs.
pub fn next_move(table: &Table, channel: u64, players: u64) -> Option<(u64, String)> {
    (1..=players).find_map(|u| {
        table
            .legal_actions(channel, u)
            .first()
            .map(|a| (u, a.clone()))
    })
}

/// No channel message (before the final scores) carries a line of at least 12
/// characters that was sent privately.
pub fn assert_no_leak(game: &str, seed: u64, deliveries: &[Delivery]) {
    let public: Vec<&str> = deliveries
        .iter()
        .filter_map(|d| match d {
            // The final message reveals what the end of a game reveals (held prestige
            // cards, the hands behind a tie-break); everything before must not.
            Delivery::Channel { text, .. } if !text.contains("**Final scores**") => {
                Some(text.as_str())
            }
            _ => None,
        })
        .collect();
    for d in deliveries {
        if let Delivery::Private { text, .. } | Delivery::Hand { text, .. } = d {
            for line in text
                .lines()
                .map(str::trim)
                .filter(|l| l.chars().count() >= 12)
            {
                for p in &public {
                    assert!(
                        !p.contains(line),
                        "{game} seed {seed}: private line `{line}` reached the channel:\n{p}"
                    );
                }
            }
        }
    }
}

/// Names Discord would turn into markup if they reached a message as they are: a masked
/// link, a role mention and @everyone, a heading, subtext, a quote, bold.
pub const HOSTILE_NAMES: [&str; 4] = [
    "[Prize](https://evil.example)",
    "<@&123> @everyone # x",
    "# Heading",
    "-# **small** > q",
];

/// Every text of `deliveries` (channel texts and their chat forms, DMs, replies).
pub fn all_texts(deliveries: &[Delivery]) -> Vec<String> {
    let mut out = Vec::new();
    for d in deliveries {
        out.push(d.text().to_string());
        if let Delivery::Channel {
            summary: Some(s), ..
        }
        | Delivery::Ephemeral {
            summary: Some(s), ..
        } = d
        {
            out.push(s.clone());
        }
    }
    out
}

mod markup;
#[allow(unused_imports)]
pub use markup::assert_no_markup;
