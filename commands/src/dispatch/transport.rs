//! What the sender needs of Discord ([`Transport`]) and how a request can fail ([`SendError`]).

use crate::messages::with_picture;
use poise::serenity_prelude as serenity;
use std::future::Future;

/// Why a send failed, as far as the outbox cares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SendError {
    /// The user does not accept DMs from the bot (Discord error 50007).
    DmClosed,
    /// The bot may not see or post in the channel (50001 Missing Access, 50013 Missing
    /// Permissions).
    Forbidden(u32),
    /// The channel or message no longer exists (10003, 10008).
    Gone(u32),
    /// Discord answered 429 Too Many Requests: try again after at least this long.
    RateLimited { after_ms: u64 },
    /// Worth trying again later (5xx, network), after at least this long.
    Transient { after_ms: u64, why: String },
    /// Discord refused the request itself: retrying would fail the same way. `status` is
    /// the HTTP status (0 when there was no answer).
    Refused { status: u16, why: String },
    /// Not sent: the outbox's [`Breaker`] holds requests after too many invalid answers.
    Held,
}

impl SendError {
    /// Whether Discord counts this answer as an invalid request (401, 403, 429): 10,000
    /// of them in 10 minutes ban the bot's IP.
    pub fn is_invalid_request(&self) -> bool {
        match self {
            SendError::DmClosed | SendError::Forbidden(_) | SendError::RateLimited { .. } => true,
            SendError::Refused { status, .. } => matches!(status, 401 | 403 | 429),
            SendError::Gone(_) | SendError::Transient { .. } | SendError::Held => false,
        }
    }
}

/// Where messages go.
pub trait Transport: Sync {
    /// Posts in a channel; returns the new message's id.
    fn post(
        &self,
        channel: u64,
        message: serenity::CreateMessage,
    ) -> impl Future<Output = Result<u64, SendError>> + Send;
    /// Posts in a channel with the board `picture` (and its alt text); returns the new
    /// message's id.
    fn post_picture(
        &self,
        channel: u64,
        message: serenity::CreateMessage,
        picture: &table::Picture,
    ) -> impl Future<Output = Result<u64, SendError>> + Send {
        self.post(channel, with_picture(message, picture))
    }
    /// Opens (or finds) the DM channel with `user`; returns its id.
    fn open_dm(&self, user: u64) -> impl Future<Output = Result<u64, SendError>> + Send;
    /// Replaces the text of a message the bot sent (a live hand, in a DM channel).
    fn edit_text(
        &self,
        channel: u64,
        message: u64,
        content: String,
    ) -> impl Future<Output = Result<(), SendError>> + Send;
    /// Takes the buttons off a message the bot posted in a channel (an old turn message).
    fn unbutton(
        &self,
        channel: u64,
        message: u64,
    ) -> impl Future<Output = Result<(), SendError>> + Send;
}
