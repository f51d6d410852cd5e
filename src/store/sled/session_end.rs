//! How a decision on the embedded store ends ([`DecisionStore`], [`Backend`]): a session's
//! writes applied through the journal, with an idempotency record when the decision claims
//! one, and durable at the group commit's next flush; and a brand's batch ([`SledBatch`]),
//! which applies each decision as it is staged and whose commit is that flush.

use async_trait::async_trait;

use super::decisions::SledSession;
use super::keys;
use super::overlay::TreeId;
use super::{SledStore, StoreError};
use crate::domain::engine::{ReadAhead, Write};
use crate::domain::ids::IdKind;
use crate::domain::webhook::WebhookRoute;
use crate::domain::{Member, Plan};
use crate::store::backend::{Backend, Inside, Staging};
use crate::store::{BrandSession, DecisionStore, IdempotencyRecord, IdempotencyWrite};

#[async_trait]
impl DecisionStore for SledStore {
    async fn next_id(&self, kind: IdKind) -> Result<u64, StoreError> {
        self.allocate(kind)
    }

    async fn session(&self, brand_id: u64) -> Result<Box<dyn BrandSession + '_>, StoreError> {
        Ok(Box::new(SledSession { store: self.clone(), brand_id, taken: Default::default() }))
    }
}

#[async_trait]
impl BrandSession for SledSession {
    async fn take_ids(&self, kinds: &[IdKind]) -> Result<Vec<u64>, StoreError> {
        Ok(kinds.iter().map(|&kind| self.store.take_id(kind, &self.taken)).collect())
    }

    async fn webhook_routes(&self, member_id: u64) -> Result<std::sync::Arc<Vec<WebhookRoute>>, StoreError> {
        crate::store::WebhookStore::webhook_routes(&self.store, member_id).await
    }

    async fn key_holder(&self, digest: &[u8; 32]) -> Result<Option<Member>, StoreError> {
        crate::store::MemberStore::member_by_key_digest(&self.store, digest).await
    }

    async fn plan(&self, plan_id: u64) -> Result<Option<Plan>, StoreError> {
        crate::store::PlanStore::plan(&self.store, plan_id).await
    }

    async fn idempotency_record(&self, key: &[u8]) -> Result<Option<IdempotencyRecord>, StoreError> {
        crate::store::IdempotencyStore::idempotency_record(&self.store, key).await
    }

    /// Atomic across a crash (the writes go through the journal), and durable when it returns.
    async fn commit(self: Box<Self>, writes: &[Write]) -> Result<(), StoreError> {
        self.apply(writes)?;
        self.store.commit.durable().await
    }

    /// See [`SledSession::apply_idempotent`]; durable when it returns.
    async fn commit_idempotent(
        self: Box<Self>,
        writes: &[Write],
        idempotency: &IdempotencyWrite,
        record: &IdempotencyRecord,
    ) -> Result<Result<(), IdempotencyRecord>, StoreError> {
        let applied = self.apply_idempotent(writes, idempotency, record)?;
        self.store.commit.durable().await?;
        Ok(applied)
    }
}

impl SledSession {
    /// Applies the writes, atomic across a crash (they go through the journal); durable at
    /// the group commit's next flush.
    fn apply(&self, writes: &[Write]) -> Result<(), StoreError> {
        let started = std::time::Instant::now();
        let committed = self.stage(writes).and_then(|staged| staged.commit_journaled());
        self.store.codes_committed(writes, committed.is_ok());
        committed?;
        crate::metrics::commit(started.elapsed());
        Ok(())
    }

    /// Applies the writes and the idempotency record together, unless a record under the
    /// key exists: then nothing is written and that record comes back. The record is checked
    /// inside the transaction: another brand of the same member may have used the key since
    /// the caller looked.
    fn apply_idempotent(
        &self,
        writes: &[Write],
        idempotency: &IdempotencyWrite,
        record: &IdempotencyRecord,
    ) -> Result<Result<(), IdempotencyRecord>, StoreError> {
        let started = std::time::Instant::now();
        let encoded = super::participants::encode_idempotency_record(record)?;
        let mut staged = self.stage(writes)?;
        for participant_id in record.participant_ids() {
            let mention = keys::mention(participant_id, keys::mention::IDEMPOTENCY, &idempotency.key);
            staged.insert(TreeId::Indexes, mention, Vec::new());
        }
        let committed = staged.commit(|tree| match tree.get(&idempotency.key)? {
            Some(existing) => Ok(Err(existing.to_vec())),
            None => {
                tree.insert(idempotency.key.as_slice(), encoded.as_slice())?;
                Ok(Ok(()))
            }
        });
        // A transaction that failed wrote nothing; one refused by the record wrote nothing.
        if let Ok(Ok(())) = committed {
            self.store.codes_committed(writes, true);
        }
        let committed = committed?;
        crate::metrics::commit(started.elapsed());
        match committed {
            Ok(()) => Ok(Ok(())),
            Err(existing) => Ok(Err(super::participants::decode_idempotency_record(&existing)?)),
        }
    }
}

/// A brand's batch on the embedded store: one session, kept from decision to decision, each
/// decision applied as it is staged (so the next reads it), the batch's commit the group
/// commit's next flush, shared with every other brand's.
pub(super) struct SledBatch(SledSession);

#[async_trait]
impl Staging for SledBatch {
    async fn session(&mut self, _ahead: &[ReadAhead]) -> Result<&(dyn BrandSession + '_), StoreError> {
        Ok(&self.0)
    }

    async fn stage(
        &mut self,
        writes: &[Write],
        claim: Option<(&IdempotencyWrite, &IdempotencyRecord)>,
    ) -> Result<Option<IdempotencyRecord>, StoreError> {
        match claim {
            None => self.0.apply(writes).map(|()| None),
            Some((key, record)) => Ok(self.0.apply_idempotent(writes, key, record)?.err()),
        }
    }

    async fn commit(self: Box<Self>) -> Result<(), StoreError> {
        self.0.store.commit.durable().await
    }
}

#[async_trait]
impl Backend for SledStore {
    async fn begin(&self, _: Inside, brand_id: u64) -> Result<Box<dyn Staging>, StoreError> {
        Ok(Box::new(SledBatch(SledSession { store: self.clone(), brand_id, taken: Default::default() })))
    }

    fn signup_cache(&self, _: Inside) -> &crate::store::signup_cache::SignupCache {
        &self.signup_cache
    }
}
