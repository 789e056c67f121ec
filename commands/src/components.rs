//! Clicks on buttons and menus: the turn message's buttons, the private move panel, pickers.

use crate::args;
use crate::context::{Data, Error};
use crate::discord::Discord;
use crate::dispatch::Replies;
use crate::execute::component_actor;
use crate::ids::{ComponentAction, ComponentId};
use crate::messages::{self, private_pages, private_reply};
use crate::panel::{self, PanelPath, PanelTree, Target};
use poise::serenity_prelude as serenity;
use table::{Caller, Command};

/// A click on a prompt button or menu. Clicks inside the private move panel edit that
/// panel in place (navigation, then the result of the move); the turn message's buttons
/// answer with a new private message.
pub(crate) async fn on_component(
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
            | ComponentAction::TextBoard
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
        | ComponentAction::TextBoard
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
                ComponentAction::TextBoard => Command::TextBoard { hand: false },
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
