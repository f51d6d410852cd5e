//! Ids in the embedded store: one dense counter per kind, the ids people see (participants,
//! rewards, campaigns, …), and sled's own generator for keys of our own that no one sees
//! (journal entries, the issue-order index).
//!
//! The counters live in memory and are handed out without a write. What keeps an id from
//! being handed out twice, crash or not, is what is on disk before anything using it is:
//! - an id a brand's decision takes ([`SledStore::take_id`]) is kept in the brand's row of
//!   ids (`index::BRAND_IDS ++ brand` → the highest id of each kind the brand used), staged
//!   by the session into the same commit as the rows that use it;
//! - any other ([`SledStore::allocate`]: members, brands, campaigns, webhooks, a test
//!   delivery's event) moves the kind's counter in `meta` (`id.<kind>`) to it before it is
//!   handed out.
//!
//! At the start each counter resumes above the highest of `meta` and every brand's row, so
//! ids stay consecutive across a crash (an id taken by a decision that wrote nothing was
//! never stored, and may be handed out again) and are never used twice, even for data
//! deleted since: a brand's row outlives its campaigns. Why: the counter in `meta` moved by
//! a compare-and-swap per id was three of the thirty-odd sled operations of a referral
//! signup; the brand's row is one write, in the commit.

use std::sync::atomic::{AtomicU64, Ordering};

use super::keys::{self, index};
use super::overlay::{Overlay, TreeId};
use super::{SledStore, StoreError};
use crate::domain::ids::IdKind;

/// The `meta` key of a kind's id counter.
pub(super) fn id_counter_key(kind: IdKind) -> String {
    format!("id.{}", kind.name())
}

/// Where a kind is in a brand's row of ids.
fn slot(kind: IdKind) -> usize {
    IdKind::ALL.iter().position(|k| *k == kind).expect("every kind is in ALL")
}

/// The highest id of each kind in a brand's row (0 for a kind it never used).
fn read_row(row: Option<&[u8]>) -> [u64; IdKind::ALL.len()] {
    std::array::from_fn(|i| keys::slot_value(row, i))
}

fn brand_ids_key(brand_id: u64) -> [u8; 9] {
    keys::tagged_prefix(index::BRAND_IDS, brand_id)
}

/// The last id handed out of each kind.
#[derive(Default)]
pub(super) struct IdCounters([AtomicU64; IdKind::ALL.len()]);

impl IdCounters {
    fn next(&self, kind: IdKind) -> u64 {
        self.0[slot(kind)].fetch_add(1, Ordering::SeqCst) + 1
    }
}

/// The ids a decision took, to keep in its brand's row when it commits.
#[derive(Default)]
pub(super) struct Taken(parking_lot::Mutex<[u64; IdKind::ALL.len()]>);

impl Taken {
    fn took(&self, kind: IdKind, id: u64) {
        let mut taken = self.0.lock();
        taken[slot(kind)] = taken[slot(kind)].max(id);
    }

    /// Stages the brand's row of ids with the ids taken, when any were.
    pub(super) fn stage(&self, tx: &mut Overlay<'_>, brand_id: u64) -> Result<(), StoreError> {
        let taken = *self.0.lock();
        if taken.iter().all(|&id| id == 0) {
            return Ok(());
        }
        let key = brand_ids_key(brand_id);
        let mut ids = read_row(tx.get(TreeId::Indexes, &key)?.as_deref());
        let mut row = Vec::with_capacity(ids.len() * 8);
        for (id, took) in ids.iter_mut().zip(taken) {
            *id = (*id).max(took);
            row.extend_from_slice(&id.to_be_bytes());
        }
        tx.insert(TreeId::Indexes, key.to_vec(), row);
        Ok(())
    }
}

impl SledStore {
    /// A fresh, unique, increasing number (never 0) for keys of our own (journal entries):
    /// sled's generator, which skips ahead at every start, so never an id people see.
    pub(super) fn fresh_id(&self) -> Result<u64, StoreError> {
        Ok(self.db.generate_id()? + 1)
    }

    /// The next id of `kind` for something other than a brand's decision: the kind's
    /// counter in `meta` is moved to it before it is handed out (see the module docs).
    pub(super) fn allocate(&self, kind: IdKind) -> Result<u64, StoreError> {
        let id = self.ids.next(kind);
        self.meta.fetch_and_update(id_counter_key(kind), |old| {
            let last = old.and_then(keys::read_id).unwrap_or(0);
            Some(keys::id(last.max(id)).to_vec())
        })?;
        Ok(id)
    }

    /// The next id of `kind` for a brand's decision, noted in `taken` for the session to keep
    /// with its commit (see the module docs).
    pub(super) fn take_id(&self, kind: IdKind, taken: &Taken) -> u64 {
        let id = self.ids.next(kind);
        taken.took(kind, id);
        id
    }

    /// The last id handed out of `kind` (what a move to another backend continues above).
    pub(super) fn last_id(&self, kind: IdKind) -> u64 {
        self.ids.0[slot(kind)].load(Ordering::SeqCst)
    }

    /// Sets each counter above every id stored: the highest of `meta` and of every brand's
    /// row. Run at the start, after the migrations, before anything is handed out.
    pub(super) fn resume_ids(&self) -> Result<(), StoreError> {
        let mut last = [0u64; IdKind::ALL.len()];
        for kind in IdKind::ALL {
            last[slot(kind)] = self.meta.get(id_counter_key(kind))?.as_deref().and_then(keys::read_id).unwrap_or(0);
        }
        for row in self.indexes.scan_prefix([index::BRAND_IDS]).values() {
            for (last, used) in last.iter_mut().zip(read_row(Some(&row?))) {
                *last = (*last).max(used);
            }
        }
        for (counter, last) in self.ids.0.iter().zip(last) {
            counter.store(last, Ordering::SeqCst);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::sled::overlay::tests::reopen as open;

    #[test]
    fn ids_a_decision_took_are_kept_with_its_commit_and_counting_resumes_above_every_one_kept() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = open(dir.path());
            let taken = Taken::default();
            assert_eq!((store.take_id(IdKind::Participant, &taken), store.take_id(IdKind::Reward, &taken)), (1, 1));
            assert_eq!(store.take_id(IdKind::Participant, &taken), 2);
            let mut tx = Overlay::new(&store);
            tx.insert(TreeId::Participants, keys::id(2).to_vec(), b"row".to_vec());
            taken.stage(&mut tx, 5).unwrap();
            tx.commit_journaled().unwrap();
            // Another brand's decision that took an id and wrote nothing: never kept.
            assert_eq!(store.take_id(IdKind::Participant, &Taken::default()), 3);
            assert_eq!(store.allocate(IdKind::Campaign).unwrap(), 1);
            assert_eq!((store.last_id(IdKind::Participant), store.last_id(IdKind::Campaign)), (3, 1));
            store.close_now().unwrap();
        }
        let store = open(dir.path());
        assert_eq!(store.take_id(IdKind::Participant, &Taken::default()), 3, "above 2, the highest kept");
        assert_eq!(store.take_id(IdKind::Reward, &Taken::default()), 2);
        assert_eq!(store.allocate(IdKind::Campaign).unwrap(), 2);
        assert_eq!(store.take_id(IdKind::Email, &Taken::default()), 1, "a kind never used starts at 1");
    }
}
