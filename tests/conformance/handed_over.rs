//! A brand's decisions in a batch (`referrals::store::Batch`), as its actor makes them: each
//! reading what the ones before it staged, answered once the batch is committed; a failing
//! decision failing no other brand's; a batch whose brand's lock is held elsewhere waiting
//! for it without holding up other brands.

use referrals::domain::client_print::RateKey;
use referrals::domain::engine::{self, Moment, NewParticipant, ReferralEdge, Signed, SignupDecision, SignupIds};
use referrals::domain::ids::IdKind;
use referrals::domain::leaderboard::Board;
use referrals::domain::Campaign;
use referrals::store::{Batch, BrandSession, Committed, SharedStorage, StoreError, Verdict};

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

impl TestSignup {
    /// Decides through `session`: the participant signed up; `None` when the engine refused.
    fn decide(&self, session: &(dyn BrandSession + '_)) -> Verdict<Option<Box<Signed>>> {
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

/// What a staged signup answers once its batch is committed.
type Staged = Committed<Option<Box<Signed>>>;

/// Stages `signup` in `batch`, as the brand's actor does: reads through the batch's session,
/// decides, stages the verdict.
async fn stage(batch: &mut Batch, signup: &TestSignup) -> Result<Staged, StoreError> {
    let session = batch.session(&[]).await?;
    let verdict = signup.decide(session);
    batch.stage(verdict).await
}

/// One signup in a batch of its own, committed; its outcome.
async fn decide_alone(
    store: &SharedStorage,
    brand_id: u64,
    signup: TestSignup,
) -> Result<Option<Box<Signed>>, StoreError> {
    let mut batch = Batch::open(store, brand_id).await?;
    let staged = stage(&mut batch, &signup).await?;
    batch.commit().await?;
    staged.outcome().await
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

    // One batch, committed once: each decision reads the writes of those before it.
    let mut batch = Batch::open(&store, shop.id).await.unwrap();
    let one = stage(&mut batch, &test_signup(&store, &spring, "one@example.com", Some(referrer.id)).await).await;
    let two = stage(&mut batch, &test_signup(&store, &spring, "two@example.com", Some(referrer.id)).await).await;
    let again = stage(&mut batch, &test_signup(&store, &spring, "ONE@example.com", None).await).await;
    assert_eq!(batch.len(), 3);
    batch.commit().await.unwrap();
    let (one, two, again) =
        (one.unwrap().outcome().await.unwrap(), two.unwrap().outcome().await.unwrap(), again.unwrap().outcome().await);
    let (one, two) = (one.expect("signed up"), two.expect("signed up"));
    assert!(one.referrer_reward.is_none());
    let earned = two.referrer_reward.clone().expect("the second of two referrals earns the reward");
    assert!(again.unwrap().is_none(), "the first's address is taken");

    // Answered: committed, for every reader.
    assert_eq!(store.participant(one.participant.id).await.unwrap().map(|p| p.referred_by), Some(Some(referrer.id)));
    assert_eq!(store.participant(referrer.id).await.unwrap().unwrap().referrals, 2);
    assert_eq!(store.rewards_of(referrer.id).await.unwrap(), vec![earned]);
    let counters = store.counters(spring.id).await.unwrap();
    assert_eq!((counters.participants, counters.referrals, counters.rewards_issued), (3, 2, 1));

    // A batch dropped before its commit answers its decisions that it was not committed.
    let mut dropped = Batch::open(&store, shop.id).await.unwrap();
    let lost = stage(&mut dropped, &test_signup(&store, &spring, "lost@example.com", None).await).await.unwrap();
    drop(dropped);
    assert!(matches!(lost.outcome().await, Err(StoreError::Closed)));
}

/// A batch's decisions share a transaction (on PostgreSQL: they waited for the brand's lock
/// held elsewhere) and write the numbers they move once, with the commit; each reads them as
/// the ones before it left them: the roster position (the participants' count), the
/// referrer's standing, the board's top, the referrer's velocity window.
pub async fn decisions_sharing_a_transaction_read_the_numbers_the_ones_before_moved(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 2, false).await;
    let referrer = signup(&store, &spring, "ref@example.com", None).await.participant;
    let rival = signup(&store, &spring, "rival@example.com", None).await.participant;
    let mut signups = vec![test_signup(&store, &spring, "rivals.friend@example.com", Some(rival.id)).await];
    for n in 0..4 {
        signups.push(test_signup(&store, &spring, &format!("friend{n}@example.com"), Some(referrer.id)).await);
    }

    // The batch's first decision waits for the lock; the rest follow in its transaction.
    let holder = match store.shared() {
        true => Some(store.session(shop.id).await.unwrap()),
        false => None,
    };
    let batch = {
        let store = store.clone();
        tokio::spawn(async move {
            let mut batch = Batch::open(&store, shop.id).await.unwrap();
            let mut staged = Vec::new();
            for signup in &signups {
                staged.push(stage(&mut batch, signup).await.unwrap());
            }
            batch.commit().await.unwrap();
            staged
        })
    };
    if let Some(holder) = holder {
        wait_for_a_lock_wait(shop.id).await;
        holder.release().await;
    }
    let mut positions = vec![referrer.seq, rival.seq];
    for staged in batch.await.unwrap() {
        positions.push(staged.outcome().await.unwrap().expect("signed").participant.seq);
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

    // On each brand a batch: on the first, a signup, then a decision its database refuses,
    // then another signup; the other brand's signups are staged in between.
    let mut bad = test_signup(&store, &spring, "unused@example.com", None).await;
    bad.copy_of = Some(first.clone());
    let (mut failing, mut fine) =
        (Batch::open(&store, shop.id).await.unwrap(), Batch::open(&store, other.id).await.unwrap());
    let before = stage(&mut failing, &test_signup(&store, &spring, "before@example.com", None).await).await;
    let elsewhere = stage(&mut fine, &test_signup(&store, &autumn, "a@example.com", None).await).await.unwrap();
    let refused = stage(&mut failing, &bad).await;
    let more = stage(&mut fine, &test_signup(&store, &autumn, "b@example.com", None).await).await.unwrap();
    let after = stage(&mut failing, &test_signup(&store, &spring, "after@example.com", None).await).await;
    let (failed, committed) = (failing.commit().await, fine.commit().await);

    committed.expect("the other brand's batch commits");
    for (what, staged) in [("elsewhere", elsewhere), ("more", more)] {
        let signed = staged.outcome().await.unwrap_or_else(|e| panic!("the other brand's signup {what} failed: {e}"));
        assert!(store.participant(signed.expect("signed").participant.id).await.unwrap().is_some());
    }
    let answers = [before, refused, after].map(|staged| async move { staged?.outcome().await });
    if store.shared() {
        // The email's unique key refuses the copy, and the batch's transaction with it: none
        // of the brand's decisions in it was written.
        assert!(matches!(failed, Err(StoreError::Database(_) | StoreError::Unavailable(_))), "{failed:?}");
        for answer in answers {
            match answer.await {
                Err(StoreError::Database(_) | StoreError::Unavailable(_)) => {}
                other => panic!("a decision of the failed batch: {other:?}"),
            }
        }
        assert_eq!(store.counters(spring.id).await.unwrap().participants, 1);
    } else {
        // The embedded store has no unique key to refuse it: it is written like any decision.
        failed.unwrap();
        for answer in answers {
            answer.await.unwrap();
        }
    }
    // And the brand goes on.
    let next = decide_alone(&store, shop.id, test_signup(&store, &spring, "next@example.com", None).await).await;
    let next = next.unwrap().expect("signed");
    assert!(store.participant(next.participant.id).await.unwrap().is_some());
}

pub async fn a_decision_whose_brand_is_locked_elsewhere_waits_alone(store: SharedStorage) {
    if !store.shared() {
        // Brand locks are the shared database's: on the embedded store, the actor serialises.
        return;
    }
    let ann = member(&store, "ann@example.com").await;
    let (shop, other) = (brand(&store, &ann, "shop.example").await, brand(&store, &ann, "other.example").await);
    let (spring, autumn) = (campaign(&store, &shop, 3, 1, false).await, campaign(&store, &other, 3, 1, false).await);

    // Another decision of the brand (as another server's would be) holds its lock.
    let holder = store.session(shop.id).await.unwrap();
    let waits = test_signup(&store, &spring, "waits@example.com", None).await;
    let waiting = {
        let store = store.clone();
        tokio::spawn(async move { decide_alone(&store, shop.id, waits).await })
    };
    wait_for_a_lock_wait(shop.id).await;

    let elsewhere = test_signup(&store, &autumn, "elsewhere@example.com", None).await;
    let elsewhere = tokio::time::timeout(std::time::Duration::from_secs(10), decide_alone(&store, other.id, elsewhere))
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
