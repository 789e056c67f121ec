//! A loopback relay in front of an `api_base` (an API proxy or a test double). serenity
//! 0.12 runs there without its rate limiter and drops a 429's `Retry-After`, so every
//! request it makes (interaction responses, followups, `@original` edits, command
//! registration) goes through this relay: on a 429 it waits the `Retry-After` Discord
//! named and tries again, a bounded number of times, before handing the 429 back.
//! The outbox's own requests ([`crate::proxied`]) mark themselves with [`OWN_RETRY`]:
//! they are passed through once, and the outbox reschedules them itself.

use crate::retry_after::{retry_after_ms, retry_after_of};
use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response, StatusCode};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;

/// A request header by which a caller that retries 429s itself asks the relay not to.
pub const OWN_RETRY: &str = "x-capomaestro-own-retry";

/// How many times one request is tried in all (the first try and its retries).
pub const MAX_TRIES: u32 = 4;

/// The longest `Retry-After` the relay waits out; a longer one is handed back at once
/// (a caller waiting on an interaction has nothing to gain from minutes of waiting).
pub const MAX_WAIT_MS: u64 = 60_000;

/// The wait before a retry when a 429 names no `Retry-After`: doubled at each try.
const FIRST_BACKOFF_MS: u64 = 500;

/// A running relay: its address, and the task serving it (stopped when dropped).
pub struct Relay {
    address: String,
    task: tokio::task::JoinHandle<()>,
}

impl Relay {
    /// Starts a relay on a loopback port in front of `upstream` (e.g.
    /// `http://127.0.0.1:3000`).
    pub async fn start(upstream: &str) -> std::io::Result<Relay> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let address = format!("http://{}", listener.local_addr()?);
        let upstream: Arc<str> = upstream.trim_end_matches('/').into();
        let client = reqwest::Client::builder()
            // A request that hangs upstream is answered 502, not waited for ever.
            .timeout(Duration::from_secs(30))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .map_err(std::io::Error::other)?;
        let task = tokio::spawn(async move {
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    // Out of file descriptors or the like: let it pass, then go on.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                };
                let (upstream, client) = (upstream.clone(), client.clone());
                tokio::spawn(async move {
                    let service = hyper::service::service_fn(move |request| {
                        let (upstream, client) = (upstream.clone(), client.clone());
                        async move {
                            Ok::<_, std::convert::Infallible>(
                                relay(&client, &upstream, request).await,
                            )
                        }
                    });
                    let io = hyper_util::rt::TokioIo::new(stream);
                    // A connection that breaks off ends here; serenity opens another.
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(io, service)
                        .await;
                });
            }
        });
        Ok(Relay { address, task })
    }

    /// The address to give serenity as its proxy.
    pub fn address(&self) -> &str {
        &self.address
    }
}

impl Drop for Relay {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Forwards `request` to `upstream`, retrying a 429 after its `Retry-After`.
async fn relay(
    client: &reqwest::Client,
    upstream: &str,
    request: Request<Incoming>,
) -> Response<Full<Bytes>> {
    let (parts, body) = request.into_parts();
    let body = match body.collect().await {
        Ok(body) => body.to_bytes(),
        Err(e) => return plain(StatusCode::BAD_REQUEST, &format!("unreadable body: {e}")),
    };
    let own_retry = parts.headers.contains_key(OWN_RETRY);
    let path = parts
        .uri
        .path_and_query()
        .map_or(parts.uri.path(), |p| p.as_str());
    let url = format!("{upstream}{path}");
    let mut headers = parts.headers.clone();
    for hop in [
        "host",
        "connection",
        "content-length",
        "transfer-encoding",
        OWN_RETRY,
    ] {
        headers.remove(hop);
    }
    let tries = if own_retry { 1 } else { MAX_TRIES };
    let mut backoff_ms = FIRST_BACKOFF_MS;
    let mut attempt = 1;
    loop {
        let sent = client
            .request(parts.method.clone(), &url)
            .headers(headers.clone())
            .body(body.clone())
            .send()
            .await;
        let response = match sent {
            Ok(response) => response,
            Err(e) => return plain(StatusCode::BAD_GATEWAY, &format!("upstream: {e}")),
        };
        let status = response.status();
        let response_headers = response.headers().clone();
        let bytes = response.bytes().await.unwrap_or_default();
        if status == StatusCode::TOO_MANY_REQUESTS && attempt < tries {
            let wait_ms = match retry_after_of(&response_headers, &bytes) {
                Some(seconds) => retry_after_ms(seconds),
                None => {
                    let wait = backoff_ms;
                    backoff_ms *= 2;
                    wait
                }
            };
            if wait_ms <= MAX_WAIT_MS {
                tracing::info!(
                    "{} {path}: 429, tried again after {wait_ms} ms",
                    parts.method
                );
                tokio::time::sleep(Duration::from_millis(wait_ms)).await;
                attempt += 1;
                continue;
            }
        }
        let mut answer = Response::new(Full::new(bytes));
        *answer.status_mut() = status;
        for (name, value) in &response_headers {
            if !matches!(
                name.as_str(),
                "connection" | "content-length" | "transfer-encoding"
            ) {
                answer.headers_mut().append(name, value.clone());
            }
        }
        return answer;
    }
}

fn plain(status: StatusCode, why: &str) -> Response<Full<Bytes>> {
    let mut answer = Response::new(Full::new(Bytes::from(why.to_string())));
    *answer.status_mut() = status;
    answer
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    /// An upstream that answers every request 429 with `retry_after` seconds in its body,
    /// counting the requests it got.
    async fn always_429(retry_after: f64) -> (String, Arc<AtomicU32>) {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await.unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let count = Arc::new(AtomicU32::new(0));
        let counted = count.clone();
        tokio::spawn(async move {
            while let Ok((mut stream, _)) = listener.accept().await {
                counted.fetch_add(1, Ordering::SeqCst);
                let mut buffer = [0u8; 4096];
                let _ = stream.read(&mut buffer).await;
                let body = format!(
                    r#"{{"message":"slow down","retry_after":{retry_after},"global":false}}"#
                );
                let answer = format!(
                    "HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(answer.as_bytes()).await;
            }
        });
        (address, count)
    }

    async fn post(relay: &Relay, own_retry: bool) -> (u16, f64) {
        let mut request = reqwest::Client::new()
            .post(format!("{}/api/v10/channels/1/messages", relay.address()))
            .body("{}");
        if own_retry {
            request = request.header(OWN_RETRY, "1");
        }
        let response = request.send().await.unwrap();
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let body = response.bytes().await.unwrap();
        (status, retry_after_of(&headers, &body).unwrap())
    }

    #[tokio::test]
    async fn a_429_is_tried_again_a_bounded_number_of_times_then_handed_back_whole() {
        let (upstream, count) = always_429(0.02).await;
        let relay = Relay::start(&upstream).await.unwrap();
        let started = std::time::Instant::now();
        assert_eq!(post(&relay, false).await, (429, 0.02), "its body kept");
        assert_eq!(count.load(Ordering::SeqCst), MAX_TRIES);
        let waited = started.elapsed();
        assert!(
            waited >= Duration::from_millis(20 * u64::from(MAX_TRIES - 1)),
            "each retry waited its Retry-After: {waited:?}"
        );
    }

    #[tokio::test]
    async fn a_retry_after_beyond_the_cap_and_an_own_retry_are_handed_back_at_once() {
        let (upstream, count) = always_429(3_600.0).await;
        let relay = Relay::start(&upstream).await.unwrap();
        assert_eq!(post(&relay, false).await.0, 429);
        assert_eq!(count.load(Ordering::SeqCst), 1, "an hour is not waited out");
        let (upstream, count) = always_429(0.01).await;
        let relay = Relay::start(&upstream).await.unwrap();
        assert_eq!(post(&relay, true).await.0, 429);
        assert_eq!(
            count.load(Ordering::SeqCst),
            1,
            "the outbox retries its own"
        );
    }
}
