//! The participant portal over HTTP, as a browser uses it (`dashboard::Browser`: a cookie
//! jar, forms from our own origin): a sign-in link by email through a real SMTP server on
//! 127.0.0.1, used once; the page with the link, QR code, referred people, rewards and
//! balance; the payout details form; sign-out; the member API's link; and what nobody else
//! can see. The same walk in real Chromium: `tests/browser/portal.mjs`.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::dashboard::{Answer, Browser};
use crate::helpers::*;
use crate::smtp_sink::SmtpSink;

/// The messages the sink holds once it holds `n` (bounded: twenty seconds).
fn messages_once(sink: &SmtpSink, n: usize) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let messages = sink.messages();
        if messages.len() >= n {
            return messages;
        }
        assert!(Instant::now() < deadline, "{} of {n} messages arrived: {messages:?}", messages.len());
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The sign-in link in a message's text.
fn link_in(message: &Value, app: &TestApp, campaign: u64) -> String {
    let text = message["text"].as_str().unwrap();
    let start = text.find(&format!("{}/p/{campaign}/enter/", app.address)).expect("a sign-in link");
    let link = text[start..].split_whitespace().next().unwrap();
    link.trim_start_matches(&app.address).to_owned()
}

/// A cash campaign (5.00 a referral) where Ann referred Bob Stone and Cy; and the campaign's
/// member and id, with Ann and Bob's ids.
async fn shop(app: &TestApp, tag: &str) -> (TestMember, u64, Value, Value) {
    let member = app.member(tag).await;
    let brand = app.brand(&member, &format!("https://{tag}.example.com")).await;
    let fields = json!({"name": "Coffee Friends", "reward_type": 5, "reward_value": "5.00"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let body = json!({"campaign_id": campaign, "email": format!("ann@{tag}.example.com"), "name": "Ann Archer"});
    let ann = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await["data"]
        ["participant"]
        .clone();
    let code = ann["referral_code"].as_str().unwrap();
    let mut bob = Value::Null;
    for (email, name) in [(format!("bob@{tag}.example.com"), "Bob Stone"), (format!("cy@{tag}.example.com"), "Cy")] {
        let body = json!({"referral_code": code, "email": email, "name": name});
        let joined = expect_status(app.post_json("/api/v1", "/signups/referral", &member.bearer(), &body).await, 201)
            .await["data"]["participant"]
            .clone();
        if bob.is_null() {
            bob = joined;
        }
    }
    (member, campaign, ann, bob)
}

/// Whether the page is the signed-out one (this server sends no email: no form, whom to ask).
fn signed_out(page: &Answer) -> bool {
    page.status == 200 && page.body.contains("<h1>Your rewards</h1>") && !page.body.contains("Your referral link")
}

/// Signs `browser` in to the campaign's portal with a link from the member API.
async fn signed_in(app: &TestApp, member: &TestMember, browser: &mut Browser<'_>, participant: u64) -> Answer {
    let link = link_path(app, member, participant).await;
    let entered = browser.post(&link, &[]).await;
    assert_eq!(entered.status, 303, "{}", entered.body);
    browser.get(entered.location()).await
}

#[tokio::test]
async fn a_participant_signs_in_by_email_once_and_sees_their_own_portal() {
    let sink = SmtpSink::start();
    let app = TestApp::spawn_with(Options { config: Some(sink.config()), ..Default::default() }).await;
    let (_member, campaign, ann, _) = shop(&app, "portal-email").await;
    let mut browser = Browser::new(&app);
    let portal = format!("/p/{campaign}");

    let form = browser.get(&portal).await;
    assert_eq!(form.status, 200);
    assert!(form.body.contains("Email me a sign-in link") && form.body.contains("Coffee Friends"), "{}", form.body);
    assert_eq!(form.headers["cache-control"], "no-store");

    // A stranger and a participant get the same answer; only the participant gets an email.
    let stranger = browser.post(&format!("{portal}/sign-in"), &[("email", "nobody@portal-email.example.com")]).await;
    let asked = browser.post(&format!("{portal}/sign-in"), &[("email", "ANN@portal-email.example.com")]).await;
    assert_eq!((stranger.status, asked.status), (200, 200));
    let main = |a: &Answer| a.body[a.body.find("<main").unwrap()..].to_owned();
    assert_eq!(main(&stranger), main(&asked), "the same page");
    assert!(asked.body.contains("If that address belongs to a participant"));
    let messages = messages_once(&sink, 1);
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(messages[0]["rcpt_tos"], json!(["ann@portal-email.example.com"]), "the address Ann joined with");
    assert_eq!(messages[0]["subject"], json!("Your sign-in link for Coffee Friends"));
    let link = link_in(&messages[0], &app, campaign);

    // Opening the link signs nobody in (a mail scanner may fetch it); the button does, once.
    let opened = browser.get(&link).await;
    assert_eq!(opened.status, 200);
    assert!(opened.body.contains("Continue to your rewards"));
    assert_eq!(browser.get(&link).await.status, 200, "still good: opening it used nothing");
    let entered = browser.post(&link, &[]).await;
    let home = format!("{portal}?lang=en");
    assert_eq!((entered.status, entered.location()), (303, home.as_str()), "{}", entered.body);
    let cookie = entered.headers["set-cookie"].to_str().unwrap();
    assert!(cookie.starts_with("referrals_portal="), "{cookie}");
    for attribute in ["HttpOnly", "SameSite=Lax", &format!("Path=/p/{campaign}"), "Max-Age=2592000"] {
        assert!(cookie.contains(attribute), "{attribute} in {cookie}");
    }
    let again = Browser::new(&app).post(&link, &[]).await;
    assert_eq!(again.status, 410, "a link works once: {}", again.body);
    assert_eq!(browser.get(&link).await.status, 410);

    let page = browser.get(&portal).await;
    assert_eq!(page.status, 200);
    assert!(page.body.contains(ann["referral_link"].as_str().unwrap()), "{}", page.body);
    assert!(page.body.contains("<h2>People you referred</h2>") && page.body.contains("You referred 2 people."));
    assert!(page.body.contains("<li>Bob S.</li>") && page.body.contains("<li>Cy</li>"), "{}", page.body);
    assert!(!page.body.contains("bob@portal-email"), "never a referred person's email");
    assert_eq!(page.body.matches("<article class=\"reward\"").count(), 2, "a reward per referral");
    assert_eq!(page.body.matches("<p class=\"value\"><strong>$5.00</strong></p>").count(), 2, "{}", page.body);
    // Each step of a reward's history on its day, the reader's way (and the moment itself).
    let start = page.body.find("<time datetime=\"").expect("a dated step") + 16;
    let at = &page.body[start..start + page.body[start..].find('"').unwrap()];
    let day = chrono::DateTime::parse_from_rfc3339(at).unwrap().with_timezone(&chrono::Utc).format("%-d %b %Y");
    assert!(page.body[start..].starts_with(&format!("{at}\">{day}</time>")), "{}", page.body);
    assert!(page.body.contains("Due to you: <strong>$10.00</strong>"), "{}", page.body);

    let qr = browser.get(&format!("{portal}/qr.svg")).await;
    assert_eq!(qr.status, 200);
    assert_eq!(qr.headers["content-type"], "image/svg+xml");
    assert!(qr.body.contains("<svg") && qr.body.contains("<path"), "{}", &qr.body[..200.min(qr.body.len())]);
    assert_eq!(Browser::new(&app).get(&format!("{portal}/qr.svg")).await.status, 401, "signed out: no QR code");

    // Sign out ends the session on the server: the old cookie opens nothing.
    let mut copy = Browser::new(&app);
    copy.share_session_of(&browser);
    let out = browser.submit(&portal, &format!("{portal}/sign-out"), &[]).await;
    assert_eq!((out.status, out.location()), (303, home.as_str()));
    assert!(copy.get(&portal).await.body.contains("Email me a sign-in link"), "the copied cookie is signed out");

    // Three links an email, then a refusal (whoever's the address is).
    for _ in 0..2 {
        let asked = browser.post(&format!("{portal}/sign-in"), &[("email", "ann@portal-email.example.com")]).await;
        assert_eq!(asked.status, 200);
    }
    let limited = browser.post(&format!("{portal}/sign-in"), &[("email", "ann@portal-email.example.com")]).await;
    assert_eq!(limited.status, 429, "{}", limited.body);
    let not_email = browser.post(&format!("{portal}/sign-in"), &[("email", "not an address")]).await;
    assert_eq!(not_email.status, 400);
    let forged = plain_client()
        .post(format!("{}{portal}/sign-in", app.address))
        .header("origin", "https://evil.example")
        .form(&[("email", "ann@portal-email.example.com")])
        .send()
        .await
        .unwrap();
    assert_eq!(forged.status(), 403, "another site's form");
}

#[tokio::test]
async fn a_session_reads_only_its_own_participant_in_its_own_campaign() {
    let app = TestApp::spawn().await;
    let (member, campaign, ann, bob) = shop(&app, "portal-own").await;
    let (other, other_campaign, _, _) = shop(&app, "portal-other").await;
    let (ann_id, bob_id) = (ann["id"].as_u64().unwrap(), bob["id"].as_u64().unwrap());

    let mut ann_browser = Browser::new(&app);
    let ann_page = signed_in(&app, &member, &mut ann_browser, ann_id).await;
    let mut bob_browser = Browser::new(&app);
    let bob_page = signed_in(&app, &member, &mut bob_browser, bob_id).await;
    assert!(ann_page.body.contains(ann["referral_link"].as_str().unwrap()));
    assert!(bob_page.body.contains(bob["referral_link"].as_str().unwrap()));
    assert!(!bob_page.body.contains(ann["referral_link"].as_str().unwrap()), "Bob sees nothing of Ann's");
    assert!(bob_page.body.contains("Nobody yet. Share your link.") && bob_page.body.contains("None yet."));

    // Ann's cookie on another campaign's portal (another member's) is no session there.
    let elsewhere = ann_browser.get(&format!("/p/{other_campaign}")).await;
    assert_eq!(elsewhere.status, 200);
    assert!(signed_out(&elsewhere), "{}", elsewhere.body);
    assert_eq!(ann_browser.get(&format!("/p/{other_campaign}/qr.svg")).await.status, 401);

    // The member API makes links for the member's own participants only.
    let link_of = |id: u64| format!("/participants/{id}/portal-link");
    let theirs = app.post_json("/api/v1", &link_of(ann_id), &other.bearer(), &json!({})).await;
    expect_error(theirs, 404, "not_found").await;
    let made = expect_status(
        app.post_json("/api/v1", &format!("/participants/{ann_id}/portal-link"), &member.bearer(), &json!({})).await,
        201,
    )
    .await;
    assert_eq!(made["data"]["portal_url"], json!(format!("{}/p/{campaign}", app.address)));
    let expires = chrono::DateTime::parse_from_rfc3339(made["data"]["expires_at"].as_str().unwrap()).unwrap();
    let minutes = (expires.timestamp() - chrono::Utc::now().timestamp()) as f64 / 60.0;
    assert!((14.0..=15.1).contains(&minutes), "a link lasts 15 minutes: {minutes}");
    // A link made for Ann opens Ann's portal, not on another campaign's path.
    let path = made["data"]["url"].as_str().unwrap().trim_start_matches(&app.address).to_owned();
    let moved = path.replace(&format!("/p/{campaign}/"), &format!("/p/{other_campaign}/"));
    assert_eq!(Browser::new(&app).post(&moved, &[]).await.status, 410, "a link is its campaign's only");

    // An erased participant has no session and gets no link.
    expect_status(app.delete("/api/v1", &format!("/participants/{bob_id}"), &member.bearer()).await, 200).await;
    assert!(signed_out(&bob_browser.get(&format!("/p/{campaign}")).await), "Bob's session went with him");
    let erased = app.post_json("/api/v1", &link_of(bob_id), &member.bearer(), &json!({})).await;
    expect_error(erased, 409, "participant_erased").await;
}

#[tokio::test]
async fn payout_details_are_saved_from_the_portal_and_forms_need_their_token() {
    let app = TestApp::spawn().await;
    let (member, campaign, ann, _) = shop(&app, "portal-details").await;
    let ann_id = ann["id"].as_u64().unwrap();
    let mut browser = Browser::new(&app);
    signed_in(&app, &member, &mut browser, ann_id).await;
    let portal = format!("/p/{campaign}");
    let action = format!("{portal}/payout-details");

    let saved = browser.submit(&portal, &action, &[("method", "paypal"), ("value", "ann@pay.example")]).await;
    let back = format!("{portal}?saved=details&lang=en#payouts");
    assert_eq!((saved.status, saved.location()), (303, back.as_str()));
    assert!(browser.get(&format!("{portal}?saved=details")).await.body.contains("Saved."));
    let read = expect_status(
        app.get("/api/v1", &format!("/participants/{ann_id}/payout-details"), &member.bearer()).await,
        200,
    )
    .await;
    assert_eq!(read["data"]["payout_details"], json!({"method": "paypal", "value": "ann@pay.example"}));

    let refused = browser.submit(&portal, &action, &[("method", "paypal"), ("value", "not an email")]).await;
    assert_eq!(refused.status, 400, "{}", refused.body);
    assert!(refused.body.contains("class=\"problem\""), "the page says why: {}", refused.body);

    // Without the session's token, or from another site: refused, nothing changed.
    let token = browser.get(&portal).await.token();
    let no_token = browser.post(&action, &[("csrf", "x"), ("method", "wise"), ("value", "a@b.example")]).await;
    assert_eq!(no_token.status, 403);
    let mut stranger = Browser::new(&app);
    let stranger_post =
        stranger.post(&action, &[("csrf", token.as_str()), ("method", "wise"), ("value", "a@b.example")]).await;
    assert_eq!(stranger_post.status, 401, "no session: the token alone does nothing");
    // Another site's page, with Ann's cookie and even her token (as a browser sends them).
    let cookie = format!("referrals_portal={}", browser.cookie("referrals_portal").expect("signed in"));
    let cross_site = plain_client()
        .post(format!("{}{action}", app.address))
        .header("origin", "https://evil.example")
        .header("sec-fetch-site", "cross-site")
        .header("cookie", cookie)
        .form(&[("csrf", token.as_str()), ("method", "wise"), ("value", "a@b.example")])
        .send()
        .await
        .unwrap();
    assert_eq!(cross_site.status(), 403, "another site's form");
    let read = expect_status(
        app.get("/api/v1", &format!("/participants/{ann_id}/payout-details"), &member.bearer()).await,
        200,
    )
    .await;
    assert_eq!(read["data"]["payout_details"]["value"], json!("ann@pay.example"), "unchanged");
}

#[tokio::test]
async fn every_participant_email_links_to_the_portal() {
    let sink = SmtpSink::start();
    let app = TestApp::spawn_with(Options { config: Some(sink.config()), ..Default::default() }).await;
    let member = app.member("portal-footer").await;
    let brand = app.brand(&member, "https://portal-footer.example.com").await;
    let fields = json!({"name": "Footer", "reward_type": 3, "reward_value": "thanks",
        "emails": {"welcome": {"enabled": true, "text": "Hi {{name}}"}}});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let body = json!({"campaign_id": campaign, "email": "dee@portal-footer.example.com", "name": "Dee"});
    expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await;
    let messages = messages_once(&sink, 1);
    let portal = format!("{}/p/{campaign}", app.address);
    let text = messages[0]["text"].as_str().unwrap().replace("\r\n", "\n");
    assert_eq!(text, format!("Hi Dee\n\nYour referral link, rewards and payouts: {portal}\n"));
    assert!(messages[0]["html"].as_str().unwrap().contains(&format!("<a href=\"{portal}\">")));
}

/// The link's path, for the member's participant.
async fn link_path(app: &TestApp, member: &TestMember, participant: u64) -> String {
    let path = format!("/participants/{participant}/portal-link");
    let made = expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await, 201).await;
    made["data"]["url"].as_str().unwrap().trim_start_matches(&app.address).to_owned()
}

#[tokio::test]
async fn a_link_used_by_twenty_browsers_at_once_opens_one_session() {
    let app = TestApp::spawn().await;
    let (member, _, ann, _) = shop(&app, "portal-race").await;
    let link = link_path(&app, &member, ann["id"].as_u64().unwrap()).await;
    let uses = (0..20).map(|_| {
        let (app, link) = (&app, link.clone());
        async move { Browser::new(app).post(&link, &[]).await.status }
    });
    let mut statuses = futures_util::future::join_all(uses).await;
    statuses.sort_unstable();
    assert_eq!(statuses[0], 303, "{statuses:?}");
    assert_eq!(statuses[1..], [410; 19], "one session, nineteen refusals: {statuses:?}");
}

#[tokio::test]
async fn a_link_used_before_a_crash_stays_used_after_the_restart() {
    let mut app = TestApp::spawn().await;
    let (member, campaign, ann, _) = shop(&app, "portal-crash").await;
    let link = link_path(&app, &member, ann["id"].as_u64().unwrap()).await;
    let unused = link_path(&app, &member, ann["id"].as_u64().unwrap()).await;
    let mut browser = Browser::new(&app);
    assert_eq!(browser.post(&link, &[]).await.status, 303);
    let cookie = format!("referrals_portal={}", browser.cookie("referrals_portal").expect("signed in"));
    drop(browser);
    app.kill();
    app.restart().await;
    assert_eq!(Browser::new(&app).post(&link, &[]).await.status, 410, "used, kill -9 or not");
    let page = plain_client().get(format!("{}/p/{campaign}", app.address)).header("cookie", cookie).send().await;
    let page = page.unwrap().text().await.unwrap();
    assert!(page.contains("Hi Ann Archer") && page.contains("Your referral link"), "the session survived: {page}");
    assert_eq!(Browser::new(&app).post(&unused, &[]).await.status, 303, "an acknowledged link survived unused");
}

#[tokio::test]
async fn a_participant_asks_for_a_promo_code_in_the_portal_where_the_campaign_lets_them() {
    let app = TestApp::spawn().await;
    let (member, campaign, ann, bob) = shop(&app, "portal-codes").await;
    let (ann_id, bob_id) = (ann["id"].as_u64().unwrap(), bob["id"].as_u64().unwrap());
    let portal = format!("/p/{campaign}");
    let action = format!("{portal}/promo-code");
    let mut browser = Browser::new(&app);
    let page = signed_in(&app, &member, &mut browser, ann_id).await;
    assert!(!page.body.contains("id=\"promo-codes\""), "no codes and none offered: no section");
    let refused = browser.submit(&portal, &action, &[("code", "ANN5")]).await;
    assert_eq!(refused.status, 403, "not offered by this campaign");

    let on = json!({"promo_codes": {"self_serve": true}});
    let read =
        expect_status(app.put_json("/api/v1", &format!("/campaigns/{campaign}"), &member.bearer(), &on).await, 200)
            .await;
    assert_eq!(read["data"]["promo_codes"], json!({"self_serve": true}));
    // Bob holds BOB5 already (given by the owner).
    let path = format!("/participants/{bob_id}/promo-codes");
    expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({"code": "BOB5"})).await, 201).await;

    let offered = browser.get(&portal).await;
    assert!(offered.body.contains("You have no promo code yet.") && offered.body.contains("name=\"code\""));
    let taken = browser.submit(&portal, &action, &[("code", "bob5")]).await;
    assert_eq!(taken.status, 409, "{}", taken.body);
    assert!(taken.body.contains("This code is taken."), "{}", taken.body);
    let malformed = browser.submit(&portal, &action, &[("code", "a b")]).await;
    assert_eq!(malformed.status, 400);
    let given = browser.submit(&portal, &action, &[("code", "Ann-5")]).await;
    assert_eq!((given.status, given.location()), (303, format!("{portal}?saved=code&lang=en#promo-codes").as_str()));
    let shown = browser.get(given.location()).await;
    assert!(
        shown.body.contains("The code is yours") && shown.body.contains("data-promo-code=\"Ann-5\""),
        "{}",
        shown.body
    );
    assert!(shown.body.contains("Uses: 0 · Sales credited to you: 0"));
    let codes =
        expect_status(app.get("/api/v1", &format!("/participants/{ann_id}/promo-codes"), &member.bearer()).await, 200)
            .await;
    assert_eq!(codes["data"]["promo_codes"][0]["code"], json!("Ann-5"));
    // In German, the same page in its words.
    let german = browser.get(&format!("{portal}?lang=de")).await;
    assert!(german.body.contains("Ihre Rabattcodes"), "{}", german.body);
    // Without the session's token: refused, nothing given.
    let forged = browser.post(&action, &[("csrf", "x"), ("code", "ANN6")]).await;
    assert_eq!(forged.status, 403);
    let codes =
        expect_status(app.get("/api/v1", &format!("/participants/{ann_id}/promo-codes"), &member.bearer()).await, 200)
            .await;
    assert_eq!(codes["data"]["promo_codes"].as_array().unwrap().len(), 1);
}

/// A participant reads their rewards' history in their language, in their own words: a held
/// reward is "under review" (in Spanish, "en revisión"), never the fraud rule that held it,
/// and a reward paid in a payout never shows the payout's reference. The campaign's lander
/// has its title in the reader's language.
#[tokio::test]
async fn the_history_is_told_in_the_readers_language_without_internal_notes() {
    let app = TestApp::spawn().await;
    let member = app.member("portal-words").await;
    let brand = app.brand(&member, "https://portal-words.example.com").await;
    let fields = json!({"name": "Words", "reward_type": 5, "reward_value": "5.00", "reward_invited": true});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    // Both from one address: the friend's reward and Ann's are held by the same-address rule.
    let ann = json!({"campaign_id": campaign, "email": "ann@portal-words.example.com", "ip": "203.0.113.9"});
    let ann = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &ann).await, 201).await["data"]
        ["participant"]
        .clone();
    let bob = json!({"referral_code": ann["referral_code"], "email": "bob@portal-words.example.com",
                     "ip": "203.0.113.9"});
    let bob = expect_status(app.post_json("/api/v1", "/signups/referral", &member.bearer(), &bob).await, 201).await;
    assert_eq!(bob["data"]["referrer_reward"]["status"], "held", "{bob}");
    let mut browser = Browser::new(&app);
    let page = signed_in(&app, &member, &mut browser, ann["id"].as_u64().unwrap()).await;
    let portal = format!("/p/{campaign}");
    let english = browser.get(&format!("{portal}?lang=en")).await;
    let spanish = browser.get(&format!("{portal}?lang=es")).await;
    for (page, held) in [(&page, "under review"), (&english, "under review"), (&spanish, "en revisión")] {
        assert_eq!(page.status, 200);
        let history = &page.body[page.body.find("<ol class=\"history\">").expect("a history")..];
        assert!(history.contains(held), "{held}: {history}");
        for internal in ["same_address", "same address", "held for review", "earned;"] {
            assert!(!page.body.contains(internal), "{internal} in {}", page.body);
        }
    }
    let today = chrono::Utc::now().format("%-d %b %Y").to_string();
    assert!(english.body.contains(&format!(">{today}</time>")), "{today}: {}", english.body);

    // The lander's title in German, its link's label too.
    let german = app.client.get(format!("{}/l/{campaign}?lang=de", app.address)).send().await.unwrap();
    let german = german.text().await.unwrap();
    assert!(german.contains("<title>Empfehlungsprogramm</title>"), "{german}");
    assert!(german.contains("\"social_label\":\"Soziale Netzwerke\""), "{german}");
}
