//! The reward lifecycle's rules, as stories on an in-memory brand and as a property over any
//! sequence of signups, uploads, approvals, voids, fulfilments and ends of hold periods.

use proptest::prelude::*;

use super::tests::{campaign, World, CAMPAIGN};
use super::*;
use crate::domain::reward::RewardAction;
use crate::domain::CampaignCounters;

pub(super) const MEMBER: u64 = 7;

fn held_campaign(reward_type: RewardType, hold_days: u32) -> Campaign {
    Campaign { hold_days, ..campaign(reward_type, 1, false) }
}

impl World {
    /// Decides and commits an action; the refusal when there was one.
    pub(super) fn act(&mut self, reward: &Reward, action: RewardAction) -> Result<Reward, RewardRefusal> {
        let decided = decide_reward_action(
            &self.brand,
            MEMBER,
            reward.participant_id,
            reward.id,
            action,
            "a reason",
            &self.moment,
        )
        .unwrap()?;
        self.commit(decided.1);
        Ok(decided.0)
    }

    /// Ends the holds of every reward that are due at the world's moment.
    pub(super) fn release(&mut self) -> Vec<Reward> {
        let due: Vec<(u64, u64)> = self.brand.rewards.values().map(|r| (r.participant_id, r.id)).collect();
        let (released, writes) = decide_release(&self.brand, &due, &self.moment).unwrap();
        self.commit(writes);
        released
    }

    /// Moves the world's clock on by `ms`.
    pub(super) fn wait(&mut self, ms: i64) {
        let later = chrono::DateTime::from_timestamp_millis(self.moment.unix_ms + ms).unwrap();
        self.moment = Moment::at(later).with_hold_day_ms(self.moment.hold_day_ms);
    }

    fn reward(&self, id: u64) -> Reward {
        self.brand.rewards[&id].clone()
    }
}

#[test]
fn a_held_reward_takes_no_coupon_until_its_hold_ends_then_is_issued_by_itself() {
    let mut world = World::new(held_campaign(RewardType::Coupon, 2));
    world.moment = world.moment.clone().with_hold_day_ms(1_000);
    world.upload(&["A", "B"]);
    let ada = world.join("ada@example.com").participant;
    let earned = world.referred("bob@example.com", Some(ada.id)).referrer_reward.unwrap();
    assert_eq!((earned.status, earned.value.as_deref()), (RewardStatus::Held, None));
    assert_eq!(earned.release_at_ms, Some(world.moment.unix_ms + 2_000));
    assert_eq!(world.brand.pools[&CAMPAIGN], CouponPool { uploaded: 2, assigned: 0 }, "no coupon taken yet");
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsHeld), 1);

    world.wait(1_999);
    assert!(world.release().is_empty(), "not before the hold ends");
    world.wait(1);
    let released = world.release();
    assert_eq!(released.len(), 1);
    let issued = world.reward(earned.id);
    assert_eq!((issued.status, issued.value.as_deref(), issued.release_at_ms), (RewardStatus::Issued, Some("A"), None));
    assert_eq!(issued.history.last().unwrap().note, "hold period ended");
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsHeld), 0);
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsIssued), 1);
    assert!(world.release().is_empty(), "released once");
}

#[test]
fn approve_issues_a_held_reward_now_and_only_once() {
    let mut world = World::new(held_campaign(RewardType::Cash, 30));
    let ada = world.join("ada@example.com").participant;
    let earned = world.referred("bob@example.com", Some(ada.id)).referrer_reward.unwrap();
    assert_eq!(earned.value.as_deref(), Some("10.00"), "cash keeps the amount it was earned with");
    let approved = world.act(&earned, RewardAction::Approve).unwrap();
    assert_eq!(approved.status, RewardStatus::Issued);
    let states: Vec<_> = approved.history.iter().map(|c| (c.status, c.note.as_str())).collect();
    assert_eq!(states[1], (RewardStatus::Issued, "approved"));
    assert_eq!(
        world.act(&earned, RewardAction::Approve),
        Err(RewardRefusal::NotAllowed { action: RewardAction::Approve, status: RewardStatus::Issued })
    );
    world.wait(31 * DAY_MS);
    assert!(world.release().is_empty(), "an approved reward has no hold left to end");
}

#[test]
fn approving_with_an_empty_pool_leaves_the_reward_pending_until_an_upload() {
    let mut world = World::new(held_campaign(RewardType::Coupon, 1));
    let ada = world.join("ada@example.com").participant;
    let earned = world.referred("bob@example.com", Some(ada.id)).referrer_reward.unwrap();
    assert_eq!(world.act(&earned, RewardAction::Approve).unwrap().status, RewardStatus::Pending);
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsPending), 1);
    world.upload(&["Z"]);
    assert_eq!(world.reward(earned.id).value.as_deref(), Some("Z"));
}

#[test]
fn a_voided_coupon_is_burnt_and_a_voided_pending_reward_never_gets_one() {
    let mut world = World::new(campaign(RewardType::Coupon, 1, false));
    world.upload(&["A"]);
    let ada = world.join("ada@example.com").participant;
    let issued = world.referred("b@example.com", Some(ada.id)).referrer_reward.unwrap();
    let pending = world.referred("c@example.com", Some(ada.id)).referrer_reward.unwrap();
    assert_eq!((issued.status, pending.status), (RewardStatus::Issued, RewardStatus::Pending));

    let voided = world.act(&issued, RewardAction::Void).unwrap();
    assert_eq!((voided.status, voided.void_reason.as_deref()), (RewardStatus::Voided, Some("a reason")));
    assert_eq!(world.brand.coupons[&(CAMPAIGN, 1)].reward_id, Some(issued.id), "the coupon stays with it");
    world.act(&pending, RewardAction::Void).unwrap();
    assert!(world.brand.pending.is_empty(), "out of the queue");
    let outcome = world.upload(&["B"]);
    assert_eq!(outcome.pending_filled, 0);
    assert_eq!(world.brand.pools[&CAMPAIGN], CouponPool { uploaded: 2, assigned: 1 }, "B stays available");
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsVoided), 2);
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsPending), 0);
    for action in [RewardAction::Approve, RewardAction::Void, RewardAction::Fulfil] {
        assert!(world.act(&issued, action).is_err(), "nothing leaves voided");
    }
}

#[test]
fn fulfil_applies_to_issued_rewards_only_and_is_final() {
    let mut world = World::new(held_campaign(RewardType::Cash, 1));
    let ada = world.join("ada@example.com").participant;
    let earned = world.referred("bob@example.com", Some(ada.id)).referrer_reward.unwrap();
    assert_eq!(
        world.act(&earned, RewardAction::Fulfil),
        Err(RewardRefusal::NotAllowed { action: RewardAction::Fulfil, status: RewardStatus::Held })
    );
    world.act(&earned, RewardAction::Approve).unwrap();
    assert_eq!(world.act(&earned, RewardAction::Fulfil).unwrap().status, RewardStatus::Fulfilled);
    assert!(world.act(&earned, RewardAction::Void).is_err());
    let counters = CampaignCounters::read(|c| Ok::<_, ()>(world.brand.count(CAMPAIGN, c))).unwrap();
    assert_eq!((counters.rewards_issued, counters.rewards.issued, counters.rewards.fulfilled), (1, 0, 1));
}

#[test]
fn a_held_reward_is_issued_as_what_it_was_earned_as_even_if_the_campaign_changed() {
    let mut world = World::new(held_campaign(RewardType::Cash, 1));
    let ada = world.join("ada@example.com").participant;
    let earned = world.referred("bob@example.com", Some(ada.id)).referrer_reward.unwrap();
    // The owner switches the campaign to coupons while the cash reward is held.
    world.campaign.reward_type = RewardType::Coupon;
    world.campaign.reward_value = None;
    world.brand.campaigns.insert(CAMPAIGN, world.campaign.clone());
    let approved = world.act(&earned, RewardAction::Approve).unwrap();
    assert_eq!((approved.kind, approved.value.as_deref()), (RewardType::Cash, Some("10.00")));
    assert_eq!(approved.status, RewardStatus::Issued);
}

#[test]
fn another_members_reward_is_not_found() {
    let mut world = World::new(held_campaign(RewardType::Cash, 1));
    let ada = world.join("ada@example.com").participant;
    let earned = world.referred("bob@example.com", Some(ada.id)).referrer_reward.unwrap();
    let decided =
        decide_reward_action(&world.brand, MEMBER + 1, ada.id, earned.id, RewardAction::Void, "x", &world.moment);
    assert_eq!(decided.unwrap().unwrap_err(), RewardRefusal::NotFound);
    let decided =
        decide_reward_action(&world.brand, MEMBER, ada.id + 1, earned.id, RewardAction::Void, "x", &world.moment);
    assert_eq!(decided.unwrap().unwrap_err(), RewardRefusal::NotFound, "named under another participant");
}

/// One step of a property run.
#[derive(Debug, Clone)]
enum Step {
    /// Someone joins through the referral link of an earlier participant (or none).
    Join {
        email: u8,
        referrer: Option<u16>,
    },
    Upload {
        first: u16,
        count: u8,
    },
    /// An owner's action on the reward at this index of those earned so far.
    Act {
        reward: u16,
        action: u8,
    },
    /// Time passes (in hold days of 1 s), and ended holds are released.
    Wait {
        seconds: u8,
    },
    /// The participant at this index of those joined so far is erased.
    Erase {
        who: u16,
    },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0..30u8, proptest::option::weighted(0.8, any::<u16>()))
            .prop_map(|(email, referrer)| Step::Join { email, referrer }),
        1 => (0..40u16, 0..5u8).prop_map(|(first, count)| Step::Upload { first, count }),
        3 => (any::<u16>(), 0..3u8).prop_map(|(reward, action)| Step::Act { reward, action }),
        1 => (0..4u8).prop_map(|seconds| Step::Wait { seconds }),
        1 => any::<u16>().prop_map(|who| Step::Erase { who }),
    ]
}

proptest! {
    /// Whatever the order of signups, uploads, approvals, voids, fulfilments, ends of holds
    /// and erasures: each coupon belongs to one reward and is never handed out again once voided;
    /// only issued, fulfilled or voided-after-issue rewards have a coupon; the counters by
    /// state equal the records; the queue holds exactly the pending rewards; and a final
    /// state never changes.
    #[test]
    fn every_move_keeps_coupons_and_counters_exact(
        steps in proptest::collection::vec(step(), 1..150),
        hold_days in 0..3u32,
        two_way in any::<bool>(),
    ) {
        let mut world = World::new(Campaign { hold_days, ..campaign(RewardType::Coupon, 1, two_way) });
        world.moment = world.moment.clone().with_hold_day_ms(1_000);
        let mut joined: Vec<u64> = Vec::new();
        let mut finals: std::collections::HashMap<u64, RewardStatus> = Default::default();
        for step in steps {
            match step {
                Step::Join { email, referrer } => world.join_generated(&mut joined, email, referrer),
                Step::Upload { first, count } => world.upload_generated(first, count),
                Step::Act { reward, action } => {
                    let ids: Vec<u64> = world.brand.rewards.keys().copied().collect();
                    if let Some(&id) = ids.get(reward as usize % ids.len().max(1)) {
                        let action = [RewardAction::Approve, RewardAction::Void, RewardAction::Fulfil][action as usize];
                        let before = world.reward(id);
                        let result = world.act(&before, action);
                        prop_assert_eq!(result.is_ok(), action.allowed_from(before.status));
                    }
                }
                Step::Wait { seconds } => {
                    world.wait(i64::from(seconds) * 1_000);
                    world.release();
                }
                Step::Erase { who } => {
                    if let Some(&id) = joined.get(who as usize % joined.len().max(1)) {
                        world.erase(id);
                    }
                }
            }
            for reward in world.brand.rewards.values() {
                if let Some(&was) = finals.get(&reward.id) {
                    prop_assert_eq!(was, reward.status, "reward {} left a final state", reward.id);
                }
                if reward.status.is_final() {
                    finals.insert(reward.id, reward.status);
                }
            }
        }
        let brand = &world.brand;
        let mut owner_of = std::collections::HashMap::new();
        for coupon in brand.coupons.values() {
            if let Some(reward_id) = coupon.reward_id {
                prop_assert!(owner_of.insert(reward_id, coupon.code.clone()).is_none(), "reward {} has two coupons", reward_id);
            }
        }
        prop_assert_eq!(brand.coupon_pool(CAMPAIGN).unwrap().assigned, owner_of.len() as u64);
        for reward in brand.rewards.values() {
            let ever_issued = reward.history.iter().any(|c| c.status == RewardStatus::Issued);
            prop_assert_eq!(owner_of.contains_key(&reward.id), ever_issued, "reward {}: coupon iff issued", reward.id);
        }
        let count = |status| brand.rewards.values().filter(|r| r.status == status).count() as u64;
        let counters = CampaignCounters::read(|c| Ok::<_, ()>(brand.count(CAMPAIGN, c))).unwrap();
        prop_assert_eq!(counters.rewards.held, count(RewardStatus::Held));
        prop_assert_eq!(counters.rewards.pending, count(RewardStatus::Pending));
        prop_assert_eq!(counters.rewards.issued, count(RewardStatus::Issued));
        prop_assert_eq!(counters.rewards.fulfilled, count(RewardStatus::Fulfilled));
        prop_assert_eq!(counters.rewards.voided, count(RewardStatus::Voided));
        prop_assert_eq!(brand.pending.len() as u64, count(RewardStatus::Pending));
        prop_assert_eq!(counters.rewards_issued, owner_of.len() as u64);
        for reward in brand.rewards.values().filter(|r| brand.participants[&r.participant_id].is_erased()) {
            prop_assert!(!matches!(reward.status, RewardStatus::Held | RewardStatus::Pending), "an erased participant waits for nothing");
        }
    }
}
