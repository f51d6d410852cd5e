//! Conversions and their refunds. On a `conversion` campaign a referral counts toward its
//! referrer's goal only once the referred participant converts, and only their first
//! conversion counts; a two-way campaign rewards the converting friend then too. A conversion
//! reported again under the same `external_id`, or naming a payment that an earlier one
//! names, changes nothing. A refund voids the rewards the
//! conversion produced that are not fulfilled yet, and reports those it could not void.

use super::commissions::NewInvoice;
use super::{BrandReads, Decision, Grant, Moment, Write};
use crate::domain::conversion::{Conversion, ConversionStatus};
use crate::domain::counters::Counter;
use crate::domain::event::{EventSubject, EventType};
use crate::domain::fraud;
use crate::domain::invoice::{Commission, PaidInvoice, RefundAmount, RefundReport};
use crate::domain::promo_code::CodeOutcome;
use crate::domain::{Campaign, GoalType, Reward, RewardReason, RewardStatus, RewardType};

/// What a member reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewConversion {
    pub participant_id: u64,
    pub external_id: String,
    pub amount: Option<String>,
    pub currency: Option<String>,
    /// The payment's ids at the processor (see [`Conversion::payment_references`]).
    pub payment_references: Vec<String>,
    /// The paid invoice it is, when its source says (a subscription's period and lines): on
    /// a `percent` campaign, what its commission is counted on.
    pub invoice: Option<PaidInvoice>,
    /// Who paid, as the processor names them (`stripe:cus_…`, `stripe:sub_…`): each not yet
    /// bound to a participant of the campaign is bound to this one, so the customer's later
    /// payments follow it whatever email they carry.
    pub customers: Vec<String>,
    /// The promo code the sale carried (as typed): its use is counted, and its conversion
    /// and revenue when the sale is credited to its owner through it.
    pub promo_code: Option<String>,
    /// When the sale happened (Unix ms), when its source says (the API's `occurred_at`, a
    /// billing event's time): the analytics count it then. Otherwise now.
    pub occurred_ms: Option<i64>,
}

/// What a sale's promo code did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeUse {
    /// The code as its owner has it.
    pub code: String,
    pub outcome: CodeOutcome,
}

/// Fresh ids for what a conversion may create.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConversionIds {
    pub conversion: u64,
    pub referrer_reward: u64,
    pub invited_reward: u64,
    /// The commission's reward, on a `percent` campaign.
    pub commission_reward: u64,
}

/// What reporting a conversion does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ConversionDecision {
    /// A new conversion and the rewards it produced, and what its promo code did; commit
    /// `writes`.
    Created { conversion: Conversion, rewards: Vec<Reward>, writes: Vec<Write>, promo_code: Option<CodeUse> },
    /// The campaign has a conversion under this `external_id` already: nothing changes.
    Known(Conversion),
}

/// Why a conversion was not recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConversionRefusal {
    /// The participant is not one of the campaign's.
    UnknownParticipant,
    /// The participant was erased.
    Erased,
}

/// The campaign's conversion that `new` reports again: the one under its `external_id`, or
/// one that names the same payment (a subscription's checkout session and its first invoice
/// are one payment).
pub fn known_conversion<R: BrandReads + ?Sized>(
    reads: &R,
    campaign_id: u64,
    new: &NewConversion,
) -> Result<Option<Conversion>, R::Error> {
    if let Some(known) = reads.conversion_by_external_id(campaign_id, &new.external_id)? {
        return Ok(Some(known));
    }
    for reference in &new.payment_references {
        if let Some(known) = reads.conversion_by_payment(campaign_id, reference)? {
            return Ok(Some(known));
        }
    }
    Ok(None)
}

/// Decides a conversion of one of `campaign`'s participants.
pub fn decide_conversion<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    new: &NewConversion,
    ids: ConversionIds,
    moment: &Moment,
) -> Result<Result<ConversionDecision, ConversionRefusal>, R::Error> {
    if let Some(known) = known_conversion(reads, campaign.id, new)? {
        return Ok(Ok(ConversionDecision::Known(known)));
    }
    let Some(participant) = reads.participant(new.participant_id)?.filter(|p| p.campaign_id == campaign.id) else {
        return Ok(Err(ConversionRefusal::UnknownParticipant));
    };
    if participant.is_erased() {
        return Ok(Err(ConversionRefusal::Erased));
    }
    let now = moment.at.as_str();
    let mut decision = Decision::new(reads);
    let mut conversion = Conversion {
        id: ids.conversion,
        campaign_id: campaign.id,
        brand_id: campaign.brand_id,
        member_id: campaign.member_id,
        participant_id: participant.id,
        external_id: new.external_id.clone(),
        amount: new.amount.clone(),
        currency: new.currency.clone(),
        status: ConversionStatus::Recorded,
        created_at: now.to_owned(),
        refunded_at: None,
        rewards: Vec::new(),
        payment_references: new.payment_references.clone(),
    };
    decision.count(campaign.id, Counter::Conversions, 1);
    let mut rewards = Vec::new();
    let first = !reads.converted(campaign.id, participant.id)?;
    if first {
        decision.writes.push(Write::Converted { campaign_id: campaign.id, participant_id: participant.id });
    }
    let referrer = match participant.referred_by {
        Some(id) => reads.participant(id)?,
        None => None,
    };
    // A blocked participant's conversion, or a conversion of someone they referred, counts
    // toward no goal and rewards nobody (see `block.rs`).
    let shut_out = match &referrer {
        Some(referrer) => {
            reads.blocked(campaign.id, participant.id)?.is_some() || reads.blocked(campaign.id, referrer.id)?.is_some()
        }
        None => false,
    };
    let pays_commission = campaign.pays_commission();
    if let (true, GoalType::Conversion, Some(referrer), false) = (first, campaign.goal_type, &referrer, shut_out) {
        // Held for whatever the referral was suspected of when the participant signed up.
        let suspected = reads.referral_holds(campaign.id, participant.id)?;
        let qualified = reads.qualified_referrals(campaign.id, referrer.id)? + 1;
        decision.writes.push(Write::Qualified {
            campaign_id: campaign.id,
            participant_id: referrer.id,
            count: qualified,
        });
        // An erased referrer keeps the count, but there is nobody to reward. A campaign that
        // pays commissions pays its referrers per invoice below; only its tiers' prizes come
        // with the count.
        let flat = !pays_commission || !campaign.tiers.is_empty();
        if let Some(prize) = campaign.prize_due(qualified).filter(|_| flat && !referrer.is_erased()) {
            let grant = Grant {
                prize,
                participant_id: referrer.id,
                reward_id: ids.referrer_reward,
                reason: RewardReason::Referrer,
                trigger: Some(participant.id),
                review: fraud::review_holds(&campaign.fraud, &[referrer, &participant], &suspected),
            };
            rewards.push(decision.grant(campaign, grant, referrer, moment)?);
        }
        if campaign.reward_invited {
            let grant = Grant {
                participant_id: participant.id,
                reward_id: ids.invited_reward,
                reason: RewardReason::Invited,
                trigger: Some(referrer.id),
                review: fraud::review_holds(&campaign.fraud, &[&participant, referrer], &suspected),
                prize: campaign.prize(),
            };
            rewards.push(decision.grant(campaign, grant, &participant, moment)?);
        }
    }
    let invoice = match (pays_commission, &referrer) {
        (true, Some(_)) => Some(new.invoice.clone().unwrap_or_else(|| one_off(campaign, new, moment))),
        _ => None,
    };
    // An invoice of nothing (a trial's) is no paid invoice: it earns nothing, and it is not
    // the first payment the duration counts from.
    if let (Some(invoice), Some(referrer)) = (invoice.filter(|i| i.paid_minor > 0), &referrer) {
        let suspected = reads.referral_holds(campaign.id, participant.id)?;
        let invoice = NewInvoice {
            conversion: &conversion,
            invoice: &invoice,
            customer: &participant,
            referrer,
            blocked: shut_out,
            review: fraud::review_holds(&campaign.fraud, &[referrer, &participant], &suspected),
            reward_id: ids.commission_reward,
        };
        rewards.extend(decision.earn_commission(campaign, invoice, moment)?);
    }
    conversion.rewards = rewards.iter().map(|r| (r.participant_id, r.id)).collect();
    // What the customer paid: the invoice's total when the sale is one, else its amount.
    let (paid, code) = match &new.invoice {
        Some(invoice) => {
            (crate::domain::currency::hundredths(invoice.paid_minor, &invoice.currency), invoice.currency.as_str())
        }
        None => {
            let cents = conversion.amount.as_deref().and_then(crate::domain::money::cents).unwrap_or(0);
            (cents, conversion.currency.as_deref().unwrap_or(&campaign.payouts.currency))
        }
    };
    let occurred_ms = new.occurred_ms.unwrap_or(moment.unix_ms);
    decision.roll_sale(campaign, (paid, code), participant.referred_by, occurred_ms)?;
    decision.writes.push(Write::Conversion(conversion.clone()));
    let promo_code = match &new.promo_code {
        Some(code) => super::promo_codes::count_use(reads, &participant, &conversion, code)?,
        None => None,
    };
    let promo_code = promo_code.map(|(outcome, counted)| {
        let code = counted.code.clone();
        decision.writes.push(Write::PromoCode(Box::new(counted)));
        CodeUse { code, outcome }
    });
    // The customer who paid is this participant from now on; one bound before stays bound.
    for customer in &new.customers {
        if reads.customer_participant(campaign.id, customer)?.is_none() {
            decision.writes.push(Write::CustomerBinding {
                campaign_id: campaign.id,
                customer: customer.clone(),
                participant_id: participant.id,
            });
        }
    }
    // The conversion is announced before the rewards it produced.
    let announcement = Write::Announce {
        kind: EventType::ConversionCreated,
        campaign_id: campaign.id,
        subject: Box::new(match &promo_code {
            Some(used) => EventSubject::ConversionWithCode {
                conversion: Box::new(conversion.clone()),
                participant,
                code: used.code.clone(),
                outcome: used.outcome,
            },
            None => EventSubject::Conversion { conversion: Box::new(conversion.clone()), participant },
        }),
    };
    let at = decision.writes.iter().position(|w| matches!(w, Write::Announce { .. })).unwrap_or(decision.writes.len());
    decision.writes.insert(at, announcement);
    Ok(Ok(ConversionDecision::Created { conversion, rewards, writes: decision.finish(), promo_code }))
}

/// A conversion reported without an invoice's details, as an invoice: a one-off sale of its
/// `amount` (in its currency, else the campaign's), in a subscription of its own, whose
/// period starts now.
fn one_off(campaign: &Campaign, new: &NewConversion, moment: &Moment) -> PaidInvoice {
    let currency = new.currency.clone().unwrap_or_else(|| campaign.payouts.currency.clone());
    // `amount` has two decimals: scaled to the currency's own.
    let cents = new.amount.as_deref().and_then(crate::domain::money::cents).unwrap_or(0);
    let minor = crate::domain::currency::from_hundredths(cents, &currency);
    PaidInvoice {
        subscription_id: new.external_id.clone(),
        period_start: moment.unix_ms.div_euclid(1000),
        currency,
        lines: vec![crate::domain::commission::InvoiceLine { product_id: None, base_minor: minor }],
        paid_minor: minor,
    }
}

/// What a refund did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub conversion: Conversion,
    /// The rewards it voided.
    pub voided: Vec<Reward>,
    /// The rewards it could not void: fulfilled (paid out) already, or in a payout that has
    /// not failed (the money may be on its way).
    pub fulfilled: Vec<Reward>,
    /// Whether this refund changed anything (a conversion refunded before: nothing).
    pub changed: bool,
    /// The conversion's commission after the refund, when it has one.
    pub commission: Option<Commission>,
}

/// Decides the refund `report` of `conversion` (of `campaign`). A commission takes back its
/// share of any refund, part or whole; the conversion's other rewards are voided (or owed,
/// once paid) only when the invoice is refunded whole.
pub fn decide_refund<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    mut conversion: Conversion,
    report: &RefundReport,
    moment: &Moment,
) -> Result<(Refund, Vec<Write>), R::Error> {
    let now = moment.at.as_str();
    let mut decision = Decision::new(reads);
    let mut refund = Refund {
        conversion: conversion.clone(),
        voided: Vec::new(),
        fulfilled: Vec::new(),
        changed: false,
        commission: None,
    };
    let mut commission_reward = None;
    // What this refund gave back, in hundredths of the invoice's currency: a commission's
    // invoice knows each part; a sale without one is refunded whole or not at all.
    let mut refunded = None;
    let whole = match reads.commission(campaign.id, conversion.id)? {
        Some(commission) => {
            commission_reward = commission.reward_id;
            let before = commission.refunded_minor;
            let (commission, changed, reward) = decision.refund_commission(campaign, commission, report, moment)?;
            refund.changed = changed;
            if let Some(r) = reward {
                let in_payout = r.status == RewardStatus::Issued && reads.payout_holding(campaign.id, r.id)?.is_some();
                match r.status {
                    RewardStatus::Voided => refund.voided.push(r),
                    RewardStatus::Fulfilled => refund.fulfilled.push(r),
                    _ if in_payout => refund.fulfilled.push(r),
                    _ => {}
                }
            }
            let whole = commission.refunded_whole();
            let code = commission.invoice.currency.clone();
            let minor = commission.refunded_minor.saturating_sub(before);
            refunded = Some((crate::domain::currency::hundredths(minor, &code), code));
            refund.commission = Some(commission);
            whole
        }
        None => {
            let whole = refunds_whole(&conversion, report);
            if whole && conversion.status == ConversionStatus::Recorded {
                let cents = conversion.amount.as_deref().and_then(crate::domain::money::cents).unwrap_or(0);
                let code = conversion.currency.clone().unwrap_or_else(|| campaign.payouts.currency.clone());
                refunded = Some((cents, code));
            }
            whole
        }
    };
    let partner_id = match reads.participant(conversion.participant_id)? {
        Some(customer) => customer.referred_by,
        None => None,
    };
    let whole_now = whole && conversion.status == ConversionStatus::Recorded;
    let money = refunded.as_ref().filter(|(cents, _)| *cents > 0).map(|(cents, code)| (*cents, code.as_str()));
    decision.roll_refund(campaign, partner_id, money, whole_now, moment.unix_ms)?;
    if !whole {
        refund.conversion = conversion;
        return Ok((refund, decision.finish()));
    }
    let mut owes = std::collections::BTreeMap::<u64, Vec<(u64, String)>>::new();
    for &(participant_id, reward_id) in &conversion.rewards {
        if Some(reward_id) == commission_reward {
            continue;
        }
        let Some(mut reward) = reads.reward(participant_id, reward_id)? else { continue };
        let in_payout =
            reward.status == RewardStatus::Issued && reads.payout_holding(campaign.id, reward.id)?.is_some();
        // Cash paid out (or on its way in a payout): the participant owes it back, taken off
        // their next payouts. Once, at the first refund.
        let paid = reward.status == RewardStatus::Fulfilled || in_payout;
        if paid && reward.kind == RewardType::Cash && conversion.status == ConversionStatus::Recorded {
            let cents = reward.value.as_deref().and_then(crate::domain::money::cents).unwrap_or(0);
            let note = format!("conversion {} refunded after reward {} was paid", conversion.external_id, reward.id);
            owes.entry(reward.participant_id).or_default().push((cents, note));
        }
        match reward.status {
            RewardStatus::Fulfilled => refund.fulfilled.push(reward),
            RewardStatus::Issued if in_payout => refund.fulfilled.push(reward),
            RewardStatus::Voided => {}
            _ if conversion.status == ConversionStatus::Refunded => {}
            _ => {
                decision.void(campaign, &mut reward, "conversion refunded", now);
                decision.record_moved_reward(&reward)?;
                refund.voided.push(reward);
            }
        }
    }
    for (participant_id, charges) in owes {
        let mut owed = decision.owed_now(campaign.id, participant_id)?;
        for (cents, note) in charges {
            owed.charge(cents, now, note);
        }
        decision.writes.push(Write::Owed { campaign_id: campaign.id, participant_id, owed });
    }
    if conversion.status == ConversionStatus::Recorded {
        conversion.status = ConversionStatus::Refunded;
        conversion.refunded_at = Some(now.to_owned());
        decision.count(campaign.id, Counter::Refunds, 1);
        decision.writes.push(Write::Conversion(conversion.clone()));
        refund.changed = true;
    }
    refund.conversion = conversion;
    Ok((refund, decision.finish()))
}

/// Whether `report` refunds a conversion without a commission in whole: a refund of no
/// amount, or of at least the conversion's amount. A part of it takes nothing back.
fn refunds_whole(conversion: &Conversion, report: &RefundReport) -> bool {
    let amount = conversion.amount.as_deref().and_then(crate::domain::money::cents);
    let currency = conversion.currency.as_deref().unwrap_or("");
    match report.amount {
        RefundAmount::Whole => true,
        RefundAmount::This(minor) | RefundAmount::Total(minor) => {
            amount.is_some_and(|a| crate::domain::currency::hundredths(minor, currency) >= a)
        }
    }
}
