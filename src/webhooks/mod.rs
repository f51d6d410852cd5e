//! Webhook delivery: the [`WebhookDispatcher`] actor that drains the outbox, the egress check
//! every delivery passes, and the payloads it sends. Registration and the delivery log's
//! endpoints are in `http::webhooks`; the records in `store::webhooks`.

pub mod dispatcher;
pub mod egress;
pub mod payload;

pub use dispatcher::{RetryDelivery, SendTest, WakeDispatcher, WebhookDispatcher};
