//! `/tournament create|join|leave|start|next|drop|standings|show`, table side: each reads
//! and changes the channel's tournament in one locked step, or refuses with the rule's
//! sentence and changes nothing. The adapter wakes the runner after a change.

use super::runner::seat_runs;
use super::{text, Event, Refused, EVENT_VERSION};
use crate::tournament::{Fill, Format, Phase, Settings, Tournament, TournamentError};
use crate::{Caller, ChannelId, Delivery, Table};
use storage::BotLevel;
use words::Lang;

/// What an organiser asks for at `create`.
#[derive(Debug, Clone, PartialEq)]
pub struct CreateTournament {
    /// The title's id or name.
    pub title: String,
    pub format: Format,
    pub table_size: u32,
    pub rounds: Option<u32>,
    /// The level of the bots that fill seats (default: normal).
    pub bots: Option<BotLevel>,
    pub manual: bool,
    /// The games' reminders and timeouts (unset: the server's defaults).
    pub timing: storage::Settings,
    /// Points by place as the organiser typed them, first to last (`6, 4, 2, 0`); unset:
    /// the default row for the table's size.
    pub points: Option<String>,
}

/// A typed points row (`6,4,2,0` or `6 4 2 0`), or `None` if any part is not a whole number.
fn points_row(typed: &str) -> Option<Vec<u32>> {
    typed
        .split(|c: char| c == ',' || c.is_whitespace())
        .filter(|part| !part.is_empty())
        .map(|part| part.parse().ok())
        .collect()
}

fn private(text: String) -> Vec<Delivery> {
    vec![Delivery::ephemeral(text)]
}

fn refusal(lang: Lang, refused: Refused) -> Vec<Delivery> {
    private(refused.text(lang))
}

/// The event, or the refusal "there is no tournament here".
fn existing(event: &mut Option<Event>) -> Result<&mut Event, Refused> {
    event.as_mut().ok_or(Refused::Say("tournament-none-here"))
}

/// Whether the caller runs the tournament: its organiser, or a server manager.
fn runs(event: &Event, caller: &Caller, may_manage: bool) -> Result<(), Refused> {
    if may_manage || event.organiser == caller.user {
        Ok(())
    } else {
        Err(Refused::Say("tournament-organiser-only"))
    }
}

/// The server's note (under its id) naming the role whose members may create tournaments.
const ROLE_NOTE: &str = "tournament-role";

impl Table {
    /// The role whose members may create tournaments on server `guild`, if one is named.
    pub fn tournament_role(&self, guild: u64) -> Option<u64> {
        let bytes = self.note(guild, ROLE_NOTE)?;
        String::from_utf8(bytes).ok()?.parse().ok()
    }

    /// `/tournament role`: names the role whose members may create tournaments besides
    /// those with Manage Server (`None`: no role). Manage Server only.
    pub fn set_tournament_role(
        &self,
        caller: &Caller,
        may_manage: bool,
        role: Option<u64>,
    ) -> Vec<Delivery> {
        let lang = caller.lang;
        if !may_manage {
            return private(words::text(lang, "tournament-role-needs-manage", &[]));
        }
        let Some(guild) = caller.guild else {
            return private(words::text(lang, "reply-needs-server", &[]));
        };
        let value = role.map(|r| r.to_string()).unwrap_or_default();
        if let Err(e) = self.store.put_note(guild, ROLE_NOTE, value.as_bytes()) {
            return refusal(lang, Refused::Store(e.to_string()));
        }
        match role {
            Some(role) => private(words::text(
                lang,
                "tournament-role-set",
                &[("role", format!("<@&{role}>").into())],
            )),
            None => private(words::text(lang, "tournament-role-cleared", &[])),
        }
    }

    /// `/tournament create`: a new tournament in `channel` (Manage Server, or the
    /// server's tournament role: `may_manage`), unless one is under way there; a finished
    /// one is replaced.
    pub fn tournament_create(
        &self,
        channel: ChannelId,
        caller: &Caller,
        may_manage: bool,
        ask: CreateTournament,
    ) -> Vec<Delivery> {
        let lang = caller.lang;
        if !may_manage {
            return private(words::text(lang, "tournament-create-needs-manage", &[]));
        }
        let Some(guild) = caller.guild else {
            return private(words::text(lang, "reply-needs-server", &[]));
        };
        let Some(kind) = rules::catalog::find(&ask.title) else {
            return private(crate::text::unknown_game(lang, &ask.title));
        };
        let (min, max) = kind.players;
        if !(min as u32..=max as u32).contains(&ask.table_size) {
            return private(words::text(
                lang,
                "tournament-table-size-for-title",
                &[
                    ("game", kind.title.into()),
                    ("min", min.into()),
                    ("max", max.into()),
                ],
            ));
        }
        let mut settings = Settings::new(kind.id, ask.format, ask.table_size);
        settings.rounds = ask.rounds;
        settings.manual_rounds = ask.manual;
        settings.fill = Fill::Bots(ask.bots.unwrap_or(BotLevel::Normal));
        if let Some(typed) = &ask.points {
            match points_row(typed) {
                Some(row) => settings.points = Some(row),
                None => {
                    let places = ask.table_size;
                    return refusal(lang, Refused::Rule(TournamentError::PointsRow { places }));
                }
            }
        }
        let post = self.channel_lang(channel, Some(guild));
        let made = self.change_tournament(channel, |event| {
            if event
                .as_ref()
                .is_some_and(|e| e.tournament.phase != Phase::Finished)
            {
                return Err(Refused::Say("tournament-already-here"));
            }
            let tournament = Tournament::create(settings.clone(), rand::random())?;
            *event = Some(Event {
                version: EVENT_VERSION,
                guild,
                organiser: caller.user,
                lang: post.code().to_string(),
                timing: ask.timing,
                tournament,
                names: Default::default(),
                tables: vec![],
                told_round: 0,
                told_end: false,
            });
            Ok(())
        });
        if let Err(r) = made {
            return refusal(lang, r);
        }
        let args = [
            ("name", caller.shown_name().into()),
            ("game", kind.title.into()),
        ];
        vec![
            Delivery::ephemeral(words::text(lang, "tournament-created", &args)),
            Delivery::channel(words::text(post, "tournament-created-public", &args)),
        ]
    }

    /// `/tournament join`: the caller joins with their rating at the title.
    pub fn tournament_join(&self, channel: ChannelId, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let rating = self
            .tournament_event(channel)
            .ok()
            .flatten()
            .map_or(0, |e| self.rating_for(caller, &e.tournament.settings.title));
        let joined = self.change_tournament(channel, |event| {
            let event = existing(event)?;
            event.tournament.join(caller.user, rating)?;
            event.names.insert(caller.user, caller.name.clone());
            Ok(event.tournament.entrants.len())
        });
        match joined {
            Ok(count) => private(words::text(
                lang,
                "tournament-joined",
                &[("count", count.into())],
            )),
            Err(r) => refusal(lang, r),
        }
    }

    /// The caller's shown rating on the server's ladder at `title` (0 unrated).
    fn rating_for(&self, caller: &Caller, title: &str) -> i64 {
        let ladder = storage::server_ladder(caller.guild.unwrap_or(0));
        match self.store.rating(&ladder, title, caller.user) {
            Ok(Some(row)) => {
                use crate::ratings::{DISPLAY_BASE, DISPLAY_SCALE};
                (DISPLAY_BASE + DISPLAY_SCALE * (row.mu - 3.0 * row.sigma)).round() as i64
            }
            _ => 0,
        }
    }

    /// `/tournament leave`: before the start.
    pub fn tournament_leave(&self, channel: ChannelId, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        match self.change_tournament(channel, |event| {
            Ok(existing(event)?.tournament.leave(caller.user)?)
        }) {
            Ok(()) => private(words::text(lang, "tournament-left", &[])),
            Err(r) => refusal(lang, r),
        }
    }

    /// `/tournament drop`: the caller drops out (before the start: leaves).
    pub fn tournament_drop(&self, channel: ChannelId, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        match self.change_tournament(channel, |event| {
            Ok(existing(event)?.tournament.drop_out(caller.user)?)
        }) {
            Ok(()) => private(words::text(lang, "tournament-dropped", &[])),
            Err(r) => refusal(lang, r),
        }
    }

    /// `/tournament start` (the organiser or a server manager): round 1 is seated; the
    /// runner makes its threads and games.
    pub fn tournament_start(
        &self,
        channel: ChannelId,
        caller: &Caller,
        may_manage: bool,
    ) -> Vec<Delivery> {
        match self.seat_round(channel, caller, may_manage, Tournament::start) {
            Ok((_, tables)) => private(words::text(
                caller.lang,
                "tournament-started",
                &[("tables", tables.into())],
            )),
            Err(r) => refusal(caller.lang, r),
        }
    }

    /// `/tournament next` (manual rounds): the next round is seated.
    pub fn tournament_next(
        &self,
        channel: ChannelId,
        caller: &Caller,
        may_manage: bool,
    ) -> Vec<Delivery> {
        match self.seat_round(channel, caller, may_manage, Tournament::next_round) {
            Ok((round, _)) => private(words::text(
                caller.lang,
                "tournament-next-seated",
                &[("round", round.into())],
            )),
            Err(r) => refusal(caller.lang, r),
        }
    }

    /// Seats a round by `step` (the start or the next round) for one who runs the
    /// tournament, with its tables for the runner; the round seated and its tables.
    fn seat_round(
        &self,
        channel: ChannelId,
        caller: &Caller,
        may_manage: bool,
        step: fn(&mut Tournament) -> Result<crate::tournament::Step, TournamentError>,
    ) -> Result<(u32, usize), Refused> {
        self.change_tournament(channel, |event| {
            let event = existing(event)?;
            runs(event, caller, may_manage)?;
            step(&mut event.tournament)?;
            seat_runs(event);
            let round = event.tournament.current_round();
            let tables = event.tournament.rounds.last().map_or(0, |r| r.tables.len());
            Ok((round, tables))
        })
    }

    /// `/tournament standings`: as text, privately.
    pub fn tournament_standings(&self, channel: ChannelId, caller: &Caller) -> Vec<Delivery> {
        match self.tournament_event(channel) {
            Ok(Some(event)) => private(text::standings(&event, caller.lang)),
            Ok(None) => refusal(caller.lang, Refused::Say("tournament-none-here")),
            Err(r) => refusal(caller.lang, r),
        }
    }

    /// `/tournament standings` with its picture: the text and the picture, or the text
    /// (or the refusal) alone when there is nothing to draw yet.
    pub fn tournament_standings_board(
        &self,
        channel: ChannelId,
        caller: &Caller,
    ) -> Result<(String, crate::Picture), String> {
        match self.tournament_event(channel) {
            Ok(Some(event)) => {
                let shown = text::standings(&event, caller.lang);
                match super::picture::drawn(&event, caller.user, caller.lang) {
                    Some(picture) => Ok((shown, picture)),
                    None => Err(shown),
                }
            }
            Ok(None) => Err(Refused::Say("tournament-none-here").text(caller.lang)),
            Err(r) => Err(r.text(caller.lang)),
        }
    }

    /// `/tournament show`: settings, phase, people and standings, privately.
    pub fn tournament_show(&self, channel: ChannelId, caller: &Caller) -> Vec<Delivery> {
        match self.tournament_event(channel) {
            Ok(Some(event)) => private(text::show(&event, caller.lang)),
            Ok(None) => refusal(caller.lang, Refused::Say("tournament-none-here")),
            Err(r) => refusal(caller.lang, r),
        }
    }
}
