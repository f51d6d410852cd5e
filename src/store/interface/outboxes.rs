//! What goes out of the process, and what a retried request finds: idempotency records, webhook
//! deliveries and emails.

use crate::domain::outgoing_email::{EmailAttempt, EmailDelivery, OutgoingEmail, QueuedEmail};
use crate::domain::pagination::PageRequest;
use crate::domain::webhook::{Attempt, PendingDelivery, Webhook, WebhookRoute};
use crate::domain::Campaign;
use crate::store::types::{FinishedAttempt, IdempotencyRecord};
use crate::store::StoreError;
use async_trait::async_trait;

/// The first answers of idempotent requests (written by [`BrandSession::commit_idempotent`](super::BrandSession::commit_idempotent)).
#[async_trait]
pub trait IdempotencyStore: Send + Sync {
    /// The record under `key` (member id ++ SHA-256 of the `Idempotency-Key`).
    async fn idempotency_record(&self, key: &[u8]) -> Result<Option<IdempotencyRecord>, StoreError>;
}

/// Webhooks, the deliveries still to be made (the outbox) and the log of every attempt.
#[async_trait]
pub trait WebhookStore: Send + Sync {
    /// A member's active webhooks. A signup that starts after a webhook write returned sees it.
    async fn webhook_routes(&self, member_id: u64) -> Result<std::sync::Arc<Vec<WebhookRoute>>, StoreError>;
    async fn create_webhook(&self, webhook: &Webhook) -> Result<(), StoreError>;
    async fn webhook(&self, id: u64) -> Result<Option<Webhook>, StoreError>;
    /// The event `id`, as its deliveries send it (written with them by a decision).
    async fn event(&self, id: u64) -> Result<Option<crate::domain::event::Event>, StoreError>;
    /// The stored events that keep a copy of the participant, oldest first.
    async fn events_of_participant(&self, participant_id: u64) -> Result<Vec<crate::domain::event::Event>, StoreError>;
    async fn save_webhook(&self, webhook: &Webhook) -> Result<(), StoreError>;
    /// Removes a webhook with its pending deliveries and its log.
    async fn delete_webhook(&self, webhook: &Webhook) -> Result<(), StoreError>;
    /// A page of the member's webhooks, newest first, and their count.
    async fn webhooks_of_member(&self, member_id: u64, page: PageRequest) -> Result<(Vec<Webhook>, u64), StoreError>;
    /// Every webhook of the member (at most the per-member limit).
    async fn all_webhooks_of_member(&self, member_id: u64) -> Result<Vec<Webhook>, StoreError>;
    /// Every delivery still to be made.
    async fn pending_deliveries(&self) -> Result<Vec<PendingDelivery>, StoreError>;
    /// The deliveries no server is making, for the caller to make. On a database several
    /// servers share ([`Lifecycle::shared`](super::Lifecycle::shared)): those never leased or whose lease ran out (and,
    /// with `own_too`, those leased to this server: a restarted server takes its own back at
    /// once), each now leased to the caller until its due time (or now, if later) plus
    /// `lease`, soonest first, at most `limit`; a delivery a decision queues, or an attempt
    /// reschedules, is leased to the server that wrote it. On a store one server opens: every
    /// pending one.
    async fn claim_deliveries(
        &self,
        lease: std::time::Duration,
        limit: usize,
        own_too: bool,
    ) -> Result<Vec<PendingDelivery>, StoreError>;
    /// Extends the caller's leases on these deliveries to their due time (or now, if later)
    /// plus `lease`; nothing where the store is not shared.
    async fn renew_leases(&self, held: &[PendingDelivery], lease: std::time::Duration) -> Result<(), StoreError>;
    /// Whether `event_id` was ever meant for `webhook_id` (pending, or attempted).
    async fn delivery_known(&self, webhook_id: u64, event_id: u64) -> Result<bool, StoreError>;
    /// Number of attempts logged for a delivery.
    async fn attempts_made(&self, webhook_id: u64, event_id: u64) -> Result<u32, StoreError>;
    /// Queues a delivery (a new one, or a manual retry).
    async fn queue_delivery(&self, delivery: &PendingDelivery) -> Result<(), StoreError>;
    /// Forgets a pending delivery that can no longer be made.
    async fn remove_delivery(&self, webhook_id: u64, event_id: u64) -> Result<(), StoreError>;
    /// Logs finished attempts and replaces each one's pending delivery with what comes next
    /// (or removes it), all or nothing.
    async fn record_attempts(&self, finished: &[FinishedAttempt]) -> Result<(), StoreError>;
    /// A page of a webhook's attempts, newest first, and their count.
    async fn attempts_of_webhook(&self, webhook_id: u64, page: PageRequest) -> Result<(Vec<Attempt>, u64), StoreError>;
}

/// Emails to participants: the composed messages, the outbox and the delivery log. A
/// decision writes an email and its outbox entry ([`Write::Email`]); the mailer reads what is
/// due and records what became of each attempt.
#[async_trait]
pub trait EmailStore: Send + Sync {
    /// Outbox entries due at `now_ms` or before, soonest first, at most `limit`; answered
    /// once they are durable (an email is never sent for a decision a crash could undo).
    async fn due_emails(&self, now_ms: i64, limit: usize) -> Result<Vec<QueuedEmail>, StoreError>;
    /// What the mailer sends next: outbox entries due at `now_ms` or before that no one holds,
    /// soonest first, at most `limit`, each now held by the caller for `lease_ms` (or until its
    /// attempt is recorded). Of any number of claims at once, from any number of servers, each
    /// entry goes to one: an email is sent by one server, and taken over by another only once
    /// a server that died holding it has been gone for its lease. With `own_too` (a server's
    /// first look after it starts), what this server held when it stopped is taken back at
    /// once. Durable, as `due_emails`.
    async fn claim_emails(
        &self,
        now_ms: i64,
        limit: usize,
        lease_ms: i64,
        own_too: bool,
    ) -> Result<Vec<QueuedEmail>, StoreError>;
    /// The campaigns whose daily digest is on and not made yet for `day` (days since the Unix
    /// epoch, UTC). The brand's actor decides each one again (`engine::due_digest`): this is
    /// only where to look.
    async fn due_digests(&self, day: u32) -> Result<Vec<Campaign>, StoreError>;
    async fn outgoing_email(&self, campaign_id: u64, email_id: u64) -> Result<Option<OutgoingEmail>, StoreError>;
    /// Whether the participant unsubscribed from the campaign's emails.
    async fn unsubscribed(&self, campaign_id: u64, participant_id: u64) -> Result<bool, StoreError>;
    /// Logs finished attempts and replaces each one's outbox entry with what comes next (or
    /// removes it), all or nothing. An attempt whose email is gone only leaves the outbox.
    async fn record_email_attempts(&self, attempts: &[EmailAttempt]) -> Result<(), StoreError>;
    /// Sends the campaign's email `email_id` again if it failed: queued now, on a fresh retry
    /// schedule (`true`, and the record as it is now). In any other state (queued, sent,
    /// cancelled) nothing changes (`false`, and the record); an unknown email is `None`.
    /// However many ask at once, a failed email is queued once: the first to ask finds it
    /// failed, the others find it queued.
    async fn resend_failed_email(
        &self,
        campaign_id: u64,
        email_id: u64,
        now_ms: i64,
    ) -> Result<Option<(bool, EmailDelivery)>, StoreError>;
    /// A page of the campaign's emails, newest first, each with what became of it, and their
    /// count.
    async fn emails_of_campaign(
        &self,
        campaign_id: u64,
        page: PageRequest,
    ) -> Result<(Vec<(OutgoingEmail, EmailDelivery)>, u64), StoreError>;
    /// The emails to the participant, oldest first, each with what became of it.
    async fn emails_of_participant(
        &self,
        participant_id: u64,
    ) -> Result<Vec<(OutgoingEmail, EmailDelivery)>, StoreError>;
}
