//! One person, one participant: a campaign that compares inboxes (`fraud.canonical_emails`,
//! the default) takes each inbox once, whatever spelling comes, and refuses a referrer's own
//! inbox as their referral; one that does not compares addresses as before.

use super::tests::{campaign, World};
use super::*;
use crate::domain::EmailAddress;

fn world(by_inbox: bool) -> World {
    let mut campaign = campaign(RewardType::Cash, 1, false);
    campaign.fraud.canonical_emails = by_inbox;
    World::new(campaign)
}

fn refer(world: &mut World, email: &str, referrer: u64) -> Result<SignupDecision, SignupRefusal> {
    world.signup(email, Some(ReferralEdge { referrer_id: referrer, invited_id: None }))
}

#[test]
fn three_spellings_of_one_gmail_inbox_are_one_participant() {
    let mut world = world(true);
    let ann = world.join("ann.lee+1@gmail.com").participant;
    for again in ["annlee@gmail.com", "Ann.Lee@GoogleMail.com"] {
        assert_eq!(world.signup(again, None), Err(SignupRefusal::EmailTaken), "{again}");
    }
    assert_eq!(world.brand.participants.len(), 1);
    assert_eq!(ann.email, "ann.lee+1@gmail.com", "kept as given");
    let found =
        participant_id_by_address(&world.brand, &world.campaign, &EmailAddress::parse("ANNLEE@gmail.com").unwrap());
    assert_eq!(found.unwrap(), Some(ann.id));
}

#[test]
fn a_tag_on_any_domain_is_the_same_participant_but_dots_off_gmail_are_not() {
    let mut world = world(true);
    world.join("bob@example.com");
    assert_eq!(world.signup("Bob+newsletter@Example.com", None), Err(SignupRefusal::EmailTaken));
    world.join("b.o.b@example.com");
    assert_eq!(world.brand.participants.len(), 2);
}

#[test]
fn a_referral_to_the_referrers_own_inbox_is_self_referral() {
    let mut world = world(true);
    let ann = world.join("annlee@gmail.com").participant;
    assert_eq!(refer(&mut world, "ann.lee+friend@googlemail.com", ann.id), Err(SignupRefusal::SelfReferral));
    assert_eq!(world.brand.participants[&ann.id].referrals, 0, "no credit");
    assert!(world.brand.rewards.is_empty());
}

#[test]
fn a_known_inbox_referred_again_names_its_inviter_and_changes_nothing() {
    let mut world = world(true);
    let ann = world.join("ann@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ann.id)).participant;
    match refer(&mut world, "Bob+again@example.com", ann.id) {
        Ok(SignupDecision::AlreadyReferred { participant, by_same_referrer }) => {
            assert_eq!((participant.id, by_same_referrer), (bob.id, true));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(world.brand.participants[&ann.id].referrals, 1, "credited once");
}

#[test]
fn a_campaign_that_compares_addresses_takes_every_spelling() {
    let mut world = world(false);
    let ann = world.join("annlee@gmail.com").participant;
    world.join("ann.lee@gmail.com");
    assert!(refer(&mut world, "annlee+2@gmail.com", ann.id).is_ok(), "another address, another participant");
    assert_eq!(world.signup("AnnLee@gmail.com", None), Err(SignupRefusal::EmailTaken), "case still folds");
    assert_eq!(world.brand.participants.len(), 3);
}

#[test]
fn two_participants_of_one_inbox_from_before_are_each_found_by_their_own_address() {
    let mut world = world(false);
    let first = world.join("annlee@gmail.com").participant;
    let second = world.join("ann.lee@gmail.com").participant;
    world.campaign.fraud.canonical_emails = true;
    let find = |world: &World, email: &str| {
        participant_id_by_address(&world.brand, &world.campaign, &EmailAddress::parse(email).unwrap()).unwrap()
    };
    assert_eq!(find(&world, "ann.lee@gmail.com"), Some(second.id), "its own address first");
    assert_eq!(find(&world, "annlee@gmail.com"), Some(first.id));
    assert_eq!(find(&world, "a.nnlee+x@gmail.com"), Some(first.id), "a new spelling: the older");
    assert_eq!(world.signup("a.n.n.lee@gmail.com", None), Err(SignupRefusal::EmailTaken));
}
