//! The fake answers serenity's own HTTP client the way Discord does: limits, error codes,
//! interaction windows, nonces, attachments, injected failures.

use std::time::Duration;

use fake_discord::{AckKind, Config, Failure, FakeDiscord, Permissions};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use serenity::{ChannelId, CreateAttachment, Http, HttpBuilder, InteractionId, MessageId};

/// Serenity's client through the TLS route (ratelimiter on).
fn http(fake: &FakeDiscord) -> Http {
    HttpBuilder::new(fake.token())
        .client(fake.http_client())
        .application_id(fake.application_id().into())
        .build()
}

/// (HTTP status, Discord code, offending field paths) of a failed call.
fn failure<T: std::fmt::Debug>(result: serenity::Result<T>) -> (u16, isize, Vec<String>) {
    match result {
        Err(serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(response))) => (
            response.status_code.as_u16(),
            response.error.code,
            response
                .error
                .errors
                .iter()
                .map(|e| e.path.clone())
                .collect(),
        ),
        other => panic!("expected a Discord error, got {other:?}"),
    }
}

async fn send(http: &Http, channel: u64, body: Value) -> serenity::Result<serenity::Message> {
    http.send_message(ChannelId::new(channel), Vec::new(), &body)
        .await
}

fn buttons(n: usize, prefix: &str) -> Vec<Value> {
    (0..n).map(|i| json!({"type": 2, "style": 1, "label": format!("b{i}"), "custom_id": format!("{prefix}{i}")})).collect()
}

#[tokio::test]
async fn message_limits_answer_invalid_form_body_naming_the_field() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let channel = fake.channel();
    let select = |options: usize| json!({"type": 3, "custom_id": "pick", "options": (0..options).map(|i| json!({"label": format!("o{i}"), "value": format!("v{i}")})).collect::<Vec<_>>()});
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "content over 2000",
            json!({"content": "x".repeat(2001)}),
            "content",
        ),
        (
            "11 embeds",
            json!({"embeds": vec![json!({"title": "t"}); 11]}),
            "embeds",
        ),
        (
            "embed title 257",
            json!({"embeds": [{"title": "t".repeat(257)}]}),
            "embeds.0.title",
        ),
        (
            "embed description 4097",
            json!({"embeds": [{"description": "d".repeat(4097)}]}),
            "embeds.0.description",
        ),
        (
            "embeds total over 6000",
            json!({"embeds": [{"description": "d".repeat(4000)}, {"description": "d".repeat(2001)}]}),
            "embeds",
        ),
        (
            "6 action rows",
            json!({"components": vec![json!({"type": 1, "components": buttons(1, "r")}); 6]}),
            "components",
        ),
        (
            "6 buttons in a row",
            json!({"components": [{"type": 1, "components": buttons(6, "b")}]}),
            "components.0.components",
        ),
        (
            "select beside a button",
            json!({"components": [{"type": 1, "components": [select(2), buttons(1, "b")[0]]}]}),
            "components.0.components",
        ),
        (
            "26 select options",
            json!({"components": [{"type": 1, "components": [select(26)]}]}),
            "components.0.components.0.options",
        ),
        (
            "button label 81",
            json!({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "l".repeat(81), "custom_id": "a"}]}]}),
            "components.0.components.0.label",
        ),
        (
            "custom_id 101",
            json!({"components": [{"type": 1, "components": [{"type": 2, "style": 1, "label": "a", "custom_id": "c".repeat(101)}]}]}),
            "components.0.components.0.custom_id",
        ),
        (
            "duplicate custom_id",
            json!({"components": [{"type": 1, "components": buttons(1, "same")}, {"type": 1, "components": buttons(1, "same")}]}),
            "components.1.components.0.custom_id",
        ),
        (
            "select option label 101",
            json!({"components": [{"type": 1, "components": [{"type": 3, "custom_id": "s", "options": [{"label": "l".repeat(101), "value": "v"}]}]}]}),
            "components.0.components.0.options.0.label",
        ),
        (
            "attachment:// without the file",
            json!({"embeds": [{"image": {"url": "attachment://board.png"}}]}),
            "embeds.0.image.url",
        ),
    ];
    for (case, body, field) in cases {
        let (status, code, fields) = failure(send(&http, channel, body).await);
        assert_eq!((status, code), (400, 50035), "{case}");
        assert!(
            fields.iter().any(|f| f == field),
            "{case}: expected field {field}, got {fields:?}"
        );
    }
    let (status, code, _) = failure(send(&http, channel, json!({"content": ""})).await);
    assert_eq!((status, code), (400, 50006), "empty message");
    assert!(
        fake.channel_messages(channel).is_empty(),
        "nothing invalid was stored"
    );
    // At the limits exactly, everything passes.
    let ok = json!({
        "content": "x".repeat(2000),
        "components": [
            {"type": 1, "components": buttons(5, "a")},
            {"type": 1, "components": [select(25)]},
        ],
    });
    send(&http, channel, ok)
        .await
        .expect("a message exactly at the limits is accepted");
    assert_eq!(fake.channel_messages(channel).len(), 1);
}

#[tokio::test]
async fn command_registration_is_validated_and_answered_with_ids() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let guild = serenity::GuildId::new(fake.guild_id());
    let option = |name: &str| json!({"type": 3, "name": name, "description": "d"});
    let bad: Vec<(&str, Value, &str)> = vec![
        (
            "uppercase name",
            json!([{"name": "Game", "description": "d"}]),
            "0.name",
        ),
        (
            "name 33",
            json!([{"name": "g".repeat(33), "description": "d"}]),
            "0.name",
        ),
        (
            "description 101",
            json!([{"name": "game", "description": "d".repeat(101)}]),
            "0.description",
        ),
        (
            "empty description",
            json!([{"name": "game", "description": ""}]),
            "0.description",
        ),
        (
            "26 options",
            json!([{"name": "game", "description": "d", "options": (0..26).map(|i| option(&format!("o{i}"))).collect::<Vec<_>>()}]),
            "0.options",
        ),
        (
            "26 choices",
            json!([{"name": "game", "description": "d", "options": [{"type": 3, "name": "g", "description": "d",
                "choices": (0..26).map(|i| json!({"name": format!("c{i}"), "value": format!("c{i}")})).collect::<Vec<_>>()}]}]),
            "0.options.0.choices",
        ),
        (
            "subcommand mixed with options",
            json!([{"name": "game", "description": "d", "options": [{"type": 1, "name": "new", "description": "d"}, option("x")]}]),
            "0.options",
        ),
        (
            "subcommand inside a subcommand",
            json!([{"name": "game", "description": "d", "options": [{"type": 1, "name": "new", "description": "d",
                "options": [{"type": 1, "name": "deep", "description": "d"}]}]}]),
            "0.options.0.options.0.type",
        ),
        (
            "required after optional",
            json!([{"name": "game", "description": "d", "options": [option("a"), {"type": 3, "name": "b", "description": "d", "required": true}]}]),
            "0.options.1.required",
        ),
        (
            "uppercase localized name",
            json!([{"name": "game", "description": "d", "name_localizations": {"es-ES": "Partida"}}]),
            "0.name_localizations.es-ES",
        ),
        (
            "localized name 33",
            json!([{"name": "game", "description": "d", "options": [{"type": 1, "name": "new", "description": "d",
                "name_localizations": {"es-ES": "n".repeat(33)}}]}]),
            "0.options.0.name_localizations.es-ES",
        ),
        (
            "localized name with a space",
            json!([{"name": "game", "description": "d", "name_localizations": {"es-419": "mi partida"}}]),
            "0.name_localizations.es-419",
        ),
        (
            "localized description 101",
            json!([{"name": "game", "description": "d", "options": [{"type": 3, "name": "g", "description": "d",
                "description_localizations": {"es-ES": "d".repeat(101)}}]}]),
            "0.options.0.description_localizations.es-ES",
        ),
        (
            "empty localized description",
            json!([{"name": "game", "description": "d", "description_localizations": {"es-ES": ""}}]),
            "0.description_localizations.es-ES",
        ),
        (
            "not a Discord locale",
            json!([{"name": "game", "description": "d", "name_localizations": {"es": "partida"}}]),
            "0.name_localizations.es",
        ),
        (
            "localized choice 101",
            json!([{"name": "game", "description": "d", "options": [{"type": 3, "name": "g", "description": "d",
                "choices": [{"name": "c", "value": "c", "name_localizations": {"es-ES": "c".repeat(101)}}]}]}]),
            "0.options.0.choices.0.name_localizations.es-ES",
        ),
        (
            "two options with one localized name",
            json!([{"name": "game", "description": "d", "options": [
                {"type": 3, "name": "a", "description": "d", "name_localizations": {"es-ES": "x"}},
                {"type": 3, "name": "b", "description": "d", "name_localizations": {"es-ES": "x"}}]}]),
            "0.options.1.name_localizations.es-ES",
        ),
        (
            "101 commands",
            json!((0..101)
                .map(|i| json!({"name": format!("c{i}"), "description": "d"}))
                .collect::<Vec<_>>()),
            "",
        ),
    ];
    for (case, body, field) in bad {
        let (status, code, fields) = failure(http.create_guild_commands(guild, &body).await);
        assert_eq!((status, code), (400, 50035), "{case}");
        assert!(
            fields.iter().any(|f| f == field),
            "{case}: expected field {field:?}, got {fields:?}"
        );
    }
    let good = json!([{"name": "game", "description": "Play",
        "name_localizations": {"es-ES": "partida", "es-419": "juego_ñ"},
        "description_localizations": {"es-ES": "Jugar"},
        "options": [
        {"type": 2, "name": "table", "description": "Tables", "options": [{"type": 1, "name": "new", "description": "New", "options": [option("game")]}]},
        {"type": 1, "name": "join", "description": "Join"},
    ]}]);
    let created = http
        .create_guild_commands(guild, &good)
        .await
        .expect("valid commands register");
    assert_eq!(created.len(), 1);
    assert_eq!(created[0].name, "game");
    let again = http
        .create_guild_commands(guild, &good)
        .await
        .expect("re-registering works");
    assert_eq!(
        again[0].id, created[0].id,
        "overwriting keeps a command's id, as Discord does"
    );
    assert_eq!(
        fake.registered_commands()[0]["id"],
        created[0].id.to_string()
    );
}

/// Registers `game new <game>` and returns serenity's client.
async fn with_game_command(fake: &FakeDiscord) -> Http {
    let http = http(fake);
    let body = json!([{"name": "game", "description": "Play", "options": [
        {"type": 1, "name": "new", "description": "New table", "options": [
            {"type": 3, "name": "game", "description": "Which", "required": true, "autocomplete": true}]}]}]);
    http.create_guild_commands(serenity::GuildId::new(fake.guild_id()), &body)
        .await
        .expect("register");
    http
}

#[tokio::test]
async fn interaction_must_be_acknowledged_once_within_the_window() {
    let fake = FakeDiscord::start_with(Config {
        ack_window: Duration::from_millis(150),
        ..Config::default()
    })
    .await;
    let http = with_game_command(&fake).await;
    let user = fake.add_user("ada");
    let reply = json!({"type": 4, "data": {"content": "hello"}});

    let late = fake.slash(user, fake.channel(), "game new", json!({"game": "palazzo"}));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let result = http
        .create_interaction_response(InteractionId::new(late.id), &late.token, &reply, Vec::new())
        .await;
    assert_eq!(
        failure(result),
        (404, 10062, vec![]),
        "too late: Unknown interaction"
    );
    let result = http
        .create_followup_message(&late.token, &json!({"content": "x"}), Vec::new())
        .await;
    assert_eq!(
        failure(result).1,
        10015,
        "no followup webhook without an ack"
    );

    let ix = fake.slash(user, fake.channel(), "game new", json!({"game": "palazzo"}));
    http.create_interaction_response(InteractionId::new(ix.id), &ix.token, &reply, Vec::new())
        .await
        .expect("in time");
    let result = http
        .create_interaction_response(InteractionId::new(ix.id), &ix.token, &reply, Vec::new())
        .await;
    assert_eq!(
        failure(result),
        (400, 40060, vec![]),
        "second ack: already acknowledged"
    );
    assert_eq!(ix.wait_ack().await.kind, AckKind::Message);
    assert_eq!(ix.replies().await[0].content, "hello");
    assert_eq!(fake.ack_latencies().len(), 1);

    let bad_type = fake.slash(user, fake.channel(), "game new", json!({"game": "villa"}));
    let result = http
        .create_interaction_response(
            InteractionId::new(bad_type.id),
            &bad_type.token,
            &json!({"type": 7, "data": {"content": "x"}}),
            Vec::new(),
        )
        .await;
    assert_eq!(
        failure(result),
        (400, 50035, vec!["type".to_owned()]),
        "UPDATE_MESSAGE is for components only"
    );
}

#[tokio::test]
async fn deferred_response_is_completed_by_editing_the_original_and_tokens_expire() {
    let fake = FakeDiscord::start_with(Config {
        token_lifetime: Duration::from_millis(300),
        ..Config::default()
    })
    .await;
    let http = with_game_command(&fake).await;
    let user = fake.add_user("ada");
    let ix = fake.slash(user, fake.channel(), "game new", json!({"game": "palazzo"}));
    let defer = json!({"type": 5, "data": {"flags": 64}});
    http.create_interaction_response(InteractionId::new(ix.id), &ix.token, &defer, Vec::new())
        .await
        .expect("defer");
    assert!(ix.original().expect("thinking message").is_loading());
    // A first followup completing the deferral is deprecated: refused here.
    let result = http
        .create_followup_message(&ix.token, &json!({"content": "too soon"}), Vec::new())
        .await;
    assert_eq!(
        failure(result).0,
        400,
        "a followup may not complete a deferral"
    );
    assert!(ix.original().expect("thinking message").is_loading());
    let first = http
        .edit_original_interaction_response(
            &ix.token,
            &json!({"content": "table ready"}),
            Vec::new(),
        )
        .await
        .expect("edit @original");
    let second = http
        .create_followup_message(&ix.token, &json!({"content": "second"}), Vec::new())
        .await
        .expect("followup");
    let original = ix.original().expect("original");
    assert_eq!(
        first.id.get(),
        original.id,
        "the edit completes the thinking message"
    );
    assert!(original.is_ephemeral() && !original.is_loading());
    assert_eq!(
        ix.followups().iter().map(|m| m.id).collect::<Vec<_>>(),
        vec![second.id.get()]
    );
    let replies = ix.wait_replies(2).await;
    assert_eq!(
        replies
            .iter()
            .map(|m| m.content.as_str())
            .collect::<Vec<_>>(),
        ["table ready", "second"]
    );
    let edited = http
        .edit_original_interaction_response(&ix.token, &json!({"content": "edited"}), Vec::new())
        .await
        .expect("edit");
    assert_eq!(edited.content, "edited");
    tokio::time::sleep(Duration::from_millis(350)).await;
    let result = http
        .create_followup_message(&ix.token, &json!({"content": "late"}), Vec::new())
        .await;
    assert_eq!(
        failure(result),
        (401, 50027, vec![]),
        "interaction tokens expire"
    );
    fake.assert_no_errors_except(&[0, 50027]);
}

#[tokio::test]
async fn autocomplete_choices_are_limited() {
    let fake = FakeDiscord::start().await;
    let http = with_game_command(&fake).await;
    let user = fake.add_user("ada");
    let ix = fake.autocomplete(
        user,
        fake.channel(),
        "game new",
        json!({"game": "pa"}),
        "game",
    );
    let too_many: Vec<Value> = (0..26)
        .map(|i| json!({"name": format!("g{i}"), "value": format!("g{i}")}))
        .collect();
    let result = http
        .create_interaction_response(
            InteractionId::new(ix.id),
            &ix.token,
            &json!({"type": 8, "data": {"choices": too_many}}),
            Vec::new(),
        )
        .await;
    assert_eq!(failure(result).1, 50035);
    let long_name = json!([{"name": "n".repeat(101), "value": "v"}]);
    let result = http
        .create_interaction_response(
            InteractionId::new(ix.id),
            &ix.token,
            &json!({"type": 8, "data": {"choices": long_name}}),
            Vec::new(),
        )
        .await;
    assert_eq!(failure(result).2, vec!["data.choices.0.name".to_owned()]);
    let good = json!({"type": 8, "data": {"choices": [{"name": "Palazzo", "value": "palazzo"}]}});
    http.create_interaction_response(InteractionId::new(ix.id), &ix.token, &good, Vec::new())
        .await
        .expect("answer");
    assert_eq!(
        ix.choices().await,
        vec![json!({"name": "Palazzo", "value": "palazzo"})]
    );
}

#[tokio::test]
async fn enforced_nonce_returns_the_existing_message() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let body = json!({"content": "turn 3", "nonce": "game-7-turn-3", "enforce_nonce": true});
    let first = send(&http, fake.channel(), body.clone())
        .await
        .expect("first");
    let again = send(&http, fake.channel(), body).await.expect("repeat");
    assert_eq!(first.id, again.id);
    assert_eq!(
        fake.channel_messages(fake.channel()).len(),
        1,
        "the repeat created nothing"
    );
    let unenforced = json!({"content": "turn 3", "nonce": "game-7-turn-3"});
    send(&http, fake.channel(), unenforced)
        .await
        .expect("without enforce_nonce");
    assert_eq!(
        fake.channel_messages(fake.channel()).len(),
        2,
        "without enforce_nonce Discord does not dedupe"
    );
    let other = fake.add_channel("other");
    send(
        &http,
        other,
        json!({"content": "x", "nonce": "game-7-turn-3", "enforce_nonce": true}),
    )
    .await
    .expect("other channel");
    assert_eq!(
        fake.channel_messages(other).len(),
        1,
        "nonces are per channel"
    );
}

#[tokio::test]
async fn closed_dms_missing_permissions_and_unknown_ids_use_discords_codes() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let user = fake.add_user("ada");
    let dm = http
        .create_private_channel(&json!({"recipient_id": user.to_string()}))
        .await
        .expect("open DM");
    send(&http, dm.id.get(), json!({"content": "your turn"}))
        .await
        .expect("DMs open");
    assert_eq!(fake.dms(user).len(), 1);
    fake.set_dms_closed(user, true);
    assert_eq!(
        failure(send(&http, dm.id.get(), json!({"content": "x"})).await),
        (403, 50007, vec![])
    );

    let channel = fake.add_channel("no-send");
    fake.deny(channel, Permissions::SEND_MESSAGES);
    assert_eq!(
        failure(send(&http, channel, json!({"content": "x"})).await),
        (403, 50013, vec![])
    );
    fake.deny(channel, Permissions::VIEW_CHANNEL);
    assert_eq!(
        failure(send(&http, channel, json!({"content": "x"})).await),
        (403, 50001, vec![])
    );
    fake.allow(
        channel,
        Permissions::VIEW_CHANNEL | Permissions::SEND_MESSAGES,
    );
    fake.deny(channel, Permissions::ATTACH_FILES);
    let file = CreateAttachment::bytes(vec![1, 2, 3], "a.bin");
    let result = http
        .send_message(
            ChannelId::new(channel),
            vec![file],
            &json!({"content": "x"}),
        )
        .await;
    assert_eq!(
        failure(result),
        (403, 50013, vec![]),
        "files need ATTACH_FILES"
    );

    assert_eq!(
        failure(send(&http, 42, json!({"content": "x"})).await),
        (404, 10003, vec![])
    );
    let result = http
        .get_message(ChannelId::new(fake.channel()), MessageId::new(42))
        .await;
    assert_eq!(failure(result), (404, 10008, vec![]));
    assert_eq!(fake.errors().len(), 6);
    assert!(fake.errors().iter().all(|e| !e.injected));
}

#[tokio::test]
async fn attachments_are_recorded_and_embed_references_resolved() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let png = vec![0x89, b'P', b'N', b'G', 0, 1, 2];
    let body = json!({"content": "board", "embeds": [{"title": "Turn 1", "image": {"url": "attachment://board.png"}}]});
    let sent = http
        .send_message(
            ChannelId::new(fake.channel()),
            vec![CreateAttachment::bytes(png.clone(), "board.png")],
            &body,
        )
        .await
        .expect("multipart message");
    assert_eq!(sent.attachments.len(), 1);
    assert_eq!(sent.attachments[0].size, 7);
    let stored = &fake.channel_messages(fake.channel())[0];
    assert_eq!(stored.attachments[0].filename, "board.png");
    assert_eq!(stored.attachments[0].bytes, png);
    assert_eq!(
        stored.embeds[0]["image"]["url"],
        sent.attachments[0].url.as_str()
    );
    let edit = json!({"content": "board v2", "attachments": []});
    let edited = http
        .edit_message(
            ChannelId::new(fake.channel()),
            sent.id,
            &edit,
            vec![CreateAttachment::bytes(vec![9; 3], "v2.png")],
        )
        .await
        .expect("edit with a new file");
    assert_eq!(
        edited
            .attachments
            .iter()
            .map(|a| a.filename.as_str())
            .collect::<Vec<_>>(),
        ["v2.png"]
    );
    assert_eq!(
        fake.requests().last().expect("request").files,
        vec!["v2.png".to_owned()]
    );
    fake.assert_no_errors();
}

#[tokio::test]
async fn injected_rate_limit_is_retried_by_serenity_and_5xx_surfaces() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    fake.inject(
        "POST /channels/*/messages",
        Failure::RateLimited {
            retry_after: Duration::from_millis(100),
            global: false,
        },
    );
    let sent = send(&http, fake.channel(), json!({"content": "after the limit"}))
        .await
        .expect("serenity retries a 429");
    let posts: Vec<(u16, Duration)> = fake
        .requests()
        .iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/messages"))
        .map(|r| (r.status, r.at))
        .collect();
    assert_eq!(posts.iter().map(|p| p.0).collect::<Vec<_>>(), [429, 200]);
    assert!(
        posts[1].1 - posts[0].1 >= Duration::from_millis(100),
        "serenity waited retry_after"
    );
    assert_eq!(fake.channel_messages(fake.channel()).len(), 1);
    assert_eq!(sent.content, "after the limit");
    fake.assert_no_errors();
    assert!(fake.errors().iter().all(|e| e.injected));

    fake.inject("PATCH /channels/*/messages/*", Failure::ServerError(502));
    let result = http
        .edit_message(
            ChannelId::new(fake.channel()),
            sent.id,
            &json!({"content": "x"}),
            Vec::new(),
        )
        .await;
    assert_eq!(failure(result).0, 502);
    http.edit_message(
        ChannelId::new(fake.channel()),
        sent.id,
        &json!({"content": "x"}),
        Vec::new(),
    )
    .await
    .expect("one-shot");
}

#[tokio::test]
async fn plain_http_proxy_route_works_with_the_ratelimiter_disabled() {
    let fake = FakeDiscord::start().await;
    let http = HttpBuilder::new(fake.token())
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .build();
    let me = http.get_current_user().await.expect("GET /users/@me");
    assert_eq!(me.id.get(), fake.bot_id());
    let gateway = http.get_bot_gateway().await.expect("GET /gateway/bot");
    assert_eq!(gateway.url, fake.gateway_url());
    let app = http
        .get_current_application_info()
        .await
        .expect("GET /oauth2/applications/@me");
    assert_eq!(app.id.get(), fake.application_id());
    let wrong = HttpBuilder::new("wrong")
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .build();
    assert_eq!(failure(wrong.get_current_user().await), (401, 0, vec![]));
}

/// Flags a bot may not set on that endpoint, a nonce over 25 characters and more than
/// 10 files are refused with a form error naming the field.
#[tokio::test]
async fn flags_nonces_and_files_are_checked_per_endpoint() {
    let fake = FakeDiscord::start().await;
    let http = with_game_command(&fake).await;
    let channel = fake.channel();
    // EPHEMERAL (64) is for interaction responses, not channel messages.
    let result = send(&http, channel, json!({"content": "x", "flags": 64})).await;
    assert_eq!(failure(result), (400, 50035, vec!["flags".to_owned()]));
    send(&http, channel, json!({"content": "x", "flags": 4096}))
        .await
        .expect("SUPPRESS_NOTIFICATIONS may be set");
    let result = send(
        &http,
        channel,
        json!({"content": "x", "nonce": "n".repeat(26)}),
    )
    .await;
    assert_eq!(failure(result), (400, 50035, vec!["nonce".to_owned()]));
    let files: Vec<CreateAttachment> = (0..11)
        .map(|i| CreateAttachment::bytes(vec![1, 2, 3], format!("f{i}.png")))
        .collect();
    let result = http
        .send_message(ChannelId::new(channel), files, &json!({"content": "x"}))
        .await;
    assert_eq!(
        failure(result),
        (400, 50035, vec!["attachments".to_owned()])
    );
    // An attachment's description (its alt text) holds at most 1,024 characters, and is
    // kept with the file.
    let described = |text: String| json!({"content": "x", "attachments": [{"id": 0, "filename": "a.png", "description": text}]});
    let picture = || vec![CreateAttachment::bytes(vec![1, 2, 3], "a.png")];
    let result = http
        .send_message(
            ChannelId::new(channel),
            picture(),
            &described("d".repeat(1025)),
        )
        .await;
    assert_eq!(
        failure(result),
        (400, 50035, vec!["attachments.0.description".to_owned()])
    );
    let sent = http
        .send_message(
            ChannelId::new(channel),
            picture(),
            &described("é".repeat(1024)),
        )
        .await
        .expect("1,024 characters are allowed");
    let stored = fake.message(sent.id.get()).expect("stored");
    assert_eq!(stored.attachments[0].description, Some("é".repeat(1024)));
    // A deferred response may carry EPHEMERAL only.
    let user = fake.add_user("ada");
    let ix = fake.slash(user, channel, "game new", json!({"game": "palazzo"}));
    let defer = json!({"type": 5, "data": {"flags": 64 | 4}});
    let result = http
        .create_interaction_response(InteractionId::new(ix.id), &ix.token, &defer, Vec::new())
        .await;
    assert_eq!(failure(result), (400, 50035, vec!["data.flags".to_owned()]));
    let reply = json!({"type": 4, "data": {"content": "hi", "flags": 64 | 4}});
    http.create_interaction_response(InteractionId::new(ix.id), &ix.token, &reply, Vec::new())
        .await
        .expect("a message response may suppress embeds");
    let result = http
        .create_followup_message(
            &ix.token,
            &json!({"content": "x", "flags": 1 << 13}),
            Vec::new(),
        )
        .await;
    assert_eq!(failure(result), (400, 50035, vec!["flags".to_owned()]));
}

/// Every answer tells its bucket in `X-RateLimit-*` headers: serenity's rate limiter
/// reads them and waits for the reset instead of being refused; a client that does not
/// gets 429 with `retry_after`.
#[tokio::test]
async fn rate_limit_buckets_answer_429_and_serenitys_limiter_waits_for_the_reset() {
    let fake = FakeDiscord::start_with(Config {
        rate_limit: fake_discord::RateLimit {
            requests: 2,
            per: Duration::from_millis(400),
        },
        ..Config::default()
    })
    .await;
    let channel = fake.channel();
    let limited = http(&fake);
    for i in 0..5 {
        send(&limited, channel, json!({"content": format!("m{i}")}))
            .await
            .expect("serenity waits for the bucket's reset");
    }
    let (emptied, refused) = fake.rate_limit_stats();
    assert!(emptied >= 2, "the bucket was emptied: {emptied}");
    assert_eq!(refused, 0, "never refused");
    let unlimited = HttpBuilder::new(fake.token())
        .proxy(fake.api_base())
        .ratelimiter_disabled(true)
        .build();
    let other = fake.add_channel("other");
    for _ in 0..2 {
        send(&unlimited, other, json!({"content": "x"}))
            .await
            .expect("within the bucket");
    }
    let result = send(&unlimited, other, json!({"content": "x"})).await;
    assert_eq!(failure(result).0, 429);
    assert_eq!(fake.rate_limit_stats().1, 1);
    let answer = reqwest::Client::new()
        .post(format!(
            "{}/api/v10/channels/{other}/messages",
            fake.api_base()
        ))
        .header("Authorization", format!("Bot {}", fake.token()))
        .header("Content-Type", "application/json")
        .body(json!({"content": "x"}).to_string())
        .send()
        .await
        .expect("POST");
    assert_eq!(answer.status(), 429);
    for header in [
        "retry-after",
        "x-ratelimit-limit",
        "x-ratelimit-remaining",
        "x-ratelimit-reset",
        "x-ratelimit-reset-after",
        "x-ratelimit-bucket",
        "x-ratelimit-scope",
    ] {
        assert!(answer.headers().contains_key(header), "{header}");
    }
    let body: Value = serde_json::from_str(&answer.text().await.expect("body")).expect("JSON");
    assert!(
        body["retry_after"]
            .as_f64()
            .is_some_and(|s| s > 0.0 && s <= 0.4),
        "{body}"
    );
}

/// A DM shows only the global commands whose contexts include BOT_DM.
#[tokio::test]
async fn a_dm_offers_only_the_commands_registered_for_dms() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let body = json!([
        {"name": "game", "description": "Play", "contexts": [0, 1], "options": [
            {"type": 1, "name": "new", "description": "New table"}]},
        {"name": "stats", "description": "Stats", "contexts": [0]}]);
    http.create_global_commands(&body).await.expect("register");
    let user = fake.add_user("ada");
    let dm = fake.dm_channel(user);
    fake.slash(user, dm, "game new", json!({}));
    let in_dm = std::panic::catch_unwind(|| fake.slash(user, dm, "stats", json!({})));
    let message = in_dm
        .err()
        .and_then(|p| p.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    assert!(message.contains("not available in DMs"), "{message}");
    // On the server, the same command is there.
    fake.slash(user, fake.channel(), "stats", json!({}));
}

/// Threads as Discord has them: a private thread (the default type) or a public one in a
/// text channel, its members, posting in it, archiving and locking, and the errors for
/// a bad name or duration, a DM, a thread in a thread, a missing permission and an
/// archived thread.
#[tokio::test]
async fn threads_are_started_joined_posted_in_and_archived_as_on_discord() {
    let fake = FakeDiscord::start().await;
    let http = with_game_command(&fake).await;
    let channel = fake.channel();
    let ada = fake.add_user("ada");
    let start = |body: Value| {
        let http = &http;
        async move {
            http.create_thread(ChannelId::new(channel), &body, None)
                .await
        }
    };
    let private = start(json!({"name": "lesson", "auto_archive_duration": 60}))
        .await
        .expect("a private thread");
    assert_eq!(private.kind, serenity::ChannelType::PrivateThread);
    assert_eq!(private.parent_id, Some(ChannelId::new(channel)));
    let public = start(json!({"name": "table", "type": 11})).await.unwrap();
    assert_eq!(public.kind, serenity::ChannelType::PublicThread);
    assert_eq!(
        fake.threads_of(channel),
        [private.id.get(), public.id.get()]
    );

    // Limits and errors.
    let long = "x".repeat(101);
    assert_eq!(failure(start(json!({"name": ""})).await).2, ["name"]);
    assert_eq!(failure(start(json!({"name": long})).await).2, ["name"]);
    let bad = failure(start(json!({"name": "a", "auto_archive_duration": 30})).await);
    assert_eq!(bad.2, ["auto_archive_duration"]);
    assert_eq!(
        failure(start(json!({"name": "a", "type": 0})).await).2,
        ["type"]
    );
    let nested = http
        .create_thread(private.id, &json!({"name": "inner"}), None)
        .await;
    assert_eq!(failure(nested).1, 50024, "no thread in a thread");
    let dm = fake.dm_channel(ada);
    let in_dm = http
        .create_thread(ChannelId::new(dm), &json!({"name": "dm"}), None)
        .await;
    assert_eq!(failure(in_dm).1, 50003, "no thread in a DM");
    fake.deny(channel, Permissions::CREATE_PRIVATE_THREADS);
    assert_eq!(failure(start(json!({"name": "a"})).await).1, 50013);
    fake.allow(channel, Permissions::CREATE_PRIVATE_THREADS);

    // Members: the bot started it; ada is added; an unknown user is 10013.
    http.add_thread_channel_member(private.id, ada.into())
        .await
        .expect("add ada");
    let members = fake.thread(private.id.get()).unwrap()["members"].clone();
    assert_eq!(members, json!([fake.bot_id(), ada]));
    let unknown = http.add_thread_channel_member(private.id, 42.into()).await;
    assert_eq!(failure(unknown).1, 10013);
    // Ada can use a command there; bruno, no member, cannot see the private thread.
    let bruno = fake.add_user("bruno");
    fake.slash(ada, private.id.get(), "game new", json!({"game": "villa"}));
    let seen = std::panic::catch_unwind(|| {
        fake.slash(
            bruno,
            private.id.get(),
            "game new",
            json!({"game": "villa"}),
        );
    });
    let message = seen
        .err()
        .and_then(|p| p.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    assert!(message.contains("cannot see private thread"), "{message}");

    // Posting: SEND_MESSAGES_IN_THREADS; archived threads come back on a post, locked not.
    send(&http, private.id.get(), json!({"content": "hello"}))
        .await
        .expect("a post in the thread");
    assert_eq!(fake.channel_messages(private.id.get()).len(), 1);
    let archived = http
        .edit_thread(private.id, &json!({"archived": true}), None)
        .await
        .unwrap();
    assert!(archived.thread_metadata.is_some_and(|m| m.archived));
    let late = http
        .add_thread_channel_member(private.id, bruno.into())
        .await;
    assert_eq!(failure(late).1, 50083, "an archived thread takes no member");
    send(&http, private.id.get(), json!({"content": "again"}))
        .await
        .expect("a post reopens it");
    assert_eq!(fake.thread(private.id.get()).unwrap()["archived"], false);
    http.edit_thread(private.id, &json!({"archived": true, "locked": true}), None)
        .await
        .unwrap();
    let locked = send(&http, private.id.get(), json!({"content": "no"})).await;
    assert_eq!(failure(locked).1, 50083);
    fake.deny(channel, Permissions::SEND_MESSAGES_IN_THREADS);
    let denied = send(&http, public.id.get(), json!({"content": "no"})).await;
    assert_eq!(
        failure(denied).1,
        50013,
        "posting in a thread needs its permission"
    );
}

/// A file over 8 MiB (Discord's upload limit without boosts) is refused with 413 and
/// code 40005; one at the limit goes through.
#[tokio::test]
async fn a_file_over_the_upload_limit_is_refused() {
    let fake = FakeDiscord::start().await;
    let http = http(&fake);
    let channel = ChannelId::new(fake.channel());
    let limit = fake_discord::limits::FILE_MAX;
    let file = |size: usize| vec![CreateAttachment::bytes(vec![7; size], "record.html")];
    let result = http
        .send_message(channel, file(limit + 1), &json!({"content": "x"}))
        .await;
    assert_eq!(failure(result), (413, 40005, vec![]));
    http.send_message(channel, file(limit), &json!({"content": "x"}))
        .await
        .expect("a file at the limit");
}

/// A guild's active threads, as serenity reads them: every unarchived thread, with its
/// parent and name (what a restarted bot reads to find a thread it made); an archived
/// one is left out.
#[tokio::test]
async fn a_guilds_active_threads_list_every_unarchived_thread() {
    let fake = FakeDiscord::start().await;
    let http = with_game_command(&fake).await;
    let channel = ChannelId::new(fake.channel());
    let one = http
        .create_thread(
            channel,
            &json!({"name": "Round 1 · Table 1", "type": 11}),
            None,
        )
        .await
        .unwrap();
    let two = http
        .create_thread(
            channel,
            &json!({"name": "Round 1 · Table 2", "type": 11}),
            None,
        )
        .await
        .unwrap();
    let guild = serenity::GuildId::new(fake.guild_id());
    let active = guild.get_active_threads(&http).await.unwrap();
    let listed: Vec<(u64, Option<ChannelId>, String)> = active
        .threads
        .iter()
        .map(|t| (t.id.get(), t.parent_id, t.name.clone()))
        .collect();
    assert_eq!(
        listed,
        [
            (one.id.get(), Some(channel), "Round 1 · Table 1".to_string()),
            (two.id.get(), Some(channel), "Round 1 · Table 2".to_string()),
        ]
    );
    http.edit_thread(one.id, &json!({"archived": true}), None)
        .await
        .unwrap();
    let active = guild.get_active_threads(&http).await.unwrap();
    assert_eq!(active.threads.len(), 1);
    assert_eq!(active.threads[0].id, two.id);
}
