//! The rest of a programme run from the dashboard (issue 53): conversions recorded by hand
//! and refunded, with the same rules as the API (an order id twice records once, a refund
//! twice changes nothing), and the forms' ownership and forgery checks.

use serde_json::{json, Value};

use crate::dashboard::{token_of, Answer, Browser};
use crate::helpers::{expect_status, Cred, TestApp};

/// The notice a page shows after a form.
fn notice(page: &Answer) -> &str {
    let start = page.body.find("role=\"status\">").map(|i| i + 14).unwrap_or(0);
    &page.body[start..start + page.body[start..].find('<').unwrap_or(0)]
}

/// A conversion-goal campaign (10.00 cash to the referrer when the friend converts), Ada
/// and the friend Bob she referred; the campaign's and Bob's ids.
async fn conversion_campaign(app: &TestApp, cred: &Cred) -> (u64, u64) {
    let brand =
        expect_status(app.post_json("/api/v1", "/brands", cred, &json!({"url": "orders.example"})).await, 201).await;
    let body = json!({"name": "Orders", "url_id": brand["data"]["id"], "reward_type": 5, "reward_value": "10",
        "goal_type": "conversion"});
    let campaign = expect_status(app.post_json("/api/v1", "/campaigns", cred, &body).await, 201).await["data"]["id"]
        .as_u64()
        .unwrap();
    let ada = json!({"campaign_id": campaign, "email": "ada@orders.example", "name": "Ada"});
    let ada = expect_status(app.post_json("/api/v1", "/signups", cred, &ada).await, 201).await;
    let bob = json!({"referral_code": ada["data"]["participant"]["referral_code"], "email": "bob@orders.example",
        "name": "Bob Buyer"});
    let bob = expect_status(app.post_json("/api/v1", "/signups/referral", cred, &bob).await, 201).await;
    (campaign, bob["data"]["participant"]["id"].as_u64().unwrap())
}

async fn conversions_of(app: &TestApp, cred: &Cred, campaign: u64) -> Vec<Value> {
    let listed = app.get("/api/v1", &format!("/conversions?campaign_id={campaign}"), cred).await;
    expect_status(listed, 200).await["data"]["conversions"].as_array().unwrap().clone()
}

#[tokio::test]
async fn a_conversion_recorded_by_hand_rewards_the_referrer_once_and_a_refund_voids_it() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Owner").await;
    let cred = token_of(&app, &email, &password).await;
    let (campaign, bob) = conversion_campaign(&app, &cred).await;
    let page = format!("/dashboard/campaigns/{campaign}/conversions");
    let empty = browser.get(&page).await;
    assert!(empty.body.contains("No conversions yet."));

    let order =
        [("participant", "BOB@orders.example"), ("external_id", "order-7"), ("amount", "49.9"), ("currency", "eur")];
    let done = browser.submit(&page, &page, &order).await;
    assert_eq!((done.status, done.location()), (303, format!("{page}?done=recorded").as_str()), "{}", done.body);
    let shown = browser.get(done.location()).await;
    assert_eq!(notice(&shown), "The conversion is recorded; the rewards it earned are in the list.");
    assert!(shown.body.contains("<code>order-7</code>") && shown.body.contains("49.90 EUR"), "{}", shown.body);
    assert!(shown.body.contains("Bob Buyer") && shown.body.contains("recorded · 1 reward"));
    // The same order again, by id this time: recorded once.
    let again = browser.submit(&page, &page, &[("participant", &bob.to_string()), ("external_id", "order-7")]).await;
    assert_eq!(again.location(), format!("{page}?done=known"));
    let listed = conversions_of(&app, &cred, campaign).await;
    assert_eq!(listed.len(), 1);
    let reward = listed[0]["reward_ids"][0].as_u64().unwrap();
    let earned = expect_status(app.get("/api/v1", &format!("/rewards/{reward}"), &cred).await, 200).await;
    assert_eq!((earned["data"]["status"].as_str(), earned["data"]["value"].as_str()), (Some("issued"), Some("10.00")));

    // A form that names nobody, or a bad amount: the form again, with the sentence, nothing recorded.
    for (fields, sentence) in [
        (vec![("participant", "nobody@orders.example"), ("external_id", "order-8")], "no participant of this campaign"),
        (vec![("participant", "bob@orders.example"), ("external_id", "order-8"), ("amount", "-3")], "amount"),
        (vec![("participant", "bob@orders.example"), ("external_id", "")], "external_id is required"),
    ] {
        let refused = browser.submit(&page, &page, &fields).await;
        assert_eq!(refused.status, 400, "{fields:?}: {}", refused.body);
        assert!(refused.body.contains(sentence), "{sentence}: {}", refused.body);
        assert!(refused.body.contains("value=\"order-8\"") || fields[1].1.is_empty(), "the form keeps what was typed");
    }
    assert_eq!(conversions_of(&app, &cred, campaign).await.len(), 1);

    // Refunded: its reward voided; a second refund changes nothing.
    let conversion = listed[0]["id"].as_u64().unwrap();
    let refund = format!("/dashboard/conversions/{conversion}/refund");
    let done = browser.submit(&page, &refund, &[]).await;
    assert_eq!(done.location(), format!("{page}?done=refunded&voided=1&kept=0"));
    assert_eq!(notice(&browser.get(done.location()).await), "The conversion is refunded: 1 reward voided.");
    let voided = expect_status(app.get("/api/v1", &format!("/rewards/{reward}"), &cred).await, 200).await;
    assert_eq!(voided["data"]["status"], json!("voided"));
    let twice = browser.submit(&page, &refund, &[]).await;
    assert_eq!(twice.location(), format!("{page}?done=refunded&voided=0&kept=0"));
    let shown = browser.get(&page).await;
    assert!(shown.body.contains("refunded · 1 reward") && !shown.body.contains(&refund), "no refund button now");
}

#[tokio::test]
async fn another_members_conversions_are_not_found_and_a_forged_form_records_nothing() {
    let app = TestApp::spawn().await;
    let mut owner = Browser::new(&app);
    let (email, password) = owner.register("Owner").await;
    let cred = token_of(&app, &email, &password).await;
    let (campaign, bob) = conversion_campaign(&app, &cred).await;
    let page = format!("/dashboard/campaigns/{campaign}/conversions");
    let body = json!({"campaign_id": campaign, "participant_id": bob, "external_id": "order-1"});
    let made = expect_status(app.post_json("/api/v1", "/conversions", &cred, &body).await, 201).await;
    let conversion = made["data"]["conversion"]["id"].as_u64().unwrap();

    let mut eve = Browser::new(&app);
    eve.register("Eve").await;
    let token = eve.get("/dashboard/account").await.token();
    assert_eq!(eve.get(&page).await.status, 404);
    let fields = [("csrf", token.as_str()), ("participant", "bob@orders.example"), ("external_id", "eve-1")];
    assert_eq!(eve.post(&page, &fields).await.status, 404);
    assert_eq!(eve.post(&format!("/dashboard/conversions/{conversion}/refund"), &[("csrf", &token)]).await.status, 404);
    // The owner's own forms without the session's token: refused.
    assert_eq!(owner.post(&page, &fields[1..]).await.status, 403);
    assert_eq!(
        owner.post(&format!("/dashboard/conversions/{conversion}/refund"), &[("csrf", &token)]).await.status,
        403
    );
    let listed = conversions_of(&app, &cred, campaign).await;
    assert_eq!((listed.len(), listed[0]["status"].as_str()), (1, Some("recorded")), "nothing changed");
}
