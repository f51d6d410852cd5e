//! Reads of rewards across a member's campaigns, through the member's reward index
//! ([`index::MEMBER_REWARD`]), and of the rewards whose hold period ended
//! ([`index::HOLD`]), and of rewards in the order they were issued ([`index::ISSUED`]). The rows and both indexes are written together by engine decisions
//! (`decisions.rs`).

use std::collections::HashMap;

use async_trait::async_trait;

use super::keys::{self, index};
use super::{SledStore, StoreError};
use crate::domain::pagination::PageRequest;
use crate::domain::reward::RewardFilter;
use crate::domain::{Reward, RewardStatus};
use crate::store::{DueHold, RewardStore};

/// A [`index::MEMBER_REWARD`] entry, read back.
struct Entry {
    reward_id: u64,
    participant_id: u64,
    campaign_id: u64,
    status: Option<RewardStatus>,
}

fn entry(key: &[u8], value: &[u8]) -> Option<Entry> {
    Some(Entry {
        reward_id: keys::read_id(key.get(9..17)?)?,
        participant_id: keys::read_id(value.get(..8)?)?,
        campaign_id: keys::read_id(value.get(8..16)?)?,
        status: RewardStatus::from_byte(*value.get(16)?),
    })
}

impl SledStore {
    /// Whether the campaign still exists (its rows and index entries are purged a little
    /// after it goes), remembered in `known` for the rest of a scan.
    pub(super) fn campaign_exists(&self, known: &mut HashMap<u64, bool>, campaign_id: u64) -> Result<bool, StoreError> {
        if let Some(&exists) = known.get(&campaign_id) {
            return Ok(exists);
        }
        let exists = self.campaigns.contains_key(keys::id(campaign_id))?;
        known.insert(campaign_id, exists);
        Ok(exists)
    }
}

/// Key of a reward's row.
pub(super) fn reward_key(participant_id: u64, reward_id: u64) -> Vec<u8> {
    keys::row(participant_id, keys::participant_row::REWARD, &keys::id(reward_id))
}

/// Value of a reward's [`index::MEMBER_REWARD`] entry: participant ++ campaign ++ status.
pub(super) fn member_reward_value(reward: &Reward) -> [u8; 17] {
    let mut value = [0u8; 17];
    value[..8].copy_from_slice(&keys::id(reward.participant_id));
    value[8..16].copy_from_slice(&keys::id(reward.campaign_id));
    value[16] = reward.status.byte();
    value
}

/// Value of a reward's [`index::ISSUED`] entry: participant ++ campaign ++ reward.
pub(super) fn issued_value(reward: &Reward) -> Vec<u8> {
    [keys::id(reward.participant_id), keys::id(reward.campaign_id), keys::id(reward.id)].concat()
}

#[async_trait]
impl RewardStore for SledStore {
    async fn reward(&self, member_id: u64, id: u64) -> Result<Option<Reward>, StoreError> {
        let key = keys::tagged(index::MEMBER_REWARD, member_id, id);
        let Some(found) = self.indexes.get(key)?.and_then(|value| entry(&key, &value)) else {
            return Ok(None);
        };
        if !self.campaigns.contains_key(keys::id(found.campaign_id))? {
            return Ok(None);
        }
        SledStore::read(&self.participant_rows, reward_key(found.participant_id, id))
    }

    async fn rewards_of_member(
        &self,
        member_id: u64,
        filter: RewardFilter,
        page: PageRequest,
    ) -> Result<(Vec<Reward>, u64), StoreError> {
        let mut known = HashMap::new();
        let mut total = 0u64;
        let mut rewards = Vec::new();
        let entries = self.indexes.scan_prefix(keys::tagged_prefix(index::MEMBER_REWARD, member_id));
        let entries: Box<dyn Iterator<Item = _>> =
            if filter.oldest_first { Box::new(entries) } else { Box::new(entries.rev()) };
        for item in entries {
            let (key, value) = item?;
            let Some(e) = entry(&key, &value) else {
                return Err(StoreError::Decode(format!("malformed reward index entry of member {member_id}")));
            };
            let matches = filter.campaign_id.is_none_or(|c| c == e.campaign_id)
                && filter.participant_id.is_none_or(|p| p == e.participant_id)
                && filter.status.is_none_or(|s| Some(s) == e.status);
            if !matches || !self.campaign_exists(&mut known, e.campaign_id)? {
                continue;
            }
            total += 1;
            if total > page.offset() && rewards.len() < page.limit as usize {
                rewards.extend(SledStore::read::<Reward>(
                    &self.participant_rows,
                    reward_key(e.participant_id, e.reward_id),
                )?);
            }
        }
        Ok((rewards, total))
    }

    async fn issued_rewards(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        limit: usize,
    ) -> Result<Vec<Reward>, StoreError> {
        let mut known = HashMap::new();
        let mut rewards = Vec::new();
        for item in self.indexes.scan_prefix(keys::tagged_prefix(index::ISSUED, member_id)).rev() {
            if rewards.len() >= limit {
                break;
            }
            let (_, value) = item?;
            let read = |at: usize| value.get(at..at + 8).and_then(keys::read_id);
            let (Some(participant_id), Some(found_campaign), Some(reward_id)) = (read(0), read(8), read(16)) else {
                return Err(StoreError::Decode(format!("malformed issued-reward entry of member {member_id}")));
            };
            if campaign_id.is_some_and(|c| c != found_campaign) || !self.campaign_exists(&mut known, found_campaign)? {
                continue;
            }
            rewards.extend(SledStore::read::<Reward>(&self.participant_rows, reward_key(participant_id, reward_id))?);
        }
        Ok(rewards)
    }

    async fn due_holds(&self, unix_ms: i64, limit: usize) -> Result<Vec<DueHold>, StoreError> {
        let start = keys::hold(0, 0);
        let end = keys::hold(unix_ms, u64::MAX);
        let mut due = Vec::new();
        for item in self.indexes.range(start..=end).take(limit) {
            let (key, value) = item?;
            let ids = (keys::read_id(&key[9..17]), value.get(..8), value.get(8..16), value.get(16..24));
            let (Some(reward_id), Some(brand), Some(member), Some(participant)) = ids else {
                return Err(StoreError::Decode("malformed hold index entry".into()));
            };
            let (Some(brand_id), Some(member_id), Some(participant_id)) =
                (keys::read_id(brand), keys::read_id(member), keys::read_id(participant))
            else {
                return Err(StoreError::Decode("malformed hold index entry".into()));
            };
            due.push(DueHold { brand_id, member_id, participant_id, reward_id });
        }
        Ok(due)
    }
}
