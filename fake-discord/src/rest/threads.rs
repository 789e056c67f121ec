//! Threads: starting one in a text channel (public, type 11, or private, type 12), adding
//! a member, archiving and locking it, with Discord's limits and error codes. Posting in
//! a thread goes through the messages routes ([`super::channel_access`] reads the thread).

use serde_json::{json, Value};

use super::{id, Handled, Reply};
use crate::limits::FieldError;
use crate::model::Permissions;
use crate::payload;
use crate::state::{ApiError, ChannelKind, ChannelRec, State, ThreadRec};

/// The auto-archive durations Discord accepts, in minutes.
const ARCHIVE_MINUTES: [u64; 4] = [60, 1_440, 4_320, 10_080];
/// Active (unarchived) threads a guild may hold at once.
pub const MAX_ACTIVE_THREADS: usize = 1_000;
/// Longest thread name.
const NAME_MAX: usize = 100;

fn invalid(path: &str, code: &'static str, message: &str) -> ApiError {
    ApiError::form(vec![FieldError {
        path: path.into(),
        code,
        message: message.into(),
    }])
}

/// `POST /channels/{channel}/threads`: Start Thread without Message. `type` defaults to 12
/// (private) in API v10; the bot becomes its first member.
pub(super) fn start_thread(state: &mut State, channel: u64, body: &Value) -> Handled {
    let parent = state
        .channels
        .get(&channel)
        .ok_or_else(ApiError::unknown_channel)?
        .clone();
    let guild = match parent.kind {
        ChannelKind::Dm { .. } => {
            return Err(ApiError::new(
                400,
                50003,
                "Cannot execute action on a DM channel",
            ))
        }
        ChannelKind::Guild { guild } => guild,
    };
    if parent.thread.is_some() {
        return Err(ApiError::new(
            400,
            50024,
            "Cannot execute action on this channel type",
        ));
    }
    let name = body.get("name").and_then(Value::as_str).unwrap_or_default();
    if name.is_empty() {
        return Err(invalid(
            "name",
            "BASE_TYPE_REQUIRED",
            "This field is required",
        ));
    }
    if name.chars().count() > NAME_MAX {
        return Err(invalid(
            "name",
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 100 in length.",
        ));
    }
    let kind = body.get("type").and_then(Value::as_u64).unwrap_or(12);
    if !matches!(kind, 11 | 12) {
        return Err(invalid(
            "type",
            "BASE_TYPE_CHOICES",
            "Value must be one of {10, 11, 12}.",
        ));
    }
    let minutes = body
        .get("auto_archive_duration")
        .and_then(Value::as_u64)
        .unwrap_or(4_320);
    if !ARCHIVE_MINUTES.contains(&minutes) {
        return Err(invalid(
            "auto_archive_duration",
            "BASE_TYPE_CHOICES",
            "Value must be one of {60, 1440, 4320, 10080}.",
        ));
    }
    let private = kind == 12;
    let need = if private {
        Permissions::CREATE_PRIVATE_THREADS
    } else {
        Permissions::CREATE_PUBLIC_THREADS
    };
    super::channel_access(state, channel, need)?;
    let active = state
        .channels
        .values()
        .filter(|c| matches!(c.kind, ChannelKind::Guild { guild: g } if g == guild))
        .filter(|c| c.thread.as_ref().is_some_and(|t| !t.archived))
        .count();
    if active >= MAX_ACTIVE_THREADS {
        return Err(ApiError::new(
            400,
            160006,
            "Maximum number of active threads reached",
        ));
    }
    let id = state.new_id();
    let bot = state.bot.id;
    state.channels.insert(
        id,
        ChannelRec {
            name: name.to_owned(),
            kind: ChannelKind::Guild { guild },
            position: 0,
            bot_denied: Permissions::NONE,
            thread: Some(ThreadRec {
                parent: channel,
                private,
                owner: bot,
                archived: false,
                locked: false,
                auto_archive_duration: minutes,
                invitable: body.get("invitable").and_then(Value::as_bool) != Some(false),
                members: vec![bot],
            }),
        },
    );
    Ok(Reply::json(201, payload::channel(state, id)))
}

/// The thread `channel`, or Discord's answer for a channel that is none (10003, 50024).
fn thread_mut(state: &mut State, channel: u64) -> Result<&mut ThreadRec, ApiError> {
    let c = state
        .channels
        .get_mut(&channel)
        .ok_or_else(ApiError::unknown_channel)?;
    c.thread
        .as_mut()
        .ok_or_else(|| ApiError::new(400, 50024, "Cannot execute action on this channel type"))
}

fn archived_error() -> ApiError {
    ApiError::new(400, 50083, "Thread is archived")
}

/// `PUT /channels/{thread}/thread-members/{user|@me}`: 204; an archived thread refuses
/// (50083), an unknown user is 10013.
pub(super) fn add_member(state: &mut State, channel: u64, user: &str) -> Handled {
    let user = if user == "@me" {
        state.bot.id
    } else {
        id(user)
            .filter(|u| state.users.contains_key(u) || *u == state.bot.id)
            .ok_or_else(|| ApiError::new(404, 10013, "Unknown User"))?
    };
    super::channel_access(state, channel, Permissions::SEND_MESSAGES_IN_THREADS)?;
    let thread = thread_mut(state, channel)?;
    if thread.archived {
        return Err(archived_error());
    }
    if !thread.members.contains(&user) {
        thread.members.push(user);
    }
    Ok(Reply::no_content())
}

/// `PATCH /channels/{thread}`: `archived`, `locked`, `name`, `auto_archive_duration`.
pub(super) fn modify_thread(state: &mut State, channel: u64, body: &Value) -> Handled {
    let name = body.get("name").and_then(Value::as_str).map(str::to_owned);
    if name
        .as_ref()
        .is_some_and(|n| n.is_empty() || n.chars().count() > NAME_MAX)
    {
        return Err(invalid(
            "name",
            "BASE_TYPE_BAD_LENGTH",
            "Must be between 1 and 100 in length.",
        ));
    }
    let minutes = body.get("auto_archive_duration").and_then(Value::as_u64);
    if minutes.is_some_and(|m| !ARCHIVE_MINUTES.contains(&m)) {
        return Err(invalid(
            "auto_archive_duration",
            "BASE_TYPE_CHOICES",
            "Value must be one of {60, 1440, 4320, 10080}.",
        ));
    }
    super::channel_access(state, channel, Permissions::NONE)?;
    let thread = thread_mut(state, channel)?;
    if let Some(archived) = body.get("archived").and_then(Value::as_bool) {
        thread.archived = archived;
    }
    if let Some(locked) = body.get("locked").and_then(Value::as_bool) {
        thread.locked = locked;
    }
    if let Some(m) = minutes {
        thread.auto_archive_duration = m;
    }
    if let Some(name) = name {
        if let Some(c) = state.channels.get_mut(&channel) {
            c.name = name;
        }
    }
    Ok(Reply::json(200, payload::channel(state, channel)))
}

/// Before a post in `channel`: a thread that is archived comes back (Discord unarchives a
/// thread on a new message) unless it is locked (50083).
pub(super) fn reopen_for_post(state: &mut State, channel: u64) -> Result<(), ApiError> {
    let Some(thread) = state
        .channels
        .get_mut(&channel)
        .and_then(|c| c.thread.as_mut())
    else {
        return Ok(());
    };
    if thread.archived && thread.locked {
        return Err(archived_error());
    }
    thread.archived = false;
    Ok(())
}

/// `GET /guilds/{guild}/threads/active`: every unarchived thread of the guild, as
/// channels, oldest first (what a bot reads to find a thread it made before a crash).
pub(super) fn active_threads(state: &State, guild: u64) -> Handled {
    let mut ids: Vec<u64> = state
        .channels
        .iter()
        .filter(|(_, c)| matches!(c.kind, ChannelKind::Guild { guild: g } if g == guild))
        .filter(|(_, c)| c.thread.as_ref().is_some_and(|t| !t.archived))
        .map(|(id, _)| *id)
        .collect();
    ids.sort_unstable();
    let threads: Vec<Value> = ids
        .into_iter()
        .map(|id| payload::channel(state, id))
        .collect();
    Ok(Reply::json(
        200,
        json!({ "threads": threads, "members": [], "has_more": false }),
    ))
}

/// What a test reads of a thread.
pub fn thread_json(state: &State, channel: u64) -> Option<Value> {
    let c = state.channels.get(&channel)?;
    let t = c.thread.as_ref()?;
    Some(json!({
        "parent": t.parent,
        "private": t.private,
        "archived": t.archived,
        "locked": t.locked,
        "members": t.members,
        "name": c.name,
    }))
}
