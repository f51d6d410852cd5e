//! `Overlay`: stage a brand actor's writes, then commit them in one short transaction.
//!
//! Why: in sled 0.34.7 a transaction holds a process-wide write lock from its first read to
//! its commit, and while any transaction runs every other read in the process waits. A
//! signup that read its rows inside the transaction serialized all brands and all HTTP reads
//! behind it. A brand actor is the only writer of the rows it reads, so it can read them
//! without a lock, decide, and then commit only the writes, atomically: the lock is held for
//! the writes alone. The overlay answers reads with the staged value first, so an operation
//! sees its own earlier writes (a counter bumped twice, a second coupon taken).

use std::collections::HashMap;

use sled::Transactional;

use super::{finish_transaction, Store, StoreError};

/// The trees a brand actor writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TreeId {
    Participants,
    Indexes,
    CampaignRows,
    ParticipantRows,
}

/// Reads through to the store, writes into a staging area.
pub struct Overlay<'a> {
    store: &'a Store,
    staged: HashMap<(TreeId, Vec<u8>), Option<Vec<u8>>>,
    /// Staged writes in the order they were made (later writes of a key win at commit).
    order: Vec<(TreeId, Vec<u8>)>,
}

impl<'a> Overlay<'a> {
    pub fn new(store: &'a Store) -> Self {
        Self { store, staged: HashMap::new(), order: Vec::new() }
    }

    fn tree(&self, id: TreeId) -> &sled::Tree {
        match id {
            TreeId::Participants => &self.store.participants,
            TreeId::Indexes => &self.store.indexes,
            TreeId::CampaignRows => &self.store.campaign_rows,
            TreeId::ParticipantRows => &self.store.participant_rows,
        }
    }

    pub fn get(&self, tree: TreeId, key: &[u8]) -> Result<Option<Vec<u8>>, StoreError> {
        match self.staged.get(&(tree, key.to_vec())) {
            Some(staged) => Ok(staged.clone()),
            None => Ok(self.tree(tree).get(key)?.map(|v| v.to_vec())),
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
        let writes: Vec<(TreeId, Vec<u8>, Option<Vec<u8>>)> = self
            .order
            .into_iter()
            .map(|(tree, key)| {
                let value = self.staged.get(&(tree, key.clone())).cloned().flatten();
                (tree, key, value)
            })
            .collect();
        let trees =
            (&store.participants, &store.indexes, &store.campaign_rows, &store.participant_rows, &store.idempotency);
        let outcome = trees.transaction(|(participants, indexes, rows, prows, idempotency)| {
            if let Err(refused) = guard(idempotency)? {
                return Ok(Err(refused));
            }
            for (tree, key, value) in &writes {
                let target = match tree {
                    TreeId::Participants => participants,
                    TreeId::Indexes => indexes,
                    TreeId::CampaignRows => rows,
                    TreeId::ParticipantRows => prows,
                };
                match value {
                    Some(value) => target.insert(key.as_slice(), value.as_slice())?,
                    None => target.remove(key.as_slice())?,
                };
            }
            Ok(Ok(()))
        });
        finish_transaction(outcome)
    }
}
