//! Payouts: committed through a session, found by id and by page, a reward held by one
//! payout at most (a second payout of it fails its whole commit), freed when its payout
//! fails, and purged with the campaign.

use referrals::domain::engine::{self, Moment};
use referrals::domain::ids::IdKind;
use referrals::domain::payout::{Payout, PayoutMove, PayoutStatus};
use referrals::domain::{Campaign, RewardType};
use referrals::store::SharedStorage;

use crate::fixtures::{brand, campaign, member, page, signup, unheard};

/// Requests the campaign's payouts through a session and commits them.
async fn request(store: &SharedStorage, campaign: &Campaign) -> Vec<Payout> {
    let session = store.session(campaign.brand_id).await.unwrap();
    let balances = engine::payable(&*session, campaign, None).unwrap();
    let ids = session.take_ids(&vec![IdKind::Payout; balances.len()]).await.unwrap();
    let (payouts, writes) = engine::decide_payouts(&*session, campaign, balances, &ids, &Moment::now()).unwrap();
    session.commit(&unheard(writes)).await.unwrap();
    payouts
}

pub async fn a_reward_is_held_by_one_payout_at_most_and_freed_when_it_fails(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let bob = member(&store, "bob@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let cash = Campaign {
        reward_type: RewardType::Cash,
        reward_value: Some("12.50".into()),
        ..campaign(&store, &shop, 3, 1, false).await
    };
    store.save_campaign(&cash).await.unwrap();
    let referrer = signup(&store, &cash, "ref@example.com", None).await.participant;
    signup(&store, &cash, "a@example.com", Some(referrer.id)).await;
    signup(&store, &cash, "b@example.com", Some(referrer.id)).await;

    let payouts = request(&store, &cash).await;
    assert_eq!(payouts.len(), 1);
    let payout = payouts[0].clone();
    assert_eq!((payout.participant_id, payout.amount_cents, payout.reward_ids.len()), (referrer.id, 2_500, 2));
    assert_eq!(store.payout(ann.id, payout.id).await.unwrap(), Some(payout.clone()));
    assert_eq!(store.payout(bob.id, payout.id).await.unwrap(), None, "another member's");
    let requested = store.payouts_of_member(ann.id, Some(cash.id), Some(PayoutStatus::Requested), page(1, 10));
    assert_eq!(requested.await.unwrap(), (vec![payout.clone()], 1));
    let paid = store.payouts_of_member(ann.id, None, Some(PayoutStatus::Paid), page(1, 10));
    assert_eq!(paid.await.unwrap(), (vec![], 0));
    assert!(request(&store, &cash).await.is_empty(), "nothing left due");

    // A second payout of the same reward is refused by the store, whole.
    let id = store.next_id(IdKind::Payout).await.unwrap();
    let twice = Payout { id, reward_ids: vec![payout.reward_ids[0]], amount_cents: 1_250, ..payout.clone() };
    let session = store.session(shop.id).await.unwrap();
    assert!(session.commit(&[engine::Write::NewPayout(twice)]).await.is_err(), "a reward in two payouts");
    assert_eq!(store.payout(ann.id, id).await.unwrap(), None, "nothing of it was written");
    let session = store.session(shop.id).await.unwrap();
    assert_eq!(session.payout_holding(cash.id, payout.reward_ids[0]).unwrap(), Some(payout.id));
    assert!(session.unpaid_cash_rewards(cash.id).unwrap().is_empty());

    // Failed, it lets its rewards go.
    let failed = PayoutMove::Failed { reason: "no such account".into() };
    let decided = engine::decide_payout_move(&*session, ann.id, cash.id, payout.id, &failed, &Moment::now());
    let (moved, writes) = decided.unwrap().unwrap();
    session.commit(&unheard(writes)).await.unwrap();
    assert_eq!(store.payout(ann.id, payout.id).await.unwrap(), Some(moved));
    let session = store.session(shop.id).await.unwrap();
    assert_eq!(session.payout_holding(cash.id, payout.reward_ids[0]).unwrap(), None);
    let unpaid: Vec<u64> = session.unpaid_cash_rewards(cash.id).unwrap().iter().map(|r| r.id).collect();
    assert_eq!(unpaid, payout.reward_ids);
    drop(session);
    let again = request(&store, &cash).await;
    assert_eq!((again.len(), &again[0].reward_ids), (1, &payout.reward_ids));

    store.delete_campaign(&cash).await.unwrap();
    assert_eq!(store.payout(ann.id, again[0].id).await.unwrap(), None);
    assert_eq!(
        store.payouts_of_member(ann.id, None, None, page(1, 10)).await.unwrap().1,
        0,
        "purged with the campaign"
    );
}
