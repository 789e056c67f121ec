//! Which language each reader gets. A person's own choice (`/game language`: their
//! ephemeral answers, panels and DMs) and a channel's (`/game settings language:`: what
//! the table posts there), both kept in the store's notes so they survive restarts on
//! sled and PostgreSQL alike. Without a choice a person reads their Discord client's
//! language (the interaction's `locale`) and a channel its server's preferred locale
//! (recorded from Discord with [`Table::remember_guild_locale`]); English otherwise.

use crate::{Caller, Delivery, Table};
use storage::{ChannelId, UserId};
use words::Lang;

/// The note under a user's id holding their language (`es`, or empty: their client's).
const PERSON_NOTE: &str = "language:person";
/// The note under a channel's id holding its language (`es`, or empty: the server's).
const CHANNEL_NOTE: &str = "language:channel";
/// The note under a user's id holding the locale their Discord client last sent (`es-ES`
/// → `es`): what DMs and hands sent later, with no interaction at hand, go by.
const CLIENT_NOTE: &str = "language:client";
/// The note under a guild's id holding its preferred locale as Discord sent it (`es-ES`).
const GUILD_NOTE: &str = "language:guild-locale";

/// How long a channel's language read from the store is used before it is read again
/// (a change by another process on the same store shows within this, table clock ms).
pub const POST_LANG_FOR_MS: u64 = 5_000;

impl Table {
    /// The language `user` reads: their choice, else their client's `locale` (as the
    /// interaction sent it; without one, the last one remembered by
    /// [`Table::remember_client_locale`]), else English.
    pub fn person_lang(&self, user: UserId, locale: Option<&str>) -> Lang {
        self.person_lang_choice(user)
            .or_else(|| locale.map(Lang::from_discord_locale))
            .or_else(|| self.read_lang(user, CLIENT_NOTE))
            .unwrap_or_default()
    }

    /// Records the language of `user`'s Discord client (an interaction's `locale`), for
    /// the DMs and hands sent them later; written only when it changed (what this
    /// process recorded or read last is kept in memory, so an interaction in the same
    /// language reads nothing).
    pub fn remember_client_locale(&self, user: UserId, locale: &str) {
        let lang = Lang::from_discord_locale(locale);
        if crate::lock(&self.client_langs).get(&user) == Some(&lang) {
            return;
        }
        if self.read_lang(user, CLIENT_NOTE) != Some(lang) {
            if let Err(e) = self
                .store
                .put_note(user, CLIENT_NOTE, lang.code().as_bytes())
            {
                tracing::warn!(user, error = %e, "cannot record a person's client locale");
                return;
            }
        }
        let mut known = crate::lock(&self.client_langs);
        if known.len() >= crate::DEFAULT_CACHE_GAMES * 4 {
            known.clear();
        }
        known.insert(user, lang);
    }

    /// The language of what the table posts in the channel of `meta` (its choice, else
    /// its server's: [`Table::channel_lang`]), remembered per channel until a channel's
    /// or a server's language changes in this process, and at most [`POST_LANG_FOR_MS`]:
    /// a change made by another process sharing the store is seen within that bound.
    pub(crate) fn post_lang(&self, meta: &storage::Meta) -> Lang {
        let channel = meta.channel;
        let now = self.now_ms();
        if let Some((lang, read)) = crate::lock(&self.channel_langs).get(&channel) {
            if now.saturating_sub(*read) < POST_LANG_FOR_MS {
                return *lang;
            }
        }
        let guild = (meta.guild != 0).then_some(meta.guild);
        let lang = self.channel_lang(channel, guild);
        let mut known = crate::lock(&self.channel_langs);
        if known.len() >= crate::DEFAULT_CACHE_GAMES * 4 {
            known.clear();
        }
        known.insert(channel, (lang, now));
        lang
    }

    /// Forgets the channels' remembered languages (one changed).
    pub(crate) fn forget_post_langs(&self) {
        crate::lock(&self.channel_langs).clear();
    }

    /// `user`'s own choice, if they made one.
    pub fn person_lang_choice(&self, user: UserId) -> Option<Lang> {
        self.read_lang(user, PERSON_NOTE)
    }

    /// The language of what the table posts in `channel`: the channel's choice, else, at
    /// a table one person owns (their DM with the bot, their lesson's thread), that
    /// person's language, else its server's preferred locale, else English.
    pub fn channel_lang(&self, channel: ChannelId, guild: Option<u64>) -> Lang {
        self.channel_lang_choice(channel)
            .or_else(|| {
                self.private_owner(channel)
                    .map(|owner| self.person_lang(owner, None))
            })
            .or_else(|| guild.and_then(|g| self.guild_lang(g)))
            .unwrap_or_default()
    }

    /// The channel's own choice, if one was made.
    pub fn channel_lang_choice(&self, channel: ChannelId) -> Option<Lang> {
        self.read_lang(channel, CHANNEL_NOTE)
    }

    /// The language of server `guild`'s preferred locale, once recorded.
    pub fn guild_lang(&self, guild: u64) -> Option<Lang> {
        self.read_lang(guild, GUILD_NOTE)
    }

    /// Records server `guild`'s preferred locale (`es-ES`, from Discord's guild create or
    /// an interaction's `guild_locale`); written only when it changed.
    pub fn remember_guild_locale(&self, guild: u64, locale: &str) {
        let lang = Lang::from_discord_locale(locale);
        if self.guild_lang(guild) == Some(lang) {
            return;
        }
        if let Err(e) = self
            .store
            .put_note(guild, GUILD_NOTE, lang.code().as_bytes())
        {
            tracing::warn!(guild, error = %e, "cannot record a server's locale");
        }
        self.forget_post_langs();
    }

    /// `/game language [choice]`: shows (`None`) or sets the caller's own language;
    /// `Some(None)` goes back to their Discord client's. Answered in the language that
    /// now applies.
    pub fn set_person_lang(
        &self,
        caller: &Caller,
        locale: Option<&str>,
        choice: Option<Option<Lang>>,
    ) -> Vec<Delivery> {
        let Some(choice) = choice else {
            let lang = self.person_lang(caller.user, locale);
            let key = match self.person_lang_choice(caller.user) {
                Some(_) => "language-person-chosen",
                None => "language-person-client",
            };
            return vec![Delivery::ephemeral(words::text(
                lang,
                key,
                &[("language", lang.name_in(lang).into())],
            ))];
        };
        let stored = choice.map_or("", Lang::code);
        if let Err(e) = self
            .store
            .put_note(caller.user, PERSON_NOTE, stored.as_bytes())
        {
            let lang = self.person_lang(caller.user, locale);
            return vec![Delivery::ephemeral(words::text(
                lang,
                "language-not-saved",
                &[("error", e.to_string().into())],
            ))];
        }
        let lang = self.person_lang(caller.user, locale);
        let key = match choice {
            Some(_) => "language-person-set",
            None => "language-person-follows-client",
        };
        vec![Delivery::ephemeral(words::text(
            lang,
            key,
            &[("language", lang.name_in(lang).into())],
        ))]
    }

    /// `/game settings language:`: sets the channel's language (`None`: the server's),
    /// for the table's host or a member with Manage Channel. Answered privately in the
    /// caller's language (`reader`).
    pub fn set_channel_lang(
        &self,
        channel: ChannelId,
        caller: &Caller,
        reader: Lang,
        choice: Option<Lang>,
    ) -> Vec<Delivery> {
        let host = self.with_slot(channel, |slot| slot.active.as_ref().map(|a| a.meta.host));
        if host != Some(caller.user) && !caller.can_manage_channel {
            return vec![Delivery::ephemeral(words::text(
                reader,
                "language-channel-not-allowed",
                &[],
            ))];
        }
        let stored = choice.map_or("", Lang::code);
        if let Err(e) = self
            .store
            .put_note(channel, CHANNEL_NOTE, stored.as_bytes())
        {
            return vec![Delivery::ephemeral(words::text(
                reader,
                "language-not-saved",
                &[("error", e.to_string().into())],
            ))];
        }
        self.forget_post_langs();
        let now = self.channel_lang(channel, caller.guild);
        let key = match choice {
            Some(_) => "language-channel-set",
            None => "language-channel-follows-server",
        };
        vec![Delivery::ephemeral(words::text(
            reader,
            key,
            &[("language", now.name_in(reader).into())],
        ))]
    }

    fn read_lang(&self, id: u64, note: &str) -> Option<Lang> {
        match self.store.note(id, note) {
            Ok(Some(bytes)) => std::str::from_utf8(&bytes).ok().and_then(Lang::parse),
            Ok(None) => None,
            Err(e) => {
                tracing::warn!(id, note, error = %e, "cannot read a language choice");
                None
            }
        }
    }
}
