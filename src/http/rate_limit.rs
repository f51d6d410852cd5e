//! Per-address rate limits (actix-governor): the key is the connection's peer address (an
//! IPv6 /56 counts as one; forwarded-for headers are never trusted), and a refusal is a 429
//! in our failure envelope, with `Retry-After` (added by the middleware).

use actix_governor::governor::clock::{Clock, DefaultClock, QuantaInstant};
use actix_governor::governor::middleware::NoOpMiddleware;
use actix_governor::governor::NotUntil;
use actix_governor::{GovernorConfig, GovernorConfigBuilder, KeyExtractor, PeerIpKeyExtractor};
use actix_web::dev::ServiceRequest;
use actix_web::{HttpResponse, HttpResponseBuilder};
use serde_json::json;

use crate::config::RateLimitsConfig;

/// The peer address as the key, answering refusals in the envelope.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddress;

impl KeyExtractor for ClientAddress {
    type Key = <PeerIpKeyExtractor as KeyExtractor>::Key;
    type KeyExtractionError = <PeerIpKeyExtractor as KeyExtractor>::KeyExtractionError;

    fn extract(&self, req: &ServiceRequest) -> Result<Self::Key, Self::KeyExtractionError> {
        PeerIpKeyExtractor.extract(req)
    }

    fn exceed_rate_limit_response(
        &self,
        negative: &NotUntil<QuantaInstant>,
        mut response: HttpResponseBuilder,
    ) -> HttpResponse {
        let wait = negative.wait_time_from(DefaultClock::default().now()).as_secs().max(1);
        response.json(json!({
            "success": false,
            "error": format!("too many requests from this address; retry in {wait} s"),
            "code": "rate_limited",
        }))
    }
}

/// The peer address as the key, for the click endpoint: over the limit the click is not
/// counted, but the answer is still a 200 with `ok: false`, because the endpoint fails open
/// (a page may wait for it before navigating).
#[derive(Debug, Clone, Copy)]
pub struct ClickClientAddress;

impl KeyExtractor for ClickClientAddress {
    type Key = <PeerIpKeyExtractor as KeyExtractor>::Key;
    type KeyExtractionError = <PeerIpKeyExtractor as KeyExtractor>::KeyExtractionError;

    fn extract(&self, req: &ServiceRequest) -> Result<Self::Key, Self::KeyExtractionError> {
        PeerIpKeyExtractor.extract(req)
    }

    fn exceed_rate_limit_response(
        &self,
        _negative: &NotUntil<QuantaInstant>,
        mut response: HttpResponseBuilder,
    ) -> HttpResponse {
        response.status(actix_web::http::StatusCode::OK);
        crate::site::click::not_counted(response, None)
    }
}

/// The public endpoints' limit. Build it once and share it, so every worker counts together.
pub type PublicLimit = GovernorConfig<ClientAddress, NoOpMiddleware<QuantaInstant>>;

/// The click endpoint's limit.
pub type ClickLimit = GovernorConfig<ClickClientAddress, NoOpMiddleware<QuantaInstant>>;

/// The public limits, built once at start-up and shared by every worker.
#[derive(Clone)]
pub struct PublicLimits {
    /// Signups and shares.
    pub writes: PublicLimit,
    /// What a page view calls: scripts, frame, lander, impressions, progress.
    pub views: PublicLimit,
    /// The click endpoint (same rate as views, answered fail-open).
    pub click: ClickLimit,
}

pub fn public_limits(config: &RateLimitsConfig) -> PublicLimits {
    PublicLimits {
        writes: limit(ClientAddress, config.public_per_minute, config.public_burst),
        views: limit(ClientAddress, config.view_per_minute, config.view_burst),
        click: limit(ClickClientAddress, config.view_per_minute, config.view_burst),
    }
}

fn limit<K: KeyExtractor>(key: K, per_minute: u64, burst: u32) -> GovernorConfig<K, NoOpMiddleware<QuantaInstant>> {
    // One token every 60 000 / per_minute ms, up to `burst` saved.
    let period_ms = (60_000 / per_minute.max(1)).max(1);
    GovernorConfigBuilder::default()
        .key_extractor(key)
        .milliseconds_per_request(period_ms)
        .burst_size(burst.max(1))
        .finish()
        // `finish` refuses only a zero period or burst, and both are at least 1 here.
        .expect("a rate limit with a non-zero period and burst")
}
