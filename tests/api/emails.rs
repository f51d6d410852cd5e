//! Participants' emails through a real SMTP server on 127.0.0.1 (aiosmtpd): each email once,
//! with its placeholders filled and values escaped in HTML; a temporary refusal retried into
//! one email, a permanent one failed; an email committed before a crash sent once after the
//! restart; the unsubscribe link honoured; the delivery log and the participant's export; a
//! failed email sent again once, however many ask at once and across a kill -9, from the API
//! and the dashboard.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::helpers::*;
use crate::smtp_sink::SmtpSink;

/// A server sending through `sink`, with test faults `faults` (may be empty).
async fn app_sending_to(sink: &SmtpSink, faults: &str) -> TestApp {
    let mut options = Options { config: Some(sink.config()), ..Default::default() };
    if !faults.is_empty() {
        options.env.push(("REFERRALS_TEST_FAULTS".into(), faults.into()));
    }
    TestApp::spawn_with(options).await
}

/// A cash campaign (10.00 a referral) with every participant email on.
async fn campaign_with_emails(app: &TestApp, member: &TestMember, tag: &str) -> u64 {
    let brand = app.brand(member, &format!("https://{tag}.example.com")).await;
    let fields = json!({
        "name": "Acme Friends",
        "reward_type": 5,
        "reward_value": "10.00",
        "emails": {
            "welcome": {"enabled": true},
            "friend_joined": {"enabled": true},
            "reward": {"enabled": true, "subject": "Your reward from {{campaign}}", "text": "Hi {{name}}, here it is: {{reward}}"}
        }
    });
    app.campaign(member, brand, fields).await["id"].as_u64().unwrap()
}

async fn sign_up(app: &TestApp, member: &TestMember, campaign: u64, email: &str, name: &str) -> Value {
    let body = json!({"campaign_id": campaign, "email": email, "name": name});
    expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await["data"]["participant"]
        .clone()
}

/// The campaign's delivery log once it holds `n` emails and none is queued (bounded: twenty
/// seconds), newest first.
pub(crate) async fn settled_log(app: &TestApp, member: &TestMember, campaign: u64, n: u64) -> Vec<Value> {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let path = format!("/campaigns/{campaign}/emails?limit=100");
        let log = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await["data"].clone();
        let emails = log["emails"].as_array().unwrap().clone();
        let settled = log["pagination"]["total"] == json!(n) && emails.iter().all(|e| e["status"] != json!("queued"));
        if settled {
            return emails;
        }
        assert!(Instant::now() < deadline, "the log did not settle at {n} emails: {log}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

fn by_subject<'m>(messages: &'m [Value], subject: &str) -> Vec<&'m Value> {
    messages.iter().filter(|m| m["subject"] == json!(subject)).collect()
}

#[tokio::test]
async fn each_email_arrives_once_with_its_placeholders_filled_and_values_escaped_in_html() {
    let sink = SmtpSink::start();
    let app = app_sending_to(&sink, "").await;
    let member = app.member("emails-each").await;
    let campaign = campaign_with_emails(&app, &member, "emails-each").await;
    let ada_email = unique_email("ada");
    let ada = sign_up(&app, &member, campaign, &ada_email, "<b>x</b>").await;
    let bob_email = unique_email("bob");
    let referred =
        expect_status(app.refer(&member, ada["referral_code"].as_str().unwrap(), &bob_email).await, 201).await;
    let bob = referred["data"]["participant"].clone();

    let log = settled_log(&app, &member, campaign, 4).await;
    assert!(log.iter().all(|e| e["status"] == json!("sent") && e["attempts"] == json!(1)), "{log:?}");
    let messages = sink.messages();
    assert_eq!(messages.len(), 4, "one message per email: {messages:?}");
    let ids: std::collections::HashSet<&str> = messages.iter().map(|m| m["message_id"].as_str().unwrap()).collect();
    assert_eq!(ids.len(), 4, "a Message-ID each");

    let welcomes = by_subject(&messages, "Welcome to Acme Friends");
    assert_eq!(welcomes.len(), 2);
    let to_ada = welcomes.iter().find(|m| m["rcpt_tos"] == json!([ada_email])).expect("ada's welcome");
    assert!(to_ada["text"].as_str().unwrap().starts_with("Hi <b>x</b>,"), "text keeps the name: {to_ada}");
    let html = to_ada["html"].as_str().unwrap();
    assert!(html.contains("Hi &lt;b&gt;x&lt;/b&gt;,") && !html.contains("<b>x</b>"), "HTML escapes it: {html}");
    assert!(to_ada["text"].as_str().unwrap().contains(ada["referral_link"].as_str().unwrap()));
    assert_eq!(to_ada["from"], json!("Acme Rewards <rewards@acme.example>"));
    let unsubscribe = to_ada["list_unsubscribe"].as_str().unwrap();
    assert!(unsubscribe.starts_with(&format!("<{}/unsubscribe/", app.address)), "{unsubscribe}");
    assert_eq!(to_ada["list_unsubscribe_post"], json!("List-Unsubscribe=One-Click"));

    let joined = by_subject(&messages, "Referred joined through your link");
    assert_eq!(joined.len(), 1, "{messages:?}");
    assert_eq!(joined[0]["rcpt_tos"], json!([ada_email]));
    assert!(joined[0]["text"].as_str().unwrap().contains("That makes 1 so far"));
    assert!(!joined[0]["text"].as_str().unwrap().contains(&bob_email), "never the friend's address");
    let rewards = by_subject(&messages, "Your reward from Acme Friends");
    assert_eq!(rewards.len(), 1);
    let portal = format!("Your referral link, rewards and payouts: {}/p/{campaign}", app.address);
    let text = rewards[0]["text"].as_str().unwrap().replace("\r\n", "\n");
    assert_eq!(text.trim_end(), format!("Hi <b>x</b>, here it is: 10.00\n\n{portal}"), "the portal's link at the end");

    let logged: Vec<(&str, u64)> =
        log.iter().rev().map(|e| (e["kind"].as_str().unwrap(), e["participant_id"].as_u64().unwrap())).collect();
    let (ada_id, bob_id) = (ada["id"].as_u64().unwrap(), bob["id"].as_u64().unwrap());
    assert_eq!(logged, [("welcome", ada_id), ("welcome", bob_id), ("friend_joined", ada_id), ("reward", ada_id)]);
    let export =
        expect_status(app.get("/api/v1", &format!("/participants/{ada_id}/export"), &member.bearer()).await, 200).await;
    let kinds: Vec<&str> =
        export["data"]["emails"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["welcome", "friend_joined", "reward"], "the export lists the emails to them");
}

#[tokio::test]
async fn a_temporary_refusal_is_retried_into_one_email_and_a_permanent_one_fails() {
    let sink = SmtpSink::refusing(1, 451);
    let logged = one_email_through(&sink, "emails-retry").await;
    assert_eq!((&logged["status"], &logged["attempts"]), (&json!("sent"), &json!(2)), "{logged}");
    assert_eq!(sink.messages().len(), 1, "the refused attempt left nothing; the retry one email");

    let refusing = SmtpSink::refusing(1, 550);
    let logged = one_email_through(&refusing, "emails-refused").await;
    assert_eq!((&logged["status"], &logged["attempts"]), (&json!("failed"), &json!(1)), "{logged}");
    assert!(logged["last_error"].as_str().unwrap().contains("550"), "{logged}");
    assert!(refusing.messages().is_empty(), "a permanent refusal is not retried");
}

/// Signs one participant up on a new server sending through `sink`: their welcome's log
/// entry, once settled.
async fn one_email_through(sink: &SmtpSink, tag: &str) -> Value {
    let app = app_sending_to(sink, "").await;
    let member = app.member(tag).await;
    let campaign = campaign_with_emails(&app, &member, tag).await;
    sign_up(&app, &member, campaign, &unique_email(tag), "Ret").await;
    settled_log(&app, &member, campaign, 1).await.remove(0)
}

#[tokio::test]
async fn an_email_committed_before_a_crash_is_sent_once_after_the_restart() {
    let sink = SmtpSink::start();
    let mut app = app_sending_to(&sink, "mail_hold").await;
    let member = app.member("emails-crash").await;
    let campaign = campaign_with_emails(&app, &member, "emails-crash").await;
    // The mailer sends nothing while the file exists: the signup commits its email, then the
    // server dies before sending it.
    let hold = app.data_dir.join("hold-mail");
    std::fs::write(&hold, b"").unwrap();
    let email = unique_email("crash");
    sign_up(&app, &member, campaign, &email, "Cy").await;
    let path = format!("/campaigns/{campaign}/emails");
    let log = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
    assert_eq!(log["data"]["emails"][0]["status"], json!("queued"));
    assert_eq!(log["data"]["emails"][0]["attempts"], json!(0));
    app.kill();
    assert!(sink.messages().is_empty());

    std::fs::remove_file(&hold).unwrap();
    app.restart().await;
    let log = settled_log(&app, &member, campaign, 1).await;
    assert_eq!((&log[0]["status"], &log[0]["attempts"]), (&json!("sent"), &json!(1)), "{log:?}");
    let messages = sink.messages();
    assert_eq!(messages.len(), 1, "exactly one email after the restart");
    assert_eq!(messages[0]["rcpt_tos"], json!([email]));
}

#[tokio::test]
async fn an_unsubscribed_participant_gets_no_more_emails_from_the_campaign() {
    let sink = SmtpSink::start();
    let app = app_sending_to(&sink, "").await;
    let member = app.member("emails-unsub").await;
    let campaign = campaign_with_emails(&app, &member, "emails-unsub").await;
    let ada = sign_up(&app, &member, campaign, &unique_email("ada"), "Ada").await;
    let welcome = sink.wait_for(1).await.remove(0);
    let header = welcome["list_unsubscribe"].as_str().unwrap();
    let link = header.trim_start_matches('<').trim_end_matches('>');
    let client = plain_client();

    // Following the link changes nothing (mail scanners follow links); the button does.
    let page = client.get(link).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("<form method=\"post\">"));
    let forged = link.replacen(&format!("-{}-", ada["id"]), &format!("-{}-", ada["id"].as_u64().unwrap() + 1), 1);
    assert_eq!(client.post(&forged).send().await.unwrap().status(), 404, "a token names one participant");
    for _ in 0..2 {
        let done = client
            .post(link)
            .header("content-type", "application/x-www-form-urlencoded")
            .body("List-Unsubscribe=One-Click")
            .send()
            .await
            .unwrap();
        assert_eq!(done.status(), 200, "one-click unsubscribe, and again");
        assert!(done.text().await.unwrap().contains("Unsubscribed"));
    }

    let code = ada["referral_code"].as_str().unwrap();
    let friend = unique_email("friend");
    expect_status(app.refer(&member, code, &friend).await, 201).await;
    let log = settled_log(&app, &member, campaign, 2).await;
    let kinds: Vec<(&str, &str)> =
        log.iter().map(|e| (e["kind"].as_str().unwrap(), e["to"].as_str().unwrap())).collect();
    assert_eq!(
        kinds,
        [("welcome", friend.as_str()), ("welcome", ada["email"].as_str().unwrap())],
        "ada gets nothing more"
    );
    assert_eq!(sink.messages().len(), 2);
}

#[tokio::test]
async fn forty_signups_at_once_send_forty_emails_each_once() {
    let sink = SmtpSink::start();
    let app = app_sending_to(&sink, "").await;
    let member = app.member("emails-burst").await;
    let campaign = campaign_with_emails(&app, &member, "emails-burst").await;
    let emails: Vec<String> = (0..40).map(|i| unique_email(&format!("burst{i}"))).collect();
    futures_util::future::join_all(emails.iter().map(|e| sign_up(&app, &member, campaign, e, "Burst"))).await;
    let log = settled_log(&app, &member, campaign, 40).await;
    assert!(log.iter().all(|e| e["status"] == json!("sent") && e["attempts"] == json!(1)), "{log:?}");
    let mut received: Vec<String> = sink.messages().iter().map(|m| m["rcpt_tos"][0].as_str().unwrap().into()).collect();
    received.sort();
    let mut expected = emails.clone();
    expected.sort();
    assert_eq!(received, expected, "every participant once, nobody twice");
}

#[tokio::test]
async fn the_dashboard_shows_the_campaigns_email_log_to_its_member_only() {
    let sink = SmtpSink::start();
    let app = app_sending_to(&sink, "").await;
    let member = app.member("emails-dashboard").await;
    let campaign = campaign_with_emails(&app, &member, "emails-dashboard").await;
    let ada_email = unique_email("ada");
    sign_up(&app, &member, campaign, &ada_email, "Ada").await;
    let log = settled_log(&app, &member, campaign, 1).await;
    assert_eq!(log[0]["status"], json!("sent"));

    let mut browser = crate::dashboard::Browser::new(&app);
    let fields = [("email", member.email.as_str()), ("password", member.password.as_str())];
    let signed = browser.submit("/dashboard/sign-in", "/dashboard/sign-in", &fields).await;
    assert_eq!(signed.status, 303, "{}", signed.body);
    let page = browser.get(&format!("/dashboard/campaigns/{campaign}/emails")).await;
    assert_eq!(page.status, 200);
    let row = format!("<tr id=\"email-{}\">", log[0]["id"]);
    let at = page.body.find(&row).unwrap_or_else(|| panic!("{row} in {}", page.body));
    let row = &page.body[at..at + page.body[at..].find("</tr>").unwrap()];
    assert!(row.contains(&ada_email) && row.contains("welcome") && row.contains("Welcome to Acme Friends"), "{row}");
    assert!(row.contains("<td class=\"state\">sent"), "{row}");

    let mut eve = crate::dashboard::Browser::new(&app);
    eve.register("Eve").await;
    assert_eq!(eve.get(&format!("/dashboard/campaigns/{campaign}/emails")).await.status, 404);
    let token = eve.get("/dashboard/account").await.token();
    let resend = format!("/dashboard/campaigns/{campaign}/emails/{}/resend", log[0]["id"]);
    assert_eq!(eve.post(&resend, &[("csrf", &token)]).await.status, 404);
    // A sent email has no button, and a resend of it is told it did not fail.
    assert!(!page.body.contains(&resend));
    let page_path = format!("/dashboard/campaigns/{campaign}/emails");
    let done = browser.submit(&page_path, &resend, &[]).await;
    assert_eq!(done.location(), format!("{page_path}?done=not-failed"));
}

#[tokio::test]
async fn a_failed_email_is_sent_again_from_the_dashboard() {
    let sink = SmtpSink::refusing(1, 550);
    let app = app_sending_to(&sink, "").await;
    let member = app.member("emails-dashboard-resend").await;
    let campaign = campaign_with_emails(&app, &member, "emails-dashboard-resend").await;
    let ada = unique_email("ada");
    sign_up(&app, &member, campaign, &ada, "Ada").await;
    let failed = settled_log(&app, &member, campaign, 1).await.remove(0);
    assert_eq!(failed["status"], json!("failed"));

    let mut browser = crate::dashboard::Browser::new(&app);
    let fields = [("email", member.email.as_str()), ("password", member.password.as_str())];
    browser.submit("/dashboard/sign-in", "/dashboard/sign-in", &fields).await;
    let page_path = format!("/dashboard/campaigns/{campaign}/emails");
    let page = browser.get(&page_path).await;
    let resend = format!("{page_path}/{}/resend", failed["id"]);
    assert!(page.body.contains(&format!("action=\"{resend}\"")), "a Send again button: {}", page.body);
    assert!(page.body.contains("550"), "the server's answer is shown");
    let done = browser.submit(&page_path, &resend, &[]).await;
    assert_eq!(done.location(), format!("{page_path}?done=resent"));
    let log = settled_log(&app, &member, campaign, 1).await;
    assert_eq!(log[0]["status"], json!("sent"), "{log:?}");
    assert_eq!(sink.messages().len(), 1);
    assert_eq!(sink.messages()[0]["rcpt_tos"], json!([ada]));
    // Without the form's token: refused, nothing queued.
    assert_eq!(browser.post(&resend, &[]).await.status, 403);
}

/// Resends `email` of `campaign` through the API.
async fn resend(app: &TestApp, member: &TestMember, campaign: u64, email: &Value) -> reqwest::Response {
    let path = format!("/campaigns/{campaign}/emails/{}/resend", email["id"]);
    app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await
}

#[tokio::test]
async fn a_failed_email_resent_twenty_times_at_once_is_queued_once_and_arrives_once() {
    // The sink refuses the first message for good: the welcome fails.
    let sink = SmtpSink::refusing(1, 550);
    let app = app_sending_to(&sink, "").await;
    let member = app.member("emails-resend").await;
    let campaign = campaign_with_emails(&app, &member, "emails-resend").await;
    let ada = unique_email("ada");
    sign_up(&app, &member, campaign, &ada, "Ada").await;
    let failed = settled_log(&app, &member, campaign, 1).await.remove(0);
    assert_eq!(failed["status"], json!("failed"), "{failed}");

    let answers = futures_util::future::join_all((0..20).map(|_| resend(&app, &member, campaign, &failed))).await;
    let mut queued = 0;
    for answer in answers {
        match answer.status().as_u16() {
            202 => {
                queued += 1;
                let body: Value = answer.json().await.unwrap();
                assert_eq!(body["data"]["id"], failed["id"]);
            }
            _ => {
                let message = expect_error(answer, 409, "email_not_failed").await;
                assert!(message.starts_with("only a failed email is sent again; this one is "), "{message}");
            }
        }
    }
    assert_eq!(queued, 1, "one resend queued it");
    // A later email as a marker: once it is sent, any second copy of the first would be too.
    let marker = unique_email("marker");
    sign_up(&app, &member, campaign, &marker, "Mark").await;
    let log = settled_log(&app, &member, campaign, 2).await;
    assert!(log.iter().all(|e| e["status"] == json!("sent")), "{log:?}");
    let to_ada = sink.messages().into_iter().filter(|m| m["rcpt_tos"] == json!([ada])).count();
    assert_eq!(to_ada, 1, "the resent welcome arrived once");
    // Sent now: a resend is refused and sends nothing.
    let again = resend(&app, &member, campaign, &failed).await;
    assert_eq!(
        expect_error(again, 409, "email_not_failed").await,
        "only a failed email is sent again; this one is sent"
    );
    // Another member's or an unknown email: not found.
    let eve = app.member("emails-resend-eve").await;
    expect_error(resend(&app, &eve, campaign, &failed).await, 404, "not_found").await;
    let unknown = json!({"id": 999_999});
    expect_error(resend(&app, &member, campaign, &unknown).await, 404, "not_found").await;
}

#[tokio::test]
async fn a_resend_acknowledged_before_a_crash_sends_the_email_once_after_the_restart() {
    let sink = SmtpSink::refusing(1, 550);
    let mut app = app_sending_to(&sink, "mail_hold").await;
    let member = app.member("emails-resend-crash").await;
    let campaign = campaign_with_emails(&app, &member, "emails-resend-crash").await;
    let ada = unique_email("ada");
    sign_up(&app, &member, campaign, &ada, "Ada").await;
    let failed = settled_log(&app, &member, campaign, 1).await.remove(0);
    assert_eq!(failed["status"], json!("failed"));
    // The mailer holds what is queued: the resend is acknowledged, then the server dies.
    let hold = app.data_dir.join("hold-mail");
    std::fs::write(&hold, b"").unwrap();
    expect_status(resend(&app, &member, campaign, &failed).await, 202).await;
    app.kill();
    assert!(sink.messages().is_empty());

    std::fs::remove_file(&hold).unwrap();
    app.restart().await;
    let log = settled_log(&app, &member, campaign, 1).await;
    assert_eq!((&log[0]["status"], &log[0]["attempts"]), (&json!("sent"), &json!(1)), "{log:?}");
    let to_ada = sink.messages().into_iter().filter(|m| m["rcpt_tos"] == json!([ada])).count();
    assert_eq!(to_ada, 1, "exactly once after the restart");
}
