//! PostgreSQL: the backend for several servers on one database. The schema is in
//! `migrations/` (one numbered file per version, applied at start by `migrate.rs`), the
//! connections and their runtime in `connection.rs`, and the storage traits are implemented
//! one concern a file, as the embedded store does.
//!
//! Rows are stored as the embedded store stores them (the domain value, versioned bincode, in
//! `body`) beside the columns that are looked up, ordered or constrained; every brand-owned
//! table is keyed by `brand_id` first. Reads by an id alone (a campaign, a participant) use a
//! unique index on that id; reads of a campaign's rows find its brand first, in the same
//! statement.
//!
//! What guarantees each rule across servers is written next to the query that relies on it.
//! Every write is committed with `synchronous_commit = on` before it returns, so a write that
//! answered 2xx is on disk whichever server made it.

/// The parameters of a pipelined statement, copied from references (see
/// [`connection::Pipeline`]).
macro_rules! owned {
    ($($param:expr),* $(,)?) => { vec![$(super::connection::own($param)),*] };
}

/// The parameters of a pipelined statement, moved in: for values built for the statement
/// (arrays above all, holding rows' bodies), which [`owned!`] would copy once more.
macro_rules! taken {
    ($($param:expr),* $(,)?) => { vec![$(Box::new($param) as super::connection::Owned),*] };
}

mod accounts;
mod ahead;
mod backup;
mod brand_lock;
mod brands;
mod commissions;
mod connection;
mod copies;
mod emails;
mod exchange_rates;
mod failures;
mod held;
mod import;
mod marks;
mod merged;
mod migrate;
mod outboxes;
mod participants;
mod payouts;
mod promo_codes;
mod reads;
mod rollups;
mod row_parts;
mod rows;
mod sequences;
mod session;
mod session_end;
mod write_set;
mod writes;

use serde::de::DeserializeOwned;
use tokio_postgres::Row;

use super::{codec, StoreError};
pub use backup::{restore_postgres, RestoreError};
pub use connection::PostgresOptions;
use connection::{Database, Params};
pub use import::{import_moved, Imported};
pub use migrate::SCHEMA_VERSION;

/// The PostgreSQL backend.
pub struct PgStore {
    db: Database,
    /// The lease this server takes on the webhook deliveries it queues.
    lease: outboxes::Lease,
    /// What signups' requests were last told (see `store/signup_cache.rs`).
    signup_cache: crate::store::signup_cache::SignupCache,
}

impl PgStore {
    /// Connects, and brings the database's schema to this build's version (see
    /// `migrate.rs`): safe to run from several servers at once.
    pub async fn open(options: &PostgresOptions) -> Result<Self, StoreError> {
        let db = Database::new(options)?;
        let mut conn = db.conn().await?;
        let applied = migrate::migrate(&mut conn).await?;
        if !applied.is_empty() {
            tracing::info!(?applied, "database schema migrated");
        }
        drop(conn);
        let lease = outboxes::Lease { ms: options.delivery_lease.as_millis() as i64, holder: options.server_id as i64 };
        Ok(Self { db, lease, signup_cache: Default::default() })
    }

    /// How many connections are open, and how many are in use.
    pub fn pool_use(&self) -> (usize, usize) {
        self.db.pool_use()
    }

    /// The `body` of the row a query finds, decoded.
    async fn body_of<T: DeserializeOwned>(
        &self,
        sql: &'static str,
        params: Params<'_>,
    ) -> Result<Option<T>, StoreError> {
        let row = self.db.conn().await?.row(sql, params).await?;
        row.map(|row| body(&row, "body")).transpose()
    }

    /// The participants a query finds (by their `body`).
    async fn participants_of(
        &self,
        sql: &'static str,
        params: Params<'_>,
    ) -> Result<Vec<crate::domain::Participant>, StoreError> {
        participant_bodies(&self.db.conn().await?.rows(sql, params).await?)
    }

    /// The `body` of every row a query finds, decoded.
    async fn bodies_of<T: DeserializeOwned>(
        &self,
        sql: &'static str,
        params: Params<'_>,
    ) -> Result<Vec<T>, StoreError> {
        bodies(&self.db.conn().await?.rows(sql, params).await?)
    }
}

/// An id as PostgreSQL's `bigint`. Ids are far below 2^63 (they count up from 1).
fn sql_id(id: u64) -> i64 {
    id as i64
}

/// A `bigint` column read back as an id or a count (never negative as we write them).
fn id_at(row: &Row, column: &str) -> u64 {
    row.get::<_, i64>(column).max(0) as u64
}

/// A `body` column decoded into its domain value.
fn body<T: DeserializeOwned>(row: &Row, column: &str) -> Result<T, StoreError> {
    codec::decode(row.get::<_, &[u8]>(column))
}

/// Every row's `body`, decoded.
fn bodies<T: DeserializeOwned>(rows: &[Row]) -> Result<Vec<T>, StoreError> {
    rows.iter().map(|row| body(row, "body")).collect()
}

/// A participant's `body` (its own row's shape, see [`codec::decode_participant`]).
fn participant_body(row: &Row) -> Result<crate::domain::Participant, StoreError> {
    codec::decode_participant(row.get::<_, &[u8]>("body"))
}

/// Every row's participant `body`.
fn participant_bodies(rows: &[Row]) -> Result<Vec<crate::domain::Participant>, StoreError> {
    rows.iter().map(participant_body).collect()
}

/// A page's `LIMIT` and `OFFSET`.
fn window(page: crate::domain::PageRequest) -> (i64, i64) {
    (page.limit as i64, page.offset() as i64)
}
