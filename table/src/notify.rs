//! How each player wants to hear about their turn, per server (`/game notify`): a
//! mention in the channel (the default), that and a DM, or neither (the live hand only).
//! Kept in the store's notes under the server's id, so it holds for every table there.

use crate::{Caller, Delivery, Table};
use storage::UserId;

/// A player's choice of turn notifications on one server.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Notify {
    /// A mention in the channel on your turn (the default).
    #[default]
    Ping,
    /// The mention, and a DM on your turn and for reminders and timeouts.
    Dm,
    /// No mention on your turn and no DM, only the live hand; reminders still mention you.
    Quiet,
}

impl Notify {
    pub const ALL: [Notify; 3] = [Notify::Ping, Notify::Dm, Notify::Quiet];

    /// The word players type (`/game notify dm`).
    pub fn word(self) -> &'static str {
        match self {
            Notify::Ping => "ping",
            Notify::Dm => "dm",
            Notify::Quiet => "quiet",
        }
    }

    /// Reads a typed word (`ping`, `dm`, `quiet`).
    pub fn parse(word: &str) -> Option<Notify> {
        Notify::ALL
            .into_iter()
            .find(|n| n.word().eq_ignore_ascii_case(word.trim()))
    }

    /// What the choice does, in a sentence in `lang`.
    pub fn explain(self, lang: words::Lang) -> String {
        let key = match self {
            Notify::Ping => "table-notify-explain-ping",
            Notify::Dm => "table-notify-explain-dm",
            Notify::Quiet => "table-notify-explain-quiet",
        };
        words::text(lang, key, &[])
    }

    /// Whether turn, reminder and timeout news come by DM.
    pub fn by_dm(self) -> bool {
        self == Notify::Dm
    }
}

/// The note (under the server's id) holding `user`'s choice.
fn note_name(user: UserId) -> String {
    format!("notify:{user}")
}

impl Table {
    /// `user`'s notification choice on server `guild` (0: no server, the local table).
    pub fn notify_choice(&self, guild: u64, user: UserId) -> Notify {
        match self.store.note(guild, &note_name(user)) {
            Ok(Some(bytes)) => std::str::from_utf8(&bytes)
                .ok()
                .and_then(Notify::parse)
                .unwrap_or_default(),
            Ok(None) => Notify::default(),
            Err(e) => {
                tracing::warn!(guild, user, error = %e, "cannot read a notification choice");
                Notify::default()
            }
        }
    }

    /// `/game notify`: shows (`None`) or changes the caller's choice on this server.
    pub(crate) fn notify(&self, caller: &Caller, choice: Option<Notify>) -> Vec<Delivery> {
        let guild = caller.guild.unwrap_or(0);
        let lang = caller.lang;
        let Some(choice) = choice else {
            let now = self.notify_choice(guild, caller.user);
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-notify-shown",
                &[
                    ("explain", now.explain(lang).into()),
                    ("word", now.word().into()),
                ],
            ))];
        };
        let name = note_name(caller.user);
        match self.store.put_note(guild, &name, choice.word().as_bytes()) {
            Ok(()) => vec![Delivery::ephemeral(words::text(
                lang,
                "table-notify-set",
                &[
                    ("explain", choice.explain(lang).into()),
                    ("word", choice.word().into()),
                ],
            ))],
            Err(e) => vec![Delivery::ephemeral(words::text(
                lang,
                "table-notify-not-saved",
                &[("error", e.to_string().into())],
            ))],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_and_ping_is_the_default() {
        for n in Notify::ALL {
            assert_eq!(Notify::parse(n.word()), Some(n));
        }
        assert_eq!(Notify::parse(" DM "), Some(Notify::Dm));
        assert_eq!(Notify::parse("loud"), None);
        assert_eq!(Notify::default(), Notify::Ping);
    }
}
