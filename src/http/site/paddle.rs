//! `POST /hooks/paddle/{brand_id}`: Paddle Billing's deliveries to a brand (`domain::paddle`).
//! The `Paddle-Signature` must check out against the brand's stored secret key, within five
//! minutes, or the delivery is refused with 400 `invalid_signature` and nothing changes.
//! `customer.created` and `customer.updated` keep the customer's email (Paddle's transactions
//! name the customer only by id); `transaction.completed` records a conversion in each
//! conversion campaign of the brand, its customer found in the order of attribution (a bound
//! customer, their email, the discount's code, `custom_data.referral_code`); an approved
//! refund adjustment refunds the transaction's conversions by its amount. A redelivery finds
//! what the first recorded and changes nothing.
//!
//! A transaction of a customer the brand was not told of yet (Paddle does not promise the
//! order of its events) answers 409 `customer_unknown`, so Paddle sends it again: the sale is
//! not lost.

use actix_web::{web, HttpRequest, HttpResponse};

use super::sales::{amount_of, receipt, record, refund, verified};
use crate::actors::brand::KeepSourceCustomer;
use crate::domain::invoice::{RefundAmount, RefundReport};
use crate::domain::paddle::{self, PaddleEvent};
use crate::domain::sales_source::Source;
use crate::domain::EmailAddress;
use crate::http::{envelope, ApiError, AppState, Code};

crate::http::raw_body::raw_body! {
    /// A Paddle Billing event as Paddle sends it, read byte for byte for its signature check: the
    /// document's schema of the body, which no type is read into.
    pub PaddleEventBody as "PaddleEvent": "A Paddle Billing event as Paddle sends it ({\"event_type\": …, \"data\": …}), read byte for byte for \
             the Paddle-Signature check; other event types are acknowledged and ignored"
}

/// `POST /hooks/paddle/{brand_id}`.
pub async fn receive(
    state: web::Data<AppState>,
    req: HttpRequest,
    brand_id: web::Path<u64>,
    mut payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let now = chrono::Utc::now().timestamp();
    let check = |signature: &str, body: &[u8], secret: &str| paddle::verify(signature, body, secret, now);
    let (brand, body) =
        verified(&state, &req, &mut payload, Source::Paddle, *brand_id, "paddle-signature", check).await?;
    let event = paddle::read_event(&body).ok_or_else(|| {
        ApiError::refused(Code::InvalidBody, "the body is not a Paddle event (event_type, data with its id)")
    })?;
    let receipt = match event {
        PaddleEvent::Ignored => receipt("ignored", Vec::new(), Vec::new()),
        PaddleEvent::Customer { customer, email } => {
            let Ok(email) = EmailAddress::parse(&email) else {
                return Ok(envelope::ok(receipt("no_customer_email", Vec::new(), Vec::new())));
            };
            let message = KeepSourceCustomer { customer, email: email.normalized() };
            state.brands.get(brand.id).send(message).await??;
            receipt("customer_kept", Vec::new(), Vec::new())
        }
        PaddleEvent::Paid(mut sale) => {
            if let Some(customer) = sale.customers.first() {
                sale.email = state.store.source_customer(brand.id, customer).await?;
            }
            let amount = amount_of(sale.amount_minor, sale.currency.as_deref());
            let known = sale.email.is_some();
            let recorded = record(&state, &brand, *sale, amount).await?;
            if !known && recorded.outcome == "no_customer_email" {
                return Err(ApiError::refused(
                    Code::CustomerUnknown,
                    "this transaction's customer is not known yet: send customer.created and customer.updated to this \
                     destination too (Paddle sends the transaction again)",
                ));
            }
            recorded
        }
        PaddleEvent::Refunded { transaction, adjustment, amount_minor } => {
            let report = RefundReport { id: format!("paddle:{adjustment}"), amount: RefundAmount::This(amount_minor) };
            refund(&state, &brand, &[transaction], report).await?
        }
    };
    tracing::info!(brand_id = brand.id, outcome = receipt.outcome, conversions = ?receipt.conversion_ids, "paddle delivery");
    Ok(envelope::ok(receipt))
}
