//! Commissions: on a campaign with a `percent` rule, every paid invoice of a referred
//! customer earns their referrer a share of it, once (an invoice is one conversion, and a
//! conversion is recorded once per invoice id). The share's terms are the rule as it is when
//! the invoice arrives, frozen in the [`Commission`]; its duration is counted from the period
//! start of the subscription's first paid invoice, by period, whatever order invoices arrive
//! in: an invoice that turns out to come first makes the others' terms right again (the one
//! that was first loses its first-payment rate; those now past the duration earn nothing).
//! A refund takes back the share of the commission that it is of what was paid: before
//! payout off the reward, after payout as an amount owed.

use super::{BrandReads, Decision, Grant, Moment, Write};
use crate::domain::commission::{commission_minor, Exchange};
use crate::domain::conversion::Conversion;
use crate::domain::currency;
use crate::domain::exchange_rate;
use crate::domain::invoice::{Commission, CommissionState, ExchangeUsed, PaidInvoice, RefundReport};
use crate::domain::payout::Owed;
use crate::domain::reward::HoldReason;
use crate::domain::tiers::Prize;
use crate::domain::{Campaign, Participant, Reward, RewardReason, RewardStatus, RewardType};

/// A new invoice of a referred customer, as the conversion's decision hands it over.
pub(super) struct NewInvoice<'a> {
    pub conversion: &'a Conversion,
    pub invoice: &'a PaidInvoice,
    pub customer: &'a Participant,
    pub referrer: &'a Participant,
    /// The customer or the referrer is blocked: the invoice earns nothing.
    pub blocked: bool,
    /// Why the referral was suspected at signup: its commissions are held for review too.
    pub review: Vec<HoldReason>,
    /// The id its reward takes, when it earns one.
    pub reward_id: u64,
}

/// How a commission's invoice turns into the campaign's currency: the same currency needs
/// no rate; another one the rate it was converted at, or (none yet) the latest the owner
/// gave for the week before the invoice's period start, if any.
fn exchange<R: BrandReads + ?Sized>(
    reads: &R,
    member_id: u64,
    commission: &Commission,
) -> Result<Option<(Exchange, Option<ExchangeUsed>)>, R::Error> {
    let (from, to) = (commission.invoice.currency.as_str(), commission.currency.as_str());
    let digits = |code: &str| currency::minor_digits(code).unwrap_or(2);
    if from == to {
        return Ok(Some((Exchange::same(digits(to)), None)));
    }
    if let Some(used) = &commission.exchange {
        let exchange = Exchange { units: used.units, per: used.per, from_digits: digits(from), to_digits: digits(to) };
        return Ok(Some((exchange, Some(used.clone()))));
    }
    let (first_day, last_day) = exchange_rate::window_of(commission.invoice.period_start);
    let mut rates = reads.exchange_rates(member_id, &first_day, &last_day)?;
    // The latest of each pair first: the one a conversion takes.
    rates.sort_by(|a, b| b.date.cmp(&a.date));
    Ok(exchange_rate::convert(from, to, &rates).map(|found| {
        let used =
            ExchangeUsed { rate: found.rate, date: found.date, units: found.exchange.units, per: found.exchange.per };
        (found.exchange, Some(used))
    }))
}

impl<R: BrandReads + ?Sized> Decision<'_, R> {
    /// Decides the commission of a new invoice; when the invoice comes first in its
    /// subscription by period, the subscription's other commissions are made right with it.
    /// Returns the reward it earned, if any.
    pub(super) fn earn_commission(
        &mut self,
        campaign: &Campaign,
        new: NewInvoice<'_>,
        moment: &Moment,
    ) -> Result<Option<Reward>, R::Error> {
        let invoice = new.invoice;
        let others = self.reads.subscription_commissions(campaign.id, &invoice.subscription_id)?;
        let earliest = others.iter().map(|c| c.invoice.period_start).min();
        let first_payment = earliest.is_none_or(|p| invoice.period_start < p);
        let anchor = earliest.map_or(invoice.period_start, |p| p.min(invoice.period_start));
        let terms = campaign.commission.clone();
        let pays_in = campaign.payouts.currency.clone();
        let mut commission = Commission {
            conversion_id: new.conversion.id,
            campaign_id: campaign.id,
            brand_id: campaign.brand_id,
            referrer_id: new.referrer.id,
            customer_id: new.customer.id,
            reward_id: None,
            invoice_id: new.conversion.external_id.clone(),
            invoice: invoice.clone(),
            terms,
            first_payment,
            state: CommissionState::Earned,
            currency: pays_in.clone(),
            exchange: None,
            amount_minor: None,
            refunded_minor: 0,
            taken_back_minor: 0,
            refund_ids: Vec::new(),
            created_at: moment.at.clone(),
        };
        let counts =
            commission.terms.counts(chrono::DateTime::from_timestamp(anchor, 0).unwrap_or_default(), invoice.period());
        let mut prize = None;
        let mut review = new.review;
        if new.blocked || new.referrer.is_erased() {
            commission.state = CommissionState::Blocked;
        } else if !counts {
            commission.state = CommissionState::OutsideDuration;
        } else {
            match exchange(self.reads, campaign.member_id, &commission)? {
                Some((rate, used)) => {
                    let amount = commission_minor(&commission.terms, &invoice.lines, first_payment, rate).unwrap_or(0);
                    commission.amount_minor = Some(amount);
                    commission.exchange = used;
                    if amount > 0 {
                        prize = Some(Some(currency::cash_value(amount, &pays_in)));
                    }
                }
                None => {
                    commission.state = CommissionState::NoExchangeRate;
                    review.push(HoldReason::NoExchangeRate);
                    prize = Some(None);
                }
            }
        }
        let mut earned = None;
        if let Some(value) = prize {
            let grant = Grant {
                prize: Prize { kind: RewardType::Cash, value },
                participant_id: new.referrer.id,
                reward_id: new.reward_id,
                reason: RewardReason::Referrer,
                trigger: Some(new.customer.id),
                review,
            };
            let reward = self.grant(campaign, grant, new.referrer, moment)?;
            commission.reward_id = Some(reward.id);
            earned = Some(reward);
        }
        self.writes.push(Write::Commission(Box::new(commission)));
        if first_payment {
            for other in others {
                self.follow_new_first(campaign, other, anchor, moment)?;
            }
        }
        Ok(earned)
    }

    /// `other` is no longer its subscription's first invoice, whose period now starts at
    /// `anchor`: it loses the first-payment rate, and earns nothing once past the duration.
    fn follow_new_first(
        &mut self,
        campaign: &Campaign,
        mut other: Commission,
        anchor: i64,
        moment: &Moment,
    ) -> Result<(), R::Error> {
        let was_first = std::mem::replace(&mut other.first_payment, false);
        let anchor = chrono::DateTime::from_timestamp(anchor, 0).unwrap_or_default();
        let counts = other.terms.counts(anchor, other.invoice.period());
        let before = other.standing_minor();
        match other.state {
            CommissionState::Earned if !counts => {
                other.state = CommissionState::OutsideDuration;
                other.amount_minor = Some(0);
                other.taken_back_minor = 0;
            }
            CommissionState::Earned if was_first => {
                let rate = exchange(self.reads, campaign.member_id, &other)?.map(|(rate, _)| rate);
                let Some(amount) = rate.and_then(|r| commission_minor(&other.terms, &other.invoice.lines, false, r))
                else {
                    return Ok(());
                };
                other.rerate(amount);
            }
            CommissionState::NoExchangeRate if !counts => other.state = CommissionState::OutsideDuration,
            _ if !was_first => return Ok(()),
            _ => {}
        }
        let after = other.standing_minor();
        let note = format!("invoice {} is not the subscription's first; its commission follows", other.invoice_id);
        if let Some(reward_id) = other.reward_id {
            if other.state == CommissionState::OutsideDuration || after != before {
                self.take_back_reward(campaign, other.referrer_id, reward_id, before, after, &note, moment)?;
            }
        }
        self.writes.push(Write::Commission(Box::new(other)));
        Ok(())
    }

    /// Moves a commission's reward from `before` to `after` (minor units, less or more): an
    /// unpaid reward's amount changes (none left: voided); a paid one's difference becomes
    /// owed, taken off the referrer's next payouts.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn take_back_reward(
        &mut self,
        campaign: &Campaign,
        participant_id: u64,
        reward_id: u64,
        before: u64,
        after: u64,
        note: &str,
        moment: &Moment,
    ) -> Result<Option<Reward>, R::Error> {
        let Some(mut reward) = self.reads.reward(participant_id, reward_id)? else { return Ok(None) };
        let now = moment.at.as_str();
        let in_payout =
            reward.status == RewardStatus::Issued && self.reads.payout_holding(campaign.id, reward.id)?.is_some();
        match reward.status {
            RewardStatus::Voided => {}
            RewardStatus::Fulfilled => self.owe(campaign, participant_id, before.saturating_sub(after), note, now)?,
            RewardStatus::Issued if in_payout => {
                self.owe(campaign, participant_id, before.saturating_sub(after), note, now)?
            }
            _ if after == 0 => {
                self.void(campaign, &mut reward, note, now);
                self.record_moved_reward(&reward)?;
            }
            status => {
                // Without an amount yet (no exchange rate), there is nothing to change.
                if reward.value.is_some() {
                    let shown = currency::cash_value(after, &campaign.payouts.currency);
                    reward.value = Some(shown.clone());
                    reward.enter(status, now, format!("{note}: now {shown}"));
                    self.writes.push(Write::Reward(reward.clone()));
                }
            }
        }
        Ok(Some(reward))
    }

    /// The referrer owes `minor` back, taken off their next payouts.
    fn owe(
        &mut self,
        campaign: &Campaign,
        participant_id: u64,
        minor: u64,
        note: &str,
        now: &str,
    ) -> Result<(), R::Error> {
        if minor == 0 {
            return Ok(());
        }
        let mut owed = self.owed_now(campaign.id, participant_id)?;
        // An amount owed counts in hundredths, as payouts do.
        owed.charge(currency::hundredths(minor, &campaign.payouts.currency), now, note.to_owned());
        self.writes.push(Write::Owed { campaign_id: campaign.id, participant_id, owed });
        Ok(())
    }

    /// What the participant owes the campaign as this decision left it: its own earlier
    /// writes of that balance come before what is stored.
    pub(super) fn owed_now(&self, campaign_id: u64, participant_id: u64) -> Result<Owed, R::Error> {
        let staged = self.writes.iter().rev().find_map(|write| match write {
            Write::Owed { campaign_id: c, participant_id: p, owed } if *c == campaign_id && *p == participant_id => {
                Some(owed.clone())
            }
            _ => None,
        });
        match staged {
            Some(owed) => Ok(owed),
            None => self.reads.owed(campaign_id, participant_id),
        }
    }

    /// Counts a refund of a commission's invoice: what it takes back comes off the reward (or
    /// is owed once paid). Returns the commission as it is now, whether the refund changed
    /// anything, and its reward as it is now.
    pub(super) fn refund_commission(
        &mut self,
        campaign: &Campaign,
        mut commission: Commission,
        report: &RefundReport,
        moment: &Moment,
    ) -> Result<(Commission, bool, Option<Reward>), R::Error> {
        let before = commission.standing_minor();
        let refunded = commission.refunded_minor;
        let more = commission.refund(report);
        if commission.refunded_minor == refunded {
            return Ok((commission, false, None));
        }
        let mut reward = None;
        if let Some(reward_id) = commission.reward_id {
            let note = match commission.refunded_whole() {
                true => format!("invoice {} refunded", commission.invoice_id),
                false => format!("invoice {} refunded in part", commission.invoice_id),
            };
            let unrated = commission.state == CommissionState::NoExchangeRate;
            if (unrated && commission.refunded_whole()) || more > 0 {
                let after = commission.standing_minor();
                reward =
                    self.take_back_reward(campaign, commission.referrer_id, reward_id, before, after, &note, moment)?;
            }
        }
        self.writes.push(Write::Commission(Box::new(commission.clone())));
        Ok((commission, true, reward))
    }

    /// Gives an amount to a commission held for want of an exchange rate, when one is given
    /// now: its reward gets the amount (less what refunds took back) and loses that hold,
    /// and is issued if nothing else holds it. Returns whether it was rated.
    fn rate_held(
        &mut self,
        campaign: &Campaign,
        mut commission: Commission,
        moment: &Moment,
    ) -> Result<bool, R::Error> {
        let Some((rate, used)) = exchange(self.reads, campaign.member_id, &commission)? else { return Ok(false) };
        let amount = commission_minor(&commission.terms, &commission.invoice.lines, commission.first_payment, rate);
        commission.state = CommissionState::Earned;
        commission.exchange = used;
        commission.rerate(amount.unwrap_or(0));
        let standing = commission.standing_minor();
        if let Some(reward_id) = commission.reward_id {
            if let Some(mut reward) = self.reads.reward(commission.referrer_id, reward_id)? {
                let now = moment.at.as_str();
                if reward.status == RewardStatus::Held && reward.holds.contains(&HoldReason::NoExchangeRate) {
                    self.count(campaign.id, crate::domain::Counter::held(HoldReason::NoExchangeRate), -1);
                    reward.holds.retain(|&h| h != HoldReason::NoExchangeRate);
                    let shown = currency::cash_value(standing, &commission.currency);
                    reward.value = Some(shown.clone());
                    let note = format!(
                        "exchange rate of {} given: {shown}",
                        commission.exchange.as_ref().map_or("", |e| e.date.as_str())
                    );
                    if standing == 0 {
                        self.void(campaign, &mut reward, "the invoice was refunded in whole", now);
                        self.record_moved_reward(&reward)?;
                    } else if reward.holds.is_empty() {
                        self.count(campaign.id, crate::domain::Counter::RewardsHeld, -1);
                        self.issue(campaign, &mut reward, now, &note)?;
                        self.record_moved_reward(&reward)?;
                    } else {
                        reward.enter(RewardStatus::Held, now, note);
                        self.writes.push(Write::Reward(reward));
                    }
                }
            }
        }
        self.writes.push(Write::Commission(Box::new(commission)));
        Ok(true)
    }
}

/// Rates the campaign's commissions held for want of an exchange rate, as far as the
/// owner's rates now allow. Returns how many were rated and the writes.
pub fn decide_rating<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    moment: &Moment,
) -> Result<(usize, Vec<Write>), R::Error> {
    let mut decision = Decision::new(reads);
    let mut rated = 0;
    for commission in reads.unrated_commissions(campaign.id)? {
        if commission.state == CommissionState::NoExchangeRate && decision.rate_held(campaign, commission, moment)? {
            rated += 1;
        }
    }
    Ok((rated, decision.finish()))
}

/// Gives the announcements of commission rewards among `writes` their commission as it is
/// after the decision: the reward webhook events of a commission carry its invoice, rate and
/// period. A reward of a campaign that pays no commission is left as it is, and its
/// campaign's rule is read once per decision.
pub fn attach_commissions<R: BrandReads + ?Sized>(reads: &R, writes: Vec<Write>) -> Result<Vec<Write>, R::Error> {
    use crate::domain::event::EventSubject;
    let staged: std::collections::HashMap<u64, Commission> = writes
        .iter()
        .filter_map(|w| match w {
            Write::Commission(c) => c.reward_id.map(|id| (id, (**c).clone())),
            _ => None,
        })
        .collect();
    let mut pays: std::collections::HashMap<u64, bool> = Default::default();
    let mut attached = Vec::with_capacity(writes.len());
    for write in writes {
        let Write::Announce { kind, campaign_id, subject } = write else {
            attached.push(write);
            continue;
        };
        let subject = match *subject {
            EventSubject::Reward { reward, participant }
                if reward.kind == RewardType::Cash && reward.reason == RewardReason::Referrer =>
            {
                let commission = match staged.get(&reward.id) {
                    Some(commission) => Some(commission.clone()),
                    None => {
                        let pays_here = match pays.get(&campaign_id) {
                            Some(&known) => known,
                            None => {
                                let known = reads.campaign(campaign_id)?.is_some_and(|c| c.pays_commission());
                                pays.insert(campaign_id, known);
                                known
                            }
                        };
                        match pays_here {
                            true => reads.commission_of_reward(campaign_id, reward.id)?,
                            false => None,
                        }
                    }
                };
                match commission {
                    Some(commission) => {
                        EventSubject::CommissionReward { reward, participant, commission: Box::new(commission) }
                    }
                    None => EventSubject::Reward { reward, participant },
                }
            }
            other => other,
        };
        attached.push(Write::Announce { kind, campaign_id, subject: Box::new(subject) });
    }
    Ok(attached)
}
