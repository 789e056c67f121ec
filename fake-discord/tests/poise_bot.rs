//! A tiny poise bot (one slash command with autocomplete, one button) runs against the fake:
//! startup, READY, registration, interactions, and gateway reconnects.

use fake_discord::{AckKind, FakeDiscord};
use poise::serenity_prelude as serenity;
use serde_json::json;

struct Data;
type Error = Box<dyn std::error::Error + Send + Sync>;
type Context<'a> = poise::Context<'a, Data, Error>;

/// Game tables.
#[poise::command(slash_command, subcommands("new"))]
async fn game(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// Opens a table: defers, then answers with a Join button.
#[poise::command(slash_command)]
async fn new(
    ctx: Context<'_>,
    #[description = "Which game"]
    #[autocomplete = "complete_game"]
    game: String,
) -> Result<(), Error> {
    ctx.defer().await?;
    let join = serenity::CreateButton::new("join").label("Join");
    let reply = poise::CreateReply::default()
        .content(format!("New {game} table"))
        .components(vec![serenity::CreateActionRow::Buttons(vec![join])]);
    ctx.send(reply).await?;
    Ok(())
}

async fn complete_game(_ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let choices = ["palazzo", "villa-paletti", "the-estates"]
        .into_iter()
        .filter(|g| g.starts_with(partial))
        .map(serenity::AutocompleteChoice::from)
        .collect();
    serenity::CreateAutocompleteResponse::new().set_choices(choices)
}

/// The Join button answers by updating its message.
async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(click),
    } = event
    {
        let content = format!("{} joined", click.user.name);
        let update = serenity::CreateInteractionResponseMessage::new()
            .content(content)
            .components(vec![]);
        click
            .create_response(
                ctx,
                serenity::CreateInteractionResponse::UpdateMessage(update),
            )
            .await?;
    }
    Ok(())
}

/// Starts the bot against `fake` (TLS route, ratelimiter on) and waits for READY + commands.
async fn start_bot(fake: &FakeDiscord) -> tokio::task::JoinHandle<()> {
    let guild = serenity::GuildId::new(fake.guild_id());
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![game()],
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_in_guild(ctx, &framework.options().commands, guild)
                    .await?;
                Ok(Data)
            })
        })
        .build();
    let http = serenity::HttpBuilder::new(fake.token())
        .client(fake.http_client())
        .build();
    let mut client =
        serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::non_privileged())
            .framework(framework)
            .await
            .expect("client");
    let task = tokio::spawn(async move {
        let _ = client.start().await;
    });
    fake.wait_ready().await;
    fake.wait_commands().await;
    task
}

#[tokio::test]
async fn bot_starts_registers_and_every_payload_parses_in_serenity() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    let commands = fake.registered_commands();
    assert_eq!(commands.len(), 1);
    assert_eq!(commands[0]["name"], "game");
    assert_eq!(commands[0]["options"][0]["name"], "new");
    let user = fake.add_user("ada");
    let ix = fake.slash(user, fake.channel(), "game new", json!({"game": "palazzo"}));
    ix.replies().await;
    let message = fake.channel_messages(fake.channel())[0].clone();
    fake.click(user, &message, "join").wait_ack().await;
    for frame in fake.dispatched_frames() {
        let parsed: serenity::GatewayEvent =
            serde_json::from_value(frame.clone()).expect("a gateway frame");
        if let serenity::GatewayEvent::Dispatch(_, serenity::Event::Unknown(unknown)) = parsed {
            panic!("serenity did not understand {frame}: {unknown:?}");
        }
    }
    let stats = fake.gateway_stats();
    assert_eq!((stats.identifies, stats.connections), (1, 1));
    fake.assert_no_errors();
}

#[tokio::test]
async fn slash_command_defers_then_answers_and_its_button_updates_the_message() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    let ada = fake.add_user("ada");
    let ix = fake.slash(ada, fake.channel(), "game new", json!({"game": "palazzo"}));
    assert_eq!(ix.wait_ack().await.kind, AckKind::DeferredMessage);
    let replies = ix.replies().await;
    assert_eq!(replies.len(), 1);
    assert_eq!(replies[0].content, "New palazzo table");
    assert_eq!(replies[0].custom_ids(), ["join"]);
    assert!(!replies[0].is_ephemeral());

    let click = fake.click(ada, &replies[0], "join");
    assert_eq!(click.wait_ack().await.kind, AckKind::UpdateMessage);
    let updated = fake.message(replies[0].id).expect("still there");
    assert_eq!(updated.content, "ada joined");
    assert!(updated.components.is_empty());
    assert_eq!(fake.ack_latencies().len(), 2);
    fake.assert_no_errors();
}

#[tokio::test]
async fn autocomplete_is_answered_with_matching_choices() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    let ada = fake.add_user("ada");
    let ix = fake.autocomplete(
        ada,
        fake.channel(),
        "game new",
        json!({"game": "pa"}),
        "game",
    );
    let choices = ix.choices().await;
    assert_eq!(
        choices,
        vec![json!({"name": "palazzo", "value": "palazzo"})]
    );
    fake.assert_no_errors();
}

#[tokio::test]
async fn op7_reconnect_and_dropped_connections_resume_and_replay() {
    let fake = FakeDiscord::start().await;
    let _bot = start_bot(&fake).await;
    let ada = fake.add_user("ada");

    fake.reconnect();
    // Dispatched while the bot reconnects: must be replayed on RESUME.
    let during = fake.slash(
        ada,
        fake.channel(),
        "game new",
        json!({"game": "villa-paletti"}),
    );
    assert_eq!(during.replies().await[0].content, "New villa-paletti table");
    fake.wait_for("a RESUME", |f| {
        (f.gateway_stats().resumes == 1).then_some(())
    })
    .await;

    fake.disconnect();
    fake.wait_for("a second RESUME", |f| {
        (f.gateway_stats().resumes == 2 && f.gateway_stats().connected).then_some(())
    })
    .await;
    let after = fake.slash(
        ada,
        fake.channel(),
        "game new",
        json!({"game": "the-estates"}),
    );
    assert_eq!(after.replies().await[0].content, "New the-estates table");

    let stats = fake.gateway_stats();
    assert_eq!(stats.identifies, 1, "resumed, never re-identified");
    assert_eq!(stats.connections, 3);
    fake.assert_no_errors();
}
