//! Rate limits, all with `governor` (through actix-governor):
//! - per client address on the public endpoints, as middleware: the key is the client's
//!   address (an IPv6 /56 counts as one; `X-Forwarded-For` is read only from the proxies in
//!   `server.trusted_proxies`, see `http::client`);
//! - per address and email on `POST /auth/token`, against password guessing, so one address
//!   guessing one account locks out neither that account elsewhere nor other accounts;
//! - per member on authenticated writes, high enough for a member's legitimate bursts;
//! - per email typed and per address on the portal's sign-in form, which sends emails.
//!
//! A refusal is a 429 in the failure envelope with `Retry-After` and `RateLimit-Limit`,
//! `RateLimit-Remaining` and `RateLimit-Reset` (except the click endpoint, which fails open).

use actix_governor::governor::clock::{Clock, DefaultClock, QuantaInstant};
use actix_governor::governor::middleware::NoOpMiddleware;
use actix_governor::governor::NotUntil;
use actix_governor::{GovernorConfig, GovernorConfigBuilder, KeyExtractor, PeerIpKeyExtractor};
use actix_web::dev::ServiceRequest;
use actix_web::{HttpResponse, HttpResponseBuilder};
use std::time::Duration;

use super::error::limit_headers;
use crate::config::RateLimitsConfig;
use crate::http::ApiError;
use actix_governor::governor;

/// The peer address as the key. A refusal is a 429 in the envelope, or, for the click
/// endpoint (`fail_open`), a 200 with `ok: false`: the click is not counted, but a page that
/// waits for the answer before navigating is never held up.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddress {
    pub fail_open: bool,
}

impl KeyExtractor for ClientAddress {
    type Key = <PeerIpKeyExtractor as KeyExtractor>::Key;
    type KeyExtractionError = <PeerIpKeyExtractor as KeyExtractor>::KeyExtractionError;

    /// The client's address (see `http::client`), an IPv6 client by its /56 (what one
    /// subscriber is often given).
    fn extract(&self, req: &ServiceRequest) -> Result<Self::Key, Self::KeyExtractionError> {
        Ok(crate::http::client::subscriber(crate::http::client::address(req.request())))
    }

    fn exceed_rate_limit_response(
        &self,
        negative: &NotUntil<QuantaInstant>,
        mut response: HttpResponseBuilder,
    ) -> HttpResponse {
        if self.fail_open {
            response.status(actix_web::http::StatusCode::OK);
            return not_counted(response, None);
        }
        let wait = negative.wait_time_from(DefaultClock::default().now()).as_secs().max(1);
        limit_headers(&mut response, negative.quota().burst_size().get(), wait);
        response.json(super::answers::Failure::new(
            super::Code::RateLimited,
            format!("too many requests from this address; retry in {wait} s"),
        ))
    }
}

/// The click endpoint's fail-open answer (a click not counted, over the limit too): 200,
/// `ok: false`, never cached.
pub fn not_counted(mut response: HttpResponseBuilder, to: Option<String>) -> HttpResponse {
    response.insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"));
    response.json(super::answers::ClickAnswer { ok: false, campaign_id: None, participant_id: None, to })
}

/// The public endpoints' limit. Build it once and share it, so every worker counts together.
pub type PublicLimit = GovernorConfig<ClientAddress, NoOpMiddleware<QuantaInstant>>;

/// The public limits, built once at start-up and shared by every worker.
#[derive(Clone)]
pub struct PublicLimits {
    /// Signups and shares.
    pub writes: PublicLimit,
    /// What a page view calls: scripts, frame, lander, impressions, progress.
    pub views: PublicLimit,
    /// The click endpoint (same rate as views, answered fail-open).
    pub click: PublicLimit,
}

/// The per-address limits from `[rate_limits]`.
pub fn public_limits(config: &RateLimitsConfig) -> PublicLimits {
    PublicLimits {
        writes: limit(ClientAddress { fail_open: false }, config.public_per_minute, config.public_burst),
        views: limit(ClientAddress { fail_open: false }, config.view_per_minute, config.view_burst),
        click: limit(ClientAddress { fail_open: true }, config.view_per_minute, config.view_burst),
    }
}

fn limit<K: KeyExtractor>(key: K, per_minute: u64, burst: u32) -> GovernorConfig<K, NoOpMiddleware<QuantaInstant>> {
    GovernorConfigBuilder::default()
        .key_extractor(key)
        .period(period(per_minute))
        .burst_size(burst.max(1))
        .finish()
        // `finish` refuses only a zero period or burst, and both are at least 1 here.
        .expect("a rate limit with a non-zero period and burst")
}

/// The time one request of a sustained `per_minute` rate takes up: one token every
/// 60 s / per_minute, in nanoseconds (whole milliseconds would cap every rate at 1,000 a
/// second).
fn period(per_minute: u64) -> std::time::Duration {
    std::time::Duration::from_nanos((60_000_000_000 / per_minute.max(1)).max(1))
}

/// A limiter the handlers check themselves, for keys other than the address alone.
pub struct KeyedLimiter<K: std::hash::Hash + Eq + Clone> {
    limiter: governor::DefaultKeyedRateLimiter<K>,
    burst: u32,
    /// Says what was limited, in the 429's message.
    what: &'static str,
}

impl<K: std::hash::Hash + Eq + Clone> KeyedLimiter<K> {
    pub fn new(what: &'static str, per_minute: u64, burst: u32) -> Self {
        Self::every(what, period(per_minute), burst)
    }

    /// `burst` at once, then one each `every`.
    pub fn every(what: &'static str, every: std::time::Duration, burst: u32) -> Self {
        let burst = burst.max(1);
        let quota = governor::Quota::with_period(every)
            .expect("a non-zero period")
            .allow_burst(std::num::NonZeroU32::new(burst).expect("burst is at least 1"));
        Self { limiter: governor::RateLimiter::keyed(quota), burst, what }
    }

    /// Takes one request of `key`'s allowance, or refuses with a 429.
    pub fn check(&self, key: &K) -> Result<(), ApiError> {
        self.limiter.check_key(key).map_err(|negative| {
            let wait = negative.wait_time_from(governor::clock::DefaultClock::default().now()).as_secs().max(1);
            ApiError::RateLimited { what: self.what, retry_after_secs: wait, limit: self.burst }
        })
    }

    /// Forgets keys whose allowance is full again, so memory stays bounded by recent use.
    pub fn forget_idle(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

/// A limit on wrong guesses of a secret (the admin token), per client address. Only a wrong
/// guess spends the allowance, so a busy `refctl` is never limited; once an address has spent
/// it, its requests are refused before the secret is even compared, right or wrong, until
/// the limiter would let it guess again: otherwise a 200 among 429s would still tell a
/// guesser when they hit.
pub struct GuessLimiter {
    wrong: KeyedLimiter<std::net::IpAddr>,
    /// Addresses `wrong` refused, and until when (what governor said to wait).
    shut: parking_lot::Mutex<std::collections::HashMap<std::net::IpAddr, std::time::Instant>>,
}

impl GuessLimiter {
    /// `burst` wrong guesses at once, then `per_minute`.
    pub fn new(what: &'static str, per_minute: u64, burst: u32) -> Self {
        Self { wrong: KeyedLimiter::new(what, per_minute, burst), shut: Default::default() }
    }

    /// Refuses `address` with a 429 while it is shut out.
    pub fn admit(&self, address: std::net::IpAddr) -> Result<(), ApiError> {
        let now = std::time::Instant::now();
        match self.shut.lock().get(&address) {
            Some(&until) if until > now => Err(ApiError::RateLimited {
                what: self.wrong.what,
                retry_after_secs: (until - now).as_secs().max(1),
                limit: self.wrong.burst,
            }),
            _ => Ok(()),
        }
    }

    /// Counts a wrong guess of `address`: `Err` (a 429) once it is over the allowance, which
    /// also shuts the address out until the allowance lets it guess again.
    pub fn wrong_guess(&self, address: std::net::IpAddr) -> Result<(), ApiError> {
        let refused = self.wrong.check(&address);
        if let Err(ApiError::RateLimited { retry_after_secs, .. }) = &refused {
            let until = std::time::Instant::now() + Duration::from_secs(*retry_after_secs);
            self.shut.lock().insert(address, until);
        }
        refused
    }

    fn forget_idle(&self) {
        self.wrong.forget_idle();
        let now = std::time::Instant::now();
        self.shut.lock().retain(|_, until| *until > now);
    }
}

/// The keyed limiters, built once at start-up.
pub struct Limiters {
    /// `POST /auth/token`, per client address and email.
    pub login: KeyedLimiter<(std::net::IpAddr, String)>,
    /// `POST /auth/token`, per client address, across emails.
    pub login_address: KeyedLimiter<std::net::IpAddr>,
    /// Authenticated writes (any method but GET and HEAD), per member.
    pub member_writes: KeyedLimiter<u64>,
    /// Referral-link visits counted per client address (over it, the visitor is still
    /// redirected, only not counted).
    pub visits: KeyedLimiter<std::net::IpAddr>,
    /// Portal sign-in links asked for, per email typed (in any campaign): each sends an
    /// email, so a few at once and then one each six minutes.
    pub portal_email: KeyedLimiter<String>,
    /// Portal sign-in links asked for, per client address, across emails.
    pub portal_address: KeyedLimiter<std::net::IpAddr>,
    /// Password reset links asked for, per email typed: as the portal's sign-in links (each
    /// sends an email).
    pub reset_email: KeyedLimiter<String>,
    /// Password reset links asked for, per client address, across emails.
    pub reset_address: KeyedLimiter<std::net::IpAddr>,
    /// Domain checks, per member: each fetches a file from the domain named, so nobody turns
    /// this server into a stream of requests at someone's site. Ten at once, then one each six
    /// seconds.
    pub domain_checks: KeyedLimiter<u64>,
    /// Wrong admin tokens, per client address (`rate_limits.admin_guesses_*`: twenty at once,
    /// then one a minute, so the 21st in any minute is refused).
    pub admin_guesses: GuessLimiter,
}

impl Limiters {
    pub fn new(config: &RateLimitsConfig) -> Self {
        Self {
            login: KeyedLimiter::new(
                "sign-in attempts for this email from this address",
                config.login_per_minute,
                config.login_burst,
            ),
            login_address: KeyedLimiter::new(
                "sign-in attempts from this address",
                config.login_address_per_minute,
                config.login_address_burst,
            ),
            member_writes: KeyedLimiter::new(
                "writes by this account",
                config.member_writes_per_minute,
                config.member_writes_burst,
            ),
            visits: KeyedLimiter::new(
                "referral-link visits from this address",
                config.view_per_minute,
                config.view_burst,
            ),
            portal_email: KeyedLimiter::every("sign-in links for this email", Duration::from_secs(360), 3),
            portal_address: KeyedLimiter::every("sign-in links from this address", Duration::from_secs(60), 10),
            reset_email: KeyedLimiter::every("reset links for this email", Duration::from_secs(360), 3),
            reset_address: KeyedLimiter::every("reset links from this address", Duration::from_secs(60), 10),
            domain_checks: KeyedLimiter::every("domain checks by this account", Duration::from_secs(6), 10),
            admin_guesses: GuessLimiter::new(
                "wrong admin tokens from this address",
                config.admin_guesses_per_minute,
                config.admin_guesses_burst,
            ),
        }
    }

    pub fn forget_idle(&self) {
        self.login.forget_idle();
        self.login_address.forget_idle();
        self.member_writes.forget_idle();
        self.visits.forget_idle();
        self.portal_email.forget_idle();
        self.portal_address.forget_idle();
        self.reset_email.forget_idle();
        self.reset_address.forget_idle();
        self.domain_checks.forget_idle();
        self.admin_guesses.forget_idle();
    }
}
