//! Tournaments run end to end on a sled store with the Countdown test game: stored
//! steps, refusals that change nothing, the runner's threads and games, results fed back,
//! and crashes between its steps.

use super::*;
use crate::tournament::{Format, Seat};
use crate::{Caller, Command, Delivery, ManualClock, TableOptions, Thinker};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

const GUILD: u64 = 9;
const HALL: ChannelId = 500;

/// Threads made in memory; a request can fail, or be made while its reply is lost.
#[derive(Default)]
struct FakeThreads {
    made: Mutex<Vec<(ChannelId, String, ChannelId)>>,
    next: AtomicU64,
    lose_reply: AtomicBool,
    down: AtomicBool,
}

impl Threads for FakeThreads {
    fn start(&self, parent: ChannelId, name: &str) -> Result<ChannelId, String> {
        if self.down.load(Ordering::SeqCst) {
            return Err("Discord is down".into());
        }
        let id = 10_000 + self.next.fetch_add(1, Ordering::SeqCst);
        self.made
            .lock()
            .unwrap()
            .push((parent, name.to_string(), id));
        if self.lose_reply.swap(false, Ordering::SeqCst) {
            return Err("the reply was lost".into());
        }
        Ok(id)
    }

    fn find(
        &self,
        _guild: u64,
        parent: ChannelId,
        name: &str,
    ) -> Result<Option<ChannelId>, String> {
        Ok(self
            .made
            .lock()
            .unwrap()
            .iter()
            .find(|(p, n, _)| *p == parent && n == name)
            .map(|(_, _, id)| *id))
    }
}

impl FakeThreads {
    fn count(&self) -> usize {
        self.made.lock().unwrap().len()
    }
}

struct World {
    _dir: tempfile::TempDir,
    table: Table,
    clock: Arc<ManualClock>,
}

fn world() -> World {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(storage::SledStore::open(dir.path()).unwrap());
    world_on(store, dir)
}

/// A world over `store` (`dir`: kept while it lives).
fn world_on(store: Arc<dyn storage::Store>, dir: tempfile::TempDir) -> World {
    let clock = Arc::new(ManualClock::new(1_700_000_000_000));
    let table = Table::with_options(
        store,
        TableOptions {
            clock: clock.clone(),
            thinker: Thinker::inline().capped(8, 4),
            bot_delay_ms: 0,
            ..TableOptions::default()
        },
    );
    World {
        _dir: dir,
        table,
        clock,
    }
}

fn person(user: UserId) -> Caller {
    let mut c = Caller::new(user, format!("p{user}"));
    c.guild = Some(GUILD);
    c
}

fn text(out: &[Delivery]) -> String {
    match out {
        [Delivery::Ephemeral { text, .. }, ..] => text.clone(),
        other => panic!("expected a private answer, got {other:?}"),
    }
}

/// A Swiss Countdown tournament of `people` (users 1..=people) at tables of `size`,
/// started.
fn started(w: &World, people: u64, size: u32, rounds: u32) {
    started_as(w, Format::Swiss, people, size, Some(rounds));
}

/// [`started`] in `format`.
fn started_as(w: &World, format: Format, people: u64, size: u32, rounds: Option<u32>) {
    let ask = CreateTournament {
        title: "countdown".into(),
        format,
        table_size: size,
        rounds,
        bots: Some(storage::BotLevel::Easy),
        manual: false,
        timing: Default::default(),
        points: None,
    };
    let out = w.table.tournament_create(HALL, &person(1), true, ask);
    assert!(
        matches!(out.last(), Some(Delivery::Channel { .. })),
        "{out:?}"
    );
    for u in 1..=people {
        let out = w.table.tournament_join(HALL, &person(u));
        assert!(text(&out).starts_with("You are in"), "{out:?}");
    }
    let out = w.table.tournament_start(HALL, &person(1), false);
    assert!(text(&out).contains("has started"), "{out:?}");
}

/// Plays every game of the round's threads to the end (bots by their timers).
fn play_round(w: &World, round: u32) {
    let event = w.table.tournament_event(HALL).unwrap().unwrap();
    for run in event.tables.iter().filter(|t| t.round == round) {
        let thread = run.thread.expect("a thread");
        for _ in 0..500 {
            let people: Vec<UserId> = w.table.with_slot(thread, |slot| {
                slot.active
                    .as_ref()
                    .map(|a| a.meta.seats.iter().map(|s| s.user).collect())
                    .unwrap_or_default()
            });
            if people.is_empty() {
                break;
            }
            let mover = people
                .iter()
                .find_map(|&u| Some((u, w.table.legal_actions(thread, u).first()?.clone())));
            match mover {
                Some((u, action)) => {
                    w.table.handle(thread, &person(u), Command::parse(&action));
                }
                None => {
                    w.clock.advance(1_000);
                    w.table.fire_due_timers();
                }
            }
        }
        assert!(w.table.store.archived_ids(thread).unwrap().len() == 1);
    }
}

#[test]
fn an_event_reads_back_and_one_saved_by_a_newer_build_is_refused() {
    let w = world();
    started(&w, 4, 2, 1);
    let event = w.table.tournament_event(HALL).unwrap().unwrap();
    assert_eq!(Event::from_json(&event.to_json()).unwrap(), event);
    let mut newer: serde_json::Value = serde_json::from_slice(&event.to_json()).unwrap();
    newer["version"] = (EVENT_VERSION + 1).into();
    let refused = Event::from_json(newer.to_string().as_bytes()).unwrap_err();
    assert!(matches!(refused, TournamentError::Newer { .. }));
    assert_eq!(w.table.live_tournaments(), vec![HALL]);
}

#[test]
fn every_refusal_names_its_rule_and_changes_nothing() {
    let w = world();
    let lang = |out: Vec<Delivery>| text(&out);
    assert!(lang(w.table.tournament_join(HALL, &person(1))).contains("no tournament"));
    let ask = CreateTournament {
        title: "countdown".into(),
        format: Format::Swiss,
        table_size: 3,
        rounds: None,
        bots: None,
        manual: false,
        timing: Default::default(),
        points: None,
    };
    let refused = w
        .table
        .tournament_create(HALL, &person(1), false, ask.clone());
    assert!(text(&refused).contains("Manage Server"));
    let too_big = CreateTournament {
        table_size: 6,
        ..ask.clone()
    };
    assert!(text(&w.table.tournament_create(HALL, &person(1), true, too_big)).contains("2 to 4"));
    assert_eq!(w.table.tournament_event(HALL).unwrap(), None);
    // A points row: whole numbers, one per place, never rising.
    for typed in ["6,x,1", "6,5", "1, 2, 3"] {
        let points = CreateTournament {
            points: Some(typed.into()),
            ..ask.clone()
        };
        let said = text(&w.table.tournament_create(HALL, &person(1), true, points));
        assert!(
            said.contains("one whole number per place (3)"),
            "{typed}: {said}"
        );
    }
    assert_eq!(w.table.tournament_event(HALL).unwrap(), None);
    let points = CreateTournament {
        points: Some("5, 2 0".into()),
        ..ask.clone()
    };
    w.table.tournament_create(HALL, &person(1), true, points);
    let made = w.table.tournament_event(HALL).unwrap().unwrap();
    assert_eq!(made.tournament.settings.points, Some(vec![5, 2, 0]));
    w.table.tournament_join(HALL, &person(2));
    let before = w.table.tournament_event(HALL).unwrap();
    assert!(lang(w.table.tournament_join(HALL, &person(2))).contains("already"));
    assert!(lang(w.table.tournament_start(HALL, &person(2), false)).contains("organiser"));
    assert!(lang(w.table.tournament_start(HALL, &person(1), false)).contains("at least 2"));
    assert!(lang(w.table.tournament_create(HALL, &person(1), true, ask)).contains("under way"));
    assert_eq!(w.table.tournament_event(HALL).unwrap(), before);
    assert!(w.table.live_tournaments().is_empty());
}

#[test]
fn the_runner_seats_each_round_in_threads_and_feeds_the_results_back() {
    let w = world();
    // Seven people at tables of three: one table has a bot.
    started(&w, 7, 3, 2);
    let threads = FakeThreads::default();
    let report = w.table.run_tournament(HALL, &threads);
    assert!(report.failed.is_none() && report.idle, "{report:?}");
    assert_eq!(threads.count(), 3);
    let event = w.table.tournament_event(HALL).unwrap().unwrap();
    let names: Vec<String> = threads
        .made
        .lock()
        .unwrap()
        .iter()
        .map(|t| t.1.clone())
        .collect();
    assert_eq!(
        names,
        [
            "Round 1 · Table 1",
            "Round 1 · Table 2",
            "Round 1 · Table 3"
        ]
    );
    for (run, planned) in event.tables.iter().zip(&event.tournament.rounds[0].tables) {
        let thread = run.thread.unwrap();
        assert_eq!(
            w.table.tournament_table_of(thread),
            Some((HALL, 1, run.table))
        );
        // Seated in the pairing's order, people by id, bots as bots.
        let seats: Vec<(UserId, bool)> = w.table.with_slot(thread, |slot| {
            let a = slot.active.as_ref().unwrap();
            assert_eq!(Some(a.meta.game_id), run.game_id);
            a.meta.seats.iter().map(|s| (s.user, s.is_bot())).collect()
        });
        for (seat, (user, bot)) in planned.seats.iter().zip(&seats) {
            match seat {
                Seat::Person(p) => assert_eq!((*p, false), (*user, *bot)),
                Seat::Bot(_) => assert!(*bot),
            }
        }
        // The people are pinged in their thread.
        let pending = w.table.pending_in(thread);
        let people: Vec<UserId> = planned.seats.iter().filter_map(|s| s.person()).collect();
        assert!(
            pending.iter().any(|p| matches!(&p.delivery,
            Delivery::Channel { mentions, .. } if *mentions == people)),
            "{pending:?}"
        );
    }
    // The round's start is told once in the tournament's channel.
    let told = w.table.pending_in(HALL);
    assert_eq!(
        told.iter()
            .filter(|p| format!("{:?}", p.delivery).contains("Round 1 has started"))
            .count(),
        1
    );
    // Nothing more to do while the games play.
    assert_eq!(w.table.run_tournament(HALL, &threads).steps, 0);

    play_round(&w, 1);
    w.table.run_tournament(HALL, &threads);
    let event = w.table.tournament_event(HALL).unwrap().unwrap();
    assert_eq!(event.tournament.current_round(), 2);
    assert!(event
        .tables
        .iter()
        .filter(|t| t.round == 1)
        .all(|t| t.recorded));
    assert_eq!(threads.count(), 6);
    play_round(&w, 2);
    w.table.run_tournament(HALL, &threads);
    let event = w.table.tournament_event(HALL).unwrap().unwrap();
    assert_eq!(event.tournament.phase, Phase::Finished);
    assert_eq!(event.tournament.standings, event.tournament.recomputed());
    assert!(event.told_end);
    assert!(w.table.live_tournaments().is_empty());
    // Every person played two games; the bots stand nowhere.
    for u in 1..=7 {
        assert_eq!(event.tournament.standings.records[&u].games, 2);
    }
    assert_eq!(event.tournament.standings.records.len(), 7);
    let end = w.table.pending_in(HALL);
    assert!(end
        .iter()
        .any(|p| format!("{:?}", p.delivery).contains("is over")));
    let shown = text(&w.table.tournament_standings(HALL, &person(3)));
    assert!(
        shown.contains("1. p") && shown.lines().count() == 8,
        "{shown}"
    );
}

#[test]
fn a_thread_whose_reply_was_lost_is_found_by_name_not_made_twice() {
    let w = world();
    started(&w, 4, 2, 1);
    let threads = FakeThreads::default();
    threads.lose_reply.store(true, Ordering::SeqCst);
    let report = w.table.run_tournament(HALL, &threads);
    assert!(report.failed.is_some());
    // Within the request's lease nobody asks again for that table; the other goes on.
    let report = w.table.run_tournament(HALL, &threads);
    assert!(report.failed.is_none());
    assert_eq!(threads.count(), 2);
    let event = w.table.tournament_event(HALL).unwrap().unwrap();
    assert_eq!(event.tables[0].thread, None);
    assert_eq!(event.told_round, 0);
    // Past it, the thread made is found by its name and adopted.
    w.clock.advance(ASKING_LEASE_MS + 1);
    w.table.run_tournament(HALL, &threads);
    assert_eq!(threads.count(), 2);
    let event = w.table.tournament_event(HALL).unwrap().unwrap();
    assert_eq!(event.tables[0].thread, Some(10_000));
    assert!(event.tables.iter().all(|t| t.game_id.is_some()));
    assert_eq!(event.told_round, 1);
}

#[test]
fn a_request_that_failed_is_made_again_and_a_game_started_before_a_crash_is_adopted() {
    let w = world();
    started(&w, 4, 2, 1);
    let threads = FakeThreads::default();
    threads.down.store(true, Ordering::SeqCst);
    assert!(w.table.run_tournament(HALL, &threads).failed.is_some());
    threads.down.store(false, Ordering::SeqCst);
    // The failed request left its mark: past the lease the thread is looked for, not
    // found, and asked for again.
    w.clock.advance(ASKING_LEASE_MS + 1);
    // A crash right after a table's game started, before the runner stored its id.
    let first = {
        let report = w.table.run_tournament(HALL, &threads);
        assert!(report.failed.is_none());
        let mut event = w.table.tournament_event(HALL).unwrap().unwrap();
        let id = event.tables[0].game_id.take();
        w.table
            .change_tournament(HALL, |e| {
                *e = Some(event.clone());
                Ok(())
            })
            .unwrap();
        id
    };
    w.table.run_tournament(HALL, &threads);
    let event = w.table.tournament_event(HALL).unwrap().unwrap();
    assert_eq!(event.tables[0].game_id, first);
    assert_eq!(threads.count(), 2);
    let thread = event.tables[0].thread.unwrap();
    assert!(w.table.store.archived_ids(thread).unwrap().is_empty());
}

#[test]
fn standings_and_show_read_in_both_languages() {
    let w = world();
    started(&w, 4, 2, 1);
    let mut es = person(2);
    es.lang = Lang::Es;
    assert!(text(&w.table.tournament_show(HALL, &es)).contains("Torneo de Countdown"));
    assert!(text(&w.table.tournament_standings(HALL, &es)).contains("Clasificación"));
    let shown = text(&w.table.tournament_show(HALL, &person(2)));
    assert!(shown.contains("tournament, Swiss, tables of 2"), "{shown}");
    assert!(text(&w.table.tournament_leave(HALL, &es)).contains("empezado"));
}

/// On PostgreSQL, a tournament's change waits for the store's lock another process holds
/// (and is refused, changing nothing, when it never comes free), and two processes on one
/// database run one tournament: one seats it, the other makes its threads and games and
/// records its results.
#[test]
fn on_postgresql_changes_take_the_stores_lock_and_another_process_runs_the_tournament() {
    let url = storage::pg::testing::fresh_url().unwrap_or_else(|why| panic!("{why}"));
    let open = || -> Arc<dyn storage::Store> { Arc::new(storage::PgStore::open(&url, 2).unwrap()) };
    let (a, b) = (
        world_on(open(), tempfile::tempdir().unwrap()),
        world_on(open(), tempfile::tempdir().unwrap()),
    );
    started(&a, 4, 2, 1);
    let held = b.table.store.clone();
    let mut refused = None;
    let ran = held
        .exclusively(&format!("tournament:{HALL}"), &mut || {
            refused = Some(a.table.tournament_drop(HALL, &person(2)));
        })
        .unwrap();
    assert!(ran);
    assert!(text(&refused.unwrap()).contains("busy"));
    let threads = FakeThreads::default();
    let report = b.table.run_tournament(HALL, &threads);
    assert!(report.failed.is_none(), "{report:?}");
    assert_eq!(threads.count(), 2);
    play_round(&b, 1);
    a.table.run_tournament(HALL, &threads);
    let event = a.table.tournament_event(HALL).unwrap().unwrap();
    assert_eq!(event.tournament.phase, Phase::Finished);
    assert!(event
        .tournament
        .entrants
        .iter()
        .all(|e| e.dropped.is_none()));
    assert_eq!(event.tournament.standings, event.tournament.recomputed());
    assert!(b.table.live_tournaments().is_empty());
}

/// The runner is the same for every format: a knockout of six at two seats plays to its
/// final (byes played against bots), a round robin of four plays its three rounds.
#[test]
fn knockouts_and_round_robins_run_to_their_end() {
    for (format, people, rounds) in [(Format::Knockout, 6, 3), (Format::RoundRobin, 4, 3)] {
        let w = world();
        started_as(&w, format, people, 2, None);
        let threads = FakeThreads::default();
        for round in 1..=rounds {
            let report = w.table.run_tournament(HALL, &threads);
            assert!(report.failed.is_none(), "{format:?} {report:?}");
            play_round(&w, round);
        }
        w.table.run_tournament(HALL, &threads);
        let event = w.table.tournament_event(HALL).unwrap().unwrap();
        assert_eq!(event.tournament.phase, Phase::Finished, "{format:?}");
        assert_eq!(event.tournament.current_round(), rounds);
        assert_eq!(threads.count(), event.tables.len());
        assert!(event.tables.iter().all(|t| t.recorded));
    }
}

/// The server's tournament role is named and cleared with Manage Server only.
#[test]
fn the_tournament_role_is_a_manage_server_setting() {
    let w = world();
    let refused = w.table.set_tournament_role(&person(2), false, Some(77));
    assert!(text(&refused).contains("Manage Server"));
    assert_eq!(w.table.tournament_role(GUILD), None);
    let set = w.table.set_tournament_role(&person(1), true, Some(77));
    assert!(text(&set).contains("<@&77>"));
    assert_eq!(w.table.tournament_role(GUILD), Some(77));
    w.table.set_tournament_role(&person(1), true, None);
    assert_eq!(w.table.tournament_role(GUILD), None);
}

/// Manual rounds: after round 1 the runner waits; `next` (the organiser only) seats
/// round 2, whose threads the runner then makes.
#[test]
fn manual_rounds_wait_for_the_organisers_next() {
    let w = world();
    let ask = CreateTournament {
        title: "countdown".into(),
        format: Format::Swiss,
        table_size: 2,
        rounds: Some(2),
        bots: None,
        manual: true,
        timing: Default::default(),
        points: None,
    };
    w.table.tournament_create(HALL, &person(1), true, ask);
    for u in 1..=4 {
        w.table.tournament_join(HALL, &person(u));
    }
    let early = text(&w.table.tournament_next(HALL, &person(1), false));
    assert!(early.contains("not started"), "{early}");
    w.table.tournament_start(HALL, &person(1), false);
    let threads = FakeThreads::default();
    w.table.run_tournament(HALL, &threads);
    let playing = text(&w.table.tournament_next(HALL, &person(1), false));
    assert!(playing.contains("still playing"), "{playing}");
    play_round(&w, 1);
    w.table.run_tournament(HALL, &threads);
    let event = w.table.tournament_event(HALL).unwrap().unwrap();
    assert_eq!(event.tournament.phase, Phase::Waiting { round: 1 });
    assert_eq!(w.table.run_tournament(HALL, &threads).steps, 0);
    assert_eq!(threads.count(), 2);
    let refused = text(&w.table.tournament_next(HALL, &person(2), false));
    assert!(refused.contains("organiser"), "{refused}");
    let seated = text(&w.table.tournament_next(HALL, &person(1), false));
    assert!(seated.contains("Round 2"), "{seated}");
    w.table.run_tournament(HALL, &threads);
    assert_eq!(threads.count(), 4);
}

/// A person who drops out during a round ranks last at their table, keeps their points,
/// and is seated in no later round.
#[test]
fn a_person_who_drops_out_mid_round_ranks_last_there_and_plays_no_more() {
    let w = world();
    started(&w, 6, 3, 2);
    let threads = FakeThreads::default();
    w.table.run_tournament(HALL, &threads);
    let out = text(&w.table.tournament_drop(HALL, &person(4)));
    assert!(out.contains("dropped out"), "{out}");
    let again = text(&w.table.tournament_drop(HALL, &person(4)));
    assert!(again.contains("already"), "{again}");
    play_round(&w, 1);
    w.table.run_tournament(HALL, &threads);
    let event = w.table.tournament_event(HALL).unwrap().unwrap();
    let record = &event.tournament.standings.records[&4];
    assert_eq!((record.games, record.last_place), (1, 3));
    let round_two = &event.tournament.rounds[1];
    assert!(round_two
        .tables
        .iter()
        .all(|t| !t.seats.contains(&Seat::Person(4))));
    assert!(text(&w.table.tournament_standings(HALL, &person(1))).contains("(dropped out)"));
}
