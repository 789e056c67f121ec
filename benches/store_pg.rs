//! The PostgreSQL store under load, printed as `name=value` lines. Starts its own
//! PostgreSQL server (`storage::pg::testing`: a temporary cluster on a Unix socket, its
//! default durability, fsync on) and measures:
//! - `pg_durable_actions_per_s`, `pg_p99_ms`: move-shaped commits (the game's row locked
//!   and rewritten, a log entry, a ~600-byte snapshot every 8th move, one outbox row, the
//!   reminder timer replaced) over 1,000 channels by 16 concurrent writers, each commit
//!   durable when it returns; before them, `pg_lone_commit_ms`: the median commit of
//!   one writer alone (on a channel of its own), a commit's own round trips and flush;
//! - `pg_open_100k_ms`: opening a store holding 100,000 games (10,000 running with their
//!   logs and timers, 90,000 archived) until it is ready to serve: connected, schema
//!   checked, the boot queries answered (unarchived finished games, next delivery and
//!   timer, due timers) and one game loaded;
//! - `pgbench_tps`: what the server itself does under the same conditions — `pgbench`
//!   (from the harness's bin dir) with as many clients as writers, each on its own
//!   channels, running a move-shaped transaction (lock a game row, rewrite its 600
//!   bytes, insert one outbox row) — and `pg_share_of_server`, the store's actions/s
//!   over that (goal ≥ 2/3), meaningful even on a loaded machine;
//! - `pg_client_cpu_us_per_action`, `pg_server_cpu_us_per_action`: where the CPU of the
//!   writers' phase went (this process; the server's processes), per action, beside
//!   `pgbench_server_cpu_us_per_tx`, the server's for one of pgbench's transactions;
//! - `pg_mean_batch`: the moves per transaction of the writers' phase (the store's group
//!   commit, `PgStore::commit_stats`).
//!
//! `cargo bench --bench store_pg`. Smaller runs: `STORE_PG_GAMES=2000
//! STORE_PG_ACTIONS=2000 STORE_PG_PGBENCH_S=2` (also `STORE_PG_CHANNELS`,
//! `STORE_PG_WRITERS`).

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
                bot: None,
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
        away: vec![],
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
    let snapshot = v.is_multiple_of(8).then(|| state(channel, v));
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

/// The kernel's CPU time unit in `/proc/<pid>/stat` (USER_HZ, 100 on Linux).
const TICKS_PER_S: f64 = 100.0;

/// User + system CPU ticks of a process and of its children that ended (fields 14 to 17
/// of `/proc/<pid>/stat`: the server's backends that closed count in the postmaster's),
/// counted after the parenthesised command name, which may hold spaces.
fn cpu_ticks(stat: &str) -> Option<(String, u64)> {
    let open = stat.find('(')?;
    let close = stat.rfind(')')?;
    let name = stat.get(open + 1..close)?.to_string();
    let fields: Vec<&str> = stat.get(close + 2..)?.split_whitespace().collect();
    let ticks = (11..15)
        .map(|i| fields.get(i)?.parse::<u64>().ok())
        .sum::<Option<u64>>()?;
    Some((name, ticks))
}

/// This process's CPU ticks, all threads.
fn cpu_ticks_self() -> u64 {
    std::fs::read_to_string("/proc/self/stat")
        .ok()
        .and_then(|s| cpu_ticks(&s))
        .map_or(0, |(_, t)| t)
}

/// The CPU ticks of every live `postgres` process (the bench's own server: nothing else
/// runs one on a bench machine).
fn cpu_ticks_server() -> u64 {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.flatten()
        .filter_map(|e| std::fs::read_to_string(e.path().join("stat")).ok())
        .filter_map(|s| cpu_ticks(&s))
        .filter(|(name, _)| name == "postgres")
        .map(|(_, t)| t)
        .sum()
}

fn durable(server: &PgServer) -> f64 {
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
    // One writer alone: a commit's own latency (its round trips and the WAL flush, no
    // group commit to share it with), on a channel of its own.
    let lone = knob("STORE_PG_LONE", 300).max(1) as u64;
    let mut alone: Vec<Duration> = (0..lone)
        .map(|n| commit_move(&store, channels, n + 1))
        .collect();
    alone.sort();
    println!(
        "pg_lone_commit_ms={:.2} (p50 of {lone} commits by one writer)",
        ms(percentile(&alone, 0.5))
    );
    let per_writer = actions / writers;
    let batches_before = store.commit_stats();
    let cpu_before = (cpu_ticks_self(), cpu_ticks_server());
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
    let cpu = (
        cpu_ticks_self().saturating_sub(cpu_before.0),
        cpu_ticks_server().saturating_sub(cpu_before.1),
    );
    lat.sort();
    println!(
        "{writers} writers: {} durable moves over {channels} channels in {wall:.2?}: p50 {:.2} ms, max {:.2} ms",
        lat.len(),
        ms(percentile(&lat, 0.5)),
        ms(lat[lat.len() - 1]),
    );
    let per_s = lat.len() as f64 / wall.as_secs_f64();
    println!("pg_durable_actions_per_s={per_s:.0}");
    println!("pg_p99_ms={:.2}", ms(percentile(&lat, 0.99)));
    // Where the CPU went: this process (the store's encoding, the driver, the writers)
    // and the server's processes, in microseconds of CPU per action.
    let per_action = |ticks: u64| ticks as f64 * 1e6 / TICKS_PER_S / lat.len() as f64;
    println!("pg_client_cpu_us_per_action={:.0}", per_action(cpu.0));
    println!("pg_server_cpu_us_per_action={:.0}", per_action(cpu.1));
    // Group commit: the moves per transaction of the writers' phase.
    let batches = store.commit_stats().since(batches_before);
    println!(
        "pg_mean_batch={:.2} ({} moves in {} batches, {} retried one by one)",
        batches.mean_batch(),
        batches.commits,
        batches.batches,
        batches.retried
    );
    per_s
}

/// The server's own move-shaped transactions per second: `pgbench` with one client per
/// writer, client `i` on the channels `i`, `i + clients`, … (as the store's writers),
/// prepared statements, for `STORE_PG_PGBENCH_S` seconds.
fn pgbench(server: &PgServer) -> f64 {
    let channels = knob("STORE_PG_CHANNELS", 1_000).max(1);
    let clients = knob("STORE_PG_WRITERS", 16).max(1);
    let seconds = knob("STORE_PG_PGBENCH_S", 10).max(1);
    let bin = storage::pg::testing::server_bin_dir()
        .expect("server binaries")
        .join("pgbench");
    let dir = tempfile::tempdir().expect("temporary directory");
    let setup = dir.path().join("setup.sql");
    let script = dir.path().join("move.sql");
    std::fs::write(
        &setup,
        format!(
            "CREATE SCHEMA pgbench_move;\n\
             CREATE TABLE pgbench_move.games (channel BIGINT PRIMARY KEY, version BIGINT NOT NULL, state BYTEA NOT NULL);\n\
             CREATE TABLE pgbench_move.outbox (id BIGSERIAL PRIMARY KEY, channel BIGINT NOT NULL, payload BYTEA NOT NULL);\n\
             INSERT INTO pgbench_move.games SELECT c, 0, decode(repeat(lpad(to_hex(c % 251), 2, '0'), 600), 'hex') FROM generate_series(0, {last}) AS c;\n",
            last = channels - 1
        ),
    )
    .expect("setup script");
    let rounds = (channels / clients).max(1) - 1;
    std::fs::write(
        &script,
        format!(
            "\\set ch :client_id + {clients} * random(0, {rounds})\n\
             BEGIN;\n\
             SELECT version FROM pgbench_move.games WHERE channel = :ch FOR UPDATE;\n\
             UPDATE pgbench_move.games SET version = version + 1, state = overlay(state placing int8send(version) from 1 for 8) WHERE channel = :ch;\n\
             INSERT INTO pgbench_move.outbox (channel, payload) VALUES (:ch, decode(repeat('07', 200), 'hex'));\n\
             END;\n"
        ),
    )
    .expect("move script");
    let url = server.url("postgres");
    let port = url
        .split_whitespace()
        .find_map(|kv| kv.strip_prefix("port="))
        .expect("port");
    let run = |args: &[&str], file: &std::path::Path| {
        let out = std::process::Command::new(&bin)
            .arg("-h")
            .arg(server.socket_dir())
            .args(["-p", port, "-U", storage::pg::testing::TEST_USER, "-n"])
            .args(args)
            .arg("-f")
            .arg(file)
            .arg("postgres")
            .output()
            .expect("pgbench runs");
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(
            out.status.success(),
            "pgbench failed: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        text
    };
    run(&["-t", "1", "-c", "1"], &setup);
    let (c, s) = (clients.to_string(), seconds.to_string());
    let server_before = cpu_ticks_server();
    let out = run(&["-M", "prepared", "-c", &c, "-j", "2", "-T", &s], &script);
    let server_ticks = cpu_ticks_server().saturating_sub(server_before);
    let tps: f64 = out
        .lines()
        .find_map(|l| l.strip_prefix("tps = "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no tps in pgbench's output: {out}"));
    println!("pgbench: {clients} clients, move-shaped transactions for {seconds} s");
    println!("pgbench_tps={tps:.0}");
    println!(
        "pgbench_server_cpu_us_per_tx={:.0}",
        server_ticks as f64 * 1e6 / TICKS_PER_S / (tps * seconds as f64).max(1.0)
    );
    tps
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
    let store = durable(&server);
    let tps = pgbench(&server);
    println!("pg_share_of_server={:.2}", store / tps);
    open_100k(&server);
}
