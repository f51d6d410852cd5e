//! Conversions: a qualifying action of a participant (a purchase, a paid invoice) that the
//! member's backend reports, named by the member's own id for it (`external_id`). On a
//! `conversion` campaign a referral counts toward its referrer's goal only once the referred
//! participant converts; a refund takes back the rewards the conversion produced.

use serde::{Deserialize, Serialize};

use super::ValidationError;

/// Longest `external_id`, in bytes.
pub const MAX_EXTERNAL_ID_BYTES: usize = 200;

/// Whether a conversion still stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConversionStatus {
    Recorded,
    Refunded,
}

impl ConversionStatus {
    pub fn name(self) -> &'static str {
        match self {
            ConversionStatus::Recorded => "recorded",
            ConversionStatus::Refunded => "refunded",
        }
    }
}

/// A conversion as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conversion {
    pub id: u64,
    pub campaign_id: u64,
    pub brand_id: u64,
    pub member_id: u64,
    pub participant_id: u64,
    /// The member's id of the order or invoice: one conversion per id per campaign.
    pub external_id: String,
    /// A positive amount with two decimals ("49.90"), when given.
    pub amount: Option<String>,
    /// ISO 4217, upper case ("EUR"), when given.
    pub currency: Option<String>,
    pub status: ConversionStatus,
    pub created_at: String,
    pub refunded_at: Option<String>,
    /// The rewards it produced: (participant id, reward id).
    pub rewards: Vec<(u64, u64)>,
    /// The payment processor's ids of the payment (a Stripe payment intent `pi_…`, an
    /// invoice `in_…`), by which a refund finds it and a second report of the same payment
    /// is recognised. Empty for conversions reported through the API.
    pub payment_references: Vec<String>,
}

/// An `external_id`: 1 to 200 visible characters (no control characters), as given.
/// How far back a sale's `occurred_at` may be: 90 days.
pub const MOST_DAYS_BACK: i64 = 90;

/// How far ahead of this server's clock an `occurred_at` may be, as clocks differ: a minute.
const CLOCK_SKEW_MS: i64 = 60_000;

/// A sale's `occurred_at` (an RFC 3339 time), as Unix ms: never in the future (beyond a
/// minute's difference of clocks), at most [`MOST_DAYS_BACK`] days before `now_ms`.
pub fn parse_occurred_at(raw: &str, now_ms: i64) -> Result<i64, ValidationError> {
    let at = chrono::DateTime::parse_from_rfc3339(raw.trim()).map(|t| t.timestamp_millis()).map_err(|_| {
        ValidationError::new("occurred_at", "occurred_at must be an RFC 3339 time such as 2026-12-01T09:30:00Z")
    })?;
    occurred_within(at, now_ms)
}

/// `at` (Unix ms) when a sale may have happened then: not in the future (beyond a minute's
/// difference of clocks), at most [`MOST_DAYS_BACK`] days before `now_ms`.
pub fn occurred_within(at: i64, now_ms: i64) -> Result<i64, ValidationError> {
    if at > now_ms + CLOCK_SKEW_MS {
        return Err(ValidationError::new("occurred_at", "occurred_at must not be in the future"));
    }
    if at < now_ms - MOST_DAYS_BACK * super::moment::DAY_MS {
        return Err(ValidationError::new("occurred_at", "occurred_at may be at most 90 days ago"));
    }
    Ok(at)
}

pub fn parse_external_id(raw: &str) -> Result<String, ValidationError> {
    let id = raw.trim();
    if id.is_empty() || id.len() > MAX_EXTERNAL_ID_BYTES || id.chars().any(char::is_control) {
        return Err(ValidationError::new(
            "external_id",
            format!(
                "external_id is required: your order or invoice id, 1 to {MAX_EXTERNAL_ID_BYTES} bytes without control characters"
            ),
        ));
    }
    Ok(id.to_owned())
}

/// A currency: three letters (ISO 4217), kept upper case.
pub fn parse_currency(raw: &str) -> Result<String, ValidationError> {
    let code = raw.trim();
    if code.len() != 3 || !code.bytes().all(|b| b.is_ascii_alphabetic()) {
        return Err(ValidationError::new("currency", "currency must be a three-letter ISO 4217 code such as EUR"));
    }
    Ok(code.to_ascii_uppercase())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn external_ids_and_currencies_are_checked() {
        assert_eq!(parse_external_id(" in_1Ab ").unwrap(), "in_1Ab");
        assert!(parse_external_id("").is_err());
        assert!(parse_external_id(&"x".repeat(MAX_EXTERNAL_ID_BYTES + 1)).is_err());
        assert!(parse_external_id("a\nb").is_err());
        assert_eq!(parse_currency("eur").unwrap(), "EUR");
        for bad in ["EURO", "E1R", "", "€€"] {
            assert!(parse_currency(bad).is_err(), "{bad}");
        }
    }
}
