//! The views a picture may be drawn from, one enum for all games.
//!
//! The renderer reaches a game only through [`PublicPicture`] (what everyone at the table
//! sees) and [`PrivatePicture`] (one seat's own secrets). Both are built by `From` impls
//! from the engines' view types, so a picture can never be drawn from the full state.

use crate::{estates, palazzo, princes, villa};

/// A public view to draw, by game. `None` for games that have no picture.
#[derive(Debug, Clone)]
pub enum PublicPicture {
    Palazzo(palazzo::PalazzoPublic),
    Villa(villa::VillaView),
    Estates(estates::EstatesPublic),
    Princes(princes::PrincesPublic),
    None,
}

/// One seat's private view to draw, by game. `None` where a private picture would add
/// nothing (Villa Paletti has no secrets) or the game has no picture.
#[derive(Debug, Clone)]
pub enum PrivatePicture {
    Palazzo(palazzo::PalazzoPrivate),
    Estates(estates::EstatesPrivate),
    Princes(princes::PrincesPrivate),
    None,
}

impl From<palazzo::PalazzoPublic> for PublicPicture {
    fn from(v: palazzo::PalazzoPublic) -> Self {
        PublicPicture::Palazzo(v)
    }
}

impl From<villa::VillaView> for PublicPicture {
    fn from(v: villa::VillaView) -> Self {
        PublicPicture::Villa(v)
    }
}

impl From<estates::EstatesPublic> for PublicPicture {
    fn from(v: estates::EstatesPublic) -> Self {
        PublicPicture::Estates(v)
    }
}

impl From<princes::PrincesPublic> for PublicPicture {
    fn from(v: princes::PrincesPublic) -> Self {
        PublicPicture::Princes(v)
    }
}

impl From<palazzo::PalazzoPrivate> for PrivatePicture {
    fn from(v: palazzo::PalazzoPrivate) -> Self {
        PrivatePicture::Palazzo(v)
    }
}

impl From<estates::EstatesPrivate> for PrivatePicture {
    fn from(v: estates::EstatesPrivate) -> Self {
        PrivatePicture::Estates(v)
    }
}

impl From<princes::PrincesPrivate> for PrivatePicture {
    fn from(v: princes::PrincesPrivate) -> Self {
        PrivatePicture::Princes(v)
    }
}

/// Villa Paletti hides nothing: its private view (the public one plus the seat's
/// colours) gets no picture of its own.
impl From<villa::VillaPrivate> for PrivatePicture {
    fn from(_: villa::VillaPrivate) -> Self {
        PrivatePicture::None
    }
}

/// The internal test game has no picture.
#[cfg(feature = "testgame")]
impl From<crate::testgame::CountdownPublic> for PublicPicture {
    fn from(_: crate::testgame::CountdownPublic) -> Self {
        PublicPicture::None
    }
}

/// The internal test game has no picture.
#[cfg(feature = "testgame")]
impl From<crate::testgame::CountdownPrivate> for PrivatePicture {
    fn from(_: crate::testgame::CountdownPrivate) -> Self {
        PrivatePicture::None
    }
}
