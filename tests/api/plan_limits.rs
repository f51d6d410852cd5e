//! Plan limits are enforced where something is created: brands and campaigns per account,
//! participants per campaign, each refused with 403 `plan_limit_reached` naming the limit
//! and the plan. Moving a member to a smaller plan deletes nothing; it only stops creations.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

async fn admin_app() -> TestApp {
    TestApp::spawn_with(Options::with_admin()).await
}

async fn set_plan(app: &TestApp, member: &TestMember, plan_id: u64) {
    let path = format!("/members/{}/plan", member.id);
    expect_status(app.admin_json(Method::PUT, &path, ADMIN_TOKEN, &json!({"plan_id": plan_id})).await, 200).await;
}

async fn create_brand(app: &TestApp, member: &TestMember, url: &str) -> reqwest::Response {
    app.post_json("/api/v1", "/brands", &member.bearer(), &json!({"url": url})).await
}

#[tokio::test]
async fn the_free_plan_allows_one_brand_and_three_campaigns_and_a_smaller_plan_deletes_nothing() {
    let app = admin_app().await;
    let member = app.member("free-plan").await;
    let shop = app.brand(&member, "https://free-one.example.com").await;

    let refusal =
        expect_error(create_brand(&app, &member, "https://free-two.example.com").await, 403, "plan_limit_reached")
            .await;
    assert!(refusal.contains("the Free plan allows 1 brand per account (limits.brands)"), "{refusal}");
    // The member's own domain is still named at the limit: a retried creation learns it worked.
    expect_error(create_brand(&app, &member, "https://free-one.example.com").await, 409, "domain_taken").await;

    let mut campaigns = Vec::new();
    for n in 0..3 {
        campaigns.push(app.campaign(&member, shop, json!({"name": format!("Campaign {n}")})).await["id"].clone());
    }
    let fourth = json!({"name": "Fourth", "url_id": shop, "reward_type": 1});
    let refusal = expect_error(
        app.post_json("/api/v1", "/campaigns", &member.bearer(), &fourth).await,
        403,
        "plan_limit_reached",
    )
    .await;
    assert!(refusal.contains("the Free plan allows 3 campaigns per account (limits.campaigns)"), "{refusal}");
    let listed = expect_status(app.get("/api/v1", "/campaigns", &member.bearer()).await, 200).await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(3), "the refused campaign was not stored");
    // A deletion makes room.
    expect_status(app.delete("/api/v1", &format!("/campaigns/{}", campaigns[0]), &member.bearer()).await, 200).await;
    expect_status(app.post_json("/api/v1", "/campaigns", &member.bearer(), &fourth).await, 201).await;

    // Growth (plan 2) allows five brands.
    set_plan(&app, &member, 2).await;
    let second = expect_status(create_brand(&app, &member, "https://free-two.example.com").await, 201).await;
    app.campaign(&member, second["data"]["id"].as_u64().unwrap(), json!({})).await;

    // Back on Free: both brands and all four campaigns stay; only new ones are refused.
    set_plan(&app, &member, 1).await;
    let brands = expect_status(app.get("/api/v1", "/brands", &member.bearer()).await, 200).await;
    assert_eq!(brands["data"]["pagination"]["total"], json!(2));
    let listed = expect_status(app.get("/api/v1", "/campaigns", &member.bearer()).await, 200).await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(4));
    expect_error(create_brand(&app, &member, "https://free-three.example.com").await, 403, "plan_limit_reached").await;
    expect_error(app.post_json("/api/v1", "/campaigns", &member.bearer(), &fourth).await, 403, "plan_limit_reached")
        .await;
}

#[tokio::test]
async fn a_campaign_stops_at_the_plans_participant_limit_on_every_signup_path() {
    let app = admin_app().await;
    let tiny = json!({"name": "Tiny", "price": "1.00", "limits": {"brands": 1, "campaigns": 1, "participants": 2}});
    let tiny = expect_status(app.admin_json(Method::POST, "/plans", ADMIN_TOKEN, &tiny).await, 201).await;
    let tiny_id = tiny["data"]["id"].as_u64().unwrap();
    let member = app.member("tiny-plan").await;
    set_plan(&app, &member, tiny_id).await;
    let brand = app.brand(&member, "https://tiny.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "thanks"})).await["id"].as_u64().unwrap();

    let ada = app.participant(&member, campaign, "ada@tiny.example").await;
    let code = ada["referral_code"].as_str().unwrap().to_owned();
    expect_status(app.refer(&member, &code, "bob@tiny.example").await, 201).await;

    let signup = json!({"campaign_id": campaign, "email": "cy@tiny.example"});
    let refusal =
        expect_error(app.post_json("/api/v1", "/signups", &member.bearer(), &signup).await, 403, "plan_limit_reached")
            .await;
    assert!(refusal.contains("the Tiny plan allows 2 participants per campaign (limits.participants)"), "{refusal}");
    expect_error(app.refer(&member, &code, "dan@tiny.example").await, 403, "plan_limit_reached").await;
    let widget = app
        .client
        .post(format!("{}/api/widget/signup", app.address))
        .json(&json!({"campaign_id": campaign, "email": "eve@tiny.example", "referral_code": code}))
        .send()
        .await
        .unwrap();
    let said = expect_error(widget, 403, "plan_limit_reached").await;
    assert_eq!(
        said, "this campaign is not taking new signups right now; please try again later",
        "nothing of the plan"
    );
    // Known emails are answered as always.
    let again = json!({"campaign_id": campaign, "email": "ada@tiny.example"});
    expect_error(app.post_json("/api/v1", "/signups", &member.bearer(), &again).await, 409, "participant_exists").await;

    let listed: Value = expect_status(
        app.get("/api/v1", &format!("/participants?campaign_id={campaign}"), &member.bearer()).await,
        200,
    )
    .await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(2));
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!((stats["participants"].as_u64(), stats["referrals"].as_u64()), (Some(2), Some(1)), "{stats}");

    // A larger limit lets the campaign grow again.
    let raised = json!({"limits": {"brands": 1, "campaigns": 1, "participants": 3}});
    expect_status(app.admin_json(Method::PUT, &format!("/plans/{tiny_id}"), ADMIN_TOKEN, &raised).await, 200).await;
    expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &signup).await, 201).await;

    // Twelve signups at once against room for five: exactly five join.
    let raised = json!({"limits": {"participants": 8}});
    expect_status(app.admin_json(Method::PUT, &format!("/plans/{tiny_id}"), ADMIN_TOKEN, &raised).await, 200).await;
    let tries = (0..12).map(|n| {
        let body = json!({"campaign_id": campaign, "email": format!("rush{n}@tiny.example")});
        let (app, member) = (&app, &member);
        async move { app.post_json("/api/v1", "/signups", &member.bearer(), &body).await.status().as_u16() }
    });
    let mut statuses = futures_util::future::join_all(tries).await;
    statuses.sort();
    assert_eq!(statuses, [vec![201; 5], vec![403; 7]].concat());
    assert_eq!(app.campaign_stats(&member, campaign).await["participants"], json!(8));
}

#[tokio::test]
async fn concurrent_creations_never_take_an_account_past_its_limit() {
    let app = TestApp::spawn().await;
    let member = app.member("racing").await;
    let tries = (0..10).map(|n| {
        let url = format!("https://race-{n}.example.com");
        let app = &app;
        let member = &member;
        async move { create_brand(app, member, &url).await.status().as_u16() }
    });
    let mut statuses = futures_util::future::join_all(tries).await;
    statuses.sort();
    assert_eq!(statuses, [vec![201], vec![403; 9]].concat());
    let brands = expect_status(app.get("/api/v1", "/brands", &member.bearer()).await, 200).await;
    assert_eq!(brands["data"]["pagination"]["total"], json!(1));
}
