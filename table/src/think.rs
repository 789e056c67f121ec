//! Bot searches, off the async runtime and off the channel lock.
//!
//! A search (a bot seat's move, a stand-in move, a timed-out seat's moves, a hint) runs on
//! a copy of the game in a small pool of threads: at most cores − 1 searches at once, so
//! interactions keep being answered while bots think, and shared fairly by the channels
//! (each channel's jobs wait in its own queue; the threads take the channels in turn, so
//! one busy channel cannot starve the others). A search asked by a timer ends as a
//! [`Plan`]: the moves it chose, played by `Table::fire_due_timers` only if the game is
//! still at the version the timer was set for — through the same path a player's move
//! takes. The timer stays stored (postponed while the search runs), so a crash in the
//! middle of a search or a chain of bot moves resumes after a restart.
//!
//! The inline thinker (tests, the local table) runs each job at once on the caller's
//! thread, so a game advances deterministically.
//!
//! Bounded work: each server (Discord guild) has at most `[bots] server_searches`
//! searches queued or running ([`Thinker::admit`] hands out a [`SearchPermit`]); a panic
//! in a search is caught, logged, and answered with the game's default move, so no
//! thread is lost and no timer waits for ever.

use crate::ChannelId;
use rules::{DynGame, Seat};
use std::collections::{HashMap, HashSet, VecDeque};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{mpsc, Arc, Condvar, Mutex};
use storage::Timer;

/// Searches one server may have queued or running at once when none is configured
/// (`[bots] server_searches`).
pub const DEFAULT_SERVER_SEARCHES: usize = 8;

/// A test-only search used instead of the bot's (see [`Thinker::with_search`]).
pub type SearchFn = Arc<dyn Fn(&dyn DynGame, Seat) -> Option<String> + Send + Sync>;

/// A unit of work for the pool.
type Job = Box<dyn FnOnce() + Send + 'static>;

/// Called when a plan is ready, so the adapter fires the timers again (Discord: the
/// sender's loop; the local table plays inline and needs none).
pub type Waker = Arc<dyn Fn() + Send + Sync>;

/// The moves a search chose for a timer, waiting to be played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Plan {
    pub channel: ChannelId,
    /// The timer that asked for it, as stored while the search ran: the plan is played
    /// only if this timer is still the stored one (and so the game did not move).
    pub timer: Timer,
    /// Each move's seat and canonical text, in order.
    pub moves: Vec<(Seat, String)>,
}

/// The search pool and the plans it finished.
#[derive(Clone)]
pub struct Thinker {
    inner: Arc<Inner>,
}

struct Inner {
    /// `None`: jobs run inline.
    pool: Option<Arc<PoolHandle>>,
    finished: Mutex<Vec<Plan>>,
    /// Timers with a search running or a plan not yet played (never searched twice).
    thinking: Mutex<HashSet<(ChannelId, Timer)>>,
    waker: Mutex<Option<Waker>>,
    /// Every search's budget is cut to this (tests and quick local games).
    cap: Option<ai::Budget>,
    /// Searches started (a hint's, a bot's): what tests count.
    searches: AtomicU64,
    /// Searches admitted per server and not yet done, and the most one may have.
    servers: Arc<Servers>,
    /// Replaces the bot's search (tests of what a failing search does).
    search: Option<SearchFn>,
    /// Due timers delayed because their server was full: how many times, by (channel,
    /// game, version, kind).
    full: Mutex<HashMap<FullKey, u32>>,
}

/// A delayed timer, whatever its due time.
type FullKey = (ChannelId, u64, u64, storage::TimerKind);

/// Delayed timers remembered at most (a game that moved on leaves its entry behind).
const FULL_REMEMBERED: usize = 10_000;

/// Searches queued or running per server (guild id; 0 for none), and the cap.
struct Servers {
    /// 0: no cap.
    cap: usize,
    in_flight: Mutex<HashMap<u64, usize>>,
}

/// One admitted search of a server: the server's count goes down when it is dropped
/// (the search done, failed, or never run).
pub struct SearchPermit {
    servers: Arc<Servers>,
    server: u64,
}

impl Drop for SearchPermit {
    fn drop(&mut self) {
        let mut in_flight = crate::lock(&self.servers.in_flight);
        if let Some(n) = in_flight.get_mut(&self.server) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                in_flight.remove(&self.server);
            }
        }
    }
}

/// What a search came to.
#[derive(Debug, Clone)]
pub enum Searched {
    /// The move and the search's verdict.
    Found(String, ai::Decision),
    /// The seat has no move.
    NoMove,
    /// The search failed (it panicked, or the game cannot be searched): logged.
    Failed,
}

/// Stops the threads when the last thinker goes.
struct PoolHandle {
    state: Arc<Pool>,
    threads: usize,
}

struct Pool {
    queue: Mutex<Queue>,
    ready: Condvar,
}

#[derive(Default)]
struct Queue {
    /// Channels with jobs waiting, in the order the threads serve them.
    turn: VecDeque<ChannelId>,
    jobs: HashMap<ChannelId, VecDeque<Job>>,
    stop: bool,
}

impl Drop for PoolHandle {
    fn drop(&mut self) {
        crate::lock(&self.state.queue).stop = true;
        self.state.ready.notify_all();
    }
}

impl Pool {
    fn push(&self, channel: ChannelId, job: Job) {
        let mut queue = crate::lock(&self.queue);
        let jobs = queue.jobs.entry(channel).or_default();
        jobs.push_back(job);
        if jobs.len() == 1 {
            queue.turn.push_back(channel);
        }
        drop(queue);
        self.ready.notify_one();
    }

    /// The next job, taking the channels in turn; `None` once stopped.
    fn next(&self) -> Option<Job> {
        let mut queue = crate::lock(&self.queue);
        loop {
            if queue.stop {
                return None;
            }
            if let Some(channel) = queue.turn.pop_front() {
                let jobs = queue.jobs.get_mut(&channel)?;
                let job = jobs.pop_front();
                if jobs.is_empty() {
                    queue.jobs.remove(&channel);
                } else {
                    queue.turn.push_back(channel);
                }
                if let Some(job) = job {
                    return Some(job);
                }
                continue;
            }
            queue = self.ready.wait(queue).unwrap_or_else(|e| e.into_inner());
        }
    }
}

impl Default for Thinker {
    fn default() -> Self {
        Thinker::inline()
    }
}

impl std::fmt::Debug for Thinker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Thinker")
            .field("threads", &self.threads())
            .field("cap", &self.inner.cap)
            .finish()
    }
}

impl Thinker {
    /// Runs every search at once on the caller's thread (tests, the local table).
    pub fn inline() -> Thinker {
        Thinker::build(None)
    }

    /// A pool of `threads` search threads (0: inline).
    pub fn with_threads(threads: usize) -> Thinker {
        if threads == 0 {
            return Thinker::inline();
        }
        let state = Arc::new(Pool {
            queue: Mutex::default(),
            ready: Condvar::new(),
        });
        for i in 0..threads {
            let state = state.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("bot-search-{i}"))
                .spawn(move || {
                    while let Some(job) = state.next() {
                        // A job that panics is logged and the thread goes on serving.
                        if catch_unwind(AssertUnwindSafe(job)).is_err() {
                            tracing::error!("a bot search job panicked");
                        }
                    }
                });
            if let Err(e) = spawned {
                tracing::error!(error = %e, "cannot start a bot search thread");
            }
        }
        Thinker::build(Some(Arc::new(PoolHandle { state, threads })))
    }

    /// A pool of one thread less than the machine has cores (at least one).
    pub fn for_machine() -> Thinker {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        Thinker::with_threads(cores.saturating_sub(1).max(1))
    }

    fn build(pool: Option<Arc<PoolHandle>>) -> Thinker {
        Thinker {
            inner: Arc::new(Inner {
                pool,
                finished: Mutex::default(),
                thinking: Mutex::default(),
                waker: Mutex::default(),
                cap: None,
                searches: AtomicU64::new(0),
                servers: Arc::new(Servers {
                    cap: DEFAULT_SERVER_SEARCHES,
                    in_flight: Mutex::default(),
                }),
                search: None,
                full: Mutex::default(),
            }),
        }
    }

    /// The same pool with `change` made to a fresh copy of its settings (call these
    /// before the thinker is shared).
    fn rebuilt(self, change: impl FnOnce(&mut Inner)) -> Thinker {
        let mut inner = Inner {
            pool: self.inner.pool.clone(),
            finished: Mutex::default(),
            thinking: Mutex::default(),
            waker: Mutex::default(),
            cap: self.inner.cap,
            searches: AtomicU64::new(0),
            servers: Arc::new(Servers {
                cap: self.inner.servers.cap,
                in_flight: Mutex::default(),
            }),
            search: self.inner.search.clone(),
            full: Mutex::default(),
        };
        change(&mut inner);
        Thinker {
            inner: Arc::new(inner),
        }
    }

    /// The same pool with every search cut to at most `iterations` and playouts to
    /// `playout_depth` moves (tests and quick games). Call it before the thinker is
    /// shared.
    pub fn capped(self, iterations: u32, playout_depth: u32) -> Thinker {
        let cap = ai::Budget {
            iterations,
            playout_depth,
            guided_percent: 0,
            rules_in_tree: None,
        };
        self.rebuilt(|inner| inner.cap = Some(cap))
    }

    /// The same pool allowing each server at most `searches` searches queued or running
    /// at once (`[bots] server_searches`; 0: no cap).
    pub fn server_searches(self, searches: usize) -> Thinker {
        self.rebuilt(|inner| {
            inner.servers = Arc::new(Servers {
                cap: searches,
                in_flight: Mutex::default(),
            });
        })
    }

    /// The same pool with `search` in place of the bot's (tests: a search that panics).
    pub fn with_search(self, search: SearchFn) -> Thinker {
        self.rebuilt(|inner| inner.search = Some(search))
    }

    /// Searches started so far (each hint's and each bot move's).
    pub fn searches(&self) -> u64 {
        self.inner.searches.load(Ordering::Relaxed)
    }

    /// A place for one more search of `server` (guild id, 0 for none), held until the
    /// permit is dropped; `None` while the server has its cap of searches in flight.
    pub fn admit(&self, server: u64) -> Option<SearchPermit> {
        let servers = &self.inner.servers;
        let mut in_flight = crate::lock(&servers.in_flight);
        let n = in_flight.entry(server).or_default();
        if servers.cap > 0 && *n >= servers.cap {
            return None;
        }
        *n += 1;
        drop(in_flight);
        Some(SearchPermit {
            servers: servers.clone(),
            server,
        })
    }

    /// Search threads (0 when inline).
    pub fn threads(&self) -> usize {
        self.inner.pool.as_ref().map_or(0, |p| p.threads)
    }

    /// Whether searches run at once on the caller's thread.
    pub fn is_inline(&self) -> bool {
        self.inner.pool.is_none()
    }

    /// Sets what to call when a plan is ready (the adapter fires the timers again).
    pub fn set_waker(&self, waker: Waker) {
        *crate::lock(&self.inner.waker) = Some(waker);
    }

    /// Calls the waker (the adapter fires the timers again), if one is set.
    pub(crate) fn wake(&self) {
        let waker = crate::lock(&self.inner.waker).clone();
        if let Some(wake) = waker {
            wake();
        }
    }

    /// Runs `job` for `channel`: at once when inline, else on the pool.
    fn run(&self, channel: ChannelId, job: Job) {
        match &self.inner.pool {
            None => job(),
            Some(pool) => pool.state.push(channel, job),
        }
    }

    /// A place for a search of `server` even over its cap (a move that waited its turn).
    pub(crate) fn admit_over_cap(&self, server: u64) -> SearchPermit {
        let servers = &self.inner.servers;
        *crate::lock(&servers.in_flight).entry(server).or_default() += 1;
        SearchPermit {
            servers: servers.clone(),
            server,
        }
    }

    /// How many times `timer` was delayed because its server was full.
    pub(crate) fn full_tries(&self, channel: ChannelId, timer: &Timer) -> u32 {
        let key = (channel, timer.game_id, timer.version, timer.kind);
        crate::lock(&self.inner.full)
            .get(&key)
            .copied()
            .unwrap_or(0)
    }

    /// Notes that `timer` was delayed for the `tries`th time.
    pub(crate) fn note_full(&self, channel: ChannelId, timer: &Timer, tries: u32) {
        let mut full = crate::lock(&self.inner.full);
        if full.len() >= FULL_REMEMBERED {
            full.clear();
        }
        full.insert((channel, timer.game_id, timer.version, timer.kind), tries);
    }

    /// Forgets `timer`'s delays (it was admitted).
    pub(crate) fn forget_full(&self, channel: ChannelId, timer: &Timer) {
        let key = (channel, timer.game_id, timer.version, timer.kind);
        crate::lock(&self.inner.full).remove(&key);
    }

    /// Starts working out the moves for `timer` (unless already under way): `work` runs
    /// on the pool over what it captured (a copy of the game), and its moves become a
    /// [`Plan`] for `take_finished`; if `work` panics, the plan is `fallback` (the game's
    /// default moves). `permit` is the server's place for it, freed when it is done.
    /// Returns whether a search was started.
    pub(crate) fn plan(
        &self,
        channel: ChannelId,
        timer: Timer,
        permit: SearchPermit,
        fallback: Vec<(Seat, String)>,
        work: impl FnOnce() -> Vec<(Seat, String)> + Send + 'static,
    ) -> bool {
        if !crate::lock(&self.inner.thinking).insert((channel, timer)) {
            return false;
        }
        let inner = self.inner.clone();
        self.run(
            channel,
            Box::new(move || {
                let moves = catch_unwind(AssertUnwindSafe(work)).unwrap_or_else(|_| {
                    tracing::error!(
                        channel,
                        "a bot's search panicked: its default moves are played"
                    );
                    fallback
                });
                drop(permit);
                crate::lock(&inner.finished).push(Plan {
                    channel,
                    timer,
                    moves,
                });
                let waker = crate::lock(&inner.waker).clone();
                if let Some(wake) = waker {
                    wake();
                }
            }),
        );
        true
    }

    /// The plans finished since the last call (each timer is free to be searched again).
    pub(crate) fn take_finished(&self) -> Vec<Plan> {
        let plans = std::mem::take(&mut *crate::lock(&self.inner.finished));
        let mut thinking = crate::lock(&self.inner.thinking);
        for plan in &plans {
            thinking.remove(&(plan.channel, plan.timer));
        }
        plans
    }

    /// Whether a search for `timer` is running or its plan waits to be played.
    pub(crate) fn is_thinking(&self, channel: ChannelId, timer: &Timer) -> bool {
        crate::lock(&self.inner.thinking).contains(&(channel, *timer))
    }

    /// Runs `job` for `channel` on the pool (at once when inline) without waiting.
    pub(crate) fn submit(&self, channel: ChannelId, job: impl FnOnce() + Send + 'static) {
        self.run(channel, Box::new(job));
    }

    /// Runs `work` on the pool and waits for its answer (the caller is off the async
    /// runtime). `None` if the pool stopped before answering or `work` panicked.
    pub fn ask<T: Send + 'static>(
        &self,
        channel: ChannelId,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Option<T> {
        let (tx, rx) = mpsc::channel();
        self.run(
            channel,
            Box::new(move || {
                let _ = tx.send(work());
            }),
        );
        rx.recv().ok()
    }

    /// `seat`'s move in `game` at `level`, searched from that seat's knowledge only
    /// (the budget cut to the thinker's cap), with the level's safety deadline. When the
    /// search cannot run or panics, the game's default move for the seat: what the
    /// `auto` policy's fixed move is (`Absent::Auto`), cheap and the same every time.
    /// `None` when the seat has no move.
    pub(crate) fn best_move(
        &self,
        game: &dyn DynGame,
        seat: Seat,
        level: ai::Level,
        seed: u64,
    ) -> Option<String> {
        match self.search(game, seat, level, seed) {
            Searched::Found(text, _) => Some(text),
            Searched::NoMove | Searched::Failed => game.absent_text(seat, rules::Absent::Auto),
        }
    }

    /// [`Thinker::best_move`] with the search's verdict (the move's mean reward, about
    /// its win share), for a hint; `None` when no search could run.
    pub fn decide(
        &self,
        game: &dyn DynGame,
        seat: Seat,
        level: ai::Level,
        seed: u64,
    ) -> Option<(String, ai::Decision)> {
        match self.search(game, seat, level, seed) {
            Searched::Found(text, decision) => Some((text, decision)),
            Searched::NoMove | Searched::Failed => None,
        }
    }

    /// One search (counted in [`Thinker::searches`]); a panic in it is caught and logged
    /// at error level, and comes back as [`Searched::Failed`].
    pub fn search(&self, game: &dyn DynGame, seat: Seat, level: ai::Level, seed: u64) -> Searched {
        self.inner.searches.fetch_add(1, Ordering::Relaxed);
        let run = || -> Result<Option<(String, ai::Decision)>, String> {
            if let Some(search) = &self.inner.search {
                return Ok(search(game, seat).map(|text| (text, test_decision())));
            }
            let deadline = std::time::Instant::now() + safety_deadline(level);
            let stop = move || std::time::Instant::now() >= deadline;
            let decided = ai::decide_dyn_capped(game, seat, level, self.inner.cap, seed, &stop)
                .map_err(|e| e.to_string())?;
            Ok(decided.and_then(|decision| {
                let text = game.legal_texts(seat).into_iter().nth(decision.index)?;
                Some((text, decision))
            }))
        };
        match catch_unwind(AssertUnwindSafe(run)) {
            Ok(Ok(Some((text, decision)))) => Searched::Found(text, decision),
            Ok(Ok(None)) => Searched::NoMove,
            Ok(Err(e)) => {
                tracing::error!(error = %e, seat, game = game.kind().id, "a bot search failed");
                Searched::Failed
            }
            Err(panic) => {
                let why = panic
                    .downcast_ref::<&str>()
                    .map(|s| (*s).to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_default();
                tracing::error!(seat, game = game.kind().id, panic = %why, "a bot search panicked");
                Searched::Failed
            }
        }
    }
}

/// The verdict given with a test search's move.
fn test_decision() -> ai::Decision {
    ai::Decision {
        index: 0,
        iterations: 1,
        stopped: false,
        expected: 0.5,
        rule: None,
    }
}

/// The longest a search of `level` may run, whatever its iteration budget: a cap for a
/// loaded machine (a move is then chosen from the iterations done so far).
pub fn safety_deadline(level: ai::Level) -> std::time::Duration {
    std::time::Duration::from_millis(match level {
        ai::Level::Random | ai::Level::Auto => 100,
        ai::Level::Easy => 250,
        ai::Level::Normal => 2_500,
        ai::Level::Hard => 15_000,
    })
}

/// A search's seed: the same game, version and seat always search alike (a replayed or
/// resumed game makes the same bot moves).
pub(crate) fn search_seed(game_seed: u64, version: u64, seat: Seat) -> u64 {
    let mut x = game_seed ^ version.rotate_left(21) ^ (seat as u64).rotate_left(42);
    // splitmix64's finalizer: nearby inputs give unrelated seeds.
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Barrier;
    use storage::TimerKind;

    fn timer(version: u64) -> Timer {
        Timer {
            kind: TimerKind::StandIn,
            due_ms: 0,
            game_id: 1,
            version,
            count: 0,
            held_up: false,
        }
    }

    #[test]
    fn the_channels_take_turns_on_the_pool() {
        let thinker = Thinker::with_threads(1);
        let order = Arc::new(Mutex::new(Vec::new()));
        // Hold the one thread until every job is queued.
        let gate = Arc::new(Barrier::new(2));
        let g = gate.clone();
        thinker.run(
            7,
            Box::new(move || {
                g.wait();
            }),
        );
        let record = |channel: ChannelId, n: u32| {
            let order = order.clone();
            Box::new(move || crate::lock(&order).push((channel, n))) as Job
        };
        thinker.run(1, record(1, 1));
        thinker.run(1, record(1, 2));
        thinker.run(1, record(1, 3));
        thinker.run(2, record(2, 1));
        thinker.run(3, record(3, 1));
        let (tx, rx) = mpsc::channel();
        thinker.run(1, Box::new(move || tx.send(()).unwrap()));
        gate.wait();
        rx.recv().unwrap();
        assert_eq!(
            *crate::lock(&order),
            vec![(1, 1), (2, 1), (3, 1), (1, 2), (1, 3)],
            "one job per channel in turn, not one channel's queue first"
        );
    }

    #[test]
    fn a_timer_is_planned_once_until_its_plan_is_taken() {
        let thinker = Thinker::inline();
        let calls = Arc::new(Mutex::new(0));
        let work = |calls: Arc<Mutex<u32>>| {
            move || {
                *crate::lock(&calls) += 1;
                vec![(0, "add 1".to_string())]
            }
        };
        let permit = || thinker.admit(0).unwrap();
        assert!(thinker.plan(5, timer(3), permit(), vec![], work(calls.clone())));
        assert!(thinker.is_thinking(5, &timer(3)));
        assert!(
            !thinker.plan(5, timer(3), permit(), vec![], work(calls.clone())),
            "already planned"
        );
        assert!(
            thinker.plan(5, timer(4), permit(), vec![], work(calls.clone())),
            "another version"
        );
        let plans = thinker.take_finished();
        assert_eq!(plans.len(), 2);
        assert_eq!(plans[0].moves, vec![(0, "add 1".to_string())]);
        assert_eq!(*crate::lock(&calls), 2);
        assert!(!thinker.is_thinking(5, &timer(3)));
        assert!(thinker.take_finished().is_empty());
    }

    #[test]
    fn a_pool_plan_wakes_the_adapter_and_asks_are_answered() {
        let thinker = Thinker::with_threads(2);
        let (tx, rx) = mpsc::channel();
        let tx = Mutex::new(tx);
        thinker.set_waker(Arc::new(move || {
            let _ = crate::lock(&tx).send(());
        }));
        let permit = thinker.admit(0).unwrap();
        assert!(thinker.plan(9, timer(1), permit, vec![], || vec![(
            1,
            "pass".to_string()
        )]));
        rx.recv_timeout(std::time::Duration::from_secs(10))
            .expect("the waker is called");
        assert_eq!(thinker.take_finished()[0].moves[0].1, "pass");
        assert_eq!(thinker.ask(9, || 6 * 7), Some(42));
    }

    #[test]
    fn a_job_that_panics_leaves_its_thread_serving() {
        let thinker = Thinker::with_threads(1);
        for _ in 0..3 {
            thinker.submit(1, || panic!("a job that panics"));
        }
        let (tx, rx) = mpsc::channel();
        thinker.submit(2, move || tx.send(6 * 7).unwrap());
        assert_eq!(
            rx.recv_timeout(std::time::Duration::from_secs(10)),
            Ok(42),
            "the one thread is still there"
        );
    }

    #[test]
    fn a_plan_whose_work_panics_is_its_fallback() {
        let thinker = Thinker::inline();
        let permit = thinker.admit(0).unwrap();
        let fallback = vec![(1, "ack".to_string())];
        assert!(thinker.plan(3, timer(1), permit, fallback.clone(), || panic!("boom")));
        assert_eq!(thinker.take_finished()[0].moves, fallback);
        assert!(thinker.admit(0).is_some(), "its place is free again");
    }

    #[test]
    fn each_server_has_its_cap_of_searches_in_flight() {
        let thinker = Thinker::inline().server_searches(2);
        let a = thinker.admit(10).unwrap();
        let _b = thinker.admit(10).unwrap();
        assert!(thinker.admit(10).is_none(), "server 10 is full");
        assert!(thinker.admit(11).is_some(), "another server is not");
        drop(a);
        assert!(thinker.admit(10).is_some(), "a place freed");
        let uncapped = Thinker::inline().server_searches(0);
        let held: Vec<_> = (0..100).map(|_| uncapped.admit(10)).collect();
        assert!(held.iter().all(Option::is_some), "0: no cap");
    }

    #[test]
    fn seeds_differ_by_version_and_seat_and_repeat() {
        assert_eq!(search_seed(1, 2, 3), search_seed(1, 2, 3));
        assert_ne!(search_seed(1, 2, 3), search_seed(1, 3, 3));
        assert_ne!(search_seed(1, 2, 3), search_seed(1, 2, 2));
    }
}
