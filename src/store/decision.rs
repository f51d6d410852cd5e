//! The one way a brand's data changes: a [`Decision`] handed to the store with [`decide`],
//! whose outcome comes back only once what it wrote is durable.
//!
//! The store runs each brand's decisions one after another, in the order they were handed
//! over (see `backend.rs`): it opens a session of the brand (the reads the decision names
//! ahead made with the brand's lock), lets the decision read and decide, commits its writes
//! (with its idempotency record, when it claims one), waits until they are durable, and only
//! then answers. How it gets there (a busy brand's decisions sharing a transaction, the group
//! commit of the embedded database) is the store's business: nothing above it waits for the
//! disk or names a transaction. A failed commit is the outcome's error; a failure never
//! reaches another brand's decisions.
//!
//! Work of a brand that is not an engine decision (a campaign's settings saved, a brand
//! deleted) is run in the brand's turn with [`in_turn`]: between its decisions, after what
//! they wrote is committed, and answered once durable too.

use std::future::Future;

use async_trait::async_trait;
use tokio::sync::oneshot;

use super::backend::{Decided, Handed, INSIDE};
use super::{BrandSession, IdempotencyRecord, IdempotencyWrite, SharedStorage, StoreError};
use crate::domain::engine::{ReadAhead, Write};

/// A decision on one brand's data. The store calls [`Decision::decide`] once, with a session
/// that holds the brand (no other decision of it runs, on any server, until this one's writes
/// are committed), and commits what the [`Verdict`] says.
#[async_trait]
pub trait Decision: Send + 'static {
    /// What the caller learns, once the writes are durable.
    type Outcome: Send + 'static;

    /// Reads the decision will make, fetched with the brand's lock in one round trip on a
    /// database over the network (see [`BrandReads::read_ahead`](crate::domain::engine::BrandReads::read_ahead)).
    fn reads_ahead(&self) -> Vec<ReadAhead> {
        Vec::new()
    }

    /// Reads the brand's committed data (and the writes of its decisions before this one)
    /// through `session`, and decides. A refusal is a verdict that writes nothing.
    async fn decide(&mut self, session: &(dyn BrandSession + '_)) -> Verdict<Self::Outcome>;
}

/// What a decision decided: the writes to commit (in order; a later write of the same row
/// wins), the idempotency record to claim with them, and the outcome to answer once they are
/// durable.
pub struct Verdict<O> {
    pub writes: Vec<Write>,
    pub claim: Option<Claim<O>>,
    pub outcome: O,
}

impl<O> Verdict<O> {
    /// A decision that writes nothing (a refusal, a replay): answered once what it read is
    /// durable, so it never reports a write that could still be lost.
    pub fn nothing(outcome: O) -> Self {
        Self { writes: Vec::new(), claim: None, outcome }
    }

    /// Writes to commit, and the outcome they make.
    pub fn write(writes: Vec<Write>, outcome: O) -> Self {
        Self { writes, claim: None, outcome }
    }

    /// The writes are committed with an idempotency record, or not at all (see [`Claim`]).
    pub fn claiming(mut self, claim: Claim<O>) -> Self {
        self.claim = Some(claim);
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

/// A [`Decision`] on its way, with where its outcome goes.
struct Handover<D: Decision> {
    decision: D,
    outcome: Option<D::Outcome>,
    instead: Option<Box<dyn FnOnce(IdempotencyRecord) -> D::Outcome + Send>>,
    answer: oneshot::Sender<Result<D::Outcome, StoreError>>,
}

#[async_trait]
impl<D: Decision> Handed for Handover<D> {
    fn reads_ahead(&self) -> Vec<ReadAhead> {
        self.decision.reads_ahead()
    }

    async fn decide(&mut self, session: &(dyn BrandSession + '_)) -> Decided {
        let verdict = self.decision.decide(session).await;
        self.outcome = Some(verdict.outcome);
        let claim = verdict.claim.map(|claim| {
            self.instead = Some(claim.instead);
            (claim.key, claim.record)
        });
        Decided { writes: verdict.writes, claim }
    }

    fn finish(self: Box<Self>, committed: Result<Option<IdempotencyRecord>, StoreError>) {
        let this = *self;
        let answer = match (committed, this.outcome, this.instead) {
            (Err(e), ..) => Err(e),
            (Ok(Some(existing)), _, Some(instead)) => Ok(instead(existing)),
            (Ok(None), Some(outcome), _) => Ok(outcome),
            _ => Err(StoreError::Database("a decision was answered that was not decided".into())),
        };
        // A caller that stopped waiting (its request cancelled) needs no answer.
        let _ = this.answer.send(answer);
    }
}

/// Hands `decision` on the brand `brand_id` to the store: decided after every decision and
/// turn of the brand handed over before it, committed, and answered once durable. Handing
/// over happens now, when this is called; the future only waits for the outcome. An error
/// when nothing of it was written (the database failed or went away, the server is
/// stopping).
pub fn decide<D: Decision>(
    store: &SharedStorage,
    brand_id: u64,
    decision: D,
) -> impl Future<Output = Result<D::Outcome, StoreError>> + 'static {
    let (answer, outcome) = oneshot::channel();
    let handed = Box::new(Handover { decision, outcome: None, instead: None, answer });
    store.writers(INSIDE).hand_over_decision(store, brand_id, handed);
    durable(store.clone(), outcome)
}

/// Runs `work` in the brand's turn: after every decision and turn of the brand handed over
/// before it (committed), and before any handed over after it; answered once what it wrote
/// is durable. For changes of the brand made through the store's other traits (a campaign
/// saved, a brand deleted), which must not interleave with the brand's decisions.
pub fn in_turn<T: Send + 'static>(
    store: &SharedStorage,
    brand_id: u64,
    work: impl Future<Output = T> + Send + 'static,
) -> impl Future<Output = Result<T, StoreError>> + 'static {
    let (answer, outcome) = oneshot::channel();
    let turn = Box::pin(async move {
        let _ = answer.send(Ok(work.await));
    });
    store.writers(INSIDE).hand_over_turn(store, brand_id, turn);
    durable(store.clone(), outcome)
}

/// The outcome, once every write made before it arrived is durable (the embedded store's
/// group commit; on a database server, the commit was).
async fn durable<T>(store: SharedStorage, outcome: oneshot::Receiver<Result<T, StoreError>>) -> Result<T, StoreError> {
    let outcome = outcome.await.map_err(|_| StoreError::Closed)??;
    store.durable(INSIDE).await?;
    Ok(outcome)
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use async_trait::async_trait;

    use crate::store::backend::INSIDE;
    use crate::store::{decide, in_turn, BrandSession, Decision, SharedStorage, StoreOptions, Verdict};

    /// A decision that notes its number when it is decided, and writes nothing.
    struct Noted(usize, Arc<Mutex<Vec<usize>>>);

    #[async_trait]
    impl Decision for Noted {
        type Outcome = usize;
        async fn decide(&mut self, _session: &(dyn BrandSession + '_)) -> Verdict<usize> {
            self.1.lock().unwrap().push(self.0);
            Verdict::nothing(self.0)
        }
    }

    fn store() -> (tempfile::TempDir, SharedStorage) {
        let dir = tempfile::tempdir().unwrap();
        let store = crate::store::open_embedded(dir.path(), &StoreOptions::default()).unwrap();
        (dir, store)
    }

    #[tokio::test]
    async fn a_brands_decisions_and_turns_run_in_the_order_handed_over() {
        let (_dir, store) = store();
        let order = Arc::new(Mutex::new(Vec::new()));
        let mut answers = Vec::new();
        for n in 0..200 {
            let answer: std::pin::Pin<Box<dyn std::future::Future<Output = usize>>> = if n % 7 == 3 {
                let order = order.clone();
                let turn = in_turn(&store, 1, async move {
                    order.lock().unwrap().push(n);
                    n
                });
                Box::pin(async move { turn.await.unwrap() })
            } else {
                let decided = decide(&store, 1, Noted(n, order.clone()));
                Box::pin(async move { decided.await.unwrap() })
            };
            answers.push(answer);
        }
        for (n, answer) in answers.into_iter().enumerate() {
            assert_eq!(answer.await, n, "each caller gets its own outcome");
        }
        assert_eq!(*order.lock().unwrap(), (0..200).collect::<Vec<_>>());
    }

    #[tokio::test]
    async fn a_brand_waiting_in_its_turn_holds_up_no_other_brand() {
        let (_dir, store) = store();
        let (release, released) = tokio::sync::oneshot::channel::<()>();
        let order = Arc::new(Mutex::new(Vec::new()));
        let waiting = in_turn(&store, 1, async move { released.await.is_ok() });
        let behind = decide(&store, 1, Noted(1, order.clone()));
        let elsewhere = decide(&store, 2, Noted(2, order.clone()));
        assert_eq!(elsewhere.await.unwrap(), 2);
        assert_eq!(*order.lock().unwrap(), vec![2], "brand 1's decision waits behind its turn");
        release.send(()).unwrap();
        assert!(waiting.await.unwrap());
        assert_eq!(behind.await.unwrap(), 1);
        assert_eq!(*order.lock().unwrap(), vec![2, 1]);
    }

    #[tokio::test]
    async fn closed_writers_finish_what_they_were_handed_let_go_of_the_store_and_run_nothing_more() {
        let (_dir, store) = store();
        let order = Arc::new(Mutex::new(Vec::new()));
        let answers: Vec<_> = (0..3).map(|brand| decide(&store, brand, Noted(brand as usize, order.clone()))).collect();
        let (waits, writers) = (answers.len(), 3);
        assert_eq!(Arc::strong_count(&store), 1 + waits + writers, "each answer's wait and each writer hold it");
        store.writers(INSIDE).close().await;
        assert_eq!(Arc::strong_count(&store), 1 + waits, "the writers ended: only the answers' waits hold it");
        for (n, answer) in answers.into_iter().enumerate() {
            assert_eq!(answer.await.unwrap(), n, "handed over before the close: decided");
        }
        assert_eq!(Arc::strong_count(&store), 1, "no writer holds the store any more");
        let late = decide(&store, 1, Noted(9, order.clone())).await;
        assert!(matches!(late, Err(crate::store::StoreError::Closed)), "{late:?}");
        assert_eq!(order.lock().unwrap().len(), 3, "nothing handed over after the close ran");
    }
}
