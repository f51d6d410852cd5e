//! Webhook delivery: the [`WebhookDispatcher`] actor that makes the deliveries signups record, the egress check
//! every delivery passes, and the payloads it sends. Registration and the delivery log's
//! endpoints are in `http::webhooks`; the records in `store::webhooks`.

pub mod dispatcher;
pub mod egress;
pub mod payload;

pub use dispatcher::{NewDeliveries, RetryDelivery, SendTest, WebhookDispatcher};
