//! The PostgreSQL backend's schema: applied once however many servers start together, and
//! a database from a newer release refused.

use referrals::store::postgres::{PgStore, SCHEMA_VERSION};
use referrals::store::PlanStore;

use crate::postgres::{fresh_database, options, server};

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn servers_starting_together_apply_the_schema_once_and_seed_the_plans_once() {
    if server().is_none() {
        return eprintln!("no PostgreSQL server: not run");
    }
    let url = fresh_database().await;
    let starting: Vec<_> = (0..4)
        .map(|_| {
            let options = options(url.clone());
            tokio::spawn(async move { PgStore::open(&options).await })
        })
        .collect();
    let mut stores = Vec::new();
    for start in starting {
        stores.push(start.await.unwrap().expect("every server starts"));
    }
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    let versions: Vec<i32> =
        client.query("SELECT version FROM schema_migrations", &[]).await.unwrap().iter().map(|r| r.get(0)).collect();
    assert_eq!(versions, vec![SCHEMA_VERSION], "each migration applied once");
    let plans = stores[0].plans().await.unwrap();
    assert_eq!(plans, referrals::domain::plan::default_plans(), "seeded once, by one of them");
    for store in &stores[1..] {
        assert_eq!(store.plans().await.unwrap(), plans, "every server reads the same plans");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_from_a_newer_release_is_refused_and_left_as_it_is() {
    if server().is_none() {
        return eprintln!("no PostgreSQL server: not run");
    }
    let url = fresh_database().await;
    PgStore::open(&options(url.clone())).await.expect("a new database is set up");
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    let newer = SCHEMA_VERSION + 1;
    client
        .execute("INSERT INTO schema_migrations (version, name) VALUES ($1, 'from the future')", &[&newer])
        .await
        .unwrap();

    let refused = PgStore::open(&options(url.clone())).await.err().expect("a newer schema is refused");
    let message = refused.to_string();
    assert!(message.contains(&format!("version {newer}")), "{message}");
    assert!(message.contains("newer"), "{message}");
    let count: i64 = client.query_one("SELECT count(*) FROM schema_migrations", &[]).await.unwrap().get(0);
    assert_eq!(count, 2, "nothing applied, nothing removed");
}
