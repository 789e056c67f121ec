//! JSON shapes of Discord objects, as the fake sends them (checked against serenity 0.12.5).

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

use crate::model::{Author, Permissions, RecordedFile, RecordedMessage};
use crate::state::{ChannelKind, State, UserRec};

/// Discord's ISO-8601 timestamp for "now" (`2024-05-01T12:00:00.000000+00:00`).
pub fn now_timestamp() -> String {
    let since = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    let secs = since.as_secs();
    let (days, rem) = (secs / 86_400, secs % 86_400);
    let (y, m, d) = civil_from_days(days as i64);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}.{:06}+00:00",
        rem / 3600,
        rem / 60 % 60,
        rem % 60,
        since.subsec_micros()
    )
}

/// Days since 1970-01-01 → (year, month, day) (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// A user object.
pub fn user(u: &UserRec) -> Value {
    json!({
        "id": u.id.to_string(),
        "username": u.name,
        "discriminator": "0",
        "global_name": u.name,
        "avatar": null,
        "bot": u.bot,
        "public_flags": 0,
        "flags": 0,
    })
}

/// A guild member object; `permissions` only in interaction payloads.
pub fn member(state: &State, u: &UserRec, permissions: Option<Permissions>) -> Value {
    let mut m = json!({
        "user": user(u),
        "nick": null,
        "avatar": null,
        "roles": u.roles.iter().map(u64::to_string).collect::<Vec<_>>(),
        "joined_at": state.created_at,
        "premium_since": null,
        "deaf": false,
        "mute": false,
        "flags": 0,
        "pending": false,
    });
    if let Some(p) = permissions {
        m["permissions"] = json!(p.0.to_string());
    }
    m
}

/// A channel object (guild text channel or DM).
pub fn channel(state: &State, id: u64) -> Value {
    let c = &state.channels[&id];
    if let (Some(t), ChannelKind::Guild { guild }) = (&c.thread, &c.kind) {
        return json!({
            "id": id.to_string(),
            "type": if t.private { 12 } else { 11 },
            "guild_id": guild.to_string(),
            "parent_id": t.parent.to_string(),
            "owner_id": t.owner.to_string(),
            "name": c.name,
            "last_message_id": null,
            "rate_limit_per_user": 0,
            "message_count": 0,
            "member_count": t.members.len().min(50),
            "thread_metadata": {
                "archived": t.archived,
                "auto_archive_duration": t.auto_archive_duration,
                "archive_timestamp": "2026-01-01T00:00:00.000000+00:00",
                "locked": t.locked,
                "invitable": t.invitable,
                "create_timestamp": "2026-01-01T00:00:00.000000+00:00",
            },
            "total_message_sent": 0,
            "flags": 0,
        });
    }
    match c.kind {
        ChannelKind::Guild { guild } => json!({
            "id": id.to_string(),
            "type": 0,
            "guild_id": guild.to_string(),
            "name": c.name,
            "position": c.position,
            "permission_overwrites": [],
            "nsfw": false,
            "topic": null,
            "last_message_id": null,
            "parent_id": null,
            "rate_limit_per_user": 0,
            "flags": 0,
        }),
        ChannelKind::Dm { recipient } => json!({
            "id": id.to_string(),
            "type": 1,
            "last_message_id": null,
            "recipients": [user(&state.users[&recipient])],
            "flags": 0,
        }),
    }
}

/// An attachment object.
pub fn attachment(channel_id: u64, f: &RecordedFile) -> Value {
    let url = attachment_url(channel_id, f);
    let mut a = json!({
        "id": f.id.to_string(),
        "filename": f.filename,
        "size": f.size(),
        "url": url,
        "proxy_url": url,
    });
    if let Some(ct) = &f.content_type {
        a["content_type"] = json!(ct);
    }
    a
}

/// The CDN url Discord gives an uploaded file.
pub fn attachment_url(channel_id: u64, f: &RecordedFile) -> String {
    format!(
        "https://cdn.discordapp.com/attachments/{channel_id}/{}/{}",
        f.id, f.filename
    )
}

/// A message object.
pub fn message(state: &State, m: &RecordedMessage) -> Value {
    let author = match m.author {
        Author::Bot => user(&state.bot),
        Author::User(id) => user(&state.users[&id]),
    };
    let interaction_message = m.interaction_id.is_some();
    let mut v = json!({
        "id": m.id.to_string(),
        "channel_id": m.channel_id.to_string(),
        "author": author,
        "content": m.content,
        "timestamp": state.created_at,
        "edited_timestamp": if m.edits > 0 { json!(now_timestamp()) } else { Value::Null },
        "tts": false,
        "mention_everyone": false,
        "mentions": [],
        "mention_roles": [],
        "attachments": m.attachments.iter().map(|f| attachment(m.channel_id, f)).collect::<Vec<_>>(),
        "embeds": m.embeds,
        "components": m.components,
        "pinned": false,
        "type": if interaction_message { 20 } else { 0 },
        "flags": m.flags,
    });
    if let Some(nonce) = &m.nonce {
        v["nonce"] = json!(nonce);
    }
    if interaction_message {
        v["webhook_id"] = json!(state.app_id.to_string());
        v["application_id"] = json!(state.app_id.to_string());
    }
    if let Some(guild) = state.guild_of(m.channel_id) {
        v["guild_id"] = json!(guild.to_string());
    }
    v
}

/// The GUILD_CREATE payload for one of the fake's guilds (every user is a member of each).
pub fn guild_create(state: &State, guild: u64) -> Value {
    let channels: Vec<Value> = state
        .channels
        .iter()
        .filter(|(_, c)| matches!(c.kind, ChannelKind::Guild { guild: g } if g == guild))
        .map(|(id, _)| channel(state, *id))
        .collect();
    let mut members = vec![member(state, &state.bot, None)];
    members.extend(
        state
            .users
            .values()
            .filter(|u| !u.bot)
            .map(|u| member(state, u, None)),
    );
    json!({
        "id": guild.to_string(),
        "name": state.guilds.get(&guild).cloned().unwrap_or_default(),
        "icon": null,
        "splash": null,
        "discovery_splash": null,
        "owner_id": state.owner_id.to_string(),
        "afk_channel_id": null,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [{
            "id": guild.to_string(),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
            "hoist": false,
            "icon": null,
            "unicode_emoji": null,
            "position": 0,
            "permissions": Permissions::MEMBER_DEFAULT.0.to_string(),
            "managed": false,
            "mentionable": false,
            "flags": 0,
        }],
        "emojis": [],
        "features": [],
        "mfa_level": 0,
        "application_id": null,
        "system_channel_id": null,
        "system_channel_flags": 0,
        "rules_channel_id": null,
        "vanity_url_code": null,
        "description": null,
        "banner": null,
        "premium_tier": 0,
        "preferred_locale": state.guild_locale(guild),
        "public_updates_channel_id": null,
        "nsfw_level": 0,
        "stickers": [],
        "premium_progress_bar_enabled": false,
        "joined_at": state.created_at,
        "large": false,
        "unavailable": false,
        "member_count": members.len(),
        "voice_states": [],
        "members": members,
        "channels": channels,
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    })
}

/// The application object (`GET /oauth2/applications/@me`).
pub fn application(state: &State) -> Value {
    json!({
        "id": state.app_id.to_string(),
        "name": state.bot.name,
        "icon": null,
        "description": "",
        "bot_public": true,
        "bot_require_code_grant": false,
        "owner": user(&state.users[&state.owner_id]),
        "verify_key": "0".repeat(64),
        "team": null,
        "flags": 0,
        "bot": user(&state.bot),
    })
}

/// A role object: a plain role with no permissions of its own, below every other.
pub fn role(id: u64, name: &str) -> Value {
    json!({
        "id": id.to_string(),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0, "secondary_color": null, "tertiary_color": null},
        "hoist": false,
        "icon": null,
        "unicode_emoji": null,
        "position": 1,
        "permissions": "0",
        "managed": false,
        "mentionable": false,
        "flags": 0,
    })
}
