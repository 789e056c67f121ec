//! `capomaestro replay FILE`: checks a game record (`docs/records.md`) through the
//! engine and shows it in the terminal, move by move; `local --from FILE --at N` takes
//! a record's first N moves to go on from there.

use std::io::{BufRead, Write};
use std::path::Path;
use table::record::{self, GameRecord, RecordResult};
use words::Lang;

/// Every record in `path`: one JSON document, or JSON Lines (one record a line).
pub fn read_records(path: &Path) -> Result<Vec<GameRecord>, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if let Ok(one) = GameRecord::from_json(&text) {
        return Ok(vec![one]);
    }
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    if lines.len() < 2 {
        // One document that does not read: say why.
        return GameRecord::from_json(&text)
            .map(|r| vec![r])
            .map_err(|e| format!("{}: {e}", path.display()));
    }
    lines
        .iter()
        .enumerate()
        .map(|(i, line)| {
            GameRecord::from_json(line)
                .map_err(|e| format!("{} line {}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// What `replay` does with the file.
pub struct ReplayRequest<'a> {
    pub file: &'a Path,
    /// Walk through the moves one at a time, reading Enter / `b` / `q` from the input.
    pub step: bool,
    /// Write the replay page here instead of showing the moves.
    pub html: Option<&'a Path>,
}

/// Checks every record of the file; one record is also shown, or walked through.
pub fn run(
    request: &ReplayRequest<'_>,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let records = read_records(request.file)?;
    if let Some(out_path) = request.html {
        let [record] = records.as_slice() else {
            return Err(format!(
                "{} holds {} records: --html takes a file of one",
                request.file.display(),
                records.len()
            ));
        };
        let page = record::page(record).map_err(|e| e.to_string())?;
        std::fs::write(out_path, &page)
            .map_err(|e| format!("cannot write {}: {e}", out_path.display()))?;
        let line = words::text(
            record.language(),
            "replay-page-written",
            &[
                ("path", out_path.display().to_string().into()),
                ("bytes", page.len().into()),
            ],
        );
        return writeln!(out, "{line}").map_err(io);
    }
    if let [record] = records.as_slice() {
        return show(record, request.step, input, out);
    }
    let lang = records
        .first()
        .map(GameRecord::language)
        .unwrap_or_default();
    let mut moves = 0;
    for (i, r) in records.iter().enumerate() {
        let verified = record::verify(r).map_err(|e| {
            words::text(
                lang,
                "replay-record-failed",
                &[("n", (i + 1).into()), ("error", e.to_string().into())],
            )
        })?;
        moves += verified.moves;
    }
    let line = words::text(
        lang,
        "replay-records-verified",
        &[("count", records.len().into()), ("moves", moves.into())],
    );
    writeln!(out, "{line}").map_err(io)
}

/// One record: its moves (or a walk through them), its result, and the check's verdict.
fn show(
    record: &GameRecord,
    step: bool,
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> Result<(), String> {
    let io = |e: std::io::Error| e.to_string();
    let lang = record.language();
    let names = record.names();
    let mut boards = Vec::new();
    let verified = record::replay_steps(record, &mut |s| {
        if step {
            let say = words::Speaker::new(lang, &names);
            boards.push(s.game.public_text(&names, &say));
        }
    })
    .map_err(|e| e.to_string())?;
    let heading = words::text(
        lang,
        "replay-heading",
        &[
            ("title", record.title.as_str().into()),
            ("players", names.join(", ").into()),
            ("seed", record.seed.clone().unwrap_or_default().into()),
        ],
    );
    writeln!(out, "{heading}").map_err(io)?;
    if step {
        walk(record, &boards, input, out).map_err(io)?;
    } else {
        for n in 1..=record.moves.len() {
            writeln!(out, "{}", move_line(record, n)).map_err(io)?;
        }
    }
    if let Some(result) = &verified.result {
        write!(out, "{}", scores(result, &names, lang)).map_err(io)?;
    }
    let done = words::text(lang, "replay-verified", &[("count", verified.moves.into())]);
    writeln!(out, "{done}").map_err(io)
}

/// Move `n` (from 1) as one line: who, the text, and what everyone was told.
fn move_line(record: &GameRecord, n: usize) -> String {
    let lang = record.language();
    let m = &record.moves[n - 1];
    let told = match lang {
        Lang::Es => &m.narration.es,
        _ => &m.narration.en,
    };
    words::text(
        lang,
        "replay-move",
        &[
            ("n", m.n.into()),
            (
                "name",
                record
                    .players
                    .get(m.seat)
                    .map_or("?", |p| p.name.as_str())
                    .into(),
            ),
            ("text", m.text.clone().unwrap_or_default().into()),
            ("told", told.join(" ").into()),
        ],
    )
}

/// The steps one at a time: the board after each move; Enter goes on, `b` back, `q`
/// stops.
fn walk(
    record: &GameRecord,
    boards: &[String],
    input: &mut dyn BufRead,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let lang = record.language();
    let mut at = 0;
    loop {
        if at > 0 {
            writeln!(out, "{}", move_line(record, at))?;
        }
        writeln!(out, "{}", table::unescape_user_text(&boards[at]))?;
        if at + 1 == boards.len() {
            return Ok(());
        }
        write!(
            out,
            "{} ",
            words::text(
                lang,
                "replay-step-help",
                &[("at", at.into()), ("of", (boards.len() - 1).into())]
            )
        )?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return writeln!(out);
        }
        match line.trim() {
            "q" => return writeln!(out),
            "b" => at = at.saturating_sub(1),
            _ => at += 1,
        }
    }
}

/// The final scores in the record's language, best first.
fn scores(result: &RecordResult, names: &[String], lang: Lang) -> String {
    let label = |t: &record::Texts| match lang {
        Lang::Es => t.es.clone(),
        _ => t.en.clone(),
    };
    let mut order: Vec<_> = result.scores.iter().collect();
    order.sort_by_key(|s| std::cmp::Reverse(s.total));
    let mut out = String::new();
    for s in order {
        let name = names.get(s.seat).map_or("?", String::as_str);
        let won = result.winners.contains(&s.seat);
        out.push_str(&words::text(
            lang,
            "replay-score",
            &[("name", name.into()), ("total", s.total.into())],
        ));
        out.push_str(if won { " 🏆\n" } else { "\n" });
        for l in s.breakdown.iter().chain(&s.tiebreak) {
            out.push_str(&format!("  · {}: {}\n", label(&l.label), l.points));
        }
    }
    if let Some(note) = &result.note {
        out.push_str(&label(note));
        out.push('\n');
    }
    out
}

/// A game to go on with at the local table: a record's setup and its first moves.
#[derive(Debug, Clone, PartialEq)]
pub struct FromRecord {
    pub game: String,
    /// Every seat, a person at the terminal (bots too: the analysis plays them).
    pub players: Vec<String>,
    pub seed: u64,
    /// `key=value` options.
    pub options: Vec<String>,
    /// The moves to play before the terminal takes over: (seat, text).
    pub moves: Vec<(usize, String)>,
}

/// The record in `path` up to move `at` (0: the setup), checked first.
pub fn from_record(path: &Path, at: usize) -> Result<FromRecord, String> {
    let records = read_records(path)?;
    let [record] = records.as_slice() else {
        return Err(format!(
            "{} holds {} records: --from takes a file of one",
            path.display(),
            records.len()
        ));
    };
    record::verify(record).map_err(|e| e.to_string())?;
    // No --at: every move.
    let at = if at == usize::MAX {
        record.moves.len()
    } else {
        at
    };
    if at > record.moves.len() {
        return Err(format!(
            "the record has {} moves: --at goes from 0 to {}",
            record.moves.len(),
            record.moves.len()
        ));
    }
    let seed = record
        .seed
        .as_deref()
        .and_then(|s| s.parse().ok())
        .ok_or("the record has no seed")?;
    let options = match &record.options {
        serde_json::Value::Object(map) => map
            .iter()
            .map(|(k, v)| match v {
                serde_json::Value::String(s) => format!("{k}={s}"),
                v => format!("{k}={v}"),
            })
            .collect(),
        _ => Vec::new(),
    };
    Ok(FromRecord {
        game: record.game.clone(),
        players: record.names(),
        seed,
        options,
        moves: record.moves[..at]
            .iter()
            .map(|m| (m.seat, m.text.clone().unwrap_or_default()))
            .collect(),
    })
}
