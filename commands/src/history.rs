//! `/game history`: a game's public pictures step by step (see `table/src/history.rs`),
//! in a private message whose buttons — ⏮ ◀ ▶ ⏭ and "Next round" — edit it in place.
//! The buttons carry the game and the step shown (its number), so they work after a
//! restart too.

use crate::context::{Context, Data, Error};
use crate::ids::{ComponentAction, ComponentId};
use crate::messages::{self, private_reply};
use poise::serenity_prelude as serenity;
use std::sync::Arc;
use table::{HistoryMove, HistoryPage, StateVersion, Table};
use words::Lang;

/// Suggests the running game and the caller's games archived in this channel, newest
/// first, matching what they typed (a title, a name, a game number). Counted in the
/// caller's autocomplete rate limit; listed from the picker's index (no archived game is
/// decoded on a keystroke: games not indexed yet are read once in the background).
pub(crate) async fn autocomplete_game(
    ctx: Context<'_>,
    partial: &str,
) -> serenity::CreateAutocompleteResponse {
    let (channel, user) = (ctx.channel_id().get(), ctx.author().id.get());
    if !ctx.data().lookup_allowed(user) {
        return serenity::CreateAutocompleteResponse::new();
    }
    let table = ctx.data().table.clone();
    // The client's language: autocomplete runs on every keystroke, so no store read.
    let lang = Lang::from_discord_locale(ctx.locale().unwrap_or_default());
    let (games, missing) =
        tokio::task::spawn_blocking(move || table.history_picker(lang, channel, user))
            .await
            .unwrap_or_default();
    if missing {
        let table = ctx.data().table.clone();
        drop(tokio::task::spawn_blocking(move || {
            table.fill_history_picker(channel)
        }));
    }
    let partial = partial.trim().to_lowercase();
    let choices = games
        .into_iter()
        .filter(|g| partial.is_empty() || g.label.to_lowercase().contains(&partial))
        .take(25)
        .map(|g| serenity::AutocompleteChoice::new(g.label, g.game_id.to_string()))
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The game number a picked (or typed) choice names: `12` or `#12`.
pub(crate) fn game_number(text: &str) -> Option<u64> {
    text.trim().trim_start_matches('#').parse().ok()
}

/// A replay's page and its picture.
type Page = (HistoryPage, Option<Arc<table::Picture>>);

/// The page of the table's replay and its picture, worked out on the blocking pool
/// (`lang`: the reader's, for the sentence when the work itself fails).
async fn page(
    lang: Lang,
    table: &Arc<Table>,
    channel: u64,
    game: Option<u64>,
    from: Option<usize>,
    step: HistoryMove,
) -> Result<Page, String> {
    let table = table.clone();
    tokio::task::spawn_blocking(move || {
        let page = table.history_step_in(lang, channel, game, from, step)?;
        let picture = table.history_picture(channel, page.game_id, page.at);
        Ok((page, picture))
    })
    .await
    .unwrap_or_else(|_| Err(words::text(lang, "history-failed", &[])))
}

/// The answer to `/game history` (already deferred, privately): the first page with its
/// buttons and picture, or the sentence saying why there is none.
pub(crate) async fn first_reply(ctx: Context<'_>, game: Option<&str>) -> poise::CreateReply {
    let lang = crate::execute::reader_lang(ctx).await;
    let game = match game.map(game_number) {
        None => None,
        Some(Some(id)) => Some(id),
        // A typed game that is not a number.
        Some(None) => return private_reply(words::text(lang, "history-pick-a-game", &[])),
    };
    let channel = ctx.channel_id().get();
    match page(
        lang,
        &ctx.data().table,
        channel,
        game,
        None,
        HistoryMove::Stay,
    )
    .await
    {
        Ok((p, picture)) => {
            let reply = private_reply(messages::cut(&p.text, messages::LIMIT))
                .components(vec![buttons(lang, &p, channel)]);
            match &picture {
                Some(png) => messages::reply_with_picture(reply, png),
                None => reply,
            }
        }
        Err(sentence) => private_reply(sentence),
    }
}

/// A click on a replay button: the message becomes the step it leads to.
pub(crate) async fn on_click(
    ctx: &serenity::Context,
    data: &Data,
    c: &serenity::ComponentInteraction,
    id: &ComponentId,
    step: HistoryMove,
) -> Result<(), Error> {
    c.defer(&ctx.http).await?;
    let lang = data.person_lang(c.user.id.get(), Some(&c.locale)).await;
    // The id names the step shown by its number (never its action count: see `buttons`).
    let (game, from) = (id.state.game_id, usize::try_from(id.state.version).ok());
    let edit = match page(lang, &data.table, id.channel, Some(game), from, step).await {
        Ok((p, picture)) => {
            let edit = serenity::EditInteractionResponse::new()
                .content(messages::cut(&p.text, messages::LIMIT))
                .components(vec![buttons(lang, &p, id.channel)]);
            match &picture {
                Some(png) => edit
                    .new_attachment(messages::picture_file(png))
                    .embed(messages::picture_embed()),
                None => edit.clear_attachments().embeds(vec![]),
            }
        }
        Err(sentence) => serenity::EditInteractionResponse::new()
            .content(sentence)
            .components(vec![])
            .clear_attachments()
            .embeds(vec![]),
    };
    c.edit_response(&ctx.http, edit).await?;
    Ok(())
}

/// ⏮ ◀ ▶ ⏭ and "Next round" (in `lang`) under a page; those that would go nowhere are
/// disabled. Their ids carry the step's number, a public fact: the step's action count
/// would count the moves nobody was told of.
fn buttons(lang: Lang, p: &HistoryPage, channel: u64) -> serenity::CreateActionRow {
    let button = |step, label: &str, enabled: bool| {
        let id = ComponentId {
            channel,
            state: StateVersion {
                game_id: p.game_id,
                version: p.step as u64,
            },
            seat: 0,
            action: ComponentAction::History(step),
        };
        serenity::CreateButton::new(id.encode())
            .label(label)
            .style(serenity::ButtonStyle::Secondary)
            .disabled(!enabled)
    };
    serenity::CreateActionRow::Buttons(vec![
        button(HistoryMove::First, "⏮", p.has_previous()),
        button(HistoryMove::Previous, "◀", p.has_previous()),
        button(HistoryMove::Next, "▶", p.has_next()),
        button(HistoryMove::Last, "⏭", p.has_next()),
        button(
            HistoryMove::NextRound,
            &words::text(lang, "panel-button-next-round", &[]),
            p.has_next_round(),
        ),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn picked_and_typed_game_numbers_are_read() {
        assert_eq!(game_number("12"), Some(12));
        assert_eq!(game_number(" #7 "), Some(7));
        assert_eq!(game_number("Palazzo"), None);
    }
}
