//! The one way a brand's data changes: the brand's decisions gathered in a [`Batch`], whose
//! writes commit together and whose outcomes come back only once what they wrote is durable.
//!
//! Each brand's actor is the only one that decides for its brand (`actors/brand`): it opens a
//! batch, and for each decision reads the brand through the batch's session ([`Batch::session`],
//! which sees the writes staged before it), decides, and stages the verdict
//! ([`Batch::stage`]). It commits the batch when its mailbox runs dry or the batch is full
//! ([`Batch::commit`]), and goes on deciding while that commit is in flight: a busy brand's
//! decisions share one commit. Every staged decision's [`Committed`] resolves once the batch
//! is durable, or with the error that kept it from being so.
//!
//! How a batch holds the brand and commits is the backend's business (`backend.rs`): on the
//! embedded store each decision is applied as it is staged and the batch's commit is the
//! group commit's next flush; on PostgreSQL a batch is one transaction holding the brand's
//! advisory lock, which is what serialises a brand across servers. Nothing above the store
//! waits for the disk or names a transaction.

use std::future::Future;

use tokio::sync::oneshot;

use super::backend::{Staging, INSIDE};
use super::{BrandSession, IdempotencyRecord, IdempotencyWrite, SharedStorage, SignupLearned, StoreError};
use crate::domain::engine::{ReadAhead, Write};

/// The most decisions of one brand in a batch: enough that a busy brand pays one commit for
/// many, few enough that the first of them does not wait long for its answer.
pub const MOST_DECISIONS: usize = 32;

/// What a decision decided: the writes to commit (in order; a later write of the same row
/// wins), the idempotency record to claim with them, the outcome to answer once they are
/// durable, and what a signup learned for this server's next ones.
pub struct Verdict<O> {
    pub writes: Vec<Write>,
    pub claim: Option<Claim<O>>,
    pub outcome: O,
    pub learned: Option<SignupLearned>,
}

impl<O> Verdict<O> {
    /// A decision that writes nothing (a refusal, a replay): answered once what it read is
    /// durable, so it never reports a write that could still be lost.
    pub fn nothing(outcome: O) -> Self {
        Self { writes: Vec::new(), claim: None, outcome, learned: None }
    }

    /// Writes to commit, and the outcome they make.
    pub fn write(writes: Vec<Write>, outcome: O) -> Self {
        Self { writes, claim: None, outcome, learned: None }
    }

    /// The writes are committed with an idempotency record, or not at all (see [`Claim`]).
    pub fn claiming(mut self, claim: Claim<O>) -> Self {
        self.claim = Some(claim);
        self
    }

    /// What a signup's decision found, kept for this server's next signups as the decision
    /// is staged.
    pub fn learning(mut self, learned: SignupLearned) -> Self {
        self.learned = Some(learned);
        self
    }
}

/// An idempotency record committed with a decision's writes, unless a record under the same
/// key exists (written since the decision looked, by another brand of the member or another
/// server): then nothing is written, and the outcome is `instead`'s, made from that record.
pub struct Claim<O> {
    pub key: IdempotencyWrite,
    pub record: IdempotencyRecord,
    pub instead: Box<dyn FnOnce(IdempotencyRecord) -> O + Send>,
}

/// One brand's decisions between two commits. It holds the brand from its first session to
/// its commit: no other decision of the brand, on any server, reads or writes between.
/// Dropped without a commit, it writes nothing more (what the embedded store applied stays,
/// made durable by the next flush) and its decisions are answered [`StoreError::Closed`].
pub struct Batch {
    store: SharedStorage,
    staging: Box<dyn Staging>,
    /// Where each staged decision learns how the commit went.
    waiting: Vec<oneshot::Sender<Result<(), StoreError>>>,
}

impl Batch {
    /// Opens a batch of the brand's decisions. Cheap: the brand is taken with the first
    /// decision's reads.
    pub async fn open(store: &SharedStorage, brand_id: u64) -> Result<Self, StoreError> {
        Ok(Self { store: store.clone(), staging: store.begin(INSIDE, brand_id).await?, waiting: Vec::new() })
    }

    /// The session the next decision reads through: the brand's committed data and what the
    /// decisions staged before it wrote. `ahead` names reads it will make, fetched together
    /// (on a database over the network, in one round trip, the first one taking the brand's
    /// lock).
    pub async fn session(&mut self, ahead: &[ReadAhead]) -> Result<&(dyn BrandSession + '_), StoreError> {
        self.staging.session(ahead).await
    }

    /// Stages what the decision read through the last [`Batch::session`] decided. Its outcome
    /// is answered by the returned [`Committed`] once the batch is durable: `instead`'s, when
    /// its claim found a record. An error when the decision cannot be staged; then, on a
    /// backend whose batch is one transaction, the whole batch fails at its commit.
    pub async fn stage<O>(&mut self, verdict: Verdict<O>) -> Result<Committed<O>, StoreError> {
        let claim = verdict.claim.as_ref().map(|claim| (&claim.key, &claim.record));
        let found = self.staging.stage(&verdict.writes, claim).await?;
        if let Some(learned) = verdict.learned {
            learned.keep(&self.store);
        }
        let outcome = match (found, verdict.claim) {
            (Some(existing), Some(claim)) => (claim.instead)(existing),
            _ => verdict.outcome,
        };
        let (sender, durable) = oneshot::channel();
        self.waiting.push(sender);
        Ok(Committed { outcome, durable })
    }

    /// How many decisions are staged.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    /// Whether no decision is staged.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }

    /// Commits what was staged and waits until it is durable, then answers every staged
    /// decision with how that went.
    pub fn commit(self) -> impl Future<Output = Result<(), StoreError>> + Send + 'static {
        let Batch { staging, waiting, .. } = self;
        async move {
            let committed = staging.commit().await;
            for decision in waiting {
                // A caller that stopped waiting (its request cancelled) needs no answer.
                let _ = decision.send(committed.clone());
            }
            committed
        }
    }
}

/// A staged decision's outcome, answered once its batch is durable.
#[must_use = "the outcome is known only once the batch is committed"]
pub struct Committed<O> {
    outcome: O,
    durable: oneshot::Receiver<Result<(), StoreError>>,
}

impl<O> Committed<O> {
    /// The outcome, once the batch's writes are durable; the error that kept them from being
    /// so ([`StoreError::Closed`] when the batch was dropped uncommitted).
    pub async fn outcome(self) -> Result<O, StoreError> {
        self.durable.await.map_err(|_| StoreError::Closed)??;
        Ok(self.outcome)
    }
}

/// Runs a brand's decision work where the store's reads may wait: on a database over the
/// network, on the store's own runtime with its connections (a session's reads wait for their
/// rows synchronously, which must not hold up an actor's arbiter); on the embedded store,
/// right here. The work is the caller's; the store only lends it a thread.
pub async fn run_decision<T: Send + 'static>(
    store: &SharedStorage,
    work: impl Future<Output = T> + Send + 'static,
) -> Result<T, StoreError> {
    match store.runtime(INSIDE) {
        None => Ok(work.await),
        Some(runtime) => runtime.spawn(work).await.map_err(|_| StoreError::Closed),
    }
}

/// Starts `work` (a batch's commit) on the store's runtime, or on the caller's when the
/// store has none, and lets it finish by itself.
pub fn spawn_commit(store: &SharedStorage, work: impl Future<Output = ()> + Send + 'static) {
    match store.runtime(INSIDE) {
        None => drop(tokio::spawn(work)),
        Some(runtime) => drop(runtime.spawn(work)),
    }
}

#[cfg(test)]
mod tests {
    use futures_util::FutureExt;

    use super::{Batch, Claim, Verdict};
    use crate::store::{IdempotencyRecord, IdempotencyWrite, IdempotentOutcome, SharedStorage, StoreOptions};

    fn store() -> (tempfile::TempDir, SharedStorage) {
        let dir = tempfile::tempdir().unwrap();
        let store = crate::store::open_embedded(dir.path(), &StoreOptions::default()).unwrap();
        (dir, store)
    }

    /// A claim of `key`, answering which outcome it got.
    fn claim(key: &[u8], hash: u8) -> Claim<&'static str> {
        let record = IdempotencyRecord {
            request_hash: [hash; 32],
            created_at: "2026-12-06T00:00:00Z".into(),
            outcome: IdempotentOutcome::Rendered { status: 201, body: "{}".into() },
        };
        let key = IdempotencyWrite { key: key.to_vec(), request_hash: [hash; 32] };
        Claim { key, record, instead: Box::new(|_| "found") }
    }

    #[tokio::test]
    async fn outcomes_wait_for_the_commit_and_a_claim_sees_the_batchs_own_records() {
        let (_dir, store) = store();
        let mut batch = Batch::open(&store, 1).await.unwrap();
        let mut staged = Vec::new();
        for hash in [1, 2] {
            batch.session(&[]).await.unwrap();
            let verdict = Verdict::write(Vec::new(), "claimed").claiming(claim(b"key", hash));
            staged.push(batch.stage(verdict).await.unwrap());
        }
        batch.session(&[]).await.unwrap();
        staged.push(batch.stage(Verdict::nothing("refused")).await.unwrap());
        assert_eq!(batch.len(), 3);
        let mut outcomes: Vec<_> = staged.into_iter().map(|staged| staged.outcome().boxed()).collect();
        assert!(outcomes[0].as_mut().now_or_never().is_none(), "not answered before the commit");
        batch.commit().await.unwrap();
        let mut answers = Vec::new();
        for outcome in outcomes {
            answers.push(outcome.await.unwrap());
        }
        assert_eq!(answers, ["claimed", "found", "refused"], "the second claim found the first's record");
    }
}
