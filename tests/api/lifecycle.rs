//! The reward lifecycle over HTTP: holds that end by themselves, approve, void and fulfil
//! with every refused move, voided coupons that never return to the pool, the review queue
//! and the counts by state; 100 racing approve/void pairs; and moves acknowledged just
//! before a SIGKILL.

use std::collections::HashSet;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::helpers::*;

/// A server whose hold days last one second.
fn short_days() -> Options {
    Options { env: vec![("REFERRALS_REWARDS_HOLD_DAY_SECONDS".into(), "1".into())], ..Default::default() }
}

/// A campaign with `fields`, a referrer in it, and the referrer's rewards from `friends`
/// referral signups (ids, in the order earned).
async fn earn(app: &TestApp, member: &TestMember, tag: &str, fields: Value, friends: usize) -> (u64, Vec<u64>) {
    let brand = app.brand(member, &format!("https://{tag}.example.com")).await;
    let campaign = app.campaign(member, brand, fields).await["id"].as_u64().unwrap();
    let referrer = app.participant(member, campaign, &format!("referrer@{tag}.example")).await;
    let mut rewards = Vec::new();
    for i in 0..friends {
        let code = referrer["referral_code"].as_str().unwrap();
        let answer = expect_status(app.refer(member, code, &format!("friend{i}@{tag}.example")).await, 201).await;
        rewards.push(answer["data"]["referrer_reward"]["id"].as_u64().expect("a reward per referral"));
    }
    (campaign, rewards)
}

async fn reward(app: &TestApp, member: &TestMember, id: u64) -> Value {
    expect_status(app.get("/api/v1", &format!("/rewards/{id}"), &member.bearer()).await, 200).await["data"].clone()
}

async fn act(app: &TestApp, member: &TestMember, id: u64, action: &str, body: Value) -> reqwest::Response {
    app.post_json("/api/v1", &format!("/rewards/{id}/{action}"), &member.bearer(), &body).await
}

fn states(reward: &Value) -> Vec<&str> {
    reward["history"].as_array().unwrap().iter().map(|c| c["status"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn a_held_reward_takes_no_coupon_until_its_hold_ends_then_is_issued_by_itself() {
    let app = TestApp::spawn_with(short_days()).await;
    let member = app.member("hold").await;
    let brand = app.brand(&member, "https://hold.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"hold_days": 2})).await;
    assert_eq!(campaign["hold_days"], json!(2));
    let campaign = campaign["id"].as_u64().unwrap();
    app.upload_coupons(&member, campaign, &["HOLD-1".to_owned()]).await;
    let referrer = app.participant(&member, campaign, "ada@hold.example").await;
    let answer =
        expect_status(app.refer(&member, referrer["referral_code"].as_str().unwrap(), "bob@hold.example").await, 201)
            .await;
    let earned = &answer["data"]["referrer_reward"];
    assert_eq!((earned["status"].as_str(), &earned["value"]), (Some("held"), &Value::Null), "{answer}");
    assert_eq!(earned["hold_reasons"], json!(["hold_period"]));
    assert!(earned["hold_until"].is_string());
    let id = earned["id"].as_u64().unwrap();
    let pool =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/coupons"), &member.bearer()).await, 200).await;
    assert_eq!(pool["data"]["available"], json!(1), "a held reward takes no coupon");
    let queue = expect_status(app.get("/api/v1", "/rewards?status=held", &member.bearer()).await, 200).await;
    assert_eq!(queue["data"]["rewards"][0]["id"], json!(id));
    assert_eq!(app.campaign_stats(&member, campaign).await["rewards"]["held"], json!(1));

    // Two one-second days, then the next look for ended holds: bounded by a deadline.
    let deadline = Instant::now() + Duration::from_secs(20);
    let issued = loop {
        let now = reward(&app, &member, id).await;
        if now["status"] != json!("held") || Instant::now() > deadline {
            break now;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!((issued["status"].as_str(), issued["value"].as_str()), (Some("issued"), Some("HOLD-1")), "{issued}");
    assert_eq!(states(&issued), ["held", "issued"]);
    assert_eq!(issued["history"][1]["note"], json!("hold period ended"));
    assert_eq!((issued["hold_until"].clone(), issued["hold_reasons"].clone()), (Value::Null, json!([])));
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(stats["rewards"], json!({"held": 0, "pending": 0, "issued": 1, "fulfilled": 0, "voided": 0}));
    assert_eq!(stats["rewards_issued"], json!(1));
}

#[tokio::test]
async fn approve_void_and_fulfil_move_a_reward_once_and_refuse_every_other_move() {
    let app = TestApp::spawn().await;
    let member = app.member("moves").await;
    let (campaign, rewards) =
        earn(&app, &member, "moves", json!({"reward_type": 5, "reward_value": "12.50", "hold_days": 30}), 3).await;
    let [a, b, c] = rewards[..] else { panic!("{rewards:?}") };

    let approved = expect_status(act(&app, &member, a, "approve", json!({})).await, 200).await;
    assert_eq!(
        (approved["data"]["status"].as_str(), approved["data"]["value"].as_str()),
        (Some("issued"), Some("12.50"))
    );
    let refused = expect_error(act(&app, &member, a, "approve", json!({})).await, 409, "reward_state_conflict").await;
    assert!(refused.contains("approve") && refused.contains("issued") && refused.contains("held"), "{refused}");
    let fulfilled = expect_status(act(&app, &member, a, "fulfil", json!({})).await, 200).await;
    assert_eq!(states(&fulfilled["data"]), ["held", "issued", "fulfilled"]);
    for action in ["approve", "void", "fulfil"] {
        let body = json!({"reason": "late"});
        let refused = expect_error(act(&app, &member, a, action, body).await, 409, "reward_state_conflict").await;
        assert!(refused.contains("fulfilled"), "{refused}");
    }

    let missing = expect_error(act(&app, &member, b, "void", json!({})).await, 400, "validation_failed").await;
    assert!(missing.contains("reason"), "{missing}");
    let voided = expect_status(act(&app, &member, b, "void", json!({"reason": "order refunded"})).await, 200).await;
    assert_eq!(
        (voided["data"]["status"].as_str(), voided["data"]["void_reason"].as_str()),
        (Some("voided"), Some("order refunded"))
    );
    assert_eq!(voided["data"]["history"][1]["note"], json!("order refunded"));
    expect_error(act(&app, &member, b, "approve", json!({})).await, 409, "reward_state_conflict").await;
    let held = expect_error(act(&app, &member, c, "fulfil", json!({})).await, 409, "reward_state_conflict").await;
    assert!(held.contains("held") && held.contains("issued"), "{held}");

    // Another member sees none of it and can move none of it.
    let stranger = app.member("moves-stranger").await;
    expect_error(app.get("/api/v1", &format!("/rewards/{c}"), &stranger.bearer()).await, 404, "not_found").await;
    expect_error(act(&app, &stranger, c, "approve", json!({})).await, 404, "not_found").await;
    let theirs = expect_status(app.get("/api/v1", "/rewards", &stranger.bearer()).await, 200).await;
    assert_eq!(theirs["data"]["pagination"]["total"], json!(0));
    expect_error(act(&app, &member, 999_999, "approve", json!({})).await, 404, "not_found").await;

    // Lists, filters and counts.
    let all =
        expect_status(app.get("/api/v1", &format!("/rewards?campaign_id={campaign}"), &member.bearer()).await, 200)
            .await;
    let listed: Vec<(u64, &str)> = all["data"]["rewards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["id"].as_u64().unwrap(), r["status"].as_str().unwrap()))
        .collect();
    assert_eq!(listed, [(c, "held"), (b, "voided"), (a, "fulfilled")], "newest first");
    let voided_only = expect_status(app.get("/api/v1", "/rewards?status=voided", &member.bearer()).await, 200).await;
    assert_eq!(voided_only["data"]["rewards"].as_array().unwrap().len(), 1);
    for bad in ["status=paid", "participant_id=0", "campaign_id=x", "state=held"] {
        expect_error(app.get("/api/v1", &format!("/rewards?{bad}"), &member.bearer()).await, 400, "invalid_query")
            .await;
    }
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(stats["rewards"], json!({"held": 1, "pending": 0, "issued": 0, "fulfilled": 1, "voided": 1}));
    assert_eq!(stats["rewards_issued"], json!(1), "ever issued");
    let referrer = voided["data"]["participant_id"].as_u64().unwrap();
    let detail =
        expect_status(app.get("/api/v1", &format!("/participants/{referrer}"), &member.bearer()).await, 200).await;
    let statuses: Vec<&str> =
        detail["data"]["rewards"].as_array().unwrap().iter().map(|r| r["status"].as_str().unwrap()).collect();
    assert_eq!(statuses, ["fulfilled", "voided", "held"]);
    let by_status = json!({"held": 1, "pending": 0, "issued": 0, "fulfilled": 1, "voided": 1});
    assert_eq!(detail["data"]["rewards_by_status"], by_status, "the participant read counts them too");
}

#[tokio::test]
async fn a_voided_coupon_never_returns_to_the_pool() {
    let app = TestApp::spawn().await;
    let member = app.member("burnt").await;
    let (campaign, rewards) = earn(&app, &member, "burnt", json!({}), 0).await;
    assert!(rewards.is_empty());
    app.upload_coupons(&member, campaign, &["C-1".to_owned(), "C-2".to_owned()]).await;
    let referrer = app.participant(&member, campaign, "second@burnt.example").await;
    let code = referrer["referral_code"].as_str().unwrap().to_owned();
    let first = expect_status(app.refer(&member, &code, "f1@burnt.example").await, 201).await["data"]
        ["referrer_reward"]
        .clone();
    assert_eq!(first["value"], json!("C-1"));
    expect_status(act(&app, &member, first["id"].as_u64().unwrap(), "void", json!({"reason": "fraud"})).await, 200)
        .await;
    let second = expect_status(app.refer(&member, &code, "f2@burnt.example").await, 201).await["data"]
        ["referrer_reward"]
        .clone();
    assert_eq!(second["value"], json!("C-2"), "the burnt C-1 is not handed out again");
    let third = expect_status(app.refer(&member, &code, "f3@burnt.example").await, 201).await["data"]
        ["referrer_reward"]
        .clone();
    assert_eq!(third["status"], json!("pending"));
    expect_status(act(&app, &member, third["id"].as_u64().unwrap(), "void", json!({"reason": "fraud"})).await, 200)
        .await;
    let upload = app.upload_coupons(&member, campaign, &["C-3".to_owned()]).await;
    assert_eq!(upload["pending_filled"], json!(0), "a voided pending reward gets no coupon");
    assert_eq!(upload["pool"]["available"], json!(1));
    let burnt = reward(&app, &member, first["id"].as_u64().unwrap()).await;
    assert_eq!((burnt["status"].as_str(), burnt["value"].as_str()), (Some("voided"), Some("C-1")));
}

#[tokio::test]
async fn a_hundred_racing_approve_and_void_pairs_leave_each_reward_in_one_state_and_the_pool_exact() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("race").await;
    let (campaign, rewards) = earn(&app, &member, "race", json!({"hold_days": 30}), 100).await;
    let codes: Vec<String> = (0..50).map(|i| format!("RACE-{i:02}")).collect();
    let upload = app.upload_coupons(&member, campaign, &codes).await;
    assert_eq!(upload["pending_filled"], json!(0), "held rewards wait for their hold, not for coupons");

    let mut tasks = Vec::new();
    for &id in &rewards {
        for (action, body) in [("approve", json!({})), ("void", json!({"reason": "race"}))] {
            let request = app
                .client
                .post(app.url("/api/v1", &format!("/rewards/{id}/{action}")))
                .bearer_auth(&member.token)
                .json(&body);
            tasks.push(tokio::spawn(async move {
                let response = request.send().await.unwrap();
                (id, action, response.status().as_u16(), response.json::<Value>().await.unwrap())
            }));
        }
    }
    let mut approved = HashSet::new();
    for task in tasks {
        let (id, action, status, answer) = task.await.unwrap();
        match (action, status) {
            ("approve", 200) => assert!(approved.insert(id)),
            ("approve", 409) => assert!(answer["error"].as_str().unwrap().contains("voided"), "{answer}"),
            ("void", 200) => assert_eq!(answer["data"]["status"], json!("voided")),
            other => panic!("{other:?}: {answer}"),
        }
    }
    // Whichever came first, the void applied (from held, or after the approval): every
    // reward ends voided, and the coupons taken by approvals stay with them.
    let mut coupons = HashSet::new();
    for &id in &rewards {
        let now = reward(&app, &member, id).await;
        assert_eq!(now["status"], json!("voided"));
        let history = states(&now);
        if approved.contains(&id) {
            assert!(history == ["held", "issued", "voided"] || history == ["held", "pending", "voided"], "{now}");
            if let Some(code) = now["value"].as_str() {
                assert!(coupons.insert(code.to_owned()), "coupon {code} twice");
            }
        } else {
            assert_eq!(history, ["held", "voided"]);
            assert_eq!(now["value"], Value::Null);
        }
    }
    let pool =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/coupons"), &member.bearer()).await, 200).await;
    assert_eq!(pool["data"]["used"], json!(coupons.len()));
    assert_eq!(pool["data"]["used"].as_u64().unwrap() + pool["data"]["available"].as_u64().unwrap(), 50);
    assert_eq!(pool["data"]["pending_rewards"], json!(0));
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(stats["rewards"], json!({"held": 0, "pending": 0, "issued": 0, "fulfilled": 0, "voided": 100}));
}

#[tokio::test]
async fn moves_acknowledged_before_a_sigkill_are_all_there_after_restart() {
    let mut app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("moves-crash").await;
    let (_, rewards) =
        earn(&app, &member, "moves-crash", json!({"reward_type": 5, "reward_value": "5", "hold_days": 9}), 30).await;
    let target = |i: usize| if i.is_multiple_of(2) { "issued" } else { "voided" };
    // Three clients move ten rewards each; the kill falls between one commit and the next.
    let streams = (0..3)
        .map(|stream| {
            (stream * 10..stream * 10 + 10)
                .map(|i: usize| {
                    let (action, body) =
                        if i.is_multiple_of(2) { ("approve", json!({})) } else { ("void", json!({"reason": "crash"})) };
                    let url = app.url("/api/v1", &format!("/rewards/{}/{action}", rewards[i]));
                    (rewards[i], app.client.post(url).bearer_auth(&member.token).json(&body))
                })
                .collect()
        })
        .collect();
    let acknowledged = app.kill_amid(streams, 6).await;
    app.restart().await;
    let mut moved = 0;
    for (i, &id) in rewards.iter().enumerate() {
        let now = reward(&app, &member, id).await;
        if acknowledged.contains(&id) {
            assert_eq!(now["status"], json!(target(i)), "acknowledged move lost: {now}");
        }
        // Moved whole, or not at all: its state and its history agree.
        let expected: &[&str] = if now["status"] == json!("held") { &["held"] } else { &["held", target(i)] };
        assert_eq!(states(&now), expected, "{now}");
        moved += usize::from(now["status"] != json!("held"));
    }
    assert!(moved < rewards.len(), "the kill came before the last move");
}

#[tokio::test]
async fn the_polling_trigger_lists_rewards_in_the_order_they_were_issued() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("trigger").await;
    let (held_campaign, held) =
        earn(&app, &member, "trigger-held", json!({"reward_type": 5, "reward_value": "3", "hold_days": 7}), 2).await;
    let (at_once, issued) = earn(&app, &member, "trigger-now", json!({"reward_type": 5, "reward_value": "3"}), 1).await;
    let trigger = |query: &str| {
        let path = format!("/automation/rewards{query}");
        let app = &app;
        let bearer = member.bearer();
        async move {
            let answer = expect_status(app.get("/api/v1", &path, &bearer).await, 200).await;
            answer["data"]["rewards"].as_array().unwrap().iter().map(|r| r["id"].as_u64().unwrap()).collect::<Vec<_>>()
        }
    };
    assert_eq!(trigger("").await, issued, "held rewards are not issued yet");
    // The older, held reward is approved now: it comes first, above the newer one.
    expect_status(act(&app, &member, held[0], "approve", json!({})).await, 200).await;
    assert_eq!(trigger("").await, [held[0], issued[0]]);
    assert_eq!(trigger("?limit=1").await, [held[0]]);
    assert_eq!(trigger(&format!("?campaign_id={at_once}")).await, issued);
    assert_eq!(trigger(&format!("?campaign_id={held_campaign}")).await, [held[0]]);
    // Fulfilled or voided since, an issued reward stays in the trigger's history.
    expect_status(act(&app, &member, issued[0], "void", json!({"reason": "refunded"})).await, 200).await;
    assert_eq!(trigger("").await, [held[0], issued[0]]);
    expect_error(app.get("/api/v1", "/automation/rewards?status=issued", &member.bearer()).await, 400, "invalid_query")
        .await;
}
