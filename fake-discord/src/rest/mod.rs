//! The REST half: an HTTP/1.1 server (plain, and TLS for `https://discord.com` when the bot's
//! reqwest client resolves discord.com to the fake) serving the API v10 routes a poise bot uses,
//! with Discord's rules, error codes and statuses.

mod interactions;
mod messages;
pub(crate) mod threads;

use std::convert::Infallible;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use serde_json::{json, Value};
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;

use crate::limits::{self, Errors, FLAG_EPHEMERAL};
use crate::model::{ErrorRecord, Failure, Permissions, RequestRecord};
use crate::payload;
use crate::ratelimits::Verdict;
use crate::state::{ApiError, ChannelKind, State};
use crate::Shared;
use interactions::{followup, interaction_callback, webhook_message};
use messages::{channel_message, create_channel_message, list_channel_messages};

/// Flags a bot may set on a message: SUPPRESS_EMBEDS, SUPPRESS_NOTIFICATIONS.
const SETTABLE_FLAGS: u64 = (1 << 2) | (1 << 12);
/// Longest accepted nonce.
const NONCE_MAX: usize = 25;
/// Message flags by name.
const SUPPRESS_EMBEDS: u64 = 1 << 2;
const SUPPRESS_NOTIFICATIONS: u64 = 1 << 12;
const IS_VOICE_MESSAGE: u64 = 1 << 13;
const IS_COMPONENTS_V2: u64 = 1 << 15;
/// Flags a new channel message may carry (Create Message).
const CREATE_FLAGS: u64 =
    SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_VOICE_MESSAGE | IS_COMPONENTS_V2;
/// Flags an interaction's message response may carry.
const RESPONSE_FLAGS: u64 = CREATE_FLAGS | FLAG_EPHEMERAL;
/// Flags a deferred message response may carry: EPHEMERAL only.
const DEFERRED_FLAGS: u64 = FLAG_EPHEMERAL;
/// Flags a followup may carry (Execute Webhook's, and EPHEMERAL).
const FOLLOWUP_FLAGS: u64 =
    SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2 | FLAG_EPHEMERAL;

/// A file part of a multipart body.
pub struct Upload {
    pub filename: String,
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
    /// The form part's number (`files[n]`): the `id` of its entry in `attachments`.
    pub index: Option<u64>,
}

/// An answer: status, JSON body (none for 204) and extra headers.
struct Reply {
    status: u16,
    body: Option<Value>,
    headers: Vec<(&'static str, String)>,
    /// Never answer (an injected lost response): the request took effect.
    lost: bool,
}

impl Reply {
    fn json(status: u16, body: Value) -> Self {
        Self {
            status,
            body: Some(body),
            headers: Vec::new(),
            lost: false,
        }
    }

    fn no_content() -> Self {
        Self {
            status: 204,
            body: None,
            headers: Vec::new(),
            lost: false,
        }
    }
}

type Handled = Result<Reply, ApiError>;

/// Accepts connections forever; a first byte of 0x16 (TLS ClientHello) means TLS.
pub async fn serve(listener: TcpListener, shared: Arc<Shared>, tls: TlsAcceptor) {
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            continue;
        };
        let shared = Arc::clone(&shared);
        let tls = tls.clone();
        tokio::spawn(async move {
            let mut first = [0u8; 1];
            if stream.peek(&mut first).await.is_err() {
                return;
            }
            if first[0] == 0x16 {
                if let Ok(stream) = tls.accept(stream).await {
                    serve_connection(TokioIo::new(stream), shared).await;
                }
            } else {
                serve_connection(TokioIo::new(stream), shared).await;
            }
        });
    }
}

async fn serve_connection<I>(io: I, shared: Arc<Shared>)
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let service = hyper::service::service_fn(move |req| handle(Arc::clone(&shared), req));
    let _ = hyper::server::conn::http1::Builder::new()
        .serve_connection(io, service)
        .await;
}

async fn handle(
    shared: Arc<Shared>,
    req: Request<Incoming>,
) -> Result<Response<Full<Bytes>>, Infallible> {
    let method = req.method().as_str().to_owned();
    let full_path = req.uri().path().to_owned();
    let query = req.uri().query().unwrap_or_default().to_owned();
    let header = |name: &str| {
        req.headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let auth = header("authorization");
    let content_type = header("content-type").unwrap_or_default();
    let bytes = match req.into_body().collect().await {
        Ok(body) => body.to_bytes(),
        Err(_) => Bytes::new(),
    };
    let reply = shared.update(|state| {
        process(
            state,
            &method,
            &full_path,
            &query,
            auth.as_deref(),
            &content_type,
            &bytes,
        )
    });
    if reply.lost {
        // The client never hears back (until it gives up or dies).
        std::future::pending::<()>().await;
    }
    let mut response = Response::builder().status(reply.status);
    for (name, value) in &reply.headers {
        response = response.header(*name, value);
    }
    let body = match reply.body {
        Some(v) => {
            response = response.header("content-type", "application/json");
            Full::new(Bytes::from(v.to_string()))
        }
        None => Full::new(Bytes::new()),
    };
    Ok(response.body(body).expect("valid response parts"))
}

fn process(
    state: &mut State,
    method: &str,
    full_path: &str,
    query: &str,
    auth: Option<&str>,
    content_type: &str,
    bytes: &[u8],
) -> Reply {
    let at = state.elapsed();
    let path = full_path
        .strip_prefix("/api/v10")
        .unwrap_or(full_path)
        .to_owned();
    let parsed = parse_body(content_type, bytes);
    let (body, uploads) = match &parsed {
        Ok((body, uploads)) => (body.clone(), uploads.as_slice()),
        Err(_) => (None, &[][..]),
    };
    let mut record = RequestRecord {
        method: method.to_owned(),
        path: path.clone(),
        body: body.clone(),
        files: uploads.iter().map(|u| u.filename.clone()).collect(),
        status: 0,
        code: None,
        at,
    };
    let injected = state
        .injections
        .iter()
        .position(|i| i.remaining > 0 && i.matches(method, &path))
        .map(|idx| {
            let injection = &mut state.injections[idx];
            injection.remaining -= 1;
            injection.failure.clone()
        });
    state.injections.retain(|i| i.remaining > 0);
    let (reply, is_injected) = match injected {
        Some(Failure::LostResponse) => {
            let result = route(state, method, &path, query, body.as_ref(), uploads);
            let mut reply = result.unwrap_or_else(|e| Reply::json(e.status, e.body()));
            reply.lost = true;
            (reply, false)
        }
        Some(failure) => (failure_reply(&failure), true),
        None => {
            // The route's rate-limit headers go on its answer, whatever it is.
            let mut limit_headers = Vec::new();
            let result = if !full_path.starts_with("/api/v10/") {
                Err(ApiError::new(404, 0, "404: Not Found"))
            } else if let Err(e) = parsed {
                Err(e)
            } else if needs_auth(&path) && !auth_ok(state, auth) {
                Err(ApiError::new(401, 0, "401: Unauthorized"))
            } else {
                let limit = state.config.rate_limit;
                let verdict = state.buckets.take(limit, &path, std::time::Instant::now());
                match verdict {
                    Some(Verdict {
                        headers,
                        refused: Some(body),
                    }) => {
                        limit_headers = headers;
                        Ok(Reply::json(429, body))
                    }
                    verdict => {
                        limit_headers = verdict.map(|v| v.headers).unwrap_or_default();
                        route(state, method, &path, query, body.as_ref(), uploads)
                    }
                }
            };
            let mut reply = result.unwrap_or_else(|e| Reply::json(e.status, e.body()));
            reply.headers.extend(limit_headers);
            (reply, false)
        }
    };
    record.status = reply.status;
    if reply.status >= 400 {
        let body = reply.body.clone().unwrap_or_default();
        let code = body.get("code").and_then(Value::as_u64).unwrap_or(0);
        record.code = Some(code);
        let mut fields = Vec::new();
        collect_error_paths(
            body.get("errors").unwrap_or(&Value::Null),
            String::new(),
            &mut fields,
        );
        let message = body
            .get("message")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned();
        tracing::debug!(
            method,
            path,
            status = reply.status,
            code,
            message,
            ?fields,
            "fake discord error"
        );
        state.errors.push(ErrorRecord {
            method: method.to_owned(),
            path: path.clone(),
            status: reply.status,
            code,
            message,
            fields,
            injected: is_injected,
        });
    }
    state.requests.push(record);
    reply
}

fn collect_error_paths(errors: &Value, prefix: String, out: &mut Vec<String>) {
    let Some(map) = errors.as_object() else {
        return;
    };
    for (key, value) in map {
        if key == "_errors" {
            out.push(prefix.clone());
        } else {
            let path = if prefix.is_empty() {
                key.clone()
            } else {
                format!("{prefix}.{key}")
            };
            collect_error_paths(value, path, out);
        }
    }
}

fn failure_reply(failure: &Failure) -> Reply {
    match failure {
        Failure::RateLimited {
            retry_after,
            global,
        } => {
            let secs = retry_after.as_secs_f64();
            let reset = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .unwrap_or_default()
                .as_secs_f64()
                + secs;
            let mut reply = Reply::json(
                429,
                json!({"message": "You are being rate limited.", "retry_after": secs, "global": global, "code": 0}),
            );
            reply.headers = vec![
                ("retry-after", format!("{secs:.3}")),
                ("x-ratelimit-limit", "5".into()),
                ("x-ratelimit-remaining", "0".into()),
                ("x-ratelimit-reset", format!("{reset:.3}")),
                ("x-ratelimit-reset-after", format!("{secs:.3}")),
                ("x-ratelimit-bucket", "fake-discord-bucket".into()),
                (
                    "x-ratelimit-scope",
                    if *global { "global" } else { "user" }.into(),
                ),
            ];
            if *global {
                reply.headers.push(("x-ratelimit-global", "true".into()));
            }
            reply
        }
        Failure::ServerError(status) => Reply::json(
            *status,
            json!({"message": format!("{status}: Server Error"), "code": 0}),
        ),
        Failure::LostResponse => unreachable!("handled in `process`"),
    }
}

/// Interaction callbacks and webhook (followup) routes are authorised by their token.
fn needs_auth(path: &str) -> bool {
    !(path.starts_with("/interactions/") || path.starts_with("/webhooks/"))
}

fn auth_ok(state: &State, auth: Option<&str>) -> bool {
    auth.is_some_and(|a| a.strip_prefix("Bot ") == Some(state.config.token.as_str()))
}

fn parse_body(content_type: &str, bytes: &[u8]) -> Result<(Option<Value>, Vec<Upload>), ApiError> {
    if bytes.is_empty() {
        return Ok((None, Vec::new()));
    }
    if let Some(boundary) = content_type
        .strip_prefix("multipart/form-data")
        .and_then(|rest| {
            rest.split(';')
                .find_map(|p| p.trim().strip_prefix("boundary="))
        })
    {
        let boundary = boundary.trim_matches('"');
        let parts = crate::multipart::parse(bytes, boundary)
            .ok_or_else(|| ApiError::new(400, 50109, "The request body contains invalid JSON."))?;
        let mut body = None;
        let mut uploads = Vec::new();
        for part in parts {
            if part.name == "payload_json" {
                body = Some(serde_json::from_slice(&part.bytes).map_err(|_| {
                    ApiError::new(400, 50109, "The request body contains invalid JSON.")
                })?);
            } else if let Some(filename) = part.filename {
                if part.bytes.len() > crate::limits::FILE_MAX {
                    return Err(ApiError::new(413, 40005, "Request entity too large"));
                }
                let index = part
                    .name
                    .strip_prefix("files[")
                    .and_then(|rest| rest.strip_suffix(']'))
                    .and_then(|n| n.parse().ok());
                uploads.push(Upload {
                    filename,
                    content_type: part.content_type,
                    bytes: part.bytes,
                    index,
                });
            }
        }
        return Ok((body, uploads));
    }
    let body = serde_json::from_slice(bytes)
        .map_err(|_| ApiError::new(400, 50109, "The request body contains invalid JSON."))?;
    Ok((Some(body), Vec::new()))
}

fn id(segment: &str) -> Option<u64> {
    segment.parse().ok()
}

fn route(
    state: &mut State,
    method: &str,
    path: &str,
    query: &str,
    body: Option<&Value>,
    uploads: &[Upload],
) -> Handled {
    let segs: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    let empty = Value::Null;
    let body = body.unwrap_or(&empty);
    let not_found = || Err(ApiError::new(404, 0, "404: Not Found"));
    match (method, segs.as_slice()) {
        ("GET", ["gateway"]) => Ok(Reply::json(200, json!({"url": state.ws_url}))),
        ("GET", ["gateway", "bot"]) => Ok(Reply::json(
            200,
            json!({
                "url": state.ws_url,
                "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 14_400_000, "max_concurrency": 1},
            }),
        )),
        ("GET", ["oauth2", "applications", "@me"]) => {
            Ok(Reply::json(200, payload::application(state)))
        }
        ("GET", ["users", "@me"]) => Ok(Reply::json(200, payload::user(&state.bot))),
        ("GET", ["users", user]) => {
            let user = id(user)
                .and_then(|u| state.users.get(&u))
                .ok_or_else(|| ApiError::new(404, 10013, "Unknown User"))?;
            Ok(Reply::json(200, payload::user(user)))
        }
        ("POST", ["users", "@me", "channels"]) => open_dm(state, body),
        ("GET", ["applications", app, "commands"]) if id(app) == Some(state.app_id) => {
            Ok(Reply::json(200, json!(state.global_commands)))
        }
        ("GET", ["applications", app, "guilds", guild, "commands"])
            if id(app) == Some(state.app_id) =>
        {
            if id(guild) != Some(state.guild_id) {
                return Err(ApiError::missing_access());
            }
            Ok(Reply::json(200, json!(state.guild_commands)))
        }
        ("PUT", ["applications", app, "commands"]) if id(app) == Some(state.app_id) => {
            register_commands(state, body, None)
        }
        ("PUT", ["applications", app, "guilds", guild, "commands"])
            if id(app) == Some(state.app_id) =>
        {
            if id(guild) != Some(state.guild_id) {
                return Err(ApiError::missing_access());
            }
            register_commands(state, body, Some(state.guild_id))
        }
        ("POST", ["interactions", interaction, token, "callback"]) => {
            interaction_callback(state, id(interaction).unwrap_or(0), token, body, uploads)
        }
        ("POST", ["webhooks", app, token]) => followup(state, app, token, body, uploads),
        (_, ["webhooks", app, token, "messages", message]) => {
            webhook_message(state, method, app, token, message, body, uploads)
        }
        ("GET", ["channels", channel]) => {
            let channel = id(channel)
                .filter(|c| state.channels.contains_key(c))
                .ok_or_else(ApiError::unknown_channel)?;
            Ok(Reply::json(200, payload::channel(state, channel)))
        }
        ("POST", ["channels", channel, "messages"]) => {
            threads::reopen_for_post(state, id(channel).unwrap_or(0))?;
            create_channel_message(state, id(channel).unwrap_or(0), body, uploads)
        }
        ("POST", ["channels", channel, "threads"]) => {
            threads::start_thread(state, id(channel).unwrap_or(0), body)
        }
        ("PUT", ["channels", channel, "thread-members", user]) => {
            threads::add_member(state, id(channel).unwrap_or(0), user)
        }
        ("PATCH", ["channels", channel]) => {
            threads::modify_thread(state, id(channel).unwrap_or(0), body)
        }
        ("GET", ["channels", channel, "messages"]) => {
            list_channel_messages(state, id(channel).unwrap_or(0), query)
        }
        (_, ["channels", channel, "messages", message]) => channel_message(
            state,
            method,
            id(channel).unwrap_or(0),
            id(message).unwrap_or(0),
            body,
            uploads,
        ),
        ("POST", ["channels", channel, "typing"]) => {
            channel_access(state, id(channel).unwrap_or(0), Permissions::SEND_MESSAGES)?;
            Ok(Reply::no_content())
        }
        (
            "PUT" | "DELETE",
            ["channels", channel, "messages", message, "reactions", _emoji, "@me"],
        ) => {
            let channel = id(channel).unwrap_or(0);
            channel_access(
                state,
                channel,
                Permissions::ADD_REACTIONS | Permissions::READ_MESSAGE_HISTORY,
            )?;
            state
                .message(id(message).unwrap_or(0))
                .filter(|m| m.channel_id == channel)
                .ok_or_else(ApiError::unknown_message)?;
            Ok(Reply::no_content())
        }
        ("GET", ["guilds", guild]) if known_guild(state, guild) => {
            let mut guild = payload::guild_create(state, id(guild).unwrap_or(0));
            if let Some(g) = guild.as_object_mut() {
                for key in [
                    "members",
                    "channels",
                    "threads",
                    "presences",
                    "voice_states",
                    "joined_at",
                    "large",
                    "member_count",
                ] {
                    g.remove(key);
                }
            }
            Ok(Reply::json(200, guild))
        }
        ("GET", ["guilds", guild, "threads", "active"]) if known_guild(state, guild) => {
            threads::active_threads(state, id(guild).unwrap_or(0))
        }
        ("GET", ["guilds", guild, "channels"]) if known_guild(state, guild) => {
            let guild = id(guild);
            let ids: Vec<u64> = state
                .channels
                .iter()
                .filter(
                    |(_, c)| matches!(c.kind, ChannelKind::Guild { guild: g } if Some(g) == guild),
                )
                .map(|(i, _)| *i)
                .collect();
            Ok(Reply::json(
                200,
                json!(ids
                    .iter()
                    .map(|c| payload::channel(state, *c))
                    .collect::<Vec<_>>()),
            ))
        }
        ("GET", ["guilds", guild, "members", user]) if known_guild(state, guild) => {
            let guild = id(guild).unwrap_or(0);
            let user = id(user)
                .and_then(|u| state.users.get(&u))
                .ok_or_else(|| ApiError::new(404, 10007, "Unknown Member"))?;
            let mut member = payload::member(state, user, None);
            member["guild_id"] = json!(guild.to_string());
            Ok(Reply::json(200, member))
        }
        _ => not_found(),
    }
}

/// Whether a path segment names one of the fake's guilds.
fn known_guild(state: &State, segment: &str) -> bool {
    segment
        .parse::<u64>()
        .is_ok_and(|g| state.guilds.contains_key(&g))
}

fn open_dm(state: &mut State, body: &Value) -> Handled {
    let recipient = body
        .get("recipient_id")
        .and_then(|v| {
            v.as_str()
                .and_then(|s| s.parse().ok())
                .or_else(|| v.as_u64())
        })
        .ok_or_else(|| {
            ApiError::form(vec![limits::FieldError {
                path: "recipient_id".into(),
                code: "BASE_TYPE_REQUIRED",
                message: "This field is required".into(),
            }])
        })?;
    if !state.users.contains_key(&recipient) {
        return Err(ApiError::new(404, 10013, "Unknown User"));
    }
    *state.dm_opens.entry(recipient).or_default() += 1;
    let channel = state.dm_channel(recipient);
    Ok(Reply::json(200, payload::channel(state, channel)))
}

fn register_commands(state: &mut State, body: &Value, guild: Option<u64>) -> Handled {
    let Some(commands) = body.as_array() else {
        return Err(ApiError::form(vec![limits::FieldError {
            path: String::new(),
            code: "BASE_TYPE_ARRAY",
            message: "Must be an array.".into(),
        }]));
    };
    let mut errors = Errors::default();
    limits::check_commands(&mut errors, commands);
    if !errors.is_empty() {
        return Err(ApiError::form(errors.into_list()));
    }
    let previous = if guild.is_some() {
        state.guild_commands.clone()
    } else {
        state.global_commands.clone()
    };
    let mut created = Vec::with_capacity(commands.len());
    for command in commands {
        let kind = command.get("type").and_then(Value::as_u64).unwrap_or(1);
        let name = command
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default();
        let existing_id = previous
            .iter()
            .find(|c| c["name"] == name && c["type"] == kind)
            .and_then(|c| c["id"].as_str().map(str::to_owned));
        let id = existing_id.unwrap_or_else(|| state.new_id().to_string());
        let mut full = json!({
            "id": id,
            "application_id": state.app_id.to_string(),
            "version": state.new_id().to_string(),
            "type": kind,
            "description": "",
            "options": [],
            "default_member_permissions": null,
            "nsfw": false,
            "integration_types": [0],
            "contexts": null,
        });
        if let Some(g) = guild {
            full["guild_id"] = json!(g.to_string());
        }
        for (key, value) in command.as_object().into_iter().flatten() {
            if !value.is_null() || key == "default_member_permissions" {
                full[key] = value.clone();
            }
        }
        full["type"] = json!(kind);
        created.push(full);
    }
    if guild.is_some() {
        state.guild_commands = created.clone();
    } else {
        state.global_commands = created.clone();
    }
    state.command_registrations += 1;
    Ok(Reply::json(200, json!(created)))
}

/// Checks the bot may act in a channel: VIEW_CHANNEL (else 50001) and `need` (else 50013).
fn channel_access(state: &State, channel: u64, need: Permissions) -> Result<(), ApiError> {
    let rec = state
        .channels
        .get(&channel)
        .ok_or_else(ApiError::unknown_channel)?;
    if let ChannelKind::Guild { .. } = rec.kind {
        let have = state.bot_permissions(channel);
        if !have.contains(Permissions::VIEW_CHANNEL) {
            return Err(ApiError::missing_access());
        }
        let mut need = need;
        if let Some(thread) = &rec.thread {
            // In a thread, posting takes SEND_MESSAGES_IN_THREADS; a private thread is
            // seen by its members only.
            if need.contains(Permissions::SEND_MESSAGES) {
                need = need.without(Permissions::SEND_MESSAGES)
                    | Permissions::SEND_MESSAGES_IN_THREADS;
            }
            if thread.private && !thread.members.contains(&state.bot.id) {
                return Err(ApiError::missing_access());
            }
        }
        if !have.contains(need) {
            return Err(ApiError::missing_permissions());
        }
    }
    Ok(())
}
