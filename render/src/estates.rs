//! The Estates: the three rows of lots with cubes and roofs, permits, the mayor, the
//! offer rows, what is up for auction with the bids, the certificates (shares) and the
//! scores; and a player's cash. Drawn for phones: no text below [`READABLE`]; a lot's
//! owner is their seat badge, its points on the line under it.

use crate::canvas::{picture, Align, Canvas, Rgb};
use crate::style::{self, name, INK, LARGE, MARGIN, MUTED, READABLE};
use rules::estates::board::PieceState;
use rules::estates::data::RowId;
use rules::estates::data::{Colour, Cube, LOTS, RIVER_AFTER};
use rules::estates::{EstatesPrivate, EstatesPublic, Item, PhaseView, RowView};
use words::Lang;

/// Cube fills, each with its letter code written on the cube.
fn colour_fill(c: Colour) -> Rgb {
    match c {
        Colour::Blue => Rgb::hex(0x2f6bc8),
        Colour::Red => Rgb::hex(0xc5372c),
        Colour::Yellow => Rgb::hex(0xf0c232),
        Colour::Green => Rgb::hex(0x2f9a4c),
        Colour::Purple => Rgb::hex(0x8a4fb5),
        Colour::Grey => Rgb::hex(0x8d8d8d),
    }
}

fn colour_code(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "B",
        Colour::Red => "R",
        Colour::Yellow => "Y",
        Colour::Green => "G",
        Colour::Purple => "P",
        Colour::Grey => "Gy",
    }
}

fn cube(c: &mut Canvas, x: f32, y: f32, w: f32, h: f32, k: &Cube) {
    let fill = colour_fill(k.colour);
    c.round_rect(x, y, w, h, 5.0, Some(fill), Some((INK, 2.0)));
    c.text(
        x + w / 2.0,
        y + h / 2.0 + 10.0,
        READABLE,
        fill.ink(),
        Align::Center,
        &format!("{}{}", colour_code(k.colour), k.value),
    );
}

const LOT_W: f32 = 92.0;
const LOT_GAP: f32 = 5.0;
const RIVER_W: f32 = 34.0;
const CUBE_H: f32 = 42.0;
const ROOF_H: f32 = 46.0;
/// Under a lot's ground: its number, its owner's badge, its points.
const UNDER_LOT: f32 = 128.0;

fn lot_x(x0: f32, lot: u8) -> f32 {
    let i = f32::from(lot.saturating_sub(1));
    x0 + i * (LOT_W + LOT_GAP) + if lot > RIVER_AFTER { RIVER_W } else { 0.0 }
}

fn row_height(r: &RowView) -> f32 {
    let cubes = r
        .buildings
        .iter()
        .map(|b| b.cubes.len())
        .max()
        .unwrap_or(0)
        .max(1);
    LARGE + 18.0 + cubes as f32 * CUBE_H + ROOF_H + 12.0 + UNDER_LOT
}

/// A row's name as its heading and the pieces' places say it (`top`, `superior`).
fn row_word(row: RowId, lang: Lang) -> String {
    match row {
        RowId::Top => words::text(lang, "picture-estates-row-top", &[]),
        RowId::Middle => words::text(lang, "picture-estates-row-middle", &[]),
        RowId::Bottom => words::text(lang, "picture-estates-row-bottom", &[]),
    }
}

/// A cube colour's word (the shares' names; the legend spells the codes out).
fn colour_word(colour: Colour, lang: Lang) -> String {
    match colour {
        Colour::Blue => words::text(lang, "picture-estates-blue", &[]),
        Colour::Red => words::text(lang, "picture-estates-red", &[]),
        Colour::Yellow => words::text(lang, "picture-estates-yellow", &[]),
        Colour::Green => words::text(lang, "picture-estates-green", &[]),
        Colour::Purple => words::text(lang, "picture-estates-purple", &[]),
        Colour::Grey => words::text(lang, "picture-estates-grey", &[]),
    }
}

fn draw_row(c: &mut Canvas, x0: f32, y: f32, r: &RowView, lang: Lang) -> f32 {
    let h = row_height(r);
    // Heading: row, requirement, mayor, complete.
    let mut head = capital(&words::text(
        lang,
        "picture-estates-row",
        &[
            ("row", row_word(r.row, lang).into()),
            ("count", r.requirement.into()),
        ],
    ));
    if r.complete {
        head = format!(
            "{} · {}",
            head,
            words::text(lang, "picture-estates-row-complete", &[])
        );
    }
    let hw = c.text(x0, y + LARGE, LARGE, INK, Align::Left, &head);
    if r.mayor {
        let bx = x0 + hw + 16.0;
        let mayor = words::text(lang, "picture-estates-mayor-doubles", &[]);
        let bw = c.text_width(&mayor, READABLE) + 24.0;
        c.round_rect(
            bx,
            y + 2.0,
            bw,
            LARGE + 8.0,
            8.0,
            Some(style::HIGHLIGHT),
            Some((INK, 2.0)),
        );
        c.text(
            bx + bw / 2.0,
            y + LARGE,
            READABLE,
            INK,
            Align::Center,
            &mayor,
        );
    }
    let ground = y + h - UNDER_LOT;
    let lots_top = y + LARGE + 14.0;
    // River between lots 4 and 5.
    let rx = lot_x(x0, RIVER_AFTER) + LOT_W + LOT_GAP / 2.0;
    c.rect(
        rx + 4.0,
        lots_top,
        RIVER_W - 8.0 + LOT_GAP / 2.0,
        ground - lots_top + 8.0,
        Rgb::hex(0x7fb6dd),
    );
    let req = u8::try_from(r.requirement.max(0)).unwrap_or(0);
    for lot in 1..=LOTS {
        let x = lot_x(x0, lot);
        let white = r.row.is_white(lot);
        let needed = lot <= req;
        let ground_fill = match (needed, white) {
            (true, true) => Rgb::hex(0xffffff),
            (true, false) => Rgb::hex(0xd9e7c9),
            (false, _) => Rgb::hex(0xd3cfc6),
        };
        c.rect(x, ground, LOT_W, 10.0, ground_fill);
        c.round_rect(x, ground, LOT_W, 10.0, 2.0, None, Some((INK, 1.5)));
        let label = if white {
            words::text(lang, "picture-estates-white-lot", &[("lot", lot.into())])
        } else {
            lot.to_string()
        };
        c.text(
            x + LOT_W / 2.0,
            ground + 38.0,
            READABLE,
            if needed { INK } else { MUTED },
            Align::Center,
            &label,
        );
        if !needed {
            // Outside the row: hatch the ground.
            let mut hx = x + 4.0;
            while hx < x + LOT_W - 4.0 {
                c.line(hx, ground + 9.0, hx + 8.0, ground + 1.0, MUTED, 1.5);
                hx += 12.0;
            }
        }
    }
    // Permit stack on its lot.
    if let Some(pl) = r.permit_lot {
        if (1..=LOTS).contains(&pl) {
            let x = lot_x(x0, pl);
            let n = r.permits.len() as f32;
            let top = ground - n * 40.0;
            for (i, (value, effect)) in r.permits.iter().enumerate() {
                let py = top + i as f32 * 40.0;
                c.round_rect(
                    x + 2.0,
                    py,
                    LOT_W - 4.0,
                    36.0,
                    6.0,
                    Some(Rgb::hex(0x4a3b2c)),
                    Some((INK, 1.5)),
                );
                c.text(
                    x + LOT_W / 2.0,
                    py + 28.0,
                    READABLE,
                    Rgb::hex(0xffffff),
                    Align::Center,
                    &words::text(
                        lang,
                        "picture-estates-permit-code",
                        &[
                            ("value", (*value).into()),
                            ("effect", format!("{effect:+}").into()),
                        ],
                    ),
                );
            }
        }
    }
    // Buildings.
    for b in &r.buildings {
        let x = lot_x(x0, b.lot);
        let cw = LOT_W - 12.0;
        for (k, cu) in b.cubes.iter().enumerate() {
            cube(
                c,
                x + 6.0,
                ground - (k as f32 + 1.0) * CUBE_H,
                cw,
                CUBE_H,
                cu,
            );
        }
        let top = ground - b.cubes.len() as f32 * CUBE_H;
        if let Some(roof) = b.roof {
            let pts = [
                (x + 2.0, top),
                (x + LOT_W / 2.0, top - ROOF_H),
                (x + LOT_W - 2.0, top),
            ];
            c.polygon(&pts, Some(Rgb::hex(0x5a3a2a)), Some((INK, 2.0)));
            c.text(
                x + LOT_W / 2.0,
                top - 6.0,
                READABLE,
                Rgb::hex(0xffffff),
                Align::Center,
                &roof.to_string(),
            );
        }
        // Under the lot number: the owner's seat badge (their name is on the score
        // panel beside the same badge), then the points.
        match b.owner {
            Some(o) => style::seat_badge(c, x + LOT_W / 2.0 - 22.0, ground + 70.0, o, 22.0),
            None => {
                c.text(
                    x + LOT_W / 2.0,
                    ground + 80.0,
                    READABLE,
                    INK,
                    Align::Center,
                    "—",
                );
            }
        }
        c.text(
            x + LOT_W / 2.0,
            ground + 120.0,
            READABLE,
            INK,
            Align::Center,
            &format!("{:+}", b.points),
        );
    }
    y + h
}

fn capital(s: &str) -> String {
    let mut ch = s.chars();
    match ch.next() {
        Some(f) => f.to_uppercase().collect::<String>() + ch.as_str(),
        None => String::new(),
    }
}

fn item_text(item: &Item, lang: Lang) -> String {
    match item {
        Item::Cube(k) => words::text(
            lang,
            "picture-estates-cube",
            &[("cube", k.to_string().into())],
        ),
        Item::Roof(v) => words::text(lang, "picture-estates-roof", &[("value", (*v).into())]),
        Item::Permit(v) => words::text(lang, "picture-estates-permit", &[("value", (*v).into())]),
        Item::Mayor => words::text(lang, "picture-estates-the-mayor", &[]),
        Item::Cancel => words::text(lang, "picture-estates-the-cancel-cube", &[]),
    }
}

fn status(v: &EstatesPublic, names: &[String], lang: Lang) -> String {
    let n = |s: usize| name(names, s, lang);
    match &v.phase {
        PhaseView::Choosing { auctioneer } => words::text(
            lang,
            "picture-estates-choosing",
            &[("auctioneer", n(*auctioneer).into())],
        ),
        PhaseView::Auction {
            auctioneer,
            item,
            to_answer,
            ..
        } => match to_answer {
            Some(t) => words::text(
                lang,
                "picture-estates-auction-answer",
                &[
                    ("auctioneer", n(*auctioneer).into()),
                    ("item", item_text(item, lang).into()),
                    ("bidder", n(*t).into()),
                ],
            ),
            None => words::text(
                lang,
                "picture-estates-auction",
                &[
                    ("auctioneer", n(*auctioneer).into()),
                    ("item", item_text(item, lang).into()),
                ],
            ),
        },
        PhaseView::Deciding {
            auctioneer,
            item,
            high: (s, a),
        } => words::text(
            lang,
            "picture-estates-deciding",
            &[
                ("bidder", n(*s).into()),
                ("amount", (*a).into()),
                ("item", item_text(item, lang).into()),
                ("auctioneer", n(*auctioneer).into()),
            ],
        ),
        PhaseView::Placing { item, owner } => words::text(
            lang,
            "picture-estates-placing",
            &[
                ("owner", n(*owner).into()),
                ("item", item_text(item, lang).into()),
            ],
        ),
        PhaseView::Over => words::text(lang, "picture-estates-over", &[]),
    }
}

fn piece_state(s: &PieceState, lang: Lang) -> String {
    match s {
        PieceState::Available => words::text(lang, "picture-estates-available", &[]),
        PieceState::Placed { row, .. } => words::text(
            lang,
            "picture-estates-in-row",
            &[("row", row_word(*row, lang).into())],
        ),
        PieceState::Gone => words::text(lang, "picture-estates-gone", &[]),
    }
}

/// The bids of an auction: `Ana $3M`, `Bruno pass` (a test checks the English against
/// the engine's `bid_list`).
pub(crate) fn bid_list(bids: &[(usize, Option<u32>)], names: &[String], lang: Lang) -> Vec<String> {
    bids.iter()
        .map(|(s, a)| match a {
            Some(a) => words::text(
                lang,
                "picture-estates-bid",
                &[
                    ("name", name(names, *s, lang).into()),
                    ("amount", (*a).into()),
                ],
            ),
            None => words::text(
                lang,
                "picture-estates-pass",
                &[("name", name(names, *s, lang).into())],
            ),
        })
        .collect()
}

pub(crate) fn draw_public(c: &mut Canvas, v: &EstatesPublic, names: &[String], lang: Lang) {
    let w = c.width;
    let inner = w - 2.0 * MARGIN;
    let title = if v.rounds > 1 {
        words::text(
            lang,
            "picture-estates-title-round",
            &[("round", v.round.into()), ("rounds", v.rounds.into())],
        )
    } else {
        words::text(lang, "picture-estates-title", &[])
    };
    let mut y = style::header(c, &title, &status(v, names, lang), READABLE) + 6.0;

    // Up for auction.
    if let Some((item, bids)) = match &v.phase {
        PhaseView::Auction { item, bids, .. } => Some((item, bids.clone())),
        PhaseView::Deciding { item, high, .. } => Some((item, vec![(high.0, Some(high.1))])),
        PhaseView::Placing { item, .. } => Some((item, vec![])),
        _ => None,
    } {
        let b = bid_list(&bids, names, lang);
        let text = if b.is_empty() {
            words::text(lang, "picture-estates-no-bids", &[])
        } else {
            b.join(" · ")
        };
        let bids_w = inner - 280.0;
        let lines = c.line_count(&text, READABLE, bids_w).max(1);
        let h = 12.0 + LARGE + 14.0 + (lines as f32 * READABLE * 1.3).max(52.0) + 16.0;
        let heading = words::text(lang, "picture-estates-up-for-auction", &[]);
        let top = style::panel(c, MARGIN, y, inner, h, &heading);
        c.round_rect(
            MARGIN,
            y,
            inner,
            h,
            12.0,
            None,
            Some((style::HIGHLIGHT, 4.0)),
        );
        let ix = MARGIN + 16.0;
        match item {
            Item::Cube(k) => cube(c, ix, top, 110.0, 52.0, k),
            other => {
                c.round_rect(
                    ix,
                    top,
                    230.0,
                    52.0,
                    8.0,
                    Some(Rgb::hex(0x4a3b2c)),
                    Some((INK, 2.0)),
                );
                c.text_fit(
                    ix + 115.0,
                    top + 36.0,
                    READABLE,
                    Rgb::hex(0xffffff),
                    Align::Center,
                    &item_text(other, lang),
                    222.0,
                    READABLE,
                );
            }
        }
        c.paragraph(ix + 250.0, top + 36.0, READABLE, INK, &text, bids_w);
        y += h + 14.0;
    }

    // The board.
    let board_h: f32 = v.rows.iter().map(|r| row_height(r) + 14.0).sum::<f32>() + 20.0;
    c.round_rect(
        MARGIN,
        y,
        inner,
        board_h,
        12.0,
        Some(style::PANEL),
        Some((style::PANEL_EDGE, 2.0)),
    );
    let mut ry = y + 14.0;
    let x0 = MARGIN + 18.0;
    for r in &v.rows {
        ry = draw_row(c, x0, ry, r, lang) + 14.0;
    }
    y += board_h + 14.0;

    // Offer rows.
    let ow = 112.0;
    let oh = 12.0 + LARGE + 14.0 + 3.0 * 54.0 + 6.0;
    let top = style::panel(
        c,
        MARGIN,
        y,
        inner,
        oh,
        &words::text(lang, "picture-estates-offer", &[]),
    );
    for (i, row) in v.offer.iter().enumerate() {
        let ry = top + i as f32 * 54.0;
        c.text(
            MARGIN + 18.0,
            ry + 34.0,
            READABLE,
            INK,
            Align::Left,
            &format!("{}", i + 1),
        );
        if row.is_empty() {
            let empty = words::text(lang, "picture-empty", &[]);
            c.text(
                MARGIN + 54.0,
                ry + 34.0,
                READABLE,
                MUTED,
                Align::Left,
                &empty,
            );
        }
        for (k, cu) in row.iter().enumerate() {
            let x = MARGIN + 54.0 + k as f32 * (ow + 10.0);
            cube(c, x, ry, ow, 46.0, cu);
            if k != 0 && k + 1 != row.len() {
                // Inner cubes cannot be taken: fade them.
                c.round_rect(x, ry, ow, 46.0, 5.0, None, Some((style::PANEL, 5.0)));
            } else {
                c.round_rect(
                    x - 3.0,
                    ry - 3.0,
                    ow + 6.0,
                    52.0,
                    7.0,
                    None,
                    Some((style::HIGHLIGHT, 3.0)),
                );
            }
        }
    }
    y += oh + 14.0;

    // Pieces beside the board.
    let lines = [
        words::text(
            lang,
            "picture-estates-roofs-left",
            &[("count", v.roofs_left.into())],
        ),
        words::text(
            lang,
            "picture-estates-permits",
            &[(
                "permits",
                v.permits
                    .iter()
                    .map(|(p, s)| format!("{} {}", p, piece_state(s, lang)))
                    .collect::<Vec<_>>()
                    .join(" · ")
                    .into(),
            )],
        ),
        words::text(
            lang,
            "picture-estates-mayor-cancel",
            &[
                ("mayor", piece_state(&v.mayor, lang).into()),
                ("cancel", piece_state(&v.cancel, lang).into()),
            ],
        ),
    ];
    let wrapped: usize = lines
        .iter()
        .map(|l| c.line_count(l, READABLE, inner - 36.0))
        .sum();
    let ph = 12.0 + LARGE + 14.0 + wrapped as f32 * READABLE * 1.3 + 8.0;
    let heading = words::text(lang, "picture-estates-pieces", &[]);
    let top = style::panel(c, MARGIN, y, inner, ph, &heading);
    let mut ly = top + READABLE;
    for l in &lines {
        ly = c.paragraph(MARGIN + 18.0, ly, READABLE, INK, l, inner - 36.0);
    }
    y += ph + 14.0;

    // Certificates (shares) and scores.
    let gap = 12.0;
    let half = (inner - gap) / 2.0;
    let sh = 12.0 + LARGE + 14.0 + 6.0 * 46.0 + 6.0;
    let heading = words::text(lang, "picture-estates-shares", &[]);
    let top = style::panel(c, MARGIN, y, half, sh, &heading);
    for (i, (colour, owner)) in v.certificates.iter().enumerate() {
        let ry = top + i as f32 * 46.0;
        let fill = colour_fill(*colour);
        c.round_rect(
            MARGIN + 16.0,
            ry,
            70.0,
            38.0,
            5.0,
            Some(fill),
            Some((INK, 2.0)),
        );
        c.text(
            MARGIN + 51.0,
            ry + 29.0,
            READABLE,
            fill.ink(),
            Align::Center,
            colour_code(*colour),
        );
        let who = owner.map_or("—".to_string(), |s| name(names, s, lang));
        c.text_fit(
            MARGIN + 100.0,
            ry + 29.0,
            READABLE,
            INK,
            Align::Left,
            &format!("{} · {}", colour_word(*colour, lang), who),
            half - 116.0,
            READABLE,
        );
    }
    let sx = MARGIN + half + gap;
    let heading = words::text(lang, "picture-estates-score-now", &[]);
    let top = style::panel(c, sx, y, half, sh, &heading);
    let max = v
        .live_scores
        .iter()
        .map(|s| s.abs())
        .max()
        .unwrap_or(1)
        .max(1) as f32;
    for (s, pts) in v.live_scores.iter().enumerate() {
        let ry = top + s as f32 * 46.0;
        style::seat_badge(c, sx + 12.0, ry + 20.0, s, 22.0);
        c.text_fit(
            sx + 64.0,
            ry + 30.0,
            READABLE,
            INK,
            Align::Left,
            &name(names, s, lang),
            140.0,
            READABLE,
        );
        let bar_x = sx + 212.0;
        let bar_w = (half - 300.0) * pts.abs() as f32 / max;
        c.rect(bar_x, ry + 6.0, bar_w.max(2.0), 28.0, style::seat_colour(s));
        c.text(
            bar_x + bar_w.max(2.0) + 8.0,
            ry + 30.0,
            READABLE,
            INK,
            Align::Left,
            &format!("{pts:+}"),
        );
    }
    let mut ny = top + v.live_scores.len() as f32 * 46.0 + 8.0;
    if !v.round_totals.is_empty() {
        let wins: Vec<String> = v
            .round_wins
            .iter()
            .enumerate()
            .map(|(s, w)| format!("{} {}", name(names, s, lang), w))
            .collect();
        ny = c.paragraph(
            sx + 16.0,
            ny + READABLE,
            READABLE,
            MUTED,
            &words::text(
                lang,
                "picture-estates-round-wins",
                &[("wins", wins.join(", ").into())],
            ),
            half - 32.0,
        );
    }
    let _ = ny;
    y += sh + 12.0;
    c.paragraph(
        MARGIN,
        y + READABLE,
        READABLE,
        MUTED,
        &words::text(lang, "picture-estates-legend", &[]),
        inner,
    );
}

pub fn public(v: &EstatesPublic, names: &[String], lang: Lang) -> Option<Vec<u8>> {
    picture(crate::WIDTH, style::BACKGROUND, |c| {
        draw_public(c, v, names, lang)
    })
}

pub(crate) fn draw_private(c: &mut Canvas, v: &EstatesPrivate, names: &[String], lang: Lang) {
    let title = words::text(
        lang,
        "picture-estates-money-title",
        &[("name", name(names, v.seat, lang).into())],
    );
    let only_you = words::text(lang, "picture-only-you", &[]);
    let mut y = style::header(c, &title, &only_you, READABLE) + 10.0;
    let inner = c.width - 2.0 * MARGIN;
    for (i, (label, amount, note)) in [
        (
            words::text(lang, "picture-estates-cash", &[]),
            v.cash,
            words::text(lang, "picture-estates-cash-note", &[]),
        ),
        (
            words::text(lang, "picture-estates-cash-box", &[]),
            v.cash_box,
            words::text(lang, "picture-estates-cash-box-note", &[]),
        ),
    ]
    .iter()
    .enumerate()
    {
        // One panel a row, so each note fits on its line.
        let py = y + i as f32 * 214.0;
        let top = style::panel(c, MARGIN, py, inner, 200.0, label);
        c.text(
            MARGIN + inner / 2.0,
            top + 74.0,
            72.0,
            Rgb::hex(0x1d6b3a),
            Align::Center,
            &format!("${amount}M"),
        );
        c.text_fit(
            MARGIN + inner / 2.0,
            top + 120.0,
            READABLE,
            MUTED,
            Align::Center,
            note,
            inner - 24.0,
            READABLE,
        );
    }
    y += 2.0 * 214.0;
    if v.may_stash {
        c.paragraph(
            MARGIN,
            y + READABLE,
            READABLE,
            INK,
            &words::text(lang, "picture-estates-may-stash", &[]),
            inner,
        );
    }
}

pub fn private(v: &EstatesPrivate, names: &[String], lang: Lang) -> Option<Vec<u8>> {
    picture(crate::WIDTH, style::BACKGROUND, |c| {
        draw_private(c, v, names, lang)
    })
}
