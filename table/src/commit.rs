//! Storing a change: the table's state, its log entry and the outbox rows of its
//! deliveries in one transaction, before anything is sent.

use crate::change::Change;
use crate::slots::{Base, BASE};
use crate::{bots, text, ChannelId, Delivery, Table};
use storage::{Commit, NewOutbox};

impl Table {
    /// Stores the change and the outgoing deliveries of `out` in one transaction, then
    /// numbers them with their outbox rows. On failure nothing was stored and `out` is
    /// replaced by the caller's apology.
    pub(crate) fn commit(&self, change: Change<'_>, out: &mut Vec<Delivery>) -> Result<(), ()> {
        let meta = change.meta;
        let reader = change.reader;
        bots::strip_bots(out);
        let rows = outbox_rows(meta.channel, out, self.now_ms());
        let commit = Commit {
            meta,
            snapshot: change.snapshot,
            entry: change.entry,
            outbox: &rows,
            timers: change.timers,
            seats: change.seats,
        };
        // Over a store shared with other processes, only over what this one loaded.
        let base = BASE.get().filter(|b| b.channel == meta.channel);
        let stored = match base {
            Some(b) if b.moved => Err(storage::StoreError::Moved),
            Some(
                b @ Base {
                    stamp: Some(stamp), ..
                },
            ) => self.store.commit_at(stamp, commit).map(|(ids, stamp)| {
                // The next commit of this handler builds on this one.
                BASE.set(Some(Base {
                    stamp: Some(stamp),
                    ..b
                }));
                ids
            }),
            _ => self.store.commit(commit),
        };
        match stored {
            Ok(ids) => {
                Delivery::number(out, &ids);
                Ok(())
            }
            Err(storage::StoreError::Moved) => {
                tracing::info!(channel = meta.channel, "the game moved in another process");
                if let Some(b) = base {
                    BASE.set(Some(Base { moved: true, ..b }));
                }
                *out = vec![Delivery::ephemeral(words::text(
                    reader,
                    "table-moved-meanwhile",
                    &[],
                ))];
                Err(())
            }
            // The game's row stayed locked elsewhere past the store's lock timeout.
            Err(storage::StoreError::Busy) => {
                tracing::warn!(
                    channel = meta.channel,
                    "the game's stored row is busy; move refused"
                );
                *out = vec![Delivery::ephemeral(words::text(
                    reader,
                    "table-busy-try-again",
                    &[],
                ))];
                Err(())
            }
            Err(e) => {
                tracing::error!(channel = meta.channel, error = %e, "commit failed");
                *out = vec![Delivery::ephemeral(text::not_saved(reader, &e))];
                Err(())
            }
        }
    }
}

/// Outbox rows for the outgoing deliveries of `out`, due at `due_ms`, in order.
pub(crate) fn outbox_rows(channel: ChannelId, out: &[Delivery], due_ms: u64) -> Vec<NewOutbox> {
    out.iter()
        .filter(|d| d.is_outgoing())
        .map(|d| NewOutbox {
            channel,
            due_ms,
            payload: d.encode(due_ms),
        })
        .collect()
}
