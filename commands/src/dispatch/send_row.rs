//! Sending one row: claiming it, posting or editing it, and what its outcome is.

use super::dm::{dm_closed_note, last_dm_note};
use super::live_hand::digest;
use super::permissions::{picture_permission_notice, Actor, Reported};
use super::sender::{Outcome, Sender};
use super::transport::{SendError, Transport};
use crate::messages::{channel_messages, split_message, LIMIT};
use poise::serenity_prelude as serenity;
use table::{Delivery, Pending};

impl Sender {
    /// Sends one row: claims it, reads it again (it may have been delivered or put off
    /// meanwhile), sends it and records the outcome. `None`: not sent by this call (being
    /// sent by another task, no longer pending, or no longer due by `due_by`).
    pub(super) async fn send_row<T: Transport>(
        &self,
        transport: &T,
        row: Pending,
        actor: Option<Actor>,
        known: Option<Reported>,
        due_by: Option<u64>,
        replies: &mut Vec<String>,
    ) -> Option<Outcome> {
        let id = row.delivery.outbox();
        let row = match id {
            Some(id) => {
                if !self.claim(id) {
                    // Another task is sending it (the background loop): wait for it, so that
                    // whoever acted is answered only after the channel shows their move.
                    self.wait_released(id).await;
                    return None;
                }
                let table = self.table.clone();
                let now = tokio::task::spawn_blocking(move || table.pending_row(id))
                    .await
                    .ok()
                    .flatten();
                match now {
                    Some(now) if due_by.is_none_or(|by| now.due_ms <= by) => now,
                    _ => {
                        self.release(id);
                        return None;
                    }
                }
            }
            None => row,
        };
        let outcome = self.send_one(transport, &row, actor, known, replies).await;
        if let Some(id) = id {
            let table = self.table.clone();
            let attempts = row.attempts + 1;
            let _ = tokio::task::spawn_blocking(move || match outcome {
                Outcome::Done | Outcome::Drop => table.delivered(id),
                Outcome::Retry { after_ms } => {
                    table.retry_later(id, table.now_ms() + after_ms, attempts)
                }
                Outcome::Refused { until_ms, attempts } => {
                    table.retry_later(id, until_ms, attempts)
                }
                Outcome::Held => {}
            })
            .await;
            self.release(id);
            if matches!(outcome, Outcome::Retry { .. }) {
                // The background loop may be asleep for longer than the backoff.
                self.notify();
            }
        }
        Some(outcome)
    }

    pub(super) async fn send_one<T: Transport>(
        &self,
        transport: &T,
        row: &Pending,
        actor: Option<Actor>,
        known: Option<Reported>,
        replies: &mut Vec<String>,
    ) -> Outcome {
        let channel = row.channel;
        match &row.delivery {
            Delivery::Channel {
                text,
                mentions,
                prompts,
                summary,
                picture,
                link_turn,
                approval,
                lobby,
                outbox,
            } => {
                let lang = self.channel_lang(channel).await;
                let mut text = summary.as_deref().unwrap_or(text).to_string();
                if *link_turn {
                    if let Some(link) = self.turn_link(channel).await {
                        text.push(' ');
                        text.push_str(&words::text(
                            lang,
                            "reply-go-to-turn",
                            &[("link", link.into())],
                        ));
                    }
                }
                let messages = channel_messages(
                    lang,
                    &text,
                    mentions,
                    prompts,
                    approval.as_ref(),
                    lobby.as_ref(),
                    channel,
                );
                let last = messages.len().saturating_sub(1);
                // Without Attach Files the picture is not even tried (a 403 saved).
                let files_allowed = known
                    .is_none_or(|k| k.permissions.contains(serenity::Permissions::ATTACH_FILES));
                let png = match picture {
                    Some(of) if files_allowed => self.picture(channel, *of).await,
                    _ => None,
                };
                let mut without_picture = picture.is_some() && !files_allowed;
                let mut posted = None;
                let stream = crate::nonce::channel_stream();
                let n = self.nonce_number(channel, &stream, *outbox).await;
                for (i, message) in messages.into_iter().enumerate() {
                    let message = match n {
                        Some(n) => message
                            .nonce(serenity::Nonce::String(crate::nonce::nonce(
                                channel,
                                &stream,
                                n,
                                &i.to_string(),
                            )))
                            .enforce_nonce(true),
                        None => message,
                    };
                    // The board picture goes on the last part (the one with the buttons).
                    let sent = match png.as_ref().filter(|_| i == last) {
                        Some(png) => {
                            match self
                                .guarded(transport.post_picture(channel, message.clone(), png))
                                .await
                            {
                                // Not allowed to attach files here, while Send Messages is
                                // known to be there: the message without its picture.
                                Err(SendError::Forbidden(_))
                                    if known.is_some_and(|k| k.can_post()) =>
                                {
                                    without_picture = true;
                                    self.guarded(transport.post(channel, message)).await
                                }
                                other => other,
                            }
                        }
                        None => self.guarded(transport.post(channel, message)).await,
                    };
                    match sent {
                        Ok(id) => posted = Some(id),
                        Err(e) => return self.channel_failure(e, row),
                    }
                }
                if without_picture {
                    if let Some(actor) = actor {
                        let notice = picture_permission_notice(self.person_lang(actor.user).await);
                        self.tell_once(channel, actor.user, notice, replies);
                    }
                }
                // A lobby message is the channel's live prompt until the game starts.
                let turn = if prompts.is_empty() && lobby.is_none() {
                    None
                } else {
                    posted
                };
                self.retire_turn_message(transport, channel, turn).await;
                Outcome::Done
            }
            Delivery::Private {
                user,
                text,
                game,
                outbox,
            } => {
                let user = *user;
                let acting = actor.is_some_and(|a| a.user == user);
                let Some(closed_game) = self.dm_allowed(channel, user, acting).await else {
                    return Outcome::Drop;
                };
                let lang = self.person_lang(user).await;
                let here = self.is_dm_of(transport, channel, user).await;
                let header = self.dm_header(lang, channel, game.as_deref(), here).await;
                let content = format!("{header}\n{text}");
                // Never the same DM twice in a row (a repeated news line).
                let last_note = last_dm_note(user);
                let digest = digest(&content);
                if self.note(channel, &last_note).await == Some(digest) {
                    tracing::info!(channel, user, "DM dropped: the same as the last one");
                    return Outcome::Drop;
                }
                let stream = crate::nonce::dm_stream(user);
                let n = self.nonce_number(channel, &stream, *outbox).await;
                for (i, chunk) in split_message(&content, LIMIT).into_iter().enumerate() {
                    let mut message = crate::messages::dm_message(chunk);
                    if let Some(n) = n {
                        let nonce = crate::nonce::nonce(channel, &stream, n, &i.to_string());
                        message = message
                            .nonce(serenity::Nonce::String(nonce))
                            .enforce_nonce(true);
                    }
                    let sent = self.dm_channels.send(transport, user, message);
                    if let Err(e) = self.guarded(sent).await {
                        return self.dm_failure(e, row, user, acting, text, replies).await;
                    }
                }
                self.put_note(channel, &last_note, digest).await;
                if closed_game.is_some() {
                    // They opened their DMs again.
                    self.clear_note(channel, &dm_closed_note(user)).await;
                }
                Outcome::Done
            }
            Delivery::Hand {
                user,
                game_id,
                game,
                text,
                news,
                outbox,
            } => {
                let user = *user;
                let acting = actor.is_some_and(|a| a.user == user);
                let Some(closed_game) = self.dm_allowed(channel, user, acting).await else {
                    return Outcome::Drop;
                };
                let lang = self.person_lang(user).await;
                let here = self.is_dm_of(transport, channel, user).await;
                let header = self.dm_header(lang, channel, Some(game), here).await;
                let body = table::hand_body_in(lang, text, news);
                let content = crate::messages::cut(&format!("{header}\n{body}"), LIMIT);
                let outcome = self
                    .send_hand(transport, row, user, *game_id, content, *outbox)
                    .await;
                let outcome = match outcome {
                    Ok(()) => Outcome::Done,
                    Err(e) => return self.dm_failure(e, row, user, acting, &body, replies).await,
                };
                if closed_game.is_some() {
                    self.clear_note(channel, &dm_closed_note(user)).await;
                }
                outcome
            }
            Delivery::Ephemeral { text, .. } => {
                replies.push(text.clone());
                Outcome::Done
            }
        }
    }
}
