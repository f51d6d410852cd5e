//! Payouts' rules as stories on an in-memory brand: who is due, a reward in one payout at
//! most, paid and failed, and what a payout's hold on a reward forbids.

use super::lifecycle_tests::MEMBER;
use super::tests::{campaign, World, CAMPAIGN};
use super::*;
use crate::domain::payout::{PayoutMove, PayoutStatus};
use crate::domain::reward::RewardAction;

/// A cash campaign (10.00 a referral) of the member, with a minimum in cents.
fn cash_world(minimum_cents: u64) -> World {
    let mut campaign = campaign(RewardType::Cash, 1, false);
    campaign.member_id = MEMBER;
    campaign.payouts.minimum_cents = minimum_cents;
    World::new(campaign)
}

impl World {
    /// Decides and commits a request for payouts.
    fn request_payouts(&mut self, only: Option<&[u64]>) -> Vec<crate::domain::payout::Payout> {
        let balances = payable(&self.brand, &self.campaign, only).unwrap();
        let ids: Vec<u64> = balances.iter().map(|_| self.id()).collect();
        let (payouts, writes) = decide_payouts(&self.brand, &self.campaign, balances, &ids, &self.moment).unwrap();
        self.commit(writes);
        payouts
    }

    /// Decides and commits a move of a payout.
    fn move_payout(&mut self, payout_id: u64, movement: PayoutMove) -> PayoutMoved {
        let decided = decide_payout_move(&self.brand, MEMBER, CAMPAIGN, payout_id, &movement, &self.moment).unwrap();
        if let Ok((_, writes)) = &decided {
            self.commit(writes.clone());
        }
        decided
    }

    /// A participant who referred `n` friends: `n` rewards of 10.00.
    fn earner(&mut self, email: &str, n: usize) -> u64 {
        let id = self.join(email).participant.id;
        for i in 0..n {
            self.referred(&format!("{i}.{email}"), Some(id));
        }
        id
    }
}

#[test]
fn each_balance_that_reaches_the_minimum_gets_one_payout_and_a_reward_is_paid_out_once() {
    let mut world = cash_world(2_000);
    let ada = world.earner("ada@example.com", 3);
    let bob = world.earner("bob@example.com", 1);

    let payouts = world.request_payouts(None);
    assert_eq!(payouts.len(), 1, "bob's 10.00 is under the minimum of 20.00");
    let payout = &payouts[0];
    assert_eq!((payout.participant_id, payout.amount_cents, payout.reward_ids.len()), (ada, 3_000, 3));
    assert_eq!((payout.status, payout.currency.as_str()), (PayoutStatus::Requested, "USD"));
    assert!(world.request_payouts(None).is_empty(), "a second request finds nothing due");

    world.referred("1.bob@example.com.again", Some(bob));
    let later = world.request_payouts(None);
    assert_eq!((later.len(), later[0].participant_id, later[0].amount_cents), (1, bob, 2_000));
}

#[test]
fn only_the_participants_named_are_paid() {
    let mut world = cash_world(0);
    let ada = world.earner("ada@example.com", 1);
    let bob = world.earner("bob@example.com", 1);
    let payouts = world.request_payouts(Some(&[bob]));
    assert_eq!(payouts.iter().map(|p| p.participant_id).collect::<Vec<_>>(), vec![bob]);
    let rest = world.request_payouts(None);
    assert_eq!(rest.iter().map(|p| p.participant_id).collect::<Vec<_>>(), vec![ada]);
}

#[test]
fn paid_fulfils_its_rewards_and_a_repeat_changes_nothing() {
    let mut world = cash_world(0);
    world.earner("ada@example.com", 2);
    let payout = world.request_payouts(None).remove(0);
    let paid = PayoutMove::Paid { reference: "PP-1".into() };
    let (moved, writes) = world.move_payout(payout.id, paid.clone()).unwrap();
    assert_eq!((moved.status, moved.reference.as_deref()), (PayoutStatus::Paid, Some("PP-1")));
    assert!(!writes.is_empty());
    for id in &payout.reward_ids {
        let reward = &world.brand.rewards[id];
        assert_eq!(reward.status, RewardStatus::Fulfilled);
        assert_eq!(reward.history.last().unwrap().note, format!("paid in payout {}, reference PP-1", payout.id));
    }
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsFulfilled), 2);

    let (again, writes) = world.move_payout(payout.id, paid).unwrap();
    assert_eq!((again.status, writes.len()), (PayoutStatus::Paid, 0), "a repeat writes nothing");
    assert_eq!(world.brand.count(CAMPAIGN, Counter::RewardsFulfilled), 2);
    let contrary = world.move_payout(payout.id, PayoutMove::Failed { reason: "x".into() });
    assert_eq!(contrary.unwrap_err(), PayoutRefusal::State { status: PayoutStatus::Paid });
    let other_reference = world.move_payout(payout.id, PayoutMove::Paid { reference: "PP-2".into() });
    assert_eq!(other_reference.unwrap_err(), PayoutRefusal::State { status: PayoutStatus::Paid });
}

#[test]
fn a_failed_payout_frees_its_rewards_for_the_next_one() {
    let mut world = cash_world(0);
    world.earner("ada@example.com", 2);
    let first = world.request_payouts(None).remove(0);
    let (failed, _) = world.move_payout(first.id, PayoutMove::Failed { reason: "no such account".into() }).unwrap();
    assert_eq!((failed.status, failed.failure_reason.as_deref()), (PayoutStatus::Failed, Some("no such account")));
    assert!(first.reward_ids.iter().all(|id| world.brand.rewards[id].status == RewardStatus::Issued));

    let second = world.request_payouts(None).remove(0);
    assert_eq!(second.reward_ids, first.reward_ids, "the same rewards, in a new payout");
    assert_ne!(second.id, first.id);
    let paid = world.move_payout(first.id, PayoutMove::Paid { reference: "late".into() });
    assert_eq!(
        paid.unwrap_err(),
        PayoutRefusal::State { status: PayoutStatus::Failed },
        "a failed payout stays failed"
    );
}

#[test]
fn a_reward_a_payout_holds_is_neither_voided_nor_fulfilled_by_hand() {
    let mut world = cash_world(0);
    world.earner("ada@example.com", 1);
    let payout = world.request_payouts(None).remove(0);
    let reward = world.brand.rewards[&payout.reward_ids[0]].clone();
    for action in [RewardAction::Void, RewardAction::Fulfil] {
        assert_eq!(world.act(&reward, action).unwrap_err(), RewardRefusal::InPayout { payout_id: payout.id });
    }
    world.move_payout(payout.id, PayoutMove::Failed { reason: "wrong email".into() }).unwrap();
    let fulfilled = world.act(&reward, RewardAction::Fulfil).unwrap();
    assert_eq!(fulfilled.status, RewardStatus::Fulfilled, "free again once its payout failed");
    assert!(world.request_payouts(None).is_empty(), "fulfilled by hand: nothing due");
}

#[test]
fn another_members_payout_is_not_found() {
    let mut world = cash_world(0);
    world.earner("ada@example.com", 1);
    let payout = world.request_payouts(None).remove(0);
    let paid = PayoutMove::Paid { reference: "PP-1".into() };
    let decided = decide_payout_move(&world.brand, MEMBER + 1, CAMPAIGN, payout.id, &paid, &world.moment).unwrap();
    assert_eq!(decided.unwrap_err(), PayoutRefusal::NotFound);
}

#[test]
fn a_refund_after_payout_is_owed_and_taken_off_the_next_payouts_never_below_zero() {
    let mut campaign = super::conversion_tests::conversion_campaign(RewardType::Cash, false);
    campaign.member_id = MEMBER;
    let mut world = World::new(campaign);
    let ada = world.join("ada@example.com").participant.id;
    let mut friends = Vec::new();
    for n in 0..5 {
        friends.push(world.referred(&format!("friend{n}@example.com"), Some(ada)).participant.id);
    }
    let first: Vec<_> = friends[..2].iter().map(|&f| world.created(f, &format!("order-{f}")).0).collect();
    let paid = world.request_payouts(None).remove(0);
    assert_eq!((paid.amount_cents, paid.deducted_cents), (2_000, 0));
    world.move_payout(paid.id, PayoutMove::Paid { reference: "PP-1".into() }).unwrap();

    // Both orders refunded after the money left: Ada owes 20.00, once.
    for conversion in &first {
        let refund = world.refund(conversion);
        assert_eq!(refund.fulfilled.len(), 1, "paid out: not voided");
        world.refund(conversion);
    }
    assert_eq!(world.brand.owed[&(CAMPAIGN, ada)].cents, 2_000, "a second refund owes nothing more");

    // 10.00 earned is all taken by the debt: nothing is paid, the rest carries over.
    world.created(friends[2], "order-late");
    assert!(world.request_payouts(None).is_empty(), "never a payout of zero");
    for &f in &friends[3..] {
        world.created(f, &format!("order-{f}"));
    }
    let next = world.request_payouts(None).remove(0);
    assert_eq!((next.amount_cents, next.deducted_cents, next.reward_ids.len()), (1_000, 2_000, 3));
    assert_eq!(world.brand.owed[&(CAMPAIGN, ada)].cents, 0);

    // The payout fails: what it took off is owed again, and its rewards are due again.
    world.move_payout(next.id, PayoutMove::Failed { reason: "closed".into() }).unwrap();
    let owed = &world.brand.owed[&(CAMPAIGN, ada)];
    assert_eq!(owed.cents, 2_000);
    let signs: Vec<i64> = owed.entries.iter().map(|e| e.cents).collect();
    assert_eq!(signs, vec![1_000, 1_000, -2_000, 2_000]);
    let again = world.request_payouts(None).remove(0);
    assert_eq!((again.amount_cents, again.deducted_cents), (1_000, 2_000));
}
