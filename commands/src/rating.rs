//! `/game rating [player] [title]`: a person's ratings on this server, answered privately;
//! `/game leaderboard game:… by:rating`: a title's rating leaderboard as a picture
//! (docs/ratings.md).

use crate::args::GameChoice;
use crate::context::{Context, Error};
use crate::execute::{caller_of, reader_lang, run, slowed_down};
use crate::messages::{private_reply, reply_with_picture};
use poise::serenity_prelude as serenity;
use table::Command;

/// What `/game leaderboard` ranks by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum BoardBy {
    #[name = "wins"]
    Wins,
    #[name = "rating"]
    Rating,
}

/// Which ladder a ratings answer reads (`ladder:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum LadderChoice {
    #[name = "server"]
    Server,
    #[name = "global"]
    Global,
    #[name = "season"]
    Season,
}

/// The table's ladder for `choice` (default: the server's).
fn view(choice: Option<LadderChoice>) -> table::LadderView {
    match choice {
        None | Some(LadderChoice::Server) => table::LadderView::Server,
        Some(LadderChoice::Global) => table::LadderView::Global,
        Some(LadderChoice::Season) => table::LadderView::Season,
    }
}

/// `/game leaderboard … by:rating` (already checked to be by rating): the picture, or
/// the sentence saying why there is none, privately.
pub(crate) async fn rating_board(
    ctx: Context<'_>,
    game: Option<GameChoice>,
    ladder: Option<LadderChoice>,
) -> Result<(), Error> {
    let game = game.map(|g| g.id().to_string());
    answer_board(ctx, move |table, caller| {
        table.rating_board(caller, game.as_deref(), view(ladder))
    })
    .await
}

/// Answers a board command privately (ratings, a season, a tournament's standings): the
/// caller's rate limit, a deferred private answer, then `board` for the caller in their
/// language, worked out off the async runtime: its text and picture, or the sentence
/// saying why there is none.
pub(crate) async fn answer_board(
    ctx: Context<'_>,
    board: impl FnOnce(&table::Table, &table::Caller) -> Result<(String, table::Picture), String>
        + Send
        + 'static,
) -> Result<(), Error> {
    if slowed_down(ctx).await? {
        return Ok(());
    }
    let _busy = ctx.data().busy.enter();
    crate::deferred::defer_ephemeral(ctx).await?;
    let mut caller = caller_of(ctx);
    caller.lang = reader_lang(ctx).await;
    let lang = caller.lang;
    let table = ctx.data().table.clone();
    let done = tokio::task::spawn_blocking(move || board(&table, &caller))
        .await
        .unwrap_or_else(|e| {
            let error = words::Value::from(e.to_string());
            Err(words::text(lang, "rating-unreadable", &[("error", error)]))
        });
    let reply = match done {
        Ok((text, picture)) => reply_with_picture(private_reply(text), &picture),
        Err(sentence) => private_reply(sentence),
    };
    crate::deferred::send(ctx, reply).await
}

/// A player's ratings on this server: the number, provisional or not, games, last
/// change, rank.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn rating(
    ctx: Context<'_>,
    #[description = "Whose ratings (default: yours)"] player: Option<serenity::User>,
    #[description = "One title (default: every title rated)"] title: Option<GameChoice>,
    #[description = "This server's (default), across servers, or this server's season"]
    ladder: Option<LadderChoice>,
) -> Result<(), Error> {
    let user = player.map(|u| (u.id.get(), u.display_name().to_string()));
    run(
        ctx,
        Command::Rating {
            user,
            game: title.map(|g| g.id().to_string()),
            ladder: view(ladder),
        },
    )
    .await
}

/// `/game settings global_ratings:on|off` (Manage Server), with the other settings given
/// with it (`language`, and `change` when `timing`), answered together.
pub(crate) async fn global_ratings(
    ctx: Context<'_>,
    on: bool,
    language: Option<crate::args::LanguageChoice>,
    change: Command,
    timing: bool,
) -> Result<(), Error> {
    let may_manage_server = crate::execute::may_manage_server(ctx);
    let reader = reader_lang(ctx).await;
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    crate::execute::execute_with(ctx, false, move |table, channel, caller| {
        let mut out = table.set_global_ratings(guild, may_manage_server, reader, on);
        if let Some(language) = language {
            out.extend(table.set_channel_lang(channel, caller, reader, language.lang()));
        }
        if timing {
            out.extend(table.handle(channel, caller, change));
        }
        out
    })
    .await
}
