//! Webhooks and their delivery state: the registrations, the outbox that signups write their
//! events into, the events kept for retries, the deliveries still to be made and the log of
//! every attempt.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `webhooks` | webhook id | [`Webhook`] |
//! | `indexes` | `W` ++ member ++ webhook | () : a member's webhooks |
//! | `outbox` | event id | [`OutboxEvent`], written in the signup's own commit |
//! | `events` | event id | the event, once fanned out (for retries and the log) |
//! | `deliveries` | webhook ++ event | [`PendingDelivery`] |
//! | `delivery_log` | webhook ++ event ++ attempt | [`Attempt`] |
//!
//! Fan-out moves events from `outbox` to `events` and creates their deliveries in one
//! transaction, so an event is fanned out exactly once, crash or not.

use sled::Transactional;

use super::keys::{self, index};
use super::{codec, finish_transaction, tx_encode, Store, StoreError};
use crate::domain::pagination::PageRequest;
use crate::domain::webhook::{Attempt, OutboxEvent, PendingDelivery, Webhook};

fn delivery_key(webhook_id: u64, event_id: u64) -> [u8; 16] {
    let mut key = [0u8; 16];
    key[..8].copy_from_slice(&webhook_id.to_be_bytes());
    key[8..].copy_from_slice(&event_id.to_be_bytes());
    key
}

fn attempt_key(webhook_id: u64, event_id: u64, attempt: u32) -> [u8; 20] {
    let mut key = [0u8; 20];
    key[..16].copy_from_slice(&delivery_key(webhook_id, event_id));
    key[16..].copy_from_slice(&attempt.to_be_bytes());
    key
}

impl Store {
    pub fn create_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        let _writing = self.writing();
        let outcome = (&self.webhooks, &self.indexes).transaction(|(webhooks, indexes)| {
            webhooks.insert(&keys::id(webhook.id), tx_encode(webhook)?)?;
            indexes.insert(&keys::tagged(index::MEMBER_WEBHOOK, webhook.member_id, webhook.id), &[][..])?;
            Ok(())
        });
        finish_transaction(outcome)
    }

    pub fn webhook(&self, id: u64) -> Result<Option<Webhook>, StoreError> {
        Self::read(&self.webhooks, keys::id(id))
    }

    pub fn save_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        let _writing = self.writing();
        self.webhooks.insert(keys::id(webhook.id), codec::encode(webhook)?)?;
        Ok(())
    }

    /// Removes a webhook with its pending deliveries and its log.
    pub fn delete_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        let _writing = self.writing();
        let outcome = (&self.webhooks, &self.indexes).transaction(|(webhooks, indexes)| {
            webhooks.remove(&keys::id(webhook.id))?;
            indexes.remove(&keys::tagged(index::MEMBER_WEBHOOK, webhook.member_id, webhook.id))?;
            Ok(())
        });
        finish_transaction(outcome)?;
        // Deliveries of a webhook that no longer exists are dropped by the dispatcher anyway;
        // removing them here keeps the trees from holding orphans.
        for tree in [&self.deliveries, &self.delivery_log] {
            let mut batch = sled::Batch::default();
            for key in tree.scan_prefix(keys::id(webhook.id)).keys() {
                batch.remove(key?);
            }
            tree.apply_batch(batch)?;
        }
        Ok(())
    }

    /// A page of the member's webhooks, newest first, and their count.
    pub fn webhooks_of_member(&self, member_id: u64, page: PageRequest) -> Result<(Vec<Webhook>, u64), StoreError> {
        let prefix = keys::tagged_prefix(index::MEMBER_WEBHOOK, member_id);
        let (ids, total) = self.page_of_index(&prefix, page, |key| keys::read_id(&key[9..17]))?;
        let mut webhooks = Vec::with_capacity(ids.len());
        for id in ids {
            webhooks.extend(self.webhook(id)?);
        }
        Ok((webhooks, total))
    }

    /// Every webhook of the member (at most the per-member limit).
    pub fn all_webhooks_of_member(&self, member_id: u64) -> Result<Vec<Webhook>, StoreError> {
        let mut webhooks = Vec::new();
        for key in self.indexes.scan_prefix(keys::tagged_prefix(index::MEMBER_WEBHOOK, member_id)).keys() {
            if let Some(webhook) = keys::read_id(&key?[9..17]).map(|id| self.webhook(id)).transpose()?.flatten() {
                webhooks.push(webhook);
            }
        }
        Ok(webhooks)
    }

    /// Whether the member has any webhook: a signup writes an event only then.
    pub fn member_has_webhooks(&self, member_id: u64) -> Result<bool, StoreError> {
        Ok(self
            .indexes
            .scan_prefix(keys::tagged_prefix(index::MEMBER_WEBHOOK, member_id))
            .next()
            .transpose()?
            .is_some())
    }

    /// Up to `limit` events waiting in the outbox, oldest first.
    pub fn outbox(&self, limit: usize) -> Result<Vec<OutboxEvent>, StoreError> {
        self.outbox.iter().values().take(limit).map(|v| codec::decode(&v?)).collect()
    }

    /// Moves `events` out of the outbox into `events`, creating `deliveries`, atomically.
    pub fn fan_out(&self, events: &[OutboxEvent], deliveries: &[PendingDelivery]) -> Result<(), StoreError> {
        let _writing = self.writing();
        let encoded_events =
            events.iter().map(|e| Ok((keys::id(e.id), codec::encode(e)?))).collect::<Result<Vec<_>, StoreError>>()?;
        let encoded_deliveries = deliveries
            .iter()
            .map(|d| Ok((delivery_key(d.webhook_id, d.event_id), codec::encode(d)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        let outcome = (&self.outbox, &self.events, &self.deliveries).transaction(|(outbox, stored, pending)| {
            for (key, value) in &encoded_events {
                outbox.remove(key)?;
                stored.insert(key, value.as_slice())?;
            }
            for (key, value) in &encoded_deliveries {
                pending.insert(key, value.as_slice())?;
            }
            Ok(())
        });
        finish_transaction(outcome)
    }

    pub fn event(&self, id: u64) -> Result<Option<OutboxEvent>, StoreError> {
        Self::read(&self.events, keys::id(id))
    }

    /// Every delivery still to be made (loaded by the dispatcher at start-up).
    pub fn pending_deliveries(&self) -> Result<Vec<PendingDelivery>, StoreError> {
        self.deliveries.iter().values().map(|v| codec::decode(&v?)).collect()
    }

    /// Whether `event_id` was ever meant for `webhook_id` (pending, or attempted).
    pub fn delivery_known(&self, webhook_id: u64, event_id: u64) -> Result<bool, StoreError> {
        Ok(self.deliveries.contains_key(delivery_key(webhook_id, event_id))?
            || self.delivery_log.scan_prefix(delivery_key(webhook_id, event_id)).next().transpose()?.is_some())
    }

    /// Number of attempts logged for a delivery.
    pub fn attempts_made(&self, webhook_id: u64, event_id: u64) -> Result<u32, StoreError> {
        Ok(self.delivery_log.scan_prefix(delivery_key(webhook_id, event_id)).count() as u32)
    }

    /// Queues a delivery (a new one, or a manual retry).
    pub fn queue_delivery(&self, delivery: &PendingDelivery) -> Result<(), StoreError> {
        let _writing = self.writing();
        self.deliveries.insert(delivery_key(delivery.webhook_id, delivery.event_id), codec::encode(delivery)?)?;
        Ok(())
    }

    /// Forgets a pending delivery that can no longer be made.
    pub fn remove_delivery(&self, webhook_id: u64, event_id: u64) -> Result<(), StoreError> {
        let _writing = self.writing();
        self.deliveries.remove(delivery_key(webhook_id, event_id))?;
        Ok(())
    }

    /// Logs an attempt and replaces the pending delivery with `next` (or removes it), in one
    /// transaction.
    pub fn record_attempt(
        &self,
        webhook_id: u64,
        attempt: &Attempt,
        next: Option<&PendingDelivery>,
    ) -> Result<(), StoreError> {
        let _writing = self.writing();
        let log_key = attempt_key(webhook_id, attempt.event_id, attempt.attempt);
        let log_value = codec::encode(attempt)?;
        let next_value = next.map(codec::encode).transpose()?;
        let key = delivery_key(webhook_id, attempt.event_id);
        let outcome = (&self.deliveries, &self.delivery_log).transaction(|(pending, log)| {
            log.insert(&log_key, log_value.as_slice())?;
            match &next_value {
                Some(value) => pending.insert(&key, value.as_slice())?,
                None => pending.remove(&key)?,
            };
            Ok(())
        });
        finish_transaction(outcome)
    }

    /// A page of a webhook's attempts, newest first, and their count.
    pub fn attempts_of_webhook(&self, webhook_id: u64, page: PageRequest) -> Result<(Vec<Attempt>, u64), StoreError> {
        let mut attempts = Vec::with_capacity(page.limit as usize);
        let mut total = 0u64;
        for value in self.delivery_log.scan_prefix(keys::id(webhook_id)).values().rev() {
            let value = value?;
            if total >= page.offset() && (attempts.len() as u64) < page.limit {
                attempts.push(codec::decode(&value)?);
            }
            total += 1;
        }
        Ok((attempts, total))
    }
}
