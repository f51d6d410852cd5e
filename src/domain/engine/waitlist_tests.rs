//! Waitlists as stories on an in-memory brand: positions by signup order, a referral moving
//! its referrer up exactly `places_per_referral` places and never past the front, admissions
//! once each, and a line kept as people join that agrees with the line built anew.

use proptest::prelude::*;

use super::tests::{campaign, World, CAMPAIGN};
use super::*;
use crate::domain::event::EventType;
use crate::domain::waitlist::Admit;

fn waitlisted(places_per_referral: u32) -> World {
    let mut campaign = campaign(RewardType::Cash, 1, false);
    campaign.waitlist.enabled = true;
    campaign.waitlist.places_per_referral = places_per_referral;
    World::new(campaign)
}

/// `count` participants, `p1@…` to `p<count>@…`, in signup order.
fn line_of(world: &mut World, count: u64) -> Vec<u64> {
    (1..=count).map(|n| world.join(&format!("p{n}@example.com")).participant.id).collect()
}

fn position(world: &World, participant_id: u64) -> Option<u64> {
    world.brand.position(CAMPAIGN, participant_id).map(|(position, _)| position)
}

impl World {
    /// Decides and commits an admission.
    fn admit(&mut self, admit: Admit) -> Result<Vec<u64>, AdmitRefusal> {
        let admission = decide_admit(&self.brand, &self.campaign, &admit, &self.moment).unwrap()?;
        self.commit(admission.writes);
        Ok(admission.admitted.iter().map(|p| p.id).collect())
    }
}

#[test]
fn positions_follow_signup_order_and_a_referral_moves_its_referrer_up_ten_places() {
    let mut world = waitlisted(10);
    let people = line_of(&mut world, 30);
    for (n, id) in people.iter().enumerate() {
        assert_eq!(world.brand.position(CAMPAIGN, *id), Some((n as u64 + 1, 29 - n as u64)));
    }
    let mover = people[24];
    let friend = world.referred("friend1@example.com", Some(mover)).participant;
    assert_eq!(position(&world, mover), Some(15), "from 25th, up 10 places");
    assert_eq!(position(&world, people[14]), Some(16), "the 15th was passed");
    assert_eq!(position(&world, people[13]), Some(14), "the 14th was not");
    assert_eq!(world.brand.position(CAMPAIGN, friend.id), Some((31, 0)), "the friend joins at the back");
    world.referred("friend2@example.com", Some(mover));
    assert_eq!(position(&world, mover), Some(5));
    world.referred("friend3@example.com", Some(mover));
    assert_eq!(position(&world, mover), Some(1), "never past the front");
    world.referred("friend4@example.com", Some(mover));
    assert_eq!(position(&world, mover), Some(1));
    assert_eq!(position(&world, people[0]), Some(2));
}

#[test]
fn two_referrals_of_someone_near_the_front_stop_at_one() {
    let mut world = waitlisted(10);
    let people = line_of(&mut world, 5);
    world.referred("f@example.com", Some(people[2]));
    assert_eq!(position(&world, people[2]), Some(1));
    // Another mover to the front: whoever got the same score first keeps the lead.
    world.referred("g@example.com", Some(people[3]));
    assert_eq!((position(&world, people[2]), position(&world, people[3])), (Some(1), Some(2)));
}

#[test]
fn admitting_the_first_n_admits_each_once_with_one_event_each() {
    let mut world = waitlisted(10);
    let people = line_of(&mut world, 8);
    world.referred("f@example.com", Some(people[6]));
    assert_eq!(world.admit(Admit::First(3)), Ok(vec![people[6], people[0], people[1]]), "the 7th moved to the front");
    assert_eq!(world.admit(Admit::First(3)), Ok(vec![people[2], people[3], people[4]]));
    assert_eq!(position(&world, people[5]), Some(1));
    assert_eq!(world.brand.admitted.len(), 6);
    assert_eq!(world.brand.count(CAMPAIGN, Counter::Admitted), 6);
    let events = world.brand.events.values().filter(|e| e.kind == EventType::WaitlistAdmitted).count();
    assert_eq!(events, 6);
    // Named again, or named with someone in line: only who is in line is admitted.
    assert_eq!(world.admit(Admit::These(vec![people[0], people[7], people[7]])), Ok(vec![people[7]]));
    // An admitted referrer's referrals move nobody.
    let before = world.brand.lines.clone();
    world.referred("h@example.com", Some(people[0]));
    assert_eq!(world.brand.lines[&CAMPAIGN].len(), before[&CAMPAIGN].len() + 1);
    assert_eq!(position(&world, people[0]), None);
    // The whole line, and more than is in it.
    let left = world.admit(Admit::First(100)).unwrap();
    assert_eq!(left.len(), 3);
    assert_eq!(world.admit(Admit::First(5)), Ok(vec![]));
    assert_eq!(world.admit(Admit::These(vec![9_999])), Err(AdmitRefusal::NotFound(9_999)));
}

#[test]
fn blocked_and_erased_people_leave_the_line_and_an_unblocked_one_comes_back_where_they_were() {
    let mut world = waitlisted(10);
    let people = line_of(&mut world, 20);
    world.referred("f@example.com", Some(people[15]));
    assert_eq!(position(&world, people[15]), Some(6));
    world.block(people[15], true).unwrap();
    assert_eq!(position(&world, people[15]), None);
    assert_eq!(position(&world, people[19]), Some(19));
    world.erase(people[0]);
    assert_eq!(position(&world, people[0]), None);
    world.block(people[15], false).unwrap();
    assert_eq!(position(&world, people[15]), Some(5), "6th again, less the erased one ahead");
    assert_eq!(world.brand.position(CAMPAIGN, people[19]), Some((19, 1)));
}

#[test]
fn a_campaign_without_a_waitlist_keeps_no_line_and_admits_nobody() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let people = line_of(&mut world, 3);
    world.referred("f@example.com", Some(people[1]));
    assert!(world.brand.lines.is_empty() && world.brand.places.is_empty());
    assert_eq!(world.admit(Admit::First(1)), Err(AdmitRefusal::WaitlistOff));
    // Turned on later: the line is built from the roster, referrals counted.
    let mut campaign = world.campaign.clone();
    campaign.waitlist.enabled = true;
    world.set_campaign(campaign);
    let writes = decide_line(&world.brand, &world.campaign).unwrap();
    world.commit(writes);
    assert_eq!(position(&world, people[1]), Some(1));
    assert_eq!(position(&world, people[0]), Some(2));
    // Turned off: no line.
    let mut campaign = world.campaign.clone();
    campaign.waitlist.enabled = false;
    world.set_campaign(campaign);
    let writes = decide_line(&world.brand, &world.campaign).unwrap();
    world.commit(writes);
    assert_eq!(position(&world, people[1]), None);
}

proptest! {
    /// Whatever the signups, referrals, blocks and admissions, the line kept as they happen
    /// is the line built anew from the roster, positions run 1..=n without a gap, and nobody
    /// is admitted twice.
    #[test]
    fn the_line_kept_is_the_line_built(
        steps in proptest::collection::vec((0..40u8, proptest::option::weighted(0.7, any::<u16>()), 0..20u8), 1..80),
        places in 0..15u32,
    ) {
        let mut world = waitlisted(places);
        let mut joined = Vec::new();
        for (email, referrer, action) in steps {
            world.join_generated(&mut joined, email, referrer);
            let someone = joined[usize::from(email) % joined.len()];
            match action {
                0 => { world.admit(Admit::First(2)).unwrap(); }
                1 => { world.admit(Admit::These(vec![someone])).unwrap(); }
                2 => { let _ = world.block(someone, true); }
                3 => { let _ = world.block(someone, false); }
                _ => {}
            }
        }
        let kept = world.brand.places.clone();
        let writes = decide_line(&world.brand, &world.campaign).unwrap();
        world.commit(writes);
        prop_assert_eq!(&kept, &world.brand.places);
        let mut positions: Vec<u64> = kept.keys().filter_map(|&(_, id)| position(&world, id)).collect();
        positions.sort_unstable();
        prop_assert_eq!(positions, (1..=kept.len() as u64).collect::<Vec<_>>());
        prop_assert_eq!(world.brand.count(CAMPAIGN, Counter::Admitted), world.brand.admitted.len() as u64);
    }
}
