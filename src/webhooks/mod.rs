//! Webhook delivery: the [`WebhookDispatcher`] actor that makes the deliveries signups
//! record, the transport that makes one signed attempt, the egress check every delivery
//! passes, the payloads it sends, and the fetch of a domain's proof file (which follows
//! the same outbound rules). Registration and the delivery log's
//! endpoints are in `http::webhooks`; the records in `store::webhooks`.

pub mod dispatcher;
pub mod domain_check;
pub mod egress;
pub mod payload;
mod transport;

pub use dispatcher::{Drain, NewDeliveries, RetryDelivery, SendTest, WebhookDispatcher};
