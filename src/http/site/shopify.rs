//! `POST /hooks/shopify/{brand_id}`: Shopify's deliveries to a brand (`domain::shopify`). The
//! `X-Shopify-Hmac-Sha256` must check out against the brand's stored signing secret, or the
//! delivery is refused with 400 `invalid_signature` and nothing changes. `orders/paid` records
//! a conversion in each conversion campaign of the brand, its customer found in the order of
//! attribution (a bound customer, their email, the order's promo code, its `ref`);
//! `refunds/create` refunds the order's conversions by the amount refunded. A redelivery
//! finds what the first recorded and changes nothing. The answer waits for the disk, so a 2xx
//! tells Shopify the sale is kept.

use actix_web::{web, HttpRequest, HttpResponse};

use super::sales::{amount_of, receipt, record, refund, verified};
use crate::domain::invoice::{RefundAmount, RefundReport};
use crate::domain::sales_source::Source;
use crate::domain::shopify::{self, ShopifyEvent};
use crate::http::{envelope, ApiError, AppState, Code};

crate::http::raw_body::raw_body! {
    /// An order or a refund as Shopify sends it, read byte for byte for its signature check: the
    /// document's schema of the body, which no type is read into.
    pub ShopifyOrder as "ShopifyOrder": "An order (orders/paid) or a refund (refunds/create) as Shopify sends it, its topic in X-Shopify-Topic, \
             read byte for byte for the X-Shopify-Hmac-Sha256 check; other topics are acknowledged and ignored"
}

/// `POST /hooks/shopify/{brand_id}`.
pub async fn receive(
    state: web::Data<AppState>,
    req: HttpRequest,
    brand_id: web::Path<u64>,
    mut payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let (brand, body) =
        verified(&state, &req, &mut payload, Source::Shopify, *brand_id, "x-shopify-hmac-sha256", shopify::verify)
            .await?;
    let topic = req.headers().get("x-shopify-topic").and_then(|v| v.to_str().ok()).unwrap_or("");
    let event = shopify::read_event(topic, &body).ok_or_else(|| {
        ApiError::refused(
            Code::InvalidBody,
            format!("the body is not a Shopify {topic} payload (an order or a refund with its id)"),
        )
    })?;
    let receipt = match event {
        ShopifyEvent::Ignored => receipt("ignored", Vec::new(), Vec::new()),
        ShopifyEvent::Paid(order) => {
            let amount = amount_of(order.amount_minor, order.currency.as_deref());
            record(&state, &brand, *order, amount).await?
        }
        ShopifyEvent::Refunded { order_id, refund_id, amount_minor } => {
            let report =
                RefundReport { id: format!("shopify:refund:{refund_id}"), amount: RefundAmount::This(amount_minor) };
            refund(&state, &brand, &[shopify::order_reference(&order_id)], report).await?
        }
    };
    tracing::info!(brand_id = brand.id, topic, outcome = receipt.outcome, conversions = ?receipt.conversion_ids, "shopify delivery");
    Ok(envelope::ok(receipt))
}
