//! Commission rules: what a cash campaign whose goal is a conversion pays a referrer for the
//! payments of the customers they referred. `flat` (the default) is the campaign's
//! `reward_value` once per referral, as ever; `percent` is a share of every paid invoice:
//! `rate` percent of what the customer paid, `first_payment_rate` on a subscription's first
//! paid invoice, per-product rates, for `duration_months` from the subscription's first
//! period (or for life).
//!
//! Money here is whole minor units of a currency (cents, yen, fils), never a float. A share is
//! computed exactly as a fraction and rounded once, half to even, to the minor unit of the
//! currency it is paid in.

use std::collections::BTreeMap;

use chrono::{DateTime, Months, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::fields::err;
use super::ValidationError;

/// Longest commitment a rule may have, in months (ten years).
pub const MAX_DURATION_MONTHS: u64 = 120;

/// Most products a rule may name a rate for.
pub const MAX_PRODUCT_RATES: usize = 100;

/// Longest product id, in bytes.
pub const MAX_PRODUCT_ID_BYTES: usize = 200;

/// A percentage with at most two decimals, above 0 and at most 100, kept in hundredths of a
/// percent (20 % is 2000, 12.5 % is 1250).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Rate(u32);

impl Rate {
    /// Hundredths of a percent in one whole.
    const WHOLE: u32 = 100 * 100;

    /// A rate from a JSON number or string ("20", 20, 12.5, "12.50").
    pub fn parse(field: &'static str, value: &Value) -> Result<Self, ValidationError> {
        let text = match value {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.trim().to_owned(),
            _ => String::new(),
        };
        Self::from_text(&text).ok_or_else(|| {
            err(field, format!("{field} must be a percentage above 0 and at most 100, with at most two decimals"))
        })
    }

    fn from_text(text: &str) -> Option<Self> {
        let (units, fraction) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if units.is_empty() || units.len() > 3 || fraction.len() > 2 || !digits(units) || !digits(fraction) {
            return None;
        }
        if text.ends_with('.') {
            return None;
        }
        let hundredths = units.parse::<u32>().ok()? * 100 + format!("{fraction:0<2}").parse::<u32>().ok()?;
        (1..=Self::WHOLE).contains(&hundredths).then_some(Self(hundredths))
    }

    /// The rate in hundredths of a percent.
    pub fn hundredths(self) -> u32 {
        self.0
    }

    /// As a reader writes it: "20", "12.5", "0.75".
    pub fn shown(self) -> String {
        let (units, fraction) = (self.0 / 100, self.0 % 100);
        match fraction {
            0 => units.to_string(),
            f if f % 10 == 0 => format!("{units}.{}", f / 10),
            f => format!("{units}.{f:02}"),
        }
    }
}

/// How a campaign pays its referrers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub enum CommissionKind {
    /// The campaign's `reward_value`, once per referral (or per tier).
    #[default]
    Flat,
    /// A share of every paid invoice of the customers a referrer brought.
    Percent,
}

impl CommissionKind {
    pub fn name(self) -> &'static str {
        match self {
            Self::Flat => "flat",
            Self::Percent => "percent",
        }
    }
}

/// A campaign's commission rule (schema 12 of the campaign's row).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct CommissionRule {
    pub kind: CommissionKind,
    /// The share of every paid invoice (`percent` only).
    pub rate: Option<Rate>,
    /// The share of a subscription's first paid invoice, in place of every other rate.
    pub first_payment_rate: Option<Rate>,
    /// How long a subscription earns, in months from its first paid invoice's period start;
    /// `None`: for life.
    pub duration_months: Option<u32>,
    /// A product's own rate, in place of `rate` for that product's invoice lines.
    pub product_rates: BTreeMap<String, Rate>,
}

/// The `commission` field of a campaign's input. It replaces the campaign's rule as a whole:
/// a field left out is no longer part of it.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(expecting = "a JSON object of commission settings", deny_unknown_fields)]
#[schema(example = json!({"type": "percent", "rate": 20, "first_payment_rate": 50, "duration_months": 12}))]
pub struct CommissionInput {
    /// `flat` (the default: the campaign's `reward_value` once per referral) or `percent` (a
    /// share of every paid invoice of the customers a participant referred).
    #[serde(rename = "type")]
    #[schema(value_type = Option<String>, example = "percent")]
    pub kind: Option<Value>,
    /// The share of every paid invoice, in percent: above 0, at most 100, at most two
    /// decimals (a number or a string). Required for `percent`.
    #[schema(value_type = Option<f64>, example = 20)]
    pub rate: Option<Value>,
    /// The share of a subscription's first paid invoice, in place of every other rate.
    #[schema(value_type = Option<f64>, example = 50)]
    pub first_payment_rate: Option<Value>,
    /// For how many months (1 to 120) from the period start of the subscription's first paid
    /// invoice its invoices earn; absent or null: for life.
    #[schema(value_type = Option<u32>, minimum = 1, maximum = 120, example = 12)]
    pub duration_months: Option<Value>,
    /// A rate per product id, in place of `rate` for that product's invoice lines.
    #[schema(value_type = Option<Object>, example = json!({"prod_pro": 30}))]
    pub product_rates: Option<Value>,
}

impl CommissionRule {
    /// The rule `input` states; `None` (or JSON null) is the default, flat.
    pub fn parse(input: Option<&CommissionInput>) -> Result<Self, ValidationError> {
        let Some(input) = input else { return Ok(Self::default()) };
        let kind = match input.kind.as_ref().and_then(Value::as_str).map(str::trim) {
            Some("flat") => CommissionKind::Flat,
            Some("percent") => CommissionKind::Percent,
            _ => return Err(err("commission.type", "commission.type must be 'flat' or 'percent'")),
        };
        if kind == CommissionKind::Flat {
            let extra = [
                ("commission.rate", given(&input.rate)),
                ("commission.first_payment_rate", given(&input.first_payment_rate)),
                ("commission.duration_months", given(&input.duration_months)),
                ("commission.product_rates", given(&input.product_rates)),
            ];
            if let Some((field, _)) = extra.into_iter().find(|(_, v)| v.is_some()) {
                return Err(err(field, format!("{field} applies to percent commissions only")));
            }
            return Ok(Self::default());
        }
        let rate = given(&input.rate)
            .ok_or_else(|| err("commission.rate", "commission.rate is required for a percent commission"))?;
        let duration_months = match given(&input.duration_months) {
            None => None,
            Some(v) => Some(super::fields::whole("commission.duration_months", v, 1, MAX_DURATION_MONTHS)? as u32),
        };
        Ok(Self {
            kind,
            rate: Some(Rate::parse("commission.rate", rate)?),
            first_payment_rate: given(&input.first_payment_rate)
                .map(|v| Rate::parse("commission.first_payment_rate", v))
                .transpose()?,
            duration_months,
            product_rates: given(&input.product_rates).map(parse_product_rates).transpose()?.unwrap_or_default(),
        })
    }

    /// The rule a campaign's `commission` field states: an object, or null for flat.
    pub fn from_field(value: &Value) -> Result<Self, ValidationError> {
        let input = match value {
            Value::Null => None,
            Value::Object(_) => Some(
                serde_json::from_value::<CommissionInput>(value.clone())
                    .map_err(|e| err("commission", format!("commission: {e}")))?,
            ),
            _ => {
                return Err(err(
                    "commission",
                    "commission must be an object such as {\"type\": \"percent\", \"rate\": 20}",
                ))
            }
        };
        Self::parse(input.as_ref())
    }

    /// Refuses a percent rule on a campaign that cannot pay it: one that is not a cash
    /// campaign whose goal is a conversion (`pays`).
    pub fn check_pays(&self, pays: bool) -> Result<(), ValidationError> {
        if self.is_percent() && !pays {
            return Err(err(
                "commission.type",
                "commission.type percent needs a cash campaign (reward_type 5) whose goal_type is conversion",
            ));
        }
        Ok(())
    }

    /// Whether invoices earn a share (rather than the campaign's flat reward).
    pub fn is_percent(&self) -> bool {
        self.kind == CommissionKind::Percent
    }

    /// The rule in one sentence: "20 % of every payment for 12 months, 50 % of the first".
    pub fn sentence(&self) -> String {
        let Some(rate) = self.rate.filter(|_| self.is_percent()) else {
            return "The campaign's reward, once per referral".to_owned();
        };
        let mut sentence = format!("{} % of every payment", rate.shown());
        match self.duration_months {
            Some(1) => sentence.push_str(" for 1 month"),
            Some(months) => sentence.push_str(&format!(" for {months} months")),
            None => sentence.push_str(" for life"),
        }
        if let Some(first) = self.first_payment_rate {
            sentence.push_str(&format!(", {} % of the first", first.shown()));
        }
        for (product, rate) in &self.product_rates {
            sentence.push_str(&format!("; {} % for product {product}", rate.shown()));
        }
        sentence
    }

    /// Whether an invoice whose service period starts at `period_start` earns, in a
    /// subscription whose first paid invoice's period started at `first_period_start`: within
    /// `duration_months` calendar months of it (UTC), or always for a lifetime rule.
    pub fn counts(&self, first_period_start: DateTime<Utc>, period_start: DateTime<Utc>) -> bool {
        match self.duration_months {
            None => true,
            Some(months) => {
                first_period_start.checked_add_months(Months::new(months)).is_none_or(|end| period_start < end)
            }
        }
    }

    /// The rate a line of `product` earns, on the subscription's first paid invoice or not.
    pub fn rate_for(&self, product: Option<&str>, first_payment: bool) -> Option<Rate> {
        if !self.is_percent() {
            return None;
        }
        if first_payment {
            if let Some(first) = self.first_payment_rate {
                return Some(first);
            }
        }
        product.and_then(|p| self.product_rates.get(p)).copied().or(self.rate)
    }
}

/// A field's value when given and not null.
fn given(value: &Option<Value>) -> Option<&Value> {
    value.as_ref().filter(|v| !v.is_null())
}

/// `product_rates`: an object of product ids and rates.
fn parse_product_rates(value: &Value) -> Result<BTreeMap<String, Rate>, ValidationError> {
    const FIELD: &str = "commission.product_rates";
    let object =
        value.as_object().ok_or_else(|| err(FIELD, format!("{FIELD} must be an object of product ids and rates")))?;
    if object.len() > MAX_PRODUCT_RATES {
        return Err(err(FIELD, format!("{FIELD} may name at most {MAX_PRODUCT_RATES} products")));
    }
    let mut rates = BTreeMap::new();
    for (product, rate) in object {
        let usable =
            !product.is_empty() && product.len() <= MAX_PRODUCT_ID_BYTES && !product.chars().any(char::is_control);
        if !usable {
            return Err(err(FIELD, format!("{FIELD} names a product id that is empty, over {MAX_PRODUCT_ID_BYTES} bytes or holds control characters")));
        }
        rates.insert(product.clone(), Rate::parse(FIELD, rate)?);
    }
    Ok(rates)
}

/// One line of a paid invoice: the product it is for, when known, and what the customer paid
/// for it after discounts and without tax, in minor units of the invoice's currency.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct InvoiceLine {
    pub product_id: Option<String>,
    pub base_minor: u64,
}

/// How an invoice's currency turns into the campaign's: `units` of the campaign's currency per
/// `per` of the invoice's (1.0870 USD per EUR is 10870 per 10000), and the decimals of each
/// currency's minor unit. The same currency is [`Exchange::same`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exchange {
    pub units: u128,
    pub per: u128,
    pub from_digits: u32,
    pub to_digits: u32,
}

impl Exchange {
    /// No conversion: the invoice is in the campaign's currency, of `digits` decimals.
    pub fn same(digits: u32) -> Self {
        Self { units: 1, per: 1, from_digits: digits, to_digits: digits }
    }
}

/// The commission the `lines` of one invoice earn under `rule`, in minor units of the
/// campaign's currency: each line at its rate, summed exactly, converted by `exchange`, then
/// rounded once, half to even. `None` when the rule pays no share.
pub fn commission_minor(
    rule: &CommissionRule,
    lines: &[InvoiceLine],
    first_payment: bool,
    exchange: Exchange,
) -> Option<u64> {
    let mut numerator: u128 = 0;
    for line in lines {
        let rate = rule.rate_for(line.product_id.as_deref(), first_payment)?;
        numerator += u128::from(line.base_minor) * u128::from(rate.hundredths());
    }
    // base × rate / 10 000 × units / per × 10^(to − from), as one fraction.
    numerator = numerator.checked_mul(exchange.units)?;
    let mut denominator = u128::from(Rate::WHOLE).checked_mul(exchange.per.max(1))?;
    if exchange.to_digits >= exchange.from_digits {
        numerator = numerator.checked_mul(10u128.pow(exchange.to_digits - exchange.from_digits))?;
    } else {
        denominator = denominator.checked_mul(10u128.pow(exchange.from_digits - exchange.to_digits))?;
    }
    u64::try_from(half_even(numerator, denominator)).ok()
}

/// The share `part / whole` of `amount`, rounded half to even: what a refund of `part` of an
/// invoice whose base was `whole` takes back of a commission of `amount`.
pub fn share_of(amount: u64, part: u64, whole: u64) -> u64 {
    if whole == 0 {
        return 0;
    }
    let share = half_even(u128::from(amount) * u128::from(part.min(whole)), u128::from(whole));
    u64::try_from(share).unwrap_or(amount).min(amount)
}

/// `numerator / denominator` rounded to the nearest whole, a half to the even neighbour
/// ("banker's rounding": 2.5 → 2, 3.5 → 4), so that rounding errors do not lean one way
/// over many invoices.
pub fn half_even(numerator: u128, denominator: u128) -> u128 {
    let (quotient, remainder) = (numerator / denominator, numerator % denominator);
    match (remainder * 2).cmp(&denominator) {
        std::cmp::Ordering::Less => quotient,
        std::cmp::Ordering::Greater => quotient + 1,
        std::cmp::Ordering::Equal => quotient + (quotient % 2),
    }
}

#[cfg(test)]
#[path = "commission_tests.rs"]
mod tests;
