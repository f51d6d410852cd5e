//! Promo codes over HTTP, on the backend the suite runs on: a code is unique in its brand
//! without regard to case and never given twice; a sale carrying it (`POST /conversions
//! promo_code`, a Stripe discount naming its promotion code) from an email never seen signs
//! the customer up as its owner's referral; a customer bound to another partner stays theirs;
//! the owner's own purchase credits nobody; a blocked owner's code credits nobody and stays
//! reserved; `?ref=<code>` is the owner's link; the counts equal what was sent.

use serde_json::{json, Value};

use crate::helpers::*;
use crate::stripe::{delivered, SECRET};

struct Programme {
    member: TestMember,
    brand: u64,
    campaign: u64,
    sam: Value,
    ann: Value,
}

async fn programme(app: &TestApp, tag: &str) -> Programme {
    let member = app.member(tag).await;
    let brand = app.brand(&member, &format!("https://{tag}.example.com")).await;
    let fields = json!({"goal_type": "conversion", "reward_type": 5, "reward_value": "10"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let sam = app.participant(&member, campaign, &format!("sam@{tag}.example")).await;
    let ann = app.participant(&member, campaign, &format!("ann@{tag}.example")).await;
    let path = format!("/brands/{brand}/stripe");
    expect_status(app.put_json("/api/v1", &path, &member.bearer(), &json!({"signing_secret": SECRET})).await, 200)
        .await;
    Programme { member, brand, campaign, sam, ann }
}

impl Programme {
    async fn give(&self, app: &TestApp, participant: &Value, body: Value) -> reqwest::Response {
        let path = format!("/participants/{}/promo-codes", participant["id"]);
        app.post_json("/api/v1", &path, &self.member.bearer(), &body).await
    }

    async fn codes(&self, app: &TestApp, participant: &Value) -> Vec<Value> {
        let path = format!("/participants/{}/promo-codes", participant["id"]);
        let listed = expect_status(app.get("/api/v1", &path, &self.member.bearer()).await, 200).await;
        listed["data"]["promo_codes"].as_array().unwrap().clone()
    }

    /// A sale through the API: `email` paid `amount` USD carrying `code`.
    async fn sale(&self, app: &TestApp, external_id: &str, email: &str, code: &str, amount: &str) -> Value {
        let body = json!({"campaign_id": self.campaign, "email": email, "external_id": external_id,
                          "amount": amount, "currency": "USD", "promo_code": code});
        expect_status(app.post_json("/api/v1", "/conversions", &self.member.bearer(), &body).await, 201).await["data"]
            .clone()
    }

    async fn participant(&self, app: &TestApp, email: &str) -> Value {
        let query = format!("/participants?campaign_id={}&email={email}", self.campaign);
        let found = expect_status(app.get("/api/v1", &query, &self.member.bearer()).await, 200).await;
        found["data"]["participants"][0].clone()
    }
}

#[tokio::test]
async fn a_partners_promo_code_credits_new_customers_once_and_stays_theirs_for_good() {
    let app = TestApp::spawn().await;
    let p = programme(&app, "promo").await;
    let bearer = p.member.bearer();

    // Sam gets SAM20, tied to a Stripe promotion code; the same code in lower case, for Ann,
    // is taken; so is Sam's Stripe promotion code; a malformed code is refused.
    let given = expect_status(
        p.give(&app, &p.sam, json!({"code": "SAM20", "stripe_promotion_code": "promo_Sam20x"})).await,
        201,
    )
    .await;
    let code = &given["data"];
    assert_eq!((code["code"].clone(), code["status"].clone()), (json!("SAM20"), json!("active")));
    assert_eq!(code["link"], json!("https://promo.example.com/?ref=SAM20"));
    expect_error(p.give(&app, &p.ann, json!({"code": "sam20"})).await, 409, "promo_code_taken").await;
    expect_error(
        p.give(&app, &p.ann, json!({"code": "ANN5", "stripe_promotion_code": "promo_Sam20x"})).await,
        409,
        "promo_code_taken",
    )
    .await;
    for bad in
        [json!({"code": "x"}), json!({"code": "SAM 20"}), json!({"code": "ANN5", "stripe_promotion_code": "coupon_1"})]
    {
        expect_error(p.give(&app, &p.ann, bad.clone()).await, 400, "validation_failed").await;
    }
    expect_status(p.give(&app, &p.ann, json!({"code": "ann-5"})).await, 201).await;

    // A sale with sam20 (lower case) from an email never seen: Sam's new referral, credited.
    let first = p.sale(&app, "order-1", "nina@customers.example", "sam20", "29.00").await;
    assert_eq!(first["promo_code"], json!({"code": "SAM20", "outcome": "credited"}), "{first}");
    assert_eq!(first["participant_created"], json!(true));
    let nina = p.participant(&app, "nina@customers.example").await;
    assert_eq!(nina["referred_by"], p.sam["id"]);
    assert_eq!(first["rewards"][0]["participant_id"], p.sam["id"], "Sam's reward for the sale");
    // Again for the same order: nothing counted twice.
    let body = json!({"campaign_id": p.campaign, "email": "nina@customers.example", "external_id": "order-1",
                      "amount": "29.00", "currency": "USD", "promo_code": "SAM20"});
    expect_status(app.post_json("/api/v1", "/conversions", &bearer, &body).await, 200).await;
    // Nina buys again with the code: a second conversion credited through it.
    let second = p.sale(&app, "order-2", "nina@customers.example", "SAM20", "29.00").await;
    assert_eq!(second["promo_code"]["outcome"], json!("credited"));

    // Omar, Ann's referral, pays with Sam's code: he stays Ann's; Sam's code counts a use.
    let omar = app.refer(&p.member, p.ann["referral_code"].as_str().unwrap(), "omar@customers.example").await;
    expect_status(omar, 201).await;
    let bound = p.sale(&app, "order-3", "omar@customers.example", "SAM20", "50.00").await;
    assert_eq!(bound["promo_code"]["outcome"], json!("already_bound"), "{bound}");
    assert_eq!(p.participant(&app, "omar@customers.example").await["referred_by"], p.ann["id"]);

    // Sam buys with his own code: a use, credited to nobody.
    let own = p.sale(&app, "order-4", "sam@promo.example", "SAM20", "10.00").await;
    assert_eq!(own["promo_code"]["outcome"], json!("self_referral"));
    assert_eq!(own["participant_created"], json!(null), "Sam is Sam");

    // A Stripe checkout whose discount names Sam's promotion code, from a new customer.
    let checkout = json!({"type": "checkout.session.completed", "data": {"object": {"id": "cs_promo",
        "customer_details": {"email": "pia@customers.example"}, "amount_total": 4000, "currency": "usd",
        "customer": "cus_pia", "discounts": [{"coupon": "co_1", "promotion_code": "promo_Sam20x"}]}}})
    .to_string();
    let answer = delivered(&app, p.brand, &checkout).await;
    assert_eq!(answer["outcome"], json!("recorded"), "{answer}");
    assert_eq!(p.participant(&app, "pia@customers.example").await["referred_by"], p.sam["id"]);

    // What the code did: five sales carried it (Nina twice, Omar, Sam, Pia); three were
    // credited to Sam through it (Nina twice and Pia), for 29 + 29 + 40 USD.
    let codes = p.codes(&app, &p.sam).await;
    assert_eq!(codes.len(), 1);
    assert_eq!((codes[0]["uses"].clone(), codes[0]["conversions"].clone()), (json!(5), json!(3)), "{}", codes[0]);
    assert_eq!(codes[0]["revenue"], json!({"USD": "98.00"}));
    assert_eq!(p.codes(&app, &p.ann).await[0]["uses"], json!(0));

    // Sam is blocked: his code credits nobody (a new customer is recorded unreferred), and it
    // stays his: nobody can take it.
    let block = format!("/participants/{}/block", p.sam["id"]);
    expect_status(app.post_json("/api/v1", &block, &bearer, &json!({})).await, 200).await;
    let blocked = p.sale(&app, "order-5", "quinn@customers.example", "SAM20", "15.00").await;
    assert_eq!(blocked["promo_code"]["outcome"], json!("promo_code_disabled"), "{blocked}");
    assert_eq!(blocked["rewards"], json!([]));
    assert_eq!(p.participant(&app, "quinn@customers.example").await["referred_by"], Value::Null);
    expect_error(p.give(&app, &p.ann, json!({"code": "Sam20"})).await, 409, "promo_code_taken").await;

    // Disabled, Ann's code stays reserved too, and credits nobody.
    let path = format!("/participants/{}/promo-codes/ANN-5", p.ann["id"]);
    let disabled = expect_status(app.delete("/api/v1", &path, &bearer).await, 200).await;
    assert_eq!(disabled["data"]["status"], json!("disabled"));
    expect_error(p.give(&app, &p.sam, json!({"code": "ANN-5"})).await, 409, "promo_code_taken").await;
    let after = p.sale(&app, "order-6", "ria@customers.example", "ann-5", "5.00").await;
    assert_eq!(after["promo_code"]["outcome"], json!("promo_code_disabled"));
    // An unknown code is refused, naming the field.
    let body = json!({"campaign_id": p.campaign, "email": "x@customers.example", "external_id": "order-7", "promo_code": "NOPE1"});
    let refused =
        expect_error(app.post_json("/api/v1", "/conversions", &bearer, &body).await, 400, "validation_failed").await;
    assert!(refused.contains("promo_code"), "{refused}");
    let final_counts = p.codes(&app, &p.sam).await;
    assert_eq!((final_counts[0]["uses"].clone(), final_counts[0]["conversions"].clone()), (json!(6), json!(3)));
}

#[tokio::test]
async fn a_widget_signup_through_a_readable_link_is_the_code_owners_referral() {
    let app = TestApp::spawn().await;
    let p = programme(&app, "promo-link").await;
    expect_status(p.give(&app, &p.sam, json!({"code": "SAM20"})).await, 201).await;
    let body = json!({"campaign_id": p.campaign, "email": "vera@visitors.example", "ref": "sam20"});
    expect_status(app.post_json("", "/api/widget/signup", &Cred::None, &body).await, 201).await;
    assert_eq!(p.participant(&app, "vera@visitors.example").await["referred_by"], p.sam["id"]);
}

#[tokio::test]
async fn twenty_partners_asking_for_one_code_at_once_get_it_once() {
    let app = TestApp::spawn().await;
    let p = programme(&app, "promo-race").await;
    let mut partners = Vec::new();
    for n in 0..20 {
        partners.push(app.participant(&p.member, p.campaign, &format!("p{n}@race.example")).await);
    }
    let answers = futures_util::future::join_all(partners.iter().enumerate().map(|(n, partner)| {
        let code = if n % 2 == 0 { "LUCKY7" } else { "lucky7" };
        let p = &p;
        let app = &app;
        async move { p.give(app, partner, json!({"code": code})).await.status().as_u16() }
    }))
    .await;
    assert_eq!(answers.iter().filter(|s| **s == 201).count(), 1, "{answers:?}");
    assert_eq!(answers.iter().filter(|s| **s == 409).count(), 19, "{answers:?}");
    let mut owners = 0;
    for partner in &partners {
        owners += p.codes(&app, partner).await.len();
    }
    assert_eq!(owners, 1);
}

#[tokio::test]
async fn the_conversion_event_says_what_the_sales_promo_code_did() {
    let app = crate::webhooks::fast_app().await;
    let receiver = crate::receiver::Receiver::start().await;
    let p = programme(&app, "promo-events").await;
    crate::webhooks::webhook(&app, &p.member, &receiver.url(), Some(p.campaign)).await;
    expect_status(p.give(&app, &p.sam, json!({"code": "SAM20"})).await, 201).await;
    p.sale(&app, "order-1", "nina@customers.example", "sam20", "29.00").await;
    let block = format!("/participants/{}/block", p.sam["id"]);
    expect_status(app.post_json("/api/v1", &block, &p.member.bearer(), &json!({})).await, 200).await;
    p.sale(&app, "order-2", "omar@customers.example", "SAM20", "10.00").await;
    let arrived = receiver
        .wait_until(crate::webhooks::WAIT, |r| {
            r.iter().filter(|r| r.json()["type"] == "conversion.created").count() == 2
        })
        .await;
    let mut said: Vec<(String, Value)> = arrived
        .iter()
        .map(|r| r.json())
        .filter(|e| e["type"] == "conversion.created")
        .map(|e| (e["data"]["conversion"]["external_id"].as_str().unwrap().to_owned(), e["data"]["promo_code"].clone()))
        .collect();
    said.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        said,
        vec![
            ("order-1".to_owned(), json!({"code": "SAM20", "outcome": "credited"})),
            ("order-2".to_owned(), json!({"code": "SAM20", "outcome": "promo_code_disabled"})),
        ]
    );
}

#[tokio::test]
async fn sales_with_a_code_acknowledged_before_a_sigkill_each_count_once_after_restart() {
    let mut app = TestApp::spawn().await;
    let p = programme(&app, "promo-crash").await;
    expect_status(p.give(&app, &p.sam, json!({"code": "SAM20"})).await, 201).await;
    let sale = |n: u32| {
        json!({"campaign_id": p.campaign, "email": format!("c{n:02}@crash.example"), "external_id": format!("o-{n:02}"),
               "amount": "10.00", "currency": "USD", "promo_code": "SAM20"})
    };
    let request = |app: &TestApp, n: u32| {
        app.request(reqwest::Method::POST, "/api/v1", "/conversions", &p.member.bearer()).json(&sale(n))
    };
    // Three streams of new customers' sales with Sam's code; the kill falls amid them.
    let streams: Vec<Vec<(u32, crate::contract::Request)>> =
        (0..3).map(|s| (0..12).map(|i| (s * 12 + i, request(&app, s * 12 + i))).collect()).collect();
    let acknowledged = app.kill_amid(streams, 9).await;
    app.restart().await;
    let counted = p.codes(&app, &p.sam).await[0].clone();
    let uses = counted["uses"].as_u64().unwrap();
    assert!(uses >= acknowledged.len() as u64, "every acknowledged sale counted: {counted} {acknowledged:?}");
    assert_eq!(counted["uses"], counted["conversions"], "each counted sale credited once: {counted}");
    // Every sale again (the acknowledged ones answer 200, the rest are new): 36 uses, once each.
    for n in 0..36 {
        let answer = app.post_json("/api/v1", "/conversions", &p.member.bearer(), &sale(n)).await;
        assert!(answer.status().is_success(), "{n}: {}", answer.status());
    }
    let counted = p.codes(&app, &p.sam).await[0].clone();
    assert_eq!((counted["uses"].clone(), counted["conversions"].clone()), (json!(36), json!(36)), "{counted}");
    assert_eq!(counted["revenue"], json!({"USD": "360.00"}));
    for n in 0..36 {
        let customer = p.participant(&app, &format!("c{n:02}@crash.example")).await;
        assert_eq!(customer["referred_by"], p.sam["id"], "{n}");
    }
}
