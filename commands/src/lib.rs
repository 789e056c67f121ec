//! The Discord adapter (poise 0.7 on serenity 0.12): a thin layer over `table`.
//!
//! `args` maps slash-command options to table commands, `messages` turns deliveries into
//! message builders (split texts, mentions, buttons and menus), `ids` encodes component
//! custom ids, `dispatch` sends deliveries (with the DM-closed fallback), `ratelimit`
//! keeps each user to a token bucket of interactions, `history` shows replays
//! (`/game history`), `localize` fills the commands' names, descriptions and choices in
//! every language from `locales/`. `context` holds what every handler shares (the poise
//! context, `Data`, `Error`); `slash` (the slash commands), `components` (clicks) and
//! `execute` (running a command and answering) wire the table into poise; `serve` starts
//! and stops the bot; `discord` and `classify` make serenity the outbox's transport.
//! Everything but those poise and serenity layers is tested without Discord.

pub mod args;
mod classify;
mod components;
mod context;
mod deferred;
mod discord;
pub mod dispatch;
pub mod dm_channels;
mod execute;
pub mod export;
mod history;
pub mod ids;
mod learn;
pub mod localize;
pub mod messages;
mod nonce;
pub mod panel;
mod proxied;
pub mod ratelimit;
mod rating;
mod relay;
mod retry_after;
mod season;
mod serve;
mod slash;
mod tournament;
mod tournament_runner;

use std::path::PathBuf;

pub use serve::{serve_until, serve_with_client, serve_with_store};
pub use slash::all_commands;

/// What the bot needs to start.
pub struct BotSettings {
    pub token: String,
    pub data_dir: PathBuf,
    pub dev_guild_id: Option<u64>,
    /// Where Discord's API is (`None`: Discord itself). A test double or a proxy, e.g.
    /// `http://127.0.0.1:3000`; the gateway address is then asked of it too.
    pub api_base: Option<String>,
    /// Loaded games kept in memory (least recently used evicted).
    pub cache_games: usize,
    /// Every table's reminder and timeout defaults (config `[timers]`).
    pub timers: table::Defaults,
    /// The shortest reminders and timeouts a table may choose (config `[timers]`
    /// `min_reminder`, `min_timeout`; 15 min and 1 h by default).
    pub minimums: table::Minimums,
    /// Each user's token bucket of interactions ([`ratelimit::Limit::DISCORD`]).
    pub rate_limit: ratelimit::Limit,
    /// The pause before a bot seat answers a move, ms (config `[bots] delay_ms`).
    pub bot_delay_ms: u64,
    /// Where bot searches run: [`table::Thinker::for_machine`] (cores − 1 threads);
    /// tests cap its budgets.
    pub thinker: table::Thinker,
    /// Archived games (and their replays) are forgotten this many days after they
    /// ended (config `[archive] keep_days`); 0 keeps them for ever.
    pub archive_keep_days: u64,
    /// The gateway shards this process runs (`None`: one shard of one, as a bot in few
    /// servers needs). Only the process holding shard 0 registers the slash commands.
    pub shards: Option<ShardRange>,
}

/// The gateway shards one process runs: `first..=last` of `total`. Several processes on
/// one PostgreSQL store each run their own range (`--shards 0-1/4`); Discord sends a
/// guild's events to shard `(guild_id >> 22) % total`, and DM interactions to shard 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl ShardRange {
    /// Shards `first..=last` of `total`, or the sentence saying what is wrong.
    pub fn new(first: u32, last: u32, total: u32) -> Result<ShardRange, String> {
        if total == 0 {
            return Err("The shard total must be at least 1.".into());
        }
        if first > last {
            return Err(format!(
                "The shard range {first}-{last} runs backwards: write the lower shard first."
            ));
        }
        if last >= total {
            return Err(format!(
                "Shard {last} does not exist when there are {total} shards: shards are \
                 numbered 0 to {}.",
                total - 1
            ));
        }
        Ok(ShardRange { first, last, total })
    }

    /// Every shard of `total` in this one process.
    pub fn all(total: u32) -> Result<ShardRange, String> {
        ShardRange::new(0, total.saturating_sub(1), total)
    }

    /// A range as the config writes it, `"0-1"` or `"2"`, of `total` shards.
    pub fn parse_range(range: &str, total: u32) -> Result<ShardRange, String> {
        let number = |s: &str| {
            s.trim().parse::<u32>().map_err(|_| {
                format!(
                    "The shard range `{}` is not understood: write the first and last shard \
                     of this process, like 0-1 (or one shard, like 2).",
                    range.trim()
                )
            })
        };
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => {
                let n = number(range)?;
                (n, n)
            }
        };
        ShardRange::new(first, last, total)
    }

    /// The command line's form, `"0-1/4"` (range, slash, total).
    pub fn parse(text: &str) -> Result<ShardRange, String> {
        let Some((range, total)) = text.split_once('/') else {
            return Err(format!(
                "`--shards {}` needs the shard total after a slash, like 0-1/4 (shards 0 and 1 \
                 of 4).",
                text.trim()
            ));
        };
        let total = total.trim().parse::<u32>().map_err(|_| {
            format!(
                "The shard total `{}` is not a number: write it like 0-1/4.",
                total.trim()
            )
        })?;
        ShardRange::parse_range(range, total)
    }

    /// Whether this process runs `shard`.
    pub fn holds(&self, shard: u32) -> bool {
        (self.first..=self.last).contains(&shard)
    }

    /// The shard Discord sends `guild`'s events to.
    pub fn shard_of_guild(guild: u64, total: u32) -> u32 {
        ((guild >> 22) % u64::from(total.max(1))) as u32
    }
}

impl std::fmt::Display for ShardRange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.first == self.last {
            write!(f, "{}/{}", self.first, self.total)
        } else {
            write!(f, "{}-{}/{}", self.first, self.last, self.total)
        }
    }
}

/// Starts the bot on a new tokio runtime and blocks until it stops (SIGTERM / Ctrl-C).
pub fn run_blocking(settings: BotSettings) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(serve::serve(settings))
}

/// As [`run_blocking`], over a store the caller opened (the PostgreSQL backend).
pub fn run_blocking_with_store(
    settings: BotSettings,
    store: std::sync::Arc<dyn storage::Store>,
) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(serve::serve_with_store(
        settings,
        store,
        serve::shutdown_signal(),
    ))
}

#[cfg(test)]
mod tests {
    use super::ShardRange;
    use poise::serenity_prelude as serenity;

    #[test]
    fn shard_ranges_parse_and_bad_ones_are_told_in_a_sentence() {
        let r = ShardRange::parse("0-1/4").unwrap();
        assert_eq!((r.first, r.last, r.total), (0, 1, 4));
        assert!(r.holds(0) && r.holds(1) && !r.holds(2));
        assert_eq!(r.to_string(), "0-1/4");
        assert_eq!(ShardRange::parse(" 3 / 4 ").unwrap().to_string(), "3/4");
        assert_eq!(
            ShardRange::parse_range("2-3", 4).unwrap().to_string(),
            "2-3/4"
        );
        assert_eq!(ShardRange::all(1).unwrap().to_string(), "0/1");
        assert_eq!(ShardRange::all(3).unwrap().to_string(), "0-2/3");
        let err = ShardRange::parse("0-4/4").unwrap_err();
        assert!(
            err.contains("Shard 4 does not exist") && err.contains("0 to 3"),
            "{err}"
        );
        let err = ShardRange::parse("0/0").unwrap_err();
        assert!(err.contains("at least 1"), "{err}");
        assert!(ShardRange::all(0).is_err());
        let err = ShardRange::parse("2-1/4").unwrap_err();
        assert!(err.contains("backwards"), "{err}");
        let err = ShardRange::parse("0-1").unwrap_err();
        assert!(err.contains("slash") && err.contains("0-1/4"), "{err}");
        let err = ShardRange::parse("a-b/4").unwrap_err();
        assert!(err.contains("`a-b`"), "{err}");
        let err = ShardRange::parse("0-1/four").unwrap_err();
        assert!(err.contains("`four`"), "{err}");
        // Discord's routing: the guild id's timestamp bits.
        assert_eq!(ShardRange::shard_of_guild(5 << 22, 4), 1);
        assert_eq!(ShardRange::shard_of_guild(7 << 22 | 12345, 2), 1);
    }

    /// What Discord would receive at registration: checked against its limits here, since
    /// a bad definition would only fail at startup against the real API.
    #[test]
    fn slash_commands_register_within_discord_limits() {
        let commands = super::all_commands();
        let defs: Vec<serenity::CreateCommand> =
            poise::builtins::create_application_commands(&commands);
        let json = serde_json::to_value(&defs).unwrap();
        let list = json.as_array().unwrap();
        let names: Vec<&str> = list.iter().map(|c| c["name"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            vec![
                "game",
                "palazzo",
                "villa",
                "estates",
                "princes",
                "tournament"
            ]
        );
        fn check(v: &serde_json::Value, path: &str) {
            let name = v["name"].as_str().unwrap();
            assert!(
                name.len() <= 32
                    && name
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c == '_' || c == '-'),
                "{path}{name}"
            );
            let description = v["description"].as_str().unwrap_or("");
            assert!(
                !description.is_empty() && description.chars().count() <= 100,
                "{path}{name}: `{description}`"
            );
            if let Some(options) = v["options"].as_array() {
                assert!(options.len() <= 25);
                for o in options {
                    check(o, &format!("{path}{name} "));
                }
            }
        }
        for c in list {
            check(c, "/");
        }
        let game = &list[0]["options"];
        let subs: Vec<&str> = game
            .as_array()
            .unwrap()
            .iter()
            .map(|o| o["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            subs,
            vec![
                "new",
                "join",
                "leave",
                "start",
                "status",
                "hand",
                "scores",
                "log",
                "rules",
                "abandon",
                "settings",
                "nudge",
                "bot",
                "history",
                "export",
                "undo",
                "hint",
                "mine",
                "stats",
                "leaderboard",
                "rating",
                "season",
                "notify",
                "language",
                "learn"
            ]
        );
        let moves = &list[1]["options"][0];
        assert_eq!(moves["name"], "move");
        assert_eq!(moves["options"][0]["name"], "move");
        assert_eq!(moves["options"][0]["autocomplete"], true);
        let choices = &list[0]["options"][0]["options"][0]["choices"];
        assert_eq!(choices.as_array().unwrap().len(), 4, "{choices}");
    }
}
