//! Credentials that can be changed and revoked: a password change ends every other
//! dashboard session and every JWT issued before it, and a disabled member's tokens end for
//! good, whether or not the member is enabled again.

use reqwest::Method;
use serde_json::json;

use crate::dashboard::{Answer, Browser};
use crate::helpers::{expect_error, expect_status, Cred, Options, TestApp, ADMIN_TOKEN};
use crate::smtp_sink::SmtpSink;

/// Signs a browser in with `email` and `password`.
async fn signed_in<'a>(app: &'a TestApp, email: &str, password: &str) -> Browser<'a> {
    let mut browser = Browser::new(app);
    let done =
        browser.submit("/dashboard/sign-in", "/dashboard/sign-in", &[("email", email), ("password", password)]).await;
    assert_eq!(done.status, 303, "{}", done.body);
    assert_eq!(browser.get("/dashboard/account").await.status, 200, "signed in");
    browser
}

#[tokio::test]
async fn a_password_change_through_the_api_ends_every_older_token_and_session() {
    let app = TestApp::spawn().await;
    let member = app.member("changer").await;
    let old_token = member.bearer();
    let mut elsewhere = signed_in(&app, &member.email, &member.password).await;

    let change = |current: &str, new: &str| json!({"current_password": current, "new_password": new});
    let wrong = app
        .post_json("/api/v1", "/members/password", &old_token, &change("not-mine-at-all", "a strong new passphrase"))
        .await;
    expect_error(wrong, 403, "wrong_password").await;
    let weak = app.post_json("/api/v1", "/members/password", &old_token, &change(&member.password, "password")).await;
    let message = expect_error(weak, 400, "validation_failed").await;
    assert!(message.starts_with("new_password is too easy to guess"), "{message}");
    // Neither refusal changed anything.
    expect_status(app.get("/api/v1", "/members/profile", &old_token).await, 200).await;

    let new_password = "difference engine number two";
    let body = change(&member.password, new_password);
    let changed = expect_status(app.post_json("/api/v1", "/members/password", &old_token, &body).await, 200).await;
    let new_token = Cred::Bearer(changed["data"]["token"].as_str().expect("a new token").to_owned());

    expect_error(app.get("/api/v1", "/members/profile", &old_token).await, 401, "unauthorized").await;
    let profile = expect_status(app.get("/api/v1", "/members/profile", &new_token).await, 200).await;
    assert_eq!(profile["data"]["id"], json!(member.id));
    let signed_out = elsewhere.get("/dashboard/account").await;
    assert_eq!((signed_out.status, signed_out.location()), (303, "/dashboard/sign-in"), "the other session ended");
    expect_error(app.login("/api/v1", &member.email, &member.password).await, 401, "unauthorized").await;
    expect_status(app.login("/api/v1", &member.email, new_password).await, 200).await;
    // An API key is no password: it keeps working, as its own revocation is its own.
    let made = app.post_json("/api/v1", "/members/api-key", &new_token, &json!({})).await;
    let key = expect_status(made, 201).await["data"]["api_key"].as_str().unwrap().to_owned();
    expect_status(app.get("/api/v1", "/members/profile", &Cred::Key(key)).await, 200).await;
}

#[tokio::test]
async fn a_password_change_in_the_dashboard_keeps_this_browser_and_ends_the_rest() {
    let app = TestApp::spawn().await;
    let member = app.member("dash-changer").await;
    let mut here = signed_in(&app, &member.email, &member.password).await;
    let mut there = signed_in(&app, &member.email, &member.password).await;

    let fields = [("current_password", "a guess, not the password"), ("new_password", "babbage lovelace engine")];
    let refused = here.submit("/dashboard/account", "/dashboard/account/password", &fields).await;
    assert_eq!(refused.status, 403);
    assert!(refused.body.contains("current_password is not this account"), "{}", refused.body);

    let fields = [("current_password", member.password.as_str()), ("new_password", "babbage lovelace engine")];
    let done = here.submit("/dashboard/account", "/dashboard/account/password", &fields).await;
    assert_eq!((done.status, done.location()), (303, "/dashboard/account?notice=password-changed"), "{}", done.body);
    let page = here.get("/dashboard/account?notice=password-changed").await;
    assert_eq!(page.status, 200, "this browser is signed in again");
    assert!(page.body.contains("Your password is changed"), "{}", page.body);
    assert_eq!(there.get("/dashboard/account").await.status, 303, "the other browser is signed out");
    expect_error(app.get("/api/v1", "/members/profile", &member.bearer()).await, 401, "unauthorized").await;
}

#[tokio::test]
async fn a_disabled_member_s_tokens_end_for_good() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.member("disabled").await;
    let old_token = member.bearer();
    expect_status(app.get("/api/v1", "/members/profile", &old_token).await, 200).await;
    let path = |action: &str| format!("/members/{}/{action}", member.id);
    expect_status(app.admin(Method::POST, &path("disable"), ADMIN_TOKEN).send().await.unwrap(), 200).await;
    expect_error(app.get("/api/v1", "/members/profile", &old_token).await, 401, "unauthorized").await;
    expect_status(app.admin(Method::POST, &path("enable"), ADMIN_TOKEN).send().await.unwrap(), 200).await;
    // Enabled again, the member signs in afresh: the old token stays ended.
    expect_error(app.get("/api/v1", "/members/profile", &old_token).await, 401, "unauthorized").await;
    let token = expect_status(app.login("/api/v1", &member.email, &member.password).await, 200).await;
    let fresh = Cred::Bearer(token["data"]["token"].as_str().unwrap().to_owned());
    expect_status(app.get("/api/v1", "/members/profile", &fresh).await, 200).await;
}

/// The reset link in a message's text, as a path of the server.
fn reset_link_in(message: &serde_json::Value, app: &TestApp) -> String {
    let text = message["text"].as_str().unwrap();
    let start = text.find(&app.address).expect("a link to this server") + app.address.len();
    text[start..].split_whitespace().next().unwrap().to_owned()
}

#[tokio::test]
async fn a_reset_link_works_once_and_the_same_page_answers_whoever_asks() {
    let sink = SmtpSink::start();
    let app = TestApp::spawn_with(Options { config: Some(sink.config()), ..Default::default() }).await;
    let member = app.member("forgetful").await;
    let old_token = member.bearer();
    let mut elsewhere = signed_in(&app, &member.email, &member.password).await;

    let mut browser = Browser::new(&app);
    let sign_in = browser.get("/dashboard/sign-in").await;
    assert!(sign_in.body.contains("href=\"/dashboard/password-reset\""), "the sign-in page offers it");
    let stranger = browser
        .submit("/dashboard/password-reset", "/dashboard/password-reset", &[("email", "nobody@nowhere.example")])
        .await;
    let asked = browser
        .submit("/dashboard/password-reset", "/dashboard/password-reset", &[("email", &member.email.to_uppercase())])
        .await;
    assert_eq!((stranger.status, asked.status), (200, 200));
    let main = |a: &Answer| a.body[a.body.find("<main").unwrap()..].to_owned();
    assert_eq!(main(&stranger), main(&asked), "the same page whoever asks");
    let messages = sink.wait_for(1).await;
    assert_eq!(messages.len(), 1, "only the member gets an email: {messages:?}");
    assert_eq!(messages[0]["rcpt_tos"], json!([member.email]));
    assert_eq!(messages[0]["subject"], json!("Reset your password"));
    let link = reset_link_in(&messages[0], &app);
    assert!(link.starts_with("/dashboard/password-reset/new?token="), "{link}");

    // Opening it uses nothing; a weak password does not use it up either.
    assert_eq!(browser.get(&link).await.status, 200);
    let opened = browser.get(&link).await;
    assert_eq!(opened.status, 200, "still good");
    let secret = link.split("token=").nth(1).unwrap().to_owned();
    let weak = browser
        .submit(&link, "/dashboard/password-reset/new", &[("reset", &secret), ("new_password", "password")])
        .await;
    assert_eq!(weak.status, 400);
    assert!(weak.body.contains("too easy to guess"), "{}", weak.body);
    let fields = [("reset", secret.as_str()), ("new_password", "remembered at last, finally")];
    let done = browser.submit(&link, "/dashboard/password-reset/new", &fields).await;
    assert_eq!((done.status, done.location()), (303, "/dashboard/account?notice=password-changed"), "{}", done.body);
    assert_eq!(browser.get("/dashboard/account").await.status, 200, "signed in by the reset");

    // Once: the link is dead now, and everything the old password let in has ended.
    assert_eq!(Browser::new(&app).get(&link).await.status, 410);
    let again = Browser::new(&app).submit("/dashboard/sign-in", "/dashboard/password-reset/new", &fields).await;
    assert_eq!(again.status, 410, "a second use changes nothing");
    assert_eq!(elsewhere.get("/dashboard/account").await.status, 303, "the other session ended");
    expect_error(app.get("/api/v1", "/members/profile", &old_token).await, 401, "unauthorized").await;
    expect_error(app.login("/api/v1", &member.email, &member.password).await, 401, "unauthorized").await;
    expect_status(app.login("/api/v1", &member.email, "remembered at last, finally").await, 200).await;
    assert_eq!(sink.messages().len(), 1, "the stranger never got one");
}
