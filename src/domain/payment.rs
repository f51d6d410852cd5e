//! A payment as a source of sales reports it (Stripe, Paddle, Shopify), read from its event:
//! what a conversion records, and what attributes it.

use super::invoice::PaidInvoice;

/// A payment, as a conversion records it, whichever source reported it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    /// The source's id of it (Stripe's `cs_…` or `in_…`, `shopify:<order>`, Paddle's `txn_…`):
    /// the conversion's `external_id`.
    pub object_id: String,
    /// The customer's email, matched against the participants.
    pub email: Option<String>,
    /// The amount in the currency's smallest unit.
    pub amount_minor: Option<i64>,
    /// ISO 4217, as the source writes it (Stripe in lower case).
    pub currency: Option<String>,
    /// The ids a refund may name the payment by (Stripe: its payment intent and invoice).
    pub references: Vec<String>,
    /// A subscription's invoice (Stripe's `invoice.paid`, a Paddle transaction): its
    /// subscription, period and lines.
    pub invoice: Option<PaidInvoice>,
    /// The referral code the payment names (Stripe: `metadata.referral_code`, then
    /// `client_reference_id`; Shopify: the order's `ref` note or landing link): whose referral a
    /// customer never seen before is.
    pub referral_code: Option<String>,
    /// The promotion codes its discounts name (Stripe: as ids, `promo_…`, or as the code's
    /// text when expanded): what a promo code of ours is looked up by, first found first.
    pub promo_codes: Vec<String>,
    /// Who paid, as the source names them (`stripe:<customer id>`, `stripe:<subscription
    /// id>`, `shopify:<customer id>`, `paddle:<customer id>`). A conversion binds them to its
    /// participant, whose they stay.
    pub customers: Vec<String>,
    /// When it was paid (Unix ms), as the source says (Stripe's event `created`, Paddle's
    /// `occurred_at`, Shopify's `processed_at`): the analytics count the sale then.
    pub paid_ms: Option<i64>,
}

/// An RFC 3339 time a source wrote, as Unix ms.
pub fn instant_ms(rfc3339: Option<&str>) -> Option<i64> {
    chrono::DateTime::parse_from_rfc3339(rfc3339?.trim()).ok().map(|t| t.timestamp_millis())
}
