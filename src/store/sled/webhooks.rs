//! Webhooks and their delivery state: the registrations, the deliveries still to be made and
//! the log of every attempt.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `webhooks` | webhook id | [`Webhook`] |
//! | `indexes` | `W` ++ member ++ webhook | () : a member's webhooks |
//! | `deliveries` | webhook ++ event | [`PendingDelivery`] (the event's record is in `events`) |
//! | `delivery_log` | webhook ++ event ++ attempt | [`Attempt`] |
//! | `indexes` | `L` ++ webhook ++ sequence | `delivery_log` key: attempts in the order made |
//!
//! The outbox is `deliveries`: a signup writes one pending delivery per webhook its event is
//! for in its own commit, so an acknowledged signup always has its deliveries, crash or not,
//! with no fan-out step after it. The payload is rendered from the participant's row at send
//! time (see `webhooks/payload.rs`), so a delivery row is a few dozen bytes. Signups learn a member's active
//! webhooks from an in-memory route table, which the writes below keep current under its
//! lock. The dispatcher logs attempts in batches through the journal; it and the signups
//! write disjoint keys, which is what makes the journal's lock-free commit sound here.

use std::sync::Arc;

use async_trait::async_trait;

use crate::domain::event::{Event, EventSubject, EventType};
use sled::Transactional;

use super::keys::{self, index};
use super::overlay::{Overlay, TreeId};
use super::{codec, finish_transaction, tx_encode, SledStore, StoreError};
use crate::domain::pagination::PageRequest;
use crate::domain::webhook::{Attempt, PendingDelivery, Webhook, WebhookRoute};
use crate::store::{FinishedAttempt, WebhookStore};

/// Key in `meta`: the highest event id named by a participant number (0: none), written by the
/// migration that gave events their own ids (`migrate.rs`). An event at or below it without a
/// record is its participant's signup.
pub(super) const LEGACY_EVENTS: &str = "events.legacy_floor";

pub(super) fn delivery_key(webhook_id: u64, event_id: u64) -> [u8; 16] {
    let mut key = [0u8; 16];
    key[..8].copy_from_slice(&webhook_id.to_be_bytes());
    key[8..].copy_from_slice(&event_id.to_be_bytes());
    key
}

pub(super) fn attempt_key(webhook_id: u64, event_id: u64, attempt: u32) -> [u8; 20] {
    let mut key = [0u8; 20];
    key[..16].copy_from_slice(&delivery_key(webhook_id, event_id));
    key[16..].copy_from_slice(&attempt.to_be_bytes());
    key
}

#[async_trait]
impl WebhookStore for SledStore {
    /// A member's active webhooks, from the route table (read from the store on first use).
    async fn webhook_routes(&self, member_id: u64) -> Result<Arc<Vec<WebhookRoute>>, StoreError> {
        if let Some(routes) = self.webhook_routes.read().get(&member_id) {
            return Ok(routes.clone());
        }
        let mut table = self.webhook_routes.write();
        let routes = Arc::new(self.routes_from_store(member_id)?);
        table.insert(member_id, routes.clone());
        Ok(routes)
    }

    async fn create_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        let outcome: Result<_, StoreError> =
            async { self.webhook_write(webhook.member_id, || self.insert_webhook(webhook)) }.await;
        self.acknowledged(outcome).await
    }

    async fn webhook(&self, id: u64) -> Result<Option<Webhook>, StoreError> {
        Self::read(&self.webhooks, keys::id(id))
    }

    /// Events of releases before events were stored have no record: their id is their
    /// participant's, and the event is that participant's signup.
    async fn events_of_participant(&self, participant_id: u64) -> Result<Vec<Event>, StoreError> {
        let prefix = keys::mention(participant_id, keys::mention::EVENT, &[]);
        let mut events = Vec::new();
        for key in self.indexes.scan_prefix(&prefix).keys() {
            events.extend(Self::read::<Event>(&self.events, &key?[prefix.len()..])?);
        }
        Ok(events)
    }

    async fn event(&self, id: u64) -> Result<Option<Event>, StoreError> {
        if let Some(event) = Self::read(&self.events, keys::id(id))? {
            return Ok(Some(event));
        }
        let floor = self.meta.get(LEGACY_EVENTS)?.as_deref().and_then(keys::read_id).unwrap_or(0);
        if id > floor {
            return Ok(None);
        }
        Ok(self.participant_row(id)?.map(|participant| Event {
            id,
            kind: EventType::ParticipantSignup,
            at: participant.created_at.clone(),
            campaign_id: participant.campaign_id,
            subject: EventSubject::Signup(participant),
        }))
    }

    async fn save_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        let outcome: Result<_, StoreError> = async {
            self.webhook_write(webhook.member_id, || {
                self.webhooks.insert(keys::id(webhook.id), codec::encode(webhook)?)?;
                Ok(())
            })
        }
        .await;
        self.acknowledged(outcome).await
    }

    /// Removes a webhook with its pending deliveries and its log.
    async fn delete_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        let outcome: Result<_, StoreError> =
            async { self.webhook_write(webhook.member_id, || self.remove_webhook(webhook)) }.await;
        self.acknowledged(outcome).await
    }

    /// A page of the member's webhooks, newest first, and their count.
    async fn webhooks_of_member(&self, member_id: u64, page: PageRequest) -> Result<(Vec<Webhook>, u64), StoreError> {
        let prefix = keys::tagged_prefix(index::MEMBER_WEBHOOK, member_id);
        let (ids, total) = self.page_of_index(&prefix, page, |key| keys::read_id(&key[9..17]))?;
        let mut webhooks = Vec::with_capacity(ids.len());
        for id in ids {
            webhooks.extend(Self::read(&self.webhooks, keys::id(id))?);
        }
        Ok((webhooks, total))
    }

    /// Every delivery still to be made (loaded by the dispatcher at start-up).
    async fn pending_deliveries(&self) -> Result<Vec<PendingDelivery>, StoreError> {
        self.deliveries.iter().values().map(|v| codec::decode(&v?)).collect()
    }

    /// One server opens the embedded store: every pending delivery is its own.
    async fn claim_deliveries(
        &self,
        _lease: std::time::Duration,
        _limit: usize,
        _own_too: bool,
    ) -> Result<Vec<PendingDelivery>, StoreError> {
        self.pending_deliveries().await
    }

    async fn renew_leases(&self, _held: &[PendingDelivery], _lease: std::time::Duration) -> Result<(), StoreError> {
        Ok(())
    }

    /// Whether `event_id` was ever meant for `webhook_id` (pending, or attempted).
    async fn delivery_known(&self, webhook_id: u64, event_id: u64) -> Result<bool, StoreError> {
        Ok(self.deliveries.contains_key(delivery_key(webhook_id, event_id))?
            || self.delivery_log.scan_prefix(delivery_key(webhook_id, event_id)).next().transpose()?.is_some())
    }

    /// Number of attempts logged for a delivery.
    async fn attempts_made(&self, webhook_id: u64, event_id: u64) -> Result<u32, StoreError> {
        Ok(self.delivery_log.scan_prefix(delivery_key(webhook_id, event_id)).count() as u32)
    }

    /// Queues a delivery (a new one, or a manual retry).
    async fn queue_delivery(&self, delivery: &PendingDelivery) -> Result<(), StoreError> {
        let outcome: Result<(), StoreError> = async {
            let _writing = self.writing();
            self.deliveries.insert(delivery_key(delivery.webhook_id, delivery.event_id), codec::encode(delivery)?)?;
            Ok(())
        }
        .await;
        self.acknowledged(outcome).await
    }

    /// Forgets a pending delivery that can no longer be made.
    async fn remove_delivery(&self, webhook_id: u64, event_id: u64) -> Result<(), StoreError> {
        let outcome: Result<(), StoreError> = async {
            let _writing = self.writing();
            self.deliveries.remove(delivery_key(webhook_id, event_id))?;
            Ok(())
        }
        .await;
        self.acknowledged(outcome).await
    }

    /// Logs finished attempts and replaces each one's pending delivery with what comes next
    /// (or removes it), all in one journaled commit.
    async fn record_attempts(&self, finished: &[FinishedAttempt]) -> Result<(), StoreError> {
        let outcome: Result<(), StoreError> = async {
            let mut overlay = Overlay::new(self);
            for done in finished {
                let attempt = &done.attempt;
                let logged = attempt_key(done.webhook_id, attempt.event_id, attempt.attempt);
                overlay.insert(TreeId::DeliveryLog, logged, codec::encode(attempt)?);
                // sled's id generator only grows, across restarts too: the order attempts were made.
                let order = keys::tagged(index::ATTEMPT_ORDER, done.webhook_id, self.db.generate_id()?);
                overlay.insert(TreeId::Indexes, order, logged.to_vec());
                let key = delivery_key(done.webhook_id, attempt.event_id);
                match &done.next {
                    Some(next) => overlay.insert(TreeId::Deliveries, key, codec::encode(next)?),
                    None => overlay.remove(TreeId::Deliveries, key),
                }
            }
            overlay.commit_journaled()
        }
        .await;
        self.acknowledged(outcome).await
    }

    /// A page of a webhook's attempts, newest first (in the order they were made), and their
    /// count.
    async fn attempts_of_webhook(&self, webhook_id: u64, page: PageRequest) -> Result<(Vec<Attempt>, u64), StoreError> {
        let mut attempts = Vec::with_capacity(page.limit as usize);
        let mut total = 0u64;
        let order = keys::tagged_prefix(index::ATTEMPT_ORDER, webhook_id);
        for logged in self.indexes.scan_prefix(order).values().rev() {
            let logged = logged?;
            if total >= page.offset() && (attempts.len() as u64) < page.limit {
                attempts.extend(Self::read::<Attempt>(&self.delivery_log, &logged)?);
            }
            total += 1;
        }
        Ok((attempts, total))
    }

    async fn all_webhooks_of_member(&self, member_id: u64) -> Result<Vec<Webhook>, StoreError> {
        self.webhooks_of(member_id)
    }
}

impl SledStore {
    fn routes_from_store(&self, member_id: u64) -> Result<Vec<WebhookRoute>, StoreError> {
        Ok(self
            .webhooks_of(member_id)?
            .into_iter()
            .filter(|w| w.active)
            .map(|w| WebhookRoute { webhook_id: w.id, campaign_id: w.campaign_id, events: w.events })
            .collect())
    }

    /// Runs a webhook write with the route table locked, then refreshes the member's routes,
    /// so no signup can read routes older than the write once it returns.
    pub(super) fn webhook_write(
        &self,
        member_id: u64,
        write: impl FnOnce() -> Result<(), StoreError>,
    ) -> Result<(), StoreError> {
        let mut table = self.webhook_routes.write();
        let _writing = self.writing();
        write()?;
        table.insert(member_id, Arc::new(self.routes_from_store(member_id)?));
        Ok(())
    }

    fn insert_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        let outcome = (&self.webhooks, &self.indexes).transaction(|(webhooks, indexes)| {
            webhooks.insert(&keys::id(webhook.id), tx_encode(webhook)?)?;
            indexes.insert(&keys::tagged(index::MEMBER_WEBHOOK, webhook.member_id, webhook.id), &[][..])?;
            Ok(())
        });
        finish_transaction(outcome)
    }

    pub(super) fn remove_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        let outcome = (&self.webhooks, &self.indexes).transaction(|(webhooks, indexes)| {
            webhooks.remove(&keys::id(webhook.id))?;
            indexes.remove(&keys::tagged(index::MEMBER_WEBHOOK, webhook.member_id, webhook.id))?;
            Ok(())
        });
        finish_transaction(outcome)?;
        // Deliveries of a webhook that no longer exists are dropped by the dispatcher anyway;
        // removing them here keeps the trees from holding orphans.
        let order = keys::tagged_prefix(index::ATTEMPT_ORDER, webhook.id);
        for (tree, prefix) in [
            (&self.deliveries, keys::id(webhook.id).to_vec()),
            (&self.delivery_log, keys::id(webhook.id).to_vec()),
            (&self.indexes, order.to_vec()),
        ] {
            let mut batch = sled::Batch::default();
            for key in tree.scan_prefix(prefix).keys() {
                batch.remove(key?);
            }
            tree.apply_batch(batch)?;
        }
        Ok(())
    }

    /// Every webhook of the member (at most the per-member limit).
    pub(super) fn webhooks_of(&self, member_id: u64) -> Result<Vec<Webhook>, StoreError> {
        let mut webhooks = Vec::new();
        for key in self.indexes.scan_prefix(keys::tagged_prefix(index::MEMBER_WEBHOOK, member_id)).keys() {
            if let Some(webhook) =
                keys::read_id(&key?[9..17]).map(|id| Self::read(&self.webhooks, keys::id(id))).transpose()?.flatten()
            {
                webhooks.push(webhook);
            }
        }
        Ok(webhooks)
    }
}
