//! What every handler shares: the poise [`Context`], the bot's [`Data`], its [`Error`], and
//! the count of handlers in flight ([`Busy`]).

use crate::dispatch::Sender;
use crate::ratelimit::RateLimiter;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use table::Table;

/// Shared state of every handler.
pub struct Data {
    pub table: Arc<Table>,
    pub sender: Arc<Sender>,
    /// Interactions being handled now (shutdown waits for them to finish their commits).
    pub busy: Arc<Busy>,
    /// Every user's token bucket of interactions (slash commands, buttons, menus).
    pub limiter: std::sync::Mutex<RateLimiter>,
    /// Servers' preferred languages already recorded in the store by this process
    /// (so each is written once, not read on every command).
    pub guild_langs: std::sync::Mutex<std::collections::HashMap<u64, words::Lang>>,
}

impl Data {
    /// Takes one of `user`'s interaction tokens, by the table's clock; `Some` is the
    /// private "slow down" answer (in `lang`) when they have none left (nothing else is
    /// done then).
    pub(crate) fn over_limit(&self, lang: words::Lang, user: u64) -> Option<String> {
        let now = self.table.now_ms();
        let mut limiter = self.limiter.lock().unwrap_or_else(|e| e.into_inner());
        limiter
            .check(user, now)
            .err()
            .map(|wait| limiter.slow_down(lang, wait))
    }

    /// Takes one of `user`'s autocomplete tokens: false when they have none left (the
    /// autocomplete then answers an empty list and reads nothing).
    pub(crate) fn lookup_allowed(&self, user: u64) -> bool {
        let now = self.table.now_ms();
        let mut limiter = self.limiter.lock().unwrap_or_else(|e| e.into_inner());
        limiter.check_lookup(user, now)
    }

    /// Records server `guild`'s preferred locale (from its GUILD_CREATE or an
    /// interaction's `guild_locale`) in the store when this process has not yet.
    pub(crate) async fn note_guild_locale(&self, guild: u64, locale: &str) {
        let lang = words::Lang::from_discord_locale(locale);
        {
            let mut known = self.guild_langs.lock().unwrap_or_else(|e| e.into_inner());
            if known.get(&guild) == Some(&lang) {
                return;
            }
            known.insert(guild, lang);
        }
        let table = Arc::clone(&self.table);
        let locale = locale.to_string();
        let _ =
            tokio::task::spawn_blocking(move || table.remember_guild_locale(guild, &locale)).await;
    }

    /// The language `user` reads (their choice, else their client's `locale`).
    pub(crate) async fn person_lang(&self, user: u64, locale: Option<&str>) -> words::Lang {
        let table = Arc::clone(&self.table);
        let locale = locale.map(str::to_string);
        tokio::task::spawn_blocking(move || table.person_lang(user, locale.as_deref()))
            .await
            .unwrap_or_default()
    }

    /// [`Data::person_lang`] for an interaction from `user`: their client's `locale`, when
    /// it brings one, is remembered first for the DMs and hands sent them later.
    pub(crate) async fn reader_lang(&self, user: u64, locale: Option<&str>) -> words::Lang {
        let table = Arc::clone(&self.table);
        let locale = locale.map(str::to_string);
        tokio::task::spawn_blocking(move || {
            if let Some(locale) = &locale {
                table.remember_client_locale(user, locale);
            }
            table.person_lang(user, locale.as_deref())
        })
        .await
        .unwrap_or_default()
    }
}

/// Counts handlers in flight, so that shutdown lets their commits finish.
#[derive(Default)]
pub struct Busy {
    count: AtomicUsize,
    idle: tokio::sync::Notify,
}

/// Held while a handler runs.
pub struct BusyGuard(Arc<Busy>);

impl Busy {
    pub fn enter(self: &Arc<Self>) -> BusyGuard {
        self.count.fetch_add(1, Ordering::SeqCst);
        BusyGuard(self.clone())
    }

    /// Waits until no handler runs, at most `limit`.
    pub async fn wait_idle(&self, limit: Duration) {
        let _ = tokio::time::timeout(limit, async {
            while self.count.load(Ordering::SeqCst) > 0 {
                self.idle.notified().await;
            }
        })
        .await;
    }
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;

pub type Context<'a> = poise::Context<'a, Data, Error>;
