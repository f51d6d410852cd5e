//! The backends' side of the store: what the store's own machinery asks of a backend (the
//! [`Backend`] trait, whose methods nothing outside `src/store` can call), and a brand's
//! batch as a backend keeps it ([`Staging`], behind `batch.rs`'s [`Batch`](super::Batch)).

use async_trait::async_trait;

use super::types::{IdempotencyRecord, IdempotencyWrite};
use super::{BrandSession, DecisionStore, StoreError};
use crate::domain::engine::{ReadAhead, Write};

/// What each backend provides to the store's own machinery: a batch of a brand's decisions,
/// and where their work runs. Nothing outside `src/store` can call these: each takes an
/// [`Inside`], which only this module makes. (A trait private to the store would not do: any
/// supertrait's methods can be called on a `dyn Storage`.)
#[async_trait]
pub trait Backend: DecisionStore {
    /// Opens a batch of the brand's decisions (see [`Staging`]).
    async fn begin(&self, _: Inside, brand_id: u64) -> Result<Box<dyn Staging>, StoreError>;
    /// The runtime a brand's decision work runs on, when it may not run on the caller's (a
    /// session whose reads wait for a database over the network); `None` to run it where
    /// it is.
    fn runtime(&self, _: Inside) -> Option<tokio::runtime::Handle> {
        None
    }
    /// What signups' requests were last told (see `signup_cache.rs`).
    fn signup_cache(&self, _: Inside) -> &super::signup_cache::SignupCache;
}

/// The key to [`Backend`]'s methods: a value only the store makes, so only the store calls
/// them.
#[derive(Clone, Copy)]
pub struct Inside(());

/// The one [`Inside`], for the store's own modules.
pub(super) const INSIDE: Inside = Inside(());

/// One brand's batch of decisions as a backend keeps it: it holds the brand from the first
/// session to the commit, lets each decision read what the ones before it staged, and
/// commits them together.
#[async_trait]
pub trait Staging: Send {
    /// The session the next decision reads through, with the reads named `ahead` fetched.
    async fn session(&mut self, ahead: &[ReadAhead]) -> Result<&(dyn BrandSession + '_), StoreError>;
    /// Stages the writes of the decision that read through the last session, with its
    /// idempotency record when `claim` names one: `Some(record)` when a record under the key
    /// exists (then nothing of the decision is staged).
    async fn stage(
        &mut self,
        writes: &[Write],
        claim: Option<(&IdempotencyWrite, &IdempotencyRecord)>,
    ) -> Result<Option<IdempotencyRecord>, StoreError>;
    /// Commits what was staged; resolves once it is durable (and what the decisions read
    /// is, too: a batch that wrote nothing still waits for that).
    async fn commit(self: Box<Self>) -> Result<(), StoreError>;
}
