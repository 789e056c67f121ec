//! A game's picture as drawn for a channel or a seat, and its players' names as shown.

use crate::{escape_name, text, NAME_CHARS};
use rules::{DynGame, Seat};
use storage::Meta;

/// The players' names of `meta` as messages show them (escaped: see [`escape_name`]),
/// by seat.
pub(crate) fn shown_names(meta: &Meta) -> Vec<String> {
    meta.seats.iter().map(|s| escape_name(&s.name)).collect()
}

/// A picture of `game` for everyone (`seat: None`) or for one seat, in `lang`. A picture
/// shows the names as they are (no markdown there), on one line and cut to [`NAME_CHARS`].
pub(crate) fn draw(
    game: &dyn DynGame,
    meta: &Meta,
    seat: Option<Seat>,
    lang: words::Lang,
) -> Option<Vec<u8>> {
    let names: Vec<String> = meta
        .seats
        .iter()
        .map(|s| text::one_line(&s.name, NAME_CHARS))
        .collect();
    match seat {
        None => render::public_png(&game.public_picture_view(), &names, lang),
        Some(seat) => render::private_png(&game.private_picture_view(seat), &names, lang),
    }
}
