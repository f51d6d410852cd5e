//! Each brand's writer: the task that runs the brand's decisions and turns one after another,
//! in the order they were handed over (see `decision.rs`).
//!
//! A brand's writer takes every decision waiting in its queue when it starts a round (at most
//! [`MOST_DECISIONS`]) and hands them to the backend together
//! ([`DecisionStore::decide_in_order`](super::DecisionStore::decide_in_order)): a busy brand's
//! decisions may then share one transaction and one commit on a database server. Only one
//! brand's decisions ever go together, so one brand's failing decision never fails another
//! brand's. A turn ([`super::in_turn`]) runs alone, after the decisions before it were
//! committed.
//!
//! The writer is a task on the runtime of whoever handed the brand's first decision over (the
//! brand's actor, on its arbiter), or on the backend's own ([`Writers::on`]), so it stops with
//! that runtime; a decision handed over after that starts a new one. At a stop,
//! [`Writers::close`] lets every writer finish what it was handed and end: a writer holds the
//! store, which would otherwise outlive its owner for as long as its runtime does.

use std::collections::HashMap;

use parking_lot::Mutex;
use tokio::sync::mpsc;

use std::future::Future;
use std::pin::Pin;

use super::decision::Handed;
use super::SharedStorage;

/// The most decisions of one brand handed to the backend together: enough that a busy brand
/// pays one commit for many, few enough that the first of them does not wait long.
const MOST_DECISIONS: usize = 32;

/// Work of one brand run in its turn (see [`super::in_turn`]).
pub(crate) type Turn = Pin<Box<dyn Future<Output = ()> + Send>>;

/// What a brand's writer runs.
enum Job {
    Decide(Box<dyn Handed>),
    InTurn(Turn),
}

/// The queues of the brands' writers. Each backend holds one (see
/// [`DecisionStore::writers`](super::DecisionStore::writers)).
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
    /// and ended, letting go of the store. Called once at a stop, when nothing is handed over
    /// any more; whatever is handed over after it is answered [`StoreError::Closed`] (its
    /// answer dropped) and never run.
    ///
    /// [`StoreError::Closed`]: super::StoreError::Closed
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
                store.decide_in_order(brand_id, decisions).await;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use async_trait::async_trait;

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
        store.writers().close().await;
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
