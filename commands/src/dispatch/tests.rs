//! The sender against a fake transport: holds, breaker, DMs, live hands, stale rows.

use super::breaker::*;
use super::permissions::*;
use super::sender::*;
use super::transport::*;
use super::trouble::*;
use poise::serenity_prelude as serenity;
use std::collections::HashSet;
use std::future::Future;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;
use table::{Caller, Command};
use table::{Delivery, Pending, Table};
use words::Lang;

/// Records what would have been sent; users in `closed` refuse DMs; `forbidden`
/// refuses channel posts, `files_forbidden` those with a picture. Counts every
/// channel post tried, refused or not.
#[derive(Default)]
pub struct FakeTransport {
    pub posts: Mutex<Vec<serde_json::Value>>,
    pub dms: Mutex<Vec<(u64, String)>>,
    pub unbuttoned: Mutex<Vec<u64>>,
    pub closed: Vec<u64>,
    pub forbidden: AtomicBool,
    pub files_forbidden: AtomicBool,
    pub tried: AtomicUsize,
    /// DMs (by id) that were deleted: editing them answers 10008.
    pub gone: Mutex<HashSet<u64>>,
}

impl FakeTransport {
    /// A DM to `user` (a post in their DM channel).
    async fn dm(&self, user: u64, message: serenity::CreateMessage) -> Result<u64, SendError> {
        if self.closed.contains(&user) {
            return Err(SendError::DmClosed);
        }
        let v = serde_json::to_value(&message).unwrap();
        let mut dms = self.dms.lock().unwrap();
        dms.push((user, v["content"].as_str().unwrap_or_default().to_string()));
        Ok(dms.len() as u64)
    }
}

impl Transport for FakeTransport {
    async fn post(&self, channel: u64, message: serenity::CreateMessage) -> Result<u64, SendError> {
        if let Some(user) = channel.checked_sub(1_000_000) {
            // A DM channel (see `open_dm`).
            return self.dm(user, message).await;
        }
        self.tried.fetch_add(1, Ordering::SeqCst);
        let v = serde_json::to_value(&message).unwrap();
        let with_picture = v["embeds"].as_array().is_some_and(|e| !e.is_empty());
        if self.forbidden.load(Ordering::SeqCst)
            || (with_picture && self.files_forbidden.load(Ordering::SeqCst))
        {
            return Err(SendError::Forbidden(50013));
        }
        let mut posts = self.posts.lock().unwrap();
        posts.push(v);
        Ok(posts.len() as u64)
    }
    async fn open_dm(&self, user: u64) -> Result<u64, SendError> {
        Ok(1_000_000 + user)
    }
    async fn edit_text(
        &self,
        _channel: u64,
        message: u64,
        content: String,
    ) -> Result<(), SendError> {
        if self.gone.lock().unwrap().contains(&message) {
            return Err(SendError::Gone(10008));
        }
        let mut dms = self.dms.lock().unwrap();
        match dms.get_mut(message as usize - 1) {
            Some(dm) => {
                dm.1 = content;
                Ok(())
            }
            None => Err(SendError::Gone(10008)),
        }
    }
    async fn unbutton(&self, _channel: u64, message: u64) -> Result<(), SendError> {
        self.unbuttoned.lock().unwrap().push(message);
        Ok(())
    }
}

fn block<F: Future>(f: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap()
        .block_on(f)
}

fn table() -> (tempfile::TempDir, Arc<Table>) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(storage::SledStore::open(dir.path()).unwrap());
    (dir, Arc::new(Table::new(store)))
}

/// A table on a clock the test moves.
fn table_at(start_ms: u64) -> (tempfile::TempDir, Arc<Table>, Arc<table::ManualClock>) {
    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(storage::SledStore::open(dir.path()).unwrap());
    let clock = Arc::new(table::ManualClock::new(start_ms));
    let options = table::TableOptions {
        clock: clock.clone(),
        ..table::TableOptions::default()
    };
    (dir, Arc::new(Table::with_options(store, options)), clock)
}

fn act(table: &Table, user: u64, line: &str) -> Vec<Delivery> {
    let name = ["", "ana", "bruno", "carla"][user as usize];
    table.handle(9, &Caller::new(user, name), Command::parse(line))
}

fn actor(user: u64) -> Actor {
    Actor {
        user,
        permissions: None,
        in_thread: false,
    }
}

/// An actor whose interaction reported these permissions.
fn reporting(user: u64, permissions: serenity::Permissions) -> Actor {
    Actor {
        user,
        permissions: Some(permissions),
        in_thread: false,
    }
}

fn all_needed() -> serenity::Permissions {
    NEEDED_PERMISSIONS
        .iter()
        .fold(serenity::Permissions::empty(), |all, (p, _)| all | *p)
}

#[test]
fn closed_dms_give_one_notice_per_game_and_never_leak() {
    let (_dir, table) = table();
    let sender = Sender::new(table.clone());
    let t = FakeTransport {
        closed: vec![2, 3],
        ..Default::default()
    };
    block(async {
        for (u, line) in [
            (1, "new countdown seed=3"),
            (2, "join"),
            (3, "join"),
            (1, "start"),
        ] {
            let d = act(&table, u, line);
            sender.after_command(&t, 9, actor(u), d).await;
        }
        // Play a few moves: the closed-DM notice is posted once per player.
        for _ in 0..4 {
            let Some((u, a)) =
                (1..=3).find_map(|u| table.legal_actions(9, u).first().map(|a| (u, a.clone())))
            else {
                break;
            };
            let d = act(&table, u, &a);
            let replies = sender.after_command(&t, 9, actor(u), d).await.texts;
            if u != 1 {
                // The actor with closed DMs sees their private view in the reply.
                assert!(replies
                    .iter()
                    .all(|r| !r.contains("could not DM") || r.contains("visible only to you")));
            }
            sender.drain(&t).await;
        }
    });
    let posts = t.posts.lock().unwrap();
    let notices: Vec<&serde_json::Value> = posts
        .iter()
        .filter(|p| p["content"].as_str().unwrap().contains("DMs are closed"))
        .collect();
    assert_eq!(notices.len(), 2, "one per closed player: {notices:?}");
    // DMs say which game and channel they are about.
    let dms = t.dms.lock().unwrap();
    assert!(!dms.is_empty());
    assert!(
        dms.iter()
            .all(|(u, text)| *u == 1 && text.starts_with("**Countdown (test game)** in <#9>:")),
        "{dms:?}"
    );
    // Nothing private reached the channel.
    for (_, text) in dms.iter() {
        let secret = text.lines().nth(1).unwrap_or_default();
        assert!(posts
            .iter()
            .all(|p| !p["content"].as_str().unwrap().contains(secret)));
    }
    assert!(
        table.pending(u64::MAX, 100).is_empty(),
        "everything sent or dropped"
    );
}

#[test]
fn a_missing_permission_keeps_the_post_pending_and_tells_the_actor() {
    let (_dir, table) = table();
    let sender = Sender::new(table.clone());
    let t = FakeTransport::default();
    t.forbidden.store(true, Ordering::SeqCst);
    let replies = block(async {
        let d = act(&table, 1, "new countdown seed=3");
        let only_view = reporting(1, serenity::Permissions::VIEW_CHANNEL);
        sender.after_command(&t, 9, only_view, d).await.texts
    });
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(
        replies[0].contains("Send Messages, Embed Links, Attach Files"),
        "{}",
        replies[0]
    );
    assert_eq!(
        t.tried.load(Ordering::SeqCst),
        0,
        "the interaction said Send Messages is missing: nothing was tried"
    );
    assert_eq!(table.pending_in(9).len(), 1, "kept pending");
    // Permission granted: the next interaction in the channel sends the backlog first.
    t.forbidden.store(false, Ordering::SeqCst);
    block(async {
        let d = act(&table, 2, "join");
        sender
            .after_command(&t, 9, reporting(2, all_needed()), d)
            .await
    });
    let posts = t.posts.lock().unwrap();
    assert_eq!(posts.len(), 2);
    assert!(posts[0]["content"]
        .as_str()
        .unwrap()
        .contains("opened a table"));
    assert!(posts[1]["content"].as_str().unwrap().contains("joined"));
    assert_eq!(posts[0]["enforce_nonce"], true);
    assert_ne!(posts[0]["nonce"], posts[1]["nonce"]);
    assert!(table.pending_in(9).is_empty());
}

#[test]
fn a_row_delivered_after_it_was_read_is_not_sent_again() {
    let (_dir, table) = table();
    let sender = Sender::new(table.clone());
    let t = FakeTransport::default();
    act(&table, 1, "new countdown seed=3");
    // The background loop read the row…
    let read = table.pending(u64::MAX, 10);
    assert_eq!(read.len(), 1);
    let row = read[0].clone();
    // …a handler sent it and marked it done meanwhile…
    table.delivered(row.delivery.outbox().unwrap());
    // …and the loop gets to it: it is not sent again.
    let outcome = block(async {
        let mut replies = Vec::new();
        sender
            .send_row(&t, row, None, None, None, &mut replies)
            .await
    });
    assert_eq!(outcome, None);
    assert_eq!(t.tried.load(Ordering::SeqCst), 0, "{:?}", t.posts);
}

#[test]
fn a_refused_post_stops_the_channel_and_its_retries_back_off_to_hours() {
    let start = 1_700_000_000_000;
    let (_dir, table, clock) = table_at(start);
    let sender = Sender::new(table.clone());
    let t = FakeTransport::default();
    t.forbidden.store(true, Ordering::SeqCst);
    for line in ["new countdown seed=3", "leave"].repeat(5) {
        act(&table, 1, line);
    }
    assert_eq!(table.pending_in(9).len(), 10);
    // Permissions not reported (the background loop): one try, then the pass stops.
    block(sender.drain(&t));
    assert_eq!(
        t.tried.load(Ordering::SeqCst),
        1,
        "the first 403 stops the pass"
    );
    // Every row waits; nothing is tried again before the backoff is over, whatever
    // comes in meanwhile (a command with unknown permissions, the loop).
    assert!(table.pending(start, 100).is_empty(), "all put off");
    block(async {
        let d = act(&table, 1, "new countdown seed=3");
        sender.after_command(&t, 9, actor(1), d).await;
        sender.drain(&t).await;
    });
    assert_eq!(t.tried.load(Ordering::SeqCst), 1);
    // Each refused try doubles the wait, up to hours.
    let mut waits = Vec::new();
    for _ in 0..12 {
        let before = table.now_ms();
        let due = table.pending_in(9).iter().map(|p| p.due_ms).min().unwrap();
        waits.push(due - before);
        clock.advance(due - before);
        block(sender.drain(&t));
    }
    assert_eq!(t.tried.load(Ordering::SeqCst), 13, "one try per wait");
    assert_eq!(waits[0], REFUSED_FIRST_RETRY_MS);
    assert_eq!(waits[1], 2 * REFUSED_FIRST_RETRY_MS);
    assert_eq!(waits[2], 4 * REFUSED_FIRST_RETRY_MS);
    assert_eq!(*waits.last().unwrap(), REFUSED_MAX_RETRY_MS);
    const { assert!(REFUSED_MAX_RETRY_MS >= 60 * 60 * 1000, "hours") };
    // A row never sent within the age limit ends, with a log line.
    clock.advance(MAX_DELIVERY_AGE_MS + 1);
    block(sender.drain(&t));
    assert!(table.pending_in(9).is_empty(), "too old: dropped");
}

#[test]
fn a_newer_turn_message_supersedes_the_waiting_ones_and_few_posts_wait() {
    let (_dir, table) = table();
    let sender = Sender::new(table.clone());
    let t = FakeTransport::default();
    let no_send = reporting(1, serenity::Permissions::VIEW_CHANNEL);
    block(async {
        for line in ["new countdown seed=3", "leave"].repeat(10) {
            let d = act(&table, 1, line);
            sender.after_command(&t, 9, no_send, d).await;
        }
        for (u, line) in [(1, "new countdown seed=3"), (2, "join"), (1, "start")] {
            let d = act(&table, u, line);
            sender
                .after_command(&t, 9, reporting(u, serenity::Permissions::VIEW_CHANNEL), d)
                .await;
        }
        for _ in 0..6 {
            let Some((u, a)) =
                (1..=2).find_map(|u| table.legal_actions(9, u).first().map(|a| (u, a.clone())))
            else {
                break;
            };
            let d = act(&table, u, &a);
            sender
                .after_command(&t, 9, reporting(u, serenity::Permissions::VIEW_CHANNEL), d)
                .await;
        }
    });
    assert_eq!(t.tried.load(Ordering::SeqCst), 0);
    let posts: Vec<Pending> = table
        .pending_in(9)
        .into_iter()
        .filter(|p| matches!(p.delivery, Delivery::Channel { .. }))
        .collect();
    assert!(
        posts.len() <= MAX_WAITING_POSTS,
        "{} posts wait",
        posts.len()
    );
    let turns = posts
        .iter()
        .filter(|p| matches!(&p.delivery, Delivery::Channel { prompts, .. } if !prompts.is_empty()))
        .count();
    assert_eq!(turns, 1, "only the latest turn message waits");
    // Allowed again: what waits goes out, the turn message last.
    block(async {
        sender
            .after_command(&t, 9, reporting(2, all_needed()), vec![])
            .await;
    });
    let sent = t.posts.lock().unwrap();
    assert_eq!(sent.len(), posts.len());
    assert!(!sent.last().unwrap()["components"]
        .as_array()
        .unwrap()
        .is_empty());
}

#[test]
fn stale_rows_are_sorted_out_oldest_first() {
    let now = 10 * MAX_DELIVERY_AGE_MS;
    let turn = |id: u64| Pending {
        channel: 9,
        attempts: 0,
        due_ms: now,
        queued_ms: Some(now - 1_000),
        delivery: Delivery::Channel {
            text: format!("turn {id}"),
            mentions: vec![1],
            prompts: vec![table::TurnPrompt {
                seat: 0,
                user: 1,
                name: "ana".into(),
                state: table::StateVersion {
                    game_id: 1,
                    version: id,
                },
            }],
            summary: None,
            picture: None,
            link_turn: false,
            approval: None,
            lobby: None,
            outbox: Some(id),
        },
    };
    let with = |id: u64, d: Delivery, queued: Option<u64>| {
        let mut d = d;
        if let Delivery::Channel { outbox, .. } | Delivery::Private { outbox, .. } = &mut d {
            *outbox = Some(id);
        }
        Pending {
            channel: 9,
            attempts: 0,
            due_ms: now,
            queued_ms: queued,
            delivery: d,
        }
    };
    let rows = vec![
        with(
            1,
            Delivery::channel("ancient"),
            Some(now - MAX_DELIVERY_AGE_MS - 1),
        ),
        turn(2),
        with(3, Delivery::ping("reminder", vec![1]), None),
        with(4, Delivery::private(1, "hand"), Some(now)),
        turn(5),
        with(6, Delivery::channel("after"), None),
    ];
    let (keep, drop) = sort_out(rows, now);
    let ids = |v: &[Pending]| {
        v.iter()
            .filter_map(|p| p.delivery.outbox())
            .collect::<Vec<_>>()
    };
    // The reminder stays: it pings someone (the cap bounds such posts).
    assert_eq!(ids(&keep), vec![3, 4, 5, 6]);
    let why: Vec<(u64, Stale)> = drop
        .iter()
        .map(|(p, w)| (p.delivery.outbox().unwrap(), *w))
        .collect();
    assert_eq!(why, vec![(1, Stale::TooOld), (2, Stale::Superseded)]);
    // Past the cap, the oldest posts go; DMs are not counted.
    let many: Vec<Pending> = (1..=MAX_WAITING_POSTS as u64 + 3)
        .map(|id| with(id, Delivery::channel(format!("post {id}")), None))
        .chain(std::iter::once(with(
            99,
            Delivery::private(1, "hand"),
            None,
        )))
        .collect();
    let (keep, drop) = sort_out(many, now);
    assert_eq!(keep.len(), MAX_WAITING_POSTS + 1);
    assert_eq!(
        ids(&drop.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>()),
        vec![1, 2, 3]
    );
    assert!(drop.iter().all(|(_, w)| *w == Stale::OverCap));
}

#[test]
fn each_player_is_told_once_which_permission_is_missing() {
    let (_dir, table) = table();
    let sender = Sender::new(table.clone());
    let t = FakeTransport::default();
    let no_send = serenity::Permissions::VIEW_CHANNEL
        | serenity::Permissions::ATTACH_FILES
        | serenity::Permissions::EMBED_LINKS;
    let told = |replies: &[String]| {
        replies
            .iter()
            .filter(|r| r.contains("I am missing **Send Messages**"))
            .count()
    };
    block(async {
        let mut counts = Vec::new();
        for (u, line) in [
            (1, "new countdown seed=3"),
            (1, "status"),
            (2, "join"),
            (2, "leave"),
            (1, "status"),
        ] {
            let d = act(&table, u, line);
            let r = sender
                .after_command(&t, 9, reporting(u, no_send), d)
                .await
                .texts;
            counts.push(told(&r));
        }
        assert_eq!(counts, vec![1, 0, 1, 0, 0], "once per player");
        // Fixed, then lost again: told again.
        let d = act(&table, 2, "join");
        let r = sender
            .after_command(&t, 9, reporting(2, all_needed()), d)
            .await
            .texts;
        assert_eq!(told(&r), 0);
        assert!(table.pending_in(9).is_empty());
        let d = act(&table, 2, "leave");
        let r = sender
            .after_command(&t, 9, reporting(2, no_send), d)
            .await
            .texts;
        assert_eq!(told(&r), 1);
    });
}

#[test]
fn the_picture_is_left_off_without_attach_files_and_never_retried_bare_blind() {
    let (_dir, table) = table();
    let sender = Sender::new(table.clone());
    let t = FakeTransport::default();
    t.files_forbidden.store(true, Ordering::SeqCst);
    let no_files = all_needed() - serenity::Permissions::ATTACH_FILES;
    let replies = block(async {
        for (u, line) in [(1, "new palazzo seed=3"), (2, "join")] {
            let d = act(&table, u, line);
            sender
                .after_command(&t, 9, reporting(u, all_needed()), d)
                .await;
        }
        let d = act(&table, 1, "start");
        sender
            .after_command(&t, 9, reporting(1, no_files), d)
            .await
            .texts
    });
    let tried = t.tried.load(Ordering::SeqCst);
    let posts = t.posts.lock().unwrap().len();
    assert_eq!(tried, posts, "no post with a picture was tried");
    assert!(
        replies.contains(&picture_permission_notice(Lang::En)),
        "{replies:?}"
    );
}

#[test]
fn a_refused_picture_is_not_retried_bare_unless_send_messages_is_known() {
    // Permissions unknown (the background loop after a restart) and the post with its
    // picture refused: no second, bare try, since Send Messages may be what is missing.
    let (_dir, table) = table();
    let t = FakeTransport::default();
    t.files_forbidden.store(true, Ordering::SeqCst);
    for (u, line) in [(1, "new palazzo seed=4"), (2, "join")] {
        act(&table, u, line);
    }
    for p in table.pending_in(9) {
        table.delivered(p.delivery.outbox().unwrap());
    }
    act(&table, 1, "start");
    let sender = Sender::new(table.clone());
    block(sender.drain(&t));
    assert_eq!(t.tried.load(Ordering::SeqCst), 1, "one refused try");
    assert!(t.posts.lock().unwrap().is_empty());
    // An interaction says Send Messages is there: the picture-less post follows.
    let replies = block(sender.after_command(&t, 9, reporting(2, all_needed()), vec![]));
    assert_eq!(
        t.tried.load(Ordering::SeqCst),
        3,
        "with, then without the picture"
    );
    assert_eq!(t.posts.lock().unwrap().len(), 1);
    assert!(replies.texts.contains(&picture_permission_notice(Lang::En)));
}

#[test]
fn in_a_thread_send_messages_in_threads_stands_for_send_messages() {
    use serenity::Permissions as P;
    let have = P::VIEW_CHANNEL | P::SEND_MESSAGES_IN_THREADS | P::EMBED_LINKS | P::ATTACH_FILES;
    let in_thread = Actor::new(1, Some(have), Some(serenity::ChannelType::PublicThread));
    assert!(in_thread.in_thread);
    assert!(!Actor::new(1, Some(have), Some(serenity::ChannelType::Text)).in_thread);
    assert!(can_post(have, true) && !can_post(have, false));
    assert!(missing_permissions(Lang::En, have, true).is_empty());
    assert_eq!(
        missing_permissions(Lang::En, P::VIEW_CHANNEL, true),
        vec!["Send Messages in Threads", "Embed Links", "Attach Files"]
    );
    // The thread's post is tried: Send Messages itself is not needed there.
    let (_dir, table) = table();
    let sender = Sender::new(table.clone());
    let t = FakeTransport::default();
    let replies = block(async {
        let d = act(&table, 1, "new countdown seed=3");
        sender.after_command(&t, 9, in_thread, d).await.texts
    });
    assert_eq!(t.posts.lock().unwrap().len(), 1);
    assert!(
        replies.iter().all(|r| !r.contains("I am missing")),
        "{replies:?}"
    );
}

#[test]
fn the_breaker_holds_requests_at_the_budget_and_reopens_as_the_window_moves() {
    let mut b = Breaker::default();
    let t0 = Instant::now();
    for i in 0..INVALID_REQUEST_BUDGET {
        assert!(b.try_reserve(t0), "request {i}");
        b.settle(t0, true);
    }
    assert!(!b.try_reserve(t0), "budget spent");
    assert_eq!(b.wait(t0), Some(INVALID_REQUEST_WINDOW));
    let later = t0 + INVALID_REQUEST_WINDOW;
    assert_eq!(b.wait(later), None);
    assert!(b.try_reserve(later));
    // Requests in flight count as if refused.
    let mut b = Breaker::default();
    for _ in 0..INVALID_REQUEST_BUDGET {
        assert!(b.try_reserve(t0));
    }
    assert!(!b.try_reserve(t0));
    b.settle(t0, false);
    assert!(b.try_reserve(t0));
    assert_eq!(b.invalid_answers(t0), 0);
}

#[test]
fn invalid_answers_stay_under_the_budget_however_many_channels_refuse() {
    let (_dir, table) = table();
    let sender = Sender::new(table.clone());
    let t = FakeTransport::default();
    t.forbidden.store(true, Ordering::SeqCst);
    let payload = serde_json::to_vec(&Delivery::channel("hello")).unwrap();
    let channels = INVALID_REQUEST_BUDGET as u64 + 200;
    let rows: Vec<storage::NewOutbox> = (100..100 + channels)
        .map(|channel| storage::NewOutbox {
            channel,
            due_ms: 0,
            payload: payload.clone(),
        })
        .collect();
    table.store().enqueue(&rows).unwrap();
    block(async { while sender.drain(&t).await > 0 {} });
    assert_eq!(t.tried.load(Ordering::SeqCst), INVALID_REQUEST_BUDGET);
    assert!(sender.breaker_wait().is_some());
    // A command meanwhile is still answered; its post waits.
    let replies = block(async {
        let d = act(&table, 1, "new countdown seed=3");
        sender.after_command(&t, 9, actor(1), d).await
    });
    assert!(replies.texts.is_empty(), "{:?}", replies.texts);
    assert_eq!(t.tried.load(Ordering::SeqCst), INVALID_REQUEST_BUDGET);
    assert_eq!(table.pending_in(9).len(), 1);
}

/// `user` plays their first legal move.
fn first_move(table: &Table, user: u64) -> Vec<Delivery> {
    let first = table.legal_actions(9, user)[0].clone();
    act(table, user, &first)
}

/// The user awaited in channel 9.
fn awaited_user(table: &Table) -> Option<u64> {
    table.prompts(9).first().map(|p| p.user)
}

#[test]
fn a_live_hand_is_edited_in_place_coalesced_and_sent_again_once_when_gone() {
    let (_dir, table) = table();
    let sender = Sender::new(table.clone());
    let t = FakeTransport::default();
    block(async {
        for (u, line) in [(1, "new palazzo seed=3"), (2, "join"), (1, "start")] {
            let d = act(&table, u, line);
            sender.after_command(&t, 9, actor(u), d).await;
        }
    });
    let users = |t: &FakeTransport| {
        t.dms
            .lock()
            .unwrap()
            .iter()
            .map(|d| d.0)
            .collect::<Vec<_>>()
    };
    assert_eq!(users(&t), vec![1, 2], "one live hand each");
    // Moves pile up unsent: only the newest hand of each player goes, as an edit.
    let mut waiting = 0;
    for _ in 0..8 {
        let Some(u) = awaited_user(&table) else { break };
        waiting += first_move(&table, u)
            .iter()
            .filter(|d| matches!(d, Delivery::Hand { .. }))
            .count();
    }
    assert!(waiting > 2, "{waiting} hand updates");
    block(sender.drain(&t));
    assert_eq!(users(&t), vec![1, 2], "edited, no new DM");
    assert!(table.pending_in(9).is_empty());
    let shows = |t: &FakeTransport, user: u64| {
        let dms = t.dms.lock().unwrap();
        let dm = dms.iter().rev().find(|d| d.0 == user).unwrap().1.clone();
        dm.split_once('\n').unwrap().1.to_string()
    };
    for user in [1, 2] {
        let view = table.handle(9, &Caller::new(user, "x"), Command::Hand);
        assert_eq!(shows(&t, user), view[0].text(), "{user}'s live hand");
    }
    // Ana's live hand is deleted: her next change sends it anew, once.
    t.gone.lock().unwrap().insert(1);
    let before = shows(&t, 1);
    for _ in 0..40 {
        let Some(u) = awaited_user(&table) else { break };
        let d = first_move(&table, u);
        block(sender.after_command(&t, 9, actor(u), d));
        if users(&t).len() > 2 && shows(&t, 1) != before {
            break;
        }
    }
    assert_eq!(users(&t), vec![1, 2, 1], "sent again once");
    // And edited from then on: no further DM for her.
    let again = shows(&t, 1);
    let mut edited = false;
    for _ in 0..40 {
        let Some(u) = awaited_user(&table) else { break };
        let d = first_move(&table, u);
        block(sender.after_command(&t, 9, actor(u), d));
        edited |= shows(&t, 1) != again;
    }
    assert!(edited, "her new live hand was edited");
    assert_eq!(users(&t), vec![1, 2, 1], "no further DM");
}
