//! Webhooks: the registration a member makes, the link rules, the signing secret and the
//! Standard Webhooks signature, the deliveries a signup records, and the delivery log records.
//! No I/O here: the dispatcher (`crate::webhooks`) sends, the store keeps.

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use super::event::EventTypes;
use super::ValidationError;

/// Longest webhook link accepted.
pub const MAX_LINK_LEN: usize = 2048;
/// Longest description accepted.
pub const MAX_DESCRIPTION_LEN: usize = 500;
/// Prefix of a signing secret, as Standard Webhooks writes them.
pub const SECRET_PREFIX: &str = "whsec_";
/// The type of the event `POST /webhooks/:id/test` sends.
pub const WEBHOOK_TEST: &str = "webhook.test";

/// A member's webhook. `campaign_id` None means account-wide (every campaign's events).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Webhook {
    pub id: u64,
    pub member_id: u64,
    pub campaign_id: Option<u64>,
    pub link: String,
    pub description: String,
    pub active: bool,
    /// Why the server turned the webhook off (a 410 from the receiver), if it did.
    pub disabled_reason: Option<String>,
    pub created_at: String,
    /// The signing secret, sealed with the server secret (webhook id as associated data).
    pub sealed_secret: Vec<u8>,
    /// The kinds of event it gets.
    pub events: EventTypes,
}

/// A webhook as stored before event subscriptions (schema 1 of the row): it gets every
/// event. Read once, at the first start of a newer release, and rewritten as [`Webhook`].
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct WebhookV1 {
    pub id: u64,
    pub member_id: u64,
    pub campaign_id: Option<u64>,
    pub link: String,
    pub description: String,
    pub active: bool,
    pub disabled_reason: Option<String>,
    pub created_at: String,
    pub sealed_secret: Vec<u8>,
}

impl From<WebhookV1> for Webhook {
    fn from(w: WebhookV1) -> Self {
        Self {
            id: w.id,
            member_id: w.member_id,
            campaign_id: w.campaign_id,
            link: w.link,
            description: w.description,
            active: w.active,
            disabled_reason: w.disabled_reason,
            created_at: w.created_at,
            sealed_secret: w.sealed_secret,
            events: EventTypes::ALL,
        }
    }
}

impl Webhook {
    /// Whether this webhook gets the events of `campaign_id`.
    pub fn covers(&self, campaign_id: u64) -> bool {
        self.active && self.campaign_id.is_none_or(|c| c == campaign_id)
    }
}

/// A webhook link: an absolute http(s) URL with a host, no credentials in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookLink(url::Url);

impl WebhookLink {
    pub fn parse(field: &'static str, raw: &str) -> Result<Self, ValidationError> {
        let raw = raw.trim();
        if raw.len() > MAX_LINK_LEN {
            return Err(ValidationError::new(field, format!("{field} is longer than {MAX_LINK_LEN} characters")));
        }
        let invalid = || ValidationError::new(field, format!("{field} must be an absolute http(s) URL"));
        let url = url::Url::parse(raw).map_err(|_| invalid())?;
        if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
            return Err(invalid());
        }
        if !url.username().is_empty() || url.password().is_some() {
            return Err(ValidationError::new(field, format!("{field} must not contain a user name or password")));
        }
        Ok(Self(url))
    }

    pub fn as_str(&self) -> &str {
        self.0.as_str()
    }

    pub fn url(&self) -> &url::Url {
        &self.0
    }
}

/// What a decision needs to know of a member's webhooks: the active ones, their scope and
/// the kinds of event they get.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WebhookRoute {
    pub webhook_id: u64,
    pub campaign_id: Option<u64>,
    pub events: EventTypes,
}

impl WebhookRoute {
    pub fn covers(&self, campaign_id: u64) -> bool {
        self.campaign_id.is_none_or(|c| c == campaign_id)
    }
}

/// A new signing secret: `whsec_` + base64 of 24 random bytes.
pub fn new_secret() -> String {
    let mut bytes = [0u8; 24];
    rand::RngCore::fill_bytes(&mut rand::rngs::OsRng, &mut bytes);
    format!("{SECRET_PREFIX}{}", STANDARD.encode(bytes))
}

/// The Standard Webhooks signature header value for one attempt:
/// `v1,` + base64(HMAC-SHA256(key, "{id}.{timestamp}.{body}")), where the key is the
/// base64-decoded part of the secret after `whsec_`.
pub fn signature(secret: &str, webhook_id: &str, timestamp: i64, body: &[u8]) -> Option<String> {
    let key = STANDARD.decode(secret.strip_prefix(SECRET_PREFIX)?).ok()?;
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).ok()?;
    mac.update(webhook_id.as_bytes());
    mac.update(b".");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    Some(format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes())))
}

/// The `webhook-id` header and the payload's `id` of an event, and the id the delivery log
/// shows: `evt_<event id>`, stable across retries. Events have ids of their own (test events
/// too); those of releases before events were stored are their participant's.
pub fn message_id(event_id: u64) -> String {
    format!("evt_{event_id}")
}

/// The event a retry names: its `webhook-id` as receivers see it (`evt_42`, the payload's
/// `id`), or the bare number (`42`) the delivery log's `event_id` shows. `None` for anything
/// else, which names no event.
pub fn parse_event_ref(raw: &str) -> Option<u64> {
    let digits = raw.strip_prefix("evt_").unwrap_or(raw);
    if digits.is_empty() || digits.len() > 19 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&id| id > 0)
}

/// A delivery still to be made: one event to one webhook.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingDelivery {
    pub webhook_id: u64,
    pub event_id: u64,
    /// Attempts made so far.
    pub attempts: u32,
    /// When the next attempt is due, in Unix milliseconds.
    pub due_ms: i64,
}

/// One attempt, as the delivery log shows it (and as the API answers it; its OpenAPI schema
/// is derived from it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct Attempt {
    pub event_id: u64,
    /// 1 for the first attempt.
    pub attempt: u32,
    pub at: String,
    /// The receiver's status code, when it answered.
    pub status_code: Option<u16>,
    /// Why there is no 2xx: a transport error, a refused address, a timeout.
    pub error: Option<String>,
    pub duration_ms: u64,
    /// What happens next: `delivered`, `retrying`, `failed` or `disabled`.
    pub outcome: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_must_be_absolute_http_urls_without_credentials() {
        for ok in ["https://hooks.example.com/in", "http://127.0.0.1:9000/x?y=1", "https://[::1]/h"] {
            assert!(WebhookLink::parse("link", ok).is_ok(), "{ok}");
        }
        for bad in ["", "hooks.example.com", "ftp://x.example/", "/relative", "javascript:alert(1)", "http://"] {
            assert!(WebhookLink::parse("link", bad).is_err(), "{bad}");
        }
        assert!(WebhookLink::parse("link", "https://user:pw@example.com/").unwrap_err().message.contains("password"));
        assert!(WebhookLink::parse("link", &format!("https://e.com/{}", "a".repeat(MAX_LINK_LEN))).is_err());
    }

    #[test]
    fn a_retry_names_its_event_as_the_receiver_saw_it_or_by_number() {
        assert_eq!(parse_event_ref(&message_id(42)), Some(42));
        assert_eq!(parse_event_ref("42"), Some(42));
        for bad in ["", "evt_", "evt_x", "0", "evt_0", "msg_42", "42a", "-1", "evt_99999999999999999999", "evt_test_1"]
        {
            assert_eq!(parse_event_ref(bad), None, "{bad}");
        }
    }

    #[test]
    fn signature_matches_the_standard_webhooks_example() {
        // The example of the Standard Webhooks specification.
        let secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        let body = br#"{"test": 2432232314}"#;
        assert_eq!(
            signature(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body).as_deref(),
            Some("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
        );
        assert_eq!(signature("not-a-secret", "id", 1, b""), None);
        let fresh = new_secret();
        assert!(fresh.starts_with(SECRET_PREFIX) && signature(&fresh, "id", 1, b"{}").is_some());
    }
}
