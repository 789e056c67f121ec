//! Drawing The Estates: the headline, the public board (rows, buildings, the offer, the
//! money and the auction) and a seat's own view, in the reader's words.

use super::board::PieceState;
use super::data::{RowId, RIVER_AFTER};
use super::text::*;
use crate::engine::Seat;
use crate::phrase::{Phrase, Say};

/// The words a board repeats on many lines, said once per board.
struct BoardWords {
    roof: String,
    nobody: String,
    river: String,
    available: String,
    gone: String,
    in_row: [String; 3],
}

impl BoardWords {
    fn new(say: &dyn Say) -> BoardWords {
        let in_row =
            RowId::ALL.map(|r| say.say(&Phrase::new("estates-board-in-row").term("row", r.term())));
        BoardWords {
            roof: say.say(&Phrase::new("estates-board-roof")),
            nobody: say.say(&Phrase::new("estates-board-nobody")),
            river: say.say(&Phrase::new("estates-board-river")),
            available: say.say(&Phrase::new("estates-board-available")),
            gone: say.say(&Phrase::new("estates-board-gone")),
            in_row,
        }
    }

    fn state(&self, s: &PieceState) -> &str {
        match s {
            PieceState::Available => &self.available,
            PieceState::Placed { row, .. } => {
                let i = RowId::ALL.iter().position(|r| r == row).unwrap_or(0);
                self.in_row.get(i).map_or("", String::as_str)
            }
            PieceState::Gone => &self.gone,
        }
    }
}

fn building_text(b: &BuildingView, white: bool, names: &[String], words: &BoardWords) -> String {
    let cubes: Vec<String> = b.cubes.iter().map(|c| c.to_string()).collect();
    let roof = b
        .roof
        .map_or(String::new(), |r| format!(" ^{} {r}", words.roof));
    let owner = b.owner.map_or(words.nobody.clone(), |o| name(names, o));
    format!(
        " {:>2}{} {}{roof} → {owner} {:+}",
        b.lot,
        if white { "w" } else { " " },
        cubes.join(" "),
        b.points
    )
}

/// The board's first line: the title and the round.
pub fn headline(v: &EstatesPublic, say: &dyn Say) -> String {
    if v.rounds > 1 {
        say.say(
            &Phrase::new("estates-board-title-round")
                .number("round", v.round)
                .number("rounds", v.rounds),
        )
    } else {
        say.say(&Phrase::new("estates-board-title"))
    }
}

/// The board as text: the three rows, the offer, the pieces, the scores and the turn.
pub fn render_public(v: &EstatesPublic, names: &[String], say: &dyn Say) -> String {
    let words = BoardWords::new(say);
    let mut out = headline(v, say);
    out.push('\n');
    out.push_str("```\n");
    for r in &v.rows {
        let mut head = say.say(
            &Phrase::new("estates-board-row")
                .text("row", r.row.name())
                .number("needs", r.requirement),
        );
        if !r.permits.is_empty() {
            let p: Vec<String> = r
                .permits
                .iter()
                .map(|(v, e)| format!("{v}({e:+})"))
                .collect();
            head.push_str(" · ");
            head.push_str(
                &say.say(
                    &Phrase::new("estates-board-permit")
                        .text("permits", p.join("+"))
                        .number("lot", r.permit_lot.unwrap_or(0)),
                ),
            );
        }
        if r.mayor {
            head.push_str(" · ");
            head.push_str(&say.say(&Phrase::new("estates-board-mayor")));
        }
        if r.complete {
            head.push_str(" · ");
            head.push_str(&say.say(&Phrase::new("estates-board-complete")));
        }
        out.push_str(&head);
        out.push('\n');
        for b in &r.buildings {
            out.push_str(&building_text(b, r.row.is_white(b.lot), names, &words));
            out.push('\n');
            if b.lot == RIVER_AFTER && usize::from(b.lot) < r.buildings.len() {
                out.push_str("    ");
                out.push_str(&words.river);
                out.push('\n');
            }
        }
        let next = r.buildings.len() + 1;
        let req = usize::try_from(r.requirement).unwrap_or(0);
        if next <= req {
            let whites: Vec<String> = r
                .row
                .white_lots()
                .iter()
                .filter(|&&l| usize::from(l) >= next && usize::from(l) <= req)
                .map(|l| l.to_string())
                .collect();
            let empty = if next == req {
                Phrase::new("estates-board-empty-lot").count("lot", next)
            } else {
                Phrase::new("estates-board-empty-lots")
                    .count("from", next)
                    .count("to", req)
            };
            out.push_str("  ");
            out.push_str(&say.say(&empty));
            if !whites.is_empty() {
                out.push(' ');
                out.push_str(
                    &say.say(&Phrase::new("estates-board-white").text("lots", whites.join(","))),
                );
            }
            out.push('\n');
        }
    }
    out.push_str("```\n");
    out.push_str(&say.say(&Phrase::new("estates-board-offer")));
    out.push_str("\n```\n");
    let mut empty_offer: Option<String> = None;
    for (i, row) in v.offer.iter().enumerate() {
        let cubes: Vec<String> = row.iter().map(|c| c.to_string()).collect();
        let line = if cubes.is_empty() {
            empty_offer
                .get_or_insert_with(|| say.say(&Phrase::new("estates-board-offer-empty")))
                .clone()
        } else {
            cubes.join(" ")
        };
        out.push_str(&format!("{}: {line}\n", i + 1));
    }
    out.push_str("```\n");
    let permits: Vec<String> = v
        .permits
        .iter()
        .map(|(p, s)| format!("{p} {}", words.state(s)))
        .collect();
    out.push_str(
        &say.say(
            &Phrase::new("estates-board-pieces")
                .count("roofs", v.roofs_left)
                .text("permits", permits.join(", "))
                .text("mayor", words.state(&v.mayor))
                .text("cancel", words.state(&v.cancel)),
        ),
    );
    out.push('\n');
    let certs: Vec<String> = v
        .certificates
        .iter()
        .map(|(c, s)| {
            format!(
                "{} {}",
                say.say(&Phrase::new(c.term())),
                s.map_or("—".to_string(), |s| name(names, s))
            )
        })
        .collect();
    out.push_str(
        &say.say(&Phrase::new("estates-board-certificates").text("list", certs.join(", "))),
    );
    out.push('\n');
    let live: Vec<String> = v
        .live_scores
        .iter()
        .enumerate()
        .map(|(s, p)| format!("{} {p:+}", name(names, s)))
        .collect();
    out.push_str(&say.say(&Phrase::new("estates-board-live").text("list", live.join(", "))));
    out.push('\n');
    if !v.round_totals.is_empty() {
        for (i, t) in v.round_totals.iter().enumerate() {
            let s: Vec<String> = t
                .iter()
                .enumerate()
                .map(|(seat, p)| format!("{} {p}", name(names, seat)))
                .collect();
            out.push_str(
                &say.say(
                    &Phrase::new("estates-board-round-totals")
                        .count("round", i + 1)
                        .text("list", s.join(", ")),
                ),
            );
            out.push('\n');
        }
        let w: Vec<String> = v
            .round_wins
            .iter()
            .enumerate()
            .map(|(s, w)| format!("{} {w}", name(names, s)))
            .collect();
        out.push_str(&say.say(&Phrase::new("estates-board-round-wins").text("list", w.join(", "))));
        out.push('\n');
    }
    let turn = match &v.phase {
        PhaseView::Choosing { auctioneer } => {
            say.say(&Phrase::new("estates-board-choosing").player("name", *auctioneer))
        }
        PhaseView::Auction {
            auctioneer,
            item,
            bids,
            to_answer,
        } => {
            let b = said_bids(bids, say);
            let bids = if b.is_empty() {
                say.say(&Phrase::new("estates-board-no-bids"))
            } else {
                b.join(", ")
            };
            let mut line = say.say(
                &item.args(
                    Phrase::new("estates-board-auction")
                        .player("name", *auctioneer)
                        .text("bids", bids),
                ),
            );
            if let Some(s) = to_answer {
                line.push(' ');
                line.push_str(&say.say(&Phrase::new("estates-board-to-answer").player("name", *s)));
            }
            line
        }
        PhaseView::Deciding {
            auctioneer,
            item,
            high: (s, a),
        } => say.say(
            &item.args(
                Phrase::new("estates-board-deciding")
                    .player("bidder", *s)
                    .number("amount", *a)
                    .player("name", *auctioneer),
            ),
        ),
        PhaseView::Placing { item, owner } => {
            say.say(&item.args(Phrase::new("estates-board-placing").player("name", *owner)))
        }
        PhaseView::Over => say.say(&Phrase::new("estates-board-over")),
    };
    out.push_str(&turn);
    out.push('\n');
    out
}

/// A seat's hand as text: its cash, its cash box, and whether it may stash now.
pub fn render_private(v: &EstatesPrivate, say: &dyn Say) -> String {
    let mut out = say.say(
        &Phrase::new("estates-hand-cash")
            .number("cash", v.cash)
            .number("cash_box", v.cash_box),
    );
    if v.may_stash {
        out.push(' ');
        out.push_str(&say.say(&Phrase::new("estates-hand-may-stash")));
    }
    out
}

/// The bids of an auction in the reader's words (`estates-board-bid`, `…-bid-pass`).
fn said_bids(bids: &[(Seat, Option<u32>)], say: &dyn Say) -> Vec<String> {
    bids.iter()
        .map(|(s, a)| match a {
            Some(a) => say.say(
                &Phrase::new("estates-board-bid")
                    .player("name", *s)
                    .number("amount", *a),
            ),
            None => say.say(&Phrase::new("estates-board-bid-pass").player("name", *s)),
        })
        .collect()
}

/// The bids of an auction in English: "Ana $3M", "Bruno pass" (the pictures' tests
/// compare with it; the board says its bids through the reader's speaker).
pub fn bid_list(bids: &[(Seat, Option<u32>)], names: &[String]) -> Vec<String> {
    bids.iter()
        .map(|(s, a)| match a {
            Some(a) => format!("{} ${a}M", name(names, *s)),
            None => format!("{} pass", name(names, *s)),
        })
        .collect()
}
