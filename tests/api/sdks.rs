//! The SDKs under sdks/, each driven through a programme from registration to a paid payout
//! against a real server, as a developer would use it: the TypeScript one by its example
//! (sdks/typescript/examples/scenario.ts, built by scripts/test-deps.sh), the Python one by
//! tests/sdks/scenario.py. Each also retries a payout run with the same key (one payout made),
//! meets a missing campaign as a typed error with its code, and uploads coupons as CSV.

use std::path::Path;
use std::process::Command;

use serde_json::{json, Value};

use crate::helpers::TestApp;

/// Runs a scenario and reads the one JSON line it prints.
fn scenario(command: &mut Command, app: &TestApp) -> Value {
    let output = command.env("BASE", &app.address).output().expect("the scenario runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "the scenario failed:\n{stdout}\n{stderr}");
    serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("not one JSON line ({e}): {stdout}"))
}

fn checked(report: &Value, sdk: &str) {
    assert_eq!(report["sdk"], json!(sdk));
    assert_eq!(
        (&report["payouts"], &report["paid"], &report["missing"], &report["coupons"]),
        (&json!(1), &json!("paid"), &json!("not_found"), &json!(3)),
        "{report}"
    );
}

#[tokio::test]
async fn the_typescript_sdk_runs_a_programme_from_signup_to_a_paid_payout() {
    let app = TestApp::spawn().await;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let built = root.join("sdks/typescript/dist/examples/scenario.js");
    assert!(built.exists(), "{} is missing: scripts/test-deps.sh builds the TypeScript SDK", built.display());
    let report = scenario(Command::new("node").arg(&built), &app);
    checked(&report, "typescript");
}

#[tokio::test]
async fn the_python_sdk_runs_a_programme_from_signup_to_a_paid_payout() {
    let app = TestApp::spawn().await;
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut python = Command::new(crate::smtp_sink::python());
    // The checkout's SDK, not a copy installed before it last changed.
    python
        .arg(root.join("tests/sdks/scenario.py"))
        .env("PYTHONPATH", root.join("sdks/python"))
        .env("PYTHONDONTWRITEBYTECODE", "1");
    let report = scenario(&mut python, &app);
    checked(&report, "python");
}
