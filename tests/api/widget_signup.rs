//! `POST /api/widget/signup`: the widget's public signup. Same flow as a referral signup, no
//! credential, CORS for any origin, one answer for new and known emails, a per-address limit.

use serde_json::{json, Value};

use crate::helpers::*;

async fn widget_signup(app: &TestApp, body: Value) -> reqwest::Response {
    app.client
        .post(format!("{}/api/widget/signup", app.address))
        .header("Origin", "https://shop.example.org")
        .json(&body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn a_visitor_signs_up_through_the_widget_with_or_without_a_referral() {
    let app = TestApp::spawn().await;
    let member = app.member("widget").await;
    let brand = app.brand(&member, "https://widget.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "thanks"})).await["id"].as_u64().unwrap();

    let answer =
        widget_signup(&app, json!({"campaign_id": campaign, "email": "Ada@Visitor.example", "name": "Ada"})).await;
    assert_eq!(answer.status().as_u16(), 201);
    assert_eq!(answer.headers()["access-control-allow-origin"], "https://shop.example.org");
    let first: Value = answer.json().await.unwrap();
    let participant = &first["data"]["participant"];
    assert_eq!(participant.as_object().unwrap().len(), 3, "only campaign_id, code and link: {first}");
    let code = participant["referral_code"].as_str().unwrap().to_owned();
    assert!(participant["referral_link"].as_str().unwrap().ends_with(&format!("/r/{code}")));

    let listed = expect_status(
        app.get("/api/v1", &format!("/participants?campaign_id={campaign}"), &member.bearer()).await,
        200,
    )
    .await;
    assert_eq!(listed["data"]["participants"][0]["email"], json!("Ada@Visitor.example"));
    assert_eq!(listed["data"]["participants"][0]["referral_code"], json!(code));

    // The same email again: the same answer (their own link), nothing new.
    let again = widget_signup(&app, json!({"campaign_id": campaign, "email": "ada@visitor.example"})).await;
    assert_eq!(again.status().as_u16(), 201);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again, first);

    // Through Ada's code the friend is her referral; a broken code signs up without one.
    let friend =
        widget_signup(&app, json!({"campaign_id": campaign, "email": "friend@visitor.example", "referral_code": code}))
            .await;
    let friend: Value = expect_status(friend, 201).await;
    let stranger = widget_signup(
        &app,
        json!({"campaign_id": campaign, "email": "stranger@visitor.example", "referral_code": "bm90LWEtY29kZQ"}),
    )
    .await;
    expect_status(stranger, 201).await;
    let listed = expect_status(
        app.get("/api/v1", &format!("/participants?campaign_id={campaign}"), &member.bearer()).await,
        200,
    )
    .await;
    let by_email = |email: &str| {
        listed["data"]["participants"].as_array().unwrap().iter().find(|p| p["email"] == json!(email)).unwrap().clone()
    };
    let ada_id = by_email("Ada@Visitor.example")["id"].clone();
    assert_eq!(by_email("friend@visitor.example")["referred_by"], ada_id);
    assert_eq!(by_email("stranger@visitor.example")["referred_by"], json!(null));
    assert_ne!(friend["data"]["participant"]["referral_code"], json!(code));
    let ada = expect_status(app.get("/api/v1", &format!("/participants/{ada_id}"), &member.bearer()).await, 200).await;
    assert_eq!(ada["data"]["referrals"], json!(1));

    // Bad input is a 4xx envelope.
    let unknown = widget_signup(&app, json!({"campaign_id": 999_999, "email": "x@visitor.example"})).await;
    expect_error(unknown, 404, "not_found").await;
    let bad_email = widget_signup(&app, json!({"campaign_id": campaign, "email": "not an email"})).await;
    expect_error(bad_email, 400, "validation_failed").await;
    let no_campaign = widget_signup(&app, json!({"email": "x@visitor.example"})).await;
    expect_error(no_campaign, 400, "validation_failed").await;
}

#[tokio::test]
async fn any_origin_may_call_it_and_one_address_is_held_to_its_limit() {
    let app = TestApp::spawn_with(Options {
        config: Some("[rate_limits]\npublic_per_minute = 1\npublic_burst = 3\n".into()),
        ..Default::default()
    })
    .await;
    let preflight = app
        .client
        .request(reqwest::Method::OPTIONS, format!("{}/api/widget/signup", app.address))
        .header("Origin", "https://anywhere.example.net")
        .header("Access-Control-Request-Method", "POST")
        .header("Access-Control-Request-Headers", "content-type")
        .send()
        .await
        .unwrap();
    assert_eq!(preflight.status().as_u16(), 200);
    assert_eq!(preflight.headers()["access-control-allow-origin"], "https://anywhere.example.net");
    assert!(preflight.headers()["access-control-allow-methods"].to_str().unwrap().contains("POST"));

    let member = app.member("limited").await;
    let brand = app.brand(&member, "https://limited.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    for i in 0..3 {
        let answer =
            widget_signup(&app, json!({"campaign_id": campaign, "email": format!("v{i}@limited.example")})).await;
        assert_eq!(answer.status().as_u16(), 201, "within the burst");
    }
    let refused = widget_signup(&app, json!({"campaign_id": campaign, "email": "v3@limited.example"})).await;
    assert_eq!(refused.status().as_u16(), 429);
    let retry_after: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    assert_eq!(refused.headers()["access-control-allow-origin"], "https://shop.example.org", "the page can read it");
    let body: Value = refused.json().await.unwrap();
    assert_eq!((&body["success"], &body["code"]), (&json!(false), &json!("rate_limited")));
    // The authenticated API is not under this limit.
    expect_status(app.get("/api/v1", "/participants", &member.bearer()).await, 200).await;
}

/// A friend who joins a two-way campaign through the widget sees their own reward in the
/// answer; the same email again gets none back (it could be someone else's coupon).
#[tokio::test]
async fn a_friend_joining_a_two_way_campaign_gets_their_reward_in_the_answer() {
    let app = TestApp::spawn().await;
    let member = app.member("widget-reward").await;
    let brand = app.brand(&member, "https://widget-reward.example.com").await;
    let coupons =
        app.campaign(&member, brand, json!({"reward_type": 1, "reward_invited": true})).await["id"].as_u64().unwrap();
    // The referrer's reward takes the first code, the friend's the second.
    app.upload_coupons(&member, coupons, &["FIRST-1".to_owned(), "FRIEND-2".to_owned()]).await;
    let referrer = app.participant(&member, coupons, "ann@widget-reward.example").await;
    let code = referrer["referral_code"].as_str().unwrap();

    let friend = json!({"campaign_id": coupons, "email": "bob@widget-reward.example", "referral_code": code});
    let joined = expect_status(widget_signup(&app, friend.clone()).await, 201).await;
    let mut shown = joined["data"]["reward"].clone();
    let claim = shown.as_object_mut().unwrap().remove("claim").expect("a claim to read it again");
    assert_eq!(shown, json!({"type": "coupon", "value": "FRIEND-2", "status": "issued"}));
    assert_eq!(read_claim(&app, claim.as_str().unwrap()).await["value"], json!("FRIEND-2"));
    let again = expect_status(widget_signup(&app, friend).await, 201).await;
    assert_eq!(again["data"]["reward"], json!(null), "a known email gets no reward back");
    assert_eq!(again["data"]["participant"], joined["data"]["participant"]);

    // The pool is empty now: the next friend's coupon waits, and the answer says so.
    let next = json!({"campaign_id": coupons, "email": "cy@widget-reward.example", "ref": code});
    let waiting = expect_status(widget_signup(&app, next).await, 201).await;
    let claim = waiting["data"]["reward"]["claim"].as_str().unwrap().to_owned();
    assert_eq!(
        waiting["data"]["reward"],
        json!({"type": "coupon", "value": null, "status": "pending", "claim": claim})
    );
    // Its claim reads it again: still waiting, then filled once a code is uploaded.
    assert_eq!(read_claim(&app, &claim).await["status"], json!("pending"));
    app.upload_coupons(&member, coupons, &["LATER-3".to_owned(), "LATER-4".to_owned()]).await;
    let filled = read_claim(&app, &claim).await;
    assert_eq!(filled["status"], json!("issued"), "{filled}");
    assert!(filled["value"].as_str().unwrap().starts_with("LATER-"), "a code of the upload: {filled}");
    // Nothing but a claim the server made reads a reward: not a referral code, not a forgery.
    // `{participant}-{reward}-{mac}`; the MAC's alphabet has `-` in it too.
    let mut parts = claim.splitn(3, '-');
    let (participant, reward, tag) = (parts.next().unwrap(), parts.next().unwrap(), parts.next().unwrap());
    let who = format!("{participant}-{reward}");
    let next_reward = reward.parse::<u64>().unwrap() + 1;
    for forged in [
        format!("{participant}-{next_reward}-{tag}"),
        format!("{who}-{}", tag.to_lowercase()),
        code.to_owned(),
        String::new(),
    ] {
        let url = format!("{}/api/widget/reward?claim={}", app.address, url_escape(&forged));
        let refused = app.client.get(url).send().await.unwrap();
        assert_eq!(refused.status().as_u16(), 404, "{forged}");
    }
    // Without a referral there is nothing to show.
    let alone = json!({"campaign_id": coupons, "email": "dan@widget-reward.example"});
    assert_eq!(expect_status(widget_signup(&app, alone).await, 201).await["data"]["reward"], json!(null));
}

/// `GET /api/widget/reward` with this claim: the reward as the widget shows it now.
async fn read_claim(app: &TestApp, claim: &str) -> Value {
    let url = format!("{}/api/widget/reward?claim={}", app.address, url_escape(claim));
    expect_status(app.client.get(url).send().await.unwrap(), 200).await["data"].clone()
}

fn url_escape(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}
