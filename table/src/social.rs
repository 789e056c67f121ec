//! What players ask about the table and the server rather than the game: timing
//! settings, nudges, their games across channels, stats and leaderboards.

use crate::timing::{ago, SettingsChange};
use crate::{text, Caller, Change, Delivery, Slot, Table};
use storage::{ChannelId, PlayerStats, Status, TimerKind, UserId};

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
    /// Whom the game waits for (names as messages show them: escaped).
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
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::NO_TABLE)];
        };
        let timing = self.timing(&active.meta);
        if change.is_empty() {
            return vec![Delivery::ephemeral(format!(
                "**Timing of this {} table**\n{}\n{}\n{}\nThe host or anyone with Manage Channel can change it with /game settings.{}",
                active.title(),
                timing.describe(&active.meta.settings),
                self.undo_line(active),
                self.hints_line(active),
                self.pending_line(active)
            ))];
        }
        if active.meta.host != caller.user && !caller.can_manage_channel {
            return vec![Delivery::ephemeral(format!(
                "Only the host ({}) or a member with Manage Channel can change this table's settings.",
                active.host_name()
            ))];
        }
        let undo = match change.undo.as_deref().map(parse_on_off).transpose() {
            Ok(undo) => undo,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let hints = match change.hints.as_deref().map(parse_on_off).transpose() {
            Ok(hints) => hints,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let settings = match change.apply(&active.meta.settings, &self.minimums) {
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
        let headline = format!("⚙️ {} changed this table's timing:", caller.shown_name());
        out.extend(self.set_settings(slot, &headline, settings));
        out
    }

    /// Stores `settings` as the table's, announced under `headline`; a running game's
    /// clocks restart from its last move under them.
    pub(crate) fn set_settings(
        &self,
        slot: &mut Slot,
        headline: &str,
        settings: storage::Settings,
    ) -> Vec<Delivery> {
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::NO_TABLE)];
        };
        let mut meta = active.meta.clone();
        meta.settings = settings;
        let next = active.with_meta(meta);
        let described = self.timing(&next.meta).describe(&next.meta.settings);
        let mut out = vec![Delivery::channel(format!("{headline}\n{described}"))];
        // Running: the clocks restart from the last move under the new settings.
        let held_up = self
            .store
            .timer(next.meta.channel, TimerKind::Remind)
            .ok()
            .flatten()
            .is_some_and(|t| t.held_up);
        let timers = self.timers_after(&next, held_up, next.meta.updated * 1000);
        let change = Change {
            timers: &timers,
            ..Change::meta(&next.meta)
        };
        if self.commit(change, &mut out).is_ok() {
            slot.active = Some(next);
        }
        out
    }

    /// A seated player pings whoever the game waits for (at most once an hour).
    pub(crate) fn nudge(&self, slot: &mut Slot, caller: &Caller) -> Vec<Delivery> {
        let Some(active) = &slot.active else {
            return vec![Delivery::ephemeral(text::NO_TABLE)];
        };
        if active.game.is_none() {
            return vec![Delivery::ephemeral(
                "The game has not started yet: there is nobody to nudge.",
            )];
        }
        let Some(seat) = active.seat_of(caller.user) else {
            return vec![Delivery::ephemeral(
                "Only a player seated at this table can nudge.",
            )];
        };
        let awaited: Vec<usize> = active
            .awaited_players()
            .into_iter()
            .filter(|s| *s != seat)
            .collect();
        if awaited.is_empty() {
            return vec![Delivery::ephemeral(
                "The game is waiting only for you: there is nobody to nudge.",
            )];
        }
        let now = self.now_ms();
        let since = now.saturating_sub(active.meta.nudged_ms);
        if active.meta.nudged_ms > 0 && since < NUDGE_EVERY_MS {
            let wait = (NUDGE_EVERY_MS - since).div_ceil(60_000);
            return vec![Delivery::ephemeral(format!(
                "This table was nudged {}; nudges are allowed once an hour, so the next one is possible in {wait} min.",
                ago(since)
            ))];
        }
        let names = active.names();
        let mut meta = active.meta.clone();
        meta.nudged_ms = now;
        let mut out = vec![Delivery::ping(
            format!(
                "👋 {} nudges {}: **{}** is waiting for you (last move {}).",
                caller.shown_name(),
                text::name_list(&names, &awaited),
                active.title(),
                ago(now.saturating_sub(active.meta.updated * 1000))
            ),
            active.users(&awaited),
        )];
        if self.commit(Change::meta(&meta), &mut out).is_ok() {
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
                        waiting_for: text::name_list(&a.names(), &awaited),
                        since_ms: a.meta.updated * 1000,
                    })
                })
            })
            .collect();
        games.sort_by_key(|g| (!g.your_move, g.lobby, g.since_ms));
        games
    }

    pub(crate) fn mine(&self, caller: &Caller) -> Vec<Delivery> {
        let games = self.games_of(caller.user, caller.guild);
        let now = self.now_ms();
        let place = if caller.guild.is_some() {
            "on this server"
        } else {
            "anywhere"
        };
        if games.is_empty() {
            return vec![Delivery::ephemeral(format!(
                "You are not seated at any game {place}. Open one with /game new, or join one with /game join."
            ))];
        }
        let mut lines = vec![format!("**Your games {place}**")];
        for g in &games {
            let state = if g.lobby {
                format!(
                    "gathering players (since {})",
                    ago(now.saturating_sub(g.since_ms))
                )
            } else if g.your_move {
                format!(
                    "**your move** since {}",
                    ago(now.saturating_sub(g.since_ms))
                )
            } else {
                format!(
                    "waiting for {} since {}",
                    g.waiting_for,
                    ago(now.saturating_sub(g.since_ms))
                )
            };
            lines.push(format!("· **{}** in <#{}> — {state}", g.title, g.channel));
        }
        vec![Delivery::ephemeral(lines.join("\n"))]
    }

    /// A game id or title as the stats know it (`None`: all games), or the refusal.
    fn stats_game(game: Option<&str>) -> Result<Option<&'static rules::GameKind>, String> {
        match game.map(str::trim).filter(|g| !g.is_empty() && *g != "all") {
            None => Ok(None),
            Some(g) => rules::catalog::find(g)
                .map(Some)
                .ok_or_else(|| text::unknown_game(g)),
        }
    }

    pub(crate) fn stats(
        &self,
        caller: &Caller,
        user: Option<(UserId, String)>,
        game: Option<&str>,
    ) -> Vec<Delivery> {
        let kind = match Self::stats_game(game) {
            Ok(k) => k,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let (user, name) = user.unwrap_or((caller.user, caller.name.clone()));
        let name = text::escape_name(&name);
        let what = kind.map_or("all games", |k| k.title);
        let guild = caller.guild.unwrap_or(0);
        let against = self.against_bots(guild, user);
        match self.store.player_stats(guild, kind.map(|k| k.id), user) {
            Ok(Some(s)) => vec![Delivery::ephemeral(format!(
                "{}{against}",
                stats_text(&name, what, &s)
            ))],
            Ok(None) => vec![Delivery::ephemeral(format!(
                "{name} has not finished a game{} with people only here yet.{against}",
                kind.map_or(String::new(), |k| format!(" of {}", k.title))
            ))],
            Err(e) => vec![Delivery::ephemeral(format!(
                "The stats could not be read ({e})."
            ))],
        }
    }

    /// A player's record in games with bots, per bot level (every game; empty when
    /// they have played none): those games count here, not in the stats above.
    fn against_bots(&self, guild: u64, user: UserId) -> String {
        let mut lines = Vec::new();
        for level in storage::BotLevel::ALL {
            match self
                .store
                .player_stats(guild, Some(&level.stats_key()), user)
            {
                Ok(Some(s)) => lines.push(format!(
                    "· Against {level} bots: {} won of {} ({})",
                    s.won,
                    s.played,
                    percent(&s)
                )),
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "cannot read a record against bots"),
            }
        }
        if lines.is_empty() {
            String::new()
        } else {
            format!("\n🤖 Games with bots (all games):\n{}", lines.join("\n"))
        }
    }

    pub(crate) fn leaderboard(&self, caller: &Caller, game: Option<&str>) -> Vec<Delivery> {
        let kind = match Self::stats_game(game) {
            Ok(k) => k,
            Err(refusal) => return vec![Delivery::ephemeral(refusal)],
        };
        let what = kind.map_or("all games", |k| k.title);
        match self
            .store
            .server_stats(caller.guild.unwrap_or(0), kind.map(|k| k.id))
        {
            Ok(all) if all.is_empty() => vec![Delivery::ephemeral(format!(
                "No game of {what} has been finished here yet: the leaderboard starts with the first."
            ))],
            Ok(all) => vec![Delivery::ephemeral(leaderboard_text(what, all))],
            Err(e) => vec![Delivery::ephemeral(format!(
                "The leaderboard could not be read ({e})."
            ))],
        }
    }
}

fn percent(s: &PlayerStats) -> String {
    format!("{:.0}%", s.win_rate() * 100.0)
}

fn streak(s: &PlayerStats) -> String {
    match s.streak {
        0 => "none".into(),
        1 => "1 win".into(),
        -1 => "1 loss".into(),
        n if n > 0 => format!("{n} wins"),
        n => format!("{} losses", -n),
    }
}

/// One player's stats as a reply; `name` as messages show it (escaped).
pub(crate) fn stats_text(name: &str, what: &str, s: &PlayerStats) -> String {
    let average = if s.played == 0 {
        0.0
    } else {
        s.score_sum as f64 / f64::from(s.played)
    };
    format!(
        "📊 **{name}** — {what} on this server\n· Played: {}\n· Won: {} ({})\n· Average score: {average:.1}\n· Best score: {}\n· Current streak: {}",
        s.played,
        s.won,
        percent(s),
        s.best,
        streak(s)
    )
}

/// The top players by wins (ties by win rate), then by win rate among those with at
/// least [`RATE_MIN_GAMES`] games (ties by wins).
pub(crate) fn leaderboard_text(what: &str, mut all: Vec<(UserId, PlayerStats)>) -> String {
    let line = |i: usize, s: &PlayerStats| {
        format!(
            "{}. {} — {} {} in {} {} ({})",
            i + 1,
            text::escape_name(&s.name),
            s.won,
            if s.won == 1 { "win" } else { "wins" },
            s.played,
            if s.played == 1 { "game" } else { "games" },
            percent(s)
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
        format!("🏆 **Leaderboard — {what}**"),
        "**Most wins**".into(),
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
    out.push(format!(
        "**Best win rate** ({RATE_MIN_GAMES} games or more)"
    ));
    if rated.is_empty() {
        out.push(format!("Nobody has played {RATE_MIN_GAMES} games yet."));
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

/// Reads `on` or `off` (the undo setting).
fn parse_on_off(word: &str) -> Result<bool, String> {
    match word.trim().to_lowercase().as_str() {
        "on" | "yes" | "true" => Ok(true),
        "off" | "no" | "false" => Ok(false),
        _ => Err(format!(
            "“{}” is not a choice for undo or hints; write on or off.",
            crate::text::escape_user_text(word, crate::text::TYPED_CHARS)
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
        let text = leaderboard_text("Palazzo", all);
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
        let t = stats_text("Ana", "Palazzo", &stats("Ana", 4, 1));
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
