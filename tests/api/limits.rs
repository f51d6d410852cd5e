//! Rate limits and HTTP hygiene: password guessing is stopped per address and email without
//! locking other members out, a member's writes have an allowance, every answer carries
//! `X-Content-Type-Options` and a request id, and a whole session at trace level writes no
//! secret to the log.

use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::*;
use crate::receiver::Receiver;

#[tokio::test]
async fn a_hundred_wrong_passwords_hit_the_limit_while_other_members_sign_in() {
    let app = TestApp::spawn().await;
    let victim = app.member("victim").await;
    let other = app.member("bystander").await;
    let mut statuses = Vec::new();
    let mut refusal = None;
    for attempt in 0..100 {
        let response = app.login("/api/v1", &victim.email, &format!("wrong-password-{attempt}")).await;
        statuses.push(response.status().as_u16());
        if response.status().as_u16() == 429 && refusal.is_none() {
            let headers = response.headers().clone();
            let body: Value = response.json().await.unwrap();
            refusal = Some((headers, body));
        }
    }
    // The shipped limit: 10 at once per address and email (the member's own login above took one).
    let first_429 = statuses.iter().position(|&s| s == 429).expect("the limit is reached");
    assert_eq!(first_429, 9, "{statuses:?}");
    assert!(statuses[..first_429].iter().all(|&s| s == 401), "{statuses:?}");
    assert!(statuses[first_429..].iter().all(|&s| s == 429), "every later guess is refused: {statuses:?}");
    let (headers, body) = refusal.unwrap();
    assert_eq!(body["code"], "rate_limited");
    assert_eq!(body["success"], false);
    let retry_after: u64 = headers["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=60).contains(&retry_after), "{retry_after}");
    assert_eq!(headers["ratelimit-limit"], "10");
    assert_eq!(headers["ratelimit-remaining"], "0");

    // The same address, another member: signs in.
    let token = expect_status(app.login("/api/v1", &other.email, &other.password).await, 200).await;
    assert!(token["data"]["token"].as_str().is_some_and(|t| !t.is_empty()));
    // The guessed account keeps working with its existing credentials.
    expect_status(app.get("/api/v1", "/members/profile", &victim.bearer()).await, 200).await;
}

#[tokio::test]
async fn a_members_writes_have_an_allowance_and_reads_do_not_count() {
    let config = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/config.toml"))
        .unwrap()
        .replace("member_writes_per_minute = 120000", "member_writes_per_minute = 1")
        .replace("member_writes_burst = 5000", "member_writes_burst = 3");
    let app = TestApp::spawn_with(Options { config: Some(config), ..Options::with_admin() }).await;
    let busy = app.unlimited_member("busy").await;
    let quiet = app.member("quiet").await;
    let mut statuses = Vec::new();
    for i in 0..5 {
        let body = json!({"url": format!("https://shop{i}.example")});
        statuses.push(app.post_json("/api/v1", "/brands", &busy.bearer(), &body).await.status().as_u16());
    }
    assert_eq!(statuses, [201, 201, 201, 429, 429]);
    let refused = app.post_json("/api/v1", "/brands", &busy.bearer(), &json!({"url": "https://x.example"})).await;
    assert!(refused.headers().contains_key("retry-after"));
    expect_error(refused, 429, "rate_limited").await;
    // Reads are not writes; another member's writes have their own allowance.
    expect_status(app.get("/api/v1", "/brands", &busy.bearer()).await, 200).await;
    let body = json!({"url": "https://quiet.example"});
    expect_status(app.post_json("/api/v1", "/brands", &quiet.bearer(), &body).await, 201).await;
}

#[tokio::test]
async fn every_answer_carries_nosniff_and_a_request_id() {
    let app = TestApp::spawn().await;
    let member = app.member("headers").await;
    let answers = [
        app.get("/api/v1", "/billing/plans", &Cred::None).await,
        app.get("/api/v1", "/members/profile", &member.bearer()).await,
        app.get("/api/v1", "/members/profile", &Cred::None).await,
        app.get("/api/v1", "/no/such/path", &Cred::None).await,
        app.client.get(format!("{}/referral.js", app.address)).send().await.unwrap(),
        app.client.get(format!("{}/api/click?from=x.example", app.address)).send().await.unwrap(),
        app.client.get(format!("{}/widget/1/embed", app.address)).send().await.unwrap(),
    ];
    // A 405 says which methods the path has.
    let wrong = app.request(reqwest::Method::DELETE, "/v1", "/brands", &member.bearer()).send().await.unwrap();
    assert_eq!(wrong.headers()["allow"], "GET, POST");
    expect_error(wrong, 405, "method_not_allowed").await;
    for answer in answers {
        let url = answer.url().to_string();
        assert_eq!(answer.headers()["x-content-type-options"], "nosniff", "{url}");
        assert!(answer.headers()["x-request-id"].to_str().is_ok_and(|id| !id.is_empty()), "{url}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_session_at_trace_level_logs_no_secret() {
    let (log, ..) = a_whole_session_at_trace_level("text").await;
    assert!(log.contains("TRACE") && log.contains("request done"), "the log is at trace level");
}

/// The same session logged as JSON: every line is one JSON object, with the request's id,
/// route, status and duration on request lines, and no secret either.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_session_logged_as_json_is_one_object_a_line_and_logs_no_secret() {
    let (log, banner, address) = a_whole_session_at_trace_level("json").await;
    // The line on stdout that tells scripts the address is JSON too, and names it.
    let announced: Value = serde_json::from_str(&banner).unwrap_or_else(|e| panic!("{e}: not JSON: {banner}"));
    assert_eq!(announced["fields"]["message"], "listening", "{banner}");
    assert_eq!(announced["fields"]["address"], address.as_str(), "{banner}");
    assert!(announced["timestamp"].is_string() && announced["level"] == "INFO", "{banner}");
    // The stop's lines, up to its last, are JSON as well.
    assert!(log.contains("stopped cleanly"), "the log runs to the stop's end");
    let mut requests = 0;
    for line in log.lines().filter(|l| !l.trim().is_empty()) {
        let object: Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: not JSON: {line}"));
        assert!(object["timestamp"].is_string() && object["level"].is_string(), "{line}");
        assert!(object["fields"].is_object(), "{line}");
        // A request's line: "request done", or "slow request" when it took long (as on a
        // loaded machine, at trace level).
        let message = object["fields"]["message"].as_str();
        if message == Some("request done") || message == Some("slow request") {
            requests += 1;
            let span = &object["span"];
            assert!(span["request_id"].as_str().is_some_and(|id| id.len() == 16), "{line}");
            assert!(span["route"].as_str().is_some_and(|r| r.starts_with('/')), "{line}");
            assert!(object["fields"]["status"].as_u64().is_some_and(|s| (200..600).contains(&s)), "{line}");
            let elapsed = if message == Some("slow request") { "elapsed_ms" } else { "elapsed_us" };
            assert!(object["fields"][elapsed].is_u64(), "{line}");
        }
    }
    assert!(requests >= 10, "every request has its line: {requests}");
    assert!(log.contains("\"level\":\"TRACE\""), "the log is at trace level");
}

/// Runs a member's whole session (register, sign in, a key, a brand, a campaign, a webhook, a
/// signup delivered, the admin API, forged credentials) on a server logging at trace level in
/// `format`; stops it, checks no secret is in the log, and returns the log, the line the
/// server announced its address with on stdout, and the address.
async fn a_whole_session_at_trace_level(format: &str) -> (String, String, String) {
    let admin_token = "admin-token-that-must-not-be-logged-0123456789";
    let receiver = Receiver::start().await;
    let mut app = TestApp::spawn_with(Options {
        admin_token: Some(admin_token.into()),
        config: Some("[webhooks]\nallow_private_targets = true\n".into()),
        env: vec![("RUST_LOG".into(), "trace".into()), ("REFERRALS_LOG_FORMAT".into(), format.into())],
        ..Default::default()
    })
    .await;
    let email = unique_email("secretive");
    let password = "correct-horse-battery-staple-secret";
    expect_status(app.register("/api/v1", &email, "Secretive", password).await, 201).await;
    let wrong = "wrong-password-also-secret";
    expect_status(app.login("/api/v1", &email, wrong).await, 401).await;
    let token = expect_status(app.login("/api/v1", &email, password).await, 200).await["data"]["token"]
        .as_str()
        .unwrap()
        .to_owned();
    let key = expect_status(
        app.post_json("/api/v1", "/members/api-key", &Cred::Bearer(token.clone()), &json!({})).await,
        201,
    )
    .await["data"]["api_key"]
        .as_str()
        .unwrap()
        .to_owned();
    let cred = Cred::Key(key.clone());
    let brand =
        expect_status(app.post_json("/api/v1", "/brands", &cred, &json!({"url": "https://quiet.example"})).await, 201)
            .await["data"]["id"]
            .as_u64()
            .unwrap();
    let campaign = expect_status(
        app.post_json(
            "/api/v1",
            "/campaigns",
            &cred,
            &json!({"name": "c", "url_id": brand, "reward_type": 3, "reward_value": "hi"}),
        )
        .await,
        201,
    )
    .await["data"]["id"]
        .as_u64()
        .unwrap();
    let hook = json!({"link": receiver.url(), "campaign_id": campaign});
    let secret = expect_status(app.post_json("/api/v1", "/webhooks", &cred, &hook).await, 201).await["data"]["secret"]
        .as_str()
        .unwrap()
        .to_owned();
    let signup = json!({"campaign_id": campaign, "email": "friend@example.com"});
    expect_status(
        app.post_json("/api/v1", "/signups", &Cred::Both { key: key.clone(), token: token.clone() }, &signup).await,
        201,
    )
    .await;
    receiver.wait_for(1, Duration::from_secs(20)).await;
    let admin = app.admin(reqwest::Method::GET, "/members?search=secretive", admin_token).send().await.unwrap();
    assert_eq!(admin.status().as_u16(), 200);
    // A wrong key and a tampered token are refused (and must not be echoed into the log).
    let last = if key.ends_with('0') { '1' } else { '0' };
    let forged_key = format!("{}{last}", &key[..key.len() - 1]);
    expect_status(app.get("/api/v1", "/members/profile", &Cred::Key(forged_key.clone())).await, 401).await;
    expect_status(app.get("/api/v1", "/members/profile", &Cred::Bearer(format!("{token}x"))).await, 401).await;

    // SIGTERM, waited for off the runtime (the receiver answers on its other thread).
    let status = tokio::task::block_in_place(|| app.signal("TERM"));
    assert_eq!(status.code(), Some(0), "a clean stop");
    let log = app.log();
    let jwt_signature = token.rsplit('.').next().unwrap();
    let secret_key = secret.trim_start_matches("whsec_");
    for (what, value) in [
        ("password", password),
        ("wrong password", wrong),
        ("JWT", token.as_str()),
        ("JWT signature", jwt_signature),
        ("API key", key.as_str()),
        ("API key without prefix", key.trim_start_matches("ref_")),
        ("forged API key", forged_key.as_str()),
        ("webhook secret", secret.as_str()),
        ("webhook secret key", secret_key),
        ("admin token", admin_token),
    ] {
        assert!(!log.contains(value), "the {what} is in the log ({format})");
    }
    (log, app.banner.clone(), app.address.clone())
}

/// A request over a limit: method, path, body, status, code, words the message must hold.
type OverLimit = (&'static str, String, Value, u16, &'static str, Vec<String>);

#[tokio::test]
async fn over_a_limit_the_answer_names_the_field_and_the_limit() {
    let config = "[webhooks]\nmax_per_member = 2\ndry_run = true\n";
    let app = TestApp::spawn_with(Options { config: Some(config.into()), ..Default::default() }).await;
    let member = app.member("limits").await;
    let cred = member.bearer();
    let brand = app.brand(&member, "https://limits.example").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 1})).await["id"].as_u64().unwrap();
    let participant = app.participant(&member, campaign, "p@example.com").await["id"].as_u64().unwrap();
    let long = |n: usize| "x".repeat(n);

    // Each over-limit value: (method, path, body, status, code, words the message must hold).
    let cases: Vec<OverLimit> = vec![
        (
            "POST",
            "/brands".into(),
            json!({"url": "https://d.example", "description": long(2001)}),
            400,
            "validation_failed",
            vec!["description".into(), "2000".into()],
        ),
        (
            "POST",
            "/brands".into(),
            json!({"url": format!("https://d.example/{}", long(2100))}),
            400,
            "validation_failed",
            vec!["url".into(), "2048".into()],
        ),
        (
            "POST",
            "/campaigns".into(),
            json!({"name": long(201), "url_id": brand, "reward_type": 1}),
            400,
            "validation_failed",
            vec!["name".into(), "200".into()],
        ),
        (
            "PUT",
            format!("/campaigns/{campaign}"),
            json!({"widget": {"headline": long(161)}}),
            400,
            "validation_failed",
            vec!["widget.headline".into(), "160".into()],
        ),
        (
            "PUT",
            format!("/campaigns/{campaign}"),
            json!({"widget": {"button_text": long(61)}}),
            400,
            "validation_failed",
            vec!["widget.button_text".into(), "60".into()],
        ),
        (
            "POST",
            "/signups".into(),
            json!({"campaign_id": campaign, "email": "n@example.com", "name": long(201)}),
            400,
            "validation_failed",
            vec!["name".into(), "200".into()],
        ),
        (
            "POST",
            "/signups".into(),
            json!({"campaign_id": campaign, "email": format!("{}@example.com", long(250))}),
            400,
            "validation_failed",
            vec!["email".into(), "254".into()],
        ),
        (
            "POST",
            format!("/participants/{participant}/invites"),
            json!({"emails": vec!["a@example.com"; 101]}),
            400,
            "validation_failed",
            vec!["emails".into(), "100".into()],
        ),
        (
            "POST",
            format!("/campaigns/{campaign}/coupons"),
            json!({"codes": (0..100_001).map(|i| format!("C{i}")).collect::<Vec<_>>()}),
            400,
            "too_many_codes",
            vec!["codes".into(), "100000".into()],
        ),
        (
            "POST",
            "/webhooks".into(),
            json!({"link": "https://hooks.example/x", "description": long(501)}),
            400,
            "validation_failed",
            vec!["description".into(), "500".into()],
        ),
        (
            "PUT",
            format!("/lander?campaign_id={campaign}"),
            json!({"header_text": long(201)}),
            400,
            "validation_failed",
            vec!["header_text".into(), "200".into()],
        ),
        (
            "PUT",
            format!("/lander?campaign_id={campaign}"),
            json!({"social_urls": vec!["https://x.example"; 11]}),
            400,
            "validation_failed",
            vec!["social_urls".into(), "10".into()],
        ),
        (
            "POST",
            "/brands".into(),
            json!({"url": "https://big.example", "description": long(70_000)}),
            413,
            "payload_too_large",
            vec!["65536".into()],
        ),
    ];
    for (method, path, body, status, code, words) in cases {
        let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
        let response = app.request(method, "/api/v1", &path, &cred).json(&body).send().await.unwrap();
        let message = expect_error(response, status, code).await;
        for word in words {
            assert!(message.contains(&word), "{path}: {message:?} names {word:?}");
        }
    }

    // 100,000 codes fit in one upload as text; one more is refused by count.
    let codes: String = (0..100_001).map(|i| format!("C{i}\n")).collect();
    let response = app
        .request(reqwest::Method::POST, "/api/v1", &format!("/campaigns/{campaign}/coupons"), &cred)
        .header("Content-Type", "text/csv")
        .body(codes)
        .send()
        .await
        .unwrap();
    let message = expect_error(response, 400, "too_many_codes").await;
    assert!(message.contains("100000"), "{message}");

    // Webhooks per member.
    for i in 0..2 {
        let body = json!({"link": format!("https://hooks.example/{i}")});
        expect_status(app.post_json("/api/v1", "/webhooks", &cred, &body).await, 201).await;
    }
    let third = app.post_json("/api/v1", "/webhooks", &cred, &json!({"link": "https://hooks.example/3"})).await;
    let message = expect_error(third, 400, "limit_reached").await;
    assert!(message.contains("at most 2 webhooks"), "{message}");
}

/// `referrals-server --print-default-config` writes every key with its default, and the
/// shipped config.toml sets the same values (its comments aside).
#[test]
fn the_printed_defaults_are_the_shipped_config_files_settings() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_referrals-server"))
        .arg("--print-default-config")
        .output()
        .expect("the server binary runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let printed: toml::Value = toml::from_str(&String::from_utf8(output.stdout).unwrap()).expect("TOML");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let shipped: toml::Value = toml::from_str(&std::fs::read_to_string(root.join("config.toml")).unwrap()).unwrap();
    for (section, keys) in printed.as_table().unwrap() {
        for (key, value) in keys.as_table().unwrap() {
            let same = match (value, &shipped[section.as_str()][key.as_str()]) {
                (toml::Value::Float(a), toml::Value::Integer(b)) => *a == *b as f64,
                (a, b) => a == b,
            };
            assert!(same, "{section}.{key}: printed {value}, shipped {}", shipped[section.as_str()][key.as_str()]);
        }
    }
    assert!(printed["log"]["format"].as_str() == Some("text") && printed["auth"]["secret"].as_str() == Some(""));
}
