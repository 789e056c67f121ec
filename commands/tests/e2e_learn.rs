//! End to end on the fake Discord: a person alone with bots, in their DMs with the bot.
//! A DM game plays to the end with every feature a server's table has, and nothing of a
//! bot's hand ever reaches the DM.

mod common;
use common::*;
use fake_discord::{FakeDiscord, RecordedMessage};
use rand::SeedableRng;
use serde_json::json;
use std::collections::BTreeSet;
use std::time::Duration;
use words::Lang;

/// Most moves a test game may take before it is called stuck.
const MOVE_LIMIT: usize = 3_000;

/// Whether `messages` hold the end of the game (its final scores, in `lang`).
fn over(messages: &[RecordedMessage], lang: Lang) -> bool {
    let title = words::text(lang, "table-outcome-title", &[]);
    messages.iter().any(|m| m.content.contains(&title))
}

/// `user` plays the game in `channel` to its end by tapping random moves on the panel;
/// returns how many moves they made.
async fn play_to_the_end(fake: &FakeDiscord, user: u64, channel: u64, lang: Lang, seed: u64) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut moves = 0;
    loop {
        let after = fake
            .wait_for("the person's turn or the end", |f| {
                if over(&public_messages(f, channel), lang) {
                    return Some(None);
                }
                let turn = turn_message(f, channel)?;
                (!awaited(&turn, &[user]).is_empty()).then_some(Some(turn))
            })
            .await;
        let Some(turn) = after else {
            return;
        };
        let (_, your_move) = awaited(&turn, &[user])[0].clone();
        let before = public_messages(fake, channel).len();
        tap_a_move(fake, user, &turn, &your_move, &mut rng)
            .await
            .expect("the panel offers a move");
        moves += 1;
        assert!(moves < MOVE_LIMIT, "not over after {moves} moves");
        // A move nobody else is told of (an Estates stash) posts nothing: after a while
        // with no new message, the person moves again.
        for _ in 0..40 {
            let answered = over(&public_messages(fake, channel), lang)
                || turn_message(fake, channel).is_some_and(|t| t.id != turn.id);
            if answered || public_messages(fake, channel).len() > before + 1 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The lines of every bot seat's private view at every step of the game archived in
/// `channel`, in `lang`, that neither the person's own view nor the public board ever
/// showed: what must never reach the person.
fn bots_secret_lines(dir: &std::path::Path, channel: u64, lang: Lang) -> BTreeSet<String> {
    use storage::Store;
    let store = storage::SledStore::open(dir).unwrap();
    let archived = store.archived(channel).unwrap();
    let meta = &archived.last().expect("the game is archived").meta;
    let kind = rules::catalog::find(&meta.game).unwrap();
    let names: Vec<String> = meta.seats.iter().map(|s| s.name.clone()).collect();
    let say = words::Speaker::new(lang, &names);
    let mut game = (kind.new)(meta.seats.len(), &meta.options, meta.seed).unwrap();
    let log = store.log(meta.game_id).unwrap();
    let (mut secret, mut known) = (BTreeSet::new(), BTreeSet::new());
    let mut look = |game: &dyn rules::dynamic::DynGame| {
        for (seat, user) in meta.seats.iter().enumerate() {
            let text = game.private_text(seat, &names, &say);
            let lines = text.lines().map(|l| l.trim().to_string());
            if user.is_bot() {
                secret.extend(lines.filter(|l| l.chars().count() >= 12));
            } else {
                known.extend(lines);
            }
        }
        known.extend(
            game.public_text(&names, &say)
                .lines()
                .map(|l| l.trim().to_string()),
        );
    };
    look(game.as_ref());
    for (_, entry) in storage::effective_log(&log) {
        game.apply_logged(entry.seat, &entry.action).unwrap();
        look(game.as_ref());
    }
    // A longer line of the person's (`bid: 82` beside a bot's `bid: 8`) is theirs.
    secret.retain(|l| !known.iter().any(|k| k.contains(l.as_str())));
    secret
}

/// A DM game of `title` for one person in `locale` against two easy bots, to the end:
/// status, log and a server's command on the way, nothing of the bots' hands in the DM.
async fn a_dm_game_plays_to_the_end(title: &str, locale: &str, lang: Lang, seed: u64) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // Registered globally, as in production: guild commands are not offered in DMs.
    let bot = Bot::start_global(&fake, dir.path()).await;
    let ana = fake.add_user("ana");
    fake.set_user_locale(ana, locale);
    let dm = fake.dm_channel(ana);
    let (game, level) = (game_choice(&fake, title), level_choice(&fake, "easy"));
    slash(
        &fake,
        ana,
        dm,
        "game new",
        json!({ "game": game, "bots": 2, "level": level }),
    )
    .await;
    // The table's commands work there: a hint, the status, the log.
    fake.wait_for("the first turn message", |f| turn_message(f, dm))
        .await;
    let status = slash(&fake, ana, dm, "game status", json!({})).await;
    // The board names the seats (its picture, or its text once the bots moved on).
    assert!(
        status.iter().any(|m| m.content.contains("ana")),
        "{title}: /game status: {status:#?}"
    );
    // A server's command says why it cannot answer here.
    let stats = slash(&fake, ana, dm, "game stats", json!({})).await;
    let needs = words::text(lang, "reply-needs-server", &[]);
    assert!(
        stats.iter().any(|m| m.content == needs),
        "{title}: {stats:#?}"
    );
    // `/game log` answers there (its heading, or "no moves yet").
    logged_moves(&fake, ana, dm).await;
    play_to_the_end(&fake, ana, dm, lang, seed).await;
    let messages = public_messages(&fake, dm);
    assert!(over(&messages, lang), "{title}: no final scores");
    // The person's hand is in the DM itself; no DM points elsewhere ("a seat in #…").
    assert!(
        messages.iter().all(|m| !m.content.contains("<#")),
        "{title}: a message points to another channel"
    );
    assert!(
        messages.iter().all(|m| !m.content.contains("<@922337")),
        "{title}: a bot was mentioned"
    );
    fake.assert_no_errors();
    bot.stop().await;
    let secrets: Vec<String> = bots_secret_lines(dir.path(), dm, lang)
        .into_iter()
        .collect();
    assert!(
        !secrets.is_empty(),
        "{title}: the bots hold nothing secret?"
    );
    // The end's scores reveal what the rules reveal then (the bots' prince cards).
    let end = words::text(lang, "table-outcome-title", &[]);
    for payload in channel_payloads(&fake, dm) {
        if strings_in(&payload).iter().any(|s| s.contains(&end)) {
            continue;
        }
        assert_no_secret_in(&payload, &secrets, title);
    }
    println!(
        "{title} ({locale}): a DM game to the end, {} messages, {} bot-only lines kept out",
        messages.len(),
        secrets.len()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_game_plays_to_the_end_in_english_and_no_bots_hand_reaches_it() {
    a_dm_game_plays_to_the_end("Palazzo", "en-US", Lang::En, 7).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dm_game_plays_to_the_end_in_spanish_and_no_bots_hand_reaches_it() {
    a_dm_game_plays_to_the_end("The Princes of Florence", "es-ES", Lang::Es, 8).await;
}
