//! What the fraud rules keep (see `domain::fraud`, `domain::client_print`):
//!
//! | tree | key | value |
//! |------|-----|-------|
//! | `indexes` | `F` ++ participant | [`StoredPrint`]: the keyed print of their signup's client |
//! | `indexes` | `G` ++ signup time (Unix ms) ++ participant | () : the prints by age |
//! | `indexes` | `T` ++ campaign ++ kind ++ referrer id or address print | recent times (Unix ms) |
//! | `campaign_rows` | campaign ++ `z` ++ participant | what their referral was suspected of |
//! | `campaign_rows` | campaign ++ `t` ++ participant | when the owner blocked them |
//!
//! Prints and the times counted per address are personal data (keyed hashes of a client's
//! address): the hourly sweep (`forget_old_prints`) removes prints past
//! [`PRINT_KEPT_MS`] and the times of every key quiet for an hour, and an erasure removes
//! the participant's print at once.

use super::keys::{self, campaign_row, index};
use super::overlay::{Overlay, TreeId};
use super::{codec, SledStore, StoreError};
use crate::domain::client_print::{RateKey, StoredPrint, PRINT_KEPT_MS};
use crate::domain::engine::Write;
use crate::domain::fraud::HOUR_MS;
use crate::domain::reward::HoldReason;

fn print_key(participant_id: u64) -> [u8; 9] {
    keys::tagged_prefix(index::PRINT, participant_id)
}

fn print_age_key(at_ms: i64, participant_id: u64) -> [u8; 17] {
    keys::tagged(index::PRINT_AGE, at_ms.max(0) as u64, participant_id)
}

fn rate_key(campaign_id: u64, key: &RateKey) -> Vec<u8> {
    match key {
        RateKey::Referrer(id) => keys::tagged_bytes(index::RATE, campaign_id, &[&[b'r'][..], &keys::id(*id)].concat()),
        RateKey::Address(print) => keys::tagged_bytes(index::RATE, campaign_id, &[&[b'a'][..], print].concat()),
    }
}

/// The velocity key of an index key [`rate_key`] made (its campaign is the 8 bytes after the
/// tag); `None` for a key it cannot have made.
pub(super) fn rate_key_of(key: &[u8]) -> Option<RateKey> {
    match (key.get(9), key.get(10..)) {
        (Some(b'r'), Some(id)) => keys::read_id(id).map(RateKey::Referrer),
        (Some(b'a'), Some(print)) => print.try_into().ok().map(RateKey::Address),
        _ => None,
    }
}

pub(super) fn referral_holds_key(campaign_id: u64, participant_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::REFERRAL_HOLDS, &keys::id(participant_id))
}

fn blocked_key(campaign_id: u64, participant_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::BLOCKED, &keys::id(participant_id))
}

impl SledStore {
    pub(super) fn blocked_since(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, StoreError> {
        Self::read(&self.campaign_rows, blocked_key(campaign_id, participant_id))
    }

    pub(super) fn signup_print(&self, participant_id: u64) -> Result<Option<StoredPrint>, StoreError> {
        Self::read(&self.indexes, print_key(participant_id))
    }

    pub(super) fn recent(&self, campaign_id: u64, key: &RateKey) -> Result<Vec<i64>, StoreError> {
        Ok(Self::read(&self.indexes, rate_key(campaign_id, key))?.unwrap_or_default())
    }

    pub(super) fn referral_holds(&self, campaign_id: u64, participant_id: u64) -> Result<Vec<HoldReason>, StoreError> {
        Ok(Self::read(&self.campaign_rows, referral_holds_key(campaign_id, participant_id))?.unwrap_or_default())
    }

    /// Stages one of the fraud rules' writes (any other write is not theirs, and stages
    /// nothing here).
    pub(super) fn stage_fraud(&self, tx: &mut Overlay<'_>, write: &Write) -> Result<(), StoreError> {
        match write {
            Write::SignupPrint { participant_id, print, .. } => {
                tx.insert(TreeId::Indexes, print_key(*participant_id), codec::encode(print)?);
                tx.insert(TreeId::Indexes, print_age_key(print.at_ms, *participant_id), Vec::new());
            }
            Write::Rate { campaign_id, key, times } => {
                tx.insert(TreeId::Indexes, rate_key(*campaign_id, key), codec::encode(times)?);
            }
            Write::ReferralHolds { campaign_id, participant_id, holds } => {
                tx.insert(
                    TreeId::CampaignRows,
                    referral_holds_key(*campaign_id, *participant_id),
                    codec::encode(holds)?,
                );
            }
            Write::Blocked { campaign_id, participant_id, at: Some(at) } => {
                tx.insert(TreeId::CampaignRows, blocked_key(*campaign_id, *participant_id), codec::encode(at)?);
            }
            Write::Blocked { campaign_id, participant_id, at: None } => {
                tx.remove(TreeId::CampaignRows, blocked_key(*campaign_id, *participant_id));
            }
            _ => {}
        }
        Ok(())
    }

    /// The `indexes` keys of the participant's print, if they have one (a purge removes them).
    pub(super) fn print_keys(&self, participant_id: u64) -> Result<Vec<Vec<u8>>, StoreError> {
        Ok(match self.signup_print(participant_id)? {
            Some(print) => {
                vec![print_key(participant_id).to_vec(), print_age_key(print.at_ms, participant_id).to_vec()]
            }
            None => Vec::new(),
        })
    }

    /// Removes the participant's print (an erasure).
    pub(super) fn forget_print(&self, tx: &mut Overlay<'_>, participant_id: u64) -> Result<(), StoreError> {
        if let Some(row) = tx.get(TreeId::Indexes, &print_key(participant_id))? {
            let print: StoredPrint = codec::decode(&row)?;
            tx.remove(TreeId::Indexes, print_age_key(print.at_ms, participant_id).to_vec());
            tx.remove(TreeId::Indexes, print_key(participant_id).to_vec());
        }
        Ok(())
    }

    /// Forgets what the fraud rules no longer need at `now_ms`: the prints of signups
    /// [`PRINT_KEPT_MS`] old, and the times counted under keys quiet for an hour. Safe beside
    /// the brand actors: a print is written once, at its participant's signup, and a key's
    /// times are removed only if nobody rewrote them since they were read. Returns how many
    /// entries went.
    pub(super) fn forget_old_prints_now(&self, now_ms: i64) -> Result<u64, StoreError> {
        // A write like any other: a backup waits for it (see `SledStore::gate`).
        let _writing = self.writing();
        let mut forgotten = 0;
        let end = print_age_key(now_ms.saturating_sub(PRINT_KEPT_MS).saturating_add(1), 0);
        let mut batch = sled::Batch::default();
        for key in self.indexes.range(&[index::PRINT_AGE][..]..&end[..]).keys() {
            let key = key?;
            let Some(participant_id) = keys::read_id(&key[9..]) else {
                return Err(StoreError::Decode("malformed print age key".into()));
            };
            batch.remove(&print_key(participant_id)[..]);
            batch.remove(key);
            forgotten += 1;
        }
        self.indexes.apply_batch(batch)?;
        for entry in self.indexes.scan_prefix([index::RATE]) {
            let (key, row) = entry?;
            let times: Vec<i64> = codec::decode(&row)?;
            if times.last().is_none_or(|&newest| newest <= now_ms - HOUR_MS) {
                // Only if unchanged: a brand actor that just counted one more keeps it.
                if self.indexes.compare_and_swap(&key, Some(&row), None as Option<&[u8]>)?.is_ok() {
                    forgotten += 1;
                }
            }
        }
        Ok(forgotten)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rate_key_reads_back_from_its_index_key() {
        for key in [RateKey::Referrer(7), RateKey::Address([9; 16])] {
            assert_eq!(rate_key_of(&rate_key(42, &key)), Some(key));
        }
        assert_eq!(rate_key_of(&keys::tagged_bytes(index::RATE, 42, b"x")), None);
    }
}
