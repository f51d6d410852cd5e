//! The backends' side of the store: what the store's own machinery asks of a backend (the
//! [`Backend`] trait, whose methods nothing outside `src/store` can call), a decision as a backend
//! sees it ([`Handed`]), and each brand's writer: the task that runs the brand's decisions and
//! turns one after another, in the order they were handed over (see `decision.rs`).
//!
//! A brand's writer takes every decision waiting in its queue when it starts a round (at most
//! [`MOST_DECISIONS`]) and hands them to the backend together
//! ([`Backend::decide_in_order`]): a busy brand's decisions may then share one transaction
//! and one commit on a database server. Only one brand's decisions ever go together, so one
//! brand's failing decision never fails another brand's. A turn ([`super::in_turn`]) runs
//! alone, after the decisions before it were committed.
//!
//! The writer is a task on the runtime of whoever handed the brand's first decision over (the
//! brand's actor, on its arbiter), or on the backend's own ([`Writers::on`]), so it stops with
//! that runtime; a decision handed over after that starts a new one. At a stop,
//! [`Writers::close`] lets every writer finish what it was handed and end: a writer holds the
//! store, which would otherwise outlive its owner for as long as its runtime does.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;

use async_trait::async_trait;
use parking_lot::Mutex;
use tokio::sync::mpsc;

use super::types::{IdempotencyRecord, IdempotencyWrite};
use super::{BrandSession, DecisionStore, SharedStorage, StoreError};
use crate::domain::engine::{ReadAhead, Write};

/// The most decisions of one brand handed to the backend together: enough that a busy brand
/// pays one commit for many, few enough that the first of them does not wait long.
const MOST_DECISIONS: usize = 32;

/// What each backend provides to the store's own machinery: deciding a brand's decisions in
/// order, the brands' writers, and waiting for durability. Nothing outside `src/store` can
/// call these: each takes an [`Inside`], which only this module makes. (A trait private to
/// the store would not do: any supertrait's methods can be called on a `dyn Storage`.)
#[async_trait]
pub trait Backend: DecisionStore {
    /// Decides and commits decisions of one brand, handed over in this order, each after the
    /// ones before it (whose writes it reads), and answers each ([`Handed::finish`]) once its
    /// writes are committed or known not to be. They may share one transaction: then each is
    /// answered when it commits, and a failure fails them all; never another brand's. By
    /// default each in a session of its own.
    async fn decide_in_order(&self, _: Inside, brand_id: u64, decisions: Vec<Box<dyn Handed>>) {
        for mut decision in decisions {
            let committed = self.decide_alone(INSIDE, brand_id, &mut *decision).await;
            decision.finish(committed);
        }
    }
    /// One decision in a session of its own: see [`Backend::decide_in_order`].
    async fn decide_alone(
        &self,
        _: Inside,
        brand_id: u64,
        decision: &mut dyn Handed,
    ) -> Result<Option<IdempotencyRecord>, StoreError> {
        let session = self.session(brand_id).await?;
        session.read_ahead(&decision.reads_ahead())?;
        let decided = decision.decide(&*session).await;
        match decided.claim {
            Some((key, record)) => Ok(session.commit_idempotent(&decided.writes, &key, &record).await?.err()),
            None if decided.writes.is_empty() => {
                session.release().await;
                Ok(None)
            }
            None => session.commit(&decided.writes).await.map(|()| None),
        }
    }
    /// The queues of the brands' writers.
    fn writers(&self, _: Inside) -> &Writers;
    /// Waits until every write made before the call is durable (on the embedded store, the
    /// group commit's next flush): what the store's writes wait on before they answer.
    async fn durable(&self, _: Inside) -> Result<(), StoreError>;
}

/// The key to [`Backend`]'s methods: a value only the store makes, so only the store calls
/// them.
#[derive(Clone, Copy)]
pub struct Inside(());

/// The one [`Inside`], for the store's own modules.
pub(super) const INSIDE: Inside = Inside(());

/// A decision as the store's backends see it, its outcome type forgotten.
#[async_trait]
pub trait Handed: Send {
    /// [`Decision::reads_ahead`].
    fn reads_ahead(&self) -> Vec<ReadAhead>;
    /// Runs [`Decision::decide`]; what to commit.
    async fn decide(&mut self, session: &(dyn BrandSession + '_)) -> Decided;
    /// Answers the caller, once the decision's transaction is over: `Ok(None)` when its
    /// writes were committed (or it wrote nothing), `Ok(Some(record))` when its claim found
    /// `record` (nothing written), an error when nothing of it was written.
    fn finish(self: Box<Self>, committed: Result<Option<IdempotencyRecord>, StoreError>);
}

/// What a backend commits for a decision.
pub struct Decided {
    pub writes: Vec<Write>,
    pub claim: Option<(IdempotencyWrite, IdempotencyRecord)>,
}

/// Work of one brand run in its turn (see [`super::in_turn`]).
pub(crate) type Turn = Pin<Box<dyn Future<Output = ()> + Send>>;

/// What a brand's writer runs.
enum Job {
    Decide(Box<dyn Handed>),
    InTurn(Turn),
}

/// The queues of the brands' writers. Each backend holds one (see [`Backend::writers`]).
#[derive(Default)]
pub struct Writers {
    queues: Mutex<Queues>,
    /// Where the writers run; by default on the runtime of whoever hands a brand's first job
    /// over (the brand's actor's arbiter).
    runtime: Option<tokio::runtime::Handle>,
}

/// The brands' queues and their writers.
#[derive(Default)]
struct Queues {
    senders: HashMap<u64, mpsc::UnboundedSender<Job>>,
    /// The writers started, to wait for at [`Writers::close`] (ended ones are let go as
    /// others start).
    running: Vec<tokio::task::JoinHandle<()>>,
    /// [`Writers::close`] was called: nothing more is run.
    closed: bool,
}

impl Writers {
    /// Writers that run on `runtime` (a backend whose decisions wait on its threads).
    pub fn on(runtime: tokio::runtime::Handle) -> Self {
        Self { queues: Mutex::default(), runtime: Some(runtime) }
    }

    /// Closes every brand's queue and waits until each writer has run what it was handed
    /// and ended, letting go of the store: the first half of a backend's
    /// [`Lifecycle::close`](super::Lifecycle::close). Whatever is handed over after it is
    /// answered [`StoreError::Closed`] (its answer dropped) and never run.
    pub async fn close(&self) {
        let running = {
            let mut queues = self.queues.lock();
            queues.closed = true;
            queues.senders.clear();
            std::mem::take(&mut queues.running)
        };
        for writer in running {
            // A writer whose runtime stopped first was dropped with it: nothing to wait for.
            let _ = writer.await;
        }
    }

    /// Queues a decision for the brand's writer (see [`Writers::hand_over`]).
    pub(crate) fn hand_over_decision(&self, store: &SharedStorage, brand_id: u64, decision: Box<dyn Handed>) {
        self.hand_over(store, brand_id, Job::Decide(decision));
    }

    /// Queues work to run in the brand's turn (see [`Writers::hand_over`]).
    pub(crate) fn hand_over_turn(&self, store: &SharedStorage, brand_id: u64, turn: Turn) {
        self.hand_over(store, brand_id, Job::InTurn(turn));
    }

    /// Queues `job` for the brand's writer, starting the writer when it is not running.
    /// Queued under the lock: jobs handed over one after another are run in that order.
    fn hand_over(&self, store: &SharedStorage, brand_id: u64, job: Job) {
        let mut queues = self.queues.lock();
        if queues.closed {
            // Dropped: its caller's answer channel closes, which it reads as `Closed`.
            return;
        }
        let job = match queues.senders.get(&brand_id) {
            Some(queue) => match queue.send(job) {
                Ok(()) => return,
                // Its writer stopped with its runtime: a new one takes over.
                Err(mpsc::error::SendError(job)) => job,
            },
            None => job,
        };
        let (queue, jobs) = mpsc::unbounded_channel();
        let _ = queue.send(job);
        queues.senders.insert(brand_id, queue);
        let writer = write(store.clone(), brand_id, jobs);
        let running = match &self.runtime {
            Some(runtime) => runtime.spawn(writer),
            None => tokio::spawn(writer),
        };
        queues.running.retain(|writer| !writer.is_finished());
        queues.running.push(running);
    }
}

/// The brand's writer: runs its jobs until the queue is closed (the server stopping).
async fn write(store: SharedStorage, brand_id: u64, mut jobs: mpsc::UnboundedReceiver<Job>) {
    let mut next = None;
    loop {
        let job = match next.take() {
            Some(job) => job,
            None => match jobs.recv().await {
                Some(job) => job,
                None => return,
            },
        };
        match job {
            Job::InTurn(turn) => turn.await,
            Job::Decide(first) => {
                let mut decisions = vec![first];
                while decisions.len() < MOST_DECISIONS {
                    match jobs.try_recv() {
                        Ok(Job::Decide(decision)) => decisions.push(decision),
                        Ok(turn) => {
                            next = Some(turn);
                            break;
                        }
                        Err(_) => break,
                    }
                }
                store.decide_in_order(INSIDE, brand_id, decisions).await;
            }
        }
    }
}
