//! Each engine's texts in both languages: its events (where not in `phrases.rs`), its
//! board and hand as text, its decision notes and score lines, read through
//! `words::Speaker`. One module per game, under `games/`.

#[path = "games/estates.rs"]
mod estates;
#[path = "games/palazzo.rs"]
mod palazzo;
#[path = "games/princes.rs"]
mod princes;
#[path = "games/villa.rs"]
mod villa;
