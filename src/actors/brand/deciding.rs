//! How a brand's actor decides: each message that decides something runs as the actor's
//! only work until it is staged in the brand's open [`Batch`] (its reads, then its verdict),
//! and is answered once the batch is committed and durable. The batch is committed when the
//! mailbox runs dry or it holds [`MOST_DECISIONS`]; the actor goes on deciding while that
//! commit is in flight, so a busy brand's decisions share commits. Work that is not an engine
//! decision (a campaign's settings saved) runs in the brand's turn, after the open batch and
//! every commit in flight.
//!
//! Why `ctx.wait` and not an `AtomicResponse`: the decision's reply must not wait for its
//! commit, or the actor could not decide the next message meanwhile. `ctx.wait` holds the
//! mailbox only for the deciding, and the reply waits on the commit outside the actor. actix
//! polls the actor's own notifications after its mailbox, when the mailbox is dry or a
//! handler has just started waiting: the [`CommitBatch`] sent when a batch opens is sent
//! again in the second case, so it commits exactly when no message is waiting.

use std::future::Future;
use std::pin::Pin;

use actix::prelude::*;
use tokio::sync::oneshot;

use super::{BrandActor, BrandData, BrandError};
use crate::domain::engine::{ReadAhead, Write};
use crate::store::{Batch, BrandSession, Committed, StoreError, Verdict, MOST_DECISIONS};

/// A decision's work: given the brand and a session of it, the writes and the reply, or a
/// refusal.
pub(super) type Work<'s, T> = Pin<Box<dyn Future<Output = Result<(Vec<Write>, T), BrandError>> + Send + 's>>;

/// A decision's work that makes its own verdict (a claim of an idempotency record with it).
pub(super) type Judged<'s, O> = Pin<Box<dyn Future<Output = Verdict<O>> + Send + 's>>;

/// `work`, as a decision's work for any session's lifetime (what a closure is taken as only
/// where that is asked of it).
pub(super) fn working<T, F>(work: F) -> F
where
    F: for<'s> FnOnce(BrandData, &'s (dyn BrandSession + 's)) -> Work<'s, T>,
{
    work
}

/// `work`, as a verdict's work for any session's lifetime (see [`working`]).
fn judging<O, F>(work: F) -> F
where
    F: for<'s> FnOnce(BrandData, &'s (dyn BrandSession + 's)) -> Judged<'s, O>,
{
    work
}

/// Commits the brand's open batch: sent by the actor to itself when a batch opens, and so
/// handled once no message waits in its mailbox.
#[derive(Debug, Message)]
#[rtype(result = "()")]
pub(super) struct CommitBatch;

impl Handler<CommitBatch> for BrandActor {
    type Result = ();

    fn handle(&mut self, msg: CommitBatch, ctx: &mut Self::Context) {
        if self.deciding {
            // actix polls notifications as soon as a handler starts waiting, too: here a
            // decision has the batch. Looked at again once it is staged.
            ctx.notify(msg);
            return;
        }
        self.commit_batch();
    }
}

impl BrandActor {
    /// Handles a message as a decision of the brand: `work` reads the brand through the open
    /// batch's session (after every decision before it) and decides; the reply comes once
    /// its writes are durable. A refusal writes nothing, and is answered when the batch is.
    pub(super) fn decide<T, F>(&mut self, ctx: &mut Context<Self>, work: F) -> ResponseFuture<Result<T, BrandError>>
    where
        T: Send + 'static,
        F: for<'s> FnOnce(BrandData, &'s (dyn BrandSession + 's)) -> Work<'s, T> + Send + 'static,
    {
        let decided = self.decide_each(ctx, vec![work]).pop().expect("one decision, one answer");
        Box::pin(decided)
    }

    /// [`BrandActor::decide`] for several decisions of one message (an upload's chunks),
    /// decided one after another in this order: each one's answer.
    pub(super) fn decide_each<T, F>(
        &mut self,
        ctx: &mut Context<Self>,
        works: Vec<F>,
    ) -> Vec<impl Future<Output = Result<T, BrandError>> + 'static>
    where
        T: Send + 'static,
        F: for<'s> FnOnce(BrandData, &'s (dyn BrandSession + 's)) -> Work<'s, T> + Send + 'static,
    {
        let judged = works.into_iter().map(|work| {
            let judge = judging(move |brand, session| {
                Box::pin(async move {
                    match work(brand, session).await {
                        Ok((writes, answer)) => Verdict::write(writes, Ok(answer)),
                        Err(refused) => Verdict::nothing(Err(refused)),
                    }
                })
            });
            (Vec::new(), judge)
        });
        let judged = self.judge_each(ctx, judged.collect());
        judged
            .into_iter()
            .map(|judged| async move { judged.await.map_err(BrandError::from).and_then(|answer| answer) })
            .collect()
    }

    /// [`BrandActor::decide`] for work that makes its own [`Verdict`], with the reads it will
    /// make named `ahead`: the outcome once durable, or why the batch was not committed.
    pub(super) fn judge<O, F>(
        &mut self,
        ctx: &mut Context<Self>,
        ahead: Vec<ReadAhead>,
        work: F,
    ) -> impl Future<Output = Result<O, StoreError>> + 'static
    where
        O: Send + 'static,
        F: for<'s> FnOnce(BrandData, &'s (dyn BrandSession + 's)) -> Judged<'s, O> + Send + 'static,
    {
        self.judge_each(ctx, vec![(ahead, work)]).pop().expect("one decision, one answer")
    }

    /// The decisions of one message, each with the reads it names ahead, staged one after
    /// another in the brand's open batch (a full batch committed and a new one opened on
    /// the way), all while the actor looks at nothing else: each one's outcome, once durable.
    fn judge_each<O, F>(
        &mut self,
        ctx: &mut Context<Self>,
        works: Vec<(Vec<ReadAhead>, F)>,
    ) -> Vec<impl Future<Output = Result<O, StoreError>> + 'static>
    where
        O: Send + 'static,
        F: for<'s> FnOnce(BrandData, &'s (dyn BrandSession + 's)) -> Judged<'s, O> + Send + 'static,
    {
        self.applied += 1;
        let (mut answers, mut answered) = (Vec::new(), Vec::new());
        for _ in &works {
            let (answer, outcome) = oneshot::channel::<Result<Committed<O>, StoreError>>();
            answers.push(answer);
            answered.push(async move { outcome.await.map_err(|_| StoreError::Closed)??.outcome().await });
        }
        // The batch is the deciding's until it is over; a `CommitBatch` meanwhile waits. (One
        // wait a message, all its decisions in it: actix runs the futures one handler waits
        // for last one first.)
        self.deciding = true;
        let (brand, open) = (self.brand.clone(), self.batch.take());
        let store = brand.store.clone();
        let deciding = stage_each(brand, open, works, answers);
        let deciding = async move { crate::store::run_decision(&store, deciding).await.unwrap_or_default() };
        ctx.wait(deciding.into_actor(self).map(move |decided: Decided, actor, ctx| {
            actor.deciding = false;
            if let Some(in_flight) = decided.in_flight {
                actor.in_flight = Some(in_flight);
            }
            let Some(batch) = decided.batch else { return };
            if decided.opened {
                // Committed once the mailbox runs dry.
                ctx.notify(CommitBatch);
            }
            actor.batch = Some(batch);
            // A batch that failed is committed (and fails) now, before anything else reads
            // through it; a full one, so that its first decisions do not wait longer.
            if decided.failed || actor.batch.as_ref().is_some_and(|batch| batch.len() >= MOST_DECISIONS) {
                actor.commit_batch();
            }
        }));
        answered
    }

    /// Handles a message by running `work` in the brand's turn: after the open batch and
    /// every commit in flight are durable, alone (no decision of the brand runs meanwhile);
    /// answered once what it wrote is durable.
    pub(super) fn in_turn<T: Send + 'static, W: Future<Output = Result<T, BrandError>> + Send + 'static>(
        &mut self,
        ctx: &mut Context<Self>,
        work: impl FnOnce(BrandData) -> W,
    ) -> ResponseFuture<Result<T, BrandError>> {
        self.applied += 1;
        self.commit_batch();
        let (in_flight, work) = (self.in_flight.take(), work(self.brand.clone()));
        let (answer, answered) = oneshot::channel();
        let store = self.brand.store.clone();
        ctx.wait(
            async move {
                if let Some(commit) = in_flight {
                    // However it went: the batch's own decisions hear of a failure.
                    let _ = commit.await;
                }
                // Where a session's reads may wait (a turn may build a board or a line).
                let done = crate::store::run_decision(&store, work).await;
                let _ = answer.send(done.map_err(BrandError::from).and_then(|done| done));
            }
            .into_actor(self),
        );
        Box::pin(async move { answered.await.map_err(|_| BrandError::from(StoreError::Closed))? })
    }

    /// Starts the open batch's commit, if a batch is open, and goes on: its decisions are
    /// answered when it is durable. Commits end in the order they start (on a shared
    /// database, the next batch takes the brand's lock only once this one let go of it; on
    /// the embedded store, a flush makes everything before it durable), so the last one
    /// started is the one a turn waits for.
    pub(super) fn commit_batch(&mut self) {
        if let Some(batch) = self.batch.take() {
            self.in_flight = Some(start_commit(&self.brand.store, batch));
        }
    }
}

/// Starts `batch`'s commit; what resolves when it is over.
fn start_commit(store: &crate::store::SharedStorage, batch: Batch) -> oneshot::Receiver<()> {
    let (done, finished) = oneshot::channel();
    crate::store::spawn_commit(store, async move {
        let _ = batch.commit().await;
        let _ = done.send(());
    });
    finished
}

/// What a message's deciding leaves the actor with.
#[derive(Default)]
struct Decided {
    /// The open batch.
    batch: Option<Batch>,
    /// Whether the deciding opened it (then a [`CommitBatch`] is due).
    opened: bool,
    /// A decision could not be staged.
    failed: bool,
    /// The commit of a batch that filled up on the way.
    in_flight: Option<oneshot::Receiver<()>>,
}

/// Stages each work's verdict in `open` (or a batch opened for it), in order, and sends each
/// one's [`Committed`] (or why it could not be staged) to its answer.
async fn stage_each<O, F>(
    brand: BrandData,
    mut open: Option<Batch>,
    works: Vec<(Vec<ReadAhead>, F)>,
    answers: Vec<oneshot::Sender<Result<Committed<O>, StoreError>>>,
) -> Decided
where
    O: Send + 'static,
    F: for<'s> FnOnce(BrandData, &'s (dyn BrandSession + 's)) -> Judged<'s, O> + Send + 'static,
{
    let mut decided = Decided::default();
    for ((ahead, work), answer) in works.into_iter().zip(answers) {
        if open.as_ref().is_some_and(|batch| batch.len() >= MOST_DECISIONS || decided.failed) {
            decided.in_flight = open.take().map(|full| start_commit(&brand.store, full));
        }
        let mut batch = match open.take() {
            Some(batch) => batch,
            None => match Batch::open(&brand.store, brand.brand_id).await {
                Ok(batch) => {
                    decided.opened = true;
                    batch
                }
                Err(e) => {
                    let _ = answer.send(Err(e));
                    continue;
                }
            },
        };
        let staged = async {
            let session = batch.session(&ahead).await?;
            let verdict = work(brand.clone(), session).await;
            batch.stage(verdict).await
        }
        .await;
        decided.failed = staged.is_err();
        let _ = answer.send(staged);
        open = Some(batch);
    }
    decided.batch = open;
    decided
}

impl BrandData {
    /// A decision made inside the brand's turn (a board or a line built before a campaign is
    /// saved): a batch of its own, committed at once; done once durable.
    pub(super) async fn decide_in_turn(
        &self,
        decide: impl FnOnce(&(dyn BrandSession + '_)) -> Result<Vec<Write>, BrandError>,
    ) -> Result<(), BrandError> {
        let mut batch = Batch::open(&self.store, self.brand_id).await?;
        let writes = decide(batch.session(&[]).await?)?;
        let staged = batch.stage(Verdict::write(writes, ())).await?;
        batch.commit().await?;
        Ok(staged.outcome().await?)
    }
}
