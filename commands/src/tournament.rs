//! `/tournament create|join|leave|start|next|drop|standings|show|role`: a tournament in
//! this channel (docs/tournaments.md), server-only. Creating one takes Manage Server or
//! the role the server names (`role`); starting
//! it and its manual rounds, its organiser (or a server manager). Answers are private;
//! the runner (`tournament_runner`) makes the threads, starts the games and tells the
//! rounds in the channel.

use crate::args::{GameChoice, LevelChoice, PolicyChoice};
use crate::context::{Context, Error};
use crate::execute::{execute_with, may_manage_server, reader_lang};
use crate::rating::answer_board;
use table::tournament::Format;
use table::tournament_run::CreateTournament;

/// How a tournament seats its rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum PairingChoice {
    #[name = "swiss: by points, avoiding rematches"]
    Swiss,
    #[name = "round robin: everyone meets everyone"]
    RoundRobin,
    #[name = "knockout: seeded by rating, the best of each table go on"]
    Knockout,
}

impl PairingChoice {
    fn format(self) -> Format {
        match self {
            PairingChoice::Swiss => Format::Swiss,
            PairingChoice::RoundRobin => Format::RoundRobin,
            PairingChoice::Knockout => Format::Knockout,
        }
    }
}

/// The timeout policy chosen (`server`: the server's default).
fn policy(choice: PolicyChoice) -> Option<storage::TimeoutPolicy> {
    use storage::TimeoutPolicy as P;
    match choice {
        PolicyChoice::Auto => Some(P::Auto),
        PolicyChoice::Fixed => Some(P::Default),
        PolicyChoice::Skip => Some(P::Skip),
        PolicyChoice::Bot => Some(P::Bot),
        PolicyChoice::Drop => Some(P::Drop),
        PolicyChoice::Server => None,
    }
}

/// The roles of the member who called.
fn member_roles(ctx: Context<'_>) -> Vec<u64> {
    match ctx {
        poise::Context::Application(a) => a
            .interaction
            .member
            .as_ref()
            .map(|m| m.roles.iter().map(|r| r.get()).collect())
            .unwrap_or_default(),
        poise::Context::Prefix(_) => vec![],
    }
}

/// Runs a tournament step for the caller (in their language), then wakes the runner.
async fn step(
    ctx: Context<'_>,
    work: impl FnOnce(&table::Table, u64, &table::Caller, bool) -> Vec<table::Delivery> + Send + 'static,
) -> Result<(), Error> {
    let may = may_manage_server(ctx);
    let lang = reader_lang(ctx).await;
    let result = execute_with(ctx, false, move |table, channel, caller| {
        let mut caller = caller.clone();
        caller.lang = lang;
        work(table, channel, &caller, may)
    })
    .await;
    crate::tournament_runner::wake();
    result
}

/// Tournaments in this channel: Swiss, round robin or knockout, a thread per table.
#[poise::command(
    slash_command,
    guild_only,
    subcommands(
        "create",
        "join",
        "leave",
        "start",
        "next_round",
        "drop_out",
        "standings",
        "show",
        "role"
    ),
    subcommand_required
)]
pub async fn tournament(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Create a tournament in this channel (Manage Server).
#[poise::command(slash_command, guild_only)]
#[allow(clippy::too_many_arguments)]
async fn create(
    ctx: Context<'_>,
    #[description = "The game played at every table"] title: GameChoice,
    #[description = "How rounds are seated"] pairing: PairingChoice,
    #[description = "Seats at a table"]
    #[min = 2]
    #[max = 6]
    table_size: u32,
    #[description = "Rounds (Swiss and round robin; default: Swiss 4, round robin all)"]
    #[min = 1]
    #[max = 64]
    rounds: Option<u32>,
    #[description = "The level of the bots that fill empty seats (default normal)"] level: Option<
        LevelChoice,
    >,
    #[description = "Rounds start on /tournament next rather than by themselves"] manual: Option<
        bool,
    >,
    #[description = "First reminder after, e.g. 12h (default: the server's)"] remind_after: Option<
        String,
    >,
    #[description = "Time out after, e.g. 72h (default: the server's)"] timeout_after: Option<
        String,
    >,
    #[description = "What a timeout does"] on_timeout: Option<PolicyChoice>,
    #[description = "Points by place, first to last, e.g. 6,5,3,1 (default: scaled to the table size)"]
    points: Option<String>,
) -> Result<(), Error> {
    let lang = reader_lang(ctx).await;
    let mut timing = storage::Settings::default();
    for (text, slot) in [
        (remind_after, &mut timing.remind_after),
        (timeout_after, &mut timing.timeout_after),
    ] {
        if let Some(text) = text {
            match table::timing::parse_duration_in(lang, &text) {
                Ok(seconds) => *slot = Some(seconds),
                Err(refusal) => {
                    return step(ctx, move |_, _, _, _| {
                        vec![table::Delivery::ephemeral(refusal)]
                    })
                    .await
                }
            }
        }
    }
    timing.on_timeout = on_timeout.and_then(policy);
    let ask = CreateTournament {
        title: title.id().to_string(),
        format: pairing.format(),
        table_size,
        rounds,
        bots: level.map(LevelChoice::level),
        manual: manual.unwrap_or(false),
        timing,
        points,
    };
    let roles = member_roles(ctx);
    step(ctx, move |table, channel, caller, may| {
        // The server's tournament role counts as Manage Server here.
        let named = caller
            .guild
            .and_then(|g| table.tournament_role(g))
            .is_some_and(|role| roles.contains(&role));
        table.tournament_create(channel, caller, may || named, ask)
    })
    .await
}

/// Name the role whose members may create tournaments here (Manage Server).
#[poise::command(slash_command, guild_only)]
async fn role(
    ctx: Context<'_>,
    #[description = "The role (leave out: only Manage Server)"] role: Option<
        poise::serenity_prelude::Role,
    >,
) -> Result<(), Error> {
    let role = role.map(|r| r.id.get());
    step(ctx, move |table, _, caller, may| {
        table.set_tournament_role(caller, may, role)
    })
    .await
}

/// Join the tournament in this channel.
#[poise::command(slash_command, guild_only)]
async fn join(ctx: Context<'_>) -> Result<(), Error> {
    step(ctx, |table, channel, caller, _| {
        table.tournament_join(channel, caller)
    })
    .await
}

/// Leave the tournament in this channel before it starts.
#[poise::command(slash_command, guild_only)]
async fn leave(ctx: Context<'_>) -> Result<(), Error> {
    step(ctx, |table, channel, caller, _| {
        table.tournament_leave(channel, caller)
    })
    .await
}

/// Start the tournament: round 1 is seated (its organiser or Manage Server).
#[poise::command(slash_command, guild_only)]
async fn start(ctx: Context<'_>) -> Result<(), Error> {
    step(ctx, |table, channel, caller, may| {
        table.tournament_start(channel, caller, may)
    })
    .await
}

/// Seat the next round of a tournament with manual rounds.
#[poise::command(slash_command, guild_only, rename = "next")]
async fn next_round(ctx: Context<'_>) -> Result<(), Error> {
    step(ctx, |table, channel, caller, may| {
        table.tournament_next(channel, caller, may)
    })
    .await
}

/// Drop out of the tournament: you keep your points and play no more rounds.
#[poise::command(slash_command, guild_only, rename = "drop")]
async fn drop_out(ctx: Context<'_>) -> Result<(), Error> {
    step(ctx, |table, channel, caller, _| {
        table.tournament_drop(channel, caller)
    })
    .await
}

/// The tournament's standings, as a picture with its text.
#[poise::command(slash_command, guild_only)]
async fn standings(ctx: Context<'_>) -> Result<(), Error> {
    let channel = ctx.channel_id().get();
    answer_board(ctx, move |table, caller| {
        table.tournament_standings_board(channel, caller)
    })
    .await
}

/// The tournament's settings, people and standings.
#[poise::command(slash_command, guild_only)]
async fn show(ctx: Context<'_>) -> Result<(), Error> {
    step(ctx, |table, channel, caller, _| {
        table.tournament_show(channel, caller)
    })
    .await
}
