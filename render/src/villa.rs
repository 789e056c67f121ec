//! Villa Paletti: a side view of the tower (levels, floor plates, columns by colour and
//! thickness at their true positions), a top view of the top level with its grid, who
//! plays which colour, the seal, the points on top, and the feel word when a column is
//! half-pulled (the words the players hear; never a margin).

use crate::canvas::{picture, Align, Canvas, Rgb};
use crate::style::{self, name, INK, LARGE, MARGIN, MUTED, READABLE};
use rules::villa::data::{column_type, BASE_RADIUS, BUILD_RADIUS, COLOURS, FEEL_WORDS, PER_COLOUR};
use rules::villa::geom::Shape;
use rules::villa::model::{floor_poly, GridPt};
use rules::villa::{column_name, ColumnView, Phase, Stage, VillaView, Why};
use words::Lang;

/// Blue, red, yellow, green, chosen to stay apart for colour-blind players (the test
/// of `render::seat_colours`); columns also carry their colour's letter.
fn column_fill(colour: u8) -> Rgb {
    match colour {
        0 => Rgb::hex(0x332288),
        1 => Rgb::hex(0xaa2222),
        2 => Rgb::hex(0xf0e442),
        _ => Rgb::hex(0x44aa99),
    }
}

/// The column colours in `COLOURS` order, as sRGB: what tells the owners apart.
pub(crate) fn column_colours() -> Vec<[u8; 3]> {
    (0..COLOURS.len() as u8)
        .map(|k| {
            let c = column_fill(k);
            [c.0, c.1, c.2]
        })
        .collect()
}

fn floor_fill(level: usize) -> Rgb {
    match level {
        1 => Rgb::hex(0x7fa7e0),
        2 => Rgb::hex(0x8fcf8f),
        3 => Rgb::hex(0xf3dc6b),
        4 => Rgb::hex(0xf2a65a),
        5 => Rgb::hex(0xe07a6e),
        _ => Rgb::hex(0xa89f91),
    }
}

/// A floor's colour word by level (1 blue … 5 red; the base plate below them).
fn floor_name(level: usize, lang: Lang) -> String {
    match level {
        1 => words::text(lang, "picture-villa-blue", &[]),
        2 => words::text(lang, "picture-villa-green", &[]),
        3 => words::text(lang, "picture-villa-yellow", &[]),
        4 => words::text(lang, "picture-villa-orange", &[]),
        5 => words::text(lang, "picture-villa-red", &[]),
        _ => words::text(lang, "picture-villa-base", &[]),
    }
}

/// A column colour's word (index into `COLOURS`: blue, red, yellow, green).
fn colour_name(colour: usize, lang: Lang) -> String {
    match colour {
        0 => words::text(lang, "picture-villa-blue", &[]),
        1 => words::text(lang, "picture-villa-red", &[]),
        2 => words::text(lang, "picture-villa-yellow", &[]),
        _ => words::text(lang, "picture-villa-green", &[]),
    }
}

/// The feel word said aloud (index into `FEEL_WORDS`, found by the engine's English).
fn feel_word(feel: &str, lang: Lang) -> String {
    match FEEL_WORDS.iter().position(|w| *w == feel) {
        Some(0) => words::text(lang, "picture-villa-feel-solid", &[]),
        Some(1) => words::text(lang, "picture-villa-feel-wobble", &[]),
        Some(2) => words::text(lang, "picture-villa-feel-creaks", &[]),
        Some(_) => words::text(lang, "picture-villa-feel-sways", &[]),
        None => feel.to_string(),
    }
}

/// `B1`, `RT`, `GM`: colour letter + T thick, M medium, 1–3 thin (as in the text).
fn code(c: &ColumnView) -> String {
    let letter = COLOURS
        .get(usize::from(c.colour))
        .and_then(|s| s.chars().next())
        .unwrap_or('?')
        .to_ascii_uppercase();
    let kind = match usize::from(c.id) % PER_COLOUR {
        0 => 'T',
        1 => 'M',
        k => char::from(b'0' + (k - 1) as u8),
    };
    format!("{letter}{kind}")
}

/// Half the width of a column's footprint (cm).
fn half_width(c: &ColumnView) -> f32 {
    match column_type(usize::from(c.id) % PER_COLOUR).shape {
        Shape::Round(r) | Shape::Square(r) => r as f32,
    }
}

/// How many columns this one stands on (red floor stacking).
fn stack_height(v: &VillaView, c: &ColumnView) -> usize {
    let mut h = 0;
    let mut cur = c.on;
    while let Some(o) = cur {
        h += 1;
        cur = v.columns.get(usize::from(o)).and_then(|x| x.on);
        if h > 20 {
            break;
        }
    }
    h
}

/// Who must do what now: the text board's sentence (`rules::villa::waiting_line`)
/// without its bold, in `lang` (a test checks the English matches the engine's).
pub(crate) fn status(v: &VillaView, names: &[String], lang: Lang) -> String {
    let who = |s: usize| name(names, s, lang);
    let next = |s: Option<usize>| s.map(who).unwrap_or_default();
    match &v.phase {
        Phase::Over => words::text(lang, "picture-villa-over", &[]),
        Phase::SetupColumns { placer } => words::text(
            lang,
            "picture-villa-setup-columns",
            &[("name", who(*placer).into())],
        ),
        Phase::SetupFloor { placer } => words::text(
            lang,
            "picture-villa-setup-floor",
            &[("name", who(*placer).into())],
        ),
        Phase::Turn { seat, stage } => match stage {
            Stage::Begin if v.players == 2 => words::text(
                lang,
                "picture-villa-turn-two",
                &[("name", who(*seat).into())],
            ),
            Stage::Begin if v.players == 3 => words::text(
                lang,
                "picture-villa-turn-three",
                &[("name", who(*seat).into())],
            ),
            Stage::Begin => words::text(lang, "picture-villa-turn", &[("name", who(*seat).into())]),
            Stage::Colour(k) => words::text(
                lang,
                "picture-villa-plays-colour",
                &[
                    ("name", who(*seat).into()),
                    ("colour", colour_name(usize::from(*k), lang).into()),
                ],
            ),
            Stage::Own => words::text(lang, "picture-villa-own", &[("name", who(*seat).into())]),
        },
        Phase::Pick { seat, why } => match why {
            Why::ObjectFloor { proposer } => words::text(
                lang,
                "picture-villa-pick-objector",
                &[
                    ("name", who(*seat).into()),
                    ("proposer", who(*proposer).into()),
                ],
            ),
            _ => words::text(
                lang,
                "picture-villa-pick-neutral",
                &[("name", who(*seat).into())],
            ),
        },
        Phase::Feel { seat, col, .. } => words::text(
            lang,
            "picture-villa-feel",
            &[
                ("name", who(*seat).into()),
                ("column", column_name(*col).into()),
                (
                    "feel",
                    feel_word(v.feel.as_deref().unwrap_or_default(), lang).into(),
                ),
            ],
        ),
        Phase::Objections { proposer, answers } => words::text(
            lang,
            "picture-villa-objections",
            &[
                ("proposer", who(*proposer).into()),
                ("floor", floor_name(v.floors.len() + 1, lang).into()),
                ("next", next(answers.current()).into()),
            ],
        ),
        Phase::Challenges { original, answers } => words::text(
            lang,
            "picture-villa-challenges",
            &[
                ("name", who(*original).into()),
                ("next", next(answers.current()).into()),
            ],
        ),
        Phase::Removal { proposer, objector } => words::text(
            lang,
            "picture-villa-removal",
            &[
                ("proposer", who(*proposer).into()),
                ("objector", who(*objector).into()),
            ],
        ),
        Phase::PlaceFloor { proposer } => words::text(
            lang,
            "picture-villa-place-floor",
            &[
                ("name", who(*proposer).into()),
                ("floor", floor_name(v.floors.len() + 1, lang).into()),
            ],
        ),
    }
}

/// Pixel sizes of the side view.
/// Side view: a column's height (room for three code tags, one above another, where
/// columns stand close) and a floor plate's (its name inside).
const COLUMN_H: f32 = 112.0;
const PLATE_H: f32 = 36.0;
/// A column's code tag in the side view.
const TAG_W: f32 = 50.0;
const TAG_H: f32 = 36.0;

fn draw_column_side(c: &mut Canvas, x: f32, bottom: f32, w: f32, col: &ColumnView) {
    let fill = column_fill(col.colour);
    let top = bottom - COLUMN_H;
    let round = matches!(
        column_type(usize::from(col.id) % PER_COLOUR).shape,
        Shape::Round(_)
    );
    c.round_rect(
        x - w / 2.0,
        top,
        w,
        COLUMN_H,
        if round { w / 2.5 } else { 2.0 },
        Some(fill),
        Some((INK, 2.0)),
    );
    if col.frozen {
        // Frozen: hatched (never colour alone).
        let mut hy = top + 6.0;
        while hy < bottom - 4.0 {
            c.line(x - w / 2.0 + 2.0, hy + 8.0, x + w / 2.0 - 2.0, hy, INK, 1.5);
            hy += 12.0;
        }
    }
    if col.in_hand {
        c.round_rect(
            x - w / 2.0 - 5.0,
            top - 5.0,
            w + 10.0,
            COLUMN_H + 10.0,
            6.0,
            None,
            Some((style::HIGHLIGHT, 4.0)),
        );
    }
}

/// A column's code on a white tag at its middle (side view).
fn side_label(c: &mut Canvas, x: f32, bottom: f32, w: f32, col: &ColumnView) {
    let top = bottom - COLUMN_H;
    let label = code(col);
    let _ = w;
    c.round_rect(
        x - TAG_W / 2.0,
        top + COLUMN_H / 2.0 - TAG_H / 2.0,
        TAG_W,
        TAG_H,
        5.0,
        Some(Rgb::hex(0xffffff)),
        Some((INK, 1.0)),
    );
    c.text(
        x,
        top + COLUMN_H / 2.0 + READABLE * 0.36,
        READABLE,
        INK,
        Align::Center,
        &label,
    );
}

fn side_view(c: &mut Canvas, v: &VillaView, y: f32, lang: Lang) -> f32 {
    let inner = c.width - 2.0 * MARGIN;
    let top_level = v.floors.len();
    let max_stack = v
        .present()
        .filter(|col| usize::from(col.level) == top_level)
        .map(|col| stack_height(v, col))
        .max()
        .unwrap_or(0);
    let levels = top_level + 1;
    let body = levels as f32 * COLUMN_H
        + top_level as f32 * PLATE_H
        + max_stack as f32 * COLUMN_H
        + PLATE_H;
    let h = 12.0 + LARGE + 14.0 + body + 64.0;
    let top = style::panel(
        c,
        MARGIN,
        y,
        inner,
        h,
        &words::text(lang, "picture-villa-side-view", &[]),
    );
    let scale = (inner - 80.0) / (2.0 * BASE_RADIUS as f32);
    let ox = MARGIN + inner / 2.0;
    let xpx = |x: f64| ox + x as f32 * scale;
    let base_top = top + body - PLATE_H;
    // Base plate.
    c.rect(
        xpx(-BASE_RADIUS),
        base_top,
        2.0 * BASE_RADIUS as f32 * scale,
        PLATE_H,
        floor_fill(0),
    );
    c.round_rect(
        xpx(-BASE_RADIUS),
        base_top,
        2.0 * BASE_RADIUS as f32 * scale,
        PLATE_H,
        3.0,
        None,
        Some((INK, 2.0)),
    );
    c.text(
        xpx(-BASE_RADIUS) + 8.0,
        base_top + 28.0,
        READABLE,
        INK,
        Align::Left,
        &words::text(lang, "picture-villa-base-plate", &[]),
    );
    // Floor bottoms per level: level L's columns stand on the top of plate L.
    let plate_top = |level: usize| base_top - level as f32 * (COLUMN_H + PLATE_H);
    for level in 1..=top_level {
        let poly = floor_poly(level, v.floors[level - 1]);
        let minx = poly.iter().map(|p| p.0).fold(f64::INFINITY, f64::min);
        let maxx = poly.iter().map(|p| p.0).fold(f64::NEG_INFINITY, f64::max);
        let py = plate_top(level);
        let fill = floor_fill(level);
        c.rect(xpx(minx), py, (maxx - minx) as f32 * scale, PLATE_H, fill);
        c.round_rect(
            xpx(minx),
            py,
            (maxx - minx) as f32 * scale,
            PLATE_H,
            3.0,
            None,
            Some((INK, 2.0)),
        );
        c.text_fit(
            xpx(minx) + 8.0,
            py + 28.0,
            READABLE,
            INK,
            Align::Left,
            &words::text(
                lang,
                "picture-villa-floor",
                &[("floor", floor_name(level, lang).into())],
            ),
            ((maxx - minx) as f32 * scale - 16.0).max(TAG_W),
            READABLE,
        );
    }
    // Columns, far ones (larger y) first so nearer ones are drawn over them.
    let mut cols: Vec<&ColumnView> = v.present().collect();
    cols.sort_by(|a, b| b.pos.1.total_cmp(&a.pos.1).then(a.id.cmp(&b.id)));
    for col in &cols {
        let level = usize::from(col.level);
        let bottom = plate_top(level) - stack_height(v, col) as f32 * COLUMN_H;
        let w = 2.0 * half_width(col) * scale;
        draw_column_side(c, xpx(col.pos.0), bottom, w, col);
    }
    // Tags, nearest columns first; a tag that would cover another moves up or down the
    // column, so every column carries its code (never its colour alone).
    let mut tagged: Vec<(f32, f32, f32)> = Vec::new();
    for col in cols.iter().rev() {
        let level = usize::from(col.level);
        let bottom = plate_top(level) - stack_height(v, col) as f32 * COLUMN_H;
        let x = xpx(col.pos.0);
        let free = |dy: f32| {
            !tagged
                .iter()
                .any(|&(tx, tb, ty)| tb == bottom && ty == dy && (tx - x).abs() < TAG_W + 2.0)
        };
        let slots = [0.0, -TAG_H, TAG_H];
        let dy = slots.into_iter().find(|dy| free(*dy)).unwrap_or(0.0);
        tagged.push((x, bottom, dy));
        side_label(c, x, bottom + dy, 2.0 * half_width(col) * scale, col);
    }
    // Centimetre scale under the base.
    let sy = base_top + PLATE_H + 26.0;
    for cm in (-15..=15).step_by(5) {
        let x = xpx(f64::from(cm));
        c.line(x, sy - 22.0, x, sy - 14.0, MUTED, 2.0);
        c.text(
            x,
            sy + 14.0,
            READABLE,
            MUTED,
            Align::Center,
            &format!("{cm}"),
        );
    }
    y + h
}

fn top_view(c: &mut Canvas, v: &VillaView, y: f32, lang: Lang) -> f32 {
    let inner = c.width - 2.0 * MARGIN;
    let top_level = v.floors.len();
    let g = v.grid;
    let (gw, gh) = (f32::from(g.w.max(1)), f32::from(g.h.max(1)));
    let scale = ((inner - 120.0) / gw).min(700.0 / gh).min(80.0);
    let body = gh * scale + 60.0;
    let h = 12.0 + LARGE + 14.0 + body;
    let heading = if top_level == 0 {
        words::text(lang, "picture-villa-top-view-base", &[])
    } else {
        words::text(
            lang,
            "picture-villa-top-view",
            &[("floor", floor_name(top_level, lang).into())],
        )
    };
    let top = style::panel(c, MARGIN, y, inner, h, &heading);
    // Grid x0..x0+w-1 maps left to right; y grows upwards.
    let left = MARGIN + (inner - (gw - 1.0) * scale) / 2.0;
    let bottom = top + (gh - 1.0) * scale + scale * 0.5;
    let px = |x: f64| left + (x as f32 - g.x0 as f32) * scale;
    let py = |yy: f64| bottom - (yy as f32 - g.y0 as f32) * scale;
    if top_level == 0 {
        let (cx, cy) = (px(0.0), py(0.0));
        c.circle(
            cx,
            cy,
            BASE_RADIUS as f32 * scale,
            Some(floor_fill(0)),
            Some((INK, 2.0)),
        );
        c.circle(
            cx,
            cy,
            BUILD_RADIUS as f32 * scale,
            None,
            Some((MUTED, 2.0)),
        );
    } else {
        let poly = floor_poly(top_level, v.floors[top_level - 1]);
        let pts: Vec<(f32, f32)> = poly.iter().map(|p| (px(p.0), py(p.1))).collect();
        c.polygon(&pts, Some(floor_fill(top_level)), Some((INK, 3.0)));
    }
    // Grid points and labels.
    for gy in 0..g.h {
        for gx in 0..g.w {
            if let Some(p) = g.point(GridPt { x: gx, y: gy }) {
                c.circle(px(p.0), py(p.1), 2.5, Some(Rgb::hex(0x4a4036)), None);
            }
        }
        let yy = py(f64::from(g.y0 + i32::from(gy)));
        c.text(
            left - scale * 0.5 - 6.0,
            yy + 10.0,
            READABLE,
            MUTED,
            Align::Right,
            &(u32::from(gy) + 1).to_string(),
        );
    }
    for gx in 0..g.w {
        let xx = px(f64::from(g.x0 + i32::from(gx)));
        let letter = char::from(b'a' + gx.min(25)).to_string();
        c.text(
            xx,
            bottom + scale * 0.5 + 30.0,
            READABLE,
            MUTED,
            Align::Center,
            &letter,
        );
    }
    // Columns standing on the top level, lower ones of a stack first.
    let mut cols: Vec<&ColumnView> = v
        .present()
        .filter(|col| usize::from(col.level) == top_level)
        .collect();
    cols.sort_by_key(|col| (stack_height(v, col), col.id));
    for col in cols {
        let (cx, cy) = (px(col.pos.0), py(col.pos.1));
        let r = half_width(col) * scale;
        let fill = column_fill(col.colour);
        match column_type(usize::from(col.id) % PER_COLOUR).shape {
            Shape::Round(_) => c.circle(cx, cy, r, Some(fill), Some((INK, 2.0))),
            Shape::Square(_) => c.round_rect(
                cx - r,
                cy - r,
                2.0 * r,
                2.0 * r,
                3.0,
                Some(fill),
                Some((INK, 2.0)),
            ),
        }
        if col.in_hand {
            c.circle(cx, cy, r + 6.0, None, Some((style::HIGHLIGHT, 4.0)));
        }
        // The code at a size a phone reads: on the column when it fits, else on a white
        // tag over it.
        let label = code(col);
        let size = (r * 0.9).max(READABLE);
        let ink = if c.text_width(&label, size) <= 1.8 * r {
            fill.ink()
        } else {
            let tw = c.text_width(&label, size) + 10.0;
            c.round_rect(
                cx - tw / 2.0,
                cy - size * 0.6,
                tw,
                size * 1.2,
                5.0,
                Some(Rgb::hex(0xffffff)),
                Some((INK, 1.0)),
            );
            INK
        };
        c.text(cx, cy + size * 0.36, size, ink, Align::Center, &label);
    }
    y + h
}

pub(crate) fn draw_public(c: &mut Canvas, v: &VillaView, names: &[String], lang: Lang) {
    let inner = c.width - 2.0 * MARGIN;
    let mut y = style::header(
        c,
        &words::text(
            lang,
            "picture-villa-title",
            &[("turn", (v.turns + 1).into())],
        ),
        &status(v, names, lang),
        READABLE,
    );
    // Who plays which colour.
    let mut x = MARGIN;
    for (k, colour) in COLOURS.iter().enumerate() {
        let owner = match v.owners.get(k).copied().flatten() {
            Some(s) => name(names, s, lang),
            None => words::text(lang, "picture-villa-neutral", &[]),
        };
        let fill = column_fill(k as u8);
        // A chip that would run past the edge starts a new line.
        let need = 48.0 + c.text_width(&owner, READABLE).min(200.0);
        if x > MARGIN && x + need > MARGIN + inner {
            x = MARGIN;
            y += 48.0;
        }
        c.round_rect(x, y + 4.0, 40.0, 36.0, 6.0, Some(fill), Some((INK, 2.0)));
        let letter = colour
            .chars()
            .next()
            .unwrap_or('?')
            .to_ascii_uppercase()
            .to_string();
        c.text(
            x + 20.0,
            y + 32.0,
            READABLE,
            fill.ink(),
            Align::Center,
            &letter,
        );
        let tw = c.text_fit(
            x + 48.0,
            y + 32.0,
            READABLE,
            INK,
            Align::Left,
            &owner,
            200.0,
            READABLE,
        );
        x += 48.0 + tw + 28.0;
    }
    y += 52.0;
    let seal = match (v.seal.holder, v.seal.previous) {
        (Some(h), Some(p)) => words::text(
            lang,
            "picture-villa-seal-before",
            &[
                ("holder", name(names, h, lang).into()),
                ("previous", name(names, p, lang).into()),
            ],
        ),
        (Some(h), None) => name(names, h, lang),
        _ => words::text(lang, "picture-villa-seal-none", &[]),
    };
    let scores: Vec<String> = v
        .scores
        .iter()
        .enumerate()
        .map(|(s, p)| format!("{} {}", name(names, s, lang), p))
        .collect();
    y = c.paragraph(
        MARGIN,
        y + READABLE,
        READABLE,
        INK,
        &words::text(
            lang,
            "picture-villa-seal",
            &[("seal", seal.into()), ("scores", scores.join(", ").into())],
        ),
        inner,
    ) - READABLE
        + 10.0;
    if let Some(feel) = &v.feel {
        let h = 64.0;
        c.round_rect(
            MARGIN,
            y,
            inner,
            h,
            12.0,
            Some(style::HIGHLIGHT),
            Some((INK, 2.0)),
        );
        c.text(
            MARGIN + inner / 2.0,
            y + 44.0,
            LARGE + 4.0,
            INK,
            Align::Center,
            &words::text(
                lang,
                "picture-villa-hand-feels",
                &[("feel", feel_word(feel, lang).into())],
            ),
        );
        y += h + 14.0;
    }
    y = side_view(c, v, y, lang) + 14.0;
    y = top_view(c, v, y, lang) + 12.0;
    let gone = v.gone();
    if !gone.is_empty() {
        y = c.paragraph(
            MARGIN,
            y + READABLE,
            READABLE,
            INK,
            &words::text(
                lang,
                "picture-villa-gone",
                &[("columns", gone.join(", ").into())],
            ),
            inner,
        ) - READABLE
            + 6.0;
    }
    c.paragraph(
        MARGIN,
        y + READABLE,
        READABLE,
        MUTED,
        &words::text(lang, "picture-villa-legend", &[]),
        inner,
    );
}

pub fn public(v: &VillaView, names: &[String], lang: Lang) -> Option<Vec<u8>> {
    picture(crate::WIDTH, style::BACKGROUND, |c| {
        draw_public(c, v, names, lang)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each feel word the engine says has its own text, English word for word.
    #[test]
    fn every_feel_word_is_translated() {
        for word in FEEL_WORDS {
            assert_eq!(feel_word(word, Lang::En), word);
            assert_ne!(feel_word(word, Lang::Es), word);
        }
        for (k, colour) in COLOURS.iter().enumerate() {
            assert_eq!(colour_name(k, Lang::En), *colour);
        }
        for (level, floor) in rules::villa::data::FLOOR_NAMES.iter().enumerate() {
            assert_eq!(floor_name(level + 1, Lang::En), *floor);
        }
    }
}
