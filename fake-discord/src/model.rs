//! Public record types: what the fake remembers and hands to tests.

use std::time::Duration;

use serde_json::Value;

/// A Discord permission bit set (the same bits as Discord's `permissions` strings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Permissions(pub u64);

impl Permissions {
    /// No permission at all.
    pub const NONE: Self = Self(0);
    /// ADMINISTRATOR: every permission, overwrites ignored.
    pub const ADMINISTRATOR: Self = Self(1 << 3);
    /// MANAGE_CHANNELS.
    pub const MANAGE_CHANNELS: Self = Self(1 << 4);
    /// ADD_REACTIONS.
    pub const ADD_REACTIONS: Self = Self(1 << 6);
    /// VIEW_CHANNEL: without it Discord answers 50001 "Missing Access".
    pub const VIEW_CHANNEL: Self = Self(1 << 10);
    /// SEND_MESSAGES.
    pub const SEND_MESSAGES: Self = Self(1 << 11);
    /// MANAGE_MESSAGES: delete other people's messages.
    pub const MANAGE_MESSAGES: Self = Self(1 << 13);
    /// EMBED_LINKS.
    pub const EMBED_LINKS: Self = Self(1 << 14);
    /// ATTACH_FILES: needed to upload attachments in a channel.
    pub const ATTACH_FILES: Self = Self(1 << 15);
    /// READ_MESSAGE_HISTORY: needed to fetch a message.
    pub const READ_MESSAGE_HISTORY: Self = Self(1 << 16);
    /// USE_APPLICATION_COMMANDS.
    pub const USE_APPLICATION_COMMANDS: Self = Self(1 << 31);
    /// SEND_MESSAGES_IN_THREADS.
    pub const SEND_MESSAGES_IN_THREADS: Self = Self(1 << 38);
    /// Start a public thread (type 11).
    pub const CREATE_PUBLIC_THREADS: Self = Self(1 << 35);
    /// Start a private thread (type 12).
    pub const CREATE_PRIVATE_THREADS: Self = Self(1 << 36);

    /// What an ordinary member (and the bot) may do in a channel by default.
    pub const MEMBER_DEFAULT: Self = Self(
        Self::ADD_REACTIONS.0
            | Self::VIEW_CHANNEL.0
            | Self::SEND_MESSAGES.0
            | Self::EMBED_LINKS.0
            | Self::ATTACH_FILES.0
            | Self::READ_MESSAGE_HISTORY.0
            | Self::USE_APPLICATION_COMMANDS.0
            | Self::SEND_MESSAGES_IN_THREADS.0
            | Self::CREATE_PUBLIC_THREADS.0
            | Self::CREATE_PRIVATE_THREADS.0,
    );

    /// Whether every bit of `other` is set here (ADMINISTRATOR implies all).
    pub fn contains(self, other: Self) -> bool {
        self.0 & Self::ADMINISTRATOR.0 != 0 || self.0 & other.0 == other.0
    }

    /// These bits with `other`'s bits removed.
    pub fn without(self, other: Self) -> Self {
        Self(self.0 & !other.0)
    }
}

impl std::ops::BitOr for Permissions {
    type Output = Self;
    fn bitor(self, rhs: Self) -> Self {
        Self(self.0 | rhs.0)
    }
}

/// A file uploaded with a message (multipart `files[n]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedFile {
    /// Attachment id Discord assigned.
    pub id: u64,
    /// File name as uploaded (what `attachment://name` refers to).
    pub filename: String,
    /// The part's content type, if sent.
    pub content_type: Option<String>,
    /// The bytes uploaded.
    pub bytes: Vec<u8>,
    /// Its description (alt text), as the body's `attachments` gave it.
    pub description: Option<String>,
}

impl RecordedFile {
    /// Size in bytes.
    pub fn size(&self) -> usize {
        self.bytes.len()
    }
}

/// Who or what posted a message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Author {
    /// The bot (REST call or interaction response).
    Bot,
    /// A test user (its id).
    User(u64),
}

/// A message as it is now (edits applied), in a guild channel or a DM.
#[derive(Clone, Debug)]
pub struct RecordedMessage {
    /// Message id.
    pub id: u64,
    /// Channel the message sits in (a DM channel for DMs and ephemeral replies in DMs).
    pub channel_id: u64,
    /// Who posted it.
    pub author: Author,
    /// Text content.
    pub content: String,
    /// Embeds as Discord stores them (`attachment://` urls resolved to the attachment url).
    pub embeds: Vec<Value>,
    /// Action rows as sent.
    pub components: Vec<Value>,
    /// Uploaded files.
    pub attachments: Vec<RecordedFile>,
    /// Message flags (64 = ephemeral, 128 = "bot is thinking" placeholder).
    pub flags: u64,
    /// The nonce it was sent with, as a string.
    pub nonce: Option<String>,
    /// The interaction this message answers (original response or followup), if any.
    pub interaction_id: Option<u64>,
    /// How many times it was edited.
    pub edits: u32,
    /// Whether it was deleted (deleted messages are only listed by `deleted_messages`).
    pub deleted: bool,
    /// When it was created, since the fake started.
    pub at: Duration,
}

impl RecordedMessage {
    /// Whether only the invoking user sees it (flag 64).
    pub fn is_ephemeral(&self) -> bool {
        self.flags & crate::limits::FLAG_EPHEMERAL != 0
    }

    /// Whether it is still the "bot is thinking…" placeholder of a deferred response.
    pub fn is_loading(&self) -> bool {
        self.flags & crate::limits::FLAG_LOADING != 0
    }

    /// Every `custom_id` of its components (buttons and select menus), in order.
    pub fn custom_ids(&self) -> Vec<String> {
        self.components_flat()
            .iter()
            .filter_map(|c| {
                c.get("custom_id")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            })
            .collect()
    }

    /// The component (button or select) with this `custom_id`, if present.
    pub fn component(&self, custom_id: &str) -> Option<Value> {
        self.components_flat()
            .into_iter()
            .find(|c| c.get("custom_id").and_then(Value::as_str) == Some(custom_id))
    }

    /// Labels of its buttons, in order.
    pub fn button_labels(&self) -> Vec<String> {
        self.components_flat()
            .iter()
            .filter(|c| c.get("type").and_then(Value::as_u64) == Some(2))
            .filter_map(|c| c.get("label").and_then(Value::as_str).map(str::to_owned))
            .collect()
    }

    /// Content plus every embed's title/description/fields, for text assertions.
    pub fn text(&self) -> String {
        let mut out = self.content.clone();
        for embed in &self.embeds {
            for key in ["title", "description"] {
                if let Some(s) = embed.get(key).and_then(Value::as_str) {
                    out.push('\n');
                    out.push_str(s);
                }
            }
            for field in embed
                .get("fields")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                for key in ["name", "value"] {
                    if let Some(s) = field.get(key).and_then(Value::as_str) {
                        out.push('\n');
                        out.push_str(s);
                    }
                }
            }
        }
        out
    }

    fn components_flat(&self) -> Vec<Value> {
        self.components
            .iter()
            .flat_map(|row| {
                row.get("components")
                    .and_then(Value::as_array)
                    .cloned()
                    .unwrap_or_default()
            })
            .collect()
    }
}

/// One HTTP request the bot made, with what the fake answered.
#[derive(Clone, Debug)]
pub struct RequestRecord {
    /// HTTP method (`GET`, `POST`, ...).
    pub method: String,
    /// Path after `/api/v10` (e.g. `/channels/1/messages`).
    pub path: String,
    /// JSON body (`payload_json` for multipart), if any.
    pub body: Option<Value>,
    /// File names uploaded with it.
    pub files: Vec<String>,
    /// HTTP status answered.
    pub status: u16,
    /// Discord error code answered, if an error.
    pub code: Option<u64>,
    /// When it arrived, since the fake started.
    pub at: Duration,
}

/// An error the fake answered (a test asserts there were none, or exactly the expected ones).
#[derive(Clone, Debug)]
pub struct ErrorRecord {
    /// HTTP method.
    pub method: String,
    /// Path after `/api/v10`.
    pub path: String,
    /// HTTP status.
    pub status: u16,
    /// Discord error code (0 for generic HTTP errors such as 404 on an unknown route).
    pub code: u64,
    /// Discord's message, e.g. "Invalid Form Body".
    pub message: String,
    /// For 50035: every offending field path, e.g. `data.components.0.components.5`.
    pub fields: Vec<String>,
    /// Whether the test asked for it with [`crate::FakeDiscord::inject`].
    pub injected: bool,
}

/// A failure a test injects on the next request matching a route pattern.
#[derive(Clone, Debug, PartialEq)]
pub enum Failure {
    /// 429 with `retry_after`, `Retry-After` and `X-RateLimit-*` headers.
    RateLimited {
        /// How long the client must wait.
        retry_after: Duration,
        /// Whether it is the global limit (`X-RateLimit-Global`).
        global: bool,
    },
    /// A 5xx answer (e.g. 500, 502, 503) with Discord's generic body.
    ServerError(u16),
    /// Discord does the request (the message is created) but the answer never reaches
    /// the client: the connection just hangs. What a crash right after sending looks like.
    LostResponse,
}

/// How an interaction was acknowledged (interaction callback type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AckKind {
    /// 4: CHANNEL_MESSAGE_WITH_SOURCE.
    Message,
    /// 5: DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ("thinking…").
    DeferredMessage,
    /// 6: DEFERRED_UPDATE_MESSAGE (component only).
    DeferredUpdate,
    /// 7: UPDATE_MESSAGE (component only).
    UpdateMessage,
    /// 8: APPLICATION_COMMAND_AUTOCOMPLETE_RESULT.
    Autocomplete,
    /// 9: MODAL.
    Modal,
}

impl AckKind {
    /// The callback type number, if it is one the fake accepts.
    pub fn from_type(callback_type: u64) -> Option<Self> {
        Some(match callback_type {
            4 => Self::Message,
            5 => Self::DeferredMessage,
            6 => Self::DeferredUpdate,
            7 => Self::UpdateMessage,
            8 => Self::Autocomplete,
            9 => Self::Modal,
            _ => return None,
        })
    }
}

/// An interaction's acknowledgement.
#[derive(Clone, Debug)]
pub struct Ack {
    /// Callback type used.
    pub kind: AckKind,
    /// Time from dispatch (INTERACTION_CREATE sent) to the callback arriving.
    pub latency: Duration,
    /// The callback's `data` (message body, autocomplete choices, modal).
    pub data: Value,
}

/// What kind of interaction a test dispatched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InteractionKind {
    /// Type 2, a slash command.
    Command,
    /// Type 4, autocomplete.
    Autocomplete,
    /// Type 3, a button or select menu.
    Component,
    /// Type 5, a modal submit.
    ModalSubmit,
}
