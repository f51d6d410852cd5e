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
