//! Sorting serenity's errors into what the outbox does about them ([`SendError`]).

use crate::dispatch::SendError;
use poise::serenity_prelude as serenity;

/// Sorts a serenity error into what the outbox does about it.
pub(crate) fn classify(e: serenity::Error) -> SendError {
    match e {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(r)) => {
            let status = r.status_code.as_u16();
            match r.error.code {
                50007 => SendError::DmClosed,
                code @ (50001 | 50013) => SendError::Forbidden(code as u32),
                code @ (10003 | 10008) => SendError::Gone(code as u32),
                // Through serenity's rate limiter a 429 was waited out already; through a
                // proxy, `Proxied` reads its Retry-After before this is reached.
                _ if status == 429 => SendError::RateLimited { after_ms: 1_000 },
                _ if status >= 500 => SendError::Transient {
                    after_ms: 1_000,
                    why: format!("HTTP {status}"),
                },
                _ => SendError::Refused {
                    status,
                    why: format!("HTTP {status}: {}", r.error.message),
                },
            }
        }
        serenity::Error::Http(serenity::HttpError::Request(e)) => SendError::Transient {
            after_ms: 1_000,
            why: e.to_string(),
        },
        other => SendError::Refused {
            status: 0,
            why: other.to_string(),
        },
    }
}
