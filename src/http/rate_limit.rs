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

/// The public endpoints' limit. Build it once and share it, so every worker counts together.
pub type PublicLimit = GovernorConfig<ClientAddress, NoOpMiddleware<QuantaInstant>>;

pub fn public_limit(config: &RateLimitsConfig) -> PublicLimit {
    // One token every 60 000 / per_minute ms, up to `public_burst` saved.
    let period_ms = (60_000 / config.public_per_minute.max(1)).max(1);
    GovernorConfigBuilder::default()
        .key_extractor(ClientAddress)
        .milliseconds_per_request(period_ms)
        .burst_size(config.public_burst.max(1))
        .finish()
        // `finish` refuses only a zero period or burst, and both are at least 1 here.
        .expect("a rate limit with a non-zero period and burst")
}
