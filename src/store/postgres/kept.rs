//! A busy brand's signups in one transaction: what a batched session
//! ([`DecisionStore::batched_session`](crate::store::DecisionStore::batched_session)) leaves
//! open, and what settles it.
//!
//! A batched session writes its decision into its transaction without committing it, and the
//! transaction, still holding the brand's lock, is kept here for the brand's next batched
//! session, which continues it and so reads what the ones before it wrote. The writes are
//! kept unsent ([`Open::pending`]): the next session sends them ahead of its reads, in the
//! same round trip, and the settle sends them with the `COMMIT`. A busy brand's actor, which
//! waits for each round trip in turn, so pays one per signup, not two. The brand's actor
//! settles it ([`Kept::settle`]) once no signup of the brand is waiting for it, before any
//! other kind of decision of the brand, and at most [`MOST_DECISIONS`] decisions in. The
//! requests whose writes are in it answer only after it commits ([`Settled`]); if it rolls
//! back instead (a later decision's statement failed, a decision's writes failed when they
//! were sent, the commit failed, the server stopped),
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

use super::connection::{Pipeline, Pooled};
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
    /// The last decision's writes, not sent yet: they go ahead of the next decision's reads,
    /// in the same round trip, or with the commit (so a busy brand's signup costs one round
    /// trip between the brand's lock and its writes, not two).
    pub pending: Pipeline,
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
        let started = std::time::Instant::now();
        self.conn.run_and_commit(&mut self.pending).await?;
        crate::metrics::commit(started.elapsed());
        crate::metrics::transaction(self.decisions);
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

    /// After this decision's writes committed, with the transaction: the tickets told.
    pub fn committed(self) {
        crate::metrics::transaction(self.decisions + 1);
        self.settler.committed();
    }

    /// This decision's writes, `pending` (not sent yet), kept with the transaction for the
    /// brand's next decision.
    pub fn wrote(self, brand_id: i64, conn: Pooled, pending: Pipeline) {
        let decisions = self.decisions + 1;
        self.kept.keep(brand_id, Open { conn, settler: self.settler, decisions, pending });
    }

    /// After a decision that wrote nothing: a transaction with earlier decisions' writes is
    /// kept, unless a statement failed in it (then PostgreSQL has aborted it, and dropping
    /// the connection rolls it back and fails its tickets).
    pub fn wrote_nothing(self, brand_id: i64, conn: Pooled, failed: bool) {
        if self.decisions > 0 && !failed {
            let pending = Pipeline::default();
            self.kept.keep(brand_id, Open { conn, settler: self.settler, decisions: self.decisions, pending });
        }
    }
}
