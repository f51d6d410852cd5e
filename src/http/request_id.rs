//! Request ids: each request gets an id (the caller's `X-Request-Id` when it is short and
//! plain, a new one otherwise), a tracing span that carries it into every log line, and the
//! same id on the answer. The log line at the end names method, route pattern, status and
//! duration; never the query string or headers, which may carry credentials.
//!
//! A slow request is logged at warn level, at most once a second (see [`SlowRequests`]).

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::LazyLock;

use actix_governor::governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use rand::RngCore;
use tracing::Instrument;

const HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// Requests slower than this are logged at warn level (visible at the default level), so a
/// stall shows up in the server's own log, not only in a client's percentiles.
const SLOW: std::time::Duration = std::time::Duration::from_millis(50);

/// The warn-level lines for slow requests, at most one a second. When the server is
/// overloaded every request is slow: a line for each cost a PostgreSQL server about a tenth
/// of its CPU in `write` calls at 1,000 signups/s (the 100-brands bench case), and buried
/// the log. Each line says how many slow requests went unlogged since the one before, so
/// the stall is still visible, and how large.
struct SlowRequests {
    lines: DefaultDirectRateLimiter,
    unlogged: AtomicU64,
}

static SLOW_REQUESTS: LazyLock<SlowRequests> = LazyLock::new(|| SlowRequests::new(Quota::per_second(NonZeroU32::MIN)));

impl SlowRequests {
    fn new(lines: Quota) -> Self {
        Self { lines: RateLimiter::direct(lines), unlogged: AtomicU64::new(0) }
    }

    /// Logs this slow request, or counts it for the next line; true when it was logged.
    fn record(&self, method: &str, route: &str, status: u16, elapsed: std::time::Duration) -> bool {
        if self.lines.check().is_err() {
            self.unlogged.fetch_add(1, Ordering::Relaxed);
            return false;
        }
        let unlogged_before = self.unlogged.swap(0, Ordering::Relaxed);
        // Method and route as fields of the line itself: at the default warn level the
        // request's info span, which carries them, is not shown.
        let elapsed_ms = elapsed.as_millis() as u64;
        tracing::warn!(method, route, status, elapsed_ms, unlogged_before, "slow request");
        true
    }
}

pub async fn middleware(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let id = req
        .headers()
        .get(&HEADER)
        .and_then(|v| v.to_str().ok())
        .filter(|v| {
            !v.is_empty() && v.len() <= 64 && v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        })
        .map(str::to_owned)
        .unwrap_or_else(|| {
            let mut bytes = [0u8; 8];
            rand::thread_rng().fill_bytes(&mut bytes);
            hex::encode(bytes)
        });
    let route = req.match_pattern().unwrap_or_else(|| "<unmatched>".into());
    let method = req.method().clone();
    let span = tracing::info_span!("request", request_id = %id, method = %req.method(), route = %route);
    let started = std::time::Instant::now();
    let mut response = next.call(req).instrument(span.clone()).await?;
    let status = response.status().as_u16();
    let elapsed = started.elapsed();
    crate::metrics::request(method.as_str(), &route, status, elapsed);
    span.in_scope(|| {
        if elapsed >= SLOW {
            SLOW_REQUESTS.record(method.as_str(), &route, status, elapsed);
        } else {
            tracing::info!(status, elapsed_us = elapsed.as_micros() as u64, "request done");
        }
    });
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(HEADER, value);
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slow_requests_past_the_quota_are_counted_for_the_next_line_not_logged() {
        let slow = SlowRequests::new(Quota::per_hour(NonZeroU32::MIN));
        let elapsed = std::time::Duration::from_millis(80);
        assert!(slow.record("POST", "/api/v1/signups/referral", 201, elapsed));
        let logged = (0..5).filter(|_| slow.record("POST", "/api/v1/signups/referral", 201, elapsed)).count();
        assert_eq!(logged, 0);
        assert_eq!(slow.unlogged.load(Ordering::Relaxed), 5);
    }
}
