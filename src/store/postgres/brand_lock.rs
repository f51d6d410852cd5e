//! A decision session's connection and the brand's lock: the transaction opens, and the lock
//! is taken, with the session's first reads, in the same round trip (see `session.rs`). A
//! transaction holds one brand's lock, never two.

use tokio_postgres::Row;

use super::connection::{Owned, Pipeline, Pooled};
use super::StoreError;

/// Takes a brand's lock until the transaction ends.
const BRAND_LOCK: &str = "SELECT pg_advisory_xact_lock($1)";

/// A session's connection, inside a transaction that holds the brand's lock, and the first
/// failure of a statement in it (PostgreSQL has then aborted the transaction).
pub(super) struct Held {
    pub conn: Pooled,
    pub failed: Option<StoreError>,
}

impl Held {
    /// Opens the transaction on `conn` and takes the brand's lock; with them, in the same
    /// round trip, queries (each one's rows: a session's first reads, with the brand's held
    /// numbers, see `ahead.rs`). Each query is a statement after the lock's, so it sees
    /// every transaction of the brand committed before. The lock may be held by another
    /// server's decision of the brand: the transaction waits for it, as a task, holding no
    /// other lock, so no two transactions can wait on each other.
    pub async fn lock(
        mut conn: Pooled,
        brand_id: i64,
        then: &[(&'static str, Vec<Owned>)],
    ) -> Result<(Self, Vec<Vec<Row>>), StoreError> {
        let rows = conn.begin_with(BRAND_LOCK, &[&brand_id], then).await?;
        Ok((Self { conn, failed: None }, rows))
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
        wait(self.fetch(queries))
    }

    /// A statement's result, its failure noted.
    pub fn noted<T>(&mut self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        if let (Err(e), None) = (&result, &self.failed) {
            self.failed = Some(e.clone());
        }
        result
    }
}

/// Waits for `work` on this thread, for the engine's reads (which are not async). On the
/// store's runtime (where the brands' decisions and the connections run, see `connection.rs`)
/// the thread hands its other tasks over first (`block_in_place`), the connection it waits
/// on among them, so no task waits behind another's read; elsewhere (a test's session) it
/// simply waits, the connection driven by the store's runtime.
pub(super) fn wait<F: std::future::Future>(work: F) -> F::Output {
    let on_many_threads = tokio::runtime::Handle::try_current()
        .is_ok_and(|runtime| runtime.runtime_flavor() == tokio::runtime::RuntimeFlavor::MultiThread);
    if on_many_threads {
        tokio::task::block_in_place(|| futures_executor::block_on(work))
    } else {
        futures_executor::block_on(work)
    }
}
