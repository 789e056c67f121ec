//! Public and private views and their chat text. The public view holds no hand contents
//! and no stack order; the private view holds one seat's hand.

use super::data::{cards_text, palace_letter, Card, Tile, STACK_NAMES};
use super::{money, scoring, Palazzo, Phase};
use crate::engine::Seat;
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
    /// What the awaited player is asked to do.
    pub prompt: String,
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
        prompt: prompt(g),
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

fn prompt(g: &Palazzo) -> String {
    match &g.phase {
        Phase::Turn => "choose: money, draw or reconstruct".into(),
        Phase::Picking { .. } => "pick revealed money".into(),
        Phase::BuyOrAuction => format!("buy from the supply (price {} each) or auction", g.price()),
        Phase::Auction { .. } => "raise or pass".into(),
        Phase::Handout { .. } => "take one tile of the lot: build or discard it".into(),
        Phase::Building { .. } => "build or discard the tiles won/bought".into(),
        Phase::Over => "game over".into(),
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

fn name(names: &[String], seat: Seat) -> String {
    names
        .get(seat)
        .cloned()
        .unwrap_or_else(|| format!("Seat {}", seat + 1))
}

fn tiles_text(tiles: &[Tile]) -> String {
    if tiles.is_empty() {
        return "—".into();
    }
    let v: Vec<String> = tiles.iter().map(|t| t.id()).collect();
    v.join(", ")
}

/// The board's first line: whose turn and what they are asked.
pub fn headline(v: &PalazzoPublic, names: &[String]) -> String {
    if v.over {
        return "**Palazzo** — game over (5 riders drawn)".to_string();
    }
    let who: Vec<String> = v.awaiting.iter().map(|s| name(names, *s)).collect();
    format!(
        "**Palazzo** — {}'s turn · waiting for {}: {}",
        name(names, v.active),
        who.join(", "),
        v.prompt
    )
}

pub fn render_public(v: &PalazzoPublic, names: &[String]) -> String {
    let mut out = headline(v, names);
    out.push('\n');
    let stacks: Vec<String> = v
        .stacks
        .iter()
        .zip(STACK_NAMES)
        .map(|(n, s)| format!("{s} {n}"))
        .collect();
    out.push_str(&format!(
        "Stacks: {} · riders {}/5\n",
        stacks.join(" · "),
        v.riders_drawn
    ));
    out.push_str(&format!(
        "Supply (price {} each): {}\n",
        v.price,
        tiles_text(&v.supply)
    ));
    out.push_str("Quarries (🔨 master builder):\n");
    for (i, q) in v.quarries.iter().enumerate() {
        let mark = if i == v.master { " 🔨" } else { "" };
        out.push_str(&format!("  Q{}{}: {}\n", i + 1, mark, tiles_text(q)));
    }
    out.push_str(&format!(
        "Money: draw pile {} · discards {} · tiles out of game {}\n",
        v.pile,
        v.discard.len(),
        v.boxed
    ));
    if !v.revealed.is_empty() {
        out.push_str(&format!("Revealed money: {}\n", cards_text(&v.revealed)));
    }
    if let Some(a) = &v.auction {
        out.push_str(&format!(
            "Auction of Q{} ({}) — high bid {} by {}\n",
            a.quarry + 1,
            tiles_text(&a.tiles),
            a.high,
            name(names, a.leader)
        ));
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
                cards = "no bid yet".into();
            }
            out.push_str(&format!(
                "  {}: {} = {}\n",
                name(names, b.seat),
                cards,
                b.total
            ));
        }
    }
    if let Some((seat, tiles)) = &v.pending {
        out.push_str(&format!(
            "{} builds: {}\n",
            name(names, *seat),
            tiles_text(tiles)
        ));
    }
    if !v.lot.is_empty() {
        out.push_str(&format!("Lot handed out: {}\n", tiles_text(&v.lot)));
    }
    for (s, seat) in v.seats.iter().enumerate() {
        out.push_str(&format!(
            "**{}** — {} card{} · {} pts\n",
            name(names, s),
            seat.hand_count,
            if seat.hand_count == 1 { "" } else { "s" },
            seat.score
        ));
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
/// see `render_decision_note`).
pub fn render_private(v: &PalazzoPrivate, _names: &[String]) -> String {
    format!(
        "Your hand ({} card{}): {}\nBest single bid: {}",
        v.hand.len(),
        if v.hand.len() == 1 { "" } else { "s" },
        if v.hand.is_empty() {
            "empty".to_string()
        } else {
            cards_text(&v.hand)
        },
        v.best_bid
    )
}
