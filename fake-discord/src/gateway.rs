//! The gateway half: plain `ws://` JSON text frames. HELLO → IDENTIFY → READY + GUILD_CREATE,
//! heartbeats, RESUME with replay of missed dispatches, and server-initiated op 7 / closes.
//! One session per shard: IDENTIFY's `shard: [i, n]` (default `[0, 1]`) picks it; a
//! guild's events go to shard `(guild_id >> 22) % n`, DM interactions to shard 0.

use std::sync::Arc;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc::{unbounded_channel, UnboundedSender};
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::Message;

use crate::payload;
use crate::state::{Outgoing, State};
use crate::Shared;

/// Gateway opcodes used here.
mod op {
    pub const DISPATCH: u64 = 0;
    pub const HEARTBEAT: u64 = 1;
    pub const IDENTIFY: u64 = 2;
    pub const RESUME: u64 = 6;
    pub const RECONNECT: u64 = 7;
    pub const INVALID_SESSION: u64 = 9;
    pub const HELLO: u64 = 10;
    pub const HEARTBEAT_ACK: u64 = 11;
}

/// Close code for a bad token.
const AUTHENTICATION_FAILED: u16 = 4004;
/// Close code for an IDENTIFY without a valid `intents` bitfield.
const INVALID_INTENTS: u16 = 4013;
/// Close code for an IDENTIFY with a shard that cannot be (`i >= n`, `n == 0`, or a total
/// other than the live sessions').
const INVALID_SHARD: u16 = 4010;
/// Close code for a session that would hold too many guilds: the bot must shard.
const SHARDING_REQUIRED: u16 = 4011;

/// Accepts gateway connections forever.
pub async fn serve(listener: TcpListener, shared: Arc<Shared>) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        tokio::spawn(connection(stream, Arc::clone(&shared)));
    }
}

/// What to do after a client frame.
enum Answer {
    Nothing,
    Send(String),
    Close(u16),
}

async fn connection(stream: TcpStream, shared: Arc<Shared>) {
    let Ok(ws) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut incoming) = ws.split();
    let (tx, mut rx) = unbounded_channel::<Outgoing>();
    let interval = shared.update(|s| {
        s.gateway.connections += 1;
        s.config.heartbeat_interval.as_millis() as u64
    });
    // A held gateway greets nobody yet: the bot stays away and dispatches wait in the log.
    shared.until(|s| !s.gateway.held).await;
    let hello =
        json!({"op": op::HELLO, "s": null, "t": null, "d": {"heartbeat_interval": interval}});
    if sink.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    loop {
        tokio::select! {
            frame = incoming.next() => {
                let answer = match frame {
                    Some(Ok(Message::Text(text))) => shared.update(|s| client_frame(s, &text, &tx)),
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => Answer::Nothing,
                };
                let sent = match answer {
                    Answer::Nothing => Ok(()),
                    Answer::Send(text) => sink.send(Message::Text(text)).await,
                    Answer::Close(code) => {
                        shared.update(|s| s.gateway.closes.push(code));
                        let _ = close(&mut sink, code).await;
                        break;
                    },
                };
                if sent.is_err() {
                    break;
                }
            },
            out = rx.recv() => {
                let sent = match out {
                    Some(Outgoing::Text(text)) => sink.send(Message::Text(text)).await,
                    Some(Outgoing::Reconnect) => {
                        let frame = json!({"op": op::RECONNECT, "s": null, "t": null, "d": null});
                        sink.send(Message::Text(frame.to_string())).await
                    },
                    Some(Outgoing::Close(code)) => {
                        shared.update(|s| s.gateway.closes.push(code));
                        let _ = close(&mut sink, code).await;
                        break;
                    },
                    None => break,
                };
                if sent.is_err() {
                    break;
                }
            },
        }
    }
    shared.update(|s| {
        for session in s.gateway.sessions.values_mut() {
            if session
                .live
                .as_ref()
                .is_some_and(|live| live.same_channel(&tx))
            {
                session.live = None;
            }
        }
    });
}

async fn close<S>(sink: &mut S, code: u16) -> Result<(), S::Error>
where
    S: futures_util::Sink<Message> + Unpin,
{
    let frame = CloseFrame {
        code: CloseCode::from(code),
        reason: "fake-discord".into(),
    };
    sink.send(Message::Close(Some(frame))).await
}

fn client_frame(state: &mut State, text: &str, tx: &UnboundedSender<Outgoing>) -> Answer {
    let Ok(frame) = serde_json::from_str::<Value>(text) else {
        return Answer::Close(4002);
    };
    let data = &frame["d"];
    match frame["op"].as_u64() {
        Some(op::HEARTBEAT) => {
            state.gateway.heartbeats += 1;
            Answer::Send(
                json!({"op": op::HEARTBEAT_ACK, "s": null, "t": null, "d": null}).to_string(),
            )
        }
        Some(op::IDENTIFY) => {
            if !token_ok(state, data["token"].as_str()) {
                return Answer::Close(AUTHENTICATION_FAILED);
            }
            let Some(intents) = data["intents"].as_u64() else {
                return Answer::Close(INVALID_INTENTS);
            };
            let shard = match &data["shard"] {
                Value::Null => Some([0, 1]),
                given => given.as_array().and_then(|a| match a.as_slice() {
                    [i, n] => Some([i.as_u64()? as u32, n.as_u64()? as u32]),
                    _ => None,
                }),
            };
            match shard.map(|shard| check_shard(state, shard)) {
                Some(Ok(shard)) => {
                    identify(state, shard, intents, tx.clone());
                    Answer::Nothing
                }
                Some(Err(code)) => Answer::Close(code),
                None => Answer::Close(INVALID_SHARD),
            }
        }
        Some(op::RESUME) => {
            let token_ok = token_ok(state, data["token"].as_str());
            let session = data["session_id"].as_str().and_then(|id| {
                state
                    .gateway
                    .sessions
                    .iter()
                    .find(|(_, s)| s.session_id.as_deref() == Some(id))
                    .map(|(shard, _)| *shard)
            });
            let (Some(shard), true) = (session, token_ok) else {
                return Answer::Send(
                    json!({"op": op::INVALID_SESSION, "s": null, "t": null, "d": false})
                        .to_string(),
                );
            };
            let after = data["seq"].as_u64().unwrap_or(0);
            if let Some(session) = state.gateway.sessions.get_mut(&shard) {
                for (_, frame) in session.log.iter().filter(|(seq, _)| *seq > after) {
                    let _ = tx.send(Outgoing::Text(frame.clone()));
                    state.gateway.replayed += 1;
                }
                session.live = Some(tx.clone());
            }
            state.gateway.resumes += 1;
            state.dispatch(shard, "RESUMED", json!({}));
            Answer::Nothing
        }
        Some(op::DISPATCH | op::HELLO | op::HEARTBEAT_ACK) | None => Answer::Close(4001),
        Some(_) => Answer::Nothing,
    }
}

fn token_ok(state: &State, token: Option<&str>) -> bool {
    let token = token.unwrap_or_default();
    token.strip_prefix("Bot ").unwrap_or(token) == state.config.token
}

/// The shard IDENTIFY asked for, or the close code refusing it: 4010 for a shard that
/// cannot be (`i >= n`, `n == 0`, a total other than a live session's), 4011 when the
/// shard would hold more guilds than `Config::max_guilds_per_shard`.
fn check_shard(state: &mut State, [i, n]: [u32; 2]) -> Result<[u32; 2], u16> {
    if n == 0 || i >= n {
        return Err(INVALID_SHARD);
    }
    let gw = &mut state.gateway;
    let other_total = |s: &crate::state::Session| s.shard[1] != n;
    if gw
        .sessions
        .values()
        .any(|s| other_total(s) && s.live.is_some())
    {
        return Err(INVALID_SHARD);
    }
    // The bot resharded: sessions of the old total are gone.
    gw.sessions.retain(|_, s| !other_total(s));
    let held = state
        .guilds
        .keys()
        .filter(|g| State::shard_of(**g, n) == i)
        .count();
    if held > state.config.max_guilds_per_shard {
        return Err(SHARDING_REQUIRED);
    }
    Ok([i, n])
}

/// Starts a new session for `shard` on this connection, receiving the events `intents`
/// ask for: READY, then GUILD_CREATE for each of the shard's guilds (with GUILDS).
fn identify(state: &mut State, shard: [u32; 2], intents: u64, tx: UnboundedSender<Outgoing>) {
    let session_id = format!("fake-session-{}", state.new_id());
    let [i, n] = shard;
    state.gateway.sessions.insert(
        i,
        crate::state::Session {
            shard,
            session_id: Some(session_id.clone()),
            live: Some(tx),
            intents,
            ..Default::default()
        },
    );
    state.gateway.identifies += 1;
    state.gateway.identify_intents.push(intents);
    let guilds: Vec<u64> = state
        .guilds
        .keys()
        .copied()
        .filter(|g| State::shard_of(*g, n) == i)
        .collect();
    let ready = json!({
        "v": 10,
        "user": payload::user(&state.bot),
        "guilds": guilds
            .iter()
            .map(|g| json!({"id": g.to_string(), "unavailable": true}))
            .collect::<Vec<_>>(),
        "session_id": session_id,
        "resume_gateway_url": state.ws_url,
        "shard": [i, n],
        "application": {"id": state.app_id.to_string(), "flags": 0},
    });
    state.dispatch(i, "READY", ready);
    for guild in guilds {
        let create = payload::guild_create(state, guild);
        state.dispatch(i, "GUILD_CREATE", create);
    }
    if let Some(session) = state.gateway.sessions.get_mut(&i) {
        session.ready = true;
    }
}
