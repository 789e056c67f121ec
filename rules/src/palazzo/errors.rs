//! Refusals: every reason an action is turned down, worded as the sentence the player
//! reads, and the helpers that pick the most useful wording.

use super::actions::PalazzoAction;
use super::data::{Card, Currency, Tile};
use super::money::{missing, MixError};
use super::Phase;
use crate::phrase::{Phrase, Phrased};

/// A refused action; the text is what the player reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PalazzoError {
    #[error("The game is over.")]
    GameOver,
    #[error("It is not your turn: the game is waiting for another player.")]
    NotYourTurn,
    #[error("{} {}", .attempt.english(), .moment.english())]
    NotNow { attempt: Attempt, moment: Moment },
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
        "Your bid is in {c}: you may add only {c} cards, certificates (C2) and groups of three.",
        c = .0.name()
    )]
    WrongCurrency(Currency),
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

/// What a player tried at the wrong moment (the first half of [`PalazzoError::NotNow`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    TurnChoice,
    Pick,
    BuyOrAuction,
    Auction,
    Build,
}

impl Attempt {
    fn english(self) -> &'static str {
        match self {
            Attempt::TurnChoice => "That is a choice for the start of a turn.",
            Attempt::Pick => "There are no revealed cards to pick.",
            Attempt::BuyOrAuction => "Buy or auction comes right after drawing tiles.",
            Attempt::Auction => "There is no auction running.",
            Attempt::Build => "You have no tile to build now.",
        }
    }

    fn key(self) -> &'static str {
        match self {
            Attempt::TurnChoice => "palazzo-not-now-turn-choice",
            Attempt::Pick => "palazzo-not-now-pick",
            Attempt::BuyOrAuction => "palazzo-not-now-buy-or-auction",
            Attempt::Auction => "palazzo-not-now-auction",
            Attempt::Build => "palazzo-not-now-build",
        }
    }
}

/// What the game is waiting for instead (the second half of [`PalazzoError::NotNow`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    Turn,
    Picking,
    BuyOrAuction,
    Auction,
    Handout,
    Building,
    Over,
}

impl Moment {
    fn english(self) -> &'static str {
        match self {
            Moment::Turn => "It is the start of your turn: choose money, draw or reconstruct.",
            Moment::Picking => "Revealed money is being shared out: pick your card(s).",
            Moment::BuyOrAuction => "You drew tiles: now buy from the supply or auction.",
            Moment::Auction => "An auction is running: raise or pass.",
            Moment::Handout => "Take one tile of the lot and build it (or discard it).",
            Moment::Building => "Build (or discard) the tiles you got first.",
            Moment::Over => "The game is over.",
        }
    }

    fn key(self) -> &'static str {
        match self {
            Moment::Turn => "palazzo-now-turn",
            Moment::Picking => "palazzo-now-picking",
            Moment::BuyOrAuction => "palazzo-now-buy-or-auction",
            Moment::Auction => "palazzo-now-auction",
            Moment::Handout => "palazzo-now-handout",
            Moment::Building => "palazzo-now-building",
            Moment::Over => "palazzo-now-over",
        }
    }
}

/// The Fluent key of a currency's name.
fn currency_key(c: Currency) -> &'static str {
    match c {
        Currency::Red => "palazzo-currency-red",
        Currency::Green => "palazzo-currency-green",
        Currency::Blue => "palazzo-currency-blue",
    }
}

impl Phrased for PalazzoError {
    fn phrase(&self) -> Phrase {
        use PalazzoError as E;
        match self {
            E::GameOver => Phrase::new("palazzo-error-game-over"),
            E::NotYourTurn => Phrase::new("palazzo-error-not-your-turn"),
            E::NotNow { attempt, moment } => Phrase::new("palazzo-error-not-now")
                .term("attempt", attempt.key())
                .term("moment", moment.key()),
            E::NotEnoughMoney { need, have } => Phrase::new("palazzo-error-not-enough-money")
                .count("need", *need)
                .count("have", *have),
            E::PickCount { need } => Phrase::new("palazzo-error-pick-count").count("need", *need),
            E::NotRevealed(cards) => Phrase::new("palazzo-error-not-revealed").text("cards", cards),
            E::NotInHand(cards) => Phrase::new("palazzo-error-not-in-hand").text("cards", cards),
            E::BuyCount => Phrase::new("palazzo-error-buy-count"),
            E::NotInSupply(tile) => Phrase::new("palazzo-error-not-in-supply").text("tile", tile),
            E::Underpaid {
                tiles,
                price,
                supply,
                each,
                paid,
            } => Phrase::new("palazzo-error-underpaid")
                .count("tiles", *tiles)
                .number("price", *price)
                .count("supply", *supply)
                .number("each", *each)
                .number("paid", *paid),
            E::CannotAfford(price) => {
                Phrase::new("palazzo-error-cannot-afford").number("price", *price)
            }
            E::EmptySupply => Phrase::new("palazzo-error-empty-supply"),
            E::MixedCurrency => Phrase::new("palazzo-error-mixed-currency"),
            E::WrongCurrency(c) => {
                Phrase::new("palazzo-error-wrong-currency").term("currency", currency_key(*c))
            }
            E::GroupSplit(cards) => Phrase::new("palazzo-error-group-split").text("cards", cards),
            E::EmptyRaise => Phrase::new("palazzo-error-empty-raise"),
            E::BidTooLow { high, total } => Phrase::new("palazzo-error-bid-too-low")
                .number("high", *high)
                .number("total", *total),
            E::NotPending(tile) => Phrase::new("palazzo-error-not-pending").text("tile", tile),
            E::Twin { typed, twin } => Phrase::new("palazzo-error-twin")
                .text("typed", typed)
                .text("twin", twin),
            E::NoSuchPalace(palace) => {
                Phrase::new("palazzo-error-no-such-palace").text("palace", palace)
            }
            E::CannotStack {
                tile,
                floor,
                palace,
                top,
            } => Phrase::new("palazzo-error-cannot-stack")
                .text("tile", tile)
                .number("floor", *floor)
                .text("palace", palace)
                .number("top", *top),
            E::EmptyHand => Phrase::new("palazzo-error-empty-hand"),
            E::NotYours(tile) => Phrase::new("palazzo-error-not-yours").text("tile", tile),
            E::AlreadyAlone(tile) => Phrase::new("palazzo-error-already-alone").text("tile", tile),
            E::NotAlone(tile) => Phrase::new("palazzo-error-not-alone").text("tile", tile),
            E::FloorTaken { palace, floor } => Phrase::new("palazzo-error-floor-taken")
                .text("palace", palace)
                .number("floor", *floor),
            E::SamePalace => Phrase::new("palazzo-error-same-palace"),
        }
    }
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
        MixError::WrongCurrency(c) => PalazzoError::WrongCurrency(c),
        MixError::GroupSplit(c) => PalazzoError::GroupSplit(c.to_string()),
    }
}

pub(super) fn wrong_phase(phase: &Phase, action: &PalazzoAction) -> PalazzoError {
    use PalazzoAction as A;
    let moment = match phase {
        Phase::Turn => Moment::Turn,
        Phase::Picking { .. } => Moment::Picking,
        Phase::BuyOrAuction => Moment::BuyOrAuction,
        Phase::Auction { .. } => Moment::Auction,
        Phase::Handout { .. } => Moment::Handout,
        Phase::Building { .. } => Moment::Building,
        Phase::Over => Moment::Over,
    };
    let attempt = match action {
        A::Money | A::Draw | A::Lift { .. } | A::Insert { .. } | A::Remove { .. } => {
            Attempt::TurnChoice
        }
        A::Pick(_) => Attempt::Pick,
        A::Buy { .. } | A::Auction => Attempt::BuyOrAuction,
        A::Raise(_) | A::Pass => Attempt::Auction,
        A::Build { .. } | A::Discard(_) => Attempt::Build,
    };
    PalazzoError::NotNow { attempt, moment }
}
