//! A decision session's connection and the brand's lock: the transaction opens, and the lock
//! is taken, with the session's first read, in the same round trip (see `session.rs`).

use tokio_postgres::Row;

use super::connection::{Owned, Pooled};
use super::StoreError;

/// Takes a brand's lock until the transaction ends.
const BRAND_LOCK: &str = "SELECT pg_advisory_xact_lock($1)";

/// A session's connection, and whether its transaction holds the brand's lock yet.
pub(super) struct Held {
    pub conn: Pooled,
    pub locked: bool,
}

impl Held {
    /// Opens the transaction and takes the brand's lock, unless done already; with it, in the
    /// same round trip, queries (each one's rows).
    pub fn lock_with(
        &mut self,
        brand_id: i64,
        then: &[(&'static str, Vec<Owned>)],
    ) -> Result<Vec<Vec<Row>>, StoreError> {
        if self.locked {
            return match then.is_empty() {
                true => Ok(Vec::new()),
                false => futures_executor::block_on(self.conn.fetch(then)),
            };
        }
        let rows = futures_executor::block_on(self.conn.begin_with(BRAND_LOCK, &[&brand_id], then))?;
        self.locked = true;
        Ok(rows)
    }
}
