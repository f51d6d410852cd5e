//! How a campaign's coupon pool is laid out in `campaign_rows`.
//!
//! A pool is mostly codes nobody has yet: an import of a million codes wrote two keys a code
//! (the coupon, and its code for de-duplication), and sled's inserts were most of its time.
//! So an available coupon is only its code, kept with the 63 codes uploaded around it in one
//! [`campaign_row::COUPON_BLOCK`] row; a coupon gets its own [`campaign_row::COUPON`] row
//! (code, reward, participant, when) once it is assigned, and from then on that row is the
//! coupon. Pools written before blocks existed have a `COUPON` row for every code, which
//! reads the same way: a coupon is its row when it has one, else its code in its block.
//! Which codes a pool holds, for de-duplication, is kept in memory (see `coupon_codes.rs`).

use std::collections::BTreeMap;

use super::keys::{self, campaign_row};
use super::overlay::{Overlay, TreeId};
use super::{codec, SledStore, StoreError};
use crate::domain::Coupon;

/// Codes per block row: big enough that an import writes one row per 64 codes, small enough
/// that reading one coupon decodes about a kilobyte.
pub(super) const BLOCK: u64 = 64;

/// A block's codes by position (`seq % BLOCK`); `None` where no code was uploaded (position 0
/// of the first block: positions count from 1).
pub(super) type Codes = Vec<Option<String>>;

fn block_key(campaign_id: u64, seq: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::COUPON_BLOCK, &keys::id(seq / BLOCK))
}

/// The `COUPON` row of an assigned coupon (or any coupon of an older pool).
pub(super) fn coupon_key(campaign_id: u64, seq: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::COUPON, &keys::id(seq))
}

impl SledStore {
    /// The coupon at `seq` of the campaign's pool: its own row, or an available coupon's code.
    pub(super) fn coupon_at(&self, campaign_id: u64, seq: u64) -> Result<Option<Coupon>, StoreError> {
        if let Some(coupon) = SledStore::read(&self.campaign_rows, coupon_key(campaign_id, seq))? {
            return Ok(Some(coupon));
        }
        let Some(mut codes) = self.block_codes(campaign_id, seq)? else { return Ok(None) };
        let code = codes.get_mut((seq % BLOCK) as usize).and_then(Option::take);
        Ok(code.map(|code| Coupon { code, reward_id: None, participant_id: None, used_at: None }))
    }

    /// The code of the coupon at `seq` from its own row, if it has one.
    pub(super) fn row_code(&self, campaign_id: u64, seq: u64) -> Result<Option<String>, StoreError> {
        let coupon: Option<Coupon> = SledStore::read(&self.campaign_rows, coupon_key(campaign_id, seq))?;
        Ok(coupon.map(|coupon| coupon.code))
    }

    /// The codes of the block that holds `seq`, if the pool has that block.
    pub(super) fn block_codes(&self, campaign_id: u64, seq: u64) -> Result<Option<Codes>, StoreError> {
        self.campaign_rows.get(block_key(campaign_id, seq))?.map(|block| codec::decode(&block)).transpose()
    }
}

/// New codes of one write set, gathered by block so that each block is read and written once.
#[derive(Default)]
pub(super) struct NewCodes {
    blocks: BTreeMap<(u64, u64), Vec<(usize, String)>>,
}

impl NewCodes {
    /// Gathers the code into its block, staged at [`NewCodes::stage`].
    pub(super) fn add(&mut self, campaign_id: u64, seq: u64, code: &str) {
        let slot = (seq % BLOCK) as usize;
        self.blocks.entry((campaign_id, seq / BLOCK)).or_default().push((slot, code.to_owned()));
    }

    /// Writes every touched block: what it held, with the new codes in their places.
    pub(super) fn stage(self, tx: &mut Overlay<'_>) -> Result<(), StoreError> {
        for ((campaign_id, block), added) in self.blocks {
            let key = block_key(campaign_id, block * BLOCK);
            let mut codes: Codes = match tx.get(TreeId::CampaignRows, &key)? {
                Some(row) => codec::decode(&row)?,
                None => Vec::new(),
            };
            for (slot, code) in added {
                if codes.len() <= slot {
                    codes.resize(slot + 1, None);
                }
                codes[slot] = Some(code);
            }
            tx.insert(TreeId::CampaignRows, key, codec::encode(&codes)?);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::engine::Write;
    use crate::store::StoreOptions;

    fn available(code: &str) -> Coupon {
        Coupon { code: code.to_owned(), reward_id: None, participant_id: None, used_at: None }
    }

    fn commit(store: &SledStore, writes: &[Write]) {
        store.stage(writes).unwrap().commit_journaled().unwrap();
    }

    #[test]
    fn codes_land_in_blocks_assigned_coupons_get_rows_and_older_pools_read_as_before() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &StoreOptions::default()).unwrap();
        // A pool from before blocks: a row for each of its first two coupons.
        for seq in 1..=2 {
            let row = codec::encode(&available(&format!("OLD-{seq}"))).unwrap();
            store.campaign_rows.insert(coupon_key(7, seq), row).unwrap();
        }
        // Two imports: the second continues the block the first left part full.
        let import = |seqs: std::ops::RangeInclusive<u64>| -> Vec<Write> {
            seqs.map(|seq| Write::NewCoupon { campaign_id: 7, seq, coupon: available(&format!("NEW-{seq}")) }).collect()
        };
        commit(&store, &import(3..=100));
        commit(&store, &import(101..=130));
        assert_eq!(store.coupon_at(7, 1).unwrap(), Some(available("OLD-1")));
        for seq in [3, 63, 64, 100, 101, 127, 128, 130] {
            assert_eq!(store.coupon_at(7, seq).unwrap(), Some(available(&format!("NEW-{seq}"))), "{seq}");
        }
        assert_eq!(store.coupon_at(7, 131).unwrap(), None);
        assert_eq!(store.coupon_at(8, 3).unwrap(), None, "another campaign's pool is its own");
        let blocks = store.campaign_rows.scan_prefix(keys::row(7, campaign_row::COUPON_BLOCK, &[])).count();
        assert_eq!(blocks, 3, "128 positions and two more: three blocks, one row each");
        let rows = store.campaign_rows.scan_prefix(keys::row(7, campaign_row::COUPON, &[])).count();
        assert_eq!(rows, 2, "no row for an available coupon");

        let assigned =
            Coupon { reward_id: Some(9), participant_id: Some(4), used_at: Some("now".into()), ..available("NEW-64") };
        commit(&store, &[Write::Coupon { campaign_id: 7, seq: 64, coupon: assigned.clone() }]);
        assert_eq!(store.coupon_at(7, 64).unwrap(), Some(assigned));
        assert_eq!(store.coupon_at(7, 65).unwrap(), Some(available("NEW-65")), "its neighbours stay available");
        let by_code = store.campaign_rows.scan_prefix(keys::row(7, campaign_row::COUPON_CODE, &[])).count();
        assert_eq!(by_code, 0, "no key per code: the de-duplication index is in memory");
    }
}
