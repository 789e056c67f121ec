//! The permissions the bot needs in a game's channel, what an interaction reports of them,
//! and the sentences that tell a player which one is missing.

use poise::serenity_prelude as serenity;
use std::sync::Arc;
use table::UserId;
use words::Lang;

/// The permissions the bot needs in a game's channel, with the Fluent keys of their
/// Discord names. In a thread, Send Messages in Threads stands for Send Messages.
pub const NEEDED_PERMISSIONS: &[(serenity::Permissions, &str)] = &[
    (
        serenity::Permissions::VIEW_CHANNEL,
        "permission-view-channel",
    ),
    (
        serenity::Permissions::SEND_MESSAGES,
        "permission-send-messages",
    ),
    (serenity::Permissions::EMBED_LINKS, "permission-embed-links"),
    (
        serenity::Permissions::ATTACH_FILES,
        "permission-attach-files",
    ),
];

/// The keys of the needed permissions `have` lacks.
pub(super) fn missing_keys(have: serenity::Permissions, in_thread: bool) -> Vec<&'static str> {
    NEEDED_PERMISSIONS
        .iter()
        .map(|&(p, key)| match p {
            serenity::Permissions::SEND_MESSAGES if in_thread => (
                serenity::Permissions::SEND_MESSAGES_IN_THREADS,
                "permission-send-messages-in-threads",
            ),
            _ => (p, key),
        })
        .filter(|(p, _)| !have.contains(*p))
        .map(|(_, key)| key)
        .collect()
}

/// The needed permissions `have` lacks, by their Discord names in `lang`.
pub fn missing_permissions(
    lang: Lang,
    have: serenity::Permissions,
    in_thread: bool,
) -> Vec<String> {
    missing_keys(have, in_thread)
        .into_iter()
        .map(|key| words::text(lang, key, &[]))
        .collect()
}

/// Whether `have` lets the bot post where it is (View Channel, and Send Messages — in a
/// thread, Send Messages in Threads).
pub fn can_post(have: serenity::Permissions, in_thread: bool) -> bool {
    let post = if in_thread {
        serenity::Permissions::SEND_MESSAGES_IN_THREADS
    } else {
        serenity::Permissions::SEND_MESSAGES
    };
    have.contains(serenity::Permissions::VIEW_CHANNEL | post)
}

/// The private explanation (in the actor's language `lang`) when the bot cannot post in
/// the channel. `have` is what the interaction said the bot may do here
/// (`app_permissions`), when known.
pub fn missing_permission_notice(
    lang: Lang,
    have: Option<serenity::Permissions>,
    in_thread: bool,
) -> String {
    let missing = have.map_or_else(Vec::new, |have| missing_permissions(lang, have, in_thread));
    let count = missing.len();
    let list = if missing.is_empty() {
        NEEDED_PERMISSIONS
            .iter()
            .map(|(_, key)| words::text(lang, key, &[]))
            .collect::<Vec<_>>()
            .join(", ")
    } else {
        missing.join(", ")
    };
    words::text(
        lang,
        "reply-missing-permissions",
        &[("list", list.into()), ("count", count.into())],
    )
}

/// What the actor is answered with, privately: pages of text and at most one picture
/// (their board or hand, from `/game status`, **Board** or `/game hand`).
#[derive(Debug, Default)]
pub struct Replies {
    pub texts: Vec<String>,
    pub picture: Option<Arc<table::Picture>>,
}

impl From<Vec<String>> for Replies {
    fn from(texts: Vec<String>) -> Self {
        Replies {
            texts,
            picture: None,
        }
    }
}

/// The private note (in the actor's language) when a turn message went out without its
/// board picture.
pub fn picture_permission_notice(lang: Lang) -> String {
    words::text(lang, "reply-picture-permissions", &[])
}

/// Who acted, for the replies a send produces.
#[derive(Debug, Clone, Copy)]
pub struct Actor {
    pub user: UserId,
    /// The bot's permissions in the channel, from the interaction (`app_permissions`).
    pub permissions: Option<serenity::Permissions>,
    /// The channel is a thread (posting there needs Send Messages in Threads).
    pub in_thread: bool,
}

impl Actor {
    /// The actor of an interaction by `user` in a channel of `kind`, with the bot's
    /// permissions there as the interaction reported them.
    pub fn new(
        user: UserId,
        permissions: Option<serenity::Permissions>,
        kind: Option<serenity::ChannelType>,
    ) -> Actor {
        let in_thread = matches!(
            kind,
            Some(
                serenity::ChannelType::PublicThread
                    | serenity::ChannelType::PrivateThread
                    | serenity::ChannelType::NewsThread
            )
        );
        Actor {
            user,
            permissions,
            in_thread,
        }
    }

    pub(super) fn reported(&self) -> Option<Reported> {
        self.permissions.map(|permissions| Reported {
            permissions,
            in_thread: self.in_thread,
        })
    }
}

/// The bot's permissions in a channel, as an interaction there reported them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Reported {
    pub(super) permissions: serenity::Permissions,
    pub(super) in_thread: bool,
}

impl Reported {
    pub(super) fn can_post(&self) -> bool {
        can_post(self.permissions, self.in_thread)
    }

    pub(super) fn complete(&self) -> bool {
        missing_keys(self.permissions, self.in_thread).is_empty()
    }
}
