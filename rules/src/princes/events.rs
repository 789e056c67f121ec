//! Facts narrated after each action: what everyone reads, and the private news of one
//! seat (the professions kept at setup, the cards looked at and the one kept). Each
//! event is data; [`GameEvent::narrate`] writes the English the log keeps and
//! [`Phrased::phrase`] the same sentence as a Fluent key (`princes-event-…`) for the
//! reader's language.

use super::board::{Piece, Square};
use super::data::{Stack, BUILD_PRESTIGE, DRAW_COST, FREEDOM_COST, OPENING_BID, ROUNDS};
use super::state::DeckKind;
use super::PrincesAction;
use super::{card_label, freedom_name, prof_name, terms};
use crate::engine::{Audience, GameEvent, Seat};
use crate::phrase::{Phrase, Phrased};

/// One narrated fact of The Princes of Florence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PrincesEvent {
    /// Setup: a seat chose its three professions (public).
    ProfessionsChosen { seat: Seat },
    /// Setup, to `seat` only: the professions kept and returned.
    YouKeepProfessions {
        seat: Seat,
        kept: Vec<u8>,
        returned: Vec<u8>,
    },
    /// A round begins.
    RoundBegins { round: u8, start: Seat, min: u32 },
    /// Phase B begins with `start`.
    ActionsBegin { start: Seat },
    /// A seat with both actions taken and nothing to recruit ends its turn by itself.
    TurnEndsTwoActions { seat: Seat },
    /// `done`.
    EndsTurn { seat: Seat },
    /// The best work of the round (one or more tied seats).
    BestWork {
        round: u8,
        winners: Vec<Seat>,
        best: u32,
    },
    /// No work this round.
    NoBestWork { round: u8 },
    /// Game end: a prestige card is revealed and scores.
    Reveals { seat: Seat, card: u8, points: i64 },
    /// The seventh round is over.
    GameEnds,
    /// An auction opens at the opening bid.
    Opens { seat: Seat, stack: Stack },
    /// A raise.
    Bids {
        seat: Seat,
        amount: u32,
        stack: Stack,
    },
    /// A seat drops out of the auction.
    Passes { seat: Seat },
    /// The opener buys nothing this round.
    Declines { seat: Seat },
    /// The auction is won.
    Buys {
        seat: Seat,
        stack: Stack,
        price: u32,
    },
    /// What a builder bought gives: `count` is the buyer's builders now.
    Builders { seat: Seat, count: u8 },
    /// A recruiting card bought is kept for later.
    KeepsForLater { seat: Seat },
    /// `sell n`.
    Sells {
        seat: Seat,
        points: u32,
        florins: i64,
    },
    /// A seat pays to draw from a deck.
    Draws { seat: Seat, deck: DeckKind },
    /// A seat takes the top cards of a deck to look at.
    LooksAt {
        seat: Seat,
        deck: DeckKind,
        count: usize,
    },
    /// To `seat` only: the cards looked at.
    YouLookAt {
        seat: Seat,
        deck: DeckKind,
        cards: Vec<u8>,
    },
    /// One card kept, the rest under the deck.
    KeepsOne {
        seat: Seat,
        deck: DeckKind,
        back: usize,
    },
    /// To `seat` only: the card kept.
    YouKeep {
        seat: Seat,
        deck: DeckKind,
        card: u8,
    },
    /// A landscape placed at a square, turned and flipped; `repeat`: +3 prestige.
    Placed {
        seat: Seat,
        landscape: u8,
        at: Square,
        rot: u16,
        flip: bool,
        repeat: bool,
    },
    /// A work completed.
    Work {
        seat: Seat,
        profession: u8,
        bonus: Vec<u8>,
        value: u32,
        payout: i64,
        prestige: u32,
        returned: i64,
    },
    /// A building built at a square, turned and flipped, for `cost` florins.
    Built {
        seat: Seat,
        building: u8,
        at: Square,
        rot: u16,
        flip: bool,
        cost: i64,
    },
    /// A freedom introduced.
    Freedom { seat: Seat, freedom: u8 },
    /// A profession recruited from another seat's display.
    Recruits {
        seat: Seat,
        profession: u8,
        from: Seat,
    },
}

/// A placement's piece (its typed word: each language names it from that), square, turn
/// (degrees) and flip as a phrase's arguments (`piece`, `at`, `rot`, `flip` = `yes`/`no`).
fn placement(phrase: Phrase, piece: Piece, at: Square, rot: u16, flip: bool) -> Phrase {
    phrase
        .text("piece", piece.slug())
        .text("at", at)
        .number("rot", rot)
        .text("flip", if flip { "yes" } else { "no" })
}

/// Argument names for lists of up to five cards, names or professions.
const ITEMS: [&str; 5] = ["a", "b", "c", "d", "e"];

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("seat {}", seat + 1))
}

/// Adds `n` (the count) and one argument per item (`a`, `b`, …; at most five).
fn list<T: Copy>(
    mut p: Phrase,
    items: &[T],
    add: impl Fn(Phrase, &'static str, T) -> Phrase,
) -> Phrase {
    p = p.count("n", items.len());
    for (arg, item) in ITEMS.iter().zip(items) {
        p = add(p, arg, *item);
    }
    p
}

fn profession_list(ps: &[u8]) -> String {
    ps.iter()
        .map(|p| prof_name(*p))
        .collect::<Vec<_>>()
        .join(", ")
}

fn bonus_codes(bonus: &[u8]) -> String {
    bonus
        .iter()
        .map(|b| format!("B{b:02}"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl GameEvent for PrincesEvent {
    fn audience(&self) -> Audience {
        use PrincesEvent::*;
        match self {
            YouKeepProfessions { seat, .. } | YouLookAt { seat, .. } | YouKeep { seat, .. } => {
                Audience::Seat(*seat)
            }
            _ => Audience::Everyone,
        }
    }

    fn phrased(&self) -> Option<Phrase> {
        Some(Phrased::phrase(self))
    }

    fn narrate(&self, names: &[String]) -> String {
        use PrincesEvent::*;
        let n = |s: &Seat| name(names, *s);
        match self {
            ProfessionsChosen { seat } => format!("{} has chosen their professions.", n(seat)),
            YouKeepProfessions { kept, returned, .. } => format!(
                "You keep {} and return {}.",
                profession_list(kept),
                profession_list(returned)
            ),
            RoundBegins { round, start, min } => format!(
                "Round {round} of {ROUNDS} begins; {} is the start player. Minimum work value: {min}. Phase A: auctions.",
                n(start)
            ),
            ActionsBegin { start } => format!("Phase B: actions, starting with {}.", n(start)),
            TurnEndsTwoActions { seat } => {
                format!("{}'s turn ends (two actions taken).", n(seat))
            }
            EndsTurn { seat } => format!("{} ends their turn.", n(seat)),
            BestWork {
                round,
                winners,
                best,
            } => {
                let who: Vec<String> = winners.iter().map(n).collect();
                format!(
                    "Best work of round {round}: {} with {best} (+3 prestige).",
                    who.join(", ")
                )
            }
            NoBestWork { round } => {
                format!("No work was completed in round {round}: no best-work award.")
            }
            Reveals { seat, card, points } => format!(
                "{} reveals {}: {points} prestige.",
                n(seat),
                card_label(DeckKind::Prestige, *card)
            ),
            GameEnds => "The seventh round is over: the game ends.".into(),
            Opens { seat, stack } => format!(
                "{} opens the {} auction at {OPENING_BID}.",
                n(seat),
                stack.noun()
            ),
            Bids {
                seat,
                amount,
                stack,
            } => format!("{} bids {amount} for the {}.", n(seat), stack.noun()),
            Passes { seat } => format!("{} passes.", n(seat)),
            Declines { seat } => format!("{} declines and buys nothing this round.", n(seat)),
            Buys { seat, stack, price } => {
                format!("{} buys the {} for {price}.", n(seat), stack.noun())
            }
            Builders { seat, count } => match count {
                1 => format!("{}'s buildings now cost 300.", n(seat)),
                2 => format!(
                    "{} may now build buildings touching each other (+3 prestige).",
                    n(seat)
                ),
                _ => format!("{} now builds for free (+3 prestige).", n(seat)),
            },
            KeepsForLater { seat } => {
                format!("{} keeps the recruiting card for later.", n(seat))
            }
            Sells {
                seat,
                points,
                florins,
            } => format!(
                "{} moves back {points} on the prestige track for {florins} florins.",
                n(seat)
            ),
            Draws { seat, deck } => format!(
                "{} pays {DRAW_COST} to draw a {} card.",
                n(seat),
                deck.name()
            ),
            LooksAt { seat, deck, count } => format!(
                "{} looks at the top {count} {} cards.",
                n(seat),
                deck.name()
            ),
            YouLookAt { deck, cards, .. } => {
                let labels: Vec<&str> = cards.iter().map(|c| card_label(*deck, *c)).collect();
                format!("You look at: {}. Keep one with `keep …`.", labels.join("; "))
            }
            KeepsOne { seat, deck, back } => format!(
                "{} keeps one {} card; {back} go to the bottom of the deck.",
                n(seat),
                deck.name()
            ),
            YouKeep { deck, card, .. } => format!("You keep {}.", card_label(*deck, *card)),
            Placed {
                seat,
                landscape,
                at,
                rot,
                flip,
                repeat,
            } => format!(
                "{}: {}{}.",
                n(seat),
                PrincesAction::Place {
                    landscape: *landscape,
                    at: *at,
                    rot: *rot,
                    flip: *flip,
                },
                if *repeat {
                    " (+3 prestige: another of that type)"
                } else {
                    ""
                }
            ),
            Work {
                seat,
                profession,
                bonus,
                value,
                payout,
                prestige,
                returned,
            } => {
                let mut text =
                    format!("{} completes a work with the {}", n(seat), prof_name(*profession));
                if !bonus.is_empty() {
                    text.push_str(&format!(" (bonus {})", bonus_codes(bonus)));
                }
                text.push_str(&format!(": value {value} → {payout} florins"));
                if *prestige > 0 {
                    text.push_str(&format!("; returns {returned} for {prestige} prestige"));
                }
                text.push('.');
                text
            }
            Built {
                seat,
                building,
                at,
                rot,
                flip,
                cost,
            } => format!(
                "{}: {} for {cost} florins (+{BUILD_PRESTIGE} prestige).",
                n(seat),
                PrincesAction::Build {
                    building: *building,
                    at: *at,
                    rot: *rot,
                    flip: *flip,
                }
            ),
            Freedom { seat, freedom } => format!(
                "{} introduces freedom of {} for {FREEDOM_COST}.",
                n(seat),
                freedom_name(*freedom)
            ),
            Recruits {
                seat,
                profession,
                from,
            } => format!(
                "{} recruits the {} from {}'s display with a recruiting card.",
                n(seat),
                prof_name(*profession),
                n(from)
            ),
        }
    }
}

impl Phrased for PrincesEvent {
    fn phrase(&self) -> Phrase {
        use PrincesEvent::*;
        let p = Phrase::new;
        match self {
            ProfessionsChosen { seat } => {
                p("princes-event-professions-chosen").player("name", *seat)
            }
            YouKeepProfessions { kept, returned, .. } => {
                let q = list(p("princes-event-you-keep-professions"), kept, |q, a, x| {
                    q.term(a, terms::profession(x))
                });
                // The one profession returned (four dealt, three kept); more read as a
                // list of codes would, but setup never returns more than one.
                let back = returned
                    .first()
                    .map_or(terms::UNKNOWN, |x| terms::profession(*x));
                q.term("returned", back)
            }
            RoundBegins { round, start, min } => p("princes-event-round-begins")
                .number("round", *round)
                .number("rounds", ROUNDS)
                .player("start", *start)
                .number("min", *min),
            ActionsBegin { start } => p("princes-event-actions-begin").player("start", *start),
            TurnEndsTwoActions { seat } => {
                p("princes-event-turn-ends-two-actions").player("name", *seat)
            }
            EndsTurn { seat } => p("princes-event-ends-turn").player("name", *seat),
            BestWork {
                round,
                winners,
                best,
            } => list(
                p("princes-event-best-work")
                    .number("round", *round)
                    .number("best", *best),
                winners,
                |q, a, w| q.player(a, w),
            ),
            NoBestWork { round } => p("princes-event-no-best-work").number("round", *round),
            Reveals { seat, card, points } => p("princes-event-reveals")
                .player("name", *seat)
                .term("card", terms::card(DeckKind::Prestige, *card))
                .number("points", *points),
            GameEnds => p("princes-event-game-ends"),
            Opens { seat, stack } => p("princes-event-opens")
                .player("name", *seat)
                .term("item", terms::item(*stack))
                .number("bid", OPENING_BID),
            Bids {
                seat,
                amount,
                stack,
            } => p("princes-event-bids")
                .player("name", *seat)
                .text("amount", amount)
                .term("item", terms::item(*stack)),
            Passes { seat } => p("princes-event-passes").player("name", *seat),
            Declines { seat } => p("princes-event-declines").player("name", *seat),
            Buys { seat, stack, price } => p("princes-event-buys")
                .player("name", *seat)
                .term("item", terms::item(*stack))
                .text("price", price),
            Builders { seat, count } => p(match count {
                1 => "princes-event-builder-cost",
                2 => "princes-event-builder-touching",
                _ => "princes-event-builder-free",
            })
            .player("name", *seat),
            KeepsForLater { seat } => p("princes-event-keeps-for-later").player("name", *seat),
            Sells {
                seat,
                points,
                florins,
            } => p("princes-event-sells")
                .player("name", *seat)
                .number("points", *points)
                .text("florins", florins),
            Draws { seat, deck } => p("princes-event-draws")
                .player("name", *seat)
                .number("cost", DRAW_COST)
                .term("deck", terms::deck(*deck)),
            LooksAt { seat, deck, count } => p("princes-event-looks-at")
                .player("name", *seat)
                .count("count", *count)
                .term("deck", terms::deck(*deck)),
            YouLookAt { deck, cards, .. } => {
                list(p("princes-event-you-look-at"), cards, |q, a, c| {
                    q.term(a, terms::card(*deck, c))
                })
            }
            KeepsOne { seat, deck, back } => p("princes-event-keeps-one")
                .player("name", *seat)
                .term("deck", terms::deck(*deck))
                .count("back", *back),
            YouKeep { deck, card, .. } => {
                p("princes-event-you-keep").term("card", terms::card(*deck, *card))
            }
            Placed {
                seat,
                landscape,
                at,
                rot,
                flip,
                repeat,
            } => placement(
                p(if *repeat {
                    "princes-event-placed-repeat"
                } else {
                    "princes-event-placed"
                })
                .player("name", *seat),
                Piece::Landscape(*landscape),
                *at,
                *rot,
                *flip,
            ),
            Work {
                seat,
                profession,
                bonus,
                value,
                payout,
                prestige,
                returned,
            } => {
                let key = match (bonus.is_empty(), *prestige > 0) {
                    (true, false) => "princes-event-work",
                    (false, false) => "princes-event-work-bonus",
                    (true, true) => "princes-event-work-prestige",
                    (false, true) => "princes-event-work-bonus-prestige",
                };
                let mut q = p(key)
                    .player("name", *seat)
                    .term("profession", terms::profession(*profession));
                if !bonus.is_empty() {
                    q = q.text("bonus", bonus_codes(bonus));
                }
                q = q.number("value", *value).text("payout", payout);
                if *prestige > 0 {
                    q = q.text("returned", returned).number("prestige", *prestige);
                }
                q
            }
            Built {
                seat,
                building,
                at,
                rot,
                flip,
                cost,
            } => placement(
                p("princes-event-built").player("name", *seat),
                Piece::Building(*building),
                *at,
                *rot,
                *flip,
            )
            .text("cost", cost),
            Freedom { seat, freedom } => p("princes-event-freedom")
                .player("name", *seat)
                .term("freedom", terms::freedom(*freedom))
                .number("cost", FREEDOM_COST),
            Recruits {
                seat,
                profession,
                from,
            } => p("princes-event-recruits")
                .player("name", *seat)
                .term("profession", terms::profession(*profession))
                .player("from", *from),
        }
    }
}
