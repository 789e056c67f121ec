//! Starting and stopping the bot: the framework, its event and error handlers, the
//! outbox loop, and a shutdown that lets handlers finish.

use crate::components::on_component;
use crate::context::{Busy, Data, Error};
use crate::discord::Discord;
use crate::dispatch::Sender;
use crate::execute::reader_lang;
use crate::messages;
use crate::panel;
use crate::ratelimit::RateLimiter;
use crate::slash::all_commands;
use crate::BotSettings;
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use storage::SledStore;
use table::Table;

async fn event_handler(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    match event {
        serenity::FullEvent::Ready { data_about_bot } => {
            tracing::info!(user = %data_about_bot.user.name, guilds = data_about_bot.guilds.len(), "connected to Discord");
        }
        serenity::FullEvent::GuildCreate { guild, .. } => {
            framework
                .user_data
                .note_guild_locale(guild.id.get(), &guild.preferred_locale)
                .await;
        }
        serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(c),
        } => {
            on_component(framework.serenity_context, framework.user_data, c).await?;
        }
        _ => {}
    }
    Ok(())
}

async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(command = %ctx.command().qualified_name, %error, "command failed");
            let lang = reader_lang(ctx).await;
            let reply = poise::CreateReply::default()
                .content(words::text(lang, "reply-command-error", &[]))
                .ephemeral(true);
            let _ = crate::deferred::send(ctx, reply).await;
        }
        // A server's command (stats, leaderboard, notify, nudge) used in a DM.
        poise::FrameworkError::GuildOnly { ctx, .. } => {
            let lang = reader_lang(ctx).await;
            let reply = poise::CreateReply::default()
                .content(words::text(lang, "reply-needs-server", &[]))
                .ephemeral(true);
            let _ = ctx.send(reply).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}

/// The gateway events the bot asks for: GUILDS, for each server's GUILD_CREATE (its
/// preferred locale). Interactions arrive whatever the intents; nothing else is read.
pub const INTENTS: serenity::GatewayIntents = serenity::GatewayIntents::GUILDS;

/// Connects to Discord and serves until SIGTERM / Ctrl-C, then flushes the store.
pub async fn serve(settings: BotSettings) -> Result<(), String> {
    serve_until(settings, shutdown_signal()).await
}

/// Serves until `stop` resolves. Then, within about two seconds: the shards close (no new
/// interactions), the handlers in flight finish their commits, and the store is flushed.
/// What was stored but not sent stays in the outbox and goes out at the next start.
pub async fn serve_until(
    settings: BotSettings,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    storage::create_private_dir(&settings.data_dir).map_err(|e| {
        format!(
            "cannot create data dir {}: {e}",
            settings.data_dir.display()
        )
    })?;
    let store = SledStore::open(&settings.data_dir)
        .map_err(|e| format!("{e} (is another capomaestro running on it?)"))?;
    serve_with_store(settings, Arc::new(store), stop).await
}

/// As [`serve_until`], over a store the caller opened (the PostgreSQL backend).
pub async fn serve_with_store(
    settings: BotSettings,
    store: Arc<dyn storage::Store>,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let mut http = serenity::HttpBuilder::new(&settings.token);
    // serenity 0.12's rate limiter ignores the proxy (it would call discord.com), so it is
    // off here; the relay honours 429s instead (and lives as long as the bot serves).
    let mut relay = None;
    if let Some(base) = settings.api_base.as_deref() {
        let started = crate::relay::Relay::start(base)
            .await
            .map_err(|e| format!("cannot start the loopback relay to {base}: {e}"))?;
        http = http
            .proxy(started.address().to_string())
            .ratelimiter_disabled(true);
        relay = Some(started);
    }
    let served = serve_with_http(settings, store, http.build(), stop).await;
    drop(relay);
    served
}

/// As [`serve_with_store`], through the caller's HTTP client at Discord's own address,
/// serenity's rate limiter on (a test's client that reaches a test double there).
pub async fn serve_with_client(
    settings: BotSettings,
    store: Arc<dyn storage::Store>,
    client: reqwest::Client,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let http = serenity::HttpBuilder::new(&settings.token)
        .client(client)
        .build();
    serve_with_http(settings, store, http, stop).await
}

async fn serve_with_http(
    settings: BotSettings,
    store: Arc<dyn storage::Store>,
    http: serenity::Http,
    stop: impl Future<Output = ()> + Send + 'static,
) -> Result<(), String> {
    let table = Arc::new(Table::with_options(
        store,
        table::TableOptions {
            cache_games: settings.cache_games,
            defaults: settings.timers,
            minimums: settings.minimums,
            bot_delay_ms: settings.bot_delay_ms,
            thinker: settings.thinker.clone(),
            move_names: panel::move_names(),
            ..table::TableOptions::default()
        },
    ));
    let sender = Arc::new(Sender::new(table.clone()));
    sender.keep_archive_days(settings.archive_keep_days);
    // A bot's move searched on the pool wakes the sender's loop, which plays it.
    let woken = Arc::downgrade(&sender);
    table.thinker().set_waker(Arc::new(move || {
        if let Some(sender) = woken.upgrade() {
            sender.notify();
        }
    }));
    let busy = Arc::new(Busy::default());
    let dev_guild = settings.dev_guild_id;
    let shards = settings.shards;
    // Discord keeps one set of commands per application: one process registers them.
    let registers = match shards {
        Some(range) => range.holds(0),
        None => true,
    };
    let data = Arc::new(std::sync::Mutex::new(Some(Data {
        table: table.clone(),
        sender: sender.clone(),
        busy: busy.clone(),
        limiter: std::sync::Mutex::new(RateLimiter::new(settings.rate_limit)),
        guild_langs: std::sync::Mutex::default(),
    })));
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: all_commands(),
            event_handler: |framework, event| Box::pin(event_handler(framework, event)),
            on_error: |error| Box::pin(on_error(error)),
            // Owners are not used; skipping the lookup saves a request at start-up.
            initialize_owners: false,
            // Replies ping nobody unless they say whom (poise would allow every user).
            allowed_mentions: Some(messages::pings_only(&[])),
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                match dev_guild {
                    _ if !registers => {
                        tracing::info!("slash commands left to the process holding shard 0");
                    }
                    Some(guild) => {
                        poise::builtins::register_in_guild(
                            ctx,
                            &framework.options().commands,
                            serenity::GuildId::new(guild),
                        )
                        .await?;
                        tracing::info!(guild, "slash commands registered in the dev guild");
                    }
                    None => {
                        poise::builtins::register_globally(ctx, &framework.options().commands)
                            .await?;
                        tracing::info!("slash commands registered globally");
                    }
                }
                data.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .take()
                    .ok_or_else(|| Error::from("the bot was set up twice"))
            })
        })
        .build();
    let mut client = serenity::ClientBuilder::new_with_http(http, INTENTS)
        .framework(framework)
        .await
        .map_err(|e| format!("cannot create the Discord client: {e}"))?;
    // The outbox: what a crash left unsent goes out now, then retries and timers.
    let (stop_sender, sender_stopped) = tokio::sync::oneshot::channel::<()>();
    let outbox_http = client.http.clone();
    let sender_for_tournaments = sender.clone();
    let outbox = tokio::spawn(async move {
        let stop = async {
            let _ = sender_stopped.await;
        };
        sender.run(&Discord(&outbox_http), stop).await;
    });
    // The tournaments: their threads, games and results, until the outbox stops.
    let (stop_tournaments, tournaments_stopped) = tokio::sync::oneshot::channel::<()>();
    let tournaments = tokio::spawn(crate::tournament_runner::run(
        table.clone(),
        client.http.clone(),
        sender_for_tournaments,
        async {
            let _ = tournaments_stopped.await;
        },
    ));
    let manager = client.shard_manager.clone();
    let connect = async {
        match shards {
            // serenity's range is inclusive of its end: `first..last` starts both.
            Some(range) => {
                tracing::info!(shards = %range, "starting a shard range");
                client
                    .start_shard_range(range.first..range.last, range.total)
                    .await
            }
            None => client.start().await,
        }
    };
    let result = tokio::select! {
        r = connect => r.map_err(|e| format!("Discord connection failed: {e}")),
        _ = stop => {
            tracing::info!("shutting down");
            // Close the gateway (no new interactions), let handlers finish their commits.
            let closing = tokio::spawn(async move { manager.shutdown_all().await });
            busy.wait_idle(Duration::from_millis(1_500)).await;
            let _ = tokio::time::timeout(Duration::from_millis(300), closing).await;
            Ok(())
        }
    };
    let _ = stop_sender.send(());
    let _ = stop_tournaments.send(());
    let _ = tokio::time::timeout(Duration::from_millis(200), tournaments).await;
    let _ = tokio::time::timeout(Duration::from_millis(200), outbox).await;
    table.store().flush().map_err(|e| e.to_string())?;
    tracing::info!("store flushed; bye");
    result
}

pub(crate) async fn shutdown_signal() {
    #[cfg(unix)]
    {
        let mut term =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
                Ok(s) => s,
                Err(_) => return std::future::pending().await,
            };
        tokio::select! {
            _ = term.recv() => {}
            _ = tokio::signal::ctrl_c() => {}
        }
    }
    #[cfg(not(unix))]
    let _ = tokio::signal::ctrl_c().await;
}
