//! Palazzo: quarries, supply, master builder, stacks and riders, revealed money, the
//! running auction, each player's palazzi floor by floor, scores; and a player's hand.

use crate::canvas::{picture, Align, Canvas, Rgb};
use crate::style::{self, name, BODY, INK, LARGE, MARGIN, MUTED, SMALL};
use rules::palazzo::data::{Card, Currency, Material, Tile, RIDERS, STACK_NAMES};
use rules::palazzo::{PalazzoPrivate, PalazzoPublic};

/// Material fills with the word written on every tile (colour is never the only cue).
fn material_colour(m: Material) -> Rgb {
    match m {
        Material::Brick => Rgb::hex(0xb4533a),
        Material::Sandstone => Rgb::hex(0xe3c48c),
        Material::Marble => Rgb::hex(0xe8ebef),
    }
}

fn material_word(m: Material) -> &'static str {
    match m {
        Material::Brick => "brick",
        Material::Sandstone => "sand",
        Material::Marble => "marble",
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
const TILE_W: f32 = 112.0;
const TILE_H: f32 = 86.0;

fn tile(c: &mut Canvas, x: f32, y: f32, t: &Tile) {
    let fill = material_colour(t.material);
    let ink = fill.ink();
    c.round_rect(x, y, TILE_W, TILE_H, 8.0, Some(fill), Some((INK, 2.0)));
    c.text(
        x + 10.0,
        y + 40.0,
        36.0,
        ink,
        Align::Left,
        &t.floor.to_string(),
    );
    c.text(x + 10.0, y + 56.0 + 2.0, 16.0, ink, Align::Left, "floor");
    windows(c, x + TILE_W - 12.0, y + 10.0, t.windows, 16.0, 24.0);
    let word = if t.twin {
        format!("{} b", material_word(t.material))
    } else {
        material_word(t.material).to_string()
    };
    c.text(
        x + TILE_W / 2.0,
        y + TILE_H - 8.0,
        20.0,
        ink,
        Align::Center,
        &word,
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
fn tiles_flow(c: &mut Canvas, x: f32, y: f32, max_w: f32, tiles: &[Tile]) -> f32 {
    if tiles.is_empty() {
        c.text(x, y + 34.0, BODY, MUTED, Align::Left, "empty");
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
    c.text(
        x + 8.0 * scale,
        y + 24.0 * scale,
        22.0 * scale,
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
const FLOOR_W: f32 = 100.0;
const FLOOR_H: f32 = 46.0;

fn palace_floor(c: &mut Canvas, x: f32, y: f32, t: &Tile) {
    let fill = material_colour(t.material);
    c.rect(x, y, FLOOR_W, FLOOR_H, fill);
    c.line(x, y, x + FLOOR_W, y, INK, 1.5);
    c.text(
        x + 8.0,
        y + 33.0,
        28.0,
        fill.ink(),
        Align::Left,
        &t.floor.to_string(),
    );
    let letter = match t.material {
        Material::Brick => "b",
        Material::Sandstone => "s",
        Material::Marble => "m",
    };
    c.text(x + 27.0, y + 33.0, 18.0, fill.ink(), Align::Left, letter);
    windows(c, x + FLOOR_W - 6.0, y + 12.0, t.windows, 12.0, 22.0);
}

fn status(v: &PalazzoPublic, names: &[String]) -> String {
    if v.over {
        return "Game over: the fifth rider was drawn.".into();
    }
    let who: Vec<String> = v.awaiting.iter().map(|s| name(names, *s)).collect();
    format!(
        "{}'s turn · waiting for {}: {}.",
        name(names, v.active),
        who.join(", "),
        v.prompt
    )
}

fn draw_public(c: &mut Canvas, v: &PalazzoPublic, names: &[String]) {
    let w = c.width;
    let inner = w - 2.0 * MARGIN;
    let mut y = style::header(c, "Palazzo", &status(v, names));

    // Stacks, riders, money pile.
    let stacks: Vec<String> = v
        .stacks
        .iter()
        .zip(STACK_NAMES)
        .map(|(n, s)| format!("{s}: {n}"))
        .collect();
    y += 8.0;
    let sx = c.text(
        MARGIN,
        y + BODY,
        BODY,
        INK,
        Align::Left,
        &format!("Stacks  {}   ·   Riders", stacks.join("  ")),
    );
    for i in 0..RIDERS {
        let cx = MARGIN + sx + 24.0 + f32::from(i) * 30.0;
        let drawn = i < v.riders_drawn;
        c.circle(
            cx,
            y + BODY * 0.65,
            11.0,
            drawn.then_some(Rgb::hex(0x8e2b1f)),
            Some((INK, 2.0)),
        );
    }
    c.text(
        MARGIN + sx + 24.0 + 5.0 * 30.0,
        y + BODY,
        BODY,
        INK,
        Align::Left,
        &format!("{}/{RIDERS}", v.riders_drawn),
    );
    y += BODY + 14.0;
    c.text(
        MARGIN,
        y + BODY,
        BODY,
        MUTED,
        Align::Left,
        &format!(
            "Money: draw pile {} · discards {} · tiles out of the game {}",
            v.pile,
            v.discard.len(),
            v.boxed
        ),
    );
    y += BODY + 20.0;

    // Quarries.
    let gap = 12.0;
    let qw = (inner - gap * 3.0) / 4.0;
    let per_row = (((qw - 20.0 + 10.0) / (TILE_W + 10.0)).floor() as usize).max(1);
    let most = v.quarries.iter().map(Vec::len).max().unwrap_or(0).max(1);
    let qh = 12.0 + LARGE + 14.0 + most.div_ceil(per_row) as f32 * (TILE_H + 10.0) + 46.0;
    for (i, q) in v.quarries.iter().enumerate() {
        let x = MARGIN + i as f32 * (qw + gap);
        let master = i == v.master;
        let top = style::panel(c, x, y, qw, qh, &format!("Quarry {}", i + 1));
        if master {
            c.round_rect(x, y, qw, qh, 12.0, None, Some((style::HIGHLIGHT, 5.0)));
        }
        tiles_flow(c, x + 14.0, top, qw - 20.0, q);
        if master {
            let label = "★ master builder";
            c.round_rect(
                x + 8.0,
                y + qh - 40.0,
                qw - 16.0,
                32.0,
                8.0,
                Some(style::HIGHLIGHT),
                None,
            );
            c.text(
                x + qw / 2.0,
                y + qh - 16.0,
                SMALL,
                INK,
                Align::Center,
                label,
            );
        }
    }
    y += qh + 16.0;

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
        &format!("Supply · price {} per tile", v.price),
    );
    tiles_flow(c, MARGIN + 16.0, top, inner - 28.0, &v.supply);
    y += sh + 16.0;

    // What is on the table right now.
    y = action_box(c, v, names, y);

    // Players, two per row.
    let pw = (inner - gap) / 2.0;
    for pair in v.seats.chunks(2).enumerate() {
        let (row, seats) = pair;
        let heights: Vec<f32> = seats.iter().map(|s| seat_height(s, pw)).collect();
        let h = heights.iter().cloned().fold(0.0, f32::max);
        for (k, s) in seats.iter().enumerate() {
            let seat = row * 2 + k;
            let x = MARGIN + k as f32 * (pw + gap);
            draw_seat(c, x, y, pw, h, seat, s, names, v);
        }
        y += h + gap;
    }
    legend(c, y + 4.0);
}

fn legend(c: &mut Canvas, y: f32) {
    let mut x = MARGIN;
    for m in [Material::Brick, Material::Sandstone, Material::Marble] {
        c.rect(x, y + 4.0, 26.0, 26.0, material_colour(m));
        c.round_rect(x, y + 4.0, 26.0, 26.0, 2.0, None, Some((INK, 1.5)));
        let word = match m {
            Material::Brick => "b brick",
            Material::Sandstone => "s sandstone",
            Material::Marble => "m marble",
        };
        x += 34.0 + c.text(x + 34.0, y + 26.0, SMALL, INK, Align::Left, word) + 24.0;
    }
    windows(c, x + 16.0, y + 4.0, 1, 14.0, 26.0);
    c.text(
        x + 26.0,
        y + 26.0,
        SMALL,
        INK,
        Align::Left,
        "window · number = floor",
    );
}

fn seat_height(s: &rules::palazzo::views::SeatPublic, pw: f32) -> f32 {
    let per_line = ((pw - 24.0 + 10.0) / (FLOOR_W + 10.0)).floor().max(1.0) as usize;
    let lines: Vec<usize> = s
        .palaces
        .chunks(per_line)
        .map(|ch| ch.iter().map(|p| p.tiles.len()).max().unwrap_or(0))
        .collect();
    let body: f32 = if lines.is_empty() {
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
) {
    let heading = format!("     {} · {} pts", name(names, seat), s.score);
    let mut top = style::panel(c, x, y, pw, h, &heading);
    style::seat_badge(c, x + 14.0, y + 12.0 + LARGE * 0.62, seat, 15.0);
    if v.awaiting.contains(&seat) && !v.over {
        c.round_rect(x, y, pw, h, 12.0, None, Some((style::HIGHLIGHT, 5.0)));
    }
    c.text(
        x + pw - 16.0,
        y + 12.0 + LARGE,
        SMALL,
        MUTED,
        Align::Right,
        &format!(
            "{} card{}",
            s.hand_count,
            if s.hand_count == 1 { "" } else { "s" }
        ),
    );
    if s.palaces.is_empty() {
        c.text(
            x + 16.0,
            top + 30.0,
            BODY,
            MUTED,
            Align::Left,
            "no palazzo yet",
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
                ground + 28.0,
                SMALL,
                INK,
                Align::Center,
                &format!("{} · {}", p.letter, p.score),
            );
        }
        top = ground + 44.0;
    }
}

/// Revealed money, the auction, tiles being built, the lot handed out.
fn action_box(c: &mut Canvas, v: &PalazzoPublic, names: &[String], y: f32) -> f32 {
    let inner = c.width - 2.0 * MARGIN;
    let x = MARGIN;
    let head_h = 12.0 + LARGE + 14.0;
    if !v.revealed.is_empty() {
        let h = head_h + CARD_H + 20.0;
        let top = style::panel(c, x, y, inner, h, "Revealed money (pick)");
        cards_row(c, x + 16.0, top, &v.revealed, 1.0);
        return y + h + 16.0;
    }
    if let Some(a) = &v.auction {
        let rows = a.bids.len().max(1) as f32;
        let h = head_h + TILE_H + 16.0 + rows * (CARD_H * 0.8 + 12.0) + 8.0;
        let heading = format!(
            "Auction of quarry {} · high bid {} by {}",
            a.quarry + 1,
            a.high,
            name(names, a.leader)
        );
        let top = style::panel(c, x, y, inner, h, &heading);
        c.round_rect(x, y, inner, h, 12.0, None, Some((style::HIGHLIGHT, 4.0)));
        let mut ty = tiles_flow(c, x + 16.0, top, inner - 32.0, &a.tiles) + 6.0;
        for b in &a.bids {
            let name_w = 220.0;
            style::seat_badge(c, x + 16.0, ty + CARD_H * 0.4, b.seat, 13.0);
            c.text_fit(
                x + 50.0,
                ty + CARD_H * 0.4 + 9.0,
                BODY,
                INK,
                Align::Left,
                &name(names, b.seat),
                name_w - 40.0,
            );
            let mut cx = x + 16.0 + name_w;
            if b.opener {
                c.round_rect(
                    cx,
                    ty,
                    CARD_W * 0.8,
                    CARD_H * 0.8,
                    6.0,
                    Some(Rgb::hex(0x444444)),
                    Some((INK, 2.0)),
                );
                c.text(
                    cx + CARD_W * 0.4,
                    ty + CARD_H * 0.55,
                    24.0,
                    Rgb::hex(0xffffff),
                    Align::Center,
                    "C3",
                );
                cx += (CARD_W + 8.0) * 0.8;
            }
            let end = cards_row(c, cx, ty, &b.cards, 0.8);
            let label = if b.cards.is_empty() && !b.opener {
                "no bid yet".to_string()
            } else {
                format!("= {}", b.total)
            };
            c.text(
                end + 10.0,
                ty + CARD_H * 0.4 + 10.0,
                LARGE,
                INK,
                Align::Left,
                &label,
            );
            ty += CARD_H * 0.8 + 12.0;
        }
        return y + h + 16.0;
    }
    if let Some((seat, tiles)) = &v.pending {
        let h = head_h + TILE_H + 20.0;
        let top = style::panel(c, x, y, inner, h, &format!("{} builds", name(names, *seat)));
        tiles_flow(c, x + 16.0, top, inner - 32.0, tiles);
        return y + h + 16.0;
    }
    if !v.lot.is_empty() {
        let per_row = (((inner - 32.0 + 10.0) / (TILE_W + 10.0)).floor() as usize).max(1);
        let h = head_h + v.lot.len().div_ceil(per_row) as f32 * (TILE_H + 10.0) + 10.0;
        let top = style::panel(c, x, y, inner, h, "Lot handed out (one tile each)");
        tiles_flow(c, x + 16.0, top, inner - 32.0, &v.lot);
        return y + h + 16.0;
    }
    y
}

pub fn public(v: &PalazzoPublic, names: &[String]) -> Option<Vec<u8>> {
    picture(crate::WIDTH, style::BACKGROUND, |c| {
        draw_public(c, v, names)
    })
}

fn draw_private(c: &mut Canvas, v: &PalazzoPrivate, names: &[String]) {
    let title = format!("Palazzo · {}'s hand", name(names, v.seat));
    let mut y = style::header(
        c,
        &title,
        &format!(
            "{} card{} · best single bid {}{}",
            v.hand.len(),
            if v.hand.len() == 1 { "" } else { "s" },
            v.best_bid,
            v.auction_reach
                .map(|r| format!(" · in this auction your bid can reach {r}"))
                .unwrap_or_default()
        ),
    );
    y += 8.0;
    // One row per currency (then certificates), biggest values last.
    let groups: [(Option<Currency>, &str); 4] = [
        (Some(Currency::Red), "Red"),
        (Some(Currency::Green), "Green"),
        (Some(Currency::Blue), "Blue"),
        (None, "Certificates"),
    ];
    if v.hand.is_empty() {
        c.text(
            MARGIN,
            y + LARGE,
            LARGE,
            MUTED,
            Align::Left,
            "Your hand is empty.",
        );
        return;
    }
    for (cur, label) in groups {
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
            &format!(
                "{label} · {} card{} · {sum}",
                cards.len(),
                if cards.len() == 1 { "" } else { "s" }
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

pub fn private(v: &PalazzoPrivate, names: &[String]) -> Option<Vec<u8>> {
    picture(crate::WIDTH, style::BACKGROUND, |c| {
        draw_private(c, v, names)
    })
}
