//! The JSON shapes of payouts: one payout, a page of them, and what a request for payouts
//! made.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::money;
use crate::domain::pagination::Page;
use crate::domain::payout;

/// A payout of a participant's approved cash rewards.
#[derive(Debug, Serialize, ToSchema)]
pub struct Payout {
    pub id: u64,
    pub campaign_id: u64,
    pub participant_id: u64,
    /// What is paid ("35.00"): its rewards' values less `deducted`.
    pub amount: String,
    /// Taken off for what the participant owed: cash paid to them before whose conversion
    /// was refunded since ("0.00" when nothing).
    pub deducted: String,
    /// ISO 4217.
    pub currency: String,
    /// `manual` or `webhook` (the campaign's method when it was made).
    pub method: &'static str,
    /// `requested`, `paid` or `failed`.
    pub status: &'static str,
    /// The rewards it pays. A reward is in one payout at most that has not failed.
    pub reward_ids: Vec<u64>,
    /// The payment's reference, once paid.
    pub reference: Option<String>,
    pub created_at: String,
    pub paid_at: Option<String>,
    pub failed_at: Option<String>,
    /// Why it was not paid, once failed (its rewards are free for a later payout).
    pub failure_reason: Option<String>,
}

pub fn payout(p: &payout::Payout) -> Payout {
    Payout {
        id: p.id,
        campaign_id: p.campaign_id,
        participant_id: p.participant_id,
        amount: money::amount(p.amount_cents),
        deducted: money::amount(p.deducted_cents),
        currency: p.currency.clone(),
        method: p.method.name(),
        status: p.status.name(),
        reward_ids: p.reward_ids.clone(),
        reference: p.reference.clone(),
        created_at: p.created_at.clone(),
        paid_at: p.paid_at.clone(),
        failed_at: p.failed_at.clone(),
        failure_reason: p.failure_reason.clone(),
    }
}

/// Where a participant asked to be paid.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutDetails {
    /// `paypal`, `wise` or `other`.
    pub method: &'static str,
    /// The account's email, or the text.
    pub value: String,
}

pub fn payout_details(d: &payout::PayoutDetails) -> PayoutDetails {
    PayoutDetails { method: d.method.name(), value: d.value.clone() }
}

/// A participant's payout details (null: none given).
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutDetailsAnswer {
    pub payout_details: Option<PayoutDetails>,
}

/// Where a participant stands: what is due to them, what they owe, and how the debt came.
#[derive(Debug, Serialize, ToSchema)]
pub struct ParticipantBalance {
    /// ISO 4217, the campaign's.
    pub currency: String,
    /// Their approved cash rewards that no payout holds.
    pub unpaid: String,
    /// What they owe: cash paid to them whose conversions were refunded since, taken off
    /// their next payouts.
    pub owed: String,
    /// How `owed` came to be, oldest first: `amount` positive when owed more, negative when
    /// taken off a payout.
    pub adjustments: Vec<Adjustment>,
}

/// One change of what a participant owes.
#[derive(Debug, Serialize, ToSchema)]
pub struct Adjustment {
    pub at: String,
    /// Signed: "-5.00" taken off a payout, "5.00" owed more.
    pub amount: String,
    pub note: String,
}

pub fn participant_balance(currency: &str, unpaid_cents: u64, owed: &payout::Owed) -> ParticipantBalance {
    let signed = |cents: i64| {
        let amount = money::amount(cents.unsigned_abs());
        if cents < 0 {
            format!("-{amount}")
        } else {
            amount
        }
    };
    ParticipantBalance {
        currency: currency.to_owned(),
        unpaid: money::amount(unpaid_cents),
        owed: money::amount(owed.cents),
        adjustments: owed
            .entries
            .iter()
            .map(|e| Adjustment { at: e.at.clone(), amount: signed(e.cents), note: e.note.clone() })
            .collect(),
    }
}

/// The payouts a request made (none: no balance reached the minimum).
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutsMade {
    pub payouts: Vec<Payout>,
}

/// A page of payouts, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutList {
    pub payouts: Vec<Payout>,
    pub pagination: Page,
}
