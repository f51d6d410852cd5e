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
//!
//! A flush here is [`DurableLog::flush`]: sled's flush followed by `fdatasync` of its log file
//! (sled alone stops short of the disk on Linux; see there). The first failed flush stops all
//! acknowledgements until a restart (see `State::failed`).

use std::collections::HashMap;
use std::ffi::OsString;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
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
    /// The first flush error. From then on no write is acknowledged (fail-stop): after a
    /// failed `fdatasync` Linux may drop the unwritten pages and report the next sync as a
    /// success, so a later "durable" could sit on top of lost writes. A restart recovers from
    /// what is on disk.
    failed: Option<String>,
}

/// How long the flusher waits for more writers when the last batch showed concurrency.
const LINGER: Duration = Duration::from_micros(300);
/// Batch size from which the next flush lingers.
const LINGER_FROM_BATCH: usize = 4;
/// A flush this slow holds up every write waiting on it; it is logged at warn level so that a
/// latency spike can be traced to the disk (`scripts/bench.sh` counts these per case).
const SLOW_FLUSH: Duration = Duration::from_millis(50);

/// sled's log, flushed all the way to the disk.
///
/// Why more than [`sled::Db::flush`]: on Linux, sled 0.34.7 ends its flush with
/// `sync_file_range`, which writes the log's pages out and waits for them, but neither commits
/// the file's metadata (its new size, when the log grew) nor asks the disk to empty its
/// volatile write cache. That survives `kill -9`, not a power cut or a crash of the machine.
/// `fdatasync` on the same file does both; on a log that only overwrote its pages it costs one
/// cache flush. sled never syncs its directory or its `conf` file either, so
/// [`DurableLog::open`] does that once; nor the `blobs/` files in which it keeps a log item too
/// large for a segment (a leaf of big values), so each flush syncs the blobs it has not synced.
#[derive(Clone)]
pub struct DurableLog {
    db: sled::Db,
    /// The log file `db` inside sled's directory, opened read-only: only ever synced.
    file: Arc<File>,
    blobs_dir: PathBuf,
    /// Each blob file synced so far, with its length then. sled writes a blob whole before
    /// the log item naming it, but a flush may catch a later write's blob half written: its
    /// length has grown by the next flush, which syncs it again.
    synced_blobs: Arc<Mutex<HashMap<OsString, u64>>>,
}

impl DurableLog {
    /// `sled_dir` is the directory `db` was opened at. Makes sled's `conf` file and the
    /// directory entries of its files durable, so a first start survives a power cut too.
    pub fn open(db: sled::Db, sled_dir: &Path) -> std::io::Result<Self> {
        let file = File::open(sled_dir.join("db"))?;
        match File::open(sled_dir.join("conf")) {
            Ok(conf) => conf.sync_all()?,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        File::open(sled_dir)?.sync_all()?;
        if let Some(parent) = sled_dir.parent().filter(|p| !p.as_os_str().is_empty()) {
            File::open(parent)?.sync_all()?;
        }
        Ok(Self { db, file: Arc::new(file), blobs_dir: sled_dir.join("blobs"), synced_blobs: Arc::default() })
    }

    /// Everything written before the call is on the disk once this returns `Ok`.
    pub fn flush(&self) -> Result<(), StoreError> {
        self.db.flush()?;
        self.sync_new_blobs().and_then(|()| self.file.sync_data()).map_err(|e| StoreError::Flush(e.to_string()))
    }

    /// Syncs the blob files that are new or have grown since the last flush, then their
    /// directory. Usually `blobs/` is empty and this is one directory read.
    fn sync_new_blobs(&self) -> std::io::Result<()> {
        let entries = match std::fs::read_dir(&self.blobs_dir) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
            Err(e) => return Err(e),
        };
        let mut synced = self.synced_blobs.lock().unwrap_or_else(|p| p.into_inner());
        let mut present = HashMap::with_capacity(synced.len());
        let mut any_synced = false;
        for entry in entries {
            let entry = entry?;
            let name = entry.file_name();
            let file = match File::open(entry.path()) {
                Ok(file) => file,
                // sled removes a blob once no page needs it; gone is fine.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => return Err(e),
            };
            // The length first: whatever was written before it is covered by the sync after.
            let len = file.metadata()?.len();
            if synced.get(&name) != Some(&len) {
                file.sync_all()?;
                any_synced = true;
            }
            present.insert(name, len);
        }
        if any_synced {
            File::open(&self.blobs_dir)?.sync_all()?;
        }
        *synced = present;
        Ok(())
    }
}

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
    shared: Arc<Shared>,
    thread: Mutex<Option<JoinHandle<()>>>,
}

impl GroupCommit {
    /// Starts the flusher. With no waiters it still flushes every `idle_flush`, which bounds
    /// the loss window of writes that do not wait (batched counters).
    pub fn start(log: DurableLog, idle_flush: Duration) -> Self {
        Self::start_with(move || log.flush(), idle_flush)
    }

    /// The flusher with `flush` as what makes writes durable (tests, and the `disk_flush`
    /// fault, pass one that fails).
    pub(crate) fn start_with(
        flush: impl FnMut() -> Result<(), StoreError> + Send + 'static,
        idle_flush: Duration,
    ) -> Self {
        let shared = Arc::new(Shared { state: Mutex::new(State::default()), wake: Condvar::new() });
        let worker = shared.clone();
        let thread = std::thread::Builder::new()
            .name("group-commit".into())
            .spawn(move || run(&worker, flush, idle_flush))
            .expect("the group-commit thread must start");
        Self { shared, thread: Mutex::new(Some(thread)) }
    }

    /// Whether a flush has failed, so that no write will be acknowledged until a restart.
    pub fn has_failed(&self) -> bool {
        self.shared.lock().failed.is_some()
    }

    /// Resolves once a flush that began after this call has completed.
    pub async fn durable(&self) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        let wake = {
            let mut state = self.shared.lock();
            if let Some(error) = &state.failed {
                return Err(StoreError::Flush(error.clone()));
            }
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

fn run(shared: &Shared, mut flush: impl FnMut() -> Result<(), StoreError>, idle_flush: Duration) {
    let mut last_batch = 0usize;
    loop {
        let mut lingered = false;
        let (batch, closing, failed) = loop {
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
            break (std::mem::take(&mut state.waiters), state.closing, state.failed.clone());
        };
        last_batch = batch.len();
        let started = std::time::Instant::now();
        let result = match failed {
            Some(error) => Err(error),
            None => flush().map_err(|e| e.to_string()),
        };
        let took = started.elapsed();
        if !batch.is_empty() {
            tracing::trace!(waiters = batch.len(), flush_us = took.as_micros() as u64, "group commit");
            crate::metrics::flush(took, batch.len());
        }
        if took >= SLOW_FLUSH {
            tracing::warn!(
                waiters = batch.len(),
                flush_ms = took.as_millis() as u64,
                "slow disk flush held up the writes waiting on it"
            );
        }
        if let Err(error) = &result {
            let mut state = shared.lock();
            if state.failed.is_none() {
                tracing::error!(%error, waiters = batch.len(), "flush to disk failed: no write is acknowledged from now on; restart the server");
                state.failed = Some(error.clone());
            }
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
        let log = DurableLog::open(db.clone(), dir.path()).unwrap();
        let commit = Arc::new(GroupCommit::start(log, Duration::from_secs(60)));
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

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn after_a_failed_flush_no_write_is_acknowledged_even_when_the_disk_recovers() {
        let calls = Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let counted = calls.clone();
        // The second flush fails; every later one would succeed.
        let flush = move || match counted.fetch_add(1, std::sync::atomic::Ordering::SeqCst) {
            1 => Err(StoreError::Flush("Input/output error (os error 5)".into())),
            _ => Ok(()),
        };
        let commit = GroupCommit::start_with(flush, Duration::from_secs(60));
        commit.durable().await.unwrap();
        let failed = commit.durable().await.unwrap_err();
        assert!(matches!(&failed, StoreError::Flush(m) if m.contains("os error 5")), "{failed:?}");
        for _ in 0..3 {
            assert!(matches!(commit.durable().await, Err(StoreError::Flush(_))));
        }
        assert_eq!(calls.load(std::sync::atomic::Ordering::SeqCst), 2, "no flush after the failure");
        commit.shutdown();
    }

    #[test]
    fn the_durable_log_syncs_the_file_sled_writes_its_log_to() {
        use std::os::unix::fs::MetadataExt;
        let dir = tempfile::tempdir().unwrap();
        let sled_dir = dir.path().join("db");
        let db = sled::Config::new().path(&sled_dir).flush_every_ms(None).open().unwrap();
        // A directory sled did not write to is refused rather than a flush that syncs nothing.
        let elsewhere = dir.path().join("elsewhere");
        std::fs::create_dir(&elsewhere).unwrap();
        let refused = DurableLog::open(db.clone(), &elsewhere).err().expect("no log file there");
        assert_eq!(refused.kind(), std::io::ErrorKind::NotFound);

        let log = DurableLog::open(db.clone(), &sled_dir).unwrap();
        db.insert(b"signup", vec![7u8; 4096]).unwrap();
        log.flush().unwrap();
        let synced = log.file.metadata().unwrap();
        let written = std::fs::metadata(sled_dir.join("db")).unwrap();
        assert_eq!((synced.dev(), synced.ino()), (written.dev(), written.ino()));
        assert!(synced.len() >= 4096, "the flushed log holds the value: {} bytes", synced.len());

        // A value too large for a 512 KiB segment goes to a file of its own in `blobs/`,
        // which sled never syncs: the flush does.
        db.insert(b"large", vec![9u8; 1024 * 1024]).unwrap();
        log.flush().unwrap();
        let blobs: Vec<_> =
            std::fs::read_dir(sled_dir.join("blobs")).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(!blobs.is_empty(), "sled kept the large value as a blob");
        let synced_blobs = log.synced_blobs.lock().unwrap();
        for blob in &blobs {
            assert!(synced_blobs.contains_key(blob), "blob {blob:?} was synced");
        }
    }
}
