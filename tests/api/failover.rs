//! A PostgreSQL failover under load (run in the suite's PostgreSQL pass, on clusters of the
//! test's own): a primary streaming to a standby, two servers on the multi-host URL
//! `postgres://…:primary,…:standby/…?target_session_attrs=read-write`, referral signups going on
//! through both. The primary crashes (`pg_ctl stop -m immediate`) and the standby is promoted.
//! The answers are 201 or 503, never anything else; both servers serve signups again within
//! ten seconds of the promotion, with no restart. With a synchronous standby every signup
//! acknowledged before, during and after the switch is on the new primary, once, and no
//! coupon went to two of them. With an asynchronous one, what may be lost is shown: only
//! signups acknowledged in the last moments before the crash. Either way every signup kept
//! is announced to the campaign's webhook, across the switch.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::helpers::*;
use crate::pg_cluster::{server_on, Cluster};
use crate::receiver::Receiver;
use crate::webhooks::webhook;

/// One referral signup as its client saw it.
struct Answer {
    server: usize,
    email: String,
    status: u16,
    at: Instant,
    body: Value,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_failover_to_a_synchronous_standby_loses_no_acknowledged_signup_and_gives_no_coupon_twice() {
    if on_postgres() {
        failover(true).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_failover_to_an_asynchronous_standby_loses_at_most_the_last_moments() {
    if on_postgres() {
        failover(false).await;
    }
}

async fn failover(synchronous: bool) {
    let primary = Cluster::new();
    let standby = Cluster::standby_of(&primary, "standby1");
    primary.wait_for_standby("standby1", "async").await;
    if synchronous {
        let client = primary.client().await;
        client.batch_execute("ALTER SYSTEM SET synchronous_standby_names = 'standby1'").await.unwrap();
        client.batch_execute("SELECT pg_reload_conf()").await.unwrap();
        primary.wait_for_standby("standby1", "sync").await;
    }
    let url = format!(
        "postgres://postgres@127.0.0.1:{},127.0.0.1:{}/postgres?target_session_attrs=read-write",
        primary.port, standby.port
    );
    let options = Options {
        env: vec![("REFERRALS_DATABASE_URL".into(), url)],
        config: Some(
            "[storage]\ndatabase_timeout_ms = 2000\n[webhooks]\nallow_private_targets = true\nretry_delays_secs = [0.2, 0.5, 1.0]\n"
                .into(),
        ),
        secret: Some("f0".repeat(32)),
        ..Options::default()
    };
    let first = TestApp::spawn_with(options).await;
    let second = TestApp::spawn_beside(&first).await;
    let servers = Arc::new([first, second]);
    let member = servers[0].member("failover").await;
    let brand = servers[0].brand(&member, "https://failover.example.com").await;
    let campaign = servers[0].campaign(&member, brand, json!({"num_signups": 1})).await["id"].as_u64().unwrap();
    let codes: Vec<String> = (0..3000).map(|i| format!("FAILOVER-{i:04}")).collect();
    for chunk in codes.chunks(1000) {
        servers[0].upload_coupons(&member, campaign, chunk).await;
    }
    // The webhook outbox and its dispatchers' leases are rows of the database: deliveries go
    // on across the switch.
    let receiver = Receiver::start().await;
    webhook(&servers[0], &member, &receiver.url(), Some(campaign)).await;
    let mut referrers = Vec::new();
    for i in 0..4 {
        referrers.push(servers[0].participant(&member, campaign, &format!("referrer{i}@failover.example")).await);
    }

    // Four streams, two through each server, each one signup after the other.
    let answers: Arc<Mutex<Vec<Answer>>> = Arc::default();
    let stop = Arc::new(AtomicBool::new(false));
    let streams: Vec<_> = referrers
        .iter()
        .enumerate()
        .map(|(stream, referrer)| {
            let (servers, answers, stop) = (servers.clone(), answers.clone(), stop.clone());
            let (token, code) = (member.token.clone(), referrer["referral_code"].clone());
            tokio::spawn(async move {
                let server = stream % 2;
                let app = &servers[server];
                for n in 0.. {
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                    let email = format!("friend{stream}-{n}@failover.example");
                    let request = app
                        .client
                        .post(app.url("/api/v1", "/signups/referral"))
                        .bearer_auth(&token)
                        .json(&json!({"referral_code": code, "email": email}));
                    let response = request.send().await.expect("the server answers");
                    let status = response.status().as_u16();
                    let body = response.json::<Value>().await.unwrap_or(Value::Null);
                    answers.lock().unwrap().push(Answer { server, email, status, at: Instant::now(), body });
                    if status == 503 {
                        // Not a synchronisation: a client's pause before it tries again.
                        tokio::time::sleep(Duration::from_millis(50)).await;
                    }
                }
            })
        })
        .collect();
    let acknowledged =
        |answers: &Mutex<Vec<Answer>>| answers.lock().unwrap().iter().filter(|a| a.status == 201).count();
    let wait_for = |want: usize| {
        let answers = answers.clone();
        async move {
            let deadline = Instant::now() + Duration::from_secs(60);
            while acknowledged(&answers) < want {
                assert!(Instant::now() < deadline, "{want} signups were not acknowledged within 60 s");
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    };

    wait_for(40).await;
    primary.crash();
    let crashed = Instant::now();
    standby.promote();
    let promoted = Instant::now();
    // Both servers take signups again, each within ten seconds of the promotion.
    let deadline = promoted + Duration::from_secs(10);
    loop {
        let back: HashSet<usize> =
            answers.lock().unwrap().iter().filter(|a| a.status == 201 && a.at > promoted).map(|a| a.server).collect();
        if back.len() == 2 {
            break;
        }
        assert!(Instant::now() < deadline, "servers {back:?} of two served again within 10 s of the promotion");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let so_far = acknowledged(&answers);
    wait_for(so_far + 40).await;
    stop.store(true, Ordering::SeqCst);
    for stream in streams {
        stream.await.unwrap();
    }

    let answers = std::mem::take(&mut *answers.lock().unwrap());
    for answer in &answers {
        assert!(
            matches!(answer.status, 201 | 503),
            "a signup answered {} ({}), not 201 or 503: {}",
            answer.status,
            answer.email,
            answer.body
        );
    }
    let new_primary = standby.client().await;
    let stored: HashMap<String, i64> = new_primary
        .query("SELECT email, count(*) FROM participants WHERE campaign_id = $1 GROUP BY email", &[&(campaign as i64)])
        .await
        .unwrap()
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect();
    assert!(stored.values().all(|&n| n == 1), "a participant stored twice");
    let acked: Vec<&Answer> = answers.iter().filter(|a| a.status == 201).collect();
    let lost: Vec<&&Answer> = acked.iter().filter(|a| !stored.contains_key(&a.email)).collect();
    // Coupons as the clients were told them: one code, one acknowledged signup's referrer.
    let mut told: HashMap<String, Vec<&str>> = HashMap::new();
    for answer in &acked {
        let reward = &answer.body["data"]["referrer_reward"];
        if reward["status"] == json!("issued") {
            told.entry(reward["value"].as_str().unwrap().to_owned()).or_default().push(&answer.email);
        }
    }
    let given_twice: Vec<_> = told.iter().filter(|(_, emails)| emails.len() > 1).collect();
    let back_after = (0..2)
        .filter_map(|server| answers.iter().find(|a| a.server == server && a.status == 201 && a.at > promoted))
        .map(|a| a.at - promoted)
        .max()
        .unwrap();
    println!(
        "failover ({}): {} signups acknowledged ({} before the crash), {} answered 503, {} acknowledged and lost, \
         {} coupons told to two signups; both servers served again {back_after:?} after the promotion",
        if synchronous { "synchronous standby" } else { "asynchronous standby" },
        acked.len(),
        acked.iter().filter(|a| a.at < crashed).count(),
        answers.iter().filter(|a| a.status == 503).count(),
        lost.len(),
        given_twice.len()
    );
    if synchronous {
        assert!(lost.is_empty(), "acknowledged signups lost: {:?}", lost.iter().map(|a| &a.email).collect::<Vec<_>>());
        assert!(given_twice.is_empty(), "coupons given twice: {given_twice:?}");
    } else {
        // An asynchronous standby may miss what the primary acknowledged in its last moments,
        // and a coupon of a lost signup may go to a later one: nothing older is ever lost.
        let lost_late = lost.iter().all(|a| a.at + Duration::from_secs(1) > crashed && a.at < crashed);
        assert!(lost_late, "only signups acknowledged in the last second before the crash may be lost");
    }
    let announced = |email: &str| {
        let email = json!(email);
        move |received: &[crate::receiver::Received]| {
            received.iter().any(|r| r.json()["data"]["participant"]["email"] == email)
        }
    };
    for answer in acked.iter().filter(|a| stored.contains_key(&a.email)) {
        receiver.wait_until(Duration::from_secs(30), announced(&answer.email)).await;
    }
    if synchronous {
        // The coupons the new primary has given are exactly those the clients were told of.
        let given: HashSet<String> = new_primary
            .query("SELECT code FROM coupons WHERE campaign_id = $1 AND reward_id IS NOT NULL", &[&(campaign as i64)])
            .await
            .unwrap()
            .iter()
            .map(|row| row.get(0))
            .collect();
        let told: HashSet<String> = told.keys().cloned().collect();
        assert!(told.is_subset(&given), "every coupon a client was told of is given");
        // A 503 says "not known to be done": the connection may have died between the commit
        // and its answer. Only such a signup may be stored, with its coupon, untold.
        let unsure: HashSet<&str> = answers.iter().filter(|a| a.status == 503).map(|a| a.email.as_str()).collect();
        let untold = stored.keys().filter(|e| e.starts_with("friend") && !acked.iter().any(|a| &a.email == *e));
        for email in untold {
            assert!(unsure.contains(email.as_str()), "{email} is stored, but was never answered");
        }
        assert!(given.len() - told.len() <= unsure.len(), "coupons given to no signup a client heard of");
    }
}

/// A primary that turns read-only (`default_transaction_read_only`, as a demoted primary or
/// a managed service's maintenance does): signups answer 503, never 500, and `/health` says
/// so; once it takes writes again the server serves again by itself.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_primary_that_turns_read_only_answers_503_and_health_says_so_until_it_takes_writes_again() {
    if !on_postgres() {
        return;
    }
    let cluster = Cluster::new();
    let (app, member, campaign) = server_on(&cluster, "read-only").await;
    let signup = |n: usize| {
        let body = json!({"campaign_id": campaign, "email": format!("p{n}@read-only.example")});
        let (app, member) = (&app, &member);
        async move { app.post_json("/api/v1", "/signups", &member.bearer(), &body).await }
    };
    expect_status(signup(0).await, 201).await;

    let admin = cluster.client().await;
    admin.batch_execute("ALTER SYSTEM SET default_transaction_read_only = on").await.unwrap();
    admin.batch_execute("SELECT pg_reload_conf()").await.unwrap();
    // The reload reaches each of the database's sessions a moment after `pg_reload_conf`
    // returns: a signup may still be taken meanwhile. Then five in a row are refused.
    let deadline = Instant::now() + Duration::from_secs(10);
    let (mut refused_in_a_row, mut n) = (0, 1);
    while refused_in_a_row < 5 {
        let answer = signup(n).await;
        n += 1;
        match answer.status().as_u16() {
            503 => {
                let body: Value = answer.json().await.unwrap();
                assert_eq!(body["code"], json!("unavailable"), "{body}");
                refused_in_a_row += 1;
            }
            201 => refused_in_a_row = 0,
            other => panic!("a signup answered {other} while the database turned read-only"),
        }
        assert!(Instant::now() < deadline, "signups were not refused within 10 s");
    }
    let health = reqwest::get(app.url("/api/v1", "/health")).await.unwrap();
    assert_eq!(health.status().as_u16(), 503);
    let body: Value = health.json().await.unwrap();
    assert_eq!(body["code"], json!("unavailable"), "{body}");

    admin.batch_execute("ALTER SYSTEM RESET default_transaction_read_only").await.unwrap();
    admin.batch_execute("SELECT pg_reload_conf()").await.unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let answer = signup(n).await;
        n += 1;
        match answer.status().as_u16() {
            201 => break,
            503 => assert!(Instant::now() < deadline, "the server did not serve again within 10 s"),
            other => panic!("a signup answered {other} while the database came back"),
        }
        // Not a synchronisation: a client's pause before it tries again.
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(reqwest::get(app.url("/api/v1", "/health")).await.unwrap().status().as_u16(), 200);
}
