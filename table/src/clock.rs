//! Where the table takes its time from: the system clock in production, a clock tests
//! move by hand, or a faster one for the local table (`--accelerate`).

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// The table's time source. Timers, reminders, nudges and stored times all read it.
pub trait Clock: Send + Sync {
    /// Milliseconds since the Unix epoch.
    fn now_ms(&self) -> u64;
}

/// The system clock.
#[derive(Debug, Default, Clone, Copy)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        storage::now_ms()
    }
}

/// A clock that stands still until told to move (tests, the local `wait` command).
#[derive(Debug)]
pub struct ManualClock(AtomicU64);

impl ManualClock {
    pub fn new(start_ms: u64) -> Self {
        ManualClock(AtomicU64::new(start_ms))
    }

    /// Moves the clock forward by `ms`.
    pub fn advance(&self, ms: u64) {
        self.0.fetch_add(ms, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// Real time running `factor` times faster from the moment it is made, plus whatever
/// `wait` added: the local table's way of watching a 12-hour reminder in seconds.
#[derive(Debug)]
pub struct FastClock {
    start_ms: u64,
    started: Instant,
    factor: f64,
    skipped_ms: AtomicU64,
}

impl FastClock {
    pub fn new(factor: f64) -> Self {
        FastClock {
            start_ms: storage::now_ms(),
            started: Instant::now(),
            factor: if factor.is_finite() && factor > 0.0 {
                factor
            } else {
                1.0
            },
            skipped_ms: AtomicU64::new(0),
        }
    }

    /// Jumps `ms` ahead (the local `wait` command).
    pub fn skip(&self, ms: u64) {
        self.skipped_ms.fetch_add(ms, Ordering::SeqCst);
    }

    /// How many real milliseconds `ms` of table time take.
    pub fn real_ms(&self, ms: u64) -> u64 {
        (ms as f64 / self.factor).ceil() as u64
    }
}

impl Clock for FastClock {
    fn now_ms(&self) -> u64 {
        let elapsed = self.started.elapsed().as_millis() as f64 * self.factor;
        self.start_ms + elapsed as u64 + self.skipped_ms.load(Ordering::SeqCst)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manual_clock_moves_only_when_told_and_fast_clock_runs_ahead() {
        let c = ManualClock::new(1_000);
        assert_eq!(c.now_ms(), 1_000);
        c.advance(500);
        assert_eq!(c.now_ms(), 1_500);
        let f = FastClock::new(3_600.0);
        let before = f.now_ms();
        f.skip(60_000);
        assert!(f.now_ms() >= before + 60_000);
        assert_eq!(f.real_ms(3_600_000), 1_000);
        assert_eq!(FastClock::new(-1.0).real_ms(10), 10, "a bad factor means 1");
    }
}
