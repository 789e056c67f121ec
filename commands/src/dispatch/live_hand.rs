//! A player's live hand (one DM edited in place) and the channel's live turn message
//! (whose buttons work), found again after a restart through channel notes.

use super::sender::Sender;
use super::transport::{SendError, Transport};
use poise::serenity_prelude as serenity;
use table::{ChannelId, Pending, UserId};

/// The note naming a channel's live turn message (the one whose buttons work).
pub(super) const LIVE_TURN_NOTE: &str = "live-turn";

/// The note locating a player's live hand in this channel's game ([`LiveHand`]).
pub(super) fn live_hand_note(user: UserId) -> String {
    format!("hand:{user}")
}

/// A short digest of a message's text (FNV-1a): to skip a DM or an edit that would
/// repeat the last one.
pub(super) fn digest(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Where a player's live hand is: the game, the DM channel and message, and a digest of
/// what it shows now. Stored as a channel note, so a restart edits the same message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct LiveHand {
    pub(super) game_id: u64,
    pub(super) dm: u64,
    pub(super) message: u64,
    pub(super) digest: u64,
}

impl LiveHand {
    pub(super) fn encode(&self) -> Vec<u8> {
        [self.game_id, self.dm, self.message, self.digest]
            .iter()
            .flat_map(|v| v.to_be_bytes())
            .collect()
    }

    pub(super) fn decode(bytes: &[u8]) -> Option<LiveHand> {
        let mut words = bytes
            .chunks_exact(8)
            .map(|c| c.try_into().ok().map(u64::from_be_bytes));
        let mut next = || words.next().flatten();
        let live = LiveHand {
            game_id: next()?,
            dm: next()?,
            message: next()?,
            digest: next()?,
        };
        (bytes.len() == 32).then_some(live)
    }
}

impl Sender {
    /// Shows `content` in `user`'s live hand of game `game_id`: an edit of the DM that
    /// holds it, or a new DM at the game's first hand — or once more when that DM is gone
    /// (10008 Unknown Message, 10003 Unknown Channel: deleted, or the DM channel closed).
    /// An edit that would change nothing is not made.
    pub(super) async fn send_hand<T: Transport>(
        &self,
        transport: &T,
        row: &Pending,
        user: UserId,
        game_id: u64,
        content: String,
        outbox: Option<u64>,
    ) -> Result<(), SendError> {
        let channel = row.channel;
        let note = live_hand_note(user);
        let digest = digest(&content);
        let live = self
            .note_bytes(channel, &note)
            .await
            .and_then(|b| LiveHand::decode(&b))
            .filter(|l| l.game_id == game_id);
        if let Some(live) = live {
            if live.digest == digest {
                return Ok(());
            }
            match self
                .guarded(transport.edit_text(live.dm, live.message, content.clone()))
                .await
            {
                Ok(()) => {
                    let now = LiveHand { digest, ..live };
                    self.put_note_bytes(channel, &note, now.encode()).await;
                    return Ok(());
                }
                Err(SendError::Gone(code)) => {
                    tracing::info!(
                        channel,
                        user,
                        code,
                        "the live hand is gone; sending it anew"
                    );
                }
                Err(e) => return Err(e),
            }
        }
        let mut message = crate::messages::dm_message(content);
        let stream = crate::nonce::dm_stream(user);
        if let Some(n) = self.nonce_number(channel, &stream, outbox).await {
            let nonce = crate::nonce::nonce(channel, &stream, n, "h");
            message = message
                .nonce(serenity::Nonce::String(nonce))
                .enforce_nonce(true);
        }
        let sent = self.dm_channels.send(transport, user, message);
        let (dm, message) = self.guarded(sent).await?;
        let live = LiveHand {
            game_id,
            dm,
            message,
            digest,
        };
        self.put_note_bytes(channel, &note, live.encode()).await;
        Ok(())
    }

    /// One live prompt in the channel: when a new turn message (`new_turn`) is posted, or
    /// the game is over, the previous turn message loses its buttons. Best effort: a
    /// message that is gone or cannot be edited keeps its (stale, harmless) buttons.
    pub(super) async fn retire_turn_message<T: Transport>(
        &self,
        transport: &T,
        channel: ChannelId,
        new_turn: Option<u64>,
    ) {
        let live = self.note(channel, LIVE_TURN_NOTE).await;
        let retire = match new_turn {
            Some(new) => live.filter(|old| *old != new),
            // Over, or only bots (or seats the bot plays) awaited now: nobody has a move,
            // so no "Your move" button may stay live while they play.
            None if self.game_id(channel).await.is_none()
                || !self.anyone_awaited(channel).await =>
            {
                live
            }
            None => None,
        };
        if let Some(old) = retire {
            if let Err(e) = self.guarded(transport.unbutton(channel, old)).await {
                tracing::info!(channel, message = old, error = ?e, "old turn message kept its buttons");
            }
        }
        match new_turn {
            Some(new) => self.put_note(channel, LIVE_TURN_NOTE, new).await,
            None if retire.is_some() => self.clear_note(channel, LIVE_TURN_NOTE).await,
            None => {}
        }
    }

    /// Whether a person at the table is awaited now (someone a turn message prompts).
    pub(super) async fn anyone_awaited(&self, channel: ChannelId) -> bool {
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || !table.prompts(channel).is_empty())
            .await
            .unwrap_or(true)
    }
}
