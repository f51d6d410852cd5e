//! Disposable addresses (`fraud.disposable_emails`): refused, held for review, or allowed,
//! as stories on an in-memory brand.

use super::tests::{campaign, World, CAMPAIGN};
use super::*;
use crate::domain::fraud::DisposablePolicy;
use crate::domain::reward::RewardAction;

fn world(policy: DisposablePolicy, hold_days: u32) -> World {
    let mut campaign = Campaign { hold_days, ..campaign(RewardType::Cash, 1, true) };
    campaign.fraud.disposable_emails = policy;
    World::new(campaign)
}

#[test]
fn a_campaign_that_refuses_them_takes_no_disposable_address() {
    let mut world = world(DisposablePolicy::Refuse, 0);
    let ann = world.join("ann@example.com").participant;
    assert_eq!(world.signup("bot@mailinator.com", None), Err(SignupRefusal::DisposableEmail));
    let edge = Some(ReferralEdge { referrer_id: ann.id, invited_id: None });
    assert_eq!(world.signup("bot@x.33mail.com", edge), Err(SignupRefusal::DisposableEmail));
    assert_eq!(world.brand.participants.len(), 1);
    assert_eq!(world.brand.participants[&ann.id].referrals, 0);
}

#[test]
fn every_reward_a_disposable_address_earns_or_causes_waits_for_review() {
    let mut world = world(DisposablePolicy::Hold, 0);
    let ann = world.join("ann@example.com").participant;
    let bot = world.referred("bot@mailinator.com", Some(ann.id));
    let caused = bot.referrer_reward.expect("ann's reward for the signup");
    let own = bot.reward.expect("the two-way reward");
    for reward in [&caused, &own] {
        assert_eq!((reward.status, &reward.holds), (RewardStatus::Held, &vec![HoldReason::DisposableEmail]));
        assert_eq!(reward.release_at_ms, None, "no end but the member's decision");
    }
    let earned = world.referred("cy@example.com", Some(bot.participant.id)).referrer_reward.unwrap();
    assert_eq!(earned.holds, [HoldReason::DisposableEmail], "what the disposable address refers");
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsHeld), 4, "cy's own reward is held too");
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsIssued), 0);

    let approved = world.act(&caused, RewardAction::Approve).unwrap();
    assert_eq!((approved.status, approved.holds.is_empty()), (RewardStatus::Issued, true));
    assert!(world.act(&caused, RewardAction::Approve).is_err(), "issued once");
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsIssued), 1);
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsHeld), 3);
}

#[test]
fn the_end_of_a_hold_period_leaves_a_review_hold_in_place() {
    let mut world = world(DisposablePolicy::Hold, 2);
    world.moment = world.moment.clone().with_hold_day_ms(1_000);
    let ann = world.join("ann@example.com").participant;
    let caused = world.referred("bot@mailinator.com", Some(ann.id)).referrer_reward.unwrap();
    assert_eq!(caused.holds, [HoldReason::HoldPeriod, HoldReason::DisposableEmail]);
    world.wait(2_000);
    world.release();
    let after = &world.brand.rewards[&caused.id];
    assert_eq!((after.status, &after.holds), (RewardStatus::Held, &vec![HoldReason::DisposableEmail]));
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsHeld), 2, "both still held");
}

#[test]
fn a_campaign_that_allows_them_treats_them_like_any_address() {
    let mut world = world(DisposablePolicy::Allow, 0);
    let ann = world.join("ann@example.com").participant;
    let bot = world.referred("bot@mailinator.com", Some(ann.id));
    assert_eq!(bot.referrer_reward.map(|r| r.status), Some(RewardStatus::Issued));
    assert_eq!(bot.reward.map(|r| r.status), Some(RewardStatus::Issued));
}
