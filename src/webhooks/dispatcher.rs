//! `WebhookDispatcher`: one actor, on its own arbiter, that turns the deliveries signups
//! record into signed HTTP requests.
//!
//! - **Intake.** A signup commits its pending deliveries (the outbox, see
//!   `store/webhooks.rs`); once the signup is durable its handler hands the deliveries over
//!   ([`NewDeliveries`]), so nothing is announced that a crash could take back. At start-up
//!   the dispatcher reloads every pending delivery from the store.
//! - **Delivery.** Due deliveries leave in event order, at most
//!   `max_in_flight_per_webhook` per webhook at once. Each attempt is signed per Standard
//!   Webhooks with the same `webhook-id` every time (the attempt itself is `transport.rs`). A 2xx is delivered; a 410 disables the
//!   webhook; a refused address fails at once (retrying cannot help); anything else is
//!   retried after the next configured wait, with jitter, until the waits run out.
//! - **Log.** Every attempt is logged, and the pending delivery replaced, in one transaction.
//!   Pending deliveries are reloaded at start-up, so a crash loses none; an attempt that a
//!   crash interrupts before it is logged is made again (at-least-once, with a stable
//!   `webhook-id` for the receiver to drop repeats).
//! - **Several servers.** On a database several servers share, each delivery is made by one
//!   server at a time: the one that queued it holds a lease on it, which this dispatcher
//!   renews while it runs ([`LEASE_RENEWALS`] times a lease), and takes over the deliveries
//!   whose lease ran out (a server that died), with the same `webhook-id`.
//! - **Stop.** At a graceful stop it starts no attempt and lets those under way finish and
//!   be logged ([`Drain`], `dispatcher/drain.rs`), so a receiver that answered is not sent
//!   the same event again after the restart.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

use actix::prelude::*;
use rand::Rng;

use super::transport::{send, Prepared, Sent};
use super::{egress, payload};
use crate::auth::KeySealer;
use crate::config::WebhooksConfig;
use crate::domain::webhook::{message_id, Attempt, PendingDelivery, Webhook};
use crate::store::{FinishedAttempt, SharedStorage, StoreError};

mod drain;
mod manual;

pub use drain::Drain;
pub use manual::{RetryDelivery, SendTest};

/// How often the dispatcher looks for due retries.
const POLL: Duration = Duration::from_millis(200);
/// Finished attempts are logged together, at least this often: one journaled commit per
/// batch instead of one per attempt keeps the log off the signups' disk path.
const LOG_EVERY: Duration = Duration::from_millis(25);
/// ...or as soon as this many are waiting.
const LOG_BATCH: usize = 256;

/// Leases are renewed, and lapsed ones claimed, this many times per lease.
const LEASE_RENEWALS: u32 = 4;
/// Most deliveries taken over at once.
const CLAIM_BATCH: usize = 1000;

/// Nice value of the dispatcher's thread: deliveries are background work, so on a saturated
/// machine signups (whose answers someone is waiting for) get the CPU first and deliveries
/// catch up in the gaps. Measured by `scripts/webhook-burst.sh`.
const DISPATCHER_NICE: i32 = 10;

/// Lowers the calling thread's scheduling priority to [`DISPATCHER_NICE`]; run on the
/// dispatcher's arbiter before it starts. On Linux a nice value belongs to one thread, so the
/// HTTP workers and brand actors keep theirs. Elsewhere, and when refused, nothing changes.
pub fn lower_priority() {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: setpriority only reads its integer arguments; `who` 0 is the calling thread.
        let refused = unsafe { libc::setpriority(libc::PRIO_PROCESS, 0, DISPATCHER_NICE) } != 0;
        if refused {
            tracing::debug!("could not lower the webhook dispatcher's priority");
        }
    }
}

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
    store: SharedStorage,
    client: reqwest::Client,
    settings: DispatcherSettings,
    /// Per webhook: (due ms, event), so each webhook's deliveries leave by due time, then
    /// in event order.
    queues: HashMap<u64, BTreeSet<(i64, u64)>>,
    pending: HashMap<(u64, u64), PendingDelivery>,
    in_flight: HashMap<u64, usize>,
    /// Attempts finished but not yet logged.
    finished: Vec<FinishedAttempt>,
    log_scheduled: bool,
    /// A graceful stop began: no attempt starts.
    draining: bool,
    /// Who waits for the attempts under way to end ([`Drain`]).
    drained: Vec<tokio::sync::oneshot::Sender<()>>,
    /// What was pending at start-up ([`WebhookDispatcher::resume`]), queued when it starts.
    resumed: Vec<PendingDelivery>,
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

impl WebhookDispatcher {
    /// Every delivery pending in the store, this server's own included: read before the
    /// server takes requests, so that each later one reaches the dispatcher only once, by
    /// [`NewDeliveries`]. Read once the server took requests, a delivery that a signup had
    /// just committed would come both ways and be sent twice.
    pub async fn resume(store: &SharedStorage, config: &WebhooksConfig) -> Result<Vec<PendingDelivery>, String> {
        let lease = Duration::from_secs(config.lease_secs);
        let resumed = store.claim_deliveries(lease, usize::MAX, true).await;
        resumed.map_err(|e| format!("cannot read the pending deliveries: {e}"))
    }

    pub fn new(
        store: SharedStorage,
        settings: DispatcherSettings,
        resumed: Vec<PendingDelivery>,
    ) -> Result<Self, reqwest::Error> {
        let timeout = Duration::from_secs_f64(settings.config.timeout_secs);
        let client = egress::client(settings.config.allow_private_targets, timeout)?;
        Ok(Self {
            store,
            client,
            settings,
            queues: HashMap::new(),
            pending: HashMap::new(),
            in_flight: HashMap::new(),
            finished: Vec::new(),
            log_scheduled: false,
            draining: false,
            drained: Vec::new(),
            resumed,
        })
    }

    fn lease(&self) -> Duration {
        Duration::from_secs(self.settings.config.lease_secs)
    }

    /// Renews the leases of every delivery this dispatcher holds, then claims those whose
    /// lease ran out (a server that died): they join the queue unless already in it.
    fn keep_and_take_over(&mut self, ctx: &mut Context<Self>) {
        let held: Vec<PendingDelivery> = self.pending.values().copied().collect();
        let (store, lease) = (self.store.clone(), self.lease());
        let renewing = async move {
            if let Err(e) = store.renew_leases(&held, lease).await {
                tracing::warn!(error = %e, "cannot renew webhook delivery leases");
            }
            store.claim_deliveries(lease, CLAIM_BATCH, false).await
        };
        ctx.spawn(renewing.into_actor(self).map(|claimed, act, ctx| {
            match claimed {
                Ok(claimed) => {
                    let new: Vec<_> = claimed
                        .into_iter()
                        .filter(|d| !act.pending.contains_key(&(d.webhook_id, d.event_id)))
                        .collect();
                    if !new.is_empty() {
                        tracing::info!(count = new.len(), "took over webhook deliveries whose lease ran out");
                    }
                    for delivery in new {
                        act.enqueue(delivery);
                    }
                }
                Err(e) => tracing::warn!(error = %e, "cannot claim webhook deliveries"),
            }
            act.dispatch_due(ctx);
        }));
    }

    fn enqueue(&mut self, delivery: PendingDelivery) {
        let key = (delivery.webhook_id, delivery.event_id);
        let queue = self.queues.entry(delivery.webhook_id).or_default();
        if let Some(old) = self.pending.insert(key, delivery) {
            queue.remove(&(old.due_ms, old.event_id));
        }
        queue.insert((delivery.due_ms, delivery.event_id));
        crate::metrics::webhook_queue(self.pending.len());
    }

    /// Starts every due delivery that its webhook's in-flight limit allows. Costs one step per
    /// webhook with a queue plus one per delivery started.
    fn dispatch_due(&mut self, ctx: &mut Context<Self>) {
        if self.draining {
            return self.answer_if_drained(ctx);
        }
        let now = now_ms();
        let limit = self.settings.config.max_in_flight_per_webhook;
        let mut picked = Vec::new();
        for (&webhook_id, queue) in &mut self.queues {
            let in_flight = self.in_flight.entry(webhook_id).or_default();
            while *in_flight < limit {
                match queue.first() {
                    Some(&(due, event_id)) if due <= now => {
                        queue.pop_first();
                        *in_flight += 1;
                        picked.push((webhook_id, event_id));
                    }
                    _ => break,
                }
            }
        }
        self.queues.retain(|_, queue| !queue.is_empty());
        // A webhook whose queue holds only later retries got a zero count above: it has
        // nothing under way, and a stop must not wait on it.
        self.in_flight.retain(|_, n| *n > 0);
        for key in picked {
            match self.pending.get(&key).copied() {
                Some(delivery) => self.attempt(delivery, ctx),
                None => self.release(key.0),
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
    fn drop_delivery(&mut self, delivery: PendingDelivery, ctx: &mut Context<Self>) {
        self.pending.remove(&(delivery.webhook_id, delivery.event_id));
        crate::metrics::webhook_queue(self.pending.len());
        self.release(delivery.webhook_id);
        let store = self.store.clone();
        // Waited for before the next message, so a manual retry queued after it is not undone.
        ctx.wait(
            async move {
                if let Err(e) = store.remove_delivery(delivery.webhook_id, delivery.event_id).await {
                    tracing::error!(error = %e, "cannot drop a stale webhook delivery");
                }
            }
            .into_actor(self),
        );
    }

    /// Loads what a delivery announces, then sends it.
    fn attempt(&mut self, delivery: PendingDelivery, ctx: &mut Context<Self>) {
        let store = self.store.clone();
        let site = self.settings.site.clone();
        let loading = async move {
            let webhook = store.webhook(delivery.webhook_id).await;
            let body = store.event(delivery.event_id).await.map(|e| e.map(|event| payload::event(&event, &site)));
            (webhook, body)
        };
        ctx.spawn(loading.into_actor(self).map(move |found, act, ctx| act.send_loaded(delivery, found, ctx)));
    }

    fn send_loaded(
        &mut self,
        delivery: PendingDelivery,
        found: (Result<Option<Webhook>, StoreError>, Result<Option<String>, StoreError>),
        ctx: &mut Context<Self>,
    ) {
        let (webhook, body) = match found {
            // An event is gone only with its campaign (one of an older release, named by its
            // participant): nothing left to announce.
            (Ok(Some(webhook)), Ok(Some(body))) if webhook.active => (webhook, body),
            (Err(e), _) | (_, Err(e)) => {
                // A storage fault: try again at the next poll.
                tracing::error!(error = %e, "cannot load a webhook delivery");
                self.release(delivery.webhook_id);
                self.enqueue(PendingDelivery { due_ms: now_ms() + POLL.as_millis() as i64, ..delivery });
                return;
            }
            _ => return self.drop_delivery(delivery, ctx),
        };
        let request = self.prepare(&webhook, message_id(delivery.event_id), body);
        let sending = send(
            self.client.clone(),
            request,
            self.settings.config.allow_private_targets,
            self.settings.config.dry_run,
        );
        ctx.spawn(sending.into_actor(self).map(move |sent, act, ctx| {
            act.finish(delivery, sent, ctx);
            act.dispatch_due(ctx);
        }));
    }

    fn prepare(&self, webhook: &Webhook, message_id: String, body: String) -> Prepared {
        Prepared { link: webhook.link.clone(), message_id, body, secret: self.signing_secret(webhook) }
    }

    /// The webhook's signing secret, opened; `None` when it cannot be (the server secret changed).
    fn signing_secret(&self, webhook: &Webhook) -> Option<String> {
        self.settings.secrets.open(webhook.id, &webhook.sealed_secret).ok()
    }

    /// Logs an attempt (in the next batch) and decides what comes next.
    fn finish(&mut self, delivery: PendingDelivery, sent: Sent, ctx: &mut Context<Self>) {
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
        crate::metrics::webhook_attempt(outcome);
        let attempt = Attempt {
            event_id: delivery.event_id,
            attempt: attempt_no,
            at: sent.at,
            status_code: sent.status_code,
            error: sent.error,
            duration_ms: sent.duration_ms,
            outcome: outcome.into(),
        };
        self.finished.push(FinishedAttempt { webhook_id: delivery.webhook_id, attempt, next });
        if self.finished.len() >= LOG_BATCH || gone {
            self.write_log(ctx);
        } else if !self.log_scheduled {
            self.log_scheduled = true;
            ctx.run_later(LOG_EVERY, |act, ctx| act.write_log(ctx));
        }
        match next {
            Some(next) => self.enqueue(next),
            None => {
                self.pending.remove(&(delivery.webhook_id, delivery.event_id));
            }
        }
        if gone {
            self.disable(delivery.webhook_id, ctx);
        }
        crate::metrics::webhook_queue(self.pending.len());
    }

    /// Writes the finished attempts to the log in one commit, before the dispatcher takes its
    /// next message. Until then a crash makes their deliveries again (at-least-once); the log
    /// never claims an attempt that was not made.
    fn write_log(&mut self, ctx: &mut Context<Self>) {
        self.log_scheduled = false;
        if self.finished.is_empty() {
            return;
        }
        let finished = std::mem::take(&mut self.finished);
        ctx.wait(log_attempts(self.store.clone(), finished).into_actor(self));
    }

    /// The receiver answered 410 Gone: turn the webhook off and drop its queue.
    fn disable(&mut self, webhook_id: u64, ctx: &mut Context<Self>) {
        let queued: Vec<u64> =
            self.pending.values().filter(|d| d.webhook_id == webhook_id).map(|d| d.event_id).collect();
        self.queues.remove(&webhook_id);
        for event_id in &queued {
            self.pending.remove(&(webhook_id, *event_id));
        }
        let store = self.store.clone();
        let disabling = async move {
            match store.webhook(webhook_id).await {
                Ok(Some(mut webhook)) if webhook.active => {
                    webhook.active = false;
                    webhook.disabled_reason = Some("the receiver answered 410 Gone".into());
                    if let Err(e) = store.save_webhook(&webhook).await {
                        tracing::error!(error = %e, webhook_id, "cannot disable a webhook");
                    }
                    tracing::info!(webhook_id, "webhook disabled: the receiver answered 410 Gone");
                }
                Ok(_) => {}
                Err(e) => tracing::error!(error = %e, webhook_id, "cannot read a webhook"),
            }
            for event_id in queued {
                if let Err(e) = store.remove_delivery(webhook_id, event_id).await {
                    tracing::error!(error = %e, "cannot drop a delivery of a disabled webhook");
                }
            }
        };
        ctx.wait(disabling.into_actor(self));
    }
}

/// Writes finished attempts to the log in one commit. A failure is logged, not returned: the
/// deliveries are then made again after a restart (at-least-once), and nothing else waits.
async fn log_attempts(store: SharedStorage, finished: Vec<FinishedAttempt>) {
    if finished.is_empty() {
        return;
    }
    if let Err(e) = store.record_attempts(&finished).await {
        tracing::error!(error = %e, attempts = finished.len(), "cannot log webhook attempts");
    }
}

impl Actor for WebhookDispatcher {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        let resumed = std::mem::take(&mut self.resumed);
        if !resumed.is_empty() {
            tracing::info!(count = resumed.len(), "resuming webhook deliveries");
        }
        for delivery in resumed {
            self.enqueue(delivery);
        }
        self.dispatch_due(ctx);
        ctx.run_interval(POLL, |act, ctx| act.dispatch_due(ctx));
        if self.store.shared() {
            ctx.run_interval(self.lease() / LEASE_RENEWALS, |act, ctx| act.keep_and_take_over(ctx));
        }
    }
}

/// Deliveries a signup committed, handed over once the signup is durable.
#[derive(Message)]
#[rtype(result = "()")]
pub struct NewDeliveries(pub Vec<PendingDelivery>);

impl Handler<NewDeliveries> for WebhookDispatcher {
    type Result = ();

    fn handle(&mut self, msg: NewDeliveries, ctx: &mut Self::Context) {
        for delivery in msg.0 {
            // Already held: the start-up load read it from the store after its signup
            // committed, and it may be under way. Queued again, it would be sent twice.
            if !self.pending.contains_key(&(delivery.webhook_id, delivery.event_id)) {
                self.enqueue(delivery);
            }
        }
        self.dispatch_due(ctx);
    }
}
