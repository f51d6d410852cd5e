//! The sales sources a brand connects besides Stripe: Paddle Billing and Shopify. Each posts
//! its events to `/hooks/<source>/<brand_id>`, signed with a secret the member stores once
//! (sealed at rest, never shown again). What their events say is read in `domain::paddle` and
//! `domain::shopify`.

use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use super::ValidationError;

/// A source of sales a brand may connect (Stripe has its own endpoints, from before).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Source {
    Paddle,
    Shopify,
}

impl Source {
    pub const ALL: [Source; 2] = [Source::Paddle, Source::Shopify];

    /// Its name in paths and answers.
    pub fn name(self) -> &'static str {
        match self {
            Self::Paddle => "paddle",
            Self::Shopify => "shopify",
        }
    }

    /// Its byte in stored keys.
    pub fn tag(self) -> u8 {
        match self {
            Self::Paddle => b'p',
            Self::Shopify => b's',
        }
    }

    /// What the member pastes, in the words its dashboard uses.
    pub fn secret_name(self) -> &'static str {
        match self {
            Self::Paddle => "the notification destination's secret key from Paddle (pdl_ntfset_…)",
            Self::Shopify => "the webhook signing secret from Shopify (the app's client secret)",
        }
    }

    /// The event types its endpoint should be sent; any other is acknowledged and ignored.
    pub fn events(self) -> &'static [&'static str] {
        match self {
            Self::Paddle => &[
                "customer.created",
                "customer.updated",
                "transaction.completed",
                "adjustment.created",
                "adjustment.updated",
            ],
            Self::Shopify => &["orders/paid", "refunds/create"],
        }
    }
}

/// A brand's connection to a source, as stored: the signing secret sealed with the server
/// secret and the brand's id (see `auth::seal`), never shown again.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Connection {
    pub sealed_secret: Vec<u8>,
    /// RFC 3339.
    pub connected_at: String,
}

/// A source's signing secret as a member pastes it: 16 to 200 printable characters without
/// spaces. The error never repeats what was sent.
pub fn parse_secret(source: Source, raw: &str) -> Result<String, ValidationError> {
    let secret = raw.trim();
    let usable = (16..=200).contains(&secret.len()) && secret.bytes().all(|b| b.is_ascii_graphic());
    if !usable {
        return Err(ValidationError::new("signing_secret", format!("signing_secret must be {}", source.secret_name())));
    }
    Ok(secret.to_owned())
}

/// Why a delivery's signature does not check out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the signature header is missing or malformed")]
    Malformed,
    #[error("the signature's time is more than five minutes from now")]
    Stale,
    #[error("no signature matches")]
    Mismatch,
}

/// How far a signed time may be from now, in seconds (five minutes, as Stripe and Paddle).
pub const TOLERANCE_SECS: i64 = 300;

/// How a source writes a signature that signs its time with the body: Stripe's
/// `t=…,v1=…` over `<t>.<body>`, Paddle's `ts=…;h1=…` over `<ts>:<body>`.
pub struct TimedSignature {
    /// Between the header's parts.
    pub separator: char,
    /// The part that holds the time (Unix seconds).
    pub time: &'static str,
    /// The parts that hold a signature (hex), any of which may match.
    pub signature: &'static str,
    /// Between the time and the body in the signed text.
    pub joiner: &'static [u8],
}

impl TimedSignature {
    /// Checks `header` for `body`, signed with `secret`, at `now` (Unix seconds): any of its
    /// signatures is HMAC-SHA256 of the signed text, and its time is within
    /// [`TOLERANCE_SECS`] of now.
    pub fn verify(&self, header: &str, body: &[u8], secret: &str, now: i64) -> Result<(), SignatureError> {
        let mut signed_at = None;
        let mut signatures = Vec::new();
        for part in header.split(self.separator) {
            match part.trim().split_once('=') {
                Some((name, value)) if name == self.time => signed_at = value.parse::<i64>().ok().map(|t| (t, value)),
                Some((name, value)) if name == self.signature => signatures.extend(hex::decode(value).ok()),
                _ => {}
            }
        }
        // The signed text holds the time as it was sent.
        let (timestamp, timestamp_text) = signed_at.ok_or(SignatureError::Malformed)?;
        if signatures.is_empty() {
            return Err(SignatureError::Malformed);
        }
        if (now - timestamp).abs() > TOLERANCE_SECS {
            return Err(SignatureError::Stale);
        }
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).map_err(|_| SignatureError::Mismatch)?;
        mac.update(timestamp_text.as_bytes());
        mac.update(self.joiner);
        mac.update(body);
        let expected = mac.finalize().into_bytes();
        let matches =
            signatures.iter().any(|s| subtle::ConstantTimeEq::ct_eq(s.as_slice(), expected.as_slice()).into());
        if matches {
            Ok(())
        } else {
            Err(SignatureError::Mismatch)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_checked_without_being_repeated() {
        assert!(parse_secret(Source::Paddle, " pdl_ntfset_01abcdefghijk ").is_ok());
        let error = parse_secret(Source::Shopify, "short").unwrap_err();
        assert!(!error.message.contains("short") && error.message.contains("Shopify"));
        assert!(parse_secret(Source::Paddle, "has a space in it here").is_err());
        assert_eq!(Source::ALL.map(Source::name), ["paddle", "shopify"]);
    }
}
