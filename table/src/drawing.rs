//! A game's picture (with its alt text) as drawn for a channel or a seat, and its
//! players' names as shown.

use crate::{escape_name, text, NAME_CHARS};
use rules::{DynGame, Seat};
use storage::Meta;

/// The players' names of `meta` as messages show them (escaped: see [`escape_name`]),
/// by seat.
pub(crate) fn shown_names(meta: &Meta) -> Vec<String> {
    meta.seats.iter().map(|s| escape_name(&s.name)).collect()
}

/// A picture ready to send: the PNG and its description for screen readers (Discord's
/// attachment `description`), both in the picture's language and from the same view.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub png: Vec<u8>,
    /// What the picture shows, as words (at most 1,024 characters: Discord's limit).
    pub alt: String,
}

/// A picture of `game` for everyone (`seat: None`) or for one seat, in `lang`, with its
/// alt text. A picture shows the names as they are (no markdown there), on one line and
/// cut to [`NAME_CHARS`].
pub(crate) fn draw(
    game: &dyn DynGame,
    meta: &Meta,
    seat: Option<Seat>,
    lang: words::Lang,
) -> Option<Picture> {
    let names: Vec<String> = meta
        .seats
        .iter()
        .map(|s| text::one_line(&s.name, NAME_CHARS))
        .collect();
    match seat {
        None => {
            let view = game.public_picture_view();
            Some(Picture {
                png: render::public_png(&view, &names, lang)?,
                alt: render::public_alt(&view, &names, lang),
            })
        }
        Some(seat) => {
            let view = game.private_picture_view(seat);
            Some(Picture {
                png: render::private_png(&view, &names, lang)?,
                alt: render::private_alt(&view, &names, lang),
            })
        }
    }
}
