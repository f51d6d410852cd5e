//! Request ids: each request gets an id (the caller's `X-Request-Id` when it is short and
//! plain, a new one otherwise), a tracing span that carries it into every log line, and the
//! same id on the answer. The log line at the end names method, route pattern, status and
//! duration; never the query string or headers, which may carry credentials.
//!
//! A slow request gets a warning instead, at most one a second (see [`SlowRequests`]).

use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::LazyLock;

use actix_governor::governor::clock::{Clock, DefaultClock};
use actix_governor::governor::middleware::NoOpMiddleware;
use actix_governor::governor::state::{InMemoryState, NotKeyed};
use actix_governor::governor::{Quota, RateLimiter};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use rand::RngCore;
use tracing::Instrument;

const HEADER: HeaderName = HeaderName::from_static("x-request-id");

/// Requests slower than this get a warning (at most one a second, see [`SlowRequests`]), so
/// a stall shows up in the server's own log at any level, not only in a client's percentiles.
const SLOW: std::time::Duration = std::time::Duration::from_millis(50);

/// The warn-level lines for slow requests, at most one a second. When the server is
/// overloaded every request is slow, and a warning for each buried the log and cost the
/// server a `write` per request (in a profile of the 100-brands PostgreSQL bench case, a
/// tenth of the server's samples). A slow request that gets no warning is logged like any
/// other, at info; each warning counts those since the one before, so a stall still shows,
/// and how large.
struct SlowRequests<C: Clock = DefaultClock> {
    warnings: RateLimiter<NotKeyed, InMemoryState, C, NoOpMiddleware<C::Instant>>,
    unwarned: AtomicU64,
}

static SLOW_REQUESTS: LazyLock<SlowRequests> = LazyLock::new(|| SlowRequests::new(DefaultClock::default()));

impl<C: Clock> SlowRequests<C> {
    /// One warning a second, on `clock`.
    fn new(clock: C) -> Self {
        let warnings = RateLimiter::direct_with_clock(Quota::per_second(NonZeroU32::MIN), clock);
        Self { warnings, unwarned: AtomicU64::new(0) }
    }

    /// For a slow request: whether it gets a warning, and if so how many slow requests since
    /// the last warning got none.
    fn warning(&self) -> Option<u64> {
        if self.warnings.check().is_err() {
            self.unwarned.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        Some(self.unwarned.swap(0, Ordering::Relaxed))
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
    span.in_scope(|| match (elapsed >= SLOW).then(|| SLOW_REQUESTS.warning()).flatten() {
        // The request's id, method and route as fields of the warning itself: at the warn
        // level the request's info span, which carries them, is not shown.
        Some(slow_since_last_warning) => tracing::warn!(
            request_id = id.as_str(),
            method = method.as_str(),
            route = route.as_str(),
            status,
            elapsed_ms = elapsed.as_millis() as u64,
            slow_since_last_warning,
            "slow request"
        ),
        None => tracing::info!(status, elapsed_us = elapsed.as_micros() as u64, "request done"),
    });
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(HEADER, value);
    }
    Ok(response)
}

#[cfg(test)]
mod tests {
    use actix_governor::governor::clock::FakeRelativeClock;

    use super::*;

    #[test]
    fn a_slow_request_past_the_quota_gets_no_warning_and_the_next_warning_counts_it() {
        let clock = FakeRelativeClock::default();
        let slow = SlowRequests::new(clock.clone());
        assert_eq!(slow.warning(), Some(0));
        assert_eq!((0..5).filter_map(|_| slow.warning()).count(), 0, "a burst within the second gets no warnings");
        clock.advance(std::time::Duration::from_millis(1_000));
        assert_eq!(slow.warning(), Some(5), "the next second's warning counts the burst");
        assert_eq!(slow.warning(), None);
        clock.advance(std::time::Duration::from_millis(1_000));
        assert_eq!(slow.warning(), Some(1));
    }
}
