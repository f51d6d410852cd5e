//! Rewards through their lifecycle: found by id and by filter across a member's campaigns,
//! holds found when they end, issued ones in the order of their issue, and the indexes
//! following every move.

use referrals::domain::engine::{self, Moment, DAY_MS};
use referrals::domain::reward::{RewardAction, RewardFilter};
use referrals::domain::{Campaign, RewardStatus};
use referrals::store::SharedStorage;

use crate::fixtures::{brand, campaign, member, page, signup, unheard};

/// Decides and commits an owner's move.
async fn act(store: &SharedStorage, member_id: u64, participant_id: u64, reward_id: u64, action: RewardAction) {
    let campaign_brand = store.reward(member_id, reward_id).await.unwrap().expect("the reward").brand_id;
    let session = store.session(campaign_brand).await.unwrap();
    let decided =
        engine::decide_reward_action(&*session, member_id, participant_id, reward_id, action, "why", &Moment::now())
            .unwrap()
            .expect("the move applies");
    session.commit(&unheard(decided.1)).await.unwrap();
}

pub async fn rewards_are_found_filtered_and_released_through_their_indexes(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let bob = member(&store, "bob@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let held = Campaign { hold_days: 3, ..campaign(&store, &shop, 3, 1, false).await };
    store.save_campaign(&held).await.unwrap();
    let other = campaign(&store, &shop, 3, 1, false).await;
    let referrer = signup(&store, &held, "ref@example.com", None).await.participant;
    let first = signup(&store, &held, "a@example.com", Some(referrer.id)).await.referrer_reward.unwrap();
    let second = signup(&store, &held, "b@example.com", Some(referrer.id)).await.referrer_reward.unwrap();
    let elsewhere = signup(&store, &other, "c@example.com", None).await.participant;
    let issued = signup(&store, &other, "d@example.com", Some(elsewhere.id)).await.referrer_reward.unwrap();
    assert_eq!((first.status, issued.status), (RewardStatus::Held, RewardStatus::Issued));

    assert_eq!(store.reward(ann.id, first.id).await.unwrap(), Some(first.clone()));
    assert_eq!(store.reward(bob.id, first.id).await.unwrap(), None, "another member's");
    let all = |filter| store.rewards_of_member(ann.id, filter, page(1, 10));
    let ids = |found: &(Vec<referrals::domain::Reward>, u64)| found.0.iter().map(|r| r.id).collect::<Vec<_>>();
    let everything = all(RewardFilter::default()).await.unwrap();
    assert_eq!((ids(&everything), everything.1), (vec![issued.id, second.id, first.id], 3), "newest first");
    let queue = all(RewardFilter { status: Some(RewardStatus::Held), ..Default::default() }).await.unwrap();
    assert_eq!(ids(&queue), vec![second.id, first.id]);
    let review = RewardFilter { status: Some(RewardStatus::Held), oldest_first: true, ..Default::default() };
    assert_eq!(ids(&all(review).await.unwrap()), vec![first.id, second.id], "a review queue, oldest first");
    let (oldest, total) = store
        .rewards_of_member(ann.id, RewardFilter { oldest_first: true, ..Default::default() }, page(2, 2))
        .await
        .unwrap();
    assert_eq!((oldest.iter().map(|r| r.id).collect::<Vec<_>>(), total), (vec![issued.id], 3), "paged from the oldest");
    let by_campaign = all(RewardFilter { campaign_id: Some(other.id), ..Default::default() }).await.unwrap();
    assert_eq!(ids(&by_campaign), vec![issued.id]);
    let by_participant = all(RewardFilter { participant_id: Some(referrer.id), ..Default::default() }).await.unwrap();
    assert_eq!(by_participant.1, 2);
    let (paged, total) = store.rewards_of_member(ann.id, RewardFilter::default(), page(2, 2)).await.unwrap();
    assert_eq!((paged.iter().map(|r| r.id).collect::<Vec<_>>(), total), (vec![first.id], 3));
    assert_eq!(store.rewards_of_member(bob.id, RewardFilter::default(), page(1, 10)).await.unwrap().1, 0);

    // Holds: none due now, both due after three days; a move takes a reward out of them.
    let now = Moment::now().unix_ms;
    assert!(store.due_holds(now, 10).await.unwrap().is_empty());
    let due = store.due_holds(now + 3 * DAY_MS + 1_000, 10).await.unwrap();
    assert_eq!(due.iter().map(|h| h.reward_id).collect::<Vec<_>>(), vec![first.id, second.id], "soonest first");
    assert_eq!((due[0].brand_id, due[0].member_id, due[0].participant_id), (shop.id, ann.id, referrer.id));
    assert_eq!(store.due_holds(now + 4 * DAY_MS, 1).await.unwrap().len(), 1, "at most the limit");
    act(&store, ann.id, referrer.id, first.id, RewardAction::Approve).await;
    let due = store.due_holds(now + 4 * DAY_MS, 10).await.unwrap();
    assert_eq!(due.iter().map(|h| h.reward_id).collect::<Vec<_>>(), vec![second.id]);
    let approved = store.reward(ann.id, first.id).await.unwrap().unwrap();
    assert_eq!(approved.status, RewardStatus::Issued);
    let issued_now = all(RewardFilter { status: Some(RewardStatus::Issued), ..Default::default() }).await.unwrap();
    assert_eq!(ids(&issued_now), vec![issued.id, first.id], "the index follows the move");
    let order = |found: Vec<referrals::domain::Reward>| found.iter().map(|r| r.id).collect::<Vec<_>>();
    let issued_order = order(store.issued_rewards(ann.id, None, 10).await.unwrap());
    assert_eq!(issued_order, vec![first.id, issued.id], "the latest issue first, whatever the ids");
    assert_eq!(order(store.issued_rewards(ann.id, Some(other.id), 10).await.unwrap()), vec![issued.id]);
    assert_eq!(order(store.issued_rewards(ann.id, None, 1).await.unwrap()), vec![first.id]);
    assert!(store.issued_rewards(bob.id, None, 10).await.unwrap().is_empty());
    act(&store, ann.id, referrer.id, second.id, RewardAction::Void).await;
    assert!(store.due_holds(now + 4 * DAY_MS, 10).await.unwrap().is_empty());
    let counters = store.counters(held.id).await.unwrap().rewards;
    assert_eq!((counters.held, counters.issued, counters.voided), (0, 1, 1));

    // A deleted campaign's rewards are gone from every read.
    store.delete_campaign(&held).await.unwrap();
    assert_eq!(store.reward(ann.id, first.id).await.unwrap(), None);
    assert_eq!(all(RewardFilter::default()).await.unwrap().1, 1);
    assert_eq!(order(store.issued_rewards(ann.id, None, 10).await.unwrap()), vec![issued.id]);
}
