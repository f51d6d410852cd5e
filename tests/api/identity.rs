//! One person, one participant (issue 17): a campaign takes each inbox once, whatever spelling
//! of the address comes (case, `+tag`, Gmail's dots, googlemail.com), refuses a referrer's
//! own inbox as their referral, and finds a participant by any spelling of their address; the
//! member may turn it off per campaign. Disposable-mail addresses are refused or have their
//! rewards held for review.

use serde_json::{json, Value};

use crate::helpers::*;

async fn sign_up(app: &TestApp, member: &TestMember, campaign: u64, email: &str) -> reqwest::Response {
    app.post_json("/api/v1", "/signups", &member.bearer(), &json!({"campaign_id": campaign, "email": email})).await
}

#[tokio::test]
async fn each_inbox_is_one_participant_whatever_its_spelling() {
    let app = TestApp::spawn().await;
    let member = app.member("inbox-one").await;
    let brand = app.brand(&member, "https://inbox-one.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "10"})).await;
    assert_eq!(campaign["fraud"]["canonical_emails"], json!(true), "on by default");
    let campaign = campaign["id"].as_u64().unwrap();

    let ann = expect_status(sign_up(&app, &member, campaign, "ann.lee+1@gmail.com").await, 201).await;
    let ann = ann["data"]["participant"].clone();
    assert_eq!(ann["email"], json!("ann.lee+1@gmail.com"), "kept as given");
    for again in ["annlee@gmail.com", "Ann.Lee@GoogleMail.com"] {
        expect_error(sign_up(&app, &member, campaign, again).await, 409, "participant_exists").await;
    }
    expect_status(sign_up(&app, &member, campaign, "bob@inbox-one.example").await, 201).await;
    expect_error(sign_up(&app, &member, campaign, "Bob+shop@inbox-one.example").await, 409, "participant_exists").await;
    expect_status(sign_up(&app, &member, campaign, "b.o.b@inbox-one.example").await, 201).await;

    // The referrer's own inbox is no referral, and earns nothing.
    let code = ann["referral_code"].as_str().unwrap();
    let own = app.refer(&member, code, "a.n.n.l.e.e+friend@googlemail.com").await;
    expect_error(own, 400, "self_referral").await;
    let ann_now =
        expect_status(app.get("/api/v1", &format!("/participants/{}", ann["id"]), &member.bearer()).await, 200).await;
    assert_eq!(ann_now["data"]["referrals"], json!(0));
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(stats["participants"], json!(3), "{stats}");
}

#[tokio::test]
async fn a_conversion_finds_its_participant_by_any_spelling_of_the_address() {
    let app = TestApp::spawn().await;
    let member = app.member("inbox-convert").await;
    let brand = app.brand(&member, "https://inbox-convert.example.com").await;
    let fields = json!({"goal_type": "conversion", "reward_type": 5, "reward_value": "10"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let ada = app.participant(&member, campaign, "ada@inbox-convert.example").await;
    let code = ada["referral_code"].as_str().unwrap();
    let bob = expect_status(app.refer(&member, code, "bob.smith@gmail.com").await, 201).await;
    let body = json!({"campaign_id": campaign, "email": "BobSmith+orders@googlemail.com", "external_id": "order-1"});
    let converted = app.post_json("/api/v1", "/conversions", &member.bearer(), &body).await;
    let converted = expect_status(converted, 201).await["data"].clone();
    assert_eq!(converted["conversion"]["participant_id"], bob["data"]["participant"]["id"]);
    assert_eq!(converted["rewards"][0]["participant_id"], ada["id"], "the referrer is rewarded");
}

#[tokio::test]
async fn a_campaign_may_compare_addresses_instead_and_says_so() {
    let app = TestApp::spawn().await;
    let member = app.member("inbox-off").await;
    let brand = app.brand(&member, "https://inbox-off.example.com").await;
    let fields = json!({"reward_type": 5, "reward_value": "10", "fraud": {"canonical_emails": false}});
    let campaign = app.campaign(&member, brand, fields).await;
    assert_eq!(campaign["fraud"]["canonical_emails"], json!(false));
    let campaign = campaign["id"].as_u64().unwrap();
    expect_status(sign_up(&app, &member, campaign, "annlee@gmail.com").await, 201).await;
    expect_status(sign_up(&app, &member, campaign, "ann.lee@gmail.com").await, 201).await;
    expect_error(sign_up(&app, &member, campaign, "ANNLEE@gmail.com").await, 409, "participant_exists").await;

    let path = format!("/campaigns/{campaign}");
    for (bad, code, says) in [
        (
            json!({"fraud": {"canonical_emails": "yes"}}),
            "validation_failed",
            "fraud.canonical_emails must be true or false",
        ),
        (json!({"fraud": {"velocity": 3}}), "invalid_body", "unknown field `velocity`"),
        (json!({"fraud": {"disposable_emails": "block"}}), "validation_failed", "'refuse', 'hold' or 'allow'"),
        (json!({"fraud": [true]}), "invalid_body", "expected a map"),
    ] {
        let message = expect_error(app.put_json("/api/v1", &path, &member.bearer(), &bad).await, 400, code).await;
        assert!(message.contains(says), "{bad}: {message}");
    }
    let on = app.put_json("/api/v1", &path, &member.bearer(), &json!({"fraud": {"canonical_emails": true}})).await;
    assert_eq!(expect_status(on, 200).await["data"]["fraud"]["canonical_emails"], json!(true));
    // From now on a new spelling finds the older of the two participants of that inbox.
    expect_error(sign_up(&app, &member, campaign, "a.n.n.lee+3@gmail.com").await, 409, "participant_exists").await;
    let listed: Value = expect_status(
        app.get("/api/v1", &format!("/participants?campaign_id={campaign}"), &member.bearer()).await,
        200,
    )
    .await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(2), "nothing was merged: {listed}");
}

#[tokio::test]
async fn twenty_spellings_of_one_inbox_at_once_make_one_participant() {
    let app = TestApp::spawn().await;
    let member = app.member("inbox-race").await;
    let brand = app.brand(&member, "https://inbox-race.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "10"})).await;
    let campaign = campaign["id"].as_u64().unwrap();
    let spellings: Vec<String> = (0..20)
        .map(|i| match i % 4 {
            0 => format!("race.r+{i}@gmail.com"),
            1 => format!("R.a.c.e.R+{i}@googlemail.com"),
            2 => "racer@gmail.com".to_owned(),
            _ => format!("RACER+{i}@GMAIL.COM"),
        })
        .collect();
    let answers =
        futures_util::future::join_all(spellings.iter().map(|email| sign_up(&app, &member, campaign, email))).await;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|&&s| s == 201).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|&&s| s == 409).count(), 19, "{statuses:?}");
    assert_eq!(app.campaign_stats(&member, campaign).await["participants"], json!(1));
}

#[tokio::test]
async fn an_acknowledged_inbox_is_still_taken_after_a_crash() {
    let mut app = TestApp::spawn().await;
    let member = app.member("inbox-crash").await;
    let brand = app.brand(&member, "https://inbox-crash.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "10"})).await;
    let campaign = campaign["id"].as_u64().unwrap();
    expect_status(sign_up(&app, &member, campaign, "crash.test@gmail.com").await, 201).await;
    app.kill();
    app.restart().await;
    expect_error(sign_up(&app, &member, campaign, "crashtest+2@googlemail.com").await, 409, "participant_exists").await;
    expect_status(sign_up(&app, &member, campaign, "crash.test2@gmail.com").await, 201).await;
}

#[tokio::test]
async fn a_disposable_address_is_refused_or_its_rewards_wait_for_review_and_one_approval_issues_once() {
    let app = TestApp::spawn().await;
    let member = app.member("disposable").await;
    let brand = app.brand(&member, "https://disposable.example.com").await;
    let refusing = json!({"reward_type": 5, "reward_value": "10", "fraud": {"disposable_emails": "refuse"}});
    let refusing = app.campaign(&member, brand, refusing).await;
    assert_eq!(refusing["fraud"]["disposable_emails"], json!("refuse"));
    let refused = sign_up(&app, &member, refusing["id"].as_u64().unwrap(), "bot@Mailinator.com").await;
    let message = expect_error(refused, 400, "disposable_email").await;
    assert!(message.contains("disposable"), "{message}");

    let holding = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "10"})).await;
    assert_eq!(holding["fraud"]["disposable_emails"], json!("hold"), "the default");
    let holding = holding["id"].as_u64().unwrap();
    let ann = app.participant(&member, holding, "ann@disposable.example").await;
    let code = ann["referral_code"].as_str().unwrap();
    let signed = expect_status(app.refer(&member, code, "bot@guerrillamailblock.com").await, 201).await;
    let held = signed["data"]["referrer_reward"].clone();
    assert_eq!((&held["status"], &held["hold_reasons"]), (&json!("held"), &json!(["disposable_email"])), "{held}");
    let queue = expect_status(app.get("/api/v1", "/rewards?status=held", &member.bearer()).await, 200).await;
    assert_eq!(queue["data"]["rewards"][0]["id"], held["id"], "the review queue: {queue}");

    // Ten approvals at once: one issues it, the others find it issued.
    let path = format!("/rewards/{}/approve", held["id"]);
    let (cred, empty) = (member.bearer(), json!({}));
    let approvals = (0..10).map(|_| app.post_json("/api/v1", &path, &cred, &empty));
    let statuses: Vec<u16> =
        futures_util::future::join_all(approvals).await.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|&&s| s == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|&&s| s == 409).count(), 9, "{statuses:?}");
    let stats = app.campaign_stats(&member, holding).await;
    assert_eq!((&stats["rewards_issued"], &stats["rewards"]["held"]), (&json!(1), &json!(0)), "{stats}");
}
