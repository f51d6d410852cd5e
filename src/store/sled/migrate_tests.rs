//! The migrations' tests: rows as older releases wrote them, migrated once.

use serde::Serialize;

use super::*;
use crate::domain::pagination::PageRequest;

/// The schema-1 shape, to write rows as an older release did.
#[derive(Serialize)]
struct OldParticipant {
    id: u64,
    campaign_id: u64,
    brand_id: u64,
    member_id: u64,
    seq: u64,
    email: String,
    name: String,
    referred_by: Option<u64>,
    referrals: u64,
    visits: u64,
    clicks: u64,
    shares: u64,
    created_at: String,
}

/// A participant of campaign 7 as this release stores it.
fn participant(id: u64) -> crate::domain::Participant {
    crate::domain::Participant {
        id,
        campaign_id: 7,
        brand_id: 5,
        member_id: 2,
        seq: id,
        email: format!("p{id}@example.com"),
        name: String::new(),
        referred_by: None,
        referrals: 0,
        visits: 0,
        clicks: 0,
        shares: 0,
        created_at: "2026-01-01T00:00:00Z".into(),
        domain: None,
        language: None,
    }
}

#[test]
fn rewrites_old_participants_once() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    store.meta.remove(PARTICIPANTS_V2).unwrap();
    for id in 1..=3u64 {
        let old = OldParticipant {
            id,
            campaign_id: 7,
            brand_id: 5,
            member_id: 2,
            seq: id,
            email: format!("p{id}@example.com"),
            name: "Old".into(),
            referred_by: None,
            referrals: id,
            visits: 0,
            clicks: 0,
            shares: 0,
            created_at: "2026-01-01T00:00:00Z".into(),
        };
        store.participants.insert(keys::id(id), codec::encode(&old).unwrap()).unwrap();
    }
    assert!(store.participant_row(1).is_err(), "an old row does not read as the new shape");
    assert_eq!(store.migrate().unwrap(), 3);
    let p = store.participant_row(2).unwrap().unwrap();
    assert_eq!((p.referrals, p.email.as_str(), p.domain), (2, "p2@example.com", None));
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
}

#[tokio::test]
async fn attempts_logged_before_the_order_existed_are_listed_newest_first() {
    use crate::store::{FinishedAttempt, WebhookStore};
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    let attempt = |event_id: u64, attempt: u32, at: &str| Attempt {
        event_id,
        attempt,
        at: at.into(),
        status_code: Some(500),
        error: None,
        duration_ms: 3,
        outcome: "retrying".into(),
    };
    // As an older release logged them: by event, with no order. Event 3's retry came last.
    let old = [
        attempt(3, 1, "2026-01-01T00:00:05Z"),
        attempt(9, 1, "2026-01-01T00:00:10Z"),
        attempt(3, 2, "2026-01-01T00:00:20Z"),
    ];
    for a in &old {
        let key = super::super::webhooks::attempt_key(5, a.event_id, a.attempt);
        store.delivery_log.insert(key, codec::encode(a).unwrap()).unwrap();
    }
    // A cut earlier run left an entry behind; the migration starts over.
    store
        .indexes
        .insert(keys::tagged(index::ATTEMPT_ORDER, 5, 1), &super::super::webhooks::attempt_key(5, 9, 1)[..])
        .unwrap();
    store.meta.remove(ATTEMPT_ORDER_V1).unwrap();
    assert_eq!(store.migrate().unwrap(), 3);
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
    // A new attempt after the migration comes first.
    let new = FinishedAttempt { webhook_id: 5, attempt: attempt(1, 1, "2025-12-31T00:00:00Z"), next: None };
    store.record_attempts(&[new]).await.unwrap();
    let (listed, total) = store.attempts_of_webhook(5, PageRequest { page: 1, limit: 10 }).await.unwrap();
    let order: Vec<(u64, u32)> = listed.iter().map(|a| (a.event_id, a.attempt)).collect();
    assert_eq!((order, total), (vec![(1, 1), (3, 2), (9, 1), (3, 1)], 4));
}

#[test]
fn a_database_of_the_old_generator_keeps_its_ids_and_continues_above_them() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    // As an older release numbered things: sled's generator, skipping ahead at each start.
    let old_id = store.fresh_id().unwrap() + 2_000_000;
    while store.fresh_id().unwrap() < old_id {}
    store.brands.insert(keys::id(old_id), &b"a brand row"[..]).unwrap();
    store.meta.remove(IDS_V1).unwrap();
    for kind in IdKind::ALL {
        store.meta.remove(id_counter_key(kind)).unwrap();
    }
    store.migrate().unwrap();
    let next = store.allocate(IdKind::Brand).unwrap();
    assert!(next > old_id, "{next} is above {old_id}");
    assert_eq!(store.allocate(IdKind::Brand).unwrap(), next + 1, "and dense from there");
    assert!(store.allocate(IdKind::Participant).unwrap() > old_id, "every kind");
}

#[tokio::test]
async fn campaigns_and_rewards_of_an_older_release_gain_the_lifecycle_and_their_index() {
    use crate::domain::campaign::RewardType;
    use crate::domain::reward::{RewardReason, RewardV1};
    use crate::domain::{Participant, RewardStatus};
    use crate::store::RewardStore;
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    let mut old_campaign = crate::domain::campaign_row::tests::campaign_of(1);
    old_campaign.name = "Old".into();
    let old_campaign = crate::domain::campaign_row::AsRow { schema: 1, campaign: &old_campaign };
    store.campaigns.insert(keys::id(3), codec::encode(&old_campaign).unwrap()).unwrap();
    let participant = Participant { campaign_id: 3, seq: 1, referrals: 1, ..participant(9) };
    store.participants.insert(keys::id(9), codec::encode(&participant).unwrap()).unwrap();
    let old_reward = RewardV1 {
        id: 4,
        participant_id: 9,
        campaign_id: 3,
        kind: RewardType::Cash,
        value: Some("5.00".into()),
        status: RewardStatus::Issued,
        reason: RewardReason::Referrer,
        trigger_participant_id: Some(10),
        created_at: "2026-01-01T00:00:00Z".into(),
        issued_at: Some("2026-01-01T00:00:00Z".into()),
    };
    let reward_key = super::super::rewards::reward_key(9, 4);
    store.participant_rows.insert(&reward_key, codec::encode(&old_reward).unwrap()).unwrap();
    for marker in [campaigns_marker(2).as_str(), REWARDS_V2] {
        store.meta.remove(marker).unwrap();
    }
    assert_eq!(store.migrate().unwrap(), 2);
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
    // A run cut short by a crash runs again from the start: the reward is listed once.
    store.meta.remove(REWARDS_V2).unwrap();
    assert_eq!(store.migrate().unwrap(), 0, "its rows are in the new shape already");
    let campaign: crate::domain::Campaign = SledStore::read(&store.campaigns, keys::id(3)).unwrap().unwrap();
    assert_eq!((campaign.hold_days, campaign.name.as_str()), (0, "Old"));
    let reward = store.reward(2, 4).await.unwrap().expect("found through the new index");
    assert_eq!((reward.brand_id, reward.member_id, reward.status), (5, 2, RewardStatus::Issued));
    assert_eq!(reward.history.len(), 1);
    assert!(store.reward(3, 4).await.unwrap().is_none(), "another member's");
    let issued = store.issued_rewards(2, None, 10).await.unwrap();
    assert_eq!(issued.iter().map(|r| r.id).collect::<Vec<_>>(), vec![4], "in the issued index too");
}

#[tokio::test]
async fn webhooks_get_every_event_and_events_before_records_are_their_participants_signups() {
    use crate::domain::event::{EventSubject, EventType, EventTypes};
    use crate::store::{ParticipantStore, WebhookStore};
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    let old = WebhookV1 {
        id: 1,
        member_id: 2,
        campaign_id: None,
        link: "https://hooks.example/in".into(),
        description: String::new(),
        active: true,
        disabled_reason: None,
        created_at: "2026-01-01T00:00:00Z".into(),
        sealed_secret: vec![1],
    };
    store.webhooks.insert(keys::id(1), codec::encode(&old).unwrap()).unwrap();
    // As an older release left things: participants 1 to 3 (signup events 1 to 3), no
    // event sequence.
    for _ in 0..3 {
        store.allocate(IdKind::Participant).unwrap();
    }
    store.participants.insert(keys::id(3), codec::encode(&participant(3)).unwrap()).unwrap();
    for marker in [WEBHOOKS_V2, EVENTS_V1, LEGACY_EVENTS] {
        store.meta.remove(marker).unwrap();
    }
    store.meta.remove(id_counter_key(IdKind::Event)).unwrap();
    store.migrate().unwrap();
    assert_eq!(store.webhook(1).await.unwrap().unwrap().events, EventTypes::ALL);
    assert_eq!(store.allocate(IdKind::Event).unwrap(), 4, "above every participant number");
    let legacy = store.event(3).await.unwrap().expect("participant 3's signup");
    assert_eq!((legacy.kind, legacy.campaign_id), (EventType::ParticipantSignup, 7));
    assert_eq!(legacy.subject, EventSubject::Signup(store.participant(3).await.unwrap().unwrap()));
    assert_eq!(store.event(4).await.unwrap(), None, "a new number names no participant's signup");
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
}

#[test]
fn a_new_database_counts_every_kind_from_one() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    for kind in IdKind::ALL {
        assert_eq!(store.allocate(kind).unwrap(), 1, "{kind:?}");
    }
}

#[test]
fn copies_of_participants_kept_before_the_mention_index_are_indexed_once() {
    use super::super::overlay::Overlay;
    use super::super::participants::{decode_idempotency_record, encode_idempotency_record as encode};
    use crate::domain::event::{EventSubject, EventType};
    use crate::store::IdempotentOutcome;
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    // As an older release left them: an event, a signup's record and a rendered answer,
    // none in the index.
    let event = crate::domain::event::Event {
        id: 40,
        kind: EventType::ParticipantSignup,
        at: "2026-01-01T00:00:00Z".into(),
        campaign_id: 7,
        subject: EventSubject::Signup(participant(1)),
    };
    store.events.insert(keys::id(40), codec::encode(&event).unwrap()).unwrap();
    let signed = crate::domain::engine::Signed {
        participant: participant(2),
        reward: None,
        referrer: Some(participant(1)),
        referrer_reward: None,
        deliveries: Vec::new(),
    };
    let record = |outcome| crate::store::IdempotencyRecord {
        request_hash: [0; 32],
        created_at: "2026-01-01T00:00:00Z".into(),
        outcome,
    };
    let signed_key = [2u64.to_be_bytes().as_slice(), &[1; 32]].concat();
    let rendered_key = [2u64.to_be_bytes().as_slice(), &[2; 32]].concat();
    store
        .idempotency
        .insert(&signed_key, encode(&record(IdempotentOutcome::Signed(Box::new(signed)))).unwrap())
        .unwrap();
    let body = r#"{"data":{"participant":{"id":3,"email":"p3@example.com","name":"Cy"},"referrer":null}}"#;
    let rendered = IdempotentOutcome::Rendered { status: 201, body: body.into() };
    store.idempotency.insert(&rendered_key, encode(&record(rendered)).unwrap()).unwrap();
    for marker in [EVENT_MENTIONS_V1, IDEMPOTENCY_MENTIONS_V1] {
        store.meta.remove(marker).unwrap();
    }

    assert_eq!(store.migrate().unwrap(), 4, "Ada in the event and the record, Bob, Cy");
    let mentions = |id: u64| store.indexes.scan_prefix(keys::tagged_prefix(index::MENTION, id)).count();
    assert_eq!((mentions(1), mentions(2), mentions(3)), (2, 1, 1));
    assert_eq!(store.migrate().unwrap(), 0, "runs once");

    // So an erasure of Cy finds the answer an older release rendered.
    let mut overlay = Overlay::new(&store);
    store.forget_copies(&mut overlay, 3).unwrap();
    overlay.commit_journaled().unwrap();
    let record = decode_idempotency_record(&store.idempotency.get(&rendered_key).unwrap().unwrap()).unwrap();
    let IdempotentOutcome::Rendered { body, .. } = record.outcome else { panic!("still rendered") };
    assert!(!body.contains("p3@example.com") && !body.contains("Cy") && body.contains(r#""id":3"#), "{body}");
}

#[test]
fn participants_of_an_older_release_enter_the_index_of_inboxes_the_older_first() {
    use crate::domain::email::EmailLookup;
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    let older = crate::domain::Participant { email: "Ann.Lee@gmail.com".into(), ..participant(9) };
    let newer = crate::domain::Participant { email: "annlee+2@googlemail.com".into(), ..participant(10) };
    let mut erased = participant(11);
    erased.erase();
    for p in [&older, &newer, &erased] {
        store.participants.insert(keys::id(p.id), codec::encode(p).unwrap()).unwrap();
        let email = keys::row(7, keys::campaign_row::EMAIL, crate::domain::email::normalize(&p.email).as_bytes());
        store.campaign_rows.insert(email, &keys::id(p.id)[..]).unwrap();
    }
    store.meta.remove(INBOXES_V1).unwrap();

    assert_eq!(store.migrate().unwrap(), 2, "the two with an address");
    let inbox = EmailLookup::Inbox("annlee@gmail.com".into());
    assert_eq!(store.participant_id_with_email(7, &inbox).unwrap(), Some(9), "the older first");
    let exact = EmailLookup::Exact("annlee+2@googlemail.com".into());
    assert_eq!(store.participant_id_with_email(7, &exact).unwrap(), Some(10), "each by its own address");
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
}

#[tokio::test]
async fn referred_participants_of_an_older_release_are_found_under_their_referrer() {
    use crate::store::ParticipantStore;
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    let referrer = participant(9);
    let first = crate::domain::Participant { referred_by: Some(9), ..participant(10) };
    let second = crate::domain::Participant { referred_by: Some(9), ..participant(11) };
    for p in [&referrer, &first, &second] {
        store.participants.insert(keys::id(p.id), codec::encode(p).unwrap()).unwrap();
    }
    store.meta.remove(REFERRED_V1).unwrap();

    assert_eq!(store.migrate().unwrap(), 2, "the two who were referred");
    let (referred, total) = store.referred(7, 9, 10).await.unwrap();
    assert_eq!((referred.iter().map(|p| p.id).collect::<Vec<_>>(), total), (vec![11, 10], 2), "the most recent first");
    assert_eq!(store.referred(7, 10, 10).await.unwrap().1, 0, "nobody under the referred");
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
}

#[tokio::test]
async fn participants_of_an_older_release_are_found_by_a_search() {
    use crate::domain::campaign::CampaignInput;
    use crate::domain::participant::ParticipantFilter;
    use crate::store::{CampaignStore, ParticipantStore};
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    let input: CampaignInput = serde_json::from_value(serde_json::json!({"name": "Spring", "reward_type": 3})).unwrap();
    let campaign = crate::domain::Campaign::create(7, 5, 2, &input, "2026-01-01T00:00:00Z").unwrap();
    store.save_campaign(&campaign).await.unwrap();
    let ann = crate::domain::Participant { name: "Ann Lovelace".into(), ..participant(10) };
    let erased = crate::domain::Participant { email: String::new(), seq: 2, ..participant(11) };
    for p in [&ann, &erased] {
        store.participants.insert(keys::id(p.id), codec::encode(p).unwrap()).unwrap();
    }
    store.meta.remove(HAYSTACKS_V1).unwrap();

    assert_eq!(store.migrate().unwrap(), 1, "the one not erased");
    let search = ParticipantFilter { search: Some("lovelace".into()), ..Default::default() };
    let page = PageRequest::parse(None, None).unwrap();
    let (found, total) = store.search_participants(2, Some(7), &search, page).await.unwrap();
    assert_eq!((found.iter().map(|p| p.id).collect::<Vec<_>>(), total), (vec![10], 1));
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
}

#[test]
fn rewards_held_before_the_count_by_reason_are_counted_once() {
    use crate::domain::reward::HoldReason::{DisposableEmail, HoldPeriod};
    use crate::domain::{Counter, Reward, RewardReason, RewardStatus, RewardType};
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    let reward = |id: u64, campaign_id: u64, status: RewardStatus, holds: Vec<_>| Reward {
        id,
        participant_id: 9,
        campaign_id,
        kind: RewardType::Cash,
        value: Some("10".into()),
        status,
        reason: RewardReason::Referrer,
        trigger_participant_id: None,
        created_at: "2026-11-01T00:00:00Z".into(),
        issued_at: None,
        brand_id: 1,
        member_id: 2,
        release_at_ms: None,
        holds,
        void_reason: None,
        history: Vec::new(),
    };
    for r in [
        reward(1, 7, RewardStatus::Held, vec![HoldPeriod, DisposableEmail]),
        reward(2, 7, RewardStatus::Held, vec![DisposableEmail]),
        reward(3, 7, RewardStatus::Issued, Vec::new()),
        reward(4, 8, RewardStatus::Held, vec![HoldPeriod]),
    ] {
        let key = keys::row(r.participant_id, keys::participant_row::REWARD, &keys::id(r.id));
        store.participant_rows.insert(key, codec::encode(&r).unwrap()).unwrap();
    }
    store.meta.remove(HELD_REASONS_V1).unwrap();
    let count = |campaign: u64, counter: Counter| store.counter_value(campaign, counter).unwrap();

    assert_eq!(store.migrate().unwrap(), 3, "three (campaign, reason) counts");
    assert_eq!((count(7, Counter::HeldDisposableEmail), count(7, Counter::HeldHoldPeriod)), (2, 1));
    assert_eq!((count(8, Counter::HeldHoldPeriod), count(8, Counter::HeldDisposableEmail)), (1, 0));
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
}

#[test]
fn leaderboard_rows_of_an_older_release_are_dropped_and_the_boards_tallied_from_the_roster() {
    use crate::domain::leaderboard::{Board, Standing};
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    let input = serde_json::from_value(serde_json::json!({"name": "c", "reward_type": 3})).unwrap();
    let campaign = crate::domain::Campaign::create(7, 5, 2, &input, "2026-01-01T00:00:00Z").unwrap();
    store.campaigns.insert(keys::id(7), codec::encode(&campaign).unwrap()).unwrap();
    // Participant 1 referred 2 and 3; the old rows say something else, as stale rows would.
    for id in 1..=3 {
        let p = crate::domain::Participant { referred_by: (id > 1).then_some(1), ..participant(id) };
        store.participants.insert(keys::id(id), codec::encode_participant(&p).unwrap()).unwrap();
        store.campaign_rows.insert(keys::row(7, keys::campaign_row::ROSTER, &keys::id(id)), &keys::id(id)).unwrap();
    }
    let stale = Standing { count: 9, reached_seq: 1 };
    let standing = keys::row(7, keys::campaign_row::STANDING, &[&Board::All.key()[..], &keys::id(2)].concat());
    let rank = keys::row(7, keys::campaign_row::BOARD, &[&Board::All.key()[..], &stale.rank_key(2)].concat());
    store.campaign_rows.insert(standing, &[0u8; 16][..]).unwrap();
    store.campaign_rows.insert(rank, &[][..]).unwrap();
    store.meta.remove(BOARD_ROWS_DROPPED).unwrap();

    assert_eq!(store.migrate().unwrap(), 2, "a standing and its rank key");
    for tag in [keys::campaign_row::STANDING, keys::campaign_row::BOARD] {
        assert_eq!(store.campaign_rows.scan_prefix(keys::row(7, tag, &[])).count(), 0);
    }
    assert_eq!(store.board_rows(7, Board::All, 0, 10).unwrap(), vec![(1, Standing { count: 2, reached_seq: 3 })]);
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
}

#[test]
fn counters_kept_as_a_key_each_by_an_older_release_are_folded_into_rows_once() {
    use crate::domain::counters::DailySeries;
    use crate::domain::Counter;
    use keys::campaign_row::{COUNTER, DAILY, DAILY_SIGNUPS};
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    let input = serde_json::from_value(serde_json::json!({"name": "c", "reward_type": 3})).unwrap();
    let campaign = crate::domain::Campaign::create(7, 5, 2, &input, "2026-01-01T00:00:00Z").unwrap();
    store.campaigns.insert(keys::id(7), codec::encode(&campaign).unwrap()).unwrap();
    let old = [
        (keys::row(7, COUNTER, &[Counter::Participants as u8]), 3),
        (keys::row(7, COUNTER, &[Counter::Referrals as u8]), 2),
        (keys::row(7, DAILY_SIGNUPS, &100u32.to_be_bytes()), 3),
        (keys::row(7, DAILY, &[&[1u8][..], &100u32.to_be_bytes()].concat()), 2),
        (keys::row(7, DAILY, &[&[2u8][..], &101u32.to_be_bytes()].concat()), 5),
    ];
    for (key, n) in &old {
        store.campaign_rows.insert(key, &keys::id(*n)[..]).unwrap();
    }
    store.meta.remove(super::super::counters::COUNTER_ROWS_V1).unwrap();

    assert_eq!(store.migrate().unwrap(), 5, "five keys folded");
    for (key, _) in &old {
        assert!(store.campaign_rows.get(key).unwrap().is_none(), "the old key is gone");
    }
    let counter = |c| store.counter_value(7, c).unwrap();
    assert_eq!((counter(Counter::Participants), counter(Counter::Referrals), counter(Counter::Clicks)), (3, 2, 0));
    let daily = |series| store.daily_values(7, series, 99, 101).unwrap();
    assert_eq!(daily(DailySeries::Signups), vec![0, 3, 0]);
    assert_eq!(daily(DailySeries::Referrals), vec![0, 2, 0]);
    assert_eq!(daily(DailySeries::Clicks), vec![0, 0, 5]);
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
}
