//! End to end on the fake Discord: what players read. Seating DMs name the game, the
//! channel and only what that game hides; the turn message's Board button shows the board
//! picture privately; a panel whose options changed answers with a fresh panel; and
//! `/game rules` offers its topics by autocomplete for all four games.

mod common;
mod matrix;
use common::ratings::{change_of, my_rating, rating_board, ratings_told};
use common::*;
use fake_discord::FakeDiscord;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seating_dms_board_button_and_stale_panels() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("palazzo-words");
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    open_table(&fake, channel, "Palazzo", &seats).await;

    // Seating DMs: the game, the channel, what it hides.
    for user in seats {
        let dm = &fake.dms(user)[0];
        assert!(
            dm.content
                .starts_with(&format!("**Palazzo** in <#{channel}>"))
                && dm.content.contains("money cards"),
            "{}",
            dm.content
        );
    }

    // The turn message is short; Board shows the whole board, privately.
    let turn = turn_message(&fake, channel).unwrap();
    // Hand DMs link to the turn message.
    let hand = fake.dms(seats[0]).last().unwrap().content.clone();
    assert!(
        hand.lines().next().unwrap().contains(&format!(
            "(https://discord.com/channels/{}/{channel}/{})",
            fake.guild_id(),
            turn.id
        )),
        "{hand}"
    );
    assert!(turn.content.chars().count() <= 500, "{}", turn.content);
    let board_id = turn
        .custom_ids()
        .into_iter()
        .find(|id| id.ends_with(":b"))
        .expect("a Board button");
    let board = fake.click(seats[1], &turn, &board_id).replies().await;
    assert!(
        board.iter().all(|m| m.flags & 64 != 0),
        "the board is private"
    );
    // The board is a picture (with the state line and who is awaited beside it).
    assert_eq!(board.len(), 1, "{board:#?}");
    picture_on(&board[0]);
    assert!(
        board[0].content.contains("Waiting for"),
        "{}",
        board[0].content
    );

    // A panel opened before the player's options changed: a fresh panel, not an error.
    let (user, your_move) = awaited(&turn, &seats)[0].clone();
    let replies = fake.click(user, &turn, &your_move).replies().await;
    let old_panel = replies
        .into_iter()
        .rev()
        .find(|m| !m.components.is_empty())
        .unwrap();
    slash(
        &fake,
        user,
        channel,
        "palazzo move",
        json!({"move": "money"}),
    )
    .await;
    let (id, value) = clickables(&old_panel)
        .into_iter()
        .find(|(id, v)| is_move(id, v.as_deref()))
        .expect("a move on the old panel");
    let fresh = tap_panel(&fake, user, &old_panel, &id, value.as_deref()).await;
    assert!(
        fresh.content.contains("Your options have changed"),
        "{}",
        fresh.content
    );
    assert!(
        clickables(&fresh)
            .iter()
            .any(|(id, v)| is_move(id, v.as_deref()) || v.is_none()),
        "a fresh panel: {fresh:#?}"
    );
    fake.assert_no_errors();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rules_topics_autocomplete_for_every_game() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("rules");
    let user = fake.add_user("reader");
    for title in [
        "Palazzo",
        "Villa Paletti",
        "The Estates",
        "The Princes of Florence",
    ] {
        let game = game_choice(&fake, title);
        let topics = fake
            .autocomplete(
                user,
                channel,
                "game rules",
                json!({"game": game, "topic": ""}),
                "topic",
            )
            .choices()
            .await;
        assert!(
            topics.len() >= 4 && topics.len() <= 25,
            "{title}: {topics:?}"
        );
        let names: Vec<String> = topics
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_lowercase())
            .collect();
        assert!(
            names.iter().any(|n| n.contains("decision")),
            "{title}: the bot's decisions are a topic: {names:?}"
        );
        let pick = topics.last().unwrap()["value"].clone();
        let pages = slash(
            &fake,
            user,
            channel,
            "game rules",
            json!({"game": game, "topic": pick}),
        )
        .await;
        let text: String = pages.iter().map(|m| m.content.as_str()).collect();
        assert!(
            text.contains(pick.as_str().unwrap()) && !text.contains("Nothing in the rules"),
            "{title}: {text}"
        );
        // Typing narrows the list.
        let narrowed = fake
            .autocomplete(
                user,
                channel,
                "game rules",
                json!({"game": game, "topic": "deci"}),
                "topic",
            )
            .choices()
            .await;
        assert!(
            !narrowed.is_empty() && narrowed.len() < topics.len(),
            "{title}"
        );
    }
    fake.assert_no_errors();
    bot.stop().await;
}

/// Players named like a masked link and like a role mention with `@everyone` and a
/// heading open, join, play, nudge and leave: no channel message or DM the bot sends
/// shows their names as a link, mention or heading, and every message the bot posts
/// lets it ping the players it means to and nobody else (no role, no everyone).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_display_names_reach_no_message_as_markup() {
    use rand::SeedableRng;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("names");
    let seats = [
        fake.add_user("[Claim prize](https://evil.example)"),
        fake.add_user("<@&123> @everyone # x"),
        fake.add_user("[Win](https://evil.example)"),
    ];
    open_table(&fake, channel, "Palazzo", &seats).await;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(29);
    for _ in 0..3 {
        let turn = turn_message(&fake, channel).expect("a turn message");
        let (user, your_move) = awaited(&turn, &seats)[0].clone();
        tap_a_move(&fake, user, &turn, &your_move, &mut rng)
            .await
            .expect("a move");
    }
    let turn = turn_message(&fake, channel).unwrap();
    let waiting = awaited(&turn, &seats)[0].0;
    let nudger = *seats.iter().find(|u| **u != waiting).unwrap();
    slash(&fake, nudger, channel, "game nudge", json!({})).await;
    fake.wait_for("the nudge", |f| {
        public_messages(f, channel)
            .into_iter()
            .find(|m| m.content.starts_with("👋"))
    })
    .await;
    // A second table: opened by one, joined and left by another.
    let lobby = fake.add_channel("lobby");
    let choice = game_choice(&fake, "Palazzo");
    slash(
        &fake,
        seats[1],
        lobby,
        "game new",
        json!({ "game": choice }),
    )
    .await;
    slash(&fake, seats[0], lobby, "game join", json!({})).await;
    slash(&fake, seats[0], lobby, "game leave", json!({})).await;
    slash(&fake, seats[1], channel, "game abandon", json!({})).await;
    slash(&fake, seats[0], channel, "game abandon", json!({})).await;
    let closed = fake
        .wait_for("the abandon notice", |f| {
            public_messages(f, channel)
                .into_iter()
                .find(|m| m.content.contains("abandoned the"))
        })
        .await;
    assert!(
        closed
            .content
            .starts_with(r"\[Claim prize\]\(https://evil.exam…"),
        "{}",
        closed.content
    );
    let lobby_texts: Vec<String> = public_messages(&fake, lobby)
        .into_iter()
        .map(|m| m.content)
        .collect();
    assert!(
        lobby_texts
            .iter()
            .any(|t| t.contains(r"\<@&123\> @") && t.contains("opened a table")),
        "{lobby_texts:?}"
    );

    // The bot's own markup: pings of the players, channel links, links to Discord.
    let mut allowed: Vec<String> = seats.iter().map(|u| format!("<@{u}>")).collect();
    allowed.extend([format!("<#{channel}>"), format!("<#{lobby}>")]);
    allowed.push("](https://discord.com/channels/".into());
    let mut checked = 0;
    for m in public_messages(&fake, channel)
        .into_iter()
        .chain(public_messages(&fake, lobby))
        .chain(seats.iter().flat_map(|u| fake.dms(*u)))
    {
        assert_no_markup(&m.content, &allowed);
        checked += 1;
    }
    assert!(checked > 15, "{checked} messages");
    // Every post and DM pings only the users it names; never a role or everyone.
    let posts: Vec<_> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path.ends_with("/messages"))
        .collect();
    assert!(posts.len() >= checked, "{} posts", posts.len());
    for post in posts {
        let body = post.body.unwrap_or_default();
        let mentions = &body["allowed_mentions"];
        assert_eq!(mentions["parse"], json!([]), "{} {body}", post.path);
        assert_eq!(mentions["roles"], json!([]), "{} {body}", post.path);
        for user in mentions["users"].as_array().expect("users listed") {
            let user: u64 = user.as_str().unwrap().parse().unwrap();
            assert!(seats.contains(&user), "{body}");
        }
    }
    fake.assert_no_errors();
    bot.stop().await;
}

/// Every command, subcommand, option and choice the fake Discord received carries its
/// Spanish name and description (es-ES, which Discord also shows es-419 clients), as the
/// Fluent files say, and its English one from the same files. The fake validates them as
/// Discord does (names lowercase ≤ 32, descriptions ≤ 100, locales Discord knows).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registered_commands_carry_spanish_localizations() {
    use words::Lang;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let commands = fake.registered_commands();
    assert_eq!(commands.len(), 6, "/game, one group per game, /tournament");
    let mut seen = Seen::default();
    for command in &commands {
        let key = format!("cmd-{}", command["name"].as_str().unwrap());
        check_localized(command, &key, &mut seen);
    }
    // Every subcommand, with options and choices: nothing was left in English only.
    assert!(seen.commands >= 5 + 22 + 4, "{seen:?}");
    assert!(seen.options >= 20, "{seen:?}");
    assert!(seen.choices >= 20, "{seen:?}");
    // Spot checks of the Spanish a player sees.
    let game = &commands[0];
    assert_eq!(game["name_localizations"]["es-ES"], "partida");
    let new = sub(game, "new");
    assert_eq!(new["name_localizations"]["es-ES"], "nueva");
    let level = sub(new, "level");
    assert_eq!(
        level["choices"][0]["name_localizations"]["es-ES"],
        "fácil: mira poco hacia delante"
    );
    assert_eq!(
        words::exact(Lang::Es, "cmd-game-new", Some("description")).unwrap(),
        new["description_localizations"]["es-ES"].as_str().unwrap()
    );
    fake.assert_no_errors();
    bot.stop().await;
}

#[derive(Debug, Default)]
struct Seen {
    commands: usize,
    options: usize,
    choices: usize,
}

fn sub<'a>(item: &'a serde_json::Value, name: &str) -> &'a serde_json::Value {
    item["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == name)
        .unwrap_or_else(|| panic!("no option {name} in {}", item["name"]))
}

/// Checks a command or subcommand at `key` (`cmd-game-new`) and everything under it.
fn check_localized(item: &serde_json::Value, key: &str, seen: &mut Seen) {
    use words::Lang;
    seen.commands += 1;
    let name = item["name"].as_str().unwrap();
    assert_eq!(
        words::exact(Lang::En, key, None).as_deref(),
        Some(name),
        "{key}: English name"
    );
    assert_eq!(
        words::exact(Lang::En, key, Some("description")).as_deref(),
        item["description"].as_str(),
        "{key}: English description"
    );
    let es_name = words::exact(Lang::Es, key, None).unwrap_or_else(|| panic!("{key}: no Spanish"));
    let es_description = words::exact(Lang::Es, key, Some("description")).unwrap();
    assert_eq!(
        item["name_localizations"]["es-ES"],
        es_name.as_str(),
        "{key}"
    );
    assert_eq!(
        item["description_localizations"]["es-ES"],
        es_description.as_str(),
        "{key}"
    );
    for option in item["options"].as_array().into_iter().flatten() {
        let option_name = option["name"].as_str().unwrap();
        if matches!(option["type"].as_u64(), Some(1 | 2)) {
            check_localized(option, &format!("{key}-{option_name}"), seen);
            continue;
        }
        seen.options += 1;
        let described = format!("{option_name}-description");
        assert_eq!(
            words::exact(Lang::En, key, Some(&described)).as_deref(),
            option["description"].as_str(),
            "{key} {option_name}"
        );
        let es = words::exact(Lang::Es, key, Some(option_name))
            .unwrap_or_else(|| panic!("{key}.{option_name}: no Spanish"));
        assert_eq!(
            option["name_localizations"]["es-ES"],
            es.as_str(),
            "{key} {option_name}"
        );
        let es = words::exact(Lang::Es, key, Some(&described)).unwrap();
        assert_eq!(
            option["description_localizations"]["es-ES"],
            es.as_str(),
            "{key} {option_name}"
        );
        for (i, choice) in option["choices"]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            seen.choices += 1;
            let choice_key = format!("choice-{option_name}-{i}");
            assert_eq!(
                words::exact(Lang::En, &choice_key, None).as_deref(),
                choice["name"].as_str(),
                "{choice_key}"
            );
            let es = words::exact(Lang::Es, &choice_key, None).unwrap();
            assert_eq!(
                choice["name_localizations"]["es-ES"],
                es.as_str(),
                "{choice_key}"
            );
        }
    }
}

/// The registered value of `/game language`'s choice named `name`.
fn language_choice(fake: &FakeDiscord, name: &str) -> serde_json::Value {
    let commands = fake.registered_commands();
    let language = sub(sub(&commands[0], "language"), "language");
    language["choices"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["name"] == name)
        .unwrap_or_else(|| panic!("no language choice {name}"))["value"]
        .clone()
}

/// Each person reads their own language (their Discord client's until they choose); a
/// channel speaks its server's preferred locale (sent in GUILD_CREATE) until its host or
/// a member with Manage Channel chooses; the choices survive a restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn languages_per_person_and_channel_from_discord_locales() {
    let fake = FakeDiscord::start().await;
    fake.set_guild_locale(fake.guild_id(), "es-ES");
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("idiomas");
    let ana = fake.add_user("ana");
    let bruno = fake.add_user("bruno");
    fake.set_user_locale(ana, "es-419");
    let text = |m: Vec<fake_discord::RecordedMessage>| {
        assert!(m.iter().all(|m| m.flags & 64 != 0), "private: {m:?}");
        m.iter().map(|m| m.content.clone()).collect::<String>()
    };
    let shown = text(slash(&fake, ana, channel, "game language", json!({})).await);
    assert!(shown.contains("español, tu idioma de Discord"), "{shown}");
    let shown = text(slash(&fake, bruno, channel, "game language", json!({})).await);
    assert!(shown.contains("English, your Discord language"), "{shown}");
    let spanish = language_choice(&fake, "Español");
    let set = text(
        slash(
            &fake,
            bruno,
            channel,
            "game language",
            json!({"language": spanish}),
        )
        .await,
    );
    assert!(set.contains("Desde ahora"), "{set}");
    // The channel: bruno has no table here and no Manage Channel.
    let english = language_choice(&fake, "English");
    let refused = text(
        slash(
            &fake,
            bruno,
            channel,
            "game settings",
            json!({"language": english}),
        )
        .await,
    );
    assert!(refused.contains("Solo el anfitrión"), "{refused}");
    let auto = language_choice(
        &fake,
        "auto: your Discord language (for a channel: the server's)",
    );
    slash(
        &fake,
        ana,
        channel,
        "game new",
        json!({"game": game_choice(&fake, "Palazzo")}),
    )
    .await;
    let set = text(
        slash(
            &fake,
            ana,
            channel,
            "game settings",
            json!({"language": english}),
        )
        .await,
    );
    assert!(set.contains("ahora en inglés"), "{set}");
    let back = text(
        slash(
            &fake,
            ana,
            channel,
            "game settings",
            json!({"language": auto}),
        )
        .await,
    );
    // The server's preferred locale came with GUILD_CREATE.
    assert!(back.contains("idioma del servidor (español)"), "{back}");
    bot.stop().await;

    let bot = Bot::start(&fake, dir.path()).await;
    let shown = text(slash(&fake, bruno, channel, "game language", json!({})).await);
    assert!(shown.contains("español (tu elección)"), "{shown}");
    fake.assert_no_errors();
    bot.stop().await;
}

/// Every text a private panel shows a player: its content, button labels, menu
/// placeholders and option labels (each with Discord's limit for its kind).
fn panel_texts(panel: &fake_discord::RecordedMessage) -> Vec<(String, usize)> {
    let mut out = vec![(panel.content.clone(), 2000)];
    for row in &panel.components {
        for c in row["components"].as_array().into_iter().flatten() {
            if let Some(label) = c["label"].as_str() {
                out.push((label.to_string(), 80));
            }
            if let Some(placeholder) = c["placeholder"].as_str() {
                out.push((placeholder.to_string(), 150));
            }
            for o in c["options"].as_array().into_iter().flatten() {
                out.push((o["label"].as_str().unwrap_or_default().to_string(), 100));
            }
        }
    }
    out
}

/// A mixed table: the channel in English, ana's client and choice Spanish. Ana's seating
/// DM, live hand header and move panel (buttons, menus, the line above them) are Spanish,
/// with no raw key and within Discord's limits; bruno's stay exactly as before, and so do
/// the channel's buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_client_gets_a_spanish_panel_and_dm_headers_in_an_english_channel() {
    use rand::SeedableRng;
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("mesa-mixta");
    let ana = fake.add_user("ana");
    let bruno = fake.add_user("bruno");
    fake.set_user_locale(ana, "es-ES");
    // DMs sent later by the outbox go by the person's choice (the client's locale is only
    // known while they interact), so ana also chooses Spanish.
    let spanish = language_choice(&fake, "Español");
    slash(
        &fake,
        ana,
        channel,
        "game language",
        json!({ "language": spanish }),
    )
    .await;
    let seats = [ana, bruno];
    open_table(&fake, channel, "Palazzo", &seats).await;

    let seated = &fake.dms(ana)[0].content;
    assert!(
        seated.starts_with(&format!("**Palazzo** en <#{channel}>: tienes asiento"))
            && seated.contains("tu mano de cartas de dinero")
            && seated.contains("**Mi mano**"),
        "{seated}"
    );
    let seated = &fake.dms(bruno)[0].content;
    assert!(
        seated.starts_with(&format!("**Palazzo** in <#{channel}>: you have a seat"))
            && seated.contains("money cards"),
        "{seated}"
    );
    // The live hands' headers, each in its reader's language.
    let header = |user| {
        live_hand(&fake, user)
            .expect("a live hand")
            .content
            .lines()
            .next()
            .unwrap_or_default()
            .to_string()
    };
    let spanish = header(ana);
    assert!(
        spanish.starts_with(&format!("**Palazzo** en <#{channel}>"))
            && spanish.contains("[mensaje de turno](https://discord.com/channels/"),
        "{spanish}"
    );
    let english = header(bruno);
    assert!(
        english.starts_with(&format!("**Palazzo** in <#{channel}>"))
            && english.contains("[turn message](https://discord.com/channels/"),
        "{english}"
    );

    // Each player's panel the first time they are awaited; moves in between.
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(28);
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..12 {
        if seen.len() == seats.len() {
            break;
        }
        let turn = turn_message(&fake, channel).expect("a turn message");
        let labels: Vec<String> = turn
            .components
            .iter()
            .flat_map(|r| r["components"].as_array().cloned().unwrap_or_default())
            .filter_map(|c| c["label"].as_str().map(String::from))
            .collect();
        assert!(
            labels.iter().any(|l| l.starts_with("🎲 Your move, "))
                && labels.contains(&"My hand".to_string()),
            "the channel's buttons stay English: {labels:?}"
        );
        let awaited = awaited(&turn, &seats);
        for (user, your_move) in &awaited {
            if !seen.insert(*user) {
                continue;
            }
            let replies = fake.click(*user, &turn, your_move).replies().await;
            let panel = replies
                .iter()
                .rev()
                .find(|m| !m.components.is_empty())
                .expect("a move panel");
            let texts = panel_texts(panel);
            for (text, limit) in &texts {
                assert!(
                    !text.is_empty() && text.chars().count() <= *limit,
                    "`{text}` over {limit}"
                );
                assert!(!text.contains("panel-"), "a raw key: {text}");
            }
            let all: Vec<&str> = texts.iter().map(|(t, _)| t.as_str()).collect();
            let joined = all.join(" | ");
            if *user == ana {
                assert!(panel.content.contains("· solo lo ves tú."), "{joined}");
                assert!(
                    !joined.contains("only you see")
                        && !joined.contains("Take money")
                        && !joined.contains("Your moves"),
                    "English in ana's panel: {joined}"
                );
                assert!(
                    [
                        "Tomar dinero",
                        "Elegir ",
                        "Robar dos losetas",
                        "Pasar",
                        "Subir con "
                    ]
                    .iter()
                    .any(|w| joined.contains(w)),
                    "{joined}"
                );
            } else {
                assert!(panel.content.contains("· only you see this."), "{joined}");
                assert!(
                    !joined.contains("solo lo ves") && !joined.contains("Tomar dinero"),
                    "Spanish in bruno's panel: {joined}"
                );
            }
        }
        let (user, your_move) = awaited[0].clone();
        tap_a_move(&fake, user, &turn, &your_move, &mut rng).await;
    }
    assert_eq!(seen.len(), 2, "both players' panels were seen");

    // `/game rules`: the digest for each reader: ana's the Spanish one, bruno's exactly as
    // before.
    let rules = |user| {
        let fake = &fake;
        async move {
            slash(fake, user, channel, "game rules", json!({}))
                .await
                .into_iter()
                .map(|m| m.content)
                .collect::<Vec<_>>()
        }
    };
    let spanish = rules(ana).await;
    assert!(
        spanish[0].starts_with("# Palazzo (2–4 jugadores)"),
        "{}",
        spanish[0]
    );
    let english = rules(bruno).await;
    assert!(
        english[0].starts_with('#') && !english[0].contains("español"),
        "{}",
        english[0]
    );

    // To the end: everything only ana reads — her DMs (seating, live hand, news, the
    // end) and her private answers and panels in the channel — has no English word but
    // names, while the channel speaks English.
    play_to_the_end(&fake, channel, &seats, &mut rng).await;
    posted(&fake, channel, "**Final scores**").await;
    for command in ["game log", "game scores", "game history", "game stats"] {
        slash(&fake, ana, channel, command, json!({})).await;
    }
    let finder = english_only_words();
    let mut read = 0;
    let dms = fake.dms(ana);
    assert!(dms.iter().any(|m| m.content.contains("Puntuación final")));
    for m in dms.iter().chain(&fake.ephemerals_of(ana, channel)) {
        assert_no_english(&finder, &shown_text(m), &["ana", "bruno"], "ana's");
        read += 1;
    }
    // Her DMs' pictures are hers, described in her language; a board shown to her in the
    // channel is the channel's picture, described in the channel's language as drawn.
    for m in &dms {
        assert_no_english(
            &finder,
            &shown_text_and_alt(m),
            &["ana", "bruno"],
            "ana's DMs",
        );
    }
    assert!(read > 20, "only {read} private messages");
    fake.assert_no_errors();
    bot.stop().await;
}

/// The labels of a message's buttons, in order.
fn button_labels(m: &fake_discord::RecordedMessage) -> Vec<String> {
    m.components
        .iter()
        .filter_map(|row| row["components"].as_array())
        .flatten()
        .filter_map(|b| b["label"].as_str().map(str::to_string))
        .collect()
}

/// The newest public message of `channel` containing `needle`, waiting for the sender.
async fn posted(fake: &FakeDiscord, channel: u64, needle: &str) -> fake_discord::RecordedMessage {
    for _ in 0..100 {
        if let Some(m) = public_messages(fake, channel)
            .into_iter()
            .rev()
            .find(|m| m.content.contains(needle))
        {
            return m;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!(
        "no message with {needle:?} in {:#?}",
        public_messages(fake, channel)
    );
}

/// A Spanish server: a Spanish-locale player opens a table and the channel shows the
/// Spanish lobby with Spanish buttons; an English-locale player joins, and their private
/// answers stay English while the channel's posts stay Spanish.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_lobby_with_an_english_player() {
    let fake = FakeDiscord::start().await;
    fake.set_guild_locale(fake.guild_id(), "es-ES");
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("mesa");
    let ana = fake.add_user("ana");
    let bruno = fake.add_user("bruno");
    fake.set_user_locale(ana, "es-ES");
    fake.set_user_locale(bruno, "en-US");
    let private = |m: Vec<fake_discord::RecordedMessage>| {
        assert!(m.iter().all(|m| m.flags & 64 != 0), "private: {m:?}");
        m.iter()
            .map(|m| m.content.clone())
            .collect::<Vec<_>>()
            .join("\n")
    };
    let spanish_buttons = ["Unirse", "Añadir un bot", "Empezar"].map(String::from);

    slash(
        &fake,
        ana,
        channel,
        "game new",
        json!({"game": game_choice(&fake, "Palazzo")}),
    )
    .await;
    let opened = posted(&fake, channel, "ana ha abierto una mesa de **Palazzo**").await;
    assert!(opened.content.contains("Toca Unirse"), "{}", opened.content);
    assert_eq!(button_labels(&opened), spanish_buttons);

    slash(&fake, bruno, channel, "game join", json!({})).await;
    let joined = posted(&fake, channel, "bruno se ha unido (2/").await;
    assert_eq!(button_labels(&joined), spanish_buttons);

    // Bruno reads English: the host's button is not his.
    let refused = private(slash(&fake, bruno, channel, "game start", json!({})).await);
    assert!(
        refused.contains("Only the host (ana) can start the game."),
        "{refused}"
    );
    let status = private(slash(&fake, bruno, channel, "game status", json!({})).await);
    assert!(
        status.contains("A Palazzo table is gathering players: ana, bruno. Host: ana."),
        "{status}"
    );
    // Ana reads Spanish.
    let status = private(slash(&fake, ana, channel, "game status", json!({})).await);
    assert!(
        status.contains("Una mesa de Palazzo está reuniendo jugadores: ana, bruno."),
        "{status}"
    );
    for m in public_messages(&fake, channel) {
        for key in ["table-", "lobby-"] {
            assert!(!m.content.contains(key), "a raw key: {}", m.content);
        }
        assert!(!m.content.contains("opened a table"), "{}", m.content);
    }
    fake.assert_no_errors();
    bot.stop().await;
}

/// Words (3+ letters) the English Fluent files use that no Spanish file uses: a message
/// holding one speaks English. Game titles and the bots' names are names, not words.
fn english_only_words() -> std::collections::BTreeSet<String> {
    words_only_in(words::Lang::En)
}

/// Words (3+ ASCII letters) the Spanish Fluent files use that no English file uses: a
/// message holding one speaks Spanish.
fn spanish_only_words() -> std::collections::BTreeSet<String> {
    words_only_in(words::Lang::Es)
}

/// Words (3+ ASCII letters) the Fluent files of `lang` use that no file of the other
/// language uses, names aside.
fn words_only_in(lang: words::Lang) -> std::collections::BTreeSet<String> {
    fn words_of(lang: words::Lang) -> std::collections::BTreeSet<String> {
        let mut out = std::collections::BTreeSet::new();
        for (l, _, source) in words::FILES {
            if *l != lang {
                continue;
            }
            for line in source.lines() {
                let mut line = line.trim_start();
                if line.starts_with('#') {
                    continue;
                }
                // A selector's variant key (`[one]`, `*[other]`) is not text.
                if let Some(rest) = line.strip_prefix('*').unwrap_or(line).strip_prefix('[') {
                    line = rest.split_once(']').map_or("", |(_, text)| text);
                }
                // The message's text: after `key =` on its first line, whole on the next.
                let is_key = |k: &str| {
                    !k.is_empty()
                        && k.chars()
                            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '.' | '_'))
                };
                let text = match line.split_once('=') {
                    Some((key, rest)) if is_key(key.trim()) => rest,
                    _ => line,
                };
                out.extend(tokens(&strip_placeables(text)));
            }
        }
        out
    }
    let other = words_of(match lang {
        words::Lang::En => words::Lang::Es,
        words::Lang::Es => words::Lang::En,
    });
    let names: Vec<String> = rules::catalog::games()
        .iter()
        .flat_map(|k| tokens(k.title))
        .chain(["bot".to_string()])
        .collect();
    words_of(lang)
        .into_iter()
        .filter(|w| !other.contains(w) && !names.contains(w))
        .collect()
}

/// `text` without its Fluent placeables (`{ $name }`, selectors' keys stay out too).
fn strip_placeables(text: &str) -> String {
    let mut out = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            _ if depth == 0 => out.push(c),
            _ => {}
        }
    }
    // Variant lines of a selector (`[one] card`) keep their text after the key.
    out
}

/// `text` without its inline code spans (`` `bid 3` ``: typed syntax and ids); code
/// blocks (```` ``` ````) stay, boards are written in them.
fn without_inline_code(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split("```").enumerate() {
        if i > 0 {
            out.push_str("```");
        }
        if i % 2 == 1 {
            out.push_str(part);
            continue;
        }
        for (j, piece) in part.split('`').enumerate() {
            if j % 2 == 0 {
                out.push_str(piece);
            } else {
                out.push(' ');
            }
        }
    }
    out
}

/// The lowercase words of `text` made of ASCII letters only (3 or more), outside mentions
/// (`<@1>`, `<#2>`), links and inline code.
fn tokens(text: &str) -> Vec<String> {
    let text = without_inline_code(text);
    let mut out = Vec::new();
    for raw in text.split(|c: char| {
        !(c.is_alphanumeric()
            || c == '-'
            || c == '<'
            || c == '>'
            || c == '@'
            || c == '#'
            || c == '/'
            || c == ':'
            || c == '.')
    }) {
        if raw.starts_with('<') || raw.contains("://") || raw.starts_with('/') {
            continue;
        }
        for id in raw.split(|c: char| !(c.is_alphanumeric() || c == '-')) {
            // An id holds a digit (`R4`, `A12`, `sandstone-2-2w`, `blue-thin-1`): it is
            // typed as it is in every language.
            if id.chars().any(|c| c.is_ascii_digit()) {
                continue;
            }
            for word in id.split(|c: char| !c.is_alphabetic()) {
                // A word with a non-ASCII letter is not English.
                if word.chars().count() >= 3 && word.chars().all(|c| c.is_ascii_alphabetic()) {
                    out.push(word.to_lowercase());
                }
            }
        }
    }
    out
}

/// [`shown_text`] and every picture's alt text (what a screen reader reads).
fn shown_text_and_alt(m: &fake_discord::RecordedMessage) -> String {
    let mut out = shown_text(m);
    for alt in m
        .attachments
        .iter()
        .filter_map(|f| f.description.as_deref())
    {
        out.push('\n');
        out.push_str(alt);
    }
    out
}

/// Fails naming the English words `text` holds (`names` of the players excepted).
fn assert_no_english(
    english: &std::collections::BTreeSet<String>,
    text: &str,
    names: &[&str],
    what: &str,
) {
    let mut clean = text.to_string();
    for name in names {
        clean = clean.replace(name, " ");
    }
    let found: Vec<String> = tokens(&clean)
        .into_iter()
        .filter(|w| english.contains(w))
        .collect();
    assert!(
        found.is_empty(),
        "{what}: English words {found:?} in:\n{text}"
    );
}

#[test]
fn the_english_word_finder_knows_english_from_spanish() {
    let english = english_only_words();
    for w in ["turn", "wins", "bid", "money", "scores", "your"] {
        assert!(english.contains(w), "{w} not found as English");
    }
    for w in ["turno", "gana", "dinero", "palazzo", "estates", "bot"] {
        assert!(!english.contains(w), "{w} taken for English");
    }
    assert_no_english(
        &english,
        "**Palazzo** en <#12>: es tu turno, ana. R4 A12",
        &["ana"],
        "ok",
    );
    let caught = std::panic::catch_unwind(|| {
        assert_no_english(&english, "Es tu turno: your move", &[], "caught")
    });
    assert!(caught.is_err());
    // What a bots' chain said in English, and the hand's news label.
    for w in ["passes", "begins", "latest", "round"] {
        assert!(english.contains(w), "{w} not found as English");
    }
    for line in [
        r"Bot Lorenzo \(normal\) passes.",
        "Round 6 of 7 begins; ana is the start player.",
        "**Latest:** ana buys the jester.",
    ] {
        let caught = std::panic::catch_unwind(|| {
            assert_no_english(
                &english,
                line,
                &["ana", r"Bot Lorenzo \(normal\)"],
                "caught",
            )
        });
        assert!(caught.is_err(), "{line}");
    }
}

/// Everything a message shows: its text and its components' labels, descriptions and
/// placeholders.
fn shown_text(m: &fake_discord::RecordedMessage) -> String {
    // The content and the embeds' titles, descriptions and fields.
    let mut out = m.text();
    for embed in &m.embeds {
        for text in [&embed["footer"]["text"], &embed["author"]["name"]] {
            if let Some(t) = text.as_str() {
                out.push('\n');
                out.push_str(t);
            }
        }
    }
    for row in &m.components {
        for c in row["components"].as_array().into_iter().flatten() {
            for field in ["label", "placeholder"] {
                if let Some(t) = c[field].as_str() {
                    out.push('\n');
                    out.push_str(t);
                }
            }
            for o in c["options"].as_array().into_iter().flatten() {
                for field in ["label", "description"] {
                    if let Some(t) = o[field].as_str() {
                        out.push('\n');
                        out.push_str(t);
                    }
                }
            }
        }
    }
    out
}

/// Plays a game of `title` to its end by taps, every awaited player picked at random;
/// returns the number of moves.
async fn play_to_the_end(
    fake: &FakeDiscord,
    channel: u64,
    seats: &[u64],
    rng: &mut rand_chacha::ChaCha8Rng,
) -> usize {
    use rand::seq::SliceRandom;
    let mut moves = 0;
    while let Some(turn) = turn_message(fake, channel) {
        let waiting = awaited(&turn, seats);
        let Some((user, your_move)) = waiting.choose(rng).cloned() else {
            break;
        };
        tap_a_move(fake, user, &turn, &your_move, rng).await;
        moves += 1;
        assert!(moves < 3_000, "not over after {moves} moves");
    }
    moves
}

/// A whole game of each title in a Spanish server by Spanish clients — every
/// channel message, every private answer and panel, every DM and every button reads
/// Spanish: not one English word but the players' names and the games' titles.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_game_of_each_title_in_spanish() {
    use rand::SeedableRng;
    let english = english_only_words();
    let fake = FakeDiscord::start().await;
    fake.set_guild_locale(fake.guild_id(), "es-ES");
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    // Each at its smallest table: the fewest moves that still play every phase.
    for (i, (title, players)) in [
        ("Palazzo", 2),
        ("The Estates", 2),
        ("Villa Paletti", 2),
        ("The Princes of Florence", 3),
    ]
    .into_iter()
    .enumerate()
    {
        let channel = fake.add_channel(&format!("mesa-{i}"));
        let names: Vec<String> = ["ana", "bruno", "carla"]
            .iter()
            .take(players)
            .map(|n| format!("{n}{i}"))
            .collect();
        let seats: Vec<u64> = names
            .iter()
            .map(|n| {
                let user = fake.add_user(n);
                fake.set_user_locale(user, "es-ES");
                user
            })
            .collect();
        open_table(&fake, channel, title, &seats).await;
        // A hint names its move as the Spanish move buttons do, never as typed syntax.
        let turn = turn_message(&fake, channel).expect("a turn message");
        let asker = awaited(&turn, &seats)[0].0;
        let hint = slash(&fake, asker, channel, "game hint", json!({})).await;
        assert!(
            hint[0].content.starts_with("💡 Pista: **"),
            "{}",
            hint[0].content
        );
        let who: Vec<&str> = names.iter().map(String::as_str).collect();
        assert_no_english(&english, &hint[0].content, &who, title);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(280 + i as u64);
        let moves = play_to_the_end(&fake, channel, &seats, &mut rng).await;
        picture_on(&picture_part(&fake, channel, "**Puntuación final**").await);
        // What players read after a game: the log, the scores, a step of the replay.
        for command in ["game log", "game scores", "game history", "game stats"] {
            slash(&fake, seats[0], channel, command, json!({})).await;
        }
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let mut read = 0;
        for m in fake.channel_messages(channel) {
            assert_no_english(&english, &shown_text(&m), &names, title);
            read += 1;
        }
        for &user in &seats {
            for m in fake.dms(user) {
                assert_no_english(&english, &shown_text(&m), &names, title);
                read += 1;
            }
        }
        println!("e2e_spanish_{i}: {title} moves={moves} messages_read={read}");
    }
    fake.assert_no_errors();
    bot.stop().await;
}

/// The value Discord sends for the `/game settings on_timeout` choice named `word: …`.
fn policy_choice(fake: &FakeDiscord, word: &str) -> serde_json::Value {
    let commands = fake.registered_commands();
    let settings = sub(&commands[0], "settings");
    settings["options"]
        .as_array()
        .and_then(|o| o.iter().find(|o| o["name"] == "on_timeout"))
        .and_then(|o| o["choices"].as_array())
        .and_then(|c| {
            c.iter()
                .find(|c| c["name"].as_str().is_some_and(|n| n.starts_with(word)))
        })
        .unwrap_or_else(|| panic!("no policy {word}"))["value"]
        .clone()
}

/// The first public message of `channel` after the first `after` holding `text`, if any.
fn posted_since(
    fake: &FakeDiscord,
    channel: u64,
    after: usize,
    text: &str,
) -> Option<fake_discord::RecordedMessage> {
    public_messages(fake, channel)
        .into_iter()
        .skip(after)
        .find(|m| m.content.contains(text))
}

/// [`posted_since`], waited for.
async fn posted_after(
    fake: &FakeDiscord,
    channel: u64,
    after: usize,
    text: &str,
) -> fake_discord::RecordedMessage {
    // Timers' posts among them (a 4 s timeout, then a bot's move): a loaded machine
    // running the whole suite can take longer than the usual 10 s.
    fake.wait_for_within(
        &format!("`{text}` in the channel"),
        std::time::Duration::from_secs(40),
        |f| posted_since(f, channel, after, text),
    )
    .await
}

/// What the Spanish bots' tables check while the game runs: six of the person's moves, a
/// message telling a chain of bot moves, a timeout played by the bot under `auto`, the
/// person away under `bot` (the game waits for them) and back, then `auto` again.
/// `false` when the game ended first.
async fn timeouts_seen(
    fake: &FakeDiscord,
    channel: u64,
    ana: u64,
    bots: &[String; 2],
    last: &mut u64,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> bool {
    for _ in 0..6 {
        if !my_turn_then_a_move(fake, channel, ana, last, rng).await {
            return false;
        }
    }
    // A chain: one message telling several bot moves.
    let chain = public_messages(fake, channel).iter().any(|m| {
        let text = m.content.replace('\\', "");
        let told = text
            .lines()
            .take_while(|l| !l.is_empty())
            .filter(|l| bots.iter().any(|b| l.contains(b)) && !l.starts_with('⏳'))
            .count();
        told >= 2
    });
    assert!(chain, "no message told a chain of bot moves");
    // `auto`: the person does not move; the bot plays their turn.
    let Some(turn) = my_turn(fake, channel, ana, *last).await else {
        return false;
    };
    let before = public_messages(fake, channel).len();
    if !told_unless_over(
        fake,
        channel,
        before,
        "se le agotó el tiempo, así que he jugado",
    )
    .await
    {
        return false;
    }
    assert!(awaited(&turn, &[ana]).len() == 1);
    // `bot`: the person is away until they act again.
    let set = on_timeout(fake, channel, ana, "bot").await;
    assert!(!set.is_empty(), "no answer to the settings");
    let before = public_messages(fake, channel).len();
    // The only person at the table: the game waits for them (with people left, a bot
    // would play their seat meanwhile).
    if !told_unless_over(
        fake,
        channel,
        before,
        "se le agotó el tiempo y ya no queda nadie",
    )
    .await
    {
        return false;
    }
    let back = slash(fake, ana, channel, "game join", json!({})).await;
    assert!(!back.is_empty(), "no answer to resume");
    posted_after(
        fake,
        channel,
        before,
        "ha vuelto y juega de nuevo su asiento",
    )
    .await;
    on_timeout(fake, channel, ana, "auto").await;
    true
}

/// `/game settings on_timeout:` the policy named `word`, by `user`; the answers.
async fn on_timeout(
    fake: &FakeDiscord,
    channel: u64,
    user: u64,
    word: &str,
) -> Vec<fake_discord::RecordedMessage> {
    let policy = policy_choice(fake, word);
    slash(
        fake,
        user,
        channel,
        "game settings",
        json!({ "on_timeout": policy }),
    )
    .await
}

/// Whether the channel was told the final scores.
fn over(fake: &FakeDiscord, channel: u64) -> bool {
    public_messages(fake, channel)
        .iter()
        .any(|m| m.content.contains("**Puntuación final**"))
}

/// Whether a public message after the first `after` holds `text` (waited for, as by
/// [`posted_after`]); `false` once the game is over without it.
async fn told_unless_over(fake: &FakeDiscord, channel: u64, after: usize, text: &str) -> bool {
    fake.wait_for_within(
        &format!("`{text}` in the channel, or the end"),
        std::time::Duration::from_secs(40),
        |f| match posted_since(f, channel, after, text) {
            Some(_) => Some(true),
            None => over(f, channel).then_some(false),
        },
    )
    .await
}

/// The turn message asking `user` to move, newer than `last`; `None` once the game is over.
async fn my_turn(
    fake: &FakeDiscord,
    channel: u64,
    user: u64,
    last: u64,
) -> Option<fake_discord::RecordedMessage> {
    fake.wait_for("the person's turn", |f| {
        if over(f, channel) {
            return Some(None);
        }
        let turn = turn_message(f, channel).filter(|t| t.id > last)?;
        (!awaited(&turn, &[user]).is_empty()).then_some(Some(turn))
    })
    .await
}

/// `user` waits for their turn (a turn message asking them, newer than `last`, the one
/// they last played from) and plays one move by taps; `false` when the game ended first.
async fn my_turn_then_a_move(
    fake: &FakeDiscord,
    channel: u64,
    user: u64,
    last: &mut u64,
    rng: &mut rand_chacha::ChaCha8Rng,
) -> bool {
    let Some(turn) = my_turn(fake, channel, user, *last).await else {
        return false;
    };
    *last = turn.id;
    let your_move = awaited(&turn, &[user])[0].1.clone();
    tap_a_move(fake, user, &turn, &your_move, rng).await;
    true
}

/// One person and two bots at a Spanish table, for every title played to its end: the
/// bots' chains of moves (round headers among them), a timeout played by the bot under
/// `auto`, the person away under `bot` (the game waits for them) and back, an undo, the
/// log and a replay step by step — not one English word in what the person reads
/// (channel, private answers, panels, DMs, buttons, embeds). Easy bots at every title,
/// then hard ones at a second Villa table, on tiny budgets keep each game to seconds. A
/// villa that falls before the timeouts were seen (the person taps at random) is played
/// again at a new table by a new person, and counts among the title's rated people.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spanish_tables_with_bots_through_timeouts_undo_and_replay() {
    use rand::SeedableRng;
    let english = english_only_words();
    let fake = FakeDiscord::start().await;
    fake.set_guild_locale(fake.guild_id(), "es-ES");
    let dir = tempfile::tempdir().unwrap();
    // Four seconds to move: the person's taps fit in it; waiting runs it out.
    let timers = table::Defaults {
        remind_after: 0,
        remind_every: 0,
        timeout_after: 4,
        on_timeout: storage::TimeoutPolicy::Auto,
    };
    let bot = Bot::start_with(&fake, dir.path(), timers).await;
    // Villa again at the end with hard bots: their tree plays the rules of thumb at three
    // players.
    let tables = [
        ("The Princes of Florence", "easy", "fácil"),
        ("Palazzo", "easy", "fácil"),
        ("Villa Paletti", "easy", "fácil"),
        ("The Estates", "easy", "fácil"),
        ("Villa Paletti", "hard", "difícil"),
    ];
    // The title of every game finished so far, each a new person's (each rated).
    let mut finished: Vec<&str> = vec![];
    for (i, (title, level, said)) in tables.into_iter().enumerate() {
        let bots = [
            format!("Bot Lorenzo ({said})"),
            format!("Bot Lucrezia ({said})"),
        ];
        // A villa can fall before the timeouts were seen (the person taps at random):
        // then a new table with a new person, a few times at most.
        let mut attempt = 0;
        let (channel, ana, name, mut last, mut rng) = loop {
            let channel = fake.add_channel(&format!("mesa-bots-{i}-{attempt}"));
            let name = match attempt {
                0 => format!("sola{i}"),
                _ => format!("sola{i}r{attempt}"),
            };
            let ana = fake.add_user(&name);
            fake.set_user_locale(ana, "es-ES");
            let (game, level) = (game_choice(&fake, title), level_choice(&fake, level));
            slash(
                &fake,
                ana,
                channel,
                "game new",
                json!({ "game": game, "bots": 2, "level": level }),
            )
            .await;
            let seed = 490 + i as u64 + 100 * attempt as u64;
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut last = 0;
            if timeouts_seen(&fake, channel, ana, &bots, &mut last, &mut rng).await {
                break (channel, ana, name, last, rng);
            }
            // Only a villa falls: any other title over this soon is a fault.
            assert_eq!(title, "Villa Paletti", "over before its timeouts were seen");
            finished.push(title);
            attempt += 1;
            assert!(
                attempt < 5,
                "{title}: {attempt} games over before their timeouts"
            );
        };
        // A move, then an undo (taken back, asked for, or refused: in Spanish).
        my_turn_then_a_move(&fake, channel, ana, &mut last, &mut rng).await;
        slash(&fake, ana, channel, "game undo", json!({})).await;
        for command in ["game log", "game status", "game hand", "game scores"] {
            slash(&fake, ana, channel, command, json!({})).await;
        }
        // The replay, a few steps back and forth.
        let replies = slash(&fake, ana, channel, "game history", json!({})).await;
        let mut replay = replies
            .into_iter()
            .find(|m| !m.components.is_empty())
            .unwrap_or_else(|| panic!("{title}: no replay"));
        let names = [name.as_str(), &bots[0], &bots[1]];
        for action in ["vf", "vn", "vn", "vr", "vl", "vp"] {
            let text = shown_text(&replay).replace('\\', "");
            assert_no_english(&english, &text, &names, title);
            let id = clickables(&replay)
                .into_iter()
                .map(|(id, _)| id)
                .find(|id| action_of(id) == action)
                .unwrap_or_else(|| panic!("{title}: no {action} button"));
            let disabled = replay.components.iter().any(|row| {
                row["components"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .any(|c| c["custom_id"] == id.as_str() && c["disabled"] == true)
            });
            if !disabled {
                replay = tap_panel(&fake, ana, &replay, &id, None).await;
            }
        }
        // Then on to the end: every bots' chain of every round, and the final scores.
        let mut moves = 0;
        while my_turn_then_a_move(&fake, channel, ana, &mut last, &mut rng).await {
            moves += 1;
            assert!(moves < 1_000, "{title}: not over after {moves} moves");
        }
        if i == 0 {
            let headers = public_messages(&fake, channel)
                .iter()
                .filter(|m| m.content.contains("Empieza la ronda"))
                .count();
            assert!(headers > 0, "{title}: no round header");
        }
        // Rated (the seat a `bot` stand-in played a while counts as theirs): the change
        // told in Spanish in the end message, after the scores, and `/game rating`
        // answers in Spanish with the same number.
        let told = ratings_told(
            &fake,
            channel,
            "**Puntuación final**",
            "📈 **Puntuaciones**",
        )
        .await;
        let (delta, shown) = change_of(&told, &name);
        let reply = my_rating(&fake, ana, channel).await;
        // One person rated per game: as many at this title as its games so far.
        finished.push(title);
        let rated = finished.iter().filter(|t| **t == title).count();
        let line =
            format!("**{title}**: {shown} · 1 partida puntuada · último cambio {delta} · puesto ");
        let of = format!(" de {rated} (provisional)");
        let told_line = reply.lines().find(|l| l.starts_with(&line));
        assert!(
            told_line.is_some_and(|l| l.ends_with(&of)),
            "{title}: {line}… {of} in {reply}"
        );
        assert_no_english(&english, &reply, &names, title);
        // The rating leaderboard's picture and its description, in Spanish.
        let board = rating_board(&fake, ana, channel, title).await;
        let alt = picture_on(&board).description.clone().unwrap_or_default();
        let entry = format!("{name}: {shown}, 1 partida puntuada (provisional)");
        assert!(
            alt.starts_with(&format!("Puntuaciones — {title}. "))
                && alt
                    .lines()
                    .any(|l| l.split_once(". ").is_some_and(|(rank, rest)| rank
                        .parse::<usize>()
                        .is_ok_and(|r| (1..=rated).contains(&r))
                        && rest == entry)),
            "{title}: {alt}"
        );
        assert_no_english(&english, &alt, &names, title);
        let mut read = 0;
        for m in fake
            .channel_messages(channel)
            .iter()
            .chain(&dm_history(&fake, ana))
        {
            // Names are escaped for Discord: read as Discord shows them.
            let text = shown_text(m).replace('\\', "");
            assert_no_english(&english, &text, &names, title);
            read += 1;
        }
        let games = attempt + 1;
        println!("e2e_spanish_bots_{i}: {title} games={games} messages_read={read}");
    }
    fake.assert_no_errors();
    bot.stop().await;
}
