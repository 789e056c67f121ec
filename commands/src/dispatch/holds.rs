//! Deciding for a troubled channel: which rows wait or are dropped, holds on refused posts,
//! and telling each player once which permission is missing.

use super::permissions::{picture_permission_notice, Actor, Reported};
use super::sender::{Outcome, Sender};
use super::transport::SendError;
use super::trouble::{
    backoff_ms, refused_backoff_ms, sort_out, Hold, Stale, Trouble, MAX_DELIVERY_AGE_MS,
    MAX_WAITING_POSTS,
};
use std::collections::HashMap;
use table::{ChannelId, Pending, UserId};
use words::Lang;

impl Sender {
    /// Drops the rows of one channel no longer worth sending (see [`sort_out`]), with a
    /// log line each; returns the others, oldest first. A row being sent is left alone.
    pub(super) async fn drop_stale(
        &self,
        channel: ChannelId,
        rows: Vec<Pending>,
        now: u64,
    ) -> Vec<Pending> {
        let (keep, stale) = sort_out(rows, now);
        let mut done = Vec::new();
        for (row, why) in stale {
            let Some(id) = row.delivery.outbox() else {
                continue;
            };
            if !self.claim(id) {
                continue;
            }
            match why {
                Stale::TooOld => tracing::warn!(
                    channel,
                    id,
                    queued_ms = row.queued_ms,
                    "delivery dropped: not sent within {} days",
                    MAX_DELIVERY_AGE_MS / 86_400_000
                ),
                Stale::Superseded => tracing::info!(
                    channel,
                    id,
                    "turn message or hand dropped unsent: a newer one replaces it"
                ),
                Stale::OverCap => tracing::warn!(
                    channel,
                    id,
                    "post dropped unsent: more than {MAX_WAITING_POSTS} wait in the channel"
                ),
            }
            done.push(id);
        }
        if !done.is_empty() {
            let table = self.table.clone();
            let ids = done.clone();
            let _ = tokio::task::spawn_blocking(move || {
                for id in ids {
                    table.delivered(id);
                }
            })
            .await;
            for id in done {
                self.release(id);
            }
        }
        keep
    }

    /// Notes what an interaction in `channel` reports of the bot's permissions there,
    /// before its command runs: a background pass sending the command's messages meanwhile
    /// then goes by the fresh report, not an older one (a picture left off for an Attach
    /// Files permission given back since).
    pub fn note_permissions(&self, channel: ChannelId, actor: &Actor) {
        if let Some(report) = actor.reported() {
            Self::note_report(&mut self.troubles(), channel, report);
        }
    }

    pub(super) fn note_report(
        troubles: &mut HashMap<ChannelId, Trouble>,
        channel: ChannelId,
        r: Reported,
    ) {
        if r.complete() {
            if let Some(t) = troubles.get_mut(&channel) {
                t.reported = None;
                t.told.clear();
            }
        } else {
            troubles.entry(channel).or_default().reported = Some(r);
        }
    }

    /// Whether this pass may try the channel's posts, and the permissions known there
    /// (`report`, else what an earlier interaction reported). Notes `report`.
    pub(super) fn plan(
        &self,
        channel: ChannelId,
        report: Option<Reported>,
        now: u64,
    ) -> (bool, Option<Reported>) {
        let mut troubles = self.troubles();
        if let Some(r) = report {
            Self::note_report(&mut troubles, channel, r);
        }
        let trouble = troubles.get(&channel);
        let known = report.or(trouble.and_then(|t| t.reported));
        let held = trouble.and_then(|t| t.hold).is_some_and(|h| {
            h.until_ms > now && report.is_none_or(|r| Some(r.permissions) == h.under)
        });
        if trouble.is_some_and(Trouble::is_empty) {
            troubles.remove(&channel);
        }
        let lacking = report.is_some_and(|r| !r.can_post());
        (!held && !lacking, known)
    }

    /// Holds the channel's posts (after a refusal, or while the reported permissions lack
    /// what posting needs) and returns until when. A refusal sets it from the refused
    /// row's backoff; otherwise a hold still running is kept, else one is begun from the
    /// waiting rows' attempts.
    pub(super) fn hold(
        &self,
        channel: ChannelId,
        report: Option<Reported>,
        refused_until: Option<u64>,
        waiting: &[(u64, u32, u64)],
        now: u64,
    ) -> u64 {
        let mut troubles = self.troubles();
        let trouble = troubles.entry(channel).or_default();
        let running = trouble.hold.filter(|h| h.until_ms > now);
        let until = match (refused_until, running) {
            (Some(until), _) => until,
            (None, Some(h)) => h.until_ms,
            (None, None) => {
                let attempts = waiting.iter().map(|(_, a, _)| *a).max().unwrap_or(0);
                now.saturating_add(refused_backoff_ms(attempts))
            }
        };
        let under = report
            .map(|r| r.permissions)
            .or_else(|| trouble.hold.and_then(|h| h.under));
        trouble.hold = Some(Hold {
            until_ms: until,
            under,
        });
        until
    }

    /// A post went out in `channel`: its hold ends, and whoever was told it could not
    /// post may be told again if it happens again.
    pub(super) fn posted_in(&self, channel: ChannelId) {
        let mut troubles = self.troubles();
        if let Some(t) = troubles.get_mut(&channel) {
            t.hold = None;
            let pictures = Lang::ALL.map(picture_permission_notice);
            t.told.retain(|(_, sentence)| pictures.contains(sentence));
            if t.is_empty() {
                troubles.remove(&channel);
            }
        }
    }

    /// Adds `sentence` to the replies unless `user` was told it about `channel` already.
    pub(super) fn tell_once(
        &self,
        channel: ChannelId,
        user: UserId,
        sentence: String,
        replies: &mut Vec<String>,
    ) {
        let mut troubles = self.troubles();
        let told = &mut troubles.entry(channel).or_default().told;
        if told.insert((user, sentence.clone())) && !replies.contains(&sentence) {
            replies.push(sentence);
        }
    }

    /// What a failed channel post comes to (the pass tells the actor about a refusal).
    pub(super) fn channel_failure(&self, e: SendError, row: &Pending) -> Outcome {
        let channel = row.channel;
        match e {
            SendError::Forbidden(code) => {
                let wait_ms = refused_backoff_ms(row.attempts);
                let until_ms = self.table.now_ms().saturating_add(wait_ms);
                tracing::warn!(
                    channel,
                    code,
                    attempts = row.attempts + 1,
                    "missing permission in the channel; its posts wait {} s",
                    wait_ms / 1000
                );
                Outcome::Refused {
                    until_ms,
                    attempts: row.attempts + 1,
                }
            }
            SendError::Held => Outcome::Held,
            SendError::RateLimited { after_ms } => {
                tracing::warn!(channel, "post rate limited; will retry");
                Outcome::Retry {
                    after_ms: after_ms.max(backoff_ms(row.attempts)),
                }
            }
            SendError::Transient { after_ms, why } => {
                tracing::warn!(channel, %why, "post failed; will retry");
                Outcome::Retry {
                    after_ms: after_ms.max(backoff_ms(row.attempts)),
                }
            }
            SendError::Gone(code) => {
                tracing::warn!(channel, code, "channel or message gone; delivery dropped");
                Outcome::Drop
            }
            SendError::DmClosed | SendError::Refused { .. } => {
                tracing::error!(channel, error = ?e, "post refused; delivery dropped");
                Outcome::Drop
            }
        }
    }
}
