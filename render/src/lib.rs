//! Board pictures (PNG) for the four games, drawn only from the views the engines hand
//! out: [`rules::PublicPicture`] for the channel, [`rules::PrivatePicture`] for one seat.
//!
//! Pictures are 1,100 px wide (a phone shows them at ~400 px), on an
//! opaque parchment card that reads the same in Discord's dark and light themes. Every
//! colour has a letter or shape beside it for colour-blind players. Text uses the
//! bundled DejaVu Sans; the same view always gives the same bytes.
//!
//! Every word drawn comes from `locales/<lang>/pictures.ftl` in the `lang` a picture is
//! drawn for (the channel's for the board, the owner's for a hand); names, numbers and
//! the pieces' codes (tile letters, `B1`, `Gy3`: what players type) stay as they are.
//! [`public_legends`] and [`private_legends`] list the texts a picture draws, from the
//! same drawing code, for tests and snapshots.
//!
//! For players who cannot see a picture: [`public_text`] gives the board as plain short
//! lines for a screen reader, [`public_alt`] and [`private_alt`] a picture's description
//! (Discord's attachment `description`, at most [`ALT_MAX`] characters). See
//! `docs/accessibility.md` for the palette's test and the phone rule.

mod access;
mod canvas;
mod estates;
mod leaderboard;
mod palazzo;
mod princes;
mod standings;
mod style;
mod villa;

pub use access::{private_alt, private_text, public_alt, public_text, ALT_MAX, LINE_MAX};
pub use canvas::{exact_colours, indexed_png};
pub use leaderboard::{
    leaderboard_alt, leaderboard_legends, leaderboard_png, leaderboard_text_sizes, Board, BoardRow,
    BoardScope,
};
use rules::{PrivatePicture, PublicPicture};
pub use standings::{
    standings_alt, standings_legends, standings_png, standings_text, standings_text_sizes,
    Standings, StandingsRow, STANDINGS_ROWS,
};
use words::Lang;

/// Width of every picture, in pixels.
pub const WIDTH: u32 = 1100;

/// The smallest text size a picture may draw: scaled to a 360 px wide phone screen, a
/// line stays at least 9 px tall (`docs/accessibility.md`, the phone rule).
pub const PHONE_MIN_PX: f32 = 9.0 * WIDTH as f32 / 360.0;

/// Loads the bundled font (a one-off cost of ~0.1 s); call it at startup so the first
/// picture a player waits for is as fast as the others. Optional.
pub fn warm_up() {
    canvas::font();
}

/// The channel picture of a game's public view in `lang`; `None` for a game without
/// pictures. `names` are the players in seat order.
pub fn public_png(view: &PublicPicture, names: &[String], lang: Lang) -> Option<Vec<u8>> {
    match view {
        PublicPicture::Palazzo(v) => palazzo::public(v, names, lang),
        PublicPicture::Villa(v) => villa::public(v, names, lang),
        PublicPicture::Estates(v) => estates::public(v, names, lang),
        PublicPicture::Princes(v) => princes::public(v, names, lang),
        PublicPicture::None => None,
    }
}

/// One seat's private picture (Palazzo hand, Princes cards, Estates cash) in `lang`;
/// `None` where the game has no secrets to draw.
pub fn private_png(view: &PrivatePicture, names: &[String], lang: Lang) -> Option<Vec<u8>> {
    match view {
        PrivatePicture::Palazzo(v) => palazzo::private(v, names, lang),
        PrivatePicture::Estates(v) => estates::private(v, names, lang),
        PrivatePicture::Princes(v) => princes::private(v, names, lang),
        PrivatePicture::None => None,
    }
}

/// Every text [`public_png`] draws for this view, in drawing order (a paragraph once,
/// unwrapped); empty for a game without pictures. No pixels are drawn.
pub fn public_legends(view: &PublicPicture, names: &[String], lang: Lang) -> Vec<String> {
    let w = WIDTH;
    match view {
        PublicPicture::Palazzo(v) => {
            canvas::legends(w, |c| palazzo::draw_public(c, v, names, lang))
        }
        PublicPicture::Villa(v) => canvas::legends(w, |c| villa::draw_public(c, v, names, lang)),
        PublicPicture::Estates(v) => {
            canvas::legends(w, |c| estates::draw_public(c, v, names, lang))
        }
        PublicPicture::Princes(v) => {
            canvas::legends(w, |c| princes::draw_public(c, v, names, lang))
        }
        PublicPicture::None => vec![],
    }
}

/// Every text [`private_png`] draws for this view, as [`public_legends`] does.
pub fn private_legends(view: &PrivatePicture, names: &[String], lang: Lang) -> Vec<String> {
    let w = WIDTH;
    match view {
        PrivatePicture::Palazzo(v) => {
            canvas::legends(w, |c| palazzo::draw_private(c, v, names, lang))
        }
        PrivatePicture::Estates(v) => {
            canvas::legends(w, |c| estates::draw_private(c, v, names, lang))
        }
        PrivatePicture::Princes(v) => {
            canvas::legends(w, |c| princes::draw_private(c, v, names, lang))
        }
        PrivatePicture::None => vec![],
    }
}

/// The pixel size of every line of text [`public_png`] draws for this view (after a
/// line is shrunk to fit), with the line; the phone rule wants each ≥ [`PHONE_MIN_PX`].
pub fn public_text_sizes(view: &PublicPicture, names: &[String], lang: Lang) -> Vec<(f32, String)> {
    let w = WIDTH;
    match view {
        PublicPicture::Palazzo(v) => {
            canvas::text_sizes(w, |c| palazzo::draw_public(c, v, names, lang))
        }
        PublicPicture::Villa(v) => canvas::text_sizes(w, |c| villa::draw_public(c, v, names, lang)),
        PublicPicture::Estates(v) => {
            canvas::text_sizes(w, |c| estates::draw_public(c, v, names, lang))
        }
        PublicPicture::Princes(v) => {
            canvas::text_sizes(w, |c| princes::draw_public(c, v, names, lang))
        }
        PublicPicture::None => vec![],
    }
}

/// The pixel size of every line of text [`private_png`] draws, as [`public_text_sizes`].
pub fn private_text_sizes(
    view: &PrivatePicture,
    names: &[String],
    lang: Lang,
) -> Vec<(f32, String)> {
    let w = WIDTH;
    match view {
        PrivatePicture::Palazzo(v) => {
            canvas::text_sizes(w, |c| palazzo::draw_private(c, v, names, lang))
        }
        PrivatePicture::Estates(v) => {
            canvas::text_sizes(w, |c| estates::draw_private(c, v, names, lang))
        }
        PrivatePicture::Princes(v) => {
            canvas::text_sizes(w, |c| princes::draw_private(c, v, names, lang))
        }
        PrivatePicture::None => vec![],
    }
}

/// The colours that tell seats apart in this view's pictures, as sRGB `[r, g, b]`: the
/// seat colours of its players (Villa Paletti: the four column colours players own).
/// Each is always drawn with a letter or number beside it (see `docs/accessibility.md`).
pub fn seat_colours(view: &PublicPicture) -> Vec<[u8; 3]> {
    let seats = match view {
        PublicPicture::Palazzo(v) => v.players,
        PublicPicture::Villa(_) => return villa::column_colours(),
        PublicPicture::Estates(v) => v.players,
        PublicPicture::Princes(v) => v.players.len(),
        PublicPicture::None => 0,
    };
    (0..seats)
        .map(|s| {
            let c = style::seat_colour(s);
            [c.0, c.1, c.2]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::canvas::{self, Drawn};
    use rules::engine::Game;
    use rules::playout::random_playout;
    use words::Lang;

    fn names() -> Vec<String> {
        ["Ana", "Bruno", "Carla", "Dario", "Elena"]
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    fn game<G: Game>(players: usize, seed: u64, moves: usize) -> G {
        random_playout::<G>(players, &G::Options::default(), seed, moves)
            .expect("game plays")
            .game
    }

    /// Every fill in a seat's colour has that seat's mark among the texts drawn right
    /// before or after it (the badge's number, a column's letter): no fact by colour alone.
    fn no_colour_alone(game: &str, drawn: &[Drawn], marks: &[(crate::canvas::Rgb, String)]) {
        let mut seen = 0;
        for (i, d) in drawn.iter().enumerate() {
            let Drawn::Fill(colour) = d else { continue };
            let Some((_, mark)) = marks.iter().find(|(c, _)| c == colour) else {
                continue;
            };
            seen += 1;
            let near = &drawn[i.saturating_sub(3)..(i + 4).min(drawn.len())];
            assert!(
                near.iter()
                    .any(|n| matches!(n, Drawn::Text(t) if t.starts_with(mark.as_str()))),
                "{game}: fill {colour:?} without {mark} near it: {near:?}"
            );
        }
        assert!(seen >= marks.len(), "{game}: {seen} seat fills");
    }

    fn seat_marks(players: usize) -> Vec<(crate::canvas::Rgb, String)> {
        (0..players)
            .map(|s| (crate::style::seat_colour(s), (s + 1).to_string()))
            .collect()
    }

    #[test]
    fn every_seat_colour_drawn_has_its_mark_beside_it() {
        let w = crate::WIDTH;
        for lang in Lang::ALL {
            for (seed, moves) in [(1, 40), (2, 150), (3, 400)] {
                let n = names();
                let v = game::<rules::palazzo::Palazzo>(4, seed, moves).public_view();
                let d = canvas::drawn(w, |c| crate::palazzo::draw_public(c, &v, &n, lang));
                no_colour_alone("palazzo", &d, &seat_marks(4));
                let v = game::<rules::estates::Estates>(5, seed, moves).public_view();
                let d = canvas::drawn(w, |c| crate::estates::draw_public(c, &v, &n, lang));
                no_colour_alone("estates", &d, &seat_marks(5));
                let v = game::<rules::princes::Princes>(5, seed, moves).public_view();
                let d = canvas::drawn(w, |c| crate::princes::draw_public(c, &v, &n, lang));
                no_colour_alone("princes", &d, &seat_marks(5));
                let v = game::<rules::villa::Villa>(4, seed, moves).public_view();
                let d = canvas::drawn(w, |c| crate::villa::draw_public(c, &v, &n, lang));
                let marks: Vec<_> = crate::villa::column_colours()
                    .into_iter()
                    .zip(["B", "R", "Y", "G"])
                    .map(|(c, m)| (crate::canvas::Rgb(c[0], c[1], c[2]), m.to_string()))
                    .collect();
                // Tags come after all the columns are drawn: count them instead. Every
                // column fill (side and top views, the colour chips) has a code of its
                // colour.
                for (colour, mark) in &marks {
                    let fills = d.iter().filter(|x| **x == Drawn::Fill(*colour)).count();
                    let codes = d
                        .iter()
                        .filter(|x| {
                            matches!(x, Drawn::Text(t) if t.len() <= 2 && t.starts_with(mark.as_str()))
                        })
                        .count();
                    assert!(fills > 0, "villa {mark}: no column");
                    assert!(codes >= fills, "villa {mark}: {fills} fills, {codes} codes");
                }
            }
        }
    }
}
