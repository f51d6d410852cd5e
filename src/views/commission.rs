//! A campaign's commission rule as the API shows it: its fields, rates in percent, and the
//! rule in one sentence.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain;

/// What a campaign's referrers earn for their customers' payments.
#[derive(Debug, Serialize, ToSchema)]
pub struct Commission {
    /// `flat` (`reward_value` once per referral) or `percent` (a share of every paid invoice).
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The share of every paid invoice, in percent; null for `flat`.
    pub rate: Option<f64>,
    /// The share of a subscription's first paid invoice, in percent.
    pub first_payment_rate: Option<f64>,
    /// Months from the subscription's first paid invoice that its invoices earn; null: for
    /// life.
    pub duration_months: Option<u32>,
    /// A rate per product id, in percent.
    pub product_rates: std::collections::BTreeMap<String, f64>,
    /// The rule in one sentence ("20 % of every payment for 12 months, 50 % of the first").
    pub description: String,
}

pub(super) fn commission(rule: &domain::commission::CommissionRule) -> Commission {
    let percent = |rate: domain::commission::Rate| f64::from(rate.hundredths()) / 100.0;
    Commission {
        kind: rule.kind.name(),
        rate: rule.rate.map(percent),
        first_payment_rate: rule.first_payment_rate.map(percent),
        duration_months: rule.duration_months,
        product_rates: rule.product_rates.iter().map(|(p, &r)| (p.clone(), percent(r))).collect(),
        description: rule.sentence(),
    }
}
