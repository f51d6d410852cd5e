//! Emails to participants: the composed messages, the outbox and the delivery log.
//!
//! | tree | key | value |
//! |---|---|---|
//! | `campaign_rows` | campaign ++ `o` ++ email | [`OutgoingEmail`] (written by the brand: a decision, an erasure) |
//! | `campaign_rows` | campaign ++ `x` ++ participant | () : unsubscribed from the campaign's emails |
//! | `campaign_rows` | campaign ++ `j` | [`DigestMark`] : where the member's last daily digest left off |
//! | `indexes` | `Q` ++ due ms ++ email | [`QueuedEmail`] : the outbox, by when each is due |
//! | `email_log` | email | [`EmailDelivery`] (written by the mailer only) |
//!
//! A decision writes an email's row and its outbox entry (due at 0: at once) in its own
//! commit. The mailer replaces the entry after a temporary failure (under its new due time)
//! and removes it when it is done, with the log record in the same journaled commit; the
//! brand's entries and the mailer's never share a key, which is what makes the journal's
//! lock-free commit sound here. Rows live in the campaign's key range, so a deleted
//! campaign's emails go with its rows; the mailer drops an outbox entry whose row is gone.

use async_trait::async_trait;

use super::keys::{self, campaign_row, index};
use super::overlay::{Overlay, TreeId};
use super::{codec, SledStore, StoreError};
use crate::domain::digest::DigestMark;
use crate::domain::outgoing_email::{EmailAttempt, EmailDelivery, EmailStatus, OutgoingEmail, QueuedEmail};
use crate::domain::pagination::PageRequest;
use crate::domain::Campaign;
use crate::store::EmailStore;

/// Key of an email's row.
pub(super) fn email_key(campaign_id: u64, email_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::OUTGOING_EMAIL, &keys::id(email_id))
}

/// Key of an unsubscription.
pub(super) fn unsubscribed_key(campaign_id: u64, participant_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::UNSUBSCRIBED, &keys::id(participant_id))
}

/// Key of a campaign's digest mark.
pub(super) fn digest_mark_key(campaign_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::DIGEST_MARK, &[])
}

/// Key of an outbox entry.
pub(super) fn queue_key(queued: &QueuedEmail) -> [u8; 17] {
    keys::tagged(index::EMAIL_QUEUE, queued.due_ms.max(0) as u64, queued.email_id)
}

/// The [`index::MENTION`] key of an email (campaign ++ email: enough to find its row).
pub(super) fn email_mention(campaign_id: u64, email_id: u64) -> Vec<u8> {
    [keys::id(campaign_id), keys::id(email_id)].concat()
}

/// The (campaign, email) an [`email_mention`] names.
fn read_email_mention(mention: &[u8]) -> Option<(u64, u64)> {
    Some((keys::read_id(mention.get(..8)?)?, keys::read_id(mention.get(8..)?)?))
}

impl SledStore {
    /// Stages a composed email: its row, its mentions and its outbox entry, due at once.
    pub(super) fn stage_email(&self, tx: &mut Overlay<'_>, email: &OutgoingEmail) -> Result<(), StoreError> {
        for participant_id in email.participant_ids() {
            let mention =
                keys::mention(participant_id, keys::mention::EMAIL, &email_mention(email.campaign_id, email.id));
            tx.insert(TreeId::Indexes, mention, Vec::new());
        }
        tx.insert(TreeId::CampaignRows, email_key(email.campaign_id, email.id), codec::encode(email)?);
        let queued = QueuedEmail { email_id: email.id, campaign_id: email.campaign_id, attempts: 0, due_ms: 0 };
        tx.insert(TreeId::Indexes, queue_key(&queued).to_vec(), codec::encode(&queued)?);
        Ok(())
    }

    /// Erases participant `participant_id` from the email a mention names.
    pub(super) fn forget_in_email(
        &self,
        tx: &mut Overlay<'_>,
        mention: &[u8],
        participant_id: u64,
    ) -> Result<(), StoreError> {
        let Some((campaign_id, email_id)) = read_email_mention(mention) else {
            return Err(StoreError::Decode(format!("malformed email mention of participant {participant_id}")));
        };
        let key = email_key(campaign_id, email_id);
        let Some(row) = tx.get(TreeId::CampaignRows, &key)? else { return Ok(()) };
        let mut email: OutgoingEmail = codec::decode(&row)?;
        if email.forget(participant_id) {
            tx.insert(TreeId::CampaignRows, key, codec::encode(&email)?);
        }
        Ok(())
    }

    /// Removes the delivery log of a campaign's emails (their rows go with the campaign's).
    pub(super) fn purge_email_log(&self, campaign_id: u64) -> Result<(), StoreError> {
        let prefix = keys::row(campaign_id, campaign_row::OUTGOING_EMAIL, &[]);
        let mut log = sled::Batch::default();
        for key in self.campaign_rows.scan_prefix(&prefix).keys() {
            if let Some(email_id) = keys::read_id(&key?[prefix.len()..]) {
                log.remove(&keys::id(email_id));
            }
        }
        let _writing = self.writing();
        self.email_log.apply_batch(log)?;
        Ok(())
    }

    fn delivery_of(&self, email_id: u64) -> Result<EmailDelivery, StoreError> {
        Ok(Self::read(&self.email_log, keys::id(email_id))?.unwrap_or_else(EmailDelivery::queued))
    }
}

#[async_trait]
impl EmailStore for SledStore {
    async fn due_emails(&self, now_ms: i64, limit: usize) -> Result<Vec<QueuedEmail>, StoreError> {
        let mut due = Vec::new();
        for entry in self.indexes.range(queue_range(now_ms)).values().take(limit) {
            due.push(codec::decode(&entry?)?);
        }
        // Queued by a decision whose commit may still be on its way to the disk: answered
        // once it is there. Only when something is due: the mailer looks every 200 ms, and a
        // look that finds nothing should not flush for nothing.
        if !due.is_empty() {
            self.commit.durable().await?;
        }
        Ok(due)
    }

    /// One server holds an embedded database: the leases are this process's, in memory (a
    /// restart frees them, as it ends every attempt). Looked for and taken under one lock.
    async fn claim_emails(
        &self,
        now_ms: i64,
        limit: usize,
        lease_ms: i64,
        _own_too: bool,
    ) -> Result<Vec<QueuedEmail>, StoreError> {
        let claimed = {
            let mut leases = self.email_leases.lock();
            let clock = chrono::Utc::now().timestamp_millis();
            leases.retain(|_, until| *until > clock);
            let mut claimed = Vec::new();
            for entry in self.indexes.range(queue_range(now_ms)).values() {
                if claimed.len() == limit {
                    break;
                }
                let queued: QueuedEmail = codec::decode(&entry?)?;
                if let std::collections::hash_map::Entry::Vacant(free) = leases.entry(queued.email_id) {
                    free.insert(clock.saturating_add(lease_ms));
                    claimed.push(queued);
                }
            }
            claimed
        };
        // As `due_emails`: answered once what queued them is on the disk.
        if !claimed.is_empty() {
            if let Err(e) = self.commit.durable().await {
                let mut leases = self.email_leases.lock();
                for queued in &claimed {
                    leases.remove(&queued.email_id);
                }
                return Err(e);
            }
        }
        Ok(claimed)
    }

    async fn due_digests(&self, day: u32) -> Result<Vec<Campaign>, StoreError> {
        let mut due = Vec::new();
        for row in self.campaigns.iter().values() {
            let campaign: Campaign = codec::decode(&row?)?;
            if !campaign.emails.digest.enabled {
                continue;
            }
            let mark: Option<DigestMark> = Self::read(&self.campaign_rows, digest_mark_key(campaign.id))?;
            if mark.is_none_or(|m| m.day < day) {
                due.push(campaign);
            }
        }
        Ok(due)
    }

    async fn outgoing_email(&self, campaign_id: u64, email_id: u64) -> Result<Option<OutgoingEmail>, StoreError> {
        Self::read(&self.campaign_rows, email_key(campaign_id, email_id))
    }

    async fn unsubscribed(&self, campaign_id: u64, participant_id: u64) -> Result<bool, StoreError> {
        Ok(self.campaign_rows.contains_key(unsubscribed_key(campaign_id, participant_id))?)
    }

    async fn record_email_attempts(&self, attempts: &[EmailAttempt]) -> Result<(), StoreError> {
        let outcome: Result<(), StoreError> = async {
            let mut overlay = Overlay::new(self);
            for attempt in attempts {
                overlay.remove(TreeId::Indexes, queue_key(&attempt.queued).to_vec());
                if let Some(next) = &attempt.next {
                    overlay.insert(TreeId::Indexes, queue_key(next).to_vec(), codec::encode(next)?);
                }
                if let Some(delivery) = &attempt.delivery {
                    overlay.insert(TreeId::EmailLog, keys::id(attempt.queued.email_id), codec::encode(delivery)?);
                }
            }
            overlay.commit_journaled()
        }
        .await;
        let outcome = self.acknowledged(outcome).await;
        // Recorded: the entry that follows (a retry) is free to be claimed when due.
        if outcome.is_ok() {
            let mut leases = self.email_leases.lock();
            for attempt in attempts {
                leases.remove(&attempt.queued.email_id);
            }
        }
        outcome
    }

    async fn resend_failed_email(
        &self,
        campaign_id: u64,
        email_id: u64,
        now_ms: i64,
    ) -> Result<Option<(bool, EmailDelivery)>, StoreError> {
        let outcome: Result<_, StoreError> = async {
            // One at a time (sled has one process): the second of two at once reads the first's
            // queued state. A failed email has no outbox entry and no attempt in flight, so the
            // mailer does not write it meanwhile.
            let _one_resend = self.resends.lock();
            if Self::read::<OutgoingEmail>(&self.campaign_rows, email_key(campaign_id, email_id))?.is_none() {
                return Ok(None);
            }
            let delivery = self.delivery_of(email_id)?;
            if delivery.status != EmailStatus::Failed {
                return Ok(Some((false, delivery)));
            }
            let queued = QueuedEmail { email_id, campaign_id, attempts: 0, due_ms: now_ms };
            let mut overlay = Overlay::new(self);
            overlay.insert(TreeId::Indexes, queue_key(&queued).to_vec(), codec::encode(&queued)?);
            let again = EmailDelivery { status: EmailStatus::Queued, ..delivery };
            overlay.insert(TreeId::EmailLog, keys::id(email_id), codec::encode(&again)?);
            overlay.commit_journaled()?;
            Ok(Some((true, again)))
        }
        .await;
        self.acknowledged(outcome).await
    }

    async fn emails_of_campaign(
        &self,
        campaign_id: u64,
        page: PageRequest,
    ) -> Result<(Vec<(OutgoingEmail, EmailDelivery)>, u64), StoreError> {
        let prefix = keys::row(campaign_id, campaign_row::OUTGOING_EMAIL, &[]);
        let mut emails = Vec::with_capacity(page.limit as usize);
        let mut total = 0u64;
        for entry in self.campaign_rows.scan_prefix(&prefix).rev() {
            let (_, row) = entry?;
            if total >= page.offset() && (emails.len() as u64) < page.limit {
                let email: OutgoingEmail = codec::decode(&row)?;
                let delivery = self.delivery_of(email.id)?;
                emails.push((email, delivery));
            }
            total += 1;
        }
        Ok((emails, total))
    }

    async fn emails_of_participant(
        &self,
        participant_id: u64,
    ) -> Result<Vec<(OutgoingEmail, EmailDelivery)>, StoreError> {
        let prefix = keys::mention(participant_id, keys::mention::EMAIL, &[]);
        let mut emails = Vec::new();
        for key in self.indexes.scan_prefix(&prefix).keys() {
            let key = key?;
            let Some((campaign_id, email_id)) = read_email_mention(&key[prefix.len()..]) else { continue };
            if let Some(email) = Self::read::<OutgoingEmail>(&self.campaign_rows, email_key(campaign_id, email_id))? {
                if email.participant_id == participant_id {
                    let delivery = self.delivery_of(email.id)?;
                    emails.push((email, delivery));
                }
            }
        }
        Ok(emails)
    }
}

/// The outbox's keys of the entries due at `now_ms` or before.
fn queue_range(now_ms: i64) -> std::ops::RangeInclusive<Vec<u8>> {
    keys::tagged(index::EMAIL_QUEUE, 0, 0).to_vec()
        ..=keys::tagged(index::EMAIL_QUEUE, now_ms.max(0) as u64, u64::MAX).to_vec()
}
