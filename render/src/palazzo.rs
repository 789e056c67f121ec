//! Palazzo: quarries, supply, master builder, stacks and riders, revealed money, the
//! running auction, each player's palazzi floor by floor, scores; and a player's hand.
//! Drawn for phones: no text below [`READABLE`], two quarries and two players a row.

use crate::canvas::{picture, Align, Canvas, Rgb};
use crate::style::{self, name, INK, LARGE, MARGIN, MUTED, READABLE};
use rules::palazzo::data::{Card, Currency, Material, Tile, RIDERS, STACK_NAMES};
use rules::palazzo::{Ask, PalazzoPrivate, PalazzoPublic};
use words::Lang;

/// Material fills with the word written on every tile (colour is never the only cue).
fn material_colour(m: Material) -> Rgb {
    match m {
        Material::Brick => Rgb::hex(0xb4533a),
        Material::Sandstone => Rgb::hex(0xe3c48c),
        Material::Marble => Rgb::hex(0xe8ebef),
    }
}

/// The word written on a tile (short: it fits under the floor number).
fn material_word(m: Material, lang: Lang) -> String {
    match m {
        Material::Brick => words::text(lang, "picture-palazzo-tile-brick", &[]),
        Material::Sandstone => words::text(lang, "picture-palazzo-tile-sandstone", &[]),
        Material::Marble => words::text(lang, "picture-palazzo-tile-marble", &[]),
    }
}

fn currency_colour(c: Option<Currency>) -> Rgb {
    match c {
        Some(Currency::Red) => Rgb::hex(0xb8322a),
        Some(Currency::Green) => Rgb::hex(0x1d7a45),
        Some(Currency::Blue) => Rgb::hex(0x1f5aa6),
        None => Rgb::hex(0x6e6e6e),
    }
}

/// A quarry/supply tile: floor number, window openings, material word.
const TILE_W: f32 = 170.0;
const TILE_H: f32 = 122.0;

fn tile(c: &mut Canvas, x: f32, y: f32, t: &Tile, lang: Lang) {
    let fill = material_colour(t.material);
    let ink = fill.ink();
    c.round_rect(x, y, TILE_W, TILE_H, 8.0, Some(fill), Some((INK, 2.0)));
    c.text(
        x + 12.0,
        y + 46.0,
        44.0,
        ink,
        Align::Left,
        &t.floor.to_string(),
    );
    let floor = words::text(lang, "picture-palazzo-tile-floor", &[]);
    c.text(x + 12.0, y + 80.0, READABLE, ink, Align::Left, &floor);
    windows(c, x + TILE_W - 12.0, y + 12.0, t.windows, 20.0, 30.0);
    let word = if t.twin {
        words::text(
            lang,
            "picture-palazzo-tile-twin",
            &[("material", material_word(t.material, lang).into())],
        )
    } else {
        material_word(t.material, lang)
    };
    c.text_fit(
        x + TILE_W / 2.0,
        y + TILE_H - 10.0,
        READABLE,
        ink,
        Align::Center,
        &word,
        TILE_W - 8.0,
        READABLE,
    );
}

/// `n` windows right-aligned at `right`, each `w`×`h`: white pane, dark frame and mullion.
fn windows(c: &mut Canvas, right: f32, y: f32, n: u8, w: f32, h: f32) {
    for i in 0..n {
        let x = right - (f32::from(i) + 1.0) * (w + 5.0) + 5.0;
        c.rect(x, y, w, h, Rgb::hex(0x2c3e50));
        c.rect(x + 2.5, y + 2.5, w - 5.0, h - 5.0, Rgb::hex(0xcfe8f7));
        c.line(
            x + w / 2.0,
            y + 2.0,
            x + w / 2.0,
            y + h - 2.0,
            Rgb::hex(0x2c3e50),
            1.5,
        );
    }
}

/// Lays tiles out left to right, wrapping at `max_w`; returns the y below them.
fn tiles_flow(c: &mut Canvas, x: f32, y: f32, max_w: f32, tiles: &[Tile], lang: Lang) -> f32 {
    if tiles.is_empty() {
        let empty = words::text(lang, "picture-empty", &[]);
        c.text(x, y + 34.0, READABLE, MUTED, Align::Left, &empty);
        return y + 48.0;
    }
    let per_row = (((max_w + 10.0) / (TILE_W + 10.0)).floor() as usize).max(1);
    for (i, t) in tiles.iter().enumerate() {
        let (row, col) = (i / per_row, i % per_row);
        tile(
            c,
            x + col as f32 * (TILE_W + 10.0),
            y + row as f32 * (TILE_H + 10.0),
            t,
            lang,
        );
    }
    let rows = tiles.len().div_ceil(per_row);
    y + rows as f32 * (TILE_H + 10.0)
}

const CARD_W: f32 = 62.0;
const CARD_H: f32 = 84.0;

/// A money card: currency letter and value on the currency colour (`C2` grey).
fn card(c: &mut Canvas, x: f32, y: f32, card: &Card, scale: f32) {
    let (w, h) = (CARD_W * scale, CARD_H * scale);
    let fill = currency_colour(card.currency());
    c.round_rect(x, y, w, h, 7.0 * scale, Some(fill), Some((INK, 2.0)));
    let letter = match card.currency() {
        Some(cur) => cur.letter().to_string(),
        None => "C".into(),
    };
    let letter_px = (22.0 * scale).max(READABLE);
    c.text(
        x + 7.0 * scale,
        y + 6.0 + letter_px * 0.75,
        letter_px,
        fill.ink(),
        Align::Left,
        &letter,
    );
    c.text(
        x + w / 2.0,
        y + h - 14.0 * scale,
        38.0 * scale,
        fill.ink(),
        Align::Center,
        &card.value().to_string(),
    );
}

/// Cards in a row; returns the x after the last one.
fn cards_row(c: &mut Canvas, x: f32, y: f32, cards: &[Card], scale: f32) -> f32 {
    let mut x = x;
    for k in cards {
        card(c, x, y, k, scale);
        x += (CARD_W + 8.0) * scale;
    }
    x
}

/// A palace floor in a player's area.
const FLOOR_W: f32 = 136.0;
const FLOOR_H: f32 = 50.0;

fn palace_floor(c: &mut Canvas, x: f32, y: f32, t: &Tile) {
    let fill = material_colour(t.material);
    c.rect(x, y, FLOOR_W, FLOOR_H, fill);
    c.line(x, y, x + FLOOR_W, y, INK, 1.5);
    c.text(
        x + 8.0,
        y + 36.0,
        32.0,
        fill.ink(),
        Align::Left,
        &t.floor.to_string(),
    );
    let letter = match t.material {
        Material::Brick => "b",
        Material::Sandstone => "s",
        Material::Marble => "m",
    };
    c.text(
        x + 30.0,
        y + 36.0,
        READABLE,
        fill.ink(),
        Align::Left,
        letter,
    );
    windows(c, x + FLOOR_W - 6.0, y + 12.0, t.windows, 14.0, 26.0);
}

fn status(v: &PalazzoPublic, names: &[String], lang: Lang) -> String {
    if v.over {
        return words::text(lang, "picture-palazzo-over", &[]);
    }
    let who: Vec<String> = v.awaiting.iter().map(|s| name(names, *s, lang)).collect();
    words::text(
        lang,
        "picture-palazzo-status",
        &[
            ("active", name(names, v.active, lang).into()),
            ("waiting", who.join(", ").into()),
            ("prompt", prompt(v, lang).into()),
        ],
    )
}

/// What the awaited players are asked, from the view (the engine's `prompt` is the
/// English sentence; a test checks this one matches it in English).
pub(crate) fn prompt(v: &PalazzoPublic, lang: Lang) -> String {
    if v.over {
        return words::text(lang, "picture-palazzo-prompt-over", &[]);
    }
    if !v.revealed.is_empty() {
        return words::text(lang, "picture-palazzo-prompt-pick", &[]);
    }
    if v.auction.is_some() {
        return words::text(lang, "picture-palazzo-prompt-auction", &[]);
    }
    if v.pending.is_some() {
        return words::text(lang, "picture-palazzo-prompt-build", &[]);
    }
    if !v.lot.is_empty() {
        return words::text(lang, "picture-palazzo-prompt-lot", &[]);
    }
    // A turn's start and the choice after drawing differ only in what is asked.
    if v.ask == Ask::BuyOrAuction {
        return words::text(
            lang,
            "picture-palazzo-prompt-buy",
            &[("price", v.price.into())],
        );
    }
    words::text(lang, "picture-palazzo-prompt-turn", &[])
}

pub(crate) fn draw_public(c: &mut Canvas, v: &PalazzoPublic, names: &[String], lang: Lang) {
    let w = c.width;
    let inner = w - 2.0 * MARGIN;
    let mut y = style::header(c, "Palazzo", &status(v, names, lang), READABLE);

    // Stacks, riders, money pile.
    let stacks: Vec<String> = v
        .stacks
        .iter()
        .zip(STACK_NAMES)
        .map(|(n, s)| format!("{}: {}", s, n))
        .collect();
    y += 8.0;
    let sx = c.text(
        MARGIN,
        y + READABLE,
        READABLE,
        INK,
        Align::Left,
        &words::text(
            lang,
            "picture-palazzo-stacks",
            &[("stacks", stacks.join("  ").into())],
        ),
    );
    for i in 0..RIDERS {
        let cx = MARGIN + sx + 24.0 + f32::from(i) * 30.0;
        let drawn = i < v.riders_drawn;
        c.circle(
            cx,
            y + READABLE * 0.65,
            11.0,
            drawn.then_some(Rgb::hex(0x8e2b1f)),
            Some((INK, 2.0)),
        );
    }
    c.text(
        MARGIN + sx + 24.0 + 5.0 * 30.0,
        y + READABLE,
        READABLE,
        INK,
        Align::Left,
        &format!("{}/{RIDERS}", v.riders_drawn),
    );
    y += READABLE + 14.0;
    y = c.paragraph(
        MARGIN,
        y + READABLE,
        READABLE,
        MUTED,
        &words::text(
            lang,
            "picture-palazzo-money",
            &[
                ("pile", v.pile.into()),
                ("discards", v.discard.len().into()),
                ("boxed", v.boxed.into()),
            ],
        ),
        inner,
    ) - READABLE
        + 12.0;

    // Quarries, two a row.
    let gap = 12.0;
    let qw = (inner - gap) / 2.0;
    let per_row = (((qw - 20.0 + 10.0) / (TILE_W + 10.0)).floor() as usize).max(1);
    let most = v.quarries.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let qh = 12.0 + LARGE + 14.0 + most.div_ceil(per_row) as f32 * (TILE_H + 10.0) + 52.0;
    for (i, q) in v.quarries.iter().enumerate() {
        let x = MARGIN + (i % 2) as f32 * (qw + gap);
        let y = y + (i / 2) as f32 * (qh + gap);
        let master = i == v.master;
        let heading = words::text(
            lang,
            "picture-palazzo-quarry",
            &[("number", (i + 1).into())],
        );
        let top = style::panel(c, x, y, qw, qh, &heading);
        if master {
            c.round_rect(x, y, qw, qh, 12.0, None, Some((style::HIGHLIGHT, 5.0)));
        }
        tiles_flow(c, x + 14.0, top, qw - 20.0, q, lang);
        if master {
            let label = words::text(lang, "picture-palazzo-master-builder", &[]);
            c.round_rect(
                x + 8.0,
                y + qh - 48.0,
                qw - 16.0,
                40.0,
                8.0,
                Some(style::HIGHLIGHT),
                None,
            );
            c.text(
                x + qw / 2.0,
                y + qh - 18.0,
                READABLE,
                INK,
                Align::Center,
                &label,
            );
        }
    }
    y += v.quarries.len().div_ceil(2) as f32 * (qh + gap) + 4.0;

    // Supply.
    let per_row = (((inner - 28.0 + 10.0) / (TILE_W + 10.0)).floor() as usize).max(1);
    let sh = 12.0
        + LARGE
        + 14.0
        + v.supply.len().max(1).div_ceil(per_row) as f32 * (TILE_H + 10.0)
        + 6.0;
    let top = style::panel(
        c,
        MARGIN,
        y,
        inner,
        sh,
        &words::text(lang, "picture-palazzo-supply", &[("price", v.price.into())]),
    );
    tiles_flow(c, MARGIN + 16.0, top, inner - 28.0, &v.supply, lang);
    y += sh + 16.0;

    // What is on the table right now.
    y = action_box(c, v, names, y, lang);

    // Players, two per row.
    let pw = (inner - gap) / 2.0;
    for pair in v.seats.chunks(2).enumerate() {
        let (row, seats) = pair;
        let heights: Vec<f32> = seats.iter().map(|s| seat_height(s, pw)).collect();
        let h = heights.iter().cloned().fold(0.0, f32::max);
        for (k, s) in seats.iter().enumerate() {
            let seat = row * 2 + k;
            let x = MARGIN + k as f32 * (pw + gap);
            draw_seat(c, x, y, pw, h, seat, s, names, v, lang);
        }
        y += h + gap;
    }
    legend(c, y + 4.0, lang);
}

/// What the materials' letters and the windows mean: the materials on one line, the
/// windows on the next.
fn legend(c: &mut Canvas, y: f32, lang: Lang) {
    let mut x = MARGIN;
    for m in [Material::Brick, Material::Sandstone, Material::Marble] {
        c.rect(x, y + 4.0, 26.0, 26.0, material_colour(m));
        c.round_rect(x, y + 4.0, 26.0, 26.0, 2.0, None, Some((INK, 1.5)));
        let word = match m {
            Material::Brick => words::text(lang, "picture-palazzo-legend-brick", &[]),
            Material::Sandstone => words::text(lang, "picture-palazzo-legend-sandstone", &[]),
            Material::Marble => words::text(lang, "picture-palazzo-legend-marble", &[]),
        };
        x += 34.0 + c.text(x + 34.0, y + 27.0, READABLE, INK, Align::Left, &word) + 24.0;
    }
    let (x, y) = (MARGIN, y + 44.0);
    windows(c, x + 16.0, y + 4.0, 1, 14.0, 26.0);
    c.text(
        x + 34.0,
        y + 27.0,
        READABLE,
        INK,
        Align::Left,
        &words::text(lang, "picture-palazzo-legend-window", &[]),
    );
}

fn seat_height(s: &rules::palazzo::views::SeatPublic, pw: f32) -> f32 {
    let per_line = ((pw - 24.0 + 10.0) / (FLOOR_W + 10.0)).floor().max(1.0) as usize;
    let lines: Vec<usize> = s
        .palaces
        .chunks(per_line)
        .map(|ch| ch.iter().map(|p| p.tiles.len()).max().unwrap_or(0))
        .collect();
    // The cards count's line, then the palazzi (or a line saying there are none).
    let body: f32 = READABLE
        + 16.0
        + if lines.is_empty() {
            44.0
        } else {
            lines
                .iter()
                .map(|&n| n as f32 * FLOOR_H + 44.0)
                .sum::<f32>()
        };
    12.0 + LARGE + 14.0 + body + 8.0
}

#[allow(clippy::too_many_arguments)]
fn draw_seat(
    c: &mut Canvas,
    x: f32,
    y: f32,
    pw: f32,
    h: f32,
    seat: usize,
    s: &rules::palazzo::views::SeatPublic,
    names: &[String],
    v: &PalazzoPublic,
    lang: Lang,
) {
    // The spaces leave room for the seat badge.
    let heading = format!(
        "      {}",
        words::text(
            lang,
            "picture-palazzo-seat",
            &[
                ("name", name(names, seat, lang).into()),
                ("score", s.score.into()),
            ],
        )
    );
    let mut top = style::panel(c, x, y, pw, h, &heading);
    style::seat_badge(c, x + 12.0, y + 12.0 + LARGE * 0.62, seat, 23.0);
    if v.awaiting.contains(&seat) && !v.over {
        c.round_rect(x, y, pw, h, 12.0, None, Some((style::HIGHLIGHT, 5.0)));
    }
    c.text(
        x + 16.0,
        top + READABLE,
        READABLE,
        MUTED,
        Align::Left,
        &words::text(
            lang,
            "picture-palazzo-cards",
            &[("count", s.hand_count.into())],
        ),
    );
    top += READABLE + 16.0;
    if s.palaces.is_empty() {
        c.text(
            x + 16.0,
            top + 30.0,
            READABLE,
            MUTED,
            Align::Left,
            &words::text(lang, "picture-palazzo-no-palazzo", &[]),
        );
        return;
    }
    let per_line = ((pw - 24.0 + 10.0) / (FLOOR_W + 10.0)).floor().max(1.0) as usize;
    for line in s.palaces.chunks(per_line) {
        let floors = line.iter().map(|p| p.tiles.len()).max().unwrap_or(0) as f32;
        let ground = top + floors * FLOOR_H;
        for (i, p) in line.iter().enumerate() {
            let px = x + 14.0 + i as f32 * (FLOOR_W + 10.0);
            for (k, t) in p.tiles.iter().enumerate() {
                palace_floor(c, px, ground - (k as f32 + 1.0) * FLOOR_H, t);
            }
            let height = p.tiles.len() as f32 * FLOOR_H;
            c.round_rect(
                px,
                ground - height,
                FLOOR_W,
                height,
                2.0,
                None,
                Some((INK, 2.0)),
            );
            c.line(px - 4.0, ground, px + FLOOR_W + 4.0, ground, INK, 3.0);
            c.text(
                px + FLOOR_W / 2.0,
                ground + 32.0,
                READABLE,
                INK,
                Align::Center,
                &format!("{} · {}", p.letter, p.score),
            );
        }
        top = ground + 44.0;
    }
}

/// Revealed money, the auction, tiles being built, the lot handed out.
fn action_box(c: &mut Canvas, v: &PalazzoPublic, names: &[String], y: f32, lang: Lang) -> f32 {
    let inner = c.width - 2.0 * MARGIN;
    let x = MARGIN;
    let head_h = 12.0 + LARGE + 14.0;
    if !v.revealed.is_empty() {
        let h = head_h + CARD_H + 20.0;
        let heading = words::text(lang, "picture-palazzo-revealed", &[]);
        let top = style::panel(c, x, y, inner, h, &heading);
        cards_row(c, x + 16.0, top, &v.revealed, 1.0);
        return y + h + 16.0;
    }
    if let Some(a) = &v.auction {
        let rows = a.bids.len().max(1) as f32;
        let h = head_h + TILE_H + 16.0 + rows * (CARD_H + 12.0) + 8.0;
        let heading = words::text(
            lang,
            "picture-palazzo-auction",
            &[
                ("quarry", (a.quarry + 1).into()),
                ("high", a.high.into()),
                ("leader", name(names, a.leader, lang).into()),
            ],
        );
        let top = style::panel(c, x, y, inner, h, &heading);
        c.round_rect(x, y, inner, h, 12.0, None, Some((style::HIGHLIGHT, 4.0)));
        let mut ty = tiles_flow(c, x + 16.0, top, inner - 32.0, &a.tiles, lang) + 6.0;
        for b in &a.bids {
            let name_w = 260.0;
            style::seat_badge(c, x + 16.0, ty + CARD_H * 0.5, b.seat, 23.0);
            c.text_fit(
                x + 70.0,
                ty + CARD_H * 0.5 + 10.0,
                READABLE,
                INK,
                Align::Left,
                &name(names, b.seat, lang),
                name_w - 64.0,
                READABLE,
            );
            let mut cx = x + 16.0 + name_w;
            if b.opener {
                c.round_rect(
                    cx,
                    ty,
                    CARD_W,
                    CARD_H,
                    7.0,
                    Some(Rgb::hex(0x444444)),
                    Some((INK, 2.0)),
                );
                c.text(
                    cx + CARD_W * 0.5,
                    ty + CARD_H * 0.6,
                    READABLE,
                    Rgb::hex(0xffffff),
                    Align::Center,
                    "C3",
                );
                cx += CARD_W + 8.0;
            }
            let end = cards_row(c, cx, ty, &b.cards, 1.0);
            let label = if b.cards.is_empty() && !b.opener {
                words::text(lang, "picture-palazzo-no-bid", &[])
            } else {
                format!("= {}", b.total)
            };
            c.text(
                end + 10.0,
                ty + CARD_H * 0.5 + 10.0,
                LARGE,
                INK,
                Align::Left,
                &label,
            );
            ty += CARD_H + 12.0;
        }
        return y + h + 16.0;
    }
    if let Some((seat, tiles)) = &v.pending {
        let h = head_h + TILE_H + 20.0;
        let heading = words::text(
            lang,
            "picture-palazzo-builds",
            &[("name", name(names, *seat, lang).into())],
        );
        let top = style::panel(c, x, y, inner, h, &heading);
        tiles_flow(c, x + 16.0, top, inner - 32.0, tiles, lang);
        return y + h + 16.0;
    }
    if !v.lot.is_empty() {
        let per_row = (((inner - 32.0 + 10.0) / (TILE_W + 10.0)).floor() as usize).max(1);
        let h = head_h + v.lot.len().div_ceil(per_row) as f32 * (TILE_H + 10.0) + 10.0;
        let heading = words::text(lang, "picture-palazzo-lot", &[]);
        let top = style::panel(c, x, y, inner, h, &heading);
        tiles_flow(c, x + 16.0, top, inner - 32.0, &v.lot, lang);
        return y + h + 16.0;
    }
    y
}

pub fn public(v: &PalazzoPublic, names: &[String], lang: Lang) -> Option<Vec<u8>> {
    picture(crate::WIDTH, style::BACKGROUND, |c| {
        draw_public(c, v, names, lang)
    })
}

pub(crate) fn draw_private(c: &mut Canvas, v: &PalazzoPrivate, names: &[String], lang: Lang) {
    let title = words::text(
        lang,
        "picture-palazzo-hand-title",
        &[("name", name(names, v.seat, lang).into())],
    );
    let status = match v.auction_reach {
        Some(reach) => words::text(
            lang,
            "picture-palazzo-hand-status-reach",
            &[
                ("count", v.hand.len().into()),
                ("best", v.best_bid.into()),
                ("reach", reach.into()),
            ],
        ),
        None => words::text(
            lang,
            "picture-palazzo-hand-status",
            &[("count", v.hand.len().into()), ("best", v.best_bid.into())],
        ),
    };
    let mut y = style::header(c, &title, &status, READABLE);
    y += 8.0;
    // One row per currency (then certificates), biggest values last.
    let groups: [(Option<Currency>, &str); 4] = [
        (Some(Currency::Red), "picture-palazzo-red"),
        (Some(Currency::Green), "picture-palazzo-green"),
        (Some(Currency::Blue), "picture-palazzo-blue"),
        (None, "picture-palazzo-certificates"),
    ];
    if v.hand.is_empty() {
        c.text(
            MARGIN,
            y + LARGE,
            LARGE,
            MUTED,
            Align::Left,
            &words::text(lang, "picture-palazzo-hand-empty", &[]),
        );
        return;
    }
    for (cur, key) in groups {
        let mut cards: Vec<Card> = v
            .hand
            .iter()
            .copied()
            .filter(|k| k.currency() == cur)
            .collect();
        if cards.is_empty() {
            continue;
        }
        cards.sort();
        let sum: u32 = cards.iter().map(|k| k.value()).sum();
        c.text(
            MARGIN,
            y + LARGE,
            LARGE,
            INK,
            Align::Left,
            &words::text(
                lang,
                "picture-palazzo-hand-row",
                &[
                    ("currency", words::text(lang, key, &[]).into()),
                    ("count", cards.len().into()),
                    ("sum", sum.into()),
                ],
            ),
        );
        y += LARGE + 12.0;
        let per_row = ((c.width - 2.0 * MARGIN) / ((CARD_W + 8.0) * 1.3))
            .floor()
            .max(1.0) as usize;
        for chunk in cards.chunks(per_row) {
            cards_row(c, MARGIN, y, chunk, 1.3);
            y += CARD_H * 1.3 + 12.0;
        }
        y += 8.0;
    }
}

pub fn private(v: &PalazzoPrivate, names: &[String], lang: Lang) -> Option<Vec<u8>> {
    picture(crate::WIDTH, style::BACKGROUND, |c| {
        draw_private(c, v, names, lang)
    })
}
