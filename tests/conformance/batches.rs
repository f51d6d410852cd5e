//! Batched sessions: the signups of a batch group's brands sharing one transaction until it
//! is settled, each reading what the ones of its brand before it wrote, and answering only
//! once it commits; a signup whose brand's lock is held elsewhere waiting for it outside.

use referrals::domain::engine::{self, Moment, NewParticipant, ReferralEdge, Signed, SignupDecision, SignupIds};
use referrals::domain::ids::IdKind;
use referrals::domain::Campaign;
use referrals::store::SharedStorage;

use crate::fixtures::{brand, campaign, email, member, signup, unheard};

/// What a batched signup did: the participant it signed up, or its refusal, with the session
/// released.
enum Batched {
    Signed(Box<Signed>),
    Refused,
}

/// Signs `address` up through a batched session of the campaign's brand, as the brand's actor
/// does; the writes are committed into the brand's batch, or the session is released.
async fn batched_signup(store: &SharedStorage, campaign: &Campaign, address: &str, referrer: Option<u64>) -> Batched {
    let who = NewParticipant { email: email(address), name: "Friend".into(), domain: None, client: None };
    let ids = SignupIds {
        participant: store.next_id(IdKind::Participant).await.unwrap(),
        referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
        invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
    };
    let referral = referrer.map(|referrer_id| ReferralEdge { referrer_id, invited_id: None });
    let session = store.batched_session(campaign.brand_id, &[]).await.unwrap();
    let decision =
        engine::decide_signup(&*session, campaign, &who, referral, ids, &engine::Owner::default(), &Moment::now())
            .unwrap();
    match decision {
        Ok(SignupDecision::Created { signed, writes }) => {
            session.commit(&unheard(writes)).await.unwrap();
            Batched::Signed(signed)
        }
        _ => {
            session.release().await;
            Batched::Refused
        }
    }
}

fn signed(batched: Batched) -> Signed {
    match batched {
        Batched::Signed(signed) => *signed,
        Batched::Refused => panic!("the signup was refused"),
    }
}

pub async fn batched_signups_read_each_other_and_are_committed_when_settled(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 2, false).await;
    let referrer = signup(&store, &spring, "ref@example.com", None).await.participant;

    let one = signed(batched_signup(&store, &spring, "one@example.com", Some(referrer.id)).await);
    let ticket = store.settled(shop.id);
    // The second reads the first's writes: the referrer's count, and the first's address.
    let two = signed(batched_signup(&store, &spring, "two@example.com", Some(referrer.id)).await);
    let earned = two.referrer_reward.expect("the second of two referrals earns the reward");
    assert!(one.referrer_reward.is_none());
    assert!(matches!(batched_signup(&store, &spring, "ONE@example.com", None).await, Batched::Refused));
    if store.shared() {
        // Still in the open transaction: not committed, so not seen from elsewhere.
        assert!(store.participant(one.participant.id).await.unwrap().is_none(), "not committed before settling");
    }

    store.settle(shop.id).await.unwrap();
    ticket.wait().await.expect("the batch committed");
    store.settled(shop.id).wait().await.expect("nothing left open");
    assert_eq!(store.participant(one.participant.id).await.unwrap().map(|p| p.referred_by), Some(Some(referrer.id)));
    assert_eq!(store.participant(referrer.id).await.unwrap().unwrap().referrals, 2);
    assert_eq!(store.rewards_of(referrer.id).await.unwrap(), vec![earned]);
    let counters = store.counters(spring.id).await.unwrap();
    assert_eq!((counters.participants, counters.referrals, counters.rewards_issued), (3, 2, 1));
    // A decision of another kind after the batch is settled commits on its own.
    assert_eq!(signup(&store, &spring, "three@example.com", None).await.participant.seq, 4);
}

pub async fn a_failed_decision_rolls_its_batch_back_and_fails_its_tickets(store: SharedStorage) {
    if !store.shared() {
        // The embedded store commits every decision at once: there is no batch to fail.
        return;
    }
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;

    // A decision whose writes break a unique key (the same participant inserted again). A
    // batched decision's writes may be sent only with the brand's next signup's reads, or
    // with the commit: the failure shows at the latest when the batch is settled.
    for surfaces_at_next_signup in [false, true] {
        let address = format!("one{surfaces_at_next_signup}@example.com");
        let one = signed(batched_signup(&store, &spring, &address, None).await);
        let ticket = store.settled(shop.id);
        let session = store.batched_session(shop.id, &[]).await.unwrap();
        let copy = referrals::domain::Participant { id: one.participant.id + 1000, ..one.participant.clone() };
        let committed = session.commit(&[engine::Write::NewParticipant(copy)]).await;
        let failed = if committed.is_err() {
            true
        } else if surfaces_at_next_signup {
            store.batched_session(shop.id, &[]).await.is_err()
        } else {
            store.settle(shop.id).await.is_err()
        };
        assert!(failed, "the email's unique key refuses the second row");

        assert!(ticket.wait().await.is_err(), "the first signup's request must not answer 2xx");
        assert!(store.participant(one.participant.id).await.unwrap().is_none(), "the whole batch rolled back");
        store.settle(shop.id).await.expect("nothing left to settle");
        // The brand's next signup starts a transaction of its own.
        let fresh = signed(batched_signup(&store, &spring, &address, None).await);
        store.settle(shop.id).await.unwrap();
        assert_eq!(store.participant(fresh.participant.id).await.unwrap().map(|p| p.email), Some(address.clone()));
    }
    assert_eq!(store.counters(spring.id).await.unwrap().participants, 2, "only the fresh signups count");
}

/// A campaign on each of two brands of one batch group (see `DecisionStore::batch_group`),
/// whose batched signups share a transaction on a shared database.
async fn campaigns_of_one_group(store: &SharedStorage) -> (Campaign, Campaign) {
    let ann = member(store, "ann@example.com").await;
    let first = brand(store, &ann, "first.example").await;
    for n in 0..16 {
        let other = brand(store, &ann, &format!("shop{n}.example")).await;
        if store.batch_group(other.id) == store.batch_group(first.id) {
            return (campaign(store, &first, 3, 1, false).await, campaign(store, &other, 3, 1, false).await);
        }
    }
    panic!("no two of 17 brands share a batch group");
}

pub async fn signups_of_several_brands_share_a_transaction_until_settled(store: SharedStorage) {
    if !store.shared() {
        // The embedded store commits every decision at once: nothing is shared.
        return;
    }
    let (spring, autumn) = campaigns_of_one_group(&store).await;
    let (first, second) = (spring.brand_id, autumn.brand_id);

    let one = signed(batched_signup(&store, &spring, "one@example.com", None).await);
    let first_ticket = store.settled(first);
    // The same address at the other brand is another person: created, in the same transaction.
    let other = signed(batched_signup(&store, &autumn, "one@example.com", None).await);
    let second_ticket = store.settled(second);
    // Each brand reads its own earlier signup in it.
    assert!(matches!(batched_signup(&store, &spring, "ONE@example.com", None).await, Batched::Refused));
    let refusal_ticket = store.settled(first);
    for id in [one.participant.id, other.participant.id] {
        assert!(store.participant(id).await.unwrap().is_none(), "not committed before settling");
    }

    // Settling either brand commits the transaction both are in.
    store.settle(second).await.unwrap();
    for ticket in [first_ticket, second_ticket, refusal_ticket] {
        ticket.wait().await.expect("the shared transaction committed");
    }
    assert_eq!(store.participant(one.participant.id).await.unwrap().map(|p| p.campaign_id), Some(spring.id));
    assert_eq!(store.participant(other.participant.id).await.unwrap().map(|p| p.campaign_id), Some(autumn.id));
    assert_eq!(store.counters(spring.id).await.unwrap().participants, 1);
    assert_eq!(store.counters(autumn.id).await.unwrap().participants, 1);
    store.settled(first).wait().await.expect("nothing left open");
}

pub async fn a_signup_whose_brand_is_locked_elsewhere_waits_outside_its_group(store: SharedStorage) {
    if !store.shared() {
        // Brand locks are the shared database's: the embedded store's actor serialises.
        return;
    }
    let (spring, autumn) = campaigns_of_one_group(&store).await;
    let (first, second) = (spring.brand_id, autumn.brand_id);

    // The second brand's signup leaves the group's transaction open; then another decision
    // (as another server's would) holds the first brand's lock.
    let early = signed(batched_signup(&store, &autumn, "early@example.com", None).await);
    let early_ticket = store.settled(second);
    let holder = store.session(first).await.unwrap();
    let waiting = tokio::spawn({
        let (store, spring) = (store.clone(), spring.clone());
        async move {
            let outcome = batched_signup(&store, &spring, "waits@example.com", None).await;
            (outcome, store.settled(spring.brand_id))
        }
    });
    wait_for_a_lock_wait(first).await;

    // The group's transaction is not held up by the waiting signup: the second brand's next
    // signup continues it.
    let next = tokio::time::timeout(
        std::time::Duration::from_secs(10),
        batched_signup(&store, &autumn, "next@example.com", None),
    )
    .await
    .expect("a signup of another brand of the group is not held up by a wait for a lock");
    let next = signed(next);
    assert!(!waiting.is_finished(), "the first brand's signup waits for its lock");

    holder.release().await;
    let (waited, waited_ticket) = waiting.await.unwrap();
    let waited = signed(waited);
    // It committed in a transaction of its own, not in the group's still open one.
    waited_ticket.wait().await.unwrap();
    assert!(store.participant(waited.participant.id).await.unwrap().is_some());
    assert!(store.participant(next.participant.id).await.unwrap().is_none(), "the group's is still open");
    store.settle(second).await.unwrap();
    early_ticket.wait().await.unwrap();
    for id in [early.participant.id, next.participant.id] {
        assert!(store.participant(id).await.unwrap().is_some());
    }
}

/// Waits until a transaction waits for the brand's lock (PostgreSQL's `pg_locks`, on a
/// database of this test process), for at most ten seconds.
async fn wait_for_a_lock_wait(brand_id: u64) {
    let url = crate::postgres::server().expect("a PostgreSQL server");
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await.expect("connect");
    tokio::spawn(connection);
    let databases = format!("test_{}_%", std::process::id());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let row = client
            .query_one(
                "SELECT count(*) AS waiting FROM pg_locks l JOIN pg_database d ON d.oid = l.database \
                 WHERE l.locktype = 'advisory' AND NOT l.granted AND l.objid::text::bigint = $1 AND d.datname LIKE $2",
                &[&(brand_id as i64), &databases],
            )
            .await
            .expect("read pg_locks");
        if row.get::<_, i64>("waiting") > 0 {
            return;
        }
        assert!(std::time::Instant::now() < deadline, "no transaction waits for the brand's lock");
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
}
