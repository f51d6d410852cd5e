//! Paid invoices and the commissions they earn. A source (Stripe's `invoice.paid`, or
//! `POST /conversions` with `period_start`) reports a [`PaidInvoice`] of a referred customer;
//! on a campaign with a `percent` rule (see `domain::commission`) each one becomes one
//! [`Commission`]: the terms it was made under, frozen, what it earned, and what refunds took
//! back of it. The engine decides them (`engine::commissions`); this module says what they
//! hold and how a refund's share is counted.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use super::commission::{share_of, CommissionRule, InvoiceLine};
use super::ValidationError;

/// Most lines an invoice may list.
pub const MAX_LINES: usize = 100;

/// Longest subscription id, in bytes.
pub const MAX_SUBSCRIPTION_ID_BYTES: usize = 200;

/// A paid invoice, as its source reports it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PaidInvoice {
    /// The subscription it bills; an invoice of no subscription is its own (a one-off sale
    /// counts as the first payment of a subscription of one invoice).
    pub subscription_id: String,
    /// When the service period it bills starts (Unix seconds, UTC): what the rule's duration
    /// is counted on, never the order invoices arrive in.
    pub period_start: i64,
    /// ISO 4217, upper case.
    pub currency: String,
    /// What the customer paid per line, after discounts and without tax, in minor units.
    pub lines: Vec<InvoiceLine>,
    /// What the customer paid in all, tax included, in minor units: the whole a refund is a
    /// share of.
    pub paid_minor: u64,
}

impl PaidInvoice {
    /// The invoice's base: the sum of its lines.
    pub fn base_minor(&self) -> u64 {
        self.lines.iter().map(|l| l.base_minor).sum()
    }

    /// The period start as a time.
    pub fn period(&self) -> DateTime<Utc> {
        DateTime::from_timestamp(self.period_start, 0).unwrap_or_default()
    }
}

/// A subscription id as given: 1 to 200 bytes without control characters.
pub fn parse_subscription_id(raw: &str) -> Result<String, ValidationError> {
    let id = raw.trim();
    if id.is_empty() || id.len() > MAX_SUBSCRIPTION_ID_BYTES || id.chars().any(char::is_control) {
        return Err(ValidationError::new(
            "subscription_id",
            format!("subscription_id must be 1 to {MAX_SUBSCRIPTION_ID_BYTES} bytes without control characters"),
        ));
    }
    Ok(id.to_owned())
}

/// A `period_start`: an RFC 3339 time ("2027-03-01T00:00:00Z") or a date ("2027-03-01",
/// midnight UTC), between 1970 and 9999.
pub fn parse_period_start(raw: &str) -> Result<i64, ValidationError> {
    let raw = raw.trim();
    let at = DateTime::parse_from_rfc3339(raw).map(|t| t.with_timezone(&Utc)).ok().or_else(|| {
        NaiveDate::parse_from_str(raw, "%Y-%m-%d").ok().and_then(|d| d.and_hms_opt(0, 0, 0)).map(|t| t.and_utc())
    });
    at.map(|t| t.timestamp()).filter(|&s| s >= 0).ok_or_else(|| {
        ValidationError::new(
            "period_start",
            "period_start must be the start of the invoice's service period: an RFC 3339 time or a date (2027-03-01)",
        )
    })
}

/// An amount written as a decimal of at most `digits` decimals ("49", "49.9", "49.90"; for a
/// currency of no minor unit, whole numbers only), as minor units. `None` when it is not one,
/// is negative, or is absurdly large.
pub fn minor_units(text: &str, digits: u32) -> Option<u64> {
    let text = text.trim();
    let (units, fraction) = text.split_once('.').unwrap_or((text, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let usable = !units.is_empty()
        && units.len() <= 12
        && all_digits(units)
        && all_digits(fraction)
        && fraction.len() <= digits as usize
        && !text.ends_with('.');
    if !usable {
        return None;
    }
    let scale = 10u64.pow(digits);
    let fraction = format!("{fraction:0<width$}", width = digits as usize);
    let fraction = if fraction.is_empty() { 0 } else { fraction.parse::<u64>().ok()? };
    units.parse::<u64>().ok()?.checked_mul(scale)?.checked_add(fraction)
}

/// Where a commission stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommissionState {
    /// It earned `amount_minor`, paid as its reward.
    Earned,
    /// The invoice's period starts after the rule's duration: it earns nothing.
    OutsideDuration,
    /// The invoice is in another currency and no exchange rate was given for its date yet:
    /// its reward is held without an amount until one is.
    NoExchangeRate,
    /// The customer or their referrer is blocked: it earns nothing.
    Blocked,
}

impl CommissionState {
    pub fn name(self) -> &'static str {
        match self {
            Self::Earned => "earned",
            Self::OutsideDuration => "outside_duration",
            Self::NoExchangeRate => "no_exchange_rate",
            Self::Blocked => "blocked",
        }
    }
}

/// The exchange rate a commission was converted at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeUsed {
    /// Units of the campaign's currency per unit of the invoice's, as given ("1.0870").
    pub rate: String,
    /// The rate's date (YYYY-MM-DD).
    pub date: String,
    /// The rate exactly: `units / per`.
    pub units: u128,
    pub per: u128,
}

/// One invoice's commission, as stored: one per conversion of a `percent` campaign whose
/// customer was referred.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Commission {
    /// The conversion that recorded the invoice (one per invoice id per campaign).
    pub conversion_id: u64,
    pub campaign_id: u64,
    pub brand_id: u64,
    /// Who earns it.
    pub referrer_id: u64,
    /// The referred customer who paid.
    pub customer_id: u64,
    /// Its cash reward, when the invoice earns one.
    pub reward_id: Option<u64>,
    /// The invoice's id (the conversion's `external_id`).
    pub invoice_id: String,
    pub invoice: PaidInvoice,
    /// The campaign's rule when the commission was made: later changes of the rule never
    /// change it.
    pub terms: CommissionRule,
    /// Whether it is the subscription's first paid invoice (by period) as far as is known.
    pub first_payment: bool,
    pub state: CommissionState,
    /// The currency it is paid in (the campaign's payout currency when it was made).
    pub currency: String,
    /// The exchange rate it was converted at, when the invoice's currency is another.
    pub exchange: Option<ExchangeUsed>,
    /// What it earned, in minor units of `currency`, before refunds.
    pub amount_minor: Option<u64>,
    /// How much of the invoice was refunded, in minor units of its currency.
    pub refunded_minor: u64,
    /// How much of `amount_minor` refunds took back.
    pub taken_back_minor: u64,
    /// The ids of the refunds counted (Stripe's charge, or the API's `refund_id`).
    pub refund_ids: Vec<String>,
    /// RFC 3339.
    pub created_at: String,
}

impl Commission {
    /// What it is worth now: earned, less what refunds took back.
    pub fn standing_minor(&self) -> u64 {
        self.amount_minor.unwrap_or(0).saturating_sub(self.taken_back_minor)
    }

    /// Counts a refund of `refunded` minor units of the invoice: `total` is the invoice's
    /// refunded amount so far as the source states it (Stripe's `amount_refunded`), or,
    /// for a refund by id, the amount of that refund alone (an id counted before changes
    /// nothing). Returns how much more of the commission is taken back: the share
    /// of the amount earned that the refunded part is of what was paid, rounded half to even,
    /// so that the refunds of an invoice take back its whole commission and never more.
    pub fn refund(&mut self, refund: &RefundReport) -> u64 {
        let by_id = matches!(refund.amount, RefundAmount::This(_));
        if by_id && self.refund_ids.contains(&refund.id) {
            return 0;
        }
        let paid = self.invoice.paid_minor;
        let refunded = match refund.amount {
            RefundAmount::Total(total) => self.refunded_minor.max(total),
            RefundAmount::This(part) => self.refunded_minor.saturating_add(part),
            RefundAmount::Whole => paid,
        }
        .min(paid);
        if refunded == self.refunded_minor {
            return 0;
        }
        if self.refund_ids.len() < MAX_REFUND_IDS && !self.refund_ids.contains(&refund.id) {
            self.refund_ids.push(refund.id.clone());
        }
        self.refunded_minor = refunded;
        let amount = self.amount_minor.unwrap_or(0);
        let target = if refunded >= paid { amount } else { share_of(amount, refunded, paid) };
        let more = target.saturating_sub(self.taken_back_minor);
        self.taken_back_minor += more;
        more
    }

    /// Makes it `amount` as earned (its terms rated again); what refunds took back is
    /// counted anew on it.
    pub fn rerate(&mut self, amount: u64) {
        self.amount_minor = Some(amount);
        let (refunded, paid) = (self.refunded_minor, self.invoice.paid_minor);
        self.taken_back_minor = if refunded >= paid { amount } else { share_of(amount, refunded, paid) };
    }

    /// Whether the invoice was refunded in whole.
    pub fn refunded_whole(&self) -> bool {
        self.refunded_minor >= self.invoice.paid_minor
    }
}

/// Most refund ids a commission keeps (an invoice refunded in more parts still counts
/// each by its amount; only the record of ids stops growing).
const MAX_REFUND_IDS: usize = 100;

/// A refund as its source reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefundReport {
    /// The refund's id: counted once.
    pub id: String,
    pub amount: RefundAmount,
}

impl RefundReport {
    /// A refund of everything (the API's refund without an amount, the dashboard's button).
    pub fn whole() -> Self {
        Self { id: "whole".to_owned(), amount: RefundAmount::Whole }
    }
}

/// How much a refund returned to the customer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefundAmount {
    /// Everything.
    Whole,
    /// This refund alone, in minor units of the invoice's currency.
    This(u64),
    /// The invoice's refunds so far, this one included (Stripe's `amount_refunded`): a
    /// redelivery or an older event arriving late changes nothing.
    Total(u64),
}

#[cfg(test)]
mod tests {
    use super::*;

    fn commission(amount: u64, paid: u64) -> Commission {
        Commission {
            conversion_id: 1,
            campaign_id: 1,
            brand_id: 1,
            referrer_id: 1,
            customer_id: 2,
            reward_id: Some(3),
            invoice_id: "in_1".into(),
            invoice: PaidInvoice {
                subscription_id: "sub_1".into(),
                period_start: 0,
                currency: "EUR".into(),
                lines: vec![InvoiceLine { product_id: None, base_minor: paid }],
                paid_minor: paid,
            },
            terms: CommissionRule::default(),
            first_payment: false,
            state: CommissionState::Earned,
            currency: "EUR".into(),
            exchange: None,
            amount_minor: Some(amount),
            refunded_minor: 0,
            taken_back_minor: 0,
            refund_ids: Vec::new(),
            created_at: String::new(),
        }
    }

    fn by_id(id: &str, amount: RefundAmount) -> RefundReport {
        RefundReport { id: id.into(), amount }
    }

    #[test]
    fn a_refund_takes_back_its_share_once_and_never_more_than_the_commission() {
        let mut c = commission(980, 4900);
        assert_eq!(c.refund(&by_id("re_1", RefundAmount::This(2450))), 490, "half the invoice, half the commission");
        assert_eq!(c.refund(&by_id("re_1", RefundAmount::This(2450))), 0, "the same refund again");
        assert_eq!(c.refund(&by_id("re_2", RefundAmount::This(9999))), 490, "the rest takes the rest");
        assert_eq!((c.standing_minor(), c.refunded_whole()), (0, true));
        assert_eq!(c.refund(&by_id("re_3", RefundAmount::Whole)), 0);
    }

    #[test]
    fn stripe_s_running_total_counts_each_refunded_cent_once_in_any_order() {
        let mut c = commission(333, 1000);
        assert_eq!(c.refund(&by_id("ch_1", RefundAmount::Total(500))), 166, "166.5 rounds to even");
        // The same charge's later event, then its earlier one delivered late.
        let mut later = by_id("ch_1#2", RefundAmount::Total(1000));
        assert_eq!(c.refund(&later), 167);
        later.id = "ch_1#1".into();
        later.amount = RefundAmount::Total(500);
        assert_eq!(c.refund(&later), 0);
        assert_eq!(c.taken_back_minor, 333);
    }

    #[test]
    fn amounts_periods_and_ids_are_read_as_documented() {
        assert_eq!(minor_units("49.90", 2), Some(4990));
        assert_eq!(minor_units("49.9", 2), Some(4990));
        assert_eq!(minor_units("49", 2), Some(4900));
        assert_eq!(minor_units("4990", 0), Some(4990));
        assert_eq!(minor_units("1.234", 3), Some(1234));
        for (bad, digits) in [("49.90", 0), ("1.2345", 3), ("-1", 2), ("1.", 2), ("", 2), ("1e3", 2), (".5", 2)] {
            assert_eq!(minor_units(bad, digits), None, "{bad}");
        }
        assert_eq!(parse_period_start("2027-03-01").unwrap(), 1_803_859_200);
        assert_eq!(parse_period_start("2027-03-01T00:00:00+01:00").unwrap(), 1_803_855_600);
        assert!(parse_period_start("March").is_err());
        assert!(parse_subscription_id(" sub_1 ").is_ok());
        assert!(parse_subscription_id("").is_err());
    }
}
