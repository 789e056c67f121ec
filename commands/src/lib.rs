//! The Discord adapter (poise 0.7 on serenity 0.12): a thin layer over `table`.
//!
//! `args` maps slash-command options to table commands, `messages` turns deliveries into
//! message builders (split texts, mentions, buttons and menus), `ids` encodes component
//! custom ids, `dispatch` sends deliveries (with the DM-closed fallback) and `bot` wires
//! it all into poise. Everything but `bot` is tested without Discord.

pub mod args;
mod bot;
pub mod dispatch;
pub mod ids;
pub mod messages;

use std::path::PathBuf;

pub use bot::all_commands;

/// What the bot needs to start.
pub struct BotSettings {
    pub token: String,
    pub data_dir: PathBuf,
    pub dev_guild_id: Option<u64>,
}

/// Starts the bot on a new tokio runtime and blocks until it stops (SIGTERM / Ctrl-C).
pub fn run_blocking(settings: BotSettings) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the async runtime: {e}"))?;
    runtime.block_on(bot::serve(settings))
}
