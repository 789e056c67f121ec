//! `capomaestro`: run the Discord bot, or play any game in a terminal.

mod arena;
#[cfg(test)]
mod build_profile;
mod calibrate;
mod config;
mod local;
mod picture;
mod ratings_cmd;
mod replay;
mod store_cmd;

use clap::{Parser, Subcommand};
use config::{Config, TOKEN_ENV};
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(Parser)]
#[command(
    name = "capomaestro",
    version,
    about = "Florentine building board games for Discord and the terminal"
)]
struct Cli {
    /// Config file (default: ./capomaestro.toml if present; see config.example.toml).
    #[arg(long, global = true)]
    config: Option<PathBuf>,
    /// Overrides the config's data_dir.
    #[arg(long, global = true)]
    data_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run the Discord bot (needs a token: config `discord_token` or DISCORD_TOKEN).
    Run {
        /// The gateway shards of this process, first-last/total: --shards 0-1/4 (overrides
        /// the config's [discord] shards and shard_total).
        #[arg(long, value_name = "RANGE/TOTAL")]
        shards: Option<String>,
    },
    /// Play a game in this terminal through the same table code the bot uses.
    Local {
        /// palazzo, villa, estates or princes (not with --from).
        #[arg(required_unless_present = "from")]
        game: Option<String>,
        /// Go on from a game record (`replay`'s FILE): its game, seats, options and
        /// seed, every seat played here; with --at N from its move N.
        #[arg(long, value_name = "FILE", conflicts_with_all = ["players", "seed", "options", "bots", "resume"])]
        from: Option<PathBuf>,
        /// With --from: the record's moves to play first (default: all of them).
        #[arg(long, value_name = "N", requires = "from")]
        at: Option<usize>,
        /// Comma-separated player names, in seat order: --players ana,bruno,carla
        #[arg(long, value_delimiter = ',')]
        players: Vec<String>,
        /// Fixes the shuffle (and, with --auto, the random moves).
        #[arg(long)]
        seed: Option<u64>,
        /// A game option, key=value; repeatable: --option rounds=2
        #[arg(long = "option")]
        options: Vec<String>,
        /// Every seat plays random legal moves until the game ends; prints the scores.
        #[arg(long, conflicts_with = "script")]
        auto: bool,
        /// Feed input lines from a file (`ana: take money`, one per line).
        #[arg(long)]
        script: Option<PathBuf>,
        /// Continue the stored local game (e.g. after the process was killed).
        #[arg(long)]
        resume: bool,
        /// With --auto, print only the final result.
        #[arg(long)]
        quiet: bool,
        /// Write the public board picture after every move to DIR/<turn>.png.
        #[arg(long, value_name = "DIR")]
        pictures: Option<PathBuf>,
        /// A table setting, as /game settings takes it; repeatable:
        /// --setting remind=1h --setting timeout=2h --setting policy=drop
        #[arg(long = "setting", value_name = "KEY=VALUE")]
        settings: Vec<String>,
        /// Run the table's clock N times faster, so reminders and timeouts can be
        /// watched (e.g. 3600: an hour a second). `wait 2h` also moves it on.
        #[arg(long, value_name = "N")]
        accelerate: Option<f64>,
        /// Bot seats after the players, one level each: --bots normal,hard (easy,
        /// normal or hard).
        #[arg(long, value_delimiter = ',', value_name = "LEVELS")]
        bots: Vec<String>,
        /// The language the table speaks: en or es.
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Ratings (docs/ratings.md): `rebuild` recomputes every rating from the stored
    /// rated results.
    Ratings {
        #[command(subcommand)]
        action: ratings_cmd::RatingsCmd,
    },
    /// Write the record (docs/records.md) of every archived game of a store, either
    /// backend, to DIR/<game>.jsonl (JSON Lines, oldest first).
    Export {
        /// The directory to write to.
        #[arg(long, value_name = "DIR")]
        out: PathBuf,
        /// The store: `sled:<dir>`, `postgres://…`, `postgres` (default: the configured
        /// store).
        #[arg(long)]
        from: Option<String>,
        /// The local terminal table's store (data_dir/local).
        #[arg(long, conflicts_with = "from")]
        local: bool,
        /// People's names replaced by `Player N`.
        #[arg(long)]
        pseudonyms: bool,
        /// The language the records' replay pages speak: en or es.
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Check a game record (docs/records.md): replay it through the engine, every move
    /// legal and the final scores as recorded; then show it. A file of JSON Lines is
    /// checked record by record.
    Replay {
        /// The record (JSON), or records (JSON Lines).
        file: PathBuf,
        /// Walk through the moves one at a time with the board after each.
        #[arg(long, conflicts_with = "html")]
        step: bool,
        /// Write the replay page: one self-contained HTML file (← →, a slider, the board,
        /// the narration and the scores at each step).
        #[arg(long, value_name = "OUT.html")]
        html: Option<PathBuf>,
    },
    /// Draw a game's board picture (PNG) after K random legal moves.
    Render {
        /// palazzo, villa, estates or princes.
        game: String,
        /// Fixes the shuffle and the random moves.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Random legal moves to play before drawing (stops early if the game ends).
        #[arg(long, default_value_t = 0)]
        moves: usize,
        /// Number of players (default: 4, or the nearest the game allows).
        #[arg(long)]
        players: Option<usize>,
        /// The PNG file to write.
        #[arg(long)]
        out: PathBuf,
        /// Draw this seat's private picture (1-based) instead of the public board.
        #[arg(long)]
        private: Option<usize>,
        /// The language of the picture's words: en or es.
        #[arg(long, default_value = "en")]
        lang: String,
    },
    /// Bots play each other N times, seats rotating; prints each player's wins, win
    /// share (95% interval), mean score and ms per move.
    Arena {
        /// palazzo, villa, estates or princes.
        game: String,
        /// One level per player, in order: random, auto, easy, normal or hard.
        #[arg(long, value_delimiter = ',', required = true)]
        seats: Vec<String>,
        /// Games to play.
        #[arg(long, default_value_t = 100)]
        games: usize,
        /// Fixes every game's shuffle and every bot's sampling.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Games played at once.
        #[arg(long, default_value_t = 1)]
        jobs: usize,
        /// Print one JSON object instead of the table.
        #[arg(long)]
        json: bool,
        /// Measure each level's anchor rating (anchors.tsv lines) and the model's log
        /// loss on held-out games (every fourth) against a flat 1/N guess.
        #[arg(long)]
        calibrate: bool,
        /// Also write every game's record (docs/records.md) to DIR/<game>.jsonl.
        #[arg(long, value_name = "DIR")]
        records: Option<PathBuf>,
    },
    /// Operator tools for the game store (the bot's, or with --local the terminal's).
    Store {
        /// Use the local terminal table's store (data_dir/local).
        #[arg(long)]
        local: bool,
        #[command(subcommand)]
        action: store_cmd::StoreCmd,
    },
}

fn init_logging(level: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .or_else(|_| tracing_subscriber::EnvFilter::try_new(level))
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut config = match Config::load(cli.config.as_deref()) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    // The file read, for the permission check (it may hold the token).
    let config_file = cli
        .config
        .clone()
        .or_else(|| Some(PathBuf::from(config::DEFAULT_CONFIG)).filter(|p| p.exists()));
    if let Some(warning) = config_file.as_deref().and_then(config::permission_warning) {
        eprintln!("{warning}");
    }
    if let Some(dir) = cli.data_dir {
        config.data_dir = dir;
    }
    match cli.command {
        Cmd::Store { local, action } => {
            init_logging("warn");
            let dir = if local {
                config.data_dir.join("local")
            } else {
                config.data_dir.clone()
            };
            let mut out = std::io::stdout();
            let done = match action {
                store_cmd::StoreCmd::Migrate => store_cmd::migrate(&config.storage, &mut out),
                store_cmd::StoreCmd::Copy { from, to } => {
                    store_cmd::copy(&config.storage, &from, &to, &mut out)
                }
                _ if config.storage.backend == config::Backend::Postgres && !local => Err(
                    "This store command works on the sled store (data_dir); the PostgreSQL \
                     store is checked and backed up with PostgreSQL's own tools."
                        .to_string(),
                ),
                action => store_cmd::run(&dir, action, &mut std::io::stdin().lock(), &mut out),
            };
            match done {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Cmd::Arena {
            game,
            seats,
            games,
            seed,
            jobs,
            json,
            calibrate,
            records,
        } => {
            let seats = match arena::parse_seats(&seats) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            let options = arena::ArenaOptions {
                game,
                seats,
                games,
                seed,
                jobs,
                progress: arena::Progress::for_stderr(),
                records,
            };
            match arena::run(&options) {
                Ok(report) if calibrate => {
                    print!("{}", arena::render_text(&report));
                    let found = calibrate::calibrate(&report);
                    print!("{}", calibrate::render(&found, options.seed));
                    ExitCode::SUCCESS
                }
                Ok(report) if json => {
                    println!("{}", arena::render_json(&report));
                    ExitCode::SUCCESS
                }
                Ok(report) => {
                    print!("{}", arena::render_text(&report));
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Cmd::Export {
            out,
            from,
            local,
            pseudonyms,
            lang,
        } => {
            init_logging("warn");
            let lang = match local::parse_lang(&lang) {
                Ok(lang) => lang,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            let options = table::record::RecordOptions { pseudonyms, lang };
            let (from, sled_dir) = if local {
                let dir = config.data_dir.join("local");
                (Some(format!("sled:{}", dir.display())), dir)
            } else {
                (from, config.data_dir.clone())
            };
            let done = store_cmd::export(
                &config.storage,
                from.as_deref(),
                &sled_dir,
                &out,
                options,
                &mut std::io::stdout(),
            );
            match done {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Cmd::Ratings {
            action: ratings_cmd::RatingsCmd::Rebuild { from },
        } => {
            init_logging("warn");
            let done = store_cmd::open_store(&config.storage, from.as_deref(), &config.data_dir)
                .and_then(|store| ratings_cmd::rebuild(store.as_ref(), &mut std::io::stdout()));
            match done {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Cmd::Replay { file, step, html } => {
            let request = replay::ReplayRequest {
                file: &file,
                step,
                html: html.as_deref(),
            };
            let stdin = std::io::stdin();
            match replay::run(&request, &mut stdin.lock(), &mut std::io::stdout()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Cmd::Local {
            game,
            from,
            at,
            players,
            seed,
            options,
            auto,
            script,
            resume,
            quiet,
            pictures,
            settings,
            accelerate,
            bots,
            lang,
        } => {
            let lang = match local::parse_lang(&lang) {
                Ok(lang) => lang,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            let bots = match bots
                .iter()
                .map(|b| {
                    table::BotLevel::parse(b).ok_or_else(|| {
                        format!("`{b}` is not a bot level: use easy, normal or hard.")
                    })
                })
                .collect::<Result<Vec<_>, _>>()
            {
                Ok(bots) => bots,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            init_logging(if config.log_level == "info" {
                "warn"
            } else {
                &config.log_level
            });
            let (game, players, seed, options, moves) = match from {
                Some(file) => match replay::from_record(&file, at.unwrap_or(usize::MAX)) {
                    Ok(r) => (r.game, r.players, Some(r.seed), r.options, r.moves),
                    Err(e) => {
                        eprintln!("{e}");
                        return ExitCode::FAILURE;
                    }
                },
                None => (game.unwrap_or_default(), players, seed, options, Vec::new()),
            };
            let opts = local::LocalOptions {
                game,
                moves,
                players: players
                    .into_iter()
                    .map(|p| p.trim().to_string())
                    .filter(|p| !p.is_empty())
                    .collect(),
                seed,
                options,
                auto,
                script,
                resume,
                quiet,
                pictures,
                data_dir: config.data_dir.clone(),
                settings,
                accelerate,
                // Checked when the config was read.
                timers: config.timers.defaults().unwrap_or_default(),
                bots,
                lang,
            };
            let stdin = std::io::stdin();
            let mut input = stdin.lock();
            let mut out = std::io::stdout();
            match local::run(&opts, &mut input, &mut out) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Cmd::Render {
            game,
            seed,
            moves,
            players,
            out,
            private,
            lang,
        } => {
            let lang = match local::parse_lang(&lang) {
                Ok(lang) => lang,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            let request = picture::Request {
                game,
                seed,
                moves,
                players,
                private,
                lang,
            };
            match picture::render_random(&request, &out) {
                Ok(summary) => {
                    println!("{summary}");
                    ExitCode::SUCCESS
                }
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
        Cmd::Run { shards } => {
            init_logging(&config.log_level);
            let shards = match config.discord.shard_range(shards.as_deref()) {
                Ok(range) => range,
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(2);
                }
            };
            let Some(token) = config.discord_token.clone() else {
                eprintln!(
                    "No Discord token. Set `discord_token` in the config file (see config.example.toml) \
                     or the {TOKEN_ENV} environment variable."
                );
                return ExitCode::from(2);
            };
            let settings = commands::BotSettings {
                token,
                data_dir: config.data_dir.clone(),
                dev_guild_id: config.dev_guild_id,
                api_base: config.discord.api_base.clone(),
                cache_games: config.cache_games,
                // Checked when the config was read.
                timers: config.timers.defaults().unwrap_or_default(),
                minimums: config.timers.minimums().unwrap_or_default(),
                rate_limit: if config.discord.rate_limit {
                    commands::ratelimit::Limit::DISCORD
                } else {
                    commands::ratelimit::Limit::OFF
                },
                bot_delay_ms: config.bots.delay_ms,
                thinker: config.bots.thinker(),
                archive_keep_days: config.archive.keep_days,
                shards,
            };
            let served = match config.storage.backend {
                config::Backend::Sled => commands::run_blocking(settings),
                config::Backend::Postgres => match config.storage.open_postgres(shards) {
                    Ok(store) => {
                        commands::run_blocking_with_store(settings, std::sync::Arc::new(store))
                    }
                    Err(e) => Err(e),
                },
            };
            match served {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("{e}");
                    ExitCode::FAILURE
                }
            }
        }
    }
}
