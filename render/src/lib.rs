//! Board pictures (PNG) for the four games, drawn only from the views the engines hand
//! out: [`rules::PublicPicture`] for the channel, [`rules::PrivatePicture`] for one seat.
//!
//! Pictures are 1,100 px wide with large labels (a phone shows them at ~400 px), on an
//! opaque parchment card that reads the same in Discord's dark and light themes. Every
//! colour has a letter or shape beside it for colour-blind players. Text uses the
//! bundled DejaVu Sans; the same view always gives the same bytes.
//!
//! Every word drawn comes from `locales/<lang>/pictures.ftl` in the `lang` a picture is
//! drawn for (the channel's for the board, the owner's for a hand); names, numbers and
//! the pieces' codes (tile letters, `B1`, `Gy3`: what players type) stay as they are.
//! [`public_legends`] and [`private_legends`] list the texts a picture draws, from the
//! same drawing code, for tests and snapshots.

mod access;
mod canvas;
mod estates;
mod palazzo;
mod princes;
mod style;
mod villa;

pub use access::{private_alt, private_text, public_alt, public_text, ALT_MAX, LINE_MAX};
use rules::{PrivatePicture, PublicPicture};
use words::Lang;

/// Width of every picture, in pixels.
pub const WIDTH: u32 = 1100;

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
/// line is shrunk to fit); the phone rule wants each ≥ 9 × [`WIDTH`] / 360.
pub fn public_text_sizes(view: &PublicPicture, names: &[String], lang: Lang) -> Vec<f32> {
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
pub fn private_text_sizes(view: &PrivatePicture, names: &[String], lang: Lang) -> Vec<f32> {
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
