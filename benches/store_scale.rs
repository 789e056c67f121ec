//! The store at scale: start-up, memory, disk and durable throughput, printed as one
//! `name=value` line per figure.
//!
//! `cargo bench --bench store_scale` builds a store of 100,000 games (10,000 running,
//! 90,000 finished and archived) of all four titles with realistic states (random legal
//! playouts), then measures:
//! - `open_100k_ms`: opening that store and the table over it (in a fresh process);
//! - `rss_10k_touched_mb`: VmRSS of that process after touching 10,000 running games
//!   through `Table` (each loaded and restored from its snapshot);
//! - `disk_ratio`: bytes on disk / bytes of game data handed to the store;
//! - `durable_actions_per_s`, `p99_ms_4_threads`: random legal moves of the four titles
//!   through `Table::handle` over 1,000 channels, 4 threads, every action flushed,
//!   while 4 sender threads confirm each stored delivery (`Table::delivered`) as the
//!   Discord dispatcher does (`--deliver 0`: nothing is confirmed, the outbox grows).
//!
//! Smaller runs: `-- --games 10000 --running 1000 --touch 1000 --actions 2000`.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rules::dynamic::GameKind;
use serde_json::{json, Value};
use std::path::Path;
use std::process::Command as Process;
use std::sync::Arc;
use std::time::{Duration, Instant};
use storage::{ArchiveEntry, Commit, LogEntry, Meta, SeatedUser, SledStore, Status, Store};
use table::{Caller, Command, Table};

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn arg_text(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .cloned()
}

/// Player count used for every title (Princes needs 3).
const PLAYERS: usize = 3;
/// A playout longer than this is cut (a safety net; real games end far sooner).
const MAX_ACTIONS: usize = 5_000;
const NAMES: [&str; 5] = ["ana", "bruno", "carla", "dario", "elena"];

/// A realistic stored game: an engine state reached by random legal moves.
struct Sample {
    kind: &'static GameKind,
    /// The state after the last move.
    snapshot: Vec<u8>,
    /// The state after the last multiple of `SNAPSHOT_EVERY` moves, and that number: a
    /// running game is stored as the table stores it, this and the moves since.
    stored: (u64, Vec<u8>),
    /// Every move, in order.
    entries: Vec<LogEntry>,
    version: u64,
    outcome: Option<Value>,
    over: bool,
}

/// Plays random legal moves of `kind` from `seed`, stopping after `stop_at` actions (or
/// at the end when `None`).
fn playout(kind: &'static GameKind, seed: u64, stop_at: Option<usize>) -> Sample {
    let names: Vec<String> = NAMES[..PLAYERS].iter().map(|s| s.to_string()).collect();
    let mut game = (kind.new)(PLAYERS, &json!({}), seed).expect("setup");
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut version = 0u64;
    let mut entries = Vec::new();
    let mut stored = (0, game.snapshot());
    while !game.is_over() && version < stop_at.unwrap_or(MAX_ACTIONS) as u64 {
        let mut seats = game.awaiting();
        seats.shuffle(&mut rng);
        let seat = seats[0];
        let legal = game.legal_texts(seat);
        let Some(text) = legal.choose(&mut rng) else {
            break;
        };
        let applied = game.apply_text(seat, text, &names).expect("legal move");
        version += 1;
        entries.push(LogEntry {
            seat,
            action: applied.action,
            text: applied.text,
            public: applied
                .narrations
                .iter()
                .filter(|n| n.audience == rules::engine::Audience::Everyone)
                .map(|n| n.text.clone())
                .collect(),
            at: 1_700_000_000 + version,
        });
        if version.is_multiple_of(table::SNAPSHOT_EVERY) {
            stored = (version, game.snapshot());
        }
    }
    Sample {
        kind,
        snapshot: game.snapshot(),
        stored,
        entries,
        version,
        outcome: game.outcome().and_then(|o| serde_json::to_value(o).ok()),
        over: game.is_over(),
    }
}

fn meta_of(channel: u64, sample: &Sample, status: Status) -> Meta {
    Meta {
        schema: storage::SCHEMA_VERSION,
        game_id: channel + 1,
        channel,
        game: sample.kind.id.to_string(),
        options: json!({}),
        seed: channel,
        seats: (0..PLAYERS)
            .map(|i| SeatedUser::person(1000 + i as u64, NAMES[i].to_string()))
            .collect(),
        host: 1000,
        status,
        created: 1_700_000_000,
        updated: 1_700_000_000 + sample.version,
        version: sample.version,
        guild: 1,
        settings: Default::default(),
        dropped: vec![],
        nudged_ms: 0,
        away: vec![],
    }
}

fn json_len<T: serde::Serialize>(v: &T) -> u64 {
    serde_json::to_vec(v).map(|b| b.len() as u64).unwrap_or(0)
}

/// Bytes the files under `dir` occupy on disk.
fn disk_bytes(dir: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let mut total = 0;
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let Ok(meta) = entry.metadata() else { continue };
        if meta.is_dir() {
            total += disk_bytes(&entry.path());
        } else {
            total += meta.blocks() * 512;
        }
    }
    total
}

/// Fills `dir` with `games` games: channels `0..running` running (the last stored
/// snapshot and the log entries since), the rest finished and archived. Returns the
/// bytes of game data handed over.
fn build_store(dir: &Path, games: u64, running: u64, threads: usize) -> u64 {
    let t = Instant::now();
    let kinds = rules::catalog::games();
    let mut mid = Vec::new();
    let mut end = Vec::new();
    let mut rng = ChaCha8Rng::seed_from_u64(42);
    for (k, kind) in kinds.iter().enumerate() {
        for i in 0..24u64 {
            let seed = k as u64 * 1000 + i;
            // A running game is one that is not over yet (a short random game may end).
            let running = (0..)
                .map(|n| playout(kind, seed + 100 * n, Some(rng.gen_range(3..120))))
                .find(|s| !s.over)
                .expect("some state is not over");
            mid.push(running);
            end.push(playout(kind, seed + 500, None));
        }
    }
    eprintln!(
        "played {} sample states in {:.1?}",
        mid.len() + end.len(),
        t.elapsed()
    );
    let t = Instant::now();
    let store: Arc<dyn Store> = Arc::new(SledStore::open(dir).expect("store"));
    let (mid, end) = (Arc::new(mid), Arc::new(end));
    let handles: Vec<_> = (0..threads)
        .map(|i| {
            let (store, mid, end) = (store.clone(), mid.clone(), end.clone());
            std::thread::spawn(move || {
                let mut data = 0u64;
                for channel in (i as u64..games).step_by(threads) {
                    if channel < running {
                        // As the table leaves it: the last stored snapshot, then a
                        // commit per move since (only the moves from the snapshot on
                        // are logged: loads read no earlier entry).
                        let s = &mid[channel as usize % mid.len()];
                        let (at, snapshot) = &s.stored;
                        let mut meta = meta_of(channel, s, Status::Running);
                        for version in *at..=s.version {
                            meta.version = version;
                            let entry = version.checked_sub(1).map(|i| &s.entries[i as usize]);
                            store
                                .commit(Commit {
                                    meta: &meta,
                                    snapshot: (version == *at).then_some(snapshot.as_slice()),
                                    entry,
                                    outbox: &[],
                                    timers: &[],
                                    seats: None,
                                })
                                .expect("commit");
                            data += entry.map_or(0, json_len);
                        }
                        data += snapshot.len() as u64 + json_len(&meta);
                    } else {
                        let s = &end[channel as usize % end.len()];
                        let entry = ArchiveEntry {
                            meta: meta_of(channel, s, Status::Finished),
                            outcome: s.outcome.clone(),
                            snapshot: s.snapshot.clone(),
                        };
                        store.archive(&entry, &[]).expect("archive");
                        data += s.snapshot.len() as u64
                            + json_len(&entry.meta)
                            + json_len(&entry.outcome);
                    }
                }
                data
            })
        })
        .collect();
    let data = handles
        .into_iter()
        .map(|h| h.join().expect("builder"))
        .sum();
    store.flush().expect("flush");
    eprintln!("stored {games} games in {:.1?}", t.elapsed());
    data
}

fn rss_mb() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

/// CPU time (user and system) this process has used so far, in seconds.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which ends with the last ')'): utime is the 12th.
    let fields: Vec<&str> = stat
        .rsplit_once(')')
        .map_or("", |(_, rest)| rest)
        .split_whitespace()
        .collect();
    let ticks: f64 = fields.get(11..13).map_or(0.0, |f| {
        f.iter().filter_map(|v| v.parse::<f64>().ok()).sum()
    });
    ticks / 100.0
}

/// The child process: opens the store and the table, touches `touch` running games,
/// prints its open time and resident memory.
fn child(dir: &str) {
    let touch = arg("--touch", 10_000) as u64;
    let running = arg("--running", 10_000) as u64;
    let cache = arg("--cache", 1_000);
    let t = Instant::now();
    let store = SledStore::open(dir).expect("store");
    let table = Table::with_cache(Arc::new(store), cache);
    let open = t.elapsed();
    let mut seen = 0;
    for channel in 0..touch {
        if !table.prompts(channel % running.max(1)).is_empty() {
            seen += 1;
        }
    }
    assert_eq!(seen, touch, "every touched game loads");
    println!("open_ms={:.1}", open.as_secs_f64() * 1000.0);
    println!("rss_mb={:.1}", rss_mb());
}

/// Opens a game in `channel` and starts it; returns the outbox rows it stored.
fn start(table: &Table, channel: u64) -> Vec<u64> {
    let title = rules::catalog::games()[channel as usize % 4].id;
    let mut out = table.handle(
        channel,
        &Caller::new(1, NAMES[0]),
        Command::parse(&format!("new {title} seed={channel}")),
    );
    for (i, name) in NAMES.iter().enumerate().take(PLAYERS).skip(1) {
        out.extend(table.handle(channel, &Caller::new(1 + i as u64, *name), Command::Join));
    }
    out.extend(table.handle(channel, &Caller::new(1, NAMES[0]), Command::Start));
    out.iter().filter_map(|d| d.outbox()).collect()
}

/// Plays one random legal move in `channel` (a new game when the last one ended);
/// returns the latency of the durable action and the outbox rows it stored.
fn step(table: &Table, channel: u64, rng: &mut ChaCha8Rng) -> (Duration, Vec<u64>) {
    let Some(p) = table.prompts(channel).into_iter().next() else {
        let started = start(table, channel);
        let (latency, ids) = step(table, channel, rng);
        return (latency, [started, ids].concat());
    };
    let actions = table.legal_actions(channel, p.user);
    let action = actions.choose(rng).expect("a legal action").clone();
    let caller = Caller::new(p.user, p.name);
    let t = Instant::now();
    let d = table.handle(channel, &caller, Command::Play(action));
    let elapsed = t.elapsed();
    assert!(
        !matches!(d.first(), Some(table::Delivery::Ephemeral { .. })),
        "{d:?}"
    );
    (elapsed, d.iter().filter_map(|d| d.outbox()).collect())
}

/// Durable actions/s and the p99 latency with `threads` threads over `channels`.
/// With `deliver`, as many sender threads as movers confirm every stored delivery as it
/// is handed out (`Table::delivered`, what the Discord dispatcher's tasks do once
/// Discord answers), so the outbox is drained while moves are written, as in the bot.
fn durable(dir: &Path, channels: u64, actions: usize, threads: usize, deliver: bool) -> (f64, f64) {
    let table = Arc::new(Table::new(Arc::new(SledStore::open(dir).expect("store"))));
    for ch in 0..channels {
        for id in start(&table, ch).into_iter().filter(|_| deliver) {
            table.delivered(id);
        }
    }
    let (sent, to_send) = std::sync::mpsc::channel::<Vec<u64>>();
    let to_send = Arc::new(std::sync::Mutex::new(to_send));
    let senders: Vec<_> = (0..if deliver { threads } else { 0 })
        .map(|_| {
            let table = table.clone();
            let to_send = to_send.clone();
            std::thread::spawn(move || {
                let mut confirmed = 0u64;
                loop {
                    let next = to_send.lock().expect("queue").recv();
                    let Ok(ids) = next else {
                        return confirmed;
                    };
                    for id in ids {
                        table.delivered(id);
                        confirmed += 1;
                    }
                }
            })
        })
        .collect();
    let per_thread = actions / threads;
    let cpu = cpu_seconds();
    let t = Instant::now();
    let handles: Vec<_> = (0..threads)
        .map(|i| {
            let table = table.clone();
            let sent = sent.clone();
            std::thread::spawn(move || {
                let mut rng = ChaCha8Rng::seed_from_u64(i as u64);
                let mine: Vec<u64> = (0..channels)
                    .filter(|c| *c as usize % threads == i)
                    .collect();
                (0..per_thread)
                    .map(|n| {
                        let (latency, ids) = step(&table, mine[n % mine.len()], &mut rng);
                        if deliver {
                            sent.send(ids).expect("sender runs");
                        }
                        latency
                    })
                    .collect::<Vec<_>>()
            })
        })
        .collect();
    drop(sent);
    let mut lat: Vec<Duration> = handles
        .into_iter()
        .flat_map(|h| h.join().expect("thread"))
        .collect();
    let wall = t.elapsed();
    let confirmed: u64 = senders.into_iter().map(|s| s.join().expect("sender")).sum();
    let cpu = cpu_seconds() - cpu;
    println!(
        "deliveries_confirmed={confirmed} sender_lag_ms={:.0} outbox_left={}",
        (t.elapsed() - wall).as_secs_f64() * 1000.0,
        table.pending(u64::MAX, usize::MAX).len()
    );
    println!(
        "durable_cpu_us_per_action={:.0}",
        cpu * 1e6 / lat.len().max(1) as f64
    );
    lat.sort();
    let at = |q: f64| lat[((lat.len() as f64 - 1.0) * q).round() as usize].as_secs_f64() * 1000.0;
    println!(
        "durable_latency_ms p50={:.2} p90={:.2} p99={:.2} p999={:.2} max={:.2}",
        at(0.5),
        at(0.9),
        at(0.99),
        at(0.999),
        at(1.0)
    );
    let p99 = lat[((lat.len() as f64 - 1.0) * 0.99).round() as usize];
    (
        lat.len() as f64 / wall.as_secs_f64(),
        p99.as_secs_f64() * 1000.0,
    )
}

fn main() {
    if let Some(dir) = arg_text("--child") {
        child(&dir);
        return;
    }
    let games = arg("--games", 100_000) as u64;
    let running = arg("--running", 10_000) as u64;
    let touch = arg("--touch", 10_000);
    let cache = arg("--cache", 1_000);
    let channels = arg("--channels", 1_000) as u64;
    let actions = arg("--actions", 10_000);
    let threads = arg("--threads", 4).max(1);
    let deliver = arg("--deliver", 1) != 0;

    let big = tempfile::tempdir().expect("temp dir");
    let data = build_store(big.path(), games, running, 4);
    let disk = disk_bytes(big.path());
    let exe = std::env::current_exe().expect("own path");
    let out = Process::new(&exe)
        .args(["--child", big.path().to_str().expect("utf-8 path")])
        .args(["--touch", &touch.to_string()])
        .args(["--running", &running.to_string()])
        .args(["--cache", &cache.to_string()])
        .output()
        .expect("child runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let figure = |name: &str| {
        text.lines()
            .find_map(|l| l.strip_prefix(name))
            .unwrap_or("?")
            .to_string()
    };

    // The big store is measured: remove it, and let the kernel write back what is
    // still dirty, so its writeback does not compete with the durable phase's syncs.
    drop(big);
    let _ = Process::new("sync").status();
    let small = tempfile::tempdir().expect("temp dir");
    let (per_s, p99) = durable(small.path(), channels, actions, threads, deliver);

    println!("games={games} running={running} touched={touch} cache_games={cache}");
    println!("open_100k_ms={}", figure("open_ms="));
    println!("rss_10k_touched_mb={}", figure("rss_mb="));
    println!("disk_mb={:.1}", disk as f64 / 1e6);
    println!("game_data_mb={:.1}", data as f64 / 1e6);
    println!("disk_ratio={:.2}", disk as f64 / data as f64);
    println!("durable_actions_per_s={per_s:.0}");
    println!("p99_ms_{threads}_threads={p99:.2}");
}
