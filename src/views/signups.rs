//! The answers of `POST /signups` and `POST /signups/referral`.

use serde::Serialize;
use utoipa::ToSchema;

use super::{participant, reward, Participant, Reward};
use crate::domain;

/// The answer of `POST /signups`.
#[derive(Debug, Serialize, ToSchema)]
pub struct SignupAnswer {
    pub participant: Participant,
}

/// The referrer after a referral signup.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReferrerCount {
    pub id: u64,
    /// Their referrals, this one included.
    pub referrals: u64,
}

/// The answer of `POST /signups/referral`.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReferralSignupAnswer {
    pub participant: Participant,
    /// The new participant's own reward (two-way rewards).
    pub reward: Option<Reward>,
    /// What this signup earned the referrer.
    pub referrer_reward: Option<Reward>,
    /// The referrer after the signup; absent when the participant already had an inviter.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub referrer: Option<ReferrerCount>,
    /// Set (with a 200) when the participant already had an inviter: nothing changed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<&'static str>,
}

/// The answer of a referral signup that created a participant.
pub fn referral_signup(signed: &domain::engine::Signed, site: &str) -> ReferralSignupAnswer {
    ReferralSignupAnswer {
        participant: participant(&signed.participant, site),
        reward: signed.reward.as_ref().map(reward),
        referrer_reward: signed.referrer_reward.as_ref().map(reward),
        referrer: signed.referrer.as_ref().map(|r| ReferrerCount { id: r.id, referrals: r.referrals }),
        message: None,
    }
}
