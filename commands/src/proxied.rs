//! The outbox's requests made by hand when the bot talks to an API proxy or a test double
//! (`api_base`): serenity 0.12 runs there without its rate limiter and drops a 429's
//! `Retry-After`, so these requests read it themselves (the `retry_after` of the body, or
//! the header) and the outbox waits that long, at most [`crate::retry_after::MAX_RETRY_AFTER_MS`], without
//! holding a sender meanwhile. (serenity's own requests are retried by [`crate::relay`].)

use crate::dispatch::SendError;
use crate::messages::{with_picture, PICTURE_FILE};
use poise::serenity_prelude as serenity;
use serde_json::{json, Value};
use std::sync::OnceLock;

use crate::retry_after::retry_after_ms;

/// The API at a proxy's address, with the bot's token.
pub(crate) struct Proxied<'a> {
    base: &'a str,
    token: &'a str,
}

/// What a request carries.
enum Body {
    Json(Vec<u8>),
    /// A message and one picture.
    WithPicture(Vec<u8>, Vec<u8>),
}

impl<'a> Proxied<'a> {
    /// `http`'s proxy, when it has one and no rate limiter (an `api_base`).
    pub fn of(http: &'a serenity::Http) -> Option<Self> {
        match (&http.proxy, &http.ratelimiter) {
            (Some(base), None) => Some(Proxied {
                base: base.trim_end_matches('/'),
                token: http.token(),
            }),
            _ => None,
        }
    }

    fn client() -> &'static reqwest::Client {
        static CLIENT: OnceLock<reqwest::Client> = OnceLock::new();
        // A request that hangs is abandoned (and tried again later), not waited for ever.
        CLIENT.get_or_init(|| {
            reqwest::Client::builder()
                .timeout(std::time::Duration::from_secs(30))
                .build()
                .unwrap_or_default()
        })
    }

    /// Makes the request; a success's JSON body, or what the failure comes to.
    async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Body,
    ) -> Result<Value, SendError> {
        let url = format!("{}/api/v10{path}", self.base);
        let request = Self::client()
            .request(method.clone(), url)
            .header("Authorization", self.token)
            // The outbox reschedules a 429 itself: the relay passes this one through.
            .header(crate::relay::OWN_RETRY, "1");
        let request = match body {
            Body::Json(bytes) => request
                .header("Content-Type", "application/json")
                .body(bytes),
            Body::WithPicture(json, png) => {
                let picture = reqwest::multipart::Part::bytes(png)
                    .file_name(PICTURE_FILE)
                    .mime_str("image/png")
                    .map_err(|e| SendError::Refused {
                        status: 0,
                        why: e.to_string(),
                    })?;
                let json = String::from_utf8(json).unwrap_or_default();
                let form = reqwest::multipart::Form::new()
                    .text("payload_json", json)
                    .part("files[0]", picture);
                request.multipart(form)
            }
        };
        let response = request.send().await.map_err(|e| SendError::Transient {
            after_ms: 1_000,
            why: e.to_string(),
        })?;
        let status = response.status();
        if status.is_success() {
            let bytes = response.bytes().await.unwrap_or_default();
            return Ok(serde_json::from_slice(&bytes).unwrap_or(Value::Null));
        }
        if status.as_u16() == 429 {
            let headers = response.headers().clone();
            let bytes = response.bytes().await.unwrap_or_default();
            let seconds = crate::retry_after::retry_after_of(&headers, &bytes).unwrap_or(1.0);
            return Err(SendError::RateLimited {
                after_ms: retry_after_ms(seconds),
            });
        }
        let error = serenity::ErrorResponse::from_response(response, method).await;
        Err(crate::classify::classify(serenity::Error::Http(
            serenity::HttpError::UnsuccessfulRequest(error),
        )))
    }

    /// Posts `message` in `channel` (with the board `picture` and its alt text); the new
    /// message's id.
    pub async fn post(
        &self,
        channel: u64,
        message: serenity::CreateMessage,
        picture: Option<&table::Picture>,
    ) -> Result<u64, SendError> {
        let body = match picture {
            Some(picture) => Body::WithPicture(
                to_json(&with_picture(message, picture))?,
                picture.png.clone(),
            ),
            None => Body::Json(to_json(&message)?),
        };
        let sent = self
            .send(
                reqwest::Method::POST,
                &format!("/channels/{channel}/messages"),
                body,
            )
            .await?;
        id_of(&sent)
    }

    /// Opens (or finds) the DM channel with `user`; its id.
    pub async fn open_dm(&self, user: u64) -> Result<u64, SendError> {
        let body = Body::Json(to_json(&json!({"recipient_id": user.to_string()}))?);
        let channel = self
            .send(reqwest::Method::POST, "/users/@me/channels", body)
            .await?;
        id_of(&channel)
    }

    /// Edits a message the bot sent.
    pub async fn edit(
        &self,
        channel: u64,
        message: u64,
        edit: serenity::EditMessage,
    ) -> Result<(), SendError> {
        let path = format!("/channels/{channel}/messages/{message}");
        self.send(reqwest::Method::PATCH, &path, Body::Json(to_json(&edit)?))
            .await
            .map(|_| ())
    }
}

fn to_json(value: &impl serde::Serialize) -> Result<Vec<u8>, SendError> {
    serde_json::to_vec(value).map_err(|e| SendError::Refused {
        status: 0,
        why: e.to_string(),
    })
}

/// The `id` of an answered message or channel.
fn id_of(answer: &Value) -> Result<u64, SendError> {
    answer
        .get("id")
        .and_then(Value::as_str)
        .and_then(|id| id.parse().ok())
        .ok_or_else(|| SendError::Refused {
            status: 0,
            why: format!("no id in the answer: {answer}"),
        })
}
