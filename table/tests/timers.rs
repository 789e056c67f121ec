//! Reminders, timeouts and stand-in moves with a test clock: each policy for each game,
//! exactly-once firing across a restart, no timer firing after the move it was set for,
//! games driven only by timeouts end, and the bot's moves never reveal a secret; the
//! shortest timing a table may choose, and the players' approval of shorter clocks.

mod common;
use common::*;

/// The coach's search on the pool.
#[path = "timers/coach_pool.rs"]
mod coach_pool;
/// A bot's turn that could not be played.
#[path = "timers/unplayed.rs"]
mod unplayed;
use rules::Absent;
use std::sync::Arc;
use storage::{SledStore, Store, TimeoutPolicy, Timer, TimerChange, TimerKind};
use table::{
    Approval, Caller, Command, Defaults, Delivery, ManualClock, Minimums, Table, TableOptions,
};

const MIN: u64 = 60_000;
const START: u64 = 1_800_000_000_000;

/// A table on `dir` with this clock and these defaults, and the local table's low
/// minimums (the tests set timing in minutes).
fn timed(
    dir: &std::path::Path,
    clock: &Arc<ManualClock>,
    defaults: Defaults,
) -> (Arc<SledStore>, Table) {
    timed_within(dir, clock, defaults, Minimums::LOCAL)
}

/// `new` (e.g. "new villa seed=3") opened in `CH` by user 1, joined by user 2 and
/// started, its first messages flushed: the two-player game many tests here begin with.
fn start_two(table: &Table, new: &str) {
    run(table, CH, 1, new);
    run(table, CH, 2, "join");
    run(table, CH, 1, "start");
    flush(table, CH);
}

fn timed_within(
    dir: &std::path::Path,
    clock: &Arc<ManualClock>,
    defaults: Defaults,
    minimums: Minimums,
) -> (Arc<SledStore>, Table) {
    let store = Arc::new(SledStore::open(dir).unwrap());
    let table = Table::with_options(
        store.clone(),
        TableOptions {
            clock: clock.clone(),
            defaults,
            minimums,
            // Stand-in moves are searched at once, on a tiny budget.
            thinker: table::Thinker::inline().capped(16, 8),
            ..TableOptions::default()
        },
    );
    (store, table)
}

fn defaults(remind_min: u64, every_min: u64, timeout_min: u64, policy: TimeoutPolicy) -> Defaults {
    Defaults {
        remind_after: remind_min * 60,
        remind_every: every_min * 60,
        timeout_after: timeout_min * 60,
        on_timeout: policy,
    }
}

/// Fires what is due and returns the deliveries it stored (and marks them sent).
fn fire(table: &Table, channel: u64) -> Vec<Delivery> {
    table.fire_due_timers();
    let sent: Vec<Delivery> = table
        .pending_in(channel)
        .into_iter()
        .map(|p| p.delivery)
        .collect();
    for d in &sent {
        if let Some(id) = d.outbox() {
            table.delivered(id);
        }
    }
    sent
}

/// Marks everything pending as sent (what the adapter does after a command).
fn flush(table: &Table, channel: u64) {
    for p in table.pending_in(channel) {
        if let Some(id) = p.delivery.outbox() {
            table.delivered(id);
        }
    }
}

fn mentions(d: &[Delivery]) -> Vec<u64> {
    d.iter()
        .flat_map(|d| match d {
            Delivery::Channel { mentions, .. } => mentions.clone(),
            _ => vec![],
        })
        .collect()
}

fn dms_to(d: &[Delivery], user: u64) -> Vec<String> {
    d.iter()
        .filter_map(|d| match d {
            Delivery::Private { user: u, text, .. } if *u == user => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// Private news in `d`: new DMs, and the "Latest:" lines of live hands.
fn private_news(d: &[Delivery]) -> Vec<(u64, String)> {
    d.iter()
        .flat_map(|d| match d {
            Delivery::Private { user, text, .. } => vec![(*user, text.clone())],
            Delivery::Hand { user, news, .. } => news.iter().map(|n| (*user, n.clone())).collect(),
            _ => vec![],
        })
        .collect()
}

/// Every seated user of a `players` table chooses `choice` (`ping`, `dm`, `quiet`).
fn choose(table: &Table, players: u64, choice: &str) {
    for u in 1..=players {
        run(table, CH, u, &format!("notify {choice}"));
    }
}

#[test]
fn reminders_come_after_the_delay_repeat_and_restart_with_each_move() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = timed(
        dir.path(),
        &clock,
        defaults(60, 120, 0, TimeoutPolicy::Auto),
    );
    choose(&table, 2, "dm");
    started(&table, CH, 2, 1);
    flush(&table, CH);
    let awaited = table.prompts(CH)[0].user;
    clock.advance(59 * MIN);
    assert!(fire(&table, CH).is_empty(), "not yet");
    clock.advance(MIN);
    let d = fire(&table, CH);
    assert_eq!(mentions(&d), vec![awaited], "{d:?}");
    assert!(
        channel_texts(&d)[0].starts_with("⏰ Reminder: **Countdown (test game)** is waiting for")
    );
    assert!(matches!(
        &d[0],
        Delivery::Channel {
            link_turn: true,
            ..
        }
    ));
    assert_eq!(dms_to(&d, awaited).len(), 1);
    assert!(fire(&table, CH).is_empty(), "fires once");
    clock.advance(119 * MIN);
    assert!(fire(&table, CH).is_empty());
    clock.advance(MIN);
    assert_eq!(
        mentions(&fire(&table, CH)),
        vec![awaited],
        "repeats every 2 h"
    );
    // A move restarts the clock: nothing an hour after the old reminder was due.
    let (u, a) = next_move(&table, CH, 2).unwrap();
    run(&table, CH, u, &a);
    flush(&table, CH);
    clock.advance(59 * MIN);
    assert!(fire(&table, CH).is_empty());
    clock.advance(MIN);
    assert_eq!(mentions(&fire(&table, CH)).len(), 1);
}

#[test]
fn a_timer_never_fires_for_a_move_the_game_has_left() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (store, table) = timed(dir.path(), &clock, defaults(60, 0, 90, TimeoutPolicy::Auto));
    started(&table, CH, 2, 1);
    flush(&table, CH);
    let version = table.state_version(CH).unwrap();
    // A timer left from an earlier version (as if the move and a timer crossed).
    let stale = Timer {
        kind: TimerKind::Timeout,
        due_ms: START,
        game_id: version.game_id,
        version: version.version + 7,
        count: 0,
        held_up: false,
    };
    store
        .set_timers(
            CH,
            &[TimerChange {
                kind: TimerKind::Timeout,
                timer: Some(stale),
            }],
        )
        .unwrap();
    assert!(fire(&table, CH).is_empty(), "a stale timer does nothing");
    assert_eq!(table.state_version(CH), Some(version));
    assert_eq!(
        store.timer(CH, TimerKind::Timeout).unwrap(),
        None,
        "and is gone"
    );
    // The natural case: a move before the reminder replaces it.
    let (u, a) = next_move(&table, CH, 2).unwrap();
    clock.advance(59 * MIN);
    run(&table, CH, u, &a);
    flush(&table, CH);
    clock.advance(2 * MIN);
    assert!(
        fire(&table, CH).is_empty(),
        "the old reminder went with the move"
    );
    // Abandoning cancels every timer.
    run(&table, CH, 1, "abandon");
    assert_eq!(table.next_timer_due(), None);
}

#[test]
fn timers_survive_a_restart_and_fire_exactly_once() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    {
        let (_store, table) = timed(
            dir.path(),
            &clock,
            defaults(60, 0, 120, TimeoutPolicy::Auto),
        );
        choose(&table, 2, "dm");
        started(&table, CH, 2, 4);
        flush(&table, CH);
    }
    clock.advance(61 * MIN);
    let awaited;
    {
        let (_store, table) = timed(
            dir.path(),
            &clock,
            defaults(60, 0, 120, TimeoutPolicy::Auto),
        );
        awaited = table.prompts(CH)[0].user;
        let d = fire(&table, CH);
        assert_eq!(mentions(&d), vec![awaited], "re-armed after the restart");
    }
    {
        let (_store, table) = timed(
            dir.path(),
            &clock,
            defaults(60, 0, 120, TimeoutPolicy::Auto),
        );
        assert!(
            fire(&table, CH).is_empty(),
            "not again after another restart"
        );
        let version = table.state_version(CH).unwrap();
        clock.advance(60 * MIN);
        let d = fire(&table, CH);
        assert!(
            channel_texts(&d)
                .iter()
                .any(|t| t.contains("ran out of time, so I moved for them")),
            "{d:?}"
        );
        assert!(dms_to(&d, awaited)[0].starts_with("⏱️ Your time ran out, so I played **"));
        assert_eq!(
            table.state_version(CH).unwrap().version,
            version.version + 1
        );
    }
    let (_store, table) = timed(
        dir.path(),
        &clock,
        defaults(60, 0, 120, TimeoutPolicy::Auto),
    );
    let version = table.state_version(CH).unwrap();
    assert!(fire(&table, CH).is_empty());
    assert_eq!(
        table.state_version(CH),
        Some(version),
        "the timeout moved once"
    );
}

/// A seat awaited when a timeout fired, and the moves the rules make for it when absent.
struct Absentee {
    seat: usize,
    auto: Option<String>,
    pass: Option<String>,
}

/// What a first timeout did.
struct Timeout {
    table: Table,
    clock: Arc<ManualClock>,
    store: Arc<SledStore>,
    /// What it sent.
    sent: Vec<Delivery>,
    /// The state's version before.
    before: u64,
    game_id: u64,
    /// Log entries before.
    logged: usize,
    /// Who it was waiting for.
    awaited: Vec<Absentee>,
    /// The game as it stood before the timeout.
    game_before: Box<dyn rules::DynGame>,
}

impl Timeout {
    /// The moves logged since, as (seat, action text).
    fn moves(&self) -> Vec<(usize, String)> {
        self.store.log(self.game_id).unwrap()[self.logged..]
            .iter()
            .map(|e| (e.seat, e.text.clone()))
            .collect()
    }
}

/// The game running in `channel`, as stored, with its id.
fn stored_game(store: &SledStore, channel: u64) -> (u64, Box<dyn rules::DynGame>) {
    match store.load(channel).unwrap() {
        storage::Loaded::Found(r) => (r.meta.game_id, table::restore_record(&r).unwrap().unwrap()),
        other => panic!("no game: {other:?}"),
    }
}

/// The shortest run of moves (at most three, found on copies of `game`) after which a
/// single seat is awaited and may pass.
fn moves_to_a_pass(game: &dyn rules::DynGame, names: &[String]) -> Option<Vec<(usize, String)>> {
    let mut frontier = vec![(game.box_clone(), Vec::new())];
    let mut tried = 0;
    for _ in 0..3 {
        let mut next = Vec::new();
        for (g, path) in frontier {
            let Some(&seat) = g.awaiting().first() else {
                continue;
            };
            for line in g.legal_texts(seat).into_iter().take(60) {
                tried += 1;
                if tried > 3_000 {
                    return None;
                }
                let mut after = g.box_clone();
                if after.apply_text(seat, &line, names).is_err() {
                    continue;
                }
                let mut path: Vec<(usize, String)> = path.clone();
                path.push((seat, line));
                match after.awaiting()[..] {
                    [s] if after.absent_text(s, Absent::Pass).is_some() => return Some(path),
                    _ => next.push((after, path)),
                }
            }
        }
        frontier = next;
    }
    None
}

/// Starts `game` for `players` users with `policy` after 10 minutes (with `to_a_pass`,
/// then plays on to where the awaited seat may pass), then lets the first timeout fire.
/// `None` when no pass was found near the start.
fn first_timeout(
    dir: &std::path::Path,
    game: &str,
    players: u64,
    policy: TimeoutPolicy,
    seed: u64,
    to_a_pass: bool,
) -> Option<Timeout> {
    let clock = Arc::new(ManualClock::new(START));
    let (store, table) = timed(dir, &clock, defaults(0, 0, 10, policy));
    run(&table, CH, 1, &format!("new {game} seed={seed}"));
    for u in 2..=players {
        run(&table, CH, u, "join");
    }
    run(&table, CH, 1, "start");
    // A phase everyone plays at once (The Princes' first choice): all but one move, so
    // one player holds it up.
    while table.prompts(CH).len() > 1 {
        let p = table.prompts(CH).remove(0);
        let a = table.legal_actions(CH, p.user)[0].clone();
        run(&table, CH, p.user, &a);
    }
    let users: Vec<u64> = table.seats(CH).iter().map(|s| s.user).collect();
    if to_a_pass {
        let names: Vec<String> = table.seats(CH).iter().map(|s| s.name.clone()).collect();
        let (_, g) = stored_game(&store, CH);
        for (seat, line) in moves_to_a_pass(g.as_ref(), &names)? {
            run(&table, CH, users[seat], &line);
        }
    }
    flush(&table, CH);
    let (game_id, g) = stored_game(&store, CH);
    let awaited = table
        .prompts(CH)
        .iter()
        .map(|p| Absentee {
            seat: p.seat,
            auto: g.absent_text(p.seat, Absent::Auto),
            pass: g.absent_text(p.seat, Absent::Pass),
        })
        .collect();
    let logged = store.log(game_id).unwrap().len();
    let before = table.state_version(CH).unwrap().version;
    clock.advance(10 * MIN);
    let sent = fire(&table, CH);
    Some(Timeout {
        table,
        clock,
        store,
        sent,
        before,
        game_id,
        logged,
        awaited,
        game_before: g,
    })
}

#[test]
fn default_and_skip_move_for_the_absent_player_in_every_game() {
    for game in ["palazzo", "villa", "estates", "princes"] {
        let min = rules::catalog::find(game).unwrap().players.0 as u64;
        for to_a_pass in [false, true] {
            for policy in [TimeoutPolicy::Default, TimeoutPolicy::Skip] {
                let dir = tempfile::tempdir().unwrap();
                let Some(t) = first_timeout(dir.path(), game, min, policy, 3, to_a_pass) else {
                    // Villa's passes (allowing an objection) are further than three moves.
                    assert_eq!(game, "villa", "{game}: no pass near the start");
                    continue;
                };
                let case = format!("{game} {policy:?} to a pass: {to_a_pass}");
                let d = &t.sent;
                let texts = channel_texts(d);
                // Told privately, in the live hand (Villa Paletti hides nothing and has
                // none: its channel message says it).
                let news = private_news(d);
                let dms: Vec<&str> = news.iter().map(|(_, t)| t.as_str()).collect();
                let hands = game != "villa";
                assert!(
                    !hands
                        || dms
                            .iter()
                            .any(|t| t.starts_with("⏱️ Your time ran out, so I played")),
                    "{case}: {d:?}"
                );
                let moved = t
                    .table
                    .state_version(CH)
                    .is_none_or(|v| v.version > t.before);
                assert!(moved, "{case}: no move was made");
                assert!(
                    texts.iter().any(|t| t.contains("ran out of time")) || texts.is_empty(),
                    "{case}: {texts:?}"
                );
                // The move made for each awaited seat: skip's is the pass where the seat
                // had one, else (and always under default) the game's fixed move.
                let moves = t.moves();
                assert_eq!(t.awaited.len(), 1, "{case}");
                for a in &t.awaited {
                    if to_a_pass {
                        assert!(a.pass.is_some(), "{case}: the seat may pass");
                    }
                    let expected = match policy {
                        TimeoutPolicy::Skip => a.pass.clone().or(a.auto.clone()),
                        _ => a.auto.clone(),
                    };
                    let made = moves.iter().find(|(s, _)| *s == a.seat).map(|m| &m.1);
                    assert_eq!(made, expected.as_ref(), "{case}: the move made");
                    let told = format!("I played **{}**", expected.unwrap());
                    assert!(
                        !hands || dms.iter().any(|t| t.contains(&told)),
                        "{case}: {dms:?}"
                    );
                }
                assert_no_leak(game, 0, d);
            }
        }
    }
}

#[test]
fn drop_lets_the_bot_play_the_seat_or_abandons_a_short_table() {
    for game in ["palazzo", "villa", "estates", "princes"] {
        let (min, max) = rules::catalog::find(game).unwrap().players;
        // At the minimum: the game cannot go on.
        let dir = tempfile::tempdir().unwrap();
        let t = first_timeout(dir.path(), game, min as u64, TimeoutPolicy::Drop, 5, false).unwrap();
        let (table, d) = (t.table, t.sent);
        let texts = channel_texts(&d);
        assert!(
            texts
                .iter()
                .any(|t| t.contains("so the game ends here, abandoned")),
            "{game}: {texts:?}"
        );
        assert_eq!(table.state_version(CH), None, "{game}: the channel is free");
        // One more player: the game goes on, the bot playing the leaver's seat.
        if max > min {
            let dir = tempfile::tempdir().unwrap();
            let t = first_timeout(
                dir.path(),
                game,
                min as u64 + 1,
                TimeoutPolicy::Drop,
                5,
                false,
            )
            .unwrap();
            let (clock, table, d) = (t.clock, t.table, t.sent);
            let texts = channel_texts(&d);
            assert!(
                texts
                    .iter()
                    .any(|t| t.contains("ran out of time and left the game")),
                "{game}: {texts:?}"
            );
            // Told in the live hand, or (Villa Paletti has none) by the channel alone.
            let mut left: Vec<u64> = private_news(&d)
                .into_iter()
                .filter(|(_, t)| t.contains("you have left"))
                .map(|(u, _)| u)
                .collect();
            if game == "villa" {
                left = t
                    .awaited
                    .iter()
                    .map(|a| table.seats(CH)[a.seat].user)
                    .collect();
            }
            assert!(!left.is_empty(), "{game}");
            assert_no_leak(game, 0, &d);
            // Whoever left is never awaited, pinged or allowed to move again.
            for _ in 0..3 {
                for p in table.prompts(CH) {
                    assert!(!left.contains(&p.user), "{game}: a leaver is prompted");
                }
                let Some((u, a)) = next_move(&table, CH, min as u64 + 1) else {
                    break;
                };
                if left.contains(&u) {
                    let refusal = ephemeral(&run(&table, CH, u, &a));
                    assert!(refusal.contains("You left this game"), "{refusal}");
                    break;
                }
                let d = run(&table, CH, u, &a);
                assert!(!mentions(&d).iter().any(|m| left.contains(m)), "{game}");
                flush(&table, CH);
            }
            clock.advance(MIN);
        }
    }
}

#[test]
fn games_driven_only_by_timeouts_always_end_and_tell_no_secret() {
    for game in ["palazzo", "villa", "estates", "princes", "countdown"] {
        let players = rules::catalog::find(game).unwrap().players.0 as u64 + 1;
        for seed in 0..3 {
            let dir = tempfile::tempdir().unwrap();
            let clock = Arc::new(ManualClock::new(START));
            // The fixed moves (a whole game of searches would be slow).
            let (store, table) = timed(
                dir.path(),
                &clock,
                defaults(0, 0, 10, TimeoutPolicy::Default),
            );
            run(&table, CH, 1, &format!("new {game} seed={seed}"));
            for u in 2..=players {
                run(&table, CH, u, "join");
            }
            let mut all = run(&table, CH, 1, "start");
            flush(&table, CH);
            let mut fired = 0;
            while table.state_version(CH).is_some() {
                clock.advance(10 * MIN);
                let sent = fire(&table, CH);
                // A timeout settles every decision of the turn, told in one message.
                assert!(
                    channel_texts(&sent).len() <= 1,
                    "{game} seed {seed}: {:?}",
                    channel_texts(&sent)
                );
                all.extend(sent);
                fired += 1;
                assert!(fired < 5_000, "{game} seed {seed} did not end");
            }
            let archived = store.archived(CH).unwrap();
            assert!(
                archived[0].outcome.is_some(),
                "{game} seed {seed}: finished"
            );
            assert_no_leak(game, seed, &all);
            assert_eq!(table.next_timer_due(), None, "no timer outlives the game");
        }
    }
}

#[test]
fn settings_are_the_hosts_and_restart_the_clocks() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = timed(dir.path(), &clock, Defaults::default());
    started(&table, CH, 2, 1);
    flush(&table, CH);
    let shown = ephemeral(&run(&table, CH, 2, "settings"));
    assert!(
        shown.contains("Remind after: **12h** (server default)"),
        "{shown}"
    );
    let refusal = ephemeral(&run(&table, CH, 2, "settings timeout=1h"));
    assert!(refusal.contains("Only the host (ana)"), "{refusal}");
    let refusal = ephemeral(&run(&table, CH, 1, "settings timeout=soon"));
    assert!(refusal.contains("“soon” is not a duration"), "{refusal}");
    let refusal = ephemeral(&run(&table, CH, 1, "settings colour=red"));
    assert!(refusal.contains("no setting “colour”"), "{refusal}");
    // Turning a timeout on in a game under way takes Manage Channel (or every player's
    // approval: see the approval tests below).
    let host = Caller {
        can_manage_channel: true,
        ..caller(1)
    };
    let d = table.handle(
        CH,
        &host,
        Command::parse("settings remind=off timeout=30m policy=skip"),
    );
    assert!(channel_texts(&d)[0].contains("ana changed this table's timing"));
    assert!(channel_texts(&d)[0].contains("Time out after: **30m**"));
    flush(&table, CH);
    clock.advance(29 * MIN);
    assert!(fire(&table, CH).is_empty());
    clock.advance(MIN);
    assert!(
        !fire(&table, CH).is_empty(),
        "timed out under the new setting"
    );
}

#[test]
fn nudges_ping_the_awaited_at_most_once_an_hour() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = timed(dir.path(), &clock, Defaults::default());
    started(&table, CH, 3, 1);
    let awaited = table.prompts(CH)[0].user;
    let other = (1..=3).find(|u| *u != awaited).unwrap();
    assert!(ephemeral(&run(&table, CH, awaited, "nudge")).contains("waiting only for you"));
    assert!(ephemeral(&run(&table, CH, 9, "nudge")).contains("Only a player seated"));
    let d = run(&table, CH, other, "nudge");
    assert_eq!(mentions(&d), vec![awaited]);
    assert!(channel_texts(&d)[0].contains("nudges"));
    clock.advance(59 * MIN);
    let refusal = ephemeral(&run(&table, CH, other, "nudge"));
    assert!(
        refusal.contains("once an hour, so the next one is possible in 1 min"),
        "{refusal}"
    );
    clock.advance(MIN);
    assert_eq!(mentions(&run(&table, CH, other, "nudge")), vec![awaited]);
}

#[test]
fn my_games_list_where_i_am_awaited_first_and_stats_count_finished_games() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = timed(dir.path(), &clock, Defaults::default());
    let at = |user: u64| caller(user).in_guild(5);
    // Two games on server 5, one elsewhere.
    for (channel, guild) in [(201, 5), (202, 5), (203, 6)] {
        let c = |u: u64| caller(u).in_guild(guild);
        table.handle(channel, &c(1), Command::parse("new countdown seed=2"));
        table.handle(channel, &c(2), Command::Join);
        table.handle(channel, &c(1), Command::Start);
        clock.advance(MIN);
    }
    let mine = table.games_of(1, Some(5));
    assert_eq!(mine.len(), 2);
    assert!(mine.iter().all(|g| g.guild == 5));
    assert_eq!(table.games_of(1, None).len(), 3, "from a DM: every server");
    let text = ephemeral(&table.handle(201, &at(1), Command::Mine));
    assert!(text.starts_with("**Your games on this server**"), "{text}");
    assert!(text.contains("<#201>") && text.contains("<#202>") && !text.contains("<#203>"));
    let nothing = ephemeral(&table.handle(201, &at(9), Command::Mine));
    assert!(nothing.contains("not seated at any game"));
    // Finish channel 201's game: stats on server 5 only.
    while let Some((u, a)) = next_move(&table, 201, 2) {
        table.handle(201, &at(u), Command::Play(a));
    }
    assert_eq!(table.games_of(1, Some(5)).len(), 1);
    let stats = ephemeral(&table.handle(201, &at(1), Command::parse("stats")));
    assert!(stats.contains("Played: 1"), "{stats}");
    let other = ephemeral(&table.handle(203, &caller(1).in_guild(6), Command::parse("stats")));
    assert!(other.contains("has not finished a game"), "{other}");
    let board = ephemeral(&table.handle(201, &at(2), Command::parse("leaderboard countdown")));
    assert!(
        board.starts_with("🏆 **Leaderboard — Countdown (test game)**"),
        "{board}"
    );
    assert!(board.contains("1. "), "{board}");
    let refusal = ephemeral(&table.handle(201, &at(2), Command::parse("leaderboard chess")));
    assert!(refusal.contains("no game called “chess”"));
}

#[test]
fn the_last_player_of_a_phase_is_told_everyone_else_has_moved() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = timed(dir.path(), &clock, defaults(60, 0, 0, TimeoutPolicy::Auto));
    choose(&table, 3, "dm");
    // The Princes of Florence opens with a choice everyone makes at once.
    run(&table, CH, 1, "new princes seed=1");
    for u in 2..=3 {
        run(&table, CH, u, "join");
    }
    run(&table, CH, 1, "start");
    assert_eq!(table.prompts(CH).len(), 3);
    while table.prompts(CH).len() > 1 {
        let p = table.prompts(CH).remove(0);
        let a = table.legal_actions(CH, p.user)[0].clone();
        run(&table, CH, p.user, &a);
    }
    flush(&table, CH);
    let last = table.prompts(CH)[0].user;
    clock.advance(60 * MIN);
    let d = fire(&table, CH);
    assert_eq!(mentions(&d), vec![last]);
    assert!(
        channel_texts(&d)[0].contains("everyone else has moved — we are waiting for you"),
        "{d:?}"
    );
    assert!(dms_to(&d, last)[0].starts_with("⏰ Everyone else has moved"));
}

/// The Approve/Refuse buttons a request for approval carries, and whom it pings.
fn approval_asked(d: &[Delivery]) -> (Approval, Vec<u64>, String) {
    d.iter()
        .find_map(|d| match d {
            Delivery::Channel {
                approval: Some(a),
                mentions,
                text,
                ..
            } => Some((*a, mentions.clone(), text.clone())),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no request for approval in {d:?}"))
}

fn vote(table: &Table, user: u64, on: Approval, approve: bool) -> Vec<Delivery> {
    table.handle(CH, &caller(user), Command::Vote { on, approve })
}

#[test]
fn discord_minimums_refuse_short_timing_and_raise_what_was_stored() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    {
        let (_store, table) =
            timed_within(dir.path(), &clock, Defaults::default(), Minimums::default());
        run(&table, CH, 1, "new countdown seed=1");
        run(&table, CH, 2, "join");
        let refusal = ephemeral(&run(&table, CH, 1, "settings remind=10s"));
        assert_eq!(
            refusal,
            "Remind after must be at least 15m (or off): that is the shortest this bot allows, so “10s” is too short."
        );
        let refusal = ephemeral(&run(&table, CH, 1, "settings every=10m"));
        assert!(
            refusal.starts_with("Repeat every must be at least 15m (or off)"),
            "{refusal}"
        );
        let refusal = ephemeral(&run(&table, CH, 1, "settings timeout=30m policy=drop"));
        assert!(
            refusal.starts_with("Time out after must be at least 1h (or off)"),
            "{refusal}"
        );
        let shown = ephemeral(&run(&table, CH, 1, "settings"));
        assert!(
            shown.contains("Remind after: **12h** (server default)")
                && shown.contains(
                    "On timeout: **auto — the bot plays their turn as well as it can** (server default)"
                ),
            "nothing of a refused change is kept: {shown}"
        );
        let d = run(&table, CH, 1, "settings remind=15m timeout=1h");
        assert!(
            channel_texts(&d)[0].contains("Time out after: **1h**"),
            "{d:?}"
        );
    }
    // A table an older build let set 10 s reminders: under the minimums they come every
    // 15 minutes (the one already stored still falls due when it was set for).
    let other = CH + 1;
    {
        let (_store, table) = timed(dir.path(), &clock, Defaults::default());
        run(&table, other, 1, "new countdown seed=1");
        run(&table, other, 2, "join");
        run(&table, other, 1, "settings remind=10s every=10s");
        run(&table, other, 1, "start");
        flush(&table, other);
    }
    let (_store, table) = timed_within(dir.path(), &clock, Defaults::default(), Minimums::DISCORD);
    let shown = ephemeral(&run(&table, other, 1, "settings"));
    assert!(shown.contains("Remind after: **15m**\n"), "{shown}");
    clock.advance(10_000);
    assert_eq!(
        mentions(&fire(&table, other)).len(),
        1,
        "the stored reminder"
    );
    for _ in 0..89 {
        clock.advance(10_000);
        assert!(fire(&table, other).is_empty(), "no reminder every 10 s");
    }
    clock.advance(10_000);
    assert_eq!(mentions(&fire(&table, other)).len(), 1, "15 minutes later");
}

#[test]
fn shorter_clocks_in_a_running_game_apply_once_every_player_approved() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let on;
    {
        let (_store, table) = timed(dir.path(), &clock, defaults(0, 0, 0, TimeoutPolicy::Auto));
        started(&table, CH, 3, 1);
        flush(&table, CH);
        // Turning the timeout on makes the clocks run out sooner: the host only asks.
        let d = run(&table, CH, 1, "settings timeout=2h policy=drop");
        let (asked, pinged, text) = approval_asked(&d);
        on = asked;
        assert_eq!(pinged, vec![2, 3]);
        assert!(
            text.starts_with("⚙️ ana proposes this timing for the table:")
                && text.contains("Time out after: **2h**")
                && text.contains("every other player has approved it (bruno, carla)"),
            "{text}"
        );
        assert!(
            d.iter().any(|d| matches!(d, Delivery::Ephemeral { text, .. }
                if text.starts_with("Your change makes the clocks of a game under way run out sooner"))),
            "{d:?}"
        );
        assert!(d[0].outbox().is_some(), "the request is stored to be sent");
        let shown = ephemeral(&run(&table, CH, 2, "settings"));
        assert!(
            shown.contains("Time out after: **off** (server default)")
                && shown.contains("Waiting for approval: ana's change to shorter clocks, still to be approved by bruno, carla"),
            "{shown}"
        );
        assert!(ephemeral(&vote(&table, 1, on, true)).contains("You proposed this change"));
        assert!(
            ephemeral(&vote(&table, 9, on, true)).contains("Only the players still at this table")
        );
        let half = ephemeral(&vote(&table, 2, on, true));
        assert_eq!(
            half,
            "You approved ana's timing change; it now waits for carla."
        );
        assert_eq!(
            ephemeral(&vote(&table, 2, on, true)),
            half,
            "once is enough"
        );
        flush(&table, CH);
        clock.advance(3 * 3_600_000);
        assert!(fire(&table, CH).is_empty(), "not in force yet");
    }
    // After a restart the proposal and bruno's approval are still there.
    let (_store, table) = timed(dir.path(), &clock, defaults(0, 0, 0, TimeoutPolicy::Auto));
    let d = vote(&table, 3, on, true);
    let texts = channel_texts(&d);
    assert!(
        texts[0].starts_with("⚙️ Every player approved ana's timing change, so it applies now:")
            && texts[0].contains("Time out after: **2h**")
            && texts[0].contains("On timeout: **drop"),
        "{d:?}"
    );
    assert!(ephemeral(&vote(&table, 2, on, false)).contains("no longer open"));
    flush(&table, CH);
    // The clocks restart from the last move: it was more than 2 h ago.
    let d = fire(&table, CH);
    assert!(
        channel_texts(&d)
            .iter()
            .any(|t| t.contains("ran out of time and left")),
        "{d:?}"
    );
}

#[test]
fn a_refusal_a_day_or_another_change_cancels_a_proposal() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = timed(dir.path(), &clock, Defaults::default());
    started(&table, CH, 3, 1);
    let shown = |table: &Table| ephemeral(&run(table, CH, 2, "settings"));
    // One refusal cancels it, for everyone.
    let (first, _, _) = approval_asked(&run(&table, CH, 1, "settings remind=1h"));
    assert!(ephemeral(&vote(&table, 3, first, true)).contains("waits for bruno"));
    let d = vote(&table, 2, first, false);
    assert_eq!(
        channel_texts(&d),
        vec!["⚙️ bruno refused ana's timing change, so nothing changed."]
    );
    assert!(ephemeral(&vote(&table, 3, first, true)).contains("no longer open"));
    assert!(shown(&table).contains("Remind after: **12h** (server default)"));
    assert!(!shown(&table).contains("Waiting for approval"));
    // A day without every approval: lapsed.
    let (second, _, _) = approval_asked(&run(&table, CH, 1, "settings remind=1h"));
    assert_ne!(second, first);
    clock.advance(table::PROPOSAL_LIFETIME_MS);
    assert!(!shown(&table).contains("Waiting for approval"));
    let lapsed = ephemeral(&vote(&table, 2, second, true));
    assert!(lapsed.starts_with("That timing change lapsed"), "{lapsed}");
    assert!(ephemeral(&vote(&table, 3, second, true)).contains("no longer open"));
    // A newer proposal replaces an older one.
    let (older, _, _) = approval_asked(&run(&table, CH, 1, "settings remind=2h"));
    let (newer, _, _) = approval_asked(&run(&table, CH, 1, "settings remind=1h"));
    assert!(ephemeral(&vote(&table, 2, older, true)).contains("no longer open"));
    // Longer clocks apply at once, and void what was proposed over the old settings.
    let d = run(&table, CH, 1, "settings every=48h");
    assert!(
        channel_texts(&d)[0].starts_with("⚙️ ana changed this table's timing:"),
        "{d:?}"
    );
    let void = ephemeral(&vote(&table, 2, newer, true));
    assert!(void.contains("was changed after that proposal"), "{void}");
    assert!(shown(&table).contains("Remind after: **12h** (server default)"));
    // Someone with Manage Channel shortens at once.
    let moderator = Caller {
        can_manage_channel: true,
        ..Caller::new(9, "mod")
    };
    let d = table.handle(CH, &moderator, Command::parse("settings remind=1h"));
    assert!(channel_texts(&d)[0].starts_with("⚙️ mod changed this table's timing:"));
    // In the lobby nothing needs approving.
    let lobby = CH + 1;
    run(&table, lobby, 1, "new countdown");
    run(&table, lobby, 2, "join");
    let d = run(&table, lobby, 1, "settings timeout=1h");
    assert!(
        channel_texts(&d)[0].contains("Time out after: **1h**"),
        "{d:?}"
    );
}

#[test]
fn a_timeout_settling_several_decisions_posts_one_message() {
    // Villa Paletti's turn is two decisions (take a column, then place it); The Princes
    // opens with a choice all players make at once.
    let mut several = 0;
    for (game, players) in [("villa", 2), ("princes", 3), ("palazzo", 2), ("estates", 2)] {
        for seed in 0..3 {
            let dir = tempfile::tempdir().unwrap();
            let clock = Arc::new(ManualClock::new(START));
            let (store, table) = timed(dir.path(), &clock, defaults(0, 0, 10, TimeoutPolicy::Auto));
            run(&table, CH, 1, &format!("new {game} seed={seed}"));
            for u in 2..=players {
                run(&table, CH, u, "join");
            }
            run(&table, CH, 1, "start");
            flush(&table, CH);
            let game_id = table.state_version(CH).unwrap().game_id;
            let logged = store.log(game_id).unwrap().len();
            clock.advance(10 * MIN);
            let sent = fire(&table, CH);
            let log = store.log(game_id).unwrap();
            let moves = log.len() - logged;
            assert!(moves >= 1, "{game} seed {seed}: the timeout moved");
            assert_eq!(
                channel_texts(&sent).len(),
                1,
                "{game} seed {seed}: {sent:?}"
            );
            if moves > 1 {
                several += 1;
                let mut seats: Vec<usize> = log[logged..].iter().map(|e| e.seat).collect();
                seats.sort_unstable();
                seats.dedup();
                let text = &channel_texts(&sent)[0];
                assert_eq!(
                    text.matches("ran out of time, so I moved for them").count(),
                    seats.len(),
                    "{game}: one headline per player: {text}"
                );
            }
        }
    }
    assert!(several > 0, "no timeout settled several decisions");
}

#[test]
fn notify_choices_shape_turn_pings_dms_and_reminders() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = timed(dir.path(), &clock, defaults(60, 0, 0, TimeoutPolicy::Auto));
    // ana keeps the default (ping), bruno chooses dm, carla quiet.
    assert!(ephemeral(&run(&table, CH, 1, "notify")).contains("(`ping`)"));
    assert!(ephemeral(&run(&table, CH, 2, "notify dm")).contains("(`dm`)"));
    assert!(ephemeral(&run(&table, CH, 3, "notify quiet")).contains("(`quiet`)"));
    assert!(ephemeral(&run(&table, CH, 3, "notify")).contains("(`quiet`)"));
    assert!(ephemeral(&run(&table, CH, 3, "notify loud")).contains("not a choice"));
    let mut d = started(&table, CH, 3, 2);
    let mut turns = [0usize; 4];
    for _ in 0..12 {
        let Some(awaited) = table.prompts(CH).first().map(|p| p.user) else {
            break;
        };
        let turn_messages: Vec<Vec<u64>> = d
            .iter()
            .filter_map(|d| match d {
                Delivery::Channel {
                    mentions, prompts, ..
                } if !prompts.is_empty() => Some(mentions.clone()),
                _ => None,
            })
            .collect();
        let turn_mentions: Vec<u64> = turn_messages.concat();
        let turn_dms: Vec<u64> = private_news(&d)
            .into_iter()
            .filter(|(_, t)| t.starts_with("🎲 It is your move."))
            .map(|(u, _)| u)
            .collect();
        // Pinged in the channel unless quiet; a DM when the turn begins if dm.
        let begun = !turn_messages.is_empty();
        if begun {
            turns[awaited as usize] += 1;
            assert_eq!(turn_mentions.contains(&awaited), awaited != 3, "{d:?}");
            assert_eq!(
                turn_dms,
                if awaited == 2 { vec![2] } else { vec![] },
                "{d:?}"
            );
        }
        // A reminder mentions whoever is awaited, quiet too; DMs only who chose them.
        flush(&table, CH);
        clock.advance(60 * MIN);
        let r = fire(&table, CH);
        assert_eq!(mentions(&r), vec![awaited], "{r:?}");
        let reminder_dms: Vec<u64> = private_news(&r).into_iter().map(|(u, _)| u).collect();
        assert_eq!(reminder_dms, if awaited == 2 { vec![2] } else { vec![] });
        let (u, a) = next_move(&table, CH, 3).unwrap();
        d = run(&table, CH, u, &a);
    }
    assert!(turns[1] > 0 && turns[2] > 0 && turns[3] > 0, "{turns:?}");
}

/// A move nobody is told of (an Estates stash) leaves the awaited player's reminder and
/// timeout due when they were: a reminder's time does not tell that they stashed.
#[test]
fn a_stash_leaves_the_reminder_and_timeout_where_they_were() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (store, table) = timed(
        dir.path(),
        &clock,
        defaults(60, 60, 120, TimeoutPolicy::Skip),
    );
    start_two(&table, "new estates seed=5");
    let (user, legal) = (1..=2u64)
        .map(|u| (u, table.legal_actions(CH, u)))
        .find(|(_, l)| !l.is_empty())
        .unwrap();
    assert!(legal.iter().any(|l| l == "stash"), "{legal:?}");
    let timer = |kind| store.timer(CH, kind).unwrap().unwrap();
    let (remind, timeout) = (timer(TimerKind::Remind), timer(TimerKind::Timeout));
    clock.advance(10 * MIN);
    let out = run(&table, CH, user, "stash");
    assert!(channel_texts(&out).is_empty(), "a stash posts nothing");
    assert_eq!(timer(TimerKind::Remind).due_ms, remind.due_ms);
    assert_eq!(timer(TimerKind::Timeout).due_ms, timeout.due_ms);
    // The reminder comes when it would have without the stash, and pings the stasher.
    flush(&table, CH);
    clock.advance(50 * MIN);
    let reminded = fire(&table, CH);
    assert_eq!(mentions(&reminded), vec![user], "{reminded:?}");
}

// --- Bot seats --------------------------------------------------------------------

/// A table whose bots answer `delay_ms` after the move that makes their turn.
fn with_bots(
    dir: &std::path::Path,
    clock: &Arc<ManualClock>,
    delay_ms: u64,
) -> (Arc<SledStore>, Table) {
    let store = Arc::new(SledStore::open(dir).unwrap());
    let table = Table::with_options(
        store.clone(),
        TableOptions {
            clock: clock.clone(),
            minimums: Minimums::LOCAL,
            bot_delay_ms: delay_ms,
            ..TableOptions::default()
        },
    );
    (store, table)
}

/// Nothing ever goes to a bot: no DM, no live hand, no mention, no turn prompt.
fn assert_nothing_for_bots(d: &[Delivery]) {
    for d in d {
        assert!(
            !d.dm_user().is_some_and(storage::is_bot_user),
            "a DM to a bot: {d:?}"
        );
        if let Delivery::Channel {
            mentions, prompts, ..
        } = d
        {
            assert!(mentions.iter().all(|u| !storage::is_bot_user(*u)), "{d:?}");
            assert!(
                prompts.iter().all(|p| !storage::is_bot_user(p.user)),
                "{d:?}"
            );
        }
    }
}

/// A settings change in the middle of a bot chain (after a quiet move, before the told
/// one) keeps the chain's count: the chain's message still tells every move of it.
#[test]
fn a_settings_change_in_the_middle_of_a_bot_chain_leaves_no_move_untold() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (store, table) = with_bots(dir.path(), &clock, 0);
    run(&table, CH, 1, "new countdown bots=easy,easy seed=11");
    flush(&table, CH);
    let game_id = table.state_version(CH).unwrap().game_id;
    let mut checked = 0;
    for _ in 0..200 {
        if table.state_version(CH).is_none() {
            break;
        }
        if let Some(line) = table.legal_actions(CH, 1).first() {
            run(&table, CH, 1, line);
            flush(&table, CH);
            continue;
        }
        // A bot is awaited: its first move, then the settings change if that move was
        // quiet (the chain goes on), then the rest of the chain.
        let logged = store.log(game_id).unwrap().len();
        let mut told = channel_texts(&fire(&table, CH));
        let quiet = told.is_empty() && store.log(game_id).unwrap().len() > logged;
        if quiet {
            let settings = run(&table, CH, 1, "settings remind=2h");
            assert!(!channel_texts(&settings).is_empty(), "the change is posted");
            flush(&table, CH);
        }
        while told.is_empty() && table.state_version(CH).is_some() {
            told = channel_texts(&fire(&table, CH));
        }
        if quiet {
            let entries = store.log(game_id).unwrap();
            let text = told.join("\n");
            for line in &entries[logged].public {
                assert!(
                    text.contains(line.as_str()),
                    "the chain's first move `{line}` untold in {told:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 1, "no chain was cut by a settings change");
}

#[test]
fn bots_play_their_seats_as_stored_moves_and_each_chain_is_told_once() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (store, table) = with_bots(dir.path(), &clock, 1_500);
    let out = run(&table, CH, 1, "new countdown bots=easy,easy seed=11");
    // Names reach messages escaped (`\(`): compared here as Discord shows them.
    let texts: Vec<String> = channel_texts(&out)
        .iter()
        .map(|t| t.replace('\\', ""))
        .collect();
    assert!(
        texts[0].contains("Bot Lorenzo (easy), Bot Lucrezia (easy)"),
        "{texts:?}"
    );
    assert!(
        texts.iter().any(|t| t.contains("begins")),
        "started at once: {texts:?}"
    );
    assert_nothing_for_bots(&out);
    flush(&table, CH);
    let game_id = table.state_version(CH).unwrap().game_id;
    let mut chains = 0;
    for _ in 0..200 {
        if table.state_version(CH).is_none() {
            break;
        }
        let legal = table.legal_actions(CH, 1);
        if let Some(line) = legal.first() {
            let out = run(&table, CH, 1, line);
            assert_nothing_for_bots(&out);
            flush(&table, CH);
            continue;
        }
        // A bot is awaited: it thinks at once, the chain runs as one stored move per
        // timer, and the one channel message telling the whole chain waits for the pause.
        let start = table.now_ms();
        assert_eq!(
            table.next_timer_due(),
            Some(start),
            "the bot thinks at once"
        );
        let mut told = Vec::new();
        let mut moves = 0;
        while told.is_empty() {
            let before = table.state_version(CH);
            let out = fire(&table, CH);
            assert_nothing_for_bots(&out);
            told.extend(channel_texts(&out));
            if table.state_version(CH) != before {
                moves += 1;
                if told.is_empty() {
                    assert_eq!(
                        table.next_timer_due(),
                        Some(table.now_ms()),
                        "the chain goes on at once"
                    );
                }
                continue;
            }
            // The told move waits for the pause: nothing changes before it ends.
            let due = table.next_timer_due().expect("the told move is kept");
            assert_eq!(due, start + 1_500, "the pause before a bot answers");
            clock.advance(due - table.now_ms() - 1);
            assert!(fire(&table, CH).is_empty(), "not before the pause");
            assert_eq!(table.state_version(CH), before);
            clock.advance(1);
        }
        assert_eq!(table.now_ms(), start + 1_500, "told when the pause ends");
        assert_eq!(
            told.len(),
            1,
            "one message for a chain of {moves}: {told:?}"
        );
        let added = told[0].matches(" added ").count();
        assert!(added >= 1, "{told:?}");
        chains += 1;
    }
    assert!(table.state_version(CH).is_none(), "the game ended");
    assert!(chains >= 2, "{chains}");
    // Every move is in the log once; the archive marks the bots; the person's result
    // counts against the easy bots, not in the game's leaderboard.
    let log = store.log(game_id).unwrap();
    assert!(log.iter().any(|e| e.seat != 0) && log.iter().any(|e| e.seat == 0));
    let archived = store.archived(CH).unwrap();
    assert!(archived[0].meta.seats[1].bot.is_some());
    let vs = store.player_stats(0, Some("vs-easy"), 1).unwrap().unwrap();
    assert_eq!(vs.played, 1);
    assert!(store
        .player_stats(0, Some("countdown"), 1)
        .unwrap()
        .is_none());
    assert!(store.server_stats(0, Some("countdown")).unwrap().is_empty());
    assert!(store
        .server_stats(0, Some("vs-easy"))
        .unwrap()
        .iter()
        .all(|(u, _)| *u == 1));
    let stats = ephemeral(&run(&table, CH, 1, "stats"));
    assert!(stats.contains("with people only"), "{stats}");
    assert!(
        stats.contains(&format!("Against easy bots: {} won of 1", vs.won)),
        "{stats}"
    );
    assert!(!stats.contains("normal bots"), "{stats}");
}

/// A bot's move nobody is told of (an Estates stash) does not show in when its chain's
/// message comes: the bots think at once, each search here taking 100 ms of the table's
/// clock, and the message waits for the pause after the person's move, with or without
/// a silent move before it.
#[test]
fn a_bots_silent_move_does_not_delay_its_chains_message() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table = Table::with_options(
        store.clone(),
        TableOptions {
            clock: clock.clone(),
            minimums: Minimums::LOCAL,
            bot_delay_ms: 1_500,
            // Tiny searches: the bots stash now and then.
            thinker: table::Thinker::inline().capped(8, 4),
            ..TableOptions::default()
        },
    );
    run(&table, CH, 1, "new estates bots=easy,easy seed=7");
    flush(&table, CH);
    let game_id = table.state_version(CH).unwrap().game_id;
    // (the chain had a silent move, ms from the person's move to the chain's message)
    let mut chains: Vec<(bool, u64)> = Vec::new();
    for _ in 0..400 {
        let Some(before) = table.state_version(CH) else {
            break;
        };
        let legal = table.legal_actions(CH, 1);
        if !legal.is_empty() {
            // The person never stashes: their move is told.
            let line = legal.iter().find(|l| *l != "stash").unwrap_or(&legal[0]);
            run(&table, CH, 1, line);
            flush(&table, CH);
            continue;
        }
        let start = table.now_ms();
        let mut told = Vec::new();
        while told.is_empty() && table.state_version(CH).is_some() {
            // One search's time, then the timers due.
            clock.advance(100);
            told.extend(channel_texts(&fire(&table, CH)));
            assert!(table.now_ms() - start <= 10_000, "no message from the bots");
        }
        let log = store.log(game_id).unwrap();
        let chain = &log[before.version as usize..];
        let silent = chain.iter().any(|e| e.public.is_empty());
        chains.push((silent, table.now_ms() - start));
    }
    assert!(
        chains.iter().any(|(silent, _)| *silent) && chains.iter().any(|(silent, _)| !silent),
        "chains with and without a silent move: {chains:?}"
    );
    for (silent, after) in &chains {
        assert_eq!(
            *after, 1_500,
            "the chain's message (silent move: {silent}) comes at the pause's end"
        );
    }
}

#[test]
fn the_host_seats_and_unseats_bots_in_the_lobby() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = with_bots(dir.path(), &clock, 0);
    run(&table, CH, 1, "new countdown");
    assert!(ephemeral(&run(&table, CH, 2, "addbot")).contains("Only the host"));
    run(&table, CH, 2, "join");
    let out = run(&table, CH, 1, "addbot hard");
    let shown = |out: &[Delivery]| channel_texts(out)[0].replace('\\', "");
    assert!(shown(&out).contains("Bot Lorenzo (hard)"), "{out:?}");
    run(&table, CH, 1, "addbot easy");
    assert!(ephemeral(&run(&table, CH, 1, "addbot")).contains("full"));
    assert!(ephemeral(&run(&table, CH, 1, "removebot zorro"))
        .replace('\\', "")
        .contains("Bot Lorenzo (hard)"));
    let out = run(&table, CH, 1, "removebot lorenzo");
    assert!(
        shown(&out).contains("took Bot Lorenzo (hard)'s seat away"),
        "{out:?}"
    );
    let seats = table.seats(CH);
    assert_eq!(seats.len(), 3);
    assert_eq!(seats[2].bot, Some(table::BotLevel::Easy));
    // Started by the host, a bot's turn is a stored job: the game waits for no one.
    run(&table, CH, 1, "start");
    assert!(table
        .prompts(CH)
        .iter()
        .all(|p| !storage::is_bot_user(p.user)));
    assert!(ephemeral(&run(&table, CH, 1, "addbot")).contains("already started"));
}

#[test]
fn a_restart_in_the_middle_of_a_bot_chain_loses_and_doubles_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let game_id;
    {
        let (_store, table) = with_bots(dir.path(), &clock, 0);
        // Three bots after the person: every chain is at least three moves long.
        run(&table, CH, 1, "new countdown bots=easy,easy,easy seed=5");
        flush(&table, CH);
        game_id = table.state_version(CH).unwrap().game_id;
        let line = table.legal_actions(CH, 1)[0].clone();
        run(&table, CH, 1, &line);
        flush(&table, CH);
        // One bot move, then the process dies.
        assert!(
            fire(&table, CH).is_empty(),
            "the chain's first move says nothing yet"
        );
        assert_eq!(table.state_version(CH).unwrap().version, 2);
    }
    let (store, table) = with_bots(dir.path(), &clock, 0);
    let mut told = Vec::new();
    while table.legal_actions(CH, 1).is_empty() && table.state_version(CH).is_some() {
        told.extend(channel_texts(&fire(&table, CH)));
    }
    assert_eq!(told.len(), 1, "{told:?}");
    // The message tells all three bots' moves, the one before the restart too.
    let log = store.log(game_id).unwrap();
    let bots_moved: Vec<&storage::LogEntry> = log[1..].iter().take_while(|e| e.seat != 0).collect();
    assert!(bots_moved.len() >= 3, "{log:?}");
    for entry in &bots_moved {
        for line in &entry.public {
            assert!(
                told[0].contains(line.as_str()),
                "`{line}` missing from {told:?}"
            );
        }
    }
    assert_eq!(log.len() as u64, table.state_version(CH).unwrap().version);
}

/// At a Spanish table, a chain of bot moves is told in Spanish like every other move:
/// its earlier moves are read back from the log (kept in English) as the moves' phrases,
/// round headers included; the bots' names say their level in Spanish.
#[test]
fn a_chain_of_bot_moves_is_told_in_the_channels_language() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (store, table) = with_bots(dir.path(), &clock, 0);
    let mut host = caller(1).with_lang(words::Lang::Es);
    host.can_manage_channel = true;
    table.set_channel_lang(CH, &host, words::Lang::Es, Some(words::Lang::Es));
    let opened = channel_texts(&run(&table, CH, 1, "new princes bots=easy,easy seed=3"));
    assert!(
        opened.concat().contains(r"Bot Lorenzo \(fácil\)"),
        "{opened:?}"
    );
    flush(&table, CH);
    let game_id = table.state_version(CH).unwrap().game_id;
    let mut chains = Vec::new();
    for _ in 0..60 {
        if table.state_version(CH).is_none() {
            break;
        }
        if let Some(line) = table.legal_actions(CH, 1).first() {
            run(&table, CH, 1, line);
            flush(&table, CH);
        }
        let mut moves = 0;
        let mut told = Vec::new();
        while table.state_version(CH).is_some() && table.legal_actions(CH, 1).is_empty() {
            told.extend(channel_texts(&fire(&table, CH)));
            moves += 1;
        }
        if moves > 1 {
            chains.extend(told);
        }
    }
    let chains = chains.join("\n");
    assert!(chains.contains("Empieza la ronda"), "{chains}");
    for english in [" passes.", "begins", "Round ", "moves back", "(easy)"] {
        assert!(!chains.contains(english), "`{english}` in:\n{chains}");
    }
    // The log keeps the English the chain was read back from.
    let log = store.log(game_id).unwrap();
    assert!(
        log.iter()
            .flat_map(|e| &e.public)
            .any(|l| l.contains("begins")),
        "{log:?}"
    );
}

/// A table whose bots think on a one-thread pool (as the Discord bot's do), tiny budgets.
fn pooled(store: &Arc<SledStore>, clock: &Arc<ManualClock>, thinker: table::Thinker) -> Table {
    Table::with_options(
        store.clone(),
        TableOptions {
            clock: clock.clone(),
            defaults: defaults(0, 0, 10, TimeoutPolicy::Drop),
            minimums: Minimums::LOCAL,
            thinker,
            ..TableOptions::default()
        },
    )
}

/// Palazzo for three on `table`, after the first player's time ran out (policy `drop`):
/// the bot now plays that seat. Returns the stored version then.
fn first_player_dropped(table: &Table, clock: &ManualClock) -> u64 {
    run(table, CH, 1, "new palazzo seed=4");
    run(table, CH, 2, "join");
    run(table, CH, 3, "join");
    run(table, CH, 1, "start");
    flush(table, CH);
    clock.advance(10 * MIN);
    let d = fire(table, CH);
    assert!(
        channel_texts(&d)
            .iter()
            .any(|t| t.contains("ran out of time and left the game")),
        "{:?}",
        channel_texts(&d)
    );
    table.state_version(CH).unwrap().version
}

#[test]
fn a_pooled_bot_move_is_searched_off_the_lock_and_resumes_after_a_crash() {
    use table::Clock;
    let stand_in = |store: &SledStore| store.timer(CH, TimerKind::StandIn).unwrap();
    // The search runs on the pool; its move is played by the pass after the waker.
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table = pooled(
        &store,
        &clock,
        table::Thinker::with_threads(1).capped(16, 8),
    );
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    table.thinker().set_waker(Arc::new(move || {
        let _ = tx.lock().unwrap().send(());
    }));
    let dropped_at = first_player_dropped(&table, &clock);
    // The stand-in timer is due at once: the next pass starts the search and postpones
    // the stored timer past the search's safety deadline.
    let due = stand_in(&store).expect("a stand-in timer is set");
    assert!(due.due_ms <= clock.now_ms());
    fire(&table, CH);
    let postponed = stand_in(&store).expect("still stored while the bot thinks");
    assert!(postponed.due_ms > clock.now_ms(), "{postponed:?}");
    assert_eq!(table.state_version(CH).unwrap().version, dropped_at);
    rx.recv_timeout(std::time::Duration::from_secs(60))
        .expect("the pool wakes the adapter");
    let d = fire(&table, CH);
    assert!(
        channel_texts(&d)
            .iter()
            .any(|t| t.contains("🤖 I moved for")),
        "{:?}",
        channel_texts(&d)
    );
    assert!(table.state_version(CH).unwrap().version > dropped_at);

    // A crash while the bot thinks: the plan is lost with the process, the postponed
    // timer is not; a new table plays the move once, after the postponement.
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    // A pool whose only thread never gets to the search: the crash comes first.
    let stuck = table::Thinker::with_threads(1).capped(16, 8);
    let gate = Arc::new(std::sync::Barrier::new(2));
    let g = gate.clone();
    std::thread::spawn({
        let stuck = stuck.clone();
        move || stuck.ask(0, move || g.wait())
    });
    let table = pooled(&store, &clock, stuck);
    let dropped_at = first_player_dropped(&table, &clock);
    fire(&table, CH);
    let postponed = stand_in(&store).expect("postponed");
    let logged = |store: &SledStore| {
        let (game_id, _) = stored_game(store, CH);
        store.log(game_id).unwrap().len()
    };
    let log_before = logged(&store);
    drop(table);
    let table = pooled(&store, &clock, table::Thinker::inline().capped(16, 8));
    assert!(fire(&table, CH).is_empty(), "not before the postponed time");
    assert_eq!(table.state_version(CH).unwrap().version, dropped_at);
    clock.advance(postponed.due_ms - clock.now_ms());
    let d = fire(&table, CH);
    assert!(
        channel_texts(&d)
            .iter()
            .any(|t| t.contains("🤖 I moved for")),
        "{:?}",
        channel_texts(&d)
    );
    let moved = table.state_version(CH).unwrap().version - dropped_at;
    assert!(moved >= 1);
    assert_eq!(
        logged(&store) - log_before,
        moved as usize,
        "each move logged once"
    );
    gate.wait();
}

/// Another process moves the game and stores a newer stand-in timer right after this
/// one checked the timer that fired: postponing it for a search, or removing it as
/// stale, must leave the newer timer, or the bot's seat would wait with no timer.
#[test]
fn a_newer_timer_written_meanwhile_is_neither_postponed_nor_dropped() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let sled = Arc::new(SledStore::open(dir.path()).unwrap());
    let store = common::hooked::Hooked::new(sled.clone());
    let table = Table::with_options(
        store.clone(),
        TableOptions {
            clock: clock.clone(),
            defaults: defaults(0, 0, 10, TimeoutPolicy::Drop),
            minimums: Minimums::LOCAL,
            thinker: table::Thinker::with_threads(1).capped(16, 8),
            ..TableOptions::default()
        },
    );
    first_player_dropped(&table, &clock);
    let stand_in = || sled.timer(CH, TimerKind::StandIn).unwrap();
    let fired = stand_in().expect("a stand-in timer is set");
    let newer = |version: u64| Timer {
        version,
        due_ms: fired.due_ms + 1,
        ..fired
    };
    let write = |timer: Timer| {
        move |s: &dyn Store| {
            let change = TimerChange {
                kind: TimerKind::StandIn,
                timer: Some(timer),
            };
            s.set_timers(CH, &[change]).unwrap();
        }
    };
    // Due now and live: this process would postpone it and search.
    store.after_next_timer_read(write(newer(fired.version + 1)));
    fire(&table, CH);
    assert_eq!(stand_in(), Some(newer(fired.version + 1)), "postponed over");
    // Set for a version the game is not at: this process would remove it.
    let stale = Timer {
        version: fired.version + 7,
        ..fired
    };
    sled.set_timers(
        CH,
        &[TimerChange {
            kind: TimerKind::StandIn,
            timer: Some(stale),
        }],
    )
    .unwrap();
    store.after_next_timer_read(write(newer(fired.version + 8)));
    fire(&table, CH);
    assert_eq!(stand_in(), Some(newer(fired.version + 8)), "removed");
}

#[test]
fn auto_plays_the_bots_legal_moves_and_the_same_ones_for_the_same_seed() {
    for game in ["palazzo", "villa", "estates", "princes"] {
        let min = rules::catalog::find(game).unwrap().players.0 as u64;
        let mut runs = Vec::new();
        for _ in 0..2 {
            let dir = tempfile::tempdir().unwrap();
            let t = first_timeout(dir.path(), game, min, TimeoutPolicy::Auto, 3, false).unwrap();
            let moves = t.moves();
            assert!(!moves.is_empty(), "{game}: the timeout moved");
            // Each move was legal where it was made, and the timed-out seat's own.
            let names: Vec<String> = t.table.seats(CH).iter().map(|s| s.name.clone()).collect();
            let mut g = t.game_before.box_clone();
            let seats: Vec<usize> = t.awaited.iter().map(|a| a.seat).collect();
            for (seat, line) in &moves {
                assert!(seats.contains(seat), "{game}: {moves:?}");
                assert!(g.legal_texts(*seat).contains(line), "{game}: {line}");
                g.apply_text(*seat, line, &names).unwrap();
            }
            let texts = channel_texts(&t.sent);
            assert!(
                texts
                    .iter()
                    .any(|t| t.contains("ran out of time, so I moved for them"))
                    || texts.is_empty(),
                "{game}: {texts:?}"
            );
            if game != "villa" {
                let told = format!("I played **{}**", moves[0].1);
                assert!(
                    private_news(&t.sent).iter().any(|(_, n)| n.contains(&told)),
                    "{game}: {:?}",
                    private_news(&t.sent)
                );
            }
            assert_no_leak(game, 3, &t.sent);
            runs.push(moves);
        }
        assert_eq!(runs[0], runs[1], "{game}: the same seed, the same moves");
    }
}

/// The seat the bot plays while its player is away, as stored.
fn away(store: &SledStore) -> Vec<usize> {
    match store.load(CH).unwrap() {
        storage::Loaded::Found(r) => r.meta.away,
        other => panic!("no game: {other:?}"),
    }
}

/// Plays the awaited players' first moves until `user` is awaited (at most `moves`).
fn play_until_awaited(table: &Table, user: u64, players: u64, moves: usize) -> bool {
    for _ in 0..moves {
        if table.prompts(CH).iter().any(|p| p.user == user) {
            return true;
        }
        let Some((u, a)) = next_move(table, CH, players) else {
            return false;
        };
        run(table, CH, u, &a);
        flush(table, CH);
    }
    table.prompts(CH).iter().any(|p| p.user == user)
}

#[test]
fn bot_policy_hands_the_seat_to_a_bot_until_its_player_is_back() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let policy = defaults(60, 0, 10, TimeoutPolicy::Bot);
    let (away_user, other, seat);
    {
        let (store, table) = timed(dir.path(), &clock, policy);
        start_two(&table, "new palazzo seed=3");
        let p = table.prompts(CH).remove(0);
        (away_user, seat) = (p.user, p.seat);
        other = 3 - away_user;
        let name = table.seats(CH)[seat].name.clone();
        let before = table.state_version(CH).unwrap().version;
        clock.advance(10 * MIN);
        let d = fire(&table, CH);
        let texts = channel_texts(&d);
        // Handed over in one line, then the bot plays the seat's moves.
        assert!(
            texts.contains(&format!(
                "⏱️ {name} ran out of time: a bot plays for them until they are back (/game join)."
            )),
            "{texts:?}"
        );
        assert!(
            texts
                .iter()
                .any(|t| t.contains(&format!("🤖 A bot moved for {name}, who is away."))),
            "{texts:?}"
        );
        assert!(table.state_version(CH).unwrap().version > before);
        assert!(
            private_news(&d)
                .iter()
                .any(|(u, n)| *u == away_user && n.contains("/game join")),
            "told privately how to come back: {d:?}"
        );
        assert_eq!(away(&store), vec![seat]);
        assert_no_leak("palazzo", 3, &d);
        // While away: never prompted, pinged or reminded; the bot answers for the seat.
        for _ in 0..6 {
            assert!(table.prompts(CH).iter().all(|p| p.user != away_user));
            let Some((u, a)) = next_move(&table, CH, 2) else {
                break;
            };
            assert_eq!(u, other, "only the other player is ever asked");
            let d = run(&table, CH, u, &a);
            assert!(!mentions(&d).contains(&away_user), "{d:?}");
            assert_no_leak("palazzo", 3, &d);
            flush(&table, CH);
        }
    }
    // A restart keeps the seat with the bot.
    let (store, table) = timed(dir.path(), &clock, policy);
    assert_eq!(away(&store), vec![seat]);
    assert!(table.prompts(CH).iter().all(|p| p.user != away_user));
    // Any command of theirs at the table brings them back (here: /game status).
    let d = run(&table, CH, away_user, "status");
    let name = table.seats(CH)[seat].name.clone();
    assert!(
        channel_texts(&d).iter().any(|t| t.starts_with(&format!(
            "👋 {name} is back and plays their own seat again."
        ))),
        "{d:?}"
    );
    assert!(away(&store).is_empty());
    flush(&table, CH);
    assert!(
        play_until_awaited(&table, away_user, 2, 40),
        "the player is asked for their own moves again"
    );
    // Away again, then back by /game join.
    clock.advance(10 * MIN);
    let d = fire(&table, CH);
    assert!(
        channel_texts(&d)
            .iter()
            .any(|t| t.contains("ran out of time: a bot plays for them")),
        "{d:?}"
    );
    assert_eq!(away(&store), vec![seat]);
    let d = run(&table, CH, away_user, "resume");
    assert!(
        channel_texts(&d)
            .iter()
            .any(|t| t.contains("is back and plays their own seat")),
        "{d:?}"
    );
    let replies: Vec<&str> = d
        .iter()
        .filter_map(|d| match d {
            Delivery::Ephemeral { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(replies, ["Welcome back: your seat is yours again."]);
    assert!(away(&store).is_empty());
    flush(&table, CH);
    assert_eq!(
        ephemeral(&run(&table, CH, away_user, "resume")),
        "No bot is playing your seat: you are already playing it yourself."
    );
    assert_eq!(
        ephemeral(&run(&table, CH, 7, "resume")),
        "You are not seated at this table."
    );
}

#[test]
fn a_hint_is_private_to_its_caller_and_refused_when_off_or_not_their_turn() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = timed(dir.path(), &clock, defaults(60, 0, 0, TimeoutPolicy::Auto));
    start_two(&table, "new estates seed=2");
    let awaited = table.prompts(CH)[0].user;
    let waiting = 3 - awaited;
    let version = table.state_version(CH);
    let legal = table.legal_actions(CH, awaited);
    let hint = ephemeral(&run(&table, CH, awaited, "hint"));
    let suggested = hint
        .strip_prefix("💡 Hint: **")
        .and_then(|h| h.split_once("**"))
        .map(|(m, _)| m.to_string())
        .unwrap_or_else(|| panic!("{hint}"));
    assert!(legal.contains(&suggested), "{suggested} in {legal:?}");
    assert!(hint.contains("rating your chances at about"), "{hint}");
    // Asked again at the same point: the same hint. Nothing was stored or sent.
    assert_eq!(ephemeral(&run(&table, CH, awaited, "hint")), hint);
    assert!(
        table.pending_in(CH).is_empty(),
        "nothing goes to the channel"
    );
    assert_eq!(table.state_version(CH), version, "the game did not move");
    // Only for the player whose decision it is.
    assert!(ephemeral(&run(&table, CH, waiting, "hint")).starts_with("It is not your turn"));
    assert_eq!(
        ephemeral(&run(&table, CH, 7, "hint")),
        "You are not seated at this table."
    );
    // The host turns hints off (announced), and they are refused.
    assert!(ephemeral(&run(&table, CH, 2, "settings hints=off")).starts_with("Only the host"));
    let d = run(&table, CH, 1, "settings hints=off");
    assert!(channel_texts(&d)[0].contains("turned hints off"), "{d:?}");
    flush(&table, CH);
    assert_eq!(
        ephemeral(&run(&table, CH, awaited, "hint")),
        "Hints are off for this game; the host (ana) can turn them on with /game settings."
    );
    assert!(ephemeral(&run(&table, CH, 1, "settings")).contains("Hints: **off**"));
    run(&table, CH, 1, "settings hints=on");
    assert!(ephemeral(&run(&table, CH, awaited, "hint")).starts_with("💡 Hint: **"));
}

/// A hint's suggested move and the rest of its text (its why).
fn hint_parts(hint: &str) -> (String, String) {
    hint.strip_prefix("💡 Hint: **")
        .and_then(|h| h.split_once("**"))
        .map(|(m, w)| (m.to_string(), w.to_string()))
        .unwrap_or_else(|| panic!("{hint}"))
}

/// Where Villa Paletti's bots follow a rule of thumb, the hint says the rule instead of
/// the search's figures.
#[test]
fn a_villa_hint_at_a_rule_of_thumb_says_the_rule() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = timed(dir.path(), &clock, defaults(60, 0, 0, TimeoutPolicy::Auto));
    start_two(&table, "new villa seed=3");
    // Each rule's sentence, in English as the players read it.
    let sentences = rules::villa::THUMB_PHRASES
        .map(|key| words::phrase(words::Lang::En, &rules::Phrase::new(key), &[]));
    let mut said = None;
    for _ in 0..200 {
        let Some(p) = table.prompts(CH).first().cloned() else {
            break;
        };
        let legal = table.legal_actions(CH, p.user);
        let hint = ephemeral(&run(&table, CH, p.user, "hint"));
        let (suggested, why) = hint_parts(&hint);
        if sentences.iter().any(|r| why.contains(r.as_str())) {
            assert!(legal.contains(&suggested), "{suggested} in {legal:?}");
            assert!(why.starts_with(". Why: "), "{hint}");
            assert!(!why.contains("rating your chances"), "{hint}");
            said = Some(hint);
            break;
        }
        let play = if legal.contains(&suggested) {
            suggested
        } else {
            legal[0].clone()
        };
        run(&table, CH, p.user, &play);
        flush(&table, CH);
    }
    said.expect("a hint by rule of thumb within 200 moves");
}

/// Two players: the seal's holder (or its previous holder) lets the other's floor through,
/// and the hint says why, in English and in Spanish. Both seats follow the hints, except
/// that once the seal is taken, a seat not holding it proposes a floor whenever it may
/// (a careful bot rarely does, so the spot seldom comes up by itself).
#[test]
fn a_villa_hint_lets_the_others_floor_through_while_holding_the_seal() {
    use words::Lang;
    let sentence = |lang, key| words::phrase(lang, &rules::Phrase::new(key), &[]);
    let hold = sentence(Lang::En, "villa-thumb-hold");
    let let_through = sentence(Lang::En, "villa-thumb-let");
    let mut said = None;
    // A few seeded games: one can end before the spot comes.
    'games: for seed in 1..=12 {
        let dir = tempfile::tempdir().unwrap();
        let clock = Arc::new(ManualClock::new(START));
        let (_store, table) = timed(dir.path(), &clock, defaults(60, 0, 0, TimeoutPolicy::Auto));
        start_two(&table, &format!("new villa seed={seed}"));
        let mut sealed = false;
        for _ in 0..300 {
            let Some(p) = table.prompts(CH).first().cloned() else {
                continue 'games;
            };
            let legal = table.legal_actions(CH, p.user);
            let hint = ephemeral(&run(&table, CH, p.user, "hint"));
            let (suggested, why) = hint_parts(&hint);
            if why.contains(let_through.as_str()) {
                assert_eq!(suggested, "allow", "{hint}");
                assert!(legal.contains(&suggested), "{suggested} in {legal:?}");
                let spanish = caller(p.user).with_lang(Lang::Es);
                let hint_es = ephemeral(&table.handle(CH, &spanish, Command::parse("hint")));
                assert!(
                    hint_es.contains(&sentence(Lang::Es, "villa-thumb-let")),
                    "{hint_es}"
                );
                said = Some(hint);
                break 'games;
            }
            let holds = why.contains(hold.as_str());
            let play = if sealed && !holds && legal.iter().any(|m| m == "propose") {
                "propose".to_string()
            } else if legal.contains(&suggested) {
                suggested
            } else {
                legal[0].clone()
            };
            let told = channel_texts(&run(&table, CH, p.user, &play));
            sealed |= told
                .iter()
                .any(|t| t.contains("takes the Master Builder seal"));
            flush(&table, CH);
        }
    }
    said.expect("the holder's hint lets a floor through, in one of the seeded games");
}

/// Two players, a new villa: the first hint freezes a column of the anchor, and says why
/// in English and in Spanish; followed, it pulls that column and puts it back.
#[test]
fn a_villa_hint_first_freezes_an_anchor_in_both_languages() {
    use words::Lang;
    let sentence = |lang, key| words::phrase(lang, &rules::Phrase::new(key), &[]);
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = timed(dir.path(), &clock, defaults(60, 0, 0, TimeoutPolicy::Auto));
    start_two(&table, "new villa seed=3");
    let mut steps = Vec::new();
    for _ in 0..3 {
        let p = table.prompts(CH).first().cloned().expect("a turn");
        let hint = ephemeral(&run(&table, CH, p.user, "hint"));
        let (suggested, why) = hint_parts(&hint);
        assert!(
            why.contains(&sentence(Lang::En, "villa-thumb-anchor")),
            "{hint}"
        );
        let spanish = caller(p.user).with_lang(Lang::Es);
        let hint_es = ephemeral(&table.handle(CH, &spanish, Command::parse("hint")));
        assert!(
            hint_es.contains(&sentence(Lang::Es, "villa-thumb-anchor")),
            "{hint_es}"
        );
        steps.push(suggested.split(' ').next().unwrap_or_default().to_string());
        run(&table, CH, p.user, &suggested);
        flush(&table, CH);
    }
    assert_eq!(steps, ["play", "pull", "abort"]);
}

#[test]
fn a_pooled_auto_timeout_is_searched_off_the_lock_and_void_once_the_player_moved() {
    let waiting_table = |dir: &std::path::Path, clock: &Arc<ManualClock>| {
        let store = Arc::new(SledStore::open(dir).unwrap());
        let table = Table::with_options(
            store.clone(),
            TableOptions {
                clock: clock.clone(),
                defaults: defaults(0, 0, 10, TimeoutPolicy::Auto),
                minimums: Minimums::LOCAL,
                thinker: table::Thinker::with_threads(1).capped(16, 8),
                ..TableOptions::default()
            },
        );
        let (tx, rx) = std::sync::mpsc::channel();
        let tx = std::sync::Mutex::new(tx);
        table.thinker().set_waker(Arc::new(move || {
            let _ = tx.lock().unwrap().send(());
        }));
        start_two(&table, "new villa seed=5");
        (store, table, rx)
    };
    let wait = |rx: &std::sync::mpsc::Receiver<()>| {
        rx.recv_timeout(std::time::Duration::from_secs(60))
            .expect("the pool wakes the adapter")
    };
    // The timeout starts the search and nothing moves until its plan is played.
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (store, table, rx) = waiting_table(dir.path(), &clock);
    let version = table.state_version(CH).unwrap().version;
    clock.advance(10 * MIN);
    assert!(fire(&table, CH).is_empty(), "searching");
    let postponed = store.timer(CH, TimerKind::Timeout).unwrap().unwrap();
    assert!(postponed.due_ms > START + 10 * MIN, "{postponed:?}");
    assert_eq!(table.state_version(CH).unwrap().version, version);
    wait(&rx);
    let d = fire(&table, CH);
    let texts = channel_texts(&d);
    assert_eq!(texts.len(), 1, "the turn told as one: {texts:?}");
    assert!(
        texts[0].contains("ran out of time, so I moved for them"),
        "{texts:?}"
    );
    assert!(table.state_version(CH).unwrap().version > version);
    // The player moves while the bot still thinks for them: its plan is void.
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (store, table, rx) = waiting_table(dir.path(), &clock);
    let game_id = table.state_version(CH).unwrap().game_id;
    clock.advance(10 * MIN);
    fire(&table, CH);
    let (user, line) = next_move(&table, CH, 2).unwrap();
    run(&table, CH, user, &line);
    flush(&table, CH);
    let after = table.state_version(CH).unwrap().version;
    wait(&rx);
    let d = fire(&table, CH);
    assert!(
        !channel_texts(&d)
            .iter()
            .any(|t| t.contains("ran out of time")),
        "{d:?}"
    );
    assert_eq!(table.state_version(CH).unwrap().version, after);
    assert_eq!(store.log(game_id).unwrap().len() as u64, after);
}

/// Under the `bot` policy, once every person at the table is away the bots stop: the
/// game waits (told once in the channel) until someone is back.
#[test]
fn when_everyone_is_away_the_game_waits_for_someone_to_come_back() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let (_store, table) = timed(dir.path(), &clock, defaults(0, 0, 10, TimeoutPolicy::Bot));
    start_two(&table, "new palazzo seed=9");
    let mut told = Vec::new();
    for _ in 0..6 {
        clock.advance(10 * MIN);
        told.extend(channel_texts(&fire(&table, CH)));
        if told.iter().any(|t| t.contains("everyone is away now")) {
            break;
        }
    }
    assert!(
        told.iter().any(|t| t.contains("everyone is away now")),
        "{told:?}"
    );
    let waiting = table.state_version(CH).unwrap().version;
    for _ in 0..3 {
        clock.advance(24 * 60 * MIN);
        assert!(
            channel_texts(&fire(&table, CH)).is_empty(),
            "nothing happens"
        );
    }
    assert_eq!(
        table.state_version(CH).unwrap().version,
        waiting,
        "no bot moved"
    );
    // One player comes back: the bots play the other seat again, and the game goes on
    // until that player is asked to move.
    let back = channel_texts(&run(&table, CH, 2, "resume"));
    assert!(back.iter().any(|t| t.contains("is back")), "{back:?}");
    for _ in 0..50 {
        if table.prompts(CH).iter().any(|p| p.user == 2) {
            break;
        }
        fire(&table, CH);
    }
    assert!(
        table.prompts(CH).iter().any(|p| p.user == 2),
        "the player who came back is asked to move"
    );
}

/// A Discord locale of `lang`.
fn locale(lang: table::Lang) -> &'static str {
    match lang {
        table::Lang::En => "en-US",
        table::Lang::Es => "es-ES",
    }
}

/// No text of `texts` is a raw key of the table's Fluent file (a missing key comes back
/// as itself).
fn assert_no_raw_key(texts: &[String]) {
    for t in texts {
        for prefix in ["table-", "lobby-", "timer-"] {
            assert!(!t.contains(prefix), "a raw key in {t:?}");
        }
    }
}

/// A channel in one language with a player reading the other (both ways round): the
/// lobby, turn, reminder and timeout texts posted in the channel are in the channel's
/// language, the lobby's buttons too; that player's private answers and DMs are in
/// theirs (their Discord client's, remembered from an interaction).
#[test]
fn a_table_of_mixed_languages_speaks_to_each_reader_in_theirs() {
    use table::Lang::{En, Es};
    // What each language says in each place: (channel) lobby, start, waiting, reminder,
    // timeout; (private) only the host starts, notify, reminder DM, timeout DM.
    let said = |lang| match lang {
        Es => [
            "ana ha abierto una mesa de **Countdown (test game)**",
            "¡Empieza **Countdown (test game)**! Asientos en orden: ana, bruno.",
            "⏳ Esperando a bruno.",
            "⏰ Recordatorio: **Countdown (test game)** espera a bruno",
            "⏱️ A bruno se le agotó el tiempo, así que he jugado en su lugar.",
            "Solo el anfitrión (ana) puede empezar la partida.",
            "Desde ahora recibes una mención en el canal y un mensaje directo",
            "⏰ Te toca jugar (última jugada hace 30 min).",
            "⏱️ Se te agotó el tiempo, así que he jugado **",
        ],
        En => [
            "ana opened a table for **Countdown (test game)**",
            "**Countdown (test game)** begins! Seats in order: ana, bruno.",
            "⏳ Waiting for bruno.",
            "⏰ Reminder: **Countdown (test game)** is waiting for bruno",
            "⏱️ bruno ran out of time, so I moved for them.",
            "Only the host (ana) can start the game.",
            "From now on you get a mention in the channel and a direct message",
            "⏰ It is your move (last move 30 min ago).",
            "⏱️ Your time ran out, so I played **",
        ],
    };
    for (here, theirs) in [(Es, En), (En, Es)] {
        let dir = tempfile::tempdir().unwrap();
        let clock = Arc::new(ManualClock::new(START));
        let (_store, table) = timed(dir.path(), &clock, defaults(30, 0, 60, TimeoutPolicy::Auto));
        let here_said = said(here);
        let theirs_said = said(theirs);
        table.put_note(CH, "language:channel", here.code().as_bytes());
        table.remember_client_locale(1, locale(here));
        table.remember_client_locale(2, locale(theirs));
        let ana = caller(1).with_lang(here);
        let bruno = caller(2).with_lang(theirs);
        let mut posted = Vec::new();
        let mut private = Vec::new();

        let d = table.handle(CH, &ana, Command::parse("new countdown seed=3"));
        let lobby = channel_texts(&d);
        assert!(lobby[0].starts_with(here_said[0]), "{lobby:?}");
        let Some(Delivery::Channel {
            lobby: Some(buttons),
            ..
        }) = d.first()
        else {
            panic!("no lobby buttons: {d:?}");
        };
        let labels = buttons.labels();
        let expected = match here {
            Es => ["Unirse", "Añadir un bot", "Empezar"],
            En => ["Join", "Add a bot", "Start"],
        };
        assert_eq!(labels, expected.map(String::from));
        posted.extend(lobby);
        posted.extend(channel_texts(&table.handle(
            CH,
            &bruno,
            Command::parse("join"),
        )));
        let refusal = ephemeral(&table.handle(CH, &bruno, Command::parse("start")));
        assert_eq!(refusal, theirs_said[5]);
        private.push(refusal);
        let notify = ephemeral(&table.handle(CH, &bruno, Command::parse("notify dm")));
        assert!(notify.starts_with(theirs_said[6]), "{notify}");
        private.push(notify);

        let d = table.handle(CH, &ana, Command::parse("start"));
        let start = channel_texts(&d);
        assert!(start[0].starts_with(here_said[1]), "{start:?}");
        posted.extend(start);
        // Ana moves first (the host's seat): then the game waits for bruno.
        assert_eq!(table.prompts(CH)[0].user, 1);
        let (u, a) = next_move(&table, CH, 2).unwrap();
        let d = table.handle(CH, &ana, Command::parse(&a));
        assert_eq!(u, 1);
        let turn = channel_texts(&d);
        assert!(turn[0].contains(here_said[2]), "{turn:?}");
        posted.extend(turn);
        flush(&table, CH);

        clock.advance(30 * MIN);
        let d = fire(&table, CH);
        let reminder = channel_texts(&d);
        assert!(reminder[0].starts_with(here_said[3]), "{reminder:?}");
        assert_eq!(dms_to(&d, 2), vec![theirs_said[7].to_string()]);
        posted.extend(reminder);
        private.extend(dms_to(&d, 2));

        clock.advance(30 * MIN);
        let d = fire(&table, CH);
        let timeout = channel_texts(&d);
        assert!(timeout[0].starts_with(here_said[4]), "{timeout:?}");
        let dms = dms_to(&d, 2);
        assert!(dms.iter().any(|m| m.starts_with(theirs_said[8])), "{dms:?}");
        posted.extend(timeout);
        private.extend(dms);

        // Nothing in the other language where it does not belong.
        for t in &posted {
            for other in &theirs_said[..5] {
                assert!(!t.contains(other), "{t:?} is in the wrong language");
            }
        }
        for t in &private {
            for other in &here_said[5..] {
                assert!(!t.contains(other), "{t:?} is in the wrong language");
            }
        }
        assert_no_raw_key(&posted);
        assert_no_raw_key(&private);
    }
}

/// A table over `store` whose bot seats answer at once, searching on `thinker`, which
/// calls `waker` when a plan is ready.
fn bots_on<S: Store + 'static>(
    store: &Arc<S>,
    clock: &Arc<ManualClock>,
    thinker: table::Thinker,
) -> (Table, std::sync::mpsc::Receiver<()>) {
    let table = Table::with_options(
        store.clone(),
        TableOptions {
            clock: clock.clone(),
            minimums: Minimums::LOCAL,
            bot_delay_ms: 0,
            thinker,
            ..TableOptions::default()
        },
    );
    let (tx, rx) = std::sync::mpsc::channel();
    let tx = std::sync::Mutex::new(tx);
    table.thinker().set_waker(Arc::new(move || {
        let _ = tx.lock().unwrap().send(());
    }));
    (table, rx)
}

/// Countdown, user 1 against one easy bot, played by user 1 until the bot is awaited
/// (its stand-in timer due). Returns the version then.
fn until_the_bot_is_awaited(table: &Table) -> u64 {
    if table.state_version(CH).is_none() {
        run(table, CH, 1, "new countdown bots=easy seed=11");
        flush(table, CH);
    }
    while let Some(line) = table.legal_actions(CH, 1).first() {
        run(table, CH, 1, line);
        flush(table, CH);
    }
    table.state_version(CH).expect("the game goes on").version
}

#[test]
fn two_hundred_hints_from_one_person_search_each_position_once() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let table = pooled(
        &store,
        &clock,
        table::Thinker::with_threads(2).capped(16, 8),
    );
    start_two(&table, "new estates seed=2");
    let awaited = table.prompts(CH)[0].user;
    let busy = "Your previous hint is still being worked out: wait for it before asking again.";
    // At once: one search; every other answer is that search's hint or "still busy".
    let answers: Vec<String> = std::thread::scope(|s| {
        let asks: Vec<_> = (0..200)
            .map(|_| s.spawn(|| ephemeral(&run(&table, CH, awaited, "hint"))))
            .collect();
        asks.into_iter().map(|a| a.join().unwrap()).collect()
    });
    assert_eq!(table.thinker().searches(), 1, "one search for one position");
    let hint = answers
        .iter()
        .find(|a| a.starts_with("💡 Hint: **"))
        .expect("the search's hint")
        .clone();
    assert!(
        answers.iter().all(|a| *a == hint || a == busy),
        "{answers:?}"
    );
    // One after another: the kept answer, no new search.
    for _ in 0..200 {
        assert_eq!(ephemeral(&run(&table, CH, awaited, "hint")), hint);
    }
    assert_eq!(table.thinker().searches(), 1);
    // A new position is searched once more.
    let line = table.legal_actions(CH, awaited)[0].clone();
    run(&table, CH, awaited, &line);
    let next = table.prompts(CH)[0].user;
    for _ in 0..20 {
        assert!(ephemeral(&run(&table, CH, next, "hint")).starts_with("💡 Hint: **"));
    }
    assert_eq!(table.thinker().searches(), 2);
}

#[test]
fn a_full_server_refuses_hints_and_delays_bot_moves_without_dropping_them() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let thinker = table::Thinker::with_threads(1)
        .capped(16, 8)
        .server_searches(1);
    let (table, woken) = bots_on(&store, &clock, thinker);
    run(&table, CH, 1, "new countdown bots=easy seed=11");
    flush(&table, CH);
    // Another search of this server (no guild: server 0) holds its one place.
    let held = table.thinker().admit(0).expect("a place");
    assert!(table.thinker().admit(0).is_none(), "the cap is one");
    assert!(
        !table.legal_actions(CH, 1).is_empty(),
        "the person moves first"
    );
    assert_eq!(
        ephemeral(&run(&table, CH, 1, "hint")),
        "The bots of this server are busy thinking right now: ask for your hint again in a few seconds."
    );
    let at = until_the_bot_is_awaited(&table);
    // The bot's timer is due: the server is full, so it waits 0.5 s, 1 s, 2 s … 8 s.
    use table::Clock;
    let stand_in = || store.timer(CH, TimerKind::StandIn).unwrap().expect("kept");
    for delay in [500, 1_000, 2_000, 4_000, 8_000, 8_000] {
        assert!(stand_in().due_ms <= clock.now_ms());
        assert!(fire(&table, CH).is_empty());
        assert_eq!(
            stand_in().due_ms,
            clock.now_ms() + delay,
            "delayed, not dropped"
        );
        assert_eq!(table.state_version(CH).unwrap().version, at);
        assert_eq!(table.thinker().searches(), 0, "nothing searched while full");
        clock.advance(delay);
    }
    // It waited long enough: it is searched over the cap, and the bot moves.
    fire(&table, CH);
    woken
        .recv_timeout(std::time::Duration::from_secs(30))
        .expect("searched");
    fire(&table, CH);
    assert!(table.state_version(CH).is_none_or(|s| s.version > at));
    assert_eq!(table.thinker().searches(), 1);
    // Once the place is free, the next bot move is searched at its first try.
    drop(held);
    if table.state_version(CH).is_some() {
        let at = until_the_bot_is_awaited(&table);
        fire(&table, CH);
        woken
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("searched");
        fire(&table, CH);
        assert!(table.state_version(CH).is_none_or(|s| s.version > at));
    }
}

/// A full server's delay moves the stored timer only while it is still the one that
/// fired: a newer timer another process wrote meanwhile is kept.
#[test]
fn a_full_servers_delay_keeps_a_newer_timer_written_meanwhile() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let sled = Arc::new(SledStore::open(dir.path()).unwrap());
    let store = common::hooked::Hooked::new(sled.clone());
    let thinker = table::Thinker::with_threads(1)
        .capped(16, 8)
        .server_searches(1);
    let (table, _woken) = bots_on(&store, &clock, thinker);
    run(&table, CH, 1, "new countdown bots=easy seed=11");
    flush(&table, CH);
    let _held = table.thinker().admit(0).expect("a place");
    until_the_bot_is_awaited(&table);
    let fired = sled
        .timer(CH, TimerKind::StandIn)
        .unwrap()
        .expect("the bot's timer");
    let newer = Timer {
        version: fired.version + 1,
        due_ms: fired.due_ms + 1,
        ..fired
    };
    store.after_next_timer_read(move |s: &dyn Store| {
        let change = TimerChange {
            kind: TimerKind::StandIn,
            timer: Some(newer),
        };
        s.set_timers(CH, &[change]).unwrap();
    });
    assert!(fire(&table, CH).is_empty(), "the server is full");
    assert_eq!(
        sled.timer(CH, TimerKind::StandIn).unwrap(),
        Some(newer),
        "the newer timer survives the delay"
    );
}

#[test]
fn a_search_that_panics_plays_the_default_move_and_the_pool_keeps_serving() {
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let panics: table::think::SearchFn = Arc::new(|_, _| panic!("a search that panics"));
    let thinker = table::Thinker::with_threads(1).with_search(panics);
    let (table, woken) = bots_on(&store, &clock, thinker);
    // More bot moves than the pool has threads: each one panics, each is played.
    for round in 0..3 {
        let at = until_the_bot_is_awaited(&table);
        let (game_id, before) = stored_game(&store, CH);
        let bot = before.awaiting()[0];
        let default = before
            .absent_text(bot, Absent::Auto)
            .expect("a default move");
        fire(&table, CH);
        woken
            .recv_timeout(std::time::Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("round {round}: the bot's move was never planned"));
        fire(&table, CH);
        let log = store.log(game_id).unwrap();
        let played = &log[usize::try_from(at).unwrap()];
        assert_eq!((played.seat, played.text.as_str()), (bot, default.as_str()));
    }
    assert!(table.thinker().searches() >= 2);
    // A hint whose search panics says so in a sentence.
    assert!(!table.legal_actions(CH, 1).is_empty(), "the person's turn");
    assert_eq!(
        ephemeral(&run(&table, CH, 1, "hint")),
        "The bot could not work out a hint this time, sorry. Your game goes on as before."
    );
    assert_eq!(
        table.thinker().ask(CH, || 6 * 7),
        Some(42),
        "the thread lives"
    );
}
