//! The member's daily digest, as stories on an in-memory brand: when a campaign is due one,
//! what it reports, and that a day never has two.

use super::tests::{campaign, World, CAMPAIGN};
use super::*;
use crate::domain::campaign_emails::EmailKind;
use crate::domain::outgoing_email::OutgoingEmail;

/// A world whose campaign sends the digest, with a cash reward per referral held `hold_days`.
fn world_digesting(hold_days: u32) -> World {
    let mut campaign = Campaign { hold_days, ..campaign(RewardType::Cash, 1, false) };
    campaign.emails.digest.enabled = true;
    World::new(campaign)
}

fn member() -> DigestRecipient {
    DigestRecipient { email: "owner@shop.example".into(), name: "Olga".into() }
}

impl World {
    /// Decides and commits the digest of the moment's day, as the brand actor does; the
    /// numbers it reported (none when not due) and its email (none on a quiet day).
    fn digest(&mut self) -> (Option<crate::domain::digest::DigestNumbers>, Option<OutgoingEmail>) {
        let Some(due) = due_digest(&self.brand, CAMPAIGN, self.moment.day, &self.moment).unwrap() else {
            return (None, None);
        };
        let numbers = due.numbers.clone();
        let id = self.id();
        let writes = compose_digest(due, Some((id, &member())), &self.mailing, &self.moment);
        self.brand.apply(writes.clone());
        let email = writes.into_iter().find_map(|w| match w {
            Write::Email(email) => Some(*email),
            _ => None,
        });
        (Some(numbers), email)
    }

    /// A day later.
    fn next_day(&mut self) {
        let later = self.moment.unix_ms + DAY_MS;
        self.moment = Moment::at(chrono::DateTime::from_timestamp_millis(later).unwrap());
    }
}

#[test]
fn a_campaign_whose_digest_is_off_is_due_none() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    world.join("ada@example.com");
    assert_eq!(world.digest(), (None, None));
    assert!(world.brand.digest_marks.is_empty());
}

#[test]
fn the_first_digest_reports_everything_since_the_campaign_began_to_the_member() {
    let mut world = world_digesting(0);
    let ada = world.join("ada@example.com").participant;
    world.referred("bob@example.com", Some(ada.id));
    world.join("cy@example.com");
    let (numbers, email) = world.digest();
    let numbers = numbers.expect("due");
    assert_eq!(
        (numbers.signups, numbers.referrals, numbers.rewards, numbers.held, numbers.participants),
        (3, 1, 1, 0, 3)
    );
    assert_eq!(numbers.since, world.campaign.created_at);
    let email = email.expect("newsworthy");
    assert_eq!((email.kind, email.to.as_str(), email.participant()), (EmailKind::Digest, "owner@shop.example", None));
    assert!(email.participant_ids().is_empty(), "names no participant");
    assert_eq!(email.message.subject, "Spring: 3 signups, 1 rewards");
    assert!(
        email.message.text.starts_with("Hi Olga,\n\nSince 2026-11-23 10:00 UTC, Spring had:"),
        "{}",
        email.message.text
    );
    assert!(email
        .message
        .text
        .contains("- 3 new participants, 1 of them referred by a participant\n- 1 rewards issued"));
    assert!(email.message.text.contains("Rewards held for review now: 0. Participants in all: 3."));
    assert_eq!(email.unsubscribe_link, format!("https://r.example/unsubscribe/{CAMPAIGN}-digest"));
    assert!(email.message.text.ends_with(&email.unsubscribe_link));
}

#[test]
fn a_day_has_one_digest_and_the_next_reports_only_what_happened_since() {
    let mut world = world_digesting(0);
    let ada = world.join("ada@example.com").participant;
    assert!(world.digest().1.is_some());
    world.referred("bob@example.com", Some(ada.id));
    assert_eq!(world.digest(), (None, None), "today's is made; what happened since waits for tomorrow");

    world.next_day();
    let (numbers, email) = world.digest();
    let numbers = numbers.expect("due the next day");
    assert_eq!((numbers.signups, numbers.referrals, numbers.rewards, numbers.participants), (1, 1, 1, 2));
    assert_eq!(numbers.since, "2026-11-23T10:00:00Z", "the last digest's time");
    assert!(email.is_some());
    assert_eq!(world.brand.digest_marks[&CAMPAIGN].day, world.moment.day);
}

#[test]
fn a_quiet_day_leaves_its_mark_and_sends_nothing() {
    let mut world = world_digesting(0);
    world.join("ada@example.com");
    world.digest();
    world.next_day();
    let (numbers, email) = world.digest();
    assert_eq!(numbers.map(|n| (n.signups, n.rewards, n.held)), Some((0, 0, 0)));
    assert_eq!(email, None);
    assert_eq!(world.brand.digest_marks[&CAMPAIGN].day, world.moment.day, "not asked again today");
    assert_eq!(world.brand.emails.values().filter(|e| e.kind == EmailKind::Digest).count(), 1);
}

#[test]
fn rewards_held_for_review_make_a_quiet_day_worth_a_digest() {
    let mut world = world_digesting(30);
    let ada = world.join("ada@example.com").participant;
    world.referred("bob@example.com", Some(ada.id));
    let (numbers, _) = world.digest();
    assert_eq!(numbers.map(|n| (n.rewards, n.held)), Some((0, 1)), "held, not issued");
    world.next_day();
    let (numbers, email) = world.digest();
    assert_eq!(numbers.map(|n| (n.signups, n.held)), Some((0, 1)));
    assert!(email.expect("the held reward waits for the member").message.text.contains("held for review now: 1."));
}

#[test]
fn a_digest_asked_for_an_earlier_day_than_its_last_is_due_none() {
    let mut world = world_digesting(0);
    world.join("ada@example.com");
    world.next_day();
    world.digest();
    let yesterday = world.moment.day - 1;
    assert_eq!(due_digest(&world.brand, CAMPAIGN, yesterday, &world.moment).unwrap(), None);
}
