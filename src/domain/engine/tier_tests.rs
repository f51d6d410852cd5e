//! Milestone tiers ([`crate::domain::tiers`]) as stories on an in-memory brand: each tier is
//! earned once, at its count, with its own reward; a coupon tier waits on an empty pool.

use proptest::prelude::*;

use super::tests::{campaign, World};
use super::*;
use crate::domain::tiers::Tier;

fn tier(referrals: u32, reward_type: RewardType, value: Option<&str>) -> Tier {
    Tier { referrals, reward_type, reward_value: value.map(str::to_owned) }
}

/// A coupon at the 1st referral, cash 20.00 at the 5th, a message at the 10th.
fn tiered() -> World {
    let mut campaign = campaign(RewardType::Cash, 1, false);
    campaign.tiers = vec![
        tier(1, RewardType::Coupon, None),
        tier(5, RewardType::Cash, Some("20.00")),
        tier(10, RewardType::Message, Some("You made it")),
    ];
    World::new(campaign)
}

/// The referrer's rewards: (the referral that earned it, kind, value, status).
fn earned(world: &World, referrer: u64) -> Vec<(u64, RewardType, Option<String>, RewardStatus)> {
    let seq = |id: Option<u64>| world.brand.participants[&id.unwrap()].seq - 1;
    let mut rewards: Vec<_> = world
        .brand
        .rewards
        .values()
        .filter(|r| r.participant_id == referrer)
        .map(|r| (seq(r.trigger_participant_id), r.kind, r.value.clone(), r.status))
        .collect();
    rewards.sort_by_key(|r| r.0);
    rewards
}

#[test]
fn tiers_one_five_and_ten_earn_three_rewards_once_each() {
    let mut world = tiered();
    world.upload(&["FIRST"]);
    let ann = world.join("ann@example.com").participant;
    for n in 1..=12 {
        world.referred(&format!("f{n}@example.com"), Some(ann.id));
    }
    assert_eq!(
        earned(&world, ann.id),
        [
            (1, RewardType::Coupon, Some("FIRST".into()), RewardStatus::Issued),
            (5, RewardType::Cash, Some("20.00".into()), RewardStatus::Issued),
            (10, RewardType::Message, Some("You made it".into()), RewardStatus::Issued),
        ]
    );
}

#[test]
fn a_coupon_tier_on_an_empty_pool_is_pending_until_an_upload() {
    let mut world = tiered();
    let ann = world.join("ann@example.com").participant;
    let first = world.referred("f1@example.com", Some(ann.id)).referrer_reward.expect("the first tier");
    assert_eq!((first.kind, first.status, first.value), (RewardType::Coupon, RewardStatus::Pending, None));
    world.upload(&["LATE"]);
    let filled = &world.brand.rewards[&first.id];
    assert_eq!((filled.status, filled.value.as_deref()), (RewardStatus::Issued, Some("LATE")));
}

#[test]
fn without_tiers_the_campaign_rewards_every_num_signups_as_before() {
    let mut world = World::new(campaign(RewardType::Cash, 2, false));
    let ann = world.join("ann@example.com").participant;
    for n in 1..=5 {
        world.referred(&format!("f{n}@example.com"), Some(ann.id));
    }
    let at: Vec<u64> = earned(&world, ann.id).iter().map(|r| r.0).collect();
    assert_eq!(at, [2, 4]);
}

proptest! {
    /// Whatever the tiers and however many referrals, a referrer has one reward per tier
    /// their count reached, each of that tier's kind, and no other.
    #[test]
    fn each_tier_reached_is_earned_exactly_once(
        steps in proptest::collection::btree_set(1..40u32, 1..6),
        referrals in 0..45u32,
    ) {
        let mut campaign = campaign(RewardType::Cash, 1, false);
        campaign.tiers = steps.iter().map(|&n| tier(n, RewardType::Cash, Some(&format!("{n}.00")))).collect();
        let mut world = World::new(campaign);
        let ann = world.join("ann@example.com").participant;
        for n in 0..referrals {
            world.referred(&format!("f{n}@example.com"), Some(ann.id));
        }
        let at: Vec<(u64, Option<String>)> = earned(&world, ann.id).into_iter().map(|r| (r.0, r.2)).collect();
        let expected: Vec<(u64, Option<String>)> =
            steps.iter().filter(|&&n| n <= referrals).map(|&n| (u64::from(n), Some(format!("{n}.00")))).collect();
        prop_assert_eq!(at, expected);
    }
}
