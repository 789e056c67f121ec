//! The slash commands (`/game …` and one group per game) and their autocompletes.

use crate::args::{self, GameChoice};
use crate::context::{Context, Data, Error};
use crate::execute::{execute_async, execute_with, reply_private, run, run_seating, slowed_down};
use crate::learn::learn;
use crate::messages;
use crate::rating::rating;
use poise::serenity_prelude as serenity;
use table::Command;

// The group is allowed in DMs: a person plays there alone with bots. Commands about a
// server (its notifications, stats and leaderboard, nudging its players) are guild-only.
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
        "bot",
        "history",
        "crate::export::export",
        "undo",
        "hint",
        "mine",
        "stats",
        "leaderboard",
        "rating",
        "crate::season::season",
        "notify",
        "language",
        "learn"
    ),
    subcommand_required
)]
pub async fn game(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Open a table for a game in this channel.
#[poise::command(slash_command)]
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
    #[description = "Whether the result changes ratings (default on)"] rated: Option<args::OnOff>,
) -> Result<(), Error> {
    run_seating(ctx, args::new_command(game, options, bots, level, rated)).await
}

/// The bots of the lobby: seat one or take one away (`/game bot add|remove`).
#[poise::command(
    slash_command,
    subcommands("bot_add", "bot_remove"),
    subcommand_required
)]
async fn bot(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Seat a bot at the table in this channel (host, before the start).
#[poise::command(slash_command, rename = "add")]
async fn bot_add(
    ctx: Context<'_>,
    #[description = "How well it plays (default normal)"] level: Option<args::LevelChoice>,
) -> Result<(), Error> {
    let level = level.map_or(table::BotLevel::Normal, args::LevelChoice::level);
    run(ctx, Command::AddBot(level)).await
}

/// Take a bot's seat away (host, before the start): the one named, or the last seated.
#[poise::command(slash_command, rename = "remove")]
async fn bot_remove(
    ctx: Context<'_>,
    #[description = "A word of the bot's name, e.g. Lorenzo"] name: Option<String>,
) -> Result<(), Error> {
    run(ctx, Command::RemoveBot(name)).await
}

/// Take a seat here, or yours back from the bot that played it while you were away.
#[poise::command(slash_command)]
async fn join(ctx: Context<'_>) -> Result<(), Error> {
    run_seating(ctx, Command::Join).await
}

/// Give up your seat before the game starts.
#[poise::command(slash_command)]
async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Leave).await
}

/// Start the game (host only).
#[poise::command(slash_command)]
async fn start(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Start).await
}

/// The board and who is awaited (only you see it).
#[poise::command(slash_command)]
async fn status(
    ctx: Context<'_>,
    #[description = "The board as plain text for a screen reader, without the picture"]
    text: Option<bool>,
) -> Result<(), Error> {
    let command = match text {
        Some(true) => Command::TextBoard { hand: false },
        _ => Command::Status,
    };
    run(ctx, command).await
}

/// Your private hand and money (only you see it).
#[poise::command(slash_command)]
async fn hand(
    ctx: Context<'_>,
    #[description = "Your hand as plain text for a screen reader, without the picture"]
    text: Option<bool>,
) -> Result<(), Error> {
    let command = match text {
        Some(true) => Command::TextBoard { hand: true },
        _ => Command::Hand,
    };
    run(ctx, command).await
}

/// Live scores, or the result of the last game here.
#[poise::command(slash_command)]
async fn scores(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Scores).await
}

/// The last moves of the game.
#[poise::command(slash_command)]
async fn log(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Log).await
}

/// The rules, with every decision the bot made where the rulebook is silent.
#[poise::command(slash_command)]
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
#[poise::command(slash_command)]
async fn abandon(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Abandon).await
}

/// Show or change this table's reminders and timeouts (host or Manage Channel).
#[poise::command(slash_command)]
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
    #[description = "Also rate this server's games on the ladder across servers (Manage Server)"]
    global_ratings: Option<args::OnOff>,
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
    if let Some(global) = global_ratings {
        return crate::rating::global_ratings(
            ctx,
            global == args::OnOff::On,
            language,
            change,
            timing,
        )
        .await;
    }
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
#[poise::command(slash_command)]
async fn undo(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Undo).await
}

/// Ping the players the game is waiting for (once an hour).
#[poise::command(slash_command, guild_only)]
async fn nudge(ctx: Context<'_>) -> Result<(), Error> {
    run(ctx, Command::Nudge).await
}

/// The bot's suggestion for your move, with why (only you see it).
#[poise::command(slash_command)]
async fn hint(ctx: Context<'_>) -> Result<(), Error> {
    // The search runs on the bot's search pool; no thread waits for it.
    execute_async(ctx, false, |table, channel, caller| async move {
        table.hint_async(channel, caller).await
    })
    .await
}

/// Step through a game's public pictures, move by move (only you see it).
#[poise::command(slash_command)]
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
    #[description = "Rank by wins (default) or by rating (a picture; name a game)"] by: Option<
        crate::rating::BoardBy,
    >,
    #[description = "By rating: this server's (default), across servers, or this server's season"]
    ladder: Option<crate::rating::LadderChoice>,
) -> Result<(), Error> {
    if by == Some(crate::rating::BoardBy::Rating) || ladder.is_some() {
        return crate::rating::rating_board(ctx, game, ladder).await;
    }
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
#[poise::command(slash_command, rename = "move")]
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
#[poise::command(slash_command, subcommands("play_move"), subcommand_required)]
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
    commands.push(crate::tournament::tournament());
    crate::localize::localize(&mut commands);
    commands
}
