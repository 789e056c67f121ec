//! Channel messages: validating, creating, editing and listing them, with their files
//! and embeds.

use serde_json::{json, Value};

use super::{channel_access, Handled, Reply, Upload, CREATE_FLAGS, NONCE_MAX, SETTABLE_FLAGS};
use crate::limits::{self, Errors, FLAG_LOADING};
use crate::model::{Author, Permissions, RecordedFile, RecordedMessage};
use crate::payload;
use crate::state::{ApiError, ChannelKind, State};

pub(super) fn is_empty_message(body: &Value, uploads: &[Upload]) -> bool {
    let content_empty = body
        .get("content")
        .and_then(Value::as_str)
        .is_none_or(str::is_empty);
    let list_empty = |k: &str| {
        body.get(k)
            .and_then(Value::as_array)
            .is_none_or(Vec::is_empty)
    };
    content_empty
        && list_empty("embeds")
        && list_empty("components")
        && list_empty("sticker_ids")
        && uploads.is_empty()
        && body.get("poll").is_none_or(Value::is_null)
}

pub(super) fn empty_message() -> ApiError {
    ApiError::new(400, 50006, "Cannot send an empty message")
}

pub(super) fn nonce_of(body: &Value) -> Result<Option<String>, ApiError> {
    let nonce = match body.get("nonce") {
        Some(Value::String(s)) => Some(s.clone()),
        Some(Value::Number(n)) => Some(n.to_string()),
        _ => None,
    };
    if nonce
        .as_ref()
        .is_some_and(|n| n.chars().count() > NONCE_MAX)
    {
        return Err(ApiError::form(vec![limits::FieldError {
            path: "nonce".into(),
            code: "BASE_TYPE_MAX_LENGTH",
            message: format!("Must be {NONCE_MAX} or fewer in length."),
        }]));
    }
    Ok(nonce)
}

/// Refuses flags the endpoint does not let a bot set (edits are not checked: Discord
/// ignores an edit's other flags). Discord does not document the error's field code;
/// the fake answers a form error naming `flags`.
pub(super) fn check_flags(prefix: &str, body: &Value, allowed: u64) -> Result<(), ApiError> {
    let flags = body.get("flags").and_then(Value::as_u64).unwrap_or(0);
    if flags & !allowed == 0 {
        return Ok(());
    }
    let path = if prefix.is_empty() {
        "flags".to_owned()
    } else {
        format!("{prefix}.flags")
    };
    Err(ApiError::form(vec![limits::FieldError {
        path,
        code: "MESSAGE_FLAGS_INVALID",
        message: format!(
            "Flags {:#x} cannot be set here (allowed: {allowed:#x})",
            flags & !allowed
        ),
    }]))
}

pub(super) fn validate_message(
    prefix: &str,
    body: &Value,
    file_names: &[String],
) -> Result<(), ApiError> {
    let mut errors = Errors::default();
    limits::check_message(&mut errors, prefix, body, file_names);
    if errors.is_empty() {
        Ok(())
    } else {
        Err(ApiError::form(errors.into_list()))
    }
}

pub(super) fn record_files(
    state: &mut State,
    body: &Value,
    uploads: &[Upload],
) -> Vec<RecordedFile> {
    uploads
        .iter()
        .map(|u| RecordedFile {
            id: state.new_id(),
            filename: u.filename.clone(),
            content_type: u.content_type.clone(),
            bytes: u.bytes.clone(),
            description: u.index.and_then(|n| description_of(body, n)),
        })
        .collect()
}

/// The `description` (alt text) the body's `attachments` gives the upload numbered `n`.
fn description_of(body: &Value, n: u64) -> Option<String> {
    body.get("attachments")?
        .as_array()?
        .iter()
        .find(|a| {
            a.get("id").and_then(|v| {
                v.as_u64()
                    .or_else(|| v.as_str().and_then(|s| s.parse().ok()))
            }) == Some(n)
        })?
        .get("description")?
        .as_str()
        .map(str::to_owned)
}

/// Embeds as stored: `type: rich`, `attachment://name` replaced by the attachment's url.
pub(super) fn store_embeds(embeds: &[Value], channel: u64, files: &[RecordedFile]) -> Vec<Value> {
    embeds
        .iter()
        .map(|embed| {
            let mut embed = embed.clone();
            if embed.get("type").is_none() {
                embed["type"] = json!("rich");
            }
            for key in ["image", "thumbnail"] {
                let reference = embed
                    .get(key)
                    .and_then(|v| v.get("url"))
                    .and_then(Value::as_str)
                    .map(str::to_owned);
                if let Some(name) = reference
                    .as_deref()
                    .and_then(|u| u.strip_prefix("attachment://"))
                {
                    if let Some(file) = files.iter().find(|f| f.filename == name) {
                        let url = payload::attachment_url(channel, file);
                        embed[key]["url"] = json!(url);
                        embed[key]["proxy_url"] = json!(url);
                    }
                }
            }
            embed
        })
        .collect()
}

/// Builds (does not store) a new message from a validated body.
pub(super) fn new_message(
    state: &mut State,
    channel: u64,
    body: &Value,
    uploads: &[Upload],
    flags: u64,
    interaction: Option<u64>,
) -> RecordedMessage {
    let attachments = record_files(state, body, uploads);
    let embeds = body
        .get("embeds")
        .and_then(Value::as_array)
        .map_or(&[][..], Vec::as_slice);
    RecordedMessage {
        id: state.new_id(),
        channel_id: channel,
        author: Author::Bot,
        content: body
            .get("content")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        embeds: store_embeds(embeds, channel, &attachments),
        components: body
            .get("components")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default(),
        attachments,
        flags,
        nonce: None,
        interaction_id: interaction,
        edits: 0,
        deleted: false,
        at: state.elapsed(),
    }
}

/// Applies an edit body to a stored message, after validating it.
pub(super) fn edit_message(
    state: &mut State,
    message: u64,
    prefix: &str,
    body: &Value,
    uploads: &[Upload],
) -> Result<(), ApiError> {
    let current = state
        .message(message)
        .ok_or_else(ApiError::unknown_message)?
        .clone();
    let kept: Vec<RecordedFile> = match body.get("attachments").and_then(Value::as_array) {
        Some(list) => {
            let ids: Vec<u64> = list
                .iter()
                .filter_map(|a| {
                    a.get("id").and_then(|v| {
                        v.as_str()
                            .and_then(|s| s.parse().ok())
                            .or_else(|| v.as_u64())
                    })
                })
                .collect();
            current
                .attachments
                .iter()
                .filter(|f| ids.contains(&f.id))
                .cloned()
                .collect()
        }
        None => current.attachments.clone(),
    };
    let mut names: Vec<String> = kept.iter().map(|f| f.filename.clone()).collect();
    names.extend(uploads.iter().map(|u| u.filename.clone()));
    validate_message(prefix, body, &names)?;
    let mut files = kept;
    files.extend(record_files(state, body, uploads));
    let channel = current.channel_id;
    let m = state
        .message_mut(message)
        .ok_or_else(ApiError::unknown_message)?;
    if let Some(content) = body.get("content") {
        m.content = content.as_str().unwrap_or_default().to_owned();
    }
    if let Some(embeds) = body.get("embeds") {
        m.embeds = store_embeds(
            embeds.as_array().map_or(&[][..], Vec::as_slice),
            channel,
            &files,
        );
    }
    if let Some(components) = body.get("components") {
        m.components = components.as_array().cloned().unwrap_or_default();
    }
    if let Some(flags) = body.get("flags").and_then(Value::as_u64) {
        m.flags = (m.flags & !SETTABLE_FLAGS) | (flags & SETTABLE_FLAGS);
    }
    m.attachments = files;
    m.flags &= !FLAG_LOADING;
    m.edits += 1;
    Ok(())
}

pub(super) fn message_reply(state: &State, message: u64) -> Handled {
    let m = state
        .message(message)
        .ok_or_else(ApiError::unknown_message)?;
    Ok(Reply::json(200, payload::message(state, m)))
}

pub(super) fn create_channel_message(
    state: &mut State,
    channel: u64,
    body: &Value,
    uploads: &[Upload],
) -> Handled {
    let need = if uploads.is_empty() {
        Permissions::SEND_MESSAGES
    } else {
        Permissions::SEND_MESSAGES | Permissions::ATTACH_FILES
    };
    channel_access(state, channel, need)?;
    if let ChannelKind::Dm { recipient } = state.channels[&channel].kind {
        if state.users.get(&recipient).is_some_and(|u| u.dms_closed) {
            return Err(ApiError::new(
                403,
                50007,
                "Cannot send messages to this user",
            ));
        }
    }
    let names: Vec<String> = uploads.iter().map(|u| u.filename.clone()).collect();
    validate_message("", body, &names)?;
    check_flags("", body, CREATE_FLAGS)?;
    if is_empty_message(body, uploads) {
        return Err(empty_message());
    }
    let nonce = nonce_of(body)?;
    let enforce = body
        .get("enforce_nonce")
        .and_then(Value::as_bool)
        .unwrap_or(false);
    if let (Some(nonce), true) = (&nonce, enforce) {
        let window = state.config.nonce_window;
        let now = state.elapsed();
        let existing = state.messages.iter().find(|m| {
            !m.deleted
                && m.channel_id == channel
                && m.author == Author::Bot
                && m.nonce.as_ref() == Some(nonce)
                && now.saturating_sub(m.at) <= window
        });
        if let Some(existing) = existing {
            return Ok(Reply::json(200, payload::message(state, existing)));
        }
    }
    let flags = body.get("flags").and_then(Value::as_u64).unwrap_or(0) & SETTABLE_FLAGS;
    let mut message = new_message(state, channel, body, uploads, flags, None);
    message.nonce = nonce;
    let reply = payload::message(state, &message);
    state.messages.push(message);
    Ok(Reply::json(200, reply))
}

pub(super) fn list_channel_messages(state: &State, channel: u64, query: &str) -> Handled {
    channel_access(state, channel, Permissions::READ_MESSAGE_HISTORY)?;
    let limit = query
        .split('&')
        .find_map(|kv| kv.strip_prefix("limit="))
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(50)
        .min(100);
    let list: Vec<Value> = state
        .messages
        .iter()
        .rev()
        .filter(|m| m.channel_id == channel && !m.deleted && !m.is_ephemeral())
        .take(limit)
        .map(|m| payload::message(state, m))
        .collect();
    Ok(Reply::json(200, json!(list)))
}

pub(super) fn channel_message(
    state: &mut State,
    method: &str,
    channel: u64,
    message: u64,
    body: &Value,
    uploads: &[Upload],
) -> Handled {
    let need = match method {
        "GET" => Permissions::READ_MESSAGE_HISTORY,
        _ => Permissions::NONE,
    };
    channel_access(state, channel, need)?;
    let m = state
        .message(message)
        .filter(|m| m.channel_id == channel && !m.is_ephemeral())
        .ok_or_else(ApiError::unknown_message)?;
    let author = m.author;
    match method {
        "GET" => message_reply(state, message),
        "PATCH" => {
            if author != Author::Bot {
                return Err(ApiError::new(
                    403,
                    50005,
                    "Cannot edit a message authored by another user",
                ));
            }
            if let ChannelKind::Dm { recipient } = state.channels[&channel].kind {
                if state.users.get(&recipient).is_some_and(|u| u.dms_closed) {
                    return Err(ApiError::new(
                        403,
                        50007,
                        "Cannot send messages to this user",
                    ));
                }
            }
            edit_message(state, message, "", body, uploads)?;
            message_reply(state, message)
        }
        "DELETE" => {
            if author != Author::Bot
                && !state
                    .bot_permissions(channel)
                    .contains(Permissions::MANAGE_MESSAGES)
            {
                return Err(ApiError::missing_permissions());
            }
            if let Some(m) = state.message_mut(message) {
                m.deleted = true;
            }
            Ok(Reply::no_content())
        }
        _ => Err(ApiError::new(405, 0, "405: Method Not Allowed")),
    }
}
