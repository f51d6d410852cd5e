//! The rest of a programme run from the dashboard (issue 53): conversions recorded by hand
//! and refunded, with the same rules as the API (an order id twice records once, a refund
//! twice changes nothing); fraud rules in words, replayed over past referrals before they are
//! saved; a participant blocked and unblocked; and the forms' ownership and forgery checks.

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

    // In euros, on a campaign that pays dollars, with no exchange rate to convert them:
    // refused, naming both, and nothing recorded.
    let euros =
        [("participant", "BOB@orders.example"), ("external_id", "order-7"), ("amount", "49.9"), ("currency", "eur")];
    let refused = browser.submit(&page, &page, &euros).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("the conversion is in EUR and the campaign pays in USD"), "{}", refused.body);
    assert!(conversions_of(&app, &cred, campaign).await.is_empty());

    let order =
        [("participant", "BOB@orders.example"), ("external_id", "order-7"), ("amount", "49.9"), ("currency", "usd")];
    let done = browser.submit(&page, &page, &order).await;
    let recorded = format!("{page}?done=recorded&rewards=1&held=0&cash=1000");
    assert_eq!((done.status, done.location()), (303, recorded.as_str()), "{}", done.body);
    let shown = browser.get(done.location()).await;
    assert_eq!(notice(&shown), "The conversion is recorded. It earned 1 reward (10.00 USD in cash).");
    assert!(shown.body.contains("<code>order-7</code>") && shown.body.contains("49.90 USD"), "{}", shown.body);
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

/// The fraud form's fields as the page sends them, with `same_address` as given.
fn rules(same_address: &str, per_hour: &str) -> Vec<(&'static str, String)> {
    vec![
        ("fraud_canonical_emails", "on".into()),
        ("fraud_disposable_emails", "hold".into()),
        ("fraud_same_address", same_address.into()),
        ("fraud_max_referrals_per_hour", per_hour.into()),
        ("fraud_max_signups_per_address_per_hour", "20".into()),
    ]
}

#[tokio::test]
async fn changed_fraud_rules_are_replayed_over_past_referrals_before_they_are_saved() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Owner").await;
    let cred = token_of(&app, &email, &password).await;
    let brand =
        expect_status(app.post_json("/api/v1", "/brands", &cred, &json!({"url": "rules.example"})).await, 201).await;
    let body = json!({"name": "Rules", "url_id": brand["data"]["id"], "reward_type": 5, "reward_value": "5",
        "fraud": {"same_address": "off"}});
    let campaign = expect_status(app.post_json("/api/v1", "/campaigns", &cred, &body).await, 201).await["data"]["id"]
        .as_u64()
        .unwrap();
    let ada = json!({"campaign_id": campaign, "email": "ada@rules.example", "ip": "203.0.113.7"});
    let ada = expect_status(app.post_json("/api/v1", "/signups", &cred, &ada).await, 201).await;
    for n in 0..2 {
        let friend = json!({"referral_code": ada["data"]["participant"]["referral_code"],
            "email": format!("f{n}@rules.example"), "ip": "203.0.113.7"});
        let joined = expect_status(app.post_json("/api/v1", "/signups/referral", &cred, &friend).await, 201).await;
        assert_eq!(joined["data"]["referrer_reward"]["status"], json!("issued"), "not compared yet");
    }
    let page = format!("/dashboard/campaigns/{campaign}/fraud");
    let shown = browser.get(&page).await;
    assert!(
        shown.body.contains("<li>A friend&#39;s connection is not compared with the referrer&#39;s.</li>")
            || shown.body.contains("<li>A friend's connection is not compared with the referrer's.</li>"),
        "{}",
        shown.body
    );
    assert!(!shown.body.contains("Save these rules"), "a dry run comes first");

    // The dry run: both past referrals would have been held; nothing is saved.
    let token = shown.token();
    let mut fields: Vec<(&str, String)> = vec![("csrf", token.clone()), ("step", "preview".into())];
    fields.extend(rules("address", "20"));
    let fields_ref: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let preview = browser.post(&page, &fields_ref).await;
    assert_eq!(preview.status, 200, "{}", preview.body);
    assert!(
        preview.body.contains("Replayed over the campaign&#39;s 2 past referrals")
            || preview.body.contains("Replayed over the campaign's 2 past referrals"),
        "{}",
        preview.body
    );
    assert!(
        preview.body.contains("Held, the referrer's own connection: <strong>2</strong>")
            || preview.body.contains("Held, the referrer&#39;s own connection: <strong>2</strong>"),
        "{}",
        preview.body
    );
    assert!(preview.body.contains("Save these rules"));
    assert!(preview.body.contains("<option value=\"address\" selected>"), "the form keeps the proposed rules");
    let stored = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &cred).await, 200).await;
    assert_eq!(stored["data"]["fraud"]["same_address"], json!("off"), "a preview saves nothing");

    // A limit out of range: the form again with the API's sentence.
    let mut bad: Vec<(&str, String)> = vec![("csrf", token.clone()), ("step", "preview".into())];
    bad.extend(rules("address", "0"));
    let bad_ref: Vec<(&str, &str)> = bad.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let refused = browser.post(&page, &bad_ref).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("max_referrals_per_hour"), "{}", refused.body);

    // Saved: the API reads the new rule, and the next referral from Ada's address is held.
    fields[1].1 = "save".into();
    let fields_ref: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let saved = browser.post(&page, &fields_ref).await;
    assert_eq!((saved.status, saved.location()), (303, format!("{page}?notice=saved").as_str()), "{}", saved.body);
    let stored = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &cred).await, 200).await;
    assert_eq!(stored["data"]["fraud"]["same_address"], json!("address"));
    let friend = json!({"referral_code": ada["data"]["participant"]["referral_code"], "email": "f9@rules.example",
        "ip": "203.0.113.7"});
    let joined = expect_status(app.post_json("/api/v1", "/signups/referral", &cred, &friend).await, 201).await;
    assert_eq!(joined["data"]["referrer_reward"]["status"], json!("held"));

    // Another member: 404, nothing saved; no token: 403.
    let mut eve = Browser::new(&app);
    eve.register("Eve").await;
    let eve_token = eve.get("/dashboard/account").await.token();
    assert_eq!(eve.get(&page).await.status, 404);
    let mut eves: Vec<(&str, String)> = vec![("csrf", eve_token), ("step", "save".into())];
    eves.extend(rules("off", "20"));
    let eves_ref: Vec<(&str, &str)> = eves.iter().map(|(k, v)| (*k, v.as_str())).collect();
    assert_eq!(eve.post(&page, &eves_ref).await.status, 404);
    assert_eq!(browser.post(&page, &eves_ref[1..]).await.status, 403);
    let stored = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &cred).await, 200).await;
    assert_eq!(stored["data"]["fraud"]["same_address"], json!("address"), "unchanged");
}

#[tokio::test]
async fn a_participant_is_blocked_and_unblocked_from_their_page() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Owner").await;
    let cred = token_of(&app, &email, &password).await;
    let (_, bob) = conversion_campaign(&app, &cred).await;
    let page = format!("/dashboard/participants/{bob}");
    let shown = browser.get(&page).await;
    assert!(shown.body.contains("Block this participant"));
    assert!(!shown.body.contains(&format!("action=\"{page}/block\"")), "the page asks first: no one-click block");
    // The question says what the block would void; nothing changes until its button.
    let asked = browser.get(&format!("{page}/block")).await;
    assert_eq!(asked.status, 200);
    assert!(asked.body.contains("Block Bob Buyer") && asked.body.contains("nothing is voided"), "{}", asked.body);
    let read = expect_status(app.get("/api/v1", &format!("/participants/{bob}"), &cred).await, 200).await;
    assert!(read["data"]["blocked_at"].is_null(), "asking blocks nobody");
    let done = browser.submit(&format!("{page}/block"), &format!("{page}/block"), &[]).await;
    assert_eq!(done.location(), format!("{page}?notice=blocked"));
    let blocked = browser.get(done.location()).await;
    assert!(blocked.body.contains("Blocked since") && blocked.body.contains(">Unblock</button>"), "{}", blocked.body);
    let read = expect_status(app.get("/api/v1", &format!("/participants/{bob}"), &cred).await, 200).await;
    assert!(read["data"]["blocked_at"].is_string(), "{read}");
    let done = browser.submit(&page, &format!("{page}/unblock"), &[]).await;
    assert_eq!(done.location(), format!("{page}?notice=unblocked"));
    let read = expect_status(app.get("/api/v1", &format!("/participants/{bob}"), &cred).await, 200).await;
    assert!(read["data"]["blocked_at"].is_null(), "{read}");
    // Another member cannot.
    let mut eve = Browser::new(&app);
    eve.register("Eve").await;
    let token = eve.get("/dashboard/account").await.token();
    assert_eq!(eve.post(&format!("{page}/block"), &[("csrf", &token)]).await.status, 404);
    assert_eq!(
        browser.post(&format!("{page}/block"), &[("csrf", &token)]).await.status,
        403,
        "another session's token"
    );
    let read = expect_status(app.get("/api/v1", &format!("/participants/{bob}"), &cred).await, 200).await;
    assert!(read["data"]["blocked_at"].is_null());
}

#[tokio::test]
async fn promo_codes_and_sales_sources_are_run_from_the_dashboard() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Owner").await;
    let cred = token_of(&app, &email, &password).await;
    let (campaign, bob) = conversion_campaign(&app, &cred).await;
    let brand = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &cred).await, 200).await["data"]
        ["url_id"]
        .as_u64()
        .unwrap();

    // Bob gets a code from his page; the same code in lower case, for him again, is refused
    // with the API's words and the form keeps what was typed.
    let page = format!("/dashboard/participants/{bob}");
    let action = format!("{page}/promo-codes");
    let before = browser.get(&page).await;
    assert!(before.body.contains("No promo code yet."), "{}", before.body);
    let given = browser.submit(&page, &action, &[("code", "BOB10"), ("stripe_promotion_code", "")]).await;
    assert_eq!(given.status, 303, "{}", given.body);
    let shown = browser.get(&page).await;
    assert!(shown.body.contains("data-promo-code=\"BOB10\""), "{}", shown.body);
    assert!(shown.body.contains("https://orders.example/?ref=BOB10"), "its readable link");
    let taken = browser.submit(&page, &action, &[("code", "bob10"), ("stripe_promotion_code", "")]).await;
    assert_eq!(taken.status, 409, "{}", taken.body);
    assert!(taken.body.contains("never given twice") && taken.body.contains("value=\"bob10\""), "{}", taken.body);
    let malformed = browser.submit(&page, &action, &[("code", "a b"), ("stripe_promotion_code", "")]).await;
    assert_eq!(malformed.status, 400);
    // A sale with the code counts on the page; disabled, it stays listed and reserved.
    let sale = json!({"campaign_id": campaign, "email": "cara@orders.example", "external_id": "o-1", "amount": "30.00",
                      "currency": "USD", "promo_code": "BOB10"});
    expect_status(app.post_json("/api/v1", "/conversions", &cred, &sale).await, 201).await;
    let disabled = browser.submit(&page, &format!("{action}/BOB10/disable"), &[]).await;
    assert_eq!(disabled.status, 303);
    let codes = expect_status(app.get("/api/v1", &format!("/participants/{bob}/promo-codes"), &cred).await, 200).await;
    let code = &codes["data"]["promo_codes"][0];
    assert_eq!(
        (code["status"].clone(), code["uses"].clone(), code["revenue"].clone()),
        (json!("disabled"), json!(1), json!({"USD": "30.00"}))
    );
    assert!(browser.get(&page).await.body.contains("30.00 USD"));

    // The brand page connects Paddle, refuses a malformed secret with the API's words, and
    // disconnects; the secret is never shown.
    let brand_page = format!("/dashboard/brands/{brand}");
    let sources = browser.get(&brand_page).await;
    assert!(sources.body.contains("Sales sources") && sources.body.contains(&format!("/hooks/paddle/{brand}")));
    let paddle = format!("{brand_page}/sources/paddle");
    let refused = browser.submit(&brand_page, &paddle, &[("signing_secret", "short")]).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("signing_secret must be"), "{}", refused.body);
    let secret = "pdl_ntfset_01dashboard_secret_value";
    let connected = browser.submit(&brand_page, &paddle, &[("signing_secret", secret)]).await;
    assert_eq!(connected.status, 303, "{}", connected.body);
    let read = expect_status(app.get("/api/v1", &format!("/brands/{brand}/paddle"), &cred).await, 200).await;
    assert_eq!(read["data"]["connected"], json!(true));
    let shown = browser.get(&brand_page).await;
    assert!(shown.body.contains("Connected since") && !shown.body.contains(secret), "never shown");
    let stripe = browser
        .submit(
            &brand_page,
            &format!("{brand_page}/sources/stripe"),
            &[("signing_secret", "whsec_0123456789abcdefghij")],
        )
        .await;
    assert_eq!(stripe.status, 303);
    let read = expect_status(app.get("/api/v1", &format!("/brands/{brand}/stripe"), &cred).await, 200).await;
    assert_eq!(read["data"]["connected"], json!(true));
    let gone = browser.submit(&brand_page, &paddle, &[("disconnect", "1"), ("signing_secret", "")]).await;
    assert_eq!(gone.status, 303);
    let read = expect_status(app.get("/api/v1", &format!("/brands/{brand}/paddle"), &cred).await, 200).await;
    assert_eq!(read["data"]["connected"], json!(false));
    let unknown =
        browser.submit(&brand_page, &format!("{brand_page}/sources/square"), &[("signing_secret", secret)]).await;
    assert_eq!(unknown.status, 404);
}
