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
