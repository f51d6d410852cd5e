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
                .json(&json!({"email": email, "name": "In flight", "password": "password-1"}));
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
            expect_status(app.login("/api/v1", &email, "password-1").await, 200).await;
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
