//! Engine decisions committed through a session, and every read of what they wrote.

use std::collections::HashSet;

use referrals::domain::counters::DailySeries;
use referrals::domain::engine::{self, Moment};
use referrals::domain::ids::IdKind;
use referrals::domain::participant::ParticipantFilter;
use referrals::domain::{Invite, RewardStatus, RewardType};
use referrals::store::{IdempotencyRecord, IdempotencyWrite, IdempotentOutcome, SharedStorage};

use crate::fixtures::{brand, campaign, domain_signup, email, exact, inbox, member, page, signup, unheard};

pub async fn a_signup_is_found_every_way_a_participant_is_read(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    let first = signup(&store, &spring, "Zoe@Example.com", None).await.participant;
    let second = signup(&store, &spring, "yan@example.com", None).await.participant;
    assert_eq!((first.seq, second.seq), (1, 2));

    assert_eq!(store.participant(first.id).await.unwrap(), Some(first.clone()));
    let by_email = store.participant_by_email(spring.id, &exact("zoe@EXAMPLE.com")).await.unwrap();
    assert_eq!(by_email.map(|p| p.id), Some(first.id), "compared normalised");
    let by_inbox = store.participant_by_email(spring.id, &inbox("zoe+promo@example.com")).await.unwrap();
    assert_eq!(by_inbox.map(|p| p.id), Some(first.id), "by the inbox the address reaches");
    assert!(store.participant_by_email(spring.id, &inbox("zoe@example.co")).await.unwrap().is_none());
    assert!(store.participant_by_email(spring.id, &exact("zoe+promo@example.com")).await.unwrap().is_none());
    let (listed, total) = store.participants_of_campaign(spring.id, page(1, 10)).await.unwrap();
    assert_eq!((listed.iter().map(|p| p.id).collect::<Vec<_>>(), total), (vec![second.id, first.id], 2));
    let (second_page, _) = store.participants_of_campaign(spring.id, page(2, 1)).await.unwrap();
    assert_eq!(second_page.iter().map(|p| p.id).collect::<Vec<_>>(), vec![first.id]);
    assert!(store.participants_of_campaign(spring.id, page(3, 1)).await.unwrap().0.is_empty());
    let ids = |ps: Vec<referrals::domain::Participant>| ps.iter().map(|p| p.id).collect::<Vec<_>>();
    assert_eq!(ids(store.roster(spring.id, 1, 10).await.unwrap()), vec![first.id, second.id], "oldest first");
    assert_eq!(ids(store.roster(spring.id, 0, 1).await.unwrap()), vec![first.id], "from the first, at most one");
    assert_eq!(ids(store.roster(spring.id, 2, 10).await.unwrap()), vec![second.id]);
    assert!(store.roster(spring.id, 3, 10).await.unwrap().is_empty());
    assert!(store.roster(spring.id + 1, 1, 10).await.unwrap().is_empty(), "another campaign's");
    let (of_member, total) = store.participants_of_member(ann.id, page(1, 10)).await.unwrap();
    assert_eq!((of_member.len(), total), (2, 2));
    assert_eq!(store.counters(spring.id).await.unwrap().participants, 2);
    assert_eq!(store.daily(spring.id, DailySeries::Signups, 1).await.unwrap()[0].1, 2, "two signups today");
}

pub async fn a_referral_signup_commits_rewards_counts_and_the_chain(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 2, true).await;
    let referrer = signup(&store, &spring, "ref@example.com", None).await.participant;
    let one = signup(&store, &spring, "one@example.com", Some(referrer.id)).await;
    assert_eq!(one.participant.referred_by, Some(referrer.id));
    assert!(one.referrer_reward.is_none(), "one referral of two needed");
    let friend_reward = one.reward.expect("two-way: the friend is rewarded");
    assert_eq!(store.rewards_of(one.participant.id).await.unwrap(), vec![friend_reward.clone()]);

    let two = signup(&store, &spring, "two@example.com", Some(referrer.id)).await;
    let earned = two.referrer_reward.expect("the second referral earns the reward");
    assert_eq!((earned.kind, earned.status), (RewardType::Message, RewardStatus::Issued));
    assert_eq!(store.rewards_of(referrer.id).await.unwrap(), vec![earned.clone()]);
    // Several participants' rewards in one read, each in the order asked, none for one
    // without rewards (or unknown).
    let each = store.rewards_of_each(&[two.participant.id, referrer.id, 999_999, one.participant.id]).await.unwrap();
    let two_reward = two.reward.expect("two-way: the second friend is rewarded too");
    assert_eq!(each, vec![vec![two_reward], vec![earned], vec![], vec![friend_reward]]);
    assert!(store.rewards_of_each(&[]).await.unwrap().is_empty(), "none asked, none read");
    let twice = store.rewards_of_each(&[referrer.id, referrer.id]).await.unwrap();
    assert_eq!(twice, vec![each[1].clone(), each[1].clone()], "an id asked twice gets its rewards twice");
    assert_eq!(store.participant(referrer.id).await.unwrap().unwrap().referrals, 2);
    let (referred, total) = store.referred(spring.id, referrer.id, 10).await.unwrap();
    let ids: Vec<u64> = referred.iter().map(|p| p.id).collect();
    assert_eq!((ids, total), (vec![two.participant.id, one.participant.id], 2), "the most recent first");
    let (first, total) = store.referred(spring.id, referrer.id, 1).await.unwrap();
    assert_eq!((first.len(), total), (1, 2), "at most the limit, counted in all");
    assert_eq!(store.referred(spring.id, one.participant.id, 10).await.unwrap().1, 0);
    let counters = store.counters(spring.id).await.unwrap();
    assert_eq!((counters.participants, counters.referrals, counters.rewards_issued), (3, 2, 3));
    let today = |series| {
        let store = store.clone();
        async move { store.daily(spring.id, series, 2).await.unwrap().iter().map(|(_, n)| *n).collect::<Vec<_>>() }
    };
    assert_eq!(today(DailySeries::Signups).await, vec![0, 3], "yesterday, today");
    assert_eq!(today(DailySeries::Referrals).await, vec![0, 2], "a series of its own");
    // Each series is kept apart, and counts up by what it is given.
    let day = engine::day_number(chrono::Utc::now().date_naive());
    let clicks = engine::Write::Daily { campaign_id: spring.id, series: DailySeries::Clicks, day, delta: 5 };
    let shares = engine::Write::Daily { campaign_id: spring.id, series: DailySeries::Shares, day: day - 1, delta: 2 };
    store.session(shop.id).await.unwrap().commit(&[clicks.clone(), clicks, shares]).await.unwrap();
    assert_eq!(today(DailySeries::Clicks).await, vec![0, 10]);
    assert_eq!(today(DailySeries::Shares).await, vec![2, 0]);
    assert_eq!(today(DailySeries::Impressions).await, vec![0, 0]);
    assert_eq!(today(DailySeries::Signups).await, vec![0, 3]);
}

pub async fn coupons_fill_pending_rewards_oldest_first(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 1, 1, false).await;
    let referrer = signup(&store, &spring, "ref@example.com", None).await.participant;
    let first = signup(&store, &spring, "a@example.com", Some(referrer.id)).await.referrer_reward.unwrap();
    let second = signup(&store, &spring, "b@example.com", Some(referrer.id)).await.referrer_reward.unwrap();
    assert_eq!((first.status, second.status), (RewardStatus::Pending, RewardStatus::Pending));
    assert_eq!(store.counters(spring.id).await.unwrap().rewards_pending, 2);

    let codes: Vec<String> = vec!["SAVE-1".into(), "SAVE-1".into(), "SAVE-2".into(), "SAVE-3".into()];
    let session = store.session(shop.id).await.unwrap();
    let (outcome, writes) = engine::decide_import(&*session, &spring, &codes, &Moment::now()).unwrap();
    session.commit(&unheard(writes)).await.unwrap();
    assert_eq!((outcome.added, outcome.pending_filled), (3, 2));
    let pool = store.coupon_pool(spring.id).await.unwrap();
    assert_eq!((pool.uploaded, pool.assigned), (3, 2));

    let rewards = store.rewards_of(referrer.id).await.unwrap();
    assert_eq!(rewards.iter().map(|r| r.id).collect::<Vec<_>>(), vec![first.id, second.id]);
    assert!(rewards.iter().all(|r| r.status == RewardStatus::Issued));
    assert_eq!(
        rewards.iter().map(|r| r.value.clone().unwrap()).collect::<Vec<_>>(),
        vec!["SAVE-1".to_owned(), "SAVE-2".to_owned()],
        "the oldest reward takes the first code uploaded"
    );
    let again = store.session(shop.id).await.unwrap();
    let (outcome, _) = engine::decide_import(&*again, &spring, &["SAVE-3".into()], &Moment::now()).unwrap();
    assert_eq!((outcome.added, outcome.duplicates_in_pool), (0, 1), "the pool remembers its codes");
}

pub async fn visits_and_invitations_are_committed(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    let zoe = signup(&store, &spring, "zoe@example.com", None).await.participant;
    for expected_unique in [true, false] {
        let session = store.session(shop.id).await.unwrap();
        let (visit, writes) = engine::decide_visit(
            &*session,
            &spring,
            zoe.id,
            [7; 16],
            store.next_id(IdKind::Reward).await.unwrap(),
            &Moment::now(),
        )
        .unwrap()
        .expect("a participant of the campaign");
        session.commit(&unheard(writes)).await.unwrap();
        assert_eq!(visit.unique, expected_unique);
    }
    assert_eq!(store.counters(spring.id).await.unwrap().unique_visits, 1);
    assert_eq!(store.participant(zoe.id).await.unwrap().unwrap().visits, 1);

    let emails = [email("x@example.com"), email("y@example.com")];
    let ids = [store.next_id(IdKind::Invite).await.unwrap(), store.next_id(IdKind::Invite).await.unwrap()];
    let session = store.session(shop.id).await.unwrap();
    let (invites, writes) = engine::decide_invites(&*session, &zoe, &emails, &ids, "2026-01-01T00:00:00Z").unwrap();
    session.commit(&unheard(writes)).await.unwrap();
    assert_eq!(store.invites_of(zoe.id).await.unwrap(), invites);
    assert_eq!(invites.len(), 2);

    // A new participant and an invitation of theirs in one commit, in that order (as a move
    // into a store loads them): the invitation finds its participant.
    let mut ivy = zoe.clone();
    (ivy.id, ivy.seq, ivy.email) =
        (store.next_id(IdKind::Participant).await.unwrap(), zoe.seq + 1, "ivy@example.com".into());
    let invite =
        Invite { id: store.next_id(IdKind::Invite).await.unwrap(), participant_id: ivy.id, ..invites[0].clone() };
    let writes = [engine::Write::NewParticipant(ivy.clone()), engine::Write::Invite(invite.clone())];
    store.session(shop.id).await.unwrap().commit(&writes).await.unwrap();
    assert_eq!(store.invites_of(ivy.id).await.unwrap(), vec![invite]);
}

pub async fn an_idempotency_key_is_committed_once(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    let signed = signup(&store, &spring, "zoe@example.com", None).await;
    let key = IdempotencyWrite { key: [ann.id.to_be_bytes().as_slice(), &[9; 32]].concat(), request_hash: [1; 32] };
    assert!(store.idempotency_record(&key.key).await.unwrap().is_none());
    let record = IdempotencyRecord {
        request_hash: key.request_hash,
        created_at: "2026-01-01T00:00:00Z".into(),
        outcome: IdempotentOutcome::Signed(Box::new(signed)),
    };
    let session = store.session(shop.id).await.unwrap();
    session.commit_idempotent(&[], &key, &record).await.unwrap().expect("the first use of the key");
    assert_eq!(store.idempotency_record(&key.key).await.unwrap(), Some(record.clone()));

    // A second decision under the same key writes nothing and gets the first record back.
    let other = {
        let who = referrals::domain::engine::NewParticipant {
            email: email("late@example.com"),
            name: "Late".into(),
            domain: None,
            client: None,
            language: None,
        };
        let ids = referrals::domain::engine::SignupIds {
            participant: store.next_id(IdKind::Participant).await.unwrap(),
            referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
            invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
        };
        let session = store.session(shop.id).await.unwrap();
        let decided =
            engine::decide_signup(&*session, &spring, &who, None, ids, &engine::Owner::default(), &Moment::now())
                .unwrap();
        let engine::SignupDecision::Created { writes, .. } = decided.unwrap() else { panic!("a new participant") };
        let late_record = IdempotencyRecord { request_hash: [2; 32], ..record.clone() };
        session.commit_idempotent(&unheard(writes), &key, &late_record).await.unwrap()
    };
    assert_eq!(other, Err(record));
    assert!(store.participant_by_email(spring.id, &exact("late@example.com")).await.unwrap().is_none());
    assert_eq!(store.counters(spring.id).await.unwrap().participants, 1);
}

pub async fn domain_participants_are_found_by_domain(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    let autumn = campaign(&store, &shop, 3, 1, false).await;
    let partner = domain_signup(&store, &spring, "p@partner.example", "partner.example").await.participant;
    let later = domain_signup(&store, &autumn, "q@partner.example", "partner.example").await.participant;
    assert_eq!(store.domain_participant_in(spring.id, "partner.example").await.unwrap(), Some(partner.id));
    assert!(store.domain_participant_in(spring.id, "other.example").await.unwrap().is_none());
    let found = store.domain_referrers("partner.example", 10).await.unwrap();
    assert_eq!(found.iter().map(|r| r.participant_id).collect::<Vec<_>>(), vec![partner.id, later.id]);
    assert!(found.iter().all(|r| r.brand_id == shop.id));
    assert_eq!(store.domain_referrers("partner.example", 1).await.unwrap().len(), 1, "at most the limit");
}

/// Each kind counts from 1 on a new database, on its own, densely: four tasks taking 250 ids
/// at once get 1 to 1,000 between them, each once.
pub async fn ids_are_dense_per_kind_and_unique_under_concurrency(store: SharedStorage) {
    assert_eq!(store.next_id(IdKind::Brand).await.unwrap(), 1);
    assert_eq!(store.next_id(IdKind::Brand).await.unwrap(), 2);
    assert_eq!(store.next_id(IdKind::Campaign).await.unwrap(), 1, "kinds count apart");
    let mut tasks = Vec::new();
    for _ in 0..4 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let mut taken = Vec::new();
            for _ in 0..250 {
                taken.push(store.next_id(IdKind::Participant).await.unwrap());
            }
            taken
        }));
    }
    let mut seen = HashSet::new();
    for task in tasks {
        for id in task.await.unwrap() {
            assert!(seen.insert(id), "id {id} handed out twice");
        }
    }
    assert_eq!(seen, (1..=1_000).collect::<HashSet<u64>>());
    assert_eq!(store.next_id(IdKind::Brand).await.unwrap(), 3);
}

/// A signup's reads named ahead take the new participant's ids only for an address no
/// participant has: a known one leaves the sequences where they were, a new one gets the
/// next ids, and a session asked for ids after either answers the next unused ones.
pub async fn ids_named_ahead_are_taken_only_for_a_new_address(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    let known = signup(&store, &spring, "Kim@example.com", None).await.participant;
    let moment = Moment::now();
    let ids_after = |address: &'static str| {
        let store = store.clone();
        let spring = spring.clone();
        let moment = moment.clone();
        async move {
            let session = store.session(spring.brand_id).await.unwrap();
            session.read_ahead(&engine::signup_reads(&spring, &email(address), None, &moment)).unwrap();
            let found = engine::participant_id_by_address(&*session, &spring, &email(address)).unwrap();
            (found, session.take_ids(&engine::SIGNUP_IDS).await.unwrap())
        }
    };
    let (found, ids) = ids_after("kim+news@example.com").await;
    assert_eq!(found, Some(known.id), "the same inbox");
    assert_eq!(ids, vec![known.id + 1, 3, 4], "the next ids: none was taken for the known address");
    let (found, ids) = ids_after("new@example.com").await;
    assert_eq!(found, None);
    assert_eq!(ids, vec![known.id + 2, 5, 6]);
    assert_eq!(store.next_id(IdKind::Participant).await.unwrap(), known.id + 3);
}

pub async fn participants_are_searched_by_email_text_and_referrer(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let bob = member(&store, "bob@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    let autumn = campaign(&store, &shop, 3, 1, false).await;
    let zoe = signup(&store, &spring, "Zoe@Example.com", None).await.participant;
    let yan = signup(&store, &spring, "yan@sample.org", Some(zoe.id)).await.participant;
    let xia = signup(&store, &spring, "xia@example.com", Some(zoe.id)).await.participant;
    let zoe_again = signup(&store, &autumn, "zoe@example.com", None).await.participant;
    let bobs = campaign(&store, &brand(&store, &bob, "bob.example").await, 3, 1, false).await;
    signup(&store, &bobs, "zoe@example.com", None).await;

    let ids =
        |found: (Vec<referrals::domain::Participant>, u64)| (found.0.iter().map(|p| p.id).collect::<Vec<_>>(), found.1);
    let filter = |email: Option<&str>, search: Option<&str>, referred_by: Option<u64>| ParticipantFilter {
        email: email.map(crate::fixtures::email),
        search: search.map(str::to_owned),
        referred_by,
    };
    let by_email = filter(Some("ZOE@example.com"), None, None);
    assert_eq!(
        ids(store.search_participants(ann.id, None, &by_email, page(1, 10)).await.unwrap()),
        (vec![zoe_again.id, zoe.id], 2)
    );
    assert_eq!(
        ids(store.search_participants(ann.id, Some(spring.id), &by_email, page(1, 10)).await.unwrap()),
        (vec![zoe.id], 1)
    );
    let text = filter(None, Some("example.com"), None);
    assert_eq!(
        ids(store.search_participants(ann.id, Some(spring.id), &text, page(1, 10)).await.unwrap()),
        (vec![xia.id, zoe.id], 2)
    );
    assert_eq!(
        ids(store.search_participants(ann.id, Some(spring.id), &text, page(2, 1)).await.unwrap()),
        (vec![zoe.id], 2),
        "a later page of a search, with the same total"
    );
    let upper = filter(None, Some("sample.org"), None);
    assert_eq!(
        ids(store.search_participants(ann.id, Some(spring.id), &upper, page(1, 10)).await.unwrap()),
        (vec![yan.id], 1)
    );
    let nobody = filter(None, Some("nobody"), None);
    assert_eq!(
        ids(store.search_participants(ann.id, Some(spring.id), &nobody, page(1, 10)).await.unwrap()),
        (vec![], 0)
    );
    let referred = filter(None, None, Some(zoe.id));
    assert_eq!(ids(store.search_participants(ann.id, None, &referred, page(1, 1)).await.unwrap()), (vec![xia.id], 2));
    assert_eq!(ids(store.search_participants(ann.id, None, &referred, page(2, 1)).await.unwrap()), (vec![yan.id], 2));
    let both = filter(None, Some("sample"), Some(zoe.id));
    assert_eq!(ids(store.search_participants(ann.id, None, &both, page(1, 10)).await.unwrap()), (vec![yan.id], 1));
    assert_eq!(
        ids(store.search_participants(ann.id, Some(spring.id), &referred, page(1, 10)).await.unwrap()),
        (vec![xia.id, yan.id], 2),
        "in a campaign too, newest first"
    );
    assert_eq!(
        ids(store.search_participants(ann.id, Some(spring.id), &both, page(1, 10)).await.unwrap()),
        (vec![yan.id], 1)
    );
    assert_eq!(
        ids(store.search_participants(ann.id, Some(autumn.id), &referred, page(1, 10)).await.unwrap()),
        (vec![], 0)
    );
    // Another member's campaign yields nothing, even named.
    assert_eq!(
        ids(store.search_participants(ann.id, Some(bobs.id), &by_email, page(1, 10)).await.unwrap()),
        (vec![], 0)
    );
    assert_eq!(ids(store.search_participants(ann.id, Some(bobs.id), &text, page(1, 10)).await.unwrap()), (vec![], 0));
    assert_eq!(
        ids(store.search_participants(bob.id, Some(bobs.id), &text, page(1, 10)).await.unwrap()).1,
        1,
        "its own member finds it"
    );
}
