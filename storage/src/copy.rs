//! Moving a whole store to another backend (`capomaestro store copy`): every record of
//! one store written into an empty other one, as the same bytes. What is copied is the
//! list of [`Item`]s: running tables (metadata, snapshot, whether they finished), every
//! game's log, the archive, quarantine, pending outbox rows, timers, notes, the players'
//! index, the stats, the ratings and the rated results, and the id counter. Claims (leases) are not copied: the destination
//! starts with none.

use crate::{ChannelId, OutboxRow, PlayerStats, Quarantined, StoreError, Timer, UserId};
use std::collections::BTreeMap;
use std::fmt;

/// Items written to the destination per batch (one transaction or log batch each).
pub const COPY_BATCH: usize = 2_000;

/// One stored record, as both backends keep it.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// A channel's table: its encoded metadata and stored snapshot (tagged with the move
    /// it was taken at), and whether its game finished (the archive is still to write).
    Game {
        channel: ChannelId,
        meta: Vec<u8>,
        snapshot: Option<Vec<u8>>,
        finished: bool,
    },
    /// One encoded action of a game's log.
    Log {
        game_id: u64,
        index: u64,
        entry: Vec<u8>,
    },
    /// An encoded archived game.
    Archive {
        channel: ChannelId,
        game_id: u64,
        entry: Vec<u8>,
    },
    Quarantine(Quarantined),
    /// A pending delivery (its id kept).
    Outbox(OutboxRow),
    Timer(ChannelId, Timer),
    Note {
        channel: ChannelId,
        name: String,
        value: Vec<u8>,
    },
    /// A seated player's entry in the "my games" index.
    Player {
        user: UserId,
        channel: ChannelId,
        game_id: u64,
    },
    /// A player's stats on a server, for one game (`Some`) or all of them (`None`).
    Stats {
        guild: u64,
        game: Option<String>,
        user: UserId,
        stats: PlayerStats,
    },
    /// Every id handed out so far (game ids, outbox rows) is at most this: the
    /// destination hands out only larger ones.
    IdsUpTo(u64),
    /// A person's rating on a ladder at a title.
    Rating(crate::RatingEntry),
    /// A rated result; these come in the order they were rated, and keep it.
    Rated(crate::RatedGame),
}

impl Item {
    /// What the item is, for counting (`games`, `log entries`, ...).
    pub fn kind(&self) -> &'static str {
        match self {
            Item::Game { .. } => "games",
            Item::Log { .. } => "log entries",
            Item::Archive { .. } => "archived games",
            Item::Quarantine(_) => "quarantined records",
            Item::Outbox(_) => "outbox rows",
            Item::Timer(..) => "timers",
            Item::Note { .. } => "notes",
            Item::Player { .. } => "player index entries",
            Item::Stats { .. } => "stats records",
            Item::IdsUpTo(_) => "id counters",
            Item::Rating(_) => "ratings",
            Item::Rated(_) => "rated results",
        }
    }
}

/// A store whose whole content can be read out and written into an empty one.
pub trait Copyable {
    /// Whether the store holds nothing at all (no table, log, archive, row, note...).
    fn is_empty_store(&self) -> Result<bool, StoreError>;
    /// Calls `sink` with every item of the store, in batches.
    fn export_items(
        &self,
        sink: &mut dyn FnMut(Vec<Item>) -> Result<(), StoreError>,
    ) -> Result<(), StoreError>;
    /// Writes items (read from another store) durably, in one transaction.
    fn import_items(&self, items: &[Item]) -> Result<(), StoreError>;
}

/// Why a copy did not happen or stopped.
#[derive(Debug, thiserror::Error)]
pub enum CopyError {
    #[error(
        "the destination store is not empty: copy only into a new data directory or an empty \
         database, so that nothing there is mixed with or overwritten by the copy"
    )]
    NotEmpty,
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// What a copy wrote: items by kind.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CopyReport {
    pub copied: BTreeMap<&'static str, u64>,
}

impl fmt::Display for CopyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (kind, n) in &self.copied {
            writeln!(f, "{kind}: {n} copied")?;
        }
        Ok(())
    }
}

/// Copies everything in `from` into `to`, which must be empty (refused otherwise, with
/// nothing written). A copy that fails midway leaves `to` partly filled: empty it (a new
/// directory, a dropped schema) before trying again.
pub fn copy(from: &dyn Copyable, to: &dyn Copyable) -> Result<CopyReport, CopyError> {
    if !to.is_empty_store()? {
        return Err(CopyError::NotEmpty);
    }
    let mut report = CopyReport::default();
    let mut pending: Vec<Item> = Vec::with_capacity(COPY_BATCH);
    from.export_items(&mut |items| {
        for item in items {
            *report.copied.entry(item.kind()).or_default() += 1;
            pending.push(item);
            if pending.len() >= COPY_BATCH {
                to.import_items(&pending)?;
                pending.clear();
            }
        }
        Ok(())
    })?;
    if !pending.is_empty() {
        to.import_items(&pending)?;
    }
    Ok(report)
}

/// Every item of a store but its id counter (a copy's counter may be higher: it only
/// promises new ids above the copied ones), each as a line of text, sorted: two stores
/// hold the same records exactly when these are equal (tests, checking a copy).
pub fn contents(store: &dyn Copyable) -> Result<Vec<String>, StoreError> {
    let mut lines = Vec::new();
    store.export_items(&mut |items| {
        lines.extend(
            items
                .iter()
                .filter(|i| !matches!(i, Item::IdsUpTo(_)))
                .map(|i| format!("{i:?}")),
        );
        Ok(())
    })?;
    lines.sort_unstable();
    Ok(lines)
}
