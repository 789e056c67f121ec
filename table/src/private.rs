//! Tables that belong to one person: a game in their DMs with the bot, or their lesson
//! (`/game learn`). They play there alone with bots; anyone else's join is refused. The
//! owner is kept in the channel's note `private-table`, so nothing stored changes layout.

use crate::{Active, Caller, ChannelId, Table, UserId};

/// The note naming a private table's owner (their user id, as decimal text).
const NOTE: &str = "private-table";

impl Table {
    /// Makes the table in `channel` belong to `owner` alone (a DM with the bot, a lesson's
    /// thread): from now on, only they may take a seat there.
    pub fn make_private(&self, channel: ChannelId, owner: UserId) {
        if self.private_owner(channel) != Some(owner) {
            self.put_note(channel, NOTE, owner.to_string().as_bytes());
        }
    }

    /// The person the table in `channel` belongs to, if it belongs to one.
    pub fn private_owner(&self, channel: ChannelId) -> Option<UserId> {
        let note = self.note(channel, NOTE)?;
        std::str::from_utf8(&note).ok()?.parse().ok()
    }

    /// The refusal for `caller` joining `active` if its table belongs to someone else.
    pub(crate) fn private_refusal(&self, active: &Active, caller: &Caller) -> Option<String> {
        let owner = self.private_owner(active.meta.channel)?;
        (owner != caller.user).then(|| {
            words::text(
                caller.lang,
                "lobby-private-table",
                &[("owner", active.host_name(caller.lang).into())],
            )
        })
    }
}
