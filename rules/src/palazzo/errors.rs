//! Refusals: every reason an action is turned down, worded as the sentence the player
//! reads, and the helpers that pick the most useful wording.

use super::actions::PalazzoAction;
use super::data::{Card, Tile};
use super::money::{missing, MixError};
use super::Phase;

/// A refused action; the text is what the player reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PalazzoError {
    #[error("The game is over.")]
    GameOver,
    #[error("It is not your turn: the game is waiting for another player.")]
    NotYourTurn,
    #[error("{0}")]
    NotNow(String),
    #[error("Taking money reveals {need} cards, but only {have} are left in the draw pile and discards, so you cannot take money now.")]
    NotEnoughMoney { need: usize, have: usize },
    #[error("You must take exactly {need} of the revealed cards.")]
    PickCount { need: usize },
    #[error("Not among the revealed cards: {0}.")]
    NotRevealed(String),
    #[error("You do not hold {0}.")]
    NotInHand(String),
    #[error("You can buy only 1 or 2 tiles.")]
    BuyCount,
    #[error("{0} is not in the supply.")]
    NotInSupply(String),
    #[error("Buying {tiles} tile(s) costs {price} (10 − {supply} supply tiles = {each} each); {paid} paid is not enough.")]
    Underpaid {
        tiles: usize,
        price: u32,
        supply: usize,
        each: u32,
        paid: u32,
    },
    #[error("You cannot pay for even one tile (price {0}), so you must auction.")]
    CannotAfford(u32),
    #[error("The supply is empty: there is nothing to buy, so you must auction.")]
    EmptySupply,
    #[error("A payment or bid may use cards of one currency only, plus certificates (C2) and groups of three (one card of each currency with the same value, or three C2).")]
    MixedCurrency,
    #[error(
        "Your bid is in {0}: you may add only {0} cards, certificates (C2) and groups of three."
    )]
    WrongCurrency(&'static str),
    #[error("A group's three cards must be played together in the same raise: these cards would only form a group with the {0} already in your bid.")]
    GroupSplit(String),
    #[error("Add at least one card to raise, or pass.")]
    EmptyRaise,
    #[error("You must bid more than the high bid of {high}; your bid would total {total}.")]
    BidTooLow { high: u32, total: u32 },
    #[error("{0} is not one of the tiles you have to build now.")]
    NotPending(String),
    #[error("{typed} is not there, but its identical twin {twin} is: name that one.")]
    Twin { typed: String, twin: String },
    #[error("You have no palace {0}.")]
    NoSuchPalace(String),
    #[error("{tile} (floor {floor}) cannot go on palace {palace}: its top floor is {top}, and a tile goes only on top of a lower floor (inserting below needs reconstruct).")]
    CannotStack {
        tile: String,
        floor: u8,
        palace: String,
        top: u8,
    },
    #[error("Reconstruct costs one money card, and your hand is empty.")]
    EmptyHand,
    #[error("{0} is not in one of your palaces.")]
    NotYours(String),
    #[error("{0} already stands alone; lift takes a tile out of a palace of 2 or more floors.")]
    AlreadyAlone(String),
    #[error("{0} is not a single-tile palace; only a tile standing alone can be inserted or removed (lift it out first, on a later turn).")]
    NotAlone(String),
    #[error("Palace {palace} already has floor {floor}; a palace cannot repeat a floor.")]
    FloorTaken { palace: String, floor: u8 },
    #[error("A tile cannot be inserted into its own palace.")]
    SamePalace,
}

pub(super) fn not_now(msg: &str) -> PalazzoError {
    PalazzoError::NotNow(msg.to_string())
}

/// The refusal for a tile that is not where it was named: if its identical twin (the
/// extra floor-3 one-window tile, `-b`) is there instead, say so.
pub(super) fn not_here(
    tile: &Tile,
    among: &[Tile],
    err: fn(String) -> PalazzoError,
) -> PalazzoError {
    match among.iter().find(|t| t.same_kind(tile) && *t != tile) {
        Some(twin) => PalazzoError::Twin {
            typed: tile.id(),
            twin: twin.id(),
        },
        None => err(tile.id()),
    }
}

/// Names only the cards of `cards` that `source` lacks: `R6`, or `2× R5 (only 1)` when
/// too few copies are there.
pub(super) fn missing_text(source: &[Card], cards: &[Card]) -> String {
    let mut kinds = missing(source, cards);
    kinds.sort();
    kinds.dedup();
    let parts: Vec<String> = kinds
        .iter()
        .map(|c| {
            let have = source.iter().filter(|x| *x == c).count();
            let want = cards.iter().filter(|x| *x == c).count();
            if have == 0 {
                vec![c.to_string(); want].join(" ")
            } else {
                format!("{want}× {c} (only {have})")
            }
        })
        .collect();
    parts.join(" ")
}

pub(super) fn mix_error(e: MixError) -> PalazzoError {
    match e {
        MixError::Mixed => PalazzoError::MixedCurrency,
        MixError::WrongCurrency(c) => PalazzoError::WrongCurrency(c.name()),
        MixError::GroupSplit(c) => PalazzoError::GroupSplit(c.to_string()),
    }
}

pub(super) fn wrong_phase(phase: &Phase, action: &PalazzoAction) -> PalazzoError {
    use PalazzoAction as A;
    let now = match phase {
        Phase::Turn => "It is the start of your turn: choose money, draw or reconstruct.",
        Phase::Picking { .. } => "Revealed money is being shared out: pick your card(s).",
        Phase::BuyOrAuction => "You drew tiles: now buy from the supply or auction.",
        Phase::Auction { .. } => "An auction is running: raise or pass.",
        Phase::Handout { .. } => "Take one tile of the lot and build it (or discard it).",
        Phase::Building { .. } => "Build (or discard) the tiles you got first.",
        Phase::Over => "The game is over.",
    };
    let what = match action {
        A::Money | A::Draw | A::Lift { .. } | A::Insert { .. } | A::Remove { .. } => {
            "That is a choice for the start of a turn."
        }
        A::Pick(_) => "There are no revealed cards to pick.",
        A::Buy { .. } | A::Auction => "Buy or auction comes right after drawing tiles.",
        A::Raise(_) | A::Pass => "There is no auction running.",
        A::Build { .. } | A::Discard(_) => "You have no tile to build now.",
    };
    not_now(&format!("{what} {now}"))
}
