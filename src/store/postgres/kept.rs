//! A busy brand's signups in one transaction: what a batched session
//! ([`DecisionStore::batched_session`](crate::store::DecisionStore::batched_session)) leaves
//! open, and what settles it.
//!
//! A batched session writes its decision into its transaction without committing it, and the
//! transaction, still holding the brand's lock, is kept here for the brand's next batched
//! session, which continues it and so reads what the ones before it wrote. The brand's actor
//! settles it ([`Kept::settle`]) once no signup of the brand is waiting for it, before any
//! other kind of decision of the brand, and at most [`MOST_DECISIONS`] decisions in. The
//! requests whose writes are in it answer only after it commits ([`Settled`]); if it rolls
//! back instead (a later decision's statement failed, the commit failed, the server stopped),
//! their tickets say so and they answer 503: nothing unacknowledged is lost, and nothing is
//! acknowledged that was not committed.
//!
//! Why it is sound: the brand's lock is held from the first decision's reads to the commit, so
//! no other server's decision on the brand interleaves; the decisions of one server are
//! serialised by the brand's actor, and each reads the writes of those before it in the same
//! transaction. What the batch saves is a transaction's cost per signup: `BEGIN`, the lock,
//! and above all the wait for the commit's WAL flush, which otherwise every signup of a busy
//! brand pays in turn, holding the lock.

use std::collections::HashMap;

use parking_lot::Mutex;

use super::connection::Pooled;
use super::StoreError;
use crate::store::{Settled, Settler};

/// The most decisions one kept transaction takes before it is committed: enough that a busy
/// brand pays one commit for many signups, few enough that the first of them does not wait
/// long for its answer.
pub(super) const MOST_DECISIONS: usize = 32;

/// The transactions kept open, one at most per brand.
#[derive(Default)]
pub(super) struct Kept {
    open: Mutex<HashMap<i64, Open>>,
}

/// A brand's transaction between two of its decisions.
pub(super) struct Open {
    /// In the transaction, holding the brand's lock.
    pub conn: Pooled,
    /// Tells the tickets of its requests how it ended.
    pub settler: Settler,
    /// How many decisions wrote into it.
    pub decisions: usize,
}

impl Kept {
    /// The brand's transaction, for its next decision to continue.
    pub fn take(&self, brand_id: i64) -> Option<Open> {
        self.open.lock().remove(&brand_id)
    }

    /// Keeps the brand's transaction for its next decision.
    pub fn keep(&self, brand_id: i64, open: Open) {
        let earlier = self.open.lock().insert(brand_id, open);
        debug_assert!(earlier.is_none(), "one kept transaction per brand");
    }

    /// The ticket of the brand's kept transaction.
    pub fn ticket(&self, brand_id: i64) -> Settled {
        self.open.lock().get(&brand_id).map_or_else(Settled::now, |open| open.settler.ticket())
    }

    /// Commits the brand's kept transaction, if there is one.
    pub async fn settle(&self, brand_id: i64) -> Result<(), StoreError> {
        match self.take(brand_id) {
            Some(open) => open.commit().await,
            None => Ok(()),
        }
    }
}

impl Open {
    /// Commits, and tells the tickets. On failure the transaction is rolled back (the
    /// connection is dropped in it) and the tickets fail.
    pub async fn commit(mut self) -> Result<(), StoreError> {
        self.conn.commit().await?;
        self.settler.committed();
        Ok(())
    }
}

/// A batched session's part in its brand's kept transaction.
pub(super) struct Batch {
    pub kept: std::sync::Arc<Kept>,
    pub settler: Settler,
    /// How many decisions wrote into the transaction before this one.
    pub decisions: usize,
}

impl Batch {
    /// Whether this decision's writes end the transaction: commit them with it.
    pub fn commits_now(&self) -> bool {
        self.decisions + 1 >= MOST_DECISIONS
    }

    /// After this decision's writes: the tickets told, when they committed with it; else the
    /// transaction kept for the brand's next decision.
    pub fn wrote(self, brand_id: i64, conn: Pooled, committed: bool) {
        if committed {
            self.settler.committed();
        } else {
            self.kept.keep(brand_id, Open { conn, settler: self.settler, decisions: self.decisions + 1 });
        }
    }

    /// After a decision that wrote nothing: a transaction with earlier decisions' writes is
    /// kept, unless a statement failed in it (then PostgreSQL has aborted it, and dropping
    /// the connection rolls it back and fails its tickets).
    pub fn wrote_nothing(self, brand_id: i64, conn: Pooled, failed: bool) {
        if self.decisions > 0 && !failed {
            self.kept.keep(brand_id, Open { conn, settler: self.settler, decisions: self.decisions });
        }
    }
}
