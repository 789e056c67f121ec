//! Where features meet, end to end on the fake Discord: every title × {English, Spanish}
//! × {people only, one person and bots}, each table in a channel of its own (half the
//! tables with bots in their person's DM with the bot) and all of them at once, through a few moves, an undo, a hint, a timeout and a replay; on sled
//! (one process) and on PostgreSQL (two processes, each serving half the servers). Each
//! table then passes the same checks: nothing private in any channel payload, the
//! reader's language everywhere, every public move told once, no post twice.

use super::*;
use rand::SeedableRng;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The timeout of every table, in seconds: taps fit in it, waiting runs it out.
const TIMEOUT_S: u64 = 5;

/// The titles, with their smallest table.
const TITLES: [(&str, usize); 4] = [
    ("Palazzo", 2),
    ("Villa Paletti", 2),
    ("The Estates", 2),
    ("The Princes of Florence", 3),
];

/// One table of the matrix: where it is and who sits at it.
struct Table {
    title: &'static str,
    spanish: bool,
    with_bots: bool,
    /// Played in its person's DM with the bot rather than in a server's channel.
    dm: bool,
    channel: u64,
    /// Every seat in seating order: a person's user id, or 0 for a bot.
    seats: Vec<u64>,
    /// The people, host first, and their names.
    people: Vec<u64>,
    names: Vec<String>,
}

impl Table {
    fn label(&self) -> String {
        format!(
            "{} {} {}{}",
            self.title,
            if self.spanish { "es" } else { "en" },
            if self.with_bots { "bots" } else { "people" },
            if self.dm { " in a DM" } else { "" }
        )
    }

    /// What a text says in the table's language: the English or the Spanish.
    fn say<'a>(&self, en: &'a str, es: &'a str) -> &'a str {
        if self.spanish {
            es
        } else {
            en
        }
    }
}

/// The 16 tables, each in a channel of its own; `guilds` take turns holding them. Four of
/// the tables with bots, one per title (English or Spanish by turns), are in their
/// person's DM with the bot instead.
fn tables(fake: &FakeDiscord, guilds: &[u64]) -> Vec<Table> {
    let mut out = Vec::new();
    for (t, (title, smallest)) in TITLES.into_iter().enumerate() {
        for spanish in [false, true] {
            for with_bots in [false, true] {
                let i = out.len();
                let guild = guilds[i % guilds.len()];
                let channel = fake.add_channel_in(guild, &format!("matrix-{i}"));
                let people_n = if with_bots { 1 } else { smallest };
                let names: Vec<String> = ["ana", "bruno", "carla"]
                    .iter()
                    .take(people_n)
                    .map(|n| format!("{n}{t}{}", if spanish { "es" } else { "en" }))
                    .map(|n| format!("{n}{}", if with_bots { "b" } else { "p" }))
                    .collect();
                let people: Vec<u64> = names
                    .iter()
                    .map(|n| {
                        let user = fake.add_user(n);
                        fake.set_user_locale(user, if spanish { "es-ES" } else { "en-US" });
                        user
                    })
                    .collect();
                let mut seats = people.clone();
                seats.resize(smallest, 0);
                let dm = with_bots && spanish == (t % 2 == 0);
                let channel = if dm {
                    fake.dm_channel(people[0])
                } else {
                    channel
                };
                out.push(Table {
                    title,
                    spanish,
                    with_bots,
                    dm,
                    channel,
                    seats,
                    people,
                    names,
                });
            }
        }
    }
    out
}

/// What one table went through, for the report.
#[derive(Debug, Default)]
struct Played {
    taps: usize,
    logged: usize,
    read: usize,
}

/// The whole script of one table, with its checks.
async fn play_one(fake: &FakeDiscord, t: &Table, seed: u64) -> Played {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let (host, what) = (t.people[0], t.label());
    let ch = t.channel;
    // Open, in the table's language, with the bots seated before the start.
    slash(
        fake,
        host,
        ch,
        "game new",
        json!({ "game": game_choice(fake, t.title) }),
    )
    .await;
    // What was posted before the table chose Spanish spoke the server's English.
    // A DM's table speaks its person's language from the start.
    let mut spanish_since = 0;
    if t.spanish {
        let opened = if t.dm {
            format!("{} ha abierto una mesa", t.names[0])
        } else {
            format!("{} opened a table", t.names[0])
        };
        spanish_since = fake
            .wait_for(&format!("{what}: the table opened"), |f| {
                let posts = public_messages(f, ch);
                posts.iter().find(|m| m.content.contains(&opened))?;
                posts.last().map(|m| m.id)
            })
            .await;
        let es = language_choice(fake, "Español");
        slash(fake, host, ch, "game settings", json!({ "language": es })).await;
    }
    for &p in &t.people[1..] {
        slash(fake, p, ch, "game join", json!({})).await;
    }
    for _ in t.people.len()..t.seats.len() {
        let level = level_choice(fake, "easy");
        slash(fake, host, ch, "game bot add", json!({ "level": level })).await;
    }
    slash(fake, host, ch, "game start", json!({})).await;

    // A few moves by taps, whoever is awaited; then the last mover asks to undo.
    let mut played = Played::default();
    let mut last = 0;
    let mut mover = host;
    let moves = if t.with_bots { 2 } else { 4 };
    while played.taps < moves {
        let (user, turn, your_move) = persons_turn(fake, t, last).await;
        last = turn.id;
        if tap_a_move(fake, user, &turn, &your_move, &mut rng)
            .await
            .is_some()
        {
            played.taps += 1;
            mover = user;
        }
    }
    // Taken back or asked for (told in the channel), or refused naming the rule.
    let before = public_messages(fake, ch).len();
    let mut undo = text_of(&slash(fake, mover, ch, "game undo", json!({})).await);
    if !undo.contains(t.say("back", "retira")) && !undo.contains(t.say("Undo", "Deshacer")) {
        let told = fake
            .wait_for(&format!("{what}: the undo told"), |f| {
                public_messages(f, ch)
                    .into_iter()
                    .skip(before)
                    .find(|m| m.content.contains("↩️"))
            })
            .await;
        undo = told.content;
    }
    assert!(
        undo.contains(t.say("back", "retira")) || undo.contains(t.say("Undo", "Deshacer")),
        "{what}: the undo is not answered: {undo}"
    );
    // A hint, to whoever is awaited now, in their language.
    // (The server's bots may all be thinking: the answer says to ask again, as here. A
    // timeout may play for the person just before they ask: then whoever is awaited next
    // asks.)
    let mut hint = String::new();
    for _ in 0..40 {
        let (asker, _, _) = persons_turn(fake, t, 0).await;
        hint = text_of(&slash(fake, asker, ch, "game hint", json!({})).await);
        let again = hint.contains(t.say("ask for your hint again", "vuelve a pedir la pista"))
            || hint.contains(t.say("It is not your turn", "No es tu turno"));
        if !again {
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert!(
        hint.starts_with(t.say("💡 Hint: ", "💡 Pista: ")),
        "{what}: {hint}"
    );

    // Nobody moves: the timeout plays for the awaited person; then timeouts go off.
    fake.wait_for_within(
        &format!("{what}: a timeout"),
        Duration::from_secs(TIMEOUT_S * 6),
        |f| {
            public_messages(f, ch).into_iter().find(|m| {
                m.content.contains(t.say(
                    "ran out of time, so I moved for them",
                    "se le agotó el tiempo, así que he jugado en su lugar",
                ))
            })
        },
    )
    .await;
    // Timeouts off at once, while the bots may still be answering the timeout's move:
    // a setting posted in the middle of a bot chain leaves none of its moves untold.
    let off = text_of(
        &slash(
            fake,
            host,
            ch,
            "game settings",
            json!({ "timeout_after": "off" }),
        )
        .await,
    );
    assert!(!off.is_empty(), "{what}: timeouts off unanswered");
    settled(fake, t).await;

    // Nothing lost or doubled: every public move of the log is told in the channel once.
    let (total, listed) = logged_moves(fake, host, ch).await;
    played.logged = total;
    assert_eq!(listed.len(), total, "{what}: /game log lists every move");
    assert!(
        total > played.taps,
        "{what}: {total} moves logged, {} tapped and a timeout",
        played.taps
    );
    let flat = public_messages(fake, ch)
        .iter()
        .map(|m| m.content.replace('\n', " "))
        .collect::<Vec<_>>()
        .join(" ");
    let cut = flat.contains(t.say("(the rest: /game log)", "(el resto: /partida registro)"));
    // A log line joins the narrations of its move (a bot's move and the round's end, a
    // pass and the next buy): each sentence naming a seat is counted on its own.
    let said: Vec<String> = listed.iter().map(|(_, s)| told(s)).collect();
    let seated =
        |piece: &&str| t.names.iter().any(|n| piece.contains(n.as_str())) || piece.contains("Bot ");
    for text in said.iter().flat_map(|s| sentences(s)).filter(seated) {
        let expected: usize = said.iter().map(|s| s.matches(text).count()).sum();
        // A move taken back before its post went out is not told: a newer post replaced it.
        let kept: usize = said
            .iter()
            .zip(&listed)
            .filter(|(_, (_, line))| !line.starts_with("~~"))
            .map(|(s, _)| s.matches(text).count())
            .sum();
        let found = flat.matches(text).count();
        let sent = fake
            .requests()
            .into_iter()
            .filter(|r| r.path.starts_with(&format!("/channels/{ch}/")))
            .filter(|r| {
                r.body
                    .as_ref()
                    .is_some_and(|b| b.to_string().contains(text))
            })
            .map(|r| format!("{} {}", r.method, r.path))
            .collect::<Vec<_>>();
        assert!(
            (kept..=expected).contains(&found) || (cut && found < expected),
            "{what}: `{text}` told {found} times in the channel, {kept} to {expected} expected \
             (requests that carried it: {sent:?}; /game log: {listed:#?}; the channel: {:#?}; deleted: {:#?})",
            public_messages(fake, ch)
                .iter()
                .map(|m| (m.id, m.edits, &m.content))
                .collect::<Vec<_>>(),
            fake.deleted_messages()
                .iter()
                .filter(|m| m.channel_id == ch)
                .map(|m| (m.id, &m.content))
                .collect::<Vec<_>>()
        );
    }
    // No post twice: every nonce names one post.
    let mut nonces: Vec<String> = fake
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" && r.path == format!("/channels/{ch}/messages"))
        .filter_map(|r| r.body?["nonce"].as_str().map(String::from))
        .collect();
    let posts = nonces.len();
    nonces.sort();
    nonces.dedup();
    assert_eq!(nonces.len(), posts, "{what}: a nonce posted twice");

    // The replay steps through the game, in the reader's language.
    let replies = slash(fake, host, ch, "game history", json!({})).await;
    let mut replay = replies
        .into_iter()
        .find(|m| !m.components.is_empty())
        .unwrap_or_else(|| panic!("{what}: no replay"));
    let first = replay.content.clone();
    let mut stepped = false;
    for action in ["vf", "vn", "vn", "vl", "vp"] {
        let Some(id) = clickables(&replay)
            .into_iter()
            .map(|(id, _)| id)
            .find(|id| action_of(id) == action)
        else {
            panic!("{what}: no {action} button on {replay:#?}")
        };
        let disabled = replay.components.iter().any(|row| {
            row["components"]
                .as_array()
                .into_iter()
                .flatten()
                .any(|c| c["custom_id"] == id.as_str() && c["disabled"] == true)
        });
        if !disabled {
            replay = tap_panel(fake, host, &replay, &id, None).await;
            stepped |= replay.content != first;
        }
    }
    assert!(stepped, "{what}: the replay never moved from {first}");

    // Secrecy: no line any person was sent privately in any channel payload. (A DM is
    // its person's own: their hand is shown there; the bots' hands are kept out of it
    // by e2e_learn's DM games, checked against the archive.)
    if !t.dm {
        assert_no_private_line_in(fake, ch, &t.people);
    }
    // Language: at a Spanish table, no English word in anything a person reads (the
    // channel, their private answers and panels, their DMs: text, embeds, buttons).
    let mut names: Vec<&str> = t.names.iter().map(String::as_str).collect();
    names.extend(["Bot Lorenzo (fácil)", "Bot Lucrezia (fácil)"]);
    names.extend(["Bot Lorenzo (easy)", "Bot Lucrezia (easy)"]);
    let words = if t.spanish {
        english_only_words()
    } else {
        spanish_only_words()
    };
    let people_dms = t.people.iter().flat_map(|u| dm_history(fake, *u));
    let channel = fake.channel_messages(ch).into_iter();
    for m in channel.filter(|m| m.id > spanish_since).chain(people_dms) {
        // Names are escaped for Discord: read as Discord shows them.
        let text = shown_text_and_alt(&m).replace('\\', "");
        let language = t.say("Spanish at an English table", "English at a Spanish table");
        assert_no_english(&words, &text, &names, &format!("{what}: {language}"));
        played.read += 1;
    }
    played
}

/// Waits until a person is awaited and nothing is on its way (the turn message stays).
async fn settled(fake: &FakeDiscord, t: &Table) {
    let settled = async {
        loop {
            let (_, turn, _) = persons_turn(fake, t, 0).await;
            tokio::time::sleep(Duration::from_millis(300)).await;
            if turn_message(fake, t.channel)
                .is_some_and(|now| now.id == turn.id && now.edits == turn.edits)
            {
                break;
            }
        }
    };
    tokio::time::timeout(Duration::from_secs(30), settled)
        .await
        .unwrap_or_else(|_| panic!("{}: never settled", t.label()));
}

/// `text` of answers, joined.
fn text_of(replies: &[fake_discord::RecordedMessage]) -> String {
    replies
        .iter()
        .map(|m| m.content.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The sentences of a narration, each with its closing mark (`. `, `? `, `! ` end one).
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, _) in text.match_indices(['.', '?', '!']) {
        if text[i + 1..].starts_with(' ') || i + 1 == text.len() {
            out.push(text[start..=i].trim());
            start = i + 1;
        }
    }
    if !text[start..].trim().is_empty() {
        out.push(text[start..].trim());
    }
    out
}

/// A log line as the channel told it: struck-through moves an undo took back, unstruck.
fn told(line: &str) -> String {
    let line = line
        .trim_end_matches(" (taken back)")
        .trim_end_matches(" (retirada)");
    line.trim_start_matches("~~")
        .trim_end_matches("~~")
        .to_string()
}

/// Waits for a turn message (newer than the message `after`) awaiting a person; returns
/// the first such person, the message and their "Your move" button.
async fn persons_turn(
    fake: &FakeDiscord,
    t: &Table,
    after: u64,
) -> (u64, fake_discord::RecordedMessage, String) {
    fake.wait_for(&format!("{}: a person's turn", t.label()), |f| {
        let turn = turn_message(f, t.channel).filter(|m| m.id > after)?;
        let (user, id) = awaited(&turn, &t.seats)
            .into_iter()
            .find(|(u, _)| *u != 0)?;
        Some((user, turn, id))
    })
    .await
}

/// Runs the 16 tables at once and prints how long it took.
async fn run_matrix(fake: &Arc<FakeDiscord>, tables: Vec<Table>, backend: &str) {
    let started = Instant::now();
    let count = tables.len();
    let runs: Vec<_> = tables
        .into_iter()
        .enumerate()
        .map(|(i, t)| {
            let fake = fake.clone();
            tokio::spawn(async move {
                let played = play_one(&fake, &t, 4900 + i as u64).await;
                (t.label(), played)
            })
        })
        .collect();
    for run in runs {
        let (label, p) = run.await.unwrap_or_else(|e| match e.try_into_panic() {
            Ok(panic) => std::panic::resume_unwind(panic),
            Err(e) => panic!("a table's task: {e}"),
        });
        println!(
            "matrix_{backend}: {label} taps={} logged={} read={}",
            p.taps, p.logged, p.read
        );
    }
    println!(
        "matrix_{backend}_tables={count}\nmatrix_{backend}_seconds={:.1}",
        started.elapsed().as_secs_f64()
    );
    fake.assert_no_errors();
}

fn timers() -> table::Defaults {
    table::Defaults {
        remind_after: 0,
        remind_every: 0,
        timeout_after: TIMEOUT_S,
        on_timeout: storage::TimeoutPolicy::Auto,
    }
}

/// The matrix on sled: one process, every table in a channel of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_title_language_and_seating_through_undo_hint_timeout_and_replay_on_sled() {
    let fake = Arc::new(FakeDiscord::start().await);
    let dir = tempfile::tempdir().unwrap();
    // Registered globally, as in production, so the DM tables have the commands too.
    let bot = Bot::start_global_with(&fake, dir.path(), timers()).await;
    let tables = tables(&fake, &[fake.guild_id()]);
    run_matrix(&fake, tables, "sled").await;
    bot.stop().await;
}

/// The matrix on one PostgreSQL shared by two processes, each running one of two shards:
/// moves go through the process that serves their server, timers fire on either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_title_language_and_seating_on_postgresql_with_two_processes() {
    // The harness blocks on its own runtime: not on this one's threads.
    let stores = tokio::task::spawn_blocking(|| {
        let url = storage::pg::testing::fresh_url().unwrap_or_else(|why| panic!("{why}"));
        let open = || storage::pg::PgStore::open(&url, 4).unwrap();
        (open(), open())
    })
    .await
    .unwrap();
    let fake = Arc::new(FakeDiscord::start().await);
    // A server on each shard.
    let mut guilds = [None; 2];
    let first = fake.guild_id();
    guilds[FakeDiscord::shard_of(first, 2) as usize] = Some(first);
    for n in 1.. {
        if guilds.iter().all(Option::is_some) {
            break;
        }
        assert!(n < 12, "no server falls on some shard");
        let guild = fake.add_guild(&format!("Server {n}"));
        guilds[FakeDiscord::shard_of(guild, 2) as usize].get_or_insert(guild);
    }
    let guilds = guilds.map(Option::unwrap);
    let shard = |i| commands::ShardRange::new(i, i, 2).unwrap();
    let p0 = Bot::start_sharded_with(&fake, Arc::new(stores.0), shard(0), timers()).await;
    let p1 = Bot::start_sharded_with(&fake, Arc::new(stores.1), shard(1), timers()).await;
    let tables = tables(&fake, &guilds);
    run_matrix(&fake, tables, "postgres").await;
    p0.stop().await;
    p1.stop().await;
}
