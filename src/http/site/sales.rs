//! What the sources of sales (Stripe, Paddle, Shopify) have in common once a delivery is
//! verified and read: a payment recorded as a conversion in each of the brand's conversion
//! campaigns, its customer found in the order of attribution (`http::attribution`), and a
//! refund applied to every conversion that names the refunded payment. Redeliveries find what
//! the first one recorded and change nothing (the brand actor's external-id and payment
//! checks).

use crate::actors::brand::{BrandError, RecordConversion, RefundConversion};
use crate::domain::conversion::parse_external_id;
use crate::domain::engine::NewConversion;
use crate::domain::invoice::{RefundAmount, RefundReport};
use crate::domain::payment::Payment;
use crate::domain::sales_source::Source;
use crate::domain::webhook::PendingDelivery;
use crate::domain::{Brand, Campaign, EmailAddress, GoalType};
use crate::http::answers::StripeReceipt;
use crate::http::attribution::{self, Sale};
use crate::http::{ApiError, AppState, Code};

/// Largest event accepted from a source. Their events are a few kilobytes; an order or a
/// session with many lines stays far below this.
pub const MAX_EVENT_BYTES: usize = 512 * 1024;

/// Refuses a delivery from `source`: 400 `invalid_signature`, in the same words whatever the
/// reason (no header, a stale or wrong signature, a brand with no secret or none at all), so
/// that the answer does not tell which brands are connected. The reason is logged for the
/// operator.
pub(super) fn unsigned(source: Source, brand_id: u64, why: impl std::fmt::Display) -> ApiError {
    tracing::info!(brand_id, source = source.name(), reason = %why, "a delivery was refused");
    ApiError::refused(
        Code::InvalidSignature,
        format!(
            "the signature does not check out against this endpoint's signing secret (stored with PUT /brands/:id/{})",
            source.name()
        ),
    )
}

/// The brand a delivery to `/hooks/<source>/<brand_id>` is for, and its signing secret,
/// opened; refused as [`unsigned`] when the brand has none.
pub(super) async fn connected(state: &AppState, source: Source, brand_id: u64) -> Result<(Brand, String), ApiError> {
    let not_connected = || unsigned(source, brand_id, "this endpoint has no signing secret");
    let connection = state.store.source_connection(brand_id, source).await?.ok_or_else(not_connected)?;
    let brand = state.store.brand(brand_id).await?.ok_or_else(not_connected)?;
    let secret = state.auth.source_secrets(source).open(brand.id, &connection.sealed_secret).map_err(|_| {
        ApiError::Internal(format!("the {} signing secret of brand {} does not open", source.name(), brand.id))
    })?;
    Ok((brand, secret))
}

/// A delivery to `/hooks/<source>/<brand_id>`, read and checked: its body (413 over
/// [`MAX_EVENT_BYTES`]), and the brand it is for, once `verify` accepted the signature in
/// header `header` with the brand's secret. Refused as [`unsigned`] otherwise.
pub(super) async fn verified(
    state: &AppState,
    req: &actix_web::HttpRequest,
    payload: &mut actix_web::web::Payload,
    source: Source,
    brand_id: u64,
    header: &str,
    verify: impl FnOnce(&str, &[u8], &str) -> Result<(), crate::domain::sales_source::SignatureError>,
) -> Result<(Brand, actix_web::web::BytesMut), ApiError> {
    use crate::http::json::{declared_length, read_body};
    let body = read_body(payload, declared_length(req), MAX_EVENT_BYTES).await?;
    let signature = req.headers().get(header).and_then(|v| v.to_str().ok());
    let malformed = crate::domain::sales_source::SignatureError::Malformed;
    let signature = signature.ok_or_else(|| unsigned(source, brand_id, malformed))?;
    let (brand, secret) = connected(state, source, brand_id).await?;
    verify(signature, &body, &secret).map_err(|why| unsigned(source, brand.id, why))?;
    Ok((brand, body))
}

/// A payment's amount as a conversion keeps it (two decimals: `612.00` yen), from minor
/// units of its ISO 4217 currency; none for nothing paid.
pub(super) fn amount_of(minor: Option<i64>, currency: Option<&str>) -> Option<String> {
    let (minor, currency) = (u64::try_from(minor?).ok().filter(|m| *m > 0)?, currency?);
    crate::domain::currency::minor_digits(currency)?;
    Some(crate::domain::money::amount(crate::domain::currency::hundredths(minor, currency)))
}

/// An actor's answer, or `None` when what it acts on was deleted since it was read (a
/// campaign, a participant): nothing to record then, and nothing for the source to retry.
fn unless_gone<T>(answer: Result<T, BrandError>) -> Result<Option<T>, ApiError> {
    match answer {
        Ok(done) => Ok(Some(done)),
        Err(BrandError::NotFound(_)) => Ok(None),
        Err(other) => Err(other.into()),
    }
}

/// The brand's campaigns with a `conversion` goal.
async fn conversion_campaigns(state: &AppState, brand: &Brand) -> Result<Vec<Campaign>, ApiError> {
    let mut campaigns = Vec::new();
    for id in state.store.campaign_ids_of_brand(brand.id).await? {
        campaigns.extend(state.store.campaign(id).await?.filter(|c| c.goal_type == GoalType::Conversion));
    }
    Ok(campaigns)
}

/// Records the payment as a conversion of the customer in each conversion campaign of the
/// brand; `amount` is its amount as a conversion keeps it (two decimals), read the source's
/// way.
pub(super) async fn record(
    state: &AppState,
    brand: &Brand,
    payment: Payment,
    amount: Option<String>,
) -> Result<StripeReceipt, ApiError> {
    let email = payment.email.as_deref().and_then(|e| EmailAddress::parse(e).ok());
    if email.is_none() && payment.customers.is_empty() {
        return Ok(receipt("no_customer_email", Vec::new(), Vec::new()));
    }
    // Sources' ids are short; one that is not a usable external id is not a payment of ours.
    let Ok(external_id) = parse_external_id(&payment.object_id) else {
        return Ok(receipt("ignored", Vec::new(), Vec::new()));
    };
    let currency = payment.currency.as_deref().filter(|c| c.len() == 3 && c.bytes().all(|b| b.is_ascii_alphabetic()));
    let amount = amount.filter(|_| currency.is_some());
    let mut conversion_ids = Vec::new();
    let mut created = Vec::new();
    let mut deliveries: Vec<PendingDelivery> = Vec::new();
    // The brand's codes the sale's discounts name, in their order, read once for every
    // campaign: each campaign takes the first of its own.
    let mut codes = Vec::new();
    for given in &payment.promo_codes {
        codes.extend(attribution::brand_promo_code(state, brand.id, given).await?);
    }
    // When the source says it was paid, if that is a time the API would take too (a late
    // delivery's, not a clock's mistake); else now.
    let now_ms = chrono::Utc::now().timestamp_millis();
    let occurred_ms = payment.paid_ms.filter(|at| crate::domain::conversion::occurred_within(*at, now_ms).is_ok());
    for campaign in conversion_campaigns(state, brand).await? {
        let code = codes.iter().find(|c| c.campaign_id == campaign.id).cloned();
        let sale = Sale {
            email: email.as_ref(),
            customers: &payment.customers,
            promo_code: code.as_ref(),
            reference: payment.referral_code.as_deref(),
        };
        let Some(participant_id) = attribution::customer(state, &campaign, &sale, &mut created).await? else {
            continue;
        };
        let conversion = NewConversion {
            promo_code: code.map(|c| c.code),
            customers: payment.customers.clone(),
            participant_id,
            external_id: external_id.clone(),
            amount: amount.clone(),
            currency: currency.map(str::to_ascii_uppercase),
            payment_references: payment.references.clone(),
            invoice: payment.invoice.clone(),
            occurred_ms,
        };
        let message = RecordConversion { campaign_id: campaign.id, member_id: brand.member_id, conversion };
        if let Some(converted) = unless_gone(state.brands.get(brand.id).send(message).await?)? {
            conversion_ids.push(converted.conversion.id);
            deliveries.extend(converted.deliveries);
        }
    }
    state.deliver(deliveries);
    let outcome = match (conversion_ids.is_empty(), email.is_some()) {
        (false, _) => "recorded",
        (true, true) => "no_participant",
        (true, false) => "no_customer_email",
    };
    Ok(receipt(outcome, conversion_ids, created))
}

pub(super) fn receipt(
    outcome: &'static str,
    conversion_ids: Vec<u64>,
    participants_created: Vec<u64>,
) -> StripeReceipt {
    StripeReceipt { outcome, conversion_ids, participants_created }
}

/// A refund of `This` much that gives back all the conversion's amount (or more), as a
/// refund of the whole: its flat rewards are voided too.
fn whole_when_all(conversion: &crate::domain::conversion::Conversion, report: &RefundReport) -> RefundReport {
    let paid = conversion.amount.as_deref().and_then(crate::domain::money::cents).zip(conversion.currency.as_deref());
    let paid = paid.map(|(cents, currency)| crate::domain::currency::from_hundredths(cents, currency));
    match (report.amount, paid) {
        (RefundAmount::This(refunded), Some(paid)) if paid > 0 && refunded >= paid => {
            RefundReport { id: report.id.clone(), amount: RefundAmount::Whole }
        }
        _ => report.clone(),
    }
}

/// Refunds every conversion of the brand that names one of the refunded payment's ids.
pub(super) async fn refund(
    state: &AppState,
    brand: &Brand,
    references: &[String],
    report: RefundReport,
) -> Result<StripeReceipt, ApiError> {
    let mut changed = false;
    let mut conversion_ids = Vec::new();
    let mut deliveries = Vec::new();
    for campaign_id in state.store.campaign_ids_of_brand(brand.id).await? {
        for reference in references {
            let Some(conversion) = state.store.conversion_by_payment(campaign_id, reference).await? else { continue };
            if conversion_ids.contains(&conversion.id) {
                continue;
            }
            let report = whole_when_all(&conversion, &report);
            let message = RefundConversion { member_id: brand.member_id, conversion_id: conversion.id, report };
            if let Some(refunded) = unless_gone(state.brands.get(brand.id).send(message).await?)? {
                conversion_ids.push(conversion.id);
                changed |= refunded.refund.changed;
                deliveries.extend(refunded.deliveries);
            }
        }
    }
    state.deliver(deliveries);
    let outcome = match (conversion_ids.is_empty(), changed, report.amount) {
        (true, _, _) => "no_conversion",
        (false, false, RefundAmount::Total(_)) => "partial_refund",
        _ => "refunded",
    };
    Ok(receipt(outcome, conversion_ids, Vec::new()))
}
