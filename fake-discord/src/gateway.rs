//! The gateway half: plain `ws://` JSON text frames. HELLO → IDENTIFY → READY + GUILD_CREATE,
//! heartbeats, RESUME with replay of missed dispatches, and server-initiated op 7 / closes.

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
        if s.gateway
            .live
            .as_ref()
            .is_some_and(|live| live.same_channel(&tx))
        {
            s.gateway.live = None;
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
            identify(state, tx.clone());
            Answer::Nothing
        }
        Some(op::RESUME) => {
            let same_session = data["session_id"].as_str() == state.gateway.session_id.as_deref();
            if !same_session || !token_ok(state, data["token"].as_str()) {
                return Answer::Send(
                    json!({"op": op::INVALID_SESSION, "s": null, "t": null, "d": false})
                        .to_string(),
                );
            }
            let after = data["seq"].as_u64().unwrap_or(0);
            for (_, frame) in state.gateway.log.iter().filter(|(seq, _)| *seq > after) {
                let _ = tx.send(Outgoing::Text(frame.clone()));
            }
            state.gateway.live = Some(tx.clone());
            state.gateway.resumes += 1;
            state.dispatch("RESUMED", json!({}));
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

/// Starts a new session on this connection: READY then GUILD_CREATE.
fn identify(state: &mut State, tx: UnboundedSender<Outgoing>) {
    let session = format!("fake-session-{}", state.new_id());
    let gw = &mut state.gateway;
    gw.seq = 0;
    gw.log.clear();
    gw.session_id = Some(session.clone());
    gw.live = Some(tx);
    gw.identifies += 1;
    let ready = json!({
        "v": 10,
        "user": payload::user(&state.bot),
        "guilds": [{"id": state.guild_id.to_string(), "unavailable": true}],
        "session_id": session,
        "resume_gateway_url": state.ws_url,
        "shard": [0, 1],
        "application": {"id": state.app_id.to_string(), "flags": 0},
    });
    state.dispatch("READY", ready);
    let guild = payload::guild_create(state);
    state.dispatch("GUILD_CREATE", guild);
    state.gateway.ready = true;
}
