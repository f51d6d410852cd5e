//! CSV exports over HTTP: the header row, one row per participant (or reward) with the values
//! the API reports, formula cells neutralised, every participant of a campaign larger than a
//! batch exactly once and in order, and another member's campaign not found.

use serde_json::{json, Value};

use crate::helpers::*;

/// The export at `path` as rows of cells, after checking its content type.
async fn csv_rows(app: &TestApp, member: &TestMember, path: &str) -> Vec<Vec<String>> {
    let response = app.get("/api/v1", path, &member.bearer()).await;
    assert_eq!(response.status().as_u16(), 200, "{path}");
    let content_type = response.headers()["content-type"].to_str().unwrap().to_owned();
    assert_eq!(content_type, "text/csv; charset=utf-8");
    assert_eq!(response.headers()["cache-control"], "no-store", "{path}: cached nowhere");
    let body = response.bytes().await.unwrap();
    let mut reader = csv::ReaderBuilder::new().has_headers(false).from_reader(body.as_ref());
    reader.records().map(|r| r.unwrap().iter().map(str::to_owned).collect()).collect()
}

#[tokio::test]
async fn participants_and_rewards_export_as_csv_with_formulas_neutralised() {
    let app = TestApp::spawn().await;
    let member = app.member("export").await;
    let brand = app.brand(&member, "https://export.example.com").await;
    let fields = json!({"reward_type": 5, "reward_value": "7.5", "num_signups": 1});
    let campaign = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
    let ada = app.participant(&member, campaign, "ada@export.example").await;
    let body = json!({"referral_code": ada["referral_code"], "email": "bob@export.example", "name": "=HYPERLINK(\"http://evil.example\")"});
    let bob = expect_status(app.post_json("/api/v1", "/signups/referral", &member.bearer(), &body).await, 201).await;
    let reward = bob["data"]["referrer_reward"].clone();
    let bob = bob["data"]["participant"].clone();

    let rows = csv_rows(&app, &member, &format!("/campaigns/{campaign}/participants.csv")).await;
    assert_eq!(
        rows[0],
        [
            "participant_id",
            "email",
            "name",
            "referral_code",
            "referred_by",
            "referrals",
            "rewards_held",
            "rewards_pending",
            "rewards_issued",
            "rewards_fulfilled",
            "rewards_voided",
            "created_at"
        ]
    );
    assert_eq!(rows.len(), 3, "a header and two participants, oldest first: {rows:?}");
    let ada_row = &rows[1];
    assert_eq!(ada_row[0], ada["id"].to_string());
    assert_eq!(
        (ada_row[1].as_str(), ada_row[3].as_str()),
        ("ada@export.example", ada["referral_code"].as_str().unwrap())
    );
    assert_eq!((ada_row[4].as_str(), ada_row[5].as_str(), ada_row[8].as_str()), ("", "1", "1"));
    assert_eq!(ada_row[11], ada["created_at"].as_str().unwrap());
    let bob_row = &rows[2];
    assert_eq!(bob_row[2], "'=HYPERLINK(\"http://evil.example\")", "a formula is neutralised");
    assert_eq!(bob_row[4], ada["id"].to_string(), "referred by Ada");

    let rows = csv_rows(&app, &member, &format!("/campaigns/{campaign}/rewards.csv")).await;
    assert_eq!(rows[0][0], "reward_id");
    assert_eq!(rows.len(), 2, "{rows:?}");
    let row = &rows[1];
    assert_eq!((row[0].clone(), row[1].clone()), (reward["id"].to_string(), ada["id"].to_string()));
    assert_eq!(
        (row[3].as_str(), row[4].as_str(), row[5].as_str(), row[6].as_str()),
        ("cash", "7.50", "issued", "referrer")
    );
    assert!(row[10].starts_with("issued ") && row[10].ends_with(" earned"), "the history: {}", row[10]);
    assert_eq!(bob["referred_by"], ada["id"]);

    let other = app.member("export-other").await;
    for path in ["participants", "rewards"] {
        let path = format!("/campaigns/{campaign}/{path}.csv");
        expect_error(app.get("/api/v1", &path, &other.bearer()).await, 404, "not_found").await;
    }
    expect_error(app.get("/api/v1", "/campaigns/999999/participants.csv", &member.bearer()).await, 404, "not_found")
        .await;
}

#[tokio::test]
async fn an_export_larger_than_a_batch_has_every_participant_once_in_order() {
    let app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("export-many").await;
    let brand = app.brand(&member, "https://export-many.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "1"})).await;
    let campaign = campaign["id"].as_u64().unwrap();
    let total = 1_234;
    let signups = (0..8).map(|lane| {
        let (app, member) = (&app, &member);
        async move {
            for i in (lane..total).step_by(8) {
                let body = json!({"campaign_id": campaign, "email": format!("p{i}@export-many.example")});
                expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await;
            }
        }
    });
    futures_util::future::join_all(signups).await;
    let rows = csv_rows(&app, &member, &format!("/campaigns/{campaign}/participants.csv")).await;
    assert_eq!(rows.len(), total + 1, "a header and every participant");
    let ids: Vec<u64> = rows[1..].iter().map(|r| r[0].parse().unwrap()).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), total, "each once");
    let listed = app.get("/api/v1", &format!("/participants?campaign_id={campaign}&limit=1"), &member.bearer()).await;
    let newest: Value = expect_status(listed, 200).await["data"]["participants"][0]["id"].clone();
    assert_eq!(json!(ids[total - 1]), newest, "oldest first, so the newest is last");
    let rewards = csv_rows(&app, &member, &format!("/campaigns/{campaign}/rewards.csv")).await;
    assert_eq!(rewards.len(), 1, "nobody referred anybody: the header alone");
}

/// A line of the server's `/proc/<pid>/status`, in kB.
fn status_kb(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with(field)).unwrap_or_else(|| panic!("{field} in {status}"));
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// 100,000 participants stream out with the server's memory growing by less than 20 MB (its
/// peak resident size, reset just before the export), and Python's csv module reads every
/// row back, a formula neutralised. On PostgreSQL, whose signups take a round trip per
/// statement, 40,000 with longer names seed as large a file in less time.
#[tokio::test]
async fn a_large_export_streams_in_constant_memory() {
    let (total, padding) = if on_postgres() { (40_000, 180) } else { (100_000, 0) };
    const LANES: usize = 32;
    // The member's write limit (2,000 a second sustained) would only slow the seeding down.
    let config = "[rate_limits]\nmember_writes_per_minute = 60000000\nmember_writes_burst = 1000000\n";
    let app = TestApp::spawn_with(Options { config: Some(config.into()), ..Options::with_admin() }).await;
    let member = app.unlimited_member("export-100k").await;
    let brand = app.brand(&member, "https://export-100k.example.com").await;
    let campaign = app.campaign(&member, brand, json!({"reward_type": 5, "reward_value": "1"})).await;
    let campaign = campaign["id"].as_u64().unwrap();
    let signups = (0..LANES).map(|lane| {
        let (app, member) = (&app, &member);
        async move {
            for i in (lane..total).step_by(LANES) {
                let name = if i == 4_242 {
                    "=HYPERLINK(\"http://203.0.113.9\",\"x\")".to_owned()
                } else {
                    format!("P{i}{}", "x".repeat(padding))
                };
                let body = json!({"campaign_id": campaign, "email": format!("p{i}@export-100k.example"), "name": name});
                expect_status(app.post_json("/api/v1", "/signups", &member.bearer(), &body).await, 201).await;
            }
        }
    });
    futures_util::future::join_all(signups).await;

    let pid = app.pid();
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").expect("reset the peak resident size");
    let before = status_kb(pid, "VmRSS:");
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("participants.csv");
    let mut file = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    let response = app.get("/api/v1", &format!("/campaigns/{campaign}/participants.csv"), &member.bearer()).await;
    assert_eq!(response.status().as_u16(), 200);
    let mut response = response;
    let mut bytes = 0;
    while let Some(chunk) = response.chunk().await.unwrap() {
        bytes += chunk.len();
        std::io::Write::write_all(&mut file, &chunk).unwrap();
    }
    std::io::Write::flush(&mut file).unwrap();
    let growth_kb = status_kb(pid, "VmHWM:").saturating_sub(before);
    eprintln!("exported {bytes} bytes; the server's peak grew by {growth_kb} kB from {before} kB");
    assert!(bytes > 8 * 1024 * 1024, "{bytes} bytes: larger than the memory it may take");
    assert!(growth_kb < 20 * 1024, "the server grew by {growth_kb} kB streaming {bytes} bytes");

    let check = r#"
import csv, sys
with open(sys.argv[1], newline="") as f:
    rows = list(csv.reader(f))
assert rows[0][:3] == ["participant_id", "email", "name"], rows[0]
assert len(rows) == int(sys.argv[2]) + 1, len(rows)
emails = {row[1] for row in rows[1:]}
assert len(emails) == int(sys.argv[2]), len(emails)
formula = [row[2] for row in rows[1:] if "HYPERLINK" in row[2]]
assert formula == ["'=HYPERLINK(\"http://203.0.113.9\",\"x\")"], formula
print(len(rows) - 1)
"#;
    let output = std::process::Command::new("python3")
        .args(["-c", check, path.to_str().unwrap(), &total.to_string()])
        .output()
        .expect("python3 runs");
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert_eq!(String::from_utf8_lossy(&output.stdout).trim(), total.to_string());
}
