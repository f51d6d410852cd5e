//! Campaigns, their counters and daily signups, and the cascade delete of everything a
//! campaign owns.

use crate::domain::partner_packs::PackPeriod;
use crate::domain::rollup::Measures;
use async_trait::async_trait;
use sled::Transactional;

use super::keys::{self, campaign_row, index, participant_row};
use super::search::roster_id;
use super::{codec, finish_transaction, tx_encode, SledStore, StoreError};
use crate::domain::counters::DailySeries;
use crate::domain::domain_proof::ProofSubject;
use crate::domain::lander::Lander;
use crate::domain::pagination::PageRequest;
use crate::domain::{Campaign, CampaignCounters, CouponPool};
use crate::store::{AtLimit, CampaignStore, CouponStore};

/// Key of a campaign's coupon pool counts.
pub(super) fn coupon_pool_key(campaign_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::COUPON_POOL, &[])
}

/// The pool's counts as stored: uploaded, then assigned, each 8 bytes big-endian.
pub(super) fn decode_coupon_pool(bytes: Option<&[u8]>) -> CouponPool {
    match bytes {
        Some(b) if b.len() == 16 => {
            CouponPool { uploaded: keys::read_id(&b[..8]).unwrap_or(0), assigned: keys::read_id(&b[8..]).unwrap_or(0) }
        }
        _ => CouponPool::default(),
    }
}

pub(super) fn encode_coupon_pool(pool: &CouponPool) -> [u8; 16] {
    let mut bytes = [0u8; 16];
    bytes[..8].copy_from_slice(&pool.uploaded.to_be_bytes());
    bytes[8..].copy_from_slice(&pool.assigned.to_be_bytes());
    bytes
}

/// Rows removed per batch when purging a deleted campaign: small batches keep every other
/// writer moving.
const PURGE_BATCH: usize = 2_000;

/// Key of the first visit of `visitor` to a participant's referral link.
pub(super) fn visit_key(campaign_id: u64, participant_id: u64, visitor: &[u8; 16]) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::VISIT, &[keys::id(participant_id).as_slice(), visitor].concat())
}

#[async_trait]
impl CampaignStore for SledStore {
    /// Stores a new campaign with its indexes unless its member has `max_campaigns` already.
    async fn create_campaign(
        &self,
        campaign: &Campaign,
        max_campaigns: Option<u64>,
    ) -> Result<Result<(), AtLimit>, StoreError> {
        let _writing = self.writing();
        let _counting = self.accounts.lock();
        if self.at_limit(&keys::tagged_prefix(index::MEMBER_CAMPAIGN, campaign.member_id), max_campaigns)? {
            return Ok(Err(AtLimit));
        }
        let due = Self::contest_due_entry(campaign);
        let outcome = (&self.campaigns, &self.indexes).transaction(|(campaigns, indexes)| {
            campaigns.insert(&keys::id(campaign.id), tx_encode(campaign)?)?;
            indexes.insert(
                &keys::tagged(index::MEMBER_CAMPAIGN, campaign.member_id, campaign.id),
                &keys::id(campaign.brand_id),
            )?;
            indexes.insert(&keys::tagged(index::BRAND_CAMPAIGN, campaign.brand_id, campaign.id), &[][..])?;
            if let Some((key, value)) = &due {
                indexes.insert(&key[..], &value[..])?;
            }
            Ok(())
        });
        finish_transaction(outcome).map(Ok)
    }

    async fn campaign(&self, id: u64) -> Result<Option<Campaign>, StoreError> {
        Self::read(&self.campaigns, keys::id(id))
    }

    /// With the campaign's contest in the index of contests due, when it has one.
    async fn save_campaign(&self, campaign: &Campaign) -> Result<(), StoreError> {
        let outcome: Result<(), StoreError> = async {
            let _writing = self.writing();
            let row = codec::encode(campaign)?;
            let due = Self::contest_due_entry(campaign);
            let outcome = (&self.campaigns, &self.indexes).transaction(|(campaigns, indexes)| {
                campaigns.insert(&keys::id(campaign.id), row.as_slice())?;
                if let Some((key, value)) = &due {
                    indexes.insert(&key[..], &value[..])?;
                }
                Ok(())
            });
            finish_transaction(outcome)
        }
        .await;
        self.acknowledged(outcome).await
    }

    /// A page of the member's campaigns (optionally of one brand), newest first, and the count.
    async fn campaigns_of_member(
        &self,
        member_id: u64,
        brand_id: Option<u64>,
        page: PageRequest,
    ) -> Result<(Vec<Campaign>, u64), StoreError> {
        let (ids, total) = match brand_id {
            Some(brand) => self.page_of_index(&keys::tagged_prefix(index::BRAND_CAMPAIGN, brand), page, |k| {
                keys::read_id(&k[9..17])
            })?,
            None => self.page_of_index(&keys::tagged_prefix(index::MEMBER_CAMPAIGN, member_id), page, |k| {
                keys::read_id(&k[9..17])
            })?,
        };
        let mut campaigns = Vec::with_capacity(ids.len());
        for id in ids {
            campaigns.extend(Self::read(&self.campaigns, keys::id(id))?);
        }
        Ok((campaigns, total))
    }

    async fn counters(&self, campaign_id: u64) -> Result<CampaignCounters, StoreError> {
        let values = self.counter_values(campaign_id)?;
        CampaignCounters::read(|counter| Ok::<_, StoreError>(values(counter)))
    }

    async fn daily(
        &self,
        campaign_id: u64,
        series: DailySeries,
        days: u32,
    ) -> Result<Vec<(chrono::NaiveDate, u64)>, StoreError> {
        let today = chrono::Utc::now().date_naive();
        let first = today - chrono::Duration::days(days.saturating_sub(1).into());
        let values = self.daily_values(
            campaign_id,
            series,
            crate::domain::engine::day_number(first),
            crate::domain::engine::day_number(today),
        )?;
        Ok(first.iter_days().zip(values).collect())
    }

    async fn rollup(&self, campaign_id: u64, first: u32, last: u32) -> Result<Vec<(u32, Measures)>, StoreError> {
        self.rollup_rows(campaign_id, first, last)
    }

    async fn partner_rollup(
        &self,
        campaign_id: u64,
        first: u32,
        last: u32,
    ) -> Result<Vec<(u64, Measures)>, StoreError> {
        Ok(self.partner_rollup_sums(campaign_id, first, last)?.into_iter().collect())
    }

    async fn rollup_generations(
        &self,
        campaign_id: u64,
        first_day: u32,
        last_day: u32,
    ) -> Result<Vec<(u32, u64)>, StoreError> {
        self.generations(campaign_id, first_day, last_day)
    }

    async fn partner_pack(&self, campaign_id: u64, period: PackPeriod) -> Result<Option<(u64, Vec<u8>)>, StoreError> {
        self.kept_pack(campaign_id, period)
    }

    async fn keep_partner_pack(
        &self,
        campaign_id: u64,
        period: PackPeriod,
        tag: u64,
        pack: &[u8],
    ) -> Result<(), StoreError> {
        self.keep_pack(campaign_id, period, tag, pack)
    }

    /// Deletes a campaign and everything it owns. The first transaction removes the campaign
    /// and its indexes and records a purge marker, so the campaign is gone for every reader at
    /// once; the rows under it are then removed in small batches. A crash in between leaves
    /// the marker, and `SledStore::resume_purges` finishes the job at the next start.
    async fn delete_campaign(&self, campaign: &Campaign) -> Result<(), StoreError> {
        let outcome: Result<(), StoreError> = async {
            let writing = self.writing();
            let outcome = (&self.campaigns, &self.indexes).transaction(|(campaigns, indexes)| {
                campaigns.remove(&keys::id(campaign.id))?;
                indexes.remove(&keys::tagged(index::MEMBER_CAMPAIGN, campaign.member_id, campaign.id))?;
                indexes.remove(&keys::tagged(index::BRAND_CAMPAIGN, campaign.brand_id, campaign.id))?;
                indexes.insert(&keys::tagged(index::PURGE, campaign.id, campaign.member_id), &[][..])?;
                Ok(())
            });
            finish_transaction(outcome)?;
            drop(writing);
            self.purge_campaign_rows(campaign.id, campaign.member_id)
        }
        .await;
        self.acknowledged(outcome).await
    }
    /// The campaign's lander, when the member configured one.
    async fn lander(&self, campaign_id: u64) -> Result<Option<Lander>, StoreError> {
        Self::read(&self.campaign_rows, keys::row(campaign_id, campaign_row::LANDER, &[]))
    }

    /// Stores the campaign's lander (one row, written by the brand's actor).
    async fn save_lander(&self, campaign_id: u64, lander: &Lander) -> Result<(), StoreError> {
        let outcome: Result<(), StoreError> = async {
            let _writing = self.writing();
            self.campaign_rows.insert(keys::row(campaign_id, campaign_row::LANDER, &[]), codec::encode(lander)?)?;
            Ok(())
        }
        .await;
        self.acknowledged(outcome).await
    }
}

#[async_trait]
impl CouponStore for SledStore {
    async fn coupon_pool(&self, campaign_id: u64) -> Result<CouponPool, StoreError> {
        self.pool(campaign_id)
    }
}

impl SledStore {
    /// Finishes purges interrupted by a crash. Run at start-up, before serving.
    pub fn resume_purges(&self) -> Result<usize, StoreError> {
        let pending: Vec<(u64, u64)> = self
            .indexes
            .scan_prefix([index::PURGE])
            .keys()
            .filter_map(|k| k.ok())
            .filter_map(|k| Some((keys::read_id(k.get(1..9)?)?, keys::read_id(k.get(9..17)?)?)))
            .collect();
        for &(campaign_id, member_id) in &pending {
            self.purge_campaign_rows(campaign_id, member_id)?;
        }
        Ok(pending.len())
    }

    fn purge_campaign_rows(&self, campaign_id: u64, member_id: u64) -> Result<(), StoreError> {
        self.coupon_codes.forget(campaign_id);
        self.forget_packs(campaign_id)?;
        // The campaign's own webhooks go with it (account-wide ones stay).
        for webhook in self.webhooks_of(member_id)? {
            if webhook.campaign_id == Some(campaign_id) {
                self.webhook_write(member_id, || self.remove_webhook(&webhook))?;
            }
        }
        // Domain participants leave the global domain index, with their domain proofs (their
        // campaign rows go below).
        let domains = keys::row(campaign_id, campaign_row::DOMAIN, &[]);
        let mut domain_index = sled::Batch::default();
        for entry in self.campaign_rows.scan_prefix(&domains) {
            let (key, value) = entry?;
            let domain = String::from_utf8_lossy(&key[domains.len()..]);
            if let Some(pid) = keys::read_id(&value) {
                domain_index.remove(keys::domain_participant(&domain, campaign_id, pid));
                domain_index.remove(super::brands::proof_key(ProofSubject::Participant(pid)));
            }
        }
        {
            let _writing = self.writing();
            self.indexes.apply_batch(domain_index)?;
        }
        // The campaign's entries of the member's issued-reward order and conversions, found
        // by the campaign id in their value (at bytes 8..16 and 0..8).
        let mut member_entries = sled::Batch::default();
        for (tag, at) in [(index::ISSUED, 8), (index::MEMBER_CONVERSION, 0)] {
            for entry in self.indexes.scan_prefix(keys::tagged_prefix(tag, member_id)) {
                let (key, value) = entry?;
                if value.get(at..at + 8).and_then(keys::read_id) == Some(campaign_id) {
                    member_entries.remove(key);
                }
            }
        }
        {
            let _writing = self.writing();
            self.indexes.apply_batch(member_entries)?;
        }
        // Participants first (their own rows and the member index), found through the roster.
        let roster = keys::row(campaign_id, campaign_row::ROSTER, &[]);
        let participant_ids: Vec<u64> = self
            .campaign_rows
            .scan_prefix(&roster)
            .values()
            .filter_map(|v| v.ok().and_then(|v| roster_id(&v)))
            .collect();
        for chunk in participant_ids.chunks(PURGE_BATCH / 4) {
            // A backup may come between two batches: it then holds the purge marker too, and
            // the restored server finishes the purge at start-up.
            let _writing = self.writing();
            let mut participants = sled::Batch::default();
            let mut indexes = sled::Batch::default();
            let mut rows = sled::Batch::default();
            for &pid in chunk {
                participants.remove(&keys::id(pid));
                indexes.remove(&keys::tagged(index::MEMBER_PARTICIPANT, member_id, pid));
                for key in self.print_keys(pid)? {
                    indexes.remove(key);
                }
                // A reward leaves the member's reward index and the holds with its row.
                for entry in self.participant_rows.scan_prefix(keys::row(pid, participant_row::REWARD, &[])) {
                    let (key, row) = entry?;
                    if let Ok(reward) = codec::decode::<crate::domain::Reward>(&row) {
                        indexes.remove(&keys::tagged(index::MEMBER_REWARD, reward.member_id, reward.id));
                        if let Some(at) = reward.release_at_ms {
                            indexes.remove(&keys::hold(at, reward.id));
                        }
                    }
                    rows.remove(key);
                }
                for key in self.participant_rows.scan_prefix(keys::row(pid, participant_row::INVITE, &[])).keys() {
                    rows.remove(key?);
                }
                for key in self.promo_code_keys(pid)? {
                    indexes.remove(key);
                }
            }
            self.participant_rows.apply_batch(rows)?;
            self.indexes.apply_batch(indexes)?;
            self.participants.apply_batch(participants)?;
            for &pid in chunk {
                self.drop_copies(pid)?;
            }
        }
        // The log of the campaign's emails, found through their rows (which go below).
        self.purge_email_log(campaign_id)?;
        // Then every campaign row (roster, emails, coupons, counters, visits, …).
        self.remove_campaign_rows_under(&keys::id(campaign_id))?;
        self.boards.forget(campaign_id);
        let _writing = self.writing();
        self.indexes.remove(keys::tagged(index::PURGE, campaign_id, member_id))?;
        Ok(())
    }

    /// Removes every campaign row whose key starts with `prefix`, [`PURGE_BATCH`] at a time;
    /// how many.
    pub(super) fn remove_campaign_rows_under(&self, prefix: &[u8]) -> Result<u64, StoreError> {
        let mut removed = 0;
        loop {
            let mut batch = sled::Batch::default();
            let mut n = 0;
            for key in self.campaign_rows.scan_prefix(prefix).keys().take(PURGE_BATCH) {
                batch.remove(key?);
                n += 1;
            }
            if n == 0 {
                return Ok(removed);
            }
            let _writing = self.writing();
            self.campaign_rows.apply_batch(batch)?;
            removed += n;
        }
    }
}

impl SledStore {
    /// The pool's counts (what the engine reads as well).
    pub(super) fn pool(&self, campaign_id: u64) -> Result<CouponPool, StoreError> {
        Ok(decode_coupon_pool(self.campaign_rows.get(coupon_pool_key(campaign_id))?.as_deref()))
    }
}
