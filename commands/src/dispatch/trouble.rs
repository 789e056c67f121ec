//! What keeps a channel's posts waiting or drops them: a channel's trouble (a missing
//! permission, a refused post), its hold and backoffs, and stale rows.

use super::permissions::Reported;
use poise::serenity_prelude as serenity;
use std::collections::{HashMap, HashSet};
use table::{Delivery, Pending, UserId};

/// The longest wait between retries of a transient failure (5xx, network, 429).
pub(super) const MAX_BACKOFF_MS: u64 = 5 * 60 * 1000;

/// After a channel refused a post (403), its posts wait this long before the next try…
pub const REFUSED_FIRST_RETRY_MS: u64 = 60 * 1000;

/// …doubled with each refused attempt of the row, up to this (an interaction reporting
/// other permissions lifts the wait at once).
pub const REFUSED_MAX_RETRY_MS: u64 = 6 * 60 * 60 * 1000;

/// A delivery still unsent this long after it was queued is dropped, with a warning: a
/// channel the bot has lost for a week does not keep its posts for ever.
pub const MAX_DELIVERY_AGE_MS: u64 = 7 * 24 * 60 * 60 * 1000;

/// At most this many posts wait per channel (after superseded turn messages are dropped):
/// older ones are dropped, with a warning.
pub const MAX_WAITING_POSTS: usize = 5;

pub(super) fn backoff_ms(attempts: u32) -> u64 {
    (1000u64 << attempts.min(16)).min(MAX_BACKOFF_MS)
}

/// How long a channel's posts wait after its `attempts`-th refused post (counting from 0).
pub fn refused_backoff_ms(attempts: u32) -> u64 {
    REFUSED_FIRST_RETRY_MS
        .saturating_mul(1u64 << attempts.min(20))
        .min(REFUSED_MAX_RETRY_MS)
}

/// What the sender remembers about a channel where a permission is missing or a post
/// was refused (in memory: a restart forgets it, at the cost of one more try).
#[derive(Debug, Default)]
pub(super) struct Trouble {
    /// The permissions the last interaction here reported, when a needed one was missing
    /// (the background loop decides on pictures by it).
    pub(super) reported: Option<Reported>,
    /// The channel's posts wait until then.
    pub(super) hold: Option<Hold>,
    /// Who was told what about this channel (user, sentence), while it lasts.
    pub(super) told: HashSet<(UserId, String)>,
}

impl Trouble {
    pub(super) fn is_empty(&self) -> bool {
        self.reported.is_none() && self.hold.is_none() && self.told.is_empty()
    }
}

/// A channel's posts wait until `until_ms` (table time).
#[derive(Debug, Clone, Copy)]
pub(super) struct Hold {
    pub(super) until_ms: u64,
    /// The permissions reported when the hold began: a report of others lifts it.
    pub(super) under: Option<serenity::Permissions>,
}

/// Why a pending row is dropped unsent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stale {
    /// Queued more than [`MAX_DELIVERY_AGE_MS`] ago.
    TooOld,
    /// A turn message with a newer turn message after it.
    Superseded,
    /// More than [`MAX_WAITING_POSTS`] posts wait in its channel; it is among the oldest.
    OverCap,
}

/// Sorts one channel's pending rows (oldest first) into those still worth sending and
/// those to drop, with why.
pub(super) fn sort_out(rows: Vec<Pending>, now_ms: u64) -> (Vec<Pending>, Vec<(Pending, Stale)>) {
    let newest_turn = rows.iter().rposition(
        |p| matches!(&p.delivery, Delivery::Channel { prompts, .. } if !prompts.is_empty()),
    );
    // A live hand shows only its newest state: an older update waiting behind a newer
    // one for the same player and game is never sent.
    let hand_of = |p: &Pending| match &p.delivery {
        Delivery::Hand { user, game_id, .. } => Some((*user, *game_id)),
        _ => None,
    };
    let mut newest_hand: HashMap<(UserId, u64), usize> = HashMap::new();
    for (i, row) in rows.iter().enumerate() {
        if let Some(key) = hand_of(row) {
            newest_hand.insert(key, i);
        }
    }
    let mut keep = Vec::new();
    let mut drop = Vec::new();
    for (i, row) in rows.into_iter().enumerate() {
        let old = row
            .queued_ms
            .is_some_and(|q| now_ms.saturating_sub(q) > MAX_DELIVERY_AGE_MS);
        let superseded = (newest_turn.is_some_and(|newest| i < newest)
            && matches!(&row.delivery, Delivery::Channel { prompts, .. } if !prompts.is_empty()))
            || hand_of(&row).is_some_and(|key| newest_hand.get(&key).is_some_and(|n| i < *n));
        if old {
            drop.push((row, Stale::TooOld));
        } else if superseded {
            drop.push((row, Stale::Superseded));
        } else {
            keep.push(row);
        }
    }
    let posts = keep
        .iter()
        .filter(|p| matches!(p.delivery, Delivery::Channel { .. }))
        .count();
    let mut excess = posts.saturating_sub(MAX_WAITING_POSTS);
    if excess > 0 {
        let mut kept = Vec::with_capacity(keep.len());
        for row in keep {
            if excess > 0 && matches!(row.delivery, Delivery::Channel { .. }) {
                excess -= 1;
                drop.push((row, Stale::OverCap));
            } else {
                kept.push(row);
            }
        }
        keep = kept;
    }
    (keep, drop)
}
