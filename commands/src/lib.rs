//! The Discord adapter (poise on serenity): slash commands, components and DMs over `table`.

use std::path::PathBuf;

/// What the bot needs to start.
pub struct BotSettings {
    pub token: String,
    pub data_dir: PathBuf,
    pub dev_guild_id: Option<u64>,
}

/// Starts the bot and blocks until it stops.
pub fn run_blocking(_settings: BotSettings) -> Result<(), String> {
    Err(
        "The Discord adapter is not built yet (see the Discord issue); use `capomaestro local`."
            .into(),
    )
}
