//! Picture speed and size for a late-game state of each game (the test fixtures).
//! Prints `<game>_ms=` (median wall time of 21 renders after a warm-up), `<game>_cpu_ms=`
//! (this thread's CPU time per render: on a loaded machine wall time also counts the
//! waits for a core) and `<game>_kb=` lines, then runs the criterion benchmarks.
//! Targets: ≤ 30 ms and ≤ 150 KB per picture.

use criterion::{criterion_group, criterion_main, Criterion};
use rules::engine::Game;
use rules::PublicPicture;
use std::time::Instant;

fn fixture<G: Game>(game: &str) -> PublicPicture {
    let path = format!("{}/tests/fixtures/{game}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).expect("fixture exists");
    let g: G = serde_json::from_str(&text).expect("fixture is a valid snapshot");
    g.public_view().into()
}

fn cases() -> Vec<(&'static str, PublicPicture)> {
    vec![
        ("palazzo", fixture::<rules::palazzo::Palazzo>("palazzo")),
        ("villa", fixture::<rules::villa::Villa>("villa")),
        ("estates", fixture::<rules::estates::Estates>("estates")),
        ("princes", fixture::<rules::princes::Princes>("princes")),
    ]
}

fn names() -> Vec<String> {
    ["Ana", "Bruno", "Carla", "Dario", "Elena"]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

/// This thread's CPU time (user + system) in milliseconds, from `/proc` (Linux; 10 ms
/// ticks, so only meaningful summed over many renders).
fn thread_cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // Fields after the parenthesised command name; utime and stime are fields 14 and 15.
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = fields.get(11)?.parse().ok()?;
    let stime: f64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) * 10.0)
}

fn summary() {
    let names = names();
    for (game, view) in cases() {
        // Warm-up: the font and the glyph cache load once per process.
        render::warm_up();
        let png = render::public_png(&view, &names, words::Lang::En).expect("picture");
        let cpu_start = thread_cpu_ms();
        let mut times: Vec<f64> = (0..21)
            .map(|_| {
                let t = Instant::now();
                let png = render::public_png(&view, &names, words::Lang::En);
                std::hint::black_box(png);
                t.elapsed().as_secs_f64() * 1000.0
            })
            .collect();
        let cpu = thread_cpu_ms()
            .zip(cpu_start)
            .map(|(end, start)| (end - start) / times.len() as f64);
        times.sort_by(f64::total_cmp);
        println!("{game}_ms={:.1}", times[times.len() / 2]);
        if let Some(cpu) = cpu {
            println!("{game}_cpu_ms={cpu:.1}");
        }
        println!("{game}_kb={:.1}", png.len() as f64 / 1024.0);
    }
}

fn bench(c: &mut Criterion) {
    summary();
    let names = names();
    for (game, view) in cases() {
        c.bench_function(&format!("{game}_public_png"), |b| {
            b.iter(|| render::public_png(&view, &names, words::Lang::En))
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
