//! Why a brand operation was refused: [`BrandError`], mapped to HTTP once, in `http::error`.

use crate::domain::plan::LimitReached;
use crate::domain::ValidationError;
use crate::store::StoreError;

/// Why a brand operation was refused. Mapped to HTTP once, in `http::error`.
#[derive(Debug, thiserror::Error)]
pub enum BrandError {
    /// Missing, or owned by another member (never revealed).
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error(transparent)]
    Invalid(#[from] ValidationError),
    /// The member's plan (or the brand's token link) does not allow this.
    #[error("{0}")]
    PlanRequired(&'static str),
    /// The referral code names nothing usable in this member's campaigns.
    #[error("referral_code is not a valid referral code")]
    InvalidReferral,
    #[error("a participant cannot refer themselves")]
    SelfReferral,
    #[error("this campaign does not take addresses of disposable-mail services; use a permanent address")]
    DisposableEmail,
    #[error("this email is already a participant of the campaign")]
    EmailTaken,
    #[error("this domain already belongs to a participant of the campaign")]
    DomainTaken,
    /// A promo code that is, or was, someone's in the brand.
    #[error("{0}")]
    PromoCodeTaken(&'static str),
    /// The API key a signup came with no longer names its member (replaced since, or the
    /// member disabled): checked inside the decision, because the request's server may have
    /// known the key from before (see `store::signup_key_holder`).
    #[error("the API key no longer names its member")]
    KeyRevoked,
    #[error("this Idempotency-Key was already used with a different request")]
    IdempotencyConflict,
    /// The participant was erased: they can do nothing more.
    #[error("participant {0} was erased; an erased participant sends no invitations and converts no more")]
    Erased(u64),
    /// The reward's state does not allow the action.
    #[error("cannot {} a reward that is {}: {} applies to {} rewards", .action.name(), .status.name(), .action.name(), .action.allowed_states())]
    RewardState { action: crate::domain::reward::RewardAction, status: crate::domain::RewardStatus },
    /// A payout that has not failed holds the reward.
    #[error("reward {reward_id} is in payout {payout_id}: mark the payout paid or failed instead")]
    RewardInPayout { reward_id: u64, payout_id: u64 },
    /// A commission held for want of an exchange rate has no amount to approve yet.
    #[error("reward {reward_id} has no amount yet: give an exchange rate for its invoice's currency and date (PUT /exchange-rates), and it is computed")]
    RewardWithoutRate { reward_id: u64 },
    /// The payout's state does not allow the move.
    #[error("cannot {action} a payout that is {}: only a requested payout moves", .status.name())]
    PayoutState { action: &'static str, status: crate::domain::payout::PayoutStatus },
    /// The member's plan allows no more of something.
    #[error(transparent)]
    LimitReached(LimitReached),
    /// The campaign keeps no waitlist to admit from.
    #[error("this campaign has no waitlist; turn it on with waitlist.enabled first")]
    WaitlistOff,
    #[error(transparent)]
    Store(#[from] StoreError),
}
