//! Shopify webhooks: the `X-Shopify-Hmac-Sha256` check as Shopify documents it (base64 of an
//! HMAC-SHA256 of the raw body, keyed with the app's signing secret), and the two topics a
//! referral program acts on, read from the payload. No I/O: the endpoint
//! (`http::site::shopify`) verifies, reads, and records conversions or refunds.
//!
//! - `orders/paid`: a sale. Its amount is the order's total after discounts and without tax
//!   (`total_price` less `total_tax`); the customer is `email` (else `customer.email`) and
//!   `customer.id`; a promo code is any of `discount_codes[].code`; a referral code is the
//!   order's `ref` (or `referral_code`) note attribute, else the `ref` (or `via`) of the page
//!   the customer landed on (`landing_site`).
//! - `refunds/create`: a refund of its `order_id`, of the amount of its successful refund
//!   transactions.

use base64::Engine;
use hmac::{Hmac, Mac};
use serde::Deserialize;
use serde_json::Value;
use sha2::Sha256;

use super::currency;
use super::invoice::minor_units;
use super::payment::Payment;
use super::sales_source::SignatureError;

/// Checks an `X-Shopify-Hmac-Sha256` header for `body`, signed with `secret`.
pub fn verify(header: &str, body: &[u8], secret: &str) -> Result<(), SignatureError> {
    let signature =
        base64::engine::general_purpose::STANDARD.decode(header.trim()).map_err(|_| SignatureError::Malformed)?;
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).map_err(|_| SignatureError::Mismatch)?;
    mac.update(body);
    mac.verify_slice(&signature).map_err(|_| SignatureError::Mismatch)
}

/// What a Shopify delivery means to a referral program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShopifyEvent {
    /// `orders/paid`.
    Paid(Box<Payment>),
    /// `refunds/create`: `refund_id` gave back `amount_minor` of order `order_id`.
    Refunded { order_id: String, refund_id: String, amount_minor: u64 },
    /// Any other topic, or an order with nothing paid: acknowledged, nothing done.
    Ignored,
}

/// The order's id as a conversion's external id and payment reference.
pub fn order_reference(order_id: &str) -> String {
    format!("shopify:{order_id}")
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Order {
    id: Option<Value>,
    /// When it was paid (RFC 3339).
    processed_at: Option<String>,
    email: Option<String>,
    customer: Option<Customer>,
    currency: Option<String>,
    total_price: Option<String>,
    total_tax: Option<String>,
    discount_codes: Vec<DiscountCode>,
    note_attributes: Vec<NoteAttribute>,
    landing_site: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Customer {
    id: Option<Value>,
    email: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct DiscountCode {
    code: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct NoteAttribute {
    name: Option<String>,
    value: Option<Value>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Refund {
    id: Option<Value>,
    order_id: Option<Value>,
    transactions: Vec<Transaction>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Transaction {
    kind: Option<String>,
    status: Option<String>,
    amount: Option<String>,
    currency: Option<String>,
}

/// An id Shopify sends as a number (or, in newer payloads, a string).
fn id_text(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) if !s.is_empty() && s.len() <= 100 && s.bytes().all(|b| b.is_ascii_graphic()) => {
            Some(s.clone())
        }
        _ => None,
    }
}

/// A decimal amount in `currency`'s minor units.
fn minor(amount: Option<&str>, currency: &str) -> Option<u64> {
    minor_units(amount?, currency::minor_digits(currency)?)
}

/// The referral code an order names: its `ref` or `referral_code` note attribute, else the
/// `ref` or `via` of its landing page's address.
fn referral_code_of(order: &Order) -> Option<String> {
    let noted = order.note_attributes.iter().find_map(|a| {
        let named = matches!(a.name.as_deref().map(str::trim), Some("ref" | "referral_code"));
        named.then(|| a.value.as_ref()?.as_str().map(str::to_owned)).flatten()
    });
    let landed = || {
        let landing = order.landing_site.as_deref()?;
        let query = landing.split_once('?')?.1.split('#').next()?;
        url::form_urlencoded::parse(query.as_bytes())
            .find(|(k, _)| k == "ref" || k == "via")
            .map(|(_, v)| v.into_owned())
    };
    noted.or_else(landed).map(|c| c.trim().to_owned()).filter(|c| !c.is_empty() && c.len() <= 512)
}

/// Reads a delivery of `topic`. `None` when the body is not the topic's object at all.
pub fn read_event(topic: &str, body: &[u8]) -> Option<ShopifyEvent> {
    match topic {
        "orders/paid" => {
            let order: Order = serde_json::from_slice(body).ok()?;
            let id = id_text(order.id.as_ref())?;
            let code = currency::parse("currency", order.currency.as_deref().unwrap_or("")).ok();
            let paid = code.as_deref().and_then(|c| {
                let total = minor(order.total_price.as_deref(), c)?;
                Some(total.saturating_sub(minor(order.total_tax.as_deref(), c).unwrap_or(0)))
            });
            let customer = order.customer.as_ref();
            let email = order.email.clone().filter(|e| !e.is_empty()).or_else(|| customer?.email.clone());
            let customers = id_text(customer.and_then(|c| c.id.as_ref())).map(|c| format!("shopify:{c}"));
            Some(ShopifyEvent::Paid(Box::new(Payment {
                object_id: order_reference(&id),
                email,
                amount_minor: paid.and_then(|p| i64::try_from(p).ok()),
                currency: code,
                references: vec![order_reference(&id)],
                invoice: None,
                referral_code: referral_code_of(&order),
                promo_codes: order.discount_codes.iter().filter_map(|d| d.code.clone()).collect(),
                customers: customers.into_iter().collect(),
                paid_ms: crate::domain::payment::instant_ms(order.processed_at.as_deref()),
            })))
        }
        "refunds/create" => {
            let refund: Refund = serde_json::from_slice(body).ok()?;
            let (order_id, refund_id) = (id_text(refund.order_id.as_ref())?, id_text(refund.id.as_ref())?);
            let amount_minor = refund
                .transactions
                .iter()
                .filter(|t| t.kind.as_deref() == Some("refund") && t.status.as_deref() == Some("success"))
                .filter_map(|t| {
                    minor(t.amount.as_deref(), &t.currency.clone().unwrap_or_default().to_ascii_uppercase())
                })
                .sum();
            Some(ShopifyEvent::Refunded { order_id, refund_id, amount_minor })
        }
        _ => Some(ShopifyEvent::Ignored),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn signed(secret: &str, body: &[u8]) -> String {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
        mac.update(body);
        base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
    }

    #[test]
    fn a_signature_is_checked_as_shopify_documents_it() {
        let body = br#"{"id": 1}"#;
        let header = signed("shpss_secret_for_tests", body);
        assert_eq!(verify(&header, body, "shpss_secret_for_tests"), Ok(()));
        assert_eq!(verify(&header, br#"{"id": 2}"#, "shpss_secret_for_tests"), Err(SignatureError::Mismatch));
        assert_eq!(verify(&header, body, "another_secret_entirely"), Err(SignatureError::Mismatch));
        assert_eq!(verify("not base64!", body, "shpss_secret_for_tests"), Err(SignatureError::Malformed));
    }

    #[test]
    fn a_paid_order_is_read_as_a_sale_after_discounts_and_without_tax() {
        let order = serde_json::json!({"id": 820982911946154508u64, "email": "", "currency": "USD",
            "total_price": "110.00", "total_tax": "10.00", "customer": {"id": 115310627314723954u64, "email": "bob@example.com"},
            "discount_codes": [{"code": "SAM20", "amount": "20.00", "type": "fixed_amount"}],
            "note_attributes": [{"name": "gift", "value": "yes"}], "landing_site": "/products/x?utm=a&via=ANN5"});
        let Some(ShopifyEvent::Paid(sale)) = read_event("orders/paid", order.to_string().as_bytes()) else { panic!() };
        assert_eq!(sale.object_id, "shopify:820982911946154508");
        assert_eq!((sale.amount_minor, sale.currency.as_deref()), (Some(10_000), Some("USD")));
        assert_eq!(sale.email.as_deref(), Some("bob@example.com"), "the customer's, when the order has none");
        assert_eq!(sale.customers, ["shopify:115310627314723954"]);
        assert_eq!(sale.promo_codes, ["SAM20"]);
        assert_eq!(sale.referral_code.as_deref(), Some("ANN5"), "from the landing page");
        let noted = serde_json::json!({"id": 1, "currency": "JPY", "total_price": "1200", "total_tax": "0",
            "note_attributes": [{"name": "ref", "value": "MTpsaW5rOjE"}], "landing_site": "/?ref=OTHER"});
        let Some(ShopifyEvent::Paid(sale)) = read_event("orders/paid", noted.to_string().as_bytes()) else { panic!() };
        assert_eq!((sale.amount_minor, sale.referral_code.as_deref()), (Some(1200), Some("MTpsaW5rOjE")));
        assert_eq!(read_event("orders/paid", b"{not json"), None);
        assert_eq!(read_event("orders/paid", br#"{"email": "x@example.com"}"#), None, "an order has an id");
        assert_eq!(read_event("products/create", b"{}"), Some(ShopifyEvent::Ignored));
    }

    #[test]
    fn a_refund_counts_its_successful_refund_transactions() {
        let refund = serde_json::json!({"id": 509562969u64, "order_id": 820982911946154508u64, "transactions": [
            {"kind": "refund", "status": "success", "amount": "25.50", "currency": "USD"},
            {"kind": "refund", "status": "failure", "amount": "99.00", "currency": "USD"},
            {"kind": "sale", "status": "success", "amount": "10.00", "currency": "USD"}]});
        let event = read_event("refunds/create", refund.to_string().as_bytes());
        assert_eq!(
            event,
            Some(ShopifyEvent::Refunded {
                order_id: "820982911946154508".into(),
                refund_id: "509562969".into(),
                amount_minor: 2550
            })
        );
    }
}
