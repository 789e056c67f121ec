//! Private messages: opening a player's DMs, and what happens when they are closed (one
//! notice per player per game in the channel, DMs tried again when that player acts).

use super::sender::{Outcome, Sender};
use super::transport::{SendError, Transport};
use super::trouble::backoff_ms;
use poise::serenity_prelude as serenity;
use table::{ChannelId, Delivery, Pending, UserId};
use words::Lang;

/// The sentence posted in the channel (in its language `lang`) when a player's DMs are
/// closed. It names no secret.
pub fn dm_closed_notice(lang: Lang, user: u64) -> String {
    words::text(
        lang,
        "reply-dm-closed-notice",
        &[("user", format!("<@{user}>").into())],
    )
}

/// The note naming the game in which a player's DMs were found closed.
pub(super) fn dm_closed_note(user: UserId) -> String {
    format!("dm-closed:{user}")
}

/// The note holding a digest of the last new DM a player got about this channel.
pub(super) fn last_dm_note(user: UserId) -> String {
    format!("dm-last:{user}")
}

impl Sender {
    /// Sends a DM at once, outside the outbox (the seating test DM), counted by the
    /// breaker like every other request.
    pub async fn dm_now<T: Transport>(
        &self,
        transport: &T,
        user: u64,
        message: serenity::CreateMessage,
    ) -> Result<u64, SendError> {
        self.guarded(self.dm_channels.send(transport, user, message))
            .await
            .map(|(_, sent)| sent)
    }

    /// Whether a DM to `user` is worth trying: `None` when their DMs were found closed
    /// in this game and they are not the one acting (they were told once and read it on
    /// demand; DMs are tried again when they next act). `Some` holds the game in which
    /// they were found closed, if any.
    pub(super) async fn dm_allowed(
        &self,
        channel: ChannelId,
        user: UserId,
        acting: bool,
    ) -> Option<Option<u64>> {
        let game = self.game_id(channel).await;
        let closed_game = self.note(channel, &dm_closed_note(user)).await;
        if !acting && closed_game.is_some() && closed_game == game {
            return None;
        }
        Some(closed_game)
    }

    /// What a failed DM comes to: closed DMs are noted (one channel notice per game) and
    /// the actor gets `text` privately; rate limits and network trouble are tried again.
    pub(super) async fn dm_failure(
        &self,
        e: SendError,
        row: &Pending,
        user: UserId,
        acting: bool,
        text: &str,
        replies: &mut Vec<String>,
    ) -> Outcome {
        let channel = row.channel;
        match e {
            SendError::DmClosed => {
                if acting {
                    let lang = self.person_lang(user).await;
                    let why = words::text(lang, "reply-dm-closed-here-it-is", &[]);
                    replies.push(format!("{why}\n{text}"));
                }
                self.dm_closed(channel, user).await;
                Outcome::Drop
            }
            SendError::Held => Outcome::Held,
            SendError::RateLimited { after_ms } => {
                tracing::warn!(channel, user, "DM rate limited; will retry");
                Outcome::Retry {
                    after_ms: after_ms.max(backoff_ms(row.attempts)),
                }
            }
            SendError::Transient { after_ms, why } => {
                tracing::warn!(channel, user, %why, "DM failed; will retry");
                Outcome::Retry {
                    after_ms: after_ms.max(backoff_ms(row.attempts)),
                }
            }
            e => {
                tracing::warn!(channel, user, error = ?e, "DM dropped");
                if acting {
                    let lang = self.person_lang(user).await;
                    let why = words::text(lang, "reply-dm-failed-here-it-is", &[]);
                    replies.push(format!("{why}\n{text}"));
                }
                Outcome::Drop
            }
        }
    }

    /// Records that `user`'s DMs are closed during this channel's game. The first time in
    /// a game it queues the one channel notice (sent with the channel's next deliveries)
    /// and returns true; later calls in the same game do nothing.
    pub async fn dm_closed(&self, channel: ChannelId, user: u64) -> bool {
        let note = dm_closed_note(user);
        let game = self.game_id(channel).await;
        let closed_game = self.note(channel, &note).await;
        if closed_game.is_some() && closed_game == game {
            return false;
        }
        self.put_note(channel, &note, game.unwrap_or(0)).await;
        let notice = Delivery::channel(dm_closed_notice(self.channel_lang(channel).await, user));
        let table = self.table.clone();
        let _ = tokio::task::spawn_blocking(move || table.enqueue(channel, vec![notice])).await;
        self.notify();
        true
    }

    /// Whether `channel` is `user`'s DM with the bot (a game played there), opening the
    /// DM channel if it is not known yet (the DM about to be sent opens it anyway).
    pub(super) async fn is_dm_of<T: Transport>(
        &self,
        transport: &T,
        channel: ChannelId,
        user: u64,
    ) -> bool {
        let opened = self.guarded(self.dm_channels.open(transport, user)).await;
        opened.is_ok_and(|dm| dm == channel)
    }

    /// The first line of every DM, in the recipient's language `lang`: which game (`game`,
    /// else the channel's running game), in which channel (none for a game in that DM,
    /// `here`), with a link to the live turn message.
    pub(super) async fn dm_header(
        &self,
        lang: Lang,
        channel: ChannelId,
        game: Option<&str>,
        here: bool,
    ) -> String {
        let game = match game {
            Some(game) => Some(game.to_string()),
            None => {
                let table = self.table.clone();
                tokio::task::spawn_blocking(move || table.game_in(channel))
                    .await
                    .ok()
                    .flatten()
            }
        };
        let title = match game.as_deref().and_then(rules::catalog::find) {
            Some(kind) => kind.title.to_string(),
            None => words::text(lang, "dm-header-your-game", &[]),
        };
        // A link to the live turn message, when its guild and id are known.
        let link = match self.turn_link(channel).await {
            Some(link) => words::text(lang, "dm-header-link", &[("link", link.into())]),
            None => String::new(),
        };
        if here {
            return words::text(
                lang,
                "dm-header-here",
                &[("title", title.into()), ("link", link.into())],
            );
        }
        words::text(
            lang,
            "dm-header",
            &[
                ("title", title.into()),
                ("channel", format!("<#{channel}>").into()),
                ("link", link.into()),
            ],
        )
    }
}
