//! Numbers derived from the facts (campaign counters, the daily series, leaderboards) after a
//! SIGKILL amid referral signups: each equals a recount of the participants and rewards the
//! server actually kept, nothing acknowledged is missing, nothing is doubled.

use std::collections::{BTreeMap, HashSet};

use chrono::Datelike;

use serde_json::{json, Value};

use crate::helpers::{expect_status, Options, TestApp, TestMember};

/// Every item of a paged list (`key` in the answer's data), page by page.
async fn every(app: &TestApp, member: &TestMember, path: &str, key: &str) -> Vec<Value> {
    let mut items = Vec::new();
    for page in 1.. {
        let answer = app.get("/api/v1", &format!("{path}&limit=100&page={page}"), &member.bearer()).await;
        let answer = expect_status(answer, 200).await;
        items.extend(answer["data"][key].as_array().unwrap().iter().cloned());
        if page >= answer["data"]["pagination"]["totalPages"].as_u64().unwrap() {
            return items;
        }
    }
    unreachable!()
}

#[tokio::test]
async fn after_a_kill_amid_referral_signups_every_derived_number_equals_a_recount_of_the_facts() {
    let mut app = TestApp::spawn_with(Options::with_admin()).await;
    let member = app.unlimited_member("recount").await;
    let brand = app.brand(&member, "https://recount.example.com").await;
    // One campaign issues its rewards at once; the other holds them for three days.
    let mut campaigns = Vec::new();
    for fields in [json!({"reward_type": 3, "reward_value": "Thanks"}), json!({"reward_type": 3, "hold_days": 3})] {
        let id = app.campaign(&member, brand, fields).await["id"].as_u64().unwrap();
        let mut codes = Vec::new();
        for r in 0..3 {
            let p = app.participant(&member, id, &format!("r{r}-{id}@recount.example")).await;
            codes.push(p["referral_code"].as_str().unwrap().to_owned());
        }
        campaigns.push((id, codes));
    }
    // Six clients sign friends up through both campaigns' referrers; the kill falls between
    // one commit and the next.
    let streams = (0..6)
        .map(|stream| {
            (0..20)
                .map(|n| {
                    let (_, codes) = &campaigns[(stream + n) % 2];
                    let email = format!("s{stream}n{n}@recount.example");
                    let body = json!({"referral_code": codes[(stream * 7 + n) % 3], "email": email});
                    let url = app.url("/api/v1", "/signups/referral");
                    (email, app.client.post(url).bearer_auth(&member.token).json(&body))
                })
                .collect()
        })
        .collect();
    let acknowledged = app.kill_amid(streams, 30).await;
    app.restart().await;

    let mut kept = HashSet::new();
    for (campaign, _) in &campaigns {
        let participants = every(&app, &member, &format!("/participants?campaign_id={campaign}"), "participants").await;
        let emails: HashSet<&str> = participants.iter().map(|p| p["email"].as_str().unwrap()).collect();
        assert_eq!(emails.len(), participants.len(), "a participant twice in campaign {campaign}");
        kept.extend(emails.iter().map(|e| e.to_string()));
        // The recount: whom each participant referred, and the signups per day.
        let now = chrono::Utc::now();
        let mut referred: BTreeMap<u64, u64> = BTreeMap::new();
        let (mut this_month, mut this_week) = (BTreeMap::<u64, u64>::new(), BTreeMap::<u64, u64>::new());
        let mut per_day: BTreeMap<String, u64> = BTreeMap::new();
        for p in &participants {
            let at: chrono::DateTime<chrono::Utc> = p["created_at"].as_str().unwrap().parse().unwrap();
            if let Some(referrer) = p["referred_by"].as_u64() {
                *referred.entry(referrer).or_default() += 1;
                if (at.year(), at.month()) == (now.year(), now.month()) {
                    *this_month.entry(referrer).or_default() += 1;
                }
                if at.iso_week() == now.iso_week() {
                    *this_week.entry(referrer).or_default() += 1;
                }
            }
            *per_day.entry(at.date_naive().to_string()).or_default() += 1;
        }
        for p in &participants {
            let id = p["id"].as_u64().unwrap();
            assert_eq!(p["referrals"].as_u64().unwrap(), referred.get(&id).copied().unwrap_or(0), "{p}");
        }
        let rewards = every(&app, &member, &format!("/rewards?campaign_id={campaign}"), "rewards").await;
        let status = |s: &str| rewards.iter().filter(|r| r["status"] == json!(s)).count() as u64;
        let referrals: u64 = referred.values().sum();
        assert_eq!(rewards.len() as u64, referrals, "one reward per referral in campaign {campaign}");

        let stats = expect_status(
            app.get("/api/v1", &format!("/campaigns/{campaign}/stats?days=2"), &member.bearer()).await,
            200,
        )
        .await;
        let data = &stats["data"];
        assert_eq!(data["participants"].as_u64(), Some(participants.len() as u64), "{stats}");
        assert_eq!(data["referrals"].as_u64(), Some(referrals), "{stats}");
        assert_eq!(data["rewards_issued"].as_u64(), Some(status("issued")), "{stats}");
        assert_eq!(data["rewards"]["held"].as_u64(), Some(status("held")), "{stats}");
        assert_eq!(data["held_by_reason"]["hold_period"].as_u64(), Some(status("held")), "{stats}");
        // Everyone joined today (or yesterday, when the test crossed midnight): two days
        // hold them all.
        let days = data["daily_signups"].as_array().unwrap();
        for day in days {
            let date = day["date"].as_str().unwrap();
            assert_eq!(day["signups"].as_u64(), Some(per_day.get(date).copied().unwrap_or(0)), "{date}: {stats}");
        }
        let counted: u64 = days.iter().map(|d| d["signups"].as_u64().unwrap()).sum();
        assert_eq!(counted, participants.len() as u64, "{per_day:?}: {stats}");

        // The boards: every referrer, with what they referred, best first.
        for (period, recount) in [("all", &referred), ("month", &this_month), ("week", &this_week)] {
            let path = format!("/campaigns/{campaign}/leaderboard?period={period}&limit=100");
            let board = expect_status(app.get("/api/v1", &path, &member.bearer()).await, 200).await;
            let leaders: BTreeMap<u64, u64> = board["data"]["leaders"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| (l["participant_id"].as_u64().unwrap(), l["referrals"].as_u64().unwrap()))
                .collect();
            assert_eq!(&leaders, recount, "{period}: {board}");
        }
    }
    for email in &acknowledged {
        assert!(kept.contains(email), "acknowledged {email} lost");
    }

    // And on they go from there: one more referral counts once everywhere.
    let (campaign, codes) = &campaigns[0];
    let before = app.campaign_stats(&member, *campaign).await;
    expect_status(app.refer(&member, &codes[0], "after@recount.example").await, 201).await;
    let after = app.campaign_stats(&member, *campaign).await;
    assert_eq!(after["referrals"].as_u64(), before["referrals"].as_u64().map(|n| n + 1), "{after}");
    assert_eq!(after["participants"].as_u64(), before["participants"].as_u64().map(|n| n + 1), "{after}");
}
