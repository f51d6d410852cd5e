//! Which codes a campaign's pool already holds: the de-duplication index of coupon imports,
//! kept in memory and built from the pool's rows on first use.
//!
//! Why not a key per code, as pools had until now: an import of a million codes then did a
//! million sled inserts and a million sled reads on its brand's one thread, about three
//! quarters of its time (profiled), whatever the layout of the rows around them. A code's
//! place in the index is its hash: one import chunk of random codes lands in as many places
//! as it has codes, so grouping the keys into bucket rows saves no inserts. The pool's rows
//! (its blocks, and the rows of assigned coupons) already hold every code, so the index is
//! derived data: built from them by one scan when an import first asks, kept up to date by
//! the commits that add codes, dropped when its campaign goes, when a commit that adds codes
//! fails, and after [`IDLE`] without an import ([`CodeIndexes::forget_idle`]). A restart
//! starts without it, and the journal's replay has put every committed code in the rows by
//! the time one is built.
//!
//! An entry is the code's 64-bit hash (SipHash with this process's random keys), pointing at
//! the code's place in the pool: 16 bytes a code, where a set of the codes would hold the
//! codes. A hash found is checked against the code at that place, so a collision never
//! counts a new code as a duplicate.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hasher, RandomState};
use std::sync::Arc;
use std::time::{Duration, Instant};

use parking_lot::Mutex;

use super::keys::{self, campaign_row};
use super::{codec, coupons, SledStore, StoreError};
use crate::domain::engine::Write;
use crate::domain::Coupon;

/// How long an index stays after its campaign's last import chunk.
pub(super) const IDLE: Duration = Duration::from_secs(120);

/// The loaded indexes, by campaign.
#[derive(Default)]
pub(super) struct CodeIndexes {
    /// The hash keys of this process (the same for every campaign).
    hasher: RandomState,
    pools: Mutex<HashMap<u64, Entry>>,
}

/// A campaign's index (built on first use) and when it was last used.
struct Entry {
    index: Arc<Mutex<Option<CodeIndex>>>,
    used: Instant,
}

/// The keys are hashes already: a map over them needs no second hash.
#[derive(Default)]
struct Prehashed(u64);

impl Hasher for Prehashed {
    fn finish(&self) -> u64 {
        self.0
    }
    /// Not reached (the keys are `u64`); folds the bytes in rather than panic.
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }
    fn write_u64(&mut self, hash: u64) {
        self.0 = hash;
    }
}

/// One pool's codes: hash → place. A second code with the same hash keeps its place in
/// `collided` (with 64-bit hashes, in about one pool of a million codes in 37 million).
#[derive(Default)]
struct CodeIndex {
    places: HashMap<u64, u64, BuildHasherDefault<Prehashed>>,
    collided: HashMap<u64, Vec<u64>>,
    /// The block the last check read, and its number (see [`SledStore::code_of_place`]).
    recent: Option<(u64, coupons::Codes)>,
}

impl CodeIndex {
    fn add(&mut self, hash: u64, seq: u64) {
        match self.places.get(&hash) {
            None => {
                self.places.insert(hash, seq);
            }
            Some(&first) if first == seq => {}
            Some(_) => {
                let more = self.collided.entry(hash).or_default();
                if !more.contains(&seq) {
                    more.push(seq);
                }
            }
        }
    }

    /// The places whose code has this hash.
    fn places_of(&self, hash: u64) -> impl Iterator<Item = u64> + '_ {
        let more = self.collided.get(&hash).map(Vec::as_slice).unwrap_or_default();
        self.places.get(&hash).copied().into_iter().chain(more.iter().copied())
    }
}

impl CodeIndexes {
    fn hash(&self, code: &str) -> u64 {
        self.hasher.hash_one(code)
    }

    /// The campaign's index, marked used; empty (`None` inside) until built.
    fn entry(&self, campaign_id: u64) -> Arc<Mutex<Option<CodeIndex>>> {
        let mut pools = self.pools.lock();
        let entry = pools.entry(campaign_id).or_insert_with(|| Entry { index: Arc::default(), used: Instant::now() });
        entry.used = Instant::now();
        entry.index.clone()
    }

    /// Adds committed codes to their campaign's index, if it is loaded (one that is not will
    /// read them from the rows when it is built).
    pub(super) fn record(&self, campaign_id: u64, codes: &[(u64, &str)]) {
        let Some(loaded) = self.pools.lock().get(&campaign_id).map(|entry| entry.index.clone()) else { return };
        let mut loaded = loaded.lock();
        if let Some(index) = loaded.as_mut() {
            for &(seq, code) in codes {
                index.add(self.hash(code), seq);
            }
        }
    }

    /// Drops the campaign's index: the campaign is gone, or a commit of its codes failed and
    /// the rows may hold part of it.
    pub(super) fn forget(&self, campaign_id: u64) {
        self.pools.lock().remove(&campaign_id);
    }

    /// Drops the indexes no import used for [`IDLE`]; how many.
    pub(super) fn forget_idle(&self, now: Instant) -> usize {
        let mut pools = self.pools.lock();
        let before = pools.len();
        pools.retain(|_, entry| now.saturating_duration_since(entry.used) < IDLE);
        before - pools.len()
    }

    /// How many campaigns have an index in memory.
    #[cfg(test)]
    fn loaded(&self) -> usize {
        self.pools.lock().len()
    }
}

impl SledStore {
    /// After a commit of `writes`: the codes they added join their campaigns' loaded
    /// indexes, or, when the commit failed (and the rows may hold part of it), those
    /// indexes are dropped, to be built again from the rows.
    pub(super) fn codes_committed(&self, writes: &[Write], committed: bool) {
        let mut added: Vec<(u64, Vec<(u64, &str)>)> = Vec::new();
        for write in writes {
            let Write::NewCoupon { campaign_id, seq, coupon } = write else { continue };
            match added.iter_mut().find(|(campaign, _)| campaign == campaign_id) {
                Some((_, codes)) => codes.push((*seq, &coupon.code)),
                None => added.push((*campaign_id, vec![(*seq, &coupon.code)])),
            }
        }
        for (campaign_id, codes) in added {
            match committed {
                true => self.coupon_codes.record(campaign_id, &codes),
                false => self.coupon_codes.forget(campaign_id),
            }
        }
    }

    /// For each code, whether the campaign's pool holds it (building the pool's index first
    /// if needed).
    pub(super) fn pool_holds(&self, campaign_id: u64, codes: &[String]) -> Result<Vec<bool>, StoreError> {
        let indexes = &self.coupon_codes;
        let index = indexes.entry(campaign_id);
        let mut index = index.lock();
        let index = match index.as_mut() {
            Some(index) => index,
            None => index.insert(self.build_code_index(campaign_id)?),
        };
        let mut held = Vec::with_capacity(codes.len());
        for code in codes {
            let mut found = false;
            let places: Vec<u64> = index.places_of(indexes.hash(code)).collect();
            for seq in places {
                if self.code_of_place(campaign_id, seq, &mut index.recent)?.as_deref() == Some(code.as_str()) {
                    found = true;
                    break;
                }
            }
            held.push(found);
        }
        Ok(held)
    }

    /// The code at `seq`, read through `recent`, the last block read: a re-upload of codes
    /// the pool has asks for 64 places in a row of each block. A filled place of a block never
    /// changes, so only an empty one is read again.
    fn code_of_place(
        &self,
        campaign_id: u64,
        seq: u64,
        recent: &mut Option<(u64, coupons::Codes)>,
    ) -> Result<Option<String>, StoreError> {
        let (block, slot) = (seq / coupons::BLOCK, (seq % coupons::BLOCK) as usize);
        if let Some((_, codes)) = recent.as_ref().filter(|(read, _)| *read == block) {
            if let Some(Some(code)) = codes.get(slot) {
                return Ok(Some(code.clone()));
            }
        }
        if let Some(codes) = self.block_codes(campaign_id, seq)? {
            let code = codes.get(slot).cloned().flatten();
            *recent = Some((block, codes));
            if code.is_some() {
                return Ok(code);
            }
        }
        self.row_code(campaign_id, seq)
    }

    /// The index of the codes in the pool's rows: its blocks, and the rows of coupons that
    /// have one (assigned coupons, and every coupon of a pool from before blocks).
    fn build_code_index(&self, campaign_id: u64) -> Result<CodeIndex, StoreError> {
        let started = Instant::now();
        let hash = |code: &str| self.coupon_codes.hash(code);
        let mut index = CodeIndex::default();
        let blocks = keys::row(campaign_id, campaign_row::COUPON_BLOCK, &[]);
        for entry in self.campaign_rows.scan_prefix(&blocks) {
            let (key, row) = entry?;
            let first = keys::read_id(&key[blocks.len()..]).ok_or(StoreError::Decode("coupon block key".into()))?
                * coupons::BLOCK;
            let codes: coupons::Codes = codec::decode(&row)?;
            for (slot, code) in codes.iter().enumerate() {
                if let Some(code) = code {
                    index.add(hash(code), first + slot as u64);
                }
            }
        }
        let rows = keys::row(campaign_id, campaign_row::COUPON, &[]);
        for entry in self.campaign_rows.scan_prefix(&rows) {
            let (key, row) = entry?;
            let seq = keys::read_id(&key[rows.len()..]).ok_or(StoreError::Decode("coupon key".into()))?;
            let coupon: Coupon = codec::decode(&row)?;
            index.add(hash(&coupon.code), seq);
        }
        tracing::debug!(
            campaign_id,
            codes = index.places.len(),
            elapsed_ms = started.elapsed().as_millis() as u64,
            "built a coupon pool's code index"
        );
        Ok(index)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::StoreOptions;

    fn holds(store: &SledStore, campaign_id: u64, code: &str) -> bool {
        store.pool_holds(campaign_id, &[code.to_owned()]).unwrap()[0]
    }

    fn available(code: &str) -> Coupon {
        Coupon { code: code.to_owned(), reward_id: None, participant_id: None, used_at: None }
    }

    #[test]
    fn a_pool_knows_its_codes_from_its_rows_and_from_later_commits() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &StoreOptions::default()).unwrap();
        // A pool from before blocks: a row for each of its coupons.
        store.campaign_rows.insert(coupons::coupon_key(7, 1), codec::encode(&available("OLD-1")).unwrap()).unwrap();
        let import = |seqs: std::ops::RangeInclusive<u64>| -> Vec<Write> {
            seqs.map(|seq| Write::NewCoupon { campaign_id: 7, seq, coupon: available(&format!("NEW-{seq}")) }).collect()
        };
        store.stage(&import(2..=70)).unwrap().commit_journaled().unwrap();
        assert_eq!(store.coupon_codes.loaded(), 0, "nothing is built before an import asks");
        assert!(holds(&store, 7, "OLD-1"));
        assert!(holds(&store, 7, "NEW-70"));
        assert!(!holds(&store, 7, "NEW-71"));
        assert!(!holds(&store, 8, "NEW-2"), "another campaign's pool is its own");

        // Codes committed once the index is built are in it: through the session's commit.
        let session = super::super::decisions::SledSession::new(&store);
        futures_executor::block_on(crate::store::BrandSession::commit(Box::new(session), &import(71..=71))).unwrap();
        assert!(holds(&store, 7, "NEW-71"));
        // An assigned coupon has its own row; its code is still the pool's.
        let assigned =
            Coupon { reward_id: Some(9), participant_id: Some(4), used_at: Some("now".into()), ..available("NEW-5") };
        store.stage(&[Write::Coupon { campaign_id: 7, seq: 5, coupon: assigned }]).unwrap().commit_journaled().unwrap();
        assert_eq!(store.coupon_codes.forget_idle(Instant::now() + IDLE), 2, "campaigns 7 and 8");
        assert!(holds(&store, 7, "NEW-5"), "rebuilt from the rows, the assigned coupon's too");
        assert!(holds(&store, 7, "NEW-71"));
        assert!(!holds(&store, 7, "NEW-72"));

        // A hash that collides with a code already there: both places are checked.
        let mut index = CodeIndex::default();
        index.add(42, 1);
        index.add(42, 2);
        index.add(42, 2);
        assert_eq!(index.places_of(42).collect::<Vec<_>>(), [1, 2]);

        assert_eq!(store.coupon_codes.forget_idle(Instant::now()), 0, "in use");
        assert_eq!(store.coupon_codes.loaded(), 1);
    }

    #[test]
    fn the_keys_per_code_of_older_pools_are_dropped_once_and_their_codes_still_count() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &StoreOptions::default()).unwrap();
        store.campaigns.insert(keys::id(7), &b"campaign"[..]).unwrap();
        for seq in 1..=3 {
            let code = format!("OLD-{seq}");
            store.campaign_rows.insert(coupons::coupon_key(7, seq), codec::encode(&available(&code)).unwrap()).unwrap();
            let by_code = keys::row(7, campaign_row::COUPON_CODE, code.as_bytes());
            store.campaign_rows.insert(by_code, &keys::id(seq)[..]).unwrap();
        }
        store.meta.remove("coupons.code_keys_dropped.v1").unwrap();
        assert_eq!(store.migrate().unwrap(), 3);
        assert_eq!(store.migrate().unwrap(), 0, "runs once");
        assert_eq!(store.campaign_rows.scan_prefix(keys::row(7, campaign_row::COUPON_CODE, &[])).count(), 0);
        assert!(holds(&store, 7, "OLD-3"));
        assert_eq!(store.coupon_at(7, 3).unwrap(), Some(available("OLD-3")), "the coupons stay");
    }
}
