//! `capomaestro arena`: bots of given levels play each other N times, seats rotating,
//! and the standings come out per player — wins (a tie shares the win), win share with a
//! 95% Wilson interval, mean score, and milliseconds per move.

use ai::Level;
use rules::{Game, Seat};
use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What to play.
#[derive(Debug, Clone)]
pub struct ArenaOptions {
    /// A game id (`palazzo`…) or alias.
    pub game: String,
    /// One level per player; the player count.
    pub seats: Vec<Level>,
    pub games: usize,
    pub seed: u64,
    /// Games played at once (threads).
    pub jobs: usize,
    /// How finished games are reported on stderr while the run goes on.
    pub progress: Progress,
    /// Write every game's record (docs/records.md) to `DIR/<game>.jsonl`, one a line,
    /// in the order the games finish.
    pub records: Option<std::path::PathBuf>,
}

/// How an arena run reports its progress on stderr.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// A bar redrawn in place: stderr is a terminal.
    Bar,
    /// A line at every tenth of the games (`palazzo: 20/200 games`): stderr is a file or
    /// a pipe, where a long run (hours at `hard`) still shows how far it is.
    Lines,
}

impl Progress {
    /// The bar on a terminal, lines elsewhere.
    pub fn for_stderr() -> Progress {
        if stderr_is_terminal() {
            Progress::Bar
        } else {
            Progress::Lines
        }
    }
}

/// One player's standing over all games.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    pub player: Level,
    /// First places, a tie counting 1/k for each of k winners.
    pub wins: f64,
    pub win_rate: f64,
    pub ci95: (f64, f64),
    pub mean_score: f64,
    pub ms_per_move_p50: f64,
    pub ms_per_move_p99: f64,
    /// Moves whose search the safety deadline cut short.
    pub capped_moves: usize,
    pub moves: usize,
}

/// The arena's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Report {
    pub game: &'static str,
    pub games: usize,
    pub seats: Vec<Standing>,
    /// Per game, in game-number order: each player's finishing place (1 = first, equal
    /// places tied), what `--calibrate` rates.
    pub places: Vec<Vec<u32>>,
}

/// One finished game, per player (not per seat).
struct GameResult {
    share: Vec<f64>,
    places: Vec<u32>,
    score: Vec<f64>,
    ms: Vec<Vec<f64>>,
    capped: Vec<usize>,
    /// The game's record as one line of JSON, when asked for.
    record: Option<String>,
}

/// The safety cap on one move's search: far above the level's budget, so it only fires
/// on a stalled machine (and is counted when it does).
fn deadline_for(level: Level) -> Duration {
    match level {
        Level::Random | Level::Auto => Duration::from_secs(10),
        Level::Easy => Duration::from_millis(250),
        Level::Normal => Duration::from_millis(2_500),
        Level::Hard => Duration::from_secs(15),
    }
}

/// A 64-bit mix (splitmix64) of the arena seed with a game or move number.
fn mix(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays game number `number`: player `p` sits at seat `(p + number) % players`.
fn play_one<G: Game>(
    levels: &[Level],
    seed: u64,
    number: usize,
    keep_record: bool,
) -> Result<GameResult, String> {
    let players = levels.len();
    let game_seed = mix(seed, number as u64);
    let mut game = G::new(players, &G::Options::default(), game_seed)
        .map_err(|e| format!("game {number}: {e}"))?;
    let rotation = number % players;
    let player_at = |seat: Seat| (seat + players - rotation) % players;
    let mut ms = vec![Vec::new(); players];
    let mut capped = vec![0; players];
    let mut moves = 0u64;
    let mut log = Vec::new();
    while !game.is_over() {
        if moves > 100_000 {
            return Err(format!("game {number}: not over after {moves} moves"));
        }
        let seat = game
            .awaiting()
            .into_iter()
            .min()
            .ok_or_else(|| format!("game {number}: not over but awaits nobody"))?;
        let player = player_at(seat);
        let level = levels[player];
        let start = Instant::now();
        let deadline = start + deadline_for(level);
        let stop = || Instant::now() >= deadline;
        let decision = ai::decide(&game, seat, level, mix(game_seed, moves), &stop)
            .ok_or_else(|| format!("game {number}: seat {seat} is awaited with no move"))?;
        ms[player].push(start.elapsed().as_secs_f64() * 1000.0);
        if decision.stopped {
            capped[player] += 1;
        }
        let legal = game.legal_actions(seat);
        let action = legal
            .get(decision.index)
            .ok_or_else(|| format!("game {number}: the bot chose no listed move"))?;
        game.apply(seat, action)
            .map_err(|e| format!("game {number}: the bot's `{action}` was refused: {e}"))?;
        if keep_record {
            log.push((seat, action.clone()));
        }
        moves += 1;
    }
    let outcome = game
        .outcome()
        .ok_or_else(|| format!("game {number}: over without an outcome"))?;
    let mut share = vec![0.0; players];
    let mut score = vec![0.0; players];
    for w in &outcome.winners {
        share[player_at(*w)] += 1.0 / outcome.winners.len() as f64;
    }
    for r in &outcome.results {
        score[player_at(r.seat)] = r.total as f64;
    }
    let by_seat = table::ratings::places(&outcome, players, &[]);
    let mut places = vec![0; players];
    for (seat, place) in by_seat.into_iter().enumerate() {
        places[player_at(seat)] = place;
    }
    let record = if keep_record {
        let seats: Vec<Level> = (0..players).map(|seat| levels[player_at(seat)]).collect();
        Some(record_of::<G>(game_seed, &seats, &log).map_err(|e| format!("game {number}: {e}"))?)
    } else {
        None
    };
    Ok(GameResult {
        share,
        places,
        score,
        ms,
        capped,
        record,
    })
}

/// An arena game's record, as one line of JSON: its seats named by player number and
/// level, each marked a bot of that level.
fn record_of<G: Game>(
    seed: u64,
    seats: &[Level],
    log: &[(Seat, G::Action)],
) -> Result<String, String> {
    let meta = storage::Meta {
        schema: storage::SCHEMA_VERSION,
        game_id: 0,
        channel: 0,
        game: G::ID.to_string(),
        options: serde_json::Value::Null,
        seed,
        seats: seats
            .iter()
            .enumerate()
            .map(|(seat, level)| storage::SeatedUser::person(0, format!("{} {level}", seat + 1)))
            .collect(),
        host: 0,
        status: storage::Status::Finished,
        created: 0,
        updated: 0,
        version: log.len() as u64,
        guild: 0,
        settings: storage::Settings::default(),
        dropped: Vec::new(),
        nudged_ms: 0,
        away: Vec::new(),
    };
    let entries: Vec<storage::LogEntry> = log
        .iter()
        .map(|(seat, action)| storage::LogEntry {
            seat: *seat,
            action: serde_json::to_value(action).unwrap_or_default(),
            text: action.to_string(),
            public: Vec::new(),
            at: 0,
        })
        .collect();
    let mut record = table::record::build(&meta, &entries, table::record::RecordOptions::default())
        .map_err(|e| e.to_string())?;
    for (player, level) in record.players.iter_mut().zip(seats) {
        player.bot = Some(level.name().to_string());
    }
    Ok(record.to_json_line())
}

/// The 95% Wilson score interval of a proportion `p` over `n` trials.
pub fn wilson95(p: f64, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96_f64;
    let n = n as f64;
    let denominator = 1.0 + z * z / n;
    let center = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((center - half).max(0.0), (center + half).min(1.0))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn run_typed<G: Game>(options: &ArenaOptions) -> Result<Report, String> {
    let levels = &options.seats;
    let (min, max) = G::PLAYERS;
    if levels.len() < min || levels.len() > max {
        return Err(format!(
            "{} is played by {min} to {max} players; --seats lists {}.",
            G::TITLE,
            levels.len()
        ));
    }
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<GameResult, String>>>> =
        Mutex::new((0..options.games).map(|_| None).collect());
    let records = match &options.records {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            let path = dir.join(format!("{}.jsonl", G::ID));
            let file = std::fs::File::create(&path)
                .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
            Some(Mutex::new(std::io::BufWriter::new(file)))
        }
        None => None,
    };
    let written: Mutex<Result<(), String>> = Mutex::new(Ok(()));
    let progress = |finished: usize| match options.progress {
        Progress::Lines => {
            let games = options.games.max(1);
            // One line each time another tenth of the games is done (and at the end).
            if finished * 10 / games != (finished - 1) * 10 / games || finished == games {
                eprintln!("{}: {finished}/{} games", G::ID, options.games);
            }
        }
        Progress::Bar => {
            let width = 30;
            let filled = finished * width / options.games.max(1);
            let mut err = std::io::stderr().lock();
            let _ = write!(
                err,
                "\r{} [{}{}] {finished}/{}",
                G::ID,
                "#".repeat(filled),
                " ".repeat(width - filled),
                options.games
            );
            let _ = err.flush();
        }
    };
    std::thread::scope(|scope| {
        for _ in 0..options.jobs.max(1) {
            scope.spawn(|| loop {
                let number = next.fetch_add(1, Ordering::Relaxed);
                if number >= options.games {
                    break;
                }
                let mut result = play_one::<G>(levels, options.seed, number, records.is_some());
                if let (Some(out), Ok(r)) = (&records, &mut result) {
                    if let Some(line) = r.record.take() {
                        let wrote = out
                            .lock()
                            .map_err(|e| e.to_string())
                            .and_then(|mut f| writeln!(f, "{line}").map_err(|e| e.to_string()));
                        if let (Err(e), Ok(mut w)) = (wrote, written.lock()) {
                            *w = Err(format!("writing the records: {e}"));
                        }
                    }
                }
                if let Ok(mut all) = results.lock() {
                    all[number] = Some(result);
                }
                progress(done.fetch_add(1, Ordering::Relaxed) + 1);
            });
        }
    });
    if options.progress == Progress::Bar {
        eprintln!();
    }
    written.into_inner().map_err(|e| e.to_string())??;
    if let Some(out) = records {
        out.into_inner()
            .map_err(|e| e.to_string())?
            .flush()
            .map_err(|e| format!("writing the records: {e}"))?;
    }
    let results = results.into_inner().map_err(|e| e.to_string())?;
    let players = levels.len();
    let mut wins = vec![0.0; players];
    let mut scores = vec![0.0; players];
    let mut ms: Vec<Vec<f64>> = vec![Vec::new(); players];
    let mut capped = vec![0; players];
    let mut places = Vec::with_capacity(results.len());
    for result in results {
        let r = result.ok_or("a game was not played")??;
        places.push(r.places.clone());
        for p in 0..players {
            wins[p] += r.share[p];
            scores[p] += r.score[p];
            ms[p].extend(&r.ms[p]);
            capped[p] += r.capped[p];
        }
    }
    let n = options.games;
    let seats = (0..players)
        .map(|p| {
            let mut times = std::mem::take(&mut ms[p]);
            times.sort_by(f64::total_cmp);
            let win_rate = if n == 0 { 0.0 } else { wins[p] / n as f64 };
            Standing {
                player: levels[p],
                wins: wins[p],
                win_rate,
                ci95: wilson95(win_rate, n),
                mean_score: if n == 0 { 0.0 } else { scores[p] / n as f64 },
                ms_per_move_p50: percentile(&times, 0.5),
                ms_per_move_p99: percentile(&times, 0.99),
                capped_moves: capped[p],
                moves: times.len(),
            }
        })
        .collect();
    Ok(Report {
        game: G::ID,
        games: n,
        seats,
        places,
    })
}

/// Plays the arena. Games are independent and their results kept by number, so the
/// report does not depend on `jobs` (moves cut by the safety deadline aside).
pub fn run(options: &ArenaOptions) -> Result<Report, String> {
    let kind = rules::catalog::find(&options.game).ok_or_else(|| {
        format!(
            "No game called `{}`: palazzo, villa, estates or princes.",
            options.game
        )
    })?;
    match kind.id {
        "palazzo" => run_typed::<rules::palazzo::Palazzo>(options),
        "villa" => run_typed::<rules::villa::Villa>(options),
        "estates" => run_typed::<rules::estates::Estates>(options),
        "princes" => run_typed::<rules::princes::Princes>(options),
        other => Err(format!("The arena cannot play `{other}`.")),
    }
}

/// Reads `--seats normal,auto,auto`.
pub fn parse_seats(list: &[String]) -> Result<Vec<Level>, String> {
    list.iter()
        .map(|s| {
            Level::parse(s)
                .ok_or_else(|| format!("`{s}` is not a level: random, auto, easy, normal or hard."))
        })
        .collect()
}

/// Whether stderr is a terminal (the progress bar is drawn only there).
pub fn stderr_is_terminal() -> bool {
    std::io::stderr().is_terminal()
}

/// The report as a table for people.
pub fn render_text(report: &Report) -> String {
    let mut out = format!(
        "{}: {} games, seats rotating\n{:<10} {:>7} {:>6} {:>16} {:>10} {:>9} {:>9}\n",
        report.game,
        report.games,
        "player",
        "wins",
        "share",
        "95% interval",
        "mean score",
        "ms p50",
        "ms p99"
    );
    for (i, s) in report.seats.iter().enumerate() {
        out.push_str(&format!(
            "{:<10} {:>7.1} {:>6.3} {:>16} {:>10.1} {:>9.1} {:>9.1}\n",
            format!("{} {}", i + 1, s.player),
            s.wins,
            s.win_rate,
            format!("[{:.3}, {:.3}]", s.ci95.0, s.ci95.1),
            s.mean_score,
            s.ms_per_move_p50,
            s.ms_per_move_p99
        ));
        if s.capped_moves > 0 {
            out.push_str(&format!(
                "  ({} of {} moves cut short by the safety deadline)\n",
                s.capped_moves, s.moves
            ));
        }
    }
    out
}

/// The report as one JSON object:
/// `{"game","games","seats":[{"player","wins","win_rate","ci95":[lo,hi],"mean_score","ms_per_move_p50","ms_per_move_p99"}]}`.
pub fn render_json(report: &Report) -> serde_json::Value {
    serde_json::json!({
        "game": report.game,
        "games": report.games,
        "seats": report.seats.iter().map(|s| serde_json::json!({
            "player": s.player.name(),
            "wins": s.wins,
            "win_rate": s.win_rate,
            "ci95": [s.ci95.0, s.ci95.1],
            "mean_score": s.mean_score,
            "ms_per_move_p50": s.ms_per_move_p50,
            "ms_per_move_p99": s.ms_per_move_p99,
        })).collect::<Vec<_>>(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_brackets_the_share() {
        let (lo, hi) = wilson95(0.5, 100);
        assert!(
            (lo - 0.404).abs() < 0.002 && (hi - 0.596).abs() < 0.002,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson95(1.0, 10);
        assert!(lo > 0.69 && hi == 1.0, "{lo} {hi}");
        assert_eq!(wilson95(0.3, 0), (0.0, 1.0));
    }

    #[test]
    fn seats_parse_and_refuse_unknown_levels() {
        let list: Vec<String> = ["normal", "Auto", "random"].map(String::from).into();
        assert_eq!(
            parse_seats(&list).unwrap(),
            vec![Level::Normal, Level::Auto, Level::Random]
        );
        let bad = parse_seats(&["expert".to_string()]).unwrap_err();
        assert!(bad.contains("expert"), "{bad}");
    }
}
