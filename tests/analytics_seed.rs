//! The analytics benchmark's data: `BENCH_CASES=analytics scripts/bench.sh` runs `seed`
//! (ignored in the suite) to fill an embedded database at `ANALYTICS_SEED_DIR` with one
//! campaign of `SEED_PARTICIPANTS` participants (default 1,000,000) and `SEED_CLICKS` clicks
//! (default 10,000,000) over the two years before now, then `move_into_postgres` to move that
//! same database into the empty PostgreSQL database at `ANALYTICS_SEED_POSTGRES`, as
//! `refctl restore --database-url` moves an embedded backup (deciding it all again through
//! PostgreSQL's own decisions, a round trip each, would take hours).
//!
//! Everything goes through the write path the server's own decisions take, at the times it
//! happened: each signup decided by the engine at its moment (seven in ten referred, by a
//! referrer drawn with a long tail, as real programmes have a few partners who bring most
//! people), each quarter hour's clicks handed over as the click endpoint's tallies are, on
//! the links of the partners who joined by then, and one sale in twenty referred signups
//! decided at a time after it; committed in the store's batches of a brand's decisions.
//! Prints the member's, brand's and campaign's ids as one JSON object.

#[allow(dead_code)]
#[path = "conformance/fixtures.rs"]
mod fixtures;

use std::collections::{HashMap, VecDeque};

use referrals::domain::counters::{BrandTally, CampaignTally, ParticipantTally};
use referrals::domain::engine::{
    self, ConversionDecision, ConversionIds, Moment, NewConversion, NewParticipant, Owner, ReferralEdge,
    SignupDecision, SignupIds,
};
use referrals::domain::ids::IdKind;
use referrals::store::{Batch, SharedStorage, Verdict};

/// Decisions staged in one batch before it is committed.
const BATCH: usize = 2_000;
/// A quarter hour, in milliseconds.
const SLOT_MS: i64 = 15 * 60 * 1000;

/// A small deterministic generator (xorshift), so every run seeds the same programme.
struct Draw(u64);

impl Draw {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number in `0..1`.
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// An index below `n`, drawn with a long tail toward the first (the earliest partners).
    fn skewed(&mut self, n: usize) -> usize {
        ((self.unit().powi(3)) * n as f64) as usize % n.max(1)
    }
}

fn count(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Stages `writes`, committing the batch when it is full.
async fn stage(store: &SharedStorage, batch: &mut Option<Batch>, brand_id: u64, writes: Vec<engine::Write>) {
    let open = batch.as_mut().expect("a batch is open");
    // The batch's commit says whether it is durable; each decision's own answer adds nothing.
    drop(open.stage(Verdict::write(writes, ())).await.expect("staged"));
    if open.len() >= BATCH {
        batch.take().unwrap().commit().await.expect("committed");
        *batch = Some(Batch::open(store, brand_id).await.expect("a batch"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the analytics benchmark's seeding: BENCH_CASES=analytics scripts/bench.sh"]
async fn seed() {
    let participants = count("SEED_PARTICIPANTS", 1_000_000) as usize;
    let clicks = count("SEED_CLICKS", 10_000_000);
    let dir = std::env::var("ANALYTICS_SEED_DIR").expect("ANALYTICS_SEED_DIR names an empty directory");
    let store: SharedStorage =
        referrals::store::open_embedded(std::path::Path::new(&dir), &Default::default()).expect("open");
    let member = fixtures::member(&store, "analytics@bench.example").await;
    let brand = fixtures::brand(&store, &member, "analytics.bench.example").await;
    let campaign = fixtures::campaign(&store, &brand, 3, 1, false).await;
    let mut draw = Draw(0x9e37_79b9_7f4a_7c15);

    let end = chrono::Utc::now().timestamp_millis() / SLOT_MS * SLOT_MS;
    let start = end - 730 * 86_400_000;
    let slots = ((end - start) / SLOT_MS) as usize;
    let mut joined: Vec<u64> = Vec::with_capacity(participants);
    // Who may buy, and when they joined.
    let mut referred: VecDeque<(u64, i64)> = VecDeque::new();
    let mut batch = Some(Batch::open(&store, brand.id).await.expect("a batch"));
    let mut clicks_left = clicks;
    for slot in 0..slots {
        let at = start + slot as i64 * SLOT_MS;
        // The signups of this quarter hour, spread through it.
        let due = participants * (slot + 1) / slots - joined.len();
        for n in 0..due {
            let moment =
                Moment::at(chrono::DateTime::from_timestamp_millis(at + (n as i64 * SLOT_MS) / due as i64).unwrap());
            let number = joined.len();
            let who = NewParticipant {
                email: fixtures::email(&format!("p{number}@people.example")),
                name: format!("Person {number}"),
                domain: None,
                client: None,
                language: None,
            };
            let is_referred = number > 10 && draw.unit() < 0.7;
            let referral =
                is_referred.then(|| ReferralEdge { referrer_id: joined[draw.skewed(joined.len())], invited_id: None });
            let ids = SignupIds {
                participant: store.next_id(IdKind::Participant).await.unwrap(),
                referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
                invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
            };
            let session = batch.as_mut().unwrap().session(&[]).await.expect("a session");
            let decided = engine::decide_signup(session, &campaign, &who, referral, ids, &Owner::default(), &moment)
                .expect("decided");
            let SignupDecision::Created { signed, writes } = decided.expect("accepted") else { panic!("a new person") };
            joined.push(signed.participant.id);
            if is_referred {
                referred.push_back((signed.participant.id, moment.unix_ms));
            }
            stage(&store, &mut batch, brand.id, fixtures::unheard(writes)).await;
        }
        // The quarter hour's clicks, on the links of those who joined by then.
        let share = (clicks as u128 * (slot as u128 + 1) / slots as u128) as u64 - (clicks - clicks_left);
        if share > 0 && !joined.is_empty() {
            clicks_left -= share;
            let mut tally = BrandTally::default();
            tally.campaigns.insert(campaign.id, CampaignTally { clicks: share, impressions: 0, shares: 0 });
            let mut on: HashMap<u64, u64> = HashMap::new();
            for _ in 0..share {
                *on.entry(joined[draw.skewed(joined.len())]).or_default() += 1;
            }
            for (participant_id, clicks) in on {
                tally
                    .participants
                    .insert(participant_id, ParticipantTally { campaign_id: campaign.id, clicks, shares: 0 });
            }
            let moment = Moment::at(chrono::DateTime::from_timestamp_millis(at + SLOT_MS - 1).unwrap());
            let session = batch.as_mut().unwrap().session(&[]).await.expect("a session");
            let writes = engine::decide_tallies(session, brand.id, &tally, &moment).expect("decided");
            stage(&store, &mut batch, brand.id, writes).await;
        }
        // One sale in twenty referred signups, a while after the signup, once it is due.
        while let Some(&(buyer, joined_ms)) = referred.front() {
            if joined_ms + 7 * 86_400_000 > at {
                break;
            }
            referred.pop_front();
            if !draw.next().is_multiple_of(20) {
                continue;
            }
            let ids = ConversionIds {
                conversion: store.next_id(IdKind::Conversion).await.unwrap(),
                referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
                invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
                commission_reward: store.next_id(IdKind::Reward).await.unwrap(),
            };
            let new = NewConversion {
                participant_id: buyer,
                external_id: format!("order-{buyer}"),
                amount: Some(format!("{}.{:02}", 10 + draw.next() % 190, draw.next() % 100)),
                currency: None,
                payment_references: Vec::new(),
                invoice: None,
                customers: Vec::new(),
                promo_code: None,
                occurred_ms: Some(at),
            };
            let moment = Moment::at(chrono::DateTime::from_timestamp_millis(at).unwrap());
            let session = batch.as_mut().unwrap().session(&[]).await.expect("a session");
            let decided = engine::decide_conversion(session, &campaign, &new, ids, &moment).expect("decided");
            let Ok(ConversionDecision::Created { writes, .. }) = decided else { panic!("a new sale") };
            stage(&store, &mut batch, brand.id, fixtures::unheard(writes)).await;
        }
        if slot % 2_000 == 0 {
            eprintln!("seeding: {} of {slots} quarter hours, {} participants", slot, joined.len());
        }
    }
    batch.take().unwrap().commit().await.expect("committed");
    store.close().await.expect("closed");
    println!(
        "{}",
        serde_json::json!({"member_id": member.id, "brand_id": brand.id, "campaign_id": campaign.id, "participants": joined.len(), "clicks": clicks - clicks_left})
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the analytics benchmark's move to PostgreSQL: BENCH_CASES=analytics scripts/bench.sh"]
async fn move_into_postgres() {
    let dir = std::env::var("ANALYTICS_SEED_DIR").expect("ANALYTICS_SEED_DIR names the seeded directory");
    let url = std::env::var("ANALYTICS_SEED_POSTGRES").expect("ANALYTICS_SEED_POSTGRES names an empty database");
    let options = referrals::store::PostgresOptions {
        url,
        // A move takes at least 4 connections (see `store::move_embedded_backup`).
        pool_size: 4,
        timeout: std::time::Duration::from_secs(600),
        delivery_lease: std::time::Duration::from_secs(60),
        server_id: 0,
    };
    let imported = referrals::store::move_embedded(std::path::Path::new(&dir), &options).await.expect("moved");
    eprintln!("moved: {imported:?}");
}
