//! Blocking a participant, as stories on an in-memory brand: what a block takes back, what a
//! blocked participant can no longer earn or credit, and what unblocking gives back.

use super::conversion_tests::conversion_campaign;
use super::lifecycle_tests::MEMBER;
use super::tests::{campaign, World, CAMPAIGN};
use super::*;
use crate::domain::event::EventType;
use crate::domain::GoalType;

impl World {
    /// Decides and commits a block (or an unblock).
    pub(super) fn block(&mut self, participant_id: u64, block: bool) -> Result<Block, BlockRefusal> {
        let mut decided = decide_block(&self.brand, MEMBER, participant_id, block, &self.moment).unwrap()?;
        let (_, writes) = self.commit(std::mem::take(&mut decided.writes));
        decided.writes = writes;
        Ok(decided)
    }

    /// Changes the campaign's settings from now on.
    pub(super) fn set_campaign(&mut self, campaign: Campaign) {
        self.brand.campaigns.insert(campaign.id, campaign.clone());
        self.campaign = campaign;
    }
}

#[test]
fn a_block_voids_held_and_pending_rewards_and_keeps_issued_ones() {
    // A coupon campaign: the first reward is issued, the second waits for a coupon, the third
    // is held for the hold period that the owner switched on.
    let mut world = World::new(campaign(RewardType::Coupon, 1, false));
    world.upload(&["ONLY"]);
    let ada = world.join("ada@example.com").participant;
    let issued = world.referred("bob@example.com", Some(ada.id)).referrer_reward.unwrap();
    let pending = world.referred("cy@example.com", Some(ada.id)).referrer_reward.unwrap();
    world.set_campaign(Campaign { hold_days: 5, ..world.campaign.clone() });
    let held = world.referred("dee@example.com", Some(ada.id)).referrer_reward.unwrap();
    assert_eq!(
        [issued.status, pending.status, held.status],
        [RewardStatus::Issued, RewardStatus::Pending, RewardStatus::Held]
    );
    let before = world.counters();

    let block = world.block(ada.id, true).unwrap();
    assert_eq!(block.blocked_at.as_deref(), Some(world.moment.at.as_str()));
    let voided: Vec<u64> = block.voided.iter().map(|r| r.id).collect();
    assert_eq!(voided, [pending.id, held.id]);
    for id in [pending.id, held.id] {
        let reward = &world.brand.rewards[&id];
        assert_eq!((reward.status, reward.void_reason.as_deref()), (RewardStatus::Voided, Some(BLOCKED_VOID_REASON)));
    }
    assert_eq!(world.brand.rewards[&issued.id].status, RewardStatus::Issued, "what reached them stays");
    assert!(world.brand.pending.is_empty(), "the pending reward left the queue");
    let after = world.counters();
    assert_eq!(
        (after.rewards.held, after.rewards.pending, after.rewards.voided, after.rewards.issued),
        (before.rewards.held - 1, before.rewards.pending - 1, before.rewards.voided + 2, before.rewards.issued)
    );
    let announced: Vec<EventType> = world.brand.events.values().rev().take(2).map(|e| e.kind).collect();
    assert_eq!(announced, [EventType::RewardVoided, EventType::RewardVoided]);

    // Blocking again changes nothing and keeps the first time.
    let again = world.block(ada.id, true).unwrap();
    assert!(again.writes.is_empty() && again.voided.is_empty());
    assert_eq!(again.blocked_at, block.blocked_at);
}

#[test]
fn a_blocked_participant_earns_nothing_and_their_codes_credit_nothing() {
    let mut world = World::new(Campaign { goal_type: GoalType::Visit, ..campaign(RewardType::Cash, 1, true) });
    let ada = world.join("ada@example.com").participant;
    world.block(ada.id, true).unwrap();
    let before = world.counters();

    // A friend who follows the link still joins, unreferred, and nobody earns.
    let bob = world.referred("bob@example.com", Some(ada.id));
    assert_eq!(bob.participant.referred_by, None);
    assert!(bob.referrer.is_none() && bob.referrer_reward.is_none() && bob.reward.is_none());
    assert_eq!(world.brand.participants[&ada.id].referrals, 0);
    // Their link leads on, and counts no visit (a visit goal would reward one).
    let (visit, writes) = decide_visit(&world.brand, &world.campaign, ada.id, [1; 16], 500, &world.moment)
        .unwrap()
        .expect("a blocked participant's link still leads to the brand");
    assert!(!visit.unique && visit.reward.is_none() && writes.is_empty());
    let after = world.counters();
    assert_eq!(
        (after.referrals, after.unique_visits, after.clicks),
        (before.referrals, before.unique_visits, before.clicks)
    );
    assert_eq!(after.participants, before.participants + 1);
    // Their own email still cannot join twice.
    assert_eq!(world.signup("ada@example.com", None).err(), Some(SignupRefusal::EmailTaken));
}

#[test]
fn conversions_through_a_blocked_participant_reward_nobody() {
    let mut world = World::new(conversion_campaign(RewardType::Cash, true));
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    let cy = world.referred("cy@example.com", Some(ada.id)).participant;
    let dee = world.referred("dee@example.com", Some(cy.id)).participant;

    // The referrer is blocked: their friend's conversion counts toward no goal, for either side.
    world.block(ada.id, true).unwrap();
    let (_, rewards) = world.created(bob.id, "order-1");
    assert!(rewards.is_empty());
    assert_eq!(world.brand.qualified.get(&(CAMPAIGN, ada.id)), None);
    // The converting participant is blocked: their referrer earns nothing from them either.
    world.block(dee.id, true).unwrap();
    let (_, rewards) = world.created(dee.id, "order-2");
    assert!(rewards.is_empty());
    // Someone else's conversion still rewards as always.
    let eve = world.referred("eve@example.com", Some(cy.id)).participant;
    let (_, rewards) = world.created(eve.id, "order-3");
    let earners: Vec<u64> = rewards.iter().map(|r| r.participant_id).collect();
    assert_eq!(earners, [cy.id, eve.id]);
}

#[test]
fn unblocking_lets_them_earn_again_and_what_was_voided_stays_voided() {
    let mut world = World::new(Campaign { hold_days: 5, ..campaign(RewardType::Cash, 1, false) });
    let ada = world.join("ada@example.com").participant;
    let held = world.referred("bob@example.com", Some(ada.id)).referrer_reward.unwrap();
    world.block(ada.id, true).unwrap();
    world.referred("cy@example.com", Some(ada.id));

    let unblocked = world.block(ada.id, false).unwrap();
    assert_eq!(unblocked.blocked_at, None);
    assert!(unblocked.voided.is_empty());
    assert!(world.brand.blocked.is_empty());
    assert_eq!(world.brand.rewards[&held.id].status, RewardStatus::Voided);
    let dee = world.referred("dee@example.com", Some(ada.id));
    assert_eq!(dee.participant.referred_by, Some(ada.id));
    assert_eq!(dee.referrer.unwrap().referrals, 2, "the signup while blocked stays uncredited");
    assert_eq!(dee.referrer_reward.unwrap().status, RewardStatus::Held);
    // Unblocking again changes nothing.
    assert!(world.block(ada.id, false).unwrap().writes.is_empty());
}

#[test]
fn only_the_members_living_participants_are_blocked() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ada = world.join("ada@example.com").participant;
    let moment = world.moment.clone();
    assert_eq!(decide_block(&world.brand, MEMBER + 1, ada.id, true, &moment).unwrap(), Err(BlockRefusal::NotFound));
    assert_eq!(decide_block(&world.brand, MEMBER, 9_999, true, &moment).unwrap(), Err(BlockRefusal::NotFound));
    world.erase(ada.id);
    assert_eq!(world.block(ada.id, true).err(), Some(BlockRefusal::Erased));
}
