//! A per-user rate limit on interactions (slash commands, buttons, menus): a token
//! bucket of [`BURST`] tokens, one back every [`REFILL_MS`]. A user over it is answered
//! privately with [`slow_down`] and nothing reaches the table. Autocomplete requests are
//! not counted: Discord sends one per keystroke and they cannot be answered with a
//! sentence; they only read the caller's legal moves.
//!
//! Each bucket is kept as one number, the time at which it will be full again (the
//! "generic cell rate" form of a token bucket). A full bucket carries no information, so
//! users idle that long are forgotten: memory is bounded by the users active in the last
//! `BURST × REFILL_MS` (20 s), swept when the map has doubled since the last sweep.

use std::collections::HashMap;
use table::UserId;

/// Interactions a user may send at once.
pub const BURST: u64 = 10;
/// One more interaction is allowed every this many milliseconds (30 a minute sustained:
/// a move by the panel is two to four clicks).
pub const REFILL_MS: u64 = 2_000;
/// Users remembered before the first sweep.
const FIRST_SWEEP: usize = 1_024;

/// The buckets of every user who acted recently.
#[derive(Debug)]
pub struct RateLimiter {
    /// Per user: Unix ms at which their bucket is full again.
    full_at: HashMap<UserId, u64>,
    /// Sweep out full buckets when the map reaches this size.
    sweep_at: usize,
}

impl Default for RateLimiter {
    fn default() -> Self {
        RateLimiter {
            full_at: HashMap::new(),
            sweep_at: FIRST_SWEEP,
        }
    }
}

impl RateLimiter {
    /// Takes a token from `user`'s bucket at `now_ms`: `Ok` if there was one, else
    /// `Err` with the milliseconds until the next one (nothing is taken then).
    pub fn check(&mut self, user: UserId, now_ms: u64) -> Result<(), u64> {
        let full_at = self.full_at.get(&user).copied().unwrap_or(0).max(now_ms);
        // Tokens spent: (full_at - now) / REFILL_MS; one more must fit in the bucket.
        let limit = now_ms + (BURST - 1) * REFILL_MS;
        if full_at > limit {
            return Err(full_at - limit);
        }
        self.full_at.insert(user, full_at + REFILL_MS);
        if self.full_at.len() >= self.sweep_at {
            self.sweep(now_ms);
        }
        Ok(())
    }

    /// Forgets every user whose bucket is full again by `now_ms`.
    fn sweep(&mut self, now_ms: u64) {
        self.full_at.retain(|_, full_at| *full_at > now_ms);
        self.sweep_at = (self.full_at.len() * 2).max(FIRST_SWEEP);
    }

    /// Users remembered now.
    pub fn tracked(&self) -> usize {
        self.full_at.len()
    }
}

/// The private answer to an interaction over the limit; `wait_ms` until the next one.
pub fn slow_down(wait_ms: u64) -> String {
    let secs = wait_ms.div_ceil(1_000).max(1);
    format!(
        "🐢 Slow down: you are sending commands faster than I take them ({BURST} at once, then one every {} seconds). Wait {secs} s and try again; that one was not carried out.",
        REFILL_MS / 1_000
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: u64 = 1_800_000_000_000;

    #[test]
    fn a_burst_passes_then_one_every_refill() {
        let mut limiter = RateLimiter::default();
        for i in 0..BURST {
            assert_eq!(limiter.check(7, T0), Ok(()), "command {i} of the burst");
        }
        assert_eq!(limiter.check(7, T0), Err(REFILL_MS));
        assert_eq!(
            limiter.check(7, T0 + 500),
            Err(REFILL_MS - 500),
            "refusals cost nothing"
        );
        // Other users have their own buckets.
        assert_eq!(limiter.check(8, T0), Ok(()));
        assert_eq!(limiter.check(7, T0 + REFILL_MS), Ok(()));
        assert!(limiter.check(7, T0 + REFILL_MS).is_err());
        // Spamming with an empty bucket, every 100 ms for a minute, lets one through per
        // refill: at 2 s, 4 s, … 58 s after the start.
        let mut passed = 0;
        for step in 0..600 {
            if limiter.check(7, T0 + REFILL_MS + 100 * step).is_ok() {
                passed += 1;
            }
        }
        assert_eq!(passed as u64, (600 * 100 - 1) / REFILL_MS);
        // Idle long enough, the whole burst is back.
        let later = T0 + 3_600_000;
        for _ in 0..BURST {
            assert_eq!(limiter.check(7, later), Ok(()));
        }
        assert!(limiter.check(7, later).is_err());
    }

    #[test]
    fn idle_users_are_forgotten_so_memory_stays_bounded() {
        let mut limiter = RateLimiter::default();
        // 100,000 users, one command each, a millisecond apart: no more are remembered
        // than acted within the last BURST × REFILL_MS (plus the doubling slack).
        for user in 0..100_000u64 {
            limiter.check(user, T0 + user).unwrap();
            assert!(limiter.tracked() < 2 * (REFILL_MS as usize) + FIRST_SWEEP);
        }
        limiter.check(1, T0 + 10_000_000).unwrap();
        limiter.sweep(T0 + 10_000_000);
        assert_eq!(limiter.tracked(), 1);
    }

    #[test]
    fn the_sentence_says_how_long_to_wait() {
        assert_eq!(
            slow_down(1_200),
            "🐢 Slow down: you are sending commands faster than I take them (10 at once, then one every 2 seconds). Wait 2 s and try again; that one was not carried out."
        );
        assert!(slow_down(0).contains("Wait 1 s"));
    }
}
