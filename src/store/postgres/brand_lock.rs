//! A decision session's connection and the brand's lock: the transaction opens, and the lock
//! is taken, with the session's first reads, in the same round trip (see `session.rs`).

use tokio_postgres::Row;

use super::connection::{Owned, Pipeline, Pooled};
use super::StoreError;

/// Takes a brand's lock until the transaction ends.
const BRAND_LOCK: &str = "SELECT pg_advisory_xact_lock($1)";

/// A session's connection, inside a transaction that holds the brand's lock, and whether a
/// statement failed in it (PostgreSQL has then aborted the transaction).
pub(super) struct Held {
    pub conn: Pooled,
    pub failed: bool,
}

impl Held {
    /// Opens the transaction on `conn` and takes the brand's lock; with them, in the same
    /// round trip, queries (each one's rows). Waited for as a task: a brand's lock may be held
    /// by a transaction kept open for that brand's next signup (`kept.rs`), here or on another
    /// server, which only its brand's actor settles. Were the wait for it made on an arbiter's
    /// thread, every other brand of that thread would wait too, their own kept transactions
    /// among them, and two servers could wait on each other for ever.
    pub async fn lock(
        mut conn: Pooled,
        brand_id: i64,
        then: &[(&'static str, Vec<Owned>)],
    ) -> Result<(Self, Vec<Vec<Row>>), StoreError> {
        let rows = conn.begin_with(BRAND_LOCK, &[&brand_id], then).await?;
        Ok((Self { conn, failed: false }, rows))
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
