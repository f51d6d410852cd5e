//! Leaderboards and contests (issue 18): the owner's leaderboard ranks participants by
//! credited referrals for each period, ties going to who got there first; the widget's public
//! leaderboard only exists when the campaign turns it on and never shows a whole email; a
//! contest counts only referrals inside its window and records its winners once, with one
//! `contest.ended` event, even when the server is killed the moment the window ends.

use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::*;
use crate::receiver::Receiver;
use crate::webhooks::{webhook_config, WAIT};

async fn board(app: &TestApp, member: &TestMember, campaign: u64, query: &str) -> Value {
    let path = format!("/campaigns/{campaign}/leaderboard{query}");
    expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await["data"].clone()
}

/// (participant id, referrals) of each row, best first; ranks checked to be 1, 2, 3, …
fn rows(board: &Value) -> Vec<(u64, u64)> {
    let leaders = board["leaders"].as_array().unwrap();
    for (i, row) in leaders.iter().enumerate() {
        assert_eq!(row["rank"], json!(i + 1));
    }
    leaders.iter().map(|r| (r["participant_id"].as_u64().unwrap(), r["referrals"].as_u64().unwrap())).collect()
}

async fn join(app: &TestApp, member: &TestMember, campaign: u64, email: &str, name: &str) -> (u64, String) {
    let body = json!({"campaign_id": campaign, "email": email, "name": name});
    let data = expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await["data"]
        ["participant"]
        .clone();
    (data["id"].as_u64().unwrap(), data["referral_code"].as_str().unwrap().to_owned())
}

#[tokio::test]
async fn the_leaderboard_ranks_every_period_and_passes_over_blocked_and_erased_people() {
    let app = TestApp::spawn().await;
    let member = app.member("leaders").await;
    let brand = app.brand(&member, "https://leaders.example.com").await;
    let fields = json!({"reward_type": 5, "reward_value": "1", "fraud": {"max_referrals_per_hour": null}});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let (ann, ann_code) = join(&app, &member, campaign, "ann.lee@leaders.example", "Ann Lee").await;
    let (bob, bob_code) = join(&app, &member, campaign, "bob@leaders.example", "").await;
    let (cy, cy_code) = join(&app, &member, campaign, "cy@leaders.example", "Cy").await;
    for (code, friend) in [(&bob_code, "f1"), (&ann_code, "f2"), (&ann_code, "f3"), (&bob_code, "f4"), (&cy_code, "f5")]
    {
        expect_status(app.refer(&member, code, &format!("{friend}@leaders.example")).await, 201).await;
    }

    let all = board(&app, &member, campaign, "").await;
    assert_eq!(rows(&all), vec![(ann, 2), (bob, 2), (cy, 1)], "ann reached 2 before bob");
    assert_eq!((&all["period"], &all["starts_at"]), (&json!("all"), &Value::Null));
    let first = &all["leaders"][0];
    assert_eq!((&first["email"], &first["name"]), (&json!("an***@leaders.example"), &json!("Ann Lee")));
    for period in ["month", "week"] {
        let this = board(&app, &member, campaign, &format!("?period={period}")).await;
        assert_eq!(rows(&this), rows(&all), "every referral is this {period}'s");
        let (starts, ends) = (this["starts_at"].as_str().unwrap(), this["ends_at"].as_str().unwrap());
        let now = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
        assert!(starts <= now.as_str() && now.as_str() < ends, "{starts} <= {now} < {ends}");
    }
    assert_eq!(rows(&board(&app, &member, campaign, "?limit=2").await), vec![(ann, 2), (bob, 2)]);
    expect_status(app.refer(&member, &bob_code, "f6@leaders.example").await, 201).await;
    assert_eq!(rows(&board(&app, &member, campaign, "").await), vec![(bob, 3), (ann, 2), (cy, 1)]);

    for (query, needle) in [
        ("?period=contest", "contest window"),
        ("?period=year", "period"),
        ("?limit=0", "limit"),
        ("?limit=101", "limit"),
        ("?sort=name", "sort"),
    ] {
        let path = format!("/campaigns/{campaign}/leaderboard{query}");
        let message = expect_error(app.get("/api/v1", &path, &member.bearer()).await, 400, "invalid_query").await;
        assert!(message.contains(needle), "{query}: {message}");
    }
    let stranger = app.member("leaders-stranger").await;
    let path = format!("/campaigns/{campaign}/leaderboard");
    expect_error(app.get("/api/v1", &path, &stranger.bearer()).await, 404, "not_found").await;

    // Blocked and erased people leave the board; the next ones move up.
    expect_status(
        app.post_json("/api/v1", &format!("/participants/{bob}/block"), &member.bearer(), &json!({})).await,
        200,
    )
    .await;
    expect_status(app.delete("/api/v1", &format!("/participants/{ann}"), &member.bearer()).await, 200).await;
    assert_eq!(rows(&board(&app, &member, campaign, "").await), vec![(cy, 1)]);
    expect_status(app.delete("/api/v1", &format!("/participants/{bob}/block"), &member.bearer()).await, 200).await;
    assert_eq!(rows(&board(&app, &member, campaign, "").await), vec![(bob, 3), (cy, 1)], "unblocked, back in place");
}

#[tokio::test]
async fn the_public_leaderboard_is_opt_in_and_shows_no_whole_email() {
    let app = TestApp::spawn().await;
    let member = app.member("public-board").await;
    let brand = app.brand(&member, "https://public-board.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "1"})).await;
    assert_eq!((&campaign["leaderboard"], &campaign["contest"]["winners"]), (&json!({"public": false}), &json!(3)));
    let campaign = campaign["id"].as_u64().unwrap();
    let (_, grace_code) = join(&app, &member, campaign, "grace.hopper@navy.example", "Grace Brewster Hopper").await;
    let (_, ada_code) = join(&app, &member, campaign, "ada.lovelace@analytical.example", "").await;
    for (code, friend) in [(&grace_code, "g1"), (&grace_code, "g2"), (&ada_code, "a1")] {
        expect_status(app.refer(&member, code, &format!("{friend}@friends.example")).await, 201).await;
    }
    let public = format!("/api/widget/leaderboard?campaign={campaign}");
    expect_error(app.get("", &public, &Cred::None).await, 404, "not_found").await;
    expect_error(app.get("", "/api/widget/leaderboard?campaign=x", &Cred::None).await, 404, "not_found").await;

    let on = json!({"leaderboard": {"public": true}});
    let updated =
        expect_status(app.put_json("/api/v1", &format!("/campaigns/{campaign}"), &member.bearer(), &on).await, 200)
            .await;
    assert_eq!(updated["data"]["leaderboard"], json!({"public": true}));
    let response = app.get("", &public, &Cred::None).await;
    assert_eq!(response.status().as_u16(), 200);
    let text = response.text().await.unwrap();
    for secret in ["grace.hopper@", "ada.lovelace@", "Brewster", "Hopper", "participant_id", "g1@", "a1@"] {
        assert!(!text.contains(secret), "the public leaderboard shows {secret}: {text}");
    }
    let data = &serde_json::from_str::<Value>(&text).unwrap()["data"];
    assert_eq!(
        data["leaders"],
        json!([
            {"rank": 1, "name": "Grace", "referrals": 2},
            {"rank": 2, "name": "ad***@analytical.example", "referrals": 1},
        ])
    );
    let bad = json!({"leaderboard": {"public": "yes"}});
    let path = format!("/campaigns/{campaign}");
    let message =
        expect_error(app.put_json("/api/v1", &path, &member.bearer(), &bad).await, 400, "validation_failed").await;
    assert!(message.contains("leaderboard.public"), "{message}");
}

/// (rank, participant id, referrals) of each place of a contest's results.
fn places_of(results: &Value) -> Vec<(Value, Value, Value)> {
    let places = results.as_array().unwrap_or_else(|| panic!("no results: {results}"));
    places.iter().map(|p| (p["rank"].clone(), p["participant"]["id"].clone(), p["referrals"].clone())).collect()
}

/// A whole second at least `ahead` from now, as RFC 3339.
fn second_from_now(ahead: Duration) -> chrono::DateTime<chrono::Utc> {
    let t = chrono::Utc::now() + chrono::Duration::from_std(ahead).unwrap() + chrono::Duration::seconds(1);
    chrono::DateTime::from_timestamp(t.timestamp(), 0).unwrap()
}

async fn contest(app: &TestApp, member: &TestMember, campaign: u64) -> Value {
    let path = format!("/campaigns/{campaign}/contest");
    expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await["data"].clone()
}

/// Polls the contest (a clock, not another task, is awaited) until its status is `status`.
async fn until_status(app: &TestApp, member: &TestMember, campaign: u64, status: &str) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    loop {
        let report = contest(app, member, campaign).await;
        if report["status"] == json!(status) {
            return report;
        }
        assert!(tokio::time::Instant::now() < deadline, "the contest never became {status}: {report}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_contest_counts_its_window_and_records_its_winners_once_across_a_kill_at_its_end() {
    let mut options = webhook_config("[0.05, 0.1, 0.2]");
    options.config = Some(format!("{}\n[rewards]\nrelease_interval_ms = 10\n", options.config.unwrap()));
    let mut app = TestApp::spawn_with(options).await;
    let receiver = Receiver::start().await;
    let member = app.member("contest").await;
    let brand = app.brand(&member, "https://contest.example.com").await;
    let fields = json!({"reward_type": 5, "reward_value": "1", "fraud": {"max_referrals_per_hour": null}});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let hook = json!({"link": receiver.url(), "events": ["contest.ended"]});
    let hook = expect_status(app.post_json("/api/v1", "/webhooks", &member.bearer(), &hook).await, 201).await;
    let hook_id = hook["data"]["id"].as_u64().unwrap();
    let (ann, ann_code) = join(&app, &member, campaign, "ann@contest.example", "Ann").await;
    let (bob, bob_code) = join(&app, &member, campaign, "bob@contest.example", "Bob").await;
    let (cy, cy_code) = join(&app, &member, campaign, "cy@contest.example", "Cy").await;
    for n in 0..4 {
        expect_status(app.refer(&member, &cy_code, &format!("early{n}@contest.example")).await, 201).await;
    }

    // The window opens after those referrals: they do not count.
    let starts = second_from_now(Duration::from_millis(500));
    let ends = starts + chrono::Duration::seconds(3);
    let window = json!({"contest": {"enabled": true, "starts_at": starts.to_rfc3339(), "ends_at": ends.to_rfc3339(), "winners": 2, "prize": "A hoodie"}});
    let path = format!("/campaigns/{campaign}");
    expect_status(app.put_json("/api/v1", &path, &member.bearer(), &window).await, 200).await;
    let upcoming = contest(&app, &member, campaign).await;
    assert_eq!((&upcoming["status"], &upcoming["results"]), (&json!("upcoming"), &Value::Null));
    assert_eq!(upcoming["contest"]["winners"], json!(2));

    until_status(&app, &member, campaign, "running").await;
    for (code, friend) in [(&bob_code, "b1"), (&ann_code, "a1"), (&ann_code, "a2"), (&cy_code, "c1"), (&bob_code, "b2")]
    {
        expect_status(app.refer(&member, code, &format!("{friend}@contest.example")).await, 201).await;
    }
    let running = contest(&app, &member, campaign).await;
    let standings: Vec<(Value, Value)> = running["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["participant_id"].clone(), r["referrals"].clone()))
        .collect();
    assert_eq!(
        standings,
        vec![(json!(ann), json!(2)), (json!(bob), json!(2))],
        "ann reached 2 first; cy's early 4 do not count"
    );
    let contest_board = board(&app, &member, campaign, "?period=contest").await;
    assert_eq!(rows(&contest_board), vec![(ann, 2), (bob, 2), (cy, 1)]);
    assert_eq!(contest_board["starts_at"], json!(starts.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)));

    // Killed the moment the window ends: the winners are recorded once, before or after.
    until_status(&app, &member, campaign, "ended").await;
    app.kill();
    app.restart().await;
    expect_status(app.refer(&member, &cy_code, "late1@contest.example").await, 201).await;
    expect_status(app.refer(&member, &cy_code, "late2@contest.example").await, 201).await;
    let delivered = receiver.wait_for(1, WAIT).await;
    let event = delivered[0].json();
    assert_eq!(event["type"], json!("contest.ended"));
    let places = places_of(&event["data"]["results"]);
    assert_eq!(places, vec![(json!(1), json!(ann), json!(2)), (json!(2), json!(bob), json!(2))]);
    assert_eq!(event["data"]["contest"]["prize"], json!("A hoodie"));

    let ended = contest(&app, &member, campaign).await;
    assert_eq!(ended["status"], json!("ended"));
    let results = places_of(&ended["results"]);
    assert_eq!(results, places, "the results are what the event carried");
    assert_eq!(ended["results"][0]["participant"]["email"], json!("ann@contest.example"));
    let recorded_at = ended["recorded_at"].as_str().unwrap().to_owned();
    assert!(recorded_at.as_str() >= ends.to_rfc3339_opts(chrono::SecondsFormat::Secs, true).as_str());

    // Another restart decides nothing again: one event, the same record.
    app.kill();
    app.restart().await;
    expect_status(app.refer(&member, &cy_code, "late3@contest.example").await, 201).await;
    let again = contest(&app, &member, campaign).await;
    assert_eq!(again["recorded_at"], json!(recorded_at));
    assert_eq!(places_of(&again["results"]), results);
    // The webhook hears contest.ended only: every event it was ever sent is the one. A kill
    // may cut a delivery before its outcome is logged, and it is sent again under its id.
    let path = format!("/webhooks/{hook_id}/deliveries");
    let deadline = tokio::time::Instant::now() + WAIT;
    let logged = loop {
        let log = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
        let delivered =
            log["data"]["deliveries"].as_array().unwrap().iter().any(|a| a["outcome"] == json!("delivered"));
        if delivered {
            break log;
        }
        assert!(tokio::time::Instant::now() < deadline, "never logged as delivered: {log}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let events: std::collections::BTreeSet<u64> =
        logged["data"]["deliveries"].as_array().unwrap().iter().map(|a| a["event_id"].as_u64().unwrap()).collect();
    assert_eq!(events.len(), 1, "one contest.ended event: {logged}");
    let ids: std::collections::BTreeSet<String> =
        receiver.received().iter().map(|r| r.header("webhook-id").to_owned()).collect();
    assert_eq!(ids.len(), 1, "one event id received");
}

#[tokio::test]
async fn leaderboards_and_counts_read_while_referrals_run_miss_nobody_and_never_go_back() {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::Arc;
    const STREAMS: usize = 8;
    const PER_STREAM: usize = 120;
    let app = TestApp::spawn().await;
    let member = app.member("board-race").await;
    let brand = app.brand(&member, "https://board-race.example.com").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "Thanks"})).await["id"].as_u64().unwrap();
    let mut referrers = Vec::new();
    for r in 0..3 {
        let p = app.participant(&member, campaign, &format!("ref{r}@board-race.example")).await;
        let code = p["referral_code"].as_str().unwrap().to_owned();
        expect_status(app.refer(&member, &code, &format!("seed{r}@board-race.example")).await, 201).await;
        referrers.push((p["id"].as_u64().unwrap(), code));
    }
    // Referral signups go on in eight streams; each referrer's acknowledged count is kept.
    let acked: Arc<Vec<AtomicU64>> = Arc::new((0..3).map(|_| AtomicU64::new(1)).collect());
    let streams: Vec<_> = (0..STREAMS)
        .map(|stream| {
            let (client, acked, key) = (app.client.clone(), acked.clone(), member.token.clone());
            let codes: Vec<String> = referrers.iter().map(|(_, c)| c.clone()).collect();
            let url = app.url("/api/v1", "/signups/referral");
            tokio::spawn(async move {
                for i in 0..PER_STREAM {
                    let r = (stream + i) % 3;
                    let body = json!({"referral_code": codes[r], "email": format!("s{stream}-{i}@board-race.example")});
                    let answer = client.post(&url).bearer_auth(&key).json(&body).send().await.unwrap();
                    assert_eq!(answer.status(), 201);
                    acked[r].fetch_add(1, Ordering::SeqCst);
                }
            })
        })
        .collect();
    let mut reads = 0;
    while reads < 150 || !streams.iter().all(|s| s.is_finished()) {
        let before: Vec<u64> = acked.iter().map(|a| a.load(Ordering::SeqCst)).collect();
        let path = format!("/campaigns/{campaign}/leaderboard?limit=10");
        let board = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
        let leaders = board["data"]["leaders"].as_array().unwrap();
        for (r, (id, _)) in referrers.iter().enumerate() {
            let row = leaders.iter().find(|l| l["participant_id"] == json!(id));
            let row = row.unwrap_or_else(|| panic!("referrer {id} missing from the board: {board}"));
            assert!(row["referrals"].as_u64().unwrap() >= before[r], "board behind what was acknowledged: {board}");
        }
        let (id, _) = &referrers[reads % 3];
        let detail =
            expect_status(app.get("/api/v1", &format!("/participants/{id}"), &member.bearer()).await, 200).await;
        assert!(detail["data"]["referrals"].as_u64().unwrap() >= before[reads % 3], "{detail}");
        reads += 1;
    }
    for stream in streams {
        stream.await.unwrap();
    }
    let board =
        expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}/leaderboard"), &member.bearer()).await, 200)
            .await;
    let total: u64 =
        board["data"]["leaders"].as_array().unwrap().iter().map(|l| l["referrals"].as_u64().unwrap()).sum();
    assert_eq!(total, (3 + STREAMS * PER_STREAM) as u64, "every referral on the board, once");
}
