//! capomaestro's game engines: pure, deterministic, no I/O, no async, no Discord.
//!
//! [`engine`] defines the shape every game follows, [`seating`] the turn-order helpers
//! several games share, [`dynamic`] erases game types for the table, [`catalog`] lists
//! the games, [`playout`] drives random legal games for tests and benchmarks, and
//! [`views`] hands the views (never the state) to the picture renderer.

pub mod catalog;
pub mod dynamic;
pub mod engine;
pub mod estates;
pub mod palazzo;
pub mod phrase;
pub mod playout;
pub mod princes;
pub mod seating;
#[cfg(feature = "testgame")]
pub mod testgame;
pub mod undo;
pub mod views;
pub mod villa;

pub use dynamic::{DynGame, GameKind};
pub use engine::{Absent, Audience, Craft, Game, GameEvent, Outcome, Seat, Thumb};
pub use phrase::{Arg, Keys, Phrase, Phrased, Say};
pub use views::{PrivatePicture, PublicPicture};
