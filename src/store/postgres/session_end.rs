//! The store's decisions on PostgreSQL ([`DecisionStore`], [`Backend`]): how a decision session begins
//! (a transaction of its own, holding the brand's lock) and ends (its writes committed; or,
//! when it writes nothing, rolled back), and how a busy brand's decisions share one
//! transaction and the writes of their numbers ([`decide_together`]).

use async_trait::async_trait;
use tokio_postgres::Row;

use super::ahead;
use super::brand_lock::Held;
use super::connection::{Database, Pipeline, Pooled};
use super::merged::Merged;
use super::outboxes::Lease;
use super::session::PgSession;
use super::{body, codec, sql_id, PgStore, StoreError};
use crate::domain::engine::{ReadAhead, Write};
use crate::domain::ids::IdKind;
use crate::store::backend::{Backend, Handed, Inside, Writers};
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
    async fn decide_in_order(&self, _: Inside, brand_id: u64, decisions: Vec<Box<dyn Handed>>) {
        self.decide_together(brand_id, decisions).await
    }

    fn writers(&self, _: Inside) -> &Writers {
        &self.writers
    }

    /// Every write was committed with `synchronous_commit = on` before it returned: there is
    /// nothing left to wait for.
    async fn durable(&self, _: Inside) -> Result<(), StoreError> {
        Ok(())
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

    /// See [`decide_together`].
    pub(super) async fn decide_together(&self, brand_id: u64, decisions: Vec<Box<dyn Handed>>) {
        decide_together(&self.db, self.lease, brand_id, decisions).await
    }
}

/// Decides the brand's decisions one after another in one transaction, which holds the
/// brand's lock from the first one's reads (made in the round trip that takes it) to the
/// commit, and answers each once it is over. Each decision's writes are sent ahead of the
/// next one's reads, in the same round trip, and the last ones with the `COMMIT`: a busy
/// brand's decision costs one round trip, and its batch one commit. The numbers the decisions
/// move are written once, with the last one's rows, each decision reading those of the ones
/// before it from what they moved (`merged.rs`). A failure (a statement of any of them, the
/// commit) rolls the transaction back and fails all of them, which are all this brand's: no
/// other brand's decision is ever in it.
pub(super) async fn decide_together(db: &Database, lease: Lease, brand_id: u64, mut decisions: Vec<Box<dyn Handed>>) {
    let mut found = Vec::with_capacity(decisions.len());
    match decide_in_one(db, lease, sql_id(brand_id), &mut decisions, &mut found).await {
        Ok(()) => {
            for (decision, found) in decisions.into_iter().zip(found) {
                decision.finish(Ok(found));
            }
        }
        Err(e) => {
            tracing::warn!(brand_id, decisions = decisions.len(), error = %e, "a brand's decisions were rolled back");
            for decision in decisions {
                decision.finish(Err(e.clone()));
            }
        }
    }
}

/// [`decide_together`]'s transaction: for each decision, the record its claim found instead
/// of writing (if any) in `found`.
async fn decide_in_one(
    db: &Database,
    lease: Lease,
    id: i64,
    decisions: &mut [Box<dyn Handed>],
    found: &mut Vec<Option<IdempotencyRecord>>,
) -> Result<(), StoreError> {
    let mut held: Option<Held> = None;
    let mut pending = Pipeline::default();
    // The numbers the decisions so far moved, written once with the last one's rows.
    let mut numbers = Merged::default();
    let last = decisions.len().saturating_sub(1);
    for (i, decision) in decisions.iter_mut().enumerate() {
        let reads = decision.reads_ahead();
        let wanted: Vec<&ReadAhead> = reads.iter().collect();
        // The first decision's reads come with the campaigns' held numbers.
        let (queries, answered) = ahead::queries(id, &wanted, held.is_none());
        let (now, rows) = match held.take() {
            None => Held::lock(db.session_conn().await?, id, &queries).await?,
            Some(mut open) => {
                let rows = open.fetch_after(&mut pending, &queries).await?;
                (open, rows)
            }
        };
        let mut session = PgSession::new(id, lease, now);
        session.numbers = std::mem::take(&mut numbers);
        session.keep_first(answered, rows)?;
        let decided = decision.decide(&session).await;
        numbers = std::mem::take(&mut session.numbers);
        let mut now = session.into_held();
        if let Some(failed) = now.failed.take() {
            return Err(failed);
        }
        let claim = decided.claim.as_ref().map(|(key, record)| (key, record));
        let written = Written { writes: &decided.writes, claim, numbers: &mut numbers, send_numbers: i == last };
        found.push(write_into(&mut now.conn, id, lease, &mut pending, written).await?);
        held = Some(now);
    }
    if let Some(mut open) = held {
        let started = std::time::Instant::now();
        open.conn.run_and_commit(&mut pending).await?;
        crate::metrics::commit(started.elapsed());
        crate::metrics::transaction(decisions.len());
    }
    Ok(())
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
