//! What the PostgreSQL backend does not do yet: consistent backups (in the embedded store's
//! format, so that `refctl restore` moves a database between backends). The operation fails
//! with a clear error naming itself, and the server does not start on PostgreSQL while this
//! file exists; issue 14 lists what remains.

use async_trait::async_trait;

use super::{PgStore, StoreError};
use crate::store::{BackupStore, Snapshot};

#[async_trait]
impl BackupStore for PgStore {
    async fn snapshot(&self) -> Result<Snapshot, StoreError> {
        Err(StoreError::Database("backups are not available on the PostgreSQL backend yet".into()))
    }
}
