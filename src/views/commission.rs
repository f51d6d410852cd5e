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

/// The API's shape of a commission rule.
pub fn commission(rule: &domain::commission::CommissionRule) -> Commission {
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

/// An invoice's commission: the terms it was made under, what it earned and what refunds
/// took back. Amounts are decimals of their currency (the invoice's for its lines, base and
/// refunds; the campaign's for the commission).
#[derive(Debug, Serialize, ToSchema)]
pub struct InvoiceCommission {
    /// `earned`, `outside_duration` (past the rule's duration: nothing), `no_exchange_rate`
    /// (held without an amount until a rate for the invoice's date is given) or `blocked`.
    pub state: &'static str,
    /// Who earns it.
    pub referrer_id: u64,
    /// Its cash reward, when it earned one.
    pub reward_id: Option<u64>,
    pub invoice_id: String,
    pub subscription_id: String,
    /// The start of the service period the invoice bills (RFC 3339).
    pub period_start: String,
    /// Whether it is the subscription's first paid invoice by period.
    pub first_payment: bool,
    /// The invoice's currency.
    pub invoice_currency: String,
    /// What the commission is a share of: the lines after discounts, without tax.
    pub base: String,
    /// What the customer paid, tax included: what refunds are a share of.
    pub paid: String,
    pub lines: Vec<CommissionLine>,
    /// The currency the commission is paid in.
    pub currency: String,
    /// What it earned, before refunds; null without an exchange rate.
    pub amount: Option<String>,
    /// What refunds took back of it.
    pub taken_back: String,
    /// How much of the invoice was refunded.
    pub refunded: String,
    /// The exchange rate it was converted at, when the invoice's currency is another.
    pub exchange_rate: Option<String>,
    /// The rate's date.
    pub exchange_rate_date: Option<String>,
    /// The rule it was made under.
    pub terms: Commission,
}

impl InvoiceCommission {
    /// The rates its lines earned, in words: "20 %", or "30 % and 20 %" for lines of
    /// products with their own rates.
    pub fn rate_words(&self, rates: &[String]) -> String {
        let mut distinct: Vec<&String> = Vec::new();
        for rate in rates {
            if !distinct.contains(&rate) {
                distinct.push(rate);
            }
        }
        match distinct.len() {
            0 => "no rate".to_owned(),
            _ => distinct.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(" and "),
        }
    }
}

/// One line of an invoice and the rate it earned.
#[derive(Debug, Serialize, ToSchema)]
pub struct CommissionLine {
    pub product_id: Option<String>,
    pub amount: String,
    /// In percent.
    pub rate: Option<f64>,
}

/// The API's shape of an invoice's commission.
pub fn invoice_commission(c: &domain::invoice::Commission) -> InvoiceCommission {
    use domain::currency::decimal;
    let of_invoice = |minor: u64| decimal(minor, &c.invoice.currency);
    InvoiceCommission {
        state: c.state.name(),
        referrer_id: c.referrer_id,
        reward_id: c.reward_id,
        invoice_id: c.invoice_id.clone(),
        subscription_id: c.invoice.subscription_id.clone(),
        period_start: c.invoice.period().to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        first_payment: c.first_payment,
        invoice_currency: c.invoice.currency.clone(),
        base: of_invoice(c.invoice.base_minor()),
        paid: of_invoice(c.invoice.paid_minor),
        lines: c
            .invoice
            .lines
            .iter()
            .map(|l| CommissionLine {
                product_id: l.product_id.clone(),
                amount: of_invoice(l.base_minor),
                rate: c
                    .terms
                    .rate_for(l.product_id.as_deref(), c.first_payment)
                    .map(|r| f64::from(r.hundredths()) / 100.0),
            })
            .collect(),
        currency: c.currency.clone(),
        amount: c.amount_minor.map(|m| decimal(m, &c.currency)),
        taken_back: decimal(c.taken_back_minor, &c.currency),
        refunded: of_invoice(c.refunded_minor),
        exchange_rate: c.exchange.as_ref().map(|e| e.rate.clone()),
        exchange_rate_date: c.exchange.as_ref().map(|e| e.date.clone()),
        terms: commission(&c.terms),
    }
}

/// A commission in one line, for a CSV cell or a page: "invoice in_03, period from
/// 2027-04-15, 20 % of 49.00 EUR; 24.50 EUR refunded, 4.90 EUR taken back".
pub fn commission_summary(c: &domain::invoice::Commission) -> String {
    let view = invoice_commission(c);
    let rates: Vec<String> = view.lines.iter().filter_map(|l| l.rate).map(|r| format!("{r} %")).collect();
    let mut line = format!(
        "invoice {}, period from {}, {} of {} {}",
        view.invoice_id,
        &view.period_start[..10],
        view.rate_words(&rates),
        view.base,
        view.invoice_currency
    );
    if let Some(rate) = &view.exchange_rate {
        line.push_str(&format!(" at {rate} {} per {}", view.currency, view.invoice_currency));
    }
    if view.state != "earned" {
        line.push_str(&format!(" ({})", view.state.replace('_', " ")));
    }
    if c.refunded_minor > 0 {
        line.push_str(&format!(
            "; {} {} refunded, {} {} taken back",
            view.refunded, view.invoice_currency, view.taken_back, view.currency
        ));
    }
    line
}
