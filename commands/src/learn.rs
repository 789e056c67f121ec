//! `/game learn`: a lesson against easy bots, with a coach (`table::learn`). From a DM it
//! runs there; on a server the bot starts a private thread of the channel, adds the
//! learner, and the lesson runs in it (only they and the bot read it).

use crate::args::GameChoice;
use crate::context::{Context, Error};
use crate::dispatch::Actor;
use crate::execute::{app_permissions, caller_of, execute_with, reply_private, slowed_down};
use poise::serenity_prelude as serenity;

/// A lesson: a game against easy bots with a coach (in your DMs, or a private thread).
#[poise::command(slash_command)]
pub async fn learn(
    ctx: Context<'_>,
    #[description = "Which game to learn"] game: Option<GameChoice>,
    #[description = "Stop the coach; the game goes on against the bots"] stop: Option<bool>,
) -> Result<(), Error> {
    if stop == Some(true) {
        return execute_with(ctx, false, |table, channel, caller| {
            table.stop_lesson(channel, caller)
        })
        .await;
    }
    let Some(game) = game else {
        let lang = crate::execute::reader_lang(ctx).await;
        crate::deferred::defer_ephemeral(ctx).await?;
        let text = words::text(lang, "learn-pick-a-game", &[]);
        return reply_private(ctx, lang, vec![text]).await;
    };
    let Some(guild) = ctx.guild_id() else {
        // In a DM: the lesson runs here, the DM being the learner's own.
        return execute_with(ctx, false, move |table, channel, caller| {
            table.learn(channel, caller, game.id())
        })
        .await;
    };
    in_a_thread(ctx, guild, game).await
}

/// The lesson in a private thread of this channel, made for the learner.
async fn in_a_thread(
    ctx: Context<'_>,
    guild: serenity::GuildId,
    game: GameChoice,
) -> Result<(), Error> {
    if slowed_down(ctx).await? {
        return Ok(());
    }
    let _busy = ctx.data().busy.enter();
    crate::deferred::defer_ephemeral(ctx).await?;
    let data = ctx.data();
    let caller = caller_of(ctx);
    let lang = data.reader_lang(caller.user, ctx.locale()).await;
    let caller = caller.with_lang(lang);
    let title = rules::catalog::find(game.id()).map_or("", |k| k.title);
    let name = words::text(lang, "learn-thread-name", &[("game", title.into())]);
    let builder = serenity::CreateThread::new(crate::messages::cut(&name, 100))
        .kind(serenity::ChannelType::PrivateThread)
        .invitable(false)
        .auto_archive_duration(serenity::AutoArchiveDuration::OneWeek);
    let http = &ctx.serenity_context().http;
    let thread = match ctx.channel_id().create_thread(http, builder).await {
        Ok(thread) => thread.id,
        Err(e) => {
            tracing::warn!(error = %e, "could not start a lesson's thread");
            let text = words::text(lang, "learn-no-thread", &[]);
            return reply_private(ctx, lang, vec![text]).await;
        }
    };
    if let Err(e) = thread.add_thread_member(http, ctx.author().id).await {
        tracing::warn!(error = %e, "could not add the learner to the lesson's thread");
        let text = words::text(lang, "learn-no-thread", &[]);
        return reply_private(ctx, lang, vec![text]).await;
    }
    let channel = thread.get();
    data.sender.remember_guild(channel, guild.get()).await;
    // A thread has its parent's permissions; posting there takes Send Messages in Threads.
    let kind = Some(serenity::ChannelType::PrivateThread);
    let actor = Actor::new(caller.user, app_permissions(ctx), kind);
    data.sender.note_permissions(channel, &actor);
    let table = std::sync::Arc::clone(&data.table);
    let learner = caller.clone();
    let deliveries = tokio::task::spawn_blocking(move || table.learn(channel, &learner, game.id()))
        .await
        .unwrap_or_default();
    let mut replies = data
        .sender
        .after_command(&crate::discord::Discord(http), channel, actor, deliveries)
        .await;
    replies.texts.insert(
        0,
        words::text(
            lang,
            "learn-in-thread",
            &[("thread", format!("<#{channel}>").into())],
        ),
    );
    reply_private(ctx, lang, replies).await
}
