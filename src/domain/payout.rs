//! Payouts: the money a participant's approved cash rewards add up to, paid to them once.
//!
//! An owner asks for payouts of a campaign; each participant whose approved (`issued`) cash
//! rewards that no payout holds reach the campaign's minimum gets one payout listing them.
//! A payout is `requested`, then `paid` (its rewards become `fulfilled`) or `failed` (its
//! rewards are free again for a later payout). **A reward is in at most one payout that has
//! not failed**: the store keeps an entry per reward of such a payout, and a second one
//! cannot be written (see `engine::payouts`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::fields::err;
use super::ValidationError;

/// How a campaign's payouts are paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PayoutMethod {
    /// The owner pays them outside (a bank, a PayPal or Wise batch from the CSV) and marks
    /// them paid or failed.
    Manual,
    /// The owner's system pays them: it hears `payout.requested` (with the participant's
    /// payout details) by webhook, pays by any means, and marks them paid or failed.
    Webhook,
}

impl PayoutMethod {
    pub fn name(self) -> &'static str {
        match self {
            Self::Manual => "manual",
            Self::Webhook => "webhook",
        }
    }
}

/// A campaign's `payouts` setting.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayoutSettings {
    pub method: PayoutMethod,
    /// The least a payout may be, in cents: a smaller balance waits for more rewards.
    pub minimum_cents: u64,
    /// ISO 4217, upper case: the currency of the campaign's cash rewards.
    pub currency: String,
}

impl Default for PayoutSettings {
    fn default() -> Self {
        Self { method: PayoutMethod::Manual, minimum_cents: 0, currency: "USD".into() }
    }
}

/// `payouts` fields a member may change.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(expecting = "a JSON object of payout settings")]
pub struct PayoutInput {
    /// `manual` (the default): you pay them (the CSV helps) and mark each one paid or failed;
    /// `webhook`: your system hears `payout.requested`, pays, and marks it.
    #[schema(value_type = Option<String>, example = "manual")]
    pub method: Option<serde_json::Value>,
    /// The least a payout may be (default "0.00"): a smaller balance waits for more rewards.
    #[schema(value_type = Option<String>, example = "25.00")]
    pub minimum: Option<serde_json::Value>,
    /// ISO 4217 (default `USD`): the currency of the campaign's cash rewards.
    #[schema(value_type = Option<String>, example = "EUR")]
    pub currency: Option<serde_json::Value>,
}

impl PayoutSettings {
    pub fn apply(&mut self, input: &PayoutInput) -> Result<(), ValidationError> {
        let text = |field: &'static str, v: &serde_json::Value| {
            v.as_str().map(str::to_owned).ok_or_else(|| err(field, format!("{field} must be a string")))
        };
        if let Some(v) = &input.method {
            self.method = match text("payouts.method", v)?.trim() {
                "manual" => PayoutMethod::Manual,
                "webhook" => PayoutMethod::Webhook,
                _ => return Err(err("payouts.method", "payouts.method must be manual or webhook")),
            };
        }
        if let Some(v) = &input.minimum {
            self.minimum_cents = super::money::parse_minimum("payouts.minimum", &text("payouts.minimum", v)?)?;
        }
        if let Some(v) = &input.currency {
            // A code ISO 4217 lists, with a minor unit: commissions round to it.
            self.currency = super::currency::parse("payouts.currency", &text("payouts.currency", v)?)?;
        }
        Ok(())
    }
}

/// Where a payout is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PayoutStatus {
    /// Made, not paid yet: its rewards are in it.
    Requested,
    /// Paid, with the payment's reference: its rewards are fulfilled.
    Paid,
    /// Not paid: its rewards are free for a later payout.
    Failed,
}

impl PayoutStatus {
    pub const ALL: [PayoutStatus; 3] = [Self::Requested, Self::Paid, Self::Failed];

    pub fn name(self) -> &'static str {
        match self {
            Self::Requested => "requested",
            Self::Paid => "paid",
            Self::Failed => "failed",
        }
    }

    pub fn parse(raw: &str) -> Result<Self, ValidationError> {
        Self::ALL
            .into_iter()
            .find(|s| s.name() == raw)
            .ok_or_else(|| err("status", "status must be requested, paid or failed"))
    }

    /// Whether it still holds its rewards (a failed payout let them go).
    pub fn holds_rewards(self) -> bool {
        self != Self::Failed
    }
}

/// A payout as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Payout {
    pub id: u64,
    pub brand_id: u64,
    pub member_id: u64,
    pub campaign_id: u64,
    pub participant_id: u64,
    /// What is paid: the sum of its rewards' values, less `deducted_cents`.
    pub amount_cents: u64,
    /// Taken off for what the participant owed (conversions refunded after their rewards
    /// were paid, see [`Owed`]).
    pub deducted_cents: u64,
    pub currency: String,
    pub method: PayoutMethod,
    pub status: PayoutStatus,
    /// The rewards it pays, by id, in the order they were issued.
    pub reward_ids: Vec<u64>,
    /// The payment's reference, once paid.
    pub reference: Option<String>,
    /// Why it was not paid, once failed.
    pub failure_reason: Option<String>,
    pub created_at: String,
    pub paid_at: Option<String>,
    pub failed_at: Option<String>,
}

/// A move of a payout by its owner.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PayoutMove {
    /// Paid, with the payment's reference.
    Paid { reference: String },
    /// Not paid, and why.
    Failed { reason: String },
}

impl PayoutMove {
    /// Whether `payout` is already where this move leads, with the same words: a repeat,
    /// answered as it is.
    pub fn repeats(&self, payout: &Payout) -> bool {
        match self {
            Self::Paid { reference } => {
                payout.status == PayoutStatus::Paid && payout.reference.as_deref() == Some(reference.as_str())
            }
            Self::Failed { reason } => {
                payout.status == PayoutStatus::Failed && payout.failure_reason.as_deref() == Some(reason.as_str())
            }
        }
    }

    /// The action's name in an error ("paid", "fail").
    pub fn name(&self) -> &'static str {
        match self {
            Self::Paid { .. } => "paid",
            Self::Failed { .. } => "fail",
        }
    }
}

/// Where a participant wants their payouts sent: a PayPal or Wise account (by its email), or
/// free text in the form the owner asked for (a bank account, a gift-card preference).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PayoutDetails {
    pub method: DetailsMethod,
    /// The account's email (PayPal, Wise), or the text (other).
    pub value: String,
}

/// The kinds of [`PayoutDetails`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum DetailsMethod {
    Paypal,
    Wise,
    Other,
}

impl DetailsMethod {
    pub const ALL: [DetailsMethod; 3] = [Self::Paypal, Self::Wise, Self::Other];

    pub fn name(self) -> &'static str {
        match self {
            Self::Paypal => "paypal",
            Self::Wise => "wise",
            Self::Other => "other",
        }
    }
}

/// Longest free-text payout details, in characters.
pub const MAX_DETAILS_CHARS: usize = 500;

/// Body of `PUT /participants/:id/payout-details`.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(deny_unknown_fields, expecting = "a JSON object with method and value")]
#[schema(example = json!({"method": "paypal", "value": "ada@example.com"}))]
pub struct PayoutDetailsInput {
    /// `paypal`, `wise` (value: the account's email) or `other` (value: free text, at most
    /// 500 characters).
    #[serde(default)]
    pub method: Option<String>,
    #[serde(default)]
    pub value: Option<String>,
}

impl PayoutDetails {
    pub fn parse(input: &PayoutDetailsInput) -> Result<Self, ValidationError> {
        let method = input.method.as_deref().map(str::trim).unwrap_or_default();
        let method = DetailsMethod::ALL
            .into_iter()
            .find(|m| m.name() == method)
            .ok_or_else(|| err("method", "method must be paypal, wise or other"))?;
        let raw = input.value.as_deref().unwrap_or_default();
        let value = match method {
            DetailsMethod::Paypal | DetailsMethod::Wise => super::EmailAddress::parse(raw)
                .map_err(|_| err("value", format!("value must be the email of the {} account", method.name())))?
                .as_str()
                .to_owned(),
            DetailsMethod::Other => super::fields::short_text("value", raw, MAX_DETAILS_CHARS)?,
        };
        Ok(Self { method, value })
    }

    /// The account email a bulk payment of `method` sends to, when these details name one.
    pub fn account_for(&self, method: DetailsMethod) -> Option<&str> {
        (self.method == method).then_some(self.value.as_str())
    }
}

/// What a participant owes the campaign: cash rewards paid to them whose conversions were
/// refunded since. Taken off their next payouts, never below zero, the rest carried over.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Owed {
    pub cents: u64,
    /// How it came to be, oldest first.
    pub entries: Vec<OwedEntry>,
}

/// One change of what a participant owes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct OwedEntry {
    /// RFC 3339, UTC.
    pub at: String,
    /// Owed more (positive: a refund after payout, a failed payout's deduction put back) or
    /// less (negative: taken off a payout).
    pub cents: i64,
    pub note: String,
}

impl Owed {
    /// Owes `cents` more, for `note`.
    pub fn charge(&mut self, cents: u64, at: &str, note: String) {
        self.cents += cents;
        self.entries.push(OwedEntry { at: at.to_owned(), cents: cents as i64, note });
    }

    /// Owes `cents` less (at most what is owed), for `note`; what was taken.
    pub fn settle(&mut self, cents: u64, at: &str, note: String) -> u64 {
        let taken = cents.min(self.cents);
        if taken > 0 {
            self.cents -= taken;
            self.entries.push(OwedEntry { at: at.to_owned(), cents: -(taken as i64), note });
        }
        taken
    }
}

/// Longest payment reference or failure reason, in characters.
pub const MAX_NOTE_CHARS: usize = 200;

/// A payment reference (required to mark a payout paid) or a failure reason (required to
/// fail one): one line of 1 to [`MAX_NOTE_CHARS`] characters.
pub fn parse_note(field: &'static str, raw: Option<&str>) -> Result<String, ValidationError> {
    let note = raw.unwrap_or("").trim();
    if note.is_empty() || note.chars().count() > MAX_NOTE_CHARS {
        return Err(err(field, format!("{field} is required: 1 to {MAX_NOTE_CHARS} characters")));
    }
    if note.chars().any(char::is_control) {
        return Err(err(field, format!("{field} must not contain control characters")));
    }
    Ok(note.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn input(value: serde_json::Value) -> PayoutInput {
        serde_json::from_value(value).unwrap()
    }

    #[test]
    fn settings_apply_and_refuse_with_the_field_named() {
        let mut settings = PayoutSettings::default();
        settings.apply(&input(json!({"minimum": "25.5", "currency": "eur"}))).unwrap();
        assert_eq!((settings.minimum_cents, settings.currency.as_str()), (2550, "EUR"));
        for (bad, field) in [
            (json!({"method": "carrier pigeon"}), "payouts.method"),
            (json!({"method": 1}), "payouts.method"),
            (json!({"minimum": "-1"}), "payouts.minimum"),
            (json!({"minimum": 5}), "payouts.minimum"),
            (json!({"currency": "EURO"}), "payouts.currency"),
        ] {
            let refused = settings.clone().apply(&input(bad.clone())).unwrap_err();
            assert_eq!(refused.field, field, "{bad}");
        }
    }

    #[test]
    fn details_are_an_account_email_or_bounded_text() {
        let parse = |method: &str, value: &str| {
            PayoutDetails::parse(&PayoutDetailsInput { method: Some(method.into()), value: Some(value.into()) })
        };
        assert_eq!(parse("paypal", " Ada@Example.com ").unwrap().value, "Ada@Example.com");
        assert_eq!(parse("other", "IBAN DE00 1234").unwrap().method, DetailsMethod::Other);
        assert_eq!(parse("wise", "not an email").unwrap_err().field, "value");
        assert_eq!(parse("venmo", "x@example.com").unwrap_err().field, "method");
        assert_eq!(parse("other", &"x".repeat(501)).unwrap_err().field, "value");
        assert_eq!(parse("other", "").unwrap_err().field, "value");
        let details = parse("paypal", "ada@example.com").unwrap();
        assert_eq!(details.account_for(DetailsMethod::Paypal), Some("ada@example.com"));
        assert_eq!(details.account_for(DetailsMethod::Wise), None);
    }

    #[test]
    fn notes_are_one_bounded_line() {
        assert_eq!(parse_note("reference", Some(" PP-1 ")).unwrap(), "PP-1");
        for bad in [None, Some(""), Some("a\nb"), Some(&*"x".repeat(201))] {
            assert_eq!(parse_note("reference", bad).unwrap_err().field, "reference", "{bad:?}");
        }
    }

    #[test]
    fn a_move_repeats_only_with_the_same_words() {
        let mut payout = Payout {
            id: 1,
            brand_id: 1,
            member_id: 1,
            campaign_id: 1,
            participant_id: 1,
            amount_cents: 100,
            deducted_cents: 0,
            currency: "USD".into(),
            method: PayoutMethod::Manual,
            status: PayoutStatus::Paid,
            reward_ids: vec![1],
            reference: Some("PP-1".into()),
            failure_reason: None,
            created_at: String::new(),
            paid_at: None,
            failed_at: None,
        };
        assert!(PayoutMove::Paid { reference: "PP-1".into() }.repeats(&payout));
        assert!(!PayoutMove::Paid { reference: "PP-2".into() }.repeats(&payout));
        assert!(!PayoutMove::Failed { reason: "x".into() }.repeats(&payout));
        payout.status = PayoutStatus::Requested;
        assert!(!PayoutMove::Paid { reference: "PP-1".into() }.repeats(&payout));
    }
}
