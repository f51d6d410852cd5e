//! A graceful stop (SIGTERM) while webhook deliveries and emails are under way: the attempts
//! under way finish and are logged before the server exits 0, so after the restart every
//! event and every email reaches its receiver exactly once; no panic, no error line. A stop
//! whose deadline cuts attempts off says so in its exit code, and those attempts are made
//! again after the restart (at least once). A delivery that only waits for its retry is not
//! under way: the stop does not wait for it.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use reqwest::Method;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::receiver::{Received, Receiver};
use crate::smtp_sink::SmtpSink;
use crate::webhooks::{log_until, webhook};

/// Each answer of the receivers takes this long, so that attempts are under way at the signal.
const SLOW: Duration = Duration::from_millis(250);
const SIGNUPS: usize = 12;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_stop_amid_webhook_deliveries_sends_each_event_once() {
    stop_amid_deliveries(false).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_graceful_stop_amid_emails_and_webhooks_sends_each_once_without_a_panic() {
    stop_amid_deliveries(true).await;
}

/// One attempt at a time to each receiver, so that whatever a restart sends again leaves
/// before what a later signup sends: the last signup's delivery marks the end of the rest.
fn config(sink: Option<&SmtpSink>, shutdown_timeout_secs: u64) -> String {
    let mut config = format!(
        "[server]\nshutdown_timeout_secs = {shutdown_timeout_secs}\n\
         [webhooks]\nallow_private_targets = true\ntimeout_secs = 5.0\nmax_in_flight_per_webhook = 1\n"
    );
    if let Some(sink) = sink {
        config += &sink.config();
        config += "max_in_flight = 1\n";
    }
    config
}

/// A campaign with a webhook to `receiver`, and the welcome email on when `email`.
async fn campaign(app: &TestApp, member: &TestMember, receiver: &Receiver, email: bool) -> u64 {
    let brand = app.brand(member, "https://graceful.example").await;
    let mut fields = json!({"name": "Stop", "reward_type": 5, "reward_value": "5.00"});
    if email {
        fields["emails"] = json!({"welcome": {"enabled": true}});
    }
    let campaign = app.campaign(member, brand, fields).await["id"].as_u64().unwrap();
    webhook(app, member, &receiver.url(), Some(campaign)).await;
    campaign
}

/// Signs `count` people up at once; the answers, as they come.
fn sign_up_at_once(
    app: &TestApp,
    member: &TestMember,
    campaign: u64,
    count: usize,
) -> Vec<tokio::task::JoinHandle<reqwest::Result<reqwest::Response>>> {
    (0..count)
        .map(|i| {
            let body = json!({"campaign_id": campaign, "email": unique_email(&format!("stop{i}"))});
            tokio::spawn(app.request(Method::POST, "/api/v1", "/signups", &member.bearer()).json(&body).send())
        })
        .collect()
}

/// How many signups were answered 201; a request the stopping server never took fails to
/// connect, and one it took is finished.
async fn acknowledged(signups: Vec<tokio::task::JoinHandle<reqwest::Result<reqwest::Response>>>) -> usize {
    let mut answered = 0;
    for signup in signups {
        if let Ok(answer) = signup.await.unwrap() {
            assert_eq!(answer.status().as_u16(), 201, "a request the server took is finished, not dropped");
            answered += 1;
        }
    }
    answered
}

fn signed_up(request: &Received, participant: &Value) -> bool {
    request.json()["data"]["participant"]["id"] == participant["id"]
}

/// Waits (bounded: twenty seconds) until the receiver, and the sink when there is one, have
/// read the `n`-th delivery and email whole: those are under way until the slow receivers
/// answer.
async fn under_way(receiver: &Receiver, sink: Option<&SmtpSink>, n: usize) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while receiver.arrived() < n || sink.is_some_and(|sink| sink.data_received() < n) {
        assert!(Instant::now() < deadline, "delivery (and email) {n} did not begin");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// SIGTERM, and the exit status: waited for on this thread while the receivers, on the
/// runtime's other thread, go on answering the attempts the stop lets finish.
fn stop(app: &mut TestApp) -> std::process::ExitStatus {
    tokio::task::block_in_place(|| app.signal("TERM"))
}

/// How many times each value of `key` occurs.
fn tally<'a>(keys: impl Iterator<Item = &'a str>) -> HashMap<&'a str, usize> {
    let mut seen = HashMap::new();
    for key in keys {
        *seen.entry(key).or_default() += 1;
    }
    seen
}

async fn stop_amid_deliveries(email: bool) {
    let receiver = Receiver::start().await;
    receiver.set_delay(SLOW);
    let sink = email.then(|| SmtpSink::slow(SLOW));
    let options = Options { config: Some(config(sink.as_ref(), 30)), ..Default::default() };
    let mut app = TestApp::spawn_with(options).await;
    let member = app.member("graceful").await;
    let campaign = campaign(&app, &member, &receiver, email).await;

    // The stop comes once the first delivery (and email) is answered and the second is under
    // way: the receivers have it and answer it only after the signal.
    let signups = sign_up_at_once(&app, &member, campaign, SIGNUPS);
    under_way(&receiver, sink.as_ref(), 2).await;
    let status = stop(&mut app);
    let log = app.log();
    assert_eq!(status.code(), Some(0), "a drained stop exits 0:\n{log}");
    assert!(log.contains("stopped cleanly"), "{log}");
    assert!(!log.contains("panicked"), "{log}");
    assert!(!log.lines().any(|line| line.contains("ERROR")), "no error on a clean stop:\n{log}");
    let answered = acknowledged(signups).await;
    assert!(answered >= 1, "the signups began before the stop");
    let before_the_restart = receiver.received().len();
    assert!(before_the_restart >= 2, "the delivery under way at the stop finished: {before_the_restart}\n{log}");
    if let Some(sink) = &sink {
        assert!(sink.messages().len() >= 2, "the email under way at the stop was accepted");
    }

    app.restart().await;
    let last = app.participant(&member, campaign, &unique_email("after-restart")).await;
    let received = receiver.wait_until(Duration::from_secs(30), |r| r.iter().any(|r| signed_up(r, &last))).await;
    let events = tally(received.iter().map(|r| r.header("webhook-id")));
    assert!(events.values().all(|&n| n == 1), "an event went twice: {events:?}");
    let signups = received.iter().filter(|r| r.json()["type"] == json!("participant.signup")).count();
    assert_eq!(signups, answered + 1, "each acknowledged signup announced once");

    if let Some(sink) = &sink {
        let address = last["email"].as_str().unwrap().to_owned();
        let deadline = Instant::now() + Duration::from_secs(30);
        let messages = loop {
            let messages = sink.messages();
            if messages.iter().any(|m| m["rcpt_tos"][0] == json!(address)) {
                break messages;
            }
            assert!(Instant::now() < deadline, "the last welcome email did not arrive: {messages:?}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        let ids = tally(messages.iter().map(|m| m["message_id"].as_str().unwrap()));
        assert!(ids.values().all(|&n| n == 1), "an email went twice: {ids:?}");
        assert_eq!(messages.len(), answered + 1, "each acknowledged signup's welcome, once");
    }
}

/// Receivers slower than the stop's deadline: the server exits 3 and says so, without a
/// panic, and the delivery and the email cut off are made again after the restart.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_cut_short_by_its_deadline_exits_3_and_what_was_cut_off_is_sent_after_the_restart() {
    let receiver = Receiver::start().await;
    receiver.set_delay(Duration::from_secs(3));
    let slow_sink = SmtpSink::slow(Duration::from_secs(3));
    let options = Options { config: Some(config(Some(&slow_sink), 1)), ..Default::default() };
    let mut app = TestApp::spawn_with(options).await;
    let member = app.member("cut-short").await;
    let campaign = campaign(&app, &member, &receiver, true).await;
    let participant = app.participant(&member, campaign, &unique_email("cut")).await;
    under_way(&receiver, Some(&slow_sink), 1).await;
    let status = stop(&mut app);
    let log = app.log();
    assert_eq!(status.code(), Some(3), "{log}");
    assert!(log.contains("stopped at the deadline"), "{log}");
    assert!(log.contains("1 webhook delivery and 1 email left queued"), "the stop says what waits:\n{log}");
    assert!(!log.contains("panicked"), "{log}");

    receiver.set_delay(Duration::ZERO);
    app.restart().await;
    receiver.wait_until(Duration::from_secs(30), |r| r.iter().any(|r| signed_up(r, &participant))).await;
    // The sink answers the email again after its delay: it arrives (at least once).
    let messages = slow_sink.wait_for(1).await;
    assert_eq!(messages[0]["rcpt_tos"][0], participant["email"]);
}

/// A delivery whose first attempt failed and whose retry is minutes away is nothing under
/// way: the stop ends at once with 0, well inside a two-second deadline (a stop that waited
/// for the retry would run into it and exit 3), and makes no attempt of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stop_with_only_a_retry_scheduled_exits_0_inside_a_two_second_deadline() {
    let receiver = Receiver::start().await;
    receiver.script(&[500]);
    let config = config(None, 2) + "retry_delays_secs = [600.0]\n";
    let mut app = TestApp::spawn_with(Options { config: Some(config), ..Default::default() }).await;
    let member = app.member("retry-stop").await;
    let brand = app.brand(&member, "https://retry-stop.example").await;
    let fields = json!({"name": "Stop", "reward_type": 5, "reward_value": "5.00"});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let (webhook_id, _) = webhook(&app, &member, &receiver.url(), Some(campaign)).await;
    app.participant(&member, campaign, &unique_email("retry")).await;
    // Once the failed attempt is in the delivery log, its retry is scheduled and nothing is
    // under way.
    let log = log_until(&app, &member, webhook_id, |log| !log.is_empty()).await;
    assert_eq!(log[0]["status_code"], json!(500), "{log:?}");
    let status = stop(&mut app);
    let log = app.log();
    assert_eq!(status.code(), Some(0), "a stop with only a retry scheduled drains at once:\n{log}");
    assert!(log.contains("stopped cleanly"), "{log}");
    assert!(log.contains("1 webhook delivery and 0 emails left queued"), "the stop says what waits:\n{log}");
    assert_eq!(receiver.received().len(), 1, "the stop makes no attempt of its own");
}
