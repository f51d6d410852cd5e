//! Decisions handed to the store (`referrals::store::decide`): a brand's decisions decided
//! one after another in the order handed over, each reading what the ones before it wrote,
//! answered once committed; a failing decision failing no other brand's; a decision whose
//! brand's lock is held elsewhere waiting for it without holding up other brands.

use referrals::domain::client_print::RateKey;
use referrals::domain::engine::{self, Moment, NewParticipant, ReferralEdge, Signed, SignupDecision, SignupIds};
use referrals::domain::ids::IdKind;
use referrals::domain::leaderboard::Board;
use referrals::domain::Campaign;
use referrals::store::{BrandSession, Decision, SharedStorage, StoreError, Verdict};

use crate::fixtures::{brand, campaign, email, member, signup, unheard};

/// A signup decided by the engine, as the brand actor hands one over; or, with `copy_of`, a
/// decision that inserts that participant again under another id (its email's unique key
/// refuses it on a database that has one).
struct TestSignup {
    campaign: Campaign,
    who: NewParticipant,
    referral: Option<ReferralEdge>,
    ids: SignupIds,
    copy_of: Option<referrals::domain::Participant>,
}

#[async_trait::async_trait]
impl Decision for TestSignup {
    /// The participant signed up; `None` when the engine refused.
    type Outcome = Option<Box<Signed>>;

    async fn decide(&mut self, session: &(dyn BrandSession + '_)) -> Verdict<Self::Outcome> {
        if let Some(copy) = &self.copy_of {
            let copy = referrals::domain::Participant { id: copy.id + 1000, ..copy.clone() };
            return Verdict::write(vec![engine::Write::NewParticipant(copy)], None);
        }
        let decided = engine::decide_signup(
            session,
            &self.campaign,
            &self.who,
            self.referral,
            self.ids,
            &Default::default(),
            &Moment::now(),
        )
        .expect("the engine reads");
        match decided {
            Ok(SignupDecision::Created { signed, writes }) => Verdict::write(unheard(writes), Some(signed)),
            _ => Verdict::nothing(None),
        }
    }
}

async fn test_signup(store: &SharedStorage, campaign: &Campaign, address: &str, referrer: Option<u64>) -> TestSignup {
    let who =
        NewParticipant { email: email(address), name: "Friend".into(), domain: None, client: None, language: None };
    let ids = SignupIds {
        participant: store.next_id(IdKind::Participant).await.unwrap(),
        referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
        invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
    };
    let referral = referrer.map(|referrer_id| ReferralEdge { referrer_id, invited_id: None });
    TestSignup { campaign: campaign.clone(), who, referral, ids, copy_of: None }
}

pub async fn a_brands_decisions_run_in_order_and_read_each_other(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 2, false).await;
    let referrer = signup(&store, &spring, "ref@example.com", None).await.participant;

    // All handed over before any is awaited: each reads the writes of those before it.
    let one = referrals::store::decide(
        &store,
        shop.id,
        test_signup(&store, &spring, "one@example.com", Some(referrer.id)).await,
    );
    let two = referrals::store::decide(
        &store,
        shop.id,
        test_signup(&store, &spring, "two@example.com", Some(referrer.id)).await,
    );
    let again = referrals::store::decide(&store, shop.id, test_signup(&store, &spring, "ONE@example.com", None).await);
    let (one, two, again) = (one.await.unwrap(), two.await.unwrap(), again.await.unwrap());
    let (one, two) = (one.expect("signed up"), two.expect("signed up"));
    assert!(one.referrer_reward.is_none());
    let earned = two.referrer_reward.clone().expect("the second of two referrals earns the reward");
    assert!(again.is_none(), "the first's address is taken");

    // Answered: committed, for every reader.
    assert_eq!(store.participant(one.participant.id).await.unwrap().map(|p| p.referred_by), Some(Some(referrer.id)));
    assert_eq!(store.participant(referrer.id).await.unwrap().unwrap().referrals, 2);
    assert_eq!(store.rewards_of(referrer.id).await.unwrap(), vec![earned]);
    let counters = store.counters(spring.id).await.unwrap();
    assert_eq!((counters.participants, counters.referrals, counters.rewards_issued), (3, 2, 1));
}

/// A busy brand's decisions that share a transaction (on PostgreSQL: they queued while the
/// brand's lock was held elsewhere) write the numbers they move once, with the last one; each
/// reads them as the ones before it left them: the roster position (the participants'
/// count), the referrer's standing, the board's top, the referrer's velocity window.
pub async fn decisions_sharing_a_transaction_read_the_numbers_the_ones_before_moved(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 2, false).await;
    let referrer = signup(&store, &spring, "ref@example.com", None).await.participant;
    let rival = signup(&store, &spring, "rival@example.com", None).await.participant;
    let mut friends = Vec::new();
    for n in 0..4 {
        friends.push(test_signup(&store, &spring, &format!("friend{n}@example.com"), Some(referrer.id)).await);
    }
    let rivals_friend = test_signup(&store, &spring, "rivals.friend@example.com", Some(rival.id)).await;

    // The first decision waits for the lock; the rest queue behind it, one round.
    let holder = match store.shared() {
        true => Some(store.session(shop.id).await.unwrap()),
        false => None,
    };
    let first = referrals::store::decide(&store, shop.id, rivals_friend);
    if holder.is_some() {
        wait_for_a_lock_wait(shop.id).await;
    }
    let answers: Vec<_> = friends.into_iter().map(|friend| referrals::store::decide(&store, shop.id, friend)).collect();
    if let Some(holder) = holder {
        holder.release().await;
    }
    let first = first.await.unwrap().expect("signed").participant;
    let mut positions = vec![referrer.seq, rival.seq, first.seq];
    for answer in answers {
        positions.push(answer.await.unwrap().expect("signed").participant.seq);
    }
    positions.sort_unstable();
    positions.dedup();
    assert_eq!(positions.len(), 7, "each in a roster position of their own: {positions:?}");

    let counters = store.counters(spring.id).await.unwrap();
    assert_eq!((counters.participants, counters.referrals), (7, 5));
    let session = store.session(shop.id).await.unwrap();
    let standing = session.standing(spring.id, Board::All, referrer.id).unwrap().expect("on the board");
    assert_eq!(standing.count, 4, "{standing:?}");
    let top = session.board_top(spring.id, Board::All, 1).unwrap();
    assert_eq!(top, vec![(referrer.id, standing)], "past the rival, who was first on the board");
    assert_eq!(session.recent(spring.id, &RateKey::Referrer(referrer.id)).unwrap().len(), 4);
    session.release().await;
}

pub async fn a_failing_decision_fails_no_other_brands(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let (shop, other) = (brand(&store, &ann, "shop.example").await, brand(&store, &ann, "other.example").await);
    let (spring, autumn) = (campaign(&store, &shop, 3, 1, false).await, campaign(&store, &other, 3, 1, false).await);
    let first = signup(&store, &spring, "first@example.com", None).await.participant;

    // On each brand: a signup, then (on the first brand) a decision its database refuses,
    // then another signup; the other brand's signups are handed over in between.
    let mut bad = test_signup(&store, &spring, "unused@example.com", None).await;
    bad.copy_of = Some(first.clone());
    let before =
        referrals::store::decide(&store, shop.id, test_signup(&store, &spring, "before@example.com", None).await);
    let elsewhere =
        referrals::store::decide(&store, other.id, test_signup(&store, &autumn, "a@example.com", None).await);
    let refused = referrals::store::decide(&store, shop.id, bad);
    let more = referrals::store::decide(&store, other.id, test_signup(&store, &autumn, "b@example.com", None).await);
    let after =
        referrals::store::decide(&store, shop.id, test_signup(&store, &spring, "after@example.com", None).await);

    for (what, answer) in [("elsewhere", elsewhere.await), ("more", more.await)] {
        let signed = answer.unwrap_or_else(|e| panic!("the other brand's signup {what} failed: {e}")).expect("signed");
        assert!(store.participant(signed.participant.id).await.unwrap().is_some());
    }
    if store.shared() {
        assert!(refused.await.is_err(), "the email's unique key refuses the copy");
    } else {
        // The embedded store has no unique key to refuse it: it is written like any decision.
        refused.await.unwrap();
    }
    // The brand's decisions that shared its transaction failed with it, and wrote nothing;
    // those that did not were committed.
    for answer in [before.await, after.await] {
        match answer {
            Ok(signed) => {
                let signed = signed.expect("signed");
                assert!(store.participant(signed.participant.id).await.unwrap().is_some());
            }
            Err(StoreError::Database(_) | StoreError::Unavailable(_)) => {}
            Err(e) => panic!("unexpected failure: {e}"),
        }
    }
    // And the brand goes on.
    let next = referrals::store::decide(&store, shop.id, test_signup(&store, &spring, "next@example.com", None).await);
    let next = next.await.unwrap().expect("signed");
    assert!(store.participant(next.participant.id).await.unwrap().is_some());
}

pub async fn a_decision_whose_brand_is_locked_elsewhere_waits_alone(store: SharedStorage) {
    if !store.shared() {
        // Brand locks are the shared database's: the embedded store's writer serialises.
        return;
    }
    let ann = member(&store, "ann@example.com").await;
    let (shop, other) = (brand(&store, &ann, "shop.example").await, brand(&store, &ann, "other.example").await);
    let (spring, autumn) = (campaign(&store, &shop, 3, 1, false).await, campaign(&store, &other, 3, 1, false).await);

    // Another decision of the brand (as another server's would be) holds its lock.
    let holder = store.session(shop.id).await.unwrap();
    let waiting =
        referrals::store::decide(&store, shop.id, test_signup(&store, &spring, "waits@example.com", None).await);
    let waiting = tokio::spawn(waiting);
    wait_for_a_lock_wait(shop.id).await;

    let elsewhere = test_signup(&store, &autumn, "elsewhere@example.com", None).await;
    let elsewhere =
        tokio::time::timeout(std::time::Duration::from_secs(10), referrals::store::decide(&store, other.id, elsewhere))
            .await
            .expect("another brand's decision is not held up by a wait for a lock")
            .unwrap()
            .expect("signed");
    assert!(store.participant(elsewhere.participant.id).await.unwrap().is_some());
    assert!(!waiting.is_finished(), "the first brand's decision waits for its lock");

    holder.release().await;
    let waited = waiting.await.unwrap().unwrap().expect("signed");
    assert!(store.participant(waited.participant.id).await.unwrap().is_some());
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
