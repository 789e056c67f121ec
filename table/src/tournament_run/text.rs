//! A tournament put into words: its standings as text (rank, name, points, played, wins,
//! opponents' points, dropped), what `show` says, and the posts telling a round's start
//! and the final standings. Built from public facts only.

use super::Event;
use crate::escape_name;
use crate::tournament::{Format, Phase, Points};
use words::Lang;

/// Standings lines shown at most (the rest are counted).
const STANDINGS_ROWS: usize = 64;

/// Points as shown: whole, or with up to two decimals.
pub(super) fn points(p: Points) -> String {
    let v = p.value();
    if p.0.is_multiple_of(crate::tournament::UNITS) {
        format!("{v:.0}")
    } else {
        let text = format!("{v:.2}");
        text.trim_end_matches('0').to_string()
    }
}

pub(super) fn format_word(lang: Lang, format: Format) -> String {
    let key = match format {
        Format::Swiss => "tournament-format-swiss",
        Format::RoundRobin => "tournament-format-round-robin",
        Format::Knockout => "tournament-format-knockout",
    };
    words::text(lang, key, &[])
}

/// The title's name as players read it.
pub(super) fn title(event: &Event) -> &'static str {
    rules::catalog::find(&event.tournament.settings.title).map_or("?", |k| k.title)
}

/// The standings, a header line then one line per person, best first.
pub fn standings(event: &Event, lang: Lang) -> String {
    let rows = event.tournament.standings();
    let mut out = vec![words::text(
        lang,
        "tournament-standings-header",
        &[
            ("game", title(event).into()),
            ("round", event.tournament.current_round().into()),
        ],
    )];
    if rows.is_empty() {
        out.push(words::text(lang, "tournament-standings-empty", &[]));
    }
    for row in rows.iter().take(STANDINGS_ROWS) {
        let key = if row.dropped {
            "tournament-standings-row-dropped"
        } else {
            "tournament-standings-row"
        };
        out.push(words::text(
            lang,
            key,
            &[
                ("rank", row.rank.into()),
                ("name", escape_name(&event.name(row.user)).into()),
                ("points", points(row.points).into()),
                ("played", row.games.into()),
                ("wins", row.wins.into()),
                ("opponents", points(row.opponents).into()),
            ],
        ));
    }
    if rows.len() > STANDINGS_ROWS {
        out.push(words::text(
            lang,
            "tournament-standings-more",
            &[("count", (rows.len() - STANDINGS_ROWS).into())],
        ));
    }
    out.join("\n")
}

/// What `/tournament show` says: the settings, the phase, who is in.
pub fn show(event: &Event, lang: Lang) -> String {
    let t = &event.tournament;
    let phase = match t.phase {
        Phase::Joining => words::text(lang, "tournament-phase-joining", &[]),
        Phase::Playing { round } => {
            let left = t.rounds.get(round as usize - 1).map_or(0, |r| r.left());
            words::text(
                lang,
                "tournament-phase-playing",
                &[("round", round.into()), ("left", left.into())],
            )
        }
        Phase::Waiting { round } => {
            words::text(lang, "tournament-phase-waiting", &[("round", round.into())])
        }
        Phase::Finished => words::text(lang, "tournament-phase-finished", &[]),
    };
    let rounds = match (t.settings.format, t.planned_rounds, t.settings.rounds) {
        (Format::Knockout, _, _) => 0,
        (_, 0, planned) => planned.unwrap_or(0),
        (_, planned, _) => planned,
    };
    let mut names: Vec<String> = t
        .entrants
        .iter()
        .map(|e| escape_name(&event.name(e.user)))
        .collect();
    names.truncate(STANDINGS_ROWS);
    let mut out = vec![
        words::text(
            lang,
            "tournament-show",
            &[
                ("game", title(event).into()),
                ("format", format_word(lang, t.settings.format).into()),
                ("size", t.settings.table_size.into()),
                ("rounds", rounds.into()),
                ("players", t.entrants.len().into()),
                ("phase", phase.into()),
            ],
        ),
        names.join(", "),
    ];
    if !t.rounds.is_empty() {
        out.push(standings(event, lang));
    }
    out.retain(|l| !l.is_empty());
    out.join("\n")
}

/// The post telling that round `round` started, with its tables' threads.
pub fn round_started(event: &Event, round: u32) -> String {
    let lang = event.lang();
    let threads: Vec<String> = event
        .tables
        .iter()
        .filter(|t| t.round == round)
        .filter_map(|t| t.thread.map(|id| format!("<#{id}>")))
        .collect();
    words::text(
        lang,
        "tournament-round-started",
        &[
            ("round", round.into()),
            ("tables", threads.len().into()),
            ("threads", threads.join(" ").into()),
        ],
    )
}

/// The post telling the end, with the final standings.
pub fn finished(event: &Event) -> String {
    let lang = event.lang();
    let winner = event
        .tournament
        .standings()
        .first()
        .map(|s| escape_name(&event.name(s.user)))
        .unwrap_or_default();
    let head = words::text(
        lang,
        "tournament-finished",
        &[("game", title(event).into()), ("winner", winner.into())],
    );
    format!("{head}\n{}", standings(event, lang))
}
