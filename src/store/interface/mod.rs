//! The storage traits callers use, one per concern. Each method's documentation is its
//! contract, which the conformance suite (`tests/conformance/`) checks on every backend; a
//! file holds a group of concerns (accounts, the programme, money, what goes out, a brand's
//! decisions, the store's lifecycle). What only the store's own machinery asks of a backend
//! is in `backend.rs`.
//!
//! Writes that decide something (a signup, a visit, a coupon upload, invitations, counts)
//! are not here as operations: they are decisions of the brand's actor, gathered in a batch
//! (`batch.rs`), which the engine decides against a [`BrandSession`] and the batch commits.
//! What is here are the plain records (members, plans, brands, campaigns, webhooks) and the reads of
//! everything.
//!
//! Every write here is durable when it returns, a [`BrandSession`]'s commit too, and a
//! batch's decisions are answered once it is: nobody above the store waits for the disk (on
//! the embedded store, concurrent writes share a flush, the group commit).

mod accounts;
mod decisions;
mod lifecycle;
mod money;
mod outboxes;
mod programme;

pub use accounts::{MemberStore, PlanStore, SessionStore};
pub use decisions::{BrandSession, DecisionStore, StandingStore, WaitlistStore};
pub use lifecycle::{BackupStore, Lifecycle};
pub use money::{ConversionStore, PayoutStore, PromoCodeReads, RateStore, RewardStore};
pub use outboxes::{EmailStore, IdempotencyStore, WebhookStore};
pub use programme::{BrandStore, CampaignStore, CouponStore, ParticipantStore};
