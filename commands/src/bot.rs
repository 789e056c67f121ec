//! The poise framework: slash commands, autocomplete, component clicks and startup /
//! shutdown. Every handler defers first (Discord's 3-second window), then runs the table
//! command on the blocking pool and dispatches the deliveries.

use crate::args::{self, GameChoice};
use crate::dispatch::{Actor, Replies, SendError, Sender, Transport};
use crate::ids::{ComponentAction, ComponentId};
use crate::messages::{self, private_pages, private_reply};
use crate::panel::{self, PanelPath, PanelTree, Target};
use crate::proxied::Proxied;
use crate::ratelimit::RateLimiter;
use crate::BotSettings;
use poise::serenity_prelude as serenity;
use std::future::Future;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use storage::SledStore;
use table::{Caller, Command, Delivery, Table};

/// Shared state of every handler.
pub struct Data {
    pub table: Arc<Table>,
    pub sender: Arc<Sender>,
    /// Interactions being handled now (shutdown waits for them to finish their commits).
    pub busy: Arc<Busy>,
    /// Every user's token bucket of interactions (slash commands, buttons, menus).
    pub limiter: std::sync::Mutex<RateLimiter>,
    /// Servers' preferred languages already recorded in the store by this process
    /// (so each is written once, not read on every command).
    pub guild_langs: std::sync::Mutex<std::collections::HashMap<u64, words::Lang>>,
}

impl Data {
    /// Takes one of `user`'s interaction tokens, by the table's clock; `Some` is the
    /// private "slow down" answer (in `lang`) when they have none left (nothing else is
    /// done then).
    fn over_limit(&self, lang: words::Lang, user: u64) -> Option<String> {
        let now = self.table.now_ms();
        let mut limiter = self.limiter.lock().unwrap_or_else(|e| e.into_inner());
        limiter
            .check(user, now)
            .err()
            .map(|wait| limiter.slow_down(lang, wait))
    }

    /// Takes one of `user`'s autocomplete tokens: false when they have none left (the
    /// autocomplete then answers an empty list and reads nothing).
    pub(crate) fn lookup_allowed(&self, user: u64) -> bool {
        let now = self.table.now_ms();
        let mut limiter = self.limiter.lock().unwrap_or_else(|e| e.into_inner());
        limiter.check_lookup(user, now)
    }

    /// Records server `guild`'s preferred locale (from its GUILD_CREATE or an
    /// interaction's `guild_locale`) in the store when this process has not yet.
    async fn note_guild_locale(&self, guild: u64, locale: &str) {
        let lang = words::Lang::from_discord_locale(locale);
        {
            let mut known = self.guild_langs.lock().unwrap_or_else(|e| e.into_inner());
            if known.get(&guild) == Some(&lang) {
                return;
            }
            known.insert(guild, lang);
        }
        let table = Arc::clone(&self.table);
        let locale = locale.to_string();
        let _ =
            tokio::task::spawn_blocking(move || table.remember_guild_locale(guild, &locale)).await;
    }

    /// The language `user` reads (their choice, else their client's `locale`).
    pub(crate) async fn person_lang(&self, user: u64, locale: Option<&str>) -> words::Lang {
        let table = Arc::clone(&self.table);
        let locale = locale.map(str::to_string);
        tokio::task::spawn_blocking(move || table.person_lang(user, locale.as_deref()))
            .await
            .unwrap_or_default()
    }

    /// [`Data::person_lang`] for an interaction from `user`: their client's `locale`, when
    /// it brings one, is remembered first for the DMs and hands sent them later.
    pub(crate) async fn reader_lang(&self, user: u64, locale: Option<&str>) -> words::Lang {
        let table = Arc::clone(&self.table);
        let locale = locale.map(str::to_string);
        tokio::task::spawn_blocking(move || {
            if let Some(locale) = &locale {
                table.remember_client_locale(user, locale);
            }
            table.person_lang(user, locale.as_deref())
        })
        .await
        .unwrap_or_default()
    }
}

/// Counts handlers in flight, so that shutdown lets their commits finish.
#[derive(Default)]
pub struct Busy {
    count: AtomicUsize,
    idle: tokio::sync::Notify,
}

/// Held while a handler runs.
pub struct BusyGuard(Arc<Busy>);

impl Busy {
    pub fn enter(self: &Arc<Self>) -> BusyGuard {
        self.count.fetch_add(1, Ordering::SeqCst);
        BusyGuard(self.clone())
    }

    /// Waits until no handler runs, at most `limit`.
    pub async fn wait_idle(&self, limit: Duration) {
        let _ = tokio::time::timeout(limit, async {
            while self.count.load(Ordering::SeqCst) > 0 {
                self.idle.notified().await;
            }
        })
        .await;
    }
}

impl Drop for BusyGuard {
    fn drop(&mut self) {
        if self.0.count.fetch_sub(1, Ordering::SeqCst) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Serenity as a [`Transport`].
pub struct Discord<'a>(pub &'a serenity::Http);

/// Sorts a serenity error into what the outbox does about it.
pub(crate) fn classify(e: serenity::Error) -> SendError {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            let status = r.status_code.as_u16();
            match r.error.code {
                50007 => SendError::DmClosed,
                code @ (50001 | 50013) => SendError::Forbidden(code as u32),
                code @ (10003 | 10008) => SendError::Gone(code as u32),
                // Through serenity's rate limiter a 429 was waited out already; through a
                // proxy, `Proxied` reads its Retry-After before this is reached.
                _ if status == 429 => SendError::RateLimited { after_ms: 1_000 },
                _ if status >= 500 => SendError::Transient {
                    after_ms: 1_000,
                    why: format!("HTTP {status}"),
                },
                _ => SendError::Refused {
                    status,
                    why: format!("HTTP {status}: {}", r.error.message),
                },
            }
        }
        serenity::Error::Http(serenity::HttpError::Request(e)) => SendError::Transient {
            after_ms: 1_000,
            why: e.to_string(),
        },
        other => SendError::Refused {
            status: 0,
            why: other.to_string(),
        },
    }
}

impl Transport for Discord<'_> {
    async fn post(&self, channel: u64, message: serenity::CreateMessage) -> Result<u64, SendError> {
        if let Some(proxied) = Proxied::of(self.0) {
            return proxied.post(channel, message, None).await;
        }
        serenity::ChannelId::new(channel)
            .send_message(self.0, message)
            .await
            .map(|m| m.id.get())
            .map_err(classify)
    }

    async fn post_picture(
        &self,
        channel: u64,
        message: serenity::CreateMessage,
        picture: &table::Picture,
    ) -> Result<u64, SendError> {
        if let Some(proxied) = Proxied::of(self.0) {
            return proxied.post(channel, message, Some(picture)).await;
        }
        self.post(channel, messages::with_picture(message, picture))
            .await
    }

    async fn open_dm(&self, user: u64) -> Result<u64, SendError> {
        if let Some(proxied) = Proxied::of(self.0) {
            return proxied.open_dm(user).await;
        }
        serenity::UserId::new(user)
            .create_dm_channel(self.0)
            .await
            .map(|c| c.id.get())
            .map_err(classify)
    }

    async fn edit_text(
        &self,
        channel: u64,
        message: u64,
        content: String,
    ) -> Result<(), SendError> {
        let edit = serenity::EditMessage::new()
            .content(content)
            .allowed_mentions(messages::pings_only(&[]));
        if let Some(proxied) = Proxied::of(self.0) {
            return proxied.edit(channel, message, edit).await;
        }
        serenity::ChannelId::new(channel)
            .edit_message(self.0, serenity::MessageId::new(message), edit)
            .await
            .map(|_| ())
            .map_err(classify)
    }

    async fn unbutton(&self, channel: u64, message: u64) -> Result<(), SendError> {
        let edit = serenity::EditMessage::new().components(vec![]);
        if let Some(proxied) = Proxied::of(self.0) {
            return proxied.edit(channel, message, edit).await;
        }
        serenity::ChannelId::new(channel)
            .edit_message(self.0, serenity::MessageId::new(message), edit)
            .await
            .map(|_| ())
            .map_err(classify)
    }
}

/// The caller of a slash command, with their Manage Channel permission in this channel.
fn caller_of(ctx: Context<'_>) -> Caller {
    let manage = match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_channels()),
        poise::Context::Prefix(_) => false,
    };
    Caller {
        user: ctx.author().id.get(),
        name: ctx.author().display_name().to_string(),
        can_manage_channel: manage,
        guild: ctx.guild_id().map(|g| g.get()),
        lang: words::Lang::En,
    }
}

/// The language of the person behind a slash command: their choice, else their client's.
pub(crate) async fn reader_lang(ctx: Context<'_>) -> words::Lang {
    ctx.data()
        .person_lang(ctx.author().id.get(), ctx.locale())
        .await
}

/// Sends private replies in `lang`, one page each (ephemeral); a picture goes with the
/// first.
async fn reply_private(
    ctx: Context<'_>,
    lang: words::Lang,
    replies: impl Into<Replies>,
) -> Result<(), Error> {
    let Replies { texts, mut picture } = replies.into();
    for page in private_pages(lang, texts) {
        let reply = private_reply(page);
        let reply = match picture.take() {
            Some(png) => messages::reply_with_picture(reply, &png),
            None => reply,
        };
        crate::deferred::send(ctx, reply).await?;
    }
    Ok(())
}

/// Defers, runs `command` and sends everything it produced; a user over the rate limit
/// is told to slow down instead.
async fn run(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    execute(ctx, command, false).await
}

/// [`run`] for commands that seat the caller (`new`, `join`): if they did, a DM is tested
/// at once, so a closed inbox is found before any hand is dealt.
async fn run_seating(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    execute(ctx, command, true).await
}

/// Takes a token of the caller's rate limit; without one, answers "slow down" privately
/// (not deferred: nothing else happens, so in the client's language, no store read) and
/// returns true.
async fn slowed_down(ctx: Context<'_>) -> Result<bool, Error> {
    let lang = words::Lang::from_discord_locale(ctx.locale().unwrap_or_default());
    match ctx.data().over_limit(lang, ctx.author().id.get()) {
        Some(sentence) => {
            ctx.send(private_reply(sentence)).await?;
            Ok(true)
        }
        None => Ok(false),
    }
}

/// The bot's own permissions in the channel of a slash command, as Discord sent them.
fn app_permissions(ctx: Context<'_>) -> Option<serenity::Permissions> {
    match ctx {
        poise::Context::Application(a) => a.interaction.app_permissions,
        poise::Context::Prefix(_) => None,
    }
}

/// Who clicked a component, with the bot's permissions in its channel as reported.
fn component_actor(c: &serenity::ComponentInteraction) -> Actor {
    Actor::new(
        c.user.id.get(),
        c.app_permissions,
        c.channel.as_ref().map(|ch| ch.kind),
    )
}

/// The kind of the channel of a slash command (a thread needs other permissions).
fn channel_kind(ctx: Context<'_>) -> Option<serenity::ChannelType> {
    match ctx {
        poise::Context::Application(a) => a.interaction.channel.as_ref().map(|c| c.kind),
        poise::Context::Prefix(_) => None,
    }
}

async fn execute(ctx: Context<'_>, command: Command, test_dm: bool) -> Result<(), Error> {
    execute_with(ctx, test_dm, move |table, channel, caller| {
        table.handle(channel, caller, command)
    })
    .await
}

/// The interaction's `guild_locale` (the server's preferred locale), in a server.
fn guild_locale(ctx: Context<'_>) -> Option<&str> {
    match ctx {
        poise::Context::Application(a) => a.interaction.guild_locale.as_deref(),
        poise::Context::Prefix(_) => None,
    }
}

/// [`execute`] for any work on the table: `work` runs on the blocking pool with the
/// channel and the caller, and what it returns is sent as a command's deliveries are.
async fn execute_with(
    ctx: Context<'_>,
    test_dm: bool,
    work: impl FnOnce(&Table, u64, &Caller) -> Vec<Delivery> + Send + 'static,
) -> Result<(), Error> {
    execute_async(ctx, test_dm, move |table, channel, caller| async move {
        let lang = caller.lang;
        match tokio::task::spawn_blocking(move || work(&table, channel, &caller)).await {
            Ok(d) => d,
            Err(e) => {
                tracing::error!(channel, error = %e, "command task failed");
                vec![Delivery::ephemeral(words::text(
                    lang,
                    "reply-command-failed",
                    &[],
                ))]
            }
        }
    })
    .await
}

/// [`execute_with`] for work that awaits (a hint waits for its search without holding
/// a thread).
async fn execute_async<F, Fut>(ctx: Context<'_>, test_dm: bool, work: F) -> Result<(), Error>
where
    F: FnOnce(Arc<Table>, u64, Caller) -> Fut + Send,
    Fut: std::future::Future<Output = Vec<Delivery>> + Send,
{
    if slowed_down(ctx).await? {
        return Ok(());
    }
    let _busy = ctx.data().busy.enter();
    crate::deferred::defer_ephemeral(ctx).await?;
    let channel = ctx.channel_id().get();
    if let Some(guild) = ctx.guild_id() {
        ctx.data().sender.remember_guild(channel, guild.get()).await;
        if let Some(locale) = guild_locale(ctx) {
            ctx.data().note_guild_locale(guild.get(), locale).await;
        }
    }
    let data = ctx.data();
    let caller = caller_of(ctx);
    let lang = data.reader_lang(caller.user, ctx.locale()).await;
    let caller = caller.with_lang(lang);
    let actor = Actor::new(caller.user, app_permissions(ctx), channel_kind(ctx));
    data.sender.note_permissions(channel, &actor);
    let deliveries = work(Arc::clone(&data.table), channel, caller.clone()).await;
    let seated = test_dm
        && deliveries
            .iter()
            .any(|d| matches!(d, Delivery::Channel { .. }));
    let http = &ctx.serenity_context().http;
    let mut replies = data
        .sender
        .after_command(&Discord(http), channel, actor, deliveries)
        .await;
    // Read again: the command itself may have changed the caller's language.
    let lang = data.person_lang(caller.user, ctx.locale()).await;
    if seated {
        let game = data.table.game_in(channel).unwrap_or_default();
        let hello = messages::dm_message(messages::seating_dm(lang, &game, channel));
        if let Err(e) = data.sender.dm_now(&Discord(http), caller.user, hello).await {
            replies.texts.push(args::dm_warning(lang, &e));
            // One channel notice per player per game (the same note the outbox keeps).
            if matches!(e, SendError::DmClosed) && data.sender.dm_closed(channel, caller.user).await
            {
                replies.texts.extend(
                    data.sender
                        .after_command(&Discord(http), channel, actor, vec![])
                        .await
                        .texts,
                );
            }
        }
    }
    reply_private(ctx, lang, replies).await
}

// The group is allowed in DMs for `/game mine`; every channel command is guild-only.
/// Table commands: open, join, start and manage a game in this channel.
#[poise::command(
    slash_command,
    subcommands(
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
        "hint",
        "resume",
        "mine",
        "stats",
        "leaderboard",
        "notify",
        "language"
    ),
    subcommand_required
)]
pub async fn game(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a table for a game in this channel.
#[poise::command(slash_command, guild_only)]
async fn new(
    ctx: Context<'_>,
    #[description = "Which game"] game: GameChoice,
    #[description = "Options as key=value, e.g. rounds=2 (see /game rules)"] options: Option<
        String,
    >,
    #[description = "Bots to seat with you (the game starts at once when seats suffice)"]
    #[min = 0]
    #[max = 4]
    bots: Option<u8>,
    #[description = "How well those bots play (default normal)"] level: Option<args::LevelChoice>,
) -> Result<(), Error> {
    run_seating(ctx, args::new_command(game, options, bots, level)).await
}

/// Seat a bot at the table in this channel (host, before the start).
#[poise::command(slash_command, guild_only)]
async fn addbot(
    ctx: Context<'_>,
    #[description = "How well it plays (default normal)"] level: Option<args::LevelChoice>,
) -> Result<(), Error> {
    let level = level.map_or(table::BotLevel::Normal, args::LevelChoice::level);
    run(ctx, Command::AddBot(level)).await
}

/// Take a bot's seat away (host, before the start): the one named, or the last seated.
#[poise::command(slash_command, guild_only)]
async fn removebot(
    ctx: Context<'_>,
    #[description = "A word of the bot's name, e.g. Lorenzo"] name: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::RemoveBot(name)).await
}

/// Take a seat at the table in this channel.
#[poise::command(slash_command, guild_only)]
async fn join(ctx: Context<'_>) -> Result<(), Error> {
    run_seating(ctx, Command::Join).await
}

/// Give up your seat before the game starts.
#[poise::command(slash_command, guild_only)]
async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Leave).await
}

/// Start the game (host only).
#[poise::command(slash_command, guild_only)]
async fn start(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Start).await
}

/// The board and who is awaited (only you see it).
#[poise::command(slash_command, guild_only)]
async fn status(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Status).await
}

/// Your private hand and money (only you see it).
#[poise::command(slash_command, guild_only)]
async fn hand(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Hand).await
}

/// Live scores, or the result of the last game here.
#[poise::command(slash_command, guild_only)]
async fn scores(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Scores).await
}

/// The last moves of the game.
#[poise::command(slash_command, guild_only)]
async fn log(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Log).await
}

/// The rules, with every decision the bot made where the rulebook is silent.
#[poise::command(slash_command, guild_only)]
async fn rules(
    ctx: Context<'_>,
    #[description = "Which game (default: the one in this channel)"] game: Option<GameChoice>,
    #[description = "A topic, e.g. setup, a turn, scoring, end"]
    #[autocomplete = "autocomplete_topic"]
    topic: Option<String>,
) -> Result<(), Error> {
    // The digest in the caller's language (the table reads `caller.lang`).
    run(ctx, args::rules_command(game, topic)).await
}

/// End the game in this channel (host or Manage Channel).
#[poise::command(slash_command, guild_only)]
async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Abandon).await
}

/// Show or change this table's reminders and timeouts (host or Manage Channel).
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)]
async fn settings(
    ctx: Context<'_>,
    #[description = "First reminder after, e.g. 12h, 30m, 2d (off, or default)"]
    remind_after: Option<String>,
    #[description = "Repeat reminders every, e.g. 24h (off, or default)"] repeat_every: Option<
        String,
    >,
    #[description = "Time out after, e.g. 72h (off, or default)"] timeout_after: Option<String>,
    #[description = "What a timeout does"] on_timeout: Option<args::PolicyChoice>,
    #[description = "May players take back their last move (/game undo)?"] undo: Option<
        args::OnOff,
    >,
    #[description = "May players ask the bot for a hint (/game hint)?"] hints: Option<args::OnOff>,
    #[description = "The language of this channel's messages (auto: the server's)"]
    language: Option<args::LanguageChoice>,
) -> Result<(), Error> {
    let timing = [&remind_after, &repeat_every, &timeout_after]
        .iter()
        .any(|o| o.is_some())
        || on_timeout.is_some()
        || undo.is_some()
        || hints.is_some();
    let change = args::settings_command(
        remind_after,
        repeat_every,
        timeout_after,
        on_timeout,
        undo,
        hints,
    );
    let Some(language) = language else {
        return run(ctx, change).await;
    };
    // The channel's language, then (when other options came with it) the rest.
    let reader = ctx
        .data()
        .person_lang(ctx.author().id.get(), ctx.locale())
        .await;
    execute_with(ctx, false, move |table, channel, caller| {
        let mut out = table.set_channel_lang(channel, caller, reader, language.lang());
        if timing {
            out.extend(table.handle(channel, caller, change));
        }
        out
    })
    .await
}

/// The language the bot speaks to you: your answers, panels and DMs (leave out to see it).
#[poise::command(slash_command)]
async fn language(
    ctx: Context<'_>,
    #[description = "Your language (auto: your Discord language)"] language: Option<
        args::LanguageChoice,
    >,
) -> Result<(), Error> {
    let locale = ctx.locale().map(str::to_string);
    execute_with(ctx, false, move |table, _, caller| {
        table.set_person_lang(
            caller,
            locale.as_deref(),
            language.map(args::LanguageChoice::lang),
        )
    })
    .await
}

/// Take back your last move (those who moved since approve it).
#[poise::command(slash_command, guild_only)]
async fn undo(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Undo).await
}

/// Ping the players the game is waiting for (once an hour).
#[poise::command(slash_command, guild_only)]
async fn nudge(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Nudge).await
}

/// The bot's suggestion for your move, with why (only you see it).
#[poise::command(slash_command, guild_only)]
async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    // The search runs on the bot's search pool; no thread waits for it.
    execute_async(ctx, false, |table, channel, caller| async move {
        table.hint_async(channel, caller).await
    })
    .await
}

/// Take your seat back from the bot that played it while you were away.
#[poise::command(slash_command, guild_only)]
async fn resume(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Resume).await
}

/// Step through a game's public pictures, move by move (only you see it).
#[poise::command(slash_command, guild_only)]
async fn history(
    ctx: Context<'_>,
    #[description = "Which game (default: the one in this channel, or the last one here)"]
    #[autocomplete = "crate::history::autocomplete_game"]
    game: Option<String>,
) -> Result<(), Error> {
    if slowed_down(ctx).await? {
        return Ok(());
    }
    let _busy = ctx.data().busy.enter();
    crate::deferred::defer_ephemeral(ctx).await?;
    let reply = crate::history::first_reply(ctx, game.as_deref()).await;
    crate::deferred::send(ctx, reply).await
}

/// How you hear about your turn on this server: ping (default), dm or quiet.
#[poise::command(slash_command, guild_only)]
async fn notify(
    ctx: Context<'_>,
    #[description = "Leave out to see your choice"] choice: Option<args::NotifyChoice>,
) -> Result<(), Error> {
    run(ctx, args::notify_command(choice)).await
}

/// Your games: where it is your move, and since when (in a DM: on every server).
#[poise::command(slash_command)]
async fn mine(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Mine).await
}

/// A player's record on this server: played, won, scores, streak.
#[poise::command(slash_command, guild_only)]
async fn stats(
    ctx: Context<'_>,
    #[description = "Whose stats (default: yours)"] user: Option<serenity::User>,
    #[description = "One game (default: all games)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    let user = user.map(|u| (u.id.get(), u.display_name().to_string()));
    run(
        ctx,
        Command::Stats {
            user,
            game: game.map(|g| g.id().to_string()),
        },
    )
    .await
}

/// The best players on this server: most wins, best win rate.
#[poise::command(slash_command, guild_only)]
async fn leaderboard(
    ctx: Context<'_>,
    #[description = "One game (default: all games)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    run(
        ctx,
        Command::Leaderboard {
            game: game.map(|g| g.id().to_string()),
        },
    )
    .await
}

/// Suggests rules topics (the `## ` headings) of the game picked in the command, else of
/// the game in this channel, else of every game.
async fn autocomplete_topic(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let picked = match ctx {
        poise::Context::Application(a) => {
            a.args
                .iter()
                .find(|o| o.name == "game")
                .and_then(|o| match &o.value {
                    serenity::ResolvedValue::Integer(i) => usize::try_from(*i)
                        .ok()
                        .and_then(|i| GameChoice::all().get(i).map(|g| g.id().to_string())),
                    serenity::ResolvedValue::String(s) => Some(s.to_string()),
                    _ => None,
                })
        }
        poise::Context::Prefix(_) => None,
    };
    let games: Vec<String> =
        match picked.or_else(|| ctx.data().table.game_in(ctx.channel_id().get())) {
            Some(game) => vec![game],
            None => GameChoice::all()
                .iter()
                .map(|g| g.id().to_string())
                .collect(),
        };
    let partial = partial.to_lowercase();
    let lang = words::Lang::from_discord_locale(ctx.locale().unwrap_or_default());
    let mut topics: Vec<String> = Vec::new();
    for game in games {
        let Some(kind) = rules::catalog::find(&game) else {
            continue;
        };
        // The topics of the digest the reader gets (their client's language: autocomplete
        // runs on every keystroke, so no store read).
        let text = table::rules_text(kind, lang);
        for topic in table::rules_topics(&text) {
            if topic.to_lowercase().contains(&partial) && !topics.iter().any(|t| t == topic) {
                topics.push(topic.to_string());
            }
        }
    }
    let choices: Vec<serenity::AutocompleteChoice> = topics
        .into_iter()
        .take(25)
        .map(|t| {
            let name = messages::cut(&t, 100);
            serenity::AutocompleteChoice::new(name.clone(), name)
        })
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Suggests the caller's legal moves matching what they typed.
async fn autocomplete_move(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let table = ctx.data().table.clone();
    let (channel, user) = (ctx.channel_id().get(), ctx.author().id.get());
    if !ctx.data().lookup_allowed(user) {
        return serenity::CreateAutocompleteResponse::new();
    }
    let actions = tokio::task::spawn_blocking(move || table.legal_actions(channel, user))
        .await
        .unwrap_or_default();
    let choices = args::autocomplete_choices(&actions, partial)
        .into_iter()
        .map(|a| serenity::AutocompleteChoice::new(a.clone(), a))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// Play a move (autocomplete lists your legal moves).
#[poise::command(slash_command, guild_only, rename = "move")]
async fn play_move(
    ctx: Context<'_>,
    #[description = "Your move; start typing to see the legal ones"]
    #[autocomplete = "autocomplete_move"]
    r#move: String,
) -> Result<(), Error> {
    let group = ctx
        .parent_commands()
        .last()
        .map(|c| c.name.to_string())
        .unwrap_or_default();
    let here = ctx.data().table.game_in(ctx.channel_id().get());
    let lang = words::Lang::from_discord_locale(ctx.locale().unwrap_or_default());
    if let Some(refusal) = args::wrong_game(lang, &group, here.as_deref()) {
        // Counted like any command (`run` counts the others).
        if slowed_down(ctx).await? {
            return Ok(());
        }
        crate::deferred::defer_ephemeral(ctx).await?;
        return reply_private(ctx, lang, vec![refusal]).await;
    }
    run(ctx, Command::Play(r#move)).await
}

/// A game's command group (`/palazzo move …`).
#[poise::command(
    slash_command,
    guild_only,
    subcommands("play_move"),
    subcommand_required
)]
async fn game_group(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Every slash command: `/game …` plus one group per game.
pub fn all_commands() -> Vec<poise::Command<Data, Error>> {
    let mut commands = vec![game()];
    for choice in GameChoice::all() {
        let mut group = game_group();
        let id = choice.id();
        group.name = id.into();
        group.identifying_name = format!("{id}_group").into();
        // The description comes from `cmd-<id>.description` (localize, below).
        commands.push(group);
    }
    crate::localize::localize(&mut commands);
    commands
}

/// A click on a prompt button or menu. Clicks inside the private move panel edit that
/// panel in place (navigation, then the result of the move); the turn message's buttons
/// answer with a new private message.
async fn on_component(
    ctx: &serenity::Context,
    data: &Data,
    c: &serenity::ComponentInteraction,
) -> Result<(), Error> {
    let _busy = data.busy.enter();
    let channel = c.channel_id.get();
    let decoded = ComponentId::decode(&c.data.custom_id, channel);
    // Over the rate limit: told at once, privately (in the client's language: no store
    // read), and nothing else is done.
    let client_lang = words::Lang::from_discord_locale(&c.locale);
    if let Some(slow) = data.over_limit(client_lang, c.user.id.get()) {
        return answer(ctx, c, vec![slow]).await;
    }
    // An id this bot does not recognise (an old message, another version, a forged id)
    // gets a sentence, never silence.
    let id = match decoded {
        Ok(id) => id,
        Err(e) => return answer(ctx, c, vec![e.text(client_lang)]).await,
    };
    if let ComponentAction::History(step) = id.action {
        return crate::history::on_click(ctx, data, c, &id, step).await;
    }
    let in_panel = matches!(id.action, ComponentAction::Panel(_));
    if in_panel {
        c.defer(&ctx.http).await?;
    } else {
        c.defer_ephemeral(&ctx.http).await?;
    }
    if let Some(guild) = c.guild_id {
        data.sender.remember_guild(channel, guild.get()).await;
    }
    data.sender.note_permissions(channel, &component_actor(c));
    let user = c.user.id.get();
    // The clicker's language: their answers and panel.
    let lang = data.person_lang(user, Some(&c.locale)).await;
    let manage = c
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_channels());
    let caller = Caller {
        user,
        name: c.user.display_name().to_string(),
        can_manage_channel: manage,
        guild: c.guild_id.map(|g| g.get()),
        lang: data.reader_lang(user, Some(&c.locale)).await,
    };
    let seats = data.table.seats(channel);
    // Anyone may look; a proposal's buttons are anyone's to click (the table checks who
    // may approve); the rest act for the seat they were made for.
    let for_anyone = matches!(
        id.action,
        ComponentAction::MyHand
            | ComponentAction::Board
            | ComponentAction::Approve
            | ComponentAction::Refuse
            | ComponentAction::Join
            | ComponentAction::AddBot
            | ComponentAction::Start
    );
    if !for_anyone {
        if let Some(refusal) = args::prompt_owner_check(lang, &seats, id.seat, user) {
            return panel_text(ctx, c, lang, in_panel, vec![refusal]).await;
        }
    }
    let (index, at) = match id.action.clone() {
        action @ (ComponentAction::MyHand
        | ComponentAction::Board
        | ComponentAction::Approve
        | ComponentAction::Refuse) => {
            let on = table::Approval {
                game_id: id.state.game_id,
                proposal: id.state.version,
                // The seat slot of an approval's id says what it approves (1: an undo).
                undo: id.seat == 1,
            };
            let command = match action {
                ComponentAction::MyHand => Command::Hand,
                ComponentAction::Board => Command::Status,
                approve => Command::Vote {
                    on,
                    approve: approve == ComponentAction::Approve,
                },
            };
            let deliveries = data.table.handle_async(channel, caller, command).await;
            let actor = component_actor(c);
            let replies = data
                .sender
                .after_command(&Discord(&ctx.http), channel, actor, deliveries)
                .await;
            return followup(ctx, c, lang, replies).await;
        }
        action @ (ComponentAction::Join | ComponentAction::AddBot | ComponentAction::Start) => {
            let table = data.table.clone();
            let here = tokio::task::spawn_blocking(move || table.state_version(channel))
                .await
                .ok()
                .flatten();
            if here.map(|s| s.game_id) != Some(id.state.game_id) {
                let closed = words::text(lang, "reply-table-closed", &[]);
                return followup(ctx, c, lang, vec![closed]).await;
            }
            let command = match action {
                ComponentAction::Join => Command::Join,
                ComponentAction::AddBot => Command::AddBot(storage::BotLevel::Normal),
                _ => Command::Start,
            };
            let deliveries = data.table.handle_async(channel, caller, command).await;
            let replies = data
                .sender
                .after_command(&Discord(&ctx.http), channel, component_actor(c), deliveries)
                .await;
            return followup(ctx, c, lang, replies).await;
        }
        ComponentAction::Moves => {
            return show_panel(ctx, data, c, lang, &id, PanelPath::root(), None).await;
        }
        // Answered before the deferral (a replay edits its own message).
        ComponentAction::History(_) => return Ok(()),
        ComponentAction::Panel(Target::Open(path)) => {
            return show_panel(ctx, data, c, lang, &id, path, None).await;
        }
        ComponentAction::Panel(Target::Leaf(index)) => (index, id.state),
        ComponentAction::Panel(Target::Menu(..)) => match picked_target(c) {
            Some(Target::Leaf(index)) => (index, id.state),
            Some(Target::Open(path)) => {
                return show_panel(ctx, data, c, lang, &id, path, None).await
            }
            _ => {
                let invalid = words::text(lang, "panel-invalid-choice", &[]);
                return panel_text(ctx, c, lang, in_panel, vec![invalid]).await;
            }
        },
        ComponentAction::Choice(index) => (index, id.state),
        ComponentAction::Menu => match picked_value(c).and_then(|v| v.parse().ok()) {
            Some(index) => (index, id.state),
            None => {
                let invalid = words::text(lang, "panel-invalid-choice", &[]);
                return panel_text(ctx, c, lang, in_panel, vec![invalid]).await;
            }
        },
    };
    // A panel made for other options than the seat has now: a fresh one instead.
    let table = data.table.clone();
    let now = tokio::task::spawn_blocking(move || table.choices(channel, user))
        .await
        .ok()
        .flatten();
    let Some((state, actions)) = now else {
        let why = no_move(data, lang, channel, user).await;
        return panel_text(ctx, c, lang, in_panel, vec![why]).await;
    };
    if state != at {
        let notice = words::text(lang, "panel-options-changed", &[]);
        return show_panel(ctx, data, c, lang, &id, PanelPath::root(), Some(notice)).await;
    }
    let played = actions.get(index).cloned();
    // The game's id before the move: a move that ends the game archives it.
    let game = data.table.game_in(channel).unwrap_or_default();
    let deliveries = data
        .table
        .handle_async(channel, caller, Command::Choose { index, at })
        .await;
    let actor = component_actor(c);
    let mut replies = data
        .sender
        .after_command(&Discord(&ctx.http), channel, actor, deliveries)
        .await
        .texts;
    let table = data.table.clone();
    let after = tokio::task::spawn_blocking(move || table.choices(channel, user))
        .await
        .ok()
        .flatten();
    let moved = after.as_ref().map(|(s, _)| *s) != Some(state);
    if moved {
        if let Some(text) = played {
            let label = panel::action_label_in(lang, &game, &text);
            replies.insert(
                0,
                words::text(lang, "panel-played", &[("move", label.into())]),
            );
        }
    }
    match after {
        // Still this player's move (a refusal, or the next step of their turn): the
        // result above a fresh panel.
        Some((_, next)) if !next.is_empty() && in_panel => {
            let notice = replies.join("\n");
            show_panel(ctx, data, c, lang, &id, PanelPath::root(), Some(notice)).await
        }
        _ => panel_text(ctx, c, lang, in_panel, replies).await,
    }
}

/// The value picked in a string select menu.
fn picked_value(c: &serenity::ComponentInteraction) -> Option<String> {
    match &c.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => values.first().cloned(),
        _ => None,
    }
}

/// The panel target picked in one of the panel's select menus.
fn picked_target(c: &serenity::ComponentInteraction) -> Option<Target> {
    picked_value(c).and_then(|v| Target::decode(&v))
}

/// Shows the caller's move panel at `path` (the root if the path no longer exists) in
/// their language `lang`, with `notice` above it: in place when the click came from the
/// panel, else as a new private message.
async fn show_panel(
    ctx: &serenity::Context,
    data: &Data,
    c: &serenity::ComponentInteraction,
    lang: words::Lang,
    id: &ComponentId,
    path: PanelPath,
    notice: Option<String>,
) -> Result<(), Error> {
    let in_panel = matches!(id.action, ComponentAction::Panel(_));
    let (channel, user) = (id.channel, c.user.id.get());
    let table = data.table.clone();
    let choices = tokio::task::spawn_blocking(move || table.choices(channel, user))
        .await
        .ok()
        .flatten();
    let Some((state, actions)) = choices.filter(|(_, a)| !a.is_empty()) else {
        let mut texts: Vec<String> = notice.into_iter().collect();
        texts.push(no_move(data, lang, channel, user).await);
        return panel_text(ctx, c, lang, in_panel, texts).await;
    };
    let game = data.table.game_in(channel).unwrap_or_default();
    let tree = PanelTree::build_in(lang, &game, &actions);
    // A path into older options means nothing now: start from the root.
    let path = if state == id.state {
        path
    } else {
        PanelPath::root()
    };
    let view = tree.view(&path).unwrap_or_else(|| tree.root_view());
    let components = panel::to_components(&view, |target| {
        ComponentId {
            channel,
            state,
            seat: id.seat,
            action: ComponentAction::Panel(target.clone()),
        }
        .encode()
    });
    let mut content = notice.map(|n| format!("{n}\n")).unwrap_or_default();
    // A passing fact of this decision (how far a bid can reach) goes with the panel.
    let table = data.table.clone();
    let note = tokio::task::spawn_blocking(move || table.decision_note(channel, user, lang))
        .await
        .ok()
        .flatten();
    if let Some(note) = note {
        content.push_str(&format!("{note}\n"));
    }
    content.push_str(&words::text(
        lang,
        "panel-title",
        &[("title", view.title.as_str().into())],
    ));
    let content = messages::cut(&content, messages::LIMIT);
    // In place (a click in the panel), or completing the private deferred response.
    c.edit_response(
        &ctx.http,
        serenity::EditInteractionResponse::new()
            .content(content)
            .components(components),
    )
    .await?;
    Ok(())
}

/// Why `user` has no move to make in `channel`: the table's reason when it gives one (a
/// player who left the game is told so), else a sentence in `lang`.
async fn no_move(data: &Data, lang: words::Lang, channel: u64, user: u64) -> String {
    let table = data.table.clone();
    let left = tokio::task::spawn_blocking(move || {
        let lang = table.person_lang(user, None);
        table
            .refusal(channel, user, lang)
            .filter(|_| table.choices(channel, user).is_none())
    })
    .await
    .ok()
    .flatten();
    left.unwrap_or_else(|| words::text(lang, "panel-no-move", &[]))
}

/// Private texts for a deferred click: the panel becomes them (its menus removed), or
/// they follow as new private messages.
async fn panel_text(
    ctx: &serenity::Context,
    c: &serenity::ComponentInteraction,
    lang: words::Lang,
    in_panel: bool,
    texts: Vec<String>,
) -> Result<(), Error> {
    if !in_panel {
        return followup(ctx, c, lang, texts).await;
    }
    let mut pages = private_pages(lang, texts).into_iter();
    let first = pages.next().unwrap_or_default();
    c.edit_response(
        &ctx.http,
        serenity::EditInteractionResponse::new()
            .content(first)
            .components(vec![]),
    )
    .await?;
    for page in pages {
        let message = private_reply(page)
            .to_slash_followup_response(serenity::CreateInteractionResponseFollowup::new());
        c.create_followup(&ctx.http, message).await?;
    }
    Ok(())
}

/// Answers a component click that was not deferred.
async fn answer(
    ctx: &serenity::Context,
    c: &serenity::ComponentInteraction,
    texts: Vec<String>,
) -> Result<(), Error> {
    let reply = serenity::CreateInteractionResponseMessage::new()
        .content(texts.join("\n"))
        .ephemeral(true);
    c.create_response(
        &ctx.http,
        serenity::CreateInteractionResponse::Message(reply),
    )
    .await?;
    Ok(())
}

/// Private answers to a component click deferred privately (the first completes the
/// deferred response); a picture goes with the first.
async fn followup(
    ctx: &serenity::Context,
    c: &serenity::ComponentInteraction,
    lang: words::Lang,
    replies: impl Into<Replies>,
) -> Result<(), Error> {
    let Replies { texts, mut picture } = replies.into();
    let replies = private_pages(lang, texts).into_iter().map(|page| {
        let reply = private_reply(page);
        match picture.take() {
            Some(png) => messages::reply_with_picture(reply, &png),
            None => reply,
        }
    });
    crate::deferred::component_replies(ctx, c, replies).await
}

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
    let outbox = tokio::spawn(async move {
        let stop = async {
            let _ = sender_stopped.await;
        };
        sender.run(&Discord(&outbox_http), stop).await;
    });
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
