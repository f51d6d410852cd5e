//! Payouts: which rewards a campaign's payouts pay, and a payout paid or failed.
//!
//! **A reward is in at most one payout that has not failed.** The store keeps an entry per
//! reward of such a payout, written with the payout ([`Write::NewPayout`]) and removed when
//! it fails ([`Write::Payout`]); [`BrandReads::unpaid_cash_rewards`] leaves out every reward
//! with an entry. The brand's single writer decides one request at a time, so two requests
//! at once see each other's payouts; on a database several servers share, the entry's
//! primary key refuses a second one even so.

use super::{BrandReads, Decision, Inconsistent, Moment, Write};
use crate::domain::counters::Counter;
use crate::domain::event::{EventSubject, EventType};
use crate::domain::money;
use crate::domain::payout::{Payout, PayoutDetails, PayoutMove, PayoutStatus};
use crate::domain::{Campaign, Reward, RewardStatus};

/// What one participant's payout would pay: their unpaid approved cash rewards, oldest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Balance {
    pub participant_id: u64,
    pub rewards: Vec<Reward>,
    /// What the payout pays: the rewards' sum less `deducted_cents`.
    pub amount_cents: u64,
    /// Taken off for what the participant owes (see [`crate::domain::payout::Owed`]).
    pub deducted_cents: u64,
}

/// The balances of the campaign that reach its minimum (and are above zero), by participant
/// id; only those of `only` when it is given. What [`decide_payouts`] pays, once the caller
/// has an id for each.
pub fn payable<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    only: Option<&[u64]>,
) -> Result<Vec<Balance>, R::Error> {
    let unpaid = reads.unpaid_cash_rewards(campaign.id)?;
    let mut owed = std::collections::HashMap::new();
    for reward in &unpaid {
        if let std::collections::hash_map::Entry::Vacant(entry) = owed.entry(reward.participant_id) {
            entry.insert(reads.owed(campaign.id, reward.participant_id)?.cents);
        }
    }
    Ok(balances(campaign, unpaid, |id| owed.get(&id).copied().unwrap_or(0), only)?)
}

/// The balances of `unpaid` (the campaign's unpaid cash rewards), less what each participant
/// owes (`owed`), that reach the campaign's minimum, by participant id; only those of `only`
/// when it is given. A balance that what is owed brings under the minimum waits for more
/// rewards.
pub fn balances(
    campaign: &Campaign,
    unpaid: Vec<Reward>,
    owed: impl Fn(u64) -> u64,
    only: Option<&[u64]>,
) -> Result<Vec<Balance>, Inconsistent> {
    let mut by_participant = std::collections::BTreeMap::<u64, Balance>::new();
    for reward in unpaid {
        if only.is_some_and(|ids| !ids.contains(&reward.participant_id)) {
            continue;
        }
        let value = reward.value.as_deref().unwrap_or_default();
        let Some(cents) = money::cents(value) else {
            return Err(Inconsistent(format!("cash reward {} has the value {value:?}", reward.id)));
        };
        let balance = by_participant.entry(reward.participant_id).or_insert_with(|| Balance {
            participant_id: reward.participant_id,
            rewards: Vec::new(),
            amount_cents: 0,
            deducted_cents: 0,
        });
        balance.amount_cents += cents;
        balance.rewards.push(reward);
    }
    for balance in by_participant.values_mut() {
        balance.deducted_cents = owed(balance.participant_id).min(balance.amount_cents);
        balance.amount_cents -= balance.deducted_cents;
    }
    let minimum = campaign.payouts.minimum_cents.max(1);
    Ok(by_participant.into_values().filter(|b| b.amount_cents >= minimum).collect())
}

/// One payout for each balance, numbered by `ids` (one each), requested now, each announced
/// (`payout.requested`) with where its participant asked to be paid.
pub fn decide_payouts<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    balances: Vec<Balance>,
    ids: &[u64],
    moment: &Moment,
) -> Result<(Vec<Payout>, Vec<Write>), R::Error> {
    let payouts: Vec<Payout> = balances
        .into_iter()
        .zip(ids)
        .map(|(balance, &id)| Payout {
            id,
            brand_id: campaign.brand_id,
            member_id: campaign.member_id,
            campaign_id: campaign.id,
            participant_id: balance.participant_id,
            amount_cents: balance.amount_cents,
            deducted_cents: balance.deducted_cents,
            currency: campaign.payouts.currency.clone(),
            method: campaign.payouts.method,
            status: PayoutStatus::Requested,
            reward_ids: balance.rewards.iter().map(|r| r.id).collect(),
            reference: None,
            failure_reason: None,
            created_at: moment.at.clone(),
            paid_at: None,
            failed_at: None,
        })
        .collect();
    let mut writes = Vec::with_capacity(payouts.len() * 2);
    for payout in &payouts {
        if payout.deducted_cents > 0 {
            let mut owed = reads.owed(campaign.id, payout.participant_id)?;
            let note = format!("taken off payout {}", payout.id);
            owed.settle(payout.deducted_cents, &moment.at, note);
            writes.push(Write::Owed { campaign_id: campaign.id, participant_id: payout.participant_id, owed });
        }
        writes.push(Write::NewPayout(payout.clone()));
        writes.push(announce(reads, EventType::PayoutRequested, payout)?);
    }
    Ok((payouts, writes))
}

/// The announcement of a payout's new state, with its participant and their details now.
fn announce<R: BrandReads + ?Sized>(reads: &R, kind: EventType, payout: &Payout) -> Result<Write, R::Error> {
    let Some(participant) = reads.participant(payout.participant_id)? else {
        return Err(
            Inconsistent(format!("payout {} names missing participant {}", payout.id, payout.participant_id)).into()
        );
    };
    let details = reads.payout_details(payout.campaign_id, payout.participant_id)?;
    let subject = EventSubject::Payout { payout: Box::new(payout.clone()), participant, details };
    Ok(Write::Announce { kind, campaign_id: payout.campaign_id, subject: Box::new(subject) })
}

/// Why a payout did not move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayoutRefusal {
    /// No such payout of this member.
    NotFound,
    /// It is no longer requested, and not where the move leads with the same words.
    State { status: PayoutStatus },
}

/// A payout after a move (or as it was, for a repeat: no writes), or why it did not move.
pub type PayoutMoved = Result<(Payout, Vec<Write>), PayoutRefusal>;

/// Decides `movement` of the member's payout `payout_id` of `campaign_id`. Paid: its rewards still approved
/// become fulfilled, with the payment's reference. Failed: its rewards are free again. A
/// repeat of the move that was made (the same reference, the same reason) changes nothing.
pub fn decide_payout_move<R: BrandReads + ?Sized>(
    reads: &R,
    member_id: u64,
    campaign_id: u64,
    payout_id: u64,
    movement: &PayoutMove,
    moment: &Moment,
) -> Result<PayoutMoved, R::Error> {
    let Some(mut payout) = reads.payout(campaign_id, payout_id)?.filter(|p| p.member_id == member_id) else {
        return Ok(Err(PayoutRefusal::NotFound));
    };
    if movement.repeats(&payout) {
        return Ok(Ok((payout, Vec::new())));
    }
    if payout.status != PayoutStatus::Requested {
        return Ok(Err(PayoutRefusal::State { status: payout.status }));
    }
    let now = moment.at.as_str();
    let mut decision = Decision::new(reads);
    match movement {
        PayoutMove::Paid { reference } => {
            payout.status = PayoutStatus::Paid;
            payout.reference = Some(reference.clone());
            payout.paid_at = Some(now.to_owned());
            for &reward_id in &payout.reward_ids {
                let reward = reads.reward(payout.participant_id, reward_id)?;
                // Voided since (its conversion refunded): it stays voided.
                let Some(mut reward) = reward.filter(|r| r.status == RewardStatus::Issued) else { continue };
                decision.count(payout.campaign_id, Counter::RewardsFulfilled, 1);
                reward.enter(
                    RewardStatus::Fulfilled,
                    now,
                    format!("paid in payout {payout_id}, reference {reference}"),
                );
                decision.record_moved_reward(&reward)?;
            }
        }
        PayoutMove::Failed { reason } => {
            payout.status = PayoutStatus::Failed;
            payout.failure_reason = Some(reason.clone());
            payout.failed_at = Some(now.to_owned());
            // What it took off for a debt is owed again.
            if payout.deducted_cents > 0 {
                let (campaign_id, participant_id) = (payout.campaign_id, payout.participant_id);
                let mut owed = reads.owed(campaign_id, participant_id)?;
                owed.charge(
                    payout.deducted_cents,
                    now,
                    format!("payout {payout_id} failed: its deduction is owed again"),
                );
                decision.writes.push(Write::Owed { campaign_id, participant_id, owed });
            }
        }
    }
    decision.writes.push(Write::Payout(payout.clone()));
    let kind = if payout.status == PayoutStatus::Paid { EventType::PayoutPaid } else { EventType::PayoutFailed };
    decision.writes.push(announce(reads, kind, &payout)?);
    Ok(Ok((payout, decision.finish())))
}

/// Why payout details were not kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DetailsRefusal {
    /// No such participant of this member.
    NotFound,
    /// The participant was erased: nobody is left to pay.
    Erased,
}

/// Keeps (or, with `None`, forgets) where the member's participant `participant_id` asked to
/// be paid.
pub fn decide_payout_details<R: BrandReads + ?Sized>(
    reads: &R,
    member_id: u64,
    participant_id: u64,
    details: Option<PayoutDetails>,
) -> Result<Result<Vec<Write>, DetailsRefusal>, R::Error> {
    let Some(participant) = reads.participant(participant_id)?.filter(|p| p.member_id == member_id) else {
        return Ok(Err(DetailsRefusal::NotFound));
    };
    if participant.is_erased() {
        return Ok(Err(DetailsRefusal::Erased));
    }
    Ok(Ok(vec![Write::PayoutDetails { campaign_id: participant.campaign_id, participant_id, details }]))
}
