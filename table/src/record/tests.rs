//! Records: the schema, round trips, verification, and what a running game's record
//! must not tell.

use super::*;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use storage::{SeatedUser, Settings};

const GAMES: [(&str, usize); 4] = [("palazzo", 4), ("estates", 4), ("princes", 3), ("villa", 3)];

fn schema() -> jsonschema::Validator {
    let text = include_str!("../../../docs/record.schema.json");
    let schema: Value = serde_json::from_str(text).expect("the schema is JSON");
    jsonschema::validator_for(&schema).expect("the schema compiles")
}

/// The schema's complaints about `record` (empty: valid).
fn invalid(validator: &jsonschema::Validator, record: &Value) -> Vec<String> {
    validator
        .iter_errors(record)
        .map(|e| format!("{e} at {}", e.instance_path()))
        .collect()
}

fn meta(game: &str, players: usize, seed: u64) -> Meta {
    Meta {
        schema: storage::SCHEMA_VERSION,
        game_id: 7,
        channel: 42,
        game: game.to_string(),
        options: Value::Null,
        seed,
        seats: (0..players)
            .map(|i| {
                if i + 1 == players {
                    SeatedUser {
                        user: storage::bot_user(1),
                        name: "Bot Lorenzo (normal)".into(),
                        bot: Some(storage::BotLevel::Normal),
                    }
                } else {
                    SeatedUser::person(i as u64 + 1, ["Ana", "Bruno", "Carla", "Dario"][i])
                }
            })
            .collect(),
        host: 1,
        status: Status::Running,
        created: 1_700_000_000,
        updated: 1_700_000_000,
        version: 0,
        guild: 0,
        settings: Settings::default(),
        dropped: Vec::new(),
        nudged_ms: 0,
        away: Vec::new(),
    }
}

/// A random game of `game` played `moves` moves far (to its end if `None`): its metadata,
/// its log, and every private line and private view line told on the way.
struct Played {
    meta: Meta,
    log: Vec<LogEntry>,
    secrets: Vec<String>,
}

fn play(game: &str, players: usize, seed: u64, moves: Option<usize>) -> Played {
    let kind = rules::catalog::find(game).unwrap();
    let mut meta = meta(game, players, seed);
    let names: Vec<String> = meta.seats.iter().map(|s| s.name.clone()).collect();
    let mut state = (kind.new)(players, &meta.options, seed).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut log = Vec::new();
    let mut secrets = Vec::new();
    while !state.is_over() && moves.is_none_or(|m| log.len() < m) {
        let seat = *state.awaiting().choose(&mut rng).unwrap();
        let text = state.legal_texts(seat).choose(&mut rng).unwrap().clone();
        let applied = state.apply_text(seat, &text, &names).unwrap();
        for n in &applied.narrations {
            if let Audience::Seat(_) = n.audience {
                secrets.push(n.text.clone());
            }
        }
        log.push(LogEntry {
            seat,
            action: applied.action,
            text: applied.text,
            public: applied
                .narrations
                .iter()
                .filter(|n| n.audience == Audience::Everyone)
                .map(|n| n.text.clone())
                .collect(),
            at: 1_700_000_000 + log.len() as u64,
        });
    }
    for seat in 0..players {
        let say = words::Speaker::new(Lang::En, &names);
        secrets.extend(
            state
                .private_text(seat, &names, &say)
                .lines()
                .map(str::to_string),
        );
    }
    meta.version = log.len() as u64;
    meta.updated = 1_700_000_000 + log.len() as u64;
    if state.is_over() {
        meta.status = Status::Finished;
    }
    Played { meta, log, secrets }
}

fn finished(game: &str, players: usize, seed: u64) -> (Meta, Vec<LogEntry>) {
    let p = play(game, players, seed, None);
    assert_eq!(p.meta.status, Status::Finished, "{game} seed {seed} ended");
    (p.meta, p.log)
}

/// Every string in a JSON value.
fn strings(value: &Value, out: &mut Vec<String>) {
    match value {
        Value::String(s) => out.push(s.clone()),
        Value::Array(a) => a.iter().for_each(|v| strings(v, out)),
        Value::Object(o) => o.values().for_each(|v| strings(v, out)),
        _ => {}
    }
}

/// The secret lines (of 12 characters or more: shorter ones are words any text has)
/// found in the record's strings.
fn leaks(record: &GameRecord, secrets: &[String]) -> Vec<String> {
    let mut shown = Vec::new();
    strings(&serde_json::to_value(record).unwrap(), &mut shown);
    secrets
        .iter()
        .map(|s| s.trim())
        .filter(|s| s.chars().count() >= 12)
        .filter(|s| shown.iter().any(|t| t.contains(s)))
        .map(str::to_string)
        .collect()
}

#[test]
fn a_finished_record_validates_round_trips_and_verifies() {
    let validator = schema();
    for (game, players) in GAMES {
        for seed in 0..2 {
            let (meta, log) = finished(game, players, seed);
            let record = build(&meta, &log, RecordOptions::default()).unwrap();
            let json: Value = serde_json::from_str(&record.to_json_pretty()).unwrap();
            let errors = invalid(&validator, &json);
            assert!(errors.is_empty(), "{game} seed {seed}: {errors:#?}");
            assert_eq!(
                GameRecord::from_json(&record.to_json_line()).unwrap(),
                record
            );
            assert_eq!(record.moves.len(), log.len());
            assert_eq!(record.seed.as_deref(), Some(seed.to_string().as_str()));
            assert!(record.setup.is_some() && record.result.is_some());
            assert_eq!(record.players[players - 1].bot.as_deref(), Some("normal"));
            let verified = verify(&record).unwrap();
            assert_eq!(verified.moves, log.len());
            assert_eq!(verified.result, record.result, "{game} seed {seed}");
            // Spanish narration is Spanish, not English passed through.
            let said: Vec<&Told> = record.moves.iter().map(|m| &m.narration).collect();
            assert!(
                said.iter().any(|t| !t.es.is_empty() && t.es != t.en),
                "{game}"
            );
        }
    }
}

#[test]
fn a_record_that_was_changed_does_not_verify() {
    let (meta, log) = finished("palazzo", 3, 5);
    let record = build(&meta, &log, RecordOptions::default()).unwrap();
    let mut score = record.clone();
    score.result.as_mut().unwrap().scores[1].total += 1;
    assert!(
        matches!(verify(&score), Err(VerifyError::Score { seat: 1, .. })),
        "{:?}",
        verify(&score)
    );
    let mut line = record.clone();
    line.result.as_mut().unwrap().scores[0].breakdown[0].points += 1;
    assert_eq!(verify(&line), Err(VerifyError::Result));
    let mut illegal = record.clone();
    illegal.moves[0].text = Some("build nowhere".into());
    assert!(matches!(
        verify(&illegal),
        Err(VerifyError::Illegal { n: 1, .. })
    ));
    let mut told = record.clone();
    told.moves[2].narration.en = vec!["Nothing happened.".into()];
    assert!(matches!(verify(&told), Err(VerifyError::Told { n: 3, .. })));
    let mut seed = record.clone();
    seed.seed = Some("6".into());
    assert!(verify(&seed).is_err(), "another seed deals other cards");
    let mut short = record.clone();
    short.moves.pop();
    assert!(verify(&short).is_err());
    assert!(matches!(
        GameRecord::from_json(
            &record
                .to_json_line()
                .replace("\"version\":1", "\"version\":2")
        ),
        Err(RecordError::Newer(2))
    ));
    assert!(matches!(
        GameRecord::from_json("{\"format\":\"pgn\"}"),
        Err(RecordError::NotARecord(_))
    ));
}

#[test]
fn a_running_games_record_holds_no_hidden_fact() {
    let validator = schema();
    for (game, players) in GAMES {
        for seed in 0..3 {
            let whole = play(game, players, seed, None).log.len();
            for moves in [1, whole / 3, whole * 2 / 3] {
                let p = play(game, players, seed, Some(moves.max(1)));
                assert_eq!(p.meta.status, Status::Running);
                let record = build(&p.meta, &p.log, RecordOptions::default()).unwrap();
                let json = serde_json::to_value(&record).unwrap();
                let errors = invalid(&validator, &json);
                assert!(errors.is_empty(), "{game} seed {seed}: {errors:#?}");
                assert!(record.seed.is_none() && record.setup.is_none() && record.result.is_none());
                assert!(record
                    .moves
                    .iter()
                    .all(|m| m.text.is_none() && m.private.is_none()));
                let leaked = leaks(&record, &p.secrets);
                assert!(
                    leaked.is_empty(),
                    "{game} seed {seed} at {moves}: {leaked:#?}"
                );
                assert_eq!(verify(&record), Err(VerifyError::Running));
                // The same game once over tells its secrets: the check above could fail.
                let mut over = p.meta.clone();
                over.status = Status::Abandoned;
                let told = build(&over, &p.log, RecordOptions::default()).unwrap();
                assert!(told.seed.is_some() && told.setup.is_some());
                assert!(invalid(&validator, &serde_json::to_value(&told).unwrap()).is_empty());
            }
        }
    }
}

#[test]
fn a_finished_record_tells_what_a_running_one_keeps_back() {
    // The leak check finds the secrets in a finished record (the hands in its private
    // lines): it is not blind.
    let p = play("princes", 3, 1, None);
    let record = build(&p.meta, &p.log, RecordOptions::default()).unwrap();
    assert!(!leaks(&record, &p.secrets).is_empty());
}

#[test]
fn a_stash_is_left_out_of_a_running_record_and_undone_moves_of_any() {
    let kind = rules::catalog::find("estates").unwrap();
    let mut meta = meta("estates", 2, 3);
    let names: Vec<String> = meta.seats.iter().map(|s| s.name.clone()).collect();
    let mut state = (kind.new)(2, &meta.options, 3).unwrap();
    let mut log = Vec::new();
    let push = |state: &mut rules::dynamic::BoxedGame, text: &str, log: &mut Vec<LogEntry>| {
        let seat = state.awaiting()[0];
        let a = state.apply_text(seat, text, &names).unwrap();
        let public = a
            .narrations
            .iter()
            .filter(|n| n.audience == Audience::Everyone)
            .map(|n| n.text.clone())
            .collect();
        log.push(LogEntry {
            seat,
            action: a.action,
            text: a.text,
            public,
            at: 1,
        });
    };
    push(&mut state, "stash", &mut log);
    let cube = state
        .legal_texts(state.awaiting()[0])
        .into_iter()
        .find(|t| t.starts_with("cube"))
        .unwrap();
    push(&mut state, &cube, &mut log);
    meta.version = log.len() as u64;
    let running = build(&meta, &log, RecordOptions::default()).unwrap();
    assert_eq!(running.moves.len(), 1, "{running:#?}");
    assert_eq!(running.moves[0].n, 1);
    assert!(!running.moves[0].narration.en.is_empty());
    meta.status = Status::Abandoned;
    let over = build(&meta, &log, RecordOptions::default()).unwrap();
    assert_eq!(over.moves.len(), 2);
    assert_eq!(over.moves[0].text.as_deref(), Some("stash"));
    // An undo of the cube: the record keeps only the stash.
    log.push(LogEntry::undo(0, 1, vec!["undone".into()], 2));
    meta.version = log.len() as u64;
    let undone = build(&meta, &log, RecordOptions::default()).unwrap();
    assert_eq!(undone.moves.len(), 1);
    assert_eq!(undone.moves[0].text.as_deref(), Some("stash"));
    assert!(verify(&undone).is_ok());
}

#[test]
fn pseudonyms_replace_peoples_names_everywhere() {
    let (meta, log) = finished("villa", 3, 2);
    let options = RecordOptions {
        pseudonyms: true,
        lang: Lang::Es,
    };
    let record = build(&meta, &log, options).unwrap();
    let names: Vec<&str> = record.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, ["Jugador 1", "Jugador 2", "Bot Lorenzo (normal)"]);
    assert_eq!(record.lang, "es");
    let text = record.to_json_line();
    for real in ["Ana", "Bruno"] {
        assert!(!text.contains(real), "{real} in {text}");
    }
    assert!(text.contains("Jugador 1"));
    assert_eq!(verify(&record).map(|v| v.result), Ok(record.result.clone()));
}

#[test]
fn a_lobby_has_no_record() {
    let mut meta = meta("villa", 2, 1);
    meta.status = Status::Lobby;
    assert_eq!(
        build(&meta, &[], RecordOptions::default()),
        Err(RecordError::Lobby)
    );
}

/// Discord's upload limit without boosts: the replay page must fit in one attachment.
const PAGE_LIMIT: usize = 8 * 1024 * 1024;

/// The longest game of every title at its most seats (the longest of a few seeded random
/// playouts: random players make the longest games) gets a replay page under Discord's
/// upload limit.
#[test]
fn the_longest_games_replay_page_fits_in_a_discord_upload() {
    for kind in rules::catalog::games() {
        let players = kind.players.1;
        let (seed, len) = (0..12)
            .map(|seed| (seed, play(kind.id, players, seed, None).log.len()))
            .max_by_key(|&(seed, len)| (len, std::cmp::Reverse(seed)))
            .unwrap();
        let (meta, log) = finished(kind.id, players, seed);
        let record = build(&meta, &log, RecordOptions::default()).unwrap();
        let started = std::time::Instant::now();
        let page = page(&record).unwrap();
        println!(
            "replay page: {} ({players} players, seed {seed}, {len} moves) {} bytes ({:.2} MB) in {:?}",
            kind.id,
            page.len(),
            page.len() as f64 / 1e6,
            started.elapsed()
        );
        assert!(
            page.len() <= PAGE_LIMIT,
            "{}: {} bytes",
            kind.id,
            page.len()
        );
    }
}

/// The page's data: the JSON inside its `data` script element.
fn page_data(page: &str) -> Value {
    let from = page.find(r#"id="data">"#).unwrap() + r#"id="data">"#.len();
    let to = from + page[from..].find("</script>").unwrap();
    serde_json::from_str(&page[from..to].replace("<\\/", "</")).unwrap()
}

/// The page's tiles put back together step by step, as the page's script does, give
/// every step's board as drawn, as close as the indexed pictures the channel is shown
/// (both keep at most 256 colours a picture or sheet: a few shades of anti-aliasing
/// move to their nearest).
#[test]
fn the_replay_pages_tiles_rebuild_every_steps_board() {
    let (meta, log) = finished("villa", 2, 2);
    let record = build(&meta, &log, RecordOptions::default()).unwrap();
    let data = page_data(&page(&record).unwrap());
    let (t, s) = (
        data["tile"].as_u64().unwrap() as usize,
        data["sheet"].as_u64().unwrap() as usize,
    );
    let sheets: Vec<(Vec<u8>, usize, usize)> = data["sheets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|url| {
            let b64 = url
                .as_str()
                .unwrap()
                .trim_start_matches("data:image/png;base64,");
            let png =
                base64::Engine::decode(&base64::engine::general_purpose::STANDARD, b64).unwrap();
            super::html::decode_rgba(&png).unwrap()
        })
        .collect();
    let names = record.names();
    let mut boards = Vec::new();
    let (mut bot_off, mut bot_worst) = (0usize, 0u8);
    replay_steps(&record, &mut |step| {
        let png = render::exact_colours(|| {
            render::public_png(&step.game.public_picture_view(), &names, Lang::En)
        });
        let exact = super::html::decode_rgba(&png.unwrap()).unwrap();
        // What the channel is shown: the same board as an indexed PNG.
        let posted = render::public_png(&step.game.public_picture_view(), &names, Lang::En);
        let posted = super::html::decode_rgba(&posted.unwrap()).unwrap();
        for (a, b) in exact.0.chunks(4).zip(posted.0.chunks(4)) {
            let far = a.iter().zip(b).map(|(a, b)| a.abs_diff(*b)).max().unwrap();
            bot_worst = bot_worst.max(far);
            bot_off += usize::from(far > 0);
        }
        boards.push(exact);
    })
    .unwrap();
    let frames = data["frames"].as_array().unwrap();
    assert_eq!(frames.len(), record.moves.len() + 1);
    assert_eq!(boards.len(), frames.len());
    let mut grid: Vec<i64> = Vec::new();
    let mut cols = 0;
    let (mut pixels, mut off, mut worst) = (0usize, 0usize, 0u8);
    for (step, (frame, (want, w, h))) in frames.iter().zip(&boards).enumerate() {
        let c = frame["c"].as_u64().unwrap() as usize;
        assert_eq!(
            (frame["w"].as_u64(), frame["h"].as_u64()),
            (Some(*w as u64), Some(*h as u64))
        );
        let mut next = vec![-1i64; c * h.div_ceil(t)];
        if c == cols {
            let keep = grid.len().min(next.len());
            next[..keep].copy_from_slice(&grid[..keep]);
        }
        let d = frame["d"].as_array().unwrap();
        let mut cell = -1i64;
        for pair in d.chunks(2) {
            cell += pair[0].as_i64().unwrap() + 1;
            next[cell as usize] = pair[1].as_i64().unwrap();
        }
        (grid, cols) = (next, c);
        for y in 0..*h {
            for x in 0..*w {
                let id = grid[(y / t) * c + x / t];
                assert!(id >= 0, "step {step}: no tile at {x},{y}");
                let id = id as usize;
                let (sheet, sw, _) = &sheets[id / (s * s)];
                let k = id % (s * s);
                let (sx, sy) = ((k % s) * t + x % t, (k / s) * t + y % t);
                let got = &sheet[(sy * sw + sx) * 4..][..3];
                let want = &want[(y * w + x) * 4..][..3];
                let far = got
                    .iter()
                    .zip(want)
                    .map(|(a, b)| a.abs_diff(*b))
                    .max()
                    .unwrap();
                worst = worst.max(far);
                pixels += 1;
                off += usize::from(far > 0);
            }
        }
    }
    println!(
        "{off} of {pixels} pixels a shade off (at most {worst}); in the channel's pictures \
         {bot_off} (at most {bot_worst})"
    );
    assert!(
        off * 4 <= bot_off * 5 && worst <= bot_worst.saturating_add(8),
        "{off} pixels off by up to {worst}"
    );
}
