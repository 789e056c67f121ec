//! Serenity as the outbox's [`Transport`], and how its errors are sorted.

use crate::classify::classify;
use crate::dispatch::{SendError, Transport};
use crate::messages;
use crate::proxied::Proxied;
use poise::serenity_prelude as serenity;

/// Serenity as a [`Transport`].
pub struct Discord<'a>(pub &'a serenity::Http);

impl Transport for Discord<'_> {
    async fn post(&self, channel: u64, message: serenity::CreateMessage) -> Result<u64, SendError> {
        if let Some(proxied) = Proxied::of(self.0) {
            return proxied.post(channel, message, None).await;
        }
        serenity::ChannelId::new(channel)
            .send_message(self.0, message)
            .await
            .map(|m| m.id.get())
            .map_err(classify)
    }

    async fn post_picture(
        &self,
        channel: u64,
        message: serenity::CreateMessage,
        picture: &table::Picture,
    ) -> Result<u64, SendError> {
        if let Some(proxied) = Proxied::of(self.0) {
            return proxied.post(channel, message, Some(picture)).await;
        }
        self.post(channel, messages::with_picture(message, picture))
            .await
    }

    async fn open_dm(&self, user: u64) -> Result<u64, SendError> {
        if let Some(proxied) = Proxied::of(self.0) {
            return proxied.open_dm(user).await;
        }
        serenity::UserId::new(user)
            .create_dm_channel(self.0)
            .await
            .map(|c| c.id.get())
            .map_err(classify)
    }

    async fn edit_text(
        &self,
        channel: u64,
        message: u64,
        content: String,
    ) -> Result<(), SendError> {
        let edit = serenity::EditMessage::new()
            .content(content)
            .allowed_mentions(messages::pings_only(&[]));
        if let Some(proxied) = Proxied::of(self.0) {
            return proxied.edit(channel, message, edit).await;
        }
        serenity::ChannelId::new(channel)
            .edit_message(self.0, serenity::MessageId::new(message), edit)
            .await
            .map(|_| ())
            .map_err(classify)
    }

    async fn unbutton(&self, channel: u64, message: u64) -> Result<(), SendError> {
        let edit = serenity::EditMessage::new().components(vec![]);
        if let Some(proxied) = Proxied::of(self.0) {
            return proxied.edit(channel, message, edit).await;
        }
        serenity::ChannelId::new(channel)
            .edit_message(self.0, serenity::MessageId::new(message), edit)
            .await
            .map(|_| ())
            .map_err(classify)
    }
}
