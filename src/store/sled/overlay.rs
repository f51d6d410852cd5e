//! `Overlay`: stage a brand actor's writes, then commit them atomically.
//!
//! Why not read inside a sled transaction: in sled 0.34.7 a transaction holds a process-wide
//! write lock from its first read to its commit, and while any transaction runs every other
//! read in the process waits. A brand actor is the only writer of the rows it reads, so it
//! reads them without a lock, decides, and stages the writes. The overlay answers reads with
//! the staged value first, so an operation sees its own earlier writes (a counter bumped
//! twice, a second coupon taken).
//!
//! Two ways to commit the staged writes, both all-or-nothing across a crash:
//! - [`Overlay::commit_journaled`], the hot path: the whole write set goes into the `journal`
//!   tree as one value (a single insert, atomic by itself), then the writes are applied as
//!   plain inserts, then the journal entry is removed. sled recovers a prefix of its log, so
//!   after a crash an entry is either absent (and so are its writes) or present, and
//!   [`SledStore::replay_journal`] re-applies it at start-up (the writes are absolute values, so
//!   re-applying is harmless). Measured reason: every sled transaction or batch rolls and
//!   writes the log buffer twice (`pin_log`), each write waking all of sled's I/O threads:
//!   about 20 context switches and 2 `pwrite` + `sync_file_range` per signup.
//! - [`Overlay::commit`]: a sled transaction, for writes that must check a row another actor
//!   may write (an idempotency key) under the lock.

use std::collections::HashMap;

use sled::Transactional;

use super::boards::BoardMove;
use super::{codec, finish_transaction, keys, SledStore, StoreError};

/// The trees a brand actor writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum TreeId {
    Participants = 1,
    Indexes = 2,
    CampaignRows = 3,
    ParticipantRows = 4,
    /// Pending webhook deliveries, written with the signup that causes them; the log, written
    /// by the dispatcher (see `webhooks.rs`).
    Deliveries = 5,
    DeliveryLog = 6,
    /// Webhook events, written with their deliveries.
    Events = 7,
    /// Idempotency records: written in a transaction that checks the key first
    /// ([`Overlay::commit`]); rewritten plainly only by an erasure, which changes the copy of
    /// a participant in a record that exists (nobody else ever changes one).
    Idempotency = 8,
    /// What became of each email to a participant: written by the mailer only (see
    /// `emails.rs`).
    EmailLog = 9,
}

impl TreeId {
    fn from_u8(tag: u8) -> Option<Self> {
        match tag {
            1 => Some(Self::Participants),
            2 => Some(Self::Indexes),
            3 => Some(Self::CampaignRows),
            4 => Some(Self::ParticipantRows),
            5 => Some(Self::Deliveries),
            6 => Some(Self::DeliveryLog),
            7 => Some(Self::Events),
            8 => Some(Self::Idempotency),
            9 => Some(Self::EmailLog),
            _ => None,
        }
    }
}

impl SledStore {
    fn tree_of(&self, id: TreeId) -> &sled::Tree {
        match id {
            TreeId::Participants => &self.participants,
            TreeId::Indexes => &self.indexes,
            TreeId::CampaignRows => &self.campaign_rows,
            TreeId::ParticipantRows => &self.participant_rows,
            TreeId::Deliveries => &self.deliveries,
            TreeId::DeliveryLog => &self.delivery_log,
            TreeId::Events => &self.events,
            TreeId::Idempotency => &self.idempotency,
            TreeId::EmailLog => &self.email_log,
        }
    }

    fn apply(&self, writes: impl Iterator<Item = StagedWrite>) -> Result<(), StoreError> {
        for (tree, key, value) in writes {
            match value {
                Some(value) => self.tree_of(tree).insert(key, value)?,
                None => self.tree_of(tree).remove(key)?,
            };
        }
        Ok(())
    }

    /// Re-applies journal entries left by a crash, oldest first. Run at start-up, before
    /// serving; returns how many entries were replayed.
    pub fn replay_journal(&self) -> Result<usize, StoreError> {
        let mut replayed = 0;
        for entry in self.journal.iter() {
            let (key, value) = entry?;
            let writes: Vec<(u8, Vec<u8>, Option<Vec<u8>>)> = codec::decode(&value)?;
            let writes = writes
                .into_iter()
                .map(|(tree, k, v)| {
                    TreeId::from_u8(tree)
                        .map(|t| (t, k, v))
                        .ok_or(StoreError::Decode(format!("journal names unknown tree {tree}")))
                })
                .collect::<Result<Vec<_>, _>>()?;
            self.apply(writes.into_iter())?;
            self.journal.remove(key)?;
            replayed += 1;
        }
        Ok(replayed)
    }
}

/// One staged write: the tree, the key, the value (`None`: removed).
pub(super) type StagedWrite = (TreeId, Vec<u8>, Option<Vec<u8>>);
/// A staged write as a journal entry holds it, the tree as its tag.
type JournalWrite<'a> = (u8, &'a [u8], Option<&'a [u8]>);

/// A journal entry: the write set as `(tree, key, value)` triples, encoded from borrowed
/// slices (serde writes a slice as it writes a `Vec`, so [`SledStore::replay_journal`] reads
/// it back as owned triples) rather than from a copy of every key and value.
fn encode_entry(writes: &[StagedWrite]) -> Result<Vec<u8>, StoreError> {
    let entry: Vec<JournalWrite<'_>> =
        writes.iter().map(|(tree, key, value)| (*tree as u8, key.as_slice(), value.as_deref())).collect();
    codec::encode(&entry)
}

/// Reads through to the store, writes into a staging area.
pub struct Overlay<'a> {
    store: &'a SledStore,
    staged: HashMap<(TreeId, Vec<u8>), Option<Vec<u8>>>,
    /// Staged writes in the order they were made (later writes of a key win at commit).
    order: Vec<(TreeId, Vec<u8>)>,
    /// How the commit moves the leaderboards kept in memory (see `boards.rs`).
    moves: Vec<(u64, BoardMove)>,
}

impl<'a> Overlay<'a> {
    pub fn new(store: &'a SledStore) -> Self {
        Self { store, staged: HashMap::new(), order: Vec::new(), moves: Vec::new() }
    }

    /// The commit moves a campaign's leaderboards so, once its keys are applied.
    pub(super) fn move_boards(&mut self, campaign_id: u64, step: BoardMove) {
        self.moves.push((campaign_id, step));
    }

    pub fn get(&self, tree: TreeId, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        match self.staged.get(&(tree, key.to_vec())) {
            Some(staged) => Ok(staged.clone()),
            None => Ok(self.store.tree_of(tree).get(key)?.map(|v| v.to_vec())),
        }
    }

    pub fn insert(&mut self, tree: TreeId, key: impl Into<Vec<u8>>, value: impl Into<Vec<u8>>) {
        self.stage(tree, key.into(), Some(value.into()));
    }

    pub fn remove(&mut self, tree: TreeId, key: impl Into<Vec<u8>>) {
        self.stage(tree, key.into(), None);
    }

    fn stage(&mut self, tree: TreeId, key: Vec<u8>, value: Option<Vec<u8>>) {
        if self.staged.insert((tree, key.clone()), value).is_none() {
            self.order.push((tree, key));
        }
    }

    /// The staged writes, in the order they were made, each with its final value, and the
    /// moves of the leaderboards.
    fn into_writes(self) -> (Vec<StagedWrite>, Vec<(u64, BoardMove)>) {
        let staged = self.staged;
        let writes = self
            .order
            .into_iter()
            .map(|(tree, key)| {
                let value = staged.get(&(tree, key.clone())).cloned().flatten();
                (tree, key, value)
            })
            .collect();
        (writes, self.moves)
    }

    /// Applies every staged write atomically through the journal (see the module docs).
    pub fn commit_journaled(self) -> Result<(), StoreError> {
        let store = self.store;
        let (writes, moves) = self.into_writes();
        let _writing = store.writing();
        let moving = store.boards.moving(moves);
        if writes.is_empty() {
            moving.moved(store);
            return Ok(());
        }
        let applied = (|| {
            let entry_key = keys::id(store.fresh_id()?);
            store.journal.insert(entry_key, encode_entry(&writes)?)?;
            store.apply(writes.into_iter())?;
            store.journal.remove(entry_key)?;
            Ok(())
        })();
        match &applied {
            Ok(()) => moving.moved(store),
            Err(_) => moving.failed(),
        }
        applied
    }

    /// Applies every staged write in one transaction. `guard` runs inside it first, under the
    /// lock, for the few checks whose rows another actor may write (idempotency keys); when it
    /// returns `Err`, nothing is written.
    pub fn commit<T>(
        self,
        guard: impl Fn(
            &sled::transaction::TransactionalTree,
        ) -> Result<Result<(), T>, sled::transaction::UnabortableTransactionError>,
    ) -> Result<Result<(), T>, StoreError>
    where
        T: Clone,
    {
        let store = self.store;
        let (writes, moves) = self.into_writes();
        let _writing = store.writing();
        // A transaction writes all or nothing: the boards move only when it wrote.
        let moving = store.boards.moving(moves);
        let trees = (
            &store.participants,
            &store.indexes,
            &store.campaign_rows,
            &store.participant_rows,
            &store.deliveries,
            &store.events,
            &store.idempotency,
        );
        let outcome = trees.transaction(|(participants, indexes, rows, prows, deliveries, events, idempotency)| {
            if let Err(refused) = guard(idempotency)? {
                return Ok(Err(refused));
            }
            for (tree, key, value) in &writes {
                let target = match tree {
                    TreeId::Participants => participants,
                    TreeId::Indexes => indexes,
                    TreeId::CampaignRows => rows,
                    TreeId::ParticipantRows => prows,
                    TreeId::Deliveries => deliveries,
                    TreeId::Events => events,
                    TreeId::Idempotency => idempotency,
                    // Only the webhook dispatcher and the mailer write the logs, never through here.
                    TreeId::DeliveryLog | TreeId::EmailLog => {
                        return Err(sled::transaction::ConflictableTransactionError::Abort(StoreError::Decode(
                            "a delivery log is not written in signup transactions".into(),
                        )))
                    }
                };
                match value {
                    Some(value) => target.insert(key.as_slice(), value.as_slice())?,
                    None => target.remove(key.as_slice())?,
                };
            }
            Ok(Ok(()))
        });
        let outcome = finish_transaction(outcome);
        if let Ok(Ok(())) = &outcome {
            moving.moved(store);
        }
        outcome
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::store::StoreOptions;

    #[test]
    fn staged_reads_see_staged_writes_and_a_journal_commit_applies_them() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &StoreOptions::default()).unwrap();
        let mut overlay = Overlay::new(&store);
        overlay.insert(TreeId::CampaignRows, b"counter".to_vec(), b"1".to_vec());
        overlay.insert(TreeId::CampaignRows, b"counter".to_vec(), b"2".to_vec());
        overlay.insert(TreeId::Indexes, b"gone".to_vec(), b"x".to_vec());
        overlay.remove(TreeId::Indexes, b"gone".to_vec());
        assert_eq!(overlay.get(TreeId::CampaignRows, b"counter").unwrap(), Some(b"2".to_vec()));
        assert_eq!(overlay.get(TreeId::Indexes, b"gone").unwrap(), None);
        assert!(store.campaign_rows.get(b"counter").unwrap().is_none(), "nothing is written before the commit");
        overlay.commit_journaled().unwrap();
        assert_eq!(store.campaign_rows.get(b"counter").unwrap().as_deref(), Some(&b"2"[..]));
        assert!(store.indexes.get(b"gone").unwrap().is_none());
        assert_eq!(store.journal.len(), 0);
    }

    #[test]
    fn a_journal_entry_left_by_a_crash_is_applied_once_at_the_next_start() {
        let dir = tempfile::tempdir().unwrap();
        {
            let store = SledStore::open(dir.path(), &StoreOptions::default()).unwrap();
            store.campaign_rows.insert(b"stale", &b"old"[..]).unwrap();
            // A crash right after the journal insert: the entry is on disk, its writes are not.
            let entry = [
                (TreeId::Participants, b"p1".to_vec(), Some(b"ada".to_vec())),
                (TreeId::CampaignRows, b"stale".to_vec(), None),
            ];
            let owned: Vec<(u8, Vec<u8>, Option<Vec<u8>>)> =
                entry.iter().map(|(tree, key, value)| (*tree as u8, key.clone(), value.clone())).collect();
            assert_eq!(encode_entry(&entry).unwrap(), codec::encode(&owned).unwrap(), "as earlier releases wrote it");
            store.journal.insert(keys::id(7), encode_entry(&entry).unwrap()).unwrap();
            store.close_now().unwrap();
        }
        let store = reopen(dir.path());
        assert_eq!(store.participants.get(b"p1").unwrap().as_deref(), Some(&b"ada"[..]));
        assert!(store.campaign_rows.get(b"stale").unwrap().is_none());
        assert_eq!(store.journal.len(), 0);
        assert_eq!(store.replay_journal().unwrap(), 0);
    }

    /// Opens the store again once the previous one in this process has let go of its file
    /// lock: sled's own threads release it a moment after the handle is dropped.
    pub(in crate::store::sled) fn reopen(dir: &std::path::Path) -> SledStore {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            match SledStore::open(dir, &StoreOptions::default()) {
                Ok(store) => return store,
                Err(e) if e.to_string().contains("lock") && std::time::Instant::now() < deadline => {
                    std::thread::yield_now();
                }
                Err(e) => panic!("reopen: {e}"),
            }
        }
    }
}
