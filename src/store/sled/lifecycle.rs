//! The server secret's check value, health, and shutdown.

use async_trait::async_trait;

use super::{codec, keys, SledStore};
use crate::store::{Lifecycle, StoreError};

/// Marker in `meta`: the check value of the server secret.
const SECRET_CHECK: &str = "secret_check";

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
        let sealed = |tag: u8| self.indexes.scan_prefix([tag]).next().is_some();
        if !self.webhooks.is_empty() || sealed(keys::index::STRIPE) || sealed(keys::index::SOURCE) {
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

    /// The flusher thread, after a final flush. Nothing here waits for the brands' batches:
    /// their actors committed them before the server let go of the store.
    async fn close(&self) -> Result<(), StoreError> {
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
