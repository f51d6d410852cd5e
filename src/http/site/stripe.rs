//! `POST /hooks/stripe/{brand_id}`: Stripe's deliveries to a brand. The `Stripe-Signature`
//! must check out against the brand's stored signing secret (`domain::stripe::verify`), or the
//! delivery is refused with 400 and nothing changes. A payment records a conversion in every
//! `conversion` campaign of the brand where the customer's email is a participant; a full
//! refund refunds the conversions that name its payment. Redeliveries find what the first
//! delivery recorded and change nothing (the brand actor's external-id and payment checks).
//!
//! Not rate-limited per address: Stripe sends from a few addresses in bursts, and a refused
//! delivery only costs one read and one HMAC. The answer waits for the disk, so a 2xx tells
//! Stripe the conversion is kept; anything else makes Stripe retry, which changes nothing twice.

use actix_web::{web, HttpRequest, HttpResponse};

use crate::actors::brand::{BrandError, RecordConversion, RefundConversion};
use crate::domain::conversion::parse_external_id;
use crate::domain::engine::NewConversion;
use crate::domain::invoice::{RefundAmount, RefundReport};
use crate::domain::stripe::{self, Payment, StripeEvent};
use crate::domain::webhook::PendingDelivery;
use crate::domain::{Brand, Campaign, EmailAddress, GoalType};
use crate::http::answers::StripeReceipt;
use crate::http::attribution::{self, Sale};
use crate::http::json::{declared_length, read_body};
use crate::http::{envelope, ApiError, AppState, Code};

/// Largest event accepted. Stripe's events are a few kilobytes; an expanded checkout session
/// with many line items stays far below this.
pub const MAX_EVENT_BYTES: usize = 512 * 1024;

/// Refuses a delivery: 400 `invalid_signature`, in the same words whatever the reason (no
/// header, a stale or wrong signature, a brand with no signing secret or none at all), so
/// that the answer does not tell which brands are connected. The reason is logged for the
/// operator.
fn unsigned(brand_id: u64, why: impl std::fmt::Display) -> ApiError {
    tracing::info!(brand_id, reason = %why, "a Stripe delivery was refused");
    ApiError::refused(
        Code::InvalidSignature,
        "the Stripe-Signature header does not check out against this endpoint's signing secret \
         (stored with PUT /brands/:id/stripe)",
    )
}

/// `POST /hooks/stripe/{brand_id}`.
pub async fn receive(
    state: web::Data<AppState>,
    req: HttpRequest,
    brand_id: web::Path<u64>,
    mut payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let body = read_body(&mut payload, declared_length(&req), MAX_EVENT_BYTES).await?;
    let header = req.headers().get("stripe-signature").and_then(|v| v.to_str().ok());
    let header = header.ok_or_else(|| unsigned(*brand_id, stripe::SignatureError::Malformed))?;
    let not_connected = || unsigned(*brand_id, "this endpoint has no Stripe signing secret");
    let connection = state.store.stripe_connection(*brand_id).await?.ok_or_else(not_connected)?;
    let brand = state.store.brand(*brand_id).await?.ok_or_else(not_connected)?;
    let secret =
        state.auth.stripe_secrets.open(brand.id, &connection.sealed_secret).map_err(|_| {
            ApiError::Internal(format!("the Stripe signing secret of brand {} does not open", brand.id))
        })?;
    let now = chrono::Utc::now().timestamp();
    stripe::verify(header, &body, &secret, now).map_err(|why| unsigned(brand.id, why))?;
    let event = stripe::read_event(&body)
        .ok_or_else(|| ApiError::refused(Code::InvalidBody, "the body is not a Stripe event (type, data.object)"))?;
    let receipt = match event {
        StripeEvent::Ignored => receipt("ignored", Vec::new(), Vec::new()),
        StripeEvent::Paid(payment) => record(&state, &brand, *payment).await?,
        StripeEvent::Refunded { references, fully, refunded_minor, charge } => {
            // A partial refund states the charge's refunds so far: counted again, it adds
            // nothing, so every redelivery and late event changes nothing twice.
            let amount = match (fully, refunded_minor) {
                (false, Some(total)) => RefundAmount::Total(total),
                (false, None) => return Ok(envelope::ok(receipt("partial_refund", Vec::new(), Vec::new()))),
                (true, _) => RefundAmount::Whole,
            };
            let report = RefundReport { id: format!("stripe:{charge}"), amount };
            refund(&state, &brand, &references, report).await?
        }
    };
    tracing::info!(brand_id = brand.id, outcome = receipt.outcome, conversions = ?receipt.conversion_ids, "stripe event");
    Ok(envelope::ok(receipt))
}

/// An actor's answer, or `None` when what it acts on was deleted since it was read (a
/// campaign, a participant): nothing to record then, and nothing for Stripe to retry.
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

/// Records the payment as a conversion of the customer in each conversion campaign.
async fn record(state: &AppState, brand: &Brand, payment: Payment) -> Result<StripeReceipt, ApiError> {
    let email = payment.email.as_deref().and_then(|e| EmailAddress::parse(e).ok());
    if email.is_none() && payment.customers.is_empty() {
        return Ok(receipt("no_customer_email", Vec::new(), Vec::new()));
    }
    // Stripe's ids are short; one that is not a usable external id is not a payment of ours.
    let Ok(external_id) = parse_external_id(&payment.object_id) else {
        return Ok(receipt("ignored", Vec::new(), Vec::new()));
    };
    let currency = payment.currency.as_deref().filter(|c| c.len() == 3 && c.bytes().all(|b| b.is_ascii_alphabetic()));
    let amount = payment.amount_minor.zip(currency).and_then(|(minor, c)| stripe::amount_from_minor(minor, c));
    let mut conversion_ids = Vec::new();
    let mut created = Vec::new();
    let mut deliveries: Vec<PendingDelivery> = Vec::new();
    for campaign in conversion_campaigns(state, brand).await? {
        let mut code = None;
        for given in &payment.promo_codes {
            code = attribution::promo_code(state, &campaign, given).await?;
            if code.is_some() {
                break;
            }
        }
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

fn receipt(outcome: &'static str, conversion_ids: Vec<u64>, participants_created: Vec<u64>) -> StripeReceipt {
    StripeReceipt { outcome, conversion_ids, participants_created }
}

/// Refunds every conversion of the brand that names one of the refunded payment's ids.
async fn refund(
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
            let message =
                RefundConversion { member_id: brand.member_id, conversion_id: conversion.id, report: report.clone() };
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
