//! The store as a whole: backups, and its opening and closing.

use crate::store::types::Snapshot;
use crate::store::StoreError;
use async_trait::async_trait;

/// Consistent copies of the whole database.
#[async_trait]
pub trait BackupStore: Send + Sync {
    /// Writes a consistent snapshot into an unlinked temporary file, rewound and ready to
    /// stream, with how long writers waited for it.
    async fn snapshot(&self) -> Result<Snapshot, StoreError>;
}

/// The server secret's check value, health, and shutdown.
#[async_trait]
pub trait Lifecycle: Send + Sync {
    /// Whether writes are refused until a restart (a flush to disk failed).
    fn writes_stopped(&self) -> bool;
    /// Whether other servers may use this database at the same time (then each webhook
    /// delivery is leased to one of them, see [`WebhookStore::claim_deliveries`](super::WebhookStore::claim_deliveries)).
    fn shared(&self) -> bool {
        false
    }
    /// Whether the database answers now (a database over the network may be away for a
    /// while; the embedded one is always here).
    async fn reachable(&self) -> Result<(), StoreError> {
        Ok(())
    }
    /// The check value of the server secret this database was written with; `None` for a new
    /// database.
    async fn secret_check(&self) -> Result<Option<Vec<u8>>, StoreError>;
    /// Records the check value of the server secret, durably.
    async fn record_secret_check(&self, check: &[u8]) -> Result<(), StoreError>;
    /// Whether anything here is sealed with the server secret (an API key or a webhook
    /// signing secret).
    async fn holds_sealed_data(&self) -> Result<bool, StoreError>;
    /// Drops what the backend keeps in memory for work that has stopped (the embedded one's
    /// coupon code indexes of imports that ended); called each minute.
    fn forget_idle(&self) {}
    /// Stops the store, once, when nothing more is asked of it (the brands' actors have
    /// committed their batches): makes every write durable and closes. A write asked after
    /// it is answered [`StoreError::Closed`] (or [`StoreError::Unavailable`], the connections
    /// gone).
    async fn close(&self) -> Result<(), StoreError>;
}
