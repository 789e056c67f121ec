//! Public and private views and their chat text. The public view holds no hand contents
//! and no stack order; the private view holds one seat's hand.

use super::data::{cards_text, palace_letter, Card, Tile, STACK_NAMES};
use super::{money, scoring, Palazzo, Phase};
use crate::engine::Seat;
use crate::phrase::{Phrase, Say};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PalaceView {
    pub letter: String,
    /// Bottom to top.
    pub tiles: Vec<Tile>,
    pub score: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SeatPublic {
    pub hand_count: usize,
    pub palaces: Vec<PalaceView>,
    pub score: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BidView {
    pub seat: Seat,
    pub cards: Vec<Card>,
    /// Holds the opener's certificate 3.
    pub opener: bool,
    pub total: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AuctionView {
    pub quarry: usize,
    pub tiles: Vec<Tile>,
    pub high: u32,
    pub leader: Seat,
    /// Bidders still in, in turn order, with their face-up bids.
    pub bids: Vec<BidView>,
}

/// Everything everyone may see.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PalazzoPublic {
    pub players: usize,
    pub active: Seat,
    pub awaiting: Vec<Seat>,
    /// What the awaited player is asked to do, as data.
    pub ask: Ask,
    /// Face-down items left in stacks I, II, III (riders included).
    pub stacks: Vec<usize>,
    pub riders_drawn: u8,
    pub supply: Vec<Tile>,
    pub price: u32,
    pub quarries: Vec<Vec<Tile>>,
    pub master: usize,
    pub pile: usize,
    pub discard: Vec<Card>,
    pub boxed: usize,
    /// Money revealed by the take-money action, not yet picked.
    pub revealed: Vec<Card>,
    /// Tiles waiting to be built, and by whom.
    pub pending: Option<(Seat, Vec<Tile>)>,
    /// The 4+ tile lot being handed out.
    pub lot: Vec<Tile>,
    pub auction: Option<AuctionView>,
    pub seats: Vec<SeatPublic>,
    pub over: bool,
}

/// One seat's secrets: the hand and what it can bid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PalazzoPrivate {
    pub seat: Seat,
    pub hand: Vec<Card>,
    /// The best single bid the hand could make (also the tie-break).
    pub best_bid: u32,
    /// In a running auction: the highest total this seat's bid could still reach.
    pub auction_reach: Option<u32>,
}

/// What the awaited players are asked to do: one per phase of a turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Ask {
    /// Choose money, draw or reconstruct.
    Turn,
    /// Pick revealed money.
    Pick,
    /// Buy from the supply or auction.
    BuyOrAuction,
    /// Raise or pass.
    Auction,
    /// Take one tile of the lot handed out.
    Handout,
    /// Build or discard the tiles won or bought.
    Building,
    /// Nothing: the game is over.
    Over,
}

impl Ask {
    fn of(phase: &Phase) -> Ask {
        match phase {
            Phase::Turn => Ask::Turn,
            Phase::Picking { .. } => Ask::Pick,
            Phase::BuyOrAuction => Ask::BuyOrAuction,
            Phase::Auction { .. } => Ask::Auction,
            Phase::Handout { .. } => Ask::Handout,
            Phase::Building { .. } => Ask::Building,
            Phase::Over => Ask::Over,
        }
    }
}

/// A palace's score line label in English (what archived results keep); see
/// [`palace_phrase`] for the same in the reader's language.
pub fn palace_label(index: usize, palace: &[Tile]) -> String {
    let windows: u32 = palace.iter().map(|t| u32::from(t.windows)).sum();
    let mut label = format!(
        "palace {} ({} floor{}, {} windows)",
        palace_letter(index),
        palace.len(),
        if palace.len() == 1 { "" } else { "s" },
        windows
    );
    let bonus = scoring::material_bonus(palace);
    if bonus > 0 {
        label.push_str(&format!(", single material +{bonus}"));
    }
    label
}

pub fn public_view(g: &Palazzo) -> PalazzoPublic {
    let awaiting = super::Game::awaiting(g);
    let (revealed, pending, lot, auction) = match &g.phase {
        Phase::Picking { revealed, .. } => (revealed.to_vec(), None, vec![], None),
        Phase::Building { seat, pending } => (vec![], Some((*seat, pending.clone())), vec![], None),
        Phase::Handout { lot, .. } => (vec![], None, lot.clone(), None),
        Phase::Auction {
            quarry,
            auction,
            bids,
        } => {
            let high = bids.get(auction.leader()).map_or(0, |b| b.total);
            let view = AuctionView {
                quarry: *quarry,
                tiles: g.quarries.get(*quarry).cloned().unwrap_or_default(),
                high,
                leader: auction.leader(),
                bids: auction
                    .bidders()
                    .iter()
                    .filter_map(|s| {
                        bids.get(*s).map(|b| BidView {
                            seat: *s,
                            cards: b.cards.to_vec(),
                            opener: b.opener,
                            total: b.total,
                        })
                    })
                    .collect(),
            };
            (vec![], None, vec![], Some(view))
        }
        _ => (vec![], None, vec![], None),
    };
    let seats = (0..g.players)
        .map(|s| {
            let palaces = g.palaces.get(s).map(|p| p.as_slice()).unwrap_or(&[]);
            SeatPublic {
                hand_count: g.hands.get(s).map_or(0, |h| h.len()),
                palaces: palaces
                    .iter()
                    .enumerate()
                    .map(|(i, p)| PalaceView {
                        letter: palace_letter(i),
                        tiles: p.clone(),
                        score: scoring::palace_score(p),
                    })
                    .collect(),
                score: scoring::player_score(palaces),
            }
        })
        .collect();
    PalazzoPublic {
        players: g.players,
        active: g.active,
        ask: Ask::of(&g.phase),
        awaiting,
        stacks: g.stacks.iter().map(|s| s.len()).collect(),
        riders_drawn: g.riders_drawn,
        supply: g.supply.clone(),
        price: g.price(),
        quarries: g.quarries.clone(),
        master: g.master,
        pile: g.pile.len(),
        discard: g.discard.clone(),
        boxed: g.boxed.len(),
        revealed,
        pending,
        lot,
        auction,
        seats,
        over: super::Game::is_over(g),
    }
}

pub fn private_view(g: &Palazzo, seat: Seat) -> PalazzoPrivate {
    let hand = g.hands.get(seat).copied().unwrap_or_default();
    PalazzoPrivate {
        seat,
        best_bid: money::best_bid_set(hand),
        auction_reach: g.best_reachable_bid(seat),
        hand: hand.to_vec(),
    }
}

/// A palace's score line label as a phrase: its letter, floors and windows, and the
/// single-material bonus when it has one (English equal to [`palace_label`]).
pub fn palace_phrase(index: usize, palace: &[Tile]) -> Phrase {
    let windows: u32 = palace.iter().map(|t| u32::from(t.windows)).sum();
    let bonus = scoring::material_bonus(palace);
    let key = if bonus > 0 {
        "palazzo-score-palace-bonus"
    } else {
        "palazzo-score-palace"
    };
    let phrase = Phrase::new(key)
        .text("palace", palace_letter(index))
        .count("floors", palace.len())
        .number("windows", windows);
    if bonus > 0 {
        phrase.number("bonus", bonus)
    } else {
        phrase
    }
}

/// A seat's name as the speaker writes it (the name, or `#n` without one).
fn name(say: &dyn Say, seat: Seat) -> String {
    say.say(&Phrase::new("palazzo-board-name").player("name", seat))
}

fn tiles_text(tiles: &[Tile]) -> String {
    if tiles.is_empty() {
        return "—".into();
    }
    let v: Vec<String> = tiles.iter().map(|t| t.id()).collect();
    v.join(", ")
}

/// What the awaited players are asked, in the reader's language.
fn ask_text(v: &PalazzoPublic, say: &dyn Say) -> String {
    say.say(&ask_phrase(v))
}

/// What the awaited players are asked, as a phrase (`palazzo-board-ask-…`).
pub fn ask_phrase(v: &PalazzoPublic) -> Phrase {
    match v.ask {
        Ask::Turn => Phrase::new("palazzo-board-ask-turn"),
        Ask::Pick => Phrase::new("palazzo-board-ask-pick"),
        Ask::BuyOrAuction => Phrase::new("palazzo-board-ask-buy").number("price", v.price),
        Ask::Auction => Phrase::new("palazzo-board-ask-auction"),
        Ask::Handout => Phrase::new("palazzo-board-ask-handout"),
        Ask::Building => Phrase::new("palazzo-board-ask-building"),
        Ask::Over => Phrase::new("palazzo-board-ask-over"),
    }
}

/// The board's first line: whose turn and what they are asked.
pub fn headline(v: &PalazzoPublic, say: &dyn Say) -> String {
    if v.over {
        return say.say(&Phrase::new("palazzo-board-over"));
    }
    let who: Vec<String> = v.awaiting.iter().map(|s| name(say, *s)).collect();
    say.say(
        &Phrase::new("palazzo-board-headline")
            .player("active", v.active)
            .text("waiting", who.join(", "))
            .text("ask", ask_text(v, say)),
    )
}

/// The board as text: stacks, supply, quarries, money, the running auction or handout,
/// and each seat's hand size and palaces.
pub fn render_public(v: &PalazzoPublic, say: &dyn Say) -> String {
    let mut out = headline(v, say);
    out.push('\n');
    let stacks: Vec<String> = v
        .stacks
        .iter()
        .zip(STACK_NAMES)
        .map(|(n, s)| format!("{s} {n}"))
        .collect();
    out.push_str(
        &say.say(
            &Phrase::new("palazzo-board-stacks")
                .text("stacks", stacks.join(" · "))
                .number("riders", v.riders_drawn),
        ),
    );
    out.push('\n');
    out.push_str(
        &say.say(
            &Phrase::new("palazzo-board-supply")
                .number("price", v.price)
                .text("tiles", tiles_text(&v.supply)),
        ),
    );
    out.push('\n');
    out.push_str(&say.say(&Phrase::new("palazzo-board-quarries")));
    out.push('\n');
    for (i, q) in v.quarries.iter().enumerate() {
        let mark = if i == v.master { " 🔨" } else { "" };
        let quarry = say.say(&Phrase::new("palazzo-board-quarry").count("number", i + 1));
        out.push_str(&format!("  {quarry}{mark}: {}\n", tiles_text(q)));
    }
    out.push_str(
        &say.say(
            &Phrase::new("palazzo-board-money")
                .count("pile", v.pile)
                .count("discards", v.discard.len())
                .count("boxed", v.boxed),
        ),
    );
    out.push('\n');
    if !v.revealed.is_empty() {
        out.push_str(
            &say.say(&Phrase::new("palazzo-board-revealed").text("cards", cards_text(&v.revealed))),
        );
        out.push('\n');
    }
    if let Some(a) = &v.auction {
        out.push_str(
            &say.say(
                &Phrase::new("palazzo-board-auction")
                    .count("quarry", a.quarry + 1)
                    .text("tiles", tiles_text(&a.tiles))
                    .number("high", a.high)
                    .player("leader", a.leader),
            ),
        );
        out.push('\n');
        let mut no_bid: Option<String> = None;
        for b in &a.bids {
            let mut cards = cards_text(&b.cards);
            if b.opener {
                cards = if cards.is_empty() {
                    "C3".into()
                } else {
                    format!("C3 {cards}")
                };
            }
            if cards.is_empty() {
                cards = no_bid
                    .get_or_insert_with(|| say.say(&Phrase::new("palazzo-board-no-bid")))
                    .clone();
            }
            out.push_str(&format!(
                "  {}: {} = {}\n",
                name(say, b.seat),
                cards,
                b.total
            ));
        }
    }
    if let Some((seat, tiles)) = &v.pending {
        out.push_str(
            &say.say(
                &Phrase::new("palazzo-board-builds")
                    .player("name", *seat)
                    .text("tiles", tiles_text(tiles)),
            ),
        );
        out.push('\n');
    }
    if !v.lot.is_empty() {
        out.push_str(&say.say(&Phrase::new("palazzo-board-lot").text("tiles", tiles_text(&v.lot))));
        out.push('\n');
    }
    for (s, seat) in v.seats.iter().enumerate() {
        out.push_str(
            &say.say(
                &Phrase::new("palazzo-board-seat")
                    .player("name", s)
                    .count("cards", seat.hand_count)
                    .number("score", seat.score),
            ),
        );
        out.push('\n');
        for p in &seat.palaces {
            let floors: Vec<String> = p.tiles.iter().map(|t| t.id()).collect();
            out.push_str(&format!(
                "  {}: {} ({})\n",
                p.letter,
                floors.join(" / "),
                p.score
            ));
        }
    }
    out
}

/// The hand: what lasts between decisions (the auction's reach goes with the move panel,
/// see [`decision_note`]).
pub fn render_private(v: &PalazzoPrivate, say: &dyn Say) -> String {
    let hand = if v.hand.is_empty() {
        Phrase::new("palazzo-hand-empty")
    } else {
        Phrase::new("palazzo-hand-cards")
            .count("count", v.hand.len())
            .text("cards", cards_text(&v.hand))
    };
    format!(
        "{}\n{}",
        say.say(&hand),
        say.say(&Phrase::new("palazzo-hand-best-bid").number("best", v.best_bid))
    )
}

/// In a running auction, how high this seat's bid can still go.
pub fn decision_note(v: &PalazzoPrivate, say: &dyn Say) -> Option<String> {
    v.auction_reach
        .map(|r| say.say(&Phrase::new("palazzo-note-reach").number("reach", r)))
}
