//! The embedded sled database, the default backend: the fixed set of trees, key encoding,
//! value codecs, the group-commit flusher, the storage traits implemented over them, and the
//! engine's sessions (`decisions.rs`).
//!
//! Layout of the data (keys are big-endian integers or fixed-layout bytes, never bincode;
//! values are versioned bincode, see [`codec`]):
//!
//! | tree             | key                         | value            |
//! |------------------|-----------------------------|------------------|
//! | `members`        | member id                   | [`Member`](crate::domain::Member) |
//! | `member_emails`  | lower-cased email           | member id        |
//! | `api_keys`       | SHA-256 digest of the key   | member id        |
//! | `plans`          | plan id                     | [`Plan`](crate::domain::Plan) |
//! | `meta`           | ASCII name                  | small markers    |
//! | `brands`         | brand id                    | [`Brand`](crate::domain::Brand) |
//! | `campaigns`      | campaign id                 | [`Campaign`](crate::domain::Campaign) |
//! | `participants`   | participant id              | [`Participant`](crate::domain::Participant) |
//! | `indexes`        | tag ++ ids (see [`keys::index`]) | member → brands, campaigns, participants, rewards; domains; holds; purges |
//! | `campaign_rows`  | campaign id ++ tag ++ …     | roster, emails, coupons, pending rewards, counters, visits |
//! | `participant_rows` | participant id ++ tag ++ id | rewards, invitations |
//! | `idempotency`    | member id ++ SHA-256(key)   | the first answer of an idempotent request |
//! | `journal`        | entry id                    | a brand write set being applied (see `overlay.rs`) |
//! | `webhooks`, `deliveries`, `delivery_log` | see `webhooks.rs` | webhooks and their delivery state |
//! | `events`         | event id                    | [`Event`](crate::domain::event::Event): what its deliveries send |
//! | `email_log`      | email id                    | what became of an email to a participant (see `emails.rs`) |
//! | `sessions`       | see `sessions.rs`           | members' dashboard sessions (left out of backups) |
//!
//! Leaderboards are kept in memory, tallied from the roster (`boards.rs`); contests keep a
//! campaign row and one index (`standings.rs`).
//!
//! A campaign's rows and a participant's rows are each one contiguous key range, so a
//! cascade delete is a range delete. Only the campaign's brand actor writes them.

pub mod backup;
mod boards;
mod brands;
mod campaigns;
mod conversions;
mod copies;
mod counters;
mod coupon_codes;
mod coupons;
mod decisions;
mod emails;
mod exchange_rates;
mod export;
mod fraud;
mod group_commit;
mod ids;
pub mod keys;
mod lifecycle;
mod members;
mod migrate;
mod overlay;
mod participants;
mod payouts;
mod plans;
mod promo_codes;
mod rewards;
mod rollups;
mod search;
mod session_end;
mod sessions;
mod standings;
mod waitlist;
mod webhooks;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use crate::domain::webhook::WebhookRoute;

pub use group_commit::{DurableLog, GroupCommit};

use super::{codec, StoreError};

impl From<sled::Error> for StoreError {
    fn from(e: sled::Error) -> Self {
        StoreError::Database(e.to_string())
    }
}

/// The error type inside our sled transactions: storage errors make sled retry or fail, and a
/// value that cannot be (de)coded aborts with the [`StoreError`]. Domain outcomes (conflicts)
/// are never aborts: the closure returns them as `Ok(Err(..))`.
type TxError = sled::transaction::ConflictableTransactionError<StoreError>;

fn tx_decode<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> Result<T, TxError> {
    codec::decode(bytes).map_err(TxError::Abort)
}

fn tx_encode<T: serde::Serialize>(value: &T) -> Result<Vec<u8>, TxError> {
    codec::encode(value).map_err(TxError::Abort)
}

/// Turns a finished transaction into the store's error type.
fn finish_transaction<T>(result: Result<T, sled::transaction::TransactionError<StoreError>>) -> Result<T, StoreError> {
    result.map_err(|e| match e {
        sled::transaction::TransactionError::Storage(e) => StoreError::from(e),
        sled::transaction::TransactionError::Abort(e) => e,
    })
}

/// Settings of the embedded database.
#[derive(Debug, Clone)]
pub struct StoreOptions {
    /// sled page cache in bytes.
    pub cache_capacity: u64,
    /// How often the flusher flushes when no writer is waiting (covers batched counters).
    pub idle_flush: Duration,
    /// The `disk_flush` test fault: once this file exists, every group-commit flush fails.
    pub fail_flush_trigger: Option<PathBuf>,
    /// The `backup_hold` test fault (see `backup/live.rs`).
    pub backup_hold: Option<BackupHold>,
}

/// The `backup_hold` test fault's two files, named by the caller (the store does not know the
/// fault list; `faults.rs` does).
#[derive(Debug, Clone)]
pub struct BackupHold {
    /// While this file exists, a backup waits halfway through its copy.
    pub trigger: PathBuf,
    /// Created while a backup waits there, so a test knows it may write.
    pub marker: PathBuf,
}

impl Default for StoreOptions {
    fn default() -> Self {
        Self {
            cache_capacity: 256 * 1024 * 1024,
            idle_flush: Duration::from_secs(1),
            fail_flush_trigger: None,
            backup_hold: None,
        }
    }
}

/// Handle to the database. Cheap to clone; every clone shares the same trees and flusher.
#[derive(Clone)]
pub struct SledStore {
    db: sled::Db,
    members: sled::Tree,
    member_emails: sled::Tree,
    api_keys: sled::Tree,
    plans: sled::Tree,
    meta: sled::Tree,
    brands: sled::Tree,
    campaigns: sled::Tree,
    participants: sled::Tree,
    indexes: sled::Tree,
    campaign_rows: sled::Tree,
    participant_rows: sled::Tree,
    idempotency: sled::Tree,
    journal: sled::Tree,
    webhooks: sled::Tree,
    deliveries: sled::Tree,
    delivery_log: sled::Tree,
    events: sled::Tree,
    email_log: sled::Tree,
    /// Dashboard sessions (see `sessions.rs`).
    sessions: sled::Tree,
    /// The analytics' packs of partners: a cache, never in a backup (see `rollups.rs`).
    partner_packs: sled::Tree,
    commit: Arc<GroupCommit>,
    /// sled plus `fdatasync` of its log: what "on disk" means here (see [`DurableLog`]).
    log: DurableLog,
    /// Every write holds the shared side while it writes; a backup holds the exclusive side
    /// at the two moments its copy begins and ends, so it never sees a write set half
    /// applied (see `backup/live.rs`).
    gate: Arc<parking_lot::RwLock<()>>,
    /// Every campaign's leaderboards, kept in memory from the roster (see `boards.rs`).
    boards: Arc<boards::Boards>,
    /// The last id handed out of each kind (see `ids.rs`).
    ids: Arc<ids::IdCounters>,
    /// The `backup_hold` test fault's files.
    backup_hold: Option<BackupHold>,
    /// The data directory (the database is `dir/db`), where backups stage their snapshot.
    dir: PathBuf,
    /// Each member's active webhooks, as signups need them (see `webhooks.rs`).
    webhook_routes: Arc<parking_lot::RwLock<std::collections::HashMap<u64, Arc<Vec<WebhookRoute>>>>>,
    /// Held while a brand or campaign is counted against a plan's limit and created, so that
    /// two creations cannot both see room for one (creations are rare: one lock is enough).
    accounts: Arc<parking_lot::Mutex<()>>,
    /// Held while a failed email is checked and queued again, so that two resends at once
    /// cannot both see it failed and queue it twice (see `emails.rs`).
    resends: Arc<parking_lot::Mutex<()>>,
    /// Which codes each coupon pool holds, while imports use it (see `coupon_codes.rs`).
    coupon_codes: Arc<coupon_codes::CodeIndexes>,
    /// Outbox entries the mailer holds, until when (Unix ms; see `emails.rs`).
    email_leases: Arc<parking_lot::Mutex<std::collections::HashMap<u64, i64>>>,
    /// What signups' requests were last told (see `store/signup_cache.rs`).
    signup_cache: Arc<crate::store::signup_cache::SignupCache>,
}

/// The flusher over `log`; under the `disk_flush` test fault, one whose flushes fail once the
/// trigger file exists.
fn start_group_commit(log: &DurableLog, options: &StoreOptions) -> GroupCommit {
    let log = log.clone();
    match options.fail_flush_trigger.clone() {
        None => GroupCommit::start(log, options.idle_flush),
        Some(trigger) => GroupCommit::start_with(
            move || {
                if trigger.exists() {
                    return Err(StoreError::Flush(std::io::Error::from_raw_os_error(5).to_string()));
                }
                log.flush()
            },
            options.idle_flush,
        ),
    }
}

impl SledStore {
    /// Opens (or creates) the database under `dir`, opens every tree once, starts the
    /// group-commit flusher and seeds the default plans on first start.
    pub fn open(dir: &Path, options: &StoreOptions) -> Result<Self, StoreError> {
        let sled_dir = backup::database_dir(dir);
        let db = sled::Config::new()
            .path(&sled_dir)
            .cache_capacity(options.cache_capacity)
            // The group-commit flusher is the only thread that flushes: concurrent flushes
            // collapse throughput in sled 0.34.7 (see DESIGN.md, "Durability contract").
            .flush_every_ms(None)
            .open()?;
        let log = DurableLog::open(db.clone(), &sled_dir).map_err(|e| StoreError::Database(e.to_string()))?;
        let store = Self {
            members: db.open_tree("members")?,
            member_emails: db.open_tree("member_emails")?,
            api_keys: db.open_tree("api_keys")?,
            plans: db.open_tree("plans")?,
            meta: db.open_tree("meta")?,
            brands: db.open_tree("brands")?,
            campaigns: db.open_tree("campaigns")?,
            participants: db.open_tree("participants")?,
            indexes: db.open_tree("indexes")?,
            campaign_rows: db.open_tree("campaign_rows")?,
            participant_rows: db.open_tree("participant_rows")?,
            idempotency: db.open_tree("idempotency")?,
            journal: db.open_tree("journal")?,
            webhooks: db.open_tree("webhooks")?,
            deliveries: db.open_tree("deliveries")?,
            delivery_log: db.open_tree("delivery_log")?,
            events: db.open_tree("events")?,
            email_log: db.open_tree("email_log")?,
            sessions: db.open_tree(sessions::TREE)?,
            partner_packs: db.open_tree(rollups::PACKS_TREE)?,
            commit: Arc::new(start_group_commit(&log, options)),
            log,
            gate: Arc::default(),
            boards: Default::default(),
            ids: Default::default(),
            backup_hold: options.backup_hold.clone(),
            dir: dir.to_owned(),
            webhook_routes: Arc::default(),
            accounts: Arc::default(),
            resends: Arc::default(),
            coupon_codes: Arc::default(),
            email_leases: Arc::default(),
            signup_cache: Arc::default(),
            db,
        };
        store.seed_plans()?;
        let replayed = store.replay_journal()?;
        if replayed > 0 {
            tracing::warn!(entries = replayed, "re-applied brand writes interrupted by a crash");
        }
        let migrated = store.migrate()?;
        if migrated > 0 {
            tracing::info!(rows = migrated, "migrated stored rows to this release's schema");
        }
        let resumed = store.resume_purges()?;
        if resumed > 0 {
            tracing::info!(campaigns = resumed, "finished purging campaigns deleted before a crash");
        }
        // Start-up writes are writes like any other: make them durable before serving.
        store.log.flush()?;
        Ok(store)
    }

    /// Held by every write for its duration (see [`SledStore::gate`]). Recursive, so a write that
    /// calls another write cannot deadlock against a waiting backup.
    fn writing(&self) -> parking_lot::RwLockReadGuard<'_, ()> {
        self.gate.read_recursive()
    }

    /// The outcome of a write that is answered to a client, once what it wrote (and every
    /// write before it) is durable: the group commit's flush. A failed write wrote nothing
    /// and is answered at once. (A batch of decisions waits the same way, in `decisions.rs`.)
    async fn acknowledged<T>(&self, outcome: Result<T, StoreError>) -> Result<T, StoreError> {
        let outcome = outcome?;
        self.commit.durable().await?;
        Ok(outcome)
    }

    /// The row under `key` of `tree`, decoded.
    fn read<T: serde::de::DeserializeOwned>(tree: &sled::Tree, key: impl AsRef<[u8]>) -> Result<Option<T>, StoreError> {
        tree.get(key)?.map(|row| codec::decode(&row)).transpose()
    }
}
