//! The throwaway PostgreSQL server of the tests (started by scripts/test.sh): a fresh
//! database per check.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use referrals::store::postgres::{PgStore, PostgresOptions};
use referrals::store::SharedStorage;

/// The variable naming the server: a URL of a database the tests may create others from.
pub const SERVER: &str = "REFERRALS_TEST_POSTGRES";

/// The server's URL; `None` when no server was given (then the PostgreSQL checks do not run,
/// except under CI, where a missing server is a failure of the set-up).
pub fn server() -> Option<String> {
    let url = std::env::var(SERVER).ok();
    if url.is_none() && std::env::var_os("CI").is_some() {
        panic!("{SERVER} is not set: run the tests with scripts/test.sh, which starts PostgreSQL");
    }
    url
}

/// Creates a new, empty database on the server and returns its URL.
pub async fn fresh_database() -> String {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let server = server().expect("a PostgreSQL server for the tests");
    let name = format!("conformance_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
    let (client, connection) = tokio_postgres::connect(&server, tokio_postgres::NoTls).await.expect("connect");
    tokio::spawn(connection);
    client.batch_execute(&format!("CREATE DATABASE {name}")).await.expect("create a database");
    let (base, _) = server.rsplit_once('/').expect("a URL ending in a database name");
    format!("{base}/{name}")
}

pub fn options(url: String) -> PostgresOptions {
    PostgresOptions { url, pool_size: 8, timeout: Duration::from_secs(10) }
}

/// A PostgreSQL store on a new, empty database.
pub async fn fresh_store() -> SharedStorage {
    let url = fresh_database().await;
    std::sync::Arc::new(PgStore::open(&options(url)).await.expect("open the PostgreSQL store"))
}
