//! The engine's rules, tested as stories on an in-memory brand, and as properties over any
//! sequence of signups, referral signups and coupon uploads.

use proptest::prelude::*;

use super::model::MemoryBrand;
use super::*;
use crate::domain::campaign::{Contest, WidgetSettings};
use crate::domain::counters::{BrandTally, CampaignTally, DailySeries, ParticipantTally};
use crate::domain::event::EventTypes;
use crate::domain::webhook::{PendingDelivery, WebhookRoute};
use crate::domain::EmailAddress;
use crate::domain::{GoalType, Publish};

pub(super) const CAMPAIGN: u64 = 10;
const BRAND: u64 = 1;

pub(super) fn campaign(reward_type: RewardType, num_signups: u32, two_way: bool) -> Campaign {
    Campaign {
        id: CAMPAIGN,
        brand_id: BRAND,
        member_id: 7,
        name: "Spring".into(),
        type_id: 1,
        reward_type,
        goal_type: GoalType::Signup,
        num_signups,
        publish: Publish::Private,
        reward_invited: two_way,
        reward_value: (reward_type != RewardType::Coupon).then(|| "10.00".into()),
        widget: WidgetSettings::default(),
        contest: Contest::default(),
        created_at: "2026-11-23T10:00:00Z".into(),
        updated_at: "2026-11-23T10:00:00Z".into(),
        hold_days: 0,
        emails: Default::default(),
        fraud: Default::default(),
        tiers: Vec::new(),
        leaderboard: Default::default(),
        waitlist: Default::default(),
        payouts: Default::default(),
        language: Default::default(),
        texts: Default::default(),
        commission: Default::default(),
        attribution: Default::default(),
        promo_codes: Default::default(),
    }
}

/// A brand with one campaign, and a source of fresh ids, as a brand actor has them.
pub(super) struct World {
    pub(super) brand: MemoryBrand,
    pub(super) campaign: Campaign,
    next_id: u64,
    pub(super) moment: Moment,
    /// The owner's participant limit (none unless a test sets one).
    owner: Owner,
    /// The owner's webhooks: 3 and 4, account-wide, every kind of event.
    pub(super) routes: Vec<WebhookRoute>,
    /// Where emails' links point.
    pub(super) mailing: Mailing,
}

impl World {
    pub(super) fn new(campaign: Campaign) -> Self {
        let mut brand = MemoryBrand::default();
        brand.campaigns.insert(campaign.id, campaign.clone());
        let moment = Moment::at(chrono::DateTime::parse_from_rfc3339("2026-11-23T10:00:00Z").unwrap().into());
        let routes = [3, 4].map(|webhook_id| WebhookRoute { webhook_id, campaign_id: None, events: EventTypes::ALL });
        let mailing = Mailing {
            site: "https://r.example".into(),
            unsubscribe_link: std::sync::Arc::new(|c, p| format!("https://r.example/unsubscribe/{c}-{p}")),
            digest_off_link: std::sync::Arc::new(|c| format!("https://r.example/unsubscribe/{c}-digest")),
            owners_confirm: false,
        };
        let owner = Owner { participant_limit: None };
        Self { brand, campaign, next_id: 100, moment, owner, routes: routes.into(), mailing }
    }

    pub(super) fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn ids(&mut self) -> SignupIds {
        SignupIds { participant: self.id(), referrer_reward: self.id(), invited_reward: self.id() }
    }

    fn who(email: &str) -> NewParticipant {
        NewParticipant {
            email: EmailAddress::parse(email).unwrap(),
            name: String::new(),
            domain: None,
            client: None,
            language: None,
        }
    }

    /// Decides and commits a signup.
    pub(super) fn signup(
        &mut self,
        email: &str,
        referral: Option<ReferralEdge>,
    ) -> Result<SignupDecision, SignupRefusal> {
        self.signup_as(Self::who(email), referral)
    }

    /// Decides and commits the signup of `who`.
    pub(super) fn signup_as(
        &mut self,
        who: NewParticipant,
        referral: Option<ReferralEdge>,
    ) -> Result<SignupDecision, SignupRefusal> {
        let ids = self.ids();
        let decided =
            decide_signup(&self.brand, &self.campaign, &who, referral, ids, &self.owner, &self.moment).unwrap();
        match decided {
            Ok(SignupDecision::Created { mut signed, writes }) => {
                let (deliveries, writes) = self.commit(writes);
                signed.deliveries = deliveries;
                Ok(SignupDecision::Created { signed, writes })
            }
            other => other,
        }
    }

    /// Composes a decision's emails and publishes its events to the world's webhooks, as the
    /// brand actor does, and commits it; the deliveries, and the writes as committed.
    pub(super) fn commit(&mut self, writes: Vec<Write>) -> (Vec<PendingDelivery>, Vec<Write>) {
        let wanted = wanted_emails(&self.brand, &writes).unwrap();
        let ids: Vec<u64> = wanted.iter().map(|_| self.id()).collect();
        let emails = compose_emails(wanted, &ids, &self.mailing, &self.moment, true);
        let ids: Vec<u64> = (0..to_publish(&writes, &self.routes)).map(|_| self.id()).collect();
        let (mut writes, deliveries) = publish(writes, &self.routes, &ids, &self.moment);
        writes.extend(emails);
        self.brand.apply(writes.clone());
        (deliveries, writes)
    }

    pub(super) fn join(&mut self, email: &str) -> Signed {
        self.referred(email, None)
    }

    pub(super) fn referred(&mut self, email: &str, referrer: Option<u64>) -> Signed {
        let edge = referrer.map(|referrer_id| ReferralEdge { referrer_id, invited_id: None });
        match self.signup(email, edge) {
            Ok(SignupDecision::Created { signed, .. }) => *signed,
            other => panic!("{email} did not join: {other:?}"),
        }
    }

    pub(super) fn upload(&mut self, codes: &[&str]) -> ImportOutcome {
        let codes: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        let (outcome, writes) = decide_import(&self.brand, &self.campaign, &codes, &self.moment).unwrap();
        self.commit(writes);
        outcome
    }

    /// A generated join (property tests): address `p<email>@example.com`, referred by the
    /// participant at `referrer` (an index into `joined`, wrapped) when given; a new
    /// participant is added to `joined`.
    pub(super) fn join_generated(&mut self, joined: &mut Vec<u64>, email: u8, referrer: Option<u16>) {
        let referrer = referrer.filter(|_| !joined.is_empty()).map(|r| joined[r as usize % joined.len()]);
        let edge = referrer.map(|referrer_id| ReferralEdge { referrer_id, invited_id: None });
        if let Ok(SignupDecision::Created { signed, .. }) = self.signup(&format!("p{email}@example.com"), edge) {
            joined.push(signed.participant.id);
        }
    }

    /// A generated upload (property tests): the `count` codes `C<first>`, `C<first + 1>`, …
    pub(super) fn upload_generated(&mut self, first: u16, count: u8) {
        let codes: Vec<String> = (first..first + u16::from(count)).map(|c| format!("C{c}")).collect();
        self.upload(&codes.iter().map(String::as_str).collect::<Vec<_>>());
    }
}

#[test]
fn a_signup_takes_the_next_place_and_counts_and_queues_its_webhook_deliveries() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ada = world.join("Ada@Example.com");
    let bob = world.join("bob@example.com");
    assert_eq!((ada.participant.seq, bob.participant.seq), (1, 2));
    assert_eq!(ada.participant.email, "Ada@Example.com", "kept as given");
    assert_eq!(world.brand.count(CAMPAIGN, Counter::Participants), 2);
    assert_eq!(world.brand.daily[&(CAMPAIGN, DailySeries::Signups, world.moment.day)], 2);
    assert!(!world.brand.daily.contains_key(&(CAMPAIGN, DailySeries::Referrals, world.moment.day)), "nobody referred");
    let events: Vec<(u64, u64)> = world.brand.deliveries.iter().map(|d| (d.webhook_id, d.event_id)).collect();
    let (first, second) = (ada.deliveries[0].event_id, bob.deliveries[0].event_id);
    assert_eq!(events, vec![(3, first), (4, first), (3, second), (4, second)]);
    assert_eq!(ada.deliveries.len(), 2);
    let signup = &world.brand.events[&first];
    assert_eq!(signup.kind, crate::domain::event::EventType::ParticipantSignup);
    assert_eq!(signup.subject, crate::domain::event::EventSubject::Signup(ada.participant.clone()));
}

#[test]
fn the_same_email_in_any_case_is_refused_and_the_first_participant_stays() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    world.join("ada@example.com");
    assert_eq!(world.signup("ADA@example.com", None), Err(SignupRefusal::EmailTaken));
    assert_eq!(world.brand.participants.len(), 1);
}

#[test]
fn a_referral_earns_the_referrer_a_reward_at_each_multiple_of_num_signups() {
    let mut world = World::new(campaign(RewardType::Cash, 2, false));
    let ada = world.join("ada@example.com").participant;
    let first = world.referred("f1@example.com", Some(ada.id));
    assert_eq!(first.referrer.as_ref().map(|r| r.referrals), Some(1));
    assert!(first.referrer_reward.is_none());
    let second = world.referred("f2@example.com", Some(ada.id));
    let reward = second.referrer_reward.expect("the second referral meets the goal");
    assert_eq!(
        (reward.participant_id, reward.value.as_deref(), reward.status),
        (ada.id, Some("10.00"), RewardStatus::Issued)
    );
    assert_eq!(reward.trigger_participant_id, Some(second.participant.id));
    assert_eq!(second.participant.referred_by, Some(ada.id));
    assert_eq!(world.brand.count(CAMPAIGN, Counter::Referrals), 2);
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsIssued), 1);
    let today = |series| world.brand.daily[&(CAMPAIGN, series, world.moment.day)];
    assert_eq!((today(DailySeries::Signups), today(DailySeries::Referrals)), (3, 2), "per day too");
}

#[test]
fn referring_yourself_or_through_a_code_of_nobody_is_refused_and_changes_nothing() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ada = world.join("ada@example.com").participant;
    let before = world.brand.participants.clone();
    let edge = |referrer_id| Some(ReferralEdge { referrer_id, invited_id: None });
    assert_eq!(world.signup("ADA@example.com", edge(ada.id)), Err(SignupRefusal::SelfReferral));
    assert_eq!(world.signup("bob@example.com", edge(999)), Err(SignupRefusal::InvalidReferral));
    let invited = Some(ReferralEdge { referrer_id: ada.id, invited_id: Some(555) });
    assert_eq!(world.signup("bob@example.com", invited), Err(SignupRefusal::InvalidReferral));
    assert_eq!(world.brand.participants, before);
}

#[test]
fn a_referrer_of_another_campaign_is_not_valid_here() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let mut other = campaign(RewardType::Cash, 1, false);
    other.id = 11;
    world.brand.campaigns.insert(11, other.clone());
    let ids = world.ids();
    let decided = decide_signup(
        &world.brand,
        &other,
        &World::who("eve@example.com"),
        None,
        ids,
        &Owner::default(),
        &world.moment,
    );
    let Ok(Ok(SignupDecision::Created { writes, signed })) = decided else { panic!("eve joins campaign 11") };
    world.commit(writes);
    let edge = Some(ReferralEdge { referrer_id: signed.participant.id, invited_id: None });
    assert_eq!(world.signup("bob@example.com", edge), Err(SignupRefusal::InvalidReferral));
}

#[test]
fn an_already_referred_participant_keeps_their_inviter() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ada = world.join("ada@example.com").participant;
    let cy = world.join("cy@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    let again = world.signup("bob@example.com", Some(ReferralEdge { referrer_id: cy.id, invited_id: None }));
    let Ok(SignupDecision::AlreadyReferred { participant, by_same_referrer }) = again else { panic!("{again:?}") };
    assert_eq!((participant.referred_by, by_same_referrer), (Some(ada.id), false));
    let same = world.signup("bob@example.com", Some(ReferralEdge { referrer_id: ada.id, invited_id: None }));
    assert!(matches!(same, Ok(SignupDecision::AlreadyReferred { by_same_referrer: true, .. })));
    assert_eq!(world.brand.participants[&bob.id].referred_by, Some(ada.id));
    assert_eq!(world.brand.participants[&cy.id].referrals, 0);
    // Someone who joined without a referrer is a plain duplicate.
    let late = world.signup("cy@example.com", Some(ReferralEdge { referrer_id: ada.id, invited_id: None }));
    assert_eq!(late, Err(SignupRefusal::EmailTaken));
}

#[test]
fn a_domain_joins_a_campaign_once() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let mut who = World::who("ada@example.com");
    who.domain = Some("ada.example".into());
    let ids = world.ids();
    let Ok(Ok(SignupDecision::Created { writes, .. })) =
        decide_signup(&world.brand, &world.campaign, &who, None, ids, &Owner::default(), &world.moment)
    else {
        panic!("ada joins")
    };
    world.commit(writes);
    who.email = EmailAddress::parse("bob@example.com").unwrap();
    let ids = world.ids();
    let again =
        decide_signup(&world.brand, &world.campaign, &who, None, ids, &Owner::default(), &world.moment).unwrap();
    assert_eq!(again, Err(SignupRefusal::DomainTaken));
}

#[test]
fn the_participant_limit_refuses_only_new_participants() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    world.owner.participant_limit = Some(2);
    let ada = world.join("ada@example.com");
    world.join("bob@example.com");
    assert_eq!(world.signup("cy@example.com", None), Err(SignupRefusal::ParticipantLimit { limit: 2 }));
    let edge = Some(ReferralEdge { referrer_id: ada.participant.id, invited_id: None });
    assert_eq!(world.signup("dan@example.com", edge), Err(SignupRefusal::ParticipantLimit { limit: 2 }));
    // Known emails are answered as always: the limit only stops new participants.
    assert_eq!(world.signup("bob@example.com", None), Err(SignupRefusal::EmailTaken));
    assert_eq!(world.brand.counter(CAMPAIGN, Counter::Participants).unwrap(), 2);
    assert_eq!(world.brand.participant(ada.participant.id).unwrap().unwrap().referrals, 0, "no referral counted");
    // A larger plan lets the campaign grow again.
    world.owner.participant_limit = Some(3);
    assert!(world.signup("cy@example.com", None).is_ok());
}

#[test]
fn an_invitation_is_accepted_by_the_first_signup_through_it() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ada = world.join("ada@example.com").participant;
    let emails = [EmailAddress::parse("bob@example.com").unwrap(), EmailAddress::parse("BOB@example.com").unwrap()];
    let (invites, writes) = decide_invites(&world.brand, &ada, &emails, &[900, 901], "now").unwrap();
    world.brand.apply(writes);
    assert_eq!(invites.len(), 1, "the same address twice is one invitation");
    let (again, _) = decide_invites(&world.brand, &ada, &emails[..1], &[902], "now").unwrap();
    assert!(again.is_empty(), "an address already invited is skipped");
    let edge = Some(ReferralEdge { referrer_id: ada.id, invited_id: Some(900) });
    let Ok(SignupDecision::Created { signed, .. }) = world.signup("bob@example.com", edge) else { panic!() };
    assert_eq!(world.brand.invites[&(ada.id, 900)].accepted_by, Some(signed.participant.id));
}

#[test]
fn a_two_way_coupon_signup_takes_two_different_coupons_in_one_decision() {
    let mut world = World::new(campaign(RewardType::Coupon, 1, true));
    world.upload(&["A", "B", "C"]);
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id));
    let codes = (bob.referrer_reward.unwrap().value, bob.reward.unwrap().value);
    assert_eq!(codes, (Some("A".into()), Some("B".into())));
    assert_eq!(world.brand.pools[&CAMPAIGN], CouponPool { uploaded: 3, assigned: 2 });
}

#[test]
fn an_empty_pool_leaves_rewards_pending_until_an_upload_fills_them_oldest_first() {
    let mut world = World::new(campaign(RewardType::Coupon, 1, false));
    let ada = world.join("ada@example.com").participant;
    let first = world.referred("f1@example.com", Some(ada.id)).referrer_reward.unwrap();
    let second = world.referred("f2@example.com", Some(ada.id)).referrer_reward.unwrap();
    assert_eq!((first.status, second.status), (RewardStatus::Pending, RewardStatus::Pending));
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsPending), 2);
    let outcome = world.upload(&["X", "X2"][..1]);
    assert_eq!(outcome, ImportOutcome { added: 1, duplicates_in_pool: 0, pending_filled: 1 });
    assert_eq!(world.brand.rewards[&first.id].value.as_deref(), Some("X"), "the oldest first");
    assert_eq!(world.brand.rewards[&second.id].status, RewardStatus::Pending);
    let outcome = world.upload(&["X", "Y", "Z"]);
    assert_eq!(outcome, ImportOutcome { added: 2, duplicates_in_pool: 1, pending_filled: 1 });
    assert_eq!(world.brand.rewards[&second.id].value.as_deref(), Some("Y"));
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsPending), 0);
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsIssued), 2);
    assert_eq!(world.brand.pools[&CAMPAIGN], CouponPool { uploaded: 3, assigned: 2 });
}

#[test]
fn a_visit_goal_rewards_unique_visits_only() {
    let mut c = campaign(RewardType::Message, 2, false);
    c.goal_type = GoalType::Visit;
    let mut world = World::new(c);
    let ada = world.join("ada@example.com").participant;
    let visit = |world: &mut World, visitor: u8| {
        let (visit, writes) =
            decide_visit(&world.brand, &world.campaign, ada.id, [visitor; 16], 77, &world.moment).unwrap().unwrap();
        world.commit(writes);
        visit
    };
    assert_eq!(visit(&mut world, 1), Visit { unique: true, reward: None, deliveries: Vec::new() });
    assert_eq!(visit(&mut world, 1), Visit { unique: false, reward: None, deliveries: Vec::new() });
    let third = visit(&mut world, 2);
    assert!(third.unique);
    assert_eq!(third.reward.map(|r| r.value), Some(Some("10.00".into())));
    let p = &world.brand.participants[&ada.id];
    assert_eq!((p.clicks, p.visits), (3, 2));
    assert_eq!(world.brand.count(CAMPAIGN, Counter::Clicks), 3);
    assert!(decide_visit(&world.brand, &world.campaign, 999, [1; 16], 78, &world.moment).unwrap().is_none());
}

#[test]
fn counts_of_a_campaign_of_another_brand_or_a_stranger_are_dropped() {
    let mut world = World::new(campaign(RewardType::Cash, 1, false));
    let ada = world.join("ada@example.com").participant;
    let mut foreign = campaign(RewardType::Cash, 1, false);
    (foreign.id, foreign.brand_id) = (12, 2);
    world.brand.campaigns.insert(12, foreign);
    let mut tally = BrandTally::default();
    tally.campaigns.insert(CAMPAIGN, CampaignTally { clicks: 2, impressions: 5, shares: 1 });
    tally.campaigns.insert(12, CampaignTally { clicks: 9, impressions: 9, shares: 9 });
    tally.participants.insert(ada.id, ParticipantTally { campaign_id: CAMPAIGN, clicks: 2, shares: 1 });
    tally.participants.insert(ada.id + 1000, ParticipantTally { campaign_id: CAMPAIGN, clicks: 1, shares: 0 });
    let writes = decide_tallies(
        &world.brand,
        BRAND,
        &tally,
        &Moment::at(chrono::DateTime::from_timestamp(20_000 * 86_400 + 3600, 0).unwrap()),
    )
    .unwrap();
    world.brand.apply(writes);
    assert_eq!(world.brand.count(CAMPAIGN, Counter::Impressions), 5);
    assert_eq!(world.brand.count(12, Counter::Clicks), 0);
    let on_the_day = |series| world.brand.daily.get(&(CAMPAIGN, series, 20_000)).copied();
    assert_eq!(
        [DailySeries::Clicks, DailySeries::Impressions, DailySeries::Shares].map(on_the_day),
        [Some(2), Some(5), Some(1)],
        "each on the tally's day"
    );
    assert!(!world.brand.daily.keys().any(|(campaign, _, _)| *campaign == 12));
    assert_eq!((world.brand.participants[&ada.id].clicks, world.brand.participants[&ada.id].shares), (2, 1));
}

/// One step of a property run.
#[derive(Debug, Clone)]
enum Step {
    /// Someone joins; through the referral link of the participant at `referrer` (an index
    /// into those who joined so far) when given.
    Join { email: u8, referrer: Option<u16> },
    /// `count` new codes are uploaded (some repeat earlier ones).
    Upload { first: u16, count: u8 },
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        3 => (0..40u8, proptest::option::weighted(0.8, any::<u16>()))
            .prop_map(|(email, referrer)| Step::Join { email, referrer }),
        1 => (0..60u16, 0..6u8).prop_map(|(first, count)| Step::Upload { first, count }),
    ]
}

proptest! {
    /// Whatever the interleaving of referral signups and uploads: no coupon goes to two
    /// rewards, coupons go to rewards in the order the rewards were earned (so pending ones
    /// are filled oldest first), the counters equal the records, each referrer has
    /// floor(referrals / num_signups) rewards, and an inviter, once set, never changes.
    #[test]
    fn rewards_and_coupons_stay_exactly_once(
        steps in proptest::collection::vec(step(), 1..120),
        num_signups in 1..4u32,
        two_way in any::<bool>(),
    ) {
        let mut world = World::new(campaign(RewardType::Coupon, num_signups, two_way));
        let mut joined: Vec<u64> = Vec::new();
        let mut inviter: std::collections::HashMap<u64, Option<u64>> = Default::default();
        for step in steps {
            match step {
                Step::Join { email, referrer } => world.join_generated(&mut joined, email, referrer),
                Step::Upload { first, count } => world.upload_generated(first, count),
            }
            for p in world.brand.participants.values() {
                let first_seen = *inviter.entry(p.id).or_insert(p.referred_by);
                prop_assert_eq!(first_seen, p.referred_by, "the inviter of {} changed", p.id);
            }
            let pool = world.brand.coupon_pool(CAMPAIGN).unwrap();
            prop_assert!(world.brand.pending.is_empty() || pool.available() == 0, "a reward waits beside a free coupon");
        }
        let brand = &world.brand;
        // Coupons: each assigned to one reward, and in the order the rewards were earned.
        let mut coupon_of = std::collections::BTreeMap::new();
        for ((_, seq), coupon) in &brand.coupons {
            if let Some(reward_id) = coupon.reward_id {
                prop_assert!(coupon_of.insert(reward_id, *seq).is_none(), "reward {} has two coupons", reward_id);
                prop_assert_eq!(brand.rewards[&reward_id].value.as_deref(), Some(coupon.code.as_str()));
            }
        }
        let seqs: Vec<u64> = coupon_of.values().copied().collect();
        prop_assert!(seqs.windows(2).all(|w| w[0] < w[1]), "coupons out of reward order: {:?}", seqs);
        let pool = brand.coupon_pool(CAMPAIGN).unwrap();
        prop_assert_eq!(pool.assigned, coupon_of.len() as u64);
        prop_assert_eq!(seqs, (1..=pool.assigned).collect::<Vec<_>>(), "assigned in upload order");
        // Counters equal the records.
        let issued = brand.rewards.values().filter(|r| r.status == RewardStatus::Issued).count() as u64;
        let pending = brand.rewards.values().filter(|r| r.status == RewardStatus::Pending).count() as u64;
        prop_assert_eq!(brand.count(CAMPAIGN, Counter::RewardsIssued), issued);
        prop_assert_eq!(brand.count(CAMPAIGN, Counter::RewardsPending), pending);
        prop_assert_eq!(brand.pending.len() as u64, pending);
        prop_assert_eq!(brand.count(CAMPAIGN, Counter::Participants), brand.participants.len() as u64);
        let referred = brand.participants.values().filter(|p| p.referred_by.is_some()).count() as u64;
        prop_assert_eq!(brand.count(CAMPAIGN, Counter::Referrals), referred);
        // Each referrer: referrals counted from the chain, rewards = floor(referrals / num_signups).
        for p in brand.participants.values() {
            let referrals = brand.participants.values().filter(|q| q.referred_by == Some(p.id)).count() as u64;
            prop_assert_eq!(p.referrals, referrals);
            let earned = brand.rewards.values()
                .filter(|r| r.participant_id == p.id && r.reason == RewardReason::Referrer).count() as u64;
            prop_assert_eq!(earned, referrals / u64::from(num_signups));
            let own = brand.rewards.values()
                .filter(|r| r.participant_id == p.id && r.reason == RewardReason::Invited).count();
            prop_assert_eq!(own, usize::from(two_way && p.referred_by.is_some()));
        }
    }
}
