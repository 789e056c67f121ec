//! End to end on the fake Discord: a person alone with bots, in their DMs with the bot.
//! A DM game plays to the end with every feature a server's table has (a reminder and an
//! undo on the way), and nothing of a bot's hand ever reaches the DM.

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

/// What the channel is told of an undo made at once, after the person's name, in `lang`.
fn undo_done(lang: Lang) -> String {
    let text = words::text(lang, "table-undo-done", &[("name", "\u{1}".into())]);
    text.split_once('\u{1}').expect("the name").1.to_string()
}

/// `user` plays the game in `channel` to its end by tapping random moves on the panel.
/// Until one is made, a move of theirs after which they are still the one to move (no
/// bot moved in between) is taken back with `/game undo`; returns how many were.
async fn play_to_the_end(
    fake: &FakeDiscord,
    user: u64,
    channel: u64,
    lang: Lang,
    seed: u64,
) -> usize {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut moves = 0;
    let mut undone = 0;
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
            return undone;
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
        let again = turn_message(fake, channel)
            .is_some_and(|t| t.id != turn.id && !awaited(&t, &[user]).is_empty());
        if undone == 0 && again && !over(&public_messages(fake, channel), lang) {
            undone += take_back(fake, user, channel, lang).await;
        }
    }
}

/// `user` asks `/game undo` in `channel`: 1 if their last move was taken back (the
/// channel told so, and it is their move again), 0 if the rules refused it (a move that
/// brought out something hidden or random).
async fn take_back(fake: &FakeDiscord, user: u64, channel: u64, lang: Lang) -> usize {
    let before = public_messages(fake, channel).len();
    let replies = slash(fake, user, channel, "game undo", json!({})).await;
    let done = undo_done(lang);
    let refusals = [
        words::text(lang, "table-undo-blocked", &[]),
        words::text(lang, "table-undo-bot-moved", &[]),
    ];
    if replies
        .iter()
        .any(|m| refusals.iter().any(|r| m.content.contains(r)))
    {
        return 0;
    }
    let told = fake
        .wait_for("the undo told in the channel", |f| {
            public_messages(f, channel)
                .into_iter()
                .skip(before)
                .find(|m| m.content.contains(&done))
        })
        .await;
    fake.wait_for("the person's move again after the undo", |f| {
        turn_message(f, channel).filter(|t| t.id >= told.id && !awaited(t, &[user]).is_empty())
    })
    .await;
    1
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
    // Every position the game was ever in, those an undo took back included (the
    // person saw them): the effective log of each prefix of the log, replayed.
    for end in 0..=log.len() {
        let mut game = (kind.new)(meta.seats.len(), &meta.options, meta.seed).unwrap();
        for (_, entry) in storage::effective_log(&log[..end]) {
            game.apply_logged(entry.seat, &entry.action).unwrap();
        }
        look(game.as_ref());
    }
    // A longer line of the person's (`bid: 82` beside a bot's `bid: 8`) is theirs.
    secret.retain(|l| !known.iter().any(|k| k.contains(l.as_str())));
    secret
}

/// A DM game of `title` for one person in `locale` against two easy bots, to the end:
/// status, log, a hint, a reminder, an undo and a server's command on the way, nothing of
/// the bots' hands in the DM.
async fn a_dm_game_plays_to_the_end(title: &str, locale: &str, lang: Lang, seed: u64) {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    // Registered globally, as in production: guild commands are not offered in DMs.
    // A reminder 2 s after the last move, so one comes while the person waits.
    let timers = table::Defaults {
        remind_after: 2,
        remind_every: 0,
        ..table::Defaults::default()
    };
    let bot = Bot::start_global_with(&fake, dir.path(), timers).await;
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
    // On the person's first turn, `/game hint` answers there too.
    fake.wait_for("the person's first turn", |f| {
        turn_message(f, dm).filter(|t| !awaited(t, &[ana]).is_empty())
    })
    .await;
    let hint = slash(&fake, ana, dm, "game hint", json!({})).await;
    assert!(
        hint.iter().any(|m| m.content.starts_with("💡")),
        "{title}: /game hint in a DM: {hint:#?}"
    );
    // The person waits on their turn: a reminder comes, in the DM, in their language.
    let reminder = words::text(
        lang,
        "timer-reminder",
        &[
            ("game", title.into()),
            ("names", "".into()),
            ("since", "".into()),
        ],
    );
    let reminder = reminder.split("**").next().unwrap_or_default().to_string();
    fake.wait_for("a reminder in the DM", |f| {
        public_messages(f, dm)
            .into_iter()
            .find(|m| m.content.starts_with(&reminder) && m.content.contains(&format!("<@{ana}>")))
    })
    .await;
    let undone = play_to_the_end(&fake, ana, dm, lang, seed).await;
    assert_eq!(undone, 1, "{title}: a move taken back on the way");
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

/// The typed move a coach's note suggests (`⌨️ `bid 3``), if it is one.
fn suggested(note: &str) -> Option<String> {
    let (_, rest) = note.split_once("⌨️ `")?;
    Some(rest.split_once('`')?.0.to_string())
}

/// A learner starts `/game learn` for `title` (from their DM, or on the server, where a
/// private thread is made for them) and plays the coach's suggestion at every decision
/// until the lesson is over. Returns the lesson's channel and the decisions made.
async fn follow_the_coach(
    fake: &FakeDiscord,
    title: &str,
    locale: &str,
    lang: Lang,
    in_dm: bool,
) -> (u64, usize) {
    let ana = fake.add_user(&format!("learner-{}-{locale}", title.len()));
    fake.set_user_locale(ana, locale);
    let kind = rules::catalog::games()
        .into_iter()
        .find(|k| k.title == title)
        .expect("a title");
    let started_in = if in_dm {
        fake.dm_channel(ana)
    } else {
        fake.add_channel(&format!("learn-{}-{locale}", kind.id))
    };
    let choice = game_choice(fake, title);
    let replies = slash(
        fake,
        ana,
        started_in,
        "game learn",
        json!({ "game": choice }),
    )
    .await;
    let channel = if in_dm {
        started_in
    } else {
        let threads = fake.threads_of(started_in);
        assert_eq!(threads.len(), 1, "{title}: one thread for the lesson");
        let thread = fake.thread(threads[0]).unwrap();
        assert_eq!(thread["private"], true);
        assert!(
            thread["members"].as_array().unwrap().contains(&json!(ana)),
            "{title}: the learner is in the thread: {thread}"
        );
        assert!(
            replies
                .iter()
                .any(|m| m.content.contains(&format!("<#{}>", threads[0]))),
            "{title}: the answer points to the thread: {replies:#?}"
        );
        // Nothing of the lesson in the channel itself.
        assert!(public_messages(fake, started_in).is_empty());
        threads[0]
    };
    let lesson_over = words::text(lang, "learn-coach-over", &[]);
    let lesson_done = words::text(lang, "learn-coach-done", &[("game", kind.title.into())]);
    let rule = words::text(lang, "learn-coach-rule", &[("topic", "".into())]);
    let rule_mark = rule.split("**").next().unwrap_or_default().to_string();
    let same = words::text(lang, "learn-coach-after-same", &[]);
    let mut seen = 0u64;
    let mut decisions = 0;
    loop {
        let note = fake
            .wait_for(&format!("{title}: the coach's next note"), |f| {
                public_messages(f, channel).into_iter().find(|m| {
                    m.id > seen
                        && (suggested(&m.content).is_some()
                            || m.content.contains(&lesson_over)
                            || m.content.contains(&lesson_done))
                })
            })
            .await;
        seen = note.id;
        let Some(line) = suggested(&note.content) else {
            break;
        };
        assert!(
            note.content.contains(&rule_mark),
            "{title}: the note points to a rules topic: {}",
            note.content
        );
        let replies = slash(
            fake,
            ana,
            channel,
            &format!("{} move", kind.id),
            json!({ "move": line }),
        )
        .await;
        decisions += 1;
        assert!(
            decisions < MOVE_LIMIT,
            "{title}: no end after {decisions} decisions"
        );
        // A move played is answered with nothing but the game going on: no refusal.
        assert!(
            replies.iter().all(|m| suggested(&m.content).is_none()),
            "{title}: {replies:#?}"
        );
        // After the move, the coach says it was its suggestion.
        let after = words::text(lang, "learn-coach-after-other", &[("hint", "".into())]);
        let after = after.trim().to_string();
        let said = fake
            .wait_for(&format!("{title}: the coach's word on the move"), |f| {
                public_messages(f, channel).into_iter().find(|m| {
                    m.id > seen && (m.content.contains(&same) || m.content.contains(&after))
                })
            })
            .await;
        assert!(said.content.contains(&same), "{title}: {}", said.content);
    }
    // The lesson ended: its decisions told (the game goes on), or the game over.
    let last = public_messages(fake, channel)
        .into_iter()
        .filter(|m| m.content.contains(&lesson_done) || m.content.contains(&lesson_over))
        .count();
    assert_eq!(last, 1, "{title}: the coach's last word, once");
    // The game goes on as a normal game: the learner moves once more, by the panel, and
    // the coach says nothing of it — unless the bots' moves end the game first.
    let next = fake
        .wait_for(
            &format!("{title}: the learner's turn after the lesson, or the end"),
            |f| {
                if over(&public_messages(f, channel), lang) {
                    return Some(None);
                }
                let turn = turn_message(f, channel)?;
                (!awaited(&turn, &[ana]).is_empty()).then_some(Some(turn))
            },
        )
        .await;
    if let Some(turn) = next {
        let (_, your_move) = awaited(&turn, &[ana])[0].clone();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        tap_a_move(fake, ana, &turn, &your_move, &mut rng)
            .await
            .expect("a move on the panel");
        fake.wait_for(&format!("{title}: the game goes on"), |f| {
            turn_message(f, channel).filter(|t| t.id != turn.id)
        })
        .await;
        let coached = public_messages(fake, channel)
            .into_iter()
            .filter(|m| m.id > seen && suggested(&m.content).is_some())
            .count();
        assert_eq!(coached, 0, "{title}: the coach spoke after the lesson");
    }
    (channel, decisions)
}

/// Every title's lesson, followed to its end in English and in Spanish: one of the two
/// in a private thread, the other in a DM (which one alternates by title).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_learner_completes_every_lesson_by_following_the_coach() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start_global(&fake, dir.path()).await;
    let started = std::time::Instant::now();
    for (i, title) in [
        "Palazzo",
        "Villa Paletti",
        "The Estates",
        "The Princes of Florence",
    ]
    .into_iter()
    .enumerate()
    {
        let english_in_dm = i % 2 == 1;
        let en = follow_the_coach(&fake, title, "en-US", Lang::En, english_in_dm).await;
        let es = follow_the_coach(&fake, title, "es-ES", Lang::Es, !english_in_dm).await;
        for ((_, decisions), locale, in_dm) in
            [(en, "en-US", english_in_dm), (es, "es-ES", !english_in_dm)]
        {
            let where_ = if in_dm { "DM" } else { "thread" };
            println!(
                "lesson {title} ({locale}, {where_}): {decisions} decisions × 20 s = {} min {} s",
                decisions * 20 / 60,
                decisions * 20 % 60
            );
            if title == "The Princes of Florence" {
                assert!(decisions * 20 <= 15 * 60, "{title}: {decisions} decisions");
            }
        }
    }
    println!(
        "every lesson in both languages: {:.1} s",
        started.elapsed().as_secs_f64()
    );
    fake.assert_no_errors();
    bot.stop().await;
}

/// The Princes of Florence's lesson in Spanish in a private thread, followed past its
/// end: its deal brings the game to its last turns, and the bots' moves may end it right
/// after the coach's last word. What the thread is told then (the final scores) is in
/// the learner's language, as the thread speaks its owner's: told in the server's
/// English, the end went unseen and the game looked stalled at a bot's turn.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_princes_lesson_in_a_thread_goes_on_in_spanish_after_it() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start_global(&fake, dir.path()).await;
    let (thread, _) =
        follow_the_coach(&fake, "The Princes of Florence", "es-ES", Lang::Es, false).await;
    let english_end = words::text(Lang::En, "table-outcome-title", &[]);
    assert!(
        public_messages(&fake, thread)
            .iter()
            .all(|m| !m.content.contains(&english_end)),
        "the end is told in the learner's language"
    );
    fake.assert_no_errors();
    bot.stop().await;
}
