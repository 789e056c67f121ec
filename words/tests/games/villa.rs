//! villa's texts in English and Spanish (see `games.rs`).
