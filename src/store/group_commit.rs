//! Group commit: the one thread that flushes sled, and the only way a write waits for disk.
//!
//! Why a single flusher: in sled 0.34.7, concurrent `flush_async()` calls collapse (measured at
//! 27 durable writes/s with 8 connections). Here every writer registers a waiter after its
//! write is applied; the flusher takes *all* registered waiters, flushes once, and wakes them.
//! A waiter registered before a flush begins is covered by that flush, because its write
//! happened before it registered. Waiters that arrive during a flush form the next batch.
//!
//! Two measures keep the cost per write low under concurrency (measured on 2 cores: most of
//! a durable write's CPU was kernel time spent waking threads). A writer wakes the flusher
//! only when it sleeps; a busy flusher finds new waiters on its next round anyway. And when
//! the previous batch had several waiters, the flusher lingers a moment before flushing so
//! that writes arriving together share one flush: every sled flush wakes sled's I/O threads,
//! so fewer, larger flushes mean less work. A lone writer never waits for the linger.

use std::sync::{Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::Duration;

use tokio::sync::oneshot;

use super::StoreError;

type Waiter = oneshot::Sender<Result<(), String>>;

#[derive(Default)]
struct State {
    waiters: Vec<Waiter>,
    closing: bool,
    /// The flusher is waiting on the condvar (and needs a notification to see new waiters).
    sleeping: bool,
}

/// How long the flusher waits for more writers when the last batch showed concurrency.
const LINGER: Duration = Duration::from_micros(300);
/// Batch size from which the next flush lingers.
const LINGER_FROM_BATCH: usize = 4;

struct Shared {
    state: Mutex<State>,
    wake: Condvar,
}

impl Shared {
    /// A poisoned lock only means another thread panicked while holding it; the waiter list
    /// is still consistent, so keep going rather than take the flusher down.
    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Handle to the flusher thread.
pub struct GroupCommit {
    shared: std::sync::Arc<Shared>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl GroupCommit {
    /// Starts the flusher. With no waiters it still flushes every `idle_flush`, which bounds
    /// the loss window of writes that do not wait (batched counters).
    pub fn start(db: sled::Db, idle_flush: Duration) -> Self {
        let shared = std::sync::Arc::new(Shared { state: Mutex::new(State::default()), wake: Condvar::new() });
        let worker = shared.clone();
        let thread = std::thread::Builder::new()
            .name("group-commit".into())
            .spawn(move || run(&worker, &db, idle_flush))
            .expect("the group-commit thread must start");
        Self { shared, thread: Mutex::new(Some(thread)) }
    }

    /// Resolves once a flush that began after this call has completed.
    pub async fn durable(&self) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        let wake = {
            let mut state = self.shared.lock();
            if state.closing {
                return Err(StoreError::Closed);
            }
            state.waiters.push(tx);
            state.sleeping
        };
        if wake {
            self.shared.wake.notify_one();
        }
        match rx.await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(message)) => Err(StoreError::Flush(message)),
            Err(_) => Err(StoreError::Closed),
        }
    }

    /// Flushes what is pending, wakes the last waiters and stops the thread.
    pub fn shutdown(&self) {
        self.shared.lock().closing = true;
        self.shared.wake.notify_one();
        let handle = self.thread.lock().unwrap_or_else(|p| p.into_inner()).take();
        if let Some(handle) = handle {
            let _ = handle.join();
        }
    }
}

impl Drop for GroupCommit {
    fn drop(&mut self) {
        self.shutdown();
    }
}

fn run(shared: &Shared, db: &sled::Db, idle_flush: Duration) {
    let mut last_batch = 0usize;
    loop {
        let mut lingered = false;
        let (batch, closing) = loop {
            let mut state = shared.lock();
            while state.waiters.is_empty() && !state.closing {
                state.sleeping = true;
                let (guard, timeout) = shared.wake.wait_timeout(state, idle_flush).unwrap_or_else(|p| p.into_inner());
                state = guard;
                state.sleeping = false;
                if timeout.timed_out() {
                    break;
                }
            }
            if !lingered && !state.closing && last_batch >= LINGER_FROM_BATCH && !state.waiters.is_empty() {
                drop(state);
                lingered = true;
                std::thread::sleep(LINGER);
                continue;
            }
            break (std::mem::take(&mut state.waiters), state.closing);
        };
        last_batch = batch.len();
        let started = std::time::Instant::now();
        let result = db.flush().map(|_| ()).map_err(|e| e.to_string());
        if !batch.is_empty() {
            tracing::trace!(waiters = batch.len(), flush_us = started.elapsed().as_micros() as u64, "group commit");
        }
        if let Err(error) = &result {
            tracing::error!(%error, waiters = batch.len(), "group commit flush failed");
        }
        for waiter in batch {
            // A waiter whose request was dropped (client gone) simply is not there to hear.
            let _ = waiter.send(result.clone());
        }
        if closing {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn many_concurrent_waiters_all_complete_and_shutdown_refuses_new_ones() {
        let dir = tempfile::tempdir().unwrap();
        let db = sled::Config::new().path(dir.path()).flush_every_ms(None).open().unwrap();
        let commit = std::sync::Arc::new(GroupCommit::start(db.clone(), Duration::from_secs(60)));
        let mut tasks = Vec::new();
        for i in 0u64..200 {
            let (db, commit) = (db.clone(), commit.clone());
            tasks.push(tokio::spawn(async move {
                db.insert(i.to_be_bytes(), &b"v"[..]).unwrap();
                commit.durable().await
            }));
        }
        for task in tasks {
            task.await.unwrap().unwrap();
        }
        assert_eq!(db.len(), 200);
        commit.shutdown();
        assert!(matches!(commit.durable().await, Err(StoreError::Closed)));
    }
}
