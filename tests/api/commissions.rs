//! Commissions over HTTP, from Stripe events signed here as Stripe signs them and from the
//! API: a subscription's fourteen monthly invoices, each delivered twice in shuffled order
//! (split between two servers on PostgreSQL), earn exactly twelve commissions; refunds in
//! part and in whole count once; twenty deliveries of one invoice at once make one; a kill -9
//! amid deliveries loses no acknowledged invoice and doubles none; a rule changed midway
//! leaves what was earned; bad input is refused naming the field.

use std::collections::{BTreeMap, HashSet};

use chrono::{Months, TimeZone, Utc};
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::helpers::*;

const SECRET: &str = "whsec_commission0123456789abcdefghij";

/// The rule of the example: 20 % for 12 months, 50 % of the first payment.
fn rule() -> Value {
    json!({"type": "percent", "rate": 20, "first_payment_rate": 50, "duration_months": 12})
}

fn signature(t: i64, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(SECRET.as_bytes()).unwrap();
    mac.update(format!("{t}.{body}").as_bytes());
    format!("t={t},v1={}", hex::encode(mac.finalize().into_bytes()))
}

fn stripe_delivery(app: &TestApp, brand: u64, body: &str) -> crate::contract::Request {
    let now = Utc::now().timestamp();
    app.client
        .post(app.url("", &format!("/hooks/stripe/{brand}")))
        .header("Content-Type", "application/json")
        .header("Stripe-Signature", signature(now, body))
        .body(body.to_owned())
}

async fn deliver(app: &TestApp, brand: u64, body: &str) -> Value {
    expect_status(stripe_delivery(app, brand, body).send().await.unwrap(), 200).await["data"].clone()
}

/// The period start of month `n` of a subscription begun on 15 January 2027.
fn month(n: u32) -> i64 {
    Utc.with_ymd_and_hms(2027, 1, 15, 9, 30, 0).unwrap().checked_add_months(Months::new(n)).unwrap().timestamp()
}

/// Stripe's `invoice.paid` for month `n` of `sub_1` at 49.00 EUR, as API versions from
/// 2025 shape it (the subscription in `parent`, the product in `pricing`).
fn invoice_paid(tag: &str, email: &str, n: u32) -> String {
    json!({
        "id": format!("evt_{tag}_{n}"), "object": "event", "type": "invoice.paid",
        "data": {"object": {
            "id": format!("in_{tag}_{n:02}"), "object": "invoice", "customer_email": email,
            "amount_paid": 4900, "currency": "eur", "period_start": month(n) - 2_592_000,
            "parent": {"subscription_details": {"subscription": format!("sub_{tag}")}},
            "total_taxes": [],
            "lines": {"data": [{"amount": 4900, "discount_amounts": [], "period": {"start": month(n), "end": month(n + 1)},
                "pricing": {"price_details": {"product": "prod_pro"}}}]},
            "payment_intent": format!("pi_{tag}_{n:02}")
        }}
    })
    .to_string()
}

fn charge_refunded(tag: &str, n: u32, refunded: i64) -> String {
    json!({
        "id": format!("evt_refund_{tag}_{n}_{refunded}"), "object": "event", "type": "charge.refunded",
        "data": {"object": {"id": format!("ch_{tag}_{n:02}"), "object": "charge", "amount": 4900,
            "amount_refunded": refunded, "refunded": refunded == 4900,
            "payment_intent": format!("pi_{tag}_{n:02}"), "invoice": format!("in_{tag}_{n:02}")}}
    })
    .to_string()
}

/// A fixed shuffle, the same on every run.
fn shuffled<T>(mut items: Vec<T>, mut seed: u64) -> Vec<T> {
    for i in (1..items.len()).rev() {
        seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
        items.swap(i, (seed >> 33) as usize % (i + 1));
    }
    items
}

/// A member's brand connected to Stripe, a campaign paying `commission` in `currency`, and
/// Ada, who referred Bob.
struct Programme {
    member: TestMember,
    brand: u64,
    campaign: u64,
    ada: u64,
    bob_email: String,
}

async fn programme(app: &TestApp, tag: &str, commission: Value, currency: &str) -> Programme {
    let member = app.member(tag).await;
    let brand = app.brand(&member, &format!("https://{tag}.example.com")).await;
    let fields = json!({"goal_type": "conversion", "reward_type": 5, "reward_value": "10", "commission": commission,
        "payouts": {"currency": currency}});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let ada = app.participant(&member, campaign, &format!("ada@{tag}.example")).await;
    let bob_email = format!("bob@{tag}.example");
    expect_status(app.refer(&member, ada["referral_code"].as_str().unwrap(), &bob_email).await, 201).await;
    let path = format!("/brands/{brand}/stripe");
    expect_status(app.put_json("/api/v1", &path, &member.bearer(), &json!({"signing_secret": SECRET})).await, 200)
        .await;
    Programme { member, brand, campaign, ada: ada["id"].as_u64().unwrap(), bob_email }
}

/// Ada's rewards by id.
async fn rewards_of(app: &TestApp, p: &Programme) -> BTreeMap<u64, Value> {
    let path = format!("/rewards?participant_id={}&limit=100", p.ada);
    let listed = expect_status(app.get("/api/v1", &path, &p.member.bearer()).await, 200).await;
    listed["data"]["rewards"].as_array().unwrap().iter().map(|r| (r["id"].as_u64().unwrap(), r.clone())).collect()
}

/// Every conversion of the campaign with its commission, by invoice id.
async fn commissions_of(app: &TestApp, p: &Programme) -> BTreeMap<String, Value> {
    let path = format!("/conversions?campaign_id={}&limit=100", p.campaign);
    let listed = expect_status(app.get("/api/v1", &path, &p.member.bearer()).await, 200).await;
    let mut found = BTreeMap::new();
    for conversion in listed["data"]["conversions"].as_array().unwrap() {
        let path = format!("/conversions/{}", conversion["id"]);
        let one = expect_status(app.get("/api/v1", &path, &p.member.bearer()).await, 200).await["data"].clone();
        let id = one["conversion"]["external_id"].as_str().unwrap().to_owned();
        assert!(found.insert(id.clone(), one["commission"].clone()).is_none(), "one conversion per invoice: {id}");
    }
    found
}

/// The standing commissions (rewards not voided), oldest period first: (invoice, amount).
async fn standing(app: &TestApp, p: &Programme) -> Vec<(String, String)> {
    let rewards = rewards_of(app, p).await;
    let mut standing: Vec<(String, String, String)> = Vec::new();
    for (invoice, commission) in commissions_of(app, p).await {
        let Some(reward_id) = commission["reward_id"].as_u64() else { continue };
        let reward = &rewards[&reward_id];
        if reward["status"] != json!("voided") {
            let period = commission["period_start"].as_str().unwrap().to_owned();
            standing.push((period, invoice, reward["value"].as_str().unwrap().to_owned()));
        }
    }
    standing.sort();
    standing.into_iter().map(|(_, invoice, value)| (invoice, value)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn fourteen_invoices_each_twice_in_shuffled_order_earn_twelve_commissions_and_refunds_count_once() {
    let first = TestApp::spawn_with(Options { secret: Some("c1".repeat(32)), ..Options::default() }).await;
    let second = match on_postgres() {
        true => Some(TestApp::spawn_beside(&first).await),
        false => None,
    };
    let server = |i: usize| match (&second, i % 2) {
        (Some(second), 1) => second,
        _ => &first,
    };
    let p = programme(&first, "subscription", rule(), "EUR").await;
    // Four waves of seven deliveries at once, each wave split between the servers.
    let deliveries = shuffled((0..14).chain(0..14).collect::<Vec<u32>>(), 2027);
    for wave in deliveries.chunks(7) {
        let sent = wave.iter().enumerate().map(|(i, &n)| {
            let body = invoice_paid("subscription", &p.bob_email, n);
            let request = stripe_delivery(server(i), p.brand, &body);
            async move { request.send().await.unwrap() }
        });
        for answer in futures_util::future::join_all(sent).await {
            let answer = expect_status(answer, 200).await;
            assert_eq!(answer["data"]["outcome"], json!("recorded"), "{answer}");
        }
    }
    let mut expected = vec![("in_subscription_00".to_owned(), "24.50".to_owned())];
    expected.extend((1..12).map(|n| (format!("in_subscription_{n:02}"), "9.80".to_owned())));
    assert_eq!(standing(&first, &p).await, expected);
    let commissions = commissions_of(&first, &p).await;
    assert_eq!(commissions.len(), 14);
    for n in [12, 13] {
        let late = &commissions[&format!("in_subscription_{n}")];
        assert_eq!(late["state"], json!("outside_duration"), "{late}");
    }
    let first_invoice = &commissions["in_subscription_00"];
    assert_eq!((&first_invoice["first_payment"], &first_invoice["lines"][0]["rate"]), (&json!(true), &json!(50.0)));
    assert_eq!(first_invoice["terms"]["description"], json!("20 % of every payment for 12 months, 50 % of the first"));
    let stats = first.campaign_stats(&p.member, p.campaign).await;
    assert_eq!((&stats["conversions"], &stats["referrals"]), (&json!(14), &json!(1)), "{stats}");

    // A partial refund of 24.50 on month 3 takes back 4.90; delivered twice, once.
    for i in 0..2 {
        let answer = deliver(server(i), p.brand, &charge_refunded("subscription", 3, 2450)).await;
        assert_eq!(answer["outcome"], json!(if i == 0 { "refunded" } else { "partial_refund" }), "{answer}");
    }
    let month_3 = &commissions_of(&first, &p).await["in_subscription_03"];
    assert_eq!((&month_3["taken_back"], &month_3["refunded"]), (&json!("4.90"), &json!("24.50")), "{month_3}");
    assert_eq!(standing(&first, &p).await[3], ("in_subscription_03".to_owned(), "4.90".to_owned()));

    // Month 1's commission is paid out, then its invoice refunded whole (twice): owed.
    let paid = commissions_of(&first, &p).await["in_subscription_01"]["reward_id"].as_u64().unwrap();
    let fulfil = first.post_json("/api/v1", &format!("/rewards/{paid}/fulfil"), &p.member.bearer(), &json!({})).await;
    expect_status(fulfil, 200).await;
    for i in 0..2 {
        deliver(server(i), p.brand, &charge_refunded("subscription", 1, 4900)).await;
    }
    let balance = first.get("/api/v1", &format!("/participants/{}/balance", p.ada), &p.member.bearer()).await;
    let balance = expect_status(balance, 200).await["data"].clone();
    assert_eq!(balance["owed"], json!("9.80"), "{balance}");
    // An older partial event of month 3 arriving late takes nothing more.
    deliver(&first, p.brand, &charge_refunded("subscription", 3, 1000)).await;
    assert_eq!(commissions_of(&first, &p).await["in_subscription_03"]["taken_back"], json!("4.90"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twenty_deliveries_of_one_invoice_at_once_make_one_commission() {
    let app = TestApp::spawn_with(Options { secret: Some("c2".repeat(32)), ..Options::default() }).await;
    let beside = match on_postgres() {
        true => Some(TestApp::spawn_beside(&app).await),
        false => None,
    };
    let p = programme(&app, "one-invoice", rule(), "EUR").await;
    let body = invoice_paid("one-invoice", &p.bob_email, 0);
    let sent = (0..20).map(|i| {
        let server = beside.as_ref().filter(|_| i % 2 == 1).unwrap_or(&app);
        let request = stripe_delivery(server, p.brand, &body);
        async move { request.send().await.unwrap() }
    });
    let mut conversions = HashSet::new();
    for answer in futures_util::future::join_all(sent).await {
        let answer = expect_status(answer, 200).await;
        conversions.insert(answer["data"]["conversion_ids"][0].as_u64().unwrap());
    }
    assert_eq!(conversions.len(), 1, "every delivery names the one conversion");
    let rewards = rewards_of(&app, &p).await;
    let values: Vec<&Value> = rewards.values().map(|r| &r["value"]).collect();
    assert_eq!(values, [&json!("24.50")], "one commission: {rewards:?}");
}

#[tokio::test]
async fn invoices_acknowledged_before_a_sigkill_each_have_exactly_one_commission_after_restart() {
    let mut app = TestApp::spawn_with(Options { secret: Some("c3".repeat(32)), ..Options::default() }).await;
    let p = programme(&app, "invoice-crash", json!({"type": "percent", "rate": 20}), "EUR").await;
    // Three streams of invoices, one after another within each; the kill falls amid them.
    let streams: Vec<Vec<(u32, crate::contract::Request)>> = (0..3)
        .map(|stream| {
            (0..12)
                .map(|i| {
                    let n = stream * 12 + i;
                    (n, stripe_delivery(&app, p.brand, &invoice_paid("invoice-crash", &p.bob_email, n)))
                })
                .collect()
        })
        .collect();
    let acknowledged = app.kill_amid(streams, 9).await;
    app.restart().await;
    let commissions = commissions_of(&app, &p).await;
    let rewards = rewards_of(&app, &p).await;
    for n in &acknowledged {
        let commission = &commissions[&format!("in_invoice-crash_{n:02}")];
        assert_eq!(commission["state"], json!("earned"), "acknowledged invoice {n} kept: {commission}");
    }
    // All or nothing: every recorded invoice has its one reward, every reward its invoice.
    let earning: Vec<u64> = commissions.values().map(|c| c["reward_id"].as_u64().unwrap()).collect();
    assert_eq!(earning.len(), rewards.len(), "{commissions:?} {rewards:?}");
    assert_eq!(earning.iter().collect::<HashSet<_>>(), rewards.keys().collect::<HashSet<_>>());
    // Redelivered after the restart, every invoice still has exactly one.
    for n in 0..36 {
        deliver(&app, p.brand, &invoice_paid("invoice-crash", &p.bob_email, n)).await;
    }
    assert_eq!(rewards_of(&app, &p).await.len(), 36);
    assert_eq!(commissions_of(&app, &p).await.len(), 36);
}

/// Records an invoice through the API; the answer's `data`.
async fn invoice_through_api(app: &TestApp, p: &Programme, body: Value, status: u16) -> Value {
    let mut body = body;
    body["campaign_id"] = json!(p.campaign);
    body["email"] = json!(p.bob_email);
    expect_status(app.post_json("/api/v1", "/conversions", &p.member.bearer(), &body).await, status).await["data"]
        .clone()
}

#[tokio::test]
async fn the_api_reports_invoices_and_refunds_and_a_rule_changed_midway_leaves_what_was_earned() {
    let app = TestApp::spawn().await;
    let p = programme(&app, "api-invoices", json!({"type": "percent", "rate": 20, "duration_months": 12}), "EUR").await;
    for n in 0..6 {
        let period = Utc.timestamp_opt(month(n), 0).unwrap().to_rfc3339();
        let body = json!({"external_id": format!("inv-{n}"), "subscription_id": "sub-9", "period_start": period,
            "currency": "EUR", "amount": "49.00"});
        let made = invoice_through_api(&app, &p, body, 201).await;
        assert_eq!(made["commission"]["amount"], json!("9.80"), "{made}");
    }
    let path = format!("/campaigns/{}", p.campaign);
    let change = json!({"commission": {"type": "percent", "rate": 10, "duration_months": 12}});
    expect_status(app.put_json("/api/v1", &path, &p.member.bearer(), &change).await, 200).await;
    let two_lines = json!({"external_id": "inv-6", "subscription_id": "sub-9", "period_start": "2027-07-15",
        "currency": "EUR", "lines": [{"product_id": "prod_a", "amount": "40.00"}, {"amount": "9"}]});
    let made = invoice_through_api(&app, &p, two_lines, 201).await;
    assert_eq!((&made["commission"]["amount"], &made["commission"]["base"]), (&json!("4.90"), &json!("49.00")));
    let amounts: Vec<String> = standing(&app, &p).await.into_iter().map(|(_, v)| v).collect();
    assert_eq!(amounts, ["9.80", "9.80", "9.80", "9.80", "9.80", "9.80", "4.90"], "months 0 to 5 as they were");

    // A partial refund needs its id; by id it counts once.
    let id = made["conversion"]["id"].as_u64().unwrap();
    let refund_path = format!("/conversions/{id}/refund");
    let message = expect_error(
        app.post_json("/api/v1", &refund_path, &p.member.bearer(), &json!({"amount": "24.50"})).await,
        400,
        "validation_failed",
    )
    .await;
    assert!(message.contains("refund_id"), "{message}");
    for _ in 0..2 {
        let body = json!({"amount": "24.50", "refund_id": "re-1"});
        let refunded =
            expect_status(app.post_json("/api/v1", &refund_path, &p.member.bearer(), &body).await, 200).await;
        assert_eq!(refunded["data"]["commission"]["taken_back"], json!("2.45"), "{refunded}");
    }
    let whole = expect_status(app.post_json("/api/v1", &refund_path, &p.member.bearer(), &json!({})).await, 200).await;
    assert_eq!(whole["data"]["commission"]["taken_back"], json!("4.90"));
    assert_eq!(whole["data"]["conversion"]["status"], json!("refunded"));
    assert_eq!(whole["data"]["voided"].as_array().unwrap().len(), 1, "{whole}");

    // Bad input names the field.
    for (body, field) in [
        (json!({"external_id": "x1", "period_start": "March"}), "period_start"),
        (json!({"external_id": "x2", "lines": [{"amount": "1"}]}), "period_start"),
        (json!({"external_id": "x3", "period_start": "2027-01-01", "currency": "JPY", "amount": "10.5"}), "amount"),
        (json!({"external_id": "x4", "period_start": "2027-01-01", "lines": []}), "lines"),
        (json!({"external_id": "x5", "period_start": "2027-01-01", "lines": [{"amount": "-1"}]}), "lines.amount"),
    ] {
        let mut body = body;
        body["campaign_id"] = json!(p.campaign);
        body["email"] = json!(p.bob_email);
        let answer = app.post_json("/api/v1", "/conversions", &p.member.bearer(), &body).await;
        let message = expect_error(answer, 400, "validation_failed").await;
        assert!(message.contains(field), "{body}: {message}");
    }
    for (commission, field) in [
        (json!({"type": "percent"}), "commission.rate"),
        (json!({"type": "percent", "rate": 120}), "commission.rate"),
        (json!({"type": "percent", "rate": 20, "duration_months": 0}), "commission.duration_months"),
        (json!({"type": "share"}), "commission.type"),
        (json!("20%"), "commission"),
    ] {
        let answer = app.put_json("/api/v1", &path, &p.member.bearer(), &json!({"commission": commission})).await;
        let message = expect_error(answer, 400, "validation_failed").await;
        assert!(message.contains(field), "{commission}: {message}");
    }
    // The rewards CSV says each commission's currency and what it is a share of.
    let csv = app.get("/api/v1", &format!("/campaigns/{}/rewards.csv", p.campaign), &p.member.bearer()).await;
    let csv = csv.text().await.unwrap();
    assert!(csv.lines().next().unwrap().ends_with(",currency,commission"), "{csv}");
    assert!(csv.contains(",EUR,\"invoice inv-6, period from 2027-07-15, 10 % of 49.00 EUR; 49.00 EUR refunded, 4.90 EUR taken back\""), "{csv}");
    let signup_goal = json!({"goal_type": "signup"});
    let message =
        expect_error(app.put_json("/api/v1", &path, &p.member.bearer(), &signup_goal).await, 400, "validation_failed")
            .await;
    assert!(message.contains("commission.type"), "{message}");
}

#[tokio::test]
async fn an_invoice_in_another_currency_waits_for_a_rate_then_earns_at_it() {
    let app = TestApp::spawn().await;
    let p = programme(&app, "other-currency", json!({"type": "percent", "rate": 20}), "USD").await;
    let body = json!({"external_id": "eur-1", "period_start": "2027-03-01", "currency": "EUR", "amount": "100.00"});
    let made = invoice_through_api(&app, &p, body, 201).await;
    assert_eq!(made["commission"]["state"], json!("no_exchange_rate"), "{made}");
    let reward = made["rewards"][0].clone();
    assert_eq!((&reward["status"], &reward["value"]), (&json!("held"), &Value::Null), "{reward}");
    assert_eq!(reward["hold_reasons"], json!(["no_exchange_rate"]));
    let approve = format!("/rewards/{}/approve", reward["id"]);
    let message = expect_error(
        app.post_json("/api/v1", &approve, &p.member.bearer(), &json!({})).await,
        409,
        "reward_state_conflict",
    )
    .await;
    assert!(message.contains("exchange rate"), "{message}");

    // Bad rates are refused naming the field and the rate; nothing is kept.
    let bad = json!({"rates": [{"from": "EUR", "to": "USD", "date": "2027-03-01", "rate": "1.0870"},
        {"from": "EUR", "to": "USD", "date": "2027-02-30", "rate": "1.1"}]});
    let message = expect_error(
        app.put_json("/api/v1", "/exchange-rates", &p.member.bearer(), &bad).await,
        400,
        "validation_failed",
    )
    .await;
    assert!(message.contains("rates[1]") && message.contains("rates.date"), "{message}");
    let listed = expect_status(app.get("/api/v1", "/exchange-rates", &p.member.bearer()).await, 200).await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(0));

    // Ten owners' clients give the rate at once: the commission is computed once.
    let rates = json!({"rates": [{"from": "EUR", "to": "USD", "date": "2027-02-27", "rate": "1.0870"}]});
    let cred = p.member.bearer();
    let given = (0..10).map(|_| app.put_json("/api/v1", "/exchange-rates", &cred, &rates));
    let mut rated = 0;
    for answer in futures_util::future::join_all(given).await {
        rated += expect_status(answer, 200).await["data"]["rated"].as_u64().unwrap();
    }
    assert_eq!(rated, 1, "rated once, whichever request did it");
    let stats = app.campaign_stats(&p.member, p.campaign).await;
    assert_eq!(
        (&stats["rewards_issued"], &stats["held_by_reason"]["no_exchange_rate"]),
        (&json!(1), &json!(0)),
        "{stats}"
    );
    let detail =
        expect_status(app.get("/api/v1", &format!("/rewards/{}", reward["id"]), &p.member.bearer()).await, 200).await;
    let detail = &detail["data"];
    assert_eq!((&detail["status"], &detail["value"]), (&json!("issued"), &json!("21.74")), "{detail}");
    let conversion = made["conversion"]["id"].as_u64().unwrap();
    let read =
        expect_status(app.get("/api/v1", &format!("/conversions/{conversion}"), &p.member.bearer()).await, 200).await;
    let commission = &read["data"]["commission"];
    assert_eq!(
        (&commission["amount"], &commission["exchange_rate"], &commission["exchange_rate_date"]),
        (&json!("21.74"), &json!("1.0870"), &json!("2027-02-27")),
        "{commission}"
    );
    // A second invoice finds the rate at once; a rate given again rates nothing twice.
    let body = json!({"external_id": "eur-2", "period_start": "2027-03-02", "currency": "EUR", "amount": "100.00"});
    assert_eq!(invoice_through_api(&app, &p, body, 201).await["rewards"][0]["value"], json!("21.74"));
    let again = expect_status(app.put_json("/api/v1", "/exchange-rates", &p.member.bearer(), &rates).await, 200).await;
    assert_eq!(again["data"]["rated"], json!(0));
}

/// A paid invoice of a customer: (customer, invoice id, subscription, month, amount,
/// refunded).
type Paid = (&'static str, &'static str, &'static str, u32, &'static str, Option<&'static str>);

/// Two referrers' customers' invoices and refunds, the same in any campaign.
const HISTORY: [Paid; 7] = [
    ("bob", "b-2", "sub-b", 2, "49.00", None),
    ("bob", "b-0", "sub-b", 0, "49.00", None),
    ("bob", "b-1", "sub-b", 1, "49.00", Some("24.50")),
    ("bob", "b-7", "sub-b", 7, "49.00", None),
    ("dan", "d-0", "sub-d", 1, "120.00", None),
    ("dan", "d-1", "sub-d", 2, "120.00", Some("120.00")),
    ("eve", "e-0", "e-0", 3, "15.50", None),
];

/// A campaign under `rule` where Ada refers Bob and Dan and Cy refers Eve, with
/// [`HISTORY`] recorded through the API; the programme and the referrers' ids by name.
async fn with_history(app: &TestApp, tag: &str, rule: Value) -> (Programme, BTreeMap<u64, &'static str>) {
    let p = programme(app, tag, rule, "EUR").await;
    let cy = app.participant(&p.member, p.campaign, &format!("cy@{tag}.example")).await;
    let code = |participant: &Value| participant["referral_code"].as_str().unwrap().to_owned();
    let ada = app.get("/api/v1", &format!("/participants/{}", p.ada), &p.member.bearer()).await;
    let ada = expect_status(ada, 200).await["data"].clone();
    for (customer, referrer) in [("dan", &ada), ("eve", &cy)] {
        expect_status(app.refer(&p.member, &code(referrer), &format!("{customer}@{tag}.example")).await, 201).await;
    }
    for (customer, invoice, subscription, n, amount, refunded) in HISTORY {
        let period = Utc.timestamp_opt(month(n), 0).unwrap().to_rfc3339();
        let body = json!({"campaign_id": p.campaign, "email": format!("{customer}@{tag}.example"), "external_id": invoice,
            "subscription_id": subscription, "period_start": period, "currency": "EUR", "amount": amount});
        let made = app.post_json("/api/v1", "/conversions", &p.member.bearer(), &body).await;
        let made = expect_status(made, 201).await["data"].clone();
        if let Some(refunded) = refunded {
            let path = format!("/conversions/{}/refund", made["conversion"]["id"]);
            let body = json!({"amount": refunded, "refund_id": format!("re-{invoice}")});
            expect_status(app.post_json("/api/v1", &path, &p.member.bearer(), &body).await, 200).await;
        }
    }
    let names = BTreeMap::from([(p.ada, "ada"), (cy["id"].as_u64().unwrap(), "cy")]);
    (p, names)
}

/// Per (referrer, month): what the campaign's commissions stand at.
async fn earned_by_month(
    app: &TestApp,
    p: &Programme,
    names: &BTreeMap<u64, &str>,
) -> BTreeMap<(String, String), String> {
    let mut months: BTreeMap<(String, String), u64> = BTreeMap::new();
    for commission in commissions_of(app, p).await.values() {
        let cents = |v: &Value| v.as_str().map(|s| s.replace('.', "").parse::<u64>().unwrap()).unwrap_or(0);
        let standing = match commission["state"] == json!("earned") {
            true => cents(&commission["amount"]) - cents(&commission["taken_back"]),
            false => 0,
        };
        let referrer = names[&commission["referrer_id"].as_u64().unwrap()].to_owned();
        let month = commission["period_start"].as_str().unwrap()[..7].to_owned();
        *months.entry((referrer, month)).or_default() += standing;
    }
    months.into_iter().map(|(k, cents)| (k, format!("{}.{:02}", cents / 100, cents % 100))).collect()
}

#[tokio::test]
async fn a_preview_pays_what_the_same_invoices_earn_under_the_rule_from_the_start() {
    let app = TestApp::spawn().await;
    let (live, live_names) = with_history(&app, "preview-live", rule()).await;
    let proposed = json!({"type": "percent", "rate": 30, "first_payment_rate": 40, "duration_months": 6,
        "product_rates": {"prod_x": 10}});
    let path = format!("/campaigns/{}/commission/preview", live.campaign);
    let before = earned_by_month(&app, &live, &live_names).await;
    let answer = app.post_json("/api/v1", &path, &live.member.bearer(), &json!({"rule": proposed})).await;
    let previewed = expect_status(answer, 200).await["data"].clone();
    assert_eq!(earned_by_month(&app, &live, &live_names).await, before, "a preview writes nothing");

    let (fresh, fresh_names) = with_history(&app, "preview-fresh", proposed.clone()).await;
    let outcome = earned_by_month(&app, &fresh, &fresh_names).await;
    let mut shown = BTreeMap::new();
    for month in previewed["months"].as_array().unwrap() {
        let referrer = live_names[&month["participant_id"].as_u64().unwrap()].to_owned();
        shown.insert(
            (referrer.clone(), month["month"].as_str().unwrap().to_owned()),
            month["proposed"].as_str().unwrap().to_owned(),
        );
        assert_eq!(month["now"].as_str().unwrap(), before[&(referrer, month["month"].as_str().unwrap().to_owned())]);
    }
    assert_eq!(shown, outcome, "per referrer and month: {previewed}");
    let total: u64 = outcome.values().map(|v| v.replace('.', "").parse::<u64>().unwrap()).sum();
    assert_eq!(previewed["proposed"], json!(format!("{}.{:02}", total / 100, total % 100)));
    assert_eq!((previewed["invoices"].clone(), previewed["unrated"].clone()), (json!(7), json!(0)));

    // A window keeps the months in it; a bad rule or date is refused naming the field.
    let window = json!({"rule": proposed, "from": "2027-03-01", "to": "2027-04-30"});
    let windowed = expect_status(app.post_json("/api/v1", &path, &live.member.bearer(), &window).await, 200).await;
    let months: Vec<&str> =
        windowed["data"]["months"].as_array().unwrap().iter().map(|m| m["month"].as_str().unwrap()).collect();
    assert_eq!(months, ["2027-03", "2027-04"], "Ada's March, Cy's April: {windowed}");
    for (body, field) in [
        (json!({"rule": {"type": "percent"}}), "commission.rate"),
        (json!({"rule": proposed, "from": "soon"}), "from"),
        (json!({"rule": null}), "rule"),
    ] {
        let message =
            expect_error(app.post_json("/api/v1", &path, &live.member.bearer(), &body).await, 400, "validation_failed")
                .await;
        assert!(message.contains(field), "{message}");
    }
}

#[tokio::test]
async fn a_commission_s_reward_events_carry_its_invoice_rate_and_period() {
    let app = crate::webhooks::fast_app().await;
    let receiver = crate::receiver::Receiver::start().await;
    let p = programme(&app, "commission-events", rule(), "EUR").await;
    let body = json!({"link": receiver.url(), "events": ["reward.issued", "reward.voided"]});
    expect_status(app.post_json("/api/v1", "/webhooks", &p.member.bearer(), &body).await, 201).await;
    let invoice = json!({"external_id": "in-ev-0", "subscription_id": "sub-ev", "period_start": "2027-03-01",
        "currency": "EUR", "lines": [{"product_id": "prod_pro", "amount": "49.00"}]});
    let made = invoice_through_api(&app, &p, invoice, 201).await;
    let refund = format!("/conversions/{}/refund", made["conversion"]["id"]);
    expect_status(app.post_json("/api/v1", &refund, &p.member.bearer(), &json!({})).await, 200).await;
    let mut got: Vec<Value> = receiver.wait_for(2, crate::webhooks::WAIT).await.iter().map(|r| r.json()).collect();
    got.sort_by_key(|e| e["type"].as_str().unwrap().to_owned());
    let kinds: Vec<&str> = got.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["reward.issued", "reward.voided"]);
    for event in &got {
        let commission = &event["data"]["commission"];
        assert_eq!((&commission["invoice_id"], &commission["subscription_id"]), (&json!("in-ev-0"), &json!("sub-ev")));
        assert_eq!((&commission["base"], &commission["lines"][0]["rate"]), (&json!("49.00"), &json!(50.0)), "{event}");
        assert_eq!(commission["period_start"], json!("2027-03-01T00:00:00Z"));
        assert!(!event.to_string().contains(&p.bob_email), "the customer's email is not in it: {event}");
    }
    assert_eq!(got[1]["data"]["commission"]["taken_back"], json!("24.50"), "the void's event shows the refund");

    // Ada's portal lists it as a customer's invoice of a period, never whose.
    let mut browser = crate::dashboard::Browser::new(&app);
    let path = format!("/participants/{}/portal-link", p.ada);
    let made = expect_status(app.post_json("/api/v1", &path, &p.member.bearer(), &json!({})).await, 201).await;
    let link = made["data"]["url"].as_str().unwrap().trim_start_matches(&app.address).to_owned();
    let entered = browser.post(&link, &[]).await;
    let portal = browser.get(entered.location()).await;
    assert!(portal.body.contains("A customer you referred: invoice for the period from 1 Mar 2027"), "{}", portal.body);
    assert!(!portal.body.contains("bob@"), "no customer's email");
}

#[tokio::test]
async fn the_dashboard_sets_the_rule_shows_each_commission_and_previews_a_change_before_saving() {
    use crate::dashboard::{campaign_fields, token_of, Browser};
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Dana").await;
    let brand = browser.brand("https://dash-commission.example.com", "Shop").await;
    let mut fields = campaign_fields("Partners", "1");
    fields.retain(|(name, _)| !["reward_type", "reward_value", "goal_type"].contains(name));
    fields.extend([
        ("reward_type", "5"),
        ("reward_value", "10"),
        ("goal_type", "conversion"),
        ("section", "commission"),
        ("commission_type", "percent"),
        ("commission_rate", "20"),
        ("commission_first_payment_rate", "50"),
        ("commission_duration_months", "12"),
        ("commission_product_rates", "prod_pro 30\n"),
        ("payouts_currency", "eur"),
    ]);
    let (new_page, create) =
        (format!("/dashboard/brands/{brand}/campaigns/new"), format!("/dashboard/brands/{brand}/campaigns"));
    let made = browser.submit(&new_page, &create, &fields).await;
    assert_eq!(made.status, 303, "{}", made.body);
    let campaign: u64 =
        made.location().trim_start_matches("/dashboard/campaigns/").split('?').next().unwrap().parse().unwrap();
    let cred = token_of(&app, &email, &password).await;
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &cred).await, 200).await;
    let description = "20 % of every payment for 12 months, 50 % of the first; 30 % for product prod_pro";
    assert_eq!(read["data"]["commission"]["description"], json!(description), "{read}");
    assert_eq!(read["data"]["payouts"]["currency"], json!("EUR"));

    // Ada refers Bob, whose first invoice (a line of prod_pro) earns 50 %.
    let ada = expect_status(
        app.post_json("/api/v1", "/signups", &cred, &json!({"campaign_id": campaign, "email": "ada@dash.example"}))
            .await,
        201,
    )
    .await;
    let code = ada["data"]["participant"]["referral_code"].as_str().unwrap().to_owned();
    let referral = json!({"referral_code": code, "email": "bob@dash.example"});
    expect_status(app.post_json("/api/v1", "/signups/referral", &cred, &referral).await, 201).await;
    let invoice = json!({"campaign_id": campaign, "email": "bob@dash.example", "external_id": "in-dash-1",
        "subscription_id": "sub-dash", "period_start": "2027-03-01", "currency": "EUR",
        "lines": [{"product_id": "prod_pro", "amount": "49.00"}]});
    expect_status(app.post_json("/api/v1", "/conversions", &cred, &invoice).await, 201).await;
    let rewards = browser.get(&format!("/dashboard/campaigns/{campaign}/rewards")).await;
    assert!(rewards.body.contains("invoice in-dash-1, period from 2027-03-01, 50 % of 49.00 EUR"), "{}", rewards.body);

    // The edit page shows the rule in a sentence; a preview of 10 % shows its cost and saves nothing.
    let edit = format!("/dashboard/campaigns/{campaign}/edit");
    let page = browser.get(&edit).await;
    assert!(page.body.contains(description) && page.body.contains("Preview on your invoices"), "{}", page.body);
    let mut changed = fields.clone();
    changed.retain(|(name, _)| {
        !["commission_rate", "commission_first_payment_rate", "commission_product_rates"].contains(name)
    });
    changed.extend([
        ("commission_rate", "10"),
        ("commission_first_payment_rate", ""),
        ("commission_product_rates", ""),
    ]);
    let mut previewing = changed.clone();
    previewing.push(("preview", "commission"));
    let shown = browser.submit(&edit, &edit, &previewing).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    assert!(
        shown.body.contains("commission-preview")
            && shown.body.contains("<strong>4.90 EUR</strong> where they earn 24.50 EUR now"),
        "{}",
        shown.body
    );
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &cred).await, 200).await;
    assert_eq!(read["data"]["commission"]["rate"], json!(20.0), "a preview saves nothing");
    let saved = browser.submit(&edit, &edit, &changed).await;
    assert_eq!(saved.status, 303, "{}", saved.body);
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &cred).await, 200).await;
    assert_eq!(read["data"]["commission"]["description"], json!("10 % of every payment for 12 months"));
}
