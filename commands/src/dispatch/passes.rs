//! The sender's passes: after a command, and the background loop (due rows, timers,
//! the archive's retention), one channel at a time.

use super::permissions::{missing_permission_notice, Actor, Replies};
use super::sender::{Outcome, PassEnd, Sender, DRAIN_BATCH};
use super::transport::Transport;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use table::{ChannelId, Delivery, Pending};

/// How often the loop forgets archived games past their retention.
pub(super) const RETENTION_SWEEP_EVERY: Duration = Duration::from_secs(3_600);

impl Sender {
    /// Archived games are forgotten `days` after they ended (config `[archive]
    /// keep_days`; 0 keeps them): the loop sweeps at start and then hourly.
    pub fn keep_archive_days(&self, days: u64) {
        self.keep_days
            .store(days, std::sync::atomic::Ordering::Relaxed);
    }

    /// Forgets the archived games past their retention, if it is time to.
    pub(super) async fn sweep_archive(&self, last: &mut Option<std::time::Instant>) {
        let days = self.keep_days.load(std::sync::atomic::Ordering::Relaxed);
        if days == 0 || last.is_some_and(|at| at.elapsed() < RETENTION_SWEEP_EVERY) {
            return;
        }
        *last = Some(std::time::Instant::now());
        let table = self.table.clone();
        let forgotten = tokio::task::spawn_blocking(move || table.forget_old_games(days))
            .await
            .unwrap_or(0);
        if forgotten > 0 {
            tracing::info!(
                forgotten,
                days,
                "archived games past their retention forgotten"
            );
        }
    }

    /// Sends what a command by `actor` in `channel` produced, after anything still
    /// pending there (oldest first, so a backlog left by a missing permission goes out
    /// in order), and returns what to answer the actor with, privately (texts and a picture).
    pub async fn after_command<T: Transport>(
        &self,
        transport: &T,
        channel: ChannelId,
        actor: Actor,
        deliveries: Vec<Delivery>,
    ) -> Replies {
        let mut replies: Vec<String> = Vec::new();
        let mut picture = None;
        let mut unstored = Vec::new();
        for d in deliveries {
            match d {
                Delivery::Ephemeral {
                    text,
                    summary,
                    picture: Some(of),
                } if picture.is_none() => match self.picture(channel, of).await {
                    Some(png) => {
                        picture = Some(png);
                        replies.push(summary.unwrap_or(text));
                    }
                    None => replies.push(text),
                },
                Delivery::Ephemeral { text, .. } => replies.push(text),
                d if d.outbox().is_none() => unstored.push(d),
                _ => {}
            }
        }
        let end = self
            .channel_pass(transport, channel, Some(actor), None, &mut replies)
            .await;
        // A store failure left these unstored: send them once, best effort (channel posts
        // only if this pass could post).
        let now = self.table.now_ms();
        for d in unstored {
            if matches!(d, Delivery::Channel { .. })
                && end
                    != (PassEnd::Done {
                        posting_stopped: false,
                    })
            {
                continue;
            }
            let p = Pending {
                channel,
                attempts: 0,
                due_ms: now,
                queued_ms: Some(now),
                delivery: d,
            };
            let known = actor.reported();
            self.send_row(transport, p, Some(actor), known, None, &mut replies)
                .await;
        }
        // The command may have set new timers: the loop recomputes when to wake.
        self.notify();
        Replies {
            texts: replies,
            picture,
        }
    }

    /// The picture of `of` (PNG and alt text), drawn (or taken from the table's cache) on
    /// the blocking pool; `None` when the game moved on or has no pictures.
    pub(super) async fn picture(
        &self,
        channel: ChannelId,
        of: table::PictureOf,
    ) -> Option<Arc<table::Picture>> {
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || table.picture(channel, of))
            .await
            .ok()
            .flatten()
    }

    /// Sends every due row (at start-up: what a crash left; later: retries), oldest
    /// first, channel by channel. Returns how many due rows it read (nothing while the
    /// breaker holds requests).
    pub async fn drain<T: Transport>(&self, transport: &T) -> usize {
        if self.breaker_wait().is_some() {
            return 0;
        }
        let table = self.table.clone();
        let (due, now) = tokio::task::spawn_blocking(move || {
            let now = table.now_ms();
            (table.pending(now, DRAIN_BATCH), now)
        })
        .await
        .unwrap_or_default();
        let n = due.len();
        let mut channels: Vec<ChannelId> = Vec::new();
        for p in &due {
            if !channels.contains(&p.channel) {
                channels.push(p.channel);
            }
        }
        let mut ignored = Vec::new();
        for channel in channels {
            let end = self
                .channel_pass(transport, channel, None, Some(now), &mut ignored)
                .await;
            if end == PassEnd::Held {
                return 0;
            }
        }
        n
    }

    /// Wakes the background loop (new rows may be due).
    pub fn notify(&self) {
        self.wake.notify_one();
    }

    /// Fires the timers that are due (reminders, timeouts, stand-in moves): their
    /// deliveries are stored, and sent by the next drain. Returns how many channels got
    /// new deliveries.
    pub async fn fire_timers(&self) -> usize {
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || table.fire_due_timers().len())
            .await
            .unwrap_or(0)
    }

    /// The background loop: fires due timers and drains due rows, then sleeps until the
    /// next row or timer is due (or 30 s, or a wake-up, or the breaker lets requests
    /// through again), until `stop` resolves.
    pub async fn run<T: Transport>(&self, transport: &T, stop: impl Future<Output = ()>) {
        tokio::pin!(stop);
        let mut swept = None;
        loop {
            self.sweep_archive(&mut swept).await;
            self.fire_timers().await;
            while self.drain(transport).await >= DRAIN_BATCH {}
            let table = self.table.clone();
            let (next, now) = tokio::task::spawn_blocking(move || {
                let next = match (table.next_due(), table.next_timer_due()) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                (next, table.now_ms())
            })
            .await
            .unwrap_or((None, 0));
            let mut wait = next
                .map(|due| due.saturating_sub(now))
                .unwrap_or(30_000)
                .clamp(50, 30_000);
            if let Some(held) = self.breaker_wait() {
                // Timers still fire meanwhile (they only store rows).
                wait = wait.max(
                    u64::try_from(held.as_millis())
                        .unwrap_or(u64::MAX)
                        .min(30_000),
                );
            }
            tokio::select! {
                _ = &mut stop => return,
                _ = self.wake.notified() => {}
                _ = tokio::time::sleep(Duration::from_millis(wait)) => {}
            }
        }
    }

    /// One pass over a channel's pending rows, oldest first (`due_by`: only those due by
    /// then — the background loop; `None`: all — after a command). Drops stale rows,
    /// decides from the reported permissions and the channel's hold whether to try its
    /// posts, stops posting at the first refusal, and tells the actor once why posts wait.
    pub(super) async fn channel_pass<T: Transport>(
        &self,
        transport: &T,
        channel: ChannelId,
        actor: Option<Actor>,
        due_by: Option<u64>,
        replies: &mut Vec<String>,
    ) -> PassEnd {
        let table = self.table.clone();
        let (rows, now) =
            tokio::task::spawn_blocking(move || (table.pending_in(channel), table.now_ms()))
                .await
                .unwrap_or_default();
        let rows = self.drop_stale(channel, rows, now).await;
        let report = actor.and_then(|a| a.reported());
        let (may_post, known) = self.plan(channel, report, now);
        let mut posting_stopped = !may_post;
        let mut waiting: Vec<(u64, u32, u64)> = Vec::new();
        let mut refused = None;
        let mut posted = false;
        for row in rows {
            if due_by.is_some_and(|by| row.due_ms > by) {
                continue;
            }
            let is_post = matches!(row.delivery, Delivery::Channel { .. });
            if is_post && posting_stopped {
                if let Some(id) = row.delivery.outbox() {
                    waiting.push((id, row.attempts, row.due_ms));
                }
                continue;
            }
            match self
                .send_row(transport, row, actor, known, due_by, replies)
                .await
            {
                Some(Outcome::Held) => return PassEnd::Held,
                Some(Outcome::Refused { until_ms, attempts }) => {
                    posting_stopped = true;
                    refused = Some((until_ms, attempts));
                }
                Some(Outcome::Done) if is_post => posted = true,
                _ => {}
            }
        }
        if posted {
            self.posted_in(channel);
        }
        if refused.is_some() || !waiting.is_empty() {
            let until = self.hold(channel, report, refused.map(|r| r.0), &waiting, now);
            // The rows that wait share the refusals counted so far, so the backoff keeps
            // growing whichever of them is tried next (or dropped as stale).
            let refusals = refused.map_or(0, |r| r.1);
            let later: Vec<(u64, u32, u64)> = waiting
                .iter()
                .filter(|(_, attempts, due)| *due < until || *attempts < refusals)
                .map(|(id, attempts, due)| (*id, (*attempts).max(refusals), (*due).max(until)))
                .collect();
            if !later.is_empty() {
                let table = self.table.clone();
                let _ = tokio::task::spawn_blocking(move || {
                    for (id, attempts, due) in later {
                        table.retry_later(id, due, attempts);
                    }
                })
                .await;
            }
            if let Some(actor) = actor {
                let known = known.map(|k| k.permissions);
                let lang = self.person_lang(actor.user).await;
                let notice = missing_permission_notice(lang, known, actor.in_thread);
                self.tell_once(channel, actor.user, notice, replies);
            }
        }
        PassEnd::Done { posting_stopped }
    }
}
