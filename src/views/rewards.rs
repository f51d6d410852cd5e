//! The JSON shapes of rewards (with their history) and conversions.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain;

/// A reward.
#[derive(Debug, Serialize, ToSchema)]
pub struct Reward {
    pub id: u64,
    /// `coupon`, `message`, `token` or `cash`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// The coupon code, amount or message; a coupon's is null until it is issued.
    pub value: Option<String>,
    /// `held`, `pending`, `issued`, `fulfilled` or `voided`.
    pub status: &'static str,
    /// `referrer` or `invited`.
    pub reason: &'static str,
    pub participant_id: u64,
    pub campaign_id: u64,
    pub created_at: String,
    pub issued_at: Option<String>,
    /// While held: why (`hold_period`, …).
    pub hold_reasons: Vec<&'static str>,
    /// While held for a hold period: when it ends and the reward is issued by itself.
    pub hold_until: Option<String>,
    /// Once voided: why.
    pub void_reason: Option<String>,
}

pub fn reward(r: &domain::Reward) -> Reward {
    Reward {
        id: r.id,
        kind: r.kind.name(),
        value: r.value.clone(),
        status: r.status.name(),
        reason: r.reason.name(),
        participant_id: r.participant_id,
        campaign_id: r.campaign_id,
        created_at: r.created_at.clone(),
        issued_at: r.issued_at.clone(),
        hold_reasons: r.holds.iter().map(|h| h.name()).collect(),
        hold_until: r.release_at_ms.and_then(rfc3339_ms),
        void_reason: r.void_reason.clone(),
    }
}

/// Unix milliseconds as the API writes times.
fn rfc3339_ms(ms: i64) -> Option<String> {
    chrono::DateTime::from_timestamp_millis(ms).map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
}

/// One state a reward entered.
#[derive(Debug, Serialize, ToSchema)]
pub struct RewardChange {
    /// The state entered.
    pub status: &'static str,
    pub at: String,
    /// Why: `earned`, `approved`, `hold period ended`, `coupon uploaded`, `fulfilled`, or the
    /// void reason.
    pub note: String,
}

/// A reward with its history: every state it entered, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct RewardDetail {
    #[serde(flatten)]
    pub reward: Reward,
    pub history: Vec<RewardChange>,
}

pub fn reward_detail(r: &domain::Reward) -> RewardDetail {
    RewardDetail {
        reward: reward(r),
        history: r
            .history
            .iter()
            .map(|c| RewardChange { status: c.status.name(), at: c.at.clone(), note: c.note.clone() })
            .collect(),
    }
}

/// A conversion.
#[derive(Debug, Serialize, ToSchema)]
pub struct Conversion {
    pub id: u64,
    pub campaign_id: u64,
    pub participant_id: u64,
    /// Your order or invoice id.
    pub external_id: String,
    pub amount: Option<String>,
    pub currency: Option<String>,
    /// `recorded` or `refunded`.
    pub status: &'static str,
    pub created_at: String,
    pub refunded_at: Option<String>,
    /// The ids of the rewards it produced.
    pub reward_ids: Vec<u64>,
    /// Stripe's ids of the payment (payment intent, invoice) when Stripe reported it.
    pub payment_references: Vec<String>,
}

pub fn conversion(c: &domain::conversion::Conversion) -> Conversion {
    Conversion {
        id: c.id,
        campaign_id: c.campaign_id,
        participant_id: c.participant_id,
        external_id: c.external_id.clone(),
        amount: c.amount.clone(),
        currency: c.currency.clone(),
        status: c.status.name(),
        created_at: c.created_at.clone(),
        refunded_at: c.refunded_at.clone(),
        reward_ids: c.rewards.iter().map(|&(_, id)| id).collect(),
        payment_references: c.payment_references.clone(),
    }
}

/// A conversion and the rewards it produced.
#[derive(Serialize, ToSchema)]
pub struct ConversionAnswer {
    pub conversion: Conversion,
    pub rewards: Vec<Reward>,
    /// On a campaign that pays commissions: the invoice's commission (null otherwise).
    pub commission: Option<super::InvoiceCommission>,
    /// What the sale's promo code did; only on the answer that recorded it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub promo_code: Option<PromoCodeUse>,
    /// Whether the sale signed its customer up (an email never seen, with a promo code).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub participant_created: bool,
}

/// What a sale's promo code did.
#[derive(Serialize, ToSchema)]
pub struct PromoCodeUse {
    /// The code as its owner has it.
    pub code: String,
    /// `credited` (to the code's owner), `already_bound` (the customer was a participant
    /// already and keeps their referrer, or none), `self_referral` (the owner's own purchase:
    /// counted as a use, credited to nobody) or `promo_code_disabled` (the code is disabled,
    /// or its owner blocked or erased: credited to nobody).
    pub outcome: &'static str,
}

/// A page of conversions.
#[derive(Serialize, ToSchema)]
pub struct ConversionList {
    pub conversions: Vec<Conversion>,
    pub pagination: crate::domain::pagination::Page,
}

/// What a refund did.
#[derive(Serialize, ToSchema)]
pub struct RefundAnswer {
    pub conversion: Conversion,
    /// The rewards it voided.
    pub voided: Vec<Reward>,
    /// The rewards it could not void: fulfilled (paid out) already, or in a payout that has not failed.
    pub fulfilled: Vec<Reward>,
    /// The invoice's commission after the refund, on a campaign that pays commissions.
    pub commission: Option<super::InvoiceCommission>,
}
