//! Held rewards reviewed in the dashboard, and a campaign's rewards moved from it (issue
//! 53): the review page's words and people, approve and void one at a time and as a
//! selection, a double approve that moves once, fulfil with a payment reference, the
//! filtered CSV, and the forms' ownership and forgery checks. The same path in Chromium is
//! in `tests/browser/dashboard.mjs`.

use serde_json::{json, Value};

use crate::dashboard::{token_of, Answer, Browser};
use crate::helpers::{expect_status, Cred, TestApp};

/// A shop whose referrals all come from the referrer's own address: every referral's two
/// rewards (cash, two-way) are held for `same_address`.
struct HeldShop {
    cred: Cred,
    campaign: u64,
    /// Ann, the referrer.
    ann: u64,
    /// The friends' ids, in the order they joined.
    friends: Vec<u64>,
    /// Each referral's (referrer reward, friend reward) ids, in the order they were earned.
    held: Vec<(u64, u64)>,
}

async fn held_shop(app: &TestApp, browser: &mut Browser<'_>, friends: usize) -> HeldShop {
    let (email, password) = browser.register("Owner").await;
    let cred = token_of(app, &email, &password).await;
    let brand = expect_status(app.post_json("/api/v1", "/brands", &cred, &json!({"url": "held.example"})).await, 201)
        .await["data"]["id"]
        .as_u64()
        .unwrap();
    let body = json!({"name": "Cash for friends", "url_id": brand, "reward_type": 5, "reward_value": "10",
        "reward_invited": true});
    let campaign = expect_status(app.post_json("/api/v1", "/campaigns", &cred, &body).await, 201).await["data"]["id"]
        .as_u64()
        .unwrap();
    let body = json!({"campaign_id": campaign, "email": "ann@held.example", "name": "Ann Referrer",
        "ip": "203.0.113.5"});
    let ann = expect_status(app.post_json("/api/v1", "/signups", &cred, &body).await, 201).await;
    let code = ann["data"]["participant"]["referral_code"].as_str().unwrap().to_owned();
    let mut shop = HeldShop {
        cred,
        campaign,
        ann: ann["data"]["participant"]["id"].as_u64().unwrap(),
        friends: Vec::new(),
        held: Vec::new(),
    };
    for n in 0..friends {
        let body = json!({"referral_code": code, "email": format!("friend{n}@held.example"),
            "name": format!("Friend {n}"), "ip": "203.0.113.5"});
        let joined = expect_status(app.post_json("/api/v1", "/signups/referral", &shop.cred, &body).await, 201).await
            ["data"]
            .clone();
        assert_eq!(joined["referrer_reward"]["hold_reasons"], json!(["same_address"]), "{joined}");
        shop.friends.push(joined["participant"]["id"].as_u64().unwrap());
        shop.held.push((joined["referrer_reward"]["id"].as_u64().unwrap(), joined["reward"]["id"].as_u64().unwrap()));
    }
    shop
}

async fn reward(app: &TestApp, cred: &Cred, id: u64) -> Value {
    expect_status(app.get("/api/v1", &format!("/rewards/{id}"), cred).await, 200).await["data"].clone()
}

/// Follows a form's redirect, as the browser does.
async fn follow(browser: &mut Browser<'_>, done: Answer) -> Answer {
    assert_eq!(done.status, 303, "{}", done.body);
    browser.get(done.location()).await
}

/// The notice a page shows after a move.
fn notice(page: &Answer) -> &str {
    let start = page.body.find("role=\"status\">").map(|i| i + 14).unwrap_or(0);
    &page.body[start..start + page.body[start..].find('<').unwrap_or(0)]
}

#[tokio::test]
async fn held_rewards_show_their_reasons_and_both_people_oldest_first_and_count_in_the_navigation() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let shop = held_shop(&app, &mut browser, 3).await;

    let home = browser.get("/dashboard/brands").await;
    assert!(home.body.contains("aria-label=\"6 rewards held\""), "six held, counted in the navigation: {}", home.body);
    let everywhere = browser.get("/dashboard/review").await;
    assert!(everywhere.body.contains(&format!("/dashboard/campaigns/{}/review", shop.campaign)));
    assert!(everywhere.body.contains("<td class=\"num\">6</td>"), "{}", everywhere.body);

    let review = browser.get(&format!("/dashboard/campaigns/{}/review", shop.campaign)).await;
    assert_eq!(review.status, 200);
    assert!(review.body.contains("6 rewards are held, oldest first."), "{}", review.body);
    assert_eq!(review.body.matches("<li>same address as the referrer</li>").count(), 6);
    assert!(review.body.contains("Same address as the referrer: <strong>6</strong>"), "by reason");
    for words in ["Ann Referrer", "ann@held.example", "Friend 0", "friend2@held.example", "3 referrals"] {
        assert!(review.body.contains(words), "{words} is on the page");
    }
    let at = |id: u64| review.body.find(&format!("id=\"reward-{id}\"")).unwrap_or_else(|| panic!("reward {id}"));
    let order: Vec<usize> = shop.held.iter().flat_map(|&(a, b)| [at(a.min(b)), at(a.max(b))]).collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "oldest first: {order:?}");

    // The campaign's overview shows them too, by reason, and links here.
    let overview = browser.get(&format!("/dashboard/campaigns/{}", shop.campaign)).await;
    assert!(overview.body.contains("<dt>Rewards held for review</dt><dd>6</dd>"), "{}", overview.body);
    assert!(overview.body.contains("Same address as the referrer: <strong>6</strong>"));
    // And Ann's page names why each is held, with a button to release it.
    let ann = browser.get(&format!("/dashboard/participants/{}", shop.ann)).await;
    assert_eq!(ann.body.matches("<li>same address as the referrer</li>").count(), 3, "{}", ann.body);
    assert!(ann.body.contains(&format!("action=\"/dashboard/rewards/{}/approve\"", shop.held[0].0)));
}

#[tokio::test]
async fn a_reward_approved_twice_moves_once_and_the_second_is_told_it_was_already_approved() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let shop = held_shop(&app, &mut browser, 2).await;
    let review = format!("/dashboard/campaigns/{}/review", shop.campaign);
    let (first, _) = shop.held[0];

    let token = browser.get(&review).await.token();
    let approve = format!("/dashboard/rewards/{first}/approve");
    let done = browser.post(&approve, &[("csrf", &token), ("back", "review")]).await;
    assert!(done.location().starts_with(&review), "back to the review: {}", done.location());
    let page = follow(&mut browser, done).await;
    assert_eq!(notice(&page), "1 reward approved.");
    assert!(!page.body.contains(&format!("id=\"reward-{first}\"")), "no longer held");
    let approved = reward(&app, &shop.cred, first).await;
    assert_eq!((approved["status"].as_str(), approved["value"].as_str()), (Some("issued"), Some("10.00")));

    // The same button again, from a tab still showing the reward.
    let done = browser_post(&mut browser, &approve, &token).await;
    let again = follow(&mut browser, done).await;
    assert_eq!(again.status, 200);
    assert_eq!(notice(&again), "That reward was already approved: nothing changed.");

    // Two tabs at once on the next one: it moves once.
    let (second, _) = shop.held[1];
    let approve = format!("/dashboard/rewards/{second}/approve");
    let mut other_tab = Browser::new(&app);
    other_tab.share_session_of(&browser);
    let (a, b) =
        tokio::join!(browser_post(&mut browser, &approve, &token), browser_post(&mut other_tab, &approve, &token));
    let mut reports = vec![a.location().to_owned(), b.location().to_owned()];
    reports.sort();
    assert_eq!(reports.iter().filter(|l| l.contains("moved=1&skipped=0")).count(), 1, "{reports:?}");
    assert_eq!(reports.iter().filter(|l| l.contains("moved=0&skipped=1&was=issued")).count(), 1, "{reports:?}");
    let moved = reward(&app, &shop.cred, second).await;
    let approvals = moved["history"].as_array().unwrap().iter().filter(|c| c["note"] == json!("approved")).count();
    assert_eq!((moved["status"].as_str(), approvals), (Some("issued"), 1), "{moved}");
    let stats = app.get("/api/v1", &format!("/campaigns/{}/stats", shop.campaign), &shop.cred).await;
    let stats = expect_status(stats, 200).await["data"].clone();
    assert_eq!((&stats["rewards"]["held"], &stats["rewards"]["issued"]), (&json!(2), &json!(2)), "{stats}");
}

async fn browser_post(browser: &mut Browser<'_>, path: &str, token: &str) -> Answer {
    browser.post(path, &[("csrf", token), ("back", "review")]).await
}

#[tokio::test]
async fn a_selection_is_voided_at_once_and_a_reward_moved_before_is_named_not_failed() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let shop = held_shop(&app, &mut browser, 2).await;
    let review = format!("/dashboard/campaigns/{}/review", shop.campaign);
    let token = browser.get(&review).await.token();
    let (a, b) = shop.held[0];
    let (c, _) = shop.held[1];
    // `a` is approved through the API while the page still shows it.
    let approved = app.post_json("/api/v1", &format!("/rewards/{a}/approve"), &shop.cred, &json!({})).await;
    expect_status(approved, 200).await;

    let (a, b, c) = (a.to_string(), b.to_string(), c.to_string());
    let fields = [
        ("csrf", token.as_str()),
        ("action", "void"),
        ("reward", &a),
        ("reward", &b),
        ("reward", &c),
        ("reason", "one household"),
    ];
    let done = browser.post(&review, &fields).await;
    let page = follow(&mut browser, done).await;
    assert_eq!(notice(&page), "2 rewards voided; 1 reward had already been moved by someone else and did not change.");
    for id in [&b, &c] {
        let voided = reward(&app, &shop.cred, id.parse().unwrap()).await;
        assert_eq!(
            (voided["status"].as_str(), voided["void_reason"].as_str()),
            (Some("voided"), Some("one household"))
        );
    }
    assert_eq!(reward(&app, &shop.cred, a.parse().unwrap()).await["status"], json!("issued"), "left as it was");

    // A void without a reason says who voided it.
    let (_, d) = shop.held[1];
    let done = browser.post(&review, &[("csrf", &token), ("action", "void"), ("reward", &d.to_string())]).await;
    let page = follow(&mut browser, done).await;
    assert_eq!(notice(&page), "1 reward voided.");
    assert_eq!(reward(&app, &shop.cred, d).await["void_reason"], json!("voided by the owner"));
    assert!(page.body.contains("Nothing is waiting for review"), "{}", page.body);

    // Nothing ticked: back to the same page, which says so; a button that is not ours: a
    // clear 400. Nothing moves either way.
    let none = browser.post(&review, &[("csrf", &token), ("action", "approve")]).await;
    assert_eq!((none.status, none.location()), (303, format!("{review}?done=approve&moved=0&skipped=0").as_str()));
    let page = follow(&mut browser, none).await;
    assert!(notice(&page).starts_with("No reward was ticked, so nothing changed"), "{}", page.body);
    let odd = browser.post(&review, &[("csrf", &token), ("action", "fulfil"), ("reward", &a)]).await;
    assert_eq!(odd.status, 400);
}

#[tokio::test]
async fn another_members_rewards_are_not_found_and_a_forged_form_moves_nothing() {
    let app = TestApp::spawn().await;
    let mut owner = Browser::new(&app);
    let shop = held_shop(&app, &mut owner, 1).await;
    let (held, friends) = shop.held[0];
    let mut eve = Browser::new(&app);
    let eve_shop = held_shop(&app, &mut eve, 1).await;
    let eve_review = format!("/dashboard/campaigns/{}/review", eve_shop.campaign);
    let eve_token = eve.get(&eve_review).await.token();

    for page in [
        format!("/dashboard/campaigns/{}/review", shop.campaign),
        format!("/dashboard/campaigns/{}/rewards", shop.campaign),
    ] {
        assert_eq!(eve.get(&page).await.status, 404, "{page}");
    }
    assert_eq!(eve.get(&format!("/dashboard/campaigns/{}/rewards.csv", shop.campaign)).await.status, 404);
    for action in ["approve", "void", "fulfil"] {
        let tried = eve.post(&format!("/dashboard/rewards/{held}/{action}"), &[("csrf", &eve_token)]).await;
        assert_eq!(tried.status, 404, "{action}: {}", tried.body);
    }
    // Eve's own campaign's selection with the owner's reward in it: nothing moves, hers neither.
    let (hers, _) = eve_shop.held[0];
    let mixed = [
        ("csrf", eve_token.as_str()),
        ("action", "approve"),
        ("reward", &hers.to_string()),
        ("reward", &held.to_string()),
    ];
    assert_eq!(eve.post(&eve_review, &mixed).await.status, 404);
    assert_eq!(reward(&app, &eve_shop.cred, hers).await["status"], json!("held"), "nothing moved");

    // The owner's own form without its token, or from another site: refused.
    let approve = format!("/dashboard/rewards/{held}/approve");
    assert_eq!(owner.post(&approve, &[("back", "review")]).await.status, 403);
    assert_eq!(owner.post(&approve, &[("csrf", &eve_token)]).await.status, 403, "another session's token");
    assert_eq!(reward(&app, &shop.cred, held).await["status"], json!("held"));
    assert_eq!(reward(&app, &shop.cred, friends).await["status"], json!("held"));
    // An action that is not one: not found.
    let token = owner.get(&format!("/dashboard/campaigns/{}/review", shop.campaign)).await.token();
    assert_eq!(owner.post(&format!("/dashboard/rewards/{held}/delete"), &[("csrf", &token)]).await.status, 404);
}

#[tokio::test]
async fn rewards_are_filtered_fulfilled_with_a_reference_and_downloaded_as_the_list_shows_them() {
    let app = TestApp::spawn().await;
    let mut browser = Browser::new(&app);
    let shop = held_shop(&app, &mut browser, 3).await;
    let (first, first_friends) = shop.held[0];
    let (second, _) = shop.held[1];
    for id in [first, first_friends, second] {
        expect_status(app.post_json("/api/v1", &format!("/rewards/{id}/approve"), &shop.cred, &json!({})).await, 200)
            .await;
    }
    let list = format!("/dashboard/campaigns/{}/rewards", shop.campaign);
    let issued = browser.get(&format!("{list}?status=issued&kind=cash")).await;
    assert_eq!(issued.status, 200);
    assert_eq!(issued.body.matches("<span class=\"state\">issued</span>").count(), 3, "{}", issued.body);
    assert!(!issued.body.contains("<span class=\"state\">held</span>"));
    let none = browser.get(&format!("{list}?kind=coupon")).await;
    assert!(none.body.contains("No rewards match."));
    let anns = browser.get(&format!("{list}?participant=ann%40held.example")).await;
    assert_eq!(anns.body.matches("<tr id=\"reward-").count(), 3, "Ann's three: {}", anns.body);
    let nobody = browser.get(&format!("{list}?participant=nobody%40held.example")).await;
    assert!(nobody.body.contains("No participant of this campaign has that email or id."));

    // Fulfilled with a payment reference: back on the list as it was filtered.
    let token = issued.token();
    let fields = [
        ("csrf", token.as_str()),
        ("back", "rewards"),
        ("status", "issued"),
        ("kind", "cash"),
        ("reference", "PAYPAL-7Q2"),
    ];
    let done = browser.post(&format!("/dashboard/rewards/{first}/fulfil"), &fields).await;
    assert_eq!(done.location(), format!("{list}?status=issued&kind=cash&done=fulfil&moved=1&skipped=0"));
    let page = follow(&mut browser, done).await;
    assert_eq!(notice(&page), "1 reward marked fulfilled.");
    let paid = reward(&app, &shop.cred, first).await;
    assert_eq!(paid["status"], json!("fulfilled"));
    assert_eq!(paid["history"].as_array().unwrap().last().unwrap()["note"], json!("paid, reference PAYPAL-7Q2"));
    let long = "x".repeat(201);
    let refused =
        browser.post(&format!("/dashboard/rewards/{second}/fulfil"), &[("csrf", &token), ("reference", &long)]).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("reference must be at most 200 characters"));
    assert_eq!(reward(&app, &shop.cred, second).await["status"], json!("issued"));

    // The CSV of a filter holds what the list holds, read back as CSV.
    let csv = browser.get(&format!("{list}.csv?status=held")).await;
    assert_eq!(csv.status, 200);
    assert!(csv.headers["content-type"].to_str().unwrap().starts_with("text/csv"));
    assert_eq!(csv.headers["cache-control"], "no-store");
    let mut reader = csv::Reader::from_reader(csv.body.as_bytes());
    let header = reader.headers().unwrap().clone();
    let column = |name: &str| header.iter().position(|h| h == name).unwrap();
    let rows: Vec<csv::StringRecord> = reader.records().map(|r| r.unwrap()).collect();
    let mut ids: Vec<u64> = rows.iter().map(|r| r[column("reward_id")].parse().unwrap()).collect();
    ids.sort();
    let mut held: Vec<u64> = shop.held[1..].iter().flat_map(|&(a, b)| [a, b]).filter(|&id| id != second).collect();
    held.sort();
    assert_eq!(ids, held, "the three still held");
    assert!(rows.iter().all(|r| &r[column("status")] == "held" && &r[column("type")] == "cash"));
    let everything = browser.get(&format!("{list}.csv")).await;
    assert_eq!(everything.body.lines().count(), 1 + 6, "a header and every reward");
    let one = browser.get(&format!("{list}.csv?participant={}", shop.friends[0])).await;
    assert_eq!(one.body.lines().count(), 1 + 1, "the first friend's own reward: {}", one.body);
    // The participants export is linked from the campaign and downloads here too.
    let overview = browser.get(&format!("/dashboard/campaigns/{}", shop.campaign)).await;
    assert!(overview.body.contains(&format!("href=\"/dashboard/campaigns/{}/participants.csv\"", shop.campaign)));
    let people = browser.get(&format!("/dashboard/campaigns/{}/participants.csv", shop.campaign)).await;
    assert_eq!(people.body.lines().count(), 1 + 4, "Ann and her three friends");
}
