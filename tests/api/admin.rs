//! The admin API: off without a token, refused with a wrong one, and every operation.

use reqwest::Method;
use serde_json::json;

use crate::helpers::*;

const TOKEN: &str = "admin-token-for-tests-0123456789";

async fn admin_app() -> TestApp {
    TestApp::spawn_with(Options { admin_token: Some(TOKEN.into()), ..Default::default() }).await
}

#[tokio::test]
async fn without_a_token_the_admin_api_does_not_exist_and_a_wrong_token_is_refused() {
    let off = TestApp::spawn().await;
    expect_error(off.admin(Method::GET, "/members", TOKEN).send().await.unwrap(), 404, "not_found").await;

    let app = admin_app().await;
    for token in ["wrong-token-wrong-token-wrong", "", &TOKEN[..TOKEN.len() - 1]] {
        expect_error(app.admin(Method::GET, "/members", token).send().await.unwrap(), 401, "unauthorized").await;
    }
    let response = app.client.get(format!("{}/admin/v1/plans", app.address)).send().await.unwrap();
    expect_error(response, 401, "unauthorized").await;
    // A member's credential is not an admin token.
    let member = app.member("not-admin").await;
    expect_error(app.admin(Method::GET, "/members", &member.token).send().await.unwrap(), 401, "unauthorized").await;
}

#[tokio::test]
async fn the_twenty_first_wrong_admin_token_in_a_minute_is_limited_and_the_right_one_waits_too() {
    let app = admin_app().await;
    // Right tokens spend nothing: a busy refctl is never limited.
    for _ in 0..30 {
        expect_status(app.admin(Method::GET, "/plans", TOKEN).send().await.unwrap(), 200).await;
    }
    for guess in 0..20 {
        let response = app.admin(Method::GET, "/plans", &format!("guess-{guess:02}-0123456789abcdef")).send().await;
        expect_error(response.unwrap(), 401, "unauthorized").await;
    }
    let response = app.admin(Method::GET, "/plans", "guess-20-0123456789abcdef").send().await.unwrap();
    let retry_after = response.headers().get("retry-after").and_then(|v| v.to_str().ok()).map(str::to_owned);
    let message = expect_error(response, 429, "rate_limited").await;
    assert!(message.contains("admin tokens"), "{message}");
    assert!(retry_after.and_then(|s| s.parse::<u64>().ok()).is_some_and(|s| (1..=60).contains(&s)));
    // Shut out, the address cannot learn whether a guess was right.
    expect_error(app.admin(Method::GET, "/plans", TOKEN).send().await.unwrap(), 429, "rate_limited").await;
    let log = app.log();
    assert!(log.contains("admin request refused"), "each wrong token is logged");
    assert!(!log.contains("guess-0"), "never the token given");
}

#[tokio::test]
async fn an_operator_creates_finds_disables_and_enables_members_and_manages_their_keys() {
    let app = admin_app().await;
    let created = expect_status(
        app.admin_json(
            Method::POST,
            "/members",
            TOKEN,
            &json!({"email": "ops@example.com", "name": "Ops Made", "password": "violet-tugboat-quarrel", "plan_id": 2}),
        )
        .await,
        201,
    )
    .await;
    let id = created["data"]["id"].as_u64().unwrap();
    assert_eq!(created["data"]["plan_id"], json!(2));
    assert_eq!(created["data"]["api_key"], json!(null));
    assert!(created["data"].get("password_hash").is_none());
    app.member("other-one").await;

    let found = expect_status(app.admin(Method::GET, "/members?search=OPS@", TOKEN).send().await.unwrap(), 200).await;
    assert_eq!(found["data"]["pagination"]["total"], json!(1));
    assert_eq!(found["data"]["members"][0]["id"], json!(id));
    let all = expect_status(app.admin(Method::GET, "/members?limit=1", TOKEN).send().await.unwrap(), 200).await;
    assert_eq!(all["data"]["pagination"]["total"], json!(2));

    expect_error(
        app.admin(Method::GET, &format!("/members/{id}/api-key"), TOKEN).send().await.unwrap(),
        404,
        "not_found",
    )
    .await;
    let key =
        expect_status(app.admin(Method::POST, &format!("/members/{id}/api-key"), TOKEN).send().await.unwrap(), 201)
            .await;
    let key_text = key["data"]["api_key"].as_str().unwrap().to_owned();
    let shown =
        expect_status(app.admin(Method::GET, &format!("/members/{id}/api-key"), TOKEN).send().await.unwrap(), 200)
            .await;
    assert_eq!(shown["data"]["prefix"], json!(format!("{}…", &key_text[..12])));
    assert!(!shown.to_string().contains(&key_text), "the admin never sees the key again");

    let login = expect_status(app.login("/api/v1", "ops@example.com", "violet-tugboat-quarrel").await, 200).await;
    let token = login["data"]["token"].as_str().unwrap().to_owned();
    expect_status(app.get("/api/v1", "/members/profile", &Cred::Key(key_text.clone())).await, 200).await;

    let disabled =
        expect_status(app.admin(Method::POST, &format!("/members/{id}/disable"), TOKEN).send().await.unwrap(), 200)
            .await;
    assert_eq!(disabled["data"]["disabled"], json!(true));
    expect_error(app.get("/api/v1", "/members/profile", &Cred::Key(key_text.clone())).await, 401, "unauthorized").await;
    expect_error(app.get("/api/v1", "/members/profile", &Cred::Bearer(token.clone())).await, 401, "unauthorized").await;
    expect_error(app.login("/api/v1", "ops@example.com", "violet-tugboat-quarrel").await, 401, "unauthorized").await;

    expect_status(app.admin(Method::POST, &format!("/members/{id}/enable"), TOKEN).send().await.unwrap(), 200).await;
    expect_status(app.get("/api/v1", "/members/profile", &Cred::Key(key_text)).await, 200).await;

    for path in ["/members/999999999", "/members/999999999/api-key"] {
        expect_error(app.admin(Method::GET, path, TOKEN).send().await.unwrap(), 404, "not_found").await;
    }
    expect_error(app.admin(Method::POST, "/members/999999999/disable", TOKEN).send().await.unwrap(), 404, "not_found")
        .await;
    let dup = app
        .admin(Method::POST, "/members", TOKEN)
        .json(&json!({"email": "OPS@example.com", "name": "x", "password": "violet-tugboat-quarrel"}));
    expect_error(dup.send().await.unwrap(), 409, "email_taken").await;
    let bad_plan = app
        .admin(Method::POST, "/members", TOKEN)
        .json(&json!({"email": "p@example.com", "name": "x", "password": "violet-tugboat-quarrel", "plan_id": 99}));
    expect_error(bad_plan.send().await.unwrap(), 400, "validation_failed").await;
}

#[tokio::test]
async fn a_paid_plan_allows_public_campaigns_and_a_plan_in_use_cannot_be_deleted() {
    let app = admin_app().await;
    let member = app.member("upgrade").await;
    let brand = app.brand(&member, "https://upgrade.example.com").await;
    let public = json!({"name": "Open", "url_id": brand, "reward_type": 1, "publish": "public"});
    expect_error(app.post_json("/api/v1", "/campaigns", &member.bearer(), &public).await, 403, "plan_required").await;

    let plan = expect_status(
        app.admin_json(
            Method::POST,
            "/plans",
            TOKEN,
            &json!({"name": "Partner", "price": "12.5", "currency": "eur", "paid": true}),
        )
        .await,
        201,
    )
    .await;
    let plan_id = plan["data"]["id"].as_u64().unwrap();
    assert_eq!((plan["data"]["price"].as_str(), plan["data"]["currency"].as_str()), (Some("12.50"), Some("EUR")));
    let listed = expect_status(app.get("/api/v1", "/billing/plans", &Cred::None).await, 200).await;
    assert!(
        listed["data"]["plans"].as_array().unwrap().iter().any(|p| p["id"] == json!(plan_id)),
        "public plan list shows it"
    );

    expect_status(
        app.admin_json(Method::PUT, &format!("/members/{}/plan", member.id), TOKEN, &json!({"plan_id": plan_id})).await,
        200,
    )
    .await;
    let profile = expect_status(app.get("/api/v1", "/members/profile", &member.bearer()).await, 200).await;
    assert_eq!(profile["data"]["plan_id"], json!(plan_id));
    let created = expect_status(app.post_json("/api/v1", "/campaigns", &member.bearer(), &public).await, 201).await;
    assert_eq!(created["data"]["publish"], json!("public"));

    expect_error(
        app.admin(Method::DELETE, &format!("/plans/{plan_id}"), TOKEN).send().await.unwrap(),
        409,
        "plan_in_use",
    )
    .await;
    let renamed = expect_status(
        app.admin_json(Method::PUT, &format!("/plans/{plan_id}"), TOKEN, &json!({"name": "Partner+"})).await,
        200,
    )
    .await;
    assert_eq!(renamed["data"]["name"], json!("Partner+"));
    // A quota past what a JSON client reads exactly is refused (null is "no limit"); the plan
    // keeps its old limits. The largest allowed one is stored as sent.
    for huge in [json!(9_223_372_036_854_775_808_u64), json!(1_000_000_000_001_u64)] {
        expect_error(
            app.admin_json(
                Method::PUT,
                &format!("/plans/{plan_id}"),
                TOKEN,
                &json!({"limits": {"brands": huge, "campaigns": 2}}),
            )
            .await,
            400,
            "validation_failed",
        )
        .await;
    }
    let plans = expect_status(app.get("/api/v1", "/billing/plans", &Cred::None).await, 200).await;
    let stored = plans["data"]["plans"].as_array().unwrap().iter().find(|p| p["id"] == json!(plan_id)).unwrap().clone();
    assert_eq!(stored["limits"], json!({"brands": null, "campaigns": null, "participants": null}));
    let limited = expect_status(
        app.admin_json(
            Method::PUT,
            &format!("/plans/{plan_id}"),
            TOKEN,
            &json!({"limits": {"brands": 1_000_000_000_000_u64, "campaigns": null}}),
        )
        .await,
        200,
    )
    .await;
    assert_eq!(
        limited["data"]["limits"],
        json!({"brands": 1_000_000_000_000_u64, "campaigns": null, "participants": null})
    );
    expect_error(
        app.admin_json(Method::PUT, &format!("/plans/{plan_id}"), TOKEN, &json!({"interval": "week"})).await,
        400,
        "validation_failed",
    )
    .await;
    expect_status(
        app.admin_json(Method::PUT, &format!("/members/{}/plan", member.id), TOKEN, &json!({"plan_id": 1})).await,
        200,
    )
    .await;
    expect_status(app.admin(Method::DELETE, &format!("/plans/{plan_id}"), TOKEN).send().await.unwrap(), 200).await;
    expect_error(
        app.admin(Method::DELETE, &format!("/plans/{plan_id}"), TOKEN).send().await.unwrap(),
        404,
        "not_found",
    )
    .await;
    expect_error(
        app.admin_json(Method::POST, "/plans", TOKEN, &json!({"name": "No price"})).await,
        400,
        "validation_failed",
    )
    .await;
}

#[tokio::test]
async fn linking_a_token_network_enables_token_rewards() {
    let app = admin_app().await;
    let member = app.member("token").await;
    let brand = app.brand(&member, "https://token.example.com").await;
    let token_campaign = json!({"name": "Tokens", "url_id": brand, "reward_type": 4, "reward_value": "100"});
    expect_error(app.post_json("/api/v1", "/campaigns", &member.bearer(), &token_campaign).await, 403, "plan_required")
        .await;

    let linked = expect_status(
        app.admin_json(Method::PUT, &format!("/brands/{brand}/token-network"), TOKEN, &json!({"network": "polygon"}))
            .await,
        200,
    )
    .await;
    assert_eq!(linked["data"]["token_network"], json!("polygon"));
    let created =
        expect_status(app.post_json("/api/v1", "/campaigns", &member.bearer(), &token_campaign).await, 201).await;
    assert_eq!(created["data"]["reward"]["type"], json!("token"));

    let unlinked = expect_status(
        app.admin(Method::DELETE, &format!("/brands/{brand}/token-network"), TOKEN).send().await.unwrap(),
        200,
    )
    .await;
    assert_eq!(unlinked["data"]["token_network"], json!(null));
    expect_error(app.post_json("/api/v1", "/campaigns", &member.bearer(), &token_campaign).await, 403, "plan_required")
        .await;
    expect_error(
        app.admin_json(Method::PUT, "/brands/999999999/token-network", TOKEN, &json!({"network": "x"})).await,
        404,
        "not_found",
    )
    .await;
    expect_error(
        app.admin_json(
            Method::PUT,
            &format!("/brands/{brand}/token-network"),
            TOKEN,
            &json!({"network": "bad network!"}),
        )
        .await,
        400,
        "validation_failed",
    )
    .await;
}

#[tokio::test]
async fn a_streamed_admin_import_counts_lines_and_fills_pending_rewards() {
    let app = admin_app().await;
    let member = app.member("import").await;
    let brand = app.brand(&member, "https://import.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    let referrer = app.participant(&member, campaign, "ref@import.example").await;
    let pending = expect_status(
        app.refer(&member, referrer["referral_code"].as_str().unwrap(), "friend@import.example").await,
        201,
    )
    .await;
    assert_eq!(pending["data"]["referrer_reward"]["status"], json!("pending"));

    let body = "code\r\nA-1\r\n\r\nA-2\r\nA-1\r\nbad one\r\nA-3";
    let response = app
        .admin(Method::POST, &format!("/campaigns/{campaign}/coupons"), TOKEN)
        .header("content-type", "text/csv")
        .body(body)
        .send()
        .await
        .unwrap();
    let report = expect_status(response, 201).await;
    let data = &report["data"];
    assert_eq!(
        (data["added"].as_u64(), data["skipped_duplicates"].as_u64(), data["skipped_blank"].as_u64()),
        (Some(3), Some(1), Some(1))
    );
    assert_eq!(data["invalid"], json!([{"line": 6, "reason": "code contains spaces or control characters"}]));
    assert_eq!((data["lines"].as_u64(), data["pending_filled"].as_u64()), (Some(7), Some(1)));
    assert_eq!(data["pool"], json!({"uploaded": 3, "available": 2, "used": 1}));
    let detail =
        expect_status(app.get("/api/v1", &format!("/participants/{}", referrer["id"]), &member.bearer()).await, 200)
            .await;
    assert_eq!(detail["data"]["rewards"][0]["value"], json!("A-1"), "the pending reward got the first code");

    let wrong_type = app
        .admin(Method::POST, &format!("/campaigns/{campaign}/coupons"), TOKEN)
        .header("content-type", "application/json")
        .body("[]");
    expect_error(wrong_type.send().await.unwrap(), 400, "unsupported_content_type").await;
    let missing =
        app.admin(Method::POST, "/campaigns/999999999/coupons", TOKEN).header("content-type", "text/csv").body("X");
    expect_error(missing.send().await.unwrap(), 404, "not_found").await;
}
