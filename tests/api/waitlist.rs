//! Waitlists (issue 18): positions by signup order, each credited referral moving its
//! referrer up `places_per_referral` places and never past 1, shown in the participant's read
//! and the widget's progress; admissions of the front of the line exactly once under
//! concurrent calls, with one `waitlist.admitted` event each, and across a SIGKILL.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::{json, Value};

use crate::helpers::*;
use crate::receiver::Receiver;
use crate::webhooks::{webhook_config, WAIT};

/// A campaign with a waitlist moving people `places` per referral, and no velocity limit
/// (the tests refer many friends in a burst).
async fn waitlisted(app: &TestApp, member: &TestMember, host: &str, places: u64) -> u64 {
    let brand = app.brand(member, &format!("https://{host}")).await;
    let fields = json!({
        "reward_type": 5,
        "reward_value": "1",
        "fraud": {"max_referrals_per_hour": null, "max_signups_per_address_per_hour": null},
        "waitlist": {"enabled": true, "places_per_referral": places},
    });
    let campaign = app.campaign(member, brand, fields).await;
    assert_eq!(campaign["waitlist"], json!({"enabled": true, "places_per_referral": places}));
    campaign["id"].as_u64().unwrap()
}

/// Signs up `count` people in order: (id, referral code) each.
async fn line_up(app: &TestApp, member: &TestMember, campaign: u64, count: usize) -> Vec<(u64, String)> {
    let mut people = Vec::new();
    for n in 1..=count {
        let p = app.participant(member, campaign, &format!("p{n}@line.example")).await;
        people.push((p["id"].as_u64().unwrap(), p["referral_code"].as_str().unwrap().to_owned()));
    }
    people
}

/// The participant's `waitlist` as their read shows it.
async fn spot(app: &TestApp, member: &TestMember, id: u64) -> Value {
    expect_status(app.get("/api/v1", &format!("/participants/{id}"), &member.bearer()).await, 200).await["data"]
        ["waitlist"]
        .clone()
}

fn in_line(position: u64, behind: u64) -> Value {
    json!({"position": position, "behind": behind, "admitted_at": null})
}

async fn waitlist(app: &TestApp, member: &TestMember, campaign: u64, query: &str) -> Value {
    let path = format!("/campaigns/{campaign}/waitlist{query}");
    expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await["data"].clone()
}

async fn admit(app: &TestApp, member: &TestMember, campaign: u64, body: Value) -> Value {
    let path = format!("/campaigns/{campaign}/waitlist/admit");
    expect_status(app.post_json("/api/v1", &path, &member.bearer(), &body).await, 200).await["data"].clone()
}

fn ids(admitted: &Value) -> Vec<u64> {
    admitted["admitted"].as_array().unwrap().iter().map(|p| p["id"].as_u64().unwrap()).collect()
}

#[tokio::test]
async fn positions_follow_signup_order_and_each_referral_moves_its_referrer_up_never_past_one() {
    let app = TestApp::spawn().await;
    let member = app.member("waitlist").await;
    let campaign = waitlisted(&app, &member, "waitlist.example.com", 10).await;
    let people = line_up(&app, &member, campaign, 30).await;
    assert_eq!(spot(&app, &member, people[0].0).await, in_line(1, 29));
    assert_eq!(spot(&app, &member, people[24].0).await, in_line(25, 5));

    let (mover, mover_code) = &people[24];
    let friend = expect_status(app.refer(&member, mover_code, "friend1@line.example").await, 201).await;
    assert_eq!(spot(&app, &member, *mover).await, in_line(15, 16), "from 25th, up 10");
    assert_eq!(spot(&app, &member, people[14].0).await, in_line(16, 15), "the 15th was passed");
    assert_eq!(spot(&app, &member, people[13].0).await, in_line(14, 17), "the 14th was not");
    let friend = friend["data"]["participant"]["id"].as_u64().unwrap();
    assert_eq!(spot(&app, &member, friend).await, in_line(31, 0), "a friend joins at the back");
    for (n, want) in [(2, 5), (3, 1), (4, 1)] {
        expect_status(app.refer(&member, mover_code, &format!("friend{n}@line.example")).await, 201).await;
        assert_eq!(spot(&app, &member, *mover).await["position"], json!(want), "after {n} referrals");
    }
    assert_eq!(spot(&app, &member, people[0].0).await, in_line(2, 32));

    // The widget shows the place to whoever holds the code: position and people behind.
    let progress = app.get("/api/widget/progress", &format!("?code={mover_code}"), &Cred::None).await;
    let progress = expect_status(progress, 200).await;
    assert_eq!(progress["data"]["waitlist"], in_line(1, 33), "{progress}");

    let line = waitlist(&app, &member, campaign, "?limit=3").await;
    assert_eq!((&line["in_line"], &line["admitted"]), (&json!(34), &json!(0)));
    let front: Vec<(Value, Value)> = line["front"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["position"].clone(), r["participant_id"].clone()))
        .collect();
    assert_eq!(front, vec![(json!(1), json!(mover)), (json!(2), json!(people[0].0)), (json!(3), json!(people[1].0))]);
    assert_eq!(line["front"][0]["referrals"], json!(4));

    // Another number of places rebuilds the line: 4 referrals of 5 places from 25th is 5th.
    let path = format!("/campaigns/{campaign}");
    let changed = json!({"waitlist": {"places_per_referral": 5}});
    expect_status(app.put_json("/api/v1", &path, &member.bearer(), &changed).await, 200).await;
    assert_eq!(spot(&app, &member, *mover).await, in_line(5, 29));
    assert_eq!(spot(&app, &member, people[4].0).await, in_line(6, 28));

    for (body, field) in [
        (json!({"waitlist": {"enabled": "yes"}}), "waitlist.enabled"),
        (json!({"waitlist": {"places_per_referral": -1}}), "waitlist.places_per_referral"),
        (json!({"waitlist": {"places_per_referral": 1_000_001}}), "waitlist.places_per_referral"),
    ] {
        let refused = app.put_json("/api/v1", &path, &member.bearer(), &body).await;
        let message = expect_error(refused, 400, "validation_failed").await;
        assert!(message.contains(field), "{body}: {message}");
    }
    let not_an_object = app.put_json("/api/v1", &path, &member.bearer(), &json!({"waitlist": 3})).await;
    expect_error(not_an_object, 400, "invalid_body").await;

    // Turned off: no place shown, nobody to admit; turned on again, the line is rebuilt.
    let off = json!({"waitlist": {"enabled": false}});
    let off = expect_status(app.put_json("/api/v1", &path, &member.bearer(), &off).await, 200).await;
    assert_eq!(off["data"]["waitlist"]["enabled"], json!(false));
    assert_eq!(spot(&app, &member, *mover).await, Value::Null);
    let admit_path = format!("{path}/waitlist/admit");
    let refused = app.post_json("/api/v1", &admit_path, &member.bearer(), &json!({"count": 1})).await;
    expect_error(refused, 409, "waitlist_off").await;
    let on = json!({"waitlist": {"enabled": true}});
    expect_status(app.put_json("/api/v1", &path, &member.bearer(), &on).await, 200).await;
    assert_eq!(spot(&app, &member, *mover).await, in_line(5, 29));
}

#[tokio::test]
async fn concurrent_admissions_admit_each_person_once_with_one_event_each() {
    let app = TestApp::spawn_with(webhook_config("[0.05, 0.1, 0.2]")).await;
    let receiver = Receiver::start().await;
    let member = app.member("admit").await;
    let campaign = waitlisted(&app, &member, "admit.example.com", 10).await;
    let hook = json!({"link": receiver.url(), "events": ["waitlist.admitted"]});
    expect_status(app.post_json("/api/v1", "/webhooks", &member.bearer(), &hook).await, 201).await;
    let people = line_up(&app, &member, campaign, 60).await;

    // Ten owners' clicks of "admit 5" at once: fifty different people, the first fifty.
    let path = format!("/campaigns/{campaign}/waitlist/admit");
    let (bearer, five) = (member.bearer(), json!({"count": 5}));
    let calls = (0..10).map(|_| app.post_json("/api/v1", &path, &bearer, &five));
    let answers = futures_util::future::join_all(calls).await;
    let mut admitted = Vec::new();
    for answer in answers {
        let data = expect_status(answer, 200).await["data"].clone();
        assert_eq!(ids(&data).len(), 5, "{data}");
        admitted.extend(ids(&data));
    }
    let unique: BTreeSet<u64> = admitted.iter().copied().collect();
    assert_eq!(unique.len(), 50, "someone was admitted twice: {admitted:?}");
    assert_eq!(unique, people[..50].iter().map(|(id, _)| *id).collect(), "the front of the line first");

    // By id: those admitted already are passed over, so a retry admits nobody again.
    let named = json!({"participant_ids": [people[0].0, people[55].0, people[55].0]});
    assert_eq!(ids(&admit(&app, &member, campaign, named.clone()).await), vec![people[55].0]);
    let again = admit(&app, &member, campaign, named).await;
    assert_eq!((ids(&again), &again["in_line"]), (vec![], &json!(9)));

    let first = spot(&app, &member, people[0].0).await;
    assert_eq!((&first["position"], &first["behind"]), (&Value::Null, &Value::Null));
    assert!(first["admitted_at"].is_string(), "{first}");
    assert_eq!(spot(&app, &member, people[50].0).await, in_line(1, 8));
    let line = waitlist(&app, &member, campaign, "").await;
    assert_eq!((&line["in_line"], &line["admitted"]), (&json!(9), &json!(51)));

    // One waitlist.admitted event per person admitted, with the participant.
    let delivered = receiver.wait_for(51, WAIT).await;
    let mut per_person = BTreeMap::<u64, usize>::new();
    for event in &delivered {
        let event = event.json();
        assert_eq!(event["type"], json!("waitlist.admitted"));
        assert!(event["data"]["admitted_at"].is_string(), "{event}");
        *per_person.entry(event["data"]["participant"]["id"].as_u64().unwrap()).or_default() += 1;
    }
    let expected: BTreeMap<u64, usize> = unique.iter().chain([&people[55].0]).map(|&id| (id, 1)).collect();
    assert_eq!(per_person, expected);

    for (body, needle) in [
        (json!({}), "count"),
        (json!({"count": 0}), "count"),
        (json!({"count": 1001}), "count"),
        (json!({"count": "5"}), "count"),
        (json!({"participant_ids": []}), "participant_ids"),
        (json!({"participant_ids": ["x"]}), "participant_ids"),
        (json!({"count": 1, "participant_ids": [1]}), "not both"),
    ] {
        let message =
            expect_error(app.post_json("/api/v1", &path, &member.bearer(), &body).await, 400, "validation_failed");
        let message = message.await;
        assert!(message.contains(needle), "{body}: {message}");
    }
    let stranger_campaign = json!({"participant_ids": [999_999]});
    expect_error(app.post_json("/api/v1", &path, &member.bearer(), &stranger_campaign).await, 404, "not_found").await;
    let stranger = app.member("admit-stranger").await;
    expect_error(app.post_json("/api/v1", &path, &stranger.bearer(), &json!({"count": 1})).await, 404, "not_found")
        .await;
}

#[tokio::test]
async fn admissions_acknowledged_before_a_sigkill_survive_and_none_is_half_done() {
    let mut app = TestApp::spawn().await;
    let member = app.member("admit-crash").await;
    let campaign = waitlisted(&app, &member, "admit-crash.example.com", 10).await;
    let people = line_up(&app, &member, campaign, 48).await;
    // Three clients admit two at a time; the kill falls between one commit and the next.
    let path = format!("/campaigns/{campaign}/waitlist/admit");
    let streams = (0..3)
        .map(|stream| {
            (0..8)
                .map(|call| {
                    let request = app.client.post(app.url("/api/v1", &path)).bearer_auth(&member.token);
                    ((stream, call), request.json(&json!({"count": 2})))
                })
                .collect()
        })
        .collect();
    let acknowledged = app.kill_amid(streams, 4).await;
    app.restart().await;

    let line = waitlist(&app, &member, campaign, "?limit=100").await;
    let admitted = line["admitted"].as_u64().unwrap();
    assert!(admitted >= 2 * acknowledged.len() as u64, "acknowledged admissions lost: {line}");
    assert_eq!(admitted % 2, 0, "an admission of two was cut in half: {line}");
    assert_eq!(line["in_line"].as_u64().unwrap() + admitted, 48, "{line}");
    // The admitted are the front of the line, each marked; the rest keep their order from 1.
    for (n, (id, _)) in people.iter().enumerate() {
        let now = spot(&app, &member, *id).await;
        if (n as u64) < admitted {
            assert!(now["admitted_at"].is_string() && now["position"].is_null(), "{id}: {now}");
        } else {
            assert_eq!(now, in_line(n as u64 - admitted + 1, 47 - n as u64), "{id}");
        }
    }
    let next = admit(&app, &member, campaign, json!({"count": 1})).await;
    assert_eq!(ids(&next), vec![people[admitted as usize].0]);
}
