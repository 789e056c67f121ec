//! Sends a command's deliveries through a [`Transport`] (Discord in production, a fake in
//! tests) and works out what to tell the caller privately, including the fallback when a
//! direct message cannot be delivered (Discord error 50007: the user's DMs are closed).

use crate::messages::{channel_messages, split_message, LIMIT};
use poise::serenity_prelude as serenity;
use std::future::Future;
use table::Delivery;

/// Why a DM failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DmError {
    /// The user does not accept DMs from the bot (Discord error 50007).
    Closed,
    Failed(String),
}

/// Where messages go.
pub trait Transport: Sync {
    fn post(
        &self,
        channel: u64,
        message: serenity::CreateMessage,
    ) -> impl Future<Output = Result<(), String>> + Send;
    fn dm(&self, user: u64, text: String) -> impl Future<Output = Result<(), DmError>> + Send;
}

/// The sentence posted in the channel when a player's DMs are closed. It names no secret.
pub fn dm_closed_notice(user: u64) -> String {
    format!(
        "⚠️ <@{user}>, I could not send you a direct message (your DMs are closed for this server). \
         Use `/game hand` or the **My hand** button to see your private information."
    )
}

/// Sends every delivery; returns the texts to answer the caller with, privately.
pub async fn dispatch<T: Transport>(
    transport: &T,
    channel: u64,
    caller: u64,
    deliveries: Vec<Delivery>,
) -> Vec<String> {
    let mut replies = Vec::new();
    let mut closed: Vec<u64> = Vec::new();
    for delivery in deliveries {
        match delivery {
            Delivery::Channel {
                text,
                mentions,
                prompts,
            } => {
                for message in channel_messages(&text, &mentions, &prompts, channel) {
                    if let Err(e) = transport.post(channel, message).await {
                        replies.push(format!(
                            "I could not post in this channel ({e}). I need View Channels and Send Messages here."
                        ));
                        break;
                    }
                }
            }
            Delivery::Private { user, text } => {
                if closed.contains(&user) {
                    if user == caller {
                        replies.push(text);
                    }
                    continue;
                }
                for chunk in split_message(&text, LIMIT) {
                    match transport.dm(user, chunk).await {
                        Ok(()) => {}
                        Err(err) => {
                            if user == caller {
                                replies.push(format!(
                                    "I could not DM you ({}), so here it is, visible only to you:\n{text}",
                                    match &err {
                                        DmError::Closed => "your DMs are closed".to_string(),
                                        DmError::Failed(e) => e.clone(),
                                    }
                                ));
                            }
                            closed.push(user);
                            break;
                        }
                    }
                }
            }
            Delivery::Ephemeral { text } => replies.push(text),
        }
    }
    for user in closed.into_iter().filter(|u| *u != caller) {
        let notice = serenity::CreateMessage::new()
            .content(dm_closed_notice(user))
            .allowed_mentions(
                serenity::CreateAllowedMentions::new().users([serenity::UserId::new(user)]),
            );
        if let Err(e) = transport.post(channel, notice).await {
            tracing::warn!(channel, error = %e, "could not post the DM-closed notice");
        }
    }
    replies
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Records what would have been sent; users in `closed` refuse DMs.
    #[derive(Default)]
    pub struct FakeTransport {
        pub posts: Mutex<Vec<serde_json::Value>>,
        pub dms: Mutex<Vec<(u64, String)>>,
        pub closed: Vec<u64>,
    }

    impl Transport for FakeTransport {
        async fn post(
            &self,
            _channel: u64,
            message: serenity::CreateMessage,
        ) -> Result<(), String> {
            self.posts
                .lock()
                .unwrap()
                .push(serde_json::to_value(&message).unwrap());
            Ok(())
        }
        async fn dm(&self, user: u64, text: String) -> Result<(), DmError> {
            if self.closed.contains(&user) {
                return Err(DmError::Closed);
            }
            self.dms.lock().unwrap().push((user, text));
            Ok(())
        }
    }

    fn block<F: Future>(f: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap()
            .block_on(f)
    }

    #[test]
    fn private_messages_go_by_dm_and_fall_back_without_leaking() {
        let t = FakeTransport {
            closed: vec![2, 3],
            ..Default::default()
        };
        let deliveries = vec![
            Delivery::channel("Board"),
            Delivery::Private {
                user: 1,
                text: "ana's hand: R5".into(),
            },
            Delivery::Private {
                user: 2,
                text: "bruno's hand: G7".into(),
            },
            Delivery::Private {
                user: 3,
                text: "carla's hand: B3".into(),
            },
            Delivery::ephemeral("ok"),
        ];
        let replies = block(dispatch(&t, 9, 2, deliveries));
        assert_eq!(
            t.dms.lock().unwrap().as_slice(),
            &[(1, "ana's hand: R5".to_string())]
        );
        // The caller (bruno) gets his hand privately; carla is told in the channel to use
        // /game hand, and nobody's hand reaches the channel.
        assert_eq!(replies[0], "I could not DM you (your DMs are closed), so here it is, visible only to you:\nbruno's hand: G7");
        assert_eq!(replies[1], "ok");
        let posts = t.posts.lock().unwrap();
        assert_eq!(posts.len(), 2);
        assert_eq!(posts[0]["content"], "Board");
        assert_eq!(posts[1]["content"], dm_closed_notice(3));
        assert_eq!(
            posts[1]["allowed_mentions"]["users"],
            serde_json::json!(["3"])
        );
        let all = serde_json::to_string(&*posts).unwrap();
        assert!(!all.contains("G7") && !all.contains("B3") && !all.contains("R5"));
    }
}
