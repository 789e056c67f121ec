//! Why an action is refused: every message names the rule.

use super::data::{Cube, Lot, RowId};

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
    #[error("Permit {value} in the {row} row goes on lot {options}.")]
    PermitLot {
        value: u8,
        row: RowId,
        options: String,
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
