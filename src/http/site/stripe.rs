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

use super::sales::{receipt, record, refund};
use crate::domain::invoice::{RefundAmount, RefundReport};
use crate::domain::stripe::{self, StripeEvent};
use crate::http::json::{declared_length, read_body};
use crate::http::{envelope, ApiError, AppState, Code};

pub use super::sales::MAX_EVENT_BYTES;

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

crate::http::raw_body::raw_body! {
    /// A Stripe event as Stripe sends it, read byte for byte for its signature check: the
    /// document's schema of the body, which no type is read into.
    pub StripeEventBody as "StripeEvent": "A Stripe event as Stripe sends it ({\"type\": …, \"data\": {\"object\": …}}), read byte for byte for \
             the Stripe-Signature check. checkout.session.completed and invoice.paid record conversions, \
             charge.refunded refunds them; other types are acknowledged and ignored"
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
        StripeEvent::Paid(payment) => {
            // Stripe counts some currencies its own way (see `amount_from_minor`).
            let currency = payment.currency.as_deref().unwrap_or("");
            let amount = payment.amount_minor.and_then(|minor| stripe::amount_from_minor(minor, currency));
            record(&state, &brand, *payment, amount).await?
        }
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
