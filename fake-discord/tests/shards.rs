//! The fake's gateway shards: IDENTIFY with `[i, n]`, several guilds routed to the shard
//! `(guild_id >> 22) % n`, DM interactions on shard 0, and Discord's close codes for a
//! shard that cannot be (4010) or a session that must shard (4011). Raw WebSocket clients
//! play the bot's shards, so each frame is seen exactly as sent.

use std::time::Duration;

use fake_discord::{Config, FakeDiscord};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Gateway intents GUILDS | GUILD_MEMBERS: guild, channel and member events.
const GUILDS_AND_MEMBERS: u64 = 0b11;

/// A connected shard: HELLO read, IDENTIFY sent with `shard` (none: Discord's default),
/// asking for guild, channel and member events.
async fn identify(fake: &FakeDiscord, shard: Option<[u32; 2]>) -> Socket {
    identify_with(fake, shard, json!(GUILDS_AND_MEMBERS)).await
}

/// [`identify`] with these `intents` (a JSON value: a number, or anything else to test).
async fn identify_with(fake: &FakeDiscord, shard: Option<[u32; 2]>, intents: Value) -> Socket {
    let (mut ws, _) = tokio_tungstenite::connect_async(fake.gateway_url())
        .await
        .expect("gateway connection");
    let hello = next_frame(&mut ws).await.expect("HELLO");
    assert_eq!(hello["op"], 10);
    let mut data = json!({
        "token": format!("Bot {}", fake.token()),
        "intents": intents,
        "properties": {"os": "linux", "browser": "test", "device": "test"},
    });
    if let Some(shard) = shard {
        data["shard"] = json!(shard);
    }
    ws.send(Message::Text(json!({"op": 2, "d": data}).to_string()))
        .await
        .expect("IDENTIFY sent");
    ws
}

/// The next JSON frame, or the close code as `{"close": code}`; `None` after 2 s of
/// nothing or at the end of the stream.
async fn next_frame(ws: &mut Socket) -> Option<Value> {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(2), ws.next())
            .await
            .ok()??;
        match frame {
            Ok(Message::Text(text)) => return serde_json::from_str(&text).ok(),
            Ok(Message::Close(close)) => {
                return Some(json!({"close": close.map(|c| u16::from(c.code))}))
            }
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

/// The next dispatch of type `event` on `ws` (other dispatches are skipped).
async fn next_event(ws: &mut Socket, event: &str) -> Option<Value> {
    loop {
        let frame = next_frame(ws).await?;
        if frame["t"] == event {
            return Some(frame["d"].clone());
        }
    }
}

/// Whether `ws` gets a dispatch of type `event` within half a second.
async fn gets_event_soon(ws: &mut Socket, event: &str) -> bool {
    tokio::time::timeout(Duration::from_millis(500), next_event(ws, event))
        .await
        .ok()
        .flatten()
        .is_some()
}

/// Registers one global slash command through the fake's REST API.
async fn register_ping(fake: &FakeDiscord) {
    let url = format!(
        "{}/api/v10/applications/{}/commands",
        fake.api_base(),
        fake.application_id()
    );
    let answer = reqwest::Client::new()
        .put(url)
        .header("Authorization", format!("Bot {}", fake.token()))
        .header("Content-Type", "application/json")
        .body(json!([{"name": "ping", "description": "Ping", "type": 1}]).to_string())
        .send()
        .await
        .expect("PUT commands");
    assert_eq!(answer.status(), 200);
}

fn ids(list: &Value) -> Vec<String> {
    list.as_array()
        .into_iter()
        .flatten()
        .filter_map(|g| g["id"].as_str().map(String::from))
        .collect()
}

#[tokio::test]
async fn guild_events_and_interactions_reach_the_shard_of_their_guild_and_dms_shard_0() {
    let fake = FakeDiscord::start().await;
    let first = fake.guild_id();
    let second = fake.add_guild("Second");
    let third = fake.add_guild("Third");
    assert_eq!(fake.guild_ids(), vec![first, second, third]);
    // Successive guilds on successive shards.
    assert_ne!(
        FakeDiscord::shard_of(first, 2),
        FakeDiscord::shard_of(second, 2)
    );
    let ana = fake.add_user("ana");
    register_ping(&fake).await;
    let mut shards = Vec::new();
    for i in 0..2u32 {
        let mut ws = identify(&fake, Some([i, 2])).await;
        let ready = next_event(&mut ws, "READY").await.expect("READY");
        assert_eq!(ready["shard"], json!([i, 2]));
        let mut expected: Vec<String> = [first, second, third]
            .iter()
            .filter(|g| FakeDiscord::shard_of(**g, 2) == i)
            .map(u64::to_string)
            .collect();
        expected.sort();
        let mut announced = ids(&ready["guilds"]);
        announced.sort();
        assert_eq!(announced, expected, "READY of shard {i}");
        for _ in 0..expected.len() {
            let guild = next_event(&mut ws, "GUILD_CREATE")
                .await
                .expect("GUILD_CREATE");
            assert!(expected.contains(&guild["id"].as_str().unwrap().to_string()));
            // Every channel of a guild names that guild.
            for channel in guild["channels"].as_array().unwrap() {
                assert_eq!(channel["guild_id"], guild["id"]);
            }
        }
        shards.push(ws);
    }
    fake.wait_ready().await;
    let sessions = fake.shard_sessions();
    assert_eq!(sessions.len(), 2);
    assert!(sessions.iter().all(|s| s.ready && s.connected));

    // A slash command in each guild goes to that guild's shard only.
    for guild in [first, second, third] {
        let channel = fake.add_channel_in(guild, "tables");
        let shard = FakeDiscord::shard_of(guild, 2) as usize;
        let created = next_event(&mut shards[shard], "CHANNEL_CREATE")
            .await
            .expect("CHANNEL_CREATE on the guild's shard");
        assert_eq!(created["guild_id"], guild.to_string());
        let interaction = fake.slash(ana, channel, "ping", json!({}));
        assert_eq!(interaction.shard, Some(shard as u32));
        let got = next_event(&mut shards[shard], "INTERACTION_CREATE")
            .await
            .expect("the interaction on its guild's shard");
        assert_eq!(got["guild_id"], guild.to_string());
        assert_eq!(got["channel_id"], channel.to_string());
        assert!(
            !gets_event_soon(&mut shards[1 - shard], "INTERACTION_CREATE").await,
            "the other shard got guild {guild}'s interaction"
        );
    }

    // A DM interaction goes to shard 0.
    let dm = fake.dm_channel(ana);
    let interaction = fake.slash(ana, dm, "ping", json!({}));
    assert_eq!(interaction.shard, Some(0));
    let got = next_event(&mut shards[0], "INTERACTION_CREATE")
        .await
        .expect("the DM interaction on shard 0");
    assert!(got.get("guild_id").is_none(), "{got}");
    assert_eq!(got["user"]["id"], ana.to_string());
    assert!(!gets_event_soon(&mut shards[1], "INTERACTION_CREATE").await);

    // A new member is announced in every guild, each on its own shard.
    fake.add_user("bruno");
    for (i, ws) in shards.iter_mut().enumerate() {
        let held = [first, second, third]
            .iter()
            .filter(|g| FakeDiscord::shard_of(**g, 2) == i as u32)
            .count();
        for _ in 0..held {
            let member = next_event(ws, "GUILD_MEMBER_ADD").await.expect("member");
            let guild: u64 = member["guild_id"].as_str().unwrap().parse().unwrap();
            assert_eq!(FakeDiscord::shard_of(guild, 2), i as u32);
        }
    }
    assert!(fake.gateway_closes().is_empty());
}

#[tokio::test]
async fn a_shard_that_cannot_be_or_must_be_split_is_closed_with_discords_codes() {
    let fake = FakeDiscord::start_with(Config {
        max_guilds_per_shard: 1,
        ..Config::default()
    })
    .await;
    fake.add_guild("Second");
    // Shard 2 of 2, and a total of 0: 4010 invalid shard.
    for shard in [[2, 2], [0, 0]] {
        let mut ws = identify(&fake, Some(shard)).await;
        assert_eq!(next_frame(&mut ws).await, Some(json!({"close": 4010})));
    }
    // Unsharded with two guilds where a shard may hold one: 4011 sharding required.
    let mut ws = identify(&fake, None).await;
    assert_eq!(next_frame(&mut ws).await, Some(json!({"close": 4011})));
    // Two shards hold one guild each.
    let mut zero = identify(&fake, Some([0, 2])).await;
    assert!(next_event(&mut zero, "READY").await.is_some());
    // Another total while shard 0 of 2 is connected: 4010.
    let mut other = identify(&fake, Some([1, 3])).await;
    assert_eq!(next_frame(&mut other).await, Some(json!({"close": 4010})));
    let mut one = identify(&fake, Some([1, 2])).await;
    assert!(next_event(&mut one, "READY").await.is_some());
    fake.wait_ready().await;
    assert_eq!(fake.gateway_closes(), vec![4010, 4010, 4011, 4010]);
    assert_eq!(fake.gateway_stats().identifies, 2);
}

/// A session gets only the events its intents ask for (interactions whatever they are),
/// and an IDENTIFY without intents is closed with 4013, as Discord does.
#[tokio::test]
async fn a_session_gets_only_the_events_its_intents_ask_for() {
    let fake = FakeDiscord::start().await;
    let ana = fake.add_user("ana");
    register_ping(&fake).await;
    let mut ws = identify_with(&fake, None, json!(0)).await;
    next_event(&mut ws, "READY").await.expect("READY");
    assert!(
        !gets_event_soon(&mut ws, "GUILD_CREATE").await,
        "no GUILDS intent"
    );
    fake.add_channel("quiet");
    assert!(!gets_event_soon(&mut ws, "CHANNEL_CREATE").await);
    fake.slash(ana, fake.channel(), "ping", json!({}));
    assert!(next_event(&mut ws, "INTERACTION_CREATE").await.is_some());
    let mut guilds_only = identify_with(&fake, None, json!(1)).await;
    next_event(&mut guilds_only, "GUILD_CREATE")
        .await
        .expect("GUILDS");
    fake.add_user("bruno");
    assert!(
        !gets_event_soon(&mut guilds_only, "GUILD_MEMBER_ADD").await,
        "members are privileged"
    );
    assert_eq!(fake.identify_intents(), vec![0, 1]);
    let mut none = identify_with(&fake, None, Value::Null).await;
    assert_eq!(next_frame(&mut none).await, Some(json!({"close": 4013})));
    assert_eq!(fake.gateway_closes(), vec![4013]);
}
