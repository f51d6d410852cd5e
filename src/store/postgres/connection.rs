//! Connections to PostgreSQL: a pool of them, each with its prepared statements, and the
//! runtime that drives them all.
//!
//! Why a runtime of our own: every connection's I/O task runs on one tokio runtime owned by
//! the store (`referrals-pg`, a thread a core), never on the runtime of whoever opened it; the
//! brands' decisions run there too (`store::run_decision`). A tokio-postgres `Client` only talks to
//! its connection task through channels, so its futures complete on any thread, and a brand's
//! decision session may wait for a read synchronously (the engine's reads are synchronous,
//! see `session.rs`): the waiting thread hands its tasks to another first
//! (`brand_lock::wait`), so the connection it waits on keeps running. Had a connection been
//! spawned on the brand actor's arbiter, that wait would deadlock the arbiter. Why the
//! decisions share it: a statement sent by a decision wakes its connection's task on the same
//! thread, and the rows coming back wake the decision there, where two runtimes passed each
//! round trip between threads twice.
//!
//! Faults: a connection that is lost, refused or timed out is a [`StoreError::Unavailable`]
//! (answered 503); the pool opens a fresh connection on the next request, so the server
//! recovers by itself when the database is back. So is a server that will not write (a
//! standby, a primary set read-only): every connection opened before that answer is dropped,
//! and the next ones go where the URL's hosts have a writable primary (failover).
//!
//! Statements sent together, a decision's writes above all: `connection/pipeline.rs`.

use std::collections::HashMap;
use std::time::Duration;

use deadpool::managed::{self, Metrics, RecycleError, RecycleResult};
use tokio::runtime::Handle;
use tokio_postgres::types::ToSql;
use tokio_postgres::{Client, NoTls, Row, Statement};

use super::failures::{describe, in_statement, read_only_answers};
use crate::store::StoreError;

mod pipeline;

pub(super) use pipeline::Pipeline;
use pipeline::PIPELINED;

/// Connection settings of the PostgreSQL backend.
#[derive(Clone)]
pub struct PostgresOptions {
    /// `postgres://user:password@host:port/database` (or key=value form). Never logged.
    pub url: String,
    /// Most connections this server opens (half of them for decision sessions).
    pub pool_size: usize,
    /// How long a request waits for a connection, a connect, or one statement.
    pub timeout: Duration,
    /// How long a webhook delivery this server queues stays its own past its due time without
    /// being renewed (`[webhooks] lease_secs`).
    pub delivery_lease: Duration,
    /// This server's id among the servers on the database, the same across its restarts (kept
    /// in its data directory): whose lease a delivery is under.
    pub server_id: u64,
}

/// Everything but the URL, which may hold a password.
impl std::fmt::Debug for PostgresOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PostgresOptions")
            .field("pool_size", &self.pool_size)
            .field("timeout", &self.timeout)
            .field("delivery_lease", &self.delivery_lease)
            .field("server_id", &self.server_id)
            .finish_non_exhaustive()
    }
}

/// Parameters of a statement.
pub(super) type Params<'a> = &'a [&'a (dyn ToSql + Sync)];

/// A parameter a [`Pipeline`] keeps until its statement is sent.
pub(super) type Owned = Box<dyn ToSql + Sync + Send>;

/// A parameter of a pipelined statement, copied: `owned![&a, &b]` takes the references a
/// direct call would.
pub(super) fn own<T: ToSql + Clone + Sync + Send + 'static>(value: &T) -> Owned {
    Box::new(value.clone())
}

/// Each query's rows, the queries sent together on `client` (pipelined: one round trip).
fn queried<'q>(
    client: &'q Client,
    queries: &'q [(&'static str, Vec<Owned>)],
    prepared: &'q [Statement],
) -> impl std::future::Future<Output = Result<Vec<Vec<Row>>, StoreError>> + 'q {
    futures_util::future::try_join_all(queries.iter().zip(prepared).map(|((sql, params), statement)| async move {
        client.query(statement, &borrowed(params)).await.map_err(|e| in_statement(sql, e))
    }))
}

/// Copied parameters, as a call takes them.
pub(super) fn borrowed(owned: &[Owned]) -> Vec<&(dyn ToSql + Sync)> {
    owned.iter().map(|p| &**p as &(dyn ToSql + Sync)).collect()
}

/// One connection and the statements prepared on it.
pub(super) struct Conn {
    client: tokio_postgres::Client,
    statements: HashMap<&'static str, Statement>,
    /// A transaction is open (it is rolled back before the connection is used again).
    in_transaction: bool,
    /// The count of read-only answers when it was opened: once another comes, the server it
    /// is on may be a standby, and it is not used again (see `failures.rs`).
    read_only_answers: u64,
}

impl Conn {
    async fn statement(&mut self, sql: &'static str) -> Result<Statement, StoreError> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql).await.map_err(|e| in_statement(sql, e))?;
        self.statements.insert(sql, statement.clone());
        Ok(statement)
    }

    /// Every row of a query.
    pub async fn rows(&mut self, sql: &'static str, params: Params<'_>) -> Result<Vec<Row>, StoreError> {
        let statement = self.statement(sql).await?;
        self.client.query(&statement, params).await.map_err(|e| in_statement(sql, e))
    }

    /// The row of a query that finds at most one.
    pub async fn row(&mut self, sql: &'static str, params: Params<'_>) -> Result<Option<Row>, StoreError> {
        let statement = self.statement(sql).await?;
        self.client.query_opt(&statement, params).await.map_err(|e| in_statement(sql, e))
    }

    /// The row of a query that always finds one (a count, a `RETURNING`).
    pub async fn one(&mut self, sql: &'static str, params: Params<'_>) -> Result<Row, StoreError> {
        let statement = self.statement(sql).await?;
        self.client.query_one(&statement, params).await.map_err(|e| in_statement(sql, e))
    }

    /// Runs queries, pipelined: one round trip for all of them; each one's rows.
    pub async fn fetch(&mut self, queries: &[(&'static str, Vec<Owned>)]) -> Result<Vec<Vec<Row>>, StoreError> {
        let prepared = self.statements_of(queries).await?;
        queried(&self.client, queries, &prepared).await
    }

    /// The prepared statement of each query.
    async fn statements_of(&mut self, queries: &[(&'static str, Vec<Owned>)]) -> Result<Vec<Statement>, StoreError> {
        let mut prepared = Vec::with_capacity(queries.len());
        for (sql, _) in queries {
            prepared.push(self.statement(sql).await?);
        }
        Ok(prepared)
    }

    /// Runs a statement; how many rows it touched.
    pub async fn execute(&mut self, sql: &'static str, params: Params<'_>) -> Result<u64, StoreError> {
        let statement = self.statement(sql).await?;
        self.client.execute(&statement, params).await.map_err(|e| in_statement(sql, e))
    }

    /// Runs statements given as text, without parameters (schema, transaction control).
    pub async fn batch(&mut self, sql: &str) -> Result<(), StoreError> {
        Ok(self.client.batch_execute(sql).await?)
    }

    /// The rows of `COPY … TO STDOUT`, as PostgreSQL streams them.
    pub async fn copy_out(&mut self, sql: &str) -> Result<tokio_postgres::CopyOutStream, StoreError> {
        self.client.copy_out(sql).await.map_err(|e| in_statement(sql, e))
    }

    /// A sink for `COPY … FROM STDIN`.
    pub async fn copy_in(&mut self, sql: &str) -> Result<tokio_postgres::CopyInSink<bytes::Bytes>, StoreError> {
        self.client.copy_in(sql).await.map_err(|e| in_statement(sql, e))
    }

    /// Opens a read-only transaction on one snapshot of the whole database: what a backup
    /// reads, while writes go on.
    pub async fn begin_snapshot(&mut self) -> Result<(), StoreError> {
        self.in_transaction = true;
        self.batch("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY").await
    }

    /// Opens a transaction. Until [`Conn::commit`], the connection rolls it back if it is
    /// dropped or fails.
    pub async fn begin(&mut self) -> Result<(), StoreError> {
        self.in_transaction = true;
        self.batch("BEGIN").await
    }

    /// [`Conn::begin`], runs a first statement in the transaction (a lock), then queries, all
    /// in one round trip; each query's rows. PostgreSQL
    /// runs them in the order sent, so the queries read under the lock.
    pub async fn begin_with(
        &mut self,
        sql: &'static str,
        params: Params<'_>,
        then: &[(&'static str, Vec<Owned>)],
    ) -> Result<Vec<Vec<Row>>, StoreError> {
        if then.len() > PIPELINED {
            self.begin_then(sql, params, &[]).await?;
            return self.fetch(then).await;
        }
        self.begin_then(sql, params, then).await
    }

    async fn begin_then(
        &mut self,
        sql: &'static str,
        params: Params<'_>,
        then: &[(&'static str, Vec<Owned>)],
    ) -> Result<Vec<Vec<Row>>, StoreError> {
        let statement = self.statement(sql).await?;
        let prepared = self.statements_of(then).await?;
        self.in_transaction = true;
        let client = &self.client;
        // Polled in order, so sent in order: BEGIN, the first statement, the queries.
        let begin = async { client.batch_execute("BEGIN").await.map_err(|e| in_statement("BEGIN", e)) };
        let first = async { client.execute(&statement, params).await.map_err(|e| in_statement(sql, e)) };
        let reads = queried(client, then, &prepared);
        let (_, _, rows) = futures_util::future::try_join3(begin, first, reads).await?;
        Ok(rows)
    }

    pub async fn commit(&mut self) -> Result<(), StoreError> {
        self.batch("COMMIT").await?;
        self.in_transaction = false;
        Ok(())
    }
}

/// Opens connections on the store's runtime (see the module's documentation).
pub(super) struct Connector {
    config: tokio_postgres::Config,
    io: Handle,
}

impl managed::Manager for Connector {
    type Type = Conn;
    type Error = StoreError;

    async fn create(&self) -> Result<Conn, StoreError> {
        let config = self.config.clone();
        let opening = self.io.spawn(async move {
            let (client, connection) = config.connect(NoTls).await?;
            tokio::spawn(async move {
                if let Err(e) = connection.await {
                    tracing::warn!(error = %describe(&e), "a PostgreSQL connection ended");
                }
            });
            Ok::<_, StoreError>(client)
        });
        let read_only_answers = read_only_answers();
        let client = opening.await.map_err(|e| StoreError::Unavailable(format!("connecting: {e}")))??;
        Ok(Conn { client, statements: HashMap::new(), in_transaction: false, read_only_answers })
    }

    async fn recycle(&self, conn: &mut Conn, _: &Metrics) -> RecycleResult<StoreError> {
        if conn.client.is_closed() {
            return Err(RecycleError::message("the connection is closed"));
        }
        if conn.read_only_answers != read_only_answers() {
            return Err(RecycleError::message("opened before the database answered read-only"));
        }
        if conn.in_transaction {
            conn.batch("ROLLBACK").await.map_err(RecycleError::Backend)?;
            conn.in_transaction = false;
        }
        Ok(())
    }
}

type Pool = managed::Pool<Connector>;

/// A pooled connection. Dropped inside a transaction (an error, an early return), it rolls
/// the transaction back at once on the store's runtime, so that no lock it took (a brand's) is
/// held while it waits in the pool.
pub(super) struct Pooled {
    conn: Option<managed::Object<Connector>>,
    io: Handle,
}

impl std::ops::Deref for Pooled {
    type Target = Conn;
    fn deref(&self) -> &Conn {
        self.conn.as_ref().expect("present until dropped")
    }
}

impl std::ops::DerefMut for Pooled {
    fn deref_mut(&mut self) -> &mut Conn {
        self.conn.as_mut().expect("present until dropped")
    }
}

impl Drop for Pooled {
    fn drop(&mut self) {
        if let Some(mut conn) = self.conn.take().filter(|c| c.in_transaction) {
            self.io.spawn(async move {
                if conn.batch("ROLLBACK").await.is_ok() {
                    conn.in_transaction = false;
                } else {
                    // Never back into the pool in an unknown state.
                    let _ = managed::Object::take(conn);
                }
            });
        }
    }
}

/// The pools and the runtime their connections run on.
///
/// Two pools, so that no wait for a connection can deadlock: decision sessions draw from
/// `sessions`, everything else from `general`. A session may read through a second
/// connection while it holds its own (a member's details for a digest), and many brands'
/// sessions may be open at once; if both drew from one pool, sessions holding every
/// connection would wait forever for one more. A holder of a `general` connection never
/// waits for another connection, so that pool always drains, and a session always gets its
/// second connection in the end.
pub(super) struct Database {
    sessions: Pool,
    general: Pool,
    io: Option<tokio::runtime::Runtime>,
    handle: Handle,
}

impl Database {
    /// Sets up the pools (half of `pool_size` for sessions, the rest for everything else, at
    /// least one each); connects nobody yet.
    pub fn new(options: &PostgresOptions) -> Result<Self, StoreError> {
        let mut config: tokio_postgres::Config = options
            .url
            .parse()
            .map_err(|e: tokio_postgres::Error| StoreError::Database(format!("database_url is not valid: {e}")))?;
        let statement_timeout = options.timeout.as_millis();
        config
            .connect_timeout(options.timeout)
            .application_name("referrals")
            // A statement never runs longer than a request may wait; every commit is on disk
            // before it returns, whatever the server's default.
            .options(format!("-c statement_timeout={statement_timeout} -c synchronous_commit=on"));
        let threads = std::thread::available_parallelism().map_or(2, |n| n.get());
        let io = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(threads)
            .thread_name("referrals-pg")
            .enable_all()
            .build()
            .map_err(|e| StoreError::Database(format!("cannot start the database runtime: {e}")))?;
        let handle = io.handle().clone();
        let sessions = (options.pool_size / 2).max(1);
        let pool = |size: usize| {
            Pool::builder(Connector { config: config.clone(), io: handle.clone() })
                .max_size(size)
                .wait_timeout(Some(options.timeout))
                .create_timeout(Some(options.timeout))
                .recycle_timeout(Some(options.timeout))
                .runtime(deadpool::Runtime::Tokio1)
                .build()
                .map_err(|e| StoreError::Database(format!("cannot build the connection pool: {e}")))
        };
        Ok(Self {
            sessions: pool(sessions)?,
            general: pool(options.pool_size.saturating_sub(sessions).max(1))?,
            io: Some(io),
            handle,
        })
    }

    /// The runtime the connections run on, where the brands' decisions run too.
    pub fn runtime(&self) -> Handle {
        self.handle.clone()
    }

    /// A connection for anything but a decision session.
    pub async fn conn(&self) -> Result<Pooled, StoreError> {
        self.from(&self.general).await
    }

    /// A connection for a decision session.
    pub async fn session_conn(&self) -> Result<Pooled, StoreError> {
        self.from(&self.sessions).await
    }

    async fn from(&self, pool: &Pool) -> Result<Pooled, StoreError> {
        let conn = pool.get().await.map_err(|e| match e {
            managed::PoolError::Backend(e) => e,
            other => StoreError::Unavailable(format!("no database connection: {other}")),
        })?;
        let (open, in_use) = self.pool_use();
        crate::metrics::database_pool(open, in_use);
        Ok(Pooled { conn: Some(conn), io: self.handle.clone() })
    }

    /// How many connections are open, and how many of them are in use (both pools).
    pub fn pool_use(&self) -> (usize, usize) {
        [&self.sessions, &self.general].iter().map(|pool| pool.status()).fold((0, 0), |(open, used), status| {
            (open + status.size, used + status.size.saturating_sub(status.available))
        })
    }

    /// Closes the pool: connections in use close as they come back.
    pub fn close(&self) {
        self.sessions.close();
        self.general.close();
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        self.close();
        // Dropped on any thread, async or not: never wait for the runtime's tasks here.
        if let Some(io) = self.io.take() {
            io.shutdown_background();
        }
    }
}
