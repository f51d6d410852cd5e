//! Same address as the referrer, and velocity (`fraud.same_address`,
//! `fraud.max_referrals_per_hour`, `fraud.max_signups_per_address_per_hour`), as stories on
//! an in-memory brand.

use super::conversion_tests::conversion_campaign;
use super::tests::{campaign, World, CAMPAIGN};
use super::*;
use crate::domain::client_print::{ClientPrint, PRINT_KEPT_MS};
use crate::domain::fraud::{SameAddressPolicy, HOUR_MS};
use crate::domain::reward::RewardAction;
use crate::domain::EmailAddress;

/// A client: `address` tells networks apart, `device` devices on one network.
fn client(address: u8, device: u8) -> ClientPrint {
    ClientPrint { address: [address; 16], device: [address ^ device.rotate_left(4); 16] }
}

impl World {
    /// Signs `email` up from `from`, referred by `referrer`; the outcome.
    fn joins_from(&mut self, email: &str, referrer: Option<u64>, from: ClientPrint) -> Signed {
        let who = NewParticipant {
            email: EmailAddress::parse(email).unwrap(),
            name: String::new(),
            domain: None,
            client: Some(from),
            language: None,
        };
        let edge = referrer.map(|referrer_id| ReferralEdge { referrer_id, invited_id: None });
        match self.signup_as(who, edge) {
            Ok(SignupDecision::Created { signed, .. }) => *signed,
            other => panic!("{email} did not join: {other:?}"),
        }
    }
}

fn held_for(reward: &Option<Reward>) -> (RewardStatus, Vec<HoldReason>) {
    let reward = reward.as_ref().expect("a reward");
    (reward.status, reward.holds.clone())
}

fn world(policy: SameAddressPolicy) -> World {
    let mut campaign = campaign(RewardType::Cash, 1, true);
    campaign.fraud.same_address = policy;
    World::new(campaign)
}

#[test]
fn a_referral_from_the_referrers_own_address_is_held_both_ways() {
    let mut world = world(SameAddressPolicy::Address);
    let ann = world.joins_from("ann@example.com", None, client(1, 1)).participant;
    let second = world.joins_from("ann.second@example.com", Some(ann.id), client(1, 2));
    assert_eq!(held_for(&second.referrer_reward), (RewardStatus::Held, vec![HoldReason::SameAddress]));
    assert_eq!(held_for(&second.reward), (RewardStatus::Held, vec![HoldReason::SameAddress]));
    let friend = world.joins_from("friend@example.com", Some(ann.id), client(2, 1));
    assert_eq!(held_for(&friend.referrer_reward).0, RewardStatus::Issued, "another address");
    let unknown = world.referred("nobody-knows@example.com", Some(ann.id));
    assert_eq!(held_for(&unknown.referrer_reward).0, RewardStatus::Issued, "no client named: nothing to compare");
    assert_eq!(world.brand.count(CAMPAIGN, Counter::HeldSameAddress), 2);

    let approved = world.act(second.referrer_reward.as_ref().unwrap(), RewardAction::Approve).unwrap();
    assert_eq!(approved.status, RewardStatus::Issued);
    assert_eq!(world.brand.count(CAMPAIGN, Counter::HeldSameAddress), 1);
    world.act(second.reward.as_ref().unwrap(), RewardAction::Void).unwrap();
    assert_eq!(world.brand.count(CAMPAIGN, Counter::HeldSameAddress), 0);
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsHeld), 0);
}

#[test]
fn address_and_agent_holds_the_same_device_only_and_off_holds_nothing() {
    let mut world = world(SameAddressPolicy::AddressAndAgent);
    let ann = world.joins_from("ann@example.com", None, client(1, 1)).participant;
    let housemate = world.joins_from("housemate@example.com", Some(ann.id), client(1, 2));
    assert_eq!(held_for(&housemate.referrer_reward).0, RewardStatus::Issued, "same address, another device");
    let same_device = world.joins_from("ann.two@example.com", Some(ann.id), client(1, 1));
    assert_eq!(held_for(&same_device.referrer_reward), (RewardStatus::Held, vec![HoldReason::SameAddress]));

    let mut world = self::world(SameAddressPolicy::Off);
    let ann = world.joins_from("ann@example.com", None, client(1, 1)).participant;
    let same_device = world.joins_from("ann.two@example.com", Some(ann.id), client(1, 1));
    assert_eq!(held_for(&same_device.referrer_reward).0, RewardStatus::Issued);
}

#[test]
fn a_print_thirty_days_old_is_forgotten_and_matches_nothing() {
    let mut world = world(SameAddressPolicy::Address);
    let ann = world.joins_from("ann@example.com", None, client(1, 1)).participant;
    world.wait(PRINT_KEPT_MS - 1);
    let just_in_time = world.joins_from("b@example.com", Some(ann.id), client(1, 1));
    assert_eq!(held_for(&just_in_time.referrer_reward).0, RewardStatus::Held);
    world.wait(1);
    let later = world.joins_from("c@example.com", Some(ann.id), client(1, 1));
    assert_eq!(held_for(&later.referrer_reward).0, RewardStatus::Issued);
}

#[test]
fn the_referral_beyond_the_hourly_limit_is_held_and_the_next_hour_starts_afresh() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    assert_eq!(world.campaign.fraud.max_referrals_per_hour, 20, "the default");
    let ann = world.join("ann@example.com").participant;
    for n in 1..=20 {
        let friend = world.referred(&format!("friend{n}@example.com"), Some(ann.id));
        assert_eq!(held_for(&friend.referrer_reward).0, RewardStatus::Issued, "referral {n}");
        world.wait(60_000);
    }
    let twenty_first = world.referred("friend21@example.com", Some(ann.id));
    assert_eq!(held_for(&twenty_first.referrer_reward), (RewardStatus::Held, vec![HoldReason::Velocity]));
    assert_eq!(world.brand.count(CAMPAIGN, Counter::HeldVelocity), 1);
    // Twenty in the hour before: still beyond, the held one counting too.
    world.wait(HOUR_MS - 20 * 60_000);
    let at_the_hour = world.referred("friend22@example.com", Some(ann.id));
    assert_eq!(held_for(&at_the_hour.referrer_reward).0, RewardStatus::Held);
    // A quiet hour later, the window is empty again.
    world.wait(HOUR_MS);
    let later = world.referred("friend23@example.com", Some(ann.id));
    assert_eq!(held_for(&later.referrer_reward).0, RewardStatus::Issued);
    assert_eq!(world.brand.participants[&ann.id].referrals, 23, "every referral is credited, held or not");
}

#[test]
fn signups_beyond_the_limit_from_one_address_hold_the_referral_and_null_turns_a_limit_off() {
    let mut campaign = campaign(RewardType::Cash, 1, false);
    campaign.fraud.max_signups_per_address_per_hour = 3;
    campaign.fraud.same_address = SameAddressPolicy::Off;
    let mut world = World::new(campaign);
    let ann = world.joins_from("ann@example.com", None, client(1, 1)).participant;
    world.joins_from("x@example.com", None, client(9, 1));
    world.joins_from("y@example.com", None, client(9, 2));
    let third = world.joins_from("z@example.com", Some(ann.id), client(9, 3));
    assert_eq!(held_for(&third.referrer_reward).0, RewardStatus::Issued, "the third from the address");
    let fourth = world.joins_from("w@example.com", Some(ann.id), client(9, 4));
    assert_eq!(held_for(&fourth.referrer_reward), (RewardStatus::Held, vec![HoldReason::Velocity]));

    let mut campaign = self::campaign(RewardType::Cash, 1, false);
    campaign.fraud.max_referrals_per_hour = 0;
    let mut world = World::new(campaign);
    let ann = world.join("ann@example.com").participant;
    for n in 1..=25 {
        let friend = world.referred(&format!("f{n}@example.com"), Some(ann.id));
        assert_eq!(held_for(&friend.referrer_reward).0, RewardStatus::Issued, "no limit: referral {n}");
    }
}

#[test]
fn a_suspect_referral_holds_the_rewards_its_conversion_earns_later() {
    let mut campaign = conversion_campaign(RewardType::Cash, true);
    campaign.fraud.same_address = SameAddressPolicy::Address;
    let mut world = World::new(campaign);
    let ann = world.joins_from("ann@example.com", None, client(1, 1)).participant;
    let second = world.joins_from("second@example.com", Some(ann.id), client(1, 5));
    assert!(second.referrer_reward.is_none() && second.reward.is_none(), "nothing until a conversion");
    let (_, rewards) = world.created(second.participant.id, "order-1");
    assert_eq!(rewards.len(), 2, "the referrer's and the friend's");
    for reward in &rewards {
        assert_eq!((reward.status, &reward.holds), (RewardStatus::Held, &vec![HoldReason::SameAddress]));
    }
    let clean = world.joins_from("clean@example.com", Some(ann.id), client(3, 1));
    let (_, rewards) = world.created(clean.participant.id, "order-2");
    assert!(rewards.iter().all(|r| r.status == RewardStatus::Issued));
}
