//! `POST /participants/:id/block` and `DELETE /participants/:id/block` (issue 17): a block
//! voids what has not reached the participant yet, and while it lasts their codes credit
//! nothing and their link counts nothing; unblocking lets them earn again. A block racing
//! approvals leaves each reward issued or voided, never both; a block acknowledged before a
//! SIGKILL is all there after restart, and one that was not is not there at all.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::helpers::*;

async fn detail(app: &TestApp, member: &TestMember, id: &Value) -> Value {
    expect_status(app.get("/api/v1", &format!("/participants/{id}"), &member.bearer()).await, 200).await["data"].clone()
}

async fn block(app: &TestApp, member: &TestMember, id: &Value) -> Value {
    let path = format!("/participants/{id}/block");
    expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await, 200).await["data"].clone()
}

fn statuses(detail: &Value) -> Vec<(String, Value)> {
    let rewards = detail["rewards"].as_array().unwrap();
    rewards.iter().map(|r| (r["status"].as_str().unwrap().to_owned(), r["void_reason"].clone())).collect()
}

#[tokio::test]
async fn blocking_voids_pending_and_held_rewards_and_stops_the_codes_crediting() {
    let app = TestApp::spawn().await;
    let member = app.member("blocking").await;
    let brand = app.brand(&member, "https://blocking.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 1})).await["id"].as_u64().unwrap();
    app.upload_coupons(&member, campaign, &["ONLY-ONE".to_owned()]).await;
    let ann = app.participant(&member, campaign, "ann@blocking.example").await;
    let code = ann["referral_code"].as_str().unwrap().to_owned();
    // Issued (the pool's one coupon), pending (the pool is empty), then held (a hold period).
    for friend in ["bob", "cy"] {
        expect_status(app.refer(&member, &code, &format!("{friend}@blocking.example")).await, 201).await;
    }
    let held = json!({"hold_days": 7});
    expect_status(app.put_json("/api/v1", &format!("/campaigns/{campaign}"), &member.bearer(), &held).await, 200).await;
    expect_status(app.refer(&member, &code, "dee@blocking.example").await, 201).await;
    let before = detail(&app, &member, &ann["id"]).await;
    assert_eq!(before["blocked_at"], Value::Null);
    let expected: Vec<(String, Value)> =
        ["issued", "pending", "held"].iter().map(|s| (s.to_string(), Value::Null)).collect();
    assert_eq!(statuses(&before), expected);

    let blocked = block(&app, &member, &ann["id"]).await;
    assert!(blocked["blocked_at"].as_str().is_some_and(|at| at.ends_with('Z')), "{blocked}");
    let voided = json!("blocked");
    assert_eq!(
        statuses(&blocked),
        [("issued".into(), Value::Null), ("voided".into(), voided.clone()), ("voided".into(), voided)]
    );
    assert_eq!(blocked["rewards"][0]["value"], json!("ONLY-ONE"), "what reached them stays");
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(
        (&stats["rewards"]["voided"], &stats["rewards"]["held"], &stats["rewards"]["pending"]),
        (&json!(2), &json!(0), &json!(0)),
        "{stats}"
    );
    // Blocking again changes nothing.
    let again = block(&app, &member, &ann["id"]).await;
    assert_eq!((&again["blocked_at"], statuses(&again)), (&blocked["blocked_at"], statuses(&blocked)));

    // Their code still signs a friend up, unreferred, and nobody earns.
    let friend = expect_status(app.refer(&member, &code, "eve@blocking.example").await, 201).await["data"].clone();
    assert_eq!(friend["participant"]["referred_by"], Value::Null, "{friend}");
    assert_eq!((&friend["referrer"], &friend["referrer_reward"]), (&Value::Null, &Value::Null));
    // Their link leads on to the brand, and counts nothing.
    let link = app.client.get(format!("{}/r/{code}", app.address)).send().await.unwrap();
    assert_eq!(link.status().as_u16(), 302);
    assert!(link.headers()["location"].to_str().unwrap().starts_with("https://blocking.example.com"));
    let after = detail(&app, &member, &ann["id"]).await;
    assert_eq!((&after["referrals"], &after["unique_visits"]), (&json!(3), &json!(0)));
    assert_eq!(app.campaign_stats(&member, campaign).await["referrals"], json!(3));

    // Unblocked, they earn again; what was voided stays voided.
    let path = format!("/participants/{}/block", ann["id"]);
    let unblocked = expect_status(app.delete("/api/v1", &path, &member.bearer()).await, 200).await["data"].clone();
    assert_eq!(unblocked["blocked_at"], Value::Null);
    assert_eq!(statuses(&unblocked), statuses(&blocked));
    let credited = expect_status(app.refer(&member, &code, "fay@blocking.example").await, 201).await["data"].clone();
    assert_eq!(credited["participant"]["referred_by"], ann["id"]);
    assert_eq!(credited["referrer_reward"]["status"], json!("held"), "{credited}");
}

#[tokio::test]
async fn only_the_members_living_participants_can_be_blocked() {
    let app = TestApp::spawn().await;
    let owner = app.member("block-owner").await;
    let other = app.member("block-other").await;
    let brand = app.brand(&owner, "https://block-owner.example.com").await;
    let campaign = app.campaign(&owner, brand, json!({})).await["id"].as_u64().unwrap();
    let ann = app.participant(&owner, campaign, "ann@block-owner.example").await;
    let path = format!("/participants/{}/block", ann["id"]);
    expect_error(app.post_json("/api/v1", &path, &other.bearer(), &json!({})).await, 404, "not_found").await;
    expect_error(app.delete("/api/v1", &path, &other.bearer()).await, 404, "not_found").await;
    expect_error(
        app.post_json("/api/v1", "/participants/999999/block", &owner.bearer(), &json!({})).await,
        404,
        "not_found",
    )
    .await;
    assert_eq!(detail(&app, &owner, &ann["id"]).await["blocked_at"], Value::Null, "the other member changed nothing");

    let erase = app.delete("/api/v1", &format!("/participants/{}", ann["id"]), &owner.bearer()).await;
    expect_status(erase, 200).await;
    let message =
        expect_error(app.post_json("/api/v1", &path, &owner.bearer(), &json!({})).await, 409, "participant_erased")
            .await;
    assert!(message.contains("erased"), "{message}");
}

/// A referrer in a fresh campaign with `fields`, and the ids of the rewards `friends` referral
/// signups earned them.
async fn referrer_with_rewards(
    app: &TestApp,
    member: &TestMember,
    campaign: u64,
    name: &str,
    friends: usize,
) -> (Value, Vec<u64>) {
    let referrer = app.participant(member, campaign, &format!("{name}@block-race.example")).await;
    let code = referrer["referral_code"].as_str().unwrap().to_owned();
    let mut rewards = Vec::new();
    for i in 0..friends {
        let answer =
            expect_status(app.refer(member, &code, &format!("{name}-friend{i}@block-race.example")).await, 201).await;
        assert_eq!(answer["data"]["referrer_reward"]["status"], json!("held"), "{answer}");
        rewards.push(answer["data"]["referrer_reward"]["id"].as_u64().unwrap());
    }
    (referrer, rewards)
}

#[tokio::test]
async fn a_block_racing_approvals_leaves_each_reward_issued_or_voided_never_both() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("block-race").await;
    let brand = app.brand(&member, "https://block-race.example.com").await;
    let fields = json!({"reward_type": 5, "reward_value": "4", "hold_days": 30});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let (ann, rewards) = referrer_with_rewards(&app, &member, campaign, "ann", 20).await;

    let approve = |id: u64| {
        let request = app
            .client
            .post(app.url("/api/v1", &format!("/rewards/{id}/approve")))
            .bearer_auth(&member.token)
            .json(&json!({}));
        tokio::spawn(async move { (id, request.send().await.unwrap()) })
    };
    let mut approvals: Vec<_> = rewards[..10].iter().map(|&id| approve(id)).collect();
    let block = app
        .client
        .post(app.url("/api/v1", &format!("/participants/{}/block", ann["id"])))
        .bearer_auth(&member.token)
        .json(&json!({}));
    let block = tokio::spawn(async move { block.send().await.unwrap() });
    approvals.extend(rewards[10..].iter().map(|&id| approve(id)));

    let mut approved = HashMap::new();
    for task in approvals {
        let (id, answer) = task.await.unwrap();
        let status = answer.status().as_u16();
        if status == 409 {
            let body: Value = answer.json().await.unwrap();
            assert_eq!(body["code"], json!("reward_state_conflict"), "{body}");
        } else {
            assert_eq!(status, 200, "approve {id}");
        }
        approved.insert(id, status == 200);
    }
    let blocked = expect_status(block.await.unwrap(), 200).await["data"].clone();
    assert!(blocked["blocked_at"].is_string(), "{blocked}");

    // Each reward moved once: approved ones are issued, the rest voided by the block.
    let mut issued = 0;
    for &id in &rewards {
        let reward = expect_status(app.get("/api/v1", &format!("/rewards/{id}"), &member.bearer()).await, 200).await;
        let (status, reason) = (&reward["data"]["status"], &reward["data"]["void_reason"]);
        if approved[&id] {
            issued += 1;
            assert_eq!((status, reason), (&json!("issued"), &Value::Null), "{reward}");
        } else {
            assert_eq!((status, reason), (&json!("voided"), &json!("blocked")), "{reward}");
        }
    }
    let stats = app.campaign_stats(&member, campaign).await;
    let counts = (&stats["rewards"]["issued"], &stats["rewards"]["voided"], &stats["rewards"]["held"]);
    assert_eq!(counts, (&json!(issued), &json!(20 - issued), &json!(0)), "{stats}");
    // After the block, nothing it voided can be approved.
    if let Some((&id, _)) = approved.iter().find(|(_, &ok)| !ok) {
        let late = app.post_json("/api/v1", &format!("/rewards/{id}/approve"), &member.bearer(), &json!({})).await;
        expect_error(late, 409, "reward_state_conflict").await;
    }
}

#[tokio::test]
async fn blocks_acknowledged_before_a_sigkill_are_all_there_after_restart_and_none_is_half_done() {
    let mut app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("block-crash").await;
    let brand = app.brand(&member, "https://block-crash.example.com").await;
    let fields = json!({"reward_type": 5, "reward_value": "4", "hold_days": 30});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let mut referrers = Vec::new();
    for i in 0..24 {
        let (referrer, rewards) = referrer_with_rewards(&app, &member, campaign, &format!("r{i}"), 2).await;
        referrers.push((referrer["id"].as_u64().unwrap(), rewards));
    }
    // Three clients block eight referrers each; the kill falls between one commit and the next.
    let streams = referrers
        .chunks(8)
        .map(|chunk| {
            let block = |id: u64| {
                let url = app.url("/api/v1", &format!("/participants/{id}/block"));
                (id, app.client.post(url).bearer_auth(&member.token).json(&json!({})))
            };
            chunk.iter().map(|(id, _)| block(*id)).collect()
        })
        .collect();
    let acknowledged = app.kill_amid(streams, 6).await;
    app.restart().await;
    let mut blocked_count = 0;
    for (id, rewards) in &referrers {
        let now = detail(&app, &member, &json!(id)).await;
        let blocked = now["blocked_at"].is_string();
        if acknowledged.contains(id) {
            assert!(blocked, "acknowledged block of {id} lost: {now}");
        }
        // All or nothing: a block is there with both rewards voided, or not there with both held.
        let expected = if blocked { ("voided", json!("blocked")) } else { ("held", Value::Null) };
        let expected: Vec<(String, Value)> =
            rewards.iter().map(|_| (expected.0.to_owned(), expected.1.clone())).collect();
        assert_eq!(statuses(&now), expected, "{now}");
        blocked_count += usize::from(blocked);
    }
    let stats = app.campaign_stats(&member, campaign).await;
    let counts = (&stats["rewards"]["voided"], &stats["rewards"]["held"]);
    assert_eq!(counts, (&json!(2 * blocked_count), &json!(48 - 2 * blocked_count)), "{stats}");
}
