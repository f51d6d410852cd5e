//! Statements sent together on one connection, in one round trip: a decision's writes
//! ([`Pipeline`]), sent with the commit, or ahead of queries whose rows are wanted (a busy
//! brand's decision's writes ahead of its next decision's reads, see `session_end.rs`).

use tokio_postgres::{Client, Row, Statement};

use super::{borrowed, queried, Conn, Owned};
use crate::store::postgres::failures::in_statement;
use crate::store::StoreError;

/// Statements to send together: one round trip for a whole decision's writes instead of one
/// a statement. They run in the order they were pushed (see [`Conn::run`]).
#[derive(Default)]
pub(in crate::store::postgres) struct Pipeline {
    statements: Vec<(&'static str, Vec<Owned>)>,
}

impl Pipeline {
    /// Whether it holds no statement.
    pub fn is_empty(&self) -> bool {
        self.statements.is_empty()
    }

    /// Adds a write, to run after those added before it.
    pub fn push(&mut self, sql: &'static str, params: Vec<Owned>) {
        self.statements.push((sql, params));
    }

    /// Adds `other`'s writes after this one's; `other` is then empty.
    pub fn append(&mut self, other: &mut Pipeline) {
        self.statements.append(&mut other.statements);
    }
}

/// Statements a pipeline sends at once. A join of at most 30 futures polls them in order, and
/// tokio-postgres executes requests in the order they are first polled: so at most this many
/// go at once, and the statements run in the order they were pushed.
pub(super) const PIPELINED: usize = 30;

/// Runs prepared statements (see [`Conn::prepared`]), sent together on `client` (pipelined: one
/// round trip, for at most [`PIPELINED`]); how many rows each touched.
fn executed<'q>(
    client: &'q Client,
    statements: &'q [(&'static str, Vec<Owned>, Statement)],
) -> impl std::future::Future<Output = Result<Vec<u64>, StoreError>> + 'q {
    futures_util::future::try_join_all(statements.iter().map(|(sql, params, statement)| async move {
        client.execute(statement, &borrowed(params)).await.map_err(|e| in_statement(sql, e))
    }))
}

impl Conn {
    /// Sends what the pipeline holds, in order, and waits for every answer; the pipeline is
    /// then empty. The first failure is returned (the transaction is then aborted, and rolled
    /// back when the connection goes back to the pool).
    pub async fn run(&mut self, pipeline: &mut Pipeline) -> Result<(), StoreError> {
        self.send(pipeline, false).await
    }

    /// [`Conn::run`], then commits, in the same round trip as the pipeline's last statements.
    /// When a statement fails, PostgreSQL turns the `COMMIT` behind it into a rollback, and
    /// the statement's failure is returned.
    pub async fn run_and_commit(&mut self, pipeline: &mut Pipeline) -> Result<(), StoreError> {
        self.send(pipeline, true).await?;
        self.in_transaction = false;
        Ok(())
    }

    async fn send(&mut self, pipeline: &mut Pipeline, commit: bool) -> Result<(), StoreError> {
        let batch = self.prepared(std::mem::take(&mut pipeline.statements)).await?;
        let client = &self.client;
        let chunks = batch.len().div_ceil(PIPELINED);
        for (n, chunk) in batch.chunks(PIPELINED).enumerate() {
            let statements = executed(client, chunk);
            if commit && n + 1 == chunks {
                // Polled after the statements, so sent after them.
                let committed = async { client.batch_execute("COMMIT").await.map_err(|e| in_statement("COMMIT", e)) };
                futures_util::future::try_join(statements, committed).await?;
            } else {
                statements.await?;
            }
        }
        if commit && batch.is_empty() {
            self.batch("COMMIT").await?;
        }
        Ok(())
    }

    /// Sends what the pipeline holds, then queries, in one round trip when they are few; the
    /// queries' rows. The queries see the pipeline's writes: statements run in the order they
    /// are sent. The first failure is returned.
    pub async fn run_then_fetch(
        &mut self,
        pipeline: &mut Pipeline,
        queries: &[(&'static str, Vec<Owned>)],
    ) -> Result<Vec<Vec<Row>>, StoreError> {
        let batch = self.prepared(std::mem::take(&mut pipeline.statements)).await?;
        let prepared = self.statements_of(queries).await?;
        let client = &self.client;
        if batch.len() + queries.len() > PIPELINED {
            for chunk in batch.chunks(PIPELINED) {
                executed(client, chunk).await?;
            }
            return queried(client, queries, &prepared).await;
        }
        // Polled in order, so sent in order: the writes, then the queries.
        let (_, rows) =
            futures_util::future::try_join(executed(client, &batch), queried(client, queries, &prepared)).await?;
        Ok(rows)
    }

    /// The pipeline's statements, prepared, each with its text (what an error names) and
    /// parameters.
    async fn prepared(
        &mut self,
        statements: Vec<(&'static str, Vec<Owned>)>,
    ) -> Result<Vec<(&'static str, Vec<Owned>, Statement)>, StoreError> {
        let mut prepared = Vec::with_capacity(statements.len());
        for (sql, params) in statements {
            let statement = self.statement(sql).await?;
            prepared.push((sql, params, statement));
        }
        Ok(prepared)
    }
}
