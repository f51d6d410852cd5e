//! Erasing a person, as stories on an in-memory brand: what goes, what stays, and what an
//! erased participant can no longer do.

use super::tests::{campaign, World, CAMPAIGN};
use super::*;
use crate::domain::CampaignCounters;
use crate::domain::EmailAddress;

const MEMBER: u64 = 7;

impl World {
    /// Decides and commits an erasure.
    pub(super) fn erase(&mut self, participant_id: u64) -> Erasure {
        let mut erasure = decide_erasure(&self.brand, MEMBER, participant_id, &self.moment).unwrap().unwrap();
        let (_, writes) = self.commit(std::mem::take(&mut erasure.writes));
        erasure.writes = writes;
        erasure
    }

    pub(super) fn counters(&self) -> CampaignCounters {
        CampaignCounters::read(|c| Ok::<_, ()>(self.brand.count(CAMPAIGN, c))).unwrap()
    }
}

#[test]
fn an_erased_participant_keeps_their_place_in_the_chain_and_every_count() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("Bob.Lee@Example.com", Some(ada.id)).participant;
    let cy = world.referred("cy@example.com", Some(bob.id)).participant;
    let emails = [EmailAddress::parse("dee@example.com").unwrap()];
    let (_, writes) = decide_invites(&world.brand, &bob, &emails, &[900], "now").unwrap();
    world.brand.apply(writes);
    let to_bob =
        [EmailAddress::parse("bob.lee@example.com").unwrap(), EmailAddress::parse("bob.lee+x@example.com").unwrap()];
    let (_, writes) = decide_invites(&world.brand, &ada, &to_bob, &[901, 902], "now").unwrap();
    world.brand.apply(writes);
    let before = world.counters();

    let erasure = world.erase(bob.id);
    assert!(erasure.voided.is_empty(), "an issued reward stays issued");
    let erased = &world.brand.participants[&bob.id];
    assert!(erased.is_erased() && erased.name.is_empty() && erased.domain.is_none());
    assert_eq!((erased.referred_by, erased.referrals, erased.seq), (Some(ada.id), 1, bob.seq));
    assert_eq!(world.brand.participants[&cy.id].referred_by, Some(bob.id), "the chain keeps its link");
    assert_eq!(world.brand.participants[&ada.id].referrals, 1, "the referrer keeps the credit");
    assert_eq!(world.counters(), before, "every counter stays");
    assert!(!world.brand.by_email.contains_key(&(CAMPAIGN, "bob.lee@example.com".into())));
    assert_eq!(world.brand.invites[&(bob.id, 900)].email, "", "invitations they sent");
    assert_eq!(world.brand.invites[&(ada.id, 901)].email, "", "invitations sent to them");
    assert_eq!(world.brand.invites[&(ada.id, 902)].email, "", "at any spelling of their inbox");
    assert!(!world
        .brand
        .by_inbox
        .get(&(CAMPAIGN, "bob.lee@example.com".into()))
        .is_some_and(|ids| ids.contains(&bob.id)));
    let copies: Vec<&Participant> = world.brand.events.values().flat_map(|e| e.subject.participants()).collect();
    assert!(copies.iter().filter(|p| p.id == bob.id).all(|p| p.email.is_empty()), "their events lost the address");
    assert!(copies.iter().any(|p| p.id == ada.id && p.email == "ada@example.com"), "nobody else's did");

    // Erasing again changes nothing; the address may join again as somebody new.
    assert!(world.erase(bob.id).writes.is_empty());
    let again = world.join("bob.lee@example.com").participant;
    assert_ne!(again.id, bob.id);
}

#[test]
fn rewards_that_never_reached_the_person_are_voided_and_those_that_did_stay() {
    let mut world = World::new(Campaign { hold_days: 3, ..campaign(RewardType::Coupon, 1, false) });
    let ada = world.join("ada@example.com").participant;
    let held = world.referred("bob@example.com", Some(ada.id)).referrer_reward.unwrap();
    assert_eq!(held.status, RewardStatus::Held);
    let before = world.counters();
    let erasure = world.erase(ada.id);
    assert_eq!(erasure.voided.len(), 1);
    let voided = &world.brand.rewards[&held.id];
    assert_eq!((voided.status, voided.void_reason.as_deref()), (RewardStatus::Voided, Some(ERASED_VOID_REASON)));
    let after = world.counters();
    assert_eq!((after.rewards.held, after.rewards.voided), (before.rewards.held - 1, before.rewards.voided + 1));
    assert_eq!((after.participants, after.referrals), (before.participants, before.referrals));
    // The void is announced, with the erased participant.
    let announced = world.brand.events.values().last().unwrap();
    assert_eq!(announced.kind, crate::domain::event::EventType::RewardVoided);
    assert!(announced.subject.participants().iter().all(|p| p.is_erased()));
}

#[test]
fn an_erased_participant_refers_nobody_and_earns_nothing_more() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ada = world.join("ada@example.com").participant;
    world.erase(ada.id);
    let edge = Some(ReferralEdge { referrer_id: ada.id, invited_id: None });
    assert_eq!(world.signup("bob@example.com", edge), Err(SignupRefusal::InvalidReferral));
    let visit = decide_visit(&world.brand, &world.campaign, ada.id, [1; 16], 500, &world.moment).unwrap();
    assert!(visit.is_none(), "their link counts nothing");
    let conversion = NewConversion {
        occurred_ms: None,
        participant_id: ada.id,
        external_id: "order-1".into(),
        amount: None,
        currency: None,
        payment_references: Vec::new(),
        invoice: None,
        customers: Vec::new(),
        promo_code: None,
    };
    let ids = ConversionIds { conversion: 600, referrer_reward: 601, invited_reward: 602, commission_reward: 603 };
    let decided = decide_conversion(&world.brand, &world.campaign, &conversion, ids, &world.moment).unwrap();
    assert_eq!(decided.err(), Some(ConversionRefusal::Erased));
}

#[test]
fn another_members_participant_is_not_erased() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ada = world.join("ada@example.com").participant;
    assert!(decide_erasure(&world.brand, MEMBER + 1, ada.id, &world.moment).unwrap().is_none());
    assert!(decide_erasure(&world.brand, MEMBER, 9_999, &world.moment).unwrap().is_none());
}
