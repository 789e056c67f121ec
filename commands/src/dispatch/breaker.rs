//! The breaker: keeps Discord's invalid answers (401, 403, 429) to the outbox's requests
//! under a budget per window, so the bot's IP is never banned.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Discord's window for counting invalid requests (answers 401, 403 and 429).
pub const INVALID_REQUEST_WINDOW: Duration = Duration::from_secs(10 * 60);

/// The outbox makes no request while this many of its requests were answered 401, 403
/// or 429 within [`INVALID_REQUEST_WINDOW`] (requests in flight count as if they will
/// be). Discord bans the IP at 10,000; the bot keeps all its invalid answers under 1,000
/// and leaves the rest of that to interaction replies, which are never held.
pub const INVALID_REQUEST_BUDGET: usize = 800;

/// A sliding-window count of the outbox's requests Discord answered 401, 403 or 429.
/// Once those (and the requests in flight) reach [`INVALID_REQUEST_BUDGET`] within
/// [`INVALID_REQUEST_WINDOW`], no request is made until the oldest leaves the window.
#[derive(Debug, Default)]
pub struct Breaker {
    /// When each invalid answer came, oldest first (within the window).
    pub(super) invalid: VecDeque<Instant>,
    /// Requests made and not answered yet.
    pub(super) in_flight: usize,
}

impl Breaker {
    pub(super) fn forget_before(&mut self, now: Instant) {
        while let Some(&oldest) = self.invalid.front() {
            if now.saturating_duration_since(oldest) < INVALID_REQUEST_WINDOW {
                break;
            }
            self.invalid.pop_front();
        }
    }

    /// Reserves a request at `now`; false when the budget is spent.
    pub fn try_reserve(&mut self, now: Instant) -> bool {
        self.forget_before(now);
        if self.invalid.len() + self.in_flight >= INVALID_REQUEST_BUDGET {
            return false;
        }
        self.in_flight += 1;
        true
    }

    /// Records the answer to a reserved request (`invalid`: 401, 403 or 429).
    pub fn settle(&mut self, now: Instant, invalid: bool) {
        self.in_flight = self.in_flight.saturating_sub(1);
        if invalid {
            self.invalid.push_back(now);
        }
    }

    /// How long until a request may be made again; `None` when it may now.
    pub fn wait(&mut self, now: Instant) -> Option<Duration> {
        self.forget_before(now);
        if self.invalid.len() + self.in_flight < INVALID_REQUEST_BUDGET {
            return None;
        }
        Some(match self.invalid.front() {
            Some(&oldest) => (oldest + INVALID_REQUEST_WINDOW).saturating_duration_since(now),
            // Only requests in flight: they answer soon.
            None => Duration::from_millis(50),
        })
    }

    /// The invalid answers within the window at `now`.
    pub fn invalid_answers(&mut self, now: Instant) -> usize {
        self.forget_before(now);
        self.invalid.len()
    }
}
