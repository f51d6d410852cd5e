//! PostgreSQL's errors as the store reports them: unavailable (answered 503, a retry later
//! may succeed) or a database error, named by the statement's first words, never by its
//! parameters.

use crate::store::StoreError;

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
    if lost || refused {
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
