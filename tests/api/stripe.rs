//! Stripe over HTTP, with events signed here exactly as Stripe signs them (HMAC-SHA256 over
//! `t.body`, sent as `Stripe-Signature: t=…,v1=…`): a paid checkout records a conversion
//! and rewards the referrer, a redelivery (one at a time or fifty at once) changes nothing, a
//! stale timestamp, a wrong secret, a tampered body or a missing header is refused with 400
//! and changes nothing, a partial refund takes nothing back, a full refund voids the reward
//! through the payment intent the conversion recorded, and the secret is never shown.

use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::helpers::*;

pub(crate) const SECRET: &str = "whsec_test0123456789abcdefghijklmnop";

pub(crate) fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

/// The `Stripe-Signature` header Stripe would send for `body` signed at `t` with `secret`.
pub(crate) fn signature(secret: &str, t: i64, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{t}.{body}").as_bytes());
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

/// Posts `body` to the brand's Stripe endpoint with `header` as its signature (none: `None`).
pub(crate) async fn deliver(app: &TestApp, brand: u64, body: &str, header: Option<String>) -> reqwest::Response {
    let mut request = app.client.post(app.url("", &format!("/hooks/stripe/{brand}"))).body(body.to_owned());
    request = request.header("Content-Type", "application/json");
    if let Some(header) = header {
        request = request.header("Stripe-Signature", header);
    }
    request.send().await.expect("request sent")
}

/// Delivers `body` signed now with the brand's secret; the answer's `data`.
pub(crate) async fn delivered(app: &TestApp, brand: u64, body: &str) -> Value {
    expect_status(deliver(app, brand, body, Some(signature(SECRET, unix_now(), body))).await, 200).await["data"].clone()
}

/// When the checkouts below were paid, as Stripe's events say (`created`): three days ago.
fn paid_at() -> i64 {
    unix_now() - 3 * 86_400
}

fn checkout(id: &str, email: &str, payment_intent: &str) -> String {
    json!({
        "id": format!("evt_{id}"), "object": "event", "type": "checkout.session.completed", "created": paid_at(),
        "data": {"object": {"id": id, "object": "checkout.session", "customer_details": {"email": email},
            "amount_total": 4990, "currency": "eur", "payment_intent": payment_intent, "invoice": null}}
    })
    .to_string()
}

fn charge_refunded(payment_intent: &str, fully: bool) -> String {
    json!({
        "id": "evt_refund", "object": "event", "type": "charge.refunded",
        "data": {"object": {"id": "ch_1", "object": "charge", "payment_intent": payment_intent, "refunded": fully}}
    })
    .to_string()
}

/// A member with a brand connected to Stripe, a conversion campaign paying 10.00 cash and a
/// signup campaign on the same brand; Ada refers Bob in the conversion campaign.
struct Shop {
    member: TestMember,
    brand: u64,
    campaign: u64,
    ada: Value,
}

async fn shop(app: &TestApp, tag: &str) -> Shop {
    let member = app.member(tag).await;
    let brand = app.brand(&member, &format!("https://{tag}.example.com")).await;
    let fields = json!({"goal_type": "conversion", "reward_type": 5, "reward_value": "10"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let ada = app.participant(&member, campaign, &format!("ada@{tag}.example")).await;
    expect_status(app.refer(&member, ada["referral_code"].as_str().unwrap(), &format!("bob@{tag}.example")).await, 201)
        .await;
    let path = format!("/brands/{brand}/stripe");
    expect_status(app.put_json("/api/v1", &path, &member.bearer(), &json!({"signing_secret": SECRET})).await, 200)
        .await;
    Shop { member, brand, campaign, ada }
}

async fn ada_rewards(app: &TestApp, shop: &Shop) -> Vec<Value> {
    let path = format!("/rewards?participant_id={}", shop.ada["id"]);
    let listed = expect_status(app.get("/api/v1", &path, &shop.member.bearer()).await, 200).await;
    listed["data"]["rewards"].as_array().unwrap().clone()
}

#[tokio::test]
async fn the_signing_secret_is_stored_once_and_never_shown() {
    let app = TestApp::spawn().await;
    let member = app.member("stripe-setup").await;
    let brand = app.brand(&member, "https://stripe-setup.example.com").await;
    let path = format!("/brands/{brand}/stripe");
    let before = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await["data"].clone();
    assert_eq!(before["connected"], json!(false));
    assert_eq!(before["endpoint_url"], json!(format!("{}/hooks/stripe/{brand}", app.address)));
    assert_eq!(before["events"], json!(["checkout.session.completed", "invoice.paid", "charge.refunded"]));

    for bad in
        [json!({}), json!({"signing_secret": "sk_live_abcdefghijklmnopqrstuvwxyz"}), json!({"signing_secret": 7})]
    {
        let response = app.put_json("/api/v1", &path, &member.bearer(), &bad).await;
        let status = response.status().as_u16();
        let text = response.text().await.unwrap();
        assert_eq!(status, 400, "{bad}: {text}");
        assert!(!text.contains("sk_live_abc"), "the refusal repeats no secret: {text}");
    }
    let put = app.put_json("/api/v1", &path, &member.bearer(), &json!({"signing_secret": SECRET})).await;
    let text = put.text().await.unwrap();
    assert!(!text.contains("test0123456789"), "shown never again: {text}");
    let stored: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(stored["data"]["connected"], json!(true));
    let read = app.get("/api/v1", &path, &member.bearer()).await.text().await.unwrap();
    assert!(read.contains("\"connected\":true") && !read.contains("test0123456789"), "{read}");
    assert!(!app.log().contains("test0123456789"), "never logged");

    let other = app.member("stripe-other").await;
    expect_error(app.get("/api/v1", &path, &other.bearer()).await, 404, "not_found").await;
    let body = json!({"signing_secret": SECRET});
    expect_error(app.put_json("/api/v1", &path, &other.bearer(), &body).await, 404, "not_found").await;
    expect_error(app.delete("/api/v1", &path, &other.bearer()).await, 404, "not_found").await;

    let removed = expect_status(app.delete("/api/v1", &path, &member.bearer()).await, 200).await;
    assert_eq!(removed["data"]["connected"], json!(false));
    let event = checkout("cs_after", "anyone@example.com", "pi_after");
    let refused = deliver(&app, brand, &event, Some(signature(SECRET, unix_now(), &event))).await;
    expect_error(refused, 400, "invalid_signature").await;
}

#[tokio::test]
async fn a_paid_checkout_rewards_the_referrer_once_and_a_full_refund_takes_it_back() {
    let mut app = TestApp::spawn().await;
    let shop = shop(&app, "stripe-paid").await;
    let signup_goal = app.campaign(&shop.member, shop.brand, json!({"reward_type": 5, "reward_value": "3"})).await;
    let signup_goal = signup_goal["id"].as_u64().unwrap();
    app.participant(&shop.member, signup_goal, "bob@stripe-paid.example").await;

    let event = checkout("cs_1", "BOB@stripe-paid.example", "pi_1");
    let first = delivered(&app, shop.brand, &event).await;
    assert_eq!(first["outcome"], json!("recorded"));
    let ids = first["conversion_ids"].as_array().unwrap().clone();
    assert_eq!(ids.len(), 1, "only the conversion campaign records it: {first}");
    let path = format!("/conversions/{}", ids[0]);
    let read = expect_status(app.get("/api/v1", &path, &shop.member.bearer()).await, 200).await["data"].clone();
    let conversion = &read["conversion"];
    assert_eq!(conversion["campaign_id"], json!(shop.campaign));
    assert_eq!(conversion["external_id"], json!("cs_1"));
    assert_eq!((conversion["amount"].clone(), conversion["currency"].clone()), (json!("49.90"), json!("EUR")));
    assert_eq!(conversion["payment_references"], json!(["pi_1"]));
    let rewards = ada_rewards(&app, &shop).await;
    assert_eq!(rewards.len(), 1);
    assert_eq!((rewards[0]["status"].clone(), rewards[0]["value"].clone()), (json!("issued"), json!("10.00")));

    // Stripe redelivers (a new timestamp, the same event), and the server restarts between.
    app.restart().await;
    let again = delivered(&app, shop.brand, &event).await;
    assert_eq!((again["outcome"].clone(), again["conversion_ids"].clone()), (json!("recorded"), json!(ids)));
    // The subscription's invoice names the same payment intent: the same conversion.
    let invoice =
        json!({"type": "invoice.paid", "data": {"object": {"id": "in_1", "customer_email": "bob@stripe-paid.example",
        "amount_paid": 4990, "currency": "eur", "payment_intent": "pi_1"}}})
        .to_string();
    assert_eq!(delivered(&app, shop.brand, &invoice).await["conversion_ids"], json!(ids));
    let stats = app.campaign_stats(&shop.member, shop.campaign).await;
    assert_eq!((stats["conversions"].clone(), stats["rewards"]["issued"].clone()), (json!(1), json!(1)));

    let stranger = checkout("cs_2", "nobody@stripe-paid.example", "pi_2");
    assert_eq!(delivered(&app, shop.brand, &stranger).await["outcome"], json!("no_participant"));
    let no_email = json!({"type": "checkout.session.completed", "data": {"object": {"id": "cs_3"}}}).to_string();
    assert_eq!(delivered(&app, shop.brand, &no_email).await["outcome"], json!("no_customer_email"));
    let other_kind = json!({"type": "customer.created", "data": {"object": {"id": "cus_1"}}}).to_string();
    assert_eq!(delivered(&app, shop.brand, &other_kind).await["outcome"], json!("ignored"));

    let partial = delivered(&app, shop.brand, &charge_refunded("pi_1", false)).await;
    assert_eq!(partial["outcome"], json!("partial_refund"));
    assert_eq!(ada_rewards(&app, &shop).await[0]["status"], json!("issued"), "a partial refund takes nothing back");
    let refunded = delivered(&app, shop.brand, &charge_refunded("pi_1", true)).await;
    assert_eq!((refunded["outcome"].clone(), refunded["conversion_ids"].clone()), (json!("refunded"), json!(ids)));
    let rewards = ada_rewards(&app, &shop).await;
    assert_eq!(
        (rewards[0]["status"].clone(), rewards[0]["void_reason"].clone()),
        (json!("voided"), json!("conversion refunded"))
    );
    let redelivered = delivered(&app, shop.brand, &charge_refunded("pi_1", true)).await;
    assert_eq!(redelivered["conversion_ids"], json!(ids));
    let unknown = delivered(&app, shop.brand, &charge_refunded("pi_unknown", true)).await;
    assert_eq!(unknown["outcome"], json!("no_conversion"));
    let stats = app.campaign_stats(&shop.member, shop.campaign).await;
    assert_eq!((stats["refunds"].clone(), stats["rewards"]["voided"].clone()), (json!(1), json!(1)));
    let read = expect_status(app.get("/api/v1", &path, &shop.member.bearer()).await, 200).await["data"].clone();
    assert_eq!(read["conversion"]["status"], json!("refunded"));

    // The analytics count the sale on the day Stripe says it was paid, once, and its refund
    // today; in euros, it has no rate to the campaign's dollars: counted, its money apart.
    let path = format!(
        "/campaigns/{}/analytics?from={}&tz=UTC",
        shop.campaign,
        chrono::Utc::now().date_naive() - chrono::Duration::days(6)
    );
    let answer = expect_status(app.get("/api/v1", &path, &shop.member.bearer()).await, 200).await["data"].clone();
    let day = |back: i64| (chrono::Utc::now() - chrono::Duration::days(back)).date_naive().to_string();
    let bucket = |date: String| {
        answer["buckets"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["starts"].as_str().unwrap().starts_with(&date))
            .unwrap()
            .clone()
    };
    let (paid_day, today) = (bucket(day(3)), bucket(day(0)));
    assert_eq!(
        (paid_day["conversions"].clone(), answer["totals"]["conversions"].clone()),
        (json!(1), json!(1)),
        "{answer}"
    );
    assert_eq!((today["refunds"].clone(), answer["totals"]["refunds"].clone()), (json!(1), json!(1)));
    assert_eq!(answer["currency"], json!("USD"));
    assert_eq!((paid_day["unconverted_conversions"].clone(), paid_day["revenue"].clone()), (json!(1), json!("0.00")));
}

#[tokio::test]
async fn a_delivery_that_does_not_check_out_is_refused_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let shop = shop(&app, "stripe-refused").await;
    let event = checkout("cs_1", "bob@stripe-refused.example", "pi_1");
    let now = unix_now();
    // A minute past the 300 s tolerance either way: the server reads its clock later than the
    // test did (a second later on a loaded machine made `now + 301` fall inside). The exact
    // edges are the unit tests' (`domain::stripe`).
    let stale = signature(SECRET, now - 360, &event);
    let future = signature(SECRET, now + 360, &event);
    let wrong = signature("whsec_another0123456789abcdefghijkl", now, &event);
    let tampered_body = event.replace("4990", "1");
    let signed = signature(SECRET, now, &event);
    let rolled = format!("{},v1={}", wrong, signed.split_once("v1=").unwrap().1);
    for (name, body, header) in [
        ("a stale timestamp", event.as_str(), Some(stale)),
        ("a timestamp from the future", &event, Some(future)),
        ("a wrong secret", &event, Some(wrong.clone())),
        ("a tampered body", &tampered_body, Some(signed.clone())),
        ("no signature", &event, None),
        ("a malformed header", &event, Some("v1=abc".to_owned())),
        ("an empty header", &event, Some(String::new())),
    ] {
        let message = expect_error(deliver(&app, shop.brand, body, header).await, 400, "invalid_signature").await;
        assert!(!message.contains("test0123456789"), "{name}: {message}");
    }
    // A brand with no signing secret, and no brand at all, answer exactly as a connected brand
    // does to a wrong signature or a malformed header: nobody learns who uses Stripe.
    let other = app.member("stripe-refused-other").await;
    let unconnected = app.brand(&other, "https://stripe-unconnected.example.com").await;
    let answer = |brand: u64, header: Option<String>| {
        let delivered = deliver(&app, brand, &event, header);
        async move {
            let response = delivered.await;
            (response.status().as_u16(), response.text().await.unwrap())
        }
    };
    for header in [Some(wrong.clone()), Some("v1=abc".to_owned())] {
        let connected = answer(shop.brand, header.clone()).await;
        assert_eq!(connected.0, 400);
        for brand in [unconnected, 999_999] {
            assert_eq!(answer(brand, header.clone()).await, connected, "brand {brand}, {header:?}");
        }
    }
    let not_json = "this is not json";
    let header = Some(signature(SECRET, now, not_json));
    expect_error(deliver(&app, shop.brand, not_json, header).await, 400, "invalid_body").await;
    let listed =
        app.get("/api/v1", &format!("/conversions?campaign_id={}", shop.campaign), &shop.member.bearer()).await;
    assert_eq!(expect_status(listed, 200).await["data"]["conversions"], json!([]), "nothing changed");
    assert!(ada_rewards(&app, &shop).await.is_empty());

    // Stripe sends two v1 values while a secret is rolled: either may match.
    let accepted = deliver(&app, shop.brand, &event, Some(rolled)).await;
    assert_eq!(expect_status(accepted, 200).await["data"]["outcome"], json!("recorded"));
    let huge = format!("{{\"type\":\"invoice.paid\",\"pad\":\"{}\"}}", "x".repeat(600 * 1024));
    let header = Some(signature(SECRET, now, &huge));
    expect_error(deliver(&app, shop.brand, &huge, header).await, 413, "payload_too_large").await;
}

#[tokio::test]
async fn fifty_concurrent_redeliveries_record_one_conversion_and_one_reward() {
    let app = TestApp::spawn().await;
    let shop = shop(&app, "stripe-burst").await;
    let event = checkout("cs_burst", "bob@stripe-burst.example", "pi_burst");
    let answers =
        futures_util::future::join_all((0..50).map(|_| async { delivered(&app, shop.brand, &event).await })).await;
    let first = answers[0]["conversion_ids"].clone();
    assert_eq!(first.as_array().unwrap().len(), 1);
    assert!(answers.iter().all(|a| a["conversion_ids"] == first), "every delivery names the one conversion");
    assert_eq!(ada_rewards(&app, &shop).await.len(), 1);
    let stats = app.campaign_stats(&shop.member, shop.campaign).await;
    assert_eq!((stats["conversions"].clone(), stats["rewards"]["issued"].clone()), (json!(1), json!(1)));
    let refunds = futures_util::future::join_all(
        (0..20).map(|_| async { delivered(&app, shop.brand, &charge_refunded("pi_burst", true)).await }),
    )
    .await;
    assert!(refunds.iter().all(|r| r["conversion_ids"] == first));
    let stats = app.campaign_stats(&shop.member, shop.campaign).await;
    assert_eq!((stats["refunds"].clone(), stats["rewards"]["voided"].clone()), (json!(1), json!(1)));
}
