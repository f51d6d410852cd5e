//! Stripe webhooks: the `Stripe-Signature` check as Stripe documents it, and the few event
//! kinds a referral program acts on, read from the payload. No I/O: the endpoint
//! (`http::site::stripe`) verifies, reads, and records conversions or refunds.
//!
//! The signature: the header carries `t=<unix seconds>` and one or more `v1=<hex>`; each
//! `v1` is HMAC-SHA256, keyed with the endpoint's signing secret (`whsec_…`, used as it is),
//! over `<t>.<raw body>`. A delivery is genuine when any `v1` matches and `t` is within the
//! tolerance of now (Stripe sends several `v1` while a secret is being rolled).

use serde::Deserialize;

use super::commission::InvoiceLine;
use super::invoice::PaidInvoice;
use super::sales_source::TimedSignature;
use super::ValidationError;

/// How far the signed time may be from now, in seconds (Stripe's libraries default to 300).
pub use super::sales_source::TOLERANCE_SECS;

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

/// Stripe's signature: `t=…,v1=…` over `<t>.<raw body>`.
const SIGNATURE: TimedSignature = TimedSignature { separator: ',', time: "t", signature: "v1", joiner: b"." };

/// Checks a `Stripe-Signature` header for `body`, signed with `secret`, at `now` (Unix
/// seconds).
pub fn verify(header: &str, body: &[u8], secret: &str, now: i64) -> Result<(), SignatureError> {
    SIGNATURE.verify(header, body, secret, now).map_err(|e| match e {
        super::sales_source::SignatureError::Malformed => SignatureError::Malformed,
        super::sales_source::SignatureError::Stale => SignatureError::Stale,
        super::sales_source::SignatureError::Mismatch => SignatureError::Mismatch,
    })
}

/// The event types a brand's Stripe endpoint should send; any other is acknowledged and
/// ignored.
pub const EVENT_TYPES: [&str; 3] = ["checkout.session.completed", "invoice.paid", "charge.refunded"];

/// What a Stripe event means to a referral program.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StripeEvent {
    /// A payment by a customer: `checkout.session.completed` or `invoice.paid`.
    Paid(Box<Payment>),
    /// `charge.refunded`: the charge's payment, named by its payment intent or invoice.
    /// `fully` is false for a partial refund, of which `refunded_minor` (the charge's refunds
    /// so far) says how much; `charge` is the charge's id.
    Refunded { references: Vec<String>, fully: bool, refunded_minor: Option<u64>, charge: String },
    /// Any other kind: acknowledged, nothing done.
    Ignored,
}

pub use super::payment::Payment;

#[derive(Deserialize)]
struct Envelope {
    #[serde(rename = "type")]
    kind: String,
    data: Data,
    /// When the event happened (Unix seconds).
    #[serde(default)]
    created: Option<i64>,
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
    /// A checkout session's own reference, set by the page that opened it.
    client_reference_id: Option<String>,
    metadata: Option<serde_json::Map<String, serde_json::Value>>,
    /// The customer's id (`cus_…`), or the customer when expanded.
    customer: Option<serde_json::Value>,
    /// A session's or invoice's discounts, each naming its promotion code (an invoice's are
    /// the discounts' ids unless expanded).
    discounts: Option<Vec<serde_json::Value>>,
    /// An invoice's discount, on older API versions.
    discount: Option<serde_json::Value>,
    /// A session's totals: `breakdown.discounts[].discount` when expanded.
    total_details: Option<serde_json::Value>,
    customer_email: Option<String>,
    customer_details: Option<CustomerDetails>,
    amount_total: Option<i64>,
    amount_paid: Option<i64>,
    currency: Option<String>,
    payment_intent: Option<serde_json::Value>,
    invoice: Option<serde_json::Value>,
    /// A charge: whether the whole amount was refunded.
    refunded: Option<bool>,
    /// An invoice on API versions from 2025-03-31, which name its payment intents here
    /// rather than in `payment_intent` (present when Stripe includes the list).
    payments: Option<InvoicePayments>,
    /// An invoice's subscription (older API versions; newer ones name it in `parent`).
    subscription: Option<serde_json::Value>,
    parent: Option<InvoiceParent>,
    /// An invoice's subscription details on API versions before 2025-03-31 (newer ones name
    /// them in `parent`): the subscription's metadata.
    subscription_details: Option<SubscriptionDetails>,
    /// An invoice's period (the lines' periods are preferred: see [`invoice_of`]).
    period_start: Option<i64>,
    lines: Option<InvoiceLines>,
    /// An invoice's tax: `tax` on older API versions, `total_taxes` on newer ones.
    tax: Option<i64>,
    total_taxes: Option<Vec<Amounted>>,
    /// A charge: how much of it was refunded so far, in all.
    amount_refunded: Option<i64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct InvoiceParent {
    subscription_details: Option<SubscriptionDetails>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct SubscriptionDetails {
    subscription: Option<serde_json::Value>,
    /// The subscription's metadata as it was when the invoice was made.
    metadata: Option<serde_json::Map<String, serde_json::Value>>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct InvoiceLines {
    data: Vec<StripeLine>,
}

/// An invoice line: `amount` is before discounts and without tax; `discount_amounts` are
/// what the discounts took off it.
#[derive(Deserialize, Default)]
#[serde(default)]
struct StripeLine {
    amount: i64,
    discount_amounts: Vec<Amounted>,
    period: Option<LinePeriod>,
    /// The product: `price.product` (older versions), `pricing.price_details.product`
    /// (newer), `plan.product` (oldest).
    price: Option<ProductOf>,
    plan: Option<ProductOf>,
    pricing: Option<Pricing>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Amounted {
    amount: i64,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct LinePeriod {
    start: Option<i64>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct ProductOf {
    product: Option<serde_json::Value>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Pricing {
    price_details: Option<ProductOf>,
}

/// The paid invoice an `invoice.paid` object describes: its subscription (none: the invoice
/// is its own), the start of the period it bills (the earliest of its lines' periods, else the
/// invoice's `period_start`), and per line what was paid after discounts, without tax. With
/// no lines in the payload, the whole invoice is one line: `amount_paid` less its tax.
fn invoice_of(object: &mut Object, id: &str) -> Option<PaidInvoice> {
    let currency = super::currency::parse("currency", object.currency.as_deref()?).ok()?;
    let paid = u64::try_from(object.amount_paid?).ok()?;
    let subscription = id_of(object.subscription.take())
        .or_else(|| id_of(object.parent.take()?.subscription_details?.subscription))
        .filter(|s| super::invoice::parse_subscription_id(s).is_ok())
        .unwrap_or_else(|| id.to_owned());
    let data = object.lines.take().map(|l| l.data).unwrap_or_default();
    let period_start = data.iter().filter_map(|l| l.period.as_ref()?.start).min().or(object.period_start)?;
    let mut lines: Vec<InvoiceLine> = data
        .into_iter()
        .take(super::invoice::MAX_LINES)
        .map(|line| {
            let discounts: i64 = line.discount_amounts.iter().map(|d| d.amount).sum();
            let product = line
                .price
                .and_then(|p| p.product)
                .or_else(|| line.pricing.and_then(|p| p.price_details?.product))
                .or_else(|| line.plan.and_then(|p| p.product));
            InvoiceLine {
                product_id: id_of(product).filter(|p| p.len() <= super::commission::MAX_PRODUCT_ID_BYTES),
                base_minor: u64::try_from(line.amount - discounts).unwrap_or(0),
            }
        })
        .collect();
    if lines.is_empty() {
        let tax = object.tax.or_else(|| Some(object.total_taxes.as_ref()?.iter().map(|t| t.amount).sum()));
        let base = u64::try_from(object.amount_paid? - tax.unwrap_or(0)).unwrap_or(0);
        lines.push(InvoiceLine { product_id: None, base_minor: base });
    }
    Some(PaidInvoice {
        subscription_id: subscription,
        period_start: period_start.max(0),
        currency,
        lines,
        paid_minor: paid,
    })
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct CustomerDetails {
    email: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct InvoicePayments {
    data: Vec<InvoicePayment>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct InvoicePayment {
    payment: Option<PaymentRecord>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct PaymentRecord {
    payment_intent: Option<serde_json::Value>,
}

/// An id field that Stripe sends as a string, or as the object when expanded.
fn id_of(value: Option<serde_json::Value>) -> Option<String> {
    match value? {
        serde_json::Value::String(id) => Some(id),
        serde_json::Value::Object(object) => object.get("id")?.as_str().map(str::to_owned),
        _ => None,
    }
}

/// Longest id we keep as a payment reference; Stripe's ids are far shorter.
const MAX_REFERENCE_BYTES: usize = 200;

/// The payment references among `ids`, without blanks, oversized values or repeats.
fn references(ids: impl IntoIterator<Item = Option<String>>) -> Vec<String> {
    let mut kept: Vec<String> = Vec::new();
    for id in ids.into_iter().flatten() {
        let usable = !id.is_empty() && id.len() <= MAX_REFERENCE_BYTES && !id.chars().any(char::is_control);
        if usable && !kept.contains(&id) {
            kept.push(id);
        }
    }
    kept
}

/// Longest referral code read from an event; longer values name no one.
const MAX_CODE_BYTES: usize = 512;

/// The referral code an object names, in this order: its own `metadata.referral_code`, its
/// subscription's (an invoice carries the subscription's metadata), then a checkout session's
/// `client_reference_id`. A key named for the purpose wins over the general-purpose
/// reference, which a page may use for its own ids (such a value names no participant and is
/// no referral).
fn referral_code_of(object: &Object) -> Option<String> {
    let in_metadata = |metadata: Option<&serde_json::Map<String, serde_json::Value>>| {
        metadata?.get("referral_code")?.as_str().map(str::to_owned)
    };
    let subscription = object.parent.as_ref().and_then(|p| p.subscription_details.as_ref());
    [
        in_metadata(object.metadata.as_ref()),
        in_metadata(subscription.and_then(|s| s.metadata.as_ref())),
        in_metadata(object.subscription_details.as_ref().and_then(|s| s.metadata.as_ref())),
        object.client_reference_id.clone(),
    ]
    .into_iter()
    .flatten()
    .map(|code| code.trim().to_owned())
    .find(|code| !code.is_empty() && code.len() <= MAX_CODE_BYTES)
}

/// The promotion codes an object's discounts name: each discount's `promotion_code`, as an
/// id, or as the expanded object's id and then its `code`.
fn promo_codes_of(object: &Object) -> Vec<String> {
    let breakdown = object
        .total_details
        .as_ref()
        .and_then(|t| t.pointer("/breakdown/discounts")?.as_array().cloned())
        .unwrap_or_default();
    let discounts = object
        .discounts
        .iter()
        .flatten()
        .chain(object.discount.iter())
        .cloned()
        .chain(breakdown.into_iter().filter_map(|d| d.get("discount").cloned()));
    let mut found: Vec<Option<String>> = Vec::new();
    for discount in discounts {
        match discount.get("promotion_code") {
            Some(serde_json::Value::String(id)) => found.push(Some(id.clone())),
            Some(serde_json::Value::Object(promotion)) => {
                found.push(promotion.get("id").and_then(|v| v.as_str()).map(str::to_owned));
                found.push(promotion.get("code").and_then(|v| v.as_str()).map(str::to_owned));
            }
            _ => {}
        }
    }
    references(found)
}

/// Who paid: the object's customer and subscription, as `stripe:<id>`.
fn customers_of(object: &Object) -> Vec<String> {
    let subscription = object
        .subscription
        .clone()
        .or_else(|| object.parent.as_ref()?.subscription_details.as_ref()?.subscription.clone());
    let ids = [id_of(object.customer.clone()), id_of(subscription)];
    references(ids).into_iter().map(|id| format!("stripe:{id}")).collect()
}

/// Reads an event body. `None` when it is not a Stripe event at all.
pub fn read_event(body: &[u8]) -> Option<StripeEvent> {
    let envelope: Envelope = serde_json::from_slice(body).ok()?;
    let mut object = envelope.data.object;
    let invoice_payments = object.payments.take().map(|p| p.data).unwrap_or_default();
    let paid_through = invoice_payments.into_iter().map(|p| id_of(p.payment.and_then(|p| p.payment_intent)));
    Some(match envelope.kind.as_str() {
        "checkout.session.completed" | "invoice.paid" => {
            let Some(object_id) = object.id.take().filter(|id| !id.is_empty()) else {
                return Some(StripeEvent::Ignored);
            };
            // A paid invoice is itself what a refunded charge names.
            let own = (envelope.kind == "invoice.paid").then(|| object_id.clone());
            let named = [own, id_of(object.payment_intent.take()), id_of(object.invoice.take())];
            let (referral_code, customers) = (referral_code_of(&object), customers_of(&object));
            let promo_codes = promo_codes_of(&object);
            let invoice = match envelope.kind.as_str() {
                "invoice.paid" => invoice_of(&mut object, &object_id),
                _ => None,
            };
            StripeEvent::Paid(Box::new(Payment {
                promo_codes,
                referral_code,
                customers,
                invoice,
                email: object.customer_details.and_then(|d| d.email).or(object.customer_email),
                amount_minor: object.amount_total.or(object.amount_paid),
                currency: object.currency,
                references: references(named.into_iter().chain(paid_through)),
                object_id,
                paid_ms: envelope.created.and_then(|s| s.checked_mul(1000)),
            }))
        }
        "charge.refunded" => StripeEvent::Refunded {
            references: references([id_of(object.payment_intent), id_of(object.invoice)]),
            // An older payload without the flag is taken as a full refund.
            fully: object.refunded.unwrap_or(true),
            refunded_minor: object.amount_refunded.and_then(|a| u64::try_from(a).ok()),
            charge: object.id.unwrap_or_default(),
        },
        _ => StripeEvent::Ignored,
    })
}

/// Currencies Stripe counts in whole units (its documented zero-decimal list).
const ZERO_DECIMAL: [&str; 16] =
    ["BIF", "CLP", "DJF", "GNF", "JPY", "KMF", "KRW", "MGA", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF"];
/// Currencies Stripe counts in thousandths (charged in multiples of ten, so two decimals
/// keep every amount Stripe accepts).
const THREE_DECIMAL: [&str; 5] = ["BHD", "JOD", "KWD", "OMR", "TND"];

/// A Stripe amount in minor units as a conversion's decimal amount ("49.90"): `None` for a
/// free or negative payment, or one too large to be a real order.
pub fn amount_from_minor(minor: i64, currency: &str) -> Option<String> {
    if minor <= 0 {
        return None;
    }
    let minor = minor as u64;
    let code = currency.to_ascii_uppercase();
    let cents = if ZERO_DECIMAL.contains(&code.as_str()) {
        minor.checked_mul(100)?
    } else if THREE_DECIMAL.contains(&code.as_str()) {
        minor / 10
    } else {
        minor
    };
    let (units, cents) = (cents / 100, cents % 100);
    if units > super::money::MAX_UNITS || (units == 0 && cents == 0) {
        return None;
    }
    Some(format!("{units}.{cents:02}"))
}

/// A Stripe webhook signing secret as a member pastes it: `whsec_` and Stripe's key text.
/// The error never repeats what was sent.
pub fn parse_signing_secret(raw: &str) -> Result<String, ValidationError> {
    let secret = raw.trim();
    let key = secret.strip_prefix("whsec_").unwrap_or("");
    let usable = (16..=200).contains(&key.len())
        && key.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=' | b'_' | b'-'));
    if !usable {
        return Err(ValidationError::new(
            "signing_secret",
            "signing_secret must be the endpoint's signing secret from Stripe, starting with whsec_",
        ));
    }
    Ok(secret.to_owned())
}

/// A brand's Stripe connection as stored (a source's connection: see `domain::sales_source`).
pub use super::sales_source::Connection as StripeConnection;

#[cfg(test)]
#[path = "stripe_tests.rs"]
mod tests;
