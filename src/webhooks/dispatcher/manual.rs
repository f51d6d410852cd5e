//! What a member asks of the dispatcher by hand: a test event sent now ([`SendTest`]), and one
//! more attempt of a delivery ([`RetryDelivery`]).

use actix::prelude::*;

use super::{log_attempts, now_ms, WebhookDispatcher};
use crate::domain::ids::IdKind;
use crate::domain::now_rfc3339;
use crate::domain::webhook::{message_id, Attempt, PendingDelivery, Webhook};
use crate::store::{FinishedAttempt, StoreError};
use crate::webhooks::payload;
use crate::webhooks::transport::{send, Prepared};

/// Sends a signed `webhook.test` event to a webhook now and answers how it went. The event
/// gets a fresh id, which is its `webhook-id`, the payload's `id` and the delivery log's
/// `event_id` alike; the attempt is logged like any other. Not queued, not retried.
#[derive(Message)]
#[rtype(result = "Result<Attempt, StoreError>")]
pub struct SendTest {
    pub webhook: Webhook,
}

impl Handler<SendTest> for WebhookDispatcher {
    type Result = ResponseFuture<Result<Attempt, StoreError>>;

    fn handle(&mut self, msg: SendTest, _: &mut Self::Context) -> Self::Result {
        let store = self.store.clone();
        let client = self.client.clone();
        let (allow_private, dry_run) = (self.settings.config.allow_private_targets, self.settings.config.dry_run);
        let secret = self.signing_secret(&msg.webhook);
        Box::pin(async move {
            // A test event is an event like any other: it takes the next event number.
            let event_id = store.next_id(IdKind::Event).await?;
            let message_id = message_id(event_id);
            let body = payload::test_event(&message_id, msg.webhook.id, msg.webhook.campaign_id, &now_rfc3339());
            let request = Prepared { link: msg.webhook.link.clone(), message_id, body, secret };
            let sent = send(client, request, allow_private, dry_run).await;
            let success = sent.status_code.is_some_and(|s| (200..300).contains(&s));
            let attempt = Attempt {
                event_id,
                attempt: 1,
                at: sent.at,
                status_code: sent.status_code,
                error: sent.error,
                duration_ms: sent.duration_ms,
                outcome: if success { "delivered" } else { "failed" }.into(),
            };
            let logged = FinishedAttempt { webhook_id: msg.webhook.id, attempt: attempt.clone(), next: None };
            // Answered once the logged attempt is durable, as every write a member sees (the
            // store's writes are, when they return).
            log_attempts(store.clone(), vec![logged]).await;
            Ok(attempt)
        })
    }
}

/// Queues one more attempt of a delivery now (after it failed, or to send it again).
/// Answers false when it is already queued or in flight.
#[derive(Message)]
#[rtype(result = "Result<bool, StoreError>")]
pub struct RetryDelivery {
    pub webhook_id: u64,
    pub event_id: u64,
}

impl Handler<RetryDelivery> for WebhookDispatcher {
    type Result = AtomicResponse<Self, Result<bool, StoreError>>;

    fn handle(&mut self, msg: RetryDelivery, _ctx: &mut Self::Context) -> Self::Result {
        let queued = self.pending.contains_key(&(msg.webhook_id, msg.event_id));
        // A logged-but-unwritten "delivered" would otherwise remove the row queued below.
        let finished = if queued { Vec::new() } else { std::mem::take(&mut self.finished) };
        let store = self.store.clone();
        let queueing = async move {
            if queued {
                return Ok(None);
            }
            // In this future, not a `ctx.wait` of its own: actix runs waits last-in first-out,
            // so a separate wait would write the log after the retry is queued.
            log_attempts(store.clone(), finished).await;
            let delivery = PendingDelivery {
                webhook_id: msg.webhook_id,
                event_id: msg.event_id,
                attempts: store.attempts_made(msg.webhook_id, msg.event_id).await?,
                due_ms: now_ms(),
            };
            // Answered once the queued retry is durable, as the store's writes are when they
            // return (a manual retry is rare: the dispatcher's wait for the flush holds up
            // nothing that matters).
            store.queue_delivery(&delivery).await?;
            Ok::<_, StoreError>(Some(delivery))
        };
        AtomicResponse::new(Box::pin(queueing.into_actor(self).map(|queued, act, ctx| {
            let Some(delivery) = queued? else { return Ok(false) };
            act.enqueue(delivery);
            act.dispatch_due(ctx);
            Ok(true)
        })))
    }
}
