//! `POST /campaigns/:id/fraud/preview` (issue 17): the dry run of proposed fraud rules over a
//! campaign's existing referrals counts exactly what those rules hold and refuse when they
//! are switched on and the same signups are made, and changes nothing.

use std::collections::HashMap;

use serde_json::{json, Value};

use crate::helpers::*;

/// The rules tried: every rule on, the velocity limits low enough to meet.
fn proposed() -> Value {
    json!({
        "canonical_emails": true,
        "disposable_emails": "hold",
        "same_address": "address",
        "max_referrals_per_hour": 3,
        "max_signups_per_address_per_hour": 4,
    })
}

/// The signups made to both campaigns, in order: who, referred by whom, from which address.
fn signups() -> Vec<(&'static str, Option<&'static str>, &'static str)> {
    let mut signups = vec![
        ("ann@gmail.com", None, "203.0.113.1"),
        ("bob@example.com", None, "203.0.113.2"),
        ("cy@example.com", None, "203.0.113.3"),
        // Ann's: another spelling of her own inbox, one from her own address, then four
        // more, the last two beyond three an hour.
        ("a.nn+2@googlemail.com", Some("ann@gmail.com"), "198.51.100.10"),
        ("ann.home@example.com", Some("ann@gmail.com"), "203.0.113.1"),
    ];
    for (email, ip) in
        [("f1", "198.51.100.11"), ("f2", "198.51.100.12"), ("f3", "198.51.100.13"), ("f4", "198.51.100.14")]
    {
        signups.push((Box::leak(format!("{email}@example.com").into_boxed_str()), Some("ann@gmail.com"), ip));
    }
    // Cy's: another spelling of Bob's inbox, a disposable address, and a burst from one
    // address that Bob finishes, the fifth from it beyond four an hour.
    signups.extend([
        ("Bob+cy@example.com", Some("cy@example.com"), "198.51.100.30"),
        ("temp@mailinator.com", Some("cy@example.com"), "198.51.100.31"),
        ("g1@example.com", Some("cy@example.com"), "198.51.100.40"),
        ("g2@example.com", Some("cy@example.com"), "198.51.100.40"),
        ("g3@example.com", Some("bob@example.com"), "198.51.100.40"),
        ("g4@example.com", Some("bob@example.com"), "198.51.100.40"),
        ("g5@example.com", Some("bob@example.com"), "198.51.100.40"),
    ]);
    signups
}

/// Makes the signups in `campaign`; the refusals, by code.
async fn sign_up_all(app: &TestApp, member: &TestMember, campaign: u64) -> HashMap<String, u64> {
    let mut codes: HashMap<&str, String> = HashMap::new();
    let mut refused = HashMap::new();
    for (email, referrer, ip) in signups() {
        let (path, mut body) = match referrer {
            Some(referrer) => ("/signups/referral", json!({"referral_code": codes[referrer]})),
            None => ("/signups", json!({"campaign_id": campaign})),
        };
        body["email"] = json!(email);
        body["ip"] = json!(ip);
        body["user_agent"] = json!("Mozilla/5.0 (Preview)");
        let answer = app.post_json("/api/v1", path, &member.bearer(), &body).await;
        let status = answer.status().as_u16();
        let answer: Value = answer.json().await.unwrap();
        if status == 201 {
            codes.insert(email, answer["data"]["participant"]["referral_code"].as_str().unwrap().to_owned());
        } else {
            assert!(referrer.is_some() && (status == 400 || status == 409), "{email}: {status} {answer}");
            *refused.entry(answer["code"].as_str().unwrap().to_owned()).or_insert(0) += 1;
        }
    }
    refused
}

async fn preview(app: &TestApp, member: &TestMember, campaign: u64, rules: &Value) -> reqwest::Response {
    app.post_json("/api/v1", &format!("/campaigns/{campaign}/fraud/preview"), &member.bearer(), rules).await
}

#[tokio::test]
async fn the_preview_counts_what_the_rules_then_hold_and_changes_nothing() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("preview").await;
    let brand = app.brand(&member, "https://preview.example.com").await;
    let off = json!({
        "canonical_emails": false,
        "disposable_emails": "allow",
        "same_address": "off",
        "max_referrals_per_hour": null,
        "max_signups_per_address_per_hour": null,
    });
    let fields = |fraud: Value| json!({"reward_type": 5, "reward_value": "10", "fraud": fraud});
    let open = app.campaign(&member, brand, fields(off.clone())).await["id"].as_u64().unwrap();
    let refused_open = sign_up_all(&app, &member, open).await;
    assert!(refused_open.is_empty(), "with no rules every signup joins: {refused_open:?}");
    let open_stats = app.campaign_stats(&member, open).await;
    assert_eq!((&open_stats["referrals"], &open_stats["rewards"]["held"]), (&json!(13), &json!(0)), "{open_stats}");

    let tried = expect_status(preview(&app, &member, open, &proposed()).await, 200).await["data"].clone();

    // The same signups, to a campaign with the rules on.
    let guarded = app.campaign(&member, brand, fields(proposed())).await["id"].as_u64().unwrap();
    let refused = sign_up_all(&app, &member, guarded).await;
    let stats = app.campaign_stats(&member, guarded).await;
    let held = &stats["held_by_reason"];
    // Each rule met something.
    assert_eq!(
        (&held["disposable_email"], &held["same_address"], &held["velocity"], &stats["rewards"]["held"]),
        (&json!(1), &json!(1), &json!(3), &json!(5)),
        "{stats}"
    );
    assert_eq!(refused, HashMap::from([("self_referral".to_owned(), 1), ("participant_exists".to_owned(), 1)]));

    assert_eq!(tried["campaign_id"], json!(open));
    for (rule, value) in proposed().as_object().unwrap() {
        assert_eq!(&tried["fraud"][rule], value, "{tried}");
    }
    assert_eq!((&tried["referrals"], &tried["with_client"]), (&json!(13), &json!(13)), "{tried}");
    assert_eq!(tried["held"], stats["rewards"]["held"], "{tried}");
    for reason in ["disposable_email", "same_address", "velocity"] {
        assert_eq!(tried["held_by_reason"][reason], held[reason], "{reason}: {tried}");
    }
    let refusals: u64 = refused.values().sum();
    assert_eq!(tried["refused"], json!(refusals), "{tried}");
    for (code, count) in &refused {
        assert_eq!(tried["refused_by_reason"][code], json!(count), "{code}: {tried}");
    }
    assert_eq!(
        (&tried["refused_by_reason"]["disposable_email"], &tried["refused_by_reason"]["referrer_refused"]),
        (&json!(0), &json!(0))
    );

    // Nothing changed: the campaign keeps its rules, its rewards and its counts.
    let detail = expect_status(app.get("/api/v1", &format!("/campaigns/{open}"), &member.bearer()).await, 200).await;
    assert_eq!(detail["data"]["fraud"], off);
    assert_eq!(app.campaign_stats(&member, open).await, open_stats);
    // Fields left out keep the campaign's own: its rules hold nothing; refusing disposable
    // addresses refuses the one referral from one.
    let own = expect_status(preview(&app, &member, open, &json!({})).await, 200).await["data"].clone();
    assert_eq!((&own["held"], &own["refused"], &own["fraud"]), (&json!(0), &json!(0), &off));
    let refuse = json!({"disposable_emails": "refuse"});
    let refusing = expect_status(preview(&app, &member, open, &refuse).await, 200).await["data"].clone();
    assert_eq!((&refusing["refused"], &refusing["refused_by_reason"]["disposable_email"]), (&json!(1), &json!(1)));
}

#[tokio::test]
async fn a_preview_of_bad_rules_or_of_someone_elses_campaign_is_refused() {
    let app = TestApp::spawn().await;
    let member = app.member("preview-refused").await;
    let other = app.member("preview-other").await;
    let brand = app.brand(&member, "https://preview-refused.example.com").await;
    let campaign = app.campaign(&member, brand, json!({})).await["id"].as_u64().unwrap();
    let bad = [
        (json!({"disposable_emails": "block"}), "validation_failed", "'refuse', 'hold' or 'allow'"),
        (json!({"max_referrals_per_hour": 0}), "validation_failed", "fraud.max_referrals_per_hour"),
        (json!({"velocity": 3}), "invalid_body", "velocity"),
        (json!([1, 2]), "invalid_body", "a JSON object"),
    ];
    for (rules, code, names) in bad {
        let message = expect_error(preview(&app, &member, campaign, &rules).await, 400, code).await;
        assert!(message.contains(names), "{rules}: {message}");
    }
    expect_error(preview(&app, &other, campaign, &json!({})).await, 404, "not_found").await;
    expect_error(preview(&app, &member, 999_999, &json!({})).await, 404, "not_found").await;
}
