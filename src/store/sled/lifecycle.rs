//! Durability (the group commit, for the store's own machinery), the server secret's check
//! value, and shutdown.

use async_trait::async_trait;

use super::{codec, keys, SledStore};
use crate::store::backend::{Backend, Inside, Writers};
use crate::store::{Lifecycle, StoreError};

/// Marker in `meta`: the check value of the server secret.
const SECRET_CHECK: &str = "secret_check";

#[async_trait]
impl Backend for SledStore {
    fn writers(&self, _: Inside) -> &Writers {
        &self.writers
    }

    /// Concurrent callers share one flush (group commit).
    async fn durable(&self, _: Inside) -> Result<(), StoreError> {
        self.commit.durable().await
    }
}

#[async_trait]
impl Lifecycle for SledStore {
    /// A flush to disk has failed: writes are refused until a restart (fail-stop, see
    /// [`super::GroupCommit`]). What `GET /health` reports.
    fn writes_stopped(&self) -> bool {
        self.commit.has_failed()
    }

    /// The code indexes of pools no import used for two minutes (see `coupon_codes.rs`).
    fn forget_idle(&self) {
        let forgotten = self.coupon_codes.forget_idle(std::time::Instant::now());
        if forgotten > 0 {
            tracing::debug!(forgotten, "dropped the code indexes of coupon pools no import uses");
        }
    }

    async fn secret_check(&self) -> Result<Option<Vec<u8>>, StoreError> {
        Ok(self.meta.get(SECRET_CHECK)?.map(|v| v.to_vec()))
    }

    /// On disk before it returns (start-up runs before the flusher serves anyone).
    async fn record_secret_check(&self, check: &[u8]) -> Result<(), StoreError> {
        self.meta.insert(SECRET_CHECK, check)?;
        self.log.flush()
    }

    async fn holds_sealed_data(&self) -> Result<bool, StoreError> {
        if !self.webhooks.is_empty() || self.indexes.scan_prefix([keys::index::STRIPE]).next().is_some() {
            return Ok(true);
        }
        for row in self.members.iter().values() {
            let member: crate::domain::Member = codec::decode(&row?)?;
            if member.api_key.is_some() {
                return Ok(true);
            }
        }
        Ok(false)
    }

    /// The writers first, then the flusher thread after a final flush (however long the
    /// writers took).
    async fn close(&self, deadline: tokio::time::Instant) -> Result<(), StoreError> {
        let _ = tokio::time::timeout_at(deadline, self.writers.close()).await;
        self.close_now()
    }
}

impl SledStore {
    /// Stops the flusher thread after a final flush (what [`Lifecycle::close`] ends with).
    pub(crate) fn close_now(&self) -> Result<(), StoreError> {
        self.commit.shutdown();
        self.log.flush()?;
        Ok(())
    }
}
