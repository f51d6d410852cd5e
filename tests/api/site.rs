//! The public site around the widget: whole-domain referrals and the click endpoint, the
//! widget script and frame, impressions, shares and progress, and landers.

use serde_json::{json, Value};

use crate::helpers::*;

async fn click(app: &TestApp, query: &str) -> Value {
    let response = app.client.get(format!("{}/api/click?{query}", app.address)).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 200, "the click endpoint always answers 200");
    response.json().await.unwrap()
}

/// A domain participant the operator vouched for, in a campaign of a brand the operator
/// vouched for (a server with the admin API): clicks and `ref=<domain>` attribute to it.
/// Proving a domain by its `.well-known` file is `domain_proofs.rs`'s.
async fn domain_participant(app: &TestApp, member: &TestMember, campaign: u64, email: &str, domain: &str) -> Value {
    let body = json!({"campaign_id": campaign, "email": email, "name": "Partner", "domain": domain});
    let partner = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await["data"]
        ["participant"]
        .clone();
    app.vouch("participants", partner["id"].as_u64().unwrap()).await;
    let campaign =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &member.bearer()).await, 200).await;
    app.vouch("brands", campaign["data"]["url_id"].as_u64().unwrap()).await;
    partner
}

#[tokio::test]
async fn clicks_from_a_domain_participant_are_counted_and_bad_clicks_fail_open() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.member("clicks").await;
    let brand = app.brand(&member, "https://shop.example").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
    let partner =
        domain_participant(&app, &member, campaign, "p@partner.example", "https://www.Partner.example/blog").await;
    assert_eq!(partner["domain"], "partner.example", "stored as a domain: {partner}");
    let partner_id = partner["id"].as_u64().unwrap();
    let again = json!({"campaign_id": campaign, "email": "other@partner.example", "domain": "partner.example"});
    expect_error(app.post_json("/api/v1", "/signups", &member.bearer(), &again).await, 409, "domain_taken").await;

    let answer = click(&app, "from=partner.example&to=shop.example").await;
    assert_eq!(answer, json!({"ok": true, "campaignId": campaign, "participantId": partner_id, "to": "shop.example"}));
    // The beacon: a JSON body sent as text/plain.
    let beacon = app
        .client
        .post(format!("{}/api/click", app.address))
        .header("Content-Type", "text/plain;charset=UTF-8")
        .body(r#"{"from":"www.partner.example","to":"https://shop.example/pricing"}"#)
        .send()
        .await
        .unwrap();
    assert_eq!(beacon.status().as_u16(), 200);
    assert_eq!(beacon.json::<Value>().await.unwrap()["ok"], true);
    // A form body works too.
    let form = app.client.post(format!("{}/api/click", app.address)).body("from=partner.example").send().await.unwrap();
    assert_eq!(form.json::<Value>().await.unwrap()["participantId"], partner_id);

    for bad in ["", "to=shop.example", "from=&to=x", "from=%ff%fe", "from=javascript:alert(1)", "from=unknown.example"]
    {
        let answer = click(&app, bad).await;
        assert_eq!(answer["ok"], false, "{bad:?}: {answer}");
        assert_eq!(answer["campaignId"], Value::Null);
    }
    let huge = app.client.post(format!("{}/api/click", app.address)).body("x".repeat(100_000)).send().await.unwrap();
    assert_eq!(huge.status().as_u16(), 200);
    assert_eq!(huge.json::<Value>().await.unwrap()["ok"], false);

    app.wait_for_count(&member, campaign, "clicks", 3).await;
    let detail =
        expect_status(app.get("/api/v1", &format!("/participants/{partner_id}"), &member.bearer()).await, 200).await;
    assert_eq!(detail["data"]["clicks"], 3, "{detail}");
}

#[tokio::test]
async fn a_click_prefers_the_campaign_of_the_destination_brand() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("prefer").await;
    let mut campaigns = Vec::new();
    for url in ["https://first.example", "https://second.example"] {
        let brand = app.brand(&member, url).await;
        let campaign =
            app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
        let p = domain_participant(&app, &member, campaign, "p@partner.example", "partner.example").await;
        campaigns.push((campaign, p["id"].as_u64().unwrap()));
    }
    let to_second = click(&app, "from=partner.example&to=www.second.example").await;
    assert_eq!(
        (to_second["campaignId"].as_u64(), to_second["participantId"].as_u64()),
        (Some(campaigns[1].0), Some(campaigns[1].1))
    );
    let elsewhere = click(&app, "from=partner.example&to=third.example").await;
    assert_eq!(elsewhere["campaignId"].as_u64(), Some(campaigns[0].0), "no brand on `to`: the oldest campaign");

    // Deleting a campaign removes its domain participants from the click index.
    let path = format!("/campaigns/{}", campaigns[0].0);
    expect_status(app.delete("/api/v1", &path, &member.bearer()).await, 200).await;
    let after = click(&app, "from=partner.example&to=third.example").await;
    assert_eq!(after["campaignId"].as_u64(), Some(campaigns[1].0));
}

#[tokio::test]
async fn the_click_endpoint_answers_ok_false_when_rate_limited_or_when_the_store_fails() {
    let config = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml"))
        .unwrap()
        .replace("view_per_minute = 300", "view_per_minute = 1")
        .replace("view_burst = 60", "view_burst = 3");
    let app = TestApp::spawn_with(Options { config: Some(config), ..Options::with_admin() }).await;
    let member = app.member("limited").await;
    let brand = app.brand(&member, "https://limited.example").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
    domain_participant(&app, &member, campaign, "p@partner.example", "partner.example").await;
    let mut answers = Vec::new();
    for _ in 0..5 {
        answers.push(click(&app, "from=partner.example&to=limited.example").await["ok"].clone());
    }
    assert_eq!(answers, [true, true, true, false, false], "three in the burst, then refused with 200 ok:false");
    app.wait_for_count(&member, campaign, "clicks", 3).await;

    let failing =
        TestApp::spawn_with(Options { admin_token: Some(ADMIN_TOKEN.into()), ..Options::with_faults("click_store") })
            .await;
    let member = failing.member("failing").await;
    let brand = failing.brand(&member, "https://failing.example").await;
    let campaign =
        failing.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
    domain_participant(&failing, &member, campaign, "p@partner.example", "partner.example").await;
    let answer = click(&failing, "from=partner.example&to=failing.example").await;
    assert_eq!(answer, json!({"ok": false, "campaignId": null, "participantId": null, "to": "failing.example"}));
    assert!(failing.log().contains("click not counted"), "the failure is logged");
}

#[tokio::test]
async fn counts_pending_at_a_graceful_stop_are_kept() {
    let mut app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.member("stop").await;
    let brand = app.brand(&member, "https://stop.example").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
    domain_participant(&app, &member, campaign, "p@partner.example", "partner.example").await;
    for _ in 0..7 {
        assert_eq!(click(&app, "from=partner.example").await["ok"], true);
    }
    assert!(app.signal("TERM").success());
    app.restart().await;
    assert_eq!(app.campaign_stats(&member, campaign).await["clicks"], 7);
}

#[tokio::test]
async fn a_visitor_arriving_with_ref_domain_is_attributed_to_the_domain_participant() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.member("refdomain").await;
    let brand = app.brand(&member, "https://brand.example").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
    let partner = domain_participant(&app, &member, campaign, "owner@blog.example", "blog.example").await;
    let visitor = app
        .client
        .post(format!("{}/api/widget/signup", app.address))
        .json(&json!({"campaign_id": campaign, "email": "reader@mail.example", "ref": "WWW.blog.example"}))
        .send()
        .await
        .unwrap();
    expect_status(visitor, 201).await;
    let list = expect_status(
        app.get("/api/v1", &format!("/participants?campaign_id={campaign}"), &member.bearer()).await,
        200,
    )
    .await;
    let people = list["data"]["participants"].as_array().unwrap();
    let partner = people.iter().find(|p| p["id"] == partner["id"]).unwrap();
    let reader = people.iter().find(|p| p["email"] == "reader@mail.example").unwrap();
    assert_eq!(partner["domain"], "blog.example");
    assert_eq!(reader["referred_by"], partner["id"]);
    assert_eq!(partner["referrals"], 1);
}

#[tokio::test]
async fn the_widget_script_frame_impressions_shares_and_progress() {
    let app = TestApp::spawn().await;
    let member = app.member("widgetjs").await;
    let brand = app.brand(&member, "https://widgetjs.example").await;
    let headline = "</script><img src=x onerror=alert(1)>";
    let campaign = app
        .campaign(
            &member,
            brand,
            json!({"reward_type": 3, "reward_value": "hi", "num_signups": 3,
                   "widget": {"mode": "popup", "headline": headline, "primary_color": "#112233"}}),
        )
        .await["id"]
        .as_u64()
        .unwrap();

    let script = app.client.get(format!("{}/widget.js?campaign={campaign}", app.address)).send().await.unwrap();
    assert_eq!(script.status().as_u16(), 200);
    assert_eq!(script.headers()["content-type"], "text/javascript; charset=utf-8");
    let text = script.text().await.unwrap();
    assert!(text.contains(r#""mode":"popup""#) && text.contains("#112233"), "{text}");
    assert!(!text.contains("</script>") && text.contains(r"\u003c/script\u003e"), "settings are inert");
    for query in ["", "?campaign=999999", "?campaign=abc"] {
        let missing = app.client.get(format!("{}/widget.js{query}", app.address)).send().await.unwrap();
        assert_eq!(missing.status().as_u16(), 404, "{query}");
    }

    let frame = app.client.get(format!("{}/widget/{campaign}/embed?ref=%3Cb%3E", app.address)).send().await.unwrap();
    assert_eq!(frame.status().as_u16(), 200);
    let policy = frame.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(policy.contains("script-src 'self'") && policy.contains("frame-ancestors *"), "{policy}");
    let html = frame.text().await.unwrap();
    assert!(!html.contains("<img") && !html.contains("<b>"), "member and visitor values are never markup: {html}");
    let missing = app.client.get(format!("{}/widget/0/embed", app.address)).send().await.unwrap();
    assert_eq!(missing.status().as_u16(), 404);

    let post = |path: &'static str, body: Value| {
        let request = app.client.post(format!("{}/api/widget/{path}", app.address)).json(&body);
        async move { request.send().await.unwrap() }
    };
    for _ in 0..2 {
        assert_eq!(post("impression", json!({"campaign_id": campaign})).await.status().as_u16(), 202);
    }
    expect_error(post("impression", json!({"campaign_id": 424242})).await, 404, "not_found").await;
    let referrer = app.participant(&member, campaign, "ref@example.com").await;
    let code = referrer["referral_code"].as_str().unwrap();
    assert_eq!(post("share", json!({"referral_code": code})).await.status().as_u16(), 202);
    expect_error(post("share", json!({"referral_code": "bad"})).await, 400, "invalid_referral_code").await;
    app.wait_for_count(&member, campaign, "impressions", 2).await;
    app.wait_for_count(&member, campaign, "shares", 1).await;

    app.refer(&member, code, "friend@example.com").await;
    let progress = app
        .client
        .get(format!("{}/api/widget/progress?code={code}", app.address))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    assert_eq!(
        progress["data"],
        json!({
            "referrals": 1, "unique_visits": 0, "goal_type": "signup", "goal": 3, "next_reward_in": 2,
            "next_tier": null, "referrals_to_next_tier": null, "waitlist": null
        })
    );
    let unknown = app.client.get(format!("{}/api/widget/progress?code=nope", app.address)).send().await.unwrap();
    assert_eq!(unknown.status().as_u16(), 404);
}

#[tokio::test]
async fn landers_are_configured_through_the_api_and_referral_links_land_on_them() {
    let app = TestApp::spawn().await;
    let member = app.member("lander").await;
    let brand = app.brand(&member, "https://lander.example").await;
    let background = json!({"background_url": "https://cdn.lander.example/bg.jpg", "logo_url": "https://cdn.lander.example/logo.png"});
    expect_status(app.put_json("/api/v1", &format!("/brands/{brand}"), &member.bearer(), &background).await, 200).await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
    let path = format!("/lander?campaign_id={campaign}");

    let default = expect_status(app.get("/v1", &path, &member.bearer()).await, 200).await;
    assert_eq!(default["data"]["lander"]["template"], "default");
    assert_eq!(default["data"]["lander"]["custom"], false);
    assert_eq!(default["data"]["lander"]["background"]["image_url"], "https://cdn.lander.example/bg.jpg");
    assert_eq!(
        default["data"]["brand"],
        json!({"domain": "lander.example", "logo_url": "https://cdn.lander.example/logo.png"})
    );
    assert_eq!(default["data"]["social_urls"], json!([]));

    let referrer = app.participant(&member, campaign, "ref@example.com").await;
    let code = referrer["referral_code"].as_str().unwrap().to_owned();
    let no_redirect = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let before = no_redirect.get(format!("{}/r/{code}", app.address)).send().await.unwrap();
    assert!(before.headers()["location"].to_str().unwrap().starts_with("https://lander.example/?ref="));

    let settings = json!({
        "template": "centered",
        "header_text": "<script>alert(1)</script> Join us",
        "footer_text": "Terms apply",
        "background": {"color": "#FFEEDD"},
        "fonts": {"heading": "Georgia", "body": "Verdana"},
        "social_urls": ["https://x.com/lander"],
    });
    let saved = expect_status(app.put_json("/api/v1", &path, &member.bearer(), &settings).await, 200).await;
    assert_eq!(saved["data"]["lander"]["custom"], true);
    assert_eq!(saved["data"]["lander"]["background"]["color"], "#ffeedd");
    let read = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
    assert_eq!(read["data"]["lander"], saved["data"]["lander"]);
    assert_eq!(read["data"]["social_urls"], json!(["https://x.com/lander"]));

    for (body, field) in [
        (json!({"template": "fancy"}), "template"),
        (json!({"background": {"image_url": "javascript:alert(1)"}}), "background.image_url"),
        (json!({"fonts": {"body": "url(evil)"}}), "fonts.body"),
    ] {
        let message =
            expect_error(app.put_json("/api/v1", &path, &member.bearer(), &body).await, 400, "validation_failed").await;
        assert!(message.contains(field), "{message}");
    }
    // An array is not an object, though serde would read one into a struct in field order.
    let array = json!({"fonts": [null, "Georgia"]});
    let message =
        expect_error(app.put_json("/api/v1", &path, &member.bearer(), &array).await, 400, "invalid_body").await;
    assert!(message.contains("expected a map"), "{message}");
    let other = app.member("lander-other").await;
    expect_error(app.get("/api/v1", &path, &other.bearer()).await, 404, "not_found").await;
    expect_error(app.get("/api/v1", "/lander", &member.bearer()).await, 400, "invalid_query").await;

    let after = no_redirect.get(format!("{}/r/{code}", app.address)).send().await.unwrap();
    let location = after.headers()["location"].to_str().unwrap().to_owned();
    assert_eq!(location, format!("{}/l/{campaign}?ref={code}", app.address));
    let page = app.client.get(&location).send().await.unwrap();
    assert_eq!(page.status().as_u16(), 200);
    let policy = page.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
    assert_eq!(page.headers()["x-frame-options"], "DENY");
    let html = page.text().await.unwrap();
    assert!(!html.contains("<script>alert") && html.contains(r"\u003cscript\u003ealert(1)"), "{html}");
}

#[tokio::test]
async fn referral_link_visits_over_the_address_limit_still_redirect_uncounted() {
    let config = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml"))
        .unwrap()
        .replace("view_per_minute = 300", "view_per_minute = 1")
        .replace("view_burst = 60", "view_burst = 3");
    let app = TestApp::spawn_with(Options { config: Some(config), ..Default::default() }).await;
    let member = app.member("visits").await;
    let brand = app.brand(&member, "https://visits.example").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
    let referrer = app.participant(&member, campaign, "ref@example.com").await;
    let code = referrer["referral_code"].as_str().unwrap();
    let no_redirect = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    for _ in 0..5 {
        let visit = no_redirect.get(format!("{}/r/{code}", app.address)).send().await.unwrap();
        assert_eq!(visit.status().as_u16(), 302);
        assert!(visit.headers()["location"].to_str().unwrap().starts_with("https://visits.example/?ref="));
    }
    // Visits count at once (they are durable writes, not batched).
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(stats["clicks"], 3, "{stats}");
}

/// `widget.js` is revalidated on every page load: the same settings give a 304 without a
/// body, and a settings change shows at the next load (no five-minute wait).
#[tokio::test]
async fn a_widget_settings_change_shows_at_the_next_page_load() {
    let app = TestApp::spawn().await;
    let member = app.member("widgetetag").await;
    let brand = app.brand(&member, "https://widgetetag.example").await;
    let campaign = app.campaign(&member, brand, json!({"widget": {"mode": "embed"}})).await["id"].as_u64().unwrap();
    let url = format!("{}/widget.js?campaign={campaign}", app.address);

    let first = app.client.get(&url).send().await.unwrap();
    assert_eq!(first.status().as_u16(), 200);
    assert_eq!(first.headers()["cache-control"], "no-cache");
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    assert!(etag.starts_with('"') && etag.len() > 10, "{etag}");
    assert!(first.text().await.unwrap().contains(r#""mode":"embed""#));

    let again = app.client.get(&url).header("If-None-Match", &etag).send().await.unwrap();
    assert_eq!(again.status().as_u16(), 304, "unchanged settings: not modified");
    assert_eq!(again.headers()["etag"], etag.as_str());
    assert!(again.bytes().await.unwrap().is_empty());

    let changed = json!({"widget": {"mode": "floating"}});
    expect_status(app.put_json("/api/v1", &format!("/campaigns/{campaign}"), &member.bearer(), &changed).await, 200)
        .await;
    let after = app.client.get(&url).header("If-None-Match", &etag).send().await.unwrap();
    assert_eq!(after.status().as_u16(), 200, "changed settings: the new script at once");
    assert_ne!(after.headers()["etag"], etag.as_str());
    assert!(after.text().await.unwrap().contains(r#""mode":"floating""#));
}

/// Private is unlisted, public is listed: both landing pages work for anyone with the
/// address, and only the private one asks search engines not to list it.
#[tokio::test]
async fn a_private_campaigns_landing_page_is_unlisted_and_a_public_ones_may_be_listed() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("listed").await;
    let brand = app.brand(&member, "https://listed.example").await;
    let mut robots = Vec::new();
    for publish in ["private", "public"] {
        let fields = json!({"reward_type": 3, "reward_value": "hi", "publish": publish});
        let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
        let page = app.client.get(format!("{}/l/{campaign}", app.address)).send().await.unwrap();
        assert_eq!(page.status().as_u16(), 200, "{publish}: anyone with the address sees it");
        robots.push(page.headers().get("x-robots-tag").map(|v| v.to_str().unwrap().to_owned()));
    }
    assert_eq!(robots, vec![Some("noindex".to_owned()), None]);
}
