//! Backups of the PostgreSQL database in the backup file format every backend shares (a
//! header, named trees of entries, a SHA-256 trailer), and their restore into an empty
//! PostgreSQL database.
//!
//! A snapshot reads every table inside one `REPEATABLE READ` transaction: one consistent view
//! of the whole database while writes go on, so no writer ever waits for a backup. Each
//! table is a tree named `postgres.<table>`, whose entries are its rows in `COPY`'s binary
//! format (one entry a row); `postgres.schema` names the schema version and
//! `postgres.sequences` the id sequences. Dashboard sessions are left out, as on the embedded
//! store (a restore signs everyone out).

use std::io::{BufWriter, Read, Seek};

use async_trait::async_trait;
use bytes::{Buf, Bytes, BytesMut};
use futures_util::{SinkExt, StreamExt};

use super::connection::Conn;
use super::migrate::{OLDEST_RESTORABLE, SCHEMA_VERSION};
use super::{id_at, PgStore, PostgresOptions, StoreError};
use crate::store::backup::{BackupError, Record, RecordReader, RecordWriter};
use crate::store::BackupStore;
use crate::store::{BackupSummary, Snapshot};

/// Every table a backup holds, parents before what refers to them.
pub(super) const TABLES: &[&str] = &[
    "meta",
    "plans",
    "members",
    "member_emails",
    "api_keys",
    "brands",
    "member_domains",
    "stripe_connections",
    "source_connections",
    "source_customers",
    "domain_proofs",
    "member_creations",
    "campaigns",
    "landers",
    "counters",
    "daily",
    "rollups",
    "held_numbers",
    "coupon_pools",
    "coupons",
    "pending_rewards",
    "participants",
    "participant_marks",
    "rewards",
    "invites",
    "visits",
    "conversions",
    "payment_references",
    "customer_bindings",
    "promo_codes",
    "commissions",
    "exchange_rates",
    "payouts",
    "payout_rewards",
    "payout_details",
    "payout_owed",
    "rates",
    "standings",
    "contest_results",
    "places",
    "digest_marks",
    "emails",
    "email_outbox",
    "events",
    "mentions",
    "idempotency",
    "webhooks",
    "deliveries",
    "attempts",
];

/// The sequences, whose positions a restore carries over so that no id is handed out twice.
const SEQUENCES: &[&str] = &[
    "ids_member",
    "ids_brand",
    "ids_campaign",
    "ids_participant",
    "ids_reward",
    "ids_invite",
    "ids_webhook",
    "ids_event",
    "ids_conversion",
    "ids_email",
    "ids_payout",
    "issue_order",
    "attempts_seq_seq",
];

const SCHEMA_TREE: &[u8] = b"postgres.schema";
const SEQUENCE_TREE: &[u8] = b"postgres.sequences";
const TABLE_PREFIX: &str = "postgres.";

/// The header of `COPY`'s binary format (signature, no flags, no extension).
const COPY_HEADER: &[u8] = b"PGCOPY\n\xff\r\n\0\0\0\0\0\0\0\0\0";
/// The end of `COPY`'s binary format: a row of -1 fields.
const COPY_TRAILER: &[u8] = &[0xff, 0xff];

fn backup_error(e: impl std::fmt::Display) -> StoreError {
    StoreError::Backup(e.to_string())
}

/// Splits `COPY … TO STDOUT (FORMAT binary)` into its rows: each row whole, as the format
/// frames it (a field count, then each field's length and bytes).
struct CopyRows {
    buffer: BytesMut,
    header_seen: bool,
}

impl CopyRows {
    /// The next complete row in what arrived so far; `None` until more arrives (or at the end).
    fn next_row(&mut self) -> Result<Option<Bytes>, StoreError> {
        if !self.header_seen {
            if self.buffer.len() < COPY_HEADER.len() {
                return Ok(None);
            }
            let extension = u32::from_be_bytes(self.buffer[15..19].try_into().expect("4 bytes")) as usize;
            if self.buffer[..11] != COPY_HEADER[..11] || self.buffer.len() < 19 + extension {
                return Err(backup_error("PostgreSQL sent a COPY stream of an unknown shape"));
            }
            self.buffer.advance(19 + extension);
            self.header_seen = true;
        }
        if self.buffer.len() < 2 {
            return Ok(None);
        }
        let fields = i16::from_be_bytes([self.buffer[0], self.buffer[1]]);
        if fields < 0 {
            return Ok(None);
        }
        let mut at = 2;
        for _ in 0..fields {
            let Some(length) = self.buffer.get(at..at + 4) else { return Ok(None) };
            let length = i32::from_be_bytes(length.try_into().expect("4 bytes"));
            at += 4 + length.max(0) as usize;
            if at > self.buffer.len() {
                return Ok(None);
            }
        }
        Ok(Some(self.buffer.split_to(at).freeze()))
    }
}

impl PgStore {
    async fn write_snapshot(conn: &mut Conn, out: &mut RecordWriter<impl std::io::Write>) -> Result<(), StoreError> {
        out.tree(SCHEMA_TREE).map_err(backup_error)?;
        out.entry(b"version", &SCHEMA_VERSION.to_be_bytes()).map_err(backup_error)?;
        out.tree(SEQUENCE_TREE).map_err(backup_error)?;
        // A sequence's position is not part of the snapshot: it may be ahead of it, which
        // leaves a gap in ids after a restore, never a repeat.
        let positions = conn
            .rows(
                "SELECT sequencename, coalesce(last_value, 1) AS last_value, last_value IS NOT NULL AS is_called
                 FROM pg_sequences WHERE schemaname = current_schema() ORDER BY sequencename",
                &[],
            )
            .await?;
        for row in positions {
            let name: String = row.get("sequencename");
            let (last, called) = (id_at(&row, "last_value"), row.get::<_, bool>("is_called"));
            if SEQUENCES.contains(&name.as_str()) {
                out.entry(name.as_bytes(), &[&last.to_be_bytes()[..], &[u8::from(called)]].concat())
                    .map_err(backup_error)?;
            }
        }
        for table in TABLES {
            out.tree(format!("{TABLE_PREFIX}{table}").as_bytes()).map_err(backup_error)?;
            let stream = conn.copy_out(&format!("COPY {table} TO STDOUT (FORMAT binary)")).await?;
            futures_util::pin_mut!(stream);
            let mut rows = CopyRows { buffer: BytesMut::new(), header_seen: false };
            let mut n: u64 = 0;
            while let Some(chunk) = stream.next().await {
                rows.buffer.extend_from_slice(&chunk?);
                while let Some(row) = rows.next_row()? {
                    n += 1;
                    out.entry(&n.to_be_bytes(), &row).map_err(backup_error)?;
                }
            }
        }
        Ok(())
    }
}

#[async_trait]
impl BackupStore for PgStore {
    async fn snapshot(&self) -> Result<Snapshot, StoreError> {
        let mut conn = self.db.conn().await?;
        conn.begin_snapshot().await?;
        let mut file = tempfile::tempfile().map_err(backup_error)?;
        let mut out = RecordWriter::backup(BufWriter::with_capacity(1 << 20, &file), 0).map_err(backup_error)?;
        Self::write_snapshot(&mut conn, &mut out).await?;
        conn.commit().await?;
        let summary = out.finish().map_err(backup_error)?;
        file.rewind().map_err(backup_error)?;
        Ok(Snapshot { file, summary, paused: std::time::Duration::ZERO })
    }
}

/// Why a backup could not be restored into PostgreSQL.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    #[error(transparent)]
    File(#[from] BackupError),
    #[error(transparent)]
    Database(#[from] StoreError),
    #[error("{0}")]
    Refused(String),
}

/// Refuses a database that holds members or brands: a restore never mixes two databases.
pub(super) async fn refuse_unless_empty(conn: &mut Conn) -> Result<(), RestoreError> {
    let held = conn.one("SELECT (SELECT count(*) FROM members) + (SELECT count(*) FROM brands) AS n", &[]).await?;
    if id_at(&held, "n") > 0 {
        return Err(RestoreError::Refused(
            "the PostgreSQL database is not empty (it has members or brands): restore into a new database".into(),
        ));
    }
    Ok(())
}

/// Restores a backup taken from PostgreSQL into the empty PostgreSQL database of `options`,
/// all or nothing: the rows are loaded in one transaction, committed only once the file's
/// digest has been checked.
pub async fn restore_postgres(reader: impl Read, options: &PostgresOptions) -> Result<BackupSummary, RestoreError> {
    let store = PgStore::open(options).await?;
    let mut conn = store.db.conn().await?;
    refuse_unless_empty(&mut conn).await?;
    let mut records = RecordReader::backup(reader)?;
    match records.next_record()? {
        Some(Record::Tree(name)) if name == SCHEMA_TREE => {}
        Some(Record::Tree(_)) => {
            return Err(RestoreError::Refused(
                "this backup was taken from the embedded database: it is moved into PostgreSQL by \
                 store::move_embedded_backup (refctl restore FILE --database-url URL)"
                    .into(),
            ))
        }
        _ => return Err(BackupError::Damaged("no schema record".into()).into()),
    }
    let version = match records.next_record()? {
        Some(Record::Entry(key, value)) if key == b"version" && restorable(&value) => {
            i32::from_be_bytes(value[..4].try_into().expect("restorable: four bytes"))
        }
        Some(Record::Entry(_, value)) => {
            return Err(RestoreError::Refused(format!(
                "this backup holds schema version {:?}; this release restores schema versions \
                 {OLDEST_RESTORABLE} to {SCHEMA_VERSION}",
                value
            )))
        }
        _ => return Err(BackupError::Damaged("no schema version".into()).into()),
    };
    conn.begin().await?;
    // The seeded plans and markers of the new database give way to the backup's.
    conn.batch(&format!("TRUNCATE {}", TABLES.join(", "))).await?;
    let mut sequences = Vec::new();
    let mut table: Option<String> = None;
    let mut sink: Option<std::pin::Pin<Box<tokio_postgres::CopyInSink<Bytes>>>> = None;
    while let Some(record) = records.next_record()? {
        match record {
            Record::Tree(name) => {
                if let Some(mut open) = sink.take() {
                    open.send(Bytes::from_static(COPY_TRAILER)).await.map_err(StoreError::from)?;
                    open.as_mut().finish().await.map_err(StoreError::from)?;
                }
                table = None;
                if name == SEQUENCE_TREE {
                    continue;
                }
                let name = String::from_utf8(name).map_err(|_| BackupError::Damaged("a table's name".into()))?;
                let known = name.strip_prefix(TABLE_PREFIX).filter(|t| TABLES.contains(t));
                let Some(known) = known else {
                    return Err(BackupError::Damaged(format!("an unknown table {name:?}")).into());
                };
                let columns = legacy_columns(known, version).unwrap_or_default();
                let copy = format!("COPY {known} {columns} FROM STDIN (FORMAT binary)");
                let mut open = Box::pin(conn.copy_in(&copy).await?);
                open.send(Bytes::from_static(COPY_HEADER)).await.map_err(StoreError::from)?;
                sink = Some(open);
                table = Some(known.to_owned());
            }
            Record::Entry(key, value) => match (&mut sink, &table) {
                (Some(open), Some(_)) => open.send(Bytes::from(value)).await.map_err(StoreError::from)?,
                _ => sequences.push((key, value)),
            },
        }
    }
    if let Some(mut open) = sink.take() {
        open.send(Bytes::from_static(COPY_TRAILER)).await.map_err(StoreError::from)?;
        open.as_mut().finish().await.map_err(StoreError::from)?;
    }
    let summary = records.finish()?;
    for (name, value) in sequences {
        let name = String::from_utf8(name).ok().filter(|n| SEQUENCES.contains(&n.as_str()));
        let (Some(name), Some(last), Some(&called)) =
            (name, value.get(..8).and_then(|v| v.try_into().ok()).map(i64::from_be_bytes), value.get(8))
        else {
            return Err(BackupError::Damaged("a sequence's position".into()).into());
        };
        conn.one("SELECT setval($1::text::regclass, $2, $3)", &[&name, &last.max(1), &(called == 1)]).await?;
    }
    conn.commit().await?;
    // The planner's statistics of what was loaded (see `import.rs`).
    conn.batch("ANALYZE").await?;
    Ok(summary)
}

/// The columns a backup of schema `version` holds of `table`, when a later migration added
/// some (they restore at their defaults); none when they are the table's own.
fn legacy_columns(table: &str, version: i32) -> Option<&'static str> {
    match (table, version) {
        ("email_outbox", ..=10) => Some("(brand_id, email_id, campaign_id, attempts, due_ms, leased_until_ms)"),
        _ => None,
    }
}

/// Whether a backup's schema version (4 bytes, big-endian) is one this release restores.
fn restorable(version: &[u8]) -> bool {
    <[u8; 4]>::try_from(version)
        .map(i32::from_be_bytes)
        .is_ok_and(|version| (OLDEST_RESTORABLE..=SCHEMA_VERSION).contains(&version))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_older_backups_email_outbox_is_restored_without_the_leases_holder() {
        assert!(legacy_columns("email_outbox", 10).is_some_and(|c| !c.contains("leased_by")));
        assert_eq!(legacy_columns("email_outbox", 11), None);
        assert_eq!(legacy_columns("deliveries", 1), None);
    }

    #[test]
    fn backups_of_every_schema_with_the_same_tables_are_restored_and_no_others() {
        for version in OLDEST_RESTORABLE..=SCHEMA_VERSION {
            assert!(restorable(&version.to_be_bytes()), "version {version}");
        }
        assert!(!restorable(&(SCHEMA_VERSION + 1).to_be_bytes()), "a newer release's");
        assert!(!restorable(&(OLDEST_RESTORABLE - 1).to_be_bytes()), "older than the tables");
        assert!(!restorable(&[0, 0, 1]), "not four bytes");
    }
}
