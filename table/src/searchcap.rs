//! The server's cap on bot searches, as a due timer meets it: a bot seat's move (or a
//! timed-out turn under `auto`) whose server already has its `[bots] server_searches`
//! searches in flight is delayed, never dropped — its stored timer moves later with a
//! doubling backoff (0.5 s up to 8 s) — and after [`FULL_RETRIES`] such delays it is
//! let through over the cap, so one busy server delays a move by at most about 24 s.

use crate::think::SearchPermit;
use crate::{ChannelId, Table};
use storage::{Timer, TimerChange};

/// Delays before a due search is admitted over its server's cap.
pub(crate) const FULL_RETRIES: u32 = 6;

/// The first delay of a due search whose server is full, ms (then doubled each time).
const FIRST_DELAY_MS: u64 = 500;

/// The longest single delay, ms.
const MOST_DELAY_MS: u64 = 8_000;

/// The delay after `tries` refusals.
pub(crate) fn backoff_ms(tries: u32) -> u64 {
    FIRST_DELAY_MS
        .saturating_mul(1u64 << tries.min(16))
        .min(MOST_DELAY_MS)
}

impl Table {
    /// A place on the pool for the search `timer` asks for in `server`'s `channel`; when
    /// the server is full, the stored timer is moved later (see the module) and `None`
    /// is returned: the caller searches nothing now.
    pub(crate) fn admit_due(
        &self,
        server: u64,
        channel: ChannelId,
        timer: Timer,
    ) -> Option<SearchPermit> {
        let tries = self.thinker.full_tries(channel, &timer);
        if let Some(permit) = self.thinker.admit(server) {
            self.thinker.forget_full(channel, &timer);
            return Some(permit);
        }
        if tries >= FULL_RETRIES {
            tracing::warn!(
                channel,
                server,
                "bot searches over the server's cap: a move waited long enough"
            );
            self.thinker.forget_full(channel, &timer);
            return Some(self.thinker.admit_over_cap(server));
        }
        let delayed = Timer {
            due_ms: self.now_ms().saturating_add(backoff_ms(tries)),
            ..timer
        };
        let change = TimerChange {
            kind: timer.kind,
            timer: Some(delayed),
        };
        match self.store.set_timers(channel, &[change]) {
            Ok(()) => self.thinker.note_full(channel, &delayed, tries + 1),
            Err(e) => {
                tracing::error!(channel, error = %e, "cannot delay a bot's timer while its server is busy");
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_backoff_doubles_up_to_its_ceiling() {
        let delays: Vec<u64> = (0..FULL_RETRIES + 2).map(backoff_ms).collect();
        assert_eq!(
            delays,
            vec![500, 1_000, 2_000, 4_000, 8_000, 8_000, 8_000, 8_000]
        );
        assert_eq!(backoff_ms(u32::MAX), MOST_DELAY_MS);
    }
}
