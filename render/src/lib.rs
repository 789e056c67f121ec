//! Board pictures (PNG) for the four games, drawn only from the views the engines hand
//! out: [`rules::PublicPicture`] for the channel, [`rules::PrivatePicture`] for one seat.
//!
//! Pictures are 1,100 px wide with large labels (a phone shows them at ~400 px), on an
//! opaque parchment card that reads the same in Discord's dark and light themes. Every
//! colour has a letter or shape beside it for colour-blind players. Text uses the
//! bundled DejaVu Sans; the same view always gives the same bytes.

mod canvas;
mod estates;
mod palazzo;
mod princes;
mod style;
mod villa;

use rules::{PrivatePicture, PublicPicture};

/// Width of every picture, in pixels.
pub const WIDTH: u32 = 1100;

/// Loads the bundled font (a one-off cost of ~0.1 s); call it at startup so the first
/// picture a player waits for is as fast as the others. Optional.
pub fn warm_up() {
    canvas::font();
}

/// The channel picture of a game's public view; `None` for a game without pictures.
/// `names` are the players in seat order.
pub fn public_png(view: &PublicPicture, names: &[String]) -> Option<Vec<u8>> {
    match view {
        PublicPicture::Palazzo(v) => palazzo::public(v, names),
        PublicPicture::Villa(v) => villa::public(v, names),
        PublicPicture::Estates(v) => estates::public(v, names),
        PublicPicture::Princes(v) => princes::public(v, names),
        PublicPicture::None => None,
    }
}

/// One seat's private picture (Palazzo hand, Princes cards, Estates cash); `None` where
/// the game has no secrets to draw.
pub fn private_png(view: &PrivatePicture, names: &[String]) -> Option<Vec<u8>> {
    match view {
        PrivatePicture::Palazzo(v) => palazzo::private(v, names),
        PrivatePicture::Estates(v) => estates::private(v, names),
        PrivatePicture::Princes(v) => princes::private(v, names),
        PrivatePicture::None => None,
    }
}
