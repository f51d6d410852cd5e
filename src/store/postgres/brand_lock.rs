//! A decision session's connection and the brand's lock: the transaction opens, and the lock
//! is taken, with the session's first reads, in the same round trip (see `session.rs`).

use tokio_postgres::Row;

use super::connection::{own, Owned, Pipeline, Pooled};
use super::StoreError;

/// Takes a brand's lock until the transaction ends.
const BRAND_LOCK: &str = "SELECT pg_advisory_xact_lock($1)";

/// Takes a brand's lock until the transaction ends if no other transaction holds it or waits
/// for it; whether it did.
const TRY_BRAND_LOCK: &str = "SELECT pg_try_advisory_xact_lock($1) AS locked";

/// `queries`, after [`TRY_BRAND_LOCK`] of the brand: sent together, the queries read under
/// the lock when it is taken (and are wasted when it is not).
pub(super) fn after_try_lock(brand_id: i64, queries: &mut Vec<(&'static str, Vec<Owned>)>) {
    queries.insert(0, (TRY_BRAND_LOCK, vec![own(&brand_id)]));
}

/// Takes back out the [`TRY_BRAND_LOCK`] that [`after_try_lock`] put first in `queries`.
pub(super) fn without_try_lock(queries: &mut Vec<(&'static str, Vec<Owned>)>) {
    queries.remove(0);
}

/// Whether the [`TRY_BRAND_LOCK`] answered first in `rows` took the lock; its rows taken out.
pub(super) fn took_lock(rows: &mut Vec<Vec<Row>>) -> Result<bool, StoreError> {
    if rows.is_empty() {
        return Err(StoreError::Database("the brand's lock was not answered".into()));
    }
    let answer = rows.remove(0);
    let row = answer.first().ok_or_else(|| StoreError::Database("the brand's lock was not answered".into()))?;
    row.try_get("locked").map_err(|e| StoreError::Database(format!("the brand's lock: {e}")))
}

/// A session's connection, inside a transaction that holds the brand's lock, and whether a
/// statement failed in it (PostgreSQL has then aborted the transaction).
pub(super) struct Held {
    pub conn: Pooled,
    pub failed: bool,
}

impl Held {
    /// Opens the transaction on `conn` and takes the brand's lock; with them, in the same
    /// round trip, queries (each one's rows). Waited for as a task: a brand's lock may be held
    /// by a lane's transaction kept open for its next signup (`kept.rs`), here or on another
    /// server, which only that server's actors settle. Were the wait for it made on an
    /// arbiter's thread, every other brand of that thread would wait too, the ones that would
    /// settle it among them, and two servers could wait on each other for ever. The
    /// transaction holds nothing else while it waits.
    pub async fn lock(
        mut conn: Pooled,
        brand_id: i64,
        then: &[(&'static str, Vec<Owned>)],
    ) -> Result<(Self, Vec<Vec<Row>>), StoreError> {
        let rows = conn.begin_with(BRAND_LOCK, &[&brand_id], then).await?;
        Ok((Self { conn, failed: false }, rows))
    }

    /// Opens the transaction on `conn`, tries to take the brand's lock (see
    /// [`TRY_BRAND_LOCK`]), and runs queries under it, in one round trip: whether it took the
    /// lock, and each query's rows. Waits for no lock: a lane's transaction never does (see
    /// `kept.rs`). `then` comes back as it was lent.
    pub async fn try_lock(
        mut conn: Pooled,
        brand_id: i64,
        then: &mut Vec<(&'static str, Vec<Owned>)>,
    ) -> Result<(Self, bool, Vec<Vec<Row>>), StoreError> {
        after_try_lock(brand_id, then);
        let rows = conn.begin_fetch(then).await;
        without_try_lock(then);
        let mut rows = rows?;
        let locked = took_lock(&mut rows)?;
        Ok((Self { conn, failed: false }, locked, rows))
    }

    /// A transaction kept open by the brand's earlier signups (`kept.rs`), still holding the
    /// brand's lock.
    pub fn kept(conn: Pooled) -> Self {
        Self { conn, failed: false }
    }

    /// Runs queries in the transaction, in one round trip; each one's rows.
    pub async fn fetch(&mut self, queries: &[(&'static str, Vec<Owned>)]) -> Result<Vec<Vec<Row>>, StoreError> {
        if queries.is_empty() {
            return Ok(Vec::new());
        }
        let rows = self.conn.fetch(queries).await;
        self.noted(rows)
    }

    /// [`Held::fetch`], after sending `pending` (writes not sent yet) in the same round trip.
    pub async fn fetch_after(
        &mut self,
        pending: &mut Pipeline,
        queries: &[(&'static str, Vec<Owned>)],
    ) -> Result<Vec<Vec<Row>>, StoreError> {
        if pending.is_empty() {
            return self.fetch(queries).await;
        }
        let rows = self.conn.run_then_fetch(pending, queries).await;
        self.noted(rows)
    }

    /// [`Held::fetch`] on the caller's thread, for the engine's reads (which are not async).
    /// The lock is held already, so nothing here waits on another transaction.
    pub fn fetch_now(&mut self, queries: &[(&'static str, Vec<Owned>)]) -> Result<Vec<Vec<Row>>, StoreError> {
        futures_executor::block_on(self.fetch(queries))
    }

    /// A statement's result, its failure noted.
    pub fn noted<T>(&mut self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        self.failed |= result.is_err();
        result
    }
}
