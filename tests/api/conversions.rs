//! Conversions over HTTP: a `conversion` goal rewards only once the friend converts, a repeated
//! `external_id` changes nothing, a refund voids what is not fulfilled (a coupon never returns
//! to circulation), and `conversion.created` reaches a subscribed webhook once.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::receiver::Receiver;
use crate::webhooks::{fast_app, log_until, webhook, WAIT};

async fn convert(app: &TestApp, member: &TestMember, body: Value) -> reqwest::Response {
    app.post_json("/api/v1", "/conversions", &member.bearer(), &body).await
}

#[tokio::test]
async fn a_conversion_goal_rewards_the_referrer_once_the_friend_converts() {
    let app = TestApp::spawn().await;
    let member = app.member("convert").await;
    let brand = app.brand(&member, "https://convert.example.com").await;
    let fields = json!({"goal_type": "conversion", "reward_type": 5, "reward_value": "10"});
    let campaign = app.campaign(&member, brand, fields).await;
    assert_eq!(campaign["goal_type"], json!("conversion"));
    let campaign = campaign["id"].as_u64().unwrap();
    let ada = app.participant(&member, campaign, "ada@convert.example").await;
    let signed =
        expect_status(app.refer(&member, ada["referral_code"].as_str().unwrap(), "bob@convert.example").await, 201)
            .await;
    assert_eq!(signed["data"]["referrer_reward"], Value::Null, "a signup alone earns nothing");

    // In euros on a campaign that pays dollars, with no rate to convert them: refused, naming
    // both currencies, and nothing recorded. Once the member gives a rate, euros are taken.
    let euros = json!({"campaign_id": campaign, "email": "BOB@convert.example", "external_id": "order-1", "amount": "49.9", "currency": "eur"});
    let refused = expect_status(convert(&app, &member, euros.clone()).await, 400).await;
    assert_eq!(refused["code"], "currency_mismatch", "{refused}");
    assert!(refused["error"].as_str().unwrap().contains("is in EUR and the campaign pays in USD"), "{refused}");
    let rate = json!({"rates": [{"from": "EUR", "to": "USD", "date": "2026-12-01", "rate": "1.0870"}]});
    expect_status(app.put_json("/api/v1", "/exchange-rates", &member.bearer(), &rate).await, 200).await;
    let body = euros;
    let first = expect_status(convert(&app, &member, body.clone()).await, 201).await["data"].clone();
    let conversion = &first["conversion"];
    assert_eq!((conversion["amount"].as_str(), conversion["currency"].as_str()), (Some("49.90"), Some("EUR")));
    assert_eq!(conversion["status"], json!("recorded"));
    assert_eq!(first["rewards"].as_array().unwrap().len(), 1);
    assert_eq!(first["rewards"][0]["participant_id"], ada["id"]);
    assert_eq!(first["rewards"][0]["value"], json!("10.00"));
    assert_eq!(conversion["reward_ids"], json!([first["rewards"][0]["id"]]));

    // The same order again: the first result, nothing new.
    let again = expect_status(convert(&app, &member, body).await, 200).await["data"].clone();
    assert_eq!(again["conversion"]["id"], conversion["id"]);
    assert_eq!(again["rewards"], first["rewards"]);
    let second = json!({"campaign_id": campaign, "participant_id": signed["data"]["participant"]["id"], "external_id": "order-2"});
    let second = expect_status(convert(&app, &member, second).await, 201).await;
    assert_eq!(second["data"]["rewards"], json!([]), "only the friend's first conversion counts");

    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!((stats["conversions"].clone(), stats["rewards"]["issued"].clone()), (json!(2), json!(1)));
    let listed =
        expect_status(app.get("/api/v1", &format!("/conversions?campaign_id={campaign}"), &member.bearer()).await, 200)
            .await;
    let external: Vec<&str> =
        listed["data"]["conversions"].as_array().unwrap().iter().map(|c| c["external_id"].as_str().unwrap()).collect();
    assert_eq!(external, ["order-2", "order-1"], "newest first");
    let id = conversion["id"].as_u64().unwrap();
    let one = expect_status(app.get("/api/v1", &format!("/conversions/{id}"), &member.bearer()).await, 200).await;
    assert_eq!(one["data"]["conversion"]["external_id"], json!("order-1"));
    let detail =
        expect_status(app.get("/api/v1", &format!("/participants/{}", ada["id"]), &member.bearer()).await, 200).await;
    assert_eq!(detail["data"]["next_reward_in"], json!(1), "counted in converted referrals");

    // Bad input, and what is not the member's.
    for (bad, code, status) in [
        (json!({"campaign_id": campaign, "email": "bob@convert.example"}), "validation_failed", 400),
        (json!({"campaign_id": campaign, "external_id": "x"}), "validation_failed", 400),
        (
            json!({"campaign_id": campaign, "email": "bob@convert.example", "participant_id": 1, "external_id": "x"}),
            "validation_failed",
            400,
        ),
        (
            json!({"campaign_id": campaign, "email": "bob@convert.example", "external_id": "x", "currency": "EURO"}),
            "validation_failed",
            400,
        ),
        (
            json!({"campaign_id": campaign, "email": "bob@convert.example", "external_id": "x", "amount": "-3"}),
            "validation_failed",
            400,
        ),
        (json!({"campaign_id": campaign, "email": "nobody@convert.example", "external_id": "x"}), "not_found", 404),
    ] {
        expect_error(convert(&app, &member, bad).await, status, code).await;
    }
    let stranger = app.member("convert-stranger").await;
    expect_error(app.get("/api/v1", &format!("/conversions/{id}"), &stranger.bearer()).await, 404, "not_found").await;
    let path = format!("/conversions/{id}/refund");
    expect_error(app.post_json("/api/v1", &path, &stranger.bearer(), &json!({})).await, 404, "not_found").await;
}

#[tokio::test]
async fn a_refund_voids_what_is_not_fulfilled_and_the_coupon_never_returns() {
    let app = TestApp::spawn().await;
    let member = app.member("refund").await;
    let brand = app.brand(&member, "https://refund.example.com").await;
    let fields = json!({"goal_type": "conversion", "reward_type": 1, "reward_invited": true});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    app.upload_coupons(&member, campaign, &["R-1".to_owned(), "R-2".to_owned(), "R-3".to_owned()]).await;
    let ada = app.participant(&member, campaign, "ada@refund.example").await;
    expect_status(app.refer(&member, ada["referral_code"].as_str().unwrap(), "bob@refund.example").await, 201).await;
    let body = json!({"campaign_id": campaign, "email": "bob@refund.example", "external_id": "in_1"});
    let converted = expect_status(convert(&app, &member, body).await, 201).await["data"].clone();
    let rewards = converted["rewards"].as_array().unwrap();
    let (referrer_reward, friend_reward) = (rewards[0]["id"].as_u64().unwrap(), rewards[1]["id"].as_u64().unwrap());
    assert_eq!((rewards[0]["value"].as_str(), rewards[1]["value"].as_str()), (Some("R-1"), Some("R-2")));
    let path = format!("/rewards/{friend_reward}/fulfil");
    expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await, 200).await;

    let id = converted["conversion"]["id"].as_u64().unwrap();
    let path = format!("/conversions/{id}/refund");
    let refund =
        expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await, 200).await["data"].clone();
    assert_eq!(refund["conversion"]["status"], json!("refunded"));
    assert!(refund["conversion"]["refunded_at"].is_string());
    assert_eq!(refund["voided"][0]["id"], json!(referrer_reward));
    assert_eq!(refund["voided"][0]["void_reason"], json!("conversion refunded"));
    assert_eq!(refund["fulfilled"][0]["id"], json!(friend_reward), "reported, not voided");
    let pool =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/coupons"), &member.bearer()).await, 200).await;
    assert_eq!(
        (pool["data"]["used"].clone(), pool["data"]["available"].clone()),
        (json!(2), json!(1)),
        "R-1 stays burnt"
    );

    let again =
        expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await, 200).await["data"].clone();
    assert_eq!(
        (again["voided"].clone(), again["conversion"]["refunded_at"].clone()),
        (json!([]), refund["conversion"]["refunded_at"].clone())
    );
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!(
        (stats["refunds"].clone(), stats["rewards"]["voided"].clone(), stats["rewards"]["fulfilled"].clone()),
        (json!(1), json!(1), json!(1))
    );
}

#[tokio::test]
async fn a_conversion_is_announced_once_to_the_webhooks_that_subscribed() {
    let app = fast_app().await;
    let receiver = Receiver::start().await;
    let member = app.member("convert-events").await;
    let brand = app.brand(&member, "https://convert-events.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "3"})).await["id"].as_u64().unwrap();
    let (webhook_id, _) = webhook(&app, &member, &receiver.url(), None).await;
    let only = json!({"events": ["conversion.created"]});
    expect_status(app.put_json("/api/v1", &format!("/webhooks/{webhook_id}"), &member.bearer(), &only).await, 200)
        .await;
    let ada = app.participant(&member, campaign, "ada@convert-events.example").await;
    let body = json!({"campaign_id": campaign, "participant_id": ada["id"], "external_id": "ch_1", "amount": 12});
    expect_status(convert(&app, &member, body.clone()).await, 201).await;
    expect_status(convert(&app, &member, body).await, 200).await;
    let got = receiver.wait_for(1, WAIT).await;
    let event = got[0].json();
    assert_eq!(event["type"], json!("conversion.created"));
    assert_eq!(event["data"]["conversion"]["external_id"], json!("ch_1"));
    assert_eq!(event["data"]["conversion"]["amount"], json!("12.00"));
    assert_eq!(event["data"]["participant"]["id"], ada["id"]);
    let log = log_until(&app, &member, webhook_id, |log| !log.is_empty()).await;
    assert_eq!(log.len(), 1, "the repeated report announced nothing");
    assert_eq!(receiver.received().len(), 1);
}

#[tokio::test]
async fn fifty_concurrent_reports_of_one_order_record_one_conversion_and_one_reward() {
    let app = TestApp::spawn().await;
    let member = app.member("convert-race").await;
    let brand = app.brand(&member, "https://convert-race.example.com").await;
    let fields = json!({"goal_type": "conversion", "reward_type": 1});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let codes: Vec<String> = (0..10).map(|i| format!("RACE-{i}")).collect();
    app.upload_coupons(&member, campaign, &codes).await;
    let ada = app.participant(&member, campaign, "ada@convert-race.example").await;
    expect_status(app.refer(&member, ada["referral_code"].as_str().unwrap(), "bob@convert-race.example").await, 201)
        .await;
    let body = json!({"campaign_id": campaign, "email": "bob@convert-race.example", "external_id": "order-7"});
    let mut tasks = Vec::new();
    for _ in 0..50 {
        let request = app.client.post(app.url("/api/v1", "/conversions")).bearer_auth(&member.token).json(&body);
        tasks.push(tokio::spawn(async move {
            let response = request.send().await.unwrap();
            (response.status().as_u16(), response.json::<Value>().await.unwrap())
        }));
    }
    let mut created = 0;
    let mut ids = std::collections::HashSet::new();
    for task in tasks {
        let (status, answer) = task.await.unwrap();
        assert!(status == 201 || status == 200, "{status}: {answer}");
        created += usize::from(status == 201);
        ids.insert(answer["data"]["conversion"]["id"].as_u64().unwrap());
        assert_eq!(answer["data"]["rewards"][0]["value"], json!("RACE-0"), "{answer}");
    }
    assert_eq!((created, ids.len()), (1, 1), "one conversion, every answer about it");
    let pool =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/coupons"), &member.bearer()).await, 200).await;
    assert_eq!(pool["data"]["used"], json!(1), "one coupon taken");
    let stats = app.campaign_stats(&member, campaign).await;
    assert_eq!((stats["conversions"].clone(), stats["rewards_issued"].clone()), (json!(1), json!(1)));
}
