//! The chaos run's check, once the faults have stopped and every acknowledged operation is
//! in: what the servers hold, read back through the API and recounted, against what the load
//! was told. Every acknowledged write is there, nothing is there twice (participants,
//! rewards, coupon codes, conversions, payouts of a reward), the counters equal a recount,
//! every signup's event reached the webhook receiver and every welcome email the SMTP server.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::load::Load;
use crate::receiver::Receiver;
use crate::smtp_sink::SmtpSink;

/// What the check counted, for the figures.
#[derive(Debug, Default)]
pub struct Counted {
    pub participants: usize,
    pub rewards: usize,
    pub conversions: usize,
    pub payouts: usize,
    pub events_delivered: usize,
    pub event_duplicates: usize,
    pub emails: usize,
    pub email_duplicates: usize,
}

/// Reads every page of `path` (which has no query yet or ends in one) under `field`.
async fn all(http: &reqwest::Client, base: &str, key: &str, path: &str, field: &str) -> Vec<Value> {
    let mut items = Vec::new();
    for page in 1.. {
        let join = if path.contains('?') { '&' } else { '?' };
        let url = format!("{base}/api/v1{path}{join}limit=100&page={page}");
        let answer: Value = http.get(&url).header("X-API-Key", key).send().await.unwrap().json().await.unwrap();
        let found = answer["data"][field].as_array().unwrap_or_else(|| panic!("{path}: {answer}")).clone();
        let last = found.len() < 100;
        items.extend(found);
        if last {
            return items;
        }
    }
    unreachable!()
}

fn counts<T: std::hash::Hash + Eq>(items: impl IntoIterator<Item = T>) -> HashMap<T, usize> {
    let mut seen = HashMap::new();
    for item in items {
        *seen.entry(item).or_default() += 1;
    }
    seen
}

pub async fn check(base: &str, load: &Load, receiver: &Receiver, sink: &SmtpSink) -> Counted {
    let http = reqwest::Client::new();
    let p = &load.programme;
    let key = p.key.as_str();
    let joined = load.ledger.joined.lock().unwrap().clone();
    let mut counted = Counted::default();

    // Participants: each acknowledged signup once, with its referrer, nobody else.
    let mut people = Vec::new();
    for campaign in [p.cash, p.coupons, p.sales] {
        let listed = all(&http, base, key, &format!("/participants?campaign_id={campaign}"), "participants").await;
        let by_email = counts(listed.iter().map(|p| p["email"].as_str().unwrap().to_owned()));
        assert!(by_email.values().all(|&n| n == 1), "a participant twice in campaign {campaign}");
        let acknowledged: Vec<_> = joined.iter().filter(|j| j.campaign == campaign).collect();
        assert_eq!(listed.len(), acknowledged.len(), "campaign {campaign} holds exactly the acknowledged signups");
        for j in &acknowledged {
            let found = listed.iter().find(|p| p["id"] == j.id).unwrap_or_else(|| panic!("{j:?} was lost"));
            assert_eq!(found["email"], j.email.as_str());
            assert_eq!(found["referred_by"].as_u64(), j.referrer, "{j:?}'s referrer");
        }
        // The counters equal a recount.
        let stats: Value = http
            .get(format!("{base}/api/v1/campaigns/{campaign}/stats"))
            .header("X-API-Key", key)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let referred = acknowledged.iter().filter(|j| j.referrer.is_some()).count();
        assert_eq!(stats["data"]["participants"], acknowledged.len(), "campaign {campaign}: {stats}");
        assert_eq!(stats["data"]["referrals"], referred, "campaign {campaign}: {stats}");
        people.extend(listed);
    }
    counted.participants = people.len();

    // Rewards: one for each referrer of a referral signup in the signup-goal campaigns, and
    // no coupon code twice.
    let mut rewards = Vec::new();
    for campaign in [p.cash, p.coupons] {
        let listed = all(&http, base, key, &format!("/rewards?campaign_id={campaign}"), "rewards").await;
        let referred = joined.iter().filter(|j| j.campaign == campaign && j.referrer.is_some()).count();
        assert_eq!(listed.len(), referred, "campaign {campaign}: one reward a referral");
        rewards.extend(listed);
    }
    let codes: Vec<&str> =
        rewards.iter().filter_map(|r| r["value"].as_str()).filter(|v| v.starts_with("CHAOS-")).collect();
    assert_eq!(codes.iter().collect::<HashSet<_>>().len(), codes.len(), "no coupon code went to two rewards");
    assert_eq!(counts(rewards.iter().map(|r| r["id"].as_u64().unwrap())).len(), rewards.len());

    // Conversions: each acknowledged one once (the API's and Stripe's, by their ids).
    let conversions = all(&http, base, key, &format!("/conversions?campaign_id={}", p.sales), "conversions").await;
    let ids = counts(conversions.iter().map(|c| c["external_id"].as_str().unwrap().to_owned()));
    assert!(ids.values().all(|&n| n == 1), "a conversion twice");
    let acknowledged = load.ledger.conversions.lock().unwrap().clone();
    assert_eq!(ids.len(), acknowledged.len(), "exactly the acknowledged conversions");
    assert!(acknowledged.iter().all(|(id, _)| ids.contains_key(id)), "an acknowledged conversion was lost");
    // A referred buyer's first conversion rewards their referrer, once.
    let buyers: HashSet<u64> = acknowledged.iter().map(|(_, buyer)| *buyer).collect();
    let sales_rewards = all(&http, base, key, &format!("/rewards?campaign_id={}", p.sales), "rewards").await;
    assert_eq!(sales_rewards.len(), buyers.len(), "one reward a referred buyer");
    counted.conversions = conversions.len();
    rewards.extend(sales_rewards);
    counted.rewards = rewards.len();

    // Payouts: no reward in two payouts that did not fail, and each pays what it holds.
    let payouts = all(&http, base, key, &format!("/payouts?campaign_id={}", p.cash), "payouts").await;
    let held = counts(
        payouts
            .iter()
            .filter(|p| p["status"] != "failed")
            .flat_map(|p| p["reward_ids"].as_array().unwrap().iter().map(|id| id.as_u64().unwrap())),
    );
    assert!(held.values().all(|&n| n == 1), "a reward in two payouts");
    for payout in &payouts {
        let cents: u64 = payout["amount"].as_str().unwrap().replace('.', "").parse().unwrap();
        assert_eq!(cents, 500 * payout["reward_ids"].as_array().unwrap().len() as u64, "{payout}");
    }
    counted.payouts = payouts.len();

    // Every participant's signup event reached the receiver (at least once), and every
    // welcome email the SMTP server.
    let deadline = Instant::now() + Duration::from_secs(90);
    let all_ids: HashSet<u64> = people.iter().map(|p| p["id"].as_u64().unwrap()).collect();
    let cash_emails: HashSet<String> =
        joined.iter().filter(|j| j.campaign == p.cash).map(|j| j.email.clone()).collect();
    loop {
        let announced: HashSet<u64> = receiver
            .received()
            .iter()
            .filter(|r| r.status == 200 && r.json()["type"] == "participant.signup")
            .filter_map(|r| r.json()["data"]["participant"]["id"].as_u64())
            .collect();
        let mailed: HashSet<String> =
            sink.messages().iter().filter_map(|m| m["rcpt_tos"][0].as_str().map(str::to_owned)).collect();
        let missing_events = all_ids.difference(&announced).count();
        let missing_emails = cash_emails.difference(&mailed).count();
        if missing_events == 0 && missing_emails == 0 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "{missing_events} signups never announced, {missing_emails} welcome emails never sent"
        );
        // Each look reads everything received so far: not too often.
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    let delivered = counts(
        receiver
            .received()
            .iter()
            .filter(|r| r.status == 200)
            .map(|r| r.header("webhook-id").to_owned())
            .collect::<Vec<_>>(),
    );
    counted.events_delivered = delivered.len();
    counted.event_duplicates = delivered.values().map(|n| n - 1).sum();
    let messages =
        counts(sink.messages().iter().map(|m| m["message_id"].as_str().unwrap().to_owned()).collect::<Vec<_>>());
    counted.emails = messages.len();
    counted.email_duplicates = messages.values().map(|n| n - 1).sum();
    counted
}
