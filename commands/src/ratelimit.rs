//! A per-user rate limit on interactions (slash commands, buttons, menus): a token
//! bucket of [`Limit::DISCORD`] — 15 at once, one more every 1.5 s (40 a minute). A move
//! by the panel costs two to four clicks, so a quick run of moves fits in the burst and
//! no player keeps up 40 a minute; a spammer gets no more than that (about 120 Discord
//! requests a minute). A user over it is answered privately with [`slow_down`] and
//! nothing reaches the table. Autocomplete requests that read the table (a move's, a
//! game in `/game history`) count in a second bucket of the same user, sized for typing
//! ([`Limit::lookups`]: twice the burst, four a second); over it they get an empty list
//! and nothing reaches the table (they cannot be answered with a sentence).
//!
//! Each bucket is kept as one number, the time at which it will be full again (the
//! "generic cell rate" form of a token bucket). A full bucket carries no information, so
//! users idle that long are forgotten: memory is bounded by the users active in the last
//! `burst × refill` (22.5 s), swept whenever the map has doubled since the last sweep.

use std::collections::HashMap;
use table::UserId;

/// A token bucket's size and refill.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    /// Interactions a user may send at once.
    pub burst: u64,
    /// One more interaction is allowed every this many milliseconds.
    pub refill_ms: u64,
}

impl Limit {
    /// The bot's limit on Discord.
    pub const DISCORD: Limit = Limit {
        burst: 15,
        refill_ms: 1_500,
    };
    /// No limit (tests that play whole games at machine speed).
    pub const OFF: Limit = Limit {
        burst: u64::MAX,
        refill_ms: 0,
    };

    /// The autocomplete bucket that goes with this limit: twice the burst, refilled six
    /// times as fast (Discord's: 30 at once, one every 250 ms).
    pub fn lookups(self) -> Limit {
        Limit {
            burst: self.burst.saturating_mul(2),
            refill_ms: self.refill_ms / 6,
        }
    }
}

impl Default for Limit {
    fn default() -> Self {
        Limit::DISCORD
    }
}

/// Users remembered before the first sweep.
const FIRST_SWEEP: usize = 1_024;

/// The buckets of every user who acted recently: interactions, and autocompletes.
#[derive(Debug)]
pub struct RateLimiter {
    limit: Limit,
    /// Per user: Unix ms at which their bucket is full again.
    full_at: HashMap<UserId, u64>,
    /// Sweep out full buckets when the map reaches this size.
    sweep_at: usize,
    /// The autocomplete buckets ([`Limit::lookups`]); none inside it.
    lookups: Option<Box<RateLimiter>>,
}

impl RateLimiter {
    /// No user has spent anything yet.
    pub fn new(limit: Limit) -> Self {
        RateLimiter {
            lookups: Some(Box::new(RateLimiter::bucket(limit.lookups()))),
            ..RateLimiter::bucket(limit)
        }
    }

    /// One kind of bucket, without the autocomplete ones.
    fn bucket(limit: Limit) -> Self {
        RateLimiter {
            limit,
            full_at: HashMap::new(),
            sweep_at: FIRST_SWEEP,
            lookups: None,
        }
    }

    /// Takes a token from `user`'s autocomplete bucket at `now_ms`: whether there was
    /// one (without one, the autocomplete gets an empty list and does no work).
    pub fn check_lookup(&mut self, user: UserId, now_ms: u64) -> bool {
        match &mut self.lookups {
            Some(lookups) => lookups.check(user, now_ms).is_ok(),
            None => true,
        }
    }

    /// Takes a token from `user`'s bucket at `now_ms`: `Ok` if there was one, else
    /// `Err` with the milliseconds until the next one (nothing is taken then).
    pub fn check(&mut self, user: UserId, now_ms: u64) -> Result<(), u64> {
        let Limit { burst, refill_ms } = self.limit;
        let full_at = self.full_at.get(&user).copied().unwrap_or(0).max(now_ms);
        // Tokens spent: (full_at - now) / refill; one more must fit in the bucket.
        let last_fits = now_ms.saturating_add(burst.saturating_sub(1).saturating_mul(refill_ms));
        if full_at > last_fits {
            return Err(full_at - last_fits);
        }
        self.full_at.insert(user, full_at.saturating_add(refill_ms));
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

    /// The private answer (in `lang`) to an interaction over the limit; `wait_ms` until
    /// the next one.
    pub fn slow_down(&self, lang: words::Lang, wait_ms: u64) -> String {
        let secs = wait_ms.div_ceil(1_000).max(1);
        words::text(
            lang,
            "reply-slow-down",
            &[
                ("burst", self.limit.burst.into()),
                ("every", (self.limit.refill_ms as f64 / 1_000.0).into()),
                ("wait", secs.into()),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: u64 = 1_800_000_000_000;
    const BURST: u64 = Limit::DISCORD.burst;
    const REFILL_MS: u64 = Limit::DISCORD.refill_ms;

    #[test]
    fn a_burst_passes_then_one_every_refill() {
        let mut limiter = RateLimiter::new(Limit::default());
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
        // refill: at 1.5 s, 3 s, … 58.5 s after the start.
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
        // Off: never limited.
        let mut off = RateLimiter::new(Limit::OFF);
        for _ in 0..10_000 {
            assert_eq!(off.check(7, T0), Ok(()));
        }
    }

    #[test]
    fn autocompletes_have_their_own_bucket_sized_for_typing() {
        let mut limiter = RateLimiter::new(Limit::default());
        let lookups = Limit::DISCORD.lookups();
        assert_eq!((lookups.burst, lookups.refill_ms), (30, 250));
        for i in 0..lookups.burst {
            assert!(limiter.check_lookup(7, T0), "keystroke {i} of the burst");
        }
        assert!(!limiter.check_lookup(7, T0), "over the limit");
        assert!(
            limiter.check_lookup(7, T0 + 250),
            "one more after the refill"
        );
        // Commands keep their own burst.
        assert_eq!(limiter.check(7, T0), Ok(()));
        assert!(limiter.check_lookup(8, T0), "another user");
        let mut off = RateLimiter::new(Limit::OFF);
        assert!((0..10_000).all(|_| off.check_lookup(7, T0)));
    }

    #[test]
    fn idle_users_are_forgotten_so_memory_stays_bounded() {
        let mut limiter = RateLimiter::new(Limit::default());
        // 100,000 users, one command each, a millisecond apart: no more are remembered
        // than acted within the last refill (a lone command's bucket is full again
        // then), plus the doubling slack.
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
        let limiter = RateLimiter::new(Limit::default());
        assert_eq!(
            limiter.slow_down(words::Lang::En, 1_200),
            "🐢 Slow down: you are sending commands faster than I take them (15 at once, then one every 1.5 seconds). Wait 2 s and try again; that one was not carried out."
        );
        assert!(limiter.slow_down(words::Lang::En, 0).contains("Wait 1 s"));
        assert!(limiter
            .slow_down(words::Lang::Es, 1_200)
            .contains("uno cada 1,5 segundos"));
    }
}
