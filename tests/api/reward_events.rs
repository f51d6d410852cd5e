//! Reward events over webhooks: `reward.held`, `reward.issued`, `reward.voided` and
//! `reward.fulfilled` reach a real receiver once each, signed, with the documented payload;
//! a webhook gets only the kinds it subscribed to.

use std::collections::HashSet;

use serde_json::json;

use crate::helpers::*;
use crate::receiver::{Received, Receiver};
use crate::webhooks::{fast_app, verify_signature, webhook, WAIT};

fn kinds(received: &[Received]) -> Vec<String> {
    received.iter().map(|r| r.json()["type"].as_str().unwrap().to_owned()).collect()
}

/// In the order the events happened: by event number (deliveries to one webhook may be in
/// flight together, so they can arrive in another order).
fn in_order(mut received: Vec<Received>) -> Vec<Received> {
    received.sort_by_key(|r| r.header("webhook-id").trim_start_matches("evt_").parse::<u64>().unwrap());
    received
}

#[tokio::test]
async fn each_reward_move_is_delivered_once_to_the_webhooks_that_subscribed() {
    let app = fast_app().await;
    let everything = Receiver::start().await;
    let rewards_only = Receiver::start().await;
    let member = app.member("reward-events").await;
    let brand = app.brand(&member, "https://reward-events.example.com").await;
    let fields = json!({"reward_type": 5, "reward_value": "7.50", "hold_days": 10});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let (_, all_secret) = webhook(&app, &member, &everything.url(), None).await;
    let body = json!({"link": rewards_only.url(), "campaign_id": campaign, "events": ["reward.issued", "reward.voided", "reward.fulfilled"]});
    let created = expect_status(app.post_json("/api/v1", "/webhooks", &member.bearer(), &body).await, 201).await;
    assert_eq!(created["data"]["events"], json!(["reward.issued", "reward.voided", "reward.fulfilled"]));
    let bad = json!({"link": rewards_only.url(), "events": ["reward.paid"]});
    let refused =
        expect_error(app.post_json("/api/v1", "/webhooks", &member.bearer(), &bad).await, 400, "validation_failed")
            .await;
    assert!(refused.contains("reward.paid") && refused.contains("reward.issued"), "{refused}");
    let empty = json!({"link": rewards_only.url(), "events": []});
    expect_error(app.post_json("/api/v1", "/webhooks", &member.bearer(), &empty).await, 400, "validation_failed").await;

    // A referral: the friend's signup, and the referrer's reward held for ten days.
    let referrer = app.participant(&member, campaign, "ada@reward-events.example").await;
    let code = referrer["referral_code"].as_str().unwrap();
    let first = expect_status(app.refer(&member, code, "bob@reward-events.example").await, 201).await;
    let held = first["data"]["referrer_reward"].clone();
    let second = expect_status(app.refer(&member, code, "cy@reward-events.example").await, 201).await;
    let other = second["data"]["referrer_reward"].clone();
    let (held_id, other_id) = (held["id"].as_u64().unwrap(), other["id"].as_u64().unwrap());
    let got = in_order(everything.wait_for(5, WAIT).await);
    assert_eq!(
        kinds(&got),
        ["participant.signup", "participant.signup", "reward.held", "participant.signup", "reward.held"]
    );

    // Approve and fulfil one; void the other.
    let path = |id: u64, action: &str| format!("/rewards/{id}/{action}");
    expect_status(app.post_json("/api/v1", &path(held_id, "approve"), &member.bearer(), &json!({})).await, 200).await;
    expect_status(app.post_json("/api/v1", &path(held_id, "fulfil"), &member.bearer(), &json!({})).await, 200).await;
    let reason = json!({"reason": "order refunded"});
    expect_status(app.post_json("/api/v1", &path(other_id, "void"), &member.bearer(), &reason).await, 200).await;
    let got = in_order(everything.wait_for(8, WAIT).await);
    assert_eq!(&kinds(&got)[5..], ["reward.issued", "reward.fulfilled", "reward.voided"]);
    let subscribed = in_order(rewards_only.wait_for(3, WAIT).await);
    assert_eq!(kinds(&subscribed), ["reward.issued", "reward.fulfilled", "reward.voided"]);

    // The documented payload, signed; each event once, under its own id.
    for request in &got[5..] {
        verify_signature(&all_secret, request);
        let event = request.json();
        assert_eq!(event["id"], json!(request.header("webhook-id")));
        assert!(event["created_at"].as_str().unwrap().ends_with('Z'));
        let data = &event["data"];
        assert_eq!(data["campaign_id"], json!(campaign));
        assert_eq!(data["participant"]["id"], referrer["id"]);
        assert_eq!(data["participant"]["email"], json!("ada@reward-events.example"));
        let status = event["type"].as_str().unwrap().strip_prefix("reward.").unwrap().to_owned();
        assert_eq!(data["reward"]["status"], json!(status), "the reward as the event left it: {event}");
        assert_eq!(data["reward"]["value"], json!("7.50"));
        assert!(data["reward"]["history"].as_array().unwrap().len() >= 2);
    }
    let voided = got[7].json();
    assert_eq!(
        (voided["data"]["reward"]["id"].clone(), voided["data"]["reward"]["void_reason"].clone()),
        (json!(other_id), json!("order refunded"))
    );
    let ids: HashSet<&str> = got.iter().map(|r| r.header("webhook-id")).collect();
    assert_eq!(ids.len(), 8, "every event its own id");
    // The same event reaches both webhooks under the same id.
    assert_eq!(subscribed[0].header("webhook-id"), got[5].header("webhook-id"));
    let settled = everything.received();
    assert_eq!(settled.len(), 8, "nothing delivered twice: {:?}", kinds(&settled));
}
