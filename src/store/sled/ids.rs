//! Ids in the embedded store: one dense counter per kind in `meta` (`id.<kind>`), the ids
//! people see (participants, rewards, campaigns, …), and sled's own generator for keys of our
//! own that no one sees (journal entries, the issue-order index).

use super::{keys, SledStore, StoreError};
use crate::domain::ids::IdKind;

/// The `meta` key of a kind's id counter.
pub(super) fn id_counter_key(kind: IdKind) -> String {
    format!("id.{}", kind.name())
}

impl SledStore {
    /// A fresh, unique, increasing number (never 0) for keys of our own (journal entries):
    /// sled's generator, which skips ahead at every start, so never an id people see.
    pub(super) fn fresh_id(&self) -> Result<u64, StoreError> {
        Ok(self.db.generate_id()? + 1)
    }

    /// The next id of `kind`, from its counter in `meta` (`id.<kind>`), moved atomically.
    /// The counter is written before any row that uses the id, and sled recovers its log in
    /// order, so a row on disk always has its counter on disk: an id is never handed out
    /// twice, crash or not.
    pub(super) fn allocate(&self, kind: IdKind) -> Result<u64, StoreError> {
        let next = self.meta.update_and_fetch(id_counter_key(kind), |old| {
            let last = old.and_then(keys::read_id).unwrap_or(0);
            Some(keys::id(last + 1).to_vec())
        })?;
        next.as_deref().and_then(keys::read_id).ok_or_else(|| StoreError::Database("an id counter did not move".into()))
    }
}
