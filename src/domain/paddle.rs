//! Paddle Billing webhooks: the `Paddle-Signature` check as Paddle documents it, and the
//! events a referral program acts on, read from the payload. No I/O: the endpoint
//! (`http::site::paddle`) verifies, reads, and records customers, conversions or refunds.
//!
//! The signature: `Paddle-Signature: ts=<unix seconds>;h1=<hex>` (several `h1` while a secret
//! is rotated); each `h1` is HMAC-SHA256, keyed with the notification destination's secret
//! key, over `<ts>:<raw body>`. A delivery is genuine when any `h1` matches and `ts` is within
//! five minutes of now.
//!
//! - `customer.created`, `customer.updated`: the customer's email, kept by its id (Paddle's
//!   transactions name the customer only by id).
//! - `transaction.completed`: a sale. Its amount is what was paid after discounts and without
//!   tax (`details.totals.total` less `tax`); a subscription's transaction is an invoice of its
//!   `billing_period`, a line per `details.line_items[]`; a referral code is
//!   `custom_data.referral_code`, a promo code the discount's `code`.
//! - `adjustment.created`, `adjustment.updated`: an approved `refund` of its transaction, of
//!   `totals.total`.

use serde::Deserialize;
use serde_json::Value;

use super::commission::InvoiceLine;
use super::invoice::PaidInvoice;
use super::payment::Payment;
use super::sales_source::{SignatureError, TimedSignature};

/// Paddle's signature: `ts=…;h1=…` over `<ts>:<raw body>`.
const SIGNATURE: TimedSignature = TimedSignature { separator: ';', time: "ts", signature: "h1", joiner: b":" };

/// Checks a `Paddle-Signature` header for `body`, signed with `secret`, at `now` (Unix
/// seconds).
pub fn verify(header: &str, body: &[u8], secret: &str, now: i64) -> Result<(), SignatureError> {
    SIGNATURE.verify(header, body, secret, now)
}

/// What a Paddle event means to a referral program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaddleEvent {
    /// `customer.created` or `customer.updated`: `customer` (`paddle:ctm_…`) has `email`.
    Customer { customer: String, email: String },
    /// `transaction.completed`; its `email` is found by its customer.
    Paid(Box<Payment>),
    /// An approved refund `adjustment` of `transaction` (`txn_…`), of `amount_minor`.
    Refunded { transaction: String, adjustment: String, amount_minor: u64 },
    /// Any other event, or an adjustment not (yet) an approved refund: acknowledged.
    Ignored,
}

/// A customer's id as a payment names its payer.
pub fn customer_key(id: &str) -> String {
    format!("paddle:{id}")
}

#[derive(Deserialize)]
struct Envelope {
    event_type: String,
    data: Value,
    /// When the event happened (RFC 3339).
    #[serde(default)]
    occurred_at: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Transaction {
    id: Option<String>,
    status: Option<String>,
    customer_id: Option<String>,
    subscription_id: Option<String>,
    currency_code: Option<String>,
    custom_data: Option<Value>,
    discount: Option<Value>,
    billing_period: Option<Period>,
    billed_at: Option<String>,
    details: Option<Details>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Period {
    starts_at: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Details {
    totals: Option<Totals>,
    line_items: Vec<LineItem>,
}

/// Paddle's amounts are strings of minor units.
#[derive(Deserialize, Default)]
#[serde(default)]
struct Totals {
    subtotal: Option<String>,
    discount: Option<String>,
    tax: Option<String>,
    total: Option<String>,
    grand_total: Option<String>,
    currency_code: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct LineItem {
    product_id: Option<String>,
    totals: Option<Totals>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Adjustment {
    id: Option<String>,
    action: Option<String>,
    status: Option<String>,
    transaction_id: Option<String>,
    totals: Option<Totals>,
}

/// A minor-units amount as Paddle writes it.
fn units(text: Option<&str>) -> Option<u64> {
    let text = text?.trim();
    (!text.is_empty() && text.len() <= 18 && text.bytes().all(|b| b.is_ascii_digit())).then(|| text.parse().ok())?
}

/// An id field: a short string without controls.
fn id(text: Option<String>) -> Option<String> {
    text.filter(|t| !t.is_empty() && t.len() <= 100 && t.bytes().all(|b| b.is_ascii_graphic()))
}

/// What a line or a transaction paid after discounts and without tax.
fn base(totals: &Totals) -> Option<u64> {
    match (units(totals.subtotal.as_deref()), units(totals.total.as_deref())) {
        (Some(subtotal), _) => Some(subtotal.saturating_sub(units(totals.discount.as_deref()).unwrap_or(0))),
        (None, Some(total)) => Some(total.saturating_sub(units(totals.tax.as_deref()).unwrap_or(0))),
        (None, None) => None,
    }
}

fn paid(mut data: Transaction, paid_ms: Option<i64>) -> Option<PaddleEvent> {
    let object_id = id(data.id.take())?;
    if data.status.as_deref().is_some_and(|s| s != "completed") {
        return Some(PaddleEvent::Ignored);
    }
    let details = data.details.take().unwrap_or_default();
    let totals = details.totals.unwrap_or_default();
    let currency = data.currency_code.take().or(totals.currency_code.clone()).map(|c| c.to_ascii_uppercase());
    let amount = base(&totals);
    let currency_code = currency.as_deref().and_then(|c| super::currency::parse("currency", c).ok());
    let subscription = id(data.subscription_id.take());
    let starts = data.billing_period.as_ref().and_then(|p| p.starts_at.clone()).or(data.billed_at.clone());
    let period_start = starts.and_then(|t| chrono::DateTime::parse_from_rfc3339(&t).ok()).map(|t| t.timestamp());
    let invoice = match (&subscription, currency_code, period_start, amount) {
        (Some(subscription), Some(currency), Some(period_start), Some(amount)) => {
            let mut lines: Vec<InvoiceLine> = details
                .line_items
                .iter()
                .take(super::invoice::MAX_LINES)
                .filter_map(|item| {
                    let product_id =
                        id(item.product_id.clone()).filter(|p| p.len() <= super::commission::MAX_PRODUCT_ID_BYTES);
                    Some(InvoiceLine { product_id, base_minor: base(item.totals.as_ref()?)? })
                })
                .collect();
            if lines.is_empty() {
                lines.push(InvoiceLine { product_id: None, base_minor: amount });
            }
            let paid = units(totals.grand_total.as_deref()).or(units(totals.total.as_deref())).unwrap_or(amount);
            Some(PaidInvoice {
                subscription_id: subscription.clone(),
                period_start: period_start.max(0),
                currency,
                lines,
                paid_minor: paid,
            })
        }
        _ => None,
    };
    let referral_code = data
        .custom_data
        .as_ref()
        .and_then(|c| c.get("referral_code").or_else(|| c.get("ref"))?.as_str().map(|s| s.trim().to_owned()))
        .filter(|c| !c.is_empty() && c.len() <= 512);
    let promo_codes =
        data.discount.as_ref().and_then(|d| d.get("code")?.as_str().map(str::to_owned)).into_iter().collect();
    let customers = [id(data.customer_id.take()).map(|c| customer_key(&c)), subscription.map(|s| customer_key(&s))]
        .into_iter()
        .flatten()
        .collect();
    Some(PaddleEvent::Paid(Box::new(Payment {
        references: vec![object_id.clone()],
        object_id,
        email: None,
        amount_minor: amount.and_then(|a| i64::try_from(a).ok()),
        currency,
        invoice,
        referral_code,
        promo_codes,
        customers,
        paid_ms,
    })))
}

/// Reads an event body. `None` when it is not a Paddle event at all.
pub fn read_event(body: &[u8]) -> Option<PaddleEvent> {
    let envelope: Envelope = serde_json::from_slice(body).ok()?;
    Some(match envelope.event_type.as_str() {
        "customer.created" | "customer.updated" => {
            let customer = id(envelope.data.get("id")?.as_str().map(str::to_owned))?;
            match envelope.data.get("email").and_then(Value::as_str) {
                Some(email) if !email.trim().is_empty() => {
                    PaddleEvent::Customer { customer: customer_key(&customer), email: email.trim().to_owned() }
                }
                _ => PaddleEvent::Ignored,
            }
        }
        "transaction.completed" => {
            let paid_ms = crate::domain::payment::instant_ms(envelope.occurred_at.as_deref());
            paid(serde_json::from_value(envelope.data).ok()?, paid_ms)?
        }
        "adjustment.created" | "adjustment.updated" => {
            let adjustment: Adjustment = serde_json::from_value(envelope.data).ok()?;
            let approved_refund =
                adjustment.action.as_deref() == Some("refund") && adjustment.status.as_deref() == Some("approved");
            match (approved_refund, id(adjustment.transaction_id), id(adjustment.id)) {
                (true, Some(transaction), Some(adjustment_id)) => PaddleEvent::Refunded {
                    transaction,
                    adjustment: adjustment_id,
                    amount_minor: adjustment.totals.as_ref().and_then(|t| units(t.total.as_deref())).unwrap_or(0),
                },
                _ => PaddleEvent::Ignored,
            }
        }
        _ => PaddleEvent::Ignored,
    })
}

#[cfg(test)]
#[path = "paddle_tests.rs"]
mod tests;
