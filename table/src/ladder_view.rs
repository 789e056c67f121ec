//! Which ladder `/game rating` and `/game leaderboard … by:rating` read: the server's
//! (the default), the one across servers (only on a server that shares its ratings
//! there), or the server's running or last season.

use crate::{Caller, Table};
use render::BoardScope;
use storage::{season_ladder, server_ladder, GLOBAL_LADDER};

/// The ladder a reader asked to see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum LadderView {
    #[default]
    Server,
    Global,
    Season,
}

impl LadderView {
    /// The terminal's word for it (`rating palazzo global`), if `word` is one.
    pub fn parse(word: &str) -> Option<LadderView> {
        match word.to_lowercase().as_str() {
            "server" => Some(LadderView::Server),
            "global" => Some(LadderView::Global),
            "season" => Some(LadderView::Season),
            _ => None,
        }
    }
}

/// A ladder to read: its key, what a board says it ranks, and the season's name.
pub(crate) struct Ladder {
    pub key: String,
    pub scope: BoardScope,
    pub season: String,
}

impl Table {
    /// The ladder `view` names on the caller's server, or the sentence saying why it
    /// cannot be shown (a server not sharing its ratings across servers; no season yet).
    pub(crate) fn ladder_for(&self, caller: &Caller, view: LadderView) -> Result<Ladder, String> {
        let guild = caller.guild.unwrap_or(0);
        let lang = caller.lang;
        match view {
            LadderView::Server => Ok(Ladder {
                key: server_ladder(guild),
                scope: BoardScope::Server,
                season: String::new(),
            }),
            LadderView::Global if self.global_ratings(guild) => Ok(Ladder {
                key: GLOBAL_LADDER.to_string(),
                scope: BoardScope::Global,
                season: String::new(),
            }),
            LadderView::Global => Err(words::text(lang, "rating-global-not-shared", &[])),
            LadderView::Season => match self.seasons(guild).pop() {
                Some(season) => Ok(Ladder {
                    key: season_ladder(guild, &season.name),
                    scope: BoardScope::Season,
                    season: season.name,
                }),
                None => Err(words::text(lang, "season-none-yet", &[])),
            },
        }
    }
}
