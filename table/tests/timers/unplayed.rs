//! A bot's turn that could not be played (here: every move its search finds is refused)
//! is tried again with a doubling backoff and then played by its fallback move, the
//! game's default: never dropped while the bot is awaited, on a pool or inline.

use super::*;

/// A search whose every move the rules refuse.
fn refused() -> table::think::SearchFn {
    Arc::new(|_, _| Some("no such move".to_string()))
}

fn a_refused_bot_move_is_tried_again_then_its_fallback_played(pooled: bool) {
    use table::Clock;
    let dir = tempfile::tempdir().unwrap();
    let clock = Arc::new(ManualClock::new(START));
    let store = Arc::new(SledStore::open(dir.path()).unwrap());
    let thinker = if pooled {
        table::Thinker::with_threads(1)
    } else {
        table::Thinker::inline()
    };
    let (table, woken) = bots_on(&store, &clock, thinker.with_search(refused()));
    let at = until_the_bot_is_awaited(&table);
    let (game_id, before) = stored_game(&store, CH);
    let bot = before.awaiting()[0];
    let default = before
        .absent_text(bot, Absent::Auto)
        .expect("a default move");
    // One try: the timer fires; on a pool the search's plan is played by the pass after
    // the waker.
    let try_once = || {
        fire(&table, CH);
        if pooled {
            woken
                .recv_timeout(std::time::Duration::from_secs(20))
                .expect("the bot's move was searched");
            fire(&table, CH);
        }
    };
    let stand_in = || store.timer(CH, TimerKind::StandIn).unwrap();
    for delay in [500, 1_000, 2_000] {
        try_once();
        let timer = stand_in().expect("the bot's turn is kept, not dropped");
        assert_eq!(timer.due_ms, clock.now_ms() + delay, "tried again later");
        assert_eq!(table.state_version(CH).unwrap().version, at);
        clock.advance(delay);
    }
    try_once();
    assert_eq!(table.thinker().searches(), 4, "searched at each try");
    let log = store.log(game_id).unwrap();
    let played = &log[usize::try_from(at).unwrap()];
    assert_eq!(
        (played.seat, played.text.as_str()),
        (bot, default.as_str()),
        "the fallback is the game's default move"
    );
    // The game went on: the person is awaited again (or the game is over).
    assert!(table.state_version(CH).is_none_or(|s| s.version > at));
}

#[test]
fn a_pooled_bot_move_the_rules_refuse_is_tried_again_then_its_fallback_played() {
    a_refused_bot_move_is_tried_again_then_its_fallback_played(true);
}

#[test]
fn an_inline_bot_move_the_rules_refuse_is_tried_again_then_its_fallback_played() {
    a_refused_bot_move_is_tried_again_then_its_fallback_played(false);
}
