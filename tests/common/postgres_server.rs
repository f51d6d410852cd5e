//! The throwaway PostgreSQL server of the tests (scripts/test.sh starts one and names it in
//! `REFERRALS_TEST_POSTGRES`): a fresh database for each test that asks.

use std::sync::atomic::{AtomicU32, Ordering};

/// The variable naming the server: a URL of a database the tests may create others from.
pub const SERVER: &str = "REFERRALS_TEST_POSTGRES";

/// The server's URL; `None` when no server was given (then the PostgreSQL tests do not run,
/// except under CI, where a missing server is a failure of the set-up).
pub fn server() -> Option<String> {
    let url = std::env::var(SERVER).ok().filter(|url| !url.is_empty());
    if url.is_none() && std::env::var_os("CI").is_some() {
        panic!("{SERVER} is not set: run the tests with scripts/test.sh, which starts PostgreSQL");
    }
    url
}

/// Creates a new, empty database on the server and returns its URL.
pub async fn fresh_database() -> String {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let server = server().expect("a PostgreSQL server for the tests");
    let name = format!("test_{}_{}", std::process::id(), NEXT.fetch_add(1, Ordering::Relaxed));
    let (client, connection) = tokio_postgres::connect(&server, tokio_postgres::NoTls).await.expect("connect");
    tokio::spawn(connection);
    client.batch_execute(&format!("CREATE DATABASE {name}")).await.expect("create a database");
    let (base, _) = server.rsplit_once('/').expect("a URL ending in a database name");
    format!("{base}/{name}")
}
