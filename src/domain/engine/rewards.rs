//! A reward's life after it was earned: an owner approves, voids or fulfils it, and a hold
//! period ends by itself. Each move is decided against the reward as committed, so two moves
//! racing on one reward (an approve and a void) are decided one after the other by the
//! brand's single writer: the second sees the first's result and is refused if it no longer
//! applies. A coupon is taken from the pool only when a reward is issued, and a voided
//! coupon is never handed out again.

use super::{BrandReads, Decision, Moment, Write};
use crate::domain::counters::Counter;
use crate::domain::reward::{HoldReason, RewardAction};
use crate::domain::{Campaign, Reward, RewardStatus};

/// Why an owner's action on a reward changed nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RewardRefusal {
    /// No such reward of this member (or its campaign is gone).
    NotFound,
    /// The action does not apply to the reward's current state.
    NotAllowed { action: RewardAction, status: RewardStatus },
    /// A payout that has not failed holds the reward: the payout decides what becomes of it.
    InPayout { payout_id: u64 },
    /// A commission held for want of an exchange rate: it has no amount to approve yet.
    NoExchangeRate,
}

/// A reward after a move, and the writes that make it so; or why nothing moved.
pub type RewardMove = Result<(Reward, Vec<Write>), RewardRefusal>;

/// Decides `action` on the member's reward `reward_id` of participant `participant_id`:
/// the reward after it, and the writes. `note` is the reason of a void, or the payment
/// reference of a fulfil (empty when none was given); it is kept in the reward's history.
pub fn decide_reward_action<R: BrandReads + ?Sized>(
    reads: &R,
    member_id: u64,
    participant_id: u64,
    reward_id: u64,
    action: RewardAction,
    note: &str,
    moment: &Moment,
) -> Result<RewardMove, R::Error> {
    let Some(mut reward) = reads.reward(participant_id, reward_id)?.filter(|r| r.member_id == member_id) else {
        return Ok(Err(RewardRefusal::NotFound));
    };
    let Some(campaign) = reads.campaign(reward.campaign_id)? else {
        return Ok(Err(RewardRefusal::NotFound));
    };
    if !action.allowed_from(reward.status) {
        return Ok(Err(RewardRefusal::NotAllowed { action, status: reward.status }));
    }
    if action == RewardAction::Approve && reward.holds.contains(&HoldReason::NoExchangeRate) {
        return Ok(Err(RewardRefusal::NoExchangeRate));
    }
    // Fulfilled by hand and then paid in its payout, it would be paid twice. Only an issued
    // reward is ever in a payout: an approve of a held one reads nothing more.
    if reward.status == RewardStatus::Issued {
        if let Some(payout_id) = reads.payout_holding(campaign.id, reward.id)? {
            return Ok(Err(RewardRefusal::InPayout { payout_id }));
        }
    }
    let now = moment.at.as_str();
    let mut decision = Decision::new(reads);
    match action {
        RewardAction::Approve => {
            decision.count_held(campaign.id, &reward.holds, -1);
            decision.issue(&campaign, &mut reward, now, "approved")?;
        }
        RewardAction::Void => decision.void(&campaign, &mut reward, note, now),
        RewardAction::Fulfil => {
            decision.count(campaign.id, Counter::RewardsFulfilled, 1);
            let note = if note.is_empty() { "fulfilled".to_owned() } else { format!("paid, reference {note}") };
            reward.enter(RewardStatus::Fulfilled, now, note);
        }
    }
    decision.record_moved_reward(&reward)?;
    Ok(Ok((reward, decision.finish())))
}

impl<R: BrandReads + ?Sized> Decision<'_, R> {
    /// Takes a held, pending or issued reward back: out of the queue if pending, its coupon
    /// (if issued) burnt with it, never back in the pool.
    pub(super) fn void(&mut self, campaign: &Campaign, reward: &mut Reward, reason: &str, now: &str) {
        match reward.status {
            RewardStatus::Held => self.count_held(campaign.id, &reward.holds, -1),
            RewardStatus::Pending => {
                self.writes.push(Write::Dequeue { campaign_id: campaign.id, reward_id: reward.id });
                self.count(campaign.id, Counter::RewardsPending, -1);
            }
            RewardStatus::Issued => self.count(campaign.id, Counter::RewardsVoidedIssued, 1),
            RewardStatus::Fulfilled | RewardStatus::Voided => return,
        }
        self.count(campaign.id, Counter::RewardsVoided, 1);
        reward.release_at_ms = None;
        reward.holds.clear();
        reward.void_reason = Some(reason.to_owned());
        reward.enter(RewardStatus::Voided, now, reason);
    }
}

/// Ends the hold periods of the given rewards (participant id, reward id) that are due at
/// `moment`: each one still held for its period alone is issued (or pending, a coupon reward
/// whose pool is empty); one also held for review only loses the period. Anything else (a
/// reward approved or voided since, a campaign deleted) is left alone. Returns the rewards
/// that changed and the writes.
pub fn decide_release<R: BrandReads + ?Sized>(
    reads: &R,
    due: &[(u64, u64)],
    moment: &Moment,
) -> Result<(Vec<Reward>, Vec<Write>), R::Error> {
    let now = moment.at.as_str();
    let mut decision = Decision::new(reads);
    let mut campaigns: std::collections::HashMap<u64, Option<Campaign>> = Default::default();
    let mut released = Vec::new();
    for &(participant_id, reward_id) in due {
        let Some(mut reward) = reads.reward(participant_id, reward_id)? else { continue };
        let ends = reward.release_at_ms.is_some_and(|at| at <= moment.unix_ms);
        if reward.status != RewardStatus::Held || !ends {
            continue;
        }
        let campaign = match campaigns.get(&reward.campaign_id) {
            Some(found) => found.clone(),
            None => {
                let found = reads.campaign(reward.campaign_id)?;
                campaigns.insert(reward.campaign_id, found.clone());
                found
            }
        };
        let Some(campaign) = campaign else { continue };
        if reward.holds.contains(&HoldReason::HoldPeriod) {
            decision.count(campaign.id, Counter::held(HoldReason::HoldPeriod), -1);
        }
        reward.holds.retain(|&h| h != HoldReason::HoldPeriod);
        reward.release_at_ms = None;
        if reward.holds.is_empty() {
            decision.count(campaign.id, Counter::RewardsHeld, -1);
            decision.issue(&campaign, &mut reward, now, "hold period ended")?;
        }
        if reward.status == RewardStatus::Held {
            // Still held for review: nothing new to announce.
            decision.writes.push(Write::Reward(reward.clone()));
        } else {
            decision.record_moved_reward(&reward)?;
        }
        released.push(reward);
    }
    Ok((released, decision.finish()))
}
