//! The game in play in a channel, with its metadata, and what it answers about itself.

use crate::{escape_name, shown_names, Lang, PictureOf, StateVersion, UserId};
use rules::{DynGame, GameKind, Seat};
use storage::Meta;

/// "Latest:" lines a live hand keeps per seat at most (the newest).
pub(crate) const NEWS_KEPT: usize = 3;

/// A channel's loaded table.
pub(crate) struct Active {
    pub(crate) meta: Meta,
    /// `None` while in the lobby.
    pub(crate) game: Option<Box<dyn DynGame>>,
    /// Each seat's private text in this state, once worked out: a move compares the
    /// texts before and after it, to message only the players whose view changed. Kept
    /// with the languages they were written in (each seat's own).
    pub(crate) private: Option<(Vec<Lang>, Vec<String>)>,
    /// Private news shown in the seats' live hands ("Latest:"), kept until that seat's
    /// player acts (in memory only: a restart forgets it).
    pub(crate) news: Vec<(Seat, String)>,
}

impl Active {
    pub(crate) fn new(meta: Meta, game: Option<Box<dyn DynGame>>) -> Self {
        Active {
            meta,
            game,
            private: None,
            news: Vec::new(),
        }
    }

    /// The same game under changed metadata (settings, seats that left).
    pub(crate) fn with_meta(&self, meta: Meta) -> Active {
        Active {
            meta,
            game: self.game.as_ref().map(|g| g.box_clone()),
            private: self.private.clone(),
            news: self.news.clone(),
        }
    }

    /// Adds private news to the seats' live hands (the newest few per seat).
    pub(crate) fn add_news(&mut self, news: Vec<(Seat, String)>) {
        for (seat, text) in news {
            self.news.push((seat, text));
            let kept = self.news.iter().filter(|(s, _)| *s == seat).count();
            if kept > NEWS_KEPT {
                if let Some(oldest) = self.news.iter().position(|(s, _)| *s == seat) {
                    self.news.remove(oldest);
                }
            }
        }
    }

    /// Every seat's private text in this state, each in its seat's language from `langs`
    /// (empty in the lobby).
    pub(crate) fn private_texts(&self, langs: &[Lang]) -> Vec<String> {
        if let Some((written_in, texts)) = &self.private {
            if written_in == langs {
                return texts.clone();
            }
        }
        let Some(game) = &self.game else {
            return vec![];
        };
        let names = self.names();
        (0..names.len())
            .map(|seat| {
                let lang = langs.get(seat).copied().unwrap_or_default();
                game.private_text(seat, &names, &words::Speaker::new(lang, &names))
            })
            .collect()
    }
    /// The public picture of this game as it stands.
    pub(crate) fn picture_of(&self, seat: Option<Seat>) -> PictureOf {
        PictureOf {
            game_id: self.meta.game_id,
            version: self.meta.version,
            seat,
            view: if seat.is_none() {
                self.public_digest()
            } else {
                0
            },
        }
    }

    /// The players' names as messages show them (escaped), by seat: what the engines'
    /// texts are built with.
    pub(crate) fn names(&self) -> Vec<String> {
        shown_names(&self.meta)
    }

    pub(crate) fn seat_of(&self, user: UserId) -> Option<Seat> {
        self.meta.seats.iter().position(|s| s.user == user)
    }

    /// The awaited seats played by people still at the table (not dropped, not handed
    /// to a bot while away, not bots).
    pub(crate) fn awaited_players(&self) -> Vec<Seat> {
        self.game
            .as_ref()
            .map(|g| g.awaiting())
            .unwrap_or_default()
            .into_iter()
            .filter(|s| !self.played_by_table(*s))
            .collect()
    }

    /// The level a bot plays `seat` at now, if a bot plays it (its player left, or is
    /// away under the `bot` timeout policy: the normal bot).
    fn stand_in_level(&self, seat: Seat) -> Option<ai::Level> {
        if self.meta.away.contains(&seat) && self.everyone_away() {
            // Nobody is left to play with: the game waits for someone to come back
            // rather than bots playing it to its end.
            return None;
        }
        self.bot_played(seat).then_some(ai::Level::Normal)
    }

    /// The first awaited seat a bot plays now, with its level.
    pub(crate) fn next_stand_in(&self) -> Option<(Seat, ai::Level)> {
        let game = self.game.as_ref()?;
        game.awaiting()
            .into_iter()
            .find_map(|s| self.stand_in_level(s).map(|level| (s, level)))
    }

    /// The users of `seats`.
    pub(crate) fn users(&self, seats: &[Seat]) -> Vec<UserId> {
        seats
            .iter()
            .filter_map(|s| self.meta.seats.get(*s).map(|u| u.user))
            .collect()
    }

    pub(crate) fn kind(&self) -> Option<&'static GameKind> {
        rules::catalog::find(&self.meta.game)
    }

    pub(crate) fn title(&self) -> &'static str {
        self.kind().map_or("game", |k| k.title)
    }

    /// The host's name (escaped), or "the host" in `lang` when they are not seated.
    pub(crate) fn host_name(&self, lang: Lang) -> String {
        self.meta
            .seats
            .iter()
            .find(|s| s.user == self.meta.host)
            .map_or_else(
                || words::text(lang, "table-the-host", &[]),
                |s| escape_name(&s.name),
            )
    }

    pub(crate) fn state_version(&self) -> StateVersion {
        StateVersion {
            game_id: self.meta.game_id,
            version: self.meta.version,
        }
    }
}
