//! Who sent a command: their id, shown name, language and server.

use crate::{escape_name, Lang, UserId};

/// Who sent a command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Caller {
    pub user: UserId,
    /// Display name used in messages.
    pub name: String,
    /// The caller may manage the channel (may abandon any table there).
    pub can_manage_channel: bool,
    /// The server the command came from (`None` in a DM or the local table): new tables
    /// belong to it, and stats, leaderboards and "my games" are read for it.
    pub guild: Option<u64>,
    /// The language the caller reads their private answers in (their choice, else their
    /// client's: `Table::person_lang`); English by default.
    pub lang: Lang,
}

impl Caller {
    pub fn new(user: UserId, name: impl Into<String>) -> Self {
        Caller {
            user,
            name: name.into(),
            can_manage_channel: false,
            guild: None,
            lang: Lang::En,
        }
    }

    /// The same caller, reading their private answers in `lang`.
    pub fn with_lang(self, lang: Lang) -> Self {
        Caller { lang, ..self }
    }

    /// The same caller, on server `guild`.
    pub fn in_guild(self, guild: u64) -> Self {
        Caller {
            guild: Some(guild),
            ..self
        }
    }

    /// The caller's name as messages show it (escaped: see [`escape_name`]).
    pub fn shown_name(&self) -> String {
        escape_name(&self.name)
    }
}
