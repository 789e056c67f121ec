//! Facts narrated after each action. Everything in Palazzo that moves is public (revealed
//! money, payments, bids, tiles); only the initial hands are secret, and no event names
//! a card that enters a hand face down.

use super::data::{Card, PalaceLetter, Tile};
use super::sets::{Cards, TileList};
use crate::engine::{Audience, GameEvent, Seat};
use crate::phrase::{Phrase, Phrased};

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PalazzoEvent {
    TurnStarts {
        seat: Seat,
    },
    MoneyRevealed {
        seat: Seat,
        cards: Cards,
    },
    Picked {
        seat: Seat,
        cards: Cards,
    },
    Reshuffled {
        cards: usize,
    },
    RiderDrawn {
        count: u8,
    },
    Drew {
        seat: Seat,
        supply: Option<Tile>,
        quarry: Option<(Tile, usize)>,
    },
    GameEnded,
    Bought {
        seat: Seat,
        tiles: TileList,
        pay: Cards,
        price: u32,
        paid: u32,
    },
    NothingToAuction {
        seat: Seat,
    },
    HandoutStarts {
        seat: Seat,
        quarry: usize,
        tiles: Vec<Tile>,
    },
    LeftoversBoxed {
        tiles: Vec<Tile>,
    },
    AuctionOpened {
        seat: Seat,
        quarry: usize,
        tiles: Vec<Tile>,
    },
    Raised {
        seat: Seat,
        cards: Cards,
        total: u32,
    },
    Passed {
        seat: Seat,
        took_back: Cards,
    },
    AuctionWon {
        seat: Seat,
        total: u32,
        cards: Cards,
        tiles: Vec<Tile>,
    },
    Built {
        seat: Seat,
        tile: Tile,
        palace: PalaceLetter,
        new: bool,
    },
    Discarded {
        seat: Seat,
        tile: Tile,
    },
    Lifted {
        seat: Seat,
        tile: Tile,
        from: PalaceLetter,
        new: PalaceLetter,
        pay: Card,
    },
    Inserted {
        seat: Seat,
        tile: Tile,
        into: PalaceLetter,
        pay: Card,
    },
    Removed {
        seat: Seat,
        tile: Tile,
        pay: Card,
    },
}

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Seat {}", seat + 1))
}

fn tiles_text(tiles: &[Tile]) -> String {
    let v: Vec<String> = tiles.iter().map(|t| t.id()).collect();
    v.join(", ")
}

impl GameEvent for PalazzoEvent {
    fn audience(&self) -> Audience {
        Audience::Everyone
    }

    fn phrased(&self) -> Option<Phrase> {
        Some(Phrased::phrase(self))
    }

    fn narrate(&self, names: &[String]) -> String {
        use PalazzoEvent::*;
        let n = |s: &Seat| name(names, *s);
        match self {
            TurnStarts { seat } => format!("{}'s turn.", n(seat)),
            MoneyRevealed { seat, cards } => {
                format!("{} takes money: revealed {cards}.", n(seat))
            }
            Picked { seat, cards } => format!("{} takes {cards}.", n(seat)),
            Reshuffled { cards } => {
                format!("The discards are shuffled into a new draw pile of {cards} cards.")
            }
            RiderDrawn { count } => format!("A rider is drawn ({count}/5) and set aside."),
            Drew { seat, supply, quarry } => {
                let s = supply.map_or("no tile".to_string(), |t| t.id());
                let q = quarry.map_or("no tile to a quarry".to_string(), |(t, q)| {
                    format!("{t} to quarry {}", q + 1)
                });
                format!("{} draws tiles: {s} to the supply, {q}.", n(seat))
            }
            GameEnded => "The 5th rider ends the game at once!".into(),
            Bought {
                seat,
                tiles,
                pay,
                price,
                paid,
            } => {
                let pay = if pay.is_empty() {
                    "nothing".to_string()
                } else {
                    format!("{pay} ({paid})")
                };
                format!("{} buys {} for {price}, paying {pay}.", n(seat), tiles_text(tiles))
            }
            NothingToAuction { seat } => {
                format!("{} auctions, but no quarry holds a tile: nothing happens.", n(seat))
            }
            HandoutStarts { seat, quarry, tiles } => format!(
                "The master builder moves to quarry {} with {} tiles ({}): no auction — each player from {} takes one and builds it.",
                quarry + 1,
                tiles.len(),
                tiles_text(tiles),
                n(seat)
            ),
            LeftoversBoxed { tiles } => format!("Left over and out of the game: {}.", tiles_text(tiles)),
            AuctionOpened { seat, quarry, tiles } => format!(
                "The master builder moves to quarry {}; {} opens the auction for {} with the certificate 3.",
                quarry + 1,
                n(seat),
                tiles_text(tiles)
            ),
            Raised { seat, cards, total } => {
                format!("{} adds {cards} — bid {total}.", n(seat))
            }
            Passed { seat, took_back } => {
                if took_back.is_empty() {
                    format!("{} passes.", n(seat))
                } else {
                    format!("{} passes and takes back {took_back}.", n(seat))
                }
            }
            AuctionWon {
                seat,
                total,
                cards,
                tiles,
            } => {
                let paid = if cards.is_empty() {
                    "the certificate 3 alone".to_string()
                } else {
                    cards.to_string()
                };
                format!("{} wins {} with {total}, paying {paid}.", n(seat), tiles_text(tiles))
            }
            Built {
                seat,
                tile,
                palace,
                new,
            } => {
                if *new {
                    format!("{} builds {tile} as new palace {palace}.", n(seat))
                } else {
                    format!("{} builds {tile} on palace {palace}.", n(seat))
                }
            }
            Discarded { seat, tile } => format!("{} puts {tile} out of the game.", n(seat)),
            Lifted {
                seat,
                tile,
                from,
                new,
                pay,
            } => format!(
                "{} reconstructs (paying {pay}): {tile} leaves palace {from} and stands alone as palace {new}.",
                n(seat)
            ),
            Inserted {
                seat,
                tile,
                into,
                pay,
            } => format!("{} reconstructs (paying {pay}): {tile} goes into palace {into}.", n(seat)),
            Removed { seat, tile, pay } => {
                format!("{} reconstructs (paying {pay}): {tile} leaves the game.", n(seat))
            }
        }
    }
}

/// Each event as a phrase (keys `palazzo-event-…` in `events.ftl`): the same sentence as
/// [`GameEvent::narrate`], in the reader's language. One key per wording, so a case that
/// reads differently (nothing paid, a new palace) has its own.
impl Phrased for PalazzoEvent {
    fn phrase(&self) -> Phrase {
        use PalazzoEvent::*;
        match self {
            TurnStarts { seat } => Phrase::new("palazzo-event-turn-starts").player("name", *seat),
            MoneyRevealed { seat, cards } => Phrase::new("palazzo-event-money-revealed")
                .player("name", *seat)
                .text("cards", cards),
            Picked { seat, cards } => Phrase::new("palazzo-event-picked")
                .player("name", *seat)
                .text("cards", cards),
            Reshuffled { cards } => Phrase::new("palazzo-event-reshuffled").count("cards", *cards),
            RiderDrawn { count } => {
                Phrase::new("palazzo-event-rider-drawn").number("count", *count)
            }
            Drew {
                seat,
                supply,
                quarry,
            } => {
                let key = match (supply, quarry) {
                    (Some(_), Some(_)) => "palazzo-event-drew",
                    (Some(_), None) => "palazzo-event-drew-supply-only",
                    (None, Some(_)) => "palazzo-event-drew-quarry-only",
                    (None, None) => "palazzo-event-drew-nothing",
                };
                let mut phrase = Phrase::new(key).player("name", *seat);
                if let Some(t) = supply {
                    phrase = phrase.text("supply", t.id());
                }
                if let Some((t, q)) = quarry {
                    phrase = phrase.text("tile", t.id()).count("quarry", q + 1);
                }
                phrase
            }
            GameEnded => Phrase::new("palazzo-event-game-ended"),
            Bought {
                seat,
                tiles,
                pay,
                price,
                paid,
            } => {
                let phrase = |key| {
                    Phrase::new(key)
                        .player("name", *seat)
                        .text("tiles", tiles_text(tiles))
                        .number("price", *price)
                };
                if pay.is_empty() {
                    phrase("palazzo-event-bought-free")
                } else {
                    phrase("palazzo-event-bought")
                        .text("pay", pay)
                        .number("paid", *paid)
                }
            }
            NothingToAuction { seat } => {
                Phrase::new("palazzo-event-nothing-to-auction").player("name", *seat)
            }
            HandoutStarts {
                seat,
                quarry,
                tiles,
            } => Phrase::new("palazzo-event-handout-starts")
                .count("quarry", quarry + 1)
                .count("count", tiles.len())
                .text("tiles", tiles_text(tiles))
                .player("name", *seat),
            LeftoversBoxed { tiles } => {
                Phrase::new("palazzo-event-leftovers-boxed").text("tiles", tiles_text(tiles))
            }
            AuctionOpened {
                seat,
                quarry,
                tiles,
            } => Phrase::new("palazzo-event-auction-opened")
                .count("quarry", quarry + 1)
                .player("name", *seat)
                .text("tiles", tiles_text(tiles)),
            Raised { seat, cards, total } => Phrase::new("palazzo-event-raised")
                .player("name", *seat)
                .text("cards", cards)
                .number("total", *total),
            Passed { seat, took_back } => {
                if took_back.is_empty() {
                    Phrase::new("palazzo-event-passed").player("name", *seat)
                } else {
                    Phrase::new("palazzo-event-passed-took-back")
                        .player("name", *seat)
                        .text("cards", took_back)
                }
            }
            AuctionWon {
                seat,
                total,
                cards,
                tiles,
            } => {
                let phrase = |key| {
                    Phrase::new(key)
                        .player("name", *seat)
                        .text("tiles", tiles_text(tiles))
                        .number("total", *total)
                };
                if cards.is_empty() {
                    phrase("palazzo-event-auction-won-certificate")
                } else {
                    phrase("palazzo-event-auction-won").text("cards", cards)
                }
            }
            Built {
                seat,
                tile,
                palace,
                new,
            } => Phrase::new(if *new {
                "palazzo-event-built-new"
            } else {
                "palazzo-event-built"
            })
            .player("name", *seat)
            .text("tile", tile.id())
            .text("palace", palace),
            Discarded { seat, tile } => Phrase::new("palazzo-event-discarded")
                .player("name", *seat)
                .text("tile", tile.id()),
            Lifted {
                seat,
                tile,
                from,
                new,
                pay,
            } => Phrase::new("palazzo-event-lifted")
                .player("name", *seat)
                .text("pay", pay)
                .text("tile", tile.id())
                .text("from", from)
                .text("new", new),
            Inserted {
                seat,
                tile,
                into,
                pay,
            } => Phrase::new("palazzo-event-inserted")
                .player("name", *seat)
                .text("pay", pay)
                .text("tile", tile.id())
                .text("into", into),
            Removed { seat, tile, pay } => Phrase::new("palazzo-event-removed")
                .player("name", *seat)
                .text("pay", pay)
                .text("tile", tile.id()),
        }
    }
}
