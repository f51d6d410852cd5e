//! The member's daily digest through a real SMTP server on 127.0.0.1 (aiosmtpd), on a server
//! whose digest hour is midnight (so every campaign is due today's at once) and that looks for
//! due campaigns every 50 ms: the digest carries the campaign's numbers to the member, a day
//! has one however often the server looks or restarts, one committed before a crash is sent
//! once after it, and its link turns the digest off.
//!
//! "No second digest" needs a witness: a second campaign whose digest is turned on after the
//! fact. The scheduler reads every campaign due in one look, so the witness's digest arriving
//! proves a look ran that would have sent the first campaign's again.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::helpers::*;
use crate::smtp_sink::SmtpSink;

/// A server sending through `sink`, digests due from midnight, with test faults `faults`.
async fn app_digesting(sink: &SmtpSink, faults: &str) -> TestApp {
    let config = format!("{}digest_hour = 0\ndigest_interval_ms = 50\n", sink.config());
    let mut options = Options { config: Some(config), ..Options::with_admin() };
    if !faults.is_empty() {
        options.env.push(("REFERRALS_TEST_FAULTS".into(), faults.into()));
    }
    TestApp::spawn_with(options).await
}

/// A cash campaign (10.00 a referral) named `name`, its digest off, with `joined`
/// participants signed up: the first one referred the others.
async fn campaign_with_signups(app: &TestApp, member: &TestMember, brand: u64, name: &str, joined: usize) -> u64 {
    let fields = json!({"name": name, "reward_type": 5, "reward_value": "10.00", "num_signups": 1});
    let campaign = app.campaign(member, brand, fields).await["id"].as_u64().unwrap();
    let tag = name.to_lowercase().replace(' ', "-");
    let first = app.participant(member, campaign, &unique_email(&tag)).await;
    let code = first["referral_code"].as_str().unwrap().to_owned();
    for i in 1..joined {
        expect_status(app.refer(member, &code, &unique_email(&format!("{tag}{i}"))).await, 201).await;
    }
    campaign
}

async fn turn_digest(app: &TestApp, member: &TestMember, campaign: u64, on: bool) -> Value {
    let body = json!({"emails": {"digest": {"enabled": on}}});
    let updated = app.put_json("/api/v1", &format!("/campaigns/{campaign}"), &member.bearer(), &body).await;
    expect_status(updated, 200).await["data"].clone()
}

/// The campaign's delivery log, newest first.
async fn log(app: &TestApp, member: &TestMember, campaign: u64) -> Vec<Value> {
    let path = format!("/campaigns/{campaign}/emails?limit=100");
    expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await["data"]["emails"]
        .as_array()
        .unwrap()
        .clone()
}

fn digests_of<'m>(messages: &'m [Value], campaign: &str) -> Vec<&'m Value> {
    messages.iter().filter(|m| m["subject"].as_str().unwrap().starts_with(&format!("{campaign}: "))).collect()
}

#[tokio::test]
async fn the_member_gets_the_campaigns_numbers_once_a_day_and_its_link_turns_it_off() {
    let sink = SmtpSink::start();
    let mut app = app_digesting(&sink, "").await;
    let member = app.unlimited_member("digest-once").await;
    let brand = app.brand(&member, "https://digest-once.example.com").await;
    let campaign = campaign_with_signups(&app, &member, brand, "Acme Friends", 3).await;
    let read = turn_digest(&app, &member, campaign, true).await;
    assert_eq!(read["emails"]["digest"]["enabled"], json!(true));
    assert!(read["emails"]["digest"]["placeholders"].as_array().unwrap().contains(&json!("{{held}}")));

    let digest = sink.wait_for(1).await.remove(0);
    assert_eq!(digest["rcpt_tos"], json!([member.email]), "to the member");
    assert_eq!(digest["subject"], json!("Acme Friends: 3 signups, 2 rewards"));
    // Mail travels with CRLF line ends.
    let text = digest["text"].as_str().unwrap().replace("\r\n", "\n");
    assert!(text.starts_with("Hi digest-once,\n\nSince "), "{text:?}");
    assert!(text.contains("- 3 new participants, 2 of them referred by a participant\n- 2 rewards issued"), "{text:?}");
    assert!(text.contains("Rewards held for review now: 0. Participants in all: 3."), "{text}");
    let link = digest["list_unsubscribe"].as_str().unwrap().trim_start_matches('<').trim_end_matches('>').to_owned();
    assert!(link.starts_with(&format!("{}/unsubscribe/{campaign}-digest-", app.address)), "{link}");
    assert!(text.trim_end().ends_with(&link), "{text:?}");
    // Once the mailer has recorded it as sent (the kill below is about one digest a day, not
    // about an email whose sending a kill interrupts: that one is sent again).
    let logged = crate::emails::settled_log(&app, &member, campaign, 1).await;
    assert_eq!(logged[0]["status"], json!("sent"), "{logged:?}");
    assert_eq!(
        (&logged[0]["kind"], &logged[0]["participant_id"], &logged[0]["to"]),
        (&json!("digest"), &Value::Null, &json!(member.email))
    );

    // More happens, and the server dies and comes back: still today's one digest.
    app.participant(&member, campaign, &unique_email("later")).await;
    app.kill();
    app.restart().await;
    let witness = campaign_with_signups(&app, &member, brand, "Witness", 1).await;
    turn_digest(&app, &member, witness, true).await;
    let messages = sink.wait_for(2).await;
    assert_eq!(digests_of(&messages, "Witness").len(), 1, "{messages:?}");
    assert_eq!(digests_of(&messages, "Acme Friends").len(), 1, "one a day: {messages:?}");
    assert_eq!(messages.len(), 2, "{messages:?}");
    // The look that composed the witness's read this campaign first (ids in order): a second
    // digest would be in its log by now, sent or not.
    assert_eq!(log(&app, &member, campaign).await.len(), 1);

    // The link: a page first (scanners follow links), then the button turns the digest off.
    // (The restarted server listens on another port: the same token, at its address.)
    let token = link.rsplit('/').next().unwrap();
    let link = format!("{}/unsubscribe/{token}", app.address);
    let client = plain_client();
    let page = client.get(&link).send().await.unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("daily digest of Acme Friends"));
    let forged = link.replacen(&format!("/{campaign}-digest-"), &format!("/{witness}-digest-"), 1);
    assert_eq!(client.post(&forged).send().await.unwrap().status(), 404, "a token names one campaign");
    let done = client.post(&link).send().await.unwrap();
    assert_eq!(done.status(), 200);
    assert!(done.text().await.unwrap().contains("no more daily digests"));
    let path = format!("/campaigns/{campaign}");
    let read = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
    assert_eq!(read["data"]["emails"]["digest"]["enabled"], json!(false));
    let witness_read =
        expect_status(app.get("/api/v1", &format!("/campaigns/{witness}"), &member.bearer()).await, 200).await;
    assert_eq!(witness_read["data"]["emails"]["digest"]["enabled"], json!(true), "the other campaign's stays on");
}

#[tokio::test]
async fn a_digest_committed_before_a_crash_is_sent_once_after_the_restart() {
    let sink = SmtpSink::start();
    let mut app = app_digesting(&sink, "mail_hold").await;
    let member = app.unlimited_member("digest-crash").await;
    let brand = app.brand(&member, "https://digest-crash.example.com").await;
    let campaign = campaign_with_signups(&app, &member, brand, "Crashing", 2).await;
    // The mailer sends nothing while the file exists: the digest is composed and committed,
    // then the server dies before sending it.
    let hold = app.data_dir.join("hold-mail");
    std::fs::write(&hold, b"").unwrap();
    turn_digest(&app, &member, campaign, true).await;
    let deadline = Instant::now() + Duration::from_secs(20);
    let queued = loop {
        let logged = log(&app, &member, campaign).await;
        if let Some(entry) = logged.first() {
            break entry.clone();
        }
        assert!(Instant::now() < deadline, "no digest was composed");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!((&queued["kind"], &queued["status"]), (&json!("digest"), &json!("queued")));
    // A signup answers once it is durable, and so is everything committed before it: the
    // digest too. It also gives a second digest today something to say.
    app.participant(&member, campaign, &unique_email("crashing-later")).await;
    app.kill();
    assert!(sink.messages().is_empty());

    std::fs::remove_file(&hold).unwrap();
    app.restart().await;
    let witness = campaign_with_signups(&app, &member, brand, "Witness", 1).await;
    turn_digest(&app, &member, witness, true).await;
    let messages = sink.wait_for(2).await;
    assert_eq!(digests_of(&messages, "Witness").len(), 1, "{messages:?}");
    let crashing = digests_of(&messages, "Crashing");
    assert_eq!(crashing.len(), 1, "exactly one after the restart: {messages:?}");
    assert_eq!(crashing[0]["subject"], json!("Crashing: 2 signups, 1 rewards"), "the one composed before");
    let logged = log(&app, &member, campaign).await;
    assert_eq!(logged.len(), 1, "{logged:?}");
}

#[tokio::test]
async fn twelve_campaigns_turned_on_at_once_send_one_digest_each() {
    let sink = SmtpSink::start();
    let app = app_digesting(&sink, "").await;
    let member = app.unlimited_member("digest-many").await;
    let brands = [
        app.brand(&member, "https://digest-many-a.example.com").await,
        app.brand(&member, "https://digest-many-b.example.com").await,
    ];
    let mut campaigns = Vec::new();
    for i in 0..12 {
        campaigns.push(campaign_with_signups(&app, &member, brands[i % 2], &format!("Many{i:02}"), 1 + i % 3).await);
    }
    futures_util::future::join_all(campaigns.iter().map(|&c| turn_digest(&app, &member, c, true))).await;
    let messages = sink.wait_for(12).await;
    for i in 0..12 {
        let name = format!("Many{i:02}");
        let digests = digests_of(&messages, &name);
        assert_eq!(digests.len(), 1, "{name}: {messages:?}");
        let signups = 1 + i % 3;
        assert_eq!(digests[0]["subject"], json!(format!("{name}: {signups} signups, {} rewards", signups - 1)));
    }
    // Something new in each, so that a second digest today would have something to say; every
    // look since finds every campaign marked, and a thirteenth turned on later is the only new
    // digest.
    let (app, member) = (&app, &member);
    let later = campaigns.iter().map(|&c| async move { app.participant(member, c, &unique_email("many-later")).await });
    futures_util::future::join_all(later).await;
    let witness = campaign_with_signups(app, member, brands[0], "Witness", 1).await;
    turn_digest(app, member, witness, true).await;
    let messages = sink.wait_for(13).await;
    assert_eq!(messages.len(), 13, "{messages:?}");
    for &campaign in &campaigns {
        assert_eq!(log(app, member, campaign).await.len(), 1, "campaign {campaign}");
    }
}
