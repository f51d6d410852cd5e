//! What a sale and its refunds add to the analytics (`domain::rollup`): counted at the time
//! they happened, credited to the customer's referrer, their money in hundredths of the
//! campaign's payout currency, converted at the owner's exchange rate of the week before when
//! the sale is in another currency (as a commission is), else counted as unconverted.

use super::{BrandReads, Decision};
use crate::domain::rollup::{slot_number, Measure};
use crate::domain::{exchange_rate, Campaign};

impl<R: BrandReads + ?Sized> Decision<'_, R> {
    /// Counts a sale that happened at `at_ms`, credited to `partner_id`, of `paid` (hundredths
    /// of the sale's currency, and its code).
    pub(super) fn roll_sale(
        &mut self,
        campaign: &Campaign,
        paid: (u64, &str),
        partner_id: Option<u64>,
        at_ms: i64,
    ) -> Result<(), R::Error> {
        let slot = slot_number(at_ms);
        self.roll(campaign.id, partner_id, slot, Measure::Conversions, 1);
        let (cents, currency) = paid;
        match self.in_campaign_currency(campaign, cents, currency, at_ms)? {
            Some(cents) => self.roll(campaign.id, partner_id, slot, Measure::Revenue, cents),
            None => self.roll(campaign.id, partner_id, slot, Measure::Unconverted, 1),
        }
        Ok(())
    }

    /// Counts a refund at `at_ms` of `refunded` (hundredths of the sale's currency, and its
    /// code), and, when it refunds the sale whole now, the refund itself.
    pub(super) fn roll_refund(
        &mut self,
        campaign: &Campaign,
        partner_id: Option<u64>,
        refunded: Option<(u64, &str)>,
        whole_now: bool,
        at_ms: i64,
    ) -> Result<(), R::Error> {
        let slot = slot_number(at_ms);
        if whole_now {
            self.roll(campaign.id, partner_id, slot, Measure::Refunds, 1);
        }
        if let Some((cents, code)) = refunded {
            if let Some(cents) = self.in_campaign_currency(campaign, cents, code, at_ms)? {
                self.roll(campaign.id, partner_id, slot, Measure::Refunded, cents);
            }
        }
        Ok(())
    }

    /// `cents` of `code` in hundredths of the campaign's currency: as they are in the same
    /// currency, else at the latest rate the owner gave in the week before `at_ms`; `None`
    /// without one.
    fn in_campaign_currency(
        &self,
        campaign: &Campaign,
        cents: u64,
        code: &str,
        at_ms: i64,
    ) -> Result<Option<u64>, R::Error> {
        let to = campaign.payouts.currency.as_str();
        if cents == 0 || code == to {
            return Ok(Some(cents));
        }
        let (first_day, last_day) = exchange_rate::window_of(at_ms.div_euclid(1000));
        let mut rates = self.reads.exchange_rates(campaign.member_id, &first_day, &last_day)?;
        rates.sort_by(|a, b| b.date.cmp(&a.date));
        Ok(exchange_rate::convert(code, to, &rates).map(|found| {
            let exchange = found.exchange;
            crate::domain::commission::half_even(u128::from(cents) * exchange.units, exchange.per.max(1)) as u64
        }))
    }
}
