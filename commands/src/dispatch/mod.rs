//! The outbox sender: sends the deliveries the table stored with each change through a
//! [`Transport`] (Discord in production, a fake in unit tests), marks each one done once
//! Discord confirms it, and decides what happens on failure:
//!
//! - 429 / 5xx / network: tried again later with exponential backoff;
//! - missing permission in the channel: the permissions the interaction reports
//!   (`app_permissions`) are read *before* sending. Without View Channel or Send Messages
//!   no post is tried: the posts wait, and each player who acts there is told once,
//!   privately, which permission is missing (again only if what is missing changes, or
//!   after the bot could post there). A post Discord refuses (50001 / 50013) stops the
//!   channel's pass and holds its posts for a backoff that doubles with each refused
//!   attempt of the row, from [`REFUSED_FIRST_RETRY_MS`] to [`REFUSED_MAX_RETRY_MS`];
//!   an interaction reporting other permissions (a moderator changed something) lifts
//!   the hold at once. Without Attach Files a post goes without its picture; a post
//!   refused with its picture is tried without it only when Send Messages is known to be
//!   there;
//! - a channel's waiting posts stay few: a newer turn message supersedes the older ones,
//!   at most [`MAX_WAITING_POSTS`] wait, and a delivery not sent within
//!   [`MAX_DELIVERY_AGE_MS`] is dropped, with a log line each time;
//! - closed DMs (50007): one notice per player per game in the channel (no secret in it);
//!   that player's private updates stay reachable through **My hand** and `/game hand`,
//!   and DMs are tried again when that player next acts;
//! - unknown channel or message (10003 / 10008), or a malformed request: dropped with a
//!   log line, never retried forever;
//! - whatever users do, a [`Breaker`] keeps the answers 401 / 403 / 429 to the outbox's
//!   requests under [`INVALID_REQUEST_BUDGET`] per [`INVALID_REQUEST_WINDOW`] (Discord
//!   bans the bot's IP, from every server, at 10,000): past it, rows wait.
//!
//! Channel messages carry a `nonce` with `enforce_nonce` (numbered per channel and per
//! player's DMs, see `nonce.rs`), so a re-send after a crash (sent, but not yet marked
//! done) never posts twice; a row claimed for sending is read
//! again first, so one delivered meanwhile is not sent again.

mod breaker;
mod dm;
mod holds;
mod live_hand;
mod notes;
mod passes;
mod permissions;
mod send_row;
mod sender;
#[cfg(test)]
pub(crate) mod tests;
mod transport;
mod trouble;

pub use breaker::{Breaker, INVALID_REQUEST_BUDGET, INVALID_REQUEST_WINDOW};
pub use dm::dm_closed_notice;
pub use permissions::{
    can_post, missing_permission_notice, missing_permissions, picture_permission_notice, Actor,
    Replies, NEEDED_PERMISSIONS,
};
pub use sender::Sender;
pub use transport::{SendError, Transport};
pub use trouble::{
    refused_backoff_ms, MAX_DELIVERY_AGE_MS, MAX_WAITING_POSTS, REFUSED_FIRST_RETRY_MS,
    REFUSED_MAX_RETRY_MS,
};
