//! Rewards are handed out exactly once: coupons are never assigned twice, even under 200
//! concurrent referral signups; rewards without a coupon wait and are filled oldest first;
//! goals reward every `num_signups`-th referral or unique visit; overlapping coupon uploads
//! at once put each code in the pool once.

use std::collections::HashSet;

use serde_json::{json, Value};

use crate::helpers::*;

#[tokio::test]
async fn two_hundred_concurrent_referrals_get_exactly_fifty_distinct_coupons_then_pending_fill_oldest_first() {
    let app = TestApp::spawn().await;
    let member = app.member("exactly-once").await;
    let brand = app.brand(&member, "https://exactly.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"num_signups": 1})).await["id"].as_u64().unwrap();
    let codes: Vec<String> = (0..50).map(|i| format!("FIRST-{i:03}")).collect();
    assert_eq!(app.upload_coupons(&member, campaign, &codes).await["added"], json!(50));

    // 200 referrers, each referring one new participant, all at once.
    let mut referrers = Vec::new();
    for i in 0..200 {
        referrers.push(app.participant(&member, campaign, &format!("referrer{i}@exactly.example")).await);
    }
    let mut tasks = Vec::new();
    for (i, referrer) in referrers.iter().enumerate() {
        let request =
            app.client.post(app.url("/api/v1", "/signups/referral")).bearer_auth(&member.token).json(&json!({
                "referral_code": referrer["referral_code"],
                "email": format!("friend{i}@exactly.example"),
            }));
        tasks.push(tokio::spawn(async move { request.send().await.unwrap().json::<Value>().await.unwrap() }));
    }
    let mut issued = Vec::new();
    let mut pending = Vec::new();
    for task in tasks {
        let answer = task.await.unwrap();
        assert_eq!(answer["success"], json!(true), "{answer}");
        let reward = &answer["data"]["referrer_reward"];
        match reward["status"].as_str() {
            Some("issued") => issued.push(reward["value"].as_str().unwrap().to_owned()),
            Some("pending") => pending.push(reward["id"].as_u64().unwrap()),
            other => panic!("unexpected reward status {other:?}: {answer}"),
        }
    }
    let distinct: HashSet<&String> = issued.iter().collect();
    assert_eq!(issued.len(), 50);
    assert_eq!(distinct.len(), 50, "no coupon twice");
    assert!(issued.iter().all(|c| codes.contains(c)));
    assert_eq!(pending.len(), 150);
    let pool =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/coupons"), &member.bearer()).await, 200).await;
    assert_eq!(
        pool["data"],
        json!({"uploaded": 50, "available": 0, "used": 50, "pending_rewards": 150, "campaign_id": campaign})
    );

    // 150 more coupons fill every pending reward, oldest (lowest reward id) first.
    let more: Vec<String> = (0..150).map(|i| format!("LATER-{i:03}")).collect();
    let upload = app.upload_coupons(&member, campaign, &more).await;
    assert_eq!(upload["pending_filled"], json!(150));
    assert_eq!(upload["pool"]["pending_rewards"], json!(0));
    assert_eq!(upload["pool"]["available"], json!(0));

    let in_order = app.coupons_filled_later(&member, &referrers, "LATER-").await;
    assert_eq!(in_order, more, "the oldest pending reward got the first new coupon");
    let everything: HashSet<String> = issued.into_iter().chain(in_order).collect();
    assert_eq!(everything.len(), 200, "200 rewards, 200 distinct coupons");
}

#[tokio::test]
async fn the_third_and_sixth_referrals_each_earn_one_reward() {
    let app = TestApp::spawn().await;
    let member = app.member("goal").await;
    let brand = app.brand(&member, "https://goal.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"num_signups": 3, "reward_type": 5, "reward_value": "25"})).await["id"]
            .as_u64()
            .unwrap();
    let referrer = app.participant(&member, campaign, "ref@goal.example").await;
    let code = referrer["referral_code"].as_str().unwrap();
    let mut earned_at = Vec::new();
    for n in 1..=7 {
        let answer = expect_status(app.refer(&member, code, &format!("friend{n}@goal.example")).await, 201).await;
        assert_eq!(answer["data"]["reward"], json!(null), "no two-way reward without reward_invited");
        if !answer["data"]["referrer_reward"].is_null() {
            assert_eq!(answer["data"]["referrer_reward"]["type"], json!("cash"));
            assert_eq!(answer["data"]["referrer_reward"]["value"], json!("25.00"));
            earned_at.push(n);
        }
    }
    assert_eq!(earned_at, vec![3, 6]);
    let detail =
        expect_status(app.get("/api/v1", &format!("/participants/{}", referrer["id"]), &member.bearer()).await, 200)
            .await;
    assert_eq!(detail["data"]["referrals"], json!(7));
    assert_eq!(detail["data"]["rewards"].as_array().unwrap().len(), 2);
    assert_eq!(detail["data"]["next_reward_in"], json!(2));
}

#[tokio::test]
async fn two_way_rewards_reward_the_new_participant_too() {
    let app = TestApp::spawn().await;
    let member = app.member("twoway").await;
    let brand = app.brand(&member, "https://twoway.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"num_signups": 2, "reward_invited": true})).await["id"].as_u64().unwrap();
    app.upload_coupons(&member, campaign, &["C1".into(), "C2".into(), "C3".into()]).await;
    let referrer = app.participant(&member, campaign, "ref@twoway.example").await;
    let code = referrer["referral_code"].as_str().unwrap();
    let first = expect_status(app.refer(&member, code, "a@twoway.example").await, 201).await;
    assert_eq!(first["data"]["reward"]["value"], json!("C1"));
    assert_eq!(first["data"]["reward"]["reason"], json!("invited"));
    assert_eq!(first["data"]["referrer_reward"], json!(null), "the referrer's goal is 2");
    let second = expect_status(app.refer(&member, code, "b@twoway.example").await, 201).await;
    assert_eq!(second["data"]["referrer_reward"]["value"], json!("C2"));
    assert_eq!(second["data"]["reward"]["value"], json!("C3"));
}

#[tokio::test]
async fn a_visit_goal_counts_unique_visits_of_the_referral_link() {
    let app = TestApp::spawn().await;
    let member = app.member("visits").await;
    let brand = app.brand(&member, "https://visits.example.com/landing").await;
    let campaign = app
        .campaign(
            &member,
            brand,
            json!({"goal_type": "visit", "num_signups": 2, "reward_type": 3, "reward_value": "You earned it"}),
        )
        .await["id"]
        .as_u64()
        .unwrap();
    let referrer = app.participant(&member, campaign, "ref@visits.example").await;
    let code = referrer["referral_code"].as_str().unwrap();
    let link = format!("{}/r/{code}", app.address);
    let visit = |visitor: &str| app.client.get(&link).header("cookie", format!("ref_visitor={visitor}")).send();
    let rewards = || async {
        let detail = expect_status(
            app.get("/api/v1", &format!("/participants/{}", referrer["id"]), &member.bearer()).await,
            200,
        )
        .await;
        (
            detail["data"]["unique_visits"].as_u64().unwrap(),
            detail["data"]["clicks"].as_u64().unwrap(),
            detail["data"]["rewards"].as_array().unwrap().len(),
        )
    };
    let first = "0".repeat(32);
    let second = "1".repeat(32);
    assert_eq!(visit(&first).await.unwrap().status().as_u16(), 302);
    assert_eq!(visit(&first).await.unwrap().status().as_u16(), 302);
    assert_eq!(rewards().await, (1, 2, 0), "the same visitor twice is one unique visit");
    visit(&second).await.unwrap();
    assert_eq!(rewards().await, (2, 3, 1), "the second unique visitor reaches the goal");
    // Visits that earn nothing take no reward number: the referrer's own signup set aside 1
    // and 2 (for the rewards a signup may earn), so this reward is 3, not 3 plus a number
    // per visit.
    let detail =
        expect_status(app.get("/api/v1", &format!("/participants/{}", referrer["id"]), &member.bearer()).await, 200)
            .await;
    assert_eq!(detail["data"]["rewards"][0]["id"], json!(3));
    // A referral signup does not count toward a visit goal.
    let signed = expect_status(app.refer(&member, code, "friend@visits.example").await, 201).await;
    assert_eq!(signed["data"]["referrer_reward"], json!(null));
}

#[tokio::test]
async fn overlapping_uploads_at_once_put_each_code_in_the_pool_once() {
    let app = TestApp::spawn().await;
    let member = app.member("uploads").await;
    let brand = app.brand(&member, "https://uploads.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    // Six files of 2,500 codes, each sharing half its codes with the next: 8,750 distinct
    // codes, spread over several commits each, uploaded all at once.
    let files: Vec<Vec<String>> =
        (0..6).map(|f| (f * 1_250..f * 1_250 + 2_500).map(|i| format!("OVERLAP-{i:05}")).collect()).collect();
    let distinct: HashSet<&String> = files.iter().flatten().collect();
    assert_eq!(distinct.len(), 8_750);
    let mut tasks = Vec::new();
    for codes in &files {
        let request = app
            .client
            .post(app.url("/api/v1", &format!("/campaigns/{campaign}/coupons")))
            .bearer_auth(&member.token)
            .json(codes);
        tasks.push(tokio::spawn(async move { request.send().await.unwrap().json::<Value>().await.unwrap() }));
    }
    let (mut added, mut skipped) = (0, 0);
    for task in tasks {
        let answer = task.await.unwrap();
        assert_eq!(answer["success"], json!(true), "{answer}");
        added += answer["data"]["added"].as_u64().unwrap();
        skipped += answer["data"]["skipped_duplicates"].as_u64().unwrap();
    }
    assert_eq!(added, 8_750, "each code added by exactly one upload");
    assert_eq!(skipped, 15_000 - 8_750);
    // Every file once more: nothing is new.
    for codes in &files {
        let again = app.upload_coupons(&member, campaign, codes).await;
        assert_eq!((again["added"].as_u64(), again["skipped_duplicates"].as_u64()), (Some(0), Some(2_500)));
    }
    let pool =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/coupons"), &member.bearer()).await, 200).await;
    assert_eq!(pool["data"]["uploaded"], json!(8_750));
    assert_eq!(pool["data"]["available"], json!(8_750));
}
