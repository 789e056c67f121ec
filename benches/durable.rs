//! Durable actions per second and latency percentiles across 1,000 channels.
//!
//! Every action goes through `Table::handle`: rule check, snapshot + log entry + metadata
//! in one sled transaction, flush, deliveries. Run with
//! `cargo bench --bench durable` (add `-- --channels 1000 --actions 20000 --threads 4`).
//! Uses the internal test game so the numbers measure the table and store, not an engine.

use std::sync::Arc;
use std::time::{Duration, Instant};
use storage::SledStore;
use table::{Caller, Command, Table};

fn arg(name: &str, default: usize) -> usize {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn start(table: &Table, channel: u64) {
    table.handle(
        channel,
        &Caller::new(1, "ana"),
        Command::parse(&format!("new countdown seed={channel}")),
    );
    table.handle(channel, &Caller::new(2, "bruno"), Command::Join);
    table.handle(channel, &Caller::new(1, "ana"), Command::Start);
}

/// Plays one legal action in `channel` (starting a new game when the last one ended);
/// returns its latency.
fn step(table: &Table, channel: u64) -> Duration {
    let prompt = table.prompts(channel).into_iter().next();
    let Some(p) = prompt else {
        start(table, channel);
        return step(table, channel);
    };
    let actions = table.legal_actions(channel, p.user);
    let action = actions[(channel as usize + p.state.version as usize) % actions.len()].clone();
    let caller = Caller::new(p.user, p.name);
    let t = Instant::now();
    let d = table.handle(channel, &caller, Command::Play(action));
    let elapsed = t.elapsed();
    assert!(
        matches!(d.first(), Some(table::Delivery::Channel { .. })),
        "{d:?}"
    );
    elapsed
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn main() {
    let channels = arg("--channels", 1000) as u64;
    let actions = arg("--actions", 10_000);
    let threads = arg("--threads", 4).max(1);
    let dir = tempfile::tempdir().expect("temp dir");
    let table = Arc::new(Table::new(Arc::new(
        SledStore::open(dir.path()).expect("store"),
    )));
    let t = Instant::now();
    for ch in 0..channels {
        start(&table, ch);
    }
    println!("set up {channels} channels in {:.2?}", t.elapsed());

    for threads in [1, threads] {
        let per_thread = actions / threads;
        let t = Instant::now();
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let table = table.clone();
                std::thread::spawn(move || {
                    // Each thread walks its own share of the channels, round robin.
                    let mine: Vec<u64> = (0..channels)
                        .filter(|c| *c as usize % threads == i)
                        .collect();
                    (0..per_thread)
                        .map(|n| step(&table, mine[n % mine.len()]))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut lat: Vec<Duration> = handles
            .into_iter()
            .flat_map(|h| h.join().expect("thread"))
            .collect();
        let wall = t.elapsed();
        lat.sort();
        println!(
            "{threads} thread(s): {} durable actions over {channels} channels in {wall:.2?}: {:.0} actions/s, p50 {:.2?}, p99 {:.2?}, max {:.2?}",
            lat.len(),
            lat.len() as f64 / wall.as_secs_f64(),
            percentile(&lat, 0.50),
            percentile(&lat, 0.99),
            lat[lat.len() - 1],
        );
    }
}
