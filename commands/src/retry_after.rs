//! How long a 429 asks to wait (Discord's `retry_after` in the body, or the
//! `Retry-After` header), capped: shared by the outbox's own requests and the relay.

/// The longest wait a 429 can ask of the outbox: a wrong or hostile `Retry-After`
/// cannot stall a delivery for longer.
pub const MAX_RETRY_AFTER_MS: u64 = 5 * 60 * 1000;

/// How long to wait after a 429 that said `seconds`, capped at [`MAX_RETRY_AFTER_MS`].
pub fn retry_after_ms(seconds: f64) -> u64 {
    if !seconds.is_finite() || seconds * 1000.0 >= MAX_RETRY_AFTER_MS as f64 {
        return MAX_RETRY_AFTER_MS;
    }
    (seconds.max(0.0) * 1000.0).ceil() as u64
}

/// The seconds a 429 asks to wait: the body's `retry_after`, else the header.
pub fn retry_after_of(headers: &reqwest::header::HeaderMap, body: &[u8]) -> Option<f64> {
    let from_body = serde_json::from_slice::<serde_json::Value>(body)
        .ok()
        .and_then(|v| v.get("retry_after").and_then(serde_json::Value::as_f64));
    from_body.or_else(|| {
        headers
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<f64>().ok())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_retry_after_is_honoured_in_milliseconds_and_capped() {
        assert_eq!(retry_after_ms(2.5), 2_500);
        assert_eq!(retry_after_ms(0.0011), 2);
        assert_eq!(retry_after_ms(-3.0), 0);
        assert_eq!(retry_after_ms(86_400.0), MAX_RETRY_AFTER_MS);
        assert_eq!(retry_after_ms(f64::NAN), MAX_RETRY_AFTER_MS);
        assert_eq!(retry_after_ms(f64::INFINITY), MAX_RETRY_AFTER_MS);
    }
}
