//! What players ask about the table and the server rather than the game: timing
//! settings, nudges, their games across channels, stats and leaderboards.

use crate::timing::{ago, SettingsChange};
use crate::{text, Caller, Change, Delivery, Slot, Table};
use storage::{ChannelId, PlayerStats, Status, TimerKind, UserId};
use words::Lang;

/// Nudges are allowed once an hour per table.
pub const NUDGE_EVERY_MS: u64 = 3_600_000;
/// How many players a leaderboard lists.
const BOARD_SIZE: usize = 10;
/// Games a player needs to appear on the win-rate board.
const RATE_MIN_GAMES: u32 = 3;

/// One of a player's tables, for `/game mine`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MyGame {
    pub channel: ChannelId,
    /// The server (0: none).
    pub guild: u64,
    pub title: &'static str,
    /// Still gathering players.
    pub lobby: bool,
    /// The game waits for this player.
    pub your_move: bool,
    /// Whom the game waits for (names as messages show them: escaped; empty: nobody).
    pub waiting_for: String,
    /// When the last move (or lobby change) was made, Unix ms.
    pub since_ms: u64,
}

impl Table {
    pub(crate) fn settings(
        &self,
        slot: &mut Slot,
        caller: &Caller,
        change: &SettingsChange,
    ) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        let timing = self.timing(&active.meta);
        if change.is_empty() {
            let pending = self.pending_line(active, lang);
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-settings-shown",
                &[
                    ("game", active.title().into()),
                    (
                        "timing",
                        timing.describe_in(lang, &active.meta.settings).into(),
                    ),
                    ("undo", self.undo_line(active, lang).into()),
                    ("hints", self.hints_line(active, lang).into()),
                    ("pending", pending.into()),
                ],
            ))];
        }
        if active.meta.host != caller.user && !caller.can_manage_channel {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-settings-only-host",
                &[("host", active.host_name(lang).into())],
            ))];
        }
        let on_off = |w: &str| parse_on_off(lang, w);
        let undo = match change.undo.as_deref().map(on_off).transpose() {
            Ok(undo) => undo,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let hints = match change.hints.as_deref().map(on_off).transpose() {
            Ok(hints) => hints,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let settings = match change.apply_in(&active.meta.settings, &self.minimums, lang) {
            Ok(s) => s,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let mut out = match undo {
            Some(on) => self.set_undo(active, caller, on),
            None => vec![],
        };
        if let Some(on) = hints {
            out.extend(self.set_hints(active, caller, on));
        }
        let timing_change = SettingsChange {
            undo: None,
            hints: None,
            ..change.clone()
        };
        if timing_change.is_empty() {
            return out;
        }
        if self.needs_approval(active, caller, &settings) {
            out.extend(self.propose(slot, caller, settings));
            return out;
        }
        let name = caller.shown_name();
        let headline = |post| {
            words::text(
                post,
                "table-settings-changed",
                &[("name", name.as_str().into())],
            )
        };
        out.extend(self.set_settings(slot, headline, settings, lang));
        out
    }

    /// Stores `settings` as the table's, announced under `headline` (in the channel's
    /// language); a running game's clocks restart from its last move under them.
    /// `reader`: the caller's language (the apology if nothing is stored).
    pub(crate) fn set_settings(
        &self,
        slot: &mut Slot,
        headline: impl FnOnce(Lang) -> String,
        settings: storage::Settings,
        reader: Lang,
    ) -> Vec<Delivery> {
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(reader))];
        };
        let mut meta = active.meta.clone();
        meta.settings = settings;
        let next = active.with_meta(meta);
        let post = self.post_lang(&next.meta);
        let described = self
            .timing(&next.meta)
            .describe_in(post, &next.meta.settings);
        let headline = headline(post);
        let mut out = vec![Delivery::channel(format!("{headline}\n{described}"))];
        // Running: the clocks restart from the last move under the new settings.
        let held_up = self
            .store
            .timer(next.meta.channel, TimerKind::Remind)
            .ok()
            .flatten()
            .is_some_and(|t| t.held_up);
        let timers = self.timers_between_moves(&next, held_up, next.meta.updated * 1000);
        let change = Change {
            timers: &timers,
            ..Change::meta(&next.meta).for_reader(reader)
        };
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(next);
        }
        out
    }

    /// A seated player pings whoever the game waits for (at most once an hour).
    pub(crate) fn nudge(&self, slot: &mut Slot, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::no_table(lang))];
        };
        if active.game.is_none() {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-nudge-not-started",
                &[],
            ))];
        }
        let Some(seat) = active.seat_of(caller.user) else {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-nudge-not-seated",
                &[],
            ))];
        };
        let awaited: Vec<usize> = active
            .awaited_players()
            .into_iter()
            .filter(|s| *s != seat)
            .collect();
        if awaited.is_empty() {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-nudge-only-you",
                &[],
            ))];
        }
        let now = self.now_ms();
        let since = now.saturating_sub(active.meta.nudged_ms);
        if active.meta.nudged_ms > 0 && since < NUDGE_EVERY_MS {
            let wait = (NUDGE_EVERY_MS - since).div_ceil(60_000);
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-nudge-too-soon",
                &[("since", ago(lang, since).into()), ("wait", wait.into())],
            ))];
        }
        let names = active.names();
        let post = self.post_lang(&active.meta);
        let mut meta = active.meta.clone();
        meta.nudged_ms = now;
        let mut out = vec![Delivery::ping(
            words::text(
                post,
                "table-nudge-sent",
                &[
                    ("name", caller.shown_name().into()),
                    ("names", text::name_list(post, &names, &awaited).into()),
                    ("game", active.title().into()),
                    (
                        "since",
                        ago(post, now.saturating_sub(active.meta.updated * 1000)).into(),
                    ),
                ],
            ),
            active.users(&awaited),
        )];
        if self
            .commit(Change::meta(&meta).for_reader(lang), &mut out)
            .is_ok()
        {
            if let Some(a) = slot.active.as_mut() {
                a.meta = meta;
            }
        }
        out
    }

    /// Every table where `user` is seated (on the caller's server, or on every server
    /// from a DM), their move first, oldest first.
    pub fn games_of(&self, user: UserId, guild: Option<u64>) -> Vec<MyGame> {
        let channels = match self.store.user_channels(user) {
            Ok(c) => c,
            Err(e) => {
                tracing::error!(user, error = %e, "cannot list a player's games");
                return vec![];
            }
        };
        let mut games: Vec<MyGame> = channels
            .into_iter()
            .filter_map(|(channel, game_id)| {
                self.with_slot(channel, |slot| {
                    let a = slot.active.as_ref()?;
                    let seat = a.seat_of(user)?;
                    if a.meta.game_id != game_id
                        || a.meta.dropped.contains(&seat)
                        || guild.is_some_and(|g| g != a.meta.guild)
                    {
                        return None;
                    }
                    let awaited = a.awaited_players();
                    Some(MyGame {
                        channel,
                        guild: a.meta.guild,
                        title: a.title(),
                        lobby: a.meta.status == Status::Lobby,
                        your_move: awaited.contains(&seat),
                        waiting_for: awaited
                            .iter()
                            .filter_map(|s| a.names().get(*s).cloned())
                            .collect::<Vec<_>>()
                            .join(", "),
                        since_ms: a.meta.updated * 1000,
                    })
                })
            })
            .collect();
        games.sort_by_key(|g| (!g.your_move, g.lobby, g.since_ms));
        games
    }

    pub(crate) fn mine(&self, caller: &Caller) -> Vec<Delivery> {
        let lang = caller.lang;
        let games = self.games_of(caller.user, caller.guild);
        let now = self.now_ms();
        let place = if caller.guild.is_some() {
            "server"
        } else {
            "anywhere"
        };
        if games.is_empty() {
            return vec![Delivery::ephemeral(words::text(
                lang,
                "table-mine-none",
                &[("place", place.into())],
            ))];
        }
        let mut lines = vec![words::text(
            lang,
            "table-mine-heading",
            &[("place", place.into())],
        )];
        for g in &games {
            let since = ago(lang, now.saturating_sub(g.since_ms));
            let state = if g.lobby {
                words::text(lang, "table-mine-gathering", &[("since", since.into())])
            } else if g.your_move {
                words::text(lang, "table-mine-your-move", &[("since", since.into())])
            } else {
                let waiting = if g.waiting_for.is_empty() {
                    words::text(lang, "table-nobody", &[])
                } else {
                    g.waiting_for.clone()
                };
                words::text(
                    lang,
                    "table-mine-waiting",
                    &[("names", waiting.into()), ("since", since.into())],
                )
            };
            lines.push(words::text(
                lang,
                "table-mine-line",
                &[
                    ("game", g.title.into()),
                    ("channel", format!("<#{}>", g.channel).into()),
                    ("state", state.into()),
                ],
            ));
        }
        vec![Delivery::ephemeral(lines.join("\n"))]
    }

    /// A game id or title as the stats know it (`None`: all games), or the refusal.
    fn stats_game(
        game: Option<&str>,
        lang: Lang,
    ) -> Result<Option<&'static rules::GameKind>, String> {
        match game.map(str::trim).filter(|g| !g.is_empty() && *g != "all") {
            None => Ok(None),
            Some(g) => rules::catalog::find(g)
                .map(Some)
                .ok_or_else(|| text::unknown_game(lang, g)),
        }
    }

    pub(crate) fn stats(
        &self,
        caller: &Caller,
        user: Option<(UserId, String)>,
        game: Option<&str>,
    ) -> Vec<Delivery> {
        let lang = caller.lang;
        let kind = match Self::stats_game(game, lang) {
            Ok(k) => k,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let (user, name) = user.unwrap_or((caller.user, caller.name.clone()));
        let name = text::escape_name(&name);
        let what = all_games(lang, kind);
        let guild = caller.guild.unwrap_or(0);
        let against = self.against_bots(guild, user, lang);
        match self.store.player_stats(guild, kind.map(|k| k.id), user) {
            Ok(Some(s)) => vec![Delivery::ephemeral(format!(
                "{}{against}",
                stats_text(lang, &name, &what, &s)
            ))],
            Ok(None) => {
                let key = if kind.is_some() {
                    "table-stats-none-of-game"
                } else {
                    "table-stats-none"
                };
                let line = words::text(lang, key, &[("name", name.into()), ("game", what.into())]);
                vec![Delivery::ephemeral(format!("{line}{against}"))]
            }
            Err(e) => vec![Delivery::ephemeral(words::text(
                lang,
                "table-stats-unreadable",
                &[("error", e.to_string().into())],
            ))],
        }
    }

    /// A player's record in games with bots, per bot level (every game; empty when
    /// they have played none): those games count here, not in the stats above.
    fn against_bots(&self, guild: u64, user: UserId, lang: Lang) -> String {
        let mut lines = Vec::new();
        for level in storage::BotLevel::ALL {
            match self
                .store
                .player_stats(guild, Some(&level.stats_key()), user)
            {
                Ok(Some(s)) => lines.push(words::text(
                    lang,
                    "table-stats-against-bots",
                    &[
                        (
                            "level",
                            words::text(lang, &format!("table-bot-level-{}", level.name()), &[])
                                .into(),
                        ),
                        ("won", s.won.into()),
                        ("played", s.played.into()),
                        ("rate", percent(lang, &s).into()),
                    ],
                )),
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "cannot read a record against bots"),
            }
        }
        if lines.is_empty() {
            String::new()
        } else {
            format!(
                "\n{}\n{}",
                words::text(lang, "table-stats-with-bots", &[]),
                lines.join("\n")
            )
        }
    }

    pub(crate) fn leaderboard(&self, caller: &Caller, game: Option<&str>) -> Vec<Delivery> {
        let lang = caller.lang;
        let kind = match Self::stats_game(game, lang) {
            Ok(k) => k,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let what = all_games(lang, kind);
        match self
            .store
            .server_stats(caller.guild.unwrap_or(0), kind.map(|k| k.id))
        {
            Ok(all) if all.is_empty() => vec![Delivery::ephemeral(words::text(
                lang,
                "table-leaderboard-empty",
                &[("game", what.into())],
            ))],
            Ok(all) => vec![Delivery::ephemeral(leaderboard_text(lang, &what, all))],
            Err(e) => vec![Delivery::ephemeral(words::text(
                lang,
                "table-leaderboard-unreadable",
                &[("error", e.to_string().into())],
            ))],
        }
    }
}

/// The title of `kind`, or "all games" in `lang`.
fn all_games(lang: Lang, kind: Option<&rules::GameKind>) -> String {
    match kind {
        Some(k) => k.title.to_string(),
        None => words::text(lang, "table-stats-all-games", &[]),
    }
}

fn percent(lang: Lang, s: &PlayerStats) -> String {
    words::text(
        lang,
        "table-stats-percent",
        &[("value", (s.win_rate() * 100.0).into())],
    )
}

fn streak(lang: Lang, s: &PlayerStats) -> String {
    let (key, n) = match s.streak {
        0 => ("table-stats-streak-none", 0),
        n if n > 0 => ("table-stats-streak-wins", n),
        n => ("table-stats-streak-losses", -n),
    };
    words::text(lang, key, &[("n", n.into())])
}

/// One player's stats as a reply in `lang`; `name` as messages show it (escaped).
pub(crate) fn stats_text(lang: Lang, name: &str, what: &str, s: &PlayerStats) -> String {
    let average = if s.played == 0 {
        0.0
    } else {
        s.score_sum as f64 / f64::from(s.played)
    };
    words::text(
        lang,
        "table-stats-text",
        &[
            ("name", name.into()),
            ("game", what.into()),
            ("played", s.played.into()),
            ("won", s.won.into()),
            ("rate", percent(lang, s).into()),
            ("average", average.into()),
            ("best", s.best.into()),
            ("streak", streak(lang, s).into()),
        ],
    )
}

/// The top players by wins (ties by win rate), then by win rate among those with at
/// least [`RATE_MIN_GAMES`] games (ties by wins), in `lang`.
pub(crate) fn leaderboard_text(
    lang: Lang,
    what: &str,
    mut all: Vec<(UserId, PlayerStats)>,
) -> String {
    let line = |i: usize, s: &PlayerStats| {
        words::text(
            lang,
            "table-leaderboard-line",
            &[
                ("rank", (i + 1).into()),
                ("name", text::escape_name(&s.name).into()),
                ("won", s.won.into()),
                ("played", s.played.into()),
                ("rate", percent(lang, s).into()),
            ],
        )
    };
    let by_rate = |a: &PlayerStats, b: &PlayerStats| {
        b.win_rate()
            .total_cmp(&a.win_rate())
            .then(b.won.cmp(&a.won))
    };
    all.sort_by(|(ua, a), (ub, b)| {
        b.won
            .cmp(&a.won)
            .then(by_rate(a, b))
            .then(a.name.cmp(&b.name))
            .then(ua.cmp(ub))
    });
    let mut out = vec![
        words::text(lang, "table-leaderboard-heading", &[("game", what.into())]),
        words::text(lang, "table-leaderboard-most-wins", &[]),
    ];
    out.extend(
        all.iter()
            .take(BOARD_SIZE)
            .enumerate()
            .map(|(i, (_, s))| line(i, s)),
    );
    let mut rated: Vec<&PlayerStats> = all
        .iter()
        .map(|(_, s)| s)
        .filter(|s| s.played >= RATE_MIN_GAMES)
        .collect();
    rated.sort_by(|a, b| by_rate(a, b).then(a.name.cmp(&b.name)));
    out.push(words::text(
        lang,
        "table-leaderboard-best-rate",
        &[("min", RATE_MIN_GAMES.into())],
    ));
    if rated.is_empty() {
        out.push(words::text(
            lang,
            "table-leaderboard-nobody-rated",
            &[("min", RATE_MIN_GAMES.into())],
        ));
    }
    out.extend(
        rated
            .iter()
            .take(BOARD_SIZE)
            .enumerate()
            .map(|(i, s)| line(i, s)),
    );
    out.join("\n")
}

/// Reads `on` or `off` (the undo setting), refusing in `lang`.
fn parse_on_off(lang: Lang, word: &str) -> Result<bool, String> {
    match word.trim().to_lowercase().as_str() {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => Err(words::text(
            lang,
            "table-settings-not-on-off",
            &[(
                "value",
                crate::text::escape_user_text(word, crate::text::TYPED_CHARS).into(),
            )],
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(name: &str, played: u32, won: u32) -> PlayerStats {
        PlayerStats {
            name: name.into(),
            played,
            won,
            score_sum: 10 * i64::from(played),
            best: 20,
            streak: -2,
        }
    }

    #[test]
    fn leaderboard_ranks_by_wins_then_by_rate_with_three_games() {
        let mut all: Vec<(UserId, PlayerStats)> = vec![
            (1, stats("Ana", 10, 4)),
            (2, stats("Bruno", 2, 2)),
            (3, stats("Carla", 4, 3)),
            (4, stats("Dario", 6, 4)),
        ];
        for i in 0..12 {
            all.push((100 + i, stats(&format!("x{i:02}"), 1, 0)));
        }
        let text = leaderboard_text(Lang::En, "Palazzo", all);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[2], "1. Dario — 4 wins in 6 games (67%)");
        assert_eq!(lines[3], "2. Ana — 4 wins in 10 games (40%)");
        assert_eq!(lines[4], "3. Carla — 3 wins in 4 games (75%)");
        assert_eq!(lines[5], "4. Bruno — 2 wins in 2 games (100%)");
        let rate = lines
            .iter()
            .position(|l| l.starts_with("**Best win rate"))
            .unwrap();
        assert_eq!(rate, 12, "ten players on the first board");
        assert_eq!(lines[rate + 1], "1. Carla — 3 wins in 4 games (75%)");
        assert_eq!(lines[rate + 2], "2. Dario — 4 wins in 6 games (67%)");
        assert_eq!(lines[rate + 3], "3. Ana — 4 wins in 10 games (40%)");
        assert_eq!(lines.len(), rate + 4, "Bruno has too few games to be rated");
    }

    #[test]
    fn stats_text_names_every_figure() {
        let t = stats_text(Lang::En, "Ana", "Palazzo", &stats("Ana", 4, 1));
        for part in [
            "Played: 4",
            "Won: 1 (25%)",
            "Average score: 10.0",
            "Best score: 20",
            "streak: 2 losses",
        ] {
            assert!(t.contains(part), "{part} in {t}");
        }
    }
}
