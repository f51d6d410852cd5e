//! Acknowledged writes survive SIGKILL; SIGTERM and SIGINT stop the server gracefully; start-up
//! refuses bad configuration and a data directory already in use.

use std::process::Command;

use serde_json::json;

use crate::helpers::*;

#[tokio::test]
async fn a_member_acknowledged_just_before_sigkill_can_log_in_after_restart() {
    let mut app = TestApp::spawn().await;
    let member = app.member("before-crash").await;
    let email = unique_email("crash");
    let registered = expect_status(app.register("/api/v1", &email, "Crash", "survives-kill-9").await, 201).await;
    app.kill();

    app.restart().await;
    let login = expect_status(app.login("/api/v1", &email, "survives-kill-9").await, 200).await;
    assert_eq!(login["data"]["member"]["id"], registered["data"]["id"]);
    // The generated secret was kept too: a token issued before the crash still works.
    let profile = expect_status(app.get("/api/v1", "/members/profile", &Cred::Bearer(member.token)).await, 200).await;
    assert_eq!(profile["data"]["email"], json!(member.email));
}

#[tokio::test]
async fn sigterm_and_sigint_finish_in_flight_requests_and_exit_zero() {
    for signal in ["TERM", "INT"] {
        let mut app = TestApp::spawn().await;
        // Registrations hash a password (tens of ms), so some are in flight at the signal.
        let mut pending = Vec::new();
        for i in 0..16 {
            let email = unique_email(&format!("inflight{i}"));
            let request = app
                .client
                .post(app.url("/api/v1", "/members"))
                .json(&json!({"email": email, "name": "In flight", "password": "violet-tugboat-quarrel"}));
            pending.push((email, tokio::spawn(request.send())));
        }
        // The first answer proves the server is serving this burst before the signal.
        let (_, first) = pending.remove(0);
        assert_eq!(first.await.unwrap().unwrap().status().as_u16(), 201);
        let status = app.signal(signal);
        assert_eq!(status.code(), Some(0), "SIGTERM/SIGINT must exit 0 (signal {signal})");
        assert!(app.log().contains("stopped cleanly"), "{}", app.log());

        let mut acknowledged = Vec::new();
        for (email, task) in pending {
            // A request the server never accepted fails to connect; one it accepted is answered.
            if let Ok(response) = task.await.unwrap() {
                assert_eq!(response.status().as_u16(), 201, "an accepted request is finished, not dropped");
                acknowledged.push(email);
            }
        }
        app.restart().await;
        for email in acknowledged {
            expect_status(app.login("/api/v1", &email, "violet-tugboat-quarrel").await, 200).await;
        }
    }
}

#[test]
fn an_unknown_configuration_key_stops_start_up_and_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("config.toml");
    std::fs::write(&config, "[server]\nbind = \"127.0.0.1:0\"\nworkerz = 4\n").unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_referrals-server"))
        .arg("--config")
        .arg(&config)
        .arg("--data-dir")
        .arg(dir.path().join("data"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("workerz"), "{stderr}");
}

#[tokio::test]
async fn a_second_server_on_the_same_data_directory_refuses_to_start() {
    if on_postgres() {
        // On PostgreSQL the data directory holds no database: several servers share one.
        return;
    }
    let app = TestApp::spawn().await;
    let output = Command::new(env!("CARGO_BIN_EXE_referrals-server"))
        .args(["--bind", "127.0.0.1:0", "--data-dir"])
        .arg(&app.data_dir)
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("another referrals-server"), "{stderr}");
    // The first server is unaffected.
    expect_status(app.get("/api/v1", "/billing/plans", &Cred::None).await, 200).await;
}

/// A signup with an `Idempotency-Key`, as a client that retries would send it.
async fn keyed_signup(app: &TestApp, member: &TestMember, key: &str, body: &serde_json::Value) -> reqwest::Response {
    app.request(reqwest::Method::POST, "/api/v1", "/signups", &member.bearer())
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn after_a_failed_flush_no_write_is_acknowledged_until_a_restart_and_health_says_so() {
    if on_postgres() {
        // A fault of the embedded database's own flush; PostgreSQL makes its commits durable
        // itself.
        return;
    }
    let mut app = TestApp::spawn_with(Options::with_faults("disk_flush")).await;
    let member = app.member("disk").await;
    let brand = app.brand(&member, "https://disk.example").await;
    let campaign =
        app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "hi"})).await["id"].as_u64().unwrap();
    let health = expect_status(app.get("/api/v1", "/health", &Cred::None).await, 200).await;
    assert_eq!(health, json!({"success": true, "data": {"status": "ok"}}));

    // The disk fails now.
    let trigger = app.data_dir.join("fail-flush");
    std::fs::write(&trigger, b"").unwrap();
    let signup = json!({"campaign_id": campaign, "email": "late@example.com"});
    let message = expect_error(keyed_signup(&app, &member, "late-1", &signup).await, 503, "unavailable").await;
    assert!(message.contains("not acknowledged") && message.contains("Idempotency-Key"), "{message}");
    // The disk works again, but a failed flush may have lost pages that a later sync would
    // not report: nothing is acknowledged until a restart. Not the retry, whose first
    // attempt is in the database but not known to be on disk; not the conflicts that would
    // report it; not a new write.
    std::fs::remove_file(&trigger).unwrap();
    expect_error(keyed_signup(&app, &member, "late-1", &signup).await, 503, "unavailable").await;
    expect_error(app.post_json("/api/v1", "/signups", &member.bearer(), &signup).await, 503, "unavailable").await;
    let other = json!({"campaign_id": campaign, "email": "other@example.com"});
    expect_error(app.post_json("/api/v1", "/signups", &member.bearer(), &other).await, 503, "unavailable").await;
    expect_error(app.register("/v1", &member.email, "Again", "violet-tugboat-quarrel-3").await, 503, "unavailable")
        .await;
    let health = expect_error(app.get("/v1", "/health", &Cred::None).await, 503, "unavailable").await;
    assert!(health.contains("restarted"), "{health}");
    // Reads still answer.
    let read = expect_status(app.get("/api/v1", &format!("/campaigns/{campaign}"), &member.bearer()).await, 200).await;
    assert_eq!(read["data"]["id"], json!(campaign));
    let log = app.log();
    assert!(log.contains("flush to disk failed"), "{log}");
    assert!(!log.contains("internal error"), "a failed flush is a 503, not a 500: {log}");

    // After a restart: healthy, and the retry the 503 asked for is answered 201 exactly once
    // (a replay if the first attempt was kept, a new signup if it was not).
    assert_eq!(app.signal("TERM").code(), Some(0));
    app.restart().await;
    expect_status(app.get("/api/v1", "/health", &Cred::None).await, 200).await;
    let retried = expect_status(keyed_signup(&app, &member, "late-1", &signup).await, 201).await;
    assert_eq!(retried["data"]["participant"]["email"], json!("late@example.com"));
    let again = expect_status(keyed_signup(&app, &member, "late-1", &signup).await, 201).await;
    assert_eq!(again, retried);
    let all = expect_status(
        app.get("/api/v1", &format!("/participants?campaign_id={campaign}"), &member.bearer()).await,
        200,
    )
    .await;
    let late = all["data"]["participants"].as_array().unwrap().iter().filter(|p| p["email"] == "late@example.com");
    assert_eq!(late.count(), 1);
}

/// A data directory whose `secret.key` did not come along (a backup restored elsewhere), or
/// came with the wrong one, is refused at start-up with a message that names the file and the
/// setting; with its own secret back, the stored API key reads as before.
#[tokio::test]
async fn a_database_without_its_own_secret_is_refused_at_start_and_named() {
    let mut app = TestApp::spawn().await;
    let member = app.member("secretcheck").await;
    let key = app.api_key(&member).await;
    assert_eq!(app.signal("TERM").code(), Some(0));
    let secret_file = app.data_dir.join("secret.key");
    let own_secret = std::fs::read_to_string(&secret_file).unwrap();
    let start = || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_referrals-server"));
        command.args(["--bind", "127.0.0.1:0", "--data-dir"]).arg(&app.data_dir).env_remove("REFERRALS_SECRET");
        if let Some(url) = &app.database_url {
            command.env("REFERRALS_STORAGE_BACKEND", "postgres").env("REFERRALS_DATABASE_URL", url);
        }
        command.output().unwrap()
    };

    std::fs::remove_file(&secret_file).unwrap();
    let missing = start();
    assert!(!missing.status.success());
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert!(stderr.contains("secret.key") && stderr.contains("REFERRALS_SECRET"), "{stderr}");
    assert!(!secret_file.exists(), "no new secret was made for a database sealed with another");

    std::fs::write(&secret_file, "ab".repeat(32)).unwrap();
    let wrong = start();
    assert!(!wrong.status.success());
    let stderr = String::from_utf8_lossy(&wrong.stderr);
    assert!(stderr.contains("is not the one") && stderr.contains("written with"), "{stderr}");
    assert!(stderr.contains("secret.key"), "{stderr}");

    std::fs::write(&secret_file, own_secret).unwrap();
    app.restart().await;
    let read = expect_status(app.get("/api/v1", "/members/api-key", &Cred::Key(key.clone())).await, 200).await;
    assert_eq!(read["data"]["api_key"], json!(key));
}

/// Ids count from 1 per kind on a fresh server, as the README's and docs/api.md's examples assume, and stay
/// consecutive across a crash and a restart (sled's own generator skipped about 2,000,000
/// at every start).
#[tokio::test]
async fn ids_are_dense_per_kind_from_one_and_across_restarts() {
    let mut app = TestApp::spawn().await;
    let member = app.member("dense").await;
    assert_eq!(member.id, 1);
    let brand = app.brand(&member, "https://dense.example.com").await;
    let first = app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "thanks"})).await;
    let ada = app.participant(&member, first["id"].as_u64().unwrap(), "ada@dense.example").await;
    assert_eq!((brand, first["id"].as_u64(), ada["id"].as_u64()), (1, Some(1), Some(1)));
    // A known email takes no number.
    let again = json!({"campaign_id": first["id"], "email": "ada@dense.example"});
    expect_error(app.post_json("/api/v1", "/signups", &member.bearer(), &again).await, 409, "participant_exists").await;

    app.kill();
    app.restart().await;
    let second = app.campaign(&member, brand, json!({"reward_type": 3, "reward_value": "thanks"})).await;
    let bob = app.participant(&member, second["id"].as_u64().unwrap(), "bob@dense.example").await;
    assert_eq!((second["id"].as_u64(), bob["id"].as_u64()), (Some(2), Some(2)), "after a crash");

    assert!(app.signal("TERM").success());
    app.restart().await;
    let cy = app.participant(&member, second["id"].as_u64().unwrap(), "cy@dense.example").await;
    assert_eq!(cy["id"].as_u64(), Some(3), "after a clean stop");
    // The referral code carries the small numbers too.
    assert_eq!(cy["referral_code"], json!("MjpsaW5rOjM"), "campaign 2, participant 3");
}
