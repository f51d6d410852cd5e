//! PostgreSQL's errors as the store reports them: unavailable (answered 503, a retry later
//! may succeed) or a database error, named by the statement's first words, never by its
//! parameters.

use std::sync::atomic::{AtomicU64, Ordering};

use crate::store::StoreError;

/// How many times PostgreSQL answered that it will not write (SQLSTATE 25006: a standby, or
/// a primary set read-only, as a demoted primary or a managed service's maintenance is).
/// Every connection opened before the latest such answer is dropped when it comes back to the
/// pool (`Connector::recycle`), so the next ones are opened where `database_url` finds a
/// writable primary: with several hosts and `target_session_attrs=read-write`, the new one
/// after a failover.
static READ_ONLY_ANSWERS: AtomicU64 = AtomicU64::new(0);

/// The count of read-only answers so far: a connection opened now remembers it.
pub(super) fn read_only_answers() -> u64 {
    READ_ONLY_ANSWERS.load(Ordering::Acquire)
}

/// Counts a read-only answer: every connection open now is left behind.
pub(super) fn database_turned_read_only() {
    READ_ONLY_ANSWERS.fetch_add(1, Ordering::AcqRel);
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> Self {
        describe(&e)
    }
}

/// A database error as the store reports it: unavailable when the database cannot be
/// reached or answered too late (a retry later may succeed), a database error otherwise. The
/// message is PostgreSQL's, which names no credential.
pub(super) fn describe(e: &tokio_postgres::Error) -> StoreError {
    let message = match e.as_db_error() {
        Some(db) => format!("{}: {}", db.code().code(), db.message()),
        None => e.to_string(),
    };
    let lost = e.is_closed()
        || std::error::Error::source(e).is_some_and(|source| source.is::<std::io::Error>())
        || message.starts_with("error connecting to server")
        || message.starts_with("timeout");
    // Connection exceptions (08), insufficient resources (53), and an operator's or a
    // timeout's intervention (57: shutdown, statement timeout).
    let refused = e.code().is_some_and(|code| matches!(code.code().get(..2), Some("08" | "53" | "57")));
    // A server that will not write (a standby, a primary set read-only): another may.
    let read_only = e.code() == Some(&tokio_postgres::error::SqlState::READ_ONLY_SQL_TRANSACTION);
    if read_only {
        database_turned_read_only();
        return StoreError::Unavailable(format!(
            "{message} (the database is read-only: waiting for a writable primary)"
        ));
    }
    // A trigger or rule of the database's own raising (PL/pgSQL's class P0): an operator's
    // refusal of these rows, not a fault of this server's; the same write may pass later.
    let raised = e.code().is_some_and(|code| code.code().starts_with("P0"));
    if lost || refused || raised {
        StoreError::Unavailable(message)
    } else {
        StoreError::Database(message)
    }
}

/// The error of a statement, naming its first words (never its parameters).
pub(super) fn in_statement(sql: &str, e: tokio_postgres::Error) -> StoreError {
    let statement: String = sql.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
    match describe(&e) {
        StoreError::Unavailable(m) => StoreError::Unavailable(format!("{m} (in {statement} …)")),
        StoreError::Database(m) => StoreError::Database(format!("{m} (in {statement} …)")),
        other => other,
    }
}
