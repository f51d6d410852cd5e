//! Taking a consistent snapshot while the server goes on writing.
//!
//! sled 0.34 has no snapshots, and a scan of the trees while brand actors write catches write
//! sets half applied (a coupon marked used whose reward is not yet written). The backup used
//! to hold every writer back for the whole scan: seconds at a few million entries, growing
//! with the database. Now writers wait twice, each time only for the writes already in
//! flight to finish and for a few bookkeeping steps, never for a scan:
//!
//! 1. **Watch.** Under the exclusive side of the write gate ([`SledStore::writing`]), so that
//!    no write set is half applied, the backup subscribes to every tree (sled's
//!    `watch_prefix`, which reports each insert and removal of a tree in the order it was
//!    applied). From here on it sees every change.
//! 2. **Copy.** Without the gate, every tree is copied into an unlinked scratch file while
//!    writes go on. A key's copied value may be older or newer than the snapshot's; the
//!    changes seen meanwhile are kept, the latest per key, so neither matters.
//! 3. **Close.** Under the exclusive side again, the last changes are collected and the
//!    subscriptions end. The snapshot is the database as it is at this moment: every write
//!    acknowledged before it, none half applied.
//! 4. **Merge.** Without the gate: the scratch copy merged with the changes, key by key in
//!    order (a changed key takes its latest value, or goes if it was removed), written as the
//!    backup file. Each key appears once, so the format is the one `refctl restore` has always
//!    read.
//!
//! Writers never wait on the copy, but sled blocks a write while a subscriber has 1,024 of
//! its tree's changes unread, so the copy collects them every [`COLLECT_EVERY`] entries and
//! keeps collecting while it waits for the gate. The changes are held in memory until the
//! merge: about the size of what was written during the copy.

use std::collections::BTreeMap;
use std::fs::File;
use std::future::Future;
use std::io::{BufWriter, Seek};
use std::pin::Pin;
use std::task::{Context, Poll, Waker};
use std::time::{Duration, Instant};

use sled::{Event, IVec};

use super::format::{Record, RecordReader, RecordWriter};
use crate::store::sled::{rollups, sessions, SledStore};
use crate::store::StoreError;
use crate::store::{BackupSummary, Snapshot};

/// Entries copied between two collections of changes: well under a subscriber's 1,024
/// unread changes at any write rate a copy of about a million entries a second leaves room
/// for.
const COLLECT_EVERY: u64 = 512;

/// One tree being copied, with the changes seen since the watch began.
struct Watched {
    name: IVec,
    tree: sled::Tree,
    subscriber: sled::Subscriber,
    /// The latest value of every key changed since the watch began; `None`: removed.
    changes: BTreeMap<IVec, Option<IVec>>,
}

impl Watched {
    /// Takes every change sled has reported so far, without waiting.
    fn collect(&mut self) {
        let mut context = Context::from_waker(Waker::noop());
        while let Poll::Ready(Some(event)) = Pin::new(&mut self.subscriber).poll(&mut context) {
            match event {
                Event::Insert { key, value } => self.changes.insert(key, Some(value)),
                Event::Remove { key } => self.changes.insert(key, None),
            };
        }
    }
}

/// A tree's changes during the copy, once the watch has ended.
struct Changed {
    name: IVec,
    changes: BTreeMap<IVec, Option<IVec>>,
}

fn collect_all(watched: &mut [Watched]) {
    watched.iter_mut().for_each(Watched::collect);
}

/// Whether a tree goes into a backup: all but the sessions and the analytics' packs.
fn copied(name: &[u8]) -> bool {
    name != sessions::TREE.as_bytes() && name != rollups::PACKS_TREE.as_bytes()
}

fn backup_error(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backup(e.to_string())
}

impl SledStore {
    /// Writes a consistent snapshot of the database into an unlinked temporary file in the
    /// data directory (nothing is left behind if the server dies meanwhile), while writes go
    /// on; see the module docs.
    pub(in crate::store::sled) fn snapshot_now(&self) -> Result<Snapshot, StoreError> {
        let began = Instant::now();
        let (mut watched, watch_pause) = self.watch_every_tree()?;
        let scratch = self.copy_trees(&mut watched)?;
        let (id_counter, trees, close_pause) = self.close(watched)?;
        let mut file = tempfile::tempfile_in(&self.dir).map_err(backup_error)?;
        let (summary, changed) = merge(scratch, trees, id_counter, &mut file)?;
        file.rewind().map_err(backup_error)?;
        let paused = watch_pause.max(close_pause);
        tracing::info!(
            entries = summary.entries,
            bytes = summary.bytes,
            changed_during_copy = changed,
            took_ms = began.elapsed().as_millis() as u64,
            paused_ms = paused.as_millis() as u64,
            "backup snapshot taken"
        );
        Ok(Snapshot { file, summary, paused })
    }

    /// Step 1: subscribes to every tree in the backup while no write is in flight.
    fn watch_every_tree(&self) -> Result<(Vec<Watched>, Duration), StoreError> {
        let exclusive = self.gate.write();
        let paused = Instant::now();
        let mut watched = Vec::new();
        // A restore signs everyone out rather than bring back sessions ended since, and makes
        // the analytics' packs again when they are asked for.
        for name in self.db.tree_names().into_iter().filter(|n| copied(n)) {
            let tree = self.db.open_tree(&name)?;
            let subscriber = tree.watch_prefix(Vec::new());
            watched.push(Watched { name, tree, subscriber, changes: BTreeMap::new() });
        }
        drop(exclusive);
        Ok((watched, paused.elapsed()))
    }

    /// Step 2: every tree into a scratch file, collecting changes as it goes.
    fn copy_trees(&self, watched: &mut [Watched]) -> Result<File, StoreError> {
        let scratch = tempfile::tempfile_in(&self.dir).map_err(backup_error)?;
        let mut out = RecordWriter::scratch(BufWriter::with_capacity(1 << 20, scratch));
        for index in 0..watched.len() {
            if index == watched.len() / 2 {
                self.hold_for_test(watched);
            }
            let tree = watched[index].tree.clone();
            out.tree(&watched[index].name).map_err(backup_error)?;
            for (copied, entry) in tree.iter().enumerate() {
                let (key, value) = entry?;
                out.entry(&key, &value).map_err(backup_error)?;
                if (copied as u64).is_multiple_of(COLLECT_EVERY) {
                    collect_all(watched);
                }
            }
            collect_all(watched);
        }
        let mut scratch = out.into_inner().map_err(backup_error)?.into_inner().map_err(backup_error)?;
        scratch.rewind().map_err(backup_error)?;
        Ok(scratch)
    }

    /// Step 3: the snapshot's moment. Returns sled's id counter, the changes, and how long
    /// writers waited.
    fn close(&self, mut watched: Vec<Watched>) -> Result<(u64, Vec<Changed>, Duration), StoreError> {
        // Writers blocked on a full subscriber hold the shared side: keep collecting until
        // every writer in flight has finished and the exclusive side is ours.
        let exclusive = loop {
            collect_all(&mut watched);
            if let Some(exclusive) = self.gate.try_write_for(Duration::from_millis(1)) {
                break exclusive;
            }
        };
        let paused = Instant::now();
        // Every write has finished, so sled has reported each one: this takes the last.
        collect_all(&mut watched);
        let id_counter = self.db.generate_id()?;
        // Ending the subscriptions before letting writers go: nothing would read them.
        let mut changed: Vec<Changed> =
            watched.into_iter().map(|w| Changed { name: w.name, changes: w.changes }).collect();
        // A tree made during the copy (none is, once the server runs) is new: all changes.
        for name in self.db.tree_names() {
            if !copied(&name) || changed.iter().any(|c| c.name == name) {
                continue;
            }
            let changes =
                self.db.open_tree(&name)?.iter().map(|e| e.map(|(k, v)| (k, Some(v)))).collect::<Result<_, _>>()?;
            changed.push(Changed { name, changes });
        }
        drop(exclusive);
        Ok((id_counter, changed, paused.elapsed()))
    }

    /// Under the `backup_hold` test fault: waits halfway through the copy while the trigger
    /// file exists, collecting changes, so a test can write during a backup.
    fn hold_for_test(&self, watched: &mut [Watched]) {
        let Some(hold) = &self.backup_hold else { return };
        let _ = std::fs::write(&hold.marker, b"");
        while hold.trigger.exists() {
            collect_all(watched);
            std::thread::sleep(Duration::from_millis(2));
        }
        let _ = std::fs::remove_file(&hold.marker);
    }
}

/// Step 4: the scratch copy with the changes merged in, as a backup file. Returns what the
/// file holds and how many keys changed during the copy.
fn merge(
    scratch: File,
    trees: Vec<Changed>,
    id_counter: u64,
    file: &mut File,
) -> Result<(BackupSummary, u64), StoreError> {
    let mut copy = ScratchCursor { reader: RecordReader::scratch(scratch), ahead: None };
    let mut out = RecordWriter::backup(BufWriter::with_capacity(1 << 20, file), id_counter).map_err(backup_error)?;
    let mut changed = 0;
    for Changed { name, changes } in trees {
        changed += changes.len() as u64;
        out.tree(&name).map_err(backup_error)?;
        let copied = copy.enter(&name)?;
        let mut changes = changes.into_iter().peekable();
        let emit = |out: &mut RecordWriter<_>, key: &[u8], value: Option<&[u8]>| match value {
            Some(value) => out.entry(key, value).map_err(backup_error),
            None => Ok(()),
        };
        while let Some((key, value)) = if copied { copy.next_entry()? } else { None } {
            while let Some((changed_key, latest)) = changes.next_if(|(k, _)| k.as_ref() < key.as_slice()) {
                emit(&mut out, &changed_key, latest.as_deref())?;
            }
            match changes.next_if(|(k, _)| k.as_ref() == key.as_slice()) {
                Some((_, latest)) => emit(&mut out, &key, latest.as_deref())?,
                None => emit(&mut out, &key, Some(&value))?,
            }
        }
        for (changed_key, latest) in changes {
            emit(&mut out, &changed_key, latest.as_deref())?;
        }
    }
    Ok((out.finish().map_err(backup_error)?, changed))
}

/// A key and its value, as copied.
type Entry = (Vec<u8>, Vec<u8>);

/// Reads the scratch copy tree by tree, in the order it was written.
struct ScratchCursor {
    reader: RecordReader<File>,
    /// A record read ahead: the next tree's start.
    ahead: Option<Record>,
}

impl ScratchCursor {
    fn next(&mut self) -> Result<Option<Record>, StoreError> {
        match self.ahead.take() {
            Some(record) => Ok(Some(record)),
            None => self.reader.next_record().map_err(backup_error),
        }
    }

    /// Moves to the copy of tree `name`; false when the copy has no such tree (one made
    /// during the copy).
    fn enter(&mut self, name: &[u8]) -> Result<bool, StoreError> {
        match self.next()? {
            Some(Record::Tree(copied)) if copied == name => Ok(true),
            other => {
                self.ahead = other;
                Ok(false)
            }
        }
    }

    /// The next entry of the current tree; `None` at the next tree or the end.
    fn next_entry(&mut self) -> Result<Option<Entry>, StoreError> {
        match self.next()? {
            Some(Record::Entry(key, value)) => Ok(Some((key, value))),
            other => {
                self.ahead = other;
                Ok(None)
            }
        }
    }
}
