//! Running a command on the table for an interaction: who the caller is, in which
//! language, with which permissions, and answering them (privately or in the channel).

use crate::args;
use crate::context::{Context, Error};
use crate::discord::Discord;
use crate::dispatch::{Actor, Replies, SendError};
use crate::messages::{self, private_pages, private_reply};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use table::{Caller, Command, Delivery, Table};

/// The caller of a slash command, with their Manage Channel permission in this channel.
pub(crate) fn caller_of(ctx: Context<'_>) -> Caller {
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
pub(crate) async fn reply_private(
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
pub(crate) async fn run(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    execute(ctx, command, false).await
}

/// [`run`] for commands that seat the caller (`new`, `join`): if they did, a DM is tested
/// at once, so a closed inbox is found before any hand is dealt.
pub(crate) async fn run_seating(ctx: Context<'_>, command: Command) -> Result<(), Error> {
    execute(ctx, command, true).await
}

/// Takes a token of the caller's rate limit; without one, answers "slow down" privately
/// (not deferred: nothing else happens, so in the client's language, no store read) and
/// returns true.
pub(crate) async fn slowed_down(ctx: Context<'_>) -> Result<bool, Error> {
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
pub(crate) fn app_permissions(ctx: Context<'_>) -> Option<serenity::Permissions> {
    match ctx {
        poise::Context::Application(a) => a.interaction.app_permissions,
        poise::Context::Prefix(_) => None,
    }
}

/// Who clicked a component, with the bot's permissions in its channel as reported.
pub(crate) fn component_actor(c: &serenity::ComponentInteraction) -> Actor {
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
pub(crate) async fn execute_with(
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
pub(crate) async fn execute_async<F, Fut>(
    ctx: Context<'_>,
    test_dm: bool,
    work: F,
) -> Result<(), Error>
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
    let in_dm = ctx.guild_id().is_none();
    if test_dm && in_dm {
        // A table opened or joined in a DM with the bot is the DM's person's alone.
        let (table, user) = (Arc::clone(&data.table), ctx.author().id.get());
        let _ = tokio::task::spawn_blocking(move || table.make_private(channel, user)).await;
    }
    let caller = caller_of(ctx);
    let lang = data.reader_lang(caller.user, ctx.locale()).await;
    let caller = caller.with_lang(lang);
    let actor = Actor::new(caller.user, app_permissions(ctx), channel_kind(ctx));
    data.sender.note_permissions(channel, &actor);
    let deliveries = work(Arc::clone(&data.table), channel, caller.clone()).await;
    // In a DM the game is there already: no DM says where it is.
    let seated = test_dm
        && !in_dm
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

/// Whether the member who called may manage the server (Discord's Manage Server).
pub(crate) fn may_manage_server(ctx: Context<'_>) -> bool {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .and_then(|m| m.permissions)
            .is_some_and(|p| p.manage_guild()),
        poise::Context::Prefix(_) => false,
    }
}
