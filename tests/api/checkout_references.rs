//! A sale finds its partner through Stripe with no widget signup first: a checkout session
//! whose `client_reference_id` (or `metadata.referral_code`) names a partner's referral code
//! signs its new customer up as that partner's referral and records the conversion; the
//! customer's later invoices follow them by their Stripe customer and subscription whatever
//! email they carry; a customer already bound stays bound; twenty deliveries at once make one
//! participant and one conversion. On the backend the suite runs on (`REFERRALS_TEST_BACKEND`).

use serde_json::{json, Value};

use crate::helpers::*;
use crate::stripe::{delivered, SECRET};

/// A completed checkout session of a new subscription, as Stripe sends it, naming `reference`
/// in `client_reference_id` and `metadata` in its metadata.
fn checkout(id: &str, email: &str, reference: Option<&str>, metadata: Value) -> String {
    json!({
        "id": format!("evt_{id}"), "object": "event", "type": "checkout.session.completed",
        "data": {"object": {"id": id, "object": "checkout.session", "mode": "subscription",
            "client_reference_id": reference, "metadata": metadata,
            "customer": format!("cus_{id}"), "subscription": format!("sub_{id}"),
            "customer_details": {"email": email}, "amount_total": 2900, "currency": "usd",
            "payment_intent": null, "invoice": format!("in_first_{id}")}}
    })
    .to_string()
}

/// A later `invoice.paid` of the subscription the checkout `session` started, paid by `email`.
fn renewal(id: &str, session: &str, email: &str, metadata: Value) -> String {
    json!({
        "id": format!("evt_{id}"), "object": "event", "type": "invoice.paid",
        "data": {"object": {"id": id, "object": "invoice", "customer": format!("cus_{session}"),
            "customer_email": email, "amount_paid": 2900, "currency": "usd",
            "parent": {"type": "subscription_details",
                "subscription_details": {"subscription": format!("sub_{session}"), "metadata": metadata}},
            "period_start": 1_790_000_000, "lines": {"data": []}}}
    })
    .to_string()
}

struct Shop {
    member: TestMember,
    brand: u64,
    campaign: u64,
}

impl Shop {
    async fn new(app: &TestApp, tag: &str) -> Self {
        let member = app.member(tag).await;
        let brand = app.brand(&member, &format!("https://{tag}.example.com")).await;
        let fields = json!({"goal_type": "conversion", "reward_type": 5, "reward_value": "10"});
        let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
        let path = format!("/brands/{brand}/stripe");
        expect_status(app.put_json("/api/v1", &path, &member.bearer(), &json!({"signing_secret": SECRET})).await, 200)
            .await;
        Self { member, brand, campaign }
    }

    /// The participant with `email`, or `Null`.
    async fn participant(&self, app: &TestApp, email: &str) -> Value {
        let query = format!("/participants?campaign_id={}&email={email}", self.campaign);
        let found = expect_status(app.get("/api/v1", &query, &self.member.bearer()).await, 200).await;
        found["data"]["participants"][0].clone()
    }

    /// Who each of the campaign's conversions is of, by external id.
    async fn conversions(&self, app: &TestApp) -> Vec<(String, u64)> {
        let path = format!("/conversions?campaign_id={}&limit=100", self.campaign);
        let listed = expect_status(app.get("/api/v1", &path, &self.member.bearer()).await, 200).await;
        let mut seen: Vec<(String, u64)> = listed["data"]["conversions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c["external_id"].as_str().unwrap().to_owned(), c["participant_id"].as_u64().unwrap()))
            .collect();
        seen.sort();
        seen
    }

    async fn rewards_of(&self, app: &TestApp, participant: &Value) -> usize {
        let path = format!("/participants/{}", participant["id"]);
        let read = expect_status(app.get("/api/v1", &path, &self.member.bearer()).await, 200).await;
        read["data"]["rewards"].as_array().unwrap().len()
    }
}

#[tokio::test]
async fn a_checkout_naming_a_partner_signs_its_new_customer_up_and_their_invoices_follow_them() {
    let app = TestApp::spawn().await;
    let shop = Shop::new(&app, "checkout-ref").await;
    let sam = app.participant(&shop.member, shop.campaign, "sam@partners.example").await;
    let ann = app.participant(&shop.member, shop.campaign, "ann@partners.example").await;
    let code = |p: &Value| p["referral_code"].as_str().unwrap().to_owned();

    // A customer never seen, whose checkout names Sam's code: Sam's referral, converted.
    let event = checkout("cs_new", "nina@customers.example", Some(&code(&sam)), json!({}));
    let first = delivered(&app, shop.brand, &event).await;
    assert_eq!(first["outcome"], json!("recorded"), "{first}");
    let nina = shop.participant(&app, "nina@customers.example").await;
    assert_eq!(nina["referred_by"], sam["id"], "{nina}");
    assert_eq!(first["participants_created"], json!([nina["id"]]));
    assert_eq!(shop.rewards_of(&app, &sam).await, 1, "the conversion rewards Sam");
    // Redelivered: nothing new.
    let again = delivered(&app, shop.brand, &event).await;
    assert_eq!(
        (again["conversion_ids"].clone(), again["participants_created"].clone()),
        (first["conversion_ids"].clone(), json!([]))
    );

    // Her renewals come with another email, one naming Ann's code: still Nina's, through
    // her Stripe customer and subscription. Nobody is signed up for the other email.
    let renewed =
        delivered(&app, shop.brand, &renewal("in_2", "cs_new", "nina.new@customers.example", json!({}))).await;
    assert_eq!(renewed["outcome"], json!("recorded"), "{renewed}");
    let with_code = renewal("in_3", "cs_new", "billing@nina.example", json!({"referral_code": code(&ann)}));
    assert_eq!(delivered(&app, shop.brand, &with_code).await["participants_created"], json!([]));
    let nina_id = nina["id"].as_u64().unwrap();
    assert_eq!(
        shop.conversions(&app).await,
        vec![("cs_new".to_owned(), nina_id), ("in_2".to_owned(), nina_id), ("in_3".to_owned(), nina_id)]
    );
    for stranger in ["nina.new@customers.example", "billing@nina.example"] {
        assert_eq!(shop.participant(&app, stranger).await, Value::Null, "{stranger}");
    }
    assert_eq!(shop.rewards_of(&app, &ann).await, 0, "a customer bound to Sam stays Sam's");

    // `metadata.referral_code` wins over a `client_reference_id` the page uses for its own ids.
    let both = checkout("cs_meta", "omar@customers.example", Some("user_42"), json!({"referral_code": code(&ann)}));
    assert_eq!(delivered(&app, shop.brand, &both).await["outcome"], json!("recorded"));
    assert_eq!(shop.participant(&app, "omar@customers.example").await["referred_by"], ann["id"]);
    // A reference that names nobody signs nobody up; a code of the brand's other campaign
    // signs the customer up there, and in this one they are nobody.
    let other = json!({"goal_type": "conversion", "reward_type": 5, "reward_value": "1"});
    let other = app.campaign(&shop.member, shop.brand, other).await["id"].as_u64().unwrap();
    let outsider = app.participant(&shop.member, other, "out@partners.example").await;
    let own_id =
        delivered(&app, shop.brand, &checkout("cs_own_id", "pia@customers.example", Some("user_43"), json!({}))).await;
    assert_eq!(
        (own_id["outcome"].clone(), own_id["participants_created"].clone()),
        (json!("no_participant"), json!([]))
    );
    let elsewhere = checkout("cs_other", "quinn@customers.example", Some(&code(&outsider)), json!({}));
    let elsewhere = delivered(&app, shop.brand, &elsewhere).await;
    let path = format!("/participants/{}", elsewhere["participants_created"][0]);
    let quinn = expect_status(app.get("/api/v1", &path, &shop.member.bearer()).await, 200).await["data"].clone();
    assert_eq!((quinn["campaign_id"].as_u64(), &quinn["referred_by"]), (Some(other), &outsider["id"]), "{quinn}");
    for stranger in ["pia@customers.example", "quinn@customers.example"] {
        assert_eq!(shop.participant(&app, stranger).await, Value::Null, "{stranger}");
    }
    // A partner paying through their own link is no referral of theirs.
    let own =
        delivered(&app, shop.brand, &checkout("cs_self", "sam@partners.example", Some(&code(&sam)), json!({}))).await;
    assert_eq!(own["participants_created"], json!([]));
    assert_eq!(shop.rewards_of(&app, &sam).await, 1, "Sam earned nothing from his own purchase");
}

#[tokio::test]
async fn twenty_deliveries_of_one_new_customers_checkout_at_once_make_one_participant_and_one_conversion() {
    let app = TestApp::spawn().await;
    let shop = Shop::new(&app, "checkout-burst").await;
    let sam = app.participant(&shop.member, shop.campaign, "sam@burst.example").await;
    let event = checkout("cs_burst", "nina@burst.example", sam["referral_code"].as_str(), json!({}));
    let answers =
        futures_util::future::join_all((0..20).map(|_| async { delivered(&app, shop.brand, &event).await })).await;
    let conversion = answers[0]["conversion_ids"].clone();
    assert_eq!(conversion.as_array().map(Vec::len), Some(1), "{}", answers[0]);
    assert!(answers.iter().all(|a| a["conversion_ids"] == conversion && a["outcome"] == "recorded"));
    let created: Vec<&Value> = answers.iter().flat_map(|a| a["participants_created"].as_array().unwrap()).collect();
    assert_eq!(created.len(), 1, "one delivery signed her up");
    let nina = shop.participant(&app, "nina@burst.example").await;
    assert_eq!((&nina["id"], &nina["referred_by"]), (created[0], &sam["id"]));
    assert_eq!(shop.conversions(&app).await.len(), 1);
    assert_eq!(shop.rewards_of(&app, &sam).await, 1);
}

#[tokio::test]
async fn new_customers_acknowledged_before_a_sigkill_each_are_one_referral_with_one_conversion() {
    let mut app = TestApp::spawn().await;
    let shop = Shop::new(&app, "checkout-crash").await;
    let sam = app.participant(&shop.member, shop.campaign, "sam@crash.example").await;
    let code = sam["referral_code"].as_str().unwrap().to_owned();
    let event = |n: u32| checkout(&format!("cs_{n:02}"), &format!("c{n:02}@crash.example"), Some(&code), json!({}));
    let request = |app: &TestApp, n: u32| {
        let body = event(n);
        app.client
            .post(app.url("", &format!("/hooks/stripe/{}", shop.brand)))
            .header("Content-Type", "application/json")
            .header("Stripe-Signature", crate::stripe::signature(SECRET, crate::stripe::unix_now(), &body))
            .body(body)
    };
    // Three streams of new customers' checkouts; the kill falls amid them.
    let streams: Vec<Vec<(u32, crate::contract::Request)>> =
        (0..3).map(|s| (0..12).map(|i| (s * 12 + i, request(&app, s * 12 + i))).collect()).collect();
    let acknowledged = app.kill_amid(streams, 9).await;
    app.restart().await;
    let kept = shop.conversions(&app).await;
    for n in &acknowledged {
        let customer = shop.participant(&app, &format!("c{n:02}@crash.example")).await;
        assert_eq!(customer["referred_by"], sam["id"], "acknowledged checkout {n}: {customer}");
        let id = customer["id"].as_u64().unwrap();
        assert_eq!(kept.iter().filter(|(e, p)| *e == format!("cs_{n:02}") && *p == id).count(), 1, "{n}");
    }
    // Stripe redelivers every one: each customer once, each with one conversion, and Sam one
    // reward per customer.
    for n in 0..36 {
        let answer = delivered(&app, shop.brand, &event(n)).await;
        assert_eq!(answer["outcome"], json!("recorded"), "{n}: {answer}");
    }
    let kept = shop.conversions(&app).await;
    assert_eq!(kept.len(), 36);
    let customers: std::collections::HashSet<u64> = kept.iter().map(|(_, p)| *p).collect();
    assert_eq!(customers.len(), 36, "one participant per customer");
    let listed = format!("/participants?campaign_id={}&limit=100", shop.campaign);
    let listed = expect_status(app.get("/api/v1", &listed, &shop.member.bearer()).await, 200).await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(37), "Sam and the 36");
    assert_eq!(shop.rewards_of(&app, &sam).await, 36);
}
