//! Fault injection for the log's upkeep (tests crash or fail each step).

use super::*;

/// Fault injection for tests: each step of the log's upkeep, each append and each sync
/// asks [`Faults::step`] first, which a test can make fail (as a full disk or a failed
/// sync would) and, at that moment, copy the store's files (the disk as a crash there
/// would leave it). Outside tests it holds nothing and every step passes.
pub(crate) struct Faults {
    #[cfg(test)]
    state: Mutex<FaultState>,
}

/// The store's steps pass unhindered.
pub(crate) static NO_FAULTS: Faults = Faults::none();

impl std::fmt::Debug for Faults {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Faults")
    }
}

impl Faults {
    pub(crate) const fn none() -> Faults {
        Faults {
            #[cfg(test)]
            state: Mutex::new(FaultState::new()),
        }
    }

    /// Fails the step when a test asked for it.
    #[inline]
    pub(crate) fn step(&self, name: &'static str) -> io::Result<()> {
        #[cfg(test)]
        {
            let mut s = lock(&self.state);
            if s.armed {
                s.count += 1;
                s.seen.push(name);
                let named = s.fail_named == Some(name);
                if s.count == s.fail_at || named {
                    if named {
                        s.fail_named = None;
                    }
                    if let Some(copy) = s.on_fail.as_mut() {
                        copy();
                    }
                    return Err(io::Error::new(
                        io::ErrorKind::StorageFull,
                        format!("injected failure at step {} ({name})", s.count),
                    ));
                }
            }
        }
        #[cfg(not(test))]
        let _ = name;
        Ok(())
    }
}

#[cfg(test)]
pub(crate) struct FaultState {
    armed: bool,
    count: u64,
    /// Fail the step with this number (counted from arming; 0: none).
    fail_at: u64,
    /// Fail the next step of this name.
    fail_named: Option<&'static str>,
    seen: Vec<&'static str>,
    on_fail: Option<Box<dyn FnMut() + Send>>,
}

#[cfg(test)]
impl FaultState {
    const fn new() -> FaultState {
        FaultState {
            armed: false,
            count: 0,
            fail_at: 0,
            fail_named: None,
            seen: Vec::new(),
            on_fail: None,
        }
    }
}

#[cfg(test)]
impl Faults {
    /// A fault injector for one test (leaked: it lives as long as the stores using it).
    pub(crate) fn leak() -> &'static Faults {
        Box::leak(Box::new(Faults::none()))
    }

    /// Counts steps from now; fails step `fail_at` (1 is the next one; 0: none), running
    /// `on_fail` first.
    pub(crate) fn arm_at(&self, fail_at: u64, on_fail: Option<Box<dyn FnMut() + Send>>) {
        let mut s = lock(&self.state);
        *s = FaultState::new();
        s.armed = true;
        s.fail_at = fail_at;
        s.on_fail = on_fail;
    }

    /// Fails the next step called `name`.
    pub(crate) fn arm_named(&self, name: &'static str) {
        let mut s = lock(&self.state);
        *s = FaultState::new();
        s.armed = true;
        s.fail_named = Some(name);
    }

    /// Stops failing steps; returns the steps seen since armed.
    pub(crate) fn disarm(&self) -> Vec<&'static str> {
        std::mem::replace(&mut *lock(&self.state), FaultState::new()).seen
    }
}
