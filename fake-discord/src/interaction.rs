//! One interaction a test dispatched and the bot's answers to it, and the payloads the
//! fake sends for it (command data, options, the clicked component).

use crate::model::{Ack, AckKind, InteractionKind, RecordedMessage};
use crate::state::{ChannelKind, InteractionRec, State};
use crate::{payload, Shared};
use serde_json::{json, Value};
use std::sync::Arc;
use std::time::Duration;

/// One interaction a test dispatched, and the bot's answers to it.
pub struct Interaction {
    pub(crate) shared: Arc<Shared>,
    /// Interaction id.
    pub id: u64,
    /// Interaction token (the followup webhook's token).
    pub token: String,
    /// What kind of interaction it is.
    pub kind: InteractionKind,
    /// Channel it happened in.
    pub channel_id: u64,
    /// User who triggered it.
    pub user_id: u64,
    /// The shard it was dispatched on (`None`: no shard had identified, so nobody got it).
    pub shard: Option<u32>,
    pub(crate) wait_timeout: Duration,
}

impl Interaction {
    fn rec<R>(&self, f: impl FnOnce(&State, &InteractionRec) -> R) -> R {
        self.shared.read(|s| {
            f(
                s,
                s.interactions
                    .iter()
                    .find(|i| i.id == self.id)
                    .expect("known interaction"),
            )
        })
    }

    /// Its acknowledgement so far.
    pub fn ack(&self) -> Option<Ack> {
        self.rec(|_, i| i.ack.clone())
    }

    /// Waits for the acknowledgement (any callback type).
    pub async fn wait_ack(&self) -> Ack {
        let id = self.id;
        self.shared
            .wait(
                &format!("acknowledgement of interaction {id}"),
                self.wait_timeout,
                |s| {
                    s.interactions
                        .iter()
                        .find(|i| i.id == id)
                        .and_then(|i| i.ack.clone())
                },
            )
            .await
    }

    /// The `@original` response as it is now (for component acks 6/7: the component's message).
    pub fn original(&self) -> Option<RecordedMessage> {
        self.rec(|s, i| i.original.and_then(|m| s.message(m).cloned()))
    }

    /// Followup messages as they are now, in order.
    pub fn followups(&self) -> Vec<RecordedMessage> {
        self.rec(|s, i| {
            i.followups
                .iter()
                .filter_map(|m| s.message(*m).cloned())
                .collect()
        })
    }

    /// Waits for the ack and a visible answer (original no longer "thinking…", or a followup);
    /// returns the original (if any) then the followups.
    pub async fn replies(&self) -> Vec<RecordedMessage> {
        self.wait_replies(1).await
    }

    /// Waits until there are at least `n` visible answers (original + followups).
    pub async fn wait_replies(&self, n: usize) -> Vec<RecordedMessage> {
        let id = self.id;
        self.shared
            .wait(
                &format!("{n} replies to interaction {id}"),
                self.wait_timeout,
                |s| {
                    let i = s.interactions.iter().find(|i| i.id == id)?;
                    i.ack.as_ref()?;
                    let mut replies: Vec<RecordedMessage> = i
                        .original
                        .and_then(|m| s.message(m))
                        .filter(|m| !m.is_loading())
                        .into_iter()
                        .cloned()
                        .collect();
                    replies.extend(i.followups.iter().filter_map(|m| s.message(*m).cloned()));
                    (replies.len() >= n).then_some(replies)
                },
            )
            .await
    }

    /// Waits for an autocomplete answer; returns its choices (`{"name", "value"}` objects).
    ///
    /// # Panics
    /// If it was acknowledged some other way.
    pub async fn choices(&self) -> Vec<Value> {
        let ack = self.wait_ack().await;
        assert_eq!(
            ack.kind,
            AckKind::Autocomplete,
            "fake-discord: not an autocomplete answer: {ack:?}"
        );
        ack.data["choices"].as_array().cloned().unwrap_or_default()
    }
}

/// The current version of a component on a message.
pub(crate) fn current_component(state: &State, message: u64, custom_id: &str) -> Value {
    let m = state
        .message(message)
        .unwrap_or_else(|| panic!("fake-discord: message {message} is gone"));
    m.component(custom_id).unwrap_or_else(|| {
        panic!(
            "fake-discord: message {message} has no component {custom_id:?}; it has {:?}",
            m.custom_ids()
        )
    })
}

/// Builds INTERACTION_CREATE's payload.
#[allow(clippy::too_many_arguments)]
pub(crate) fn interaction_payload(
    s: &State,
    id: u64,
    token: &str,
    type_number: u64,
    data: Value,
    user: u64,
    channel: u64,
    source: Option<u64>,
) -> Value {
    let u = s
        .users
        .get(&user)
        .unwrap_or_else(|| panic!("fake-discord: unknown user {user}"));
    let c = s
        .channels
        .get(&channel)
        .unwrap_or_else(|| panic!("fake-discord: unknown channel {channel}"));
    if let Some(thread) = c.thread.as_ref().filter(|t| t.private) {
        assert!(
            thread.members.contains(&user),
            "fake-discord: user {user} cannot see private thread {channel}"
        );
    }
    let mut payload = json!({
        "id": id.to_string(),
        "application_id": s.app_id.to_string(),
        "type": type_number,
        "data": data,
        "channel_id": channel.to_string(),
        "channel": payload::channel(s, channel),
        "token": token,
        "version": 1,
        "app_permissions": s.bot_permissions(channel).0.to_string(),
        "locale": s.user_locale(user),
        "entitlements": [],
        "attachment_size_limit": 10_485_760,
    });
    match c.kind {
        ChannelKind::Guild { guild } => {
            payload["guild_id"] = json!(guild.to_string());
            payload["guild_locale"] = json!(s.guild_locale(guild));
            payload["member"] = payload::member(s, u, Some(u.permissions));
            payload["authorizing_integration_owners"] = json!({"0": guild.to_string()});
            payload["context"] = json!(0);
        }
        ChannelKind::Dm { .. } => {
            payload["user"] = payload::user(u);
            payload["authorizing_integration_owners"] = json!({"0": "0"});
            payload["context"] = json!(1);
        }
    }
    if let Some(message) = source.and_then(|m| s.message(m)) {
        payload["message"] = payload::message(s, message);
    }
    payload
}

/// `data` of a slash command or autocomplete interaction in `channel`, resolved against
/// the command definitions registered there (guild commands live in the first guild).
pub(crate) fn command_data(
    s: &State,
    channel: u64,
    path: &str,
    given: &Value,
    focused: Option<&str>,
) -> Value {
    let words: Vec<&str> = path.split_whitespace().collect();
    let root = words.first().copied().unwrap_or_default();
    let guild = s.guild_of(channel);
    let guild_commands: &[Value] = if guild == Some(s.guild_id) {
        &s.guild_commands
    } else {
        &[]
    };
    let command = guild_commands
        .iter()
        .chain(&s.global_commands)
        .find(|c| c["name"] == root && c["type"] == 1)
        .unwrap_or_else(|| {
            let names: Vec<&Value> = guild_commands
                .iter()
                .chain(&s.global_commands)
                .map(|c| &c["name"])
                .collect();
            panic!("fake-discord: no registered slash command {root:?}; registered: {names:?}")
        });
    if guild.is_none() {
        // Discord offers in a DM only the commands whose contexts include BOT_DM (1);
        // `dm_permission: false` (the older field) hides one too.
        let contexts = command["contexts"].as_array();
        assert!(
            contexts.is_none_or(|c| c.iter().any(|x| x.as_u64() == Some(1)))
                && command["dm_permission"] != false,
            "fake-discord: /{root} is not available in DMs (contexts {:?})",
            command["contexts"]
        );
    }
    let mut definitions = command["options"].as_array().cloned().unwrap_or_default();
    let mut chain: Vec<(&str, u64)> = Vec::new();
    for word in &words[1..] {
        let sub = definitions
            .iter()
            .find(|o| o["name"] == *word && matches!(o["type"].as_u64(), Some(1 | 2)))
            .unwrap_or_else(|| panic!("fake-discord: {path:?}: no subcommand {word:?}"))
            .clone();
        chain.push((word, sub["type"].as_u64().unwrap_or(1)));
        definitions = sub["options"].as_array().cloned().unwrap_or_default();
    }
    assert!(
        !definitions
            .iter()
            .any(|o| matches!(o["type"].as_u64(), Some(1 | 2))),
        "fake-discord: {path:?} names a command group; add the subcommand"
    );
    let given = given.as_object().cloned().unwrap_or_default();
    for name in given.keys() {
        assert!(
            definitions.iter().any(|o| o["name"] == name.as_str()),
            "fake-discord: {path:?} has no option {name:?}"
        );
    }
    let mut resolved = json!({});
    let mut options = Vec::new();
    for definition in &definitions {
        let name = definition["name"].as_str().unwrap_or_default();
        let kind = definition["type"].as_u64().unwrap_or(3);
        let Some(value) = given.get(name) else {
            assert!(
                focused.is_some() || definition["required"] != true,
                "fake-discord: {path:?} needs option {name:?}"
            );
            continue;
        };
        let is_focused = focused == Some(name);
        let value = if is_focused {
            value.clone()
        } else {
            option_value(s, path, definition, value, &mut resolved)
        };
        let mut option = json!({"name": name, "type": kind, "value": value});
        if is_focused {
            option["focused"] = json!(true);
        }
        options.push(option);
    }
    for (name, kind) in chain.iter().rev() {
        options = vec![json!({"name": name, "type": kind, "options": options})];
    }
    let mut data = json!({
        "id": command["id"],
        "name": root,
        "type": 1,
        "options": options,
    });
    if let Some(guild) = guild {
        data["guild_id"] = json!(guild.to_string());
    }
    if resolved.as_object().is_some_and(|r| !r.is_empty()) {
        data["resolved"] = resolved;
    }
    data
}

/// A user-supplied option value, checked against its definition; ids are added to `resolved`.
pub(crate) fn option_value(
    s: &State,
    path: &str,
    definition: &Value,
    value: &Value,
    resolved: &mut Value,
) -> Value {
    let name = definition["name"].as_str().unwrap_or_default();
    let kind = definition["type"].as_u64().unwrap_or(3);
    let bad = || -> ! {
        panic!("fake-discord: {path:?} option {name:?} (type {kind}) cannot take {value}")
    };
    let as_id = || {
        value
            .as_u64()
            .or_else(|| value.as_str().and_then(|v| v.parse().ok()))
            .unwrap_or_else(|| bad())
    };
    let checked = match kind {
        3 => value.as_str().map(|v| json!(v)).unwrap_or_else(|| bad()),
        4 => value.as_i64().map(|v| json!(v)).unwrap_or_else(|| bad()),
        5 => value.as_bool().map(|v| json!(v)).unwrap_or_else(|| bad()),
        10 => value.as_f64().map(|v| json!(v)).unwrap_or_else(|| bad()),
        6 | 9 => {
            let id = as_id();
            let user = s.users.get(&id).unwrap_or_else(|| bad());
            resolved["users"][id.to_string()] = payload::user(user);
            let mut member = payload::member(s, user, Some(user.permissions));
            if let Some(m) = member.as_object_mut() {
                m.remove("user");
            }
            resolved["members"][id.to_string()] = member;
            json!(id.to_string())
        }
        7 => {
            let id = as_id();
            let channel = s.channels.get(&id).unwrap_or_else(|| bad());
            resolved["channels"][id.to_string()] = json!({
                "id": id.to_string(),
                "name": channel.name,
                "type": 0,
                "permissions": s.bot_permissions(id).0.to_string(),
            });
            json!(id.to_string())
        }
        8 => {
            let id = as_id();
            let name = s.roles.get(&id).unwrap_or_else(|| bad());
            resolved["roles"][id.to_string()] = payload::role(id, name);
            json!(id.to_string())
        }
        _ => bad(),
    };
    // Poise sends `"choices": []` on free-text and autocomplete options: no fixed list.
    if let Some(choices) = definition["choices"].as_array().filter(|c| !c.is_empty()) {
        assert!(
            choices.iter().any(|c| c["value"] == checked),
            "fake-discord: {path:?} option {name:?}: {checked} is not one of its choices"
        );
    }
    checked
}
