//! Scoped API keys: a key that may only read reads and changes nothing; a key limited to one
//! resource writes only that; no scoped key manages the account; a revoked key stops at once,
//! and the member's main key changing leaves them working. On both backends.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::{expect_error, expect_status, unique_email, Cred, TestApp};

/// Makes a scoped key with `scopes`; its answer's `data`.
async fn scoped_key(app: &TestApp, owner: &Cred, name: &str, scopes: &[&str]) -> Value {
    let body = json!({"name": name, "scopes": scopes});
    expect_status(app.post_json("/api/v1", "/members/api-keys", owner, &body).await, 201).await["data"].clone()
}

fn key_of(made: &Value) -> Cred {
    Cred::Key(made["api_key"].as_str().expect("the key, shown once").to_owned())
}

#[tokio::test]
async fn a_read_only_key_reads_everything_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let member = app.member("scoped").await;
    let owner = member.bearer();
    let brand = app.brand(&member, "https://scoped.example").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "Thanks"})).await;
    let campaign_id = campaign["id"].as_u64().unwrap();
    let ada = app.participant(&member, campaign_id, &unique_email("ada")).await;

    let made = scoped_key(&app, &owner, "Assistant", &["read"]).await;
    assert_eq!((made["id"].as_u64(), made["scopes"].clone()), (Some(1), json!(["read"])));
    let reader = key_of(&made);

    // Reads, of every kind.
    let listed = expect_status(app.get("/api/v1", "/participants", &reader).await, 200).await;
    assert_eq!(listed["data"]["participants"][0]["id"], ada["id"]);
    let path = format!("/campaigns/{campaign_id}/stats");
    assert_eq!(expect_status(app.get("/api/v1", &path, &reader).await, 200).await["data"]["participants"], json!(1));
    expect_status(app.get("/api/v1", "/members/profile", &reader).await, 200).await;
    let preview = format!("/campaigns/{campaign_id}/fraud/preview");
    expect_status(app.post_json("/api/v1", &preview, &reader, &json!({})).await, 200).await;

    // Writes: each refused, saying why, and nothing changed.
    let signup = json!({"campaign_id": campaign_id, "email": unique_email("bea"), "name": "Bea"});
    let message =
        expect_error(app.post_json("/api/v1", "/signups", &reader, &signup).await, 403, "insufficient_scope").await;
    assert!(message.contains("(read)") && message.contains("write:signups"), "{message}");
    let brand_body = json!({"url": "https://another.example", "description": "x"});
    expect_error(app.post_json("/api/v1", "/brands", &reader, &brand_body).await, 403, "insufficient_scope").await;
    let path = format!("/campaigns/{campaign_id}");
    expect_error(app.delete("/api/v1", &path, &reader).await, 403, "insufficient_scope").await;
    let path = format!("/participants/{}", ada["id"]);
    expect_error(app.delete("/api/v1", &path, &reader).await, 403, "insufficient_scope").await;
    let stats = app.campaign_stats(&member, campaign_id).await;
    assert_eq!(stats["participants"], json!(1), "no signup: {stats}");
    let brands = expect_status(app.get("/api/v1", "/brands", &owner).await, 200).await;
    assert_eq!(brands["data"]["brands"].as_array().unwrap().len(), 1, "no brand: {brands}");
    let kept = expect_status(app.get("/api/v1", &path, &owner).await, 200).await;
    assert_eq!(kept["data"]["email"], ada["email"], "not erased");

    // The account: no scoped key reads the main key, makes a key or changes the password.
    for (method, path) in [(Method::GET, "/members/api-key"), (Method::POST, "/members/api-key")] {
        let refused = app.request(method, "/api/v1", path, &reader).send().await.unwrap();
        expect_error(refused, 403, "insufficient_scope").await;
    }
    let more = json!({"name": "escalate", "scopes": ["write"]});
    expect_error(app.post_json("/api/v1", "/members/api-keys", &reader, &more).await, 403, "insufficient_scope").await;
    expect_error(app.get("/v1", "/members/api-keys", &reader).await, 403, "insufficient_scope").await;

    // The list shows the key without its text.
    let keys = expect_status(app.get("/api/v1", "/members/api-keys", &owner).await, 200).await;
    let listed = &keys["data"]["keys"];
    assert_eq!(listed.as_array().unwrap().len(), 1, "{keys}");
    assert_eq!((listed[0]["name"].clone(), listed[0].get("api_key")), (json!("Assistant"), None));
    let text = made["api_key"].as_str().unwrap();
    assert_eq!(listed[0]["prefix"], json!(format!("{}…", &text[..12])));
}

#[tokio::test]
async fn a_key_limited_to_rewards_moves_rewards_only_and_a_revoked_key_stops_at_once() {
    let app = TestApp::spawn().await;
    let member = app.member("rewarder").await;
    let owner = member.bearer();
    let main_key = app.api_key(&member).await;
    let brand = app.brand(&member, "https://rewarder.example").await;
    let body = json!({"reward_type": 5, "reward_value": "4", "hold_days": 30});
    let campaign_id = app.campaign(&member, brand, body).await["id"].as_u64().unwrap();
    let referrer = app.participant(&member, campaign_id, &unique_email("ref")).await;
    let code = referrer["referral_code"].as_str().unwrap();
    expect_status(app.refer(&member, code, &unique_email("friend")).await, 201).await;
    let rewards = expect_status(app.get("/api/v1", "/rewards?status=held", &owner).await, 200).await;
    let reward_id = rewards["data"]["rewards"][0]["id"].as_u64().expect("a held reward");

    let both = scoped_key(&app, &owner, "Approver", &["read", "write:rewards", "write:signups"]).await;
    assert_eq!(both["id"], json!(1));
    let approver = key_of(&both);
    // A signup with a key of that scope, through the signup's own path.
    let signup = json!({"campaign_id": campaign_id, "email": unique_email("cy"), "name": "Cy"});
    expect_status(app.post_json("/api/v1", "/signups", &approver, &signup).await, 201).await;
    let path = format!("/campaigns/{campaign_id}/payouts");
    expect_error(app.post_json("/api/v1", &path, &approver, &json!({})).await, 403, "insufficient_scope").await;
    let approve = format!("/rewards/{reward_id}/approve");
    let approved = expect_status(app.post_json("/api/v1", &approve, &approver, &json!({})).await, 200).await;
    assert_eq!(approved["data"]["status"], json!("issued"));

    // The main key changes: the scoped key keeps working.
    let regenerated = app.request(Method::POST, "/api/v1", "/members/api-key", &Cred::Key(main_key.clone()));
    expect_status(regenerated.send().await.unwrap(), 201).await;
    expect_error(app.get("/api/v1", "/members/profile", &Cred::Key(main_key)).await, 401, "unauthorized").await;
    expect_status(app.get("/api/v1", "/rewards", &approver).await, 200).await;

    // Revoked: refused at once, the signup path too; a second key is numbered past it.
    let revoked = expect_status(app.delete("/api/v1", "/members/api-keys/1", &owner).await, 200).await;
    assert_eq!(revoked["data"]["name"], json!("Approver"));
    expect_error(app.get("/api/v1", "/rewards", &approver).await, 401, "unauthorized").await;
    let signup = json!({"campaign_id": campaign_id, "email": unique_email("dee"), "name": "Dee"});
    expect_error(app.post_json("/api/v1", "/signups", &approver, &signup).await, 401, "unauthorized").await;
    expect_error(app.delete("/api/v1", "/members/api-keys/1", &owner).await, 404, "not_found").await;
    let next = scoped_key(&app, &owner, "Next", &["write"]).await;
    assert_eq!(next["id"], json!(1), "one past the highest held");
}

#[tokio::test]
async fn scoped_keys_are_checked_and_belong_to_their_member_alone() {
    let app = TestApp::spawn().await;
    let member = app.member("checked").await;
    let other = app.member("other").await;
    let owner = member.bearer();
    for (body, field) in [
        (json!({"name": "", "scopes": ["read"]}), "name"),
        (json!({"name": "x", "scopes": []}), "scopes"),
        (json!({"name": "x", "scopes": ["write:members"]}), "scopes"),
        (json!({"name": "x", "scopes": ["READ"]}), "scopes"),
    ] {
        let message =
            expect_error(app.post_json("/api/v1", "/members/api-keys", &owner, &body).await, 400, "validation_failed")
                .await;
        assert!(message.starts_with(field), "{message}");
    }
    let theirs = key_of(&scoped_key(&app, &other.bearer(), "Theirs", &["read", "write"]).await);
    let brand = app.brand(&member, "https://checked.example").await;
    let path = format!("/brands/{brand}");
    expect_error(app.get("/api/v1", &path, &theirs).await, 404, "not_found").await;
    expect_error(app.delete("/api/v1", "/members/api-keys/1", &owner).await, 404, "not_found").await;
    for n in 0..25 {
        scoped_key(&app, &owner, &format!("k{n}"), &["read"]).await;
    }
    let full = json!({"name": "one too many", "scopes": ["read"]});
    expect_error(app.post_json("/api/v1", "/members/api-keys", &owner, &full).await, 400, "limit_reached").await;
}

#[tokio::test]
async fn the_account_page_makes_lists_and_revokes_a_scoped_key() {
    use crate::dashboard::Browser;
    let app = TestApp::spawn().await;
    let member = app.member("page").await;
    let mut browser = Browser::new(&app);
    let fields = [("email", member.email.as_str()), ("password", member.password.as_str())];
    assert_eq!(browser.submit("/dashboard/sign-in", "/dashboard/sign-in", &fields).await.status, 303);

    let fields =
        [("name", "Approver"), ("read", "on"), ("writes", "some"), ("resource", "rewards"), ("resource", "payouts")];
    let made = browser.submit("/dashboard/account", "/dashboard/account/api-keys", &fields).await;
    assert_eq!(made.status, 200, "{}", made.body);
    assert!(made.body.contains("read, write:rewards, write:payouts"), "{}", made.body);
    let start = made.body.find("ref_").expect("the key, shown once");
    let key = Cred::Key(made.body[start..start + 52].to_owned());
    expect_status(app.get("/api/v1", "/rewards", &key).await, 200).await;
    let brand = json!({"url": "https://page.example", "description": "x"});
    expect_error(app.post_json("/api/v1", "/brands", &key, &brand).await, 403, "insufficient_scope").await;

    let account = browser.get("/dashboard/account").await;
    assert!(
        account.body.contains("Approver") && !account.body.contains(&made.body[start..start + 52]),
        "listed, not shown"
    );
    let refused = browser.submit("/dashboard/account", "/dashboard/account/api-keys", &[("name", "Nothing")]).await;
    assert_eq!(refused.status, 400, "no scope: {}", refused.body);
    assert!(refused.body.contains("scopes"), "{}", refused.body);

    let revoked = browser.submit("/dashboard/account", "/dashboard/account/api-keys/1/revoke", &[]).await;
    assert_eq!((revoked.status, revoked.location()), (303, "/dashboard/account?notice=key-revoked#scoped-keys"));
    expect_error(app.get("/api/v1", "/rewards", &key).await, 401, "unauthorized").await;
    let again = browser.submit("/dashboard/account", "/dashboard/account/api-keys/1/revoke", &[]).await;
    assert_eq!(again.status, 404, "{}", again.body);
}
