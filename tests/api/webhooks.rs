//! Webhooks against a real receiver on 127.0.0.1: one signed delivery per signup on every
//! path, retries with a stable webhook-id, scoping, the registration API, the egress check
//! under the default configuration, delivery across a crash, and the automation endpoints.

use std::collections::HashSet;
use std::time::Duration;

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use sha2::Sha256;

use crate::helpers::*;
use crate::receiver::{Received, Receiver};

pub(crate) const WAIT: Duration = Duration::from_secs(20);

/// Private targets allowed (the receiver is on loopback) and a fast retry schedule.
pub(crate) fn webhook_config(retry_delays: &str) -> Options {
    Options {
        config: Some(format!(
            "[webhooks]\nallow_private_targets = true\ntimeout_secs = 5.0\nretry_delays_secs = {retry_delays}\n"
        )),
        ..Default::default()
    }
}

pub(crate) async fn fast_app() -> TestApp {
    TestApp::spawn_with(webhook_config("[0.05, 0.1, 0.2]")).await
}

/// Registers a webhook; returns (id, secret).
pub(crate) async fn webhook(app: &TestApp, member: &TestMember, link: &str, campaign_id: Option<u64>) -> (u64, String) {
    let body = json!({"link": link, "campaign_id": campaign_id, "description": "test receiver"});
    let created = expect_status(app.post_json("/api/v1", "/webhooks", &member.bearer(), &body).await, 201).await;
    let data = &created["data"];
    assert_eq!(data["active"], json!(true));
    assert_eq!(data["campaign_id"], json!(campaign_id));
    let secret = data["secret"].as_str().unwrap().to_owned();
    assert!(secret.starts_with("whsec_"), "{secret}");
    (data["id"].as_u64().unwrap(), secret)
}

/// The test's own Standard Webhooks verification: HMAC-SHA256 over `id.timestamp.body` with
/// the base64-decoded secret, compared with every `v1,` signature in the header.
pub(crate) fn verify_signature(secret: &str, request: &Received) {
    let key = STANDARD.decode(secret.strip_prefix("whsec_").unwrap()).unwrap();
    let mut mac = Hmac::<Sha256>::new_from_slice(&key).unwrap();
    let signed = format!("{}.{}.", request.header("webhook-id"), request.header("webhook-timestamp"));
    mac.update(signed.as_bytes());
    mac.update(&request.body);
    let expected = format!("v1,{}", STANDARD.encode(mac.finalize().into_bytes()));
    assert!(
        request.header("webhook-signature").split(' ').any(|s| s == expected),
        "signature {:?} is not {expected}",
        request.header("webhook-signature")
    );
    let timestamp: i64 = request.header("webhook-timestamp").parse().unwrap();
    assert!((chrono::Utc::now().timestamp() - timestamp).abs() < 60, "timestamp is now");
}

/// Polls the delivery log until `done` holds for it (the log is written just after the
/// receiver answers).
pub(crate) async fn log_until(
    app: &TestApp,
    member: &TestMember,
    webhook_id: u64,
    done: impl Fn(&[Value]) -> bool,
) -> Vec<Value> {
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let path = format!("/webhooks/{webhook_id}/deliveries?limit=100");
        let log = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
        let entries = log["data"]["deliveries"].as_array().unwrap().clone();
        if done(&entries) {
            return entries;
        }
        assert!(tokio::time::Instant::now() < deadline, "delivery log never matched: {entries:?}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn every_signup_path_delivers_one_signed_event_with_the_documented_payload() {
    let app = fast_app().await;
    let receiver = Receiver::start().await;
    let member = app.member("hooks").await;
    let brand = app.brand(&member, "https://hooks.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "5"})).await["id"].as_u64().unwrap();
    let (webhook_id, secret) = webhook(&app, &member, &receiver.url(), None).await;
    // Signups only: the referral's cash reward announces itself too (see reward_events.rs).
    let only = json!({"events": ["participant.signup"]});
    let changed = app.put_json("/api/v1", &format!("/webhooks/{webhook_id}"), &member.bearer(), &only).await;
    assert_eq!(expect_status(changed, 200).await["data"]["events"], json!(["participant.signup"]));

    let referrer = app.participant(&member, campaign, "referrer@hooks.example").await;
    let first = receiver.wait_for(1, WAIT).await;
    let referred = app.refer(&member, referrer["referral_code"].as_str().unwrap(), "friend@hooks.example").await;
    let referred = expect_status(referred, 201).await["data"]["participant"].clone();
    let both = receiver.wait_for(2, WAIT).await;
    assert_eq!((first.len(), both.len()), (1, 2), "one delivery per signup");
    // The widget's public signup, through the referrer's code too.
    let widget = app
        .client
        .post(format!("{}/api/widget/signup", app.address))
        .json(&json!({"campaign_id": campaign, "email": "visitor@hooks.example", "referral_code": referrer["referral_code"]}))
        .send()
        .await
        .unwrap();
    assert_eq!(widget.status().as_u16(), 201);
    let all = receiver.wait_for(3, WAIT).await;
    let listed = app.get("/api/v1", &format!("/participants?campaign_id={campaign}"), &member.bearer()).await;
    let visitor = expect_status(listed, 200).await["data"]["participants"][0].clone();
    assert_eq!(visitor["email"], json!("visitor@hooks.example"));

    for (request, participant, referred_by) in [
        (&all[0], &referrer, Value::Null),
        (&all[1], &referred, referrer["id"].clone()),
        (&all[2], &visitor, referrer["id"].clone()),
    ] {
        verify_signature(&secret, request);
        assert_eq!(request.header("content-type"), "application/json");
        let event = request.json();
        assert_eq!(event["id"], json!(request.header("webhook-id")));
        assert_eq!(event["type"], json!("participant.signup"));
        assert_eq!(event["data"]["campaign_id"], json!(campaign));
        assert_eq!(event["data"]["participant"]["id"], participant["id"]);
        assert_eq!(event["data"]["participant"]["email"], participant["email"]);
        assert_eq!(event["data"]["participant"]["referral_link"], participant["referral_link"]);
        assert_eq!(event["data"]["referred_by"], referred_by);
        assert_eq!(event["data"]["signed_up_at"], participant["created_at"]);
        assert!(event["created_at"].as_str().unwrap().ends_with('Z'));
    }
    let ids: HashSet<&str> = all.iter().map(|r| r.header("webhook-id")).collect();
    assert_eq!(ids.len(), 3);

    let log = log_until(&app, &member, webhook_id, |log| log.len() == 3).await;
    for entry in &log {
        assert_eq!(entry["status_code"], json!(200));
        assert_eq!(entry["outcome"], json!("delivered"));
        assert_eq!(entry["attempt"], json!(1));
    }
}

#[tokio::test]
async fn a_receiver_failing_twice_gets_three_attempts_with_one_webhook_id_all_logged() {
    let app = fast_app().await;
    let receiver = Receiver::start().await;
    receiver.script(&[500, 500]);
    let member = app.member("retries").await;
    let brand = app.brand(&member, "https://retries.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    let (webhook_id, secret) = webhook(&app, &member, &receiver.url(), Some(campaign)).await;

    app.participant(&member, campaign, "once@retries.example").await;
    let attempts = receiver.wait_for(3, WAIT).await;
    assert_eq!(attempts.iter().map(|r| r.status).collect::<Vec<_>>(), [500, 500, 200]);
    let ids: HashSet<&str> = attempts.iter().map(|r| r.header("webhook-id")).collect();
    assert_eq!(ids.len(), 1, "the webhook-id is stable across retries");
    assert!(attempts.iter().all(|r| r.body == attempts[0].body), "every attempt sends the same body");
    attempts.iter().for_each(|r| verify_signature(&secret, r));

    let log = log_until(&app, &member, webhook_id, |log| log.len() == 3).await;
    // Newest first.
    let outcomes: Vec<(&Value, &Value, &Value)> =
        log.iter().map(|e| (&e["attempt"], &e["status_code"], &e["outcome"])).collect();
    assert_eq!(
        outcomes,
        [
            (&json!(3), &json!(200), &json!("delivered")),
            (&json!(2), &json!(500), &json!("retrying")),
            (&json!(1), &json!(500), &json!("retrying")),
        ]
    );
    assert!(log.iter().all(|e| e["event_id"] == log[0]["event_id"]));
    assert_eq!(log[2]["error"], json!("the receiver answered 500"));

    // A manual retry sends the delivered event once more.
    let path = format!("/webhooks/{webhook_id}/deliveries/{}/retry", log[0]["event_id"]);
    let queued = expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await, 202).await;
    assert_eq!(queued["data"]["queued"], json!(true));
    let again = receiver.wait_for(4, WAIT).await;
    assert_eq!(again[3].header("webhook-id"), attempts[0].header("webhook-id"));
    let unknown = format!("/webhooks/{webhook_id}/deliveries/999999/retry");
    expect_error(app.post_json("/api/v1", &unknown, &member.bearer(), &json!({})).await, 404, "not_found").await;
}

/// A receiver names an event by the id it saw (the `webhook-id` header and the payload's
/// `id`); the delivery log shows that same id, and a retry accepts it.
#[tokio::test]
async fn a_retry_takes_the_event_id_the_receiver_saw() {
    let app = fast_app().await;
    let receiver = Receiver::start().await;
    let member = app.member("retrybyid").await;
    let brand = app.brand(&member, "https://retrybyid.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    let (webhook_id, _) = webhook(&app, &member, &receiver.url(), Some(campaign)).await;

    app.participant(&member, campaign, "seen@retrybyid.example").await;
    let first = receiver.wait_for(1, WAIT).await;
    let seen = first[0].header("webhook-id").to_owned();
    assert_eq!(first[0].json()["id"], json!(seen), "the payload's id is the header's");
    let log = log_until(&app, &member, webhook_id, |log| log.len() == 1).await;
    assert_eq!(log[0]["message_id"], json!(seen), "the log shows the id the receiver saw");

    let path = format!("/webhooks/{webhook_id}/deliveries/{seen}/retry");
    let queued = expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await, 202).await;
    assert_eq!(queued["data"]["message_id"], json!(seen));
    assert_eq!(queued["data"]["event_id"], log[0]["event_id"]);
    let again = receiver.wait_for(2, WAIT).await;
    assert_eq!(again[1].header("webhook-id"), seen);
    assert_eq!(again[1].body, first[0].body, "the retry sends the same event");

    for unknown in ["evt_999999", "evt_", "evt_x", "msg_1", "0"] {
        let path = format!("/webhooks/{webhook_id}/deliveries/{unknown}/retry");
        expect_error(app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await, 404, "not_found").await;
    }
}

/// The delivery log lists attempts in the order they were made, newest first, whatever their
/// events: a manual retry of an old event is at the top. A test send is logged like any
/// attempt, under one id that the answer, the `webhook-id` header, the payload and the log
/// all show.
#[tokio::test]
async fn the_delivery_log_is_newest_first_by_attempt_and_test_sends_are_in_it() {
    let app = fast_app().await;
    let receiver = Receiver::start().await;
    receiver.script(&[500, 500, 500, 500]);
    let member = app.member("logorder").await;
    let brand = app.brand(&member, "https://logorder.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    let (id, _) = webhook(&app, &member, &receiver.url(), Some(campaign)).await;

    let first = app.participant(&member, campaign, "first@logorder.example").await;
    let log = log_until(&app, &member, id, |log| log.first().is_some_and(|e| e["outcome"] == json!("failed"))).await;
    assert_eq!(log.len(), 4, "three retries, then failed");
    let second = app.participant(&member, campaign, "second@logorder.example").await;
    log_until(&app, &member, id, |log| log.len() == 5).await;

    // The first event, retried by hand after the second was delivered: newest, so first.
    let path = format!("/webhooks/{id}/deliveries/evt_{}/retry", first["id"]);
    expect_status(app.post_json("/api/v1", &path, &member.bearer(), &json!({})).await, 202).await;
    let log = log_until(&app, &member, id, |log| log.len() == 6).await;
    let order: Vec<(u64, u64)> =
        log.iter().map(|e| (e["event_id"].as_u64().unwrap(), e["attempt"].as_u64().unwrap())).collect();
    let (a, b) = (first["id"].as_u64().unwrap(), second["id"].as_u64().unwrap());
    assert_eq!(order, [(a, 5), (b, 1), (a, 4), (a, 3), (a, 2), (a, 1)]);

    let tested = expect_status(
        app.post_json("/api/v1", &format!("/webhooks/{id}/test"), &member.bearer(), &json!({})).await,
        200,
    )
    .await;
    let message_id = tested["data"]["message_id"].as_str().unwrap().to_owned();
    assert_eq!(message_id, format!("evt_{}", tested["data"]["event_id"]), "{tested}");
    assert_ne!(tested["data"]["event_id"], json!(0));
    let sent = receiver.wait_until(WAIT, |all| all.iter().any(|r| r.json()["type"] == json!("webhook.test"))).await;
    let test_event = sent.iter().find(|r| r.json()["type"] == json!("webhook.test")).unwrap();
    assert_eq!(
        (test_event.header("webhook-id"), test_event.json()["id"].as_str()),
        (message_id.as_str(), Some(message_id.as_str()))
    );
    let log = log_until(&app, &member, id, |log| log.len() == 7).await;
    assert_eq!(
        (&log[0]["message_id"], &log[0]["event_id"], &log[0]["outcome"]),
        (&json!(message_id), &tested["data"]["event_id"], &json!("delivered"))
    );

    // A test event is not sent again: the answer says how to send another.
    let retry = format!("/webhooks/{id}/deliveries/{message_id}/retry");
    let refused =
        expect_error(app.post_json("/api/v1", &retry, &member.bearer(), &json!({})).await, 404, "not_found").await;
    assert!(refused.contains("test event") && refused.contains(&format!("/webhooks/{id}/test")), "{refused}");
}

#[tokio::test]
async fn a_campaign_webhook_gets_its_campaign_and_an_account_wide_one_gets_everything() {
    let app = fast_app().await;
    let (scoped, everything) = (Receiver::start().await, Receiver::start().await);
    let member = app.member("scope").await;
    let brand = app.brand(&member, "https://scope.example.com").await;
    let first = app.campaign(&member, brand, json!({"name": "first"})).await["id"].as_u64().unwrap();
    let second = app.campaign(&member, brand, json!({"name": "second"})).await["id"].as_u64().unwrap();
    webhook(&app, &member, &scoped.url(), Some(first)).await;
    webhook(&app, &member, &everything.url(), None).await;

    app.participant(&member, first, "a@scope.example").await;
    app.participant(&member, second, "b@scope.example").await;
    app.participant(&member, first, "c@scope.example").await;
    let all = everything.wait_for(3, WAIT).await;
    // Deliveries to one webhook leave in event order, so once the scoped receiver has the
    // third event it has seen everything meant for it. Up to four of a webhook's deliveries
    // are in flight at once, so they may arrive in another order: put in event order here.
    let mut mine = scoped.wait_for(2, WAIT).await;
    let event_number = |r: &Received| {
        r.json()["id"].as_str().and_then(|id| id.strip_prefix("evt_")).and_then(|n| n.parse::<u64>().ok()).unwrap()
    };
    mine.sort_by_key(event_number);
    let emails = |requests: &[Received]| -> Vec<String> {
        requests.iter().map(|r| r.json()["data"]["participant"]["email"].as_str().unwrap().to_owned()).collect()
    };
    assert_eq!(emails(&mine), ["a@scope.example", "c@scope.example"]);
    let mut everyone = emails(&all);
    everyone.sort();
    assert_eq!(everyone, ["a@scope.example", "b@scope.example", "c@scope.example"]);
    assert!(all
        .iter()
        .all(|r| r.json()["data"]["campaign_id"] == json!(first) || r.json()["data"]["campaign_id"] == json!(second)));
}

#[tokio::test]
async fn webhooks_are_managed_validated_and_kept_to_their_owner() {
    let app = fast_app().await;
    let receiver = Receiver::start().await;
    let member = app.member("manage").await;
    let other = app.member("manage-other").await;
    let brand = app.brand(&member, "https://manage.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    let other_brand = app.brand(&other, "https://manage-other.example.com").await;
    let other_campaign = app.campaign(&other, other_brand, json!({})).await["id"].as_u64().unwrap();

    for (body, status, code) in [
        (json!({"link": "not a url", "campaign_id": null}), 400, "validation_failed"),
        (json!({"link": "ftp://files.example.com/", "campaign_id": null}), 400, "validation_failed"),
        (json!({"link": "/relative/path"}), 400, "validation_failed"),
        (json!({"link": "https://u:p@example.com/"}), 400, "validation_failed"),
        (json!({"link": receiver.url(), "campaign_id": "seven"}), 400, "validation_failed"),
        // Bad input, not a 404: on an update a 404 would say the webhook itself is missing.
        (json!({"link": receiver.url(), "campaign_id": other_campaign}), 400, "validation_failed"),
        (json!({"campaign_id": null}), 400, "invalid_json"),
    ] {
        let answer = app.post_json("/api/v1", "/webhooks", &member.bearer(), &body).await;
        let actual = answer.status().as_u16();
        let text = answer.text().await.unwrap();
        assert_eq!(actual, status, "{body}: {text}");
        let parsed: Value = serde_json::from_str(&text).unwrap();
        if code != "invalid_json" {
            assert_eq!(parsed["code"], json!(code), "{body}: {text}");
        }
    }

    let (id, secret) = webhook(&app, &member, &receiver.url(), Some(campaign)).await;
    let listed = expect_status(app.get("/v1", "/webhooks", &member.bearer()).await, 200).await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(1));
    assert_eq!(listed["data"]["webhooks"][0]["id"], json!(id));
    assert!(listed["data"]["webhooks"][0].get("secret").is_none(), "secrets are shown only at creation");
    let theirs = expect_status(app.get("/api/v1", "/webhooks", &other.bearer()).await, 200).await;
    assert_eq!(theirs["data"]["webhooks"], json!([]));

    let path = format!("/webhooks/{id}");
    for (cred, status) in [(other.bearer(), 404)] {
        let update = app.put_json("/api/v1", &path, &cred, &json!({"active": false})).await;
        assert_eq!(update.status().as_u16(), status);
        assert_eq!(app.delete("/api/v1", &path, &cred).await.status().as_u16(), status);
        let test = app.post_json("/api/v1", &format!("{path}/test"), &cred, &json!({})).await;
        assert_eq!(test.status().as_u16(), status);
    }
    let updated = app
        .put_json("/api/v1", &path, &member.bearer(), &json!({"campaign_id": null, "description": "all events"}))
        .await;
    let updated = expect_status(updated, 200).await;
    assert_eq!(updated["data"]["campaign_id"], json!(null));
    assert_eq!(updated["data"]["description"], json!("all events"));
    expect_error(app.put_json("/api/v1", &path, &member.bearer(), &json!({})).await, 400, "validation_failed").await;
    let nul = json!({"description": "all\u{0}events"});
    let refused = app.put_json("/api/v1", &path, &member.bearer(), &nul).await;
    assert!(expect_error(refused, 400, "validation_failed").await.contains("control characters"));

    // Rotation: the test event is signed with the new secret only.
    let rotated =
        expect_status(app.post_json("/api/v1", &format!("{path}/secret"), &member.bearer(), &json!({})).await, 200)
            .await;
    let new_secret = rotated["data"]["secret"].as_str().unwrap().to_owned();
    assert_ne!(new_secret, secret);
    let tested =
        expect_status(app.post_json("/api/v1", &format!("{path}/test"), &member.bearer(), &json!({})).await, 200).await;
    assert_eq!(tested["data"]["status_code"], json!(200));
    assert_eq!(tested["data"]["outcome"], json!("delivered"));
    let test_event = receiver.wait_for(1, WAIT).await;
    assert_eq!(test_event[0].json()["type"], json!("webhook.test"));
    verify_signature(&new_secret, &test_event[0]);

    // Inactive webhooks get nothing; deleting removes it.
    expect_status(app.put_json("/api/v1", &path, &member.bearer(), &json!({"active": false})).await, 200).await;
    let deleted = expect_status(app.delete("/api/v1", &path, &member.bearer()).await, 200).await;
    assert_eq!(deleted["data"]["deleted"], json!(true));
    expect_error(app.delete("/api/v1", &path, &member.bearer()).await, 404, "not_found").await;
    expect_error(app.get("/api/v1", &format!("{path}/deliveries"), &member.bearer()).await, 404, "not_found").await;
}

#[tokio::test]
async fn with_the_default_config_private_links_are_refused_and_a_refused_delivery_can_be_retried_once_allowed() {
    // The shipped config.toml: private targets are off. A link that could never receive
    // anything is refused when it is registered, naming the rule and the setting.
    let mut app = TestApp::spawn().await;
    let receiver = Receiver::start().await;
    let member = app.member("egress").await;
    let brand = app.brand(&member, "https://egress.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    let port = receiver.port;
    for host in
        ["127.0.0.1", "localhost", "127.1", "[::1]", "169.254.169.254", "[2002:7f00:1::]", "[64:ff9b:1::7f00:1]"]
    {
        let body = json!({"link": format!("http://{host}:{port}/hook")});
        let message = expect_error(
            app.post_json("/api/v1", "/webhooks", &member.bearer(), &body).await,
            400,
            "validation_failed",
        )
        .await;
        assert!(message.starts_with("link: "), "{host}: {message}");
        assert!(message.contains("webhooks.allow_private_targets"), "{host}: names the setting: {message}");
        assert!(message.contains("REFERRALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS"), "{host}: and its variable: {message}");
    }
    let subscribe = json!({"target_url": format!("http://localhost:{port}/hook")});
    expect_error(
        app.post_json("/api/v1", "/automation/subscribe", &member.bearer(), &subscribe).await,
        400,
        "validation_failed",
    )
    .await;
    let listed = expect_status(app.get("/api/v1", "/webhooks", &member.bearer()).await, 200).await;
    assert_eq!(listed["data"]["pagination"]["total"], json!(0), "nothing registered");

    // The operator allows private targets through the environment: registration works.
    let allowed = || Options {
        env: vec![("REFERRALS_WEBHOOKS_ALLOW_PRIVATE_TARGETS".into(), "true".into())],
        ..Default::default()
    };
    app.restart_with(allowed()).await;
    let (id, _) = webhook(&app, &member, &format!("http://127.0.0.1:{port}/hook"), None).await;
    let changed = json!({"link": format!("http://localhost:{port}/hook")});
    expect_status(app.put_json("/api/v1", &format!("/webhooks/{id}"), &member.bearer(), &changed).await, 200).await;

    // Turned off again, the delivery-time check refuses every attempt and the log says why.
    app.restart_with(Options::default()).await;
    let still = json!({"link": format!("http://127.0.0.1:{port}/hook")});
    expect_error(
        app.put_json("/api/v1", &format!("/webhooks/{id}"), &member.bearer(), &still).await,
        400,
        "validation_failed",
    )
    .await;
    let ann = app.participant(&member, campaign, "visitor@egress.example").await;
    let log = log_until(&app, &member, id, |log| !log.is_empty()).await;
    assert_eq!(log.len(), 1, "a refused delivery is not retried by itself");
    assert_eq!((log[0]["outcome"].as_str(), log[0]["status_code"].as_u64()), (Some("failed"), None));
    let error = log[0]["error"].as_str().unwrap();
    assert!(error.starts_with("refused: ") && error.contains("loopback"), "{error}");
    assert!(error.contains("webhooks.allow_private_targets"), "the log names the setting: {error}");
    assert_eq!(receiver.connections(), 0, "no connection reached the receiver");

    // Once the operator allows it again, the failed delivery is retried by hand and arrives.
    app.restart_with(allowed()).await;
    let event = format!("evt_{}", ann["id"]);
    let retry = app
        .post_json("/api/v1", &format!("/webhooks/{id}/deliveries/{event}/retry"), &member.bearer(), &json!({}))
        .await;
    assert_eq!(expect_status(retry, 202).await["data"]["queued"], json!(true));
    let arrived = receiver.wait_for(1, WAIT).await;
    assert_eq!(arrived[0].header("webhook-id"), event);
    let log = log_until(&app, &member, id, |log| log.len() == 2).await;
    assert_eq!((log[0]["attempt"].as_u64(), log[0]["outcome"].as_str()), (Some(2), Some("delivered")), "{log:?}");
}

#[tokio::test]
async fn five_hundred_signups_acknowledged_while_the_receiver_is_down_all_arrive_once_after_a_crash() {
    // Retries every ~0.25 s for about 15 s: long enough to outlast the kill and restart.
    let delays = format!("[{}]", vec!["0.25"; 50].join(", "));
    let mut app = TestApp::spawn_with(webhook_config(&delays)).await;
    let receiver = Receiver::start().await;
    receiver.set_default_status(503);
    let member = app.member("outage").await;
    let brand = app.brand(&member, "https://outage.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    webhook(&app, &member, &receiver.url(), None).await;

    let mut acknowledged = HashSet::new();
    for batch in 0..10 {
        let mut tasks = Vec::new();
        for i in 0..50 {
            let request = app.client.post(app.url("/api/v1", "/signups")).bearer_auth(&member.token).json(&json!({
                "campaign_id": campaign,
                "email": format!("p{batch}-{i}@outage.example"),
            }));
            tasks.push(tokio::spawn(async move { request.send().await.unwrap().json::<Value>().await.unwrap() }));
        }
        for task in tasks {
            let answer = task.await.unwrap();
            assert_eq!(answer["success"], json!(true), "{answer}");
            acknowledged.insert(answer["data"]["participant"]["id"].as_u64().unwrap());
        }
    }
    assert_eq!(acknowledged.len(), 500);
    app.kill();
    app.restart().await;
    receiver.set_default_status(200);

    let delivered = |requests: &[Received]| -> usize {
        requests
            .iter()
            .filter(|r| r.status == 200)
            .map(|r| r.header("webhook-id").to_owned())
            .collect::<HashSet<_>>()
            .len()
    };
    let requests = receiver.wait_until(Duration::from_secs(60), |r| delivered(r) >= 500).await;
    let ok: Vec<&Received> = requests.iter().filter(|r| r.status == 200).collect();
    assert_eq!(ok.len(), 500, "each event accepted exactly once");
    let participants: HashSet<u64> =
        ok.iter().map(|r| r.json()["data"]["participant"]["id"].as_u64().unwrap()).collect();
    assert_eq!(participants, acknowledged, "every acknowledged signup's event, none other");
}

#[tokio::test]
async fn the_automation_platform_authenticates_polls_contacts_and_subscribes() {
    let app = fast_app().await;
    let receiver = Receiver::start().await;
    let member = app.member("zap").await;
    let key = app.api_key(&member).await;
    let auth =
        expect_status(app.post_json("/api/v1", "/automation/auth", &Cred::Key(key.clone()), &json!({})).await, 200)
            .await;
    assert_eq!(auth["data"]["id"], json!(member.id));
    assert_eq!(auth["data"]["email"], json!(member.email));
    assert_eq!(auth["data"]["name"], json!("zap"));
    expect_error(
        app.post_json("/api/v1", "/automation/auth", &Cred::Key("ref_".to_owned() + &"0".repeat(48)), &json!({})).await,
        401,
        "unauthorized",
    )
    .await;

    let brand = app.brand(&member, "https://zap.example.com").await;
    let first = app.campaign(&member, brand, json!({"name": "first"})).await["id"].as_u64().unwrap();
    let second = app.campaign(&member, brand, json!({"name": "second"})).await["id"].as_u64().unwrap();
    for i in 0..3 {
        app.participant(&member, first, &format!("f{i}@zap.example")).await;
    }
    app.participant(&member, second, "s0@zap.example").await;
    let all = expect_status(app.get("/api/v1", "/automation/contacts", &Cred::Key(key.clone())).await, 200).await;
    let emails: Vec<&str> =
        all["data"]["contacts"].as_array().unwrap().iter().map(|c| c["email"].as_str().unwrap()).collect();
    assert_eq!(emails, ["s0@zap.example", "f2@zap.example", "f1@zap.example", "f0@zap.example"], "newest first");
    let ids: HashSet<u64> =
        all["data"]["contacts"].as_array().unwrap().iter().map(|c| c["id"].as_u64().unwrap()).collect();
    assert_eq!(ids.len(), 4, "unique ids");
    let filtered = expect_status(
        app.get("/api/v1", &format!("/automation/contacts?campaign_id={first}&limit=500"), &Cred::Key(key.clone()))
            .await,
        200,
    )
    .await;
    assert_eq!(filtered["data"]["contacts"].as_array().unwrap().len(), 3);
    assert_eq!(filtered["data"]["pagination"]["limit"], json!(100), "at most 100");

    let hook = json!({"target_url": receiver.url(), "campaign_id": second});
    let subscribed =
        expect_status(app.post_json("/api/v1", "/automation/subscribe", &Cred::Key(key.clone()), &hook).await, 201)
            .await;
    let id = subscribed["data"]["id"].as_u64().unwrap();
    app.participant(&member, second, "s1@zap.example").await;
    let got = receiver.wait_for(1, WAIT).await;
    assert_eq!(got[0].json()["data"]["participant"]["email"], json!("s1@zap.example"));
    let bad = json!({"target_url": "nope", "campaign_id": null});
    let refused = expect_error(
        app.post_json("/api/v1", "/automation/subscribe", &Cred::Key(key.clone()), &bad).await,
        400,
        "validation_failed",
    )
    .await;
    assert!(refused.contains("target_url"), "{refused}");
    expect_status(app.delete("/api/v1", &format!("/automation/subscribe/{id}"), &Cred::Key(key.clone())).await, 200)
        .await;
    let listed = expect_status(app.get("/api/v1", "/webhooks", &Cred::Key(key)).await, 200).await;
    assert_eq!(listed["data"]["webhooks"], json!([]));
}

#[tokio::test]
async fn a_410_turns_the_webhook_off_and_the_per_member_limit_holds() {
    let mut options = webhook_config("[0.05]");
    if let Some(config) = options.config.as_mut() {
        config.push_str("max_per_member = 2\n");
    }
    let app = TestApp::spawn_with(options).await;
    let (receiver, other) = (Receiver::start().await, Receiver::start().await);
    receiver.script(&[410]);
    let member = app.member("gone").await;
    let brand = app.brand(&member, "https://gone.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    let (id, _) = webhook(&app, &member, &receiver.url(), None).await;
    webhook(&app, &member, &other.url(), Some(campaign)).await;
    let third = json!({"link": other.url(), "campaign_id": null});
    let refused =
        expect_error(app.post_json("/api/v1", "/webhooks", &member.bearer(), &third).await, 400, "limit_reached").await;
    assert!(refused.contains("at most 2 webhooks"), "{refused}");

    app.participant(&member, campaign, "first@gone.example").await;
    let log = log_until(&app, &member, id, |log| !log.is_empty()).await;
    assert_eq!((&log[0]["status_code"], &log[0]["outcome"]), (&json!(410), &json!("disabled")));
    let listed = expect_status(app.get("/api/v1", "/webhooks", &member.bearer()).await, 200).await;
    let gone = listed["data"]["webhooks"].as_array().unwrap().iter().find(|w| w["id"] == json!(id)).unwrap().clone();
    assert_eq!(gone["active"], json!(false));
    assert_eq!(gone["disabled_reason"], json!("the receiver answered 410 Gone"));

    // Off means off: a later signup is not delivered; turned back on, the next one is.
    app.participant(&member, campaign, "second@gone.example").await;
    let path = format!("/webhooks/{id}");
    expect_status(app.put_json("/api/v1", &path, &member.bearer(), &json!({"active": true})).await, 200).await;
    app.participant(&member, campaign, "third@gone.example").await;
    let requests = receiver.wait_for(2, WAIT).await;
    let emails: Vec<Value> = requests.iter().map(|r| r.json()["data"]["participant"]["email"].clone()).collect();
    assert_eq!(emails, [json!("first@gone.example"), json!("third@gone.example")]);
}
