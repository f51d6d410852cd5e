//! A campaign's payouts in the dashboard: what is due, "Create payouts" (twice: one payout),
//! the bulk-payment file, marking paid and failed, a refusal shown on the page, and another
//! member's pages.

use serde_json::json;

use crate::dashboard::{token_of, Browser};
use crate::helpers::{expect_status, Cred, TestApp};

/// A cash campaign (7.50 a referral, minimum 10.00) with Ann (two referrals) and Bob (one).
async fn shop(app: &TestApp, browser: &mut Browser<'_>) -> (Cred, u64, u64, u64) {
    let (email, password) = browser.register("Owner").await;
    let cred = token_of(app, &email, &password).await;
    let brand = expect_status(app.post_json("/api/v1", "/brands", &cred, &json!({"url": "pay.example"})).await, 201)
        .await["data"]["id"]
        .as_u64()
        .unwrap();
    let body = json!({"name": "Cash back", "url_id": brand, "reward_type": 5, "reward_value": "7.50",
        "payouts": {"minimum": "10", "currency": "EUR"}});
    let campaign = expect_status(app.post_json("/api/v1", "/campaigns", &cred, &body).await, 201).await["data"]["id"]
        .as_u64()
        .unwrap();
    let mut people = Vec::new();
    for (name, friends) in [("Ann", 2), ("Bob", 1)] {
        let body = json!({"campaign_id": campaign, "email": format!("{name}@pay.example"), "name": name});
        let joined = expect_status(app.post_json("/api/v1", "/signups", &cred, &body).await, 201).await;
        let code = joined["data"]["participant"]["referral_code"].as_str().unwrap().to_owned();
        for n in 0..friends {
            let body = json!({"referral_code": code, "email": format!("{name}-friend{n}@pay.example")});
            expect_status(app.post_json("/api/v1", "/signups/referral", &cred, &body).await, 201).await;
        }
        people.push(joined["data"]["participant"]["id"].as_u64().unwrap());
    }
    (cred, campaign, people[0], people[1])
}

#[tokio::test]
async fn payouts_are_made_paid_and_failed_from_the_dashboard() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (cred, campaign, ann, bob) = shop(&app, &mut browser).await;
    let page = format!("/dashboard/campaigns/{campaign}/payouts");
    let overview = browser.get(&format!("/dashboard/campaigns/{campaign}")).await;
    assert!(overview.body.contains(&format!("href=\"{page}\"")), "the campaign links its payouts");

    // Only Ann's 15.00 reaches the minimum of 10.00.
    let shown = browser.get(&page).await;
    assert_eq!(shown.status, 200);
    assert!(shown.body.contains("15.00 EUR") && shown.body.contains("Ann@pay.example"), "{}", shown.body);
    assert!(!shown.body.contains("Bob@pay.example"), "Bob's 7.50 is under the minimum");

    let made = browser.submit(&page, &page, &[]).await;
    assert_eq!(made.status, 303, "{}", made.body);
    let listed = browser.get(made.location()).await;
    assert!(listed.body.contains("1 payout was made."), "{}", listed.body);
    assert!(listed.body.contains("Nothing is due."));
    let again = browser.submit(&page, &page, &[]).await;
    assert!(browser.get(again.location()).await.body.contains("No balance was due"), "a second click makes none");
    let payouts =
        expect_status(app.get("/api/v1", &format!("/payouts?campaign_id={campaign}"), &cred).await, 200).await;
    assert_eq!(payouts["data"]["pagination"]["total"], json!(1));
    let id = payouts["data"]["payouts"][0]["id"].as_u64().unwrap();
    assert_eq!(payouts["data"]["payouts"][0]["participant_id"], json!(ann));

    // The PayPal file, through the dashboard's session.
    let file = browser.get(&format!("{page}.csv?format=paypal")).await;
    assert_eq!(file.status, 200);
    assert_eq!(file.body, format!("Ann@pay.example,15.00,EUR,payout-{id},Payout {id} from Cash back,PAYPAL\n"));

    // A mark with no reference is refused on the page; with one, the payout is paid.
    let refused = browser.submit(&page, &format!("/dashboard/payouts/{id}/paid"), &[("reference", " ")]).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("reference is required"), "{}", refused.body);
    let paid = browser.submit(&page, &format!("/dashboard/payouts/{id}/paid"), &[("reference", "SEPA-77")]).await;
    assert_eq!(paid.status, 303, "{}", paid.body);
    assert!(browser.get(paid.location()).await.body.contains("SEPA-77"));
    let read = expect_status(app.get("/api/v1", &format!("/payouts/{id}"), &cred).await, 200).await;
    assert_eq!((read["data"]["status"].as_str(), read["data"]["reference"].as_str()), (Some("paid"), Some("SEPA-77")));
    let failed = browser.submit(&page, &format!("/dashboard/payouts/{id}/fail"), &[("reason", "late")]).await;
    assert_eq!(failed.status, 409, "a paid payout does not fail: {}", failed.body);

    // Bob's next referral makes his balance due; his payout fails, and is due again.
    let code = expect_status(app.get("/api/v1", &format!("/participants/{bob}"), &cred).await, 200).await["data"]
        ["referral_code"]
        .as_str()
        .unwrap()
        .to_owned();
    let body = json!({"referral_code": code, "email": "bob-friend9@pay.example"});
    expect_status(app.post_json("/api/v1", "/signups/referral", &cred, &body).await, 201).await;
    browser.submit(&page, &page, &[]).await;
    let listed = expect_status(
        app.get("/api/v1", &format!("/payouts?campaign_id={campaign}&status=requested"), &cred).await,
        200,
    )
    .await;
    let bobs = listed["data"]["payouts"][0]["id"].as_u64().unwrap();
    let failed =
        browser.submit(&page, &format!("/dashboard/payouts/{bobs}/fail"), &[("reason", "closed account")]).await;
    assert_eq!(failed.status, 303, "{}", failed.body);
    let shown = browser.get(failed.location()).await;
    assert!(shown.body.contains("free for the next payout") && shown.body.contains("15.00 EUR"), "{}", shown.body);

    // Another member sees none of it.
    let mut eve = Browser::new(&app);
    eve.register("Eve").await;
    assert_eq!(eve.get(&page).await.status, 404);
    assert_eq!(eve.get(&format!("{page}.csv")).await.status, 404);
    let token = eve.get("/dashboard/brands").await.token();
    let forged = eve.post(&format!("/dashboard/payouts/{bobs}/paid"), &[("csrf", &token), ("reference", "x")]).await;
    assert_eq!(forged.status, 404);
    let read = expect_status(app.get("/api/v1", &format!("/payouts/{bobs}"), &cred).await, 200).await;
    assert_eq!(read["data"]["status"], json!("failed"));
}

/// "Mark all paid" takes the whole requested batch, past the store's page of 100: 101
/// referrers paid with one reference, each once.
#[tokio::test]
async fn mark_all_paid_takes_a_batch_longer_than_a_page() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let (email, password) = browser.register("Owner").await;
    let cred = token_of(&app, &email, &password).await;
    let brand = expect_status(app.post_json("/api/v1", "/brands", &cred, &json!({"url": "batch.example"})).await, 201)
        .await["data"]["id"]
        .as_u64()
        .unwrap();
    let body = json!({"name": "Batch", "url_id": brand, "reward_type": 5, "reward_value": "1.00"});
    let campaign = expect_status(app.post_json("/api/v1", "/campaigns", &cred, &body).await, 201).await["data"]["id"]
        .as_u64()
        .unwrap();
    for n in 0..101 {
        let body = json!({"campaign_id": campaign, "email": format!("referrer{n}@batch.example")});
        let joined = expect_status(app.post_json("/api/v1", "/signups", &cred, &body).await, 201).await;
        let code = joined["data"]["participant"]["referral_code"].as_str().unwrap().to_owned();
        let body = json!({"referral_code": code, "email": format!("friend{n}@batch.example")});
        expect_status(app.post_json("/api/v1", "/signups/referral", &cred, &body).await, 201).await;
    }
    let page = format!("/dashboard/campaigns/{campaign}/payouts");
    let made = browser.submit(&page, &page, &[]).await;
    assert!(browser.get(made.location()).await.body.contains("101 payouts were made."));
    let shown = browser.get(&page).await;
    assert_eq!(shown.body.matches("name=\"payout\"").count(), 101, "every requested payout is in the batch");
    let token = shown.token();
    let ids: Vec<String> = shown
        .body
        .match_indices("name=\"payout\" value=\"")
        .map(|(at, found)| {
            let rest = &shown.body[at + found.len()..];
            rest[..rest.find('"').unwrap()].to_owned()
        })
        .collect();
    let mut fields = vec![("csrf", token.as_str()), ("reference", "BATCH-1")];
    fields.extend(ids.iter().map(|id| ("payout", id.as_str())));
    let done = browser.post(&format!("{page}/paid"), &fields).await;
    assert_eq!(done.status, 303, "{}", done.body);
    assert!(browser.get(done.location()).await.body.contains("101 payouts marked paid with the reference"));
    let again = browser.post(&format!("{page}/paid"), &fields).await;
    assert!(browser.get(again.location()).await.body.contains("101 payouts had been marked paid or failed since"));
    let paid = expect_status(
        app.get("/api/v1", &format!("/payouts?campaign_id={campaign}&status=paid&limit=100"), &cred).await,
        200,
    )
    .await;
    assert_eq!(paid["data"]["pagination"]["total"], 101);
}
