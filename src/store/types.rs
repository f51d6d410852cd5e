//! Values that cross the storage interface in both directions and belong to no single
//! backend: conflicts a write reports, idempotency records, finished webhook attempts.

use serde::{Deserialize, Serialize};

use crate::domain::engine::Signed;
use crate::domain::webhook::{Attempt, PendingDelivery};

/// The email is already registered (compared case-insensitively).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmailTaken;

/// The member already has a brand on this domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DomainTaken {
    pub brand_id: u64,
}

/// The account already has as many brands or campaigns as the limit it was created under.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AtLimit;

/// Why a brand was not created.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrandRefused {
    DomainTaken(DomainTaken),
    AtLimit,
}

/// A stored answer for an `Idempotency-Key`: the outcome of the first request, which http
/// renders again for a replay (the store keeps outcomes, never rendered answers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdempotencyRecord {
    pub request_hash: [u8; 32],
    pub created_at: String,
    pub outcome: IdempotentOutcome,
}

/// What the first request with a key did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum IdempotentOutcome {
    /// A signup that created a participant.
    Signed(Box<Signed>),
    /// An answer rendered by a release before outcomes were stored: sent again as it was.
    Rendered { status: u16, body: String },
}

/// What a request with an `Idempotency-Key` must record.
#[derive(Debug, Clone)]
pub struct IdempotencyWrite {
    /// member id ++ SHA-256 of the key.
    pub key: Vec<u8>,
    pub request_hash: [u8; 32],
}

/// A domain participant found through the global domain index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DomainReferrer {
    pub campaign_id: u64,
    pub participant_id: u64,
    pub brand_id: u64,
}

/// An attempt the dispatcher finished, with the delivery that follows it (a retry) or none.
#[derive(Debug, Clone)]
pub struct FinishedAttempt {
    pub webhook_id: u64,
    pub attempt: Attempt,
    pub next: Option<PendingDelivery>,
}

/// A reward whose hold period has ended, and where it lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DueHold {
    pub brand_id: u64,
    pub member_id: u64,
    pub participant_id: u64,
    pub reward_id: u64,
}
