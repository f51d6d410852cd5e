//! Milestone tiers (issue 18): a campaign's `tiers` earn a referrer one reward each, of the
//! tier's own kind, when their credited referrals reach it, exactly once even when two
//! hundred referral signups for them come at once; a coupon tier on an empty pool waits for
//! an upload; the participant and the widget show the next tier.

use serde_json::{json, Value};

use crate::helpers::*;

fn tiers() -> Value {
    json!([
        {"referrals": 1, "reward_type": 1},
        {"referrals": 5, "reward_type": 5, "reward_value": "20"},
        {"referrals": 10, "reward_type": 3, "reward_value": "You made it"},
    ])
}

async fn detail(app: &TestApp, member: &TestMember, id: &Value) -> Value {
    expect_status(app.get("/api/v1", &format!("/participants/{id}"), &member.bearer()).await, 200).await["data"].clone()
}

#[tokio::test]
async fn two_hundred_referrals_at_once_earn_each_tier_once() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("tiers").await;
    let brand = app.brand(&member, "https://tiers.example.com").await;
    let fields =
        json!({"reward_type": 5, "reward_value": "1", "tiers": tiers(), "fraud": {"max_referrals_per_hour": null}});
    let campaign = app.campaign(&member, brand, fields).await;
    assert_eq!(
        campaign["tiers"],
        json!([
            {"referrals": 1, "reward_type": 1, "reward_value": null},
            {"referrals": 5, "reward_type": 5, "reward_value": "20.00"},
            {"referrals": 10, "reward_type": 3, "reward_value": "You made it"},
        ])
    );
    let campaign = campaign["id"].as_u64().unwrap();
    let ann = app.participant(&member, campaign, "ann@tiers.example").await;
    let code = ann["referral_code"].as_str().unwrap().to_owned();
    let before = detail(&app, &member, &ann["id"]).await;
    assert_eq!(
        (&before["next_tier"]["referrals"], &before["referrals_to_next_tier"], &before["next_reward_in"]),
        (&json!(1), &json!(1), &json!(1))
    );

    let tasks: Vec<_> = (0..200)
        .map(|n| {
            let body = json!({"referral_code": code, "email": format!("f{n}@tiers.example")});
            let request =
                app.client.post(app.url("/api/v1", "/signups/referral")).bearer_auth(&member.token).json(&body);
            tokio::spawn(async move { request.send().await.unwrap().status().as_u16() })
        })
        .collect();
    for task in tasks {
        assert_eq!(task.await.unwrap(), 201);
    }
    let after = detail(&app, &member, &ann["id"]).await;
    let rewards: Vec<(Value, Value, Value)> = after["rewards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["type"].clone(), r["value"].clone(), r["status"].clone()))
        .collect();
    assert_eq!(
        rewards,
        [
            (json!("coupon"), Value::Null, json!("pending")),
            (json!("cash"), json!("20.00"), json!("issued")),
            (json!("message"), json!("You made it"), json!("issued")),
        ],
        "{after}"
    );
    assert_eq!((&after["next_tier"], &after["next_reward_in"]), (&Value::Null, &Value::Null));
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!((&stats["referrals"], &stats["rewards"]["pending"]), (&json!(200), &json!(1)), "{stats}");

    // The coupon tier waits for the pool, and takes the first code uploaded.
    app.upload_coupons(&member, campaign, &["TIER-ONE".to_owned(), "SPARE".to_owned()]).await;
    let filled = detail(&app, &member, &ann["id"]).await;
    assert_eq!(
        (&filled["rewards"][0]["status"], &filled["rewards"][0]["value"]),
        (&json!("issued"), &json!("TIER-ONE"))
    );
}

#[tokio::test]
async fn tiers_are_checked_and_can_be_removed() {
    let app = TestApp::spawn().await;
    let member = app.member("tiers-edit").await;
    let brand = app.brand(&member, "https://tiers-edit.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "1"})).await;
    assert_eq!(campaign["tiers"], json!([]));
    let path = format!("/campaigns/{}", campaign["id"]);
    let bad = json!({"tiers": [{"referrals": 5, "reward_type": 1}, {"referrals": 3, "reward_type": 1}]});
    let message =
        expect_error(app.put_json("/api/v1", &path, &member.bearer(), &bad).await, 400, "validation_failed").await;
    assert!(message.contains("tiers[1].referrals"), "{message}");
    let set =
        expect_status(app.put_json("/api/v1", &path, &member.bearer(), &json!({"tiers": tiers()})).await, 200).await;
    assert_eq!(set["data"]["tiers"].as_array().unwrap().len(), 3);
    let removed =
        expect_status(app.put_json("/api/v1", &path, &member.bearer(), &json!({"tiers": null})).await, 200).await;
    assert_eq!(removed["data"]["tiers"], json!([]));
}

#[tokio::test]
async fn tiers_reached_before_a_sigkill_are_earned_once_and_the_rest_after_restart() {
    let mut app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("tiers-crash").await;
    let brand = app.brand(&member, "https://tiers-crash.example.com").await;
    let tiers = json!([
        {"referrals": 2, "reward_type": 5, "reward_value": "2"},
        {"referrals": 6, "reward_type": 5, "reward_value": "6"},
        {"referrals": 12, "reward_type": 5, "reward_value": "12"},
        {"referrals": 30, "reward_type": 5, "reward_value": "30"},
    ]);
    let fields =
        json!({"reward_type": 5, "reward_value": "1", "tiers": tiers, "fraud": {"max_referrals_per_hour": null}});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let ann = app.participant(&member, campaign, "ann@tiers-crash.example").await;
    let code = ann["referral_code"].as_str().unwrap().to_owned();
    // Three clients refer eight friends each; the kill falls between one commit and the next.
    let streams = (0..3)
        .map(|stream| {
            (0..8)
                .map(|n| {
                    let body = json!({"referral_code": code, "email": format!("s{stream}n{n}@tiers-crash.example")});
                    let url = app.url("/api/v1", "/signups/referral");
                    ((), app.client.post(url).bearer_auth(&member.token).json(&body))
                })
                .collect()
        })
        .collect();
    let acknowledged = app.kill_amid(streams, 7).await.len() as u64;
    app.restart().await;
    let values = |detail: &Value| -> Vec<Value> {
        detail["rewards"].as_array().unwrap().iter().map(|r| r["value"].clone()).collect()
    };
    let kept = detail(&app, &member, &ann["id"]).await;
    let referrals = kept["referrals"].as_u64().unwrap();
    assert!(referrals >= acknowledged && referrals < 24, "{kept}");
    let reached: Vec<Value> =
        [2, 6, 12].iter().filter(|&&n| n <= referrals).map(|n| json!(format!("{n}.00"))).collect();
    assert_eq!(values(&kept), reached, "one reward per tier the kept referrals reached: {kept}");
    // The count goes on from where the crash left it: the rest are earned once each.
    for n in referrals..30 {
        expect_status(app.refer(&member, &code, &format!("after{n}@tiers-crash.example")).await, 201).await;
    }
    let done = detail(&app, &member, &ann["id"]).await;
    assert_eq!(values(&done), ["2.00", "6.00", "12.00", "30.00"].map(|v| json!(v)), "{done}");
}
