//! A channel's notes: small facts kept beside its table (e.g. the adapter's "this
//! player's DMs are closed").

use crate::{ChannelId, Table};

impl Table {
    /// A small fact the adapter keeps per channel (e.g. "this player's DMs are closed").
    pub fn note(&self, channel: ChannelId, name: &str) -> Option<Vec<u8>> {
        self.store.note(channel, name).ok().flatten()
    }

    pub fn put_note(&self, channel: ChannelId, name: &str, value: &[u8]) {
        if let Err(e) = self.store.put_note(channel, name, value) {
            tracing::error!(channel, error = %e, "cannot store a note");
        }
        if name.starts_with("language:") {
            self.forget_post_langs();
        }
    }
}
