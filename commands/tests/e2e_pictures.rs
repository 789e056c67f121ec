//! End to end on the fake Discord: board pictures. `/game status` and the **Board**
//! button show the board picture privately; `/game hand` shows the caller's own private
//! picture (never the same as the board; none for Villa Paletti, which hides nothing);
//! without Attach Files the turn message still goes out, without its picture (the upload is
//! not even tried, as the interaction said it is missing), and the mover is told why.

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
