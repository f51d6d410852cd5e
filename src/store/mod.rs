//! The storage interface: one trait per concern, which actors, http, site and webhooks depend
//! on, and the backends behind it. The embedded sled database (`sled/`) is the zero-set-up
//! default; nothing outside its module names a sled type.
//!
//! The traits are async so that a backend over the network (a database server shared by
//! several servers) fits behind them as well as the embedded one, whose operations finish
//! without waiting. The referral engine's reads stay synchronous (`BrandReads`): a
//! decision is made against a [`BrandSession`], which a backend opens for one brand, lets the
//! engine read, and commits atomically.
//!
//! Every backend must pass the same conformance suite (`tests/conformance/`): the contract of
//! each operation is written down here, next to its signature.

mod backend;
mod batch;
pub mod codec;
mod interface;
pub mod moved;
mod partner_sums;
pub mod postgres;
mod signup_cache;
mod signup_reads;
pub mod sled;
mod types;

use std::path::Path;
use std::sync::Arc;

use backend::Backend;

pub use self::sled::backup;
pub use self::sled::backup::BackupError;
pub use self::sled::{BackupHold, StoreOptions};
pub use batch::{run_decision, spawn_commit, Batch, Claim, Committed, Verdict, MOST_DECISIONS};
pub use interface::{
    BackupStore, BrandSession, BrandStore, CampaignStore, ConversionStore, CouponStore, DecisionStore, EmailStore,
    IdempotencyStore, Lifecycle, MemberStore, ParticipantStore, PayoutStore, PlanStore, PromoCodeReads, RateStore,
    RewardStore, SessionStore, StandingStore, WaitlistStore, WebhookStore,
};
pub use partner_sums::partner_sums;
pub use postgres::{restore_postgres, PostgresOptions};
pub use signup_reads::{signup_campaign, signup_key_holder, SignupLearned};
pub use types::{
    AtLimit, BackupSummary, BrandRefused, DomainReferrer, DomainTaken, DueContest, DueHold, EmailTaken,
    FinishedAttempt, IdempotencyRecord, IdempotencyWrite, IdempotentOutcome, Snapshot,
};

/// Everything a backend provides: the traits callers use (`interface/`) and the one the
/// store's own machinery uses (`backend.rs`).
pub trait Storage:
    MemberStore
    + SessionStore
    + PlanStore
    + BrandStore
    + CampaignStore
    + CouponStore
    + ParticipantStore
    + RewardStore
    + ConversionStore
    + PromoCodeReads
    + PayoutStore
    + RateStore
    + IdempotencyStore
    + WebhookStore
    + EmailStore
    + StandingStore
    + WaitlistStore
    + DecisionStore
    + BackupStore
    + Lifecycle
    + Backend
{
}

impl<T> Storage for T where
    T: MemberStore
        + SessionStore
        + PlanStore
        + BrandStore
        + CampaignStore
        + CouponStore
        + ParticipantStore
        + RewardStore
        + ConversionStore
        + PromoCodeReads
        + PayoutStore
        + RateStore
        + IdempotencyStore
        + WebhookStore
        + EmailStore
        + StandingStore
        + WaitlistStore
        + DecisionStore
        + BackupStore
        + Lifecycle
        + Backend
{
}

/// The storage every layer above holds: shared, cheap to clone.
pub type SharedStorage = Arc<dyn Storage>;

/// Errors of the storage layer. All of them are server faults (mapped to 500 and logged);
/// domain conflicts are returned as values, never as `StoreError`.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// The backend failed (an I/O error, a database error). The message names no secret.
    #[error("database error: {0}")]
    Database(String),
    #[error("stored value could not be decoded: {0}")]
    Decode(String),
    #[error("value could not be encoded: {0}")]
    Encode(String),
    #[error("stored value has unknown schema version {0}")]
    UnknownSchema(u8),
    #[error("flush to disk failed: {0}")]
    Flush(String),
    #[error("the store is shutting down")]
    Closed,
    #[error("backup failed: {0}")]
    Backup(String),
    /// The database cannot be reached, or did not answer in time (a shared database server
    /// that went away or is overloaded). Answered 503: a retry later may succeed.
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// A failure switched on by a test (see [`crate::faults`]).
    #[error("injected failure of the {0} (a test fault)")]
    Injected(&'static str),
}

impl From<crate::domain::engine::Inconsistent> for StoreError {
    fn from(e: crate::domain::engine::Inconsistent) -> Self {
        StoreError::Decode(e.0)
    }
}

/// Opens the embedded database under `dir` (the default backend).
pub fn open_embedded(dir: &Path, options: &StoreOptions) -> Result<SharedStorage, StoreError> {
    Ok(Arc::new(self::sled::SledStore::open(dir, options)?))
}

/// Connects to PostgreSQL and brings its schema to this build's version (the backend for
/// several servers on one database).
pub async fn open_postgres(options: &postgres::PostgresOptions) -> Result<SharedStorage, StoreError> {
    Ok(Arc::new(postgres::PgStore::open(options).await?))
}

/// Moves a backup of the embedded database into the empty PostgreSQL database of `options`:
/// the backup is restored into `scratch` (an empty directory, which the caller removes after),
/// read out whole and loaded (see `moved.rs`), all or nothing.
pub async fn move_embedded_backup(
    reader: impl std::io::Read,
    scratch: &Path,
    options: &postgres::PostgresOptions,
) -> Result<(BackupSummary, postgres::Imported), postgres::RestoreError> {
    let summary = self::sled::backup::restore_into(reader, &self::sled::backup::database_dir(scratch))?;
    let imported = move_embedded(scratch, options).await?;
    Ok((summary, imported))
}

/// Moves the embedded database under `dir` (no server running on it) into the empty
/// PostgreSQL database of `options`, all or nothing: what [`move_embedded_backup`] does once
/// the backup is restored (the analytics benchmark moves its seeded database so).
pub async fn move_embedded(
    dir: &Path,
    options: &postgres::PostgresOptions,
) -> Result<postgres::Imported, postgres::RestoreError> {
    let embedded = self::sled::SledStore::open(dir, &StoreOptions::default())?;
    let (sender, receiver) = tokio::sync::mpsc::channel(64);
    // The sender goes with the export: an export that stops early closes the channel, and
    // the import, which never saw the end, keeps nothing.
    let export = async {
        let sender = sender;
        embedded.export(&sender).await
    };
    let (exported, imported) = tokio::join!(export, postgres::import_moved(options, receiver));
    embedded.close().await?;
    let imported = imported?;
    exported?;
    Ok(imported)
}

/// The campaign's participant that `email` names, by the campaign's rule: the address itself,
/// then, when the campaign compares inboxes (`fraud.canonical_emails`), its inbox (see
/// [`crate::domain::email::EmailAddress::lookups`]; the engine reads the same way).
pub async fn participant_by_address(
    store: &SharedStorage,
    campaign: &crate::domain::Campaign,
    email: &crate::domain::EmailAddress,
) -> Result<Option<crate::domain::Participant>, StoreError> {
    for lookup in email.lookups(campaign.fraud.canonical_emails) {
        if let Some(found) = store.participant_by_email(campaign.id, &lookup).await? {
            return Ok(Some(found));
        }
    }
    Ok(None)
}

/// Every campaign of the member with its counters, newest campaign first (a few reads a
/// campaign, never a scan of its participants or rewards): what the dashboard's navigation,
/// review overview and account page count from.
pub async fn counters_of_member(
    store: &SharedStorage,
    member_id: u64,
) -> Result<Vec<(crate::domain::Campaign, crate::domain::CampaignCounters)>, StoreError> {
    use crate::domain::pagination::{PageRequest, MAX_LIMIT};
    let mut counted = Vec::new();
    let mut page = PageRequest { page: 1, limit: MAX_LIMIT };
    loop {
        let (campaigns, total) = store.campaigns_of_member(member_id, None, page).await?;
        let read = campaigns.len() as u64;
        for campaign in campaigns {
            let counters = store.counters(campaign.id).await?;
            counted.push((campaign, counters));
        }
        if read == 0 || page.page * page.limit >= total {
            return Ok(counted);
        }
        page.page += 1;
    }
}
