//! Webhooks with their outbox (the deliveries still to be made) and the log of every attempt
//! (emails to participants, with theirs, are in `emails.rs`), and a campaign's deletion.
//! Decisions write events and deliveries in their own commit (`writes.rs`); the dispatcher
//! records what became of each attempt here.

use std::sync::Arc;

use async_trait::async_trait;

use super::connection::Conn;
use super::copies::MENTION_EVENT;
use super::{bodies, codec, id_at, sql_id, window, PgStore, StoreError};
use crate::domain::event::Event;
use crate::domain::pagination::PageRequest;
use crate::domain::webhook::{Attempt, PendingDelivery, Webhook, WebhookRoute};
use crate::domain::Campaign;
use crate::store::{FinishedAttempt, WebhookStore};

/// The lease a server takes on the webhook deliveries it queues: how long past their due time
/// (ms), and the server's id.
#[derive(Debug, Clone, Copy)]
pub(super) struct Lease {
    pub ms: i64,
    pub holder: i64,
}

/// Queues a delivery (or its next attempt), leased to this server until its due time (or now,
/// if later) plus the lease.
const QUEUE: &str = "INSERT INTO deliveries (webhook_id, event_id, attempts, due_ms, leased_until_ms, leased_by)
     VALUES ($1, $2, $3, $4, greatest($4, now_ms()) + $5, $6)
     ON CONFLICT (webhook_id, event_id)
     DO UPDATE SET attempts = $3, due_ms = $4, leased_until_ms = greatest($4, now_ms()) + $5, leased_by = $6";

/// Queues a delivery (or its next attempt), leased to this server.
pub(super) async fn queue(conn: &mut Conn, delivery: &PendingDelivery, lease: Lease) -> Result<(), StoreError> {
    let (webhook_id, event_id, attempts) =
        (sql_id(delivery.webhook_id), sql_id(delivery.event_id), delivery.attempts as i32);
    conn.execute(QUEUE, &[&webhook_id, &event_id, &attempts, &delivery.due_ms, &lease.ms, &lease.holder]).await?;
    Ok(())
}

/// A pending delivery back from its row.
fn delivery_of(row: &tokio_postgres::Row) -> PendingDelivery {
    PendingDelivery {
        webhook_id: id_at(row, "webhook_id"),
        event_id: id_at(row, "event_id"),
        attempts: row.get::<_, i32>("attempts").max(0) as u32,
        due_ms: row.get("due_ms"),
    }
}

/// Where events go: the active ones of a member's webhooks.
pub(super) fn routes_of(webhooks: Vec<Webhook>) -> Arc<Vec<WebhookRoute>> {
    let routes = webhooks
        .into_iter()
        .filter(|w| w.active)
        .map(|w| WebhookRoute { webhook_id: w.id, campaign_id: w.campaign_id, events: w.events })
        .collect();
    Arc::new(routes)
}

#[async_trait]
impl WebhookStore for PgStore {
    /// Read from the database at every signup: a webhook written through another server is
    /// heard of at once.
    async fn webhook_routes(&self, member_id: u64) -> Result<Arc<Vec<WebhookRoute>>, StoreError> {
        Ok(routes_of(self.all_webhooks_of_member(member_id).await?))
    }

    async fn create_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        self.db
            .conn()
            .await?
            .execute(
                "INSERT INTO webhooks (member_id, webhook_id, body) VALUES ($1, $2, $3)",
                &[&sql_id(webhook.member_id), &sql_id(webhook.id), &codec::encode(webhook)?],
            )
            .await?;
        Ok(())
    }

    async fn webhook(&self, id: u64) -> Result<Option<Webhook>, StoreError> {
        self.body_of("SELECT body FROM webhooks WHERE webhook_id = $1", &[&sql_id(id)]).await
    }

    async fn event(&self, id: u64) -> Result<Option<Event>, StoreError> {
        self.body_of("SELECT body FROM events WHERE event_id = $1", &[&sql_id(id)]).await
    }

    async fn events_of_participant(&self, participant_id: u64) -> Result<Vec<Event>, StoreError> {
        self.bodies_of(
            "SELECT e.body FROM mentions m
                 JOIN events e ON e.event_id = ('x' || encode(m.key, 'hex'))::bit(64)::bigint
                 WHERE m.participant_id = $1 AND m.kind = $2 ORDER BY e.event_id",
            &[&sql_id(participant_id), &MENTION_EVENT],
        )
        .await
    }

    async fn save_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        self.db
            .conn()
            .await?
            .execute(
                "UPDATE webhooks SET body = $2 WHERE webhook_id = $1",
                &[&sql_id(webhook.id), &codec::encode(webhook)?],
            )
            .await?;
        Ok(())
    }

    async fn delete_webhook(&self, webhook: &Webhook) -> Result<(), StoreError> {
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        let id = sql_id(webhook.id);
        conn.execute("DELETE FROM webhooks WHERE webhook_id = $1", &[&id]).await?;
        conn.execute("DELETE FROM deliveries WHERE webhook_id = $1", &[&id]).await?;
        conn.execute("DELETE FROM attempts WHERE webhook_id = $1", &[&id]).await?;
        conn.commit().await
    }

    async fn webhooks_of_member(&self, member_id: u64, page: PageRequest) -> Result<(Vec<Webhook>, u64), StoreError> {
        let (limit, offset) = window(page);
        let member_id = sql_id(member_id);
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "SELECT body FROM webhooks WHERE member_id = $1 ORDER BY webhook_id DESC LIMIT $2 OFFSET $3",
                &[&member_id, &limit, &offset],
            )
            .await?;
        let total = conn.one("SELECT count(*) AS n FROM webhooks WHERE member_id = $1", &[&member_id]).await?;
        Ok((bodies(&rows)?, id_at(&total, "n")))
    }

    async fn all_webhooks_of_member(&self, member_id: u64) -> Result<Vec<Webhook>, StoreError> {
        self.bodies_of("SELECT body FROM webhooks WHERE member_id = $1 ORDER BY webhook_id", &[&sql_id(member_id)])
            .await
    }

    async fn pending_deliveries(&self) -> Result<Vec<PendingDelivery>, StoreError> {
        let rows = self
            .db
            .conn()
            .await?
            .rows("SELECT webhook_id, event_id, attempts, due_ms FROM deliveries ORDER BY webhook_id, event_id", &[])
            .await?;
        Ok(rows.iter().map(delivery_of).collect())
    }

    /// One claimant per delivery: the rows are locked as they are picked (`FOR UPDATE SKIP
    /// LOCKED`), so two servers claiming at once take disjoint sets, and a lease that has not
    /// run out is never taken.
    async fn claim_deliveries(
        &self,
        lease: std::time::Duration,
        limit: usize,
        own_too: bool,
    ) -> Result<Vec<PendingDelivery>, StoreError> {
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                "WITH claimed AS (
                     SELECT webhook_id, event_id FROM deliveries
                     WHERE leased_until_ms < now_ms() OR ($4 AND leased_by = $3)
                     ORDER BY due_ms LIMIT $2 FOR UPDATE SKIP LOCKED)
                 UPDATE deliveries d SET leased_until_ms = greatest(d.due_ms, now_ms()) + $1, leased_by = $3
                 FROM claimed c WHERE d.webhook_id = c.webhook_id AND d.event_id = c.event_id
                 RETURNING d.webhook_id, d.event_id, d.attempts, d.due_ms",
                &[&(lease.as_millis() as i64), &(limit.min(i64::MAX as usize) as i64), &self.lease.holder, &own_too],
            )
            .await?;
        let mut claimed: Vec<PendingDelivery> = rows.iter().map(delivery_of).collect();
        claimed.sort_by_key(|d| (d.due_ms, d.webhook_id, d.event_id));
        Ok(claimed)
    }

    async fn renew_leases(&self, held: &[PendingDelivery], lease: std::time::Duration) -> Result<(), StoreError> {
        if held.is_empty() {
            return Ok(());
        }
        let webhooks: Vec<i64> = held.iter().map(|d| sql_id(d.webhook_id)).collect();
        let events: Vec<i64> = held.iter().map(|d| sql_id(d.event_id)).collect();
        self.db
            .conn()
            .await?
            .execute(
                "UPDATE deliveries d SET leased_until_ms = greatest(d.due_ms, now_ms()) + $3
                 FROM unnest($1::bigint[], $2::bigint[]) AS h (w, e)
                 WHERE d.webhook_id = h.w AND d.event_id = h.e AND d.leased_by = $4",
                &[&webhooks, &events, &(lease.as_millis() as i64), &self.lease.holder],
            )
            .await?;
        Ok(())
    }

    async fn delivery_known(&self, webhook_id: u64, event_id: u64) -> Result<bool, StoreError> {
        let row = self
            .db
            .conn()
            .await?
            .one(
                "SELECT EXISTS (SELECT 1 FROM deliveries WHERE webhook_id = $1 AND event_id = $2)
                     OR EXISTS (SELECT 1 FROM attempts WHERE webhook_id = $1 AND event_id = $2) AS known",
                &[&sql_id(webhook_id), &sql_id(event_id)],
            )
            .await?;
        Ok(row.get("known"))
    }

    async fn attempts_made(&self, webhook_id: u64, event_id: u64) -> Result<u32, StoreError> {
        let row = self
            .db
            .conn()
            .await?
            .one(
                "SELECT count(*) AS n FROM attempts WHERE webhook_id = $1 AND event_id = $2",
                &[&sql_id(webhook_id), &sql_id(event_id)],
            )
            .await?;
        Ok(id_at(&row, "n") as u32)
    }

    /// Leased to this server, whose dispatcher queued it.
    async fn queue_delivery(&self, delivery: &PendingDelivery) -> Result<(), StoreError> {
        queue(&mut *self.db.conn().await?, delivery, self.lease).await
    }

    async fn remove_delivery(&self, webhook_id: u64, event_id: u64) -> Result<(), StoreError> {
        self.db
            .conn()
            .await?
            .execute(
                "DELETE FROM deliveries WHERE webhook_id = $1 AND event_id = $2",
                &[&sql_id(webhook_id), &sql_id(event_id)],
            )
            .await?;
        Ok(())
    }

    /// All or nothing: the log and the outbox move together in one transaction.
    async fn record_attempts(&self, finished: &[FinishedAttempt]) -> Result<(), StoreError> {
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        for done in finished {
            let (webhook_id, event_id) = (sql_id(done.webhook_id), sql_id(done.attempt.event_id));
            conn.execute(
                "INSERT INTO attempts (webhook_id, event_id, body) VALUES ($1, $2, $3)",
                &[&webhook_id, &event_id, &codec::encode(&done.attempt)?],
            )
            .await?;
            match &done.next {
                // The retry stays this server's: it waits in its dispatcher's queue.
                Some(next) => queue(&mut conn, next, self.lease).await?,
                None => {
                    conn.execute(
                        "DELETE FROM deliveries WHERE webhook_id = $1 AND event_id = $2",
                        &[&webhook_id, &event_id],
                    )
                    .await?;
                }
            }
        }
        conn.commit().await
    }

    async fn attempts_of_webhook(&self, webhook_id: u64, page: PageRequest) -> Result<(Vec<Attempt>, u64), StoreError> {
        let (limit, offset) = window(page);
        let webhook_id = sql_id(webhook_id);
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "SELECT body FROM attempts WHERE webhook_id = $1 ORDER BY seq DESC LIMIT $2 OFFSET $3",
                &[&webhook_id, &limit, &offset],
            )
            .await?;
        let total = conn.one("SELECT count(*) AS n FROM attempts WHERE webhook_id = $1", &[&webhook_id]).await?;
        Ok((bodies(&rows)?, id_at(&total, "n")))
    }
}

impl PgStore {
    /// Deletes a campaign and everything it owns in one transaction, under the brand's lock
    /// (no decision of the brand runs meanwhile, on any server): gone for every reader at once,
    /// or not at all. Its participants' events and their deliveries go; their copies in
    /// idempotency records are erased (the records keep answering replays, anonymously).
    pub(super) async fn delete_campaign_rows(&self, campaign: &Campaign) -> Result<(), StoreError> {
        let (brand_id, campaign_id) = (sql_id(campaign.brand_id), sql_id(campaign.id));
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        conn.execute("SELECT pg_advisory_xact_lock($1)", &[&brand_id]).await?;
        let kept = conn
            .rows(
                "SELECT m.participant_id, m.key FROM mentions m
                 JOIN participants p ON p.participant_id = m.participant_id
                 WHERE p.brand_id = $1 AND p.campaign_id = $2 AND m.kind = $3",
                &[&brand_id, &campaign_id, &super::copies::MENTION_IDEMPOTENCY],
            )
            .await?;
        for row in kept {
            let key: Vec<u8> = row.get("key");
            super::copies::forget_in_idempotency(&mut conn, &key, id_at(&row, "participant_id")).await?;
        }
        conn.execute(
            "DELETE FROM mentions WHERE participant_id IN
                 (SELECT participant_id FROM participants WHERE brand_id = $1 AND campaign_id = $2)",
            &[&brand_id, &campaign_id],
        )
        .await?;
        conn.execute(
            "DELETE FROM deliveries WHERE event_id IN
                 (SELECT event_id FROM events WHERE brand_id = $1 AND campaign_id = $2)",
            &[&brand_id, &campaign_id],
        )
        .await?;
        for sql in CAMPAIGN_TABLES {
            conn.execute(sql, &[&brand_id, &campaign_id]).await?;
        }
        conn.commit().await
    }
}

/// Every table with rows of a campaign, emptied of them when it is deleted.
const CAMPAIGN_TABLES: &[&str] = &[
    "DELETE FROM events WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM email_outbox WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM emails WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM digest_marks WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM places WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM contest_results WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM standings WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM rates WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM payout_rewards WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM payouts WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM payout_details WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM payout_owed WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM payment_references WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM customer_bindings WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM promo_codes WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM commissions WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM conversions WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM visits WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM invites WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM rewards WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM participant_marks WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM domain_proofs WHERE subject IN (SELECT 'participant:' || participant_id FROM participants
     WHERE brand_id = $1 AND campaign_id = $2 AND domain IS NOT NULL)",
    "DELETE FROM participants WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM pending_rewards WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM coupons WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM coupon_pools WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM daily WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM rollups WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM rollup_generations WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM partner_packs WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM held_numbers WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM counters WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM landers WHERE brand_id = $1 AND campaign_id = $2",
    "DELETE FROM campaigns WHERE brand_id = $1 AND campaign_id = $2",
];
