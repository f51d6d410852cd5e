//! Emails to participants (and the member's daily digests): the composed emails with what
//! became of each, and the outbox of those still to be sent. Decisions write emails and their
//! outbox entries in their own commit (`writes.rs`); the mailer reads what is due and records
//! each attempt here, and a failed email is queued again once however many ask.

use async_trait::async_trait;

use super::{body, codec, id_at, sql_id, window, PgStore, StoreError};
use crate::domain::outgoing_email::{EmailAttempt, EmailDelivery, EmailStatus, OutgoingEmail, QueuedEmail};
use crate::domain::pagination::PageRequest;
use crate::domain::Campaign;
use crate::store::EmailStore;

/// An email with what became of it, back from its row.
fn email_of(row: &tokio_postgres::Row) -> Result<(OutgoingEmail, EmailDelivery), StoreError> {
    Ok((body(row, "body")?, body(row, "delivery")?))
}

/// An outbox entry, back from its row.
fn queued_of(row: &tokio_postgres::Row) -> QueuedEmail {
    QueuedEmail {
        email_id: id_at(row, "email_id"),
        campaign_id: id_at(row, "campaign_id"),
        attempts: row.get::<_, i32>("attempts").max(0) as u32,
        due_ms: row.get("due_ms"),
    }
}

#[async_trait]
impl EmailStore for PgStore {
    async fn due_emails(&self, now_ms: i64, limit: usize) -> Result<Vec<QueuedEmail>, StoreError> {
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                "SELECT email_id, campaign_id, attempts, due_ms FROM email_outbox WHERE due_ms <= $1
                 ORDER BY due_ms, email_id LIMIT $2",
                &[&now_ms, &(limit as i64)],
            )
            .await?;
        Ok(rows.iter().map(queued_of).collect())
    }

    /// Locked as picked (`FOR UPDATE SKIP LOCKED`): two servers claiming at once take disjoint
    /// sets. Leases run on the database's clock; a recorded attempt's next entry starts free.
    async fn claim_emails(
        &self,
        now_ms: i64,
        limit: usize,
        lease_ms: i64,
        own_too: bool,
    ) -> Result<Vec<QueuedEmail>, StoreError> {
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                "WITH claimed AS (
                     SELECT brand_id, email_id FROM email_outbox
                     WHERE due_ms <= $1 AND (leased_until_ms < now_ms() OR ($4 AND leased_by = $5))
                     ORDER BY due_ms, email_id LIMIT $2 FOR UPDATE SKIP LOCKED)
                 UPDATE email_outbox o SET leased_until_ms = now_ms() + $3, leased_by = $5
                 FROM claimed c WHERE o.brand_id = c.brand_id AND o.email_id = c.email_id
                 RETURNING o.email_id, o.campaign_id, o.attempts, o.due_ms",
                &[&now_ms, &(limit as i64), &lease_ms, &own_too, &self.lease.holder],
            )
            .await?;
        let mut claimed: Vec<QueuedEmail> = rows.iter().map(queued_of).collect();
        claimed.sort_by_key(|q| (q.due_ms, q.email_id));
        Ok(claimed)
    }

    async fn due_digests(&self, day: u32) -> Result<Vec<Campaign>, StoreError> {
        self.bodies_of(
            "SELECT c.body FROM campaigns c
                 LEFT JOIN digest_marks d ON d.brand_id = c.brand_id AND d.campaign_id = c.campaign_id
                 WHERE c.digest AND (d.day IS NULL OR d.day < $1) ORDER BY c.campaign_id",
            &[&(day as i32)],
        )
        .await
    }

    async fn outgoing_email(&self, campaign_id: u64, email_id: u64) -> Result<Option<OutgoingEmail>, StoreError> {
        self.body_of(
            "SELECT body FROM emails WHERE email_id = $1 AND campaign_id = $2",
            &[&sql_id(email_id), &sql_id(campaign_id)],
        )
        .await
    }

    async fn unsubscribed(&self, campaign_id: u64, participant_id: u64) -> Result<bool, StoreError> {
        let row = self
            .db
            .conn()
            .await?
            .row(
                "SELECT unsubscribed FROM participant_marks WHERE participant_id = $1 AND campaign_id = $2",
                &[&sql_id(participant_id), &sql_id(campaign_id)],
            )
            .await?;
        Ok(row.is_some_and(|row| row.get("unsubscribed")))
    }

    /// All or nothing. An attempt whose email is gone only leaves the outbox.
    async fn record_email_attempts(&self, attempts: &[EmailAttempt]) -> Result<(), StoreError> {
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        for attempt in attempts {
            let email_id = sql_id(attempt.queued.email_id);
            conn.execute("DELETE FROM email_outbox WHERE email_id = $1", &[&email_id]).await?;
            if let Some(next) = &attempt.next {
                conn.execute(
                    "INSERT INTO email_outbox (brand_id, email_id, campaign_id, attempts, due_ms)
                     SELECT brand_id, email_id, campaign_id, $2, $3 FROM emails WHERE email_id = $1",
                    &[&email_id, &(next.attempts as i32), &next.due_ms],
                )
                .await?;
            }
            if let Some(delivery) = &attempt.delivery {
                conn.execute(
                    "UPDATE emails SET delivery = $2 WHERE email_id = $1",
                    &[&email_id, &codec::encode(delivery)?],
                )
                .await?;
            }
        }
        conn.commit().await
    }

    async fn resend_failed_email(
        &self,
        campaign_id: u64,
        email_id: u64,
        now_ms: i64,
    ) -> Result<Option<(bool, EmailDelivery)>, StoreError> {
        let (campaign_id, email_id) = (sql_id(campaign_id), sql_id(email_id));
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        // The email's row is locked until the commit: of two servers resending at once, the
        // second reads the first's queued state. The outbox's key (one entry per email) would
        // refuse a second entry too.
        let row = conn
            .rows(
                "SELECT delivery FROM emails WHERE email_id = $1 AND campaign_id = $2 FOR UPDATE",
                &[&email_id, &campaign_id],
            )
            .await?;
        let delivery: Option<EmailDelivery> = row.first().map(|r| body(r, "delivery")).transpose()?;
        let delivery = match delivery {
            Some(failed) if failed.status == EmailStatus::Failed => failed,
            other => {
                // Nothing written: ending the transaction only lets the row go.
                conn.commit().await?;
                return Ok(other.map(|d| (false, d)));
            }
        };
        let again = EmailDelivery { status: EmailStatus::Queued, ..delivery };
        conn.execute("UPDATE emails SET delivery = $2 WHERE email_id = $1", &[&email_id, &codec::encode(&again)?])
            .await?;
        conn.execute(
            "INSERT INTO email_outbox (brand_id, email_id, campaign_id, attempts, due_ms)
             SELECT brand_id, email_id, campaign_id, 0, $2 FROM emails WHERE email_id = $1
             ON CONFLICT DO NOTHING",
            &[&email_id, &now_ms],
        )
        .await?;
        conn.commit().await?;
        Ok(Some((true, again)))
    }

    async fn emails_of_campaign(
        &self,
        campaign_id: u64,
        page: PageRequest,
    ) -> Result<(Vec<(OutgoingEmail, EmailDelivery)>, u64), StoreError> {
        let (limit, offset) = window(page);
        let campaign_id = sql_id(campaign_id);
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "SELECT body, delivery FROM emails WHERE campaign_id = $1 ORDER BY email_id DESC LIMIT $2 OFFSET $3",
                &[&campaign_id, &limit, &offset],
            )
            .await?;
        let total = conn.one("SELECT count(*) AS n FROM emails WHERE campaign_id = $1", &[&campaign_id]).await?;
        Ok((rows.iter().map(email_of).collect::<Result<_, _>>()?, id_at(&total, "n")))
    }

    async fn emails_of_participant(
        &self,
        participant_id: u64,
    ) -> Result<Vec<(OutgoingEmail, EmailDelivery)>, StoreError> {
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                "SELECT body, delivery FROM emails WHERE participant_id = $1 ORDER BY email_id",
                &[&sql_id(participant_id)],
            )
            .await?;
        rows.iter().map(email_of).collect()
    }
}
