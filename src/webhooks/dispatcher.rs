//! `WebhookDispatcher`: one actor, on its own arbiter, that turns outbox events into signed
//! HTTP deliveries.
//!
//! - **Fan-out.** It reads a batch of outbox events, waits for a group-commit flush (so it
//!   never announces a signup that a crash could still take back), and moves the batch to the
//!   `events` tree while creating one pending delivery per matching webhook, in one
//!   transaction. Wakes come from signup handlers; a short poll covers anything missed.
//! - **Delivery.** Due deliveries leave in event order, at most
//!   `max_in_flight_per_webhook` per webhook at once. Each attempt is signed per Standard
//!   Webhooks with the same `webhook-id` every time. A 2xx is delivered; a 410 disables the
//!   webhook; a refused address fails at once (retrying cannot help); anything else is
//!   retried after the next configured wait, with jitter, until the waits run out.
//! - **Log.** Every attempt is logged, and the pending delivery replaced, in one transaction.
//!   Pending deliveries are reloaded at start-up, so a crash loses none; an attempt that a
//!   crash interrupts before it is logged is made again (at-least-once, with a stable
//!   `webhook-id` for the receiver to drop repeats).

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::{Duration, Instant};

use actix::prelude::*;
use rand::Rng;

use super::{egress, payload};
use crate::auth::KeySealer;
use crate::config::WebhooksConfig;
use crate::domain::now_rfc3339;
use crate::domain::webhook::{signature, Attempt, OutboxEvent, PendingDelivery, Webhook};
use crate::store::Store;

/// Events fanned out per transaction.
const FANOUT_BATCH: usize = 256;
/// How often the dispatcher looks for due retries and missed wakes.
const POLL: Duration = Duration::from_millis(200);
/// Bytes of a receiver's answer read (and discarded) so the connection can be reused.
const MAX_ANSWER_BYTES: usize = 64 * 1024;

/// What the dispatcher needs besides the store.
pub struct DispatcherSettings {
    pub config: WebhooksConfig,
    /// `{site_url}`, for referral links in payloads.
    pub site: String,
    /// Opens the sealed signing secrets.
    pub secrets: Arc<KeySealer>,
}

/// The actor. Its queue mirrors the `deliveries` tree.
pub struct WebhookDispatcher {
    store: Store,
    client: reqwest::Client,
    settings: DispatcherSettings,
    /// (due ms, event, webhook), so iteration is by due time, then event order.
    queue: BTreeSet<(i64, u64, u64)>,
    pending: HashMap<(u64, u64), PendingDelivery>,
    in_flight: HashMap<u64, usize>,
    fanning: bool,
    fan_again: bool,
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

impl WebhookDispatcher {
    pub fn new(store: Store, settings: DispatcherSettings) -> Result<Self, reqwest::Error> {
        let timeout = Duration::from_secs_f64(settings.config.timeout_secs);
        let client = egress::client(settings.config.allow_private_targets, timeout)?;
        Ok(Self {
            store,
            client,
            settings,
            queue: BTreeSet::new(),
            pending: HashMap::new(),
            in_flight: HashMap::new(),
            fanning: false,
            fan_again: false,
        })
    }

    fn enqueue(&mut self, delivery: PendingDelivery) {
        let key = (delivery.webhook_id, delivery.event_id);
        if let Some(old) = self.pending.insert(key, delivery) {
            self.queue.remove(&(old.due_ms, old.event_id, old.webhook_id));
        }
        self.queue.insert((delivery.due_ms, delivery.event_id, delivery.webhook_id));
    }

    fn pump(&mut self, ctx: &mut Context<Self>) {
        self.fan_out(ctx);
        self.dispatch_due(ctx);
    }

    /// Starts a fan-out of the next outbox batch, unless one is running.
    fn fan_out(&mut self, ctx: &mut Context<Self>) {
        if self.fanning {
            self.fan_again = true;
            return;
        }
        let events = match self.store.outbox(FANOUT_BATCH) {
            Ok(events) if events.is_empty() => return,
            Ok(events) => events,
            Err(e) => {
                tracing::error!(error = %e, "cannot read the webhook outbox");
                return;
            }
        };
        self.fanning = true;
        let store = self.store.clone();
        // Everything read above was written before this flush began, so it is on disk after.
        let flushed = async move { store.durable().await.map(|()| events) };
        ctx.spawn(flushed.into_actor(self).map(|flushed, act, ctx| {
            act.fanning = false;
            match flushed {
                Ok(events) => {
                    let full = events.len() == FANOUT_BATCH;
                    act.fan_out_events(events);
                    if full {
                        act.fan_again = true;
                    }
                }
                Err(e) => tracing::error!(error = %e, "flush before webhook fan-out failed"),
            }
            if std::mem::take(&mut act.fan_again) {
                act.fan_out(ctx);
            }
            act.dispatch_due(ctx);
        }));
    }

    fn fan_out_events(&mut self, events: Vec<OutboxEvent>) {
        let now = now_ms();
        let mut webhooks: HashMap<u64, Vec<Webhook>> = HashMap::new();
        let mut deliveries = Vec::new();
        for event in &events {
            if let std::collections::hash_map::Entry::Vacant(slot) = webhooks.entry(event.member_id) {
                match self.store.all_webhooks_of_member(event.member_id) {
                    Ok(found) => slot.insert(found),
                    Err(e) => {
                        tracing::error!(error = %e, "cannot read webhooks for fan-out");
                        return;
                    }
                };
            }
            for webhook in &webhooks[&event.member_id] {
                if webhook.covers(event.campaign_id) {
                    deliveries.push(PendingDelivery {
                        webhook_id: webhook.id,
                        event_id: event.id,
                        attempts: 0,
                        due_ms: now,
                    });
                }
            }
        }
        if let Err(e) = self.store.fan_out(&events, &deliveries) {
            tracing::error!(error = %e, "webhook fan-out failed; it is retried");
            return;
        }
        for delivery in deliveries {
            self.enqueue(delivery);
        }
    }

    /// Starts every due delivery that its webhook's in-flight limit allows.
    fn dispatch_due(&mut self, ctx: &mut Context<Self>) {
        let now = now_ms();
        let limit = self.settings.config.max_in_flight_per_webhook;
        let mut picked = Vec::new();
        for &(due, event_id, webhook_id) in &self.queue {
            if due > now {
                break;
            }
            let in_flight = self.in_flight.entry(webhook_id).or_default();
            if *in_flight >= limit {
                continue;
            }
            *in_flight += 1;
            picked.push((due, event_id, webhook_id));
        }
        for entry in picked {
            self.queue.remove(&entry);
            if let Some(delivery) = self.pending.get(&(entry.2, entry.1)).copied() {
                self.attempt(delivery, ctx);
            } else {
                self.release(entry.2);
            }
        }
    }

    fn release(&mut self, webhook_id: u64) {
        if let Some(n) = self.in_flight.get_mut(&webhook_id) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                self.in_flight.remove(&webhook_id);
            }
        }
    }

    /// Drops a delivery that can no longer be made (its webhook or event is gone, or the
    /// webhook was turned off).
    fn drop_delivery(&mut self, delivery: PendingDelivery) {
        self.pending.remove(&(delivery.webhook_id, delivery.event_id));
        self.release(delivery.webhook_id);
        if let Err(e) = self.store.remove_delivery(delivery.webhook_id, delivery.event_id) {
            tracing::error!(error = %e, "cannot drop a stale webhook delivery");
        }
    }

    fn attempt(&mut self, delivery: PendingDelivery, ctx: &mut Context<Self>) {
        let (webhook, event) = match (self.store.webhook(delivery.webhook_id), self.store.event(delivery.event_id)) {
            (Ok(Some(webhook)), Ok(Some(event))) if webhook.active => (webhook, event),
            (Err(e), _) | (_, Err(e)) => {
                // A storage fault: try again at the next poll.
                tracing::error!(error = %e, "cannot load a webhook delivery");
                self.release(delivery.webhook_id);
                self.enqueue(PendingDelivery { due_ms: now_ms() + POLL.as_millis() as i64, ..delivery });
                return;
            }
            _ => return self.drop_delivery(delivery),
        };
        let body = payload::signup_event(&event, &self.settings.site);
        let request = self.prepare(&webhook, event.message_id(), body);
        let sending = send(self.client.clone(), request, self.settings.config.allow_private_targets);
        ctx.spawn(sending.into_actor(self).map(move |sent, act, ctx| {
            act.finish(delivery, sent);
            act.dispatch_due(ctx);
        }));
    }

    fn prepare(&self, webhook: &Webhook, message_id: String, body: String) -> Prepared {
        let secret = self.settings.secrets.open(webhook.id, &webhook.sealed_secret).ok();
        Prepared { link: webhook.link.clone(), message_id, body, secret }
    }

    /// Logs an attempt and decides what comes next.
    fn finish(&mut self, delivery: PendingDelivery, sent: Sent) {
        self.release(delivery.webhook_id);
        let attempt_no = delivery.attempts + 1;
        let delays = &self.settings.config.retry_delays_secs;
        let success = sent.status_code.is_some_and(|s| (200..300).contains(&s));
        let gone = sent.status_code == Some(410);
        let (outcome, next) = if success {
            ("delivered", None)
        } else if gone {
            ("disabled", None)
        } else if sent.refused || attempt_no as usize > delays.len() {
            ("failed", None)
        } else {
            let wait = delays[attempt_no as usize - 1] * rand::thread_rng().gen_range(0.8..=1.2);
            let due_ms = now_ms() + (wait * 1000.0) as i64;
            ("retrying", Some(PendingDelivery { attempts: attempt_no, due_ms, ..delivery }))
        };
        let attempt = Attempt {
            event_id: delivery.event_id,
            attempt: attempt_no,
            at: sent.at,
            status_code: sent.status_code,
            error: sent.error,
            duration_ms: sent.duration_ms,
            outcome: outcome.into(),
        };
        if let Err(e) = self.store.record_attempt(delivery.webhook_id, &attempt, next.as_ref()) {
            tracing::error!(error = %e, webhook_id = delivery.webhook_id, "cannot log a webhook attempt");
        }
        match next {
            Some(next) => self.enqueue(next),
            None => {
                self.pending.remove(&(delivery.webhook_id, delivery.event_id));
            }
        }
        if gone {
            self.disable(delivery.webhook_id);
        }
    }

    /// The receiver answered 410 Gone: turn the webhook off and drop its queue.
    fn disable(&mut self, webhook_id: u64) {
        match self.store.webhook(webhook_id) {
            Ok(Some(mut webhook)) if webhook.active => {
                webhook.active = false;
                webhook.disabled_reason = Some("the receiver answered 410 Gone".into());
                if let Err(e) = self.store.save_webhook(&webhook) {
                    tracing::error!(error = %e, webhook_id, "cannot disable a webhook");
                }
                tracing::info!(webhook_id, "webhook disabled: the receiver answered 410 Gone");
            }
            Ok(_) => {}
            Err(e) => tracing::error!(error = %e, webhook_id, "cannot read a webhook"),
        }
        let queued: Vec<PendingDelivery> =
            self.pending.values().filter(|d| d.webhook_id == webhook_id).copied().collect();
        for delivery in queued {
            self.queue.remove(&(delivery.due_ms, delivery.event_id, delivery.webhook_id));
            self.pending.remove(&(webhook_id, delivery.event_id));
            if let Err(e) = self.store.remove_delivery(webhook_id, delivery.event_id) {
                tracing::error!(error = %e, "cannot drop a delivery of a disabled webhook");
            }
        }
    }
}

impl Actor for WebhookDispatcher {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        match self.store.pending_deliveries() {
            Ok(deliveries) => {
                if !deliveries.is_empty() {
                    tracing::info!(count = deliveries.len(), "resuming webhook deliveries");
                }
                for delivery in deliveries {
                    self.enqueue(delivery);
                }
            }
            Err(e) => tracing::error!(error = %e, "cannot load pending webhook deliveries"),
        }
        ctx.run_interval(POLL, |act, ctx| act.pump(ctx));
        self.pump(ctx);
    }
}

/// New events are in the outbox (sent by signup handlers once their signup is durable).
#[derive(Message)]
#[rtype(result = "()")]
pub struct WakeDispatcher;

impl Handler<WakeDispatcher> for WebhookDispatcher {
    type Result = ();

    fn handle(&mut self, _: WakeDispatcher, ctx: &mut Self::Context) {
        self.fan_out(ctx);
    }
}

/// Sends a signed `webhook.test` event to a webhook now and answers how it went. Not queued,
/// not retried, not logged.
#[derive(Message)]
#[rtype(result = "Attempt")]
pub struct SendTest {
    pub webhook: Webhook,
}

impl Handler<SendTest> for WebhookDispatcher {
    type Result = ResponseFuture<Attempt>;

    fn handle(&mut self, msg: SendTest, _: &mut Self::Context) -> Self::Result {
        let message_id = format!("evt_test_{}", now_ms());
        let body = payload::test_event(&message_id, msg.webhook.id, msg.webhook.campaign_id, &now_rfc3339());
        let request = self.prepare(&msg.webhook, message_id, body);
        let sending = send(self.client.clone(), request, self.settings.config.allow_private_targets);
        Box::pin(async move {
            let sent = sending.await;
            let success = sent.status_code.is_some_and(|s| (200..300).contains(&s));
            Attempt {
                event_id: 0,
                attempt: 1,
                at: sent.at,
                status_code: sent.status_code,
                error: sent.error,
                duration_ms: sent.duration_ms,
                outcome: if success { "delivered" } else { "failed" }.into(),
            }
        })
    }
}

/// Queues one more attempt of a delivery now (after it failed, or to send it again).
/// Answers false when it is already queued or in flight.
#[derive(Message)]
#[rtype(result = "Result<bool, crate::store::StoreError>")]
pub struct RetryDelivery {
    pub webhook_id: u64,
    pub event_id: u64,
}

impl Handler<RetryDelivery> for WebhookDispatcher {
    type Result = Result<bool, crate::store::StoreError>;

    fn handle(&mut self, msg: RetryDelivery, ctx: &mut Self::Context) -> Self::Result {
        if self.pending.contains_key(&(msg.webhook_id, msg.event_id)) {
            return Ok(false);
        }
        let delivery = PendingDelivery {
            webhook_id: msg.webhook_id,
            event_id: msg.event_id,
            attempts: self.store.attempts_made(msg.webhook_id, msg.event_id)?,
            due_ms: now_ms(),
        };
        self.store.queue_delivery(&delivery)?;
        self.enqueue(delivery);
        self.dispatch_due(ctx);
        Ok(true)
    }
}

/// One attempt, ready to send.
struct Prepared {
    link: String,
    message_id: String,
    body: String,
    /// `None` when the sealed secret could not be opened (the server secret changed).
    secret: Option<String>,
}

/// How one attempt went.
struct Sent {
    at: String,
    status_code: Option<u16>,
    error: Option<String>,
    duration_ms: u64,
    /// The egress check refused the target: retrying cannot help.
    refused: bool,
}

async fn send(client: reqwest::Client, request: Prepared, allow_private: bool) -> Sent {
    let at = now_rfc3339();
    let started = Instant::now();
    let failed = |error: String, refused: bool| Sent {
        at: at.clone(),
        status_code: None,
        error: Some(error),
        duration_ms: started.elapsed().as_millis() as u64,
        refused,
    };
    let Ok(url) = url::Url::parse(&request.link) else {
        return failed("the webhook link is not a valid URL".into(), true);
    };
    if let Err(refusal) = egress::check_literal(&url, allow_private) {
        return failed(refusal, true);
    }
    let Some(secret) = request.secret else {
        return failed("the signing secret cannot be opened (was the server secret changed?)".into(), true);
    };
    let timestamp = chrono::Utc::now().timestamp();
    let Some(signature) = signature(&secret, &request.message_id, timestamp, request.body.as_bytes()) else {
        return failed("the signing secret is malformed".into(), true);
    };
    let response = client
        .post(url)
        .header("content-type", "application/json")
        .header("webhook-id", &request.message_id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .body(request.body)
        .send()
        .await;
    match response {
        Ok(mut response) => {
            let status = response.status().as_u16();
            // Read a little of the answer so the connection can be reused; never all of it.
            let mut read = 0;
            while let Ok(Some(chunk)) = response.chunk().await {
                read += chunk.len();
                if read > MAX_ANSWER_BYTES {
                    break;
                }
            }
            Sent {
                at,
                status_code: Some(status),
                error: (!(200..300).contains(&status)).then(|| format!("the receiver answered {status}")),
                duration_ms: started.elapsed().as_millis() as u64,
                refused: false,
            }
        }
        Err(e) => {
            let (error, refused) = describe(&e);
            failed(error, refused)
        }
    }
}

/// A transport error as the delivery log shows it: never the URL (webhook links often carry a
/// token), the egress refusal when that is the cause.
fn describe(e: &reqwest::Error) -> (String, bool) {
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    let mut innermost = None;
    while let Some(cause) = source {
        let text = cause.to_string();
        if text.starts_with("refused: ") {
            return (text, true);
        }
        innermost = Some(text);
        source = cause.source();
    }
    let kind = if e.is_timeout() {
        "timed out"
    } else if e.is_connect() {
        "connection failed"
    } else if e.is_redirect() {
        "redirects are not followed"
    } else {
        "request failed"
    };
    (innermost.map_or_else(|| kind.to_owned(), |cause| format!("{kind}: {cause}")), false)
}
