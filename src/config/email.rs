//! `[email]`: the SMTP server participants' emails go through. Off by default: a server
//! whose operator configured nothing sends nothing, and composes nothing either.

use serde::{Deserialize, Serialize};

/// How the connection to the SMTP server is secured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum EmailTls {
    /// Plain SMTP, upgraded with STARTTLS, which the server must offer (port 587).
    Starttls,
    /// TLS from the first byte (SMTPS, port 465).
    Tls,
    /// No encryption at all: only for a relay on the same machine or in tests.
    None,
}

/// `[email]`.
#[derive(Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct EmailConfig {
    pub enabled: bool,
    /// The SMTP server's host name (checked against its certificate under TLS).
    pub host: String,
    pub port: u16,
    pub tls: EmailTls,
    /// SMTP login; empty for a server that takes mail without one.
    pub username: String,
    /// SMTP password. Prefer the environment (`REFERRALS_EMAIL_PASSWORD`) to the file.
    pub password: String,
    /// The sender, as `Name <address>` or `address`.
    pub from: String,
    /// Seconds an attempt (connect, send, answer) may take.
    pub timeout_secs: f64,
    /// Waits before each retry after a temporary failure (a 4xx answer, no connection), in
    /// seconds; then the email is failed. Each wait gets up to ±20 % jitter.
    pub retry_delays_secs: Vec<f64>,
    /// Emails being sent at once.
    pub max_in_flight: usize,
    /// The hour of the day (UTC, 0 to 23) from which each campaign's daily digest to its
    /// member is sent.
    pub digest_hour: u32,
    /// Milliseconds between two looks for campaigns due a digest. A digest leaves at most this
    /// long after `digest_hour` (or after the member turns it on).
    pub digest_interval_ms: u64,
}

impl Default for EmailConfig {
    fn default() -> Self {
        Self {
            enabled: false,
            host: String::new(),
            port: 587,
            tls: EmailTls::Starttls,
            username: String::new(),
            password: String::new(),
            from: String::new(),
            timeout_secs: 30.0,
            // 1 min, 5 min, 15 min, 1 h, 2 h, 4 h, 8 h, 8 h: about a day.
            retry_delays_secs: vec![60.0, 300.0, 900.0, 3600.0, 7200.0, 14400.0, 28800.0, 28800.0],
            max_in_flight: 4,
            digest_hour: 8,
            digest_interval_ms: 60_000,
        }
    }
}

/// Never shows the password.
impl std::fmt::Debug for EmailConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("EmailConfig")
            .field("enabled", &self.enabled)
            .field("host", &self.host)
            .field("port", &self.port)
            .field("tls", &self.tls)
            .field("username", &self.username)
            .field("password", &if self.password.is_empty() { "" } else { "<set>" })
            .field("from", &self.from)
            .field("timeout_secs", &self.timeout_secs)
            .field("retry_delays_secs", &self.retry_delays_secs)
            .field("max_in_flight", &self.max_in_flight)
            .field("digest_hour", &self.digest_hour)
            .field("digest_interval_ms", &self.digest_interval_ms)
            .finish()
    }
}

impl EmailConfig {
    /// The environment's values: `REFERRALS_EMAIL_USERNAME`, `REFERRALS_EMAIL_PASSWORD`.
    pub(super) fn apply_env(&mut self, set: impl Fn(&str) -> Option<String>) {
        if let Some(v) = set("REFERRALS_EMAIL_USERNAME") {
            self.username = v;
        }
        if let Some(v) = set("REFERRALS_EMAIL_PASSWORD") {
            self.password = v;
        }
    }

    /// What is wrong with the section, if anything.
    pub(super) fn check(&self) -> Result<(), String> {
        if !(0.1..=600.0).contains(&self.timeout_secs) {
            return Err("email.timeout_secs must be between 0.1 and 600".into());
        }
        super::check_retry_delays("email.retry_delays_secs", &self.retry_delays_secs)?;
        if !(1..=64).contains(&self.max_in_flight) {
            return Err("email.max_in_flight must be between 1 and 64".into());
        }
        if self.digest_hour > 23 {
            return Err("email.digest_hour must be an hour of the day, 0 to 23 (UTC)".into());
        }
        if !(10..=3_600_000).contains(&self.digest_interval_ms) {
            return Err("email.digest_interval_ms must be between 10 and 3600000".into());
        }
        if !self.enabled {
            return Ok(());
        }
        if self.host.trim().is_empty() || self.host.contains(|c: char| c.is_whitespace() || c == '/') {
            return Err(
                "email.host must name the SMTP server (a host name or address) when email.enabled is true".into()
            );
        }
        if self.port == 0 {
            return Err("email.port must be 1 to 65535".into());
        }
        if self.from.parse::<lettre::message::Mailbox>().is_err() {
            return Err(format!(
                "email.from {:?} is not a sender address such as \"Acme <rewards@acme.example>\"",
                self.from
            ));
        }
        if self.username.is_empty() != self.password.is_empty() {
            return Err(
                "email.username and email.password (REFERRALS_EMAIL_PASSWORD) go together: set both or neither".into(),
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn off_by_default_and_checked_when_on() {
        let off = EmailConfig::default();
        assert!(!off.enabled && off.check().is_ok());
        let on = |from: &str| EmailConfig {
            enabled: true,
            host: "smtp.example.com".into(),
            from: from.into(),
            ..EmailConfig::default()
        };
        assert!(on("Acme <rewards@acme.example>").check().is_ok());
        assert!(on("not an address").check().unwrap_err().contains("email.from"));
        let half = EmailConfig { username: "u".into(), ..on("a@b.example") };
        assert!(half.check().unwrap_err().contains("go together"));
        let shown = format!("{:?}", EmailConfig { password: "hunter2-secret".into(), ..half });
        assert!(!shown.contains("hunter2") && shown.contains("<set>"), "{shown}");
        let late = EmailConfig { digest_hour: 24, ..on("a@b.example") };
        assert!(late.check().unwrap_err().contains("email.digest_hour"));
        let busy = EmailConfig { digest_interval_ms: 1, ..on("a@b.example") };
        assert!(busy.check().unwrap_err().contains("email.digest_interval_ms"));
    }
}
