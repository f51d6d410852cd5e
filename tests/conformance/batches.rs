//! Batched sessions: a brand's signups sharing one transaction until it is settled, each
//! reading what the ones before it wrote, and answering only once it commits.

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
