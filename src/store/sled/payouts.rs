//! Payouts on the embedded store: a campaign's payouts ([`campaign_row::PAYOUT`]), the
//! payout that holds each reward ([`campaign_row::PAYING`], among payouts that have not
//! failed), and the member's index of them ([`index::MEMBER_PAYOUT`]).
//!
//! **A reward is in at most one payout that has not failed.** The brand's single writer
//! decides payouts one request at a time against the committed entries; staging a new
//! payout checks each entry once more and refuses the whole decision if one is taken, so
//! not even a bug above the store can write a second.

use async_trait::async_trait;

use super::keys::{self, campaign_row, index};
use super::overlay::{Overlay, TreeId};
use super::{codec, SledStore, StoreError};
use crate::domain::engine::{Inconsistent, Write};
use crate::domain::pagination::PageRequest;
use crate::domain::payout::{Owed, Payout, PayoutDetails, PayoutStatus};
use crate::domain::reward_type::RewardType;
use crate::domain::{Reward, RewardStatus};
use crate::store::PayoutStore;

/// Key of a payout's row.
fn payout_key(campaign_id: u64, payout_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::PAYOUT, &keys::id(payout_id))
}

/// Key of the entry naming the payout that holds a reward.
fn paying_key(campaign_id: u64, reward_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::PAYING, &keys::id(reward_id))
}

/// Key of what a participant owes.
fn owed_key(campaign_id: u64, participant_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::OWED, &keys::id(participant_id))
}

/// Key of a participant's payout details.
fn details_key(campaign_id: u64, participant_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::PAYOUT_DETAILS, &keys::id(participant_id))
}

impl SledStore {
    /// Stages a payout write: a payout, new or moved, or a participant's payout details.
    pub(super) fn stage_payouts(&self, tx: &mut Overlay<'_>, write: &Write) -> Result<(), StoreError> {
        match write {
            Write::NewPayout(payout) => self.stage_payout(tx, payout, true),
            Write::Payout(payout) => self.stage_payout(tx, payout, false),
            Write::Owed { campaign_id, participant_id, owed } => {
                tx.insert(TreeId::CampaignRows, owed_key(*campaign_id, *participant_id), codec::encode(owed)?);
                Ok(())
            }
            Write::PayoutDetails { campaign_id, participant_id, details: Some(details) } => {
                tx.insert(TreeId::CampaignRows, details_key(*campaign_id, *participant_id), codec::encode(details)?);
                Ok(())
            }
            Write::PayoutDetails { campaign_id, participant_id, details: None } => {
                tx.remove(TreeId::CampaignRows, details_key(*campaign_id, *participant_id));
                Ok(())
            }
            _ => Err(Inconsistent("not a payout write".into()).into()),
        }
    }

    /// Stages a payout: a new one with its member index and an entry for each of its
    /// rewards; a moved one in place of the old, its entries gone once it failed.
    fn stage_payout(&self, tx: &mut Overlay<'_>, payout: &Payout, new: bool) -> Result<(), StoreError> {
        if new {
            for &reward_id in payout.reward_ids.iter().filter(|_| payout.status.holds_rewards()) {
                let key = paying_key(payout.campaign_id, reward_id);
                if let Some(holder) = tx.get(TreeId::CampaignRows, &key)? {
                    return Err(StoreError::Database(format!(
                        "reward {reward_id} is already in payout {}: payout {} is not written",
                        keys::read_id(&holder).unwrap_or_default(),
                        payout.id
                    )));
                }
                tx.insert(TreeId::CampaignRows, key, keys::id(payout.id));
            }
            let member = keys::tagged(index::MEMBER_PAYOUT, payout.member_id, payout.id);
            tx.insert(TreeId::Indexes, member, keys::id(payout.campaign_id));
        } else if !payout.status.holds_rewards() {
            for &reward_id in &payout.reward_ids {
                tx.remove(TreeId::CampaignRows, paying_key(payout.campaign_id, reward_id));
            }
        }
        tx.insert(TreeId::CampaignRows, payout_key(payout.campaign_id, payout.id), codec::encode(payout)?);
        Ok(())
    }

    /// The campaign's issued cash rewards that no payout holds, oldest first: the member's
    /// reward index names each reward's campaign and status, so only those are read.
    pub(super) fn unpaid_cash_rows(&self, campaign_id: u64) -> Result<Vec<Reward>, StoreError> {
        let Some(campaign) = SledStore::read::<crate::domain::Campaign>(&self.campaigns, keys::id(campaign_id))? else {
            return Ok(Vec::new());
        };
        let mut found = Vec::new();
        for item in self.indexes.scan_prefix(keys::tagged_prefix(index::MEMBER_REWARD, campaign.member_id)) {
            let (key, value) = item?;
            let (Some(reward_id), Some(participant_id), Some(owner)) =
                (keys::read_id(&key[9..]), keys::read_id(&value[..8]), keys::read_id(&value[8..16]))
            else {
                return Err(StoreError::Decode(format!(
                    "malformed reward index entry of member {}",
                    campaign.member_id
                )));
            };
            if owner != campaign_id || value.get(16) != Some(&RewardStatus::Issued.byte()) {
                continue;
            }
            if self.campaign_rows.contains_key(paying_key(campaign_id, reward_id))? {
                continue;
            }
            let reward: Option<Reward> =
                SledStore::read(&self.participant_rows, super::rewards::reward_key(participant_id, reward_id))?;
            found.extend(reward.filter(|r| r.kind == RewardType::Cash && r.status == RewardStatus::Issued));
        }
        Ok(found)
    }

    pub(super) fn payout_row(&self, campaign_id: u64, payout_id: u64) -> Result<Option<Payout>, StoreError> {
        SledStore::read(&self.campaign_rows, payout_key(campaign_id, payout_id))
    }

    pub(super) fn payout_holding(&self, campaign_id: u64, reward_id: u64) -> Result<Option<u64>, StoreError> {
        Ok(self.campaign_rows.get(paying_key(campaign_id, reward_id))?.as_deref().and_then(keys::read_id))
    }

    pub(super) fn owed_row(&self, campaign_id: u64, participant_id: u64) -> Result<Owed, StoreError> {
        Ok(SledStore::read(&self.campaign_rows, owed_key(campaign_id, participant_id))?.unwrap_or_default())
    }

    pub(super) fn payout_details_row(
        &self,
        campaign_id: u64,
        participant_id: u64,
    ) -> Result<Option<PayoutDetails>, StoreError> {
        SledStore::read(&self.campaign_rows, details_key(campaign_id, participant_id))
    }
}

#[async_trait]
impl PayoutStore for SledStore {
    async fn payout(&self, member_id: u64, id: u64) -> Result<Option<Payout>, StoreError> {
        let index_key = keys::tagged(index::MEMBER_PAYOUT, member_id, id);
        let Some(campaign_id) = self.indexes.get(index_key)?.as_deref().and_then(keys::read_id) else {
            return Ok(None);
        };
        if !self.campaigns.contains_key(keys::id(campaign_id))? {
            return Ok(None);
        }
        self.payout_row(campaign_id, id)
    }

    async fn payouts_of_member(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        status: Option<PayoutStatus>,
        page: PageRequest,
    ) -> Result<(Vec<Payout>, u64), StoreError> {
        let mut total = 0u64;
        let mut found = Vec::new();
        let mut known = std::collections::HashMap::new();
        for item in self.indexes.scan_prefix(keys::tagged_prefix(index::MEMBER_PAYOUT, member_id)).rev() {
            let (key, value) = item?;
            let (Some(id), Some(owner)) = (keys::read_id(&key[9..]), keys::read_id(&value)) else {
                return Err(StoreError::Decode(format!("malformed payout index entry of member {member_id}")));
            };
            if campaign_id.is_some_and(|c| c != owner) || !self.campaign_exists(&mut known, owner)? {
                continue;
            }
            // The status lives in the row: read it only when a status narrows the list, or
            // for the rows of the page.
            let wanted = total >= page.offset() && found.len() < page.limit as usize;
            let row = match (status, wanted) {
                (None, false) => None,
                _ => self.payout_row(owner, id)?,
            };
            if status.is_some_and(|status| row.as_ref().is_none_or(|p| p.status != status)) {
                continue;
            }
            total += 1;
            if wanted {
                found.extend(row);
            }
        }
        Ok((found, total))
    }

    async fn unpaid_cash_rewards(&self, campaign_id: u64) -> Result<Vec<Reward>, StoreError> {
        self.unpaid_cash_rows(campaign_id)
    }

    async fn owed(&self, campaign_id: u64, participant_id: u64) -> Result<Owed, StoreError> {
        self.owed_row(campaign_id, participant_id)
    }

    async fn payout_details(&self, campaign_id: u64, participant_id: u64) -> Result<Option<PayoutDetails>, StoreError> {
        self.payout_details_row(campaign_id, participant_id)
    }

    async fn payouts_of_participant(&self, campaign_id: u64, participant_id: u64) -> Result<Vec<Payout>, StoreError> {
        let mut found = Vec::new();
        for row in self.campaign_rows.scan_prefix(keys::row(campaign_id, campaign_row::PAYOUT, &[])).values() {
            let payout: Payout = codec::decode(&row?)?;
            if payout.participant_id == participant_id {
                found.push(payout);
            }
        }
        Ok(found)
    }
}
