//! PostgreSQL stores for the checks: each on a fresh database of the tests' server.

use std::time::Duration;

use referrals::store::postgres::{PgStore, PostgresOptions};
use referrals::store::SharedStorage;

#[path = "../common/postgres_server.rs"]
mod postgres_server;
pub use postgres_server::{fresh_database, server, SERVER};

pub fn options(url: String) -> PostgresOptions {
    PostgresOptions {
        url,
        pool_size: 8,
        timeout: Duration::from_secs(10),
        delivery_lease: Duration::from_secs(60),
        server_id: 1,
    }
}

/// A PostgreSQL store on a new, empty database.
pub async fn fresh_store() -> SharedStorage {
    let url = fresh_database().await;
    std::sync::Arc::new(PgStore::open(&options(url)).await.expect("open the PostgreSQL store"))
}
