//! Rebuilding a game from its stored record: a snapshot and the moves logged since.

use rules::DynGame;
use storage::{LogEntry, Meta, Status};

/// Rebuilds a channel's game from its stored record: the snapshot, then the actions
/// logged after it; `Err` is the reason to quarantine it. `None` in the lobby.
pub fn restore_record(record: &storage::Record) -> Result<Option<Box<dyn DynGame>>, String> {
    let mut game = restore(&record.meta, record.snapshot.as_deref())?;
    if let Some(game) = &mut game {
        let first = record.meta.version.saturating_sub(record.tail.len() as u64);
        apply_logged_actions(game.as_mut(), &record.tail).map_err(|(at, e)| {
            let action = first + at as u64 + 1;
            // The engine's reason can name a hand: for the operator's log only (the
            // reason returned is shown in the channel).
            tracing::warn!(channel = record.meta.channel, action, error = %e, "a logged action was refused on replay");
            format!("action {action} of the log could not be replayed")
        })?;
    }
    Ok(game)
}

/// Applies logged actions to a game, in order; `Err` is the position in `tail` of the
/// one refused and the engine's reason.
pub fn apply_logged_actions(
    game: &mut dyn DynGame,
    tail: &[LogEntry],
) -> Result<(), (usize, String)> {
    for (at, entry) in tail.iter().enumerate() {
        if entry.undoes().is_some() {
            // An undo is stored with the snapshot it restores, so it never follows one.
            return Err((at, "an undo cannot be applied after a snapshot".into()));
        }
        game.apply_logged(entry.seat, &entry.action)
            .map_err(|e| (at, e.text))?;
    }
    Ok(())
}

/// Rebuilds a game from a snapshot of its current state; `Err` is the reason to
/// quarantine it.
pub(crate) fn restore(
    meta: &Meta,
    snapshot: Option<&[u8]>,
) -> Result<Option<Box<dyn DynGame>>, String> {
    let kind =
        rules::catalog::find(&meta.game).ok_or_else(|| format!("unknown game `{}`", meta.game))?;
    match (meta.status, snapshot) {
        (Status::Lobby, _) => Ok(None),
        // A lobby closed before it started (a crash stopped its discarding): no state.
        (Status::Abandoned, None) => Ok(None),
        (_, None) => Err("the game state is missing".into()),
        (_, Some(bytes)) => (kind.restore)(bytes)
            .map(Some)
            .map_err(|e| format!("game state unreadable: {e}")),
    }
}
