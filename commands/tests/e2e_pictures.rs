//! End to end on the fake Discord: board pictures. `/game status` and the **Board**
//! button show the board picture privately; `/game hand` shows the caller's own private
//! picture (never the same as the board; none for Villa Paletti, which hides nothing);
//! without Attach Files the turn message still goes out, without its picture (the upload is
//! not even tried, as the interaction said it is missing), and the mover is told why. A
//! move nobody is told of (an Estates stash) changes no byte the channel can read. For
//! screen readers: `/game status text:true`, the **Text board** button and `/game hand
//! text:true` answer privately with plain text in the asker's language.

mod common;
use common::*;
use fake_discord::{FakeDiscord, Permissions};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn status_and_hand_show_pictures_privately() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;

    let channel = fake.add_channel("princes-pictures");
    let seats = [
        fake.add_user("ana"),
        fake.add_user("bruno"),
        fake.add_user("carla"),
    ];
    open_table(&fake, channel, "The Princes of Florence", &seats).await;
    let turn = turn_message(&fake, channel).expect("a turn message");
    let board = picture_on(&turn).bytes.clone();

    // /game status: the same picture (same state, same bytes), privately, with the line
    // saying who is awaited.
    let status = slash(&fake, seats[2], channel, "game status", json!({})).await;
    assert_eq!(status.len(), 1, "{status:#?}");
    assert!(status[0].flags & 64 != 0, "status is private");
    assert_eq!(picture_on(&status[0]).bytes, board);
    assert!(
        status[0].content.contains("Waiting for"),
        "{}",
        status[0].content
    );

    // /game hand: the caller's own cards as a picture, private, different per player.
    let mut hands = Vec::new();
    for &user in &seats {
        let hand = slash(&fake, user, channel, "game hand", json!({})).await;
        assert!(hand.iter().all(|m| m.flags & 64 != 0), "hands are private");
        let with_picture: Vec<_> = hand.iter().filter(|m| !m.attachments.is_empty()).collect();
        assert_eq!(with_picture.len(), 1, "{hand:#?}");
        let png = picture_on(with_picture[0]).bytes.clone();
        assert_ne!(png, board, "a hand is not the board");
        hands.push(png);
    }
    assert!(
        hands[0] != hands[1] && hands[1] != hands[2],
        "each player sees their own hand"
    );
    // The channel never got a private picture.
    for m in public_messages(&fake, channel) {
        for f in &m.attachments {
            assert!(!hands.contains(&f.bytes), "a hand picture in the channel");
        }
    }

    // Villa Paletti hides nothing: /game hand says so (and which colours are yours),
    // with no picture.
    let villa = fake.add_channel("villa-pictures");
    let players = [fake.add_user("dario"), fake.add_user("elena")];
    open_table(&fake, villa, "Villa Paletti", &players).await;
    picture_on(&turn_message(&fake, villa).expect("a Villa turn message"));
    let hand = slash(&fake, players[0], villa, "game hand", json!({})).await;
    assert!(hand.iter().all(|m| m.attachments.is_empty()), "{hand:#?}");
    assert!(
        hand[0].content.contains("no secrets"),
        "{}",
        hand[0].content
    );

    fake.assert_no_errors();
    bot.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_attach_files_the_turn_message_goes_out_without_its_picture() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("no-files");
    let seats = [fake.add_user("ana"), fake.add_user("bruno")];
    open_table(&fake, channel, "Palazzo", &seats).await;
    picture_on(&turn_message(&fake, channel).unwrap());

    fake.deny(channel, Permissions::ATTACH_FILES);
    let before = public_messages(&fake, channel).len();
    let (user, panel) = open_panel(&fake, channel, &seats).await;
    let (id, value) = first_move_on(&panel).expect("a move");
    let result = tap_panel(&fake, user, &panel, &id, value.as_deref()).await;
    let after = public_messages(&fake, channel);
    assert_eq!(after.len(), before + 1, "the turn message went out once");
    let turn = after.last().unwrap();
    assert!(turn.attachments.is_empty() && turn.embeds.is_empty());
    assert!(!turn.custom_ids().is_empty(), "it still has its buttons");
    // The mover learns why (in the panel's answer, privately).
    let told: String = fake
        .channel_messages(channel)
        .iter()
        .filter(|m| m.flags & 64 != 0)
        .map(|m| m.content.clone())
        .chain(std::iter::once(result.content.clone()))
        .collect();
    assert!(told.contains("Attach Files"), "{told}");

    // Allowed again: the next turn message has its picture.
    fake.allow(channel, Permissions::ATTACH_FILES);
    let (user, panel) = open_panel(&fake, channel, &seats).await;
    let (id, value) = first_move_on(&panel).expect("a move");
    tap_panel(&fake, user, &panel, &id, value.as_deref()).await;
    picture_on(&turn_message(&fake, channel).unwrap());
    // The interaction said Attach Files was missing: the upload was not even tried.
    fake.assert_no_errors();
    bot.stop().await;
}

/// One Estates game for three from seed 2026, set up in the store before the bot starts
/// (Discord's `/game new` draws its seed), then played by typed moves: with `stash`, the
/// first player stashes first (a move nobody else is told of); then every awaited
/// player, `moves` times, passes where they may, else plays their first move that is
/// not a stash. Returns every payload the channel's members could read, with the ids
/// Discord assigned (snowflakes of messages, attachments, the channel, the guild and
/// the users) replaced by their order of appearance, and the pictures' bytes.
async fn estates_channel_payloads(stash: bool, moves: usize) -> (Vec<String>, Vec<Vec<u8>>) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let channel = fake.add_channel("estates-secrets");
    let seats = [
        fake.add_user("ana"),
        fake.add_user("bruno"),
        fake.add_user("carla"),
    ];
    {
        let store = std::sync::Arc::new(storage::SledStore::open(dir.path()).unwrap());
        let table = table::Table::new(store);
        let caller = |i: usize| table::Caller {
            guild: Some(fake.guild_id()),
            ..table::Caller::new(seats[i], ["ana", "bruno", "carla"][i])
        };
        for (i, line) in [
            (0, "new estates seed=2026"),
            (1, "join"),
            (2, "join"),
            (0, "start"),
        ] {
            table.handle(channel, &caller(i), table::Command::parse(line));
        }
    }
    let bot = Bot::start(&fake, dir.path()).await;
    let posts = |f: &FakeDiscord| public_messages(f, channel).len();
    fake.wait_for("the turn message", |f| turn_message(f, channel))
        .await;
    let awaited = || async {
        for &user in &seats {
            let legal = typed_moves(&fake, user, channel, "estates").await;
            if !legal.is_empty() {
                return (user, legal);
            }
        }
        panic!("nobody is awaited");
    };
    if stash {
        let (user, legal) = awaited().await;
        assert!(legal.iter().any(|m| m == "stash"), "{legal:?}");
        let before = posts(&fake);
        slash(
            &fake,
            user,
            channel,
            "estates move",
            json!({ "move": "stash" }),
        )
        .await;
        // The stasher's live hand shows it; the channel got nothing.
        assert_live_hands(&fake, channel, &[user]).await;
        assert_eq!(posts(&fake), before, "a stash posts nothing");
    }
    for _ in 0..moves {
        let (user, legal) = awaited().await;
        let line = legal
            .iter()
            .find(|m| *m == "pass")
            .or_else(|| legal.iter().find(|m| *m != "stash"))
            .expect("a move")
            .clone();
        let before = posts(&fake);
        slash(
            &fake,
            user,
            channel,
            "estates move",
            json!({ "move": line }),
        )
        .await;
        fake.wait_for(&format!("the channel told of `{line}`"), |f| {
            (posts(f) > before).then_some(())
        })
        .await;
    }
    // The last post's picture and the previous turn message's edit are done.
    assert_live_hands(&fake, channel, &seats).await;
    let mut payloads = channel_payloads(&fake, channel);
    // Another player steps back through `/game history`: its buttons name steps alike.
    let replies = slash(&fake, seats[1], channel, "game history", json!({})).await;
    let mut replay = replies
        .into_iter()
        .find(|m| !m.components.is_empty())
        .expect("a replay with buttons");
    payloads.push(message_json(&replay));
    for _ in 0..2 {
        let back = clickables(&replay)
            .into_iter()
            .map(|(id, _)| id)
            .find(|id| action_of(id) == "vp")
            .expect("a ◀ button");
        replay = tap_panel(&fake, seats[1], &replay, &back, None).await;
        payloads.push(message_json(&replay));
    }
    let pictures = public_messages(&fake, channel)
        .iter()
        .flat_map(|m| m.attachments.iter().map(|f| f.bytes.clone()))
        .collect();
    // Ids Discord assigned: the channel, the guild, the users, messages, attachments.
    let mut ids: Vec<u64> = vec![channel, fake.guild_id()];
    ids.extend(seats);
    for m in fake
        .channel_messages(channel)
        .into_iter()
        .chain(fake.deleted_messages())
    {
        ids.push(m.id);
        ids.extend(m.attachments.iter().map(|f| f.id));
    }
    // The attachments of a message as it was then (an edit replaces them).
    ids.extend(payloads.iter().flat_map(|p| {
        p["attachments"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|a| a["id"].as_str()?.parse::<u64>().ok())
            .collect::<Vec<_>>()
    }));
    // Each replaced by its order of first appearance in the payloads.
    let mut seen: Vec<String> = Vec::new();
    let shown = payloads
        .iter()
        .map(|p| {
            let text = p.to_string();
            let mut out = String::with_capacity(text.len());
            let mut digits = String::new();
            for c in text.chars().chain(std::iter::once(' ')) {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                if !digits.is_empty() {
                    if digits.parse().is_ok_and(|id: u64| ids.contains(&id)) {
                        let k = seen.iter().position(|s| *s == digits).unwrap_or_else(|| {
                            seen.push(digits.clone());
                            seen.len() - 1
                        });
                        out.push_str(&format!("<id{k}>"));
                    } else {
                        out.push_str(&digits);
                    }
                    digits.clear();
                }
                out.push(c);
            }
            out.pop();
            out
        })
        .collect();
    fake.assert_no_errors();
    bot.stop().await;
    (shown, pictures)
}

/// A move nobody is told of changes nothing a channel member can read: two Estates
/// games from one seed, one where the first player stashes and one where they do not,
/// followed by the same public moves, give the same channel payloads byte for byte —
/// content, embeds, pictures, custom ids, nonces, edits and their order, and the
/// replay's steps another player reads with `/game history` (only the ids
/// Discord itself assigns are replaced by their order of appearance; the fakes assign
/// them from their own clocks).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stash_leaves_every_channel_payload_unchanged() {
    let moves = 8;
    let (quiet, quiet_pictures) = estates_channel_payloads(false, moves).await;
    let (stashed, stashed_pictures) = estates_channel_payloads(true, moves).await;
    assert!(quiet.len() > moves, "{} payloads", quiet.len());
    assert_eq!(quiet.len(), stashed.len());
    for (a, b) in quiet.iter().zip(&stashed) {
        assert_eq!(a, b, "a channel payload differs after a stash");
    }
    assert!(!quiet_pictures.is_empty());
    assert!(
        quiet_pictures == stashed_pictures,
        "the channel's pictures differ after a stash"
    );
}

/// Text as Discord shows it: the backslash before an escaped character taken out.
fn shown(content: &str) -> String {
    let mut out = String::new();
    let mut chars = content.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' && chars.peek().is_some_and(|n| n.is_ascii_punctuation()) {
            continue;
        }
        out.push(c);
    }
    out
}

/// Private text pages a screen reader reads well: no picture, every page within
/// Discord's 2,000 characters, short lines, no Markdown, no box drawing or emoji.
fn assert_text_pages(pages: &[fake_discord::RecordedMessage], what: &str) -> String {
    assert!(!pages.is_empty(), "{what}: no answer");
    let mut all = vec![];
    for m in pages {
        assert!(m.flags & 64 != 0, "{what}: private");
        assert!(
            m.attachments.is_empty() && m.embeds.is_empty(),
            "{what}: {m:#?}"
        );
        assert!(m.content.chars().count() <= 2000, "{what}: a page too long");
        let text = shown(&m.content);
        for line in text.lines() {
            assert!(line.chars().count() <= 80, "{what}: long line `{line}`");
            assert!(
                !line.contains("```") && !line.contains("**"),
                "{what}: Markdown in `{line}`"
            );
            assert!(
                !line.chars().any(|c| matches!(u32::from(c),
                    0x2500..=0x259F | 0x2600..=0x27BF | 0x2B00..=0x2BFF | 0xFE0F | 0x1F000..=0x1FAFF)),
                "{what}: a symbol in `{line}`"
            );
        }
        all.push(text);
    }
    all.join("\n")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_board_and_a_hand_as_text_for_screen_readers() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    let channel = fake.add_channel("princes-text");
    let seats = [
        fake.add_user("ana"),
        fake.add_user("bruno"),
        fake.add_user("carla"),
    ];
    open_table(&fake, channel, "The Princes of Florence", &seats).await;
    let turn = turn_message(&fake, channel).expect("a turn message");

    // /game status text:true: the board as text, no picture.
    let status = slash(
        &fake,
        seats[2],
        channel,
        "game status",
        json!({"text": true}),
    )
    .await;
    let board = assert_text_pages(&status, "status text");
    assert!(board.contains("Waiting for"), "{board}");
    assert!(board.contains("ana") && board.contains("carla"), "{board}");

    // The Text board button under the picture: the same text, for whoever taps it, and
    // its id holds what the Board button's does (channel, game, version, seat).
    let ids = turn.custom_ids();
    let text_id = ids
        .iter()
        .find(|id| id.ends_with(":t"))
        .expect("a Text board button");
    let board_id = ids
        .iter()
        .find(|id| id.ends_with(":b"))
        .expect("a Board button");
    assert_eq!(
        text_id.trim_end_matches('t'),
        board_id.trim_end_matches('b')
    );
    let watcher = fake.add_user("dario");
    let tapped = fake.click(watcher, &turn, text_id).replies().await;
    assert_eq!(assert_text_pages(&tapped, "text board button"), board);

    // In the asker's language: a Spanish reader gets Spanish.
    fake.set_user_locale(watcher, "es-ES");
    let tapped = fake.click(watcher, &turn, text_id).replies().await;
    let spanish = assert_text_pages(&tapped, "Spanish text board");
    assert!(spanish.contains("Esperando a"), "{spanish}");
    assert_ne!(spanish, board);

    // /game hand text:true: each player's own cards as text, different per player, never
    // in the channel.
    let mut hands = vec![];
    for &user in &seats {
        let hand = slash(&fake, user, channel, "game hand", json!({"text": true})).await;
        hands.push(assert_text_pages(&hand, "hand text"));
    }
    assert!(hands[0] != hands[1] && hands[1] != hands[2], "{hands:#?}");
    let public: Vec<String> = public_messages(&fake, channel)
        .iter()
        .map(|m| shown(&m.content))
        .collect();
    for hand in &hands {
        assert!(!public.iter().any(|p| p.contains(hand.as_str())), "{hand}");
    }
    // A watcher without a seat has no hand to read.
    let none = slash(&fake, watcher, channel, "game hand", json!({"text": true})).await;
    assert_text_pages(&none, "no seat");
    fake.assert_no_errors();
    bot.stop().await;
}
