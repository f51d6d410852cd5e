//! The analytics' rows in the embedded store (see `domain::rollup`): in `campaign_rows`, one
//! row per campaign and quarter hour that counted something, and one per partner beside it.
//!
//! | key | value |
//! |-----|-------|
//! | campaign ++ `T` ++ slot (u32) | the campaign's [`Measures`] of the slot |
//! | campaign ++ `Z` ++ slot (u32) ++ partner | the partner's [`Measures`] of the slot |
//! | campaign ++ `X` ++ day (u32) | how many times a partner's row of that UTC day moved after the day was over |
//!
//! Both are ordered by time, so a period is one range read: the campaign's rows a slot each,
//! and the partners' rows summed per partner as they come. The brand's actor is their only
//! writer, so a move reads the row as the batch left it and writes it back.
//!
//! The packs of partners of whole days and months (`domain::partner_packs`) are a cache in a
//! tree of their own ([`PACKS_TREE`], campaign ++ period → tag ++ pack), left out of backups,
//! written by whoever asks first (see `store::partner_sums`).

use std::collections::HashMap;

use super::keys::{self, campaign_row};
use super::overlay::{Overlay, TreeId};
use super::{SledStore, StoreError};
use crate::domain::engine::Write;
use crate::domain::partner_packs::{day_of, PackPeriod};
use crate::domain::rollup::{slot_number, Measure, Measures};

/// The tree of the packs of partners.
pub(super) const PACKS_TREE: &str = "analytics_packs";

fn generation_key(campaign_id: u64, day: u32) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::ROLLUP_GENERATION, &day.to_be_bytes())
}

fn pack_key(campaign_id: u64, period: PackPeriod) -> Vec<u8> {
    [&campaign_id.to_be_bytes()[..], &period.key()[..]].concat()
}

fn rollup_key(campaign_id: u64, partner_id: Option<u64>, slot: u32) -> Vec<u8> {
    match partner_id {
        None => keys::row(campaign_id, campaign_row::ROLLUP, &slot.to_be_bytes()),
        Some(p) => keys::row(
            campaign_id,
            campaign_row::PARTNER_ROLLUP,
            &[&slot.to_be_bytes()[..], &p.to_be_bytes()[..]].concat(),
        ),
    }
}

/// The slot of a row's key (the four bytes after the campaign and the tag).
fn slot_of(key: &[u8]) -> Option<u32> {
    key.get(9..13)?.try_into().ok().map(u32::from_be_bytes)
}

/// The partner of a partner row's key (its last eight bytes).
fn partner_of(key: &[u8]) -> Option<u64> {
    key.get(13..21)?.try_into().ok().map(u64::from_be_bytes)
}

/// A decision's moves, one entry a row (a referral signup moves the campaign's slot and the
/// referrer's by several measures: each row is read and written once).
#[derive(Default)]
pub(super) struct RollupMoves(Vec<(RowKey, Measures)>);

/// A row: campaign, partner (none: the campaign's own), slot.
type RowKey = (u64, Option<u64>, u32);

impl RollupMoves {
    pub fn add(&mut self, campaign_id: u64, partner_id: Option<u64>, slot: u32, measure: Measure, n: u64) {
        let key = (campaign_id, partner_id, slot);
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, measures)) => measures.add(measure, n),
            None => {
                let mut measures = Measures::default();
                measures.add(measure, n);
                self.0.push((key, measures));
            }
        }
    }

    /// Adds the moves to their rows, as the batch left them, and raises the generation of
    /// each day over before today that a partner's row moved in.
    pub fn stage(self, tx: &mut Overlay<'_>) -> Result<(), StoreError> {
        let today = day_of(slot_number(chrono::Utc::now().timestamp_millis()));
        let mut late: Vec<(u64, u32)> = Vec::new();
        for ((campaign_id, partner_id, slot), _) in &self.0 {
            if partner_id.is_some() && day_of(*slot) < today && !late.contains(&(*campaign_id, day_of(*slot))) {
                late.push((*campaign_id, day_of(*slot)));
            }
        }
        for (campaign_id, day) in late {
            let key = generation_key(campaign_id, day);
            let generation = tx.get(TreeId::CampaignRows, &key)?.as_deref().and_then(keys::read_id).unwrap_or(0);
            tx.insert(TreeId::CampaignRows, key, generation.wrapping_add(1).to_be_bytes().to_vec());
        }
        for ((campaign_id, partner_id, slot), moves) in self.0 {
            let key = rollup_key(campaign_id, partner_id, slot);
            let mut row = tx.get(TreeId::CampaignRows, &key)?.map(|row| Measures::from_bytes(&row)).unwrap_or_default();
            row.add_all(&moves);
            tx.insert(TreeId::CampaignRows, key, row.to_bytes());
        }
        Ok(())
    }
}

impl SledStore {
    /// The campaign's rows of the slots `first..=last`, in order.
    pub(super) fn rollup_rows(
        &self,
        campaign_id: u64,
        first: u32,
        last: u32,
    ) -> Result<Vec<(u32, Measures)>, StoreError> {
        let from = keys::row(campaign_id, campaign_row::ROLLUP, &first.to_be_bytes());
        let to = keys::row(campaign_id, campaign_row::ROLLUP, &last.to_be_bytes());
        let mut rows = Vec::new();
        for entry in self.campaign_rows.range(from..=to) {
            let (key, value) = entry?;
            if let Some(slot) = slot_of(&key) {
                rows.push((slot, Measures::from_bytes(&value)));
            }
        }
        Ok(rows)
    }

    /// Each partner's sum over the slots `first..=last`.
    pub(super) fn partner_rollup_sums(
        &self,
        campaign_id: u64,
        first: u32,
        last: u32,
    ) -> Result<HashMap<u64, Measures>, StoreError> {
        let from = keys::row(campaign_id, campaign_row::PARTNER_ROLLUP, &first.to_be_bytes());
        // Up to the first key after the last slot's partners: the next slot's, or the tag's end.
        let to = match last.checked_add(1) {
            Some(next) => keys::row(campaign_id, campaign_row::PARTNER_ROLLUP, &next.to_be_bytes()),
            None => keys::row(campaign_id, campaign_row::PARTNER_ROLLUP + 1, &[]),
        };
        let mut sums: HashMap<u64, Measures> = HashMap::new();
        let range = self.campaign_rows.range(from..to);
        for entry in range {
            let (key, value) = entry?;
            if let Some(partner) = partner_of(&key) {
                sums.entry(partner).or_default().add_all(&Measures::from_bytes(&value));
            }
        }
        Ok(sums)
    }

    /// The generations of the campaign's days `first..=last` that have one.
    pub(super) fn generations(&self, campaign_id: u64, first: u32, last: u32) -> Result<Vec<(u32, u64)>, StoreError> {
        let mut days = Vec::new();
        for entry in self.campaign_rows.range(generation_key(campaign_id, first)..=generation_key(campaign_id, last)) {
            let (key, value) = entry?;
            if let (Some(day), Some(n)) = (slot_of(&key), keys::read_id(&value)) {
                days.push((day, n));
            }
        }
        Ok(days)
    }

    /// The kept pack of a period, with its tag.
    pub(super) fn kept_pack(&self, campaign_id: u64, period: PackPeriod) -> Result<Option<(u64, Vec<u8>)>, StoreError> {
        Ok(self.partner_packs.get(pack_key(campaign_id, period))?.and_then(|value| {
            let tag = keys::read_id(value.get(..8)?)?;
            Some((tag, value[8..].to_vec()))
        }))
    }

    /// Keeps a pack (not through the batch: a cache, written by a reader, that loses nothing
    /// when a crash loses it).
    pub(super) fn keep_pack(
        &self,
        campaign_id: u64,
        period: PackPeriod,
        tag: u64,
        pack: &[u8],
    ) -> Result<(), StoreError> {
        let value = [&tag.to_be_bytes()[..], pack].concat();
        self.partner_packs.insert(pack_key(campaign_id, period), value)?;
        Ok(())
    }

    /// Forgets a deleted campaign's packs.
    pub(super) fn forget_packs(&self, campaign_id: u64) -> Result<(), StoreError> {
        let mut batch = sled::Batch::default();
        for entry in self.partner_packs.scan_prefix(campaign_id.to_be_bytes()) {
            batch.remove(entry?.0);
        }
        self.partner_packs.apply_batch(batch)?;
        Ok(())
    }

    /// The campaign's analytics as writes that make them again (what a move to another
    /// backend carries).
    pub(super) fn rollup_writes(&self, campaign_id: u64) -> Result<Vec<Write>, StoreError> {
        let mut writes = Vec::new();
        for tag in [campaign_row::ROLLUP, campaign_row::PARTNER_ROLLUP] {
            for entry in self.campaign_rows.scan_prefix(keys::row(campaign_id, tag, &[])) {
                let (key, value) = entry?;
                let Some(slot) = slot_of(&key) else { continue };
                // A partner's row without its partner (never written so) would move the
                // campaign's own numbers elsewhere: it is left out, not taken for the campaign's.
                let partner_id = match (tag, partner_of(&key)) {
                    (campaign_row::ROLLUP, _) => None,
                    (_, Some(partner)) => Some(partner),
                    (_, None) => continue,
                };
                let measures = Measures::from_bytes(&value);
                for measure in Measure::ALL {
                    let n = measures.get(measure);
                    if n > 0 {
                        writes.push(Write::Rollup { campaign_id, partner_id, slot, measure, n });
                    }
                }
            }
        }
        Ok(writes)
    }
}
