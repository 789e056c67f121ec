//! The channel notes the sender keeps (guild, nonces, games) and the languages it speaks in.

use super::live_hand::LIVE_TURN_NOTE;
use super::sender::Sender;
use table::{ChannelId, UserId};
use words::Lang;

/// The note naming a channel's guild (a link to a message needs it).
pub(super) const GUILD_NOTE: &str = "guild";

impl Sender {
    pub(super) async fn game_id(&self, channel: ChannelId) -> Option<u64> {
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || table.state_version(channel).map(|s| s.game_id))
            .await
            .ok()
            .flatten()
    }

    /// The number of outbox row `row` among `stream`'s posts (see `nonce.rs`); `None`
    /// for a message not from the outbox (no nonce).
    pub(super) async fn nonce_number(
        &self,
        channel: ChannelId,
        stream: &str,
        row: Option<u64>,
    ) -> Option<u64> {
        let (table, stream, row) = (self.table.clone(), stream.to_string(), row?);
        tokio::task::spawn_blocking(move || crate::nonce::number(&table, channel, &stream, row))
            .await
            .ok()
    }

    pub(super) async fn note(&self, channel: ChannelId, name: &str) -> Option<u64> {
        let table = self.table.clone();
        let name = name.to_string();
        tokio::task::spawn_blocking(move || table.note(channel, &name))
            .await
            .ok()
            .flatten()
            .and_then(|v| v.try_into().ok().map(u64::from_be_bytes))
    }

    pub(super) async fn put_note(&self, channel: ChannelId, name: &str, game: u64) {
        let table = self.table.clone();
        let name = name.to_string();
        let _ = tokio::task::spawn_blocking(move || {
            table.put_note(channel, &name, &game.to_be_bytes())
        })
        .await;
    }

    pub(super) async fn clear_note(&self, channel: ChannelId, name: &str) {
        let table = self.table.clone();
        let name = name.to_string();
        let _ = tokio::task::spawn_blocking(move || table.put_note(channel, &name, &[])).await;
    }

    pub(super) async fn note_bytes(&self, channel: ChannelId, name: &str) -> Option<Vec<u8>> {
        let table = self.table.clone();
        let name = name.to_string();
        tokio::task::spawn_blocking(move || table.note(channel, &name))
            .await
            .ok()
            .flatten()
    }

    pub(super) async fn put_note_bytes(&self, channel: ChannelId, name: &str, value: Vec<u8>) {
        let table = self.table.clone();
        let name = name.to_string();
        let _ = tokio::task::spawn_blocking(move || table.put_note(channel, &name, &value)).await;
    }

    /// Notes the guild of `channel` (once per process and channel), so that DMs can link
    /// to the channel's turn message.
    pub async fn remember_guild(&self, channel: ChannelId, guild: u64) {
        let new = self
            .guilds_known
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(channel);
        if new && self.note(channel, GUILD_NOTE).await != Some(guild) {
            self.put_note(channel, GUILD_NOTE, guild).await;
        }
    }

    /// The address of the channel's live turn message, when its guild and id are known.
    pub(super) async fn turn_link(&self, channel: ChannelId) -> Option<String> {
        let guild = self.note(channel, GUILD_NOTE).await?;
        let turn = self.note(channel, LIVE_TURN_NOTE).await?;
        Some(format!(
            "https://discord.com/channels/{guild}/{channel}/{turn}"
        ))
    }

    /// The language of `channel`'s posts: its choice, else its server's (the guild noted).
    pub(super) async fn channel_lang(&self, channel: ChannelId) -> Lang {
        let guild = self.note(channel, GUILD_NOTE).await;
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || table.channel_lang(channel, guild))
            .await
            .unwrap_or_default()
    }

    /// The language `user` reads their DMs and private answers in.
    pub(super) async fn person_lang(&self, user: UserId) -> Lang {
        let table = self.table.clone();
        tokio::task::spawn_blocking(move || table.person_lang(user, None))
            .await
            .unwrap_or_default()
    }
}
