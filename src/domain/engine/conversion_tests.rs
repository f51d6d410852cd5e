//! Conversions and refunds, as stories on an in-memory brand.

use super::tests::{campaign, World, CAMPAIGN};
use super::*;
use crate::domain::conversion::{Conversion, ConversionStatus};
use crate::domain::reward::RewardAction;
use crate::domain::GoalType;

pub(super) fn conversion_campaign(reward_type: RewardType, two_way: bool) -> Campaign {
    Campaign { goal_type: GoalType::Conversion, ..campaign(reward_type, 1, two_way) }
}

impl World {
    /// Decides and commits a conversion of `participant_id` under `external_id`.
    fn convert(&mut self, participant_id: u64, external_id: &str) -> Result<ConversionDecision, ConversionRefusal> {
        self.convert_payment(participant_id, external_id, &[])
    }

    /// The same, for a payment that Stripe names by `references`.
    fn convert_payment(
        &mut self,
        participant_id: u64,
        external_id: &str,
        references: &[&str],
    ) -> Result<ConversionDecision, ConversionRefusal> {
        let new = NewConversion {
            occurred_ms: None,
            participant_id,
            external_id: external_id.into(),
            amount: Some("49.90".into()),
            currency: Some("EUR".into()),
            payment_references: references.iter().map(|r| r.to_string()).collect(),
            customers: Vec::new(),
            promo_code: None,
            invoice: None,
        };
        let ids = ConversionIds {
            conversion: self.id(),
            referrer_reward: self.id(),
            invited_reward: self.id(),
            commission_reward: self.id(),
        };
        let decided = decide_conversion(&self.brand, &self.campaign, &new, ids, &self.moment).unwrap();
        if let Ok(ConversionDecision::Created { writes, .. }) = &decided {
            self.commit(writes.clone());
        }
        decided
    }

    pub(super) fn created(&mut self, participant_id: u64, external_id: &str) -> (Conversion, Vec<Reward>) {
        match self.convert(participant_id, external_id) {
            Ok(ConversionDecision::Created { conversion, rewards, .. }) => (conversion, rewards),
            other => panic!("{external_id}: {other:?}"),
        }
    }

    pub(super) fn refund(&mut self, conversion: &Conversion) -> Refund {
        let conversion = self.brand.conversions[&conversion.id].clone();
        let (refund, writes) = decide_refund(
            &self.brand,
            &self.campaign,
            conversion,
            &crate::domain::invoice::RefundReport::whole(),
            &self.moment,
        )
        .unwrap();
        self.commit(writes);
        refund
    }
}

#[test]
fn a_referral_counts_once_the_friend_converts_and_only_their_first_conversion_counts() {
    let mut world = World::new(conversion_campaign(RewardType::Cash, false));
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id));
    assert!(bob.referrer_reward.is_none(), "a signup earns nothing on a conversion goal");
    assert_eq!(world.brand.participants[&ada.id].referrals, 1, "the referral is recorded");

    let (first, rewards) = world.created(bob.participant.id, "order-1");
    assert_eq!(rewards.len(), 1);
    assert_eq!((rewards[0].participant_id, rewards[0].status), (ada.id, RewardStatus::Issued));
    assert_eq!(first.rewards, vec![(ada.id, rewards[0].id)]);
    assert_eq!((first.amount.as_deref(), first.currency.as_deref()), (Some("49.90"), Some("EUR")));
    let (_, again) = world.created(bob.participant.id, "order-2");
    assert!(again.is_empty(), "a second purchase of the same friend earns nothing more");
    let (_, own) = world.created(ada.id, "order-3");
    assert!(own.is_empty(), "a participant nobody referred earns nobody anything");
    assert_eq!(world.brand.count(CAMPAIGN, Counter::Conversions), 3);
}

#[test]
fn the_same_external_id_answers_the_first_conversion_and_changes_nothing() {
    let mut world = World::new(conversion_campaign(RewardType::Cash, false));
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    let (first, _) = world.created(bob.id, "in_42");
    let before = world.brand.clone();
    assert_eq!(world.convert(bob.id, "in_42"), Ok(ConversionDecision::Known(first)));
    assert_eq!(world.brand.rewards, before.rewards);
    assert_eq!(world.brand.count(CAMPAIGN, Counter::Conversions), 1);
    assert_eq!(world.convert(bob.id + 1000, "in_43"), Err(ConversionRefusal::UnknownParticipant));
}

#[test]
fn one_payment_reported_under_two_ids_is_one_conversion() {
    // A subscription's checkout session and its first invoice both report the invoice.
    let mut world = World::new(conversion_campaign(RewardType::Cash, false));
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    let Ok(ConversionDecision::Created { conversion: first, rewards, .. }) =
        world.convert_payment(bob.id, "cs_1", &["in_1"])
    else {
        panic!("the checkout session is a new conversion")
    };
    assert_eq!((rewards.len(), first.payment_references.clone()), (1, vec!["in_1".to_owned()]));
    let before = world.brand.clone();
    assert_eq!(world.convert_payment(bob.id, "in_1", &["in_1", "pi_1"]), Ok(ConversionDecision::Known(first)));
    assert_eq!((world.brand.rewards.len(), world.brand.conversions.len()), (before.rewards.len(), 1));
    assert!(matches!(world.convert_payment(bob.id, "in_2", &["in_2"]), Ok(ConversionDecision::Created { .. })));
    assert_eq!(world.brand.count(CAMPAIGN, Counter::Conversions), 2, "the next month's invoice is another");
}

#[test]
fn a_two_way_conversion_campaign_rewards_the_friend_at_their_conversion() {
    let mut world = World::new(conversion_campaign(RewardType::Cash, true));
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id));
    assert!(bob.reward.is_none(), "not at signup");
    let (_, rewards) = world.created(bob.participant.id, "order-1");
    let owners: Vec<u64> = rewards.iter().map(|r| r.participant_id).collect();
    assert_eq!(owners, vec![ada.id, bob.participant.id]);
}

#[test]
fn a_refund_voids_what_is_not_fulfilled_and_the_coupon_stays_burnt() {
    let mut world = World::new(conversion_campaign(RewardType::Coupon, true));
    world.upload(&["A", "B", "C"]);
    let ada = world.join("ada@example.com").participant;
    let bob = world.referred("bob@example.com", Some(ada.id)).participant;
    let (conversion, rewards) = world.created(bob.id, "order-1");
    assert_eq!(rewards.len(), 2);
    // The friend's reward was fulfilled before the refund: it stays, and is reported.
    let decided = decide_reward_action(&world.brand, 7, bob.id, rewards[1].id, RewardAction::Fulfil, "", &world.moment);
    world.commit(decided.unwrap().unwrap().1);

    let refund = world.refund(&conversion);
    assert!(refund.changed);
    assert_eq!(refund.conversion.status, ConversionStatus::Refunded);
    assert_eq!(refund.voided.iter().map(|r| r.id).collect::<Vec<_>>(), vec![rewards[0].id]);
    assert_eq!(refund.fulfilled.iter().map(|r| r.id).collect::<Vec<_>>(), vec![rewards[1].id]);
    let voided = &world.brand.rewards[&rewards[0].id];
    assert_eq!((voided.status, voided.void_reason.as_deref()), (RewardStatus::Voided, Some("conversion refunded")));
    assert_eq!(world.brand.coupons[&(CAMPAIGN, 1)].reward_id, Some(rewards[0].id), "A stays burnt");
    assert_eq!(world.brand.coupon_pool(CAMPAIGN).unwrap().available(), 1, "only C is left");

    let again = world.refund(&conversion);
    assert!(!again.changed && again.voided.is_empty());
    assert_eq!(world.brand.count(CAMPAIGN, Counter::Refunds), 1);
}
