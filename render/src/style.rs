//! The shared look: palette, sizes, header and panels, player names and colours.

use crate::canvas::{Align, Canvas, Rgb};
use words::Lang;

/// The card every picture is drawn on.
pub const BACKGROUND: Rgb = Rgb::hex(0xf3ede2);
/// Panels on the card.
pub const PANEL: Rgb = Rgb::hex(0xfffcf6);
pub const PANEL_EDGE: Rgb = Rgb::hex(0xb9ad98);
pub const INK: Rgb = Rgb::hex(0x1d1d1d);
pub const MUTED: Rgb = Rgb::hex(0x5b5348);
pub const HEADER: Rgb = Rgb::hex(0x3b2f25);
pub const HIGHLIGHT: Rgb = Rgb::hex(0xd98e04);

/// Text sizes (px). Scaled to a 360 px wide phone a picture's text reads at about a
/// third of its size: the phone rule (`docs/accessibility.md`) wants none below
/// [`crate::PHONE_MIN_PX`] (27.5 px), so [`READABLE`] is the smallest size drawn.
pub const TITLE: f32 = 40.0;
pub const LARGE: f32 = 30.0;
/// The smallest text a picture draws: 9 px tall at 360 px wide.
pub const READABLE: f32 = 28.0;

/// Outer margin.
pub const MARGIN: f32 = 24.0;

/// Seat colours: Okabe–Ito and Tol hues picked so that every pair stays at CIEDE2000
/// ΔE ≥ 20 in normal vision and under simulated protanopia, deuteranopia and tritanopia
/// (`tests/pictures.rs` checks it); every seat is also shown by its number or name.
pub const SEAT_COLOURS: [Rgb; 5] = [
    Rgb::hex(0xd55e00),
    Rgb::hex(0x88ccee),
    Rgb::hex(0xf0e442),
    Rgb::hex(0x785ef0),
    Rgb::hex(0x3d3d3d),
];

pub fn seat_colour(seat: usize) -> Rgb {
    SEAT_COLOURS[seat % SEAT_COLOURS.len()]
}

/// A seat's display name (`Seat 3` in `lang` when the name is missing).
pub fn name(names: &[String], seat: usize, lang: Lang) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| words::text(lang, "picture-seat", &[("number", (seat + 1).into())]))
}

/// The dark title bar with the game's name and a status paragraph under it at `px`;
/// returns the y where content starts.
pub fn header(c: &mut Canvas, title: &str, status: &str, px: f32) -> f32 {
    let w = c.width;
    let bar = 64.0;
    c.rect(0.0, 0.0, w, bar, HEADER);
    c.text(MARGIN, 46.0, TITLE, Rgb::hex(0xfdf6e3), Align::Left, title);
    if status.is_empty() {
        return bar + 16.0;
    }
    let after = c.paragraph(MARGIN, bar + 14.0 + px, px, INK, status, w - 2.0 * MARGIN);
    after - px + 8.0
}

/// A panel box with a heading; returns the y below the heading. A long heading is cut
/// rather than shrunk below [`READABLE`].
pub fn panel(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, heading: &str) -> f32 {
    c.round_rect(x, y, w, h, 12.0, Some(PANEL), Some((PANEL_EDGE, 2.0)));
    if heading.is_empty() {
        return y + 12.0;
    }
    c.text_fit(
        x + 16.0,
        y + 12.0 + LARGE,
        LARGE,
        INK,
        Align::Left,
        heading,
        w - 32.0,
        READABLE,
    );
    y + 12.0 + LARGE + 14.0
}

/// A small coloured disc with the seat number, beside a name.
pub fn seat_badge(c: &mut Canvas, x: f32, cy: f32, seat: usize, r: f32) {
    let col = seat_colour(seat);
    c.circle(x + r, cy, r, Some(col), Some((INK, 1.5)));
    c.text(
        x + r,
        cy + r * 0.45,
        r * 1.25,
        col.ink(),
        Align::Center,
        &(seat + 1).to_string(),
    );
}
