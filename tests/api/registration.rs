//! Who may register, as shipped: the first account, then nobody but through the operator or
//! an invitation, which registers once (also when raced, and across a crash); and the
//! shipped default plan has no upgrade wall.

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;

/// A server with the shipped `[members]` (registration closed, the roomiest plan) and the
/// admin API on.
async fn shipped() -> TestApp {
    TestApp::spawn_with(Options { members_as_configured: true, ..Options::with_admin() }).await
}

/// The registration body of `email`, with an invitation when given.
fn registration(email: &str, invitation: Option<&str>) -> Value {
    let mut body = json!({"email": email, "name": "Someone", "password": "a long enough password"});
    if let Some(secret) = invitation {
        body["invitation"] = json!(secret);
    }
    body
}

/// `POST /members` of `email`, with an invitation when given.
async fn register_with(app: &TestApp, email: &str, invitation: Option<&str>) -> reqwest::Response {
    app.post_json("/api/v1", "/members", &Cred::None, &registration(email, invitation)).await
}

/// A member's invitation of `email` (`POST /members/invitations`).
async fn member_invites(app: &TestApp, member: &TestMember, email: &str) -> reqwest::Response {
    app.post_json("/api/v1", "/members/invitations", &member.bearer(), &json!({"email": email})).await
}

/// The secret of an invitation's link.
fn secret_of(answer: &Value) -> String {
    let link = answer["data"]["link"].as_str().expect("link");
    let (_, secret) = link.split_once("/dashboard/register?invitation=").expect("an invitation link");
    secret.to_owned()
}

/// The operator's invitation of `email` (`refctl members invite`).
async fn operator_invites(app: &TestApp, email: &str) -> Value {
    let made = app.admin_json(Method::POST, "/invitations", ADMIN_TOKEN, &json!({"email": email})).await;
    expect_status(made, 201).await
}

#[tokio::test]
async fn the_shipped_server_takes_its_first_account_then_closes_while_the_operator_still_creates() {
    let app = shipped().await;
    let owner = app.member("owner").await;
    let profile = expect_status(app.get("/api/v1", "/members/profile", &owner.bearer()).await, 200).await;
    assert_eq!(profile["data"]["plan_id"], 3, "the shipped default plan: Scale");

    let stranger = register_with(&app, "stranger@example.com", None).await;
    let message = expect_error(stranger, 403, "registration_closed").await;
    assert!(message.contains("refctl members create"), "{message}");
    expect_status(app.login("/api/v1", "stranger@example.com", "a long enough password").await, 401).await;

    // The sign-up page says so, instead of a form.
    let page = plain_client().get(format!("{}/dashboard/register", app.address)).send().await.unwrap();
    assert_eq!(page.status(), 403);
    let html = page.text().await.unwrap();
    assert!(html.contains("Registration on this server is closed"), "{html}");
    assert!(!html.contains("name=\"password\""), "no form to fill in");

    // The operator's `refctl members create`.
    let body = json!({"email": "colleague@example.com", "name": "Colleague", "password": "a long enough password"});
    let created = expect_status(app.admin_json(Method::POST, "/members", ADMIN_TOKEN, &body).await, 201).await;
    assert_eq!(created["data"]["plan_id"], 3);
    expect_status(app.login("/api/v1", "colleague@example.com", "a long enough password").await, 200).await;
    // A member may not invite on a closed server: only the operator does.
    let invited = member_invites(&app, &owner, "x@example.com");
    expect_error(invited.await, 403, "registration_closed").await;
}

#[tokio::test]
async fn a_new_member_on_the_shipped_plan_creates_more_than_three_campaigns_and_brands() {
    let app = shipped().await;
    let owner = app.member("owner").await;
    let first = app.brand(&owner, "https://first-shop.example").await;
    app.brand(&owner, "https://second-shop.example").await;
    for n in 0..5 {
        let campaign = app.campaign(&owner, first, json!({"name": format!("Campaign {n}")})).await;
        assert!(campaign["id"].as_u64().is_some());
    }
}

#[tokio::test]
async fn an_invitation_registers_its_address_once() {
    let app = shipped().await;
    app.member("owner").await;
    let made = operator_invites(&app, "Grace@Example.com").await;
    assert_eq!(made["data"]["email"], "Grace@Example.com");
    assert_eq!(made["data"]["emailed"], false, "this server sends no email");
    let secret = secret_of(&made);

    // Another address, with the same link: refused, and the link is not used up by it.
    let other = register_with(&app, "mallory@example.com", Some(&secret));
    expect_error(other.await, 403, "invitation_invalid").await;
    // Its own address, in any case: registered.
    let invited = register_with(&app, "grace@example.com", Some(&secret));
    expect_status(invited.await, 201).await;
    expect_status(app.login("/api/v1", "grace@example.com", "a long enough password").await, 200).await;
    // Once.
    let again = register_with(&app, "grace2@example.com", Some(&secret));
    expect_error(again.await, 403, "invitation_invalid").await;
    let made = operator_invites(&app, "grace2@example.com").await;
    let unknown = format!("{}x", &secret_of(&made)[1..]);
    expect_error(register_with(&app, "grace2@example.com", Some(&unknown)).await, 403, "invitation_invalid").await;
    // The sign-up page of a link shows its address.
    let page = plain_client().get(format!("{}/dashboard/register?invitation={}", app.address, secret_of(&made)));
    let html = page.send().await.unwrap().text().await.unwrap();
    assert!(html.contains("grace2@example.com") && html.contains("name=\"invitation\""), "{html}");
}

#[tokio::test]
async fn an_invitation_raced_by_ten_registrations_registers_one_member() {
    let app = shipped().await;
    app.member("owner").await;
    let secret = secret_of(&operator_invites(&app, "raced@example.com").await);
    let answers =
        futures_util::future::join_all((0..10).map(|_| register_with(&app, "raced@example.com", Some(&secret)))).await;
    let statuses: Vec<u16> = answers.iter().map(|a| a.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|&&s| s == 201).count(), 1, "{statuses:?}");
    assert!(statuses.iter().all(|s| [201, 403, 409].contains(s)), "{statuses:?}");
    let found = app.admin(Method::GET, "/members?search=raced%40", ADMIN_TOKEN).send().await.unwrap();
    assert_eq!(expect_status(found, 200).await["data"]["pagination"]["total"], 1);
}

#[tokio::test]
async fn an_invitation_used_before_a_crash_stays_used_after_it() {
    let mut app = shipped().await;
    app.member("owner").await;
    let secret = secret_of(&operator_invites(&app, "crash@example.com").await);
    let used = register_with(&app, "crash@example.com", Some(&secret));
    expect_status(used.await, 201).await;
    app.restart().await; // SIGKILL, then start on the same data
    expect_status(app.login("/api/v1", "crash@example.com", "a long enough password").await, 200).await;
    let again = register_with(&app, "crash2@example.com", Some(&secret));
    expect_error(again.await, 403, "invitation_invalid").await;
}

#[tokio::test]
async fn members_invite_when_registration_is_by_invitation() {
    let options = Options {
        members_as_configured: true,
        env: vec![("REFERRALS_MEMBERS_REGISTRATION".into(), "invite".into())],
        ..Options::with_admin()
    };
    let app = TestApp::spawn_with(options).await;
    let owner = app.member("owner").await;
    let stranger = register_with(&app, "walk-in@example.com", None);
    expect_error(stranger.await, 403, "registration_closed").await;
    let made = member_invites(&app, &owner, "team@example.com");
    let secret = secret_of(&expect_status(made.await, 201).await);
    let joined = register_with(&app, "team@example.com", Some(&secret));
    expect_status(joined.await, 201).await;
    // An address with an account is not invited again.
    let twice = member_invites(&app, &owner, "team@example.com");
    expect_error(twice.await, 409, "email_taken").await;
}

/// On a server open to anyone, a member's campaign emails go out in their own words only
/// once they have confirmed their address by the link emailed to them: until then, in ours.
/// (The stranger of issue 78 wrote "Your bank account is locked" and sent it from the shop.)
#[tokio::test]
async fn on_an_open_server_a_members_own_email_words_wait_for_their_confirmed_address() {
    use crate::dashboard::Browser;
    use crate::smtp_sink::SmtpSink;
    let sink = SmtpSink::start();
    let app = TestApp::spawn_with(Options { config: Some(sink.config()), ..Default::default() }).await;
    let operator = app.member("open-operator").await;
    let stranger = app.member("open-stranger").await;
    // The server's first account is its operator's; the stranger gets a link.
    let messages = wait_for_messages(&sink, 1).await;
    assert_eq!(messages.len(), 1, "{messages:?}");
    assert_eq!(messages[0]["rcpt_tos"][0], stranger.email.as_str());
    assert_eq!(messages[0]["subject"], "Confirm your email address");
    let text = messages[0]["text"].as_str().unwrap();
    let start = text.find(&format!("{}/dashboard/confirm-email/", app.address)).expect("a confirmation link");
    let link = text[start..].split_whitespace().next().unwrap().trim_start_matches(&app.address).to_owned();

    let lure = "Your bank account is locked, click here";
    let fields = json!({"name": "Lure", "reward_type": 3, "reward_value": "thanks",
                        "emails": {"welcome": {"enabled": true, "subject": "Urgent", "text": lure}}});
    let brand = app.brand(&stranger, "https://open-stranger.example.com").await;
    let campaign = app.campaign(&stranger, brand, fields).await["id"].as_u64().unwrap();
    app.participant(&stranger, campaign, "victim@open.example.com").await;
    let messages = wait_for_messages(&sink, 2).await;
    let welcome = &messages[1];
    assert_eq!(welcome["rcpt_tos"][0], "victim@open.example.com");
    assert!(!welcome["text"].as_str().unwrap().contains(lure) && welcome["subject"] != "Urgent", "{welcome}");

    // The Account page says so, and sends the link again.
    let mut own = Browser::new(&app);
    let signed = own
        .submit(
            "/dashboard/sign-in",
            "/dashboard/sign-in",
            &[("email", &stranger.email), ("password", &stranger.password)],
        )
        .await;
    assert_eq!(signed.status, 303, "{}", signed.body);
    let account = own.get("/dashboard/account").await;
    assert!(account.body.contains("Confirm your email address"), "{}", account.body);
    let again = own.submit("/dashboard/account", "/dashboard/account/confirm-email", &[]).await;
    assert_eq!((again.status, again.location()), (303, "/dashboard/account?notice=confirmation-sent"));
    let messages = wait_for_messages(&sink, 3).await;
    assert_eq!(
        (messages[2]["subject"].as_str(), messages[2]["rcpt_tos"][0].as_str()),
        (Some("Confirm your email address"), Some(stranger.email.as_str()))
    );

    // A forged link, or another member's, confirms nothing.
    let mut browser = Browser::new(&app);
    let forged = link.replace(&format!("/{}-", stranger.id), &format!("/{}-", operator.id));
    assert_eq!(browser.get(&forged).await.status, 404);
    // Opening the link asks; the button confirms.
    let asked = browser.get(&link).await;
    assert_eq!(asked.status, 200);
    assert!(asked.body.contains("Confirm my address") && asked.body.contains(&stranger.email), "{}", asked.body);
    let confirmed = browser.submit(&link, &link, &[]).await;
    assert_eq!(confirmed.status, 200, "{}", confirmed.body);
    assert!(confirmed.body.contains("Your address is confirmed"));
    assert!(!own.get("/dashboard/account").await.body.contains("Confirm your email address"), "nothing waits now");
    app.participant(&stranger, campaign, "reader@open.example.com").await;
    let messages = wait_for_messages(&sink, 4).await;
    assert_eq!(
        (messages[3]["subject"].as_str(), messages[3]["text"].as_str().map(|t| t.contains(lure))),
        (Some("Urgent"), Some(true))
    );

    // The operator's own words were never held back.
    let fields = json!({"name": "Ours", "reward_type": 3, "reward_value": "thanks",
                        "emails": {"welcome": {"enabled": true, "subject": "Welcome to Acme", "text": "Hi {{name}}"}}});
    let brand = app.brand(&operator, "https://open-operator.example.com").await;
    let campaign = app.campaign(&operator, brand, fields).await["id"].as_u64().unwrap();
    app.participant(&operator, campaign, "friend@open.example.com").await;
    assert_eq!(wait_for_messages(&sink, 5).await[4]["subject"], "Welcome to Acme");
}

/// The sink's messages once it holds `n` (twenty seconds at most), in arrival order.
async fn wait_for_messages(sink: &crate::smtp_sink::SmtpSink, n: usize) -> Vec<Value> {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let messages = sink.messages();
        if messages.len() >= n {
            return messages;
        }
        assert!(std::time::Instant::now() < deadline, "{} of {n} messages arrived: {messages:?}", messages.len());
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}
