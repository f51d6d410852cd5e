//! The preview of a commission rule before it goes live: the campaign's stored invoices and
//! refunds replayed under the proposed rule, per referrer and per month (of the invoice's
//! period start), beside what they earn now. Nothing is written. The replay decides as the
//! engine does once every invoice is in: a subscription's duration counts from its earliest
//! period, its earliest invoice takes the first payment's rate (of two with the same period,
//! the one recorded first), and a refund takes back its share of the new amount, rounded the
//! same way. So its totals equal what the same invoices earn in a campaign that has the rule
//! from the start.

use std::collections::BTreeMap;

use serde::Serialize;

use super::commission::{commission_minor, share_of, CommissionRule, Exchange};
use super::invoice::PaidInvoice;

/// One stored invoice, as the preview replays it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReplayedInvoice {
    /// The conversion that recorded it (its order among invoices of one period).
    pub conversion_id: u64,
    /// Who its commission goes to.
    pub referrer_id: u64,
    pub invoice: PaidInvoice,
    /// How its currency turns into the campaign's; `None`: another currency with no rate
    /// known, which earns nothing until one is given.
    pub exchange: Option<Exchange>,
    /// How much of it was refunded, in minor units of its currency.
    pub refunded_minor: u64,
    /// The customer or referrer is blocked: it earns nothing under any rule.
    pub blocked: bool,
    /// What it earns now, net of refunds, in minor units of the campaign's currency.
    pub now_minor: u64,
}

/// One referrer's month.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct MonthTotals {
    /// What the invoices of that month earn now.
    pub now_minor: u64,
    /// What they would earn under the proposed rule.
    pub proposed_minor: u64,
    pub invoices: u64,
}

/// The preview: per (referrer, "YYYY-MM") totals, and how many invoices wait for a rate.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Preview {
    pub months: BTreeMap<(u64, String), MonthTotals>,
    pub unrated: u64,
}

impl Preview {
    /// Every month of every referrer added up.
    pub fn total(&self) -> MonthTotals {
        self.months.values().fold(MonthTotals::default(), |sum, m| MonthTotals {
            now_minor: sum.now_minor + m.now_minor,
            proposed_minor: sum.proposed_minor + m.proposed_minor,
            invoices: sum.invoices + m.invoices,
        })
    }
}

/// Replays `invoices` under `rule`, keeping those whose period starts within `from..=to`
/// (Unix seconds, either end open). Every invoice of a subscription counts toward its
/// first period, even outside the window.
pub fn preview(rule: &CommissionRule, invoices: &[ReplayedInvoice], from: Option<i64>, to: Option<i64>) -> Preview {
    let mut first: BTreeMap<&str, (i64, u64)> = BTreeMap::new();
    for replayed in invoices {
        let key = (replayed.invoice.period_start, replayed.conversion_id);
        first.entry(&replayed.invoice.subscription_id).and_modify(|f| *f = (*f).min(key)).or_insert(key);
    }
    let mut result = Preview::default();
    for replayed in invoices {
        let period = replayed.invoice.period_start;
        if from.is_some_and(|f| period < f) || to.is_some_and(|t| period > t) {
            continue;
        }
        let (anchor, first_id) = first[replayed.invoice.subscription_id.as_str()];
        let month = replayed.invoice.period().format("%Y-%m").to_string();
        let totals = result.months.entry((replayed.referrer_id, month)).or_default();
        totals.invoices += 1;
        totals.now_minor += replayed.now_minor;
        let anchor = chrono::DateTime::from_timestamp(anchor, 0).unwrap_or_default();
        if replayed.blocked || !rule.counts(anchor, replayed.invoice.period()) {
            continue;
        }
        let Some(exchange) = replayed.exchange else {
            result.unrated += 1;
            continue;
        };
        let is_first = first_id == replayed.conversion_id;
        let amount = commission_minor(rule, &replayed.invoice.lines, is_first, exchange).unwrap_or(0);
        let paid = replayed.invoice.paid_minor;
        let taken_back =
            if replayed.refunded_minor >= paid { amount } else { share_of(amount, replayed.refunded_minor, paid) };
        totals.proposed_minor += amount - taken_back;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::commission::{CommissionInput, InvoiceLine};

    fn rule(json: serde_json::Value) -> CommissionRule {
        let input: CommissionInput = serde_json::from_value(json).unwrap();
        CommissionRule::parse(Some(&input)).unwrap()
    }

    fn replayed(id: u64, month: u32, refunded: u64) -> ReplayedInvoice {
        let start = chrono::NaiveDate::from_ymd_opt(2027, month, 3).unwrap().and_hms_opt(0, 0, 0).unwrap();
        ReplayedInvoice {
            conversion_id: id,
            referrer_id: 9,
            invoice: PaidInvoice {
                subscription_id: "sub".into(),
                period_start: start.and_utc().timestamp(),
                currency: "EUR".into(),
                lines: vec![InvoiceLine { product_id: None, base_minor: 4900 }],
                paid_minor: 4900,
            },
            exchange: Some(Exchange::same(2)),
            refunded_minor: refunded,
            blocked: false,
            now_minor: 1000,
        }
    }

    #[test]
    fn a_rule_is_replayed_by_period_whatever_the_order_and_refunds_take_their_share() {
        let invoices = [replayed(5, 3, 0), replayed(3, 1, 0), replayed(4, 2, 2450)];
        let proposed =
            rule(serde_json::json!({"type": "percent", "rate": 20, "first_payment_rate": 50, "duration_months": 2}));
        let seen = preview(&proposed, &invoices, None, None);
        let by_month: Vec<_> =
            seen.months.iter().map(|((_, m), t)| (m.as_str(), t.proposed_minor, t.now_minor)).collect();
        assert_eq!(by_month, [("2027-01", 2450, 1000), ("2027-02", 490, 1000), ("2027-03", 0, 1000)]);
        assert_eq!(seen.total().proposed_minor, 2940);
        let march_only = preview(&proposed, &invoices, Some(invoices[0].invoice.period_start), None);
        assert_eq!(march_only.months.len(), 1, "the window keeps March, the first period still counts from January");
    }
}
