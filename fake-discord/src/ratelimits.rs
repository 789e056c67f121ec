//! Discord's per-route rate limits, told the way Discord tells them: every answer on a
//! limited route carries `X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After` and
//! `-Bucket`; a request over its bucket is answered 429 with `retry_after`, `Retry-After`
//! and `X-RateLimit-Scope`. Interaction callbacks are not limited.

use std::collections::HashMap;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};

/// What one bucket allows: `requests` per `per` (a window opened by its first request).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RateLimit {
    pub requests: u32,
    pub per: Duration,
}

impl RateLimit {
    /// The fake's default: the headers on every answer, and no 429 at a test's pace.
    pub const GENEROUS: RateLimit = RateLimit {
        requests: 10_000,
        per: Duration::from_secs(1),
    };
    /// Discord's limit on posting in one channel: 5 messages per 5 seconds.
    pub const DISCORD_CHANNEL: RateLimit = RateLimit {
        requests: 5,
        per: Duration::from_secs(5),
    };
}

/// One bucket's window.
struct Window {
    used: u32,
    ends: Instant,
}

/// The buckets, and what they came to.
#[derive(Default)]
pub struct Buckets {
    windows: HashMap<String, Window>,
    /// Answers that left their bucket empty (the client must wait for the reset).
    pub emptied: u32,
    /// Requests answered 429.
    pub limited: u32,
}

/// A request's fate: the headers to answer with, and the 429 body if it is refused.
pub struct Verdict {
    pub headers: Vec<(&'static str, String)>,
    pub refused: Option<Value>,
}

impl Buckets {
    /// Counts a request to `path` under `limit`; `None` for a route that is not limited.
    pub fn take(&mut self, limit: RateLimit, path: &str, now: Instant) -> Option<Verdict> {
        let bucket = bucket_of(path)?;
        let window = self.windows.entry(bucket.clone()).or_insert(Window {
            used: 0,
            ends: now + limit.per,
        });
        if now >= window.ends {
            *window = Window {
                used: 0,
                ends: now + limit.per,
            };
        }
        let reset_after = window.ends.saturating_duration_since(now).as_secs_f64();
        let reset = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default()
            .as_secs_f64()
            + reset_after;
        let refused = window.used >= limit.requests;
        if !refused {
            window.used += 1;
        }
        let remaining = limit.requests - window.used.min(limit.requests);
        let mut headers = vec![
            ("x-ratelimit-limit", limit.requests.to_string()),
            ("x-ratelimit-remaining", remaining.to_string()),
            ("x-ratelimit-reset", format!("{reset:.3}")),
            ("x-ratelimit-reset-after", format!("{reset_after:.3}")),
            ("x-ratelimit-bucket", format!("{:016x}", fnv(&bucket))),
        ];
        if refused {
            self.limited += 1;
            headers.push(("retry-after", format!("{reset_after:.3}")));
            headers.push(("x-ratelimit-scope", "user".into()));
            let body = json!({
                "message": "You are being rate limited.",
                "retry_after": reset_after,
                "global": false,
                "code": 0,
            });
            return Some(Verdict {
                headers,
                refused: Some(body),
            });
        }
        if remaining == 0 {
            self.emptied += 1;
        }
        Some(Verdict {
            headers,
            refused: None,
        })
    }
}

/// The bucket of a request: its route with every id but the major one (the channel, the
/// guild, the webhook) as a placeholder, so a channel's messages share a bucket and two
/// channels do not. Interaction callbacks are not limited (`None`).
pub fn bucket_of(path: &str) -> Option<String> {
    let segments: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
    if segments.first() == Some(&"interactions") {
        return None;
    }
    let mut out = Vec::with_capacity(segments.len());
    for (i, segment) in segments.iter().enumerate() {
        let major = i == 1 && matches!(segments[0], "channels" | "guilds" | "webhooks");
        let id = segment.bytes().all(|b| b.is_ascii_digit());
        out.push(if id && !major {
            "{id}"
        } else if i == 2 && segments[0] == "webhooks" {
            "{token}"
        } else {
            segment
        });
    }
    Some(out.join("/"))
}

fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_keep_the_major_id_and_leave_interaction_callbacks_out() {
        assert_eq!(
            bucket_of("/channels/7/messages").unwrap(),
            "channels/7/messages"
        );
        assert_eq!(
            bucket_of("/channels/7/messages/99").unwrap(),
            "channels/7/messages/{id}"
        );
        assert_eq!(
            bucket_of("/webhooks/5/tok/messages/@original").unwrap(),
            "webhooks/5/{token}/messages/@original"
        );
        assert_eq!(bucket_of("/interactions/1/tok/callback"), None);
    }

    #[test]
    fn a_request_over_its_bucket_is_refused_until_the_reset() {
        let limit = RateLimit {
            requests: 2,
            per: Duration::from_secs(5),
        };
        let mut buckets = Buckets::default();
        let start = Instant::now();
        let header = |v: &Verdict, name: &str| {
            v.headers
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, value)| value.clone())
        };
        let first = buckets.take(limit, "/channels/1/messages", start).unwrap();
        assert_eq!(
            header(&first, "x-ratelimit-remaining").as_deref(),
            Some("1")
        );
        assert_eq!(header(&first, "x-ratelimit-limit").as_deref(), Some("2"));
        let second = buckets.take(limit, "/channels/1/messages", start).unwrap();
        assert_eq!(
            header(&second, "x-ratelimit-remaining").as_deref(),
            Some("0")
        );
        assert_eq!(buckets.emptied, 1);
        // Another channel has its own bucket.
        assert!(buckets
            .take(limit, "/channels/2/messages", start)
            .unwrap()
            .refused
            .is_none());
        let third = buckets
            .take(
                limit,
                "/channels/1/messages",
                start + Duration::from_secs(1),
            )
            .unwrap();
        let body = third.refused.as_ref().expect("429");
        assert!(
            (body["retry_after"].as_f64().unwrap() - 4.0).abs() < 0.01,
            "{body}"
        );
        assert_eq!(body["global"], false);
        assert_eq!(header(&third, "retry-after").as_deref(), Some("4.000"));
        assert_eq!(header(&third, "x-ratelimit-scope").as_deref(), Some("user"));
        assert_eq!(buckets.limited, 1);
        let after = buckets
            .take(
                limit,
                "/channels/1/messages",
                start + Duration::from_secs(5),
            )
            .unwrap();
        assert!(after.refused.is_none(), "a new window after the reset");
    }
}
