//! Backups: a consistent snapshot of the whole database as one file, and the offline restore
//! of such a file into a data directory.
//!
//! **Consistency.** sled 0.34 has no snapshots, and a scan of thirteen trees while brand
//! actors write would catch write sets half applied (a coupon marked used whose reward is not
//! yet written). Every write of the store therefore holds the shared side of a gate
//! ([`SledStore::writing`]); a backup holds the exclusive side while it copies every tree into an
//! unlinked temporary file, so it sees exactly the writes that finished before it began and
//! none of those that began after. Writers wait for the copy (a sequential write of the
//! database, about a second per few hundred MB), then the file is streamed to the caller
//! without holding anything.
//!
//! **Format** (all integers big-endian):
//!
//! ```text
//! "referrals-backup" 0x00 | version u8 (1) | id counter u64
//! then records:  'T' name_len u16 name                 a tree; entries follow
//!                'E' key_len u32 key value_len u32 value
//!                'Z' SHA-256 of every byte before it (32 bytes), the end
//! ```
//!
//! The trailing digest makes a truncated download or a damaged file fail to restore instead
//! of restoring part of a database. The server secret (`secret.key`) is not in the file: keep
//! it (or the configured `[auth] secret`) next to your backups: API key copies and webhook
//! secrets are sealed with it. Dashboard sessions are left out (a restore signs all out).

use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, Write};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use async_trait::async_trait;

use super::{SledStore, StoreError};
use crate::store::BackupStore;

const MAGIC: &[u8; 17] = b"referrals-backup\0";
const VERSION: u8 = 1;
const TREE: u8 = b'T';
const ENTRY: u8 = b'E';
const END: u8 = b'Z';
/// Longest key or value a well-formed backup holds; anything longer is damage, and refusing
/// it keeps a damaged length field from asking for gigabytes of memory.
const MAX_FIELD: u32 = 256 * 1024 * 1024;
/// Bytes of entries restored between flushes. sled keeps written pages in memory until a
/// flush has put them in its files; flushing this often keeps a restore's memory flat.
/// (Measured: a 700 MB backup of 4,000,000 entries restores in 86 MB; batches instead of
/// single inserts took 10 GB, as sled 0.34's batches hold on to what they wrote.)
const RESTORE_FLUSH_BYTES: usize = 4 * 1024 * 1024;
/// sled's page cache while restoring: nothing is read back, so a small one does.
const RESTORE_CACHE_BYTES: u64 = 4 * 1024 * 1024;
/// Ids are handed out one at a time, so a counter beyond this is damage, not a database.
const MAX_ID_COUNTER: u64 = 1 << 40;

/// What a backup holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BackupSummary {
    /// Trees in the file (sled's default tree included).
    pub trees: u64,
    /// Key-value entries across all trees.
    pub entries: u64,
    /// Bytes of the whole file.
    pub bytes: u64,
}

/// Why a backup file could not be read or restored.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    #[error("this is not a referrals backup file")]
    NotABackup,
    #[error("backup format version {0} is not supported by this version of referrals")]
    UnsupportedVersion(u8),
    #[error("the backup file is truncated (an interrupted download?)")]
    Truncated,
    #[error("the backup file is damaged: {0}")]
    Damaged(String),
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("database error: {0}")]
    Store(#[from] sled::Error),
}

/// A snapshot written to an unlinked temporary file, rewound and ready to stream.
pub struct Snapshot {
    pub file: File,
    pub summary: BackupSummary,
    /// How long writers waited for the copy.
    pub paused: std::time::Duration,
}

#[async_trait]
impl BackupStore for SledStore {
    /// The copy runs on a blocking thread; writers wait for it (see the module docs).
    async fn snapshot(&self) -> Result<Snapshot, StoreError> {
        let store = self.clone();
        tokio::task::spawn_blocking(move || store.snapshot_now())
            .await
            .map_err(|e| StoreError::Backup(format!("the snapshot task failed: {e}")))?
    }
}

impl SledStore {
    /// Writes a consistent snapshot of the database into an unlinked temporary file in the
    /// data directory (nothing is left behind if the server dies meanwhile). Blocks writers
    /// for the duration of the copy.
    pub(super) fn snapshot_now(&self) -> Result<Snapshot, StoreError> {
        let mut file = tempfile::tempfile_in(&self.dir).map_err(|e| StoreError::Backup(e.to_string()))?;
        let started = std::time::Instant::now();
        let exclusive = self.gate.write();
        let summary = self.write_backup(&mut file)?;
        drop(exclusive);
        let paused = started.elapsed();
        tracing::info!(
            entries = summary.entries,
            bytes = summary.bytes,
            paused_ms = paused.as_millis() as u64,
            "backup snapshot taken"
        );
        file.rewind().map_err(|e| StoreError::Backup(e.to_string()))?;
        Ok(Snapshot { file, summary, paused })
    }

    /// Writes every tree in the backup format. The caller holds the exclusive gate.
    fn write_backup(&self, out: &mut File) -> Result<BackupSummary, StoreError> {
        let io = |e: io::Error| StoreError::Backup(e.to_string());
        let mut out = HashingWriter::new(BufWriter::with_capacity(1 << 20, out));
        out.write_all(MAGIC).map_err(io)?;
        out.write_all(&[VERSION]).map_err(io)?;
        out.write_all(&self.db.generate_id()?.to_be_bytes()).map_err(io)?;
        let mut summary = BackupSummary::default();
        // A restore signs everyone out rather than bring back sessions ended since.
        for name in self.db.tree_names().into_iter().filter(|n| n != super::sessions::TREE.as_bytes()) {
            let tree = self.db.open_tree(&name)?;
            out.write_all(&[TREE]).map_err(io)?;
            out.write_all(&(name.len() as u16).to_be_bytes()).map_err(io)?;
            out.write_all(&name).map_err(io)?;
            summary.trees += 1;
            for entry in tree.iter() {
                let (key, value) = entry?;
                out.write_all(&[ENTRY]).map_err(io)?;
                for field in [&key, &value] {
                    out.write_all(&(field.len() as u32).to_be_bytes()).map_err(io)?;
                    out.write_all(field).map_err(io)?;
                }
                summary.entries += 1;
            }
        }
        out.write_all(&[END]).map_err(io)?;
        let digest = out.digest();
        out.write_all(&digest).map_err(io)?;
        summary.bytes = out.written;
        out.inner.flush().map_err(io)?;
        Ok(summary)
    }
}

/// The sled directory inside a data directory.
pub fn database_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("db")
}

/// Whether a running process (a server) holds the database under `data_dir`. sled takes an
/// exclusive `flock` on its `db` file for as long as it has the database open; we try the
/// same lock and let go of it at once.
pub fn database_in_use(data_dir: &Path) -> io::Result<bool> {
    sled_dir_locked(&database_dir(data_dir))
}

/// Whether some handle holds sled's lock on the database in `sled_dir`.
fn sled_dir_locked(sled_dir: &Path) -> io::Result<bool> {
    use fs2::FileExt;
    let file = match File::open(sled_dir.join("db")) {
        Ok(file) => file,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(false),
        Err(e) => return Err(e),
    };
    match file.try_lock_exclusive() {
        Ok(()) => {
            FileExt::unlock(&file)?;
            Ok(false)
        }
        Err(e) if e.kind() == fs2::lock_contended_error().kind() => Ok(true),
        Err(e) => Err(e),
    }
}

/// Reads a whole backup and checks its digest without writing anything.
pub fn verify(reader: impl Read) -> Result<BackupSummary, BackupError> {
    let mut backup = BackupReader::open(reader)?;
    while backup.next_record()?.is_some() {}
    backup.finish()
}

/// Restores a backup into a new sled directory `db_dir`, which must not exist yet. On any
/// failure (damage found late, a full disk) the half-written directory is removed, so the
/// caller only ever swaps in a complete database.
pub fn restore_into(reader: impl Read, db_dir: &Path) -> Result<BackupSummary, BackupError> {
    if db_dir.exists() {
        return Err(BackupError::Io(io::Error::new(
            io::ErrorKind::AlreadyExists,
            format!("{} already exists", db_dir.display()),
        )));
    }
    let result = restore_fresh(reader, db_dir);
    if result.is_err() {
        let _ = std::fs::remove_dir_all(db_dir);
    }
    wait_for_sled_to_let_go(db_dir);
    result
}

/// sled releases its lock on the files from its own threads, a little after the last handle
/// is dropped. Wait for that (at most 10 s), so that whoever restored can open the database
/// at once: a server started in the same process, or a test. After the deadline the next
/// open reports the lock itself.
fn wait_for_sled_to_let_go(db_dir: &Path) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while matches!(sled_dir_locked(db_dir), Ok(true)) && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
}

fn restore_fresh(reader: impl Read, db_dir: &Path) -> Result<BackupSummary, BackupError> {
    let mut backup = BackupReader::open(reader)?;
    let db = sled::Config::new().path(db_dir).cache_capacity(RESTORE_CACHE_BYTES).flush_every_ms(None).open()?;
    let mut tree: Option<sled::Tree> = None;
    let mut unflushed = 0;
    while let Some(record) = backup.next_record()? {
        match record {
            Record::Tree(name) => tree = Some(db.open_tree(name)?),
            Record::Entry(key, value) => {
                let Some(current) = &tree else { return Err(BackupError::Damaged("an entry before any tree".into())) };
                unflushed += key.len() + value.len();
                current.insert(key, value)?;
                if unflushed >= RESTORE_FLUSH_BYTES {
                    db.flush()?;
                    unflushed = 0;
                }
            }
        }
    }
    // Entries are provisional until the digest checks out; on a mismatch the caller removes
    // the whole directory, so a damaged file never leaves part of a database.
    let summary = backup.finish()?;
    // Ids handed out after the restore must not repeat ids already in the data; sled has no
    // way to set its counter, so draw ids until it has passed the one saved in the backup.
    while db.generate_id()? < backup.id_counter {}
    // All the way to the disk, as the server's own writes (see `DurableLog`).
    super::DurableLog::open(db.clone(), db_dir)?
        .flush()
        .map_err(|e| BackupError::Io(io::Error::other(e.to_string())))?;
    Ok(summary)
}

/// One record of a backup, in file order.
enum Record {
    Tree(Vec<u8>),
    Entry(Vec<u8>, Vec<u8>),
}

/// The one parser of the format. What [`BackupReader::next_record`] hands out is provisional
/// until [`BackupReader::finish`] has checked the trailing digest.
struct BackupReader<R: Read> {
    input: HashingReader<R>,
    id_counter: u64,
    summary: BackupSummary,
    ended: bool,
}

impl<R: Read> BackupReader<R> {
    fn open(reader: R) -> Result<Self, BackupError> {
        let mut input =
            HashingReader { inner: BufReader::with_capacity(1 << 20, reader), hasher: Sha256::new(), read: 0 };
        let mut magic = [0u8; 17];
        input.exact(&mut magic).map_err(|_| BackupError::NotABackup)?;
        if &magic != MAGIC {
            return Err(BackupError::NotABackup);
        }
        let version = input.u8()?;
        if version != VERSION {
            return Err(BackupError::UnsupportedVersion(version));
        }
        let id_counter = input.u64()?;
        if id_counter > MAX_ID_COUNTER {
            return Err(BackupError::Damaged(format!("id counter {id_counter} is out of range")));
        }
        Ok(Self { input, id_counter, summary: BackupSummary::default(), ended: false })
    }

    /// The next tree or entry; `None` at the end record.
    fn next_record(&mut self) -> Result<Option<Record>, BackupError> {
        if self.ended {
            return Ok(None);
        }
        match self.input.u8()? {
            TREE => {
                let len = self.input.u16()? as usize;
                let mut name = vec![0u8; len];
                self.input.exact(&mut name)?;
                self.summary.trees += 1;
                Ok(Some(Record::Tree(name)))
            }
            ENTRY => {
                let key = self.input.field()?;
                let value = self.input.field()?;
                self.summary.entries += 1;
                Ok(Some(Record::Entry(key, value)))
            }
            END => {
                self.ended = true;
                Ok(None)
            }
            other => Err(BackupError::Damaged(format!("unknown record type {other:#04x}"))),
        }
    }

    /// Checks the digest after the end record and that nothing follows it.
    fn finish(&mut self) -> Result<BackupSummary, BackupError> {
        if !self.ended {
            return Err(BackupError::Damaged("records after the end".into()));
        }
        let expected: [u8; 32] = self.input.hasher.clone().finalize().into();
        let mut stored = [0u8; 32];
        self.input.inner.read_exact(&mut stored).map_err(truncated)?;
        if stored != expected {
            return Err(BackupError::Damaged("checksum mismatch".into()));
        }
        if self.input.inner.read(&mut [0u8; 1])? != 0 {
            return Err(BackupError::Damaged("bytes after the end".into()));
        }
        self.summary.bytes = self.input.read + 32;
        Ok(self.summary)
    }
}

fn truncated(e: io::Error) -> BackupError {
    if e.kind() == io::ErrorKind::UnexpectedEof {
        BackupError::Truncated
    } else {
        BackupError::Io(e)
    }
}

/// A reader that hashes what it reads, for the trailing digest.
struct HashingReader<R> {
    inner: BufReader<R>,
    hasher: Sha256,
    read: u64,
}

impl<R: Read> HashingReader<R> {
    fn exact(&mut self, buf: &mut [u8]) -> Result<(), BackupError> {
        self.inner.read_exact(buf).map_err(truncated)?;
        self.hasher.update(&*buf);
        self.read += buf.len() as u64;
        Ok(())
    }
    fn u8(&mut self) -> Result<u8, BackupError> {
        let mut b = [0u8; 1];
        self.exact(&mut b)?;
        Ok(b[0])
    }
    fn u16(&mut self) -> Result<u16, BackupError> {
        let mut b = [0u8; 2];
        self.exact(&mut b)?;
        Ok(u16::from_be_bytes(b))
    }
    fn u32(&mut self) -> Result<u32, BackupError> {
        let mut b = [0u8; 4];
        self.exact(&mut b)?;
        Ok(u32::from_be_bytes(b))
    }
    fn u64(&mut self) -> Result<u64, BackupError> {
        let mut b = [0u8; 8];
        self.exact(&mut b)?;
        Ok(u64::from_be_bytes(b))
    }
    /// A length-prefixed field.
    fn field(&mut self) -> Result<Vec<u8>, BackupError> {
        let len = self.u32()?;
        if len > MAX_FIELD {
            return Err(BackupError::Damaged(format!("a field of {len} bytes")));
        }
        let mut buf = vec![0u8; len as usize];
        self.exact(&mut buf)?;
        Ok(buf)
    }
}

/// A writer that hashes what it writes and counts the bytes.
struct HashingWriter<W: Write> {
    inner: W,
    hasher: Sha256,
    written: u64,
}

impl<W: Write> HashingWriter<W> {
    fn new(inner: W) -> Self {
        Self { inner, hasher: Sha256::new(), written: 0 }
    }
    fn digest(&self) -> [u8; 32] {
        self.hasher.clone().finalize().into()
    }
}

impl<W: Write> Write for HashingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.hasher.update(&buf[..n]);
        self.written += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::{Lifecycle, StoreOptions};

    fn snapshot_bytes(store: &SledStore) -> Vec<u8> {
        let mut snapshot = store.snapshot_now().unwrap();
        let mut bytes = Vec::new();
        snapshot.file.read_to_end(&mut bytes).unwrap();
        assert_eq!(bytes.len() as u64, snapshot.summary.bytes);
        bytes
    }

    #[test]
    fn a_backup_restores_every_tree_and_keeps_ids_unique() {
        let source = tempfile::tempdir().unwrap();
        let store = SledStore::open(source.path(), &StoreOptions::default()).unwrap();
        let mut last_id = 0;
        for _ in 0..2_500 {
            last_id = store.fresh_id().unwrap();
        }
        // 25,000 rows of 200 bytes: more than one flush interval of the restore.
        for i in 0u64..25_000 {
            store.campaign_rows.insert(i.to_be_bytes(), vec![(i % 251) as u8; 200]).unwrap();
        }
        store.meta.insert("marker", &b"x"[..]).unwrap();
        let brand = store.allocate(crate::domain::ids::IdKind::Brand).unwrap();
        let bytes = snapshot_bytes(&store);
        let verified = verify(&bytes[..]).unwrap();
        assert!(verified.entries >= 25_001, "{verified:?}");

        let target = tempfile::tempdir().unwrap();
        let restored = restore_into(&bytes[..], &database_dir(target.path())).unwrap();
        assert_eq!(restored, verified);
        let copy = SledStore::open(target.path(), &StoreOptions::default()).unwrap();
        assert_eq!(copy.campaign_rows.len(), 25_000);
        assert_eq!(
            copy.campaign_rows.get(24_999u64.to_be_bytes()).unwrap().as_deref(),
            Some(&[(24_999 % 251) as u8; 200][..])
        );
        assert_eq!(copy.allocate(crate::domain::ids::IdKind::Brand).unwrap(), brand + 1, "the id counters come along");
        assert_eq!(copy.meta.get("marker").unwrap().as_deref(), Some(&b"x"[..]));
        assert_eq!(copy.plans.len(), store.plans.len());
        assert!(copy.fresh_id().unwrap() > last_id, "ids after a restore never repeat stored ones");
    }

    #[test]
    fn damaged_and_truncated_files_are_refused_and_leave_nothing_behind() {
        let source = tempfile::tempdir().unwrap();
        let store = SledStore::open(source.path(), &StoreOptions::default()).unwrap();
        store.meta.insert("marker", &b"x"[..]).unwrap();
        let bytes = snapshot_bytes(&store);
        let target = tempfile::tempdir().unwrap();
        let db = database_dir(target.path());

        assert!(matches!(restore_into(&bytes[..bytes.len() - 10], &db), Err(BackupError::Truncated)));
        assert!(!db.exists(), "a failed restore removes its half-written database");
        let mut flipped = bytes.clone();
        let middle = flipped.len() / 2;
        flipped[middle] ^= 0x40;
        assert!(restore_into(&flipped[..], &db).is_err());
        assert!(!db.exists());
        assert!(matches!(verify(&b"PK\x03\x04 a zip file"[..]), Err(BackupError::NotABackup)));
        assert!(matches!(verify(&b""[..]), Err(BackupError::NotABackup)));
        let mut extra = bytes.clone();
        extra.push(0);
        assert!(matches!(verify(&extra[..]), Err(BackupError::Damaged(_))));
    }

    #[test]
    fn an_open_database_is_reported_in_use() {
        let dir = tempfile::tempdir().unwrap();
        assert!(!database_in_use(dir.path()).unwrap(), "no database at all");
        let store = SledStore::open(dir.path(), &StoreOptions::default()).unwrap();
        assert!(database_in_use(dir.path()).unwrap());
        // Released when the holding process ends: `refctl restore` after a stopped server is
        // in cli/tests (inside this process, sled's threads let go of the file at their own
        // pace, so that half is not asserted here).
        store.close().unwrap();
    }
}
