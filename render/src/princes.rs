//! The Princes of Florence: each principality's 7×7 grid with its buildings drawn as
//! their polyomino shapes, landscapes and freedoms, the prestige track, the auction items
//! left this round, the round; and a player's hand of cards.

use crate::canvas::{picture, Align, Canvas, Rgb};
use crate::style::{self, name, INK, LARGE, MARGIN, MUTED, READABLE};
use rules::princes::board::{BUILDING_BASE, EMPTY, LANDSCAPE_BASE, PALAZZO_CELL};
use rules::princes::data::{Stack, BUILDINGS, FREEDOMS, GRID, LANDSCAPES};
use rules::princes::{terms, waiting_phrase, PrincesPrivate, PrincesPublic, PublicPlayer};

use words::Lang;

const FOREST: Rgb = Rgb::hex(0x2f6b35);
const LAKE: Rgb = Rgb::hex(0x4b8fd1);
const PARK: Rgb = Rgb::hex(0x9ccf6a);
const BUILDING: Rgb = Rgb::hex(0xc98a52);
const PALAZZO: Rgb = Rgb::hex(0x8c7b6b);
const GROUND: Rgb = Rgb::hex(0xefe6d2);

fn landscape_fill(l: u8) -> Rgb {
    match l {
        0 => FOREST,
        1 => LAKE,
        _ => PARK,
    }
}

/// A small symbol per landscape so the kind never depends on colour alone:
/// forest a tree, lake waves, park a flower.
fn landscape_mark(c: &mut Canvas, l: u8, x: f32, y: f32, s: f32) {
    let (cx, cy) = (x + s / 2.0, y + s / 2.0);
    match l {
        0 => {
            let pts = [
                (cx, y + s * 0.15),
                (x + s * 0.8, y + s * 0.7),
                (x + s * 0.2, y + s * 0.7),
            ];
            c.polygon(&pts, Some(Rgb::hex(0x163b1a)), None);
            c.rect(
                cx - s * 0.05,
                y + s * 0.7,
                s * 0.1,
                s * 0.15,
                Rgb::hex(0x5b3a1e),
            );
        }
        1 => {
            for k in 0..2 {
                let yy = y + s * (0.4 + 0.25 * k as f32);
                c.line(
                    x + s * 0.2,
                    yy,
                    x + s * 0.4,
                    yy - s * 0.08,
                    Rgb::hex(0xeaf4ff),
                    2.5,
                );
                c.line(
                    x + s * 0.4,
                    yy - s * 0.08,
                    x + s * 0.6,
                    yy,
                    Rgb::hex(0xeaf4ff),
                    2.5,
                );
                c.line(
                    x + s * 0.6,
                    yy,
                    x + s * 0.8,
                    yy - s * 0.08,
                    Rgb::hex(0xeaf4ff),
                    2.5,
                );
            }
        }
        _ => {
            for (dx, dy) in [(-1.0, 0.0), (1.0, 0.0), (0.0, -1.0), (0.0, 1.0)] {
                c.circle(
                    cx + dx * s * 0.14,
                    cy + dy * s * 0.14,
                    s * 0.11,
                    Some(Rgb::hex(0xf7f0a8)),
                    None,
                );
            }
            c.circle(cx, cy, s * 0.09, Some(Rgb::hex(0xd9822b)), None);
        }
    }
}

/// The principality: cells, then a thick edge wherever a piece ends, then labels.
fn grid(c: &mut Canvas, x: f32, y: f32, cell: f32, g: &[u8], lang: Lang) {
    let at = |r: usize, col: usize| g.get(r * GRID + col).copied().unwrap_or(EMPTY);
    for r in 0..GRID {
        for col in 0..GRID {
            let v = at(r, col);
            let (cx, cy) = (x + col as f32 * cell, y + r as f32 * cell);
            let fill = match v {
                EMPTY => GROUND,
                PALAZZO_CELL => PALAZZO,
                v if v >= LANDSCAPE_BASE => landscape_fill(v - LANDSCAPE_BASE),
                _ => BUILDING,
            };
            c.rect(cx, cy, cell, cell, fill);
            if v >= LANDSCAPE_BASE {
                landscape_mark(c, v - LANDSCAPE_BASE, cx, cy, cell);
            }
        }
    }
    // Thin lines between all cells, thick ones where pieces meet.
    for i in 0..=GRID {
        let p = i as f32 * cell;
        c.line(
            x + p,
            y,
            x + p,
            y + cell * GRID as f32,
            Rgb::hex(0xb3a78f),
            1.0,
        );
        c.line(
            x,
            y + p,
            x + cell * GRID as f32,
            y + p,
            Rgb::hex(0xb3a78f),
            1.0,
        );
    }
    let solid = |v: u8| v != EMPTY && v < LANDSCAPE_BASE;
    for r in 0..GRID {
        for col in 0..GRID {
            let v = at(r, col);
            let (cx, cy) = (x + col as f32 * cell, y + r as f32 * cell);
            // Right edge.
            let right = if col + 1 < GRID {
                at(r, col + 1)
            } else {
                EMPTY
            };
            if v != right && (solid(v) || solid(right)) || (col + 1 == GRID && solid(v)) {
                c.line(cx + cell, cy, cx + cell, cy + cell, INK, 3.0);
            }
            let down = if r + 1 < GRID { at(r + 1, col) } else { EMPTY };
            if v != down && (solid(v) || solid(down)) || (r + 1 == GRID && solid(v)) {
                c.line(cx, cy + cell, cx + cell, cy + cell, INK, 3.0);
            }
            if col == 0 && solid(v) {
                c.line(cx, cy, cx, cy + cell, INK, 3.0);
            }
            if r == 0 && solid(v) {
                c.line(cx, cy, cx + cell, cy, INK, 3.0);
            }
        }
    }
    c.round_rect(
        x,
        y,
        cell * GRID as f32,
        cell * GRID as f32,
        2.0,
        None,
        Some((INK, 2.0)),
    );
    // One letter per building, on its cell nearest the piece's centre.
    for b in 0..BUILDINGS.len() as u8 {
        let code = BUILDING_BASE + b;
        let cells: Vec<(usize, usize)> = (0..GRID * GRID)
            .filter(|i| g.get(*i) == Some(&code))
            .map(|i| (i / GRID, i % GRID))
            .collect();
        if cells.is_empty() {
            continue;
        }
        let n = cells.len() as f32;
        let mr = cells.iter().map(|c| c.0 as f32).sum::<f32>() / n;
        let mc = cells.iter().map(|c| c.1 as f32).sum::<f32>() / n;
        let best = cells
            .iter()
            .min_by(|a, b| {
                let da = (a.0 as f32 - mr).powi(2) + (a.1 as f32 - mc).powi(2);
                let db = (b.0 as f32 - mr).powi(2) + (b.1 as f32 - mc).powi(2);
                da.total_cmp(&db)
            })
            .copied()
            .unwrap_or(cells[0]);
        let letter = BUILDINGS[usize::from(b)].letter.to_string();
        c.text(
            x + best.1 as f32 * cell + cell / 2.0,
            y + best.0 as f32 * cell + cell * 0.72,
            cell * 0.62,
            INK,
            Align::Center,
            &letter,
        );
    }
    if g.contains(&PALAZZO_CELL) {
        c.text(
            x + 1.5 * cell,
            y + 6.0 * cell + 8.0,
            (cell * 0.42).max(READABLE),
            Rgb::hex(0xffffff),
            Align::Center,
            &words::text(lang, "picture-princes-palazzo", &[]),
        );
    }
}

/// An auction item as a sentence names it (`prestige card`).
fn noun(st: Stack, lang: Lang) -> String {
    match st {
        Stack::Forest => words::text(lang, "picture-princes-forest", &[]),
        Stack::Lake => words::text(lang, "picture-princes-lake", &[]),
        Stack::Park => words::text(lang, "picture-princes-park", &[]),
        Stack::Jester => words::text(lang, "picture-princes-jester", &[]),
        Stack::Builder => words::text(lang, "picture-princes-builder", &[]),
        Stack::Prestige => words::text(lang, "picture-princes-prestige-card", &[]),
        Stack::Recruiting => words::text(lang, "picture-princes-recruiting-card", &[]),
    }
}

/// A landscape's word by id (0 forest, 1 lake, 2 park).
fn landscape_name(l: usize, lang: Lang) -> String {
    match l {
        0 => words::text(lang, "picture-princes-forest", &[]),
        1 => words::text(lang, "picture-princes-lake", &[]),
        _ => words::text(lang, "picture-princes-park", &[]),
    }
}

/// A freedom's word by id (0 opinion, 1 religion, 2 travel).
fn freedom_name(f: usize, lang: Lang) -> String {
    match f {
        0 => words::text(lang, "picture-princes-opinion", &[]),
        1 => words::text(lang, "picture-princes-religion", &[]),
        _ => words::text(lang, "picture-princes-travel", &[]),
    }
}

/// A building's name (`University`) by its slug; a test checks every building has one.
fn building_name(slug: &str, lang: Lang) -> String {
    words::text(lang, &format!("picture-princes-building-{slug}"), &[])
}

/// A profession card's name by number (`#0`: a recruiting card); a test checks every
/// profession has one.
pub(crate) fn profession_name(num: u8, lang: Lang) -> String {
    if num == 0 {
        return words::text(lang, "picture-princes-recruiting", &[]);
    }
    match rules::princes::data::profession(num) {
        Some(p) => words::text(lang, &format!("picture-princes-profession-{}", p.slug), &[]),
        None => "?".into(),
    }
}

fn status(v: &PrincesPublic, names: &[String], lang: Lang) -> String {
    let s = match v.phase {
        "setup" => words::text(lang, "picture-princes-setup", &[]),
        "auctions" => match v.auction.as_ref().and_then(|a| a.live.as_ref()) {
            Some(l) => {
                let args = [
                    ("item", noun(l.stack, lang).into()),
                    ("high", l.high.into()),
                    ("leader", name(names, l.leader, lang).into()),
                ];
                match l.to_act {
                    Some(s) => {
                        let mut args = args.to_vec();
                        args.push(("bidder", name(names, s, lang).into()));
                        words::text(lang, "picture-princes-auction-answer", &args)
                    }
                    None => words::text(lang, "picture-princes-auction", &args),
                }
            }
            None => words::text(
                lang,
                "picture-princes-auction-next",
                &[(
                    "opener",
                    v.auction
                        .as_ref()
                        .map_or(String::new(), |a| name(names, a.opener, lang))
                        .into(),
                )],
            ),
        },
        "actions" => match v.turn {
            Some((s, used)) => words::text(
                lang,
                "picture-princes-actions-turn",
                &[("name", name(names, s, lang).into()), ("used", used.into())],
            ),
            None => words::text(lang, "picture-princes-actions", &[]),
        },
        _ => words::text(lang, "picture-princes-over", &[]),
    };
    match &v.waiting {
        // The pending step, in the engine's words for it (`princes.ftl`).
        Some(w) => words::text(
            lang,
            "picture-princes-waiting",
            &[
                ("status", s.into()),
                (
                    "pending",
                    words::phrase(lang, &waiting_phrase(w), names).into(),
                ),
            ],
        ),
        None => s,
    }
}

fn stack_supply(v: &PrincesPublic, st: Stack) -> usize {
    match st {
        Stack::Forest => usize::from(v.landscape_supply[0]),
        Stack::Lake => usize::from(v.landscape_supply[1]),
        Stack::Park => usize::from(v.landscape_supply[2]),
        Stack::Jester => usize::from(v.jester_supply),
        Stack::Builder => usize::from(v.builder_supply),
        Stack::Prestige => v.prestige_deck,
        Stack::Recruiting => usize::from(v.recruiting_supply),
    }
}

fn stack_label(st: Stack, lang: Lang) -> String {
    match st {
        Stack::Forest => words::text(lang, "picture-princes-stack-forest", &[]),
        Stack::Lake => words::text(lang, "picture-princes-stack-lake", &[]),
        Stack::Park => words::text(lang, "picture-princes-stack-park", &[]),
        Stack::Jester => words::text(lang, "picture-princes-stack-jester", &[]),
        Stack::Builder => words::text(lang, "picture-princes-stack-builder", &[]),
        Stack::Prestige => words::text(lang, "picture-princes-stack-prestige", &[]),
        Stack::Recruiting => words::text(lang, "picture-princes-stack-recruiting", &[]),
    }
}

pub(crate) fn draw_public(c: &mut Canvas, v: &PrincesPublic, names: &[String], lang: Lang) {
    let inner = c.width - 2.0 * MARGIN;
    let title = words::text(
        lang,
        "picture-princes-title",
        &[
            ("round", v.round.max(1).into()),
            ("rounds", v.rounds.into()),
        ],
    );
    let mut y = style::header(c, &title, &status(v, names, lang), READABLE);
    y = c.paragraph(
        MARGIN,
        y + READABLE,
        READABLE,
        MUTED,
        &words::text(
            lang,
            "picture-princes-min-work",
            &[
                ("work", v.min_work.into()),
                ("start", name(names, v.start, lang).into()),
            ],
        ),
        inner,
    ) - READABLE
        + 12.0;

    // Auction items of this round.
    let bought: Vec<(usize, Stack)> = v.auction.as_ref().map_or(vec![], |a| a.bought.clone());
    let live = v.auction.as_ref().and_then(|a| a.live.as_ref());
    // Four items a row, so each name fits at a size a phone reads.
    let per_row = 4;
    let rows = Stack::ALL.len().div_ceil(per_row) as f32;
    let ah = 12.0 + LARGE + 14.0 + rows * 98.0;
    let heading = if v.phase == "auctions" {
        words::text(lang, "picture-princes-items-now", &[])
    } else {
        words::text(lang, "picture-princes-items-next", &[])
    };
    let top = style::panel(c, MARGIN, y, inner, ah, &heading);
    let cw = (inner - 32.0 - (per_row - 1) as f32 * 8.0) / per_row as f32;
    for (i, st) in Stack::ALL.iter().enumerate() {
        let x = MARGIN + 16.0 + (i % per_row) as f32 * (cw + 8.0);
        let top = top + (i / per_row) as f32 * 98.0;
        let left = stack_supply(v, *st);
        let sold_to = bought.iter().find(|(_, b)| b == st).map(|(s, _)| *s);
        let gone = sold_to.is_some() || left == 0;
        let fill = if gone {
            Rgb::hex(0xd8d2c6)
        } else {
            match st {
                Stack::Forest => FOREST,
                Stack::Lake => LAKE,
                Stack::Park => PARK,
                Stack::Jester => Rgb::hex(0xb0413e),
                Stack::Builder => BUILDING,
                Stack::Prestige => Rgb::hex(0x6b4fa0),
                Stack::Recruiting => Rgb::hex(0x3f5566),
            }
        };
        let is_live = live.is_some_and(|l| l.stack == *st);
        c.round_rect(x, top, cw, 84.0, 8.0, Some(fill), Some((INK, 2.0)));
        if is_live {
            c.round_rect(
                x - 4.0,
                top - 4.0,
                cw + 8.0,
                92.0,
                10.0,
                None,
                Some((style::HIGHLIGHT, 5.0)),
            );
        }
        let ink = if gone { MUTED } else { fill.ink() };
        c.text_fit(
            x + cw / 2.0,
            top + 34.0,
            READABLE,
            ink,
            Align::Center,
            &stack_label(*st, lang),
            cw - 8.0,
            READABLE,
        );
        let sub = match sold_to {
            Some(s) => format!("✓ {}", name(names, s, lang)),
            None if left == 0 => words::text(lang, "picture-princes-none-left", &[]),
            None => words::text(lang, "picture-princes-left", &[("count", left.into())]),
        };
        c.text_fit(
            x + cw / 2.0,
            top + 70.0,
            READABLE,
            ink,
            Align::Center,
            &sub,
            cw - 8.0,
            READABLE,
        );
    }
    y += ah + 14.0;

    // Prestige track.
    let max = v
        .players
        .iter()
        .map(|p| p.prestige)
        .max()
        .unwrap_or(0)
        .max(0);
    let span = ((max + 10) / 10 * 10).max(30) as f32;
    let per_row: Vec<usize> = Vec::new();
    let _ = per_row;
    let stack_heights = {
        let mut counts = std::collections::BTreeMap::new();
        for p in &v.players {
            *counts.entry(p.prestige).or_insert(0usize) += 1;
        }
        counts.values().copied().max().unwrap_or(1)
    };
    let th = 12.0 + LARGE + 14.0 + 44.0 + stack_heights as f32 * 48.0;
    let heading = words::text(lang, "picture-princes-prestige-track", &[]);
    let top = style::panel(c, MARGIN, y, inner, th, &heading);
    let (tx, tw) = (MARGIN + 30.0, inner - 60.0);
    let line_y = top + stack_heights as f32 * 48.0 + 4.0;
    c.line(tx, line_y, tx + tw, line_y, INK, 3.0);
    let mut tick = 0;
    while tick as f32 <= span {
        let x = tx + tw * tick as f32 / span;
        c.line(x, line_y - 6.0, x, line_y + 6.0, INK, 2.0);
        c.text(
            x,
            line_y + 34.0,
            READABLE,
            MUTED,
            Align::Center,
            &tick.to_string(),
        );
        tick += 10;
    }
    let mut placed: std::collections::BTreeMap<i64, usize> = std::collections::BTreeMap::new();
    for p in &v.players {
        let k = placed.entry(p.prestige).or_insert(0);
        let x = tx + tw * p.prestige.max(0) as f32 / span;
        let cy = line_y - 28.0 - *k as f32 * 48.0;
        style::seat_badge(c, x - 22.0, cy, p.seat, 22.0);
        *k += 1;
    }
    y += th + 14.0;

    // Principalities, two per row; each as tall as the one with the most lines.
    let gap = 12.0;
    let pw = (inner - gap) / 2.0;
    // Cells of 52 px: building letters at 32 px, and five players stay under 3,000 px.
    let cell = ((pw - 24.0) / GRID as f32).floor().min(52.0);
    let most = v
        .players
        .iter()
        .map(|p| {
            player_lines(p, lang)
                .iter()
                .map(|(l, _)| c.line_count(l, READABLE, pw - 32.0))
                .sum::<usize>()
        })
        .max()
        .unwrap_or(0);
    let ph =
        12.0 + LARGE + 14.0 + cell * GRID as f32 + 10.0 + 44.0 + most as f32 * READABLE * 1.3 + 6.0;
    for (i, p) in v.players.iter().enumerate() {
        let (row, col) = (i / 2, i % 2);
        let x = MARGIN + col as f32 * (pw + gap);
        let py = y + row as f32 * (ph + gap);
        principality(c, x, py, pw, ph, cell, p, v, names, lang);
    }
    let rows = v.players.len().div_ceil(2) as f32;
    y += rows * (ph + gap);

    // Supplies and legend.
    let blds: Vec<String> = BUILDINGS
        .iter()
        .zip(v.building_supply.iter())
        .map(|(b, n)| format!("{}{n}", b.letter))
        .collect();
    let text = words::text(
        lang,
        "picture-princes-supplies",
        &[
            ("buildings", blds.join(" ").into()),
            ("opinion", v.freedom_supply[0].into()),
            ("religion", v.freedom_supply[1].into()),
            ("travel", v.freedom_supply[2].into()),
            ("professions", v.profession_deck.into()),
            ("bonus", v.bonus_deck.into()),
            ("prestige", v.prestige_deck.into()),
        ],
    );
    y = c.paragraph(MARGIN, y + READABLE, READABLE, INK, &text, inner);
    let legend: Vec<String> = BUILDINGS
        .iter()
        .map(|b| format!("{} {}", b.letter, building_name(b.slug, lang)))
        .collect();
    c.paragraph(
        MARGIN,
        y + 4.0,
        READABLE,
        MUTED,
        &words::text(
            lang,
            "picture-princes-legend",
            &[("buildings", legend.join(" · ").into())],
        ),
        inner,
    );
}

#[allow(clippy::too_many_arguments)]
fn principality(
    c: &mut Canvas,
    x: f32,
    y: f32,
    pw: f32,
    ph: f32,
    cell: f32,
    p: &PublicPlayer,
    v: &PrincesPublic,
    names: &[String],
    lang: Lang,
) {
    // The spaces leave room for the seat badge.
    let heading = format!(
        "      {}",
        words::text(
            lang,
            "picture-princes-principality",
            &[
                ("name", name(names, p.seat, lang).into()),
                ("prestige", p.prestige.into()),
            ],
        )
    );
    let top = style::panel(c, x, y, pw, ph, &heading);
    style::seat_badge(c, x + 12.0, y + 12.0 + LARGE * 0.62, p.seat, 23.0);
    if v.awaiting.contains(&p.seat) && v.phase != "over" {
        c.round_rect(x, y, pw, ph, 12.0, None, Some((style::HIGHLIGHT, 5.0)));
    }
    let gx = x + (pw - cell * GRID as f32) / 2.0;
    grid(c, gx, top, cell, &p.grid, lang);
    let mut ly = top + cell * GRID as f32 + 10.0;
    // Freedoms as three chips, filled when held.
    let fw = (pw - 32.0 - 16.0) / 3.0;
    for i in 0..FREEDOMS.len() {
        let f = freedom_name(i, lang);
        let held = p.freedoms[i];
        let fx = x + 16.0 + i as f32 * (fw + 8.0);
        c.round_rect(
            fx,
            ly,
            fw,
            40.0,
            8.0,
            held.then_some(Rgb::hex(0x6b4fa0)),
            Some((if held { INK } else { PANEL_LINE }, 2.0)),
        );
        let label = if held { format!("✓ {}", f) } else { f };
        c.text_fit(
            fx + fw / 2.0,
            ly + 30.0,
            READABLE,
            if held { Rgb::hex(0xffffff) } else { MUTED },
            Align::Center,
            &label,
            fw - 4.0,
            crate::PHONE_MIN_PX,
        );
    }
    ly += 44.0 + READABLE;
    for (l, colour) in player_lines(p, lang) {
        ly = c.paragraph(x + 16.0, ly, READABLE, colour, &l, pw - 32.0);
    }
}

/// A principality's lines under its freedoms, with their colours: people, cards,
/// landscapes, and the profession cards on show.
fn player_lines(p: &PublicPlayer, lang: Lang) -> Vec<(String, Rgb)> {
    let landscapes: Vec<String> = (0..LANDSCAPES.len())
        .zip(p.landscapes.iter())
        .filter(|(_, n)| **n > 0)
        .map(|(l, n)| format!("{} {}", n, landscape_name(l, lang)))
        .collect();
    let mut lines = vec![
        words::text(
            lang,
            "picture-princes-people",
            &[
                ("jesters", p.jesters.into()),
                ("builders", p.builders.into()),
                ("works", p.works.into()),
            ],
        ),
        words::text(
            lang,
            "picture-princes-cards",
            &[
                ("cards", p.hand_cards.into()),
                ("bonus", p.bonus_cards.into()),
                ("prestige", p.prestige_cards.into()),
            ],
        ),
        if landscapes.is_empty() {
            words::text(lang, "picture-princes-no-landscapes", &[])
        } else {
            landscapes.join(" · ")
        },
    ]
    .into_iter()
    .map(|l| (l, INK))
    .collect::<Vec<_>>();
    if !p.display.is_empty() {
        let shown: Vec<String> = p
            .display
            .iter()
            .map(|&d| profession_name(d, lang))
            .collect();
        lines.push((
            words::text(
                lang,
                "picture-princes-shown",
                &[("cards", shown.join(", ").into())],
            ),
            MUTED,
        ));
    }
    lines
}

const PANEL_LINE: Rgb = Rgb::hex(0xb9ad98);

pub fn public(v: &PrincesPublic, names: &[String], lang: Lang) -> Option<Vec<u8>> {
    picture(crate::WIDTH, style::BACKGROUND, |c| {
        draw_public(c, v, names, lang)
    })
}

pub(crate) fn draw_private(c: &mut Canvas, v: &PrincesPrivate, names: &[String], lang: Lang) {
    let inner = c.width - 2.0 * MARGIN;
    let title = words::text(
        lang,
        "picture-princes-hand-title",
        &[("name", name(names, v.seat, lang).into())],
    );
    let mut y = style::header(
        c,
        &title,
        &words::text(
            lang,
            "picture-princes-hand-status",
            &[
                // As digits (no thousands separator), as the picture always wrote them.
                ("florins", v.florins.to_string().into()),
                ("prestige", v.prestige.into()),
                ("round", v.round.into()),
                ("work", v.min_work.into()),
            ],
        ),
        READABLE,
    ) + 6.0;
    let section = |c: &mut Canvas, y: f32, text: &str| -> f32 {
        c.text(MARGIN, y + LARGE, LARGE, INK, Align::Left, text);
        y + LARGE + 14.0
    };
    if !v.dealt.is_empty() {
        y = section(c, y, &words::text(lang, "picture-princes-dealt", &[]));
        let cards: Vec<(String, String)> = v
            .dealt
            .iter()
            .map(|&n| (profession_name(n, lang), format!("#{n}")))
            .collect();
        y = card_grid(c, y, &cards);
    }
    y = section(
        c,
        y,
        &words::text(
            lang,
            "picture-princes-in-hand",
            &[
                ("count", v.hand.len().into()),
                ("recruiting", v.recruiting.into()),
            ],
        ),
    );
    let cards: Vec<(String, String)> = v
        .hand
        .iter()
        .map(|h| {
            (
                profession_name(h.number, lang),
                words::text(
                    lang,
                    "picture-princes-work-now",
                    &[("number", h.number.into()), ("work", h.value_now.into())],
                ),
            )
        })
        .collect();
    if cards.is_empty() {
        let none = words::text(lang, "picture-princes-none", &[]);
        c.text(MARGIN, y + READABLE, READABLE, MUTED, Align::Left, &none);
        y += READABLE + 16.0;
    } else {
        y = card_grid(c, y, &cards);
    }
    if !v.bonus.is_empty() {
        let heading = words::text(
            lang,
            "picture-princes-bonus-cards",
            &[("count", v.bonus.len().into())],
        );
        y = section(c, y, &heading);
        for (id, text, now) in &v.bonus {
            y = c.paragraph(
                MARGIN + 16.0,
                y + READABLE,
                READABLE,
                INK,
                &words::text(
                    lang,
                    "picture-princes-bonus-card",
                    &[
                        ("id", (*id).into()),
                        ("text", (*text).into()),
                        ("now", (*now).into()),
                    ],
                ),
                inner - 16.0,
            ) - READABLE
                + 8.0;
        }
        y += 8.0;
    }
    if !v.prestige_cards.is_empty() {
        y = section(
            c,
            y,
            &words::text(
                lang,
                "picture-princes-prestige-cards",
                &[("count", v.prestige_cards.len().into())],
            ),
        );
        for (id, text) in &v.prestige_cards {
            y = c.paragraph(
                MARGIN + 16.0,
                y + READABLE,
                READABLE,
                INK,
                &format!("#{}: {}", id, text),
                inner - 16.0,
            ) - READABLE
                + 8.0;
        }
        y += 8.0;
    }
    if let Some((deck, cards)) = &v.looking_cards {
        let deck_word = words::text(lang, terms::deck(*deck), &[]);
        let heading = words::text(
            lang,
            "picture-princes-choose",
            &[("deck", deck_word.as_str().into())],
        );
        y = section(c, y, &heading);
        for card in cards {
            let label = words::text(lang, terms::card(*deck, *card), &[]);
            y = c.paragraph(
                MARGIN + 16.0,
                y + READABLE,
                READABLE,
                INK,
                &label,
                inner - 16.0,
            ) - READABLE
                + 8.0;
        }
    }
}

/// Cards as boxes, two per row (a long profession name fits): name on top, detail
/// below.
fn card_grid(c: &mut Canvas, y: f32, cards: &[(String, String)]) -> f32 {
    let inner = c.width - 2.0 * MARGIN;
    let gap = 12.0;
    let w = (inner - gap) / 2.0;
    let h = 96.0;
    for (i, (title, detail)) in cards.iter().enumerate() {
        let (row, col) = (i / 2, i % 2);
        let x = MARGIN + col as f32 * (w + gap);
        let cy = y + row as f32 * (h + gap);
        c.round_rect(
            x,
            cy,
            w,
            h,
            10.0,
            Some(Rgb::hex(0xf7ecd0)),
            Some((INK, 2.0)),
        );
        c.text_fit(
            x + 16.0,
            cy + 40.0,
            LARGE,
            INK,
            Align::Left,
            title,
            w - 32.0,
            READABLE,
        );
        c.text_fit(
            x + 16.0,
            cy + 80.0,
            READABLE,
            MUTED,
            Align::Left,
            detail,
            w - 32.0,
            READABLE,
        );
    }
    y + cards.len().div_ceil(2) as f32 * (h + gap) + 8.0
}

pub fn private(v: &PrincesPrivate, names: &[String], lang: Lang) -> Option<Vec<u8>> {
    picture(crate::WIDTH, style::BACKGROUND, |c| {
        draw_private(c, v, names, lang)
    })
}

/// Each player's palazzo in words (its buildings and landscapes), for the text board:
/// what the grids drawn in the picture show, without the positions.
pub(crate) fn palazzo_lines(v: &PrincesPublic, names: &[String], lang: Lang) -> Vec<String> {
    v.players
        .iter()
        .map(|p| {
            // As the grid draws them: a building is built where its code is on the grid.
            let buildings: Vec<String> = BUILDINGS
                .iter()
                .zip(0u8..)
                .filter(|(_, b)| p.grid.contains(&(BUILDING_BASE + b)))
                .map(|(info, _)| building_name(info.slug, lang))
                .collect();
            let buildings = if buildings.is_empty() {
                words::text(lang, "picture-princes-none", &[])
            } else {
                buildings.join(", ")
            };
            let landscapes: Vec<String> = (0..LANDSCAPES.len())
                .zip(p.landscapes.iter())
                .filter(|(_, n)| **n > 0)
                .map(|(l, n)| format!("{} {}", n, landscape_name(l, lang)))
                .collect();
            let landscapes = if landscapes.is_empty() {
                words::text(lang, "picture-princes-no-landscapes", &[])
            } else {
                landscapes.join(", ")
            };
            words::text(
                lang,
                "picture-princes-text-palazzo",
                &[
                    ("name", name(names, p.seat, lang).into()),
                    ("buildings", buildings.into()),
                    ("landscapes", landscapes.into()),
                ],
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::princes::data::PROFESSIONS;

    /// Names come from keys built from the engine's slugs: every one exists in both
    /// languages (a missing one would be drawn as its key).
    #[test]
    fn every_building_and_profession_has_a_name_in_each_language() {
        for lang in Lang::ALL {
            for b in &BUILDINGS {
                let key = format!("picture-princes-building-{}", b.slug);
                assert!(words::has(lang, &key), "{lang:?}: {key}");
            }
            for p in &PROFESSIONS {
                let key = format!("picture-princes-profession-{}", p.slug);
                assert!(words::has(lang, &key), "{lang:?}: {key}");
            }
        }
        // English names are the engine's own.
        for b in &BUILDINGS {
            assert_eq!(building_name(b.slug, Lang::En), b.name);
        }
        for p in &PROFESSIONS {
            assert_eq!(profession_name(p.num, Lang::En), p.name);
        }
        assert_eq!(profession_name(4, Lang::Es), "Botánico");
    }
}
