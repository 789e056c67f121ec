//! The stored deliveries waiting to be sent: queued, listed when due, marked sent or
//! put off after a failure.

use crate::commit::outbox_rows;
use crate::{bots, ChannelId, Delivery, Table};

/// A stored delivery waiting to be sent (or re-sent after a failure or a restart).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pending {
    pub channel: ChannelId,
    /// Failed attempts so far.
    pub attempts: u32,
    /// Not sent before then (Unix ms): now, or a retry's backoff.
    pub due_ms: u64,
    /// When it was queued (Unix ms); `None` for rows stored by older builds.
    pub queued_ms: Option<u64>,
    /// The message, with its outbox row id set.
    pub delivery: Delivery,
}

impl Table {
    /// Stores deliveries that belong to no state change (a notice), numbering them.
    pub fn enqueue(&self, channel: ChannelId, mut out: Vec<Delivery>) -> Vec<Delivery> {
        bots::strip_bots(&mut out);
        let rows = outbox_rows(channel, &out, self.now_ms());
        match self.store.enqueue(&rows) {
            Ok(ids) => Delivery::number(&mut out, &ids),
            Err(e) => {
                tracing::error!(channel, error = %e, "cannot store a notice; sending it unstored")
            }
        }
        out
    }

    /// Deliveries due now (`now_ms`), oldest first: what a crash or a failure left unsent.
    pub fn pending(&self, now_ms: u64, limit: usize) -> Vec<Pending> {
        match self.store.due_outbox(now_ms, limit) {
            Ok(rows) => rows
                .into_iter()
                .filter_map(|r| self.decode_row(r))
                .collect(),
            Err(e) => {
                tracing::error!(error = %e, "cannot read the outbox");
                vec![]
            }
        }
    }

    /// Every unsent delivery of one channel, oldest first.
    pub fn pending_in(&self, channel: ChannelId) -> Vec<Pending> {
        match self.store.channel_outbox(channel) {
            Ok(rows) => rows
                .into_iter()
                .filter_map(|r| self.decode_row(r))
                .collect(),
            Err(e) => {
                tracing::error!(channel, error = %e, "cannot read the outbox");
                vec![]
            }
        }
    }

    fn decode_row(&self, row: storage::OutboxRow) -> Option<Pending> {
        match Delivery::decode(&row.payload, row.id) {
            Ok((delivery, queued_ms)) => Some(Pending {
                channel: row.channel,
                attempts: row.attempts,
                due_ms: row.due_ms,
                queued_ms,
                delivery,
            }),
            Err(e) => {
                tracing::error!(id = row.id, error = %e, "dropping an unreadable outbox row");
                let _ = self.store.outbox_done(row.id);
                None
            }
        }
    }

    /// Outbox row `id` as stored now, if it is still pending, claimed for this process
    /// (`Store::claim_outbox`): a sender re-checks a row it claimed, since another sender
    /// may have delivered or rescheduled it meanwhile, and leaves a row another process
    /// holds (`None`).
    pub fn pending_row(&self, id: u64) -> Option<Pending> {
        match self.store.claim_outbox(id, self.now_ms()) {
            Ok(row) => row.and_then(|r| self.decode_row(r)),
            Err(e) => {
                tracing::error!(id, error = %e, "cannot read the outbox");
                None
            }
        }
    }

    /// When the next stored delivery falls due (Unix ms), if any.
    pub fn next_due(&self) -> Option<u64> {
        self.store.next_due().ok().flatten()
    }

    /// Records that outbox row `id` was delivered (or is given up): never sent again.
    pub fn delivered(&self, id: u64) {
        if let Err(e) = self.store.outbox_done(id) {
            tracing::error!(id, error = %e, "cannot mark a delivery done");
        }
    }

    /// Puts outbox row `id` back to be tried at `due_ms`.
    pub fn retry_later(&self, id: u64, due_ms: u64, attempts: u32) {
        if let Err(e) = self.store.outbox_retry(id, due_ms, attempts) {
            tracing::error!(id, error = %e, "cannot reschedule a delivery");
        }
    }
}
