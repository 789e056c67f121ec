//! The Discord adapter (poise 0.7 on serenity 0.12): a thin layer over `table`.
//!
//! `args` maps slash-command options to table commands, `messages` turns deliveries into
//! message builders (split texts, mentions, buttons and menus), `ids` encodes component
//! custom ids, `dispatch` sends deliveries (with the DM-closed fallback), `ratelimit`
//! keeps each user to a token bucket of interactions, `history` shows replays
//! (`/game history`) and `bot` wires it all into poise.
//! Everything but `bot` is tested without Discord.

pub mod args;
mod bot;
pub mod dispatch;
mod history;
pub mod ids;
pub mod messages;
pub mod panel;
pub mod ratelimit;

use std::path::PathBuf;

pub use bot::{all_commands, serve_until, serve_with_store};

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
}

/// Starts the bot on a new tokio runtime and blocks until it stops (SIGTERM / Ctrl-C).
pub fn run_blocking(settings: BotSettings) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(bot::serve(settings))
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
    runtime.block_on(bot::serve_with_store(
        settings,
        store,
        bot::shutdown_signal(),
    ))
}

#[cfg(test)]
mod tests {
    use poise::serenity_prelude as serenity;

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
            vec!["game", "palazzo", "villa", "estates", "princes"]
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
                "addbot",
                "removebot",
                "history",
                "undo",
                "mine",
                "stats",
                "leaderboard",
                "notify"
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
