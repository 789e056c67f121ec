//! `/game rating [player] [title]`: a person's ratings on this server, answered privately
//! (docs/ratings.md).

use crate::args::GameChoice;
use crate::context::{Context, Error};
use crate::execute::run;
use poise::serenity_prelude as serenity;
use table::Command;

/// A player's ratings on this server: the number, provisional or not, games, last
/// change, rank.
#[poise::command(slash_command, guild_only)]
pub(crate) async fn rating(
    ctx: Context<'_>,
    #[description = "Whose ratings (default: yours)"] player: Option<serenity::User>,
    #[description = "One title (default: every title rated)"] title: Option<GameChoice>,
) -> Result<(), Error> {
    let user = player.map(|u| (u.id.get(), u.display_name().to_string()));
    run(
        ctx,
        Command::Rating {
            user,
            game: title.map(|g| g.id().to_string()),
        },
    )
    .await
}
