//! A brand's decisions and what they keep: the session the engine reads through, the standings,
//! the waitlists and the ids.

use crate::domain::contest::ContestResult;
use crate::domain::engine::{BrandReads, Write};
use crate::domain::ids::IdKind;
use crate::domain::leaderboard::{Board, Standing};
use crate::domain::waitlist::{Line, Spot};
use crate::domain::webhook::WebhookRoute;
use crate::domain::{Member, Participant, Plan};
use crate::store::types::{DueContest, IdempotencyRecord, IdempotencyWrite};
use crate::store::StoreError;
use async_trait::async_trait;

/// One brand's decision in progress: the engine reads the brand's committed data through it
/// ([`BrandReads`]), then the session commits the decision's writes, all or nothing (a
/// batch's session leaves the commit to its batch, see `batch.rs`).
///
/// Nothing else writes the brand's rows between the session's reads and its commit: that is
/// what the engine's exactly-once rules rest on. The embedded backend gets it from the
/// brand's actor deciding for it one decision at a time; a shared database holds a per-brand
/// lock from the session's first read to its end.
#[async_trait]
pub trait BrandSession: BrandReads<Error = StoreError> + Send + Sync {
    /// New ids for this decision, one of each kind asked for, in order (see
    /// [`DecisionStore::next_id`]). Taken through the session itself: a decision in progress
    /// never waits for a second connection to a shared database.
    async fn take_ids(&self, kinds: &[IdKind]) -> Result<Vec<u64>, StoreError>;
    /// The member's active webhooks, as this decision publishes to them (see
    /// [`WebhookStore::webhook_routes`](super::WebhookStore::webhook_routes)).
    async fn webhook_routes(&self, member_id: u64) -> Result<std::sync::Arc<Vec<WebhookRoute>>, StoreError>;
    /// The member whose API key has this digest ([`MemberStore::member_by_key_digest`](super::MemberStore::member_by_key_digest)), as
    /// the decision sees it: a signup checks that the key it came with still names its member.
    async fn key_holder(&self, digest: &[u8; 32]) -> Result<Option<Member>, StoreError>;
    /// A plan ([`PlanStore::plan`](super::PlanStore::plan)), as the decision sees it.
    async fn plan(&self, plan_id: u64) -> Result<Option<Plan>, StoreError>;
    /// The idempotency record under `key` ([`IdempotencyStore::idempotency_record`](super::IdempotencyStore::idempotency_record)), as this
    /// session sees it: with the records of the brand's decisions before it in the same
    /// transaction, not yet committed.
    async fn idempotency_record(&self, key: &[u8]) -> Result<Option<IdempotencyRecord>, StoreError>;
    /// Commits the writes (in order; a later write of the same row wins).
    async fn commit(self: Box<Self>, writes: &[Write]) -> Result<(), StoreError>;
    /// Commits the writes and the idempotency record together, unless a record under the
    /// same key exists: then nothing is written and that record comes back.
    async fn commit_idempotent(
        self: Box<Self>,
        writes: &[Write],
        idempotency: &IdempotencyWrite,
        record: &IdempotencyRecord,
    ) -> Result<Result<(), IdempotencyRecord>, StoreError>;
    /// Ends a session that writes nothing (a refusal, a replay). Dropping a session rolls
    /// back whatever it holds.
    async fn release(self: Box<Self>) {}
}

/// Leaderboards and contests, as kept by the engine's decisions (see `domain::leaderboard`).
#[async_trait]
pub trait StandingStore: Send + Sync {
    /// The first `limit` of a board who may be shown, best first: participants erased or
    /// blocked are passed over (the next ones move up). One ordered read, however many
    /// participants the campaign has.
    async fn leaderboard(
        &self,
        campaign_id: u64,
        board: Board,
        limit: usize,
    ) -> Result<Vec<(Participant, Standing)>, StoreError>;
    /// Rows `offset..offset + limit` of a board in rank order, as its owner sees it: nobody
    /// passed over (erased and blocked participants keep their place). Skips `offset` keys
    /// of the board's ordered index.
    async fn ranked(
        &self,
        campaign_id: u64,
        board: Board,
        offset: u64,
        limit: usize,
    ) -> Result<Vec<(Participant, Standing)>, StoreError>;
    /// The campaign's last recorded contest result.
    async fn contest_result(&self, campaign_id: u64) -> Result<Option<ContestResult>, StoreError>;
    /// Enabled contests whose window ended at or before `now_ms` and whose result is not
    /// recorded, soonest first (a few more may come back: a contest since turned off or
    /// moved, a campaign deleted; deciding their end settles them).
    async fn due_contests(&self, now_ms: i64, limit: usize) -> Result<Vec<DueContest>, StoreError>;
}

/// Waitlists, as kept by the engine's decisions (see `domain::waitlist`).
#[async_trait]
pub trait WaitlistStore: Send + Sync {
    /// Where the participant is in the campaign's waitlist: in line (position from 1 and how
    /// many are behind), admitted, or neither (none: no waitlist, or they left it). A few
    /// short reads, however long the line.
    async fn spot(&self, campaign_id: u64, participant_id: u64) -> Result<Option<Spot>, StoreError>;
    /// How many are in the campaign's line and how many were admitted, and its first
    /// `limit`, front first.
    async fn line(&self, campaign_id: u64, limit: usize) -> Result<Line, StoreError>;
}

/// Where engine decisions are made and committed (the brand's actor decides in a
/// [`Batch`](crate::store::Batch), see `batch.rs`).
#[async_trait]
pub trait DecisionStore: Send + Sync {
    /// The next id of `kind`: unique within the kind, from 1 on a new database, one more
    /// than the last id of the kind handed out (across restarts too; a request that fails
    /// after taking one leaves a gap).
    async fn next_id(&self, kind: IdKind) -> Result<u64, StoreError>;
    /// Opens a decision session on one brand's data, which commits by itself (durable when
    /// its commit returns). A brand's decisions are its actor's, in batches; this is for
    /// the reads of one decision outside them (a test's, a tool's), holding the brand like
    /// a batch does.
    async fn session(&self, brand_id: u64) -> Result<Box<dyn BrandSession + '_>, StoreError>;
}
