//! The [`Sender`] itself: its state, the rows in flight, and requests made under the breaker.

use super::breaker::Breaker;
use super::transport::SendError;
use super::trouble::Trouble;
use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use table::{ChannelId, Table};

/// Sends the table's outbox. One per bot; shared by the interaction handlers and the
/// background loop.
pub struct Sender {
    pub(super) table: Arc<Table>,
    /// Rows being sent right now (so the loop and a handler never send one twice).
    pub(super) inflight: Mutex<HashSet<u64>>,
    pub(super) wake: tokio::sync::Notify,
    /// Signalled whenever a row stops being in flight.
    pub(super) released: tokio::sync::Notify,
    /// Channels whose guild is noted already (DM links need it).
    pub(super) guilds_known: Mutex<HashSet<ChannelId>>,
    /// Channels with a missing permission or a refused post.
    pub(super) troubles: Mutex<HashMap<ChannelId, Trouble>>,
    /// Discord's invalid answers to the outbox's requests, recently.
    pub(super) breaker: Mutex<Breaker>,
    /// Archived games are forgotten this many days after they ended (0: never).
    pub(super) keep_days: std::sync::atomic::AtomicU64,
    /// Each user's DM channel, so that it is opened once.
    pub(super) dm_channels: crate::dm_channels::DmChannels,
}

/// Due rows read per drain.
pub(super) const DRAIN_BATCH: usize = 100;

/// What sending one row came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Outcome {
    Done,
    Retry {
        after_ms: u64,
    },
    /// The channel refused the post (403): the row waits until `until_ms`, its refused
    /// attempts now `attempts`.
    Refused {
        until_ms: u64,
        attempts: u32,
    },
    Drop,
    /// Not sent: the breaker holds requests; the row is left as it was.
    Held,
}

/// How a pass over one channel ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum PassEnd {
    /// Every row was handled or left to wait.
    Done { posting_stopped: bool },
    /// The breaker holds requests: stop every pass.
    Held,
}

/// A request reserved in the breaker: settled when answered, or as valid if dropped
/// unanswered (its handler was cancelled).
pub(super) struct Reservation<'a> {
    pub(super) sender: &'a Sender,
    pub(super) settled: bool,
}

impl Reservation<'_> {
    pub(super) fn settle(mut self, invalid: bool) {
        self.settled = true;
        self.sender.breaker().settle(Instant::now(), invalid);
    }
}

impl Drop for Reservation<'_> {
    fn drop(&mut self) {
        if !self.settled {
            self.sender.breaker().settle(Instant::now(), false);
        }
    }
}

impl Sender {
    pub fn new(table: Arc<Table>) -> Self {
        Sender {
            table,
            inflight: Mutex::new(HashSet::new()),
            wake: tokio::sync::Notify::new(),
            released: tokio::sync::Notify::new(),
            guilds_known: Mutex::new(HashSet::new()),
            troubles: Mutex::new(HashMap::new()),
            breaker: Mutex::new(Breaker::default()),
            keep_days: std::sync::atomic::AtomicU64::new(0),
            dm_channels: crate::dm_channels::DmChannels::default(),
        }
    }

    pub(super) fn claim(&self, id: u64) -> bool {
        self.inflight
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id)
    }

    pub(super) fn release(&self, id: u64) {
        self.inflight
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&id);
        self.released.notify_waiters();
    }

    pub(super) fn breaker(&self) -> MutexGuard<'_, Breaker> {
        self.breaker.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn troubles(&self) -> MutexGuard<'_, HashMap<ChannelId, Trouble>> {
        self.troubles.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Makes `request` unless the breaker holds requests, and counts its answer.
    pub(super) async fn guarded<R>(
        &self,
        request: impl Future<Output = Result<R, SendError>>,
    ) -> Result<R, SendError> {
        if !self.breaker().try_reserve(Instant::now()) {
            return Err(SendError::Held);
        }
        let reservation = Reservation {
            sender: self,
            settled: false,
        };
        let result = request.await;
        reservation.settle(
            result
                .as_ref()
                .err()
                .is_some_and(SendError::is_invalid_request),
        );
        result
    }

    /// How long until the breaker lets requests through again (`None`: it does now).
    pub fn breaker_wait(&self) -> Option<Duration> {
        self.breaker().wait(Instant::now())
    }

    /// Waits until row `id` is no longer being sent (at most 10 s: a send that hangs
    /// longer is the transport's problem, and the row stays in the outbox).
    pub(super) async fn wait_released(&self, id: u64) {
        let _ = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                let released = self.released.notified();
                tokio::pin!(released);
                released.as_mut().enable();
                let busy = self
                    .inflight
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .contains(&id);
                if !busy {
                    return;
                }
                released.await;
            }
        })
        .await;
    }
}
