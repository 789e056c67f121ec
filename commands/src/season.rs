//! `/game season start|end|show`: a server's rating seasons (Manage Server starts and
//! ends one; anyone sees one), answered privately (docs/ratings.md).

use crate::args::GameChoice;
use crate::context::{Context, Error};
use crate::execute::{execute_with, may_manage_server, reader_lang};

/// Rating seasons on this server.
#[poise::command(
    slash_command,
    guild_only,
    subcommands("start", "end", "show"),
    subcommand_required
)]
pub(crate) async fn season(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a season (Manage Server).
#[poise::command(slash_command, guild_only)]
async fn start(
    ctx: Context<'_>,
    #[description = "The season's name"] name: String,
) -> Result<(), Error> {
    let may = may_manage_server(ctx);
    let reader = reader_lang(ctx).await;
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    execute_with(ctx, false, move |table, _, _| {
        table.season_start(guild, may, reader, &name)
    })
    .await
}

/// End the running season (Manage Server).
#[poise::command(slash_command, guild_only)]
async fn end(ctx: Context<'_>) -> Result<(), Error> {
    let may = may_manage_server(ctx);
    let reader = reader_lang(ctx).await;
    let guild = ctx.guild_id().map_or(0, |g| g.get());
    execute_with(ctx, false, move |table, _, _| {
        table.season_end(guild, may, reader)
    })
    .await
}

/// A season's dates and standings at a title.
#[poise::command(slash_command, guild_only)]
async fn show(
    ctx: Context<'_>,
    #[description = "Which title"] game: GameChoice,
    #[description = "Which season (default: the running or last one)"] name: Option<String>,
) -> Result<(), Error> {
    let game = game.id().to_string();
    crate::rating::answer_board(ctx, move |table, caller| {
        table.season_show(caller, name.as_deref(), Some(&game))
    })
    .await
}
