//! Paddle Billing and Shopify over HTTP, with deliveries in each provider's documented shape,
//! signed here as the provider signs them: a sale from a customer never seen is credited
//! through its promo code or its `ref`; a redelivery changes nothing; a partial refund takes
//! back part of the commission; a bad signature (or, for Paddle, a stale one) is 400 and
//! stores nothing; a body over the limit is 413. On the backend the suite runs on.

use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::helpers::*;

const SHOPIFY_SECRET: &str = "shpss_0123456789abcdef0123456789abcdef";

/// A campaign paying 20 % of every sale, Sam with the code SAM20, Ann a partner, and the
/// brand connected to `source` with its secret.
struct Shop {
    member: TestMember,
    brand: u64,
    campaign: u64,
    sam: Value,
    ann: Value,
}

async fn shop(app: &TestApp, tag: &str, source: &str, secret: &str) -> Shop {
    let member = app.member(tag).await;
    let brand = app.brand(&member, &format!("https://{tag}.example.com")).await;
    let fields = json!({"goal_type": "conversion", "reward_type": 5, "reward_value": "1",
                        "commission": {"type": "percent", "rate": 20}, "payouts": {"currency": "USD"}});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let sam = app.participant(&member, campaign, &format!("sam@{tag}.example")).await;
    let ann = app.participant(&member, campaign, &format!("ann@{tag}.example")).await;
    let path = format!("/participants/{}/promo-codes", sam["id"]);
    expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({"code": "SAM20"})).await, 201).await;
    let path = format!("/brands/{brand}/{source}");
    let connected =
        expect_status(app.put_json("/api/v1", &path, &member.bearer(), &json!({"signing_secret": secret})).await, 200)
            .await;
    assert_eq!(connected["data"]["endpoint_url"], json!(format!("{}/hooks/{source}/{brand}", app.address)));
    assert!(!connected.to_string().contains(secret), "the secret is never shown");
    Shop { member, brand, campaign, sam, ann }
}

impl Shop {
    async fn participant(&self, app: &TestApp, email: &str) -> Value {
        let query = format!("/participants?campaign_id={}&email={email}", self.campaign);
        let found = expect_status(app.get("/api/v1", &query, &self.member.bearer()).await, 200).await;
        found["data"]["participants"][0].clone()
    }

    async fn conversions(&self, app: &TestApp) -> Vec<Value> {
        let path = format!("/conversions?campaign_id={}&limit=100", self.campaign);
        let listed = expect_status(app.get("/api/v1", &path, &self.member.bearer()).await, 200).await;
        listed["data"]["conversions"].as_array().unwrap().clone()
    }

    async fn commission(&self, app: &TestApp, conversion_id: &Value) -> Value {
        let path = format!("/conversions/{conversion_id}");
        expect_status(app.get("/api/v1", &path, &self.member.bearer()).await, 200).await["data"]["commission"].clone()
    }
}

fn shopify_signature(secret: &str, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(body.as_bytes());
    base64::engine::general_purpose::STANDARD.encode(mac.finalize().into_bytes())
}

async fn to_shopify(
    app: &TestApp,
    brand: u64,
    topic: &str,
    body: &str,
    signature: Option<String>,
) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url("", &format!("/hooks/shopify/{brand}")))
        .header("Content-Type", "application/json")
        .header("X-Shopify-Topic", topic)
        .header("X-Shopify-Webhook-Id", "b54557e4-bdd9-4b37-8a5f-bf7d70bcd043")
        .body(body.to_owned());
    if let Some(signature) = signature {
        request = request.header("X-Shopify-Hmac-Sha256", signature);
    }
    request.send().await.unwrap()
}

async fn shopify_delivered(app: &TestApp, brand: u64, topic: &str, body: &str) -> Value {
    let signature = shopify_signature(SHOPIFY_SECRET, body);
    expect_status(to_shopify(app, brand, topic, body, Some(signature)).await, 200).await["data"].clone()
}

/// An `orders/paid` payload, in Shopify's shape: `total` with `tax` of it, in USD.
fn order(id: u64, email: &str, total: &str, tax: &str, codes: &[&str], landing: &str) -> String {
    json!({"id": id, "admin_graphql_api_id": format!("gid://shopify/Order/{id}"), "email": email,
        "contact_email": email, "currency": "USD", "financial_status": "paid", "total_price": total,
        "subtotal_price": total, "total_tax": tax, "total_discounts": "0.00", "landing_site": landing,
        "discount_codes": codes.iter().map(|c| json!({"code": c, "amount": "5.00", "type": "fixed_amount"})).collect::<Vec<_>>(),
        "note_attributes": [], "customer": {"id": id + 1000, "email": email},
        "line_items": [{"id": 1, "product_id": 632910392, "price": total, "quantity": 1, "total_discount": "0.00"}]})
    .to_string()
}

fn shopify_refund(id: u64, order_id: u64, amount: &str) -> String {
    json!({"id": id, "order_id": order_id, "created_at": "2027-01-10T11:00:00-05:00", "restock": false,
        "transactions": [{"id": id + 1, "order_id": order_id, "kind": "refund", "gateway": "bogus",
            "status": "success", "amount": amount, "currency": "USD"}]})
    .to_string()
}

#[tokio::test]
async fn shopify_orders_are_credited_through_codes_and_links_once_and_refunds_take_back_their_share() {
    let app = TestApp::spawn().await;
    let shop = shop(&app, "shopify-sales", "shopify", SHOPIFY_SECRET).await;

    // A new customer with Sam's code: Sam's referral; the sale is the total less its tax.
    let paid = order(820982911946154508, "nina@buyers.example", "110.00", "10.00", &["sam20"], "/products/mug");
    let first = shopify_delivered(&app, shop.brand, "orders/paid", &paid).await;
    assert_eq!(first["outcome"], json!("recorded"), "{first}");
    assert_eq!(shop.participant(&app, "nina@buyers.example").await["referred_by"], shop.sam["id"]);
    let conversion = first["conversion_ids"][0].clone();
    let commission = shop.commission(&app, &conversion).await;
    assert_eq!(
        (commission["base"].clone(), commission["amount"].clone()),
        (json!("100.00"), json!("20.00")),
        "{commission}"
    );
    // Redelivered twice: the same conversion, nothing new.
    for _ in 0..2 {
        let again = shopify_delivered(&app, shop.brand, "orders/paid", &paid).await;
        assert_eq!(
            (again["conversion_ids"].clone(), again["participants_created"].clone()),
            (json!([conversion]), json!([]))
        );
    }
    // A customer who landed through Ann's link: Ann's referral.
    let landed = format!("/?ref={}", shop.ann["referral_code"].as_str().unwrap());
    let linked = order(820982911946154509, "omar@buyers.example", "50.00", "0.00", &[], &landed);
    assert_eq!(shopify_delivered(&app, shop.brand, "orders/paid", &linked).await["outcome"], json!("recorded"));
    assert_eq!(shop.participant(&app, "omar@buyers.example").await["referred_by"], shop.ann["id"]);
    assert_eq!(shop.conversions(&app).await.len(), 2);

    // A partial refund of 25.00 takes back its share, once however often it comes.
    for _ in 0..2 {
        let refunded = shopify_delivered(
            &app,
            shop.brand,
            "refunds/create",
            &shopify_refund(509562969, 820982911946154508, "25.00"),
        )
        .await;
        assert_eq!(refunded["conversion_ids"], json!([conversion]), "{refunded}");
    }
    let commission = shop.commission(&app, &conversion).await;
    let taken = (commission["amount"].clone(), commission["taken_back"].clone(), commission["refunded"].clone());
    assert_eq!(taken, (json!("20.00"), json!("5.00"), json!("25.00")), "20 % of 25.00 back: {commission}");
    // Another topic is acknowledged and ignored.
    assert_eq!(shopify_delivered(&app, shop.brand, "products/create", "{}").await["outcome"], json!("ignored"));
}

#[tokio::test]
async fn a_shopify_delivery_that_does_not_check_out_or_is_too_large_stores_nothing() {
    let app = TestApp::spawn().await;
    let shop = shop(&app, "shopify-refused", "shopify", SHOPIFY_SECRET).await;
    let paid = order(1, "nina@buyers.example", "10.00", "0.00", &["SAM20"], "/");
    let forged = shopify_signature("shpss_another_secret_of_some_length", &paid);
    for signature in [None, Some(forged), Some("not base64".to_owned()), Some(shopify_signature(SHOPIFY_SECRET, "{}"))]
    {
        let answer = to_shopify(&app, shop.brand, "orders/paid", &paid, signature).await;
        expect_error(answer, 400, "invalid_signature").await;
    }
    // A brand that does not exist answers the same.
    let signature = Some(shopify_signature(SHOPIFY_SECRET, &paid));
    let answer = to_shopify(&app, shop.brand + 1000, "orders/paid", &paid, signature).await;
    expect_error(answer, 400, "invalid_signature").await;
    let huge = format!("{{\"id\": 2, \"note\": \"{}\"}}", "x".repeat(600 * 1024));
    let answer =
        to_shopify(&app, shop.brand, "orders/paid", &huge, Some(shopify_signature(SHOPIFY_SECRET, &huge))).await;
    assert_eq!(answer.status().as_u16(), 413);
    assert!(shop.conversions(&app).await.is_empty());
    assert_eq!(shop.participant(&app, "nina@buyers.example").await, Value::Null);
    // Disconnected, the brand refuses even a well-signed delivery.
    let path = format!("/brands/{}/shopify", shop.brand);
    let gone = expect_status(app.delete("/api/v1", &path, &shop.member.bearer()).await, 200).await;
    assert_eq!(gone["data"]["connected"], json!(false));
    let answer =
        to_shopify(&app, shop.brand, "orders/paid", &paid, Some(shopify_signature(SHOPIFY_SECRET, &paid))).await;
    expect_error(answer, 400, "invalid_signature").await;
}

const PADDLE_SECRET: &str = "pdl_ntfset_01hv8x2z4k0000000000000000_abcdefghijklmnop";

fn paddle_signature(secret: &str, ts: i64, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{ts}:{body}").as_bytes());
    format!("ts={ts};h1={}", hex::encode(mac.finalize().into_bytes()))
}

fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

fn to_paddle(app: &TestApp, brand: u64, body: &str, signature: Option<String>) -> crate::contract::Request {
    let mut request = app
        .client
        .post(app.url("", &format!("/hooks/paddle/{brand}")))
        .header("Content-Type", "application/json")
        .body(body.to_owned());
    if let Some(signature) = signature {
        request = request.header("Paddle-Signature", signature);
    }
    request
}

async fn paddle_delivered(app: &TestApp, brand: u64, body: &str) -> Value {
    let signature = paddle_signature(PADDLE_SECRET, now(), body);
    expect_status(to_paddle(app, brand, body, Some(signature)).send().await.unwrap(), 200).await["data"].clone()
}

fn paddle_event(event_type: &str, data: Value) -> String {
    json!({"event_id": "evt_01hv8x9z8ag0000000000000", "event_type": event_type,
           "occurred_at": "2027-03-01T00:00:05.000Z", "notification_id": "ntf_01hv8x9z8ag0000000000000",
           "data": data})
    .to_string()
}

fn paddle_customer(id: &str, email: &str) -> String {
    paddle_event(
        "customer.created",
        json!({"id": id, "name": null, "email": email, "status": "active",
        "custom_data": null, "locale": "en", "created_at": "2027-03-01T00:00:00Z"}),
    )
}

/// A completed subscription transaction of `customer`: 50.00 less a 10.00 discount (`code`),
/// 8.00 tax.
fn paddle_transaction(id: &str, customer: &str, code: Option<&str>, custom: Value) -> String {
    paddle_event(
        "transaction.completed",
        json!({"id": id, "status": "completed", "customer_id": customer,
        "address_id": "add_01", "business_id": null, "custom_data": custom, "currency_code": "USD",
        "origin": "web", "subscription_id": format!("sub_{customer}"), "collection_mode": "automatic",
        "discount_id": code.map(|_| "dsc_01"), "discount": code.map(|c| json!({"id": "dsc_01", "code": c})),
        "billing_period": {"starts_at": "2027-03-01T00:00:00Z", "ends_at": "2027-04-01T00:00:00Z"},
        "details": {"totals": {"subtotal": "5000", "discount": "1000", "tax": "800", "total": "4800",
            "grand_total": "4800", "currency_code": "USD"},
            "line_items": [{"id": "txnitm_01", "price_id": "pri_01", "quantity": 1, "product_id": "pro_01",
                "totals": {"subtotal": "5000", "discount": "1000", "tax": "800", "total": "4800"}}]},
        "items": [{"price": {"id": "pri_01", "product_id": "pro_01"}, "quantity": 1}]}),
    )
}

fn paddle_refund(id: &str, transaction: &str, total: &str, status: &str) -> String {
    paddle_event(
        "adjustment.updated",
        json!({"id": id, "action": "refund", "transaction_id": transaction,
        "subscription_id": null, "customer_id": "ctm_nina", "reason": "error", "currency_code": "USD",
        "status": status, "items": [{"item_id": "txnitm_01", "type": "partial", "amount": total}],
        "totals": {"subtotal": total, "tax": "0", "total": total, "fee": "0", "earnings": "0", "currency_code": "USD"}}),
    )
}

#[tokio::test]
async fn paddle_transactions_are_credited_to_known_customers_once_and_refunds_take_back_their_share() {
    let app = TestApp::spawn().await;
    let shop = shop(&app, "paddle-sales", "paddle", PADDLE_SECRET).await;
    let kept = paddle_delivered(&app, shop.brand, &paddle_customer("ctm_nina", "Nina@Buyers.example")).await;
    assert_eq!(kept["outcome"], json!("customer_kept"));

    // Nina pays with Sam's code: his referral, 20 % of 40.00 (after the discount, before tax).
    let paid = paddle_transaction("txn_01nina", "ctm_nina", Some("SAM20"), json!(null));
    let first = paddle_delivered(&app, shop.brand, &paid).await;
    assert_eq!(first["outcome"], json!("recorded"), "{first}");
    assert_eq!(shop.participant(&app, "nina@buyers.example").await["referred_by"], shop.sam["id"]);
    let conversion = first["conversion_ids"][0].clone();
    let commission = shop.commission(&app, &conversion).await;
    assert_eq!(
        (commission["base"].clone(), commission["amount"].clone()),
        (json!("40.00"), json!("8.00")),
        "{commission}"
    );
    for _ in 0..2 {
        assert_eq!(paddle_delivered(&app, shop.brand, &paid).await["conversion_ids"], json!([conversion]));
    }

    // A transaction of a customer not sent yet: 409, so Paddle sends it again; once the
    // customer arrives, it is recorded, credited through custom_data's code.
    let custom = json!({"referral_code": shop.ann["referral_code"]});
    let early = paddle_transaction("txn_02omar", "ctm_omar", None, custom);
    let signature = paddle_signature(PADDLE_SECRET, now(), &early);
    expect_error(to_paddle(&app, shop.brand, &early, Some(signature)).send().await.unwrap(), 409, "customer_unknown")
        .await;
    paddle_delivered(&app, shop.brand, &paddle_customer("ctm_omar", "omar@buyers.example")).await;
    assert_eq!(paddle_delivered(&app, shop.brand, &early).await["outcome"], json!("recorded"));
    assert_eq!(shop.participant(&app, "omar@buyers.example").await["referred_by"], shop.ann["id"]);
    assert_eq!(shop.conversions(&app).await.len(), 2);

    // A refund pending approval changes nothing; approved, 10.00 of the 48.00 paid takes back
    // that share of the commission (8.00 × 10 / 48 = 1.67), once.
    let pending =
        paddle_delivered(&app, shop.brand, &paddle_refund("adj_01", "txn_01nina", "1000", "pending_approval")).await;
    assert_eq!(pending["outcome"], json!("ignored"));
    for _ in 0..2 {
        let refunded =
            paddle_delivered(&app, shop.brand, &paddle_refund("adj_01", "txn_01nina", "1000", "approved")).await;
        assert_eq!(refunded["conversion_ids"], json!([conversion]), "{refunded}");
    }
    let commission = shop.commission(&app, &conversion).await;
    assert_eq!((commission["taken_back"].clone(), commission["refunded"].clone()), (json!("1.67"), json!("10.00")));
}

#[tokio::test]
async fn a_paddle_delivery_that_does_not_check_out_is_stale_or_too_large_stores_nothing() {
    let app = TestApp::spawn().await;
    let shop = shop(&app, "paddle-refused", "paddle", PADDLE_SECRET).await;
    let customer = paddle_customer("ctm_nina", "nina@buyers.example");
    let refusals = [
        None,
        Some(paddle_signature("pdl_ntfset_another_secret_entirely", now(), &customer)),
        Some(paddle_signature(PADDLE_SECRET, now() - 360, &customer)),
        Some(format!("h1={}", "ab".repeat(32))),
    ];
    for signature in refusals {
        expect_error(to_paddle(&app, shop.brand, &customer, signature).send().await.unwrap(), 400, "invalid_signature")
            .await;
    }
    let huge = paddle_event(
        "customer.created",
        json!({"id": "ctm_x", "email": "x@buyers.example", "name": "x".repeat(600 * 1024)}),
    );
    let answer =
        to_paddle(&app, shop.brand, &huge, Some(paddle_signature(PADDLE_SECRET, now(), &huge))).send().await.unwrap();
    assert_eq!(answer.status().as_u16(), 413);
    // Nothing was kept: Nina's transaction finds no customer.
    let paid = paddle_transaction("txn_01nina", "ctm_nina", Some("SAM20"), json!(null));
    let signature = paddle_signature(PADDLE_SECRET, now(), &paid);
    expect_error(to_paddle(&app, shop.brand, &paid, Some(signature)).send().await.unwrap(), 409, "customer_unknown")
        .await;
    assert!(shop.conversions(&app).await.is_empty());
}

#[tokio::test]
async fn twenty_deliveries_of_one_paddle_transaction_at_once_make_one_conversion() {
    let app = TestApp::spawn().await;
    let shop = shop(&app, "paddle-burst", "paddle", PADDLE_SECRET).await;
    paddle_delivered(&app, shop.brand, &paddle_customer("ctm_nina", "nina@buyers.example")).await;
    let paid = paddle_transaction("txn_burst", "ctm_nina", Some("SAM20"), json!(null));
    let answers =
        futures_util::future::join_all((0..20).map(|_| async { paddle_delivered(&app, shop.brand, &paid).await }))
            .await;
    let conversion = answers[0]["conversion_ids"].clone();
    assert_eq!(conversion.as_array().map(Vec::len), Some(1), "{}", answers[0]);
    assert!(answers.iter().all(|a| a["conversion_ids"] == conversion));
    let created: usize = answers.iter().map(|a| a["participants_created"].as_array().unwrap().len()).sum();
    assert_eq!(created, 1, "Nina signed up once");
    assert_eq!(shop.conversions(&app).await.len(), 1);
    let path = format!("/participants/{}/promo-codes", shop.sam["id"]);
    let codes = expect_status(app.get("/api/v1", &path, &shop.member.bearer()).await, 200).await;
    assert_eq!(
        (codes["data"]["promo_codes"][0]["uses"].clone(), codes["data"]["promo_codes"][0]["conversions"].clone()),
        (json!(1), json!(1))
    );
}
