//! Two servers on one PostgreSQL database (run in the suite's PostgreSQL pass): every
//! exactly-once rule holds when requests for the same brand arrive at both at once.

use std::collections::HashSet;
use std::time::Duration;

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

/// A referral signup sent to `app`, answered whole.
async fn refer_through(app: &TestApp, member: &TestMember, code: &Value, email: String) -> Value {
    let request = app
        .client
        .post(app.url("/api/v1", "/signups/referral"))
        .bearer_auth(&member.token)
        .json(&json!({"referral_code": code, "email": email}));
    request.send().await.unwrap().json::<Value>().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_servers_taking_200_referrals_at_once_give_50_distinct_coupons_and_fill_150_pending_oldest_first() {
    if !on_postgres() {
        return;
    }
    let first = TestApp::spawn_with(Options { secret: Some("c0".repeat(32)), ..Options::default() }).await;
    let second = TestApp::spawn_beside(&first).await;
    let member = first.member("two-servers").await;
    let brand = first.brand(&member, "https://two-servers.example.com").await;
    let campaign = first.campaign(&member, brand, json!({"num_signups": 1})).await["id"].as_u64().unwrap();
    let codes: Vec<String> = (0..50).map(|i| format!("FIRST-{i:03}")).collect();
    assert_eq!(first.upload_coupons(&member, campaign, &codes).await["added"], json!(50));
    let mut referrers = Vec::new();
    for i in 0..200 {
        let app = if i % 2 == 0 { &first } else { &second };
        referrers.push(app.participant(&member, campaign, &format!("referrer{i}@two.example")).await);
    }

    // 200 referral signups at once, half through each server.
    let answers = futures_util::future::join_all(referrers.iter().enumerate().map(|(i, referrer)| {
        let app = if i % 2 == 0 { &first } else { &second };
        refer_through(app, &member, &referrer["referral_code"], format!("friend{i}@two.example"))
    }))
    .await;
    let (mut issued, mut pending) = (Vec::new(), Vec::new());
    for answer in &answers {
        assert_eq!(answer["success"], json!(true), "{answer}");
        let reward = &answer["data"]["referrer_reward"];
        match reward["status"].as_str() {
            Some("issued") => issued.push(reward["value"].as_str().unwrap().to_owned()),
            Some("pending") => pending.push(reward["id"].as_u64().unwrap()),
            other => panic!("unexpected reward status {other:?}: {answer}"),
        }
    }
    assert_eq!(issued.len(), 50);
    assert_eq!(issued.iter().collect::<HashSet<_>>().len(), 50, "no coupon twice, whichever server assigned it");
    assert_eq!(pending.len(), 150);

    // 150 more coupons, uploaded through the other server, fill them all, oldest first.
    let more: Vec<String> = (0..150).map(|i| format!("LATER-{i:03}")).collect();
    let upload = second.upload_coupons(&member, campaign, &more).await;
    assert_eq!(upload["pending_filled"], json!(150));
    let filled = first.coupons_filled_later(&member, &referrers, "LATER-").await;
    assert_eq!(filled, more, "the oldest pending reward got the first new coupon");

    // Both servers read the same counts, and they equal the records.
    for app in [&first, &second] {
        let pool = app.get("/api/v1", &format!("/campaigns/{campaign}/coupons"), &member.bearer()).await;
        let pool = expect_status(pool, 200).await;
        assert_eq!(
            pool["data"],
            json!({"uploaded": 200, "available": 0, "used": 200, "pending_rewards": 0, "campaign_id": campaign})
        );
        let stats = app.get("/api/v1", &format!("/campaigns/{campaign}/stats"), &member.bearer()).await;
        let stats = expect_status(stats, 200).await["data"].clone();
        assert_eq!(
            (stats["participants"].clone(), stats["referrals"].clone(), stats["rewards_issued"].clone()),
            (json!(400), json!(200), json!(200)),
            "{stats}"
        );
    }
}

/// The `participant.signup` events a receiver accepted (2xx), by participant email, with how
/// many times each `webhook-id` was accepted.
fn accepted_signups(
    received: &[crate::receiver::Received],
) -> (HashSet<String>, std::collections::HashMap<String, usize>) {
    let mut emails = HashSet::new();
    let mut ids = std::collections::HashMap::new();
    for request in received.iter().filter(|r| (200..300).contains(&r.status)) {
        let event = request.json();
        if event["type"] == json!("participant.signup") {
            emails.insert(event["data"]["participant"]["email"].as_str().unwrap_or_default().to_owned());
            *ids.entry(request.header("webhook-id").to_owned()).or_insert(0) += 1;
        }
    }
    (emails, ids)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_server_killed_amid_signups_loses_nothing_acknowledged_and_its_deliveries_are_taken_over_once_each() {
    if !on_postgres() {
        return;
    }
    // Short leases, so that the survivor takes the dead server's deliveries over quickly.
    let retries = vec!["0.5"; 50].join(", ");
    let config = format!(
        "[webhooks]\nallow_private_targets = true\ntimeout_secs = 1.0\nretry_delays_secs = [{retries}]\nlease_secs = 2\n"
    );
    let options = Options { secret: Some("d1".repeat(32)), config: Some(config), ..Options::default() };
    let mut first = TestApp::spawn_with(options).await;
    let second = TestApp::spawn_beside(&first).await;
    let receiver = crate::receiver::Receiver::start().await;
    // Nothing is accepted until the kill: every delivery is still to be made when it falls.
    receiver.set_default_status(503);
    let member = first.member("kill-one").await;
    let brand = first.brand(&member, "https://kill-one.example.com").await;
    let campaign =
        first.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "5"})).await["id"].as_u64().unwrap();
    crate::webhooks::webhook(&first, &member, &receiver.url(), Some(campaign)).await;
    let referrer = first.participant(&member, campaign, "referrer@kill-one.example").await;
    let code = referrer["referral_code"].clone();

    // The survivor's clients, all the while; the first server's, killed amid theirs.
    let survivor_streams: Vec<_> = (0..2)
        .map(|stream| {
            let (url, token, code) = (second.url("/api/v1", "/signups/referral"), member.token.clone(), code.clone());
            let client = second.client.clone();
            tokio::spawn(async move {
                let mut acknowledged = Vec::new();
                for n in 0..20 {
                    let email = format!("second{stream}-{n}@kill-one.example");
                    let body = json!({"referral_code": code, "email": email});
                    let answer = client.post(url.clone()).bearer_auth(&token).json(&body).send().await.unwrap();
                    assert_eq!(answer.status().as_u16(), 201, "the other server never stops answering");
                    acknowledged.push(email);
                }
                acknowledged
            })
        })
        .collect();
    let streams = (0..2)
        .map(|stream| {
            (0..20)
                .map(|n| {
                    let email = format!("first{stream}-{n}@kill-one.example");
                    let body = json!({"referral_code": code, "email": email});
                    let url = first.url("/api/v1", "/signups/referral");
                    (email, first.client.post(url).bearer_auth(&member.token).json(&body))
                })
                .collect()
        })
        .collect();
    let mut acknowledged = first.kill_amid(streams, 10).await;
    for stream in survivor_streams {
        acknowledged.extend(stream.await.unwrap());
    }
    acknowledged.push("referrer@kill-one.example".into());

    // Every acknowledged signup is there, read through the survivor.
    for email in &acknowledged {
        let path = format!("/participants?campaign_id={campaign}&email={email}");
        let found = expect_status(second.get("/api/v1", &path, &member.bearer()).await, 200).await;
        assert_eq!(found["data"]["participants"].as_array().unwrap().len(), 1, "acknowledged {email} lost");
    }

    // Now the receiver accepts: the survivor delivers its own events and, once the dead
    // server's leases lapse, the dead server's; every acknowledged signup's event arrives,
    // each webhook-id accepted once.
    receiver.set_default_status(200);
    let wanted: HashSet<String> = acknowledged.iter().cloned().collect();
    let received = receiver
        .wait_until(Duration::from_secs(60), |received| accepted_signups(received).0.is_superset(&wanted))
        .await;
    let (delivered, ids) = accepted_signups(&received);
    assert!(delivered.is_superset(&wanted), "missing: {:?}", wanted.difference(&delivered).collect::<Vec<_>>());
    let repeated: Vec<_> = ids.iter().filter(|(_, n)| **n > 1).collect();
    assert!(repeated.is_empty(), "webhook-ids accepted more than once: {repeated:?}");
}

/// Many brands' decisions open at once on the smallest pool (two connections: one for
/// decisions, one for everything else): each waits its turn, none waits forever. A decision
/// that held a connection while it waited for a second one would deadlock here, and every
/// request would end in 503 after the database timeout.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn referrals_on_12_brands_at_once_on_a_pool_of_two_connections_all_succeed() {
    if !on_postgres() {
        return;
    }
    let env = vec![("REFERRALS_DATABASE_POOL_SIZE".to_owned(), "2".to_owned())];
    let app = TestApp::spawn_with(Options { env, ..Options::with_admin() }).await;
    let member = app.unlimited_member("small-pool").await;
    let mut codes = Vec::new();
    for i in 0..12 {
        let brand = app.brand(&member, &format!("https://small-pool-{i}.example.com")).await;
        let campaign = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "5"})).await;
        let campaign = campaign["id"].as_u64().unwrap();
        let referrer = app.participant(&member, campaign, &format!("referrer{i}@small-pool.example")).await;
        codes.push(referrer["referral_code"].as_str().unwrap().to_owned());
    }
    let answers = futures_util::future::join_all((0..60).map(|i| {
        let code = &codes[i % codes.len()];
        let app = &app;
        let member = &member;
        async move { app.refer(member, code, &format!("friend{i}@small-pool.example")).await.status().as_u16() }
    }))
    .await;
    assert_eq!(answers, vec![201; 60]);
}

/// A server that knows an API key from earlier signups refuses it once it was replaced, or
/// its member disabled, through the other server: the signup's decision checks the key again,
/// in its own transaction. Nothing of a refused signup is written.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_key_replaced_or_disabled_through_one_server_is_refused_by_the_other() {
    if !on_postgres() {
        return;
    }
    let mut options = Options::with_admin();
    options.secret = Some("c2".repeat(32));
    let first = TestApp::spawn_with(options).await;
    let second = TestApp::spawn_beside(&first).await;
    let member = first.member("key-across").await;
    let brand = first.brand(&member, "https://key-across.example.com").await;
    let campaign = first.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    let signup = |key: &str, email: &str| {
        let body = json!({"campaign_id": campaign, "email": email});
        let (second, cred) = (&second, Cred::Key(key.to_owned()));
        async move { second.post_json("/api/v1", "/signups", &cred, &body).await }
    };
    let old = first.api_key(&member).await;
    expect_status(signup(&old, "one@key-across.example").await, 201).await;

    let new = first.api_key(&member).await;
    expect_error(signup(&old, "two@key-across.example").await, 401, "unauthorized").await;
    expect_status(signup(&new, "three@key-across.example").await, 201).await;

    let path = format!("/members/{}/disable", member.id);
    expect_status(first.admin_json(Method::POST, &path, ADMIN_TOKEN, &json!({})).await, 200).await;
    expect_error(signup(&new, "four@key-across.example").await, 401, "unauthorized").await;
    let path = format!("/members/{}/enable", member.id);
    expect_status(first.admin_json(Method::POST, &path, ADMIN_TOKEN, &json!({})).await, 200).await;

    let stats = second.get("/api/v1", &format!("/campaigns/{campaign}/stats"), &Cred::Key(new.clone())).await;
    assert_eq!(expect_status(stats, 200).await["data"]["participants"], json!(2), "the refused signups wrote nothing");
}
