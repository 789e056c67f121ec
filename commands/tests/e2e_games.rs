//! End to end on the fake Discord: the real bot plays one full game of each of the four
//! games to final scores, the way players do — slash commands, autocomplete, the turn
//! message's buttons and the private move panel. Checked: every interaction acknowledged
//! in time, no Discord error, every awaited player pinged, and no channel message carrying
//! what only one player may know. Prints the per-move figures (REST calls, channel
//! messages, interaction latency).

mod common;
use common::*;
use fake_discord::FakeDiscord;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use serde_json::json;
use std::time::Duration;

/// Most moves a test game may take before it is called stuck.
const MOVE_LIMIT: usize = 3_000;

struct Played {
    moves: usize,
    requests: usize,
    channel_messages: usize,
}

async fn play_full_game(fake: &FakeDiscord, title: &str, players: usize, seed: u64) -> Played {
    let channel = fake.add_channel(&format!("{}-table", title.to_lowercase().replace(' ', "-")));
    let seats: Vec<u64> = (0..players)
        .map(|i| fake.add_user(&format!("player{i}")))
        .collect();
    open_table(fake, channel, title, &seats).await;
    let requests_before = fake.requests().len();
    let messages_before = fake.channel_messages(channel).len();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut moves = 0;
    let mut typed = 0;
    loop {
        if fake
            .channel_messages(channel)
            .iter()
            .any(|m| m.content.contains("Final scores"))
        {
            break;
        }
        let Some(turn) = turn_message(fake, channel) else {
            break;
        };
        let waiting = awaited(&turn, &seats);
        if waiting.is_empty() {
            break;
        }
        // Every awaited player is pinged by the turn message.
        for (user, _) in &waiting {
            assert!(
                turn.content.contains(&format!("<@{user}>")),
                "{title}: <@{user}> awaited but not pinged in: {}",
                turn.content
            );
        }
        let (user, your_move) = waiting.choose(&mut rng).unwrap().clone();
        let last_id = turn.id;
        if moves % 7 == 3 {
            // Some moves are typed, picked from autocomplete, as a player would.
            let group = title_group(title);
            let choices = fake
                .autocomplete(
                    user,
                    channel,
                    &format!("{group} move"),
                    json!({"move": ""}),
                    "move",
                )
                .choices()
                .await;
            assert!(choices.len() <= 25);
            let pick = choices
                .choose(&mut rng)
                .expect("autocomplete lists legal moves");
            slash(
                fake,
                user,
                channel,
                &format!("{group} move"),
                json!({"move": pick["value"]}),
            )
            .await;
            typed += 1;
        } else {
            let taps = tap_a_move(fake, user, &turn, &your_move, &mut rng).await;
            assert!(taps.is_some(), "{title}: the panel offered nothing");
        }
        moves += 1;
        assert!(moves < MOVE_LIMIT, "{title}: not over after {moves} moves");
        // Secret moves (a stash) post nothing: then the same turn message stays live.
        let _ = last_id;
    }
    assert!(typed > 0);
    let messages = fake.channel_messages(channel);
    let last = messages.last().expect("messages");
    assert!(
        last.content.contains("Final scores")
            || messages.iter().any(|m| m.content.contains("Final scores")),
        "{title}: no final scores; last message: {}",
        last.content
    );
    // Nothing private reached the channel before the end.
    let private: Vec<_> = seats.iter().flat_map(|u| fake.dms(*u)).collect();
    let secrets = secret_lines(&private);
    // At the end the scores reveal what was hidden (prestige cards, money): only
    // the messages posted before the final scores are checked.
    let end = messages
        .iter()
        .position(|m| m.content.contains("Final scores"))
        .unwrap_or(messages.len());
    for m in &messages[..end] {
        for line in &secrets {
            assert!(
                !m.content.contains(line.as_str()),
                "{title}: private line `{line}` reached the channel:\n{}",
                m.content
            );
        }
    }
    Played {
        moves,
        requests: fake.requests().len() - requests_before,
        channel_messages: messages.len() - messages_before,
    }
}

fn title_group(title: &str) -> &'static str {
    match title {
        "Palazzo" => "palazzo",
        "Villa Paletti" => "villa",
        "The Estates" => "estates",
        _ => "princes",
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_plays_to_final_scores_through_discord() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = Bot::start(&fake, dir.path()).await;
    for (i, (title, players)) in [
        ("Palazzo", 3),
        ("The Estates", 3),
        ("Villa Paletti", 2),
        ("The Princes of Florence", 3),
    ]
    .into_iter()
    .enumerate()
    {
        let played = play_full_game(&fake, title, players, 40 + i as u64).await;
        println!(
            "e2e_{}: moves={} rest_calls_per_move={:.2} channel_messages_per_move={:.2}",
            title_group(title),
            played.moves,
            played.requests as f64 / played.moves as f64,
            played.channel_messages as f64 / played.moves as f64
        );
    }
    fake.assert_no_errors();
    let mut latencies = fake.ack_latencies();
    latencies.sort();
    assert!(latencies.iter().all(|l| *l < Duration::from_secs(3)));
    println!(
        "interaction_ack_p50_ms={:.1} interaction_ack_p99_ms={:.1} interactions={}",
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
        latencies.len()
    );
    let took = bot.stop().await;
    assert!(took < Duration::from_secs(2), "shutdown took {took:?}");
}
