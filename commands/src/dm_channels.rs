//! Each user's DM channel id, kept so that a DM does not open the channel again: Discord
//! warns that opening DM channels (`POST /users/@me/channels`) before every DM can get a
//! bot blocked from opening them. Kept in memory, for the [`CAPACITY`] users messaged
//! most recently: a restart (or a user long unmessaged) costs one opening more.

use crate::dispatch::{SendError, Transport};
use poise::serenity_prelude as serenity;
use std::collections::HashMap;
use std::sync::Mutex;

/// How many users' DM channels are kept (about 50 bytes each).
pub const CAPACITY: usize = 10_000;

/// The DM channels kept, by user, least recently used dropped first.
#[derive(Debug)]
pub struct DmChannels {
    capacity: usize,
    kept: Mutex<Kept>,
}

#[derive(Debug, Default)]
struct Kept {
    /// user → (DM channel, when last used).
    channels: HashMap<u64, (u64, u64)>,
    clock: u64,
}

impl Default for DmChannels {
    fn default() -> Self {
        Self::with_capacity(CAPACITY)
    }
}

impl DmChannels {
    /// Keeps at most `capacity` users' channels.
    pub fn with_capacity(capacity: usize) -> Self {
        DmChannels {
            capacity: capacity.max(1),
            kept: Mutex::default(),
        }
    }

    fn kept(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The DM channel kept for `user`, if any.
    pub fn get(&self, user: u64) -> Option<u64> {
        let mut kept = self.kept();
        kept.clock += 1;
        let now = kept.clock;
        kept.channels.get_mut(&user).map(|(channel, used)| {
            *used = now;
            *channel
        })
    }

    /// Keeps `channel` as `user`'s DM channel, dropping the least recently used one when
    /// full.
    pub fn put(&self, user: u64, channel: u64) {
        let mut kept = self.kept();
        kept.clock += 1;
        let now = kept.clock;
        if kept.channels.len() >= self.capacity && !kept.channels.contains_key(&user) {
            let oldest = kept
                .channels
                .iter()
                .min_by_key(|(_, (_, used))| *used)
                .map(|(u, _)| *u);
            if let Some(oldest) = oldest {
                kept.channels.remove(&oldest);
            }
        }
        kept.channels.insert(user, (channel, now));
    }

    /// Forgets `user`'s DM channel if it is still `channel` (Discord no longer knows it).
    pub fn forget(&self, user: u64, channel: u64) {
        let mut kept = self.kept();
        if kept.channels.get(&user).is_some_and(|(c, _)| *c == channel) {
            kept.channels.remove(&user);
        }
    }

    /// How many users' channels are kept.
    pub fn len(&self) -> usize {
        self.kept().channels.len()
    }

    /// Whether no channel is kept.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The DM channel with `user`: the kept one, else opened through `transport` (and
    /// kept).
    pub async fn open<T: Transport>(&self, transport: &T, user: u64) -> Result<u64, SendError> {
        if let Some(channel) = self.get(user) {
            return Ok(channel);
        }
        let channel = transport.open_dm(user).await?;
        self.put(user, channel);
        Ok(channel)
    }

    /// Sends `message` to `user` in their DM channel (opened first if none is kept);
    /// returns (the channel, the new message). A kept channel Discord no longer knows
    /// (10003) is forgotten and opened once more.
    pub async fn send<T: Transport>(
        &self,
        transport: &T,
        user: u64,
        message: serenity::CreateMessage,
    ) -> Result<(u64, u64), SendError> {
        let was_kept = self.get(user).is_some();
        let channel = self.open(transport, user).await?;
        match transport.post(channel, message.clone()).await {
            Err(SendError::Gone(10003)) if was_kept => {
                self.forget(user, channel);
                let channel = self.open(transport, user).await?;
                let sent = transport.post(channel, message).await?;
                Ok((channel, sent))
            }
            sent => sent.map(|sent| (channel, sent)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_least_recently_used_channel_goes_first_when_full() {
        let kept = DmChannels::with_capacity(2);
        kept.put(1, 10);
        kept.put(2, 20);
        assert_eq!(kept.get(1), Some(10));
        kept.put(3, 30);
        assert_eq!(kept.len(), 2);
        assert_eq!(kept.get(2), None, "user 2 was used least recently");
        assert_eq!((kept.get(1), kept.get(3)), (Some(10), Some(30)));
        kept.forget(1, 99);
        assert_eq!(kept.get(1), Some(10), "another channel is not forgotten");
        kept.forget(1, 10);
        assert_eq!(kept.get(1), None);
    }
}
