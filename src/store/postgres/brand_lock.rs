//! A decision session's connection and the brand's lock: the transaction opens, and the lock
//! is taken, with the session's first read, in the same round trip (see `session.rs`).

use tokio_postgres::Row;

use super::connection::{Owned, Pooled};
use super::StoreError;

/// Takes a brand's lock until the transaction ends.
const BRAND_LOCK: &str = "SELECT pg_advisory_xact_lock($1)";

/// A session's connection, whether its transaction holds the brand's lock yet, and whether a
/// statement failed in it (PostgreSQL has then aborted the transaction).
pub(super) struct Held {
    pub conn: Pooled,
    pub locked: bool,
    pub failed: bool,
}

impl Held {
    /// Opens the transaction and takes the brand's lock, unless done already; with it, in the
    /// same round trip, queries (each one's rows). Waits on the caller's thread: sessions take
    /// the lock when they open ([`Held::lock`]), so what waits here is only their reads.
    pub fn lock_with(
        &mut self,
        brand_id: i64,
        then: &[(&'static str, Vec<Owned>)],
    ) -> Result<Vec<Vec<Row>>, StoreError> {
        futures_executor::block_on(self.lock(brand_id, then))
    }

    /// [`Held::lock_with`], waiting as a task: how a session takes the brand's lock. A brand's
    /// lock may be held by a transaction kept open for that brand's next signup (`kept.rs`),
    /// here or on another server, which only its brand's actor settles. Were the wait for it
    /// made on an arbiter's thread, every other brand of that thread would wait too, their own
    /// kept transactions among them, and two servers could wait on each other for ever.
    pub async fn lock(
        &mut self,
        brand_id: i64,
        then: &[(&'static str, Vec<Owned>)],
    ) -> Result<Vec<Vec<Row>>, StoreError> {
        if self.locked {
            if then.is_empty() {
                return Ok(Vec::new());
            }
            let rows = self.conn.fetch(then).await;
            return self.noted(rows);
        }
        let rows = self.conn.begin_with(BRAND_LOCK, &[&brand_id], then).await;
        let rows = self.noted(rows)?;
        self.locked = true;
        Ok(rows)
    }

    /// A statement's result, its failure noted.
    pub fn noted<T>(&mut self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        self.failed |= result.is_err();
        result
    }
}
