//! Board pictures from public/private views. Empty for now: every game renders text views (in `rules`); pictures come later.
