//! The store's decisions on PostgreSQL ([`DecisionStore`], [`Backend`]): how a decision session begins
//! (a transaction of its own, holding the brand's lock) and ends (its writes committed; or,
//! when it writes nothing, rolled back), and how a brand's batch of decisions shares one
//! transaction and the writes of their numbers ([`PgBatch`]).

use async_trait::async_trait;
use tokio_postgres::Row;

use super::ahead;
use super::brand_lock::Held;
use super::connection::{Pipeline, Pooled};
use super::merged::Merged;
use super::outboxes::Lease;
use super::session::PgSession;
use super::{body, codec, sql_id, PgStore, StoreError};
use crate::domain::engine::{ReadAhead, Write};
use crate::domain::ids::IdKind;
use crate::store::backend::{Backend, Inside, Staging};
use crate::store::{BrandSession, DecisionStore, IdempotencyRecord, IdempotencyWrite};

#[async_trait]
impl DecisionStore for PgStore {
    async fn next_id(&self, kind: IdKind) -> Result<u64, StoreError> {
        self.take_id(kind).await
    }

    async fn session(&self, brand_id: u64) -> Result<Box<dyn BrandSession + '_>, StoreError> {
        Ok(Box::new(self.open_session(brand_id).await?))
    }
}

#[async_trait]
impl Backend for PgStore {
    /// A batch takes a connection now and the brand's lock with its first decision's reads.
    async fn begin(&self, _: Inside, brand_id: u64) -> Result<Box<dyn Staging>, StoreError> {
        Ok(Box::new(PgBatch::new(self.db.session_conn().await?, sql_id(brand_id), self.lease)))
    }

    /// The connections' runtime: a session's reads wait there for their rows (see
    /// `connection.rs`), and the rows wake the decision on the thread that read them.
    fn runtime(&self, _: Inside) -> Option<tokio::runtime::Handle> {
        Some(self.db.runtime())
    }

    fn signup_cache(&self, _: Inside) -> &crate::store::signup_cache::SignupCache {
        &self.signup_cache
    }
}

impl PgStore {
    /// A connection of its own, in a transaction holding the brand's lock.
    pub(super) async fn open_session(&self, brand_id: u64) -> Result<PgSession, StoreError> {
        let (conn, id) = (self.db.session_conn().await?, sql_id(brand_id));
        let (queries, answered) = ahead::queries(id, &[], true);
        let (held, rows) = Held::lock(conn, id, &queries).await?;
        let mut session = PgSession::new(id, self.lease, held);
        session.keep_first(answered, rows)?;
        Ok(session)
    }
}

/// A brand's batch on PostgreSQL: one transaction, which takes the brand's lock in the round
/// trip of the first decision's reads and holds it to the commit. Each decision's writes are
/// sent ahead of the next one's reads, in the same round trip, and the last ones with the
/// `COMMIT`: a busy brand's decision costs one round trip, and its batch one commit. The
/// numbers the decisions move are written once, with the commit, each decision reading those
/// of the ones before it from what they moved (`merged.rs`). A failure (a statement of any
/// of them, the commit) rolls the transaction back and fails all of them, which are all this
/// brand's: no other brand's decision is ever in it.
pub(super) struct PgBatch {
    id: i64,
    lease: Lease,
    /// The connection, until the first decision's reads take the brand's lock on it.
    conn: Option<Pooled>,
    /// The transaction, once it holds the lock, between two decisions.
    held: Option<Held>,
    /// The decision reading now: the transaction is inside it until it is staged.
    session: Option<PgSession>,
    /// Writes not sent yet: they go with the next decision's reads, or with the commit.
    pending: Pipeline,
    /// The numbers the decisions so far moved, written once with the commit.
    numbers: Merged,
    /// Why the transaction cannot commit any more.
    failed: Option<StoreError>,
    staged: usize,
}

impl PgBatch {
    fn new(conn: Pooled, id: i64, lease: Lease) -> Self {
        Self {
            id,
            lease,
            conn: Some(conn),
            held: None,
            session: None,
            pending: Pipeline::default(),
            numbers: Merged::default(),
            failed: None,
            staged: 0,
        }
    }

    /// Notes that the transaction failed (it is rolled back when the batch is dropped).
    fn fail(&mut self, e: StoreError) -> StoreError {
        self.failed.get_or_insert_with(|| e.clone());
        e
    }

    /// The transaction back from the session of a decision that read and was not staged.
    fn take_back(&mut self) {
        if let Some(mut session) = self.session.take() {
            self.numbers = std::mem::take(&mut session.numbers);
            let mut held = session.into_held();
            if let Some(failed) = held.failed.take() {
                self.fail(failed);
            }
            self.held = Some(held);
        }
    }
}

#[async_trait]
impl Staging for PgBatch {
    async fn session(&mut self, ahead: &[ReadAhead]) -> Result<&(dyn BrandSession + '_), StoreError> {
        self.take_back();
        if let Some(failed) = &self.failed {
            return Err(failed.clone());
        }
        let wanted: Vec<&ReadAhead> = ahead.iter().collect();
        // The first decision's reads come with the campaigns' held numbers.
        let (queries, answered) = ahead::queries(self.id, &wanted, self.held.is_none());
        let fetched = match (self.held.take(), self.conn.take()) {
            (Some(mut open), _) => open.fetch_after(&mut self.pending, &queries).await.map(|rows| (open, rows)),
            (None, Some(conn)) => Held::lock(conn, self.id, &queries).await,
            (None, None) => Err(StoreError::Database("a batch read after it failed".into())),
        };
        let (held, rows) = fetched.map_err(|e| self.fail(e))?;
        let mut session = PgSession::new(self.id, self.lease, held);
        session.numbers = std::mem::take(&mut self.numbers);
        session.keep_first(answered, rows).map_err(|e| self.fail(e))?;
        Ok(self.session.insert(session))
    }

    async fn stage(
        &mut self,
        writes: &[Write],
        claim: Option<(&IdempotencyWrite, &IdempotencyRecord)>,
    ) -> Result<Option<IdempotencyRecord>, StoreError> {
        let Some(mut session) = self.session.take() else {
            return Err(self.fail(StoreError::Database("a decision was staged that read nothing".into())));
        };
        self.numbers = std::mem::take(&mut session.numbers);
        let mut held = session.into_held();
        if let Some(failed) = held.failed.take() {
            return Err(self.fail(failed));
        }
        let written = Written { writes, claim, numbers: &mut self.numbers, send_numbers: false };
        match write_into(&mut held.conn, self.id, self.lease, &mut self.pending, written).await {
            Ok(found) => {
                self.held = Some(held);
                self.staged += 1;
                Ok(found)
            }
            Err(e) => Err(self.fail(e)),
        }
    }

    async fn commit(mut self: Box<Self>) -> Result<(), StoreError> {
        self.take_back();
        let this = &mut *self;
        if let Some(failed) = this.failed.take() {
            tracing::warn!(brand_id = this.id, decisions = this.staged, error = %failed, "a brand's decisions were rolled back");
            return Err(failed);
        }
        let Some(open) = this.held.as_mut() else {
            return Ok(());
        };
        let started = std::time::Instant::now();
        let numbers = &mut this.numbers;
        let committed = async {
            super::writes::pipeline(&mut open.conn, &mut this.pending, this.id, this.lease, &[], numbers, true).await?;
            open.conn.run_and_commit(&mut this.pending).await
        }
        .await;
        if let Err(e) = committed {
            tracing::warn!(brand_id = this.id, decisions = this.staged, error = %e, "a brand's decisions were rolled back");
            return Err(e);
        }
        crate::metrics::commit(started.elapsed());
        crate::metrics::transaction(this.staged);
        Ok(())
    }
}

/// What a decision writes, and the numbers of the transaction's decisions before it (see
/// `writes::pipeline`).
struct Written<'a> {
    writes: &'a [Write],
    /// The idempotency record to claim, when the decision has one.
    claim: Option<(&'a IdempotencyWrite, &'a IdempotencyRecord)>,
    numbers: &'a mut Merged,
    /// Whether the numbers go with these writes (the transaction's last decision).
    send_numbers: bool,
}

/// Writes a decision into the transaction, with its idempotency record when `claim` is given.
/// The record's key is claimed at once: a record already there (written by an earlier
/// decision of this transaction, or committed by any server) means nothing else is written
/// and that record comes back; the primary key of `idempotency` makes a concurrent claim wait
/// for this transaction's outcome. The writes are added to `pending`, to be sent with the next
/// round trip (an erasure's, which reads first, sends them now).
async fn write_into(
    conn: &mut Pooled,
    brand_id: i64,
    lease: Lease,
    pending: &mut Pipeline,
    written: Written<'_>,
) -> Result<Option<IdempotencyRecord>, StoreError> {
    let Written { writes, claim, numbers, send_numbers } = written;
    if let Some((idempotency, record)) = claim {
        let claimed = conn
            .execute(
                "INSERT INTO idempotency (key, body) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                &[&idempotency.key, &codec::encode(record)?],
            )
            .await?;
        if claimed == 0 {
            let existing = conn.one("SELECT body FROM idempotency WHERE key = $1", &[&idempotency.key]).await?;
            // Nothing of this decision's, but the numbers held still go with the last one.
            super::writes::pipeline(conn, pending, brand_id, lease, &[], numbers, send_numbers).await?;
            return Ok(Some(body(&existing, "body")?));
        }
        for participant_id in record.participant_ids() {
            super::copies::mention(conn, participant_id, super::copies::MENTION_IDEMPOTENCY, &idempotency.key).await?;
        }
    }
    super::writes::pipeline(conn, pending, brand_id, lease, writes, numbers, send_numbers).await?;
    Ok(None)
}

impl PgSession {
    /// The rows of reads named ahead, kept for the decision to read; and the brand's held
    /// numbers, when the reads asked for them.
    pub(super) fn keep_fetched(&self, answered: Vec<ahead::Answered>, rows: Vec<Vec<Row>>) -> Option<ahead::Found> {
        let mut fetched = self.fetched.lock();
        let mut numbers = None;
        for (answered, rows) in answered.into_iter().zip(rows) {
            let (reads, held) = answered.answers(rows);
            for (read, found) in reads {
                fetched.keep(read, found);
            }
            numbers = numbers.or(held);
        }
        numbers
    }

    /// [`PgSession::keep_fetched`], and the brand's held numbers, when they were asked (a
    /// session's first reads), as the numbers the session reads through.
    fn keep_first(&mut self, answered: Vec<ahead::Answered>, rows: Vec<Vec<Row>>) -> Result<(), StoreError> {
        if let Some(held) = self.keep_fetched(answered, rows) {
            self.numbers = super::held::load(held)?;
        }
        Ok(())
    }

    /// The connection, inside the transaction that holds the brand's lock.
    pub(super) fn into_held(self) -> Held {
        self.conn.into_inner()
    }

    /// Writes the decision (see [`write_into`]) and commits, unless its claim found a record:
    /// then the transaction is rolled back and that record comes back.
    pub(super) async fn write(
        mut self,
        writes: &[Write],
        claim: Option<(&IdempotencyWrite, &IdempotencyRecord)>,
    ) -> Result<Result<(), IdempotencyRecord>, StoreError> {
        let started = std::time::Instant::now();
        let (brand_id, lease) = (self.brand_id, self.lease);
        // A session of its own decides alone: the numbers held are the campaigns' held rows.
        let mut numbers = std::mem::take(&mut self.numbers);
        let mut held = self.into_held();
        if let Some(failed) = held.failed.take() {
            return Err(failed);
        }
        let mut pending = Pipeline::default();
        let written = Written { writes, claim, numbers: &mut numbers, send_numbers: true };
        if let Some(existing) = write_into(&mut held.conn, brand_id, lease, &mut pending, written).await? {
            return Ok(Err(existing));
        }
        held.conn.run_and_commit(&mut pending).await?;
        crate::metrics::commit(started.elapsed());
        crate::metrics::transaction(1);
        Ok(Ok(()))
    }
}
