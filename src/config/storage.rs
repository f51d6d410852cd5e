//! `[storage]`: where the data is kept. The embedded database (sled, under `data_dir`) is the
//! default and needs nothing set up; PostgreSQL lets several servers share one database.

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

/// Which database the server keeps its data in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// The embedded database under `data_dir`: one server.
    #[default]
    Sled,
    /// A PostgreSQL database at `database_url`: any number of servers.
    Postgres,
}

/// `[storage]`.
#[derive(Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields, default)]
pub struct StorageConfig {
    pub backend: Backend,
    /// Directory of the embedded database and of the generated secret (`secret.key`).
    pub data_dir: PathBuf,
    /// sled page cache, in MiB.
    pub cache_capacity_mb: u64,
    /// Milliseconds between flushes when no write is waiting (bounds the loss window of
    /// batched counters).
    pub idle_flush_ms: u64,
    /// The PostgreSQL database, `postgres://user:password@host:port/database`. It may hold a
    /// password: never logged, never shown.
    pub database_url: String,
    /// Most connections to PostgreSQL this server opens: half for the brands' decisions,
    /// half for everything else (see `store/postgres/connection.rs`).
    pub pool_size: u32,
    /// Longest wait for a connection, a connect or one statement, in milliseconds: past it a
    /// request answers 503 rather than hang.
    pub database_timeout_ms: u64,
}

impl Default for StorageConfig {
    fn default() -> Self {
        Self {
            backend: Backend::Sled,
            data_dir: PathBuf::from("./data"),
            cache_capacity_mb: 256,
            idle_flush_ms: 1000,
            database_url: String::new(),
            pool_size: 16,
            database_timeout_ms: 5000,
        }
    }
}

/// Shows everything but the database URL, which may hold a password.
impl std::fmt::Debug for StorageConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StorageConfig")
            .field("backend", &self.backend)
            .field("data_dir", &self.data_dir)
            .field("cache_capacity_mb", &self.cache_capacity_mb)
            .field("idle_flush_ms", &self.idle_flush_ms)
            .field("database_url", &if self.database_url.is_empty() { "" } else { "<set>" })
            .field("pool_size", &self.pool_size)
            .field("database_timeout_ms", &self.database_timeout_ms)
            .finish()
    }
}

impl StorageConfig {
    pub(super) fn apply_env(&mut self, set: impl Fn(&str) -> Option<String>) -> Result<(), String> {
        if let Some(v) = set("REFERRALS_DATA_DIR") {
            self.data_dir = v.into();
        }
        if let Some(v) = set("REFERRALS_STORAGE_BACKEND") {
            self.backend = match v.trim().to_ascii_lowercase().as_str() {
                "sled" => Backend::Sled,
                "postgres" | "postgresql" => Backend::Postgres,
                _ => {
                    return Err(format!(
                        "REFERRALS_STORAGE_BACKEND must be sled or postgres (it is {:?})",
                        v.chars().take(32).collect::<String>()
                    ))
                }
            };
        }
        if let Some(v) = set("REFERRALS_DATABASE_URL") {
            self.database_url = v;
        }
        if let Some(v) = set("REFERRALS_DATABASE_POOL_SIZE") {
            self.pool_size = v.trim().parse().map_err(|_| {
                format!(
                    "REFERRALS_DATABASE_POOL_SIZE must be a whole number (it is {:?})",
                    v.chars().take(32).collect::<String>()
                )
            })?;
        }
        Ok(())
    }

    /// What the other keys cannot say for themselves. The URL's own syntax is checked when the
    /// server connects, with a message that names no part of it.
    pub(super) fn check(&self) -> Result<(), String> {
        if self.backend == Backend::Postgres {
            let url = self.database_url.trim();
            if url.is_empty() {
                return Err("storage.backend is postgres but storage.database_url (REFERRALS_DATABASE_URL) is empty: \
                            set it to postgres://user:password@host:port/database"
                    .into());
            }
            if !(url.starts_with("postgres://") || url.starts_with("postgresql://")) {
                return Err("storage.database_url must start with postgres:// or postgresql://".into());
            }
        }
        if !(2..=1000).contains(&self.pool_size) {
            return Err("storage.pool_size must be between 2 and 1000".into());
        }
        if !(100..=600_000).contains(&self.database_timeout_ms) {
            return Err("storage.database_timeout_ms must be between 100 and 600000".into());
        }
        Ok(())
    }
}
