//! Payouts: a payout per due balance, a reward in one payout at most (twenty requests at
//! once, and across a SIGKILL), paid and failed, the CSV for a bulk payment.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Value};

use crate::helpers::{expect_error, expect_status, Options, TestApp, TestMember};
use crate::receiver::Receiver;
use crate::webhooks::{fast_app, WAIT};

/// A cash campaign (10.00 a referral) with `payouts`, and `referrers` with their friends'
/// counts: their participant ids, in order, and every reward earned.
async fn earners(
    app: &TestApp,
    member: &TestMember,
    tag: &str,
    payouts: Value,
    friends: &[usize],
) -> (u64, Vec<u64>, Vec<u64>) {
    let brand = app.brand(member, &format!("https://{tag}.example.com")).await;
    let fields = json!({"reward_type": 5, "reward_value": "10", "payouts": payouts});
    let campaign = app.campaign(member, brand, fields).await["id"].as_u64().unwrap();
    let (mut referrers, mut rewards) = (Vec::new(), Vec::new());
    for (r, &n) in friends.iter().enumerate() {
        let referrer = app.participant(member, campaign, &format!("earner{r}@{tag}.example")).await;
        referrers.push(referrer["id"].as_u64().unwrap());
        for i in 0..n {
            let code = referrer["referral_code"].as_str().unwrap();
            let answer =
                expect_status(app.refer(member, code, &format!("friend{r}-{i}@{tag}.example")).await, 201).await;
            rewards.push(answer["data"]["referrer_reward"]["id"].as_u64().expect("a reward per referral"));
        }
    }
    (campaign, referrers, rewards)
}

async fn request(app: &TestApp, member: &TestMember, campaign: u64, body: Option<Value>) -> reqwest::Response {
    let path = format!("/campaigns/{campaign}/payouts");
    match body {
        Some(body) => app.post_json("/api/v1", &path, &member.bearer(), &body).await,
        None => app.client.post(app.url("/api/v1", &path)).bearer_auth(&member.token).send().await.unwrap(),
    }
}

/// Every payout of the campaign, by id.
async fn all_payouts(app: &TestApp, member: &TestMember, campaign: u64) -> BTreeMap<u64, Value> {
    let mut found = BTreeMap::new();
    for page in 1.. {
        let path = format!("/payouts?campaign_id={campaign}&limit=100&page={page}");
        let listed = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
        let payouts = listed["data"]["payouts"].as_array().unwrap().clone();
        if payouts.is_empty() {
            break;
        }
        found.extend(payouts.into_iter().map(|p| (p["id"].as_u64().unwrap(), p)));
    }
    found
}

/// Each reward's payouts that have not failed: none may have two.
fn holders(payouts: &BTreeMap<u64, Value>) -> BTreeMap<u64, Vec<u64>> {
    let mut held: BTreeMap<u64, Vec<u64>> = BTreeMap::new();
    for (id, payout) in payouts.iter().filter(|(_, p)| p["status"] != json!("failed")) {
        for reward in payout["reward_ids"].as_array().unwrap() {
            held.entry(reward.as_u64().unwrap()).or_default().push(*id);
        }
    }
    held
}

async fn move_payout(app: &TestApp, member: &TestMember, id: u64, action: &str, body: Value) -> reqwest::Response {
    app.post_json("/api/v1", &format!("/payouts/{id}/{action}"), &member.bearer(), &body).await
}

#[tokio::test]
async fn each_due_balance_gets_one_payout_which_is_paid_or_failed_once() {
    let app = TestApp::spawn().await;
    let member = app.member("payouts").await;
    let bearer = member.bearer();
    let settings = json!({"minimum": "15", "currency": "eur"});
    let (campaign, referrers, rewards) = earners(&app, &member, "payouts", settings, &[2, 1]).await;
    let detail = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &bearer).await, 200).await;
    assert_eq!(detail["data"]["payouts"], json!({"method": "manual", "minimum": "15.00", "currency": "EUR"}));
    for (bad, field) in [(json!({"minimum": "-1"}), "payouts.minimum"), (json!({"method": "cheque"}), "payouts.method")]
    {
        let body = json!({"payouts": bad});
        let answer = app.put_json("/api/v1", &format!("/campaigns/{campaign}"), &bearer, &body).await;
        assert!(expect_error(answer, 400, "validation_failed").await.contains(field), "{bad}");
    }

    // Only the first referrer's 20.00 reaches the minimum; the second's 10.00 waits.
    let made = expect_status(request(&app, &member, campaign, None).await, 201).await;
    let payouts = made["data"]["payouts"].as_array().unwrap().clone();
    assert_eq!(payouts.len(), 1, "{made}");
    let payout = &payouts[0];
    let id = payout["id"].as_u64().unwrap();
    assert_eq!(payout["participant_id"], json!(referrers[0]));
    assert_eq!((payout["amount"].as_str(), payout["currency"].as_str()), (Some("20.00"), Some("EUR")));
    assert_eq!((payout["status"].as_str(), payout["method"].as_str()), (Some("requested"), Some("manual")));
    assert_eq!(payout["reward_ids"], json!(rewards[..2]));
    let again = expect_status(request(&app, &member, campaign, Some(json!({}))).await, 200).await;
    assert_eq!(again["data"]["payouts"], json!([]), "nothing left due");
    let got = expect_status(app.get("/api/v1", &format!("/payouts/{id}"), &bearer).await, 200).await;
    assert_eq!(&got["data"], payout);
    let listed = app.get("/api/v1", &format!("/payouts?campaign_id={campaign}&status=requested"), &bearer).await;
    assert_eq!(expect_status(listed, 200).await["data"]["pagination"]["total"], json!(1));
    let none = app.get("/api/v1", &format!("/payouts?campaign_id={campaign}&status=paid"), &bearer).await;
    assert_eq!(expect_status(none, 200).await["data"]["pagination"]["total"], json!(0));

    // While the payout holds them, its rewards are neither fulfilled nor voided by hand.
    let by_hand = app.post_json("/api/v1", &format!("/rewards/{}/fulfil", rewards[0]), &bearer, &json!({})).await;
    let message = expect_error(by_hand, 409, "reward_state_conflict").await;
    assert!(message.contains(&format!("payout {id}")), "{message}");

    // The bulk-payment file, both layouts.
    let csv = |format: &str| {
        let url = app.url("/api/v1", &format!("/campaigns/{campaign}/payouts.csv?format={format}"));
        let request = app.client.get(url).bearer_auth(&member.token).send();
        async move {
            let response = request.await.unwrap();
            assert_eq!(response.headers()["cache-control"], "no-store", "payment addresses are cached nowhere");
            response.text().await.unwrap()
        }
    };
    let email = "earner0@payouts.example";
    assert_eq!(csv("paypal").await, format!("{email},20.00,EUR,payout-{id},Payout {id} from Test campaign,PAYPAL\n"));
    let wise = csv("wise").await;
    let lines: Vec<&str> = wise.lines().collect();
    assert_eq!(
        lines[0],
        "name,recipientEmail,paymentReference,receiverType,amountCurrency,amount,sourceCurrency,targetCurrency"
    );
    assert_eq!(lines[1], format!("Participant,{email},payout-{id},PRIVATE,target,20.00,EUR,EUR"));
    let bad_format = app.get("/api/v1", &format!("/campaigns/{campaign}/payouts.csv?format=xls"), &bearer).await;
    expect_error(bad_format, 400, "invalid_query").await;

    // Paid: its rewards are fulfilled; the same again answers it; a fail now is a conflict.
    expect_error(move_payout(&app, &member, id, "paid", json!({})).await, 400, "validation_failed").await;
    let paid = expect_status(move_payout(&app, &member, id, "paid", json!({"reference": "PP-7"})).await, 200).await;
    assert_eq!((paid["data"]["status"].as_str(), paid["data"]["reference"].as_str()), (Some("paid"), Some("PP-7")));
    assert!(paid["data"]["paid_at"].is_string());
    for reward in &rewards[..2] {
        let now = expect_status(app.get("/api/v1", &format!("/rewards/{reward}"), &bearer).await, 200).await;
        assert_eq!(now["data"]["status"], json!("fulfilled"));
    }
    let repeat = expect_status(move_payout(&app, &member, id, "paid", json!({"reference": "PP-7"})).await, 200).await;
    assert_eq!(repeat["data"], paid["data"]);
    let fail = move_payout(&app, &member, id, "fail", json!({"reason": "too late"})).await;
    assert!(expect_error(fail, 409, "payout_state_conflict").await.contains("paid"));
    expect_error(move_payout(&app, &member, id + 1000, "paid", json!({"reference": "x"})).await, 404, "not_found")
        .await;
    let stranger = app.member("payouts-stranger").await;
    expect_error(app.get("/api/v1", &format!("/payouts/{id}"), &stranger.bearer()).await, 404, "not_found").await;
    expect_error(request(&app, &stranger, campaign, None).await, 404, "not_found").await;

    // A failed payout frees its rewards: the next request pays them again.
    let second = referrers[1];
    let code = expect_status(app.get("/api/v1", &format!("/participants/{second}"), &bearer).await, 200).await;
    let code = code["data"]["referral_code"].as_str().unwrap().to_owned();
    expect_status(app.refer(&member, &code, "late-friend@payouts.example").await, 201).await;
    let named = json!({"participant_ids": [second]});
    let made = expect_status(request(&app, &member, campaign, Some(named.clone())).await, 201).await;
    let first_try = made["data"]["payouts"][0].clone();
    assert_eq!(first_try["amount"], json!("20.00"));
    let failed_id = first_try["id"].as_u64().unwrap();
    let failed = move_payout(&app, &member, failed_id, "fail", json!({"reason": "no such PayPal account"})).await;
    let failed = expect_status(failed, 200).await;
    assert_eq!(failed["data"]["failure_reason"], json!("no such PayPal account"));
    let retried = expect_status(request(&app, &member, campaign, Some(named)).await, 201).await;
    assert_eq!(retried["data"]["payouts"][0]["reward_ids"], first_try["reward_ids"]);
    assert_ne!(retried["data"]["payouts"][0]["id"], first_try["id"]);
    for ids in [json!([]), json!([0]), json!([9_223_372_036_854_775_808u64]), json!("12")] {
        let bad = request(&app, &member, campaign, Some(json!({"participant_ids": ids}))).await;
        assert!(expect_error(bad, 400, "validation_failed").await.starts_with("participant_ids"), "{ids}");
    }
}

#[tokio::test]
async fn twenty_requests_at_once_put_each_reward_in_exactly_one_payout() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("payout-race").await;
    let (campaign, referrers, rewards) = earners(&app, &member, "payout-race", json!({}), &[2; 8]).await;
    let requests = (0..20).map(|i| {
        // Half pay everyone due, half name a few.
        let body = (i % 2 == 1).then(|| json!({"participant_ids": [referrers[i % 8], referrers[(i + 3) % 8]]}));
        request(&app, &member, campaign, body)
    });
    let mut made = Vec::new();
    for answer in futures_util::future::join_all(requests).await {
        let status = answer.status().as_u16();
        assert!(status == 200 || status == 201, "{status}");
        made.extend(answer.json::<Value>().await.unwrap()["data"]["payouts"].as_array().unwrap().clone());
    }
    let stored = all_payouts(&app, &member, campaign).await;
    assert_eq!(made.len(), stored.len(), "every payout made was answered once");
    let held = holders(&stored);
    assert_eq!(held.keys().copied().collect::<BTreeSet<_>>(), rewards.iter().copied().collect(), "every reward paid");
    assert!(held.values().all(|p| p.len() == 1), "a reward in two payouts: {held:?}");
    let people: BTreeSet<u64> = stored.values().map(|p| p["participant_id"].as_u64().unwrap()).collect();
    assert_eq!((stored.len(), people.len()), (8, 8), "one payout a referrer");
    assert!(stored.values().all(|p| p["amount"] == json!("20.00")));
}

#[tokio::test]
async fn payouts_acknowledged_before_a_sigkill_are_all_there_once_after_restart() {
    let mut app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("payout-crash").await;
    let (campaign, referrers, rewards) = earners(&app, &member, "payout-crash", json!({}), &[1; 24]).await;
    // Three clients ask for one referrer's payout at a time; the kill falls between commits.
    let streams = (0..3)
        .map(|stream| {
            referrers[stream * 8..stream * 8 + 8]
                .iter()
                .map(|&referrer| {
                    let url = app.url("/api/v1", &format!("/campaigns/{campaign}/payouts"));
                    let body = json!({"participant_ids": [referrer]});
                    (referrer, app.client.post(url).bearer_auth(&member.token).json(&body))
                })
                .collect()
        })
        .collect();
    let acknowledged = app.kill_amid(streams, 6).await;
    app.restart().await;

    let stored = all_payouts(&app, &member, campaign).await;
    let paid_to: Vec<u64> = stored.values().map(|p| p["participant_id"].as_u64().unwrap()).collect();
    for referrer in &acknowledged {
        assert_eq!(
            paid_to.iter().filter(|&p| p == referrer).count(),
            1,
            "acknowledged payout of {referrer}: {stored:?}"
        );
    }
    assert!(stored.len() < referrers.len(), "the kill came before the last payout");
    assert!(holders(&stored).values().all(|p| p.len() == 1), "nothing doubled");

    // Asked again after the restart, the rest are paid, and still each reward once.
    expect_status(request(&app, &member, campaign, None).await, 201).await;
    let stored = all_payouts(&app, &member, campaign).await;
    let held = holders(&stored);
    assert_eq!(held.keys().copied().collect::<BTreeSet<_>>(), rewards.iter().copied().collect());
    assert!(held.values().all(|p| p.len() == 1), "a reward in two payouts: {held:?}");
}

#[tokio::test]
async fn payout_events_carry_the_participants_details_which_leave_with_an_erasure() {
    let app = fast_app().await;
    let receiver = Receiver::start().await;
    let member = app.member("payout-events").await;
    let bearer = member.bearer();
    let settings = json!({"method": "webhook"});
    let (campaign, referrers, rewards) = earners(&app, &member, "payout-events", settings, &[2]).await;
    let ada = referrers[0];
    let body = json!({"link": receiver.url(), "events": ["payout.requested", "payout.paid", "payout.failed"]});
    expect_status(app.post_json("/api/v1", "/webhooks", &bearer, &body).await, 201).await;

    // Where Ada asked to be paid: refused with the field named, then kept.
    let path = format!("/participants/{ada}/payout-details");
    let none = expect_status(app.get("/api/v1", &path, &bearer).await, 200).await;
    assert_eq!(none["data"], json!({"payout_details": null}));
    for (bad, field) in
        [(json!({"method": "venmo", "value": "x"}), "method"), (json!({"method": "paypal", "value": "no"}), "value")]
    {
        let refused = expect_error(app.put_json("/api/v1", &path, &bearer, &bad).await, 400, "validation_failed").await;
        assert!(refused.starts_with(field), "{refused}");
    }
    let details = json!({"method": "paypal", "value": "ada.pays@example.com"});
    let kept = expect_status(app.put_json("/api/v1", &path, &bearer, &details).await, 200).await;
    assert_eq!(kept["data"]["payout_details"], details);
    assert_eq!(expect_status(app.get("/api/v1", &path, &bearer).await, 200).await["data"]["payout_details"], details);

    // payout.requested carries the payout and the details; the CSV pays the PayPal account.
    let made = expect_status(request(&app, &member, campaign, None).await, 201).await;
    let payout = made["data"]["payouts"][0].clone();
    assert_eq!(payout["method"], json!("webhook"));
    let id = payout["id"].as_u64().unwrap();
    let got = receiver.wait_for(1, WAIT).await;
    let event = got[0].json();
    assert_eq!(event["type"], json!("payout.requested"));
    assert_eq!(event["data"]["payout"], payout);
    assert_eq!(event["data"]["payout_details"], details);
    assert_eq!(event["data"]["participant"]["id"], json!(ada));
    let url = app.url("/api/v1", &format!("/campaigns/{campaign}/payouts.csv"));
    let csv = app.client.get(url).bearer_auth(&member.token).send().await.unwrap().text().await.unwrap();
    assert!(csv.starts_with("ada.pays@example.com,20.00,USD,"), "{csv}");

    let paid = move_payout(&app, &member, id, "paid", json!({"reference": "bank-42"})).await;
    expect_status(paid, 200).await;
    let got = receiver.wait_for(2, WAIT).await;
    let paid_event = got.iter().map(|r| r.json()).find(|e| e["type"] == json!("payout.paid")).expect("payout.paid");
    assert_eq!(paid_event["data"]["payout"]["reference"], json!("bank-42"));
    assert_eq!(paid_event["data"]["payout"]["reward_ids"], json!(rewards));

    // The data export holds both; an erasure takes the details.
    let export = expect_status(app.get("/api/v1", &format!("/participants/{ada}/export"), &bearer).await, 200).await;
    assert_eq!(export["data"]["payout_details"], details);
    assert_eq!(export["data"]["payouts"][0]["id"], json!(id));
    expect_status(app.delete("/api/v1", &format!("/participants/{ada}"), &bearer).await, 200).await;
    let gone = expect_status(app.get("/api/v1", &path, &bearer).await, 200).await;
    assert_eq!(gone["data"], json!({"payout_details": null}));
    let export = expect_status(app.get("/api/v1", &format!("/participants/{ada}/export"), &bearer).await, 200).await;
    assert_eq!(export["data"]["payout_details"], json!(null));
    expect_error(app.put_json("/api/v1", &path, &bearer, &details).await, 409, "participant_erased").await;
    let stranger = app.member("payout-events-stranger").await;
    expect_error(app.get("/api/v1", &path, &stranger.bearer()).await, 404, "not_found").await;
}

#[tokio::test]
async fn a_refund_after_payout_is_owed_and_lowers_the_next_payout() {
    let app = TestApp::spawn().await;
    let member = app.member("payout-refund").await;
    let bearer = member.bearer();
    let brand = app.brand(&member, "https://payout-refund.example.com").await;
    let fields = json!({"reward_type": 5, "reward_value": "10", "goal_type": "conversion"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let ada = app.participant(&member, campaign, "ada@payout-refund.example").await;
    let (ada_id, code) = (ada["id"].as_u64().unwrap(), ada["referral_code"].as_str().unwrap().to_owned());
    let mut orders = Vec::new();
    for n in 0..4 {
        let friend = expect_status(app.refer(&member, &code, &format!("f{n}@payout-refund.example")).await, 201).await;
        let friend = friend["data"]["participant"]["id"].as_u64().unwrap();
        let body = json!({"campaign_id": campaign, "participant_id": friend, "external_id": format!("order-{n}")});
        let converted = expect_status(app.post_json("/api/v1", "/conversions", &bearer, &body).await, 201).await;
        orders.push(converted["data"]["conversion"]["id"].as_u64().unwrap());
        if n == 0 {
            // The first reward is paid out before anything else happens.
            let made = expect_status(request(&app, &member, campaign, None).await, 201).await;
            let id = made["data"]["payouts"][0]["id"].as_u64().unwrap();
            expect_status(move_payout(&app, &member, id, "paid", json!({"reference": "PP-1"})).await, 200).await;
        }
    }

    // Its order is refunded after the money left: Ada owes 10.00.
    let refund = app.post_json("/api/v1", &format!("/conversions/{}/refund", orders[0]), &bearer, &json!({})).await;
    let refund = expect_status(refund, 200).await;
    assert_eq!(refund["data"]["fulfilled"].as_array().unwrap().len(), 1, "{refund}");
    let balance =
        expect_status(app.get("/api/v1", &format!("/participants/{ada_id}/balance"), &bearer).await, 200).await;
    assert_eq!((balance["data"]["unpaid"].as_str(), balance["data"]["owed"].as_str()), (Some("30.00"), Some("10.00")));
    assert_eq!(balance["data"]["adjustments"][0]["amount"], json!("10.00"));
    assert!(balance["data"]["adjustments"][0]["note"].as_str().unwrap().contains("order-0"), "{balance}");

    // The next payout pays the three rewards less what is owed.
    let made = expect_status(request(&app, &member, campaign, None).await, 201).await;
    let next = &made["data"]["payouts"][0];
    assert_eq!((next["amount"].as_str(), next["deducted"].as_str()), (Some("20.00"), Some("10.00")));
    assert_eq!(next["reward_ids"].as_array().unwrap().len(), 3);
    let balance =
        expect_status(app.get("/api/v1", &format!("/participants/{ada_id}/balance"), &bearer).await, 200).await;
    assert_eq!((balance["data"]["unpaid"].as_str(), balance["data"]["owed"].as_str()), (Some("0.00"), Some("0.00")));
    assert_eq!(balance["data"]["adjustments"][1]["amount"], json!("-10.00"));
}
