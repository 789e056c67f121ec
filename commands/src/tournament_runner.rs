//! The tournaments' background pass: every live tournament (the store's list, so a
//! restarted process or another one picks them up) is run by `Table::run_tournament`,
//! with Discord making and finding its threads; woken by a tournament command, else every
//! [`POLL`]. A tournament whose step failed waits a backoff (doubling, capped) before it
//! is tried again.

use crate::dispatch::Sender;
use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use table::{ChannelId, Table};
use tokio::sync::Notify;

/// How often the live tournaments are looked at without a wake-up (a game that ended is
/// noticed within this).
pub const POLL: Duration = Duration::from_millis(1_500);
/// The longest wait after failures.
const MAX_BACKOFF_MS: u64 = 300_000;

/// Wakes every runner of this process (a tournament command changed something).
static WAKE: Notify = Notify::const_new();

/// Runs the pass now rather than at the next poll.
pub(crate) fn wake() {
    WAKE.notify_waiters();
}

/// Discord's side of the runner: public threads under the tournament's channel.
struct DiscordThreads {
    http: Arc<serenity::Http>,
    runtime: tokio::runtime::Handle,
}

impl table::tournament_run::Threads for DiscordThreads {
    fn start(&self, parent: ChannelId, name: &str) -> Result<ChannelId, String> {
        let builder = serenity::CreateThread::new(crate::messages::cut(name, 100))
            .kind(serenity::ChannelType::PublicThread)
            .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
        let made = self
            .runtime
            .block_on(serenity::ChannelId::new(parent).create_thread(self.http.as_ref(), builder));
        made.map(|thread| thread.id.get())
            .map_err(|e| e.to_string())
    }

    fn find(&self, guild: u64, parent: ChannelId, name: &str) -> Result<Option<ChannelId>, String> {
        let active = self
            .runtime
            .block_on(serenity::GuildId::new(guild).get_active_threads(self.http.as_ref()))
            .map_err(|e| e.to_string())?;
        Ok(active
            .threads
            .iter()
            .find(|t| t.parent_id.map(|p| p.get()) == Some(parent) && t.name == name)
            .map(|t| t.id.get()))
    }
}

/// Runs the live tournaments until `stop` resolves.
pub(crate) async fn run(
    table: Arc<Table>,
    http: Arc<serenity::Http>,
    sender: Arc<Sender>,
    stop: impl Future<Output = ()>,
) {
    tokio::pin!(stop);
    let mut waits: HashMap<ChannelId, (u64, u32)> = HashMap::new();
    loop {
        let woken = WAKE.notified();
        tokio::pin!(woken);
        woken.as_mut().enable();
        let listed = {
            let table = table.clone();
            tokio::task::spawn_blocking(move || (table.live_tournaments(), table.now_ms()))
                .await
                .unwrap_or_default()
        };
        let (channels, now) = listed;
        for channel in channels {
            if waits.get(&channel).is_some_and(|(due, _)| *due > now) {
                continue;
            }
            let threads = DiscordThreads {
                http: http.clone(),
                runtime: tokio::runtime::Handle::current(),
            };
            let t = table.clone();
            let report = tokio::task::spawn_blocking(move || t.run_tournament(channel, &threads))
                .await
                .unwrap_or_default();
            if report.steps > 0 {
                sender.notify();
            }
            match report.failed {
                Some(_) => {
                    let fails = waits.get(&channel).map_or(0, |w| w.1) + 1;
                    let backoff = (1_000u64 << fails.min(16)).min(MAX_BACKOFF_MS);
                    waits.insert(channel, (now + backoff, fails));
                }
                None => {
                    waits.remove(&channel);
                }
            }
        }
        tokio::select! {
            _ = &mut stop => return,
            _ = &mut woken => {}
            _ = tokio::time::sleep(POLL) => {}
        }
    }
}
