//! Backups: a consistent snapshot of the whole database as one file, taken while the server
//! goes on writing, and the offline restore of such a file into a data directory.
//!
//! - `live.rs` takes the snapshot: it copies every tree while writes go on and merges in what
//!   changed meanwhile; writers wait only for the two moments the copy begins and ends.
//! - `format.rs` is the file format (records with a SHA-256 trailer).
//! - `restore.rs` checks a file and restores it (`refctl restore`).
//!
//! The server secret (`secret.key`) is not in the file: keep it (or the configured
//! `[auth] secret`) next to your backups: API key copies and webhook secrets are sealed with
//! it. Dashboard sessions are left out (a restore signs all out).

use std::io;

use async_trait::async_trait;

use super::{SledStore, StoreError};
use crate::store::BackupStore;

mod format;
mod live;
mod restore;
#[cfg(test)]
mod tests;

use crate::store::types::Snapshot;
/// The file format, which every backend's backups share.
pub(crate) use format::{Record, RecordReader, RecordWriter};
pub use restore::{database_dir, database_in_use, restore_into, taken_from_postgres, verify};

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
    /// A backup of another backend, which this restore does not read.
    #[error("{0}")]
    OtherBackend(String),
    #[error("{0}")]
    Io(#[from] io::Error),
    #[error("database error: {0}")]
    Store(#[from] sled::Error),
}

#[async_trait]
impl BackupStore for SledStore {
    /// The copy runs on a blocking thread while writes go on (see `live.rs`).
    async fn snapshot(&self) -> Result<Snapshot, StoreError> {
        let store = self.clone();
        tokio::task::spawn_blocking(move || store.snapshot_now())
            .await
            .map_err(|e| StoreError::Backup(format!("the snapshot task failed: {e}")))?
    }
}
