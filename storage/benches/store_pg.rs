//! The PostgreSQL store under load, printed as `name=value` lines. Starts its own
//! PostgreSQL server (`storage::pg::testing`: a temporary cluster on a Unix socket, its
//! default durability, fsync on) and measures:
//! - `pg_durable_actions_per_s`, `pg_p99_ms`: move-shaped commits (the game's row locked
//!   and rewritten, a log entry, a ~600-byte snapshot every 8th move, one outbox row, the
//!   reminder timer replaced) over 1,000 channels by 16 concurrent writers, each commit
//!   durable when it returns;
//! - `pg_open_100k_ms`: opening a store holding 100,000 games (10,000 running with their
//!   logs and timers, 90,000 archived) until it is ready to serve: connected, schema
//!   checked, the boot queries answered (unarchived finished games, next delivery and
//!   timer, due timers) and one game loaded.
//!
//! `cargo bench -p storage --bench store_pg`. Smaller runs: `STORE_PG_GAMES=2000
//! STORE_PG_ACTIONS=2000` (also `STORE_PG_CHANNELS`, `STORE_PG_WRITERS`).

use serde_json::json;
use std::sync::Arc;
use std::time::{Duration, Instant};
use storage::copy::{Copyable, Item};
use storage::pg::testing::PgServer;
use storage::{
    codec, ArchiveEntry, Commit, LogEntry, Meta, NewOutbox, PgStore, SeatedUser, Status, Store,
    Timer, TimerChange, TimerKind, SCHEMA_VERSION,
};

fn knob(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn meta(channel: u64, game_id: u64, version: u64, status: Status) -> Meta {
    Meta {
        schema: SCHEMA_VERSION,
        game_id,
        channel,
        game: "palazzo".into(),
        options: json!({}),
        seed: channel,
        seats: (0..3)
            .map(|i| SeatedUser {
                user: 1_000 + channel * 3 + i,
                name: format!("player{i}"),
            })
            .collect(),
        host: 1_000 + channel * 3,
        status,
        created: 1_700_000_000,
        updated: 1_700_000_000 + version,
        version,
        guild: channel % 50,
        settings: Default::default(),
        dropped: vec![],
        nudged_ms: 0,
    }
}

fn entry(v: u64) -> LogEntry {
    LogEntry {
        seat: (v % 3) as usize,
        action: json!({ "Bid": { "cards": [v % 7, (v + 3) % 9] } }),
        text: format!("bid {} {}", v % 7, (v + 3) % 9),
        public: vec![format!("player{} bid {} florins", v % 3, v % 17)],
        at: 1_700_000_000 + v,
    }
}

/// A ~600-byte engine state.
fn state(channel: u64, v: u64) -> Vec<u8> {
    (0..600).map(|i| ((channel + v + i) % 251) as u8).collect()
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// One move of `channel`'s game, at version `v`, as the table commits it.
fn commit_move(store: &PgStore, channel: u64, v: u64) -> Duration {
    let m = meta(channel, channel + 1, v, Status::Running);
    let snapshot = (v % 8 == 0).then(|| state(channel, v));
    let row = NewOutbox {
        channel,
        due_ms: 0,
        payload: vec![7; 200],
    };
    let timer = TimerChange {
        kind: TimerKind::Remind,
        timer: Some(Timer {
            kind: TimerKind::Remind,
            due_ms: 4_000_000_000_000 + v,
            game_id: channel + 1,
            version: v,
            count: 0,
            held_up: false,
        }),
    };
    let e = entry(v);
    let t = Instant::now();
    store
        .commit(Commit {
            meta: &m,
            snapshot: snapshot.as_deref(),
            entry: Some(&e),
            outbox: std::slice::from_ref(&row),
            timers: std::slice::from_ref(&timer),
            seats: None,
        })
        .expect("commit");
    t.elapsed()
}

fn durable(server: &PgServer) {
    let channels = knob("STORE_PG_CHANNELS", 1_000) as u64;
    let actions = knob("STORE_PG_ACTIONS", 20_000);
    let writers = knob("STORE_PG_WRITERS", 16).max(1);
    let url = server.fresh_schema_url("durable").expect("schema");
    let store = Arc::new(PgStore::open(&url, writers).expect("open"));
    let t = Instant::now();
    for channel in 0..channels {
        let m = meta(channel, channel + 1, 0, Status::Running);
        let s = state(channel, 0);
        store
            .commit(Commit {
                snapshot: Some(&s),
                ..Commit::meta(&m)
            })
            .expect("start");
    }
    println!("set up {channels} channels in {:.2?}", t.elapsed());
    let per_writer = actions / writers;
    let t = Instant::now();
    let handles: Vec<_> = (0..writers)
        .map(|i| {
            let store = store.clone();
            std::thread::spawn(move || {
                // Each writer plays its own channels, round robin (a channel's moves are
                // serialized by the table's lock: one writer per channel here).
                let mine: Vec<u64> = (0..channels)
                    .filter(|c| *c as usize % writers == i)
                    .collect();
                let mut versions = vec![0u64; mine.len()];
                (0..per_writer)
                    .map(|n| {
                        let k = n % mine.len();
                        versions[k] += 1;
                        commit_move(&store, mine[k], versions[k])
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    let mut lat: Vec<Duration> = handles
        .into_iter()
        .flat_map(|h| h.join().expect("writer"))
        .collect();
    let wall = t.elapsed();
    lat.sort();
    println!(
        "{writers} writers: {} durable moves over {channels} channels in {wall:.2?}: p50 {:.2} ms, max {:.2} ms",
        lat.len(),
        ms(percentile(&lat, 0.5)),
        ms(lat[lat.len() - 1]),
    );
    println!(
        "pg_durable_actions_per_s={:.0}",
        lat.len() as f64 / wall.as_secs_f64()
    );
    println!("pg_p99_ms={:.2}", ms(percentile(&lat, 0.99)));
}

/// Fills a store with `games` games (a tenth running, the rest archived) through the
/// copy's bulk import.
fn fill(store: &PgStore, games: u64) {
    let running = (games / 10).max(1);
    let mut items = Vec::new();
    let flush = |items: &mut Vec<Item>, last: bool| {
        if items.len() >= 2_000 || (last && !items.is_empty()) {
            store.import_items(items).expect("import");
            items.clear();
        }
    };
    for channel in 0..games {
        let game_id = channel + 1;
        if channel < running {
            let version = 20 + channel % 20;
            let at = version - version % 8;
            let m = meta(channel, game_id, version, Status::Running);
            items.push(Item::Game {
                channel,
                meta: codec::encode_meta(&m),
                snapshot: Some(codec::encode_snapshot(at, &state(channel, at))),
                finished: false,
            });
            for index in 0..version {
                items.push(Item::Log {
                    game_id,
                    index,
                    entry: codec::encode_log(&entry(index + 1)),
                });
            }
            items.push(Item::Timer(
                channel,
                Timer {
                    kind: TimerKind::Remind,
                    due_ms: 4_000_000_000_000 + channel,
                    game_id,
                    version,
                    count: 0,
                    held_up: false,
                },
            ));
            for seat in &m.seats {
                items.push(Item::Player {
                    user: seat.user,
                    channel,
                    game_id,
                });
            }
        } else {
            let m = meta(channel, game_id, 60, Status::Finished);
            let entry = ArchiveEntry {
                meta: m,
                outcome: Some(json!({ "scores": [31, 27, 19] })),
                snapshot: state(channel, 60).repeat(3),
            };
            items.push(Item::Archive {
                channel,
                game_id,
                entry: codec::encode_archive(&entry),
            });
        }
        flush(&mut items, false);
    }
    items.push(Item::IdsUpTo(games + 1));
    flush(&mut items, true);
}

fn open_100k(server: &PgServer) {
    let games = knob("STORE_PG_GAMES", 100_000) as u64;
    let url = server.fresh_schema_url("open").expect("schema");
    let t = Instant::now();
    fill(&PgStore::open(&url, 4).expect("open"), games);
    println!("stored {games} games in {:.2?}", t.elapsed());
    let t = Instant::now();
    let store = PgStore::open(&url, 16).expect("open");
    let unarchived = store.finished_unarchived().expect("finished");
    let _ = store.next_due().expect("next due");
    let _ = store.next_timer_due().expect("next timer");
    let due = store
        .due_timers(storage::now_ms(), 100)
        .expect("due timers");
    let loaded = store.load(0).expect("load");
    let elapsed = t.elapsed();
    assert!(unarchived.is_empty() && due.is_empty());
    assert!(matches!(loaded, storage::Loaded::Found(_)), "{loaded:?}");
    println!("pg_open_{}k_ms={:.1}", games / 1_000, ms(elapsed));
}

fn main() {
    // `cargo bench` passes `--bench`; nothing else is read from the arguments.
    let server = PgServer::start().unwrap_or_else(|why| panic!("{why}"));
    durable(&server);
    open_100k(&server);
}
