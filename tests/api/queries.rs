//! Query parameters: the participant filters people look for (`email`, `search`,
//! `referred_by`), and a 400 `invalid_query` naming any parameter an operation does not take,
//! instead of an answer that silently ignores it. The public site's links keep working with
//! marketing parameters.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

fn emails(list: &Value) -> Vec<&str> {
    list["data"]["participants"].as_array().unwrap().iter().map(|p| p["email"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn participants_are_found_by_email_search_and_referrer() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("filters").await;
    let brand = app.brand(&member, "https://filters.example.com").await;
    let spring = app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "thanks"})).await["id"].clone();
    let autumn = app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "thanks"})).await["id"].clone();
    let ann = app.participant(&member, spring.as_u64().unwrap(), "Ann.Lee@example.com").await;
    let code = ann["referral_code"].as_str().unwrap().to_owned();
    expect_status(app.refer(&member, &code, "bob@example.com").await, 201).await;
    expect_status(app.refer(&member, &code, "cy@sample.org").await, 201).await;
    app.participant(&member, spring.as_u64().unwrap(), "dan@sample.org").await;
    app.participant(&member, autumn.as_u64().unwrap(), "ann.lee@example.com").await;

    let get = |query: String| {
        let app = &app;
        let member = &member;
        async move {
            expect_status(app.get("/api/v1", &format!("/participants?{query}"), &member.bearer()).await, 200).await
        }
    };
    // The issue as reported: an email filter answered the whole list, someone else first.
    let found = get("email=ann.lee%40EXAMPLE.com".into()).await;
    assert_eq!(emails(&found), ["ann.lee@example.com", "Ann.Lee@example.com"], "both campaigns, newest first");
    assert_eq!(found["data"]["pagination"]["total"], json!(2));
    let found = get(format!("email=ann.lee%40example.com&campaign_id={spring}")).await;
    assert_eq!(emails(&found), ["Ann.Lee@example.com"]);
    assert_eq!(get("email=nobody%40example.com".into()).await["data"]["pagination"]["total"], json!(0));

    // `search` looks in emails and names, any case.
    assert_eq!(emails(&get("search=SAMPLE.org".into()).await), ["dan@sample.org", "cy@sample.org"]);
    assert_eq!(get("search=Participant".into()).await["data"]["pagination"]["total"], json!(3), "names");
    // `referred_by`: whom Ann referred; with paging.
    let referred = get(format!("referred_by={}&limit=1", ann["id"])).await;
    assert_eq!(emails(&referred), ["cy@sample.org"]);
    assert_eq!(referred["data"]["pagination"], json!({"page": 1, "limit": 1, "total": 2, "totalPages": 2}));
    let second = get(format!("referred_by={}&limit=1&page=2", ann["id"])).await;
    assert_eq!(emails(&second), ["bob@example.com"]);
    // Criteria combine.
    assert_eq!(emails(&get(format!("referred_by={}&search=sample", ann["id"])).await), ["cy@sample.org"]);

    // Another member's participants are never found.
    let other = app.member("filters-other").await;
    let theirs = expect_status(app.get("/api/v1", "/participants?search=ann", &other.bearer()).await, 200).await;
    assert_eq!(theirs["data"]["pagination"]["total"], json!(0));
    let theirs = expect_status(
        app.get("/api/v1", &format!("/participants?search=ann&campaign_id={spring}"), &other.bearer()).await,
        200,
    )
    .await;
    assert_eq!(theirs["data"]["pagination"]["total"], json!(0));

    for (query, named) in [
        ("email=not-an-address", "email"),
        ("search=", "search"),
        ("referred_by=abc", "referred_by"),
        ("referred_by=0", "referred_by"),
    ] {
        let refused = app.get("/api/v1", &format!("/participants?{query}"), &member.bearer()).await;
        let message = expect_error(refused, 400, "invalid_query").await;
        assert!(message.contains(named), "{query}: {message}");
    }
}

#[tokio::test]
async fn a_parameter_an_operation_does_not_take_is_refused_by_name() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.member("unknown-query").await;
    let brand = app.brand(&member, "https://unknown-query.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "thanks"})).await["id"].as_u64().unwrap();
    let ann = app.participant(&member, campaign, "ann@example.com").await;

    let message =
        expect_error(app.get("/api/v1", "/participants?emial=ann", &member.bearer()).await, 400, "invalid_query").await;
    assert_eq!(
        message,
        "unknown query parameter 'emial': GET /api/v1/participants takes page, limit, campaign_id, email, search, referred_by"
    );
    let message = expect_error(
        app.get("/v1", &format!("/brands/{brand}?expand=all"), &member.bearer()).await,
        400,
        "invalid_query",
    )
    .await;
    assert_eq!(message, "unknown query parameter 'expand': GET /v1/brands/{id} takes no query parameters");
    expect_error(app.get("/api/v1", "/brands?brand_id=1", &member.bearer()).await, 400, "invalid_query").await;
    let signup = json!({"campaign_id": campaign, "email": "bob@example.com"});
    let refused = app
        .request(Method::POST, "/api/v1", "/signups?dry_run=1", &member.bearer())
        .json(&signup)
        .send()
        .await
        .unwrap();
    expect_error(refused, 400, "invalid_query").await;
    let listed = expect_status(
        app.get("/api/v1", &format!("/participants?campaign_id={campaign}"), &member.bearer()).await,
        200,
    )
    .await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(1), "the refused signup wrote nothing");
    let refused = app.admin(Method::GET, "/members?q=ann", ADMIN_TOKEN).send().await.unwrap();
    expect_error(refused, 400, "invalid_query").await;
    // Known parameters still work, and the check reads names only.
    expect_status(app.get("/api/v1", "/brands?page=1&limit=5", &member.bearer()).await, 200).await;

    // The public site takes what marketers append: a referral link still redirects.
    let link = format!("{}/r/{}?utm_source=newsletter&fbclid=abc", app.address, ann["referral_code"].as_str().unwrap());
    let visit = plain_client().get(link).send().await.unwrap();
    assert_eq!(visit.status().as_u16(), 302);
}
