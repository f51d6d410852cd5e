//! How a decision session ends: its writes committed, or left in the brand's kept transaction
//! for the brand's next signup (`kept.rs`); or, when it writes nothing, released.

use parking_lot::Mutex;
use tokio_postgres::Row;

use super::ahead;
use super::brand_lock::Held;
use super::kept::Batch;
use super::session::PgSession;
use super::{body, codec, sql_id, PgStore, StoreError};
use crate::domain::engine::{ReadAhead, Write};
use crate::store::{IdempotencyRecord, IdempotencyWrite, Settler};

impl PgStore {
    /// A batched session (see `kept.rs`): the brand's kept transaction continued, or a
    /// connection of its own, whose transaction may be kept after it. The reads named `ahead`
    /// are made in the round trip that takes the brand's lock, waited for as a task (see
    /// [`Held::lock`]).
    pub(super) async fn open_batched(&self, brand_id: u64, ahead: &[ReadAhead]) -> Result<PgSession, StoreError> {
        let id = sql_id(brand_id);
        let (queries, answered) = ahead::queries(id, &ahead.iter().collect::<Vec<_>>());
        let (held, rows, batch) = match self.kept.take(id) {
            Some(mut open) => {
                let batch = Batch { kept: self.kept.clone(), settler: open.settler, decisions: open.decisions };
                let mut held = Held::kept(open.conn);
                // The brand's last signup's writes go first, in the same round trip.
                match held.fetch_after(&mut open.pending, &queries).await {
                    Ok(rows) => (held, rows, batch),
                    Err(e) => {
                        // A kept transaction a write or read failed in is rolled back:
                        // dropped with its batch, which fails its tickets.
                        batch.wrote_nothing(id, held.conn, true);
                        return Err(e);
                    }
                }
            }
            None => {
                let conn = self.db.session_conn().await?;
                let (held, rows) = Held::lock(conn, id, &queries).await?;
                (held, rows, Batch { kept: self.kept.clone(), settler: Settler::new(), decisions: 0 })
            }
        };
        let session = PgSession::new(id, self.lease, Mutex::new(held), Some(batch));
        session.keep_fetched(answered, rows);
        Ok(session)
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
