//! How a decision session begins, in its lane's transaction or one of its own (which waits
//! for its brand's lock), and how it ends: its writes committed, or left in its lane's
//! transaction for the lane's next signup (`kept.rs`); or, when it writes nothing, released.

use parking_lot::Mutex;
use tokio_postgres::Row;

use super::ahead;
use super::brand_lock::{self, Held};
use super::kept::Batch;
use super::session::PgSession;
use super::{body, codec, sql_id, PgStore, StoreError};
use crate::domain::engine::{ReadAhead, Write};
use crate::store::{IdempotencyRecord, IdempotencyWrite, Settler};

/// A batched decision in its lane's transaction: the connection, the rows of its reads, and
/// its part in the transaction.
type Joined = (Held, Vec<Vec<Row>>, Batch);
/// A statement and its parameters, as a round trip sends it.
type Query = (&'static str, Vec<super::connection::Owned>);

impl PgStore {
    /// Takes a connection of its own, in a transaction holding the brand's lock (see
    /// [`PgStore::lock_outside`]).
    pub(super) async fn open_session(&self, brand_id: u64) -> Result<PgSession, StoreError> {
        let (held, _) = self.lock_outside(sql_id(brand_id), &[]).await?;
        Ok(PgSession::new(sql_id(brand_id), self.lease, Mutex::new(held), None))
    }

    /// A connection of its own, in a transaction holding the brand's lock, waited for as a
    /// task (see [`Held::lock`]), and `queries` read under it. While it waits, the brand's
    /// lane keeps no transaction open for its next signup (see [`super::kept::Kept::waiting`]):
    /// the one open now is committed first.
    pub(super) async fn lock_outside(
        &self,
        brand_id: i64,
        queries: &[(&'static str, Vec<super::connection::Owned>)],
    ) -> Result<(Held, Vec<Vec<Row>>), StoreError> {
        let _waiting = self.waiting_outside(brand_id).await;
        let conn = self.db.session_conn().await?;
        Held::lock(conn, brand_id, queries).await
    }

    /// Marks a decision of the brand as about to wait for the brand's lock outside its lane,
    /// until the mark is dropped, and commits the transaction open in the lane (see
    /// [`super::kept::Kept::waiting`]).
    pub(super) async fn waiting_outside(&self, brand_id: i64) -> super::kept::Waiting<'_> {
        let waiting = self.kept.waiting(brand_id);
        if let Err(e) = self.kept.settle(brand_id).await {
            // Its tickets report it; the decision at hand goes on, in a transaction of its own.
            tracing::warn!(brand_id, error = %e, "a lane's batched signups were rolled back");
        }
        waiting
    }

    /// A batched session (see `kept.rs`): in the brand's lane's transaction, continued or
    /// begun, with the brand's lock taken there; or, when another transaction holds that lock,
    /// a session of its own that waits for it as a task (see [`Held::lock`]). The reads named
    /// `ahead` are made in the round trip that takes the lock.
    pub(super) async fn open_batched(&self, brand_id: u64, ahead: &[ReadAhead]) -> Result<PgSession, StoreError> {
        let id = sql_id(brand_id);
        let reads: Vec<&ReadAhead> = ahead.iter().collect();
        let (mut queries, answered) = ahead::queries(id, &reads);
        let (held, rows, batch) = match self.join_lane(id, &mut queries).await? {
            Some((held, rows, batch)) => (held, rows, Some(batch)),
            None => {
                let (held, rows) = self.lock_outside(id, &queries).await?;
                (held, rows, None)
            }
        };
        let session = PgSession::new(id, self.lease, Mutex::new(held), batch);
        session.keep_fetched(answered, rows);
        Ok(session)
    }

    /// Enters the brand's lane and makes the reads in its transaction, the brand's lock taken
    /// unless an earlier decision of the transaction took it. `None` when another transaction
    /// holds the lock: the decision is to wait for it outside the lane. `queries` come back as
    /// they were lent, for that wait's own transaction to make.
    async fn join_lane(&self, id: i64, queries: &mut Vec<Query>) -> Result<Option<Joined>, StoreError> {
        let mut slot = self.kept.enter(id).await;
        let Some(mut open) = slot.take() else {
            let conn = self.db.session_conn().await?;
            let (held, locked, rows) = Held::try_lock(conn, id, queries).await?;
            if !locked {
                // Dropped: the empty transaction is rolled back.
                return Ok(None);
            }
            let batch =
                Batch { kept: self.kept.clone(), slot, settler: Settler::new(), decisions: 0, brands: vec![id] };
            return Ok(Some((held, rows, batch)));
        };
        let held_before = open.brands.contains(&id);
        if !held_before {
            brand_lock::after_try_lock(id, queries);
        }
        let mut held = Held::kept(open.conn);
        // The lane's last signup's writes go first, in the same round trip.
        let fetched = held.fetch_after(&mut open.pending, queries).await;
        if !held_before {
            brand_lock::without_try_lock(queries);
        }
        let mut brands = open.brands;
        let batch = |slot, brands| Batch {
            kept: self.kept.clone(),
            slot,
            settler: open.settler,
            decisions: open.decisions,
            brands,
        };
        let mut rows = match fetched {
            Ok(rows) => rows,
            Err(e) => {
                // A kept transaction a write or read failed in is rolled back: dropped with
                // its batch, which fails its tickets.
                batch(slot, brands).wrote_nothing(id, held.conn, true);
                return Err(e);
            }
        };
        if !held_before {
            if !brand_lock::took_lock(&mut rows)? {
                // The transaction stays open for the lane's next decision.
                batch(slot, brands).put_back(held.conn);
                return Ok(None);
            }
            brands.push(id);
        }
        Ok(Some((held, rows, batch(slot, brands))))
    }
}

impl PgSession {
    /// The rows of reads named ahead, kept for the decision to read.
    pub(super) fn keep_fetched(&self, answered: Vec<ahead::Answered>, rows: Vec<Vec<Row>>) {
        let mut fetched = self.fetched.lock();
        for (answered, rows) in answered.into_iter().zip(rows) {
            for (read, rows) in answered.answers(rows) {
                fetched.keep(read, rows);
            }
        }
    }

    /// The connection, inside the transaction that holds the brand's lock, and the session's
    /// batch: what a commit writes through, or a release ends.
    fn into_held(self) -> (Held, Option<Batch>) {
        (self.conn.into_inner(), self.batch)
    }

    /// Writes the decision, with its idempotency record when `claim` is given (the record's
    /// key is claimed first: a record already there, written by an earlier decision of this
    /// transaction or committed by any server, means nothing else is written and that record
    /// comes back; the primary key of `idempotency` makes a concurrent claim wait for this
    /// transaction's outcome). Commits, unless a batched session keeps the transaction: then
    /// the writes are kept with it, unsent, and go ahead of the brand's next signup's reads.
    pub(super) async fn write(
        self,
        writes: &[Write],
        claim: Option<(&IdempotencyWrite, &IdempotencyRecord)>,
    ) -> Result<Result<(), IdempotencyRecord>, StoreError> {
        let started = std::time::Instant::now();
        let (brand_id, lease) = (self.brand_id, self.lease);
        let (Held { mut conn, .. }, batch) = self.into_held();
        if let Some((idempotency, record)) = claim {
            let claimed = conn
                .execute(
                    "INSERT INTO idempotency (key, body) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                    &[&idempotency.key, &codec::encode(record)?],
                )
                .await?;
            if claimed == 0 {
                let existing = conn.one("SELECT body FROM idempotency WHERE key = $1", &[&idempotency.key]).await?;
                let existing = body(&existing, "body")?;
                if let Some(batch) = batch {
                    batch.wrote_nothing(brand_id, conn, false);
                }
                return Ok(Err(existing));
            }
            for participant_id in record.participant_ids() {
                super::copies::mention(&mut conn, participant_id, super::copies::MENTION_IDEMPOTENCY, &idempotency.key)
                    .await?;
            }
        }
        let mut pending = super::writes::pipeline(&mut conn, brand_id, lease, writes).await?;
        match batch {
            // Sent later, with other statements: timed as part of the commit that sends them.
            Some(batch) if !batch.commits_now() => batch.wrote(brand_id, conn, pending),
            batch => {
                conn.run_and_commit(&mut pending).await?;
                crate::metrics::commit(started.elapsed());
                match batch {
                    Some(batch) => batch.committed(),
                    None => crate::metrics::transaction(1),
                }
            }
        }
        Ok(Ok(()))
    }

    /// Ends a session that wrote nothing: see [`Batch::wrote_nothing`]. Any other session's
    /// transaction is rolled back with its connection.
    pub(super) fn release_batch(self) {
        let brand_id = self.brand_id;
        let (held, batch) = self.into_held();
        if let Some(batch) = batch {
            batch.wrote_nothing(brand_id, held.conn, held.failed);
        }
    }
}
