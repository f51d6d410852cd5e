//! `GET /metrics`: served on `server.metrics_bind` only, in the Prometheus text format, with
//! counts that follow what the server did.

use serde_json::json;

use crate::helpers::*;

/// The value of the sample `name{labels}` (exactly as rendered), or 0 when it is absent.
fn sample(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|line| line.strip_prefix(series).and_then(|rest| rest.strip_prefix(' ')))
        .map_or(0.0, |value| value.trim().parse().expect("a number"))
}

async fn scrape(url: &str) -> String {
    let answer = reqwest::get(url).await.expect("metrics answer");
    assert_eq!(answer.status(), 200);
    let kind = answer.headers()["content-type"].to_str().unwrap().to_owned();
    assert!(kind.starts_with("application/openmetrics-text"), "{kind}");
    answer.text().await.unwrap()
}

#[tokio::test]
async fn metrics_count_requests_signups_rewards_and_commits_on_their_own_port_only() {
    let options = Options { env: vec![("REFERRALS_METRICS_BIND".into(), "127.0.0.1:0".into())], ..Default::default() };
    let app = TestApp::spawn_with(options).await;
    let metrics = app
        .banner
        .split(|c: char| c.is_whitespace() || c == ')')
        .find(|w| w.starts_with("http://") && w.ends_with("/metrics"))
        .unwrap_or_else(|| panic!("the start-up line names the metrics address: {}", app.banner))
        .to_owned();
    assert_ne!(metrics, app.url("", "/metrics"), "never on the public port");
    let public = reqwest::get(app.url("", "/metrics")).await.unwrap();
    assert_eq!(public.status(), 404, "the public port does not serve metrics");

    let member = app.member("metrics").await;
    let brand = app.brand(&member, "https://metrics.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "thanks"})).await;
    let campaign_id = campaign["id"].as_u64().unwrap();
    let referrer = app.participant(&member, campaign_id, "ada@metrics.example").await;
    let code = referrer["referral_code"].as_str().unwrap();
    for n in 0..3 {
        expect_status(app.refer(&member, code, &format!("friend{n}@metrics.example")).await, 201).await;
    }
    // The same friend again: answered 200 (already referred), counted under that status, and
    // no new signup.
    expect_status(app.refer(&member, code, "friend0@metrics.example").await, 200).await;

    let text = scrape(&metrics).await;
    let route = r#"route="/api/v1/signups/referral""#;
    assert_eq!(sample(&text, &format!(r#"referrals_http_requests_total{{method="POST",{route},status="201"}}"#)), 3.0);
    assert_eq!(sample(&text, &format!(r#"referrals_http_requests_total{{method="POST",{route},status="200"}}"#)), 1.0);
    assert_eq!(
        sample(&text, &format!(r#"referrals_http_request_duration_seconds_count{{method="POST",{route}}}"#)),
        4.0
    );
    assert_eq!(
        sample(&text, r#"referrals_events_total{event="participant.signup"}"#),
        4.0,
        "the referrer and 3 friends"
    );
    assert_eq!(sample(&text, r#"referrals_events_total{event="reward.issued"}"#), 3.0, "one per referral");
    assert!(sample(&text, "referrals_store_commit_duration_seconds_count") >= 4.0, "{text}");
    if on_postgres() {
        // PostgreSQL's commit is the flush; what is counted instead is the pool, and the
        // decisions per transaction: one each here, the signups being sent one at a time.
        assert!(sample(&text, r#"referrals_database_connections{state="open"}"#) >= 1.0, "{text}");
        let (decisions, transactions) = (
            sample(&text, "referrals_store_transaction_decisions_sum"),
            sample(&text, "referrals_store_transaction_decisions_count"),
        );
        assert!(decisions >= 4.0, "the referrer's and three friends' signups at least: {text}");
        assert_eq!(decisions, transactions, "{text}");
    } else {
        assert!(sample(&text, "referrals_store_flush_duration_seconds_count") >= 1.0, "{text}");
    }
    assert_eq!(sample(&text, "referrals_webhook_queue_depth"), 0.0);
    assert!(text.ends_with("# EOF\n"));
    // Unknown paths share one label: a scan cannot grow the registry.
    // (The path's words are looked for, not its number: a duration's sum may hold those digits.)
    let _ = reqwest::get(app.url("", "/no/such/page/4821")).await.unwrap();
    let text = scrape(&metrics).await;
    assert!(!text.contains("no/such/page"), "a path never becomes a label: {text}");
    assert!(text.contains(r#"route="<unmatched>""#), "{text}");
}
