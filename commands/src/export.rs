//! `/game export`: the record of a game played in this channel as a file, the JSON
//! record (`docs/record.schema.json`) or its replay page. The answer is private, like
//! `/game history`: the asker gets the file without posting into the channel, and can
//! share it (a finished game's record tells nothing still secret).

use crate::context::{Context, Error};
use crate::execute::{reader_lang, slowed_down};
use crate::messages::private_reply;
use poise::serenity_prelude as serenity;
use table::{ExportFormat, ExportedGame};
use words::Lang;

/// Discord's limit on a file a bot uploads to a server without boosts.
pub const UPLOAD_LIMIT: usize = 8 * 1024 * 1024;

/// The file `/game export` attaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum FormatChoice {
    #[name = "json"]
    Json,
    #[name = "html"]
    Html,
}

/// Attach the record of a finished game of this channel (only you see it).
#[poise::command(slash_command)]
pub(crate) async fn export(
    ctx: Context<'_>,
    #[description = "Which game (default: the last one finished here)"]
    #[autocomplete = "crate::history::autocomplete_game"]
    game: Option<String>,
    #[description = "json: the record (default); html: a page that replays it"] format: Option<
        FormatChoice,
    >,
) -> Result<(), Error> {
    if slowed_down(ctx).await? {
        return Ok(());
    }
    let _busy = ctx.data().busy.enter();
    crate::deferred::defer_ephemeral(ctx).await?;
    let lang = reader_lang(ctx).await;
    let game = match game.as_deref().map(crate::history::game_number) {
        None => None,
        Some(Some(id)) => Some(id),
        Some(None) => {
            let sentence = words::text(lang, "history-pick-a-game", &[]);
            return crate::deferred::send(ctx, private_reply(sentence)).await;
        }
    };
    let format = match format {
        Some(FormatChoice::Html) => ExportFormat::Html,
        _ => ExportFormat::Json,
    };
    let (table, channel) = (ctx.data().table.clone(), ctx.channel_id().get());
    // Replaying the game (and drawing every step for a page) is work for the blocking
    // pool, not the async runtime.
    let made = tokio::task::spawn_blocking(move || table.export_game(lang, channel, game, format))
        .await
        .unwrap_or_else(|_| Err(words::text(lang, "export-failed", &[])));
    let reply = match made {
        Ok(file) => reply_with_file(lang, file, format),
        Err(sentence) => private_reply(sentence),
    };
    crate::deferred::send(ctx, reply).await
}

/// The private answer carrying the record, or the sentence saying it is too large to
/// upload.
fn reply_with_file(lang: Lang, file: ExportedGame, format: ExportFormat) -> poise::CreateReply {
    let number = file.game_id.to_string();
    if file.bytes.len() > UPLOAD_LIMIT {
        let megabytes = format!("{:.1}", file.bytes.len() as f64 / (1024.0 * 1024.0));
        return private_reply(words::text(
            lang,
            "export-too-large",
            &[("game", number.into()), ("size", megabytes.into())],
        ));
    }
    let key = match format {
        ExportFormat::Json => "export-ready-json",
        ExportFormat::Html => "export-ready-html",
    };
    let args = [
        ("title", file.title.as_str().into()),
        ("game", number.as_str().into()),
    ];
    let description = words::text(lang, &format!("{key}-file"), &args);
    private_reply(words::text(lang, key, &args)).attachment(
        serenity::CreateAttachment::bytes(file.bytes, file.file).description(description),
    )
}
