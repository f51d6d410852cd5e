//! Signups in shared transactions: what a batched session
//! ([`DecisionStore::batched_session`](crate::store::DecisionStore::batched_session)) leaves
//! open, and what settles it.
//!
//! The server's brands are split into a few lanes ([`Kept::lane_of`]: brand id modulo the
//! number of lanes, `pool_size / 4`), and a lane has at most one transaction open at a
//! time. A batched session of a brand continues its lane's open transaction: it holds the
//! lane for its whole decision (the others of the lane wait their turn, as tasks), writes
//! its decision into the transaction without committing it, and leaves the transaction,
//! still holding every lock its decisions took, for the lane's next signup, of this brand
//! or another, which reads what the ones before it wrote. The writes are kept unsent
//! ([`Open::pending`]): the next session sends them ahead of its reads, in the same round
//! trip, and the settle sends them with the `COMMIT`. So a busy lane pays one round trip
//! per signup, and one `BEGIN`, commit and WAL flush per batch, whichever brands its
//! signups are for. The lane is settled ([`Kept::settle`]) once no signup of its brands is
//! on its way, before any other kind of decision of one of its brands, and at most
//! [`MOST_DECISIONS`] decisions in. The requests whose writes are in it answer only after
//! it commits ([`Settled`]); if it rolls back instead (a later decision's statement failed,
//! a decision's writes failed when they were sent, the commit failed, the server stopped),
//! their tickets say so and they answer 503: nothing unacknowledged is lost, and nothing is
//! acknowledged that was not committed.
//!
//! Why it is sound: a decision joins the transaction only with its brand's lock, taken there
//! (`pg_try_advisory_xact_lock`, with the decision's reads, in one round trip) or taken by an
//! earlier decision of the same brand in it; the lock is held until the commit, so no other
//! decision on the brand, here or on another server, interleaves. The brand's decisions on
//! this server are serialised by its actor, and each reads the writes of those before it in
//! the same transaction. A lane never waits for a lock: when the brand's lock is held
//! elsewhere (another server's lane, another server's decision), the decision leaves the lane
//! and waits for the lock in a transaction of its own that holds nothing else
//! (`PgStore::lock_outside`). A transaction that waits holds no lock, so no two can wait on each
//! other, on one server or across several. The rows a decision writes are its own brand's
//! (keyed by `brand_id` first), so the decisions sharing a transaction write disjoint rows.

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use parking_lot::Mutex;
use tokio::sync::OwnedMutexGuard;

use super::connection::{Pipeline, Pooled};
use super::StoreError;
use crate::store::{Settled, Settler};

/// The most decisions one kept transaction takes before it is committed: enough that a busy
/// lane pays one commit for many signups, few enough that the first of them does not wait
/// long for its answer.
pub(super) const MOST_DECISIONS: usize = 32;

/// A lane's open transaction, if it has one: taken by one decision at a time.
type Slot = Arc<tokio::sync::Mutex<Option<Open>>>;

/// The lanes, and the ticket each brand's last batched decision left for its request.
pub(super) struct Kept {
    lanes: Vec<Slot>,
    /// Per lane, how many decisions of its brands wait for a brand's lock outside it.
    waiting: Vec<AtomicUsize>,
    tickets: Mutex<HashMap<i64, Settled>>,
}

/// A decision of a lane's brand waiting for its brand's lock outside the lane: while one
/// does, the lane's transaction is not left open for its next signup ([`Kept::may_stay_open`]).
pub(super) struct Waiting<'a>(&'a AtomicUsize);

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// A lane's transaction between two of its decisions.
pub(super) struct Open {
    /// In the transaction, holding the locks of `brands`.
    pub conn: Pooled,
    /// Tells the tickets of its requests how it ended.
    pub settler: Settler,
    /// How many decisions wrote into it.
    pub decisions: usize,
    /// The brands whose locks it holds.
    pub brands: Vec<i64>,
    /// The last decision's writes, not sent yet: they go ahead of the next decision's reads,
    /// in the same round trip, or with the commit (so a busy lane's signup costs one round
    /// trip between its reads and its writes, not two).
    pub pending: Pipeline,
}

impl Kept {
    /// `lanes` lanes (at least one): how many transactions may be open at once, and so how
    /// many of the session pool's connections they may hold.
    pub fn new(lanes: usize) -> Self {
        let lanes: Vec<Slot> = (0..lanes.max(1)).map(|_| Slot::default()).collect();
        let waiting = lanes.iter().map(|_| AtomicUsize::new(0)).collect();
        Self { lanes, waiting, tickets: Mutex::default() }
    }

    /// Marks a decision of the brand waiting for its lock outside the lane, until dropped.
    ///
    /// Why: a lane's transaction is left open while a signup of its brands is on its way, for
    /// that signup to continue it. A signup whose actor waits for a lock held by another
    /// server's lane will not come soon; were the lane's transaction left open for it, still
    /// holding its brands' locks, the other server's lane could be waiting the same way for a
    /// signup of this server's, each for ever. So while one of its brands waits, a lane's
    /// transaction is committed after each decision, and the waiting decision commits the one
    /// open before it waits (see `PgStore::lock_outside`).
    pub fn waiting(&self, brand_id: i64) -> Waiting<'_> {
        let count = &self.waiting[self.lane_of(brand_id)];
        count.fetch_add(1, Ordering::SeqCst);
        Waiting(count)
    }

    /// Whether the brand's lane's transaction may stay open for the lane's next signup: no
    /// decision of its brands waits for a lock outside it.
    pub fn may_stay_open(&self, brand_id: i64) -> bool {
        self.waiting[self.lane_of(brand_id)].load(Ordering::SeqCst) == 0
    }

    /// The lane a brand's batched decisions go through.
    pub fn lane_of(&self, brand_id: i64) -> usize {
        brand_id.rem_euclid(self.lanes.len() as i64) as usize
    }

    /// The brand's lane, waited for until no other decision is using it, with its open
    /// transaction if it has one.
    pub async fn enter(&self, brand_id: i64) -> OwnedMutexGuard<Option<Open>> {
        self.lanes[self.lane_of(brand_id)].clone().lock_owned().await
    }

    /// The ticket the brand's last batched decision left (the transaction its writes, or the
    /// writes its refusal read, are in), taken; [`Settled::now`] when it left none.
    pub fn ticket(&self, brand_id: i64) -> Settled {
        self.tickets.lock().remove(&brand_id).unwrap_or_else(Settled::now)
    }

    /// Commits the transaction open in the brand's lane, if there is one. The lane is held
    /// until the commit is done: the next decision of one of its brands would otherwise find
    /// that brand's lock still held, and wait for it outside the lane.
    pub async fn settle(&self, brand_id: i64) -> Result<(), StoreError> {
        let mut slot = self.enter(brand_id).await;
        match slot.take() {
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

/// A batched session's part in its lane's transaction. It holds the lane until it ends.
pub(super) struct Batch {
    pub kept: Arc<Kept>,
    pub slot: OwnedMutexGuard<Option<Open>>,
    pub settler: Settler,
    /// How many decisions wrote into the transaction before this one.
    pub decisions: usize,
    /// The brands whose locks the transaction holds, this session's among them.
    pub brands: Vec<i64>,
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
    /// lane's next decision; the brand's request waits for its commit.
    pub fn wrote(self, brand_id: i64, conn: Pooled, pending: Pipeline) {
        let decisions = self.decisions + 1;
        self.keep(brand_id, conn, decisions, pending);
    }

    /// After a decision that wrote nothing: a transaction with earlier decisions' writes is
    /// kept (the brand's request waits for its commit: its refusal may have read them),
    /// unless a statement failed in it (then PostgreSQL has aborted it, and dropping the
    /// connection rolls it back and fails its tickets).
    pub fn wrote_nothing(self, brand_id: i64, conn: Pooled, failed: bool) {
        if self.decisions > 0 && !failed {
            let decisions = self.decisions;
            self.keep(brand_id, conn, decisions, Pipeline::default());
        }
    }

    /// The transaction, which this decision did not join after all (its brand's lock is held
    /// elsewhere), left open for the lane's next decision as it was.
    pub fn put_back(mut self, conn: Pooled) {
        let (settler, brands, decisions) = (self.settler, self.brands, self.decisions);
        *self.slot = Some(Open { conn, settler, decisions, brands, pending: Pipeline::default() });
    }

    fn keep(self, brand_id: i64, conn: Pooled, decisions: usize, pending: Pipeline) {
        self.kept.tickets.lock().insert(brand_id, self.settler.ticket());
        let mut slot = self.slot;
        *slot = Some(Open { conn, settler: self.settler, decisions, brands: self.brands, pending });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn brands_spread_over_the_lanes_and_keep_theirs() {
        let kept = Kept::new(4);
        let lanes: Vec<usize> = (1..=8).map(|brand| kept.lane_of(brand)).collect();
        assert_eq!(lanes, [1, 2, 3, 0, 1, 2, 3, 0]);
        assert_eq!(Kept::new(0).lane_of(7), 0, "at least one lane");
        assert!(kept.ticket(5).wait().await.is_ok(), "no ticket left: nothing to wait for");

        let waiting = kept.waiting(6);
        assert!(!kept.may_stay_open(2), "a brand of the lane waits");
        assert!(kept.may_stay_open(5), "another lane");
        drop(waiting);
        assert!(kept.may_stay_open(2));
    }
}
