//! Configuration, layered: built-in defaults < `config.toml` < environment (`REFERRALS_*`) <
//! command-line flags. Unknown keys in the file are an error that names the key, so a typo
//! never silently falls back to a default. Every key is documented in the shipped
//! `config.toml`.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

mod email;
mod members;
pub mod proxies;
mod storage;
pub use email::{EmailConfig, EmailTls};
pub use members::{MembersConfig, Registration};
pub use storage::{Backend, StorageConfig};

/// The whole configuration of the server.
// `Serialize` writes the built-in defaults (`--print-default-config`, and the test that keeps
// config.toml equal to them); a loaded configuration holds secrets and is never written out.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct Config {
    pub server: ServerConfig,
    pub storage: StorageConfig,
    pub auth: AuthConfig,
    pub admin: AdminConfig,
    pub members: MembersConfig,
    pub webhooks: WebhooksConfig,
    pub rewards: RewardsConfig,
    pub rate_limits: RateLimitsConfig,
    pub email: EmailConfig,
    pub log: LogConfig,
}

/// `[server]`: the HTTP listener.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct ServerConfig {
    /// Address and port to listen on; port 0 picks a free port.
    pub bind: String,
    /// Public root URL of the site ({site_url}), used in referral links. Empty: derived from
    /// the bound address.
    pub public_url: String,
    /// HTTP worker threads; 0 means one per core.
    pub workers: usize,
    /// Largest JSON request body accepted, in bytes.
    pub max_body_bytes: usize,
    /// Milliseconds a request body may go without a byte arriving, and the grace before its
    /// rate is judged (see `http::body_deadline`); then 408 and the connection closed.
    pub body_timeout_ms: u64,
    /// The slowest average rate, in bytes a second, a body may arrive at past that grace.
    pub body_min_bytes_per_sec: u64,
    /// Requests one client address may have in flight at once; more get 429.
    pub max_requests_per_address: u32,
    /// Of those, requests that carry no credential (public routes, sign-in, registration).
    pub max_anonymous_requests_per_address: u32,
    /// Seconds in-flight requests get to finish on shutdown.
    pub shutdown_timeout_secs: u64,
    /// Reverse proxies (addresses or networks) whose `X-Forwarded-For` names the client.
    pub trusted_proxies: Vec<String>,
    /// Address and port of `GET /metrics` (Prometheus); empty: not served. Never the public
    /// port, so metrics are not public by accident.
    pub metrics_bind: String,
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            bind: "127.0.0.1:8080".into(),
            public_url: String::new(),
            workers: 0,
            max_body_bytes: 64 * 1024,
            body_timeout_ms: 10_000,
            body_min_bytes_per_sec: 1024,
            max_requests_per_address: 1024,
            max_anonymous_requests_per_address: 64,
            shutdown_timeout_secs: 30,
            trusted_proxies: Vec::new(),
            metrics_bind: String::new(),
        }
    }
}

/// `[auth]`: credentials.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct AuthConfig {
    /// Server secret, 64+ hex characters. Empty: generated on first start into
    /// `<data_dir>/secret.key`.
    pub secret: String,
    /// `iss` claim of issued tokens.
    pub token_issuer: String,
    /// Lifetime of a JWT, in days.
    pub token_ttl_days: u32,
}

impl Default for AuthConfig {
    fn default() -> Self {
        Self { secret: String::new(), token_issuer: "referrals".into(), token_ttl_days: 30 }
    }
}

/// `[admin]`: the operator API used by `refctl`.
#[derive(Debug, Clone, Default, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct AdminConfig {
    /// Bearer token of the admin API; empty disables it.
    pub token: String,
}

/// `[webhooks]`: delivery of webhook events.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct WebhooksConfig {
    /// Deliver to loopback, private, link-local, CGNAT and metadata addresses too. Off by
    /// default: a member could otherwise make the server call into its own network.
    pub allow_private_targets: bool,
    /// Seconds an attempt may take (connect, send, answer) before it counts as failed.
    pub timeout_secs: f64,
    /// Waits before each retry, in seconds; its length is the number of retries. Each wait
    /// gets up to ±20 % jitter.
    pub retry_delays_secs: Vec<f64>,
    /// Deliveries to one webhook in flight at once. They leave in event order; 1 also makes
    /// them arrive in order.
    pub max_in_flight_per_webhook: usize,
    /// Webhooks one member may register.
    pub max_per_member: u64,
    /// Make no connection: every attempt fails at once (and is retried as usual). For test
    /// and fuzzing runs that must not reach the network.
    pub dry_run: bool,
    /// On a database shared by several servers: how long a server's claim on a delivery lasts
    /// past its due time without being renewed, in seconds. A server that dies holds its
    /// deliveries this long at most; then another takes them over.
    pub lease_secs: u64,
    /// The port a domain's proof file (`/.well-known/referrals-verify.txt`) is fetched from,
    /// under the same outbound rules as deliveries: 80, as a browser would; another port
    /// only in tests, whose sites listen on loopback.
    pub domain_check_port: u16,
}

impl Default for WebhooksConfig {
    fn default() -> Self {
        Self {
            allow_private_targets: false,
            timeout_secs: 10.0,
            // 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h: about 24 h in all.
            retry_delays_secs: vec![5.0, 30.0, 120.0, 600.0, 1800.0, 3600.0, 7200.0, 14400.0, 28800.0, 28800.0],
            max_in_flight_per_webhook: 4,
            max_per_member: 50,
            dry_run: false,
            lease_secs: 60,
            domain_check_port: 80,
        }
    }
}

/// `[rewards]`: the reward lifecycle's clock.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RewardsConfig {
    /// Seconds in one day of a campaign's `hold_days`. A day, unless shortened to try a hold
    /// out (or to test one) without waiting days.
    pub hold_day_seconds: u64,
    /// Milliseconds between two looks for holds and contests that have ended. A reward is
    /// issued, and a contest's winners recorded, at most this long after the end.
    pub release_interval_ms: u64,
}

impl Default for RewardsConfig {
    fn default() -> Self {
        Self { hold_day_seconds: 86_400, release_interval_ms: 1_000 }
    }
}

/// `[rate_limits]`: what one client address may send to the public endpoints.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct RateLimitsConfig {
    /// Sustained requests per minute from one address (an IPv6 /56 counts as one).
    pub public_per_minute: u64,
    /// Requests one address may send at once before the sustained rate applies.
    pub public_burst: u32,
    /// The limit of what a page view calls (widget script and frame, lander, impressions,
    /// clicks): a visitor views and clicks more often than they sign up.
    pub view_per_minute: u64,
    pub view_burst: u32,
    /// `POST /auth/token` attempts per client address and email.
    pub login_per_minute: u64,
    pub login_burst: u32,
    /// `POST /auth/token` attempts per client address, across emails.
    pub login_address_per_minute: u64,
    pub login_address_burst: u32,
    /// Authenticated writes per member.
    pub member_writes_per_minute: u64,
    pub member_writes_burst: u32,
    /// Wrong admin tokens per client address; past the burst, the address gets 429 on every
    /// admin request until the rate lets it guess again.
    pub admin_guesses_per_minute: u64,
    pub admin_guesses_burst: u32,
}

impl Default for RateLimitsConfig {
    fn default() -> Self {
        Self {
            public_per_minute: 60,
            public_burst: 20,
            view_per_minute: 300,
            view_burst: 60,
            login_per_minute: 5,
            login_burst: 10,
            login_address_per_minute: 30,
            login_address_burst: 120,
            member_writes_per_minute: 120_000,
            member_writes_burst: 5_000,
            admin_guesses_per_minute: 1,
            admin_guesses_burst: 20,
        }
    }
}

/// `[log]`: diagnostics.
#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct LogConfig {
    /// A `tracing` filter: `info`, `debug`, `referrals=trace,actix_web=info`, ...
    pub level: String,
    /// How each line is written: plain text, or one JSON object a line for log pipelines.
    pub format: LogFormat,
}

impl Default for LogConfig {
    fn default() -> Self {
        Self { level: "info".into(), format: LogFormat::Text }
    }
}

/// `log.format`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    /// `2026-11-27T21:01:00Z  INFO request{…}: request done status=201 …`, for people.
    Text,
    /// One JSON object a line: `timestamp`, `level`, `fields` (the message and the event's
    /// values), `span` (the request's id, method and route), for Loki, Elasticsearch,
    /// CloudWatch and the like.
    Json,
}

impl LogFormat {
    fn parse(text: &str) -> Option<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "text" => Some(Self::Text),
            "json" => Some(Self::Json),
            _ => None,
        }
    }
}

/// Values given on the command line; each one, when present, wins over everything else.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct Overrides {
    /// Configuration file [default: ./config.toml when present, else built-in defaults]
    #[arg(long, value_name = "PATH", env = "REFERRALS_CONFIG")]
    pub config: Option<PathBuf>,
    /// Address and port to listen on, e.g. 0.0.0.0:8080 (port 0 picks a free one)
    #[arg(long, value_name = "ADDR:PORT")]
    pub bind: Option<String>,
    /// Directory of the database
    #[arg(long, value_name = "PATH")]
    pub data_dir: Option<PathBuf>,
    /// Public root URL used in referral links, e.g. https://refer.example.com
    #[arg(long, value_name = "URL")]
    pub public_url: Option<String>,
    /// Log filter, e.g. info or debug
    #[arg(long, value_name = "FILTER")]
    pub log_level: Option<String>,
    /// Log lines as text or as one JSON object each
    #[arg(long, value_name = "FORMAT")]
    pub log_format: Option<LogFormat>,
}

/// Why the configuration could not be loaded. Shown to the operator as one line.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}: {source}")]
    Read { path: String, source: std::io::Error },
    #[error("{path}: {message}")]
    Parse { path: String, message: String },
    #[error("invalid configuration: {0}")]
    Invalid(String),
}

impl Config {
    /// Loads the layered configuration. `env` is the process environment (passed in so tests
    /// can supply their own).
    pub fn load(overrides: &Overrides, env: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let mut config = match &overrides.config {
            Some(path) => Self::from_file(path)?,
            None if Path::new("config.toml").exists() => Self::from_file(Path::new("config.toml"))?,
            None => Self::default(),
        };
        config.apply_env(env).map_err(ConfigError::Invalid)?;
        config.apply_overrides(overrides);
        config.validate()?;
        Ok(config)
    }

    pub fn from_file(path: &Path) -> Result<Self, ConfigError> {
        let text = std::fs::read_to_string(path)
            .map_err(|source| ConfigError::Read { path: path.display().to_string(), source })?;
        Self::from_toml(&text).map_err(|message| ConfigError::Parse { path: path.display().to_string(), message })
    }

    /// Parses TOML text; the error names the offending key and line.
    pub fn from_toml(text: &str) -> Result<Self, String> {
        toml::from_str(text).map_err(|e| e.to_string().trim().to_owned())
    }

    fn apply_env(&mut self, env: impl Fn(&str) -> Option<String>) -> Result<(), String> {
        let set = |name: &str| env(name).filter(|v| !v.is_empty());
        if let Some(v) = set("REFERRALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS") {
            self.webhooks.allow_private_targets = match v.trim().to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" | "on" => true,
                "false" | "0" | "no" | "off" => false,
                _ => {
                    return Err(format!(
                        "REFERRALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS must be true or false (it is {:?})",
                        v.chars().take(32).collect::<String>()
                    ))
                }
            };
        }
        if let Some(v) = set("REFERRALS_REWARDS_HOLD_DAY_SECONDS") {
            self.rewards.hold_day_seconds = v.trim().parse().map_err(|_| {
                format!(
                    "REFERRALS_REWARDS_HOLD_DAY_SECONDS must be a whole number of seconds (it is {:?})",
                    v.chars().take(32).collect::<String>()
                )
            })?;
        }
        if let Some(v) = set("REFERRALS_BIND") {
            self.server.bind = v;
        }
        if let Some(v) = set("REFERRALS_METRICS_BIND") {
            self.server.metrics_bind = v;
        }
        if let Some(v) = set("REFERRALS_PUBLIC_URL") {
            self.server.public_url = v;
        }
        if let Some(v) = set("REFERRALS_SECRET") {
            self.auth.secret = v;
        }
        if let Some(v) = set("REFERRALS_ADMIN_TOKEN") {
            self.admin.token = v;
        }
        self.members.apply_env(set)?;
        if let Some(v) = set("REFERRALS_LOG") {
            self.log.level = v;
        }
        if let Some(v) = set("REFERRALS_LOG_FORMAT") {
            self.log.format = LogFormat::parse(&v).ok_or_else(|| {
                format!(
                    "REFERRALS_LOG_FORMAT must be text or json (it is {:?})",
                    v.chars().take(32).collect::<String>()
                )
            })?;
        }
        self.storage.apply_env(set)?;
        self.email.apply_env(set);
        Ok(())
    }

    fn apply_overrides(&mut self, o: &Overrides) {
        if let Some(v) = &o.bind {
            self.server.bind = v.clone();
        }
        if let Some(v) = &o.data_dir {
            self.storage.data_dir = v.clone();
        }
        if let Some(v) = &o.public_url {
            self.server.public_url = v.clone();
        }
        if let Some(v) = &o.log_level {
            self.log.level = v.clone();
        }
        if let Some(v) = o.log_format {
            self.log.format = v;
        }
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let invalid = |m: String| Err(ConfigError::Invalid(m));
        if self.server.bind.parse::<SocketAddr>().is_err() {
            return invalid(format!("server.bind {:?} is not an ADDR:PORT such as 127.0.0.1:8080", self.server.bind));
        }
        if !self.server.public_url.is_empty() {
            match url::Url::parse(&self.server.public_url) {
                Ok(u) if matches!(u.scheme(), "http" | "https") && u.host().is_some() => {}
                _ => {
                    return invalid(format!(
                        "server.public_url {:?} is not an absolute http(s) URL",
                        self.server.public_url
                    ))
                }
            }
        }
        proxies::TrustedProxies::parse(&self.server.trusted_proxies).map_err(ConfigError::Invalid)?;
        let metrics_bind = self.server.metrics_bind.trim();
        if !metrics_bind.is_empty() {
            let Ok(address) = metrics_bind.parse::<std::net::SocketAddr>() else {
                return invalid(format!(
                    "server.metrics_bind {:?} is not an address and port such as 127.0.0.1:9090",
                    metrics_bind.chars().take(64).collect::<String>()
                ));
            };
            // Port 0 picks a free port each time, so two of them never collide.
            if address.port() != 0 && metrics_bind == self.server.bind.trim() {
                return invalid(
                    "server.metrics_bind must differ from server.bind: metrics are never served on the public port"
                        .into(),
                );
            }
        }
        if self.server.max_body_bytes < 1024 {
            return invalid("server.max_body_bytes must be at least 1024".into());
        }
        let server = &self.server;
        if !(100..=600_000).contains(&server.body_timeout_ms) {
            return invalid("server.body_timeout_ms must be between 100 and 600000".into());
        }
        if server.max_requests_per_address == 0 || server.max_anonymous_requests_per_address == 0 {
            return invalid(
                "server.max_requests_per_address and max_anonymous_requests_per_address must be at least 1".into(),
            );
        }
        if self.members.default_plan == 0 {
            return invalid("members.default_plan must be a plan id (1 or more)".into());
        }
        if self.auth.token_ttl_days == 0 {
            return invalid("auth.token_ttl_days must be at least 1".into());
        }
        let w = &self.webhooks;
        if !(0.01..=300.0).contains(&w.timeout_secs) {
            return invalid("webhooks.timeout_secs must be between 0.01 and 300".into());
        }
        if !(2..=3600).contains(&w.lease_secs) || (w.lease_secs as f64) < w.timeout_secs * 2.0 {
            return invalid("webhooks.lease_secs must be between 2 and 3600, and at least twice timeout_secs".into());
        }
        check_retry_delays("webhooks.retry_delays_secs", &w.retry_delays_secs).map_err(ConfigError::Invalid)?;
        if !(1..=64).contains(&w.max_in_flight_per_webhook) {
            return invalid("webhooks.max_in_flight_per_webhook must be between 1 and 64".into());
        }
        if !(1..=86_400).contains(&self.rewards.hold_day_seconds) {
            return invalid("rewards.hold_day_seconds must be between 1 and 86400".into());
        }
        if !(10..=3_600_000).contains(&self.rewards.release_interval_ms) {
            return invalid("rewards.release_interval_ms must be between 10 and 3600000".into());
        }
        let r = &self.rate_limits;
        if !(1..=60_000_000).contains(&r.public_per_minute) || r.public_burst == 0 {
            return invalid("rate_limits.public_per_minute must be 1 to 60000000 and public_burst at least 1".into());
        }
        for (name, per_minute, burst) in [
            ("view", r.view_per_minute, r.view_burst),
            ("login", r.login_per_minute, r.login_burst),
            ("login_address", r.login_address_per_minute, r.login_address_burst),
            ("member_writes", r.member_writes_per_minute, r.member_writes_burst),
            ("admin_guesses", r.admin_guesses_per_minute, r.admin_guesses_burst),
        ] {
            if !(1..=60_000_000).contains(&per_minute) || burst == 0 {
                return invalid(format!(
                    "rate_limits.{name}_per_minute must be 1 to 60000000 and {name}_burst at least 1"
                ));
            }
        }
        self.storage.check().map_err(ConfigError::Invalid)?;
        self.email.check().map_err(ConfigError::Invalid)?;
        if !self.admin.token.is_empty() && self.admin.token.len() < 16 {
            return invalid("admin.token must be at least 16 characters (or empty to disable the admin API)".into());
        }
        Ok(())
    }
}

/// A retry schedule (`key`): at most 50 waits, each of 0 seconds to a week.
fn check_retry_delays(key: &str, waits: &[f64]) -> Result<(), String> {
    if waits.len() > 50 || waits.iter().any(|d| !(0.0..=7.0 * 86400.0).contains(d)) {
        return Err(format!("{key} takes at most 50 waits of 0 to 604800 seconds"));
    }
    Ok(())
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod reference_tests;
