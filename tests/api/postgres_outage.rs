//! PostgreSQL going away under load (run in the suite's PostgreSQL pass, on a cluster of the
//! test's own, since it is stopped): requests that need it answer 503 within the database
//! timeout, never 500; `GET /health` says so; and the server serves again by itself once the
//! database is back, with nothing acknowledged lost.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::helpers::*;
use crate::pg_cluster::{server_on, Cluster};

#[tokio::test]
async fn stopping_postgres_under_load_answers_503_never_500_and_the_server_serves_again_when_it_is_back() {
    if !on_postgres() {
        return;
    }
    let cluster = Cluster::new();
    let (app, member, campaign) = server_on(&cluster, "outage").await;
    let signup = |n: usize| {
        let body = json!({"campaign_id": campaign, "email": format!("p{n}@outage.example")});
        let app = &app;
        let member = &member;
        async move { app.post_json("/api/v1", "/signups", &member.bearer(), &body).await.status().as_u16() }
    };
    let mut acknowledged = Vec::new();
    for n in 0..20 {
        assert_eq!(signup(n).await, 201);
        acknowledged.push(n);
    }

    cluster.stop();
    for n in 20..40 {
        let started = Instant::now();
        let status = signup(n).await;
        assert_eq!(status, 503, "a signup while the database is away");
        assert!(started.elapsed() < Duration::from_secs(10), "answered within the timeout: {:?}", started.elapsed());
    }
    let health = reqwest::get(app.url("/api/v1", "/health")).await.unwrap();
    assert_eq!(health.status().as_u16(), 503);
    let body: serde_json::Value = health.json().await.unwrap();
    assert_eq!(body["code"], json!("unavailable"), "{body}");

    cluster.start();
    // Back by itself: the pool opens new connections on the next request.
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut n = 40;
    loop {
        let status = signup(n).await;
        n += 1;
        if status == 201 {
            acknowledged.push(n - 1);
            break;
        }
        assert_eq!(status, 503, "never 500 while reconnecting");
        assert!(Instant::now() < deadline, "the server did not serve again within 30 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(reqwest::get(app.url("/api/v1", "/health")).await.unwrap().status().as_u16(), 200);
    let page = app.get("/api/v1", &format!("/participants?campaign_id={campaign}&limit=100"), &member.bearer()).await;
    let page = expect_status(page, 200).await;
    let stored: Vec<String> = page["data"]["participants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["email"].as_str().unwrap().to_owned())
        .collect();
    for n in acknowledged {
        assert!(stored.contains(&format!("p{n}@outage.example")), "acknowledged signup {n} is kept");
    }
}
