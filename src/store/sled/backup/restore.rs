//! Reading a backup back: checking a file, and the offline restore of one into a data
//! directory (`refctl restore`).

use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

use super::format::{Record, RecordReader};
use super::BackupError;
use crate::store::BackupSummary;

/// Bytes of entries restored between flushes. sled keeps written pages in memory until a
/// flush has put them in its files; flushing this often keeps a restore's memory flat.
/// (Measured: a 700 MB backup of 4,000,000 entries restores in 86 MB; batches instead of
/// single inserts took 10 GB, as sled 0.34's batches hold on to what they wrote.)
const RESTORE_FLUSH_BYTES: usize = 4 * 1024 * 1024;
/// sled's page cache while restoring: nothing is read back, so a small one does.
const RESTORE_CACHE_BYTES: u64 = 4 * 1024 * 1024;

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
    let mut backup = RecordReader::backup(reader)?;
    while backup.next_record()?.is_some() {}
    backup.finish()
}

/// Whether the backup was taken from PostgreSQL (its trees are named `postgres.…`), read
/// from its first record.
pub fn taken_from_postgres(reader: impl Read) -> Result<bool, BackupError> {
    match RecordReader::backup(reader)?.next_record()? {
        Some(Record::Tree(name)) => Ok(name.starts_with(b"postgres.")),
        _ => Err(BackupError::Damaged("no tree at its start".into())),
    }
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
    let mut backup = RecordReader::backup(reader)?;
    let db = sled::Config::new().path(db_dir).cache_capacity(RESTORE_CACHE_BYTES).flush_every_ms(None).open()?;
    let mut tree: Option<sled::Tree> = None;
    let mut unflushed = 0;
    while let Some(record) = backup.next_record()? {
        match record {
            Record::Tree(name) if name.starts_with(b"postgres.") => {
                return Err(BackupError::OtherBackend(
                    "this backup was taken from PostgreSQL: restore it with refctl restore FILE --database-url URL"
                        .into(),
                ))
            }
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
    super::super::DurableLog::open(db.clone(), db_dir)?
        .flush()
        .map_err(|e| BackupError::Io(io::Error::other(e.to_string())))?;
    Ok(summary)
}
