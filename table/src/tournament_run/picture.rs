//! A tournament's standings as a picture (rank, name, points, played, wins, opponents'
//! points; the reader's own row under the first twenty), with its alt text. Public facts
//! only: what `/tournament standings` shows as text.

use super::text::{points, title};
use super::Event;
use crate::tournament::Phase;
use crate::Picture;
use storage::UserId;
use words::Lang;

/// The standings of `event` as `reader` sees them, ready to draw.
pub fn board(event: &Event, reader: UserId, lang: Lang) -> render::Standings {
    let t = &event.tournament;
    let standings = t.standings();
    let row = |s: &crate::tournament::Standing| render::StandingsRow {
        rank: s.rank as usize,
        name: event.name(s.user),
        points: points(s.points),
        played: s.games,
        wins: s.wins,
        opponents: points(s.opponents),
        dropped: s.dropped,
    };
    let top = render::STANDINGS_ROWS;
    let you = standings
        .iter()
        .skip(top)
        .find(|s| s.user == reader)
        .map(row);
    let rounds = t.planned_rounds.max(t.current_round());
    render::Standings {
        event: super::text::format_word(lang, t.settings.format),
        title: title(event).to_string(),
        round: t.current_round(),
        rounds,
        finished: matches!(t.phase, Phase::Finished),
        rows: standings.iter().take(top).map(row).collect(),
        you,
    }
}

/// The standings' picture and alt text in `lang`, or `None` before anyone has played.
pub fn drawn(event: &Event, reader: UserId, lang: Lang) -> Option<Picture> {
    if event.tournament.rounds.is_empty() {
        return None;
    }
    let board = board(event, reader, lang);
    let png = render::standings_png(&board, lang)?;
    Some(Picture {
        png,
        alt: render::standings_alt(&board, lang),
    })
}
