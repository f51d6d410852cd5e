//! The MCP server, driven by the official `mcp` Python client over stdio (`refctl mcp`) and
//! over HTTP (`/mcp`), as an assistant would (tests/mcp/client.py): its tools equal the
//! document's operations, reads and destructive writes are marked, a held reward approved
//! twice through a tool is issued once, a read-only key changes nothing, and another member's
//! key sees none of this member's programme. Checked afterwards through the API.

use std::path::Path;
use std::process::Command;

use serde_json::{json, Value};

use crate::helpers::{expect_status, unique_email, Cred, TestApp};

#[tokio::test]
async fn an_assistant_runs_the_programme_through_mcp_and_a_retry_never_pays_twice() {
    let app = TestApp::spawn().await;
    let member = app.member("assistant").await;
    let owner = member.bearer();
    let full_key = app.api_key(&member).await;
    let body = json!({"name": "Assistant", "scopes": ["read"]});
    let made = expect_status(app.post_json("/api/v1", "/members/api-keys", &owner, &body).await, 201).await;
    let read_key = made["data"]["api_key"].as_str().unwrap().to_owned();
    let other = app.member("stranger").await;
    let other_key = app.api_key(&other).await;

    let brand = app.brand(&member, "https://assistant.example").await;
    let fields = json!({"reward_type": 5, "reward_value": "4", "hold_days": 30});
    let campaign_id = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let referrer = app.participant(&member, campaign_id, &unique_email("ref")).await;
    let code = referrer["referral_code"].as_str().unwrap();
    for n in 0..4 {
        expect_status(app.refer(&member, code, &unique_email(&format!("friend{n}"))).await, 201).await;
    }
    let held = expect_status(app.get("/api/v1", "/rewards?status=held", &owner).await, 200).await;
    let ids: Vec<u64> = held["data"]["rewards"].as_array().unwrap().iter().map(|r| r["id"].as_u64().unwrap()).collect();
    assert_eq!(ids.len(), 4, "{held}");
    let brands_before = expect_status(app.get("/api/v1", "/brands", &owner).await, 200).await;

    let server = Path::new(env!("CARGO_BIN_EXE_referrals-server"));
    let refctl = server.with_file_name("refctl");
    assert!(refctl.exists(), "{} is missing: build the workspace (cargo test --workspace)", refctl.display());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mcp/client.py");
    let output = Command::new(crate::smtp_sink::python())
        .arg(&script)
        .env("BASE", &app.address)
        .env("REFCTL", &refctl)
        .env("FULL_KEY", &full_key)
        .env("READ_KEY", &read_key)
        .env("OTHER_KEY", &other_key)
        .env("HTTP_HELD", ids[0].to_string())
        .env("HTTP_UNTOUCHED", ids[1].to_string())
        .env("STDIO_HELD", ids[2].to_string())
        .env("STDIO_UNTOUCHED", ids[3].to_string())
        .output()
        .expect("the MCP client runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the MCP client failed:\n{stdout}\n{stderr}");
    let reports: Vec<Value> = stdout.lines().map(|line| serde_json::from_str(line).expect("a JSON line")).collect();
    assert_eq!(reports.iter().map(|r| r["transport"].clone()).collect::<Vec<_>>(), [json!("http"), json!("stdio")]);
    assert_eq!(reports[0]["tools"], reports[1]["tools"], "the same tools both ways");
    assert!(reports[0]["tools"].as_u64().unwrap() > 60, "{reports:?}");

    // Through the API: each reward approved twice was issued once; the others are untouched.
    for (id, status) in [(ids[0], "issued"), (ids[1], "held"), (ids[2], "issued"), (ids[3], "held")] {
        let reward = expect_status(app.get("/api/v1", &format!("/rewards/{id}"), &owner).await, 200).await;
        assert_eq!(reward["data"]["status"], json!(status), "{reward}");
        let issued = reward["data"]["history"].as_array().unwrap().iter().filter(|h| h["status"] == "issued").count();
        assert_eq!(issued, usize::from(status == "issued"), "issued once: {reward}");
    }
    let stats = app.campaign_stats(&member, campaign_id).await;
    assert_eq!(stats["rewards"]["issued"], json!(2), "{stats}");
    let brands_after = expect_status(app.get("/api/v1", "/brands", &owner).await, 200).await;
    assert_eq!(brands_after["data"], brands_before["data"], "the read-only key made no brand");
    let theirs = expect_status(app.get("/api/v1", "/brands", &Cred::Key(other_key)).await, 200).await;
    assert_eq!(theirs["data"]["brands"], json!([]));
}
