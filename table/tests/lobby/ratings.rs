//! Ratings at a game's end (docs/ratings.md): a finished game rates its people, once,
//! with its archive, and its end message tells each change after the scores; an abandoned game, a
//! `rated=off` table and a game outside a server rate nothing; an undo changes nothing
//! but the final result; a rebuild from the stored results gives the live numbers.

use crate::common::*;
use storage::{server_ladder, RatingRow, Store};
use table::ratings::live;
use table::{Caller, Command, Delivery, Table};

const GUILD: u64 = 77;

fn member(user: u64) -> Caller {
    caller(user).in_guild(GUILD)
}

fn say(table: &Table, channel: u64, user: u64, line: &str) -> Vec<Delivery> {
    table.handle(channel, &member(user), Command::parse(line))
}

/// Opens a Countdown for users 1..=players on the server (with `extra` words after
/// `new countdown`), starts it and plays it out; every delivery.
fn played(table: &Table, channel: u64, players: u64, extra: &str) -> Vec<Delivery> {
    let mut all = say(table, channel, 1, &format!("new countdown {extra}"));
    for u in 2..=players {
        all.extend(say(table, channel, u, "join"));
    }
    all.extend(say(table, channel, 1, "start"));
    all.extend(play_out(table, channel, players));
    all
}

fn play_out(table: &Table, channel: u64, players: u64) -> Vec<Delivery> {
    let mut all = Vec::new();
    while let Some((user, action)) = next_move(table, channel, players) {
        all.extend(say(table, channel, user, &action));
    }
    all
}

fn rating(store: &dyn Store, guild: u64, user: u64) -> Option<RatingRow> {
    store
        .rating(&server_ladder(guild), "countdown", user)
        .unwrap()
}

/// The channel message telling the ratings' changes (the end message), if one was sent.
fn told(d: &[Delivery]) -> Option<String> {
    channel_texts(d)
        .into_iter()
        .find(|t| t.contains("📈 **Ratings**") || t.contains("📈 **Puntuaciones**"))
}

#[test]
fn a_finished_game_rates_its_people_and_its_end_message_tells_each_change() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    let out = played(&table, CH, 2, "seed=3");
    let text = told(&out).expect("the changes are told");
    // One end message: the last move, the scores, then the changes.
    let ends: Vec<String> = channel_texts(&out)
        .into_iter()
        .filter(|t| t.contains("**Final scores**"))
        .collect();
    assert_eq!(
        ends,
        std::slice::from_ref(&text),
        "the changes are in the end message"
    );
    let scores = text.find("**Final scores**").unwrap();
    let changes = text
        .find("\n\n📈 **Ratings**\n")
        .expect("the changes' heading");
    assert!(scores < changes, "the changes follow the scores: {text}");
    assert!(!text.starts_with('\n'), "{text}");
    for (user, name) in [(1, "ana"), (2, "bruno")] {
        let r = rating(&*store, GUILD, user).expect("rated");
        assert_eq!(r.games, 1);
        assert_eq!(r.name, name);
        let shown = live::rating_of(&r).shown();
        let change = r.last_change;
        let line = match change {
            c if c > 0 => format!("{name}: +{c} → {}", fmt(shown)),
            c if c < 0 => format!("{name}: −{} → {}", -c, fmt(shown)),
            _ => format!("{name}: ±0 → {}", fmt(shown)),
        };
        assert!(
            text.contains(&format!("{line} (provisional)")),
            "{line} in {text}"
        );
    }
    // The winner went up.
    let winner = (1..=2)
        .max_by_key(|&u| rating(&*store, GUILD, u).unwrap().mu as i64)
        .unwrap();
    assert!(rating(&*store, GUILD, winner).unwrap().last_change > 0);
    // Per server: nothing on another.
    assert_eq!(rating(&*store, GUILD + 1, 1), None);

    // A second game counts as a second rated game.
    played(&table, CH, 2, "seed=4");
    assert_eq!(rating(&*store, GUILD, 1).unwrap().games, 2);
}

/// `1,087` as English writes it.
fn fmt(n: i64) -> String {
    let s = n.abs().to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        format!("-{out}")
    } else {
        out
    }
}

#[test]
fn the_changes_are_told_in_the_channels_language() {
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let manager = Caller {
        can_manage_channel: true,
        ..member(1)
    };
    table.set_channel_lang(CH, &manager, words::Lang::En, Some(words::Lang::Es));
    let out = played(&table, CH, 2, "seed=3");
    let text = told(&out).expect("the changes are told");
    assert!(
        text.contains("**Puntuación final**") && text.contains("\n\n📈 **Puntuaciones**\n"),
        "{text}"
    );
    assert!(
        text.contains("ana: ") && text.contains("(provisional)"),
        "{text}"
    );
}

#[test]
fn an_abandoned_game_a_rated_off_table_and_a_game_outside_a_server_rate_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    // Abandoned halfway.
    say(&table, CH, 1, "new countdown seed=3");
    say(&table, CH, 2, "join");
    say(&table, CH, 1, "start");
    let (user, action) = next_move(&table, CH, 2).unwrap();
    say(&table, CH, user, &action);
    let out = say(&table, CH, 1, "abandon");
    assert!(told(&out).is_none());
    assert_eq!(rating(&*store, GUILD, 1), None);

    // Made with rated=off: said in the lobby, and played to the end unrated.
    let out = played(&table, CH, 2, "seed=3 rated=off");
    assert!(
        channel_texts(&out)[0].contains("An unrated table: its result changes no rating."),
        "{:?}",
        channel_texts(&out)
    );
    assert!(told(&out).is_none());
    assert!(
        channel_texts(&out)
            .iter()
            .any(|t| t.contains("**Final scores**")),
        "an unrated game still has its end message"
    );
    assert_eq!(rating(&*store, GUILD, 1), None);
    // The next table in the channel is rated again.
    let out = played(&table, CH, 2, "seed=3");
    assert!(told(&out).is_some());
    assert_eq!(rating(&*store, GUILD, 1).unwrap().games, 1);

    // Outside a server (a DM, the local table): no server ladder to count on.
    let out = {
        let mut all = run(&table, CH + 1, 1, "new countdown seed=3");
        all.extend(run(&table, CH + 1, 2, "join"));
        all.extend(run(&table, CH + 1, 1, "start"));
        all.extend(play_out(&table, CH + 1, 2));
        all
    };
    assert!(channel_texts(&out)
        .iter()
        .any(|t| t.contains("**Final scores**")));
    assert!(told(&out).is_none());
    assert_eq!(store.rated_games().unwrap().len(), 1);
}

#[test]
fn an_undo_changes_nothing_only_the_final_result_is_rated() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    // The same game twice, on two servers: once with a move taken back and played again.
    played(&table, CH, 2, "seed=5");
    let other = |user| caller(user).in_guild(GUILD + 1);
    table.handle(CH, &other(1), Command::parse("new countdown seed=5"));
    table.handle(CH, &other(2), Command::parse("join"));
    table.handle(CH, &other(1), Command::parse("start"));
    let (user, action) = next_move(&table, CH, 2).unwrap();
    table.handle(CH, &other(user), Command::parse("add 3"));
    let undone = table.handle(CH, &other(user), Command::parse("undo"));
    assert!(
        channel_texts(&undone)
            .iter()
            .any(|t| t.contains("took back their last move")),
        "{undone:?}"
    );
    table.handle(CH, &other(user), Command::parse(&action));
    while let Some((user, action)) = next_move(&table, CH, 2) {
        table.handle(CH, &other(user), Command::parse(&action));
    }
    for user in [1, 2] {
        let (a, b) = (
            rating(&*store, GUILD, user).unwrap(),
            rating(&*store, GUILD + 1, user).unwrap(),
        );
        assert_eq!((a.mu, a.sigma, a.games), (b.mu, b.sigma, b.games));
    }
}

#[test]
fn a_rebuild_from_the_stored_results_gives_the_live_ratings() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    for seed in 1..=3 {
        played(&table, CH, 2, &format!("seed={seed}"));
    }
    played(&table, CH, 3, "seed=9");
    let mut live_rows = store.ladder(&server_ladder(GUILD), "countdown").unwrap();
    live_rows.sort_by_key(|(u, _)| *u);
    assert_eq!(live_rows.len(), 3);
    let rebuilt = storage::ratings::rebuild(&store.rated_games().unwrap(), live::rate_stored);
    let rebuilt: Vec<_> = rebuilt.into_iter().map(|e| (e.user, e.row)).collect();
    assert_eq!(rebuilt, live_rows);
}

/// The archive failed after the last move was stored (as a crash there would): after a
/// restart the next command archives the game and rates it then, once, its end message
/// with the changes stored in the outbox with the archive.
#[test]
fn a_game_archived_late_is_rated_then_once_and_its_end_message_still_tells_the_changes() {
    use std::sync::atomic::Ordering;
    let dir = tempfile::tempdir().unwrap();
    let sled = std::sync::Arc::new(storage::SledStore::open(dir.path()).unwrap());
    let store = crate::common::hooked::Hooked::new(sled.clone());
    let table = Table::new(store.clone());
    store.fail_archive.store(true, Ordering::SeqCst);
    let out = played(&table, CH, 2, "seed=3");
    assert!(told(&out).is_none());
    assert!(
        !channel_texts(&out)
            .iter()
            .any(|t| t.contains("**Final scores**")),
        "the end message waits for the archive"
    );
    assert_eq!(rating(&*sled, GUILD, 1), None);
    store.fail_archive.store(false, Ordering::SeqCst);
    // A restart: the channel's next command loads the finished game and archives it.
    drop(table);
    let table = Table::new(store.clone());
    say(&table, CH, 1, "status");
    assert_eq!(rating(&*sled, GUILD, 1).unwrap().games, 1);
    let pending: Vec<String> = sled
        .channel_outbox(CH)
        .unwrap()
        .iter()
        .map(|r| String::from_utf8_lossy(&r.payload).into_owned())
        .filter(|p| p.contains("\"Channel\"") && p.contains("Final scores"))
        .collect();
    assert_eq!(pending.len(), 1, "one end message: {pending:?}");
    assert!(pending[0].contains("📈 **Ratings**"), "{}", pending[0]);
    // Archiving again (another repair) rates nothing twice.
    say(&table, CH, 1, "status");
    played(&table, CH, 2, "seed=3");
    assert_eq!(rating(&*sled, GUILD, 1).unwrap().games, 2);
}

#[test]
fn game_rating_answers_privately_with_the_number_games_last_change_and_rank() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    let none = ephemeral(&say(&table, CH, 1, "rating"));
    assert_eq!(
        none,
        "ana has no rating on this server yet: a finished game gives one."
    );
    played(&table, CH, 2, "seed=3");
    let rows = [1, 2].map(|u| rating(&*store, GUILD, u).unwrap());
    let shown = rows.each_ref().map(|r| live::rating_of(r).shown());
    let ana_rank = if shown[0] >= shown[1] { 1 } else { 2 };
    // (The test game is not among the titles listed without one: it is named.)
    let reply = ephemeral(&say(&table, CH, 1, "rating countdown"));
    let change = rows[0].last_change;
    let sign = if change > 0 {
        format!("+{change}")
    } else {
        format!("−{}", -change)
    };
    assert_eq!(
        reply,
        format!(
            "📈 **ana's ratings on this server**\n**Countdown (test game)**: {} · 1 rated game · \
             last change {sign} · rank {ana_rank} of 2 (provisional)",
            fmt(shown[0])
        )
    );
    // Another player's, at one title, in Spanish.
    let spanish = member(1).with_lang(words::Lang::Es);
    let reply = table.handle(
        CH,
        &spanish,
        Command::Rating {
            user: Some((2, "bruno".into())),
            game: Some("countdown".into()),
            ladder: table::LadderView::Server,
        },
    );
    let reply = ephemeral(&reply);
    assert!(
        reply.starts_with(
            "📈 **Puntuaciones de bruno en este servidor**\n**Countdown (test game)**: "
        ),
        "{reply}"
    );
    assert!(
        reply.contains("1 partida puntuada")
            && reply.contains(&format!("puesto {} de 2", 3 - ana_rank)),
        "{reply}"
    );
    // Not rated at a title: said so.
    let reply = ephemeral(&say(&table, CH, 1, "rating palazzo"));
    assert_eq!(
        reply,
        "ana has no rating at Palazzo on this server yet: a finished game gives one."
    );
}

#[test]
fn a_server_that_allows_it_also_rates_on_the_global_ladder() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    let global = |user| {
        store
            .rating(storage::GLOBAL_LADDER, "countdown", user)
            .unwrap()
    };
    // Off by default: the server's ladder only.
    played(&table, CH, 2, "seed=3");
    assert_eq!(global(1), None);
    // Only Manage Server may turn it on.
    let refused = ephemeral(&table.set_global_ratings(GUILD, false, words::Lang::En, true));
    assert!(
        refused.starts_with("Only a member with Manage Server"),
        "{refused}"
    );
    assert!(!table.global_ratings(GUILD));
    let on = ephemeral(&table.set_global_ratings(GUILD, true, words::Lang::En, true));
    assert!(on.contains("ladder across servers"), "{on}");
    played(&table, CH, 2, "seed=4");
    let first = global(1).expect("rated on the global ladder");
    assert_eq!(first.games, 1, "from its first game there");
    assert_eq!(rating(&*store, GUILD, 1).unwrap().games, 2);
    // Another server's games do not count there unless it allows it too.
    let other = |user| caller(user).in_guild(GUILD + 1);
    table.handle(CH + 5, &other(1), Command::parse("new countdown seed=5"));
    table.handle(CH + 5, &other(2), Command::parse("join"));
    table.handle(CH + 5, &other(1), Command::parse("start"));
    while let Some((user, action)) = next_move(&table, CH + 5, 2) {
        table.handle(CH + 5, &other(user), Command::parse(&action));
    }
    assert_eq!(global(1).unwrap().games, 1);
    // Off again: the server's ladder only.
    table.set_global_ratings(GUILD, true, words::Lang::En, false);
    played(&table, CH, 2, "seed=6");
    assert_eq!(global(1).unwrap().games, 1);
    assert_eq!(rating(&*store, GUILD, 1).unwrap().games, 3);
}

/// The ladder across servers is shown (`/game rating ladder:global`, `/game leaderboard
/// … by:rating ladder:global`) only on a server that shares its ratings there, with every
/// sharing server's players; elsewhere a sentence says why; `ladder:season` reads the
/// server's season; in English and Spanish.
#[test]
fn the_global_ladder_is_shown_only_where_the_server_shares_its_ratings() {
    use table::LadderView;
    let dir = tempfile::tempdir().unwrap();
    let (_store, table) = open(dir.path());
    let en = words::Lang::En;
    let ask = |guild: u64, user: u64, line: &str| {
        ephemeral(&table.handle(CH, &caller(user).in_guild(guild), Command::parse(line)))
    };
    played(&table, CH, 2, "seed=3");
    // Not shared: refused, on the reply and the picture alike.
    let refused = ask(GUILD, 1, "rating global");
    assert!(
        refused.starts_with("This server does not share its ratings"),
        "{refused}"
    );
    let board = table.rating_board(&member(1), Some("countdown"), LadderView::Global);
    assert_eq!(board.unwrap_err(), refused);

    table.set_global_ratings(GUILD, true, en, true);
    played(&table, CH, 2, "seed=4");
    let reply = ask(GUILD, 1, "rating countdown global");
    assert!(
        reply.starts_with("📈 **ana's ratings across servers**\n**Countdown (test game)**: "),
        "{reply}"
    );
    assert!(reply.contains("· 1 rated game ·"), "{reply}");
    assert!(reply.contains(" of 2"), "{reply}");
    // The server's own ladder counts both games.
    assert!(ask(GUILD, 1, "rating countdown").contains("· 2 rated games ·"));

    // Another sharing server sees the same ladder, with this server's players.
    table.set_global_ratings(GUILD + 1, true, en, true);
    let other = caller(9).in_guild(GUILD + 1);
    let (text, picture) = table
        .rating_board(&other, Some("countdown"), LadderView::Global)
        .unwrap();
    assert!(text.contains("Countdown (test game)"), "{text}");
    assert!(
        picture
            .alt
            .contains("across the servers that share their ratings"),
        "{}",
        picture.alt
    );
    for name in ["ana", "bruno"] {
        assert!(
            picture.alt.contains(&format!("{name}: ")),
            "{name} in {}",
            picture.alt
        );
    }
    assert!(!picture.png.is_empty());
    // A server that does not share its ratings sees none of it.
    assert!(ask(GUILD + 2, 9, "rating global").starts_with("This server does not share"));

    // In Spanish.
    let lector = Caller {
        lang: words::Lang::Es,
        ..member(1)
    };
    let respuesta =
        ephemeral(&table.handle(CH, &lector, Command::parse("rating global countdown")));
    assert!(
        respuesta.starts_with("📈 **Puntuaciones de ana entre servidores**"),
        "{respuesta}"
    );
    let lectora = Caller {
        lang: words::Lang::Es,
        ..caller(9).in_guild(GUILD + 2)
    };
    let negado = ephemeral(&table.handle(CH, &lectora, Command::parse("rating global")));
    assert!(
        negado.starts_with("Este servidor no comparte sus puntuaciones"),
        "{negado}"
    );

    // The season view: none yet, then the running season's ladder.
    assert_eq!(
        ask(GUILD, 1, "rating season"),
        "This server has not had a season yet."
    );
    table.season_start(GUILD, true, en, "Spring");
    played(&table, CH, 2, "seed=5");
    let season = ask(GUILD, 1, "rating countdown season");
    assert!(
        season.starts_with("📈 **ana's ratings in season Spring**"),
        "{season}"
    );
    assert!(season.contains("· 1 rated game ·"), "{season}");
    let (text, picture) = table
        .rating_board(&member(1), Some("countdown"), LadderView::Season)
        .unwrap();
    assert!(text.starts_with("Season Spring: since <t:"), "{text}");
    assert!(picture.alt.contains("in this season"), "{}", picture.alt);
}

/// Seasons: only Manage Server starts and ends one; while it runs a rated game also rates
/// on its ladder, each person starting from their all-time rating with σ widened
/// (`storage::season_seed`); after its end nothing more counts there and its standings
/// are shown with its dates; names are unique; in English and Spanish.
#[test]
fn a_season_starts_rates_alongside_the_all_time_ladder_ends_and_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    let (store, table) = open(dir.path());
    let en = words::Lang::En;
    let season = |user| {
        store
            .rating(
                &storage::season_ladder(GUILD, "Spring 27"),
                "countdown",
                user,
            )
            .unwrap()
    };
    played(&table, CH, 2, "seed=3");
    let all_time = rating(&*store, GUILD, 1).unwrap();
    let refused = ephemeral(&table.season_start(GUILD, false, en, "Spring 27"));
    assert!(
        refused.starts_with("Only a member with Manage Server"),
        "{refused}"
    );
    assert_eq!(table.running_season(GUILD), None);
    let bad = ephemeral(&table.season_start(GUILD, true, en, "a:b"));
    assert!(bad.starts_with("A season's name is 1 to 40"), "{bad}");
    let started = ephemeral(&table.season_start(GUILD, true, en, "Spring 27"));
    assert!(
        started.contains("Season Spring 27 has started"),
        "{started}"
    );
    let again = ephemeral(&table.season_start(GUILD, true, en, "Summer"));
    assert!(again.contains("end it before starting another"), "{again}");
    assert_eq!(season(1), None, "nobody is rated in it before a game");

    // A game in the season: both ladders; the season from the all-time rating, widened.
    played(&table, CH, 2, "seed=4");
    let first = season(1).expect("rated in the season");
    assert_eq!(first.games, 1);
    assert_eq!(rating(&*store, GUILD, 1).unwrap().games, 2);
    let seed = storage::season_seed(&all_time);
    assert!(seed.sigma > all_time.sigma);
    let expected = live::rate_stored(
        &store.rated_games().unwrap()[1],
        &[
            Some(seed),
            Some(storage::season_seed(&rating_before_second(&*store, 2))),
        ],
    );
    assert_eq!(
        expected[0].as_ref().map(|r| (r.mu, r.sigma)),
        Some((first.mu, first.sigma))
    );

    // Shown while it runs: its dates and the standings picture.
    let reader = member(1);
    let no_title = table.season_show(&reader, None, None).unwrap_err();
    assert!(no_title.starts_with("Name a title"), "{no_title}");
    let (text, picture) = table.season_show(&reader, None, Some("countdown")).unwrap();
    assert!(text.starts_with("Season Spring 27: since <t:"), "{text}");
    assert!(text.contains("still running"), "{text}");
    assert!(picture.alt.contains("Spring 27"), "{}", picture.alt);
    assert!(!picture.png.is_empty());

    // Ended: nothing more counts in it; its final standings stay, shown by name.
    assert!(ephemeral(&table.season_end(GUILD, false, en)).starts_with("Only a member"));
    let ended = ephemeral(&table.season_end(GUILD, true, en));
    assert!(ended.contains("Season Spring 27 (<t:"), "{ended}");
    assert!(ended.contains("has ended"), "{ended}");
    assert_eq!(table.running_season(GUILD), None);
    assert!(ephemeral(&table.season_end(GUILD, true, en)).starts_with("No season is running"));
    played(&table, CH, 2, "seed=5");
    assert_eq!(
        season(1),
        Some(first),
        "an ended season's standings do not move"
    );
    assert_eq!(rating(&*store, GUILD, 1).unwrap().games, 3);
    let (text, _) = table
        .season_show(&reader, Some("spring 27"), Some("countdown"))
        .unwrap();
    assert!(text.contains("final standings"), "{text}");
    let taken = ephemeral(&table.season_start(GUILD, true, en, "SPRING 27"));
    assert!(
        taken.contains("already had a season named SPRING 27"),
        "{taken}"
    );
    let unknown = table
        .season_show(&reader, Some("autumn"), Some("countdown"))
        .unwrap_err();
    assert!(unknown.contains("no season named autumn"), "{unknown}");

    // In Spanish.
    let lector = Caller {
        lang: words::Lang::Es,
        ..member(1)
    };
    let (texto, _) = table.season_show(&lector, None, Some("countdown")).unwrap();
    assert!(texto.starts_with("Temporada Spring 27: "), "{texto}");
    assert!(texto.contains("clasificación final"), "{texto}");
    let otra = ephemeral(&table.season_start(GUILD, true, words::Lang::Es, "Otoño"));
    assert!(otra.contains("Ha empezado la temporada Otoño"), "{otra}");
}

/// User `user`'s all-time rating before the second rated game: the first game's result.
fn rating_before_second(store: &dyn Store, user: u64) -> RatingRow {
    let games = store.rated_games().unwrap();
    storage::ratings::rebuild(&games[..1], live::rate_stored)
        .into_iter()
        .find(|e| e.user == user && e.ladder == server_ladder(GUILD))
        .unwrap()
        .row
}
