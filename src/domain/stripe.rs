//! Stripe webhooks: the `Stripe-Signature` check as Stripe documents it, and the few event
//! kinds a referral program acts on, read from the payload. No I/O: the endpoint
//! (`http::site::stripe`) verifies, reads, and records conversions or refunds.
//!
//! The signature: the header carries `t=<unix seconds>` and one or more `v1=<hex>`; each
//! `v1` is HMAC-SHA256, keyed with the endpoint's signing secret (`whsec_…`, used as it is),
//! over `<t>.<raw body>`. A delivery is genuine when any `v1` matches and `t` is within the
//! tolerance of now (Stripe sends several `v1` while a secret is being rolled).

use hmac::{Hmac, Mac};
use serde::Deserialize;
use sha2::Sha256;

/// How far the signed time may be from now, in seconds (Stripe's libraries default to 300).
pub const TOLERANCE_SECS: i64 = 300;

/// Why a delivery is refused. Each is a 400 with nothing changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the Stripe-Signature header is missing or malformed")]
    Malformed,
    #[error("the Stripe-Signature timestamp is outside the 5-minute tolerance")]
    Stale,
    #[error("no signature in Stripe-Signature matches this endpoint's signing secret")]
    Mismatch,
}

/// Checks a `Stripe-Signature` header for `body`, signed with `secret`, at `now` (Unix
/// seconds).
pub fn verify(header: &str, body: &[u8], secret: &str, now: i64) -> Result<(), SignatureError> {
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = value.parse::<i64>().ok(),
            Some(("v1", value)) => signatures.extend(hex::decode(value).ok()),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(SignatureError::Malformed)?;
    if signatures.is_empty() {
        return Err(SignatureError::Malformed);
    }
    if (now - timestamp).abs() > TOLERANCE_SECS {
        return Err(SignatureError::Stale);
    }
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).map_err(|_| SignatureError::Mismatch)?;
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let expected = mac.finalize().into_bytes();
    let matches = signatures.iter().any(|s| subtle::ConstantTimeEq::ct_eq(s.as_slice(), expected.as_slice()).into());
    if matches {
        Ok(())
    } else {
        Err(SignatureError::Mismatch)
    }
}

/// What a Stripe event means to a referral program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StripeEvent {
    /// A payment by a customer: `checkout.session.completed` or `invoice.paid`.
    Paid(Payment),
    /// `charge.refunded`: the payment made through this payment intent or invoice.
    Refunded { payment_intent: Option<String>, invoice: Option<String> },
    /// Any other kind: acknowledged, nothing done.
    Ignored,
}

/// A payment, as a conversion records it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    /// The Stripe object's id (`cs_…`, `in_…`): the conversion's `external_id`.
    pub object_id: String,
    /// The customer's email, matched against the participants.
    pub email: Option<String>,
    /// The amount in the currency's smallest unit.
    pub amount_minor: Option<i64>,
    /// Lower-case ISO 4217, as Stripe writes it.
    pub currency: Option<String>,
    /// What a refund names the payment by.
    pub payment_intent: Option<String>,
    pub invoice: Option<String>,
}

#[derive(Deserialize)]
struct Envelope {
    #[serde(rename = "type")]
    kind: String,
    data: Data,
}

#[derive(Deserialize)]
struct Data {
    object: Object,
}

/// The fields of the three objects we read (each object has a subset).
#[derive(Deserialize, Default)]
#[serde(default)]
struct Object {
    id: Option<String>,
    customer_email: Option<String>,
    customer_details: Option<CustomerDetails>,
    amount_total: Option<i64>,
    amount_paid: Option<i64>,
    currency: Option<String>,
    payment_intent: Option<serde_json::Value>,
    invoice: Option<serde_json::Value>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct CustomerDetails {
    email: Option<String>,
}

/// An id field that Stripe sends as a string, or as the object when expanded.
fn id_of(value: Option<serde_json::Value>) -> Option<String> {
    match value? {
        serde_json::Value::String(id) => Some(id),
        serde_json::Value::Object(object) => object.get("id")?.as_str().map(str::to_owned),
        _ => None,
    }
}

/// Reads an event body. `None` when it is not a Stripe event at all.
pub fn read_event(body: &[u8]) -> Option<StripeEvent> {
    let envelope: Envelope = serde_json::from_slice(body).ok()?;
    let object = envelope.data.object;
    Some(match envelope.kind.as_str() {
        "checkout.session.completed" | "invoice.paid" => {
            let Some(object_id) = object.id else { return Some(StripeEvent::Ignored) };
            StripeEvent::Paid(Payment {
                object_id,
                email: object.customer_details.and_then(|d| d.email).or(object.customer_email),
                amount_minor: object.amount_total.or(object.amount_paid),
                currency: object.currency,
                payment_intent: id_of(object.payment_intent),
                invoice: id_of(object.invoice),
            })
        }
        "charge.refunded" => {
            StripeEvent::Refunded { payment_intent: id_of(object.payment_intent), invoice: id_of(object.invoice) }
        }
        _ => StripeEvent::Ignored,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Signs as Stripe does, for the tests.
    fn sign(secret: &str, t: i64, body: &[u8]) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
        mac.update(format!("{t}.").as_bytes());
        mac.update(body);
        hex::encode(mac.finalize().into_bytes())
    }

    #[test]
    fn a_signature_is_checked_as_stripe_documents_it() {
        let (secret, body, now) = ("whsec_test", br#"{"id":"evt_1"}"#.as_slice(), 1_800_000_000);
        let good = sign(secret, now, body);
        assert_eq!(verify(&format!("t={now},v1={good}"), body, secret, now), Ok(()));
        let rolled = format!("t={now},v1={},v1={good},v0=abc", sign("whsec_old", now, body));
        assert_eq!(verify(&rolled, body, secret, now + 10), Ok(()), "any v1 may match");
        assert_eq!(verify(&format!("t={now},v1={good}"), b"{}", secret, now), Err(SignatureError::Mismatch));
        assert_eq!(verify(&format!("t={now},v1={good}"), body, "whsec_other", now), Err(SignatureError::Mismatch));
        let late = now + TOLERANCE_SECS + 1;
        assert_eq!(verify(&format!("t={now},v1={good}"), body, secret, late), Err(SignatureError::Stale));
        for bad in ["", "v1=00", &format!("t={now}"), "t=x,v1=zz", &format!("t={now},v1=nothex")] {
            assert_eq!(verify(bad, body, secret, now), Err(SignatureError::Malformed), "{bad}");
        }
    }

    #[test]
    fn payments_and_refunds_are_read_from_the_three_kinds() {
        let checkout = br#"{"type":"checkout.session.completed","data":{"object":{"id":"cs_1","customer_details":{"email":"ada@example.com"},"amount_total":4990,"currency":"eur","payment_intent":"pi_1"}}}"#;
        let StripeEvent::Paid(paid) = read_event(checkout).unwrap() else { panic!() };
        assert_eq!((paid.object_id.as_str(), paid.email.as_deref()), ("cs_1", Some("ada@example.com")));
        assert_eq!((paid.amount_minor, paid.payment_intent.as_deref()), (Some(4990), Some("pi_1")));
        let invoice = br#"{"type":"invoice.paid","data":{"object":{"id":"in_1","customer_email":"bob@example.com","amount_paid":1200,"currency":"usd","payment_intent":{"id":"pi_2"}}}}"#;
        let StripeEvent::Paid(paid) = read_event(invoice).unwrap() else { panic!() };
        assert_eq!((paid.email.as_deref(), paid.payment_intent.as_deref()), (Some("bob@example.com"), Some("pi_2")));
        let refund =
            br#"{"type":"charge.refunded","data":{"object":{"id":"ch_1","payment_intent":"pi_1","invoice":null}}}"#;
        assert_eq!(
            read_event(refund),
            Some(StripeEvent::Refunded { payment_intent: Some("pi_1".into()), invoice: None })
        );
        assert_eq!(read_event(br#"{"type":"customer.created","data":{"object":{}}}"#), Some(StripeEvent::Ignored));
        assert_eq!(read_event(b"not json"), None);
    }
}
