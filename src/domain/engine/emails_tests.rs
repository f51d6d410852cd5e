//! The emails a decision composes, as stories on an in-memory brand: which ones, to whom,
//! with what in them, and who never gets one.

use super::tests::{campaign, World, CAMPAIGN};
use super::*;
use crate::domain::campaign_emails::{EmailKind, EmailsInput};
use crate::domain::outgoing_email::OutgoingEmail;
use crate::domain::EmailAddress;
use crate::domain::ReferralCode;

/// A world whose campaign sends the emails named, with a cash reward of 10.00 per referral.
fn world_sending(kinds: &[EmailKind]) -> World {
    let mut campaign = campaign(RewardType::Cash, 1, false);
    campaign.reward_value = Some("10.00".into());
    let mut on = serde_json::Map::new();
    for kind in kinds {
        on.insert(kind.name().into(), serde_json::json!({"enabled": true}));
    }
    let input: EmailsInput = serde_json::from_value(serde_json::Value::Object(on)).unwrap();
    campaign.emails.apply(&input).unwrap();
    World::new(campaign)
}

impl World {
    fn named(&mut self, email: &str, name: &str, referrer: Option<u64>) -> Participant {
        let who = NewParticipant {
            email: EmailAddress::parse(email).unwrap(),
            name: name.into(),
            domain: None,
            client: None,
            language: None,
        };
        let edge = referrer.map(|referrer_id| ReferralEdge { referrer_id, invited_id: None });
        match self.signup_as(who, edge) {
            Ok(SignupDecision::Created { signed, .. }) => signed.participant,
            other => panic!("{email} did not join: {other:?}"),
        }
    }

    /// The emails committed so far, oldest first.
    fn emails(&self) -> Vec<&OutgoingEmail> {
        self.brand.emails.values().collect()
    }
}

#[test]
fn a_campaign_sends_nothing_until_the_member_turns_emails_on() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ada = world.join("ada@example.com").participant;
    world.referred("bob@example.com", Some(ada.id));
    assert!(world.emails().is_empty());
}

#[test]
fn a_referral_signup_welcomes_the_friend_tells_the_referrer_and_announces_the_reward() {
    let mut world = world_sending(&EmailKind::ALL);
    let ada = world.named("ada@example.com", "Ada", None);
    let bob = world.named("bob@example.com", "Bob", Some(ada.id));
    let emails = world.emails();
    let kinds: Vec<(EmailKind, &str)> = emails.iter().map(|e| (e.kind, e.to.as_str())).collect();
    assert_eq!(
        kinds,
        [
            (EmailKind::Welcome, "ada@example.com"),
            (EmailKind::Welcome, "bob@example.com"),
            (EmailKind::FriendJoined, "ada@example.com"),
            (EmailKind::Reward, "ada@example.com"),
        ]
    );
    let welcome = emails[1];
    assert_eq!(welcome.message.subject, format!("Welcome to {}", world.campaign.name));
    let link = format!("https://r.example/r/{}", ReferralCode::link(CAMPAIGN, bob.id).encode());
    assert!(welcome.message.text.starts_with("Hi Bob,") && welcome.message.text.contains(&link), "{welcome:?}");
    assert_eq!(welcome.unsubscribe_link, format!("https://r.example/unsubscribe/{CAMPAIGN}-{}", bob.id));
    let joined = emails[2];
    assert_eq!((joined.participant_id, joined.about), (ada.id, Some(bob.id)));
    assert_eq!(joined.message.subject, "Bob joined through your link");
    assert!(joined.message.text.contains("That makes 1 so far"), "the count after this signup: {joined:?}");
    assert!(!joined.message.text.contains("bob@example.com"), "never the friend's address");
    assert!(emails[3].message.text.contains("10.00"), "{:?}", emails[3]);
    let ids: std::collections::BTreeSet<u64> = emails.iter().map(|e| e.id).collect();
    assert_eq!(ids.len(), 4, "each email has its own id");
}

#[test]
fn a_friend_without_a_name_is_a_friend_and_values_are_escaped_in_html_only() {
    let mut world = world_sending(&[EmailKind::Welcome, EmailKind::FriendJoined]);
    let ada = world.named("ada@example.com", "<b>x</b>", None);
    world.named("anon@example.com", "", Some(ada.id));
    let emails = world.emails();
    assert!(emails[0].message.text.starts_with("Hi <b>x</b>,"));
    assert!(emails[0].message.html.contains("Hi &lt;b&gt;x&lt;/b&gt;,") && !emails[0].message.html.contains("<b>"));
    assert!(emails[1].message.text.starts_with("Hi anon,"), "no name: the address's local part");
    assert_eq!(emails[2].message.subject, "A friend joined through your link");
}

#[test]
fn nobody_unsubscribed_or_erased_gets_an_email_and_an_erasure_empties_those_composed() {
    let mut world = world_sending(&EmailKind::ALL);
    let ada = world.join("ada@example.com").participant;
    world.brand.apply(vec![Write::Unsubscribed { campaign_id: CAMPAIGN, participant_id: ada.id }]);
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    let to: Vec<(EmailKind, u64)> = world.emails().iter().map(|e| (e.kind, e.participant_id)).collect();
    assert_eq!(to, [(EmailKind::Welcome, ada.id), (EmailKind::Welcome, bob.id)], "ada unsubscribed after hers");

    world.erase(bob.id);
    let bobs = world.emails().into_iter().find(|e| e.participant_id == bob.id).unwrap();
    assert!(bobs.is_erased() && bobs.to.is_empty() && bobs.message.text.is_empty());
}
