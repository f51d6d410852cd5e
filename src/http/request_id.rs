//! Request ids: each request gets an id (the caller's `X-Request-Id` when it is short and
//! plain, a new one otherwise), a tracing span that carries it into every log line, and the
//! same id on the answer. The log line at the end names method, route pattern, status and
//! duration; never the query string or headers, which may carry credentials.

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
            tracing::warn!(status, elapsed_ms = elapsed.as_millis() as u64, "slow request");
        } else {
            tracing::info!(status, elapsed_us = elapsed.as_micros() as u64, "request done");
        }
    });
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(HEADER, value);
    }
    Ok(response)
}
