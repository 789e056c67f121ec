//! Settings from a TOML file (see `config.example.toml`) and the environment.

use serde::Deserialize;
use std::path::{Path, PathBuf};

/// The environment variable that may hold the Discord token.
pub const TOKEN_ENV: &str = "DISCORD_TOKEN";
/// The environment variable that may point the bot at another Discord API base.
pub const API_BASE_ENV: &str = "DISCORD_API_BASE";
/// The environment variable that may hold the PostgreSQL url (overrides `[storage] url`:
/// it holds a password, which is better kept out of the file).
pub const DATABASE_URL_ENV: &str = "CAPOMAESTRO_DATABASE_URL";
/// The config file read when `--config` is not given, if it exists.
pub const DEFAULT_CONFIG: &str = "capomaestro.toml";

/// Every setting; each has a default so an empty file is valid.
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Directory of the game store.
    pub data_dir: PathBuf,
    /// Discord bot token (`DISCORD_TOKEN` wins when set). Never logged.
    pub discord_token: Option<String>,
    /// Register slash commands only in this guild (instant updates while developing).
    pub dev_guild_id: Option<u64>,
    /// Log filter: `error`, `warn`, `info`, `debug`, `trace`, or a tracing directive.
    pub log_level: String,
    /// Loaded games kept in memory (least recently used are evicted; they reload from
    /// the store on demand).
    pub cache_games: usize,
    /// The `[discord]` section.
    pub discord: DiscordConfig,
    /// The `[timers]` section: every table's defaults (a table may change its own).
    pub timers: TimersConfig,
    /// The `[storage]` section: which backend keeps the games.
    pub storage: StorageConfig,
    /// The `[bots]` section: bot seats, where and how hard bots think.
    pub bots: BotsConfig,
    /// The `[archive]` section: how long finished games (and their replays) are kept.
    pub archive: ArchiveConfig,
}

/// `[archive]`: retention of finished games.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct ArchiveConfig {
    /// Days a finished game's record, log and replay are kept after it ended; 0: for
    /// ever. Stats and leaderboards keep every result either way.
    pub keep_days: u64,
}

impl Default for ArchiveConfig {
    fn default() -> Self {
        ArchiveConfig { keep_days: 365 }
    }
}

/// `[bots]`: the pause before a bot seat answers, the search threads, and a cap on
/// every search (for slow machines and tests).
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct BotsConfig {
    /// The pause before a bot answers the move that made its turn, in ms (the rest of a
    /// chain of bot moves follows at once, told in one message).
    pub delay_ms: u64,
    /// Searches at once; 0 (the default): one less than the machine's cores.
    pub threads: usize,
    /// Every search stops after this many iterations whatever its level; 0: no cap.
    pub max_iterations: u32,
    /// Searches (bot moves, hints) one server may have queued or running at once; 0: no
    /// cap. Past it a hint is refused with a sentence and a bot's move waits its turn.
    pub server_searches: usize,
}

impl Default for BotsConfig {
    fn default() -> Self {
        BotsConfig {
            delay_ms: table::DEFAULT_BOT_DELAY_MS,
            threads: 0,
            max_iterations: 0,
            server_searches: table::think::DEFAULT_SERVER_SEARCHES,
        }
    }
}

impl BotsConfig {
    /// The table's search pool as configured.
    pub fn thinker(&self) -> table::Thinker {
        let thinker = match self.threads {
            0 => table::Thinker::for_machine(),
            n => table::Thinker::with_threads(n),
        };
        let thinker = match self.max_iterations {
            0 => thinker,
            n => thinker.capped(n, u32::MAX),
        };
        thinker.server_searches(self.server_searches)
    }
}

/// Which store keeps the games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// Embedded (sled and its write-ahead log) in `data_dir`: one process, nothing to
    /// install.
    #[default]
    Sled,
    /// A PostgreSQL database (`url`), for operators who run one.
    Postgres,
}

/// `[storage]`: the backend, and for PostgreSQL where it is and how many connections.
#[derive(Clone, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct StorageConfig {
    pub backend: Backend,
    /// `postgres://user:password@host/db` or `key=value` settings;
    /// `CAPOMAESTRO_DATABASE_URL` overrides it. Never logged.
    pub url: Option<String>,
    /// Connections in the pool.
    pub pool_size: usize,
    /// How long a process holds a claimed outbox row or timer (ms): another process takes
    /// it only after this long when the holder died.
    pub lease_ms: u64,
    /// This process's name among those sharing the database, the same across its
    /// restarts (a restart takes back at once what it held). Unset: its shard range.
    pub instance: Option<String>,
    /// The longest wait for a game's row another session holds (ms): the move is then
    /// refused with "try again", other channels never wait for it.
    pub lock_timeout_ms: u64,
    /// The longest database statement (ms).
    pub statement_timeout_ms: u64,
    /// The longest a session may sit idle in an open transaction (ms).
    pub idle_in_transaction_timeout_ms: u64,
    /// Idle seconds before TCP keepalive probes to the database.
    pub keepalive_s: u64,
}

impl Default for StorageConfig {
    fn default() -> Self {
        let timeouts = storage::pg::Timeouts::default();
        StorageConfig {
            backend: Backend::Sled,
            url: None,
            pool_size: storage::pg::DEFAULT_POOL_SIZE,
            lease_ms: storage::pg::DEFAULT_LEASE_MS,
            instance: None,
            lock_timeout_ms: timeouts.lock_ms,
            statement_timeout_ms: timeouts.statement_ms,
            idle_in_transaction_timeout_ms: timeouts.idle_in_transaction_ms,
            keepalive_s: timeouts.keepalive_idle_s,
        }
    }
}

impl std::fmt::Debug for StorageConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StorageConfig")
            .field("backend", &self.backend)
            .field("url", &self.url.as_ref().map(|_| "<redacted>"))
            .field("pool_size", &self.pool_size)
            .field("lease_ms", &self.lease_ms)
            .field("instance", &self.instance)
            .field("timeouts", &self.timeouts())
            .finish()
    }
}

impl StorageConfig {
    /// The PostgreSQL url, or the sentence saying how to give one.
    pub fn postgres_url(&self) -> Result<&str, String> {
        self.url.as_deref().ok_or_else(|| {
            format!(
                "The PostgreSQL store needs its address: set `url` in the [storage] section \
                 (postgres://user@host/database) or the {DATABASE_URL_ENV} environment variable."
            )
        })
    }

    /// The bounds on every database wait.
    pub fn timeouts(&self) -> storage::pg::Timeouts {
        storage::pg::Timeouts {
            lock_ms: self.lock_timeout_ms,
            statement_ms: self.statement_timeout_ms,
            idle_in_transaction_ms: self.idle_in_transaction_timeout_ms,
            keepalive_idle_s: self.keepalive_s,
        }
    }

    /// The instance name of a process running `shards` (`None`: the single shard):
    /// `instance` when set, else its shard range.
    pub fn instance_name(&self, shards: Option<commands::ShardRange>) -> String {
        match &self.instance {
            Some(name) => name.trim().to_string(),
            None => format!("shards {}", shards.map_or("0/1".into(), |r| r.to_string())),
        }
    }

    /// Opens the PostgreSQL store (migrations applied) for a process running `shards`,
    /// under its instance name, with a sentence for an operator when it cannot.
    pub fn open_postgres(
        &self,
        shards: Option<commands::ShardRange>,
    ) -> Result<storage::PgStore, String> {
        let url = self.postgres_url()?;
        storage::PgStore::open_with(url, self.pool_size, self.timeouts())
            .and_then(|store| {
                store
                    .with_lease_ms(self.lease_ms)
                    .as_instance(&self.instance_name(shards))
            })
            .map_err(|e| {
                format!("cannot open the PostgreSQL store ({e}); check [storage] url and that the server is running")
            })
    }
}

/// `[timers]`: reminders and timeouts, as human durations ("12h", "2d", "90s", "off").
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct TimersConfig {
    pub remind_after: String,
    pub remind_every: String,
    pub timeout_after: String,
    /// auto, skip or drop.
    pub on_timeout: String,
    /// The shortest reminder a table may choose on Discord (`/game settings`).
    pub min_reminder: String,
    /// The shortest timeout a table may choose on Discord.
    pub min_timeout: String,
}

impl Default for TimersConfig {
    fn default() -> Self {
        TimersConfig {
            remind_after: "12h".into(),
            remind_every: "24h".into(),
            timeout_after: "off".into(),
            on_timeout: "auto".into(),
            min_reminder: "15m".into(),
            min_timeout: "1h".into(),
        }
    }
}

impl TimersConfig {
    /// The table's defaults, or which value is wrong.
    pub fn defaults(&self) -> Result<table::Defaults, String> {
        let duration = |key: &str, v: &str| {
            table::timing::parse_duration(v).map_err(|e| format!("[timers] {key}: {e}"))
        };
        Ok(table::Defaults {
            remind_after: duration("remind_after", &self.remind_after)?,
            remind_every: duration("remind_every", &self.remind_every)?,
            timeout_after: duration("timeout_after", &self.timeout_after)?,
            on_timeout: table::timing::parse_policy(&self.on_timeout)
                .map_err(|e| format!("[timers] on_timeout: {e}"))?,
        })
    }

    /// The shortest timing a table may choose on Discord, or which value is wrong. "off"
    /// or a value under 10 s means the 10 s floor.
    pub fn minimums(&self) -> Result<table::Minimums, String> {
        let duration = |key: &str, v: &str| {
            table::timing::parse_duration(v).map_err(|e| format!("[timers] {key}: {e}"))
        };
        Ok(table::Minimums::new(
            duration("min_reminder", &self.min_reminder)?,
            duration("min_timeout", &self.min_timeout)?,
        ))
    }
}

/// `[discord]`: where Discord is.
#[derive(Clone, Debug, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct DiscordConfig {
    /// Base URL of Discord's API (REST; the gateway address is asked of it). Unset means
    /// Discord itself; set it to run against a test double or an API proxy.
    /// `DISCORD_API_BASE` overrides it.
    pub api_base: Option<String>,
    /// The gateway shards this process runs, `"0-1"` (or one, `"2"`), of `shard_total`.
    /// Unset: every shard of `shard_total` (one shard when that is unset too).
    pub shards: Option<String>,
    /// How many shards the bot runs across all its processes.
    pub shard_total: Option<u32>,
    /// The per-user limit on interactions (15 at once, then one every 1.5 s). Off only
    /// for a test double played at machine speed (end-to-end tests, load tests).
    pub rate_limit: bool,
}

impl Default for DiscordConfig {
    fn default() -> Self {
        DiscordConfig {
            api_base: None,
            shards: None,
            shard_total: None,
            rate_limit: true,
        }
    }
}

impl DiscordConfig {
    /// The shard range of this process: `cli` (`--shards 0-1/4`) wins over the config.
    /// `None` is today's single shard.
    pub fn shard_range(&self, cli: Option<&str>) -> Result<Option<commands::ShardRange>, String> {
        if let Some(text) = cli {
            return commands::ShardRange::parse(text).map(Some);
        }
        match (self.shards.as_deref(), self.shard_total) {
            (None, None) => Ok(None),
            (Some(range), Some(total)) => commands::ShardRange::parse_range(range, total)
                .map(Some)
                .map_err(|e| format!("[discord] shards: {e}")),
            (Some(_), None) => Err(
                "[discord] shards needs shard_total beside it: how many shards the bot runs \
                 across all its processes."
                    .into(),
            ),
            (None, Some(total)) => commands::ShardRange::all(total)
                .map(Some)
                .map_err(|e| format!("[discord] shard_total: {e}")),
        }
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            data_dir: PathBuf::from("data"),
            discord_token: None,
            dev_guild_id: None,
            log_level: "info".into(),
            cache_games: table::DEFAULT_CACHE_GAMES,
            discord: DiscordConfig::default(),
            timers: TimersConfig::default(),
            storage: StorageConfig::default(),
            bots: BotsConfig::default(),
            archive: ArchiveConfig::default(),
        }
    }
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("data_dir", &self.data_dir)
            .field(
                "discord_token",
                &self.discord_token.as_ref().map(|_| "<redacted>"),
            )
            .field("dev_guild_id", &self.dev_guild_id)
            .field("log_level", &self.log_level)
            .field("cache_games", &self.cache_games)
            .field("discord", &self.discord)
            .field("timers", &self.timers)
            .field("storage", &self.storage)
            .field("bots", &self.bots)
            .field("archive", &self.archive)
            .finish()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read config file {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("config file {path} is not valid: {message}")]
    Parse { path: PathBuf, message: String },
}

impl Config {
    /// Reads `path` (or `capomaestro.toml` when present), then applies `DISCORD_TOKEN`.
    pub fn load(path: Option<&Path>) -> Result<Config, ConfigError> {
        let mut config = match path {
            Some(p) => Self::from_file(p)?,
            None if Path::new(DEFAULT_CONFIG).exists() => {
                Self::from_file(Path::new(DEFAULT_CONFIG))?
            }
            None => Config::default(),
        };
        if let Ok(token) = std::env::var(TOKEN_ENV) {
            if !token.trim().is_empty() {
                config.discord_token = Some(token.trim().to_string());
            }
        }
        if let Ok(url) = std::env::var(DATABASE_URL_ENV) {
            if !url.trim().is_empty() {
                config.storage.url = Some(url.trim().to_string());
            }
        }
        if let Ok(base) = std::env::var(API_BASE_ENV) {
            if !base.trim().is_empty() {
                config.discord.api_base = Some(base.trim().to_string());
            }
        }
        Ok(config)
    }

    fn from_file(path: &Path) -> Result<Config, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|source| ConfigError::Read {
            path: path.into(),
            source,
        })?;
        Self::parse(&text).map_err(|message| ConfigError::Parse {
            path: path.into(),
            message,
        })
    }

    /// Parses TOML text. An error says where (line, column, key) and what, but never
    /// quotes the text of the line: it may hold the bot token.
    pub fn parse(text: &str) -> Result<Config, String> {
        let mut config: Config = toml::from_str(text).map_err(|e| describe_error(text, &e))?;
        // An empty token or a 0 guild in the file means "not set".
        if config
            .discord_token
            .as_deref()
            .is_some_and(|t| t.trim().is_empty())
        {
            config.discord_token = None;
        }
        if config.dev_guild_id == Some(0) {
            config.dev_guild_id = None;
        }
        if config
            .discord
            .api_base
            .as_deref()
            .is_some_and(|b| b.trim().is_empty())
        {
            config.discord.api_base = None;
        }
        if config
            .storage
            .url
            .as_deref()
            .is_some_and(|u| u.trim().is_empty())
        {
            config.storage.url = None;
        }
        if config
            .discord
            .shards
            .as_deref()
            .is_some_and(|r| r.trim().is_empty())
        {
            config.discord.shards = None;
        }
        config.discord.shard_range(None)?;
        if config.storage.pool_size == 0 {
            return Err("[storage] pool_size must be at least 1".into());
        }
        if config.storage.lease_ms == 0 {
            return Err("[storage] lease_ms must be at least 1".into());
        }
        for (name, value) in [
            ("lock_timeout_ms", config.storage.lock_timeout_ms),
            ("statement_timeout_ms", config.storage.statement_timeout_ms),
            (
                "idle_in_transaction_timeout_ms",
                config.storage.idle_in_transaction_timeout_ms,
            ),
            ("keepalive_s", config.storage.keepalive_s),
        ] {
            if value == 0 {
                return Err(format!("[storage] {name} must be at least 1"));
            }
        }
        if config
            .storage
            .instance
            .as_deref()
            .is_some_and(|name| name.trim().is_empty())
        {
            return Err("[storage] instance must not be empty (or leave it out)".into());
        }
        if config.cache_games == 0 {
            return Err("cache_games must be at least 1".into());
        }
        config.timers.defaults()?;
        config.timers.minimums()?;
        Ok(config)
    }
}

/// A TOML error as "line L, column C, key `K`: what", without the line's text (which
/// `toml`'s own message quotes) and with quoted values in the message redacted.
fn describe_error(text: &str, e: &toml::de::Error) -> String {
    let what = redact_quoted(e.message());
    let Some(span) = e.span() else {
        return what;
    };
    let at = span.start.min(text.len());
    let before = &text[..at];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before[line_start..].chars().count() + 1;
    match key_at(text, line_start) {
        Some(key) => format!("line {line}, column {column}, key `{key}`: {what}"),
        None => format!("line {line}, column {column}: {what}"),
    }
}

/// The dotted key (`section.key`) of the line starting at `line_start`, when that line
/// has the shape `key = …` with a bare key; `None` otherwise (never a value).
fn key_at(text: &str, line_start: usize) -> Option<String> {
    let bare = |k: &str| {
        !k.is_empty()
            && k.len() <= 64
            && k.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    };
    let line = text[line_start..].lines().next().unwrap_or_default();
    let (key, _) = line.split_once('=')?;
    let key = key.trim();
    if !bare(key) {
        return None;
    }
    // The nearest table header above the line, when it is a plain `[name]`.
    let section = text[..line_start].lines().rev().find_map(|l| {
        let l = l.trim();
        let name = l.strip_prefix('[')?.strip_suffix(']')?.trim();
        Some(bare(name).then(|| name.to_string()))
    });
    Some(match section {
        Some(Some(section)) => format!("{section}.{key}"),
        _ => key.to_string(),
    })
}

/// `message` with every double-quoted part replaced by `"…"` (serde quotes the
/// offending value, which may be a secret pasted under the wrong key).
fn redact_quoted(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut inside = false;
    for c in message.chars() {
        match (c, inside) {
            ('"', false) => {
                inside = true;
                out.push_str("\"…");
            }
            ('"', true) => {
                inside = false;
                out.push('"');
            }
            (_, true) => {}
            (c, false) => out.push(c),
        }
    }
    if inside {
        out.push('"');
    }
    out.trim_end().to_string()
}

/// A warning when the config file at `path` may be read by other users of the machine
/// (group or others have read permission): it may hold the bot token.
pub fn permission_warning(path: &Path) -> Option<String> {
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(path).ok()?.permissions().mode();
    (mode & 0o044 != 0).then(|| {
        format!(
            "warning: config file {} is readable by other users (mode {:o}); it may hold the bot token. \
             Run `chmod 600 {}`.",
            path.display(),
            mode & 0o777,
            path.display()
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_config_parses_and_defaults_hold() {
        let example = include_str!("../config.example.toml");
        let c = Config::parse(example).unwrap();
        assert_eq!(c.data_dir, PathBuf::from("data"));
        assert_eq!(c.discord_token, None);
        assert_eq!(c.dev_guild_id, None);
        assert_eq!(c.log_level, "info");
        assert_eq!(c.cache_games, 1_000);
        assert_eq!(c.discord.api_base, None);
        // Each server's searches in flight are capped (0: no cap).
        assert_eq!(
            c.bots.server_searches,
            table::think::DEFAULT_SERVER_SEARCHES
        );
        let bots = Config::parse("[bots]\nserver_searches = 2").unwrap().bots;
        assert_eq!(bots.server_searches, 2);
        let thinker = bots.thinker();
        let held = [thinker.admit(1), thinker.admit(1)];
        assert!(held.iter().all(Option::is_some) && thinker.admit(1).is_none());
        // The per-user interaction limit is on unless turned off (test doubles only).
        assert!(c.discord.rate_limit);
        assert!(
            !Config::parse("[discord]\nrate_limit = false")
                .unwrap()
                .discord
                .rate_limit
        );
        let c = Config::parse("[discord]\napi_base = \"http://127.0.0.1:9\"").unwrap();
        assert_eq!(c.discord.api_base.as_deref(), Some("http://127.0.0.1:9"));
        assert!(Config::parse("cache_games = 0").is_err());
        assert_eq!(c.timers.defaults().unwrap(), table::Defaults::default());
        let t = Config::parse(
            "[timers]\nremind_after = \"90s\"\ntimeout_after = \"2d\"\non_timeout = \"drop\"",
        )
        .unwrap()
        .timers
        .defaults()
        .unwrap();
        assert_eq!(
            (
                t.remind_after,
                t.remind_every,
                t.timeout_after,
                t.on_timeout
            ),
            (90, 86_400, 172_800, table::TimeoutPolicy::Drop)
        );
        let err = Config::parse("[timers]\ntimeout_after = \"soon\"").unwrap_err();
        assert!(err.contains("[timers] timeout_after"), "{err}");
        assert_eq!(c.timers.minimums().unwrap(), table::Minimums::DISCORD);
        let low = Config::parse("[timers]\nmin_reminder = \"1m\"\nmin_timeout = \"off\"")
            .unwrap()
            .timers
            .minimums()
            .unwrap();
        assert_eq!(low, table::Minimums::new(60, 10));
        let err = Config::parse("[timers]\nmin_timeout = \"1 hour\"").unwrap_err();
        assert!(err.contains("[timers] min_timeout"), "{err}");
        assert!(Config::parse("colour = 1")
            .unwrap_err()
            .contains("unknown field"));
    }

    #[test]
    fn a_parse_error_says_where_and_which_key_but_never_the_line() {
        let secret = "MTAxNTk.secret-token.abc";
        // A missing closing quote.
        let err = Config::parse(&format!(
            "log_level = \"info\"\ndiscord_token = \"{secret}\n"
        ))
        .unwrap_err();
        assert!(!err.contains("secret-token"), "{err}");
        assert!(err.contains("line 2"), "{err}");
        assert!(err.contains("column"), "{err}");
        assert!(err.contains("key `discord_token`"), "{err}");
        // A misspelled key in a section.
        let err = Config::parse(&format!(
            "discord_token = \"{secret}\"\n[timers]\nremind_afterr = \"1h\"\n"
        ))
        .unwrap_err();
        assert!(!err.contains("secret-token"), "{err}");
        assert!(err.contains("line 3"), "{err}");
        assert!(err.contains("key `timers.remind_afterr`"), "{err}");
        assert!(err.contains("unknown field"), "{err}");
        // A token pasted under the wrong key, of the wrong type: the value is redacted.
        let err = Config::parse(&format!("dev_guild_id = \"{secret}\"\n")).unwrap_err();
        assert!(!err.contains("secret-token"), "{err}");
        assert!(err.contains("key `dev_guild_id`"), "{err}");
        // A token pasted alone on a line is no key, and is not quoted either.
        let err = Config::parse(&format!("{secret}\n")).unwrap_err();
        assert!(!err.contains("secret-token"), "{err}");
        assert!(err.contains("line 1"), "{err}");
    }

    #[test]
    fn a_config_readable_by_others_is_warned_about_and_the_data_dir_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("capomaestro.toml");
        std::fs::write(&path, "log_level = \"info\"\n").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        let warning = permission_warning(&path).expect("0644 is readable by others");
        assert!(warning.contains("chmod 600"), "{warning}");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        assert_eq!(permission_warning(&path), None);
        let data = dir.path().join("a/data");
        storage::create_private_dir(&data).unwrap();
        let mode = std::fs::metadata(&data).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700);
    }

    #[test]
    fn the_token_never_shows_in_debug_output() {
        let c = Config::parse("discord_token = \"secret-token-123\"").unwrap();
        assert_eq!(c.discord_token.as_deref(), Some("secret-token-123"));
        assert!(!format!("{c:?}").contains("secret-token-123"));
    }

    #[test]
    fn shard_ranges_come_from_the_config_or_the_command_line() {
        let c = Config::parse("").unwrap();
        assert_eq!(c.discord.shard_range(None), Ok(None));
        let c = Config::parse("[discord]\nshards = \"0-1\"\nshard_total = 4").unwrap();
        let range = c.discord.shard_range(None).unwrap().unwrap();
        assert_eq!(range.to_string(), "0-1/4");
        // The command line wins.
        let range = c.discord.shard_range(Some("2-3/4")).unwrap().unwrap();
        assert_eq!(range.to_string(), "2-3/4");
        let err = c.discord.shard_range(Some("2-3")).unwrap_err();
        assert!(err.contains("0-1/4"), "{err}");
        // A total alone: every shard here.
        let c = Config::parse("[discord]\nshard_total = 2").unwrap();
        assert_eq!(
            c.discord.shard_range(None).unwrap().unwrap().to_string(),
            "0-1/2"
        );
        let err = Config::parse("[discord]\nshards = \"0-1\"").unwrap_err();
        assert!(err.contains("shard_total"), "{err}");
        let err = Config::parse("[discord]\nshards = \"3-4\"\nshard_total = 4").unwrap_err();
        assert!(
            err.starts_with("[discord] shards: Shard 4 does not exist"),
            "{err}"
        );
        let err = Config::parse("[discord]\nshard_total = 0").unwrap_err();
        assert!(err.contains("at least 1"), "{err}");
    }

    #[test]
    fn the_storage_section_chooses_the_backend_and_never_shows_the_url() {
        let c = Config::parse("").unwrap();
        assert_eq!(c.storage.backend, Backend::Sled);
        assert_eq!(c.storage.pool_size, storage::pg::DEFAULT_POOL_SIZE);
        assert_eq!(c.storage.lease_ms, storage::pg::DEFAULT_LEASE_MS);
        let err = c.storage.postgres_url().unwrap_err();
        assert!(
            err.contains(DATABASE_URL_ENV) && err.contains("[storage]"),
            "{err}"
        );
        let c = Config::parse(
            "[storage]\nbackend = \"postgres\"\nurl = \"postgres://bot:hunter2@db/cm\"\npool_size = 4\n\
             lease_ms = 4000",
        )
        .unwrap();
        assert_eq!(c.storage.backend, Backend::Postgres);
        assert_eq!(c.storage.postgres_url(), Ok("postgres://bot:hunter2@db/cm"));
        assert_eq!(c.storage.pool_size, 4);
        assert!(!format!("{c:?}").contains("hunter2"));
        let err = Config::parse("[storage]\nbackend = \"mysql\"").unwrap_err();
        assert!(
            err.contains("[storage] backend") || err.contains("backend"),
            "{err}"
        );
        assert!(err.contains("sled") && err.contains("postgres"), "{err}");
        assert_eq!(c.storage.lease_ms, 4_000);
        assert!(Config::parse("[storage]\nlease_ms = 0")
            .unwrap_err()
            .contains("lease_ms"));
        assert!(Config::parse("[storage]\npool_size = 0")
            .unwrap_err()
            .contains("pool_size"));
        // An empty url is no url.
        let c = Config::parse("[storage]\nurl = \" \"").unwrap();
        assert_eq!(c.storage.url, None);
    }

    #[test]
    fn database_waits_are_bounded_and_the_instance_is_named_by_config_or_shards() {
        let c = Config::parse("").unwrap();
        assert_eq!(c.storage.timeouts(), storage::pg::Timeouts::default());
        assert_eq!(c.storage.instance_name(None), "shards 0/1");
        let range = c.discord.shard_range(Some("2-3/4")).unwrap();
        assert_eq!(c.storage.instance_name(range), "shards 2-3/4");
        let c = Config::parse(
            "[storage]\ninstance = \" eu-1 \"\nlock_timeout_ms = 800\nstatement_timeout_ms = 9000\n\
             idle_in_transaction_timeout_ms = 7000\nkeepalive_s = 5",
        )
        .unwrap();
        assert_eq!(c.storage.instance_name(range), "eu-1");
        assert_eq!(
            c.storage.timeouts(),
            storage::pg::Timeouts {
                lock_ms: 800,
                statement_ms: 9_000,
                idle_in_transaction_ms: 7_000,
                keepalive_idle_s: 5,
            }
        );
        for zero in [
            "lock_timeout_ms",
            "statement_timeout_ms",
            "idle_in_transaction_timeout_ms",
            "keepalive_s",
        ] {
            let err = Config::parse(&format!("[storage]\n{zero} = 0")).unwrap_err();
            assert!(err.contains(zero), "{err}");
        }
        let err = Config::parse("[storage]\ninstance = \" \"").unwrap_err();
        assert!(err.contains("instance"), "{err}");
    }
}
