//! Why an action is refused: every message names the rule.

use super::data::{Cube, Lot, RowId};
use crate::phrase::{Phrase, Phrased};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EstatesError {
    #[error("The game is over.")]
    GameOver,
    #[error("It is not your turn to act.")]
    NotYourTurn,

    // Illegal earnings.
    #[error("Illegal earnings are put away only at the start of your own turn, before you choose a piece.")]
    StashNotNow,
    #[error("You already put a check in your cash box this turn: one check per turn.")]
    AlreadyStashed,
    #[error("You have no cash on hand to put in your cash box.")]
    NoCashToStash,

    // Choosing a piece.
    #[error("Choose a piece to auction only at the start of your own turn.")]
    ChooseNotNow,
    #[error("{0} is not in the offer rows.")]
    CubeNotOffered(Cube),
    #[error("{0} is not at an end of its offer row: only the cubes at either end of a row may be chosen.")]
    CubeNotAtEnd(Cube),
    #[error("{0} has no legal place on the board, so it cannot be chosen.")]
    CubeUnplaceable(Cube),
    #[error("There are no roofs left.")]
    NoRoofsLeft,
    #[error("A roof may be auctioned only when some building on the board has no roof.")]
    NoUnroofedBuilding,
    #[error("Permit {0} is not available: it is on the board or out of the game.")]
    PermitUnavailable(u8),
    #[error("There is no permit {0}: the permits are 1, 2 and 3.")]
    NoSuchPermit(u8),
    #[error("The mayor is not available: it is on the board or out of the game.")]
    MayorUnavailable,
    #[error("The cancel cube is not available: it has been used or discarded.")]
    CancelUnavailable,

    // The auction.
    #[error("There is no auction running: bid or pass only when the auctioneer offers a piece.")]
    NoAuction,
    #[error("The first bid must be at least $1M.")]
    BidTooLowFirst,
    #[error("You must bid more than the high bid of ${0}M.")]
    BidTooLow(u32),
    #[error(
        "You have only ${cash}M on hand, so you cannot bid ${bid}M (cash-box money cannot be bid)."
    )]
    BidAboveCash { bid: u32, cash: u32 },

    // The auctioneer's decision.
    #[error("There is no auction to decide: sell or keep only after every other player has bid or passed.")]
    NoDecision,
    #[error("You may keep the piece only if you can pay the high bid of ${0}M from your cash; you must sell.")]
    KeepWithoutCash(u32),

    // Placing.
    #[error("There is no piece to place now.")]
    NothingToPlace,
    #[error("This piece goes on a lot, e.g. `place top-3`.")]
    NeedsLot,
    #[error("The mayor stands on Main Street in front of a row: `place top`, `place middle` or `place bottom`.")]
    MayorNeedsRow,
    #[error("Only the cancel cube removes a permit.")]
    RemoveNeedsCancel,
    #[error("The cancel cube removes a permit (`remove permit 2`) or is discarded; it is not placed on a lot.")]
    CancelNotOnLot,
    #[error("Floor cubes and roofs must be placed; they cannot be discarded.")]
    MustPlace,

    // Cube placement.
    #[error("The first cube of the {0} row goes on lot 1, at Main Street.")]
    FirstOnLotOne(RowId),
    #[error("No gaps between buildings: a new building in the {row} row goes on lot {next}.")]
    Gap { row: RowId, next: u8 },
    #[error("The {row} row needs {requirement} lots: lot {lot} is on or past its end (its requirement or permit).")]
    PastRequirement {
        row: RowId,
        lot: u8,
        requirement: i8,
    },
    #[error("{0} is a white lot: it holds only one floor cube.")]
    WhiteLotFull(Lot),
    #[error("A cube on a building must be lower than the cube beneath it: {cube} is not lower than {below}.")]
    NotLower { cube: Cube, below: Cube },
    #[error("The building on {0} has a roof: nothing goes on top of a roof.")]
    Roofed(Lot),

    // Roof placement.
    #[error("There is no building on {0} to put a roof on.")]
    NoBuilding(Lot),

    // Permit placement.
    #[error("Permit {value} in the {row} row goes on lot {listed}.", listed = options_text(.options))]
    PermitLot {
        value: u8,
        row: RowId,
        options: Vec<PermitOption>,
    },
    #[error("Permit {value} cannot go in the {row} row: it would need fewer lots than the {built} already built, or fall outside 1 to 9 lots.")]
    PermitNowhere { value: u8, row: RowId, built: usize },

    // Cancel cube.
    #[error("Permit {0} is not on the board.")]
    PermitNotOnBoard(u8),
    #[error("Removing permit {value} would make the {row} row need {requirement} lots, fewer than the {built} already built.")]
    CancelCutsBuilt {
        value: u8,
        row: RowId,
        requirement: i8,
        built: usize,
    },
    #[error("Removing permit {value} would make the {row} row need {requirement} lots; a row needs 1 to 9.")]
    CancelOutOfRange {
        value: u8,
        row: RowId,
        requirement: i8,
    },
}

/// A lot a permit may go on instead, and the row's requirement it would then make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PermitOption {
    pub lot: u8,
    /// The row's requirement with the permit there.
    pub requirement: i8,
    /// The permit lengthens the row (else it shortens it).
    pub lengthens: bool,
}

impl PermitOption {
    fn effect(self) -> &'static str {
        if self.lengthens {
            "lengthens"
        } else {
            "shortens"
        }
    }
}

/// `3 (lengthens it to 5) or lot 1 (shortens it to 3)`.
fn options_text(options: &[PermitOption]) -> String {
    let texts: Vec<String> = options
        .iter()
        .map(|o| format!("{} ({} it to {})", o.lot, o.effect(), o.requirement))
        .collect();
    texts.join(" or lot ")
}

/// The Fluent key of a row's name.
fn row_key(row: RowId) -> &'static str {
    match row {
        RowId::Top => "estates-row-top",
        RowId::Middle => "estates-row-middle",
        RowId::Bottom => "estates-row-bottom",
    }
}

impl Phrased for EstatesError {
    fn phrase(&self) -> Phrase {
        use EstatesError as E;
        match self {
            E::GameOver => Phrase::new("estates-error-game-over"),
            E::NotYourTurn => Phrase::new("estates-error-not-your-turn"),
            E::StashNotNow => Phrase::new("estates-error-stash-not-now"),
            E::AlreadyStashed => Phrase::new("estates-error-already-stashed"),
            E::NoCashToStash => Phrase::new("estates-error-no-cash-to-stash"),
            E::ChooseNotNow => Phrase::new("estates-error-choose-not-now"),
            E::CubeNotOffered(cube) => {
                Phrase::new("estates-error-cube-not-offered").text("cube", cube)
            }
            E::CubeNotAtEnd(cube) => {
                Phrase::new("estates-error-cube-not-at-end").text("cube", cube)
            }
            E::CubeUnplaceable(cube) => {
                Phrase::new("estates-error-cube-unplaceable").text("cube", cube)
            }
            E::NoRoofsLeft => Phrase::new("estates-error-no-roofs-left"),
            E::NoUnroofedBuilding => Phrase::new("estates-error-no-unroofed-building"),
            E::PermitUnavailable(value) => {
                Phrase::new("estates-error-permit-unavailable").number("value", *value)
            }
            E::NoSuchPermit(value) => {
                Phrase::new("estates-error-no-such-permit").number("value", *value)
            }
            E::MayorUnavailable => Phrase::new("estates-error-mayor-unavailable"),
            E::CancelUnavailable => Phrase::new("estates-error-cancel-unavailable"),
            E::NoAuction => Phrase::new("estates-error-no-auction"),
            E::BidTooLowFirst => Phrase::new("estates-error-bid-too-low-first"),
            E::BidTooLow(high) => Phrase::new("estates-error-bid-too-low").number("high", *high),
            E::BidAboveCash { bid, cash } => Phrase::new("estates-error-bid-above-cash")
                .number("cash", *cash)
                .number("bid", *bid),
            E::NoDecision => Phrase::new("estates-error-no-decision"),
            E::KeepWithoutCash(high) => {
                Phrase::new("estates-error-keep-without-cash").number("high", *high)
            }
            E::NothingToPlace => Phrase::new("estates-error-nothing-to-place"),
            E::NeedsLot => Phrase::new("estates-error-needs-lot"),
            E::MayorNeedsRow => Phrase::new("estates-error-mayor-needs-row"),
            E::RemoveNeedsCancel => Phrase::new("estates-error-remove-needs-cancel"),
            E::CancelNotOnLot => Phrase::new("estates-error-cancel-not-on-lot"),
            E::MustPlace => Phrase::new("estates-error-must-place"),
            E::FirstOnLotOne(row) => {
                Phrase::new("estates-error-first-on-lot-one").term("row", row_key(*row))
            }
            E::Gap { row, next } => Phrase::new("estates-error-gap")
                .term("row", row_key(*row))
                .number("next", *next),
            E::PastRequirement {
                row,
                lot,
                requirement,
            } => Phrase::new("estates-error-past-requirement")
                .term("row", row_key(*row))
                .number("requirement", *requirement)
                .number("lot", *lot),
            E::WhiteLotFull(lot) => Phrase::new("estates-error-white-lot-full").text("lot", lot),
            E::NotLower { cube, below } => Phrase::new("estates-error-not-lower")
                .text("cube", cube)
                .text("below", below),
            E::Roofed(lot) => Phrase::new("estates-error-roofed").text("lot", lot),
            E::NoBuilding(lot) => Phrase::new("estates-error-no-building").text("lot", lot),
            E::PermitLot {
                value,
                row,
                options,
            } => {
                let phrase = |key| {
                    Phrase::new(key)
                        .number("value", *value)
                        .term("row", row_key(*row))
                };
                match options.as_slice() {
                    [one] => phrase("estates-error-permit-lot")
                        .number("lot", one.lot)
                        .text("effect", one.effect())
                        .number("to", one.requirement),
                    [one, two] => phrase("estates-error-permit-lot-either")
                        .number("lot", one.lot)
                        .text("effect", one.effect())
                        .number("to", one.requirement)
                        .number("lot2", two.lot)
                        .text("effect2", two.effect())
                        .number("to2", two.requirement),
                    // Never more than two (shorten or lengthen): the lots as a list.
                    _ => {
                        phrase("estates-error-permit-lot-list").text("lots", options_text(options))
                    }
                }
            }
            E::PermitNowhere { value, row, built } => Phrase::new("estates-error-permit-nowhere")
                .number("value", *value)
                .term("row", row_key(*row))
                .count("built", *built),
            E::PermitNotOnBoard(value) => {
                Phrase::new("estates-error-permit-not-on-board").number("value", *value)
            }
            E::CancelCutsBuilt {
                value,
                row,
                requirement,
                built,
            } => Phrase::new("estates-error-cancel-cuts-built")
                .number("value", *value)
                .term("row", row_key(*row))
                .number("requirement", *requirement)
                .count("built", *built),
            E::CancelOutOfRange {
                value,
                row,
                requirement,
            } => Phrase::new("estates-error-cancel-out-of-range")
                .number("value", *value)
                .term("row", row_key(*row))
                .number("requirement", *requirement),
        }
    }
}
