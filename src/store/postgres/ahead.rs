//! The statements of reads named ahead ([`ReadAhead`]): a session sends those of a decision
//! together, in one round trip, keeps what they found, and answers each read from it when
//! the engine makes it (see [`super::session::PgSession`]). The reads that find one value
//! go as one statement, a `SELECT` of one scalar subquery a read ([`select`]). A read the
//! engine makes without naming it ahead runs its own statement on its own.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use tokio_postgres::types::FromSql;
use tokio_postgres::Row;

use super::connection::Owned;
use super::rows::rate_key;
use super::{sql_id, StoreError};
use crate::domain::email::EmailLookup;
use crate::domain::engine::ReadAhead;
use crate::domain::ids::IdKind;

/// The condition of a new participant's ids: no participant of the campaign has the address,
/// exactly or by inbox. Two tests, not one with OR: each is then a probe of its own index
/// (the email's key, the inbox index), where `email = $4 OR inbox = $5` read the campaign.
macro_rules! new_address {
    () => {
        "WHERE NOT EXISTS (SELECT 1 FROM participants WHERE brand_id = $2 AND campaign_id = $3 AND email = $4)
           AND NOT EXISTS (SELECT 1 FROM participants WHERE brand_id = $2 AND campaign_id = $3 AND inbox = $5)"
    };
}

/// The statement of one read, and its parameters.
pub(super) fn statement(brand_id: i64, read: &ReadAhead) -> (&'static str, Vec<Owned>) {
    match read {
        ReadAhead::Campaign(id) => ("SELECT body FROM campaigns WHERE campaign_id = $1", owned![&sql_id(*id)]),
        ReadAhead::NewIds { campaign_id, lookups, kinds } => {
            // Under the brand's lock, in the order sent: the same answer as the lookups'.
            let (mut email, mut inbox) = (None::<String>, None::<String>);
            for lookup in lookups {
                match lookup {
                    EmailLookup::Exact(exact) => email = Some(exact.clone()),
                    EmailLookup::Inbox(canonical) => inbox = Some(canonical.clone()),
                }
            }
            let sequences = super::sequences::sequences_of(kinds);
            (
                concat!(
                    "SELECT nextval(s::regclass) AS id FROM unnest($1::text[]) WITH ORDINALITY AS t(s, n) ",
                    new_address!(),
                    " ORDER BY n"
                ),
                owned![&sequences, &brand_id, &sql_id(*campaign_id), &email, &inbox],
            )
        }
        ReadAhead::Participant(id) => ("SELECT body FROM participants WHERE participant_id = $1", owned![&sql_id(*id)]),
        ReadAhead::Blocked { campaign_id, participant_id } => (
            "SELECT blocked_at FROM participant_marks WHERE brand_id = $1 AND participant_id = $2 AND campaign_id = $3",
            owned![&brand_id, &sql_id(*participant_id), &sql_id(*campaign_id)],
        ),
        ReadAhead::Email { campaign_id, lookup: EmailLookup::Exact(email) } => (
            "SELECT participant_id FROM participants WHERE brand_id = $1 AND campaign_id = $2 AND email = $3",
            owned![&brand_id, &sql_id(*campaign_id), email],
        ),
        ReadAhead::Email { campaign_id, lookup: EmailLookup::Inbox(inbox) } => (
            "SELECT participant_id FROM participants WHERE brand_id = $1 AND campaign_id = $2 AND inbox = $3
             ORDER BY participant_id LIMIT 1",
            owned![&brand_id, &sql_id(*campaign_id), inbox],
        ),
        ReadAhead::Counter { campaign_id, counter } => (
            "SELECT value FROM counters WHERE brand_id = $1 AND campaign_id = $2 AND counter = $3",
            owned![&brand_id, &sql_id(*campaign_id), &i16::from(*counter as u8)],
        ),
        ReadAhead::Standing { campaign_id, board, participant_id } => (
            "SELECT rank FROM standings WHERE brand_id = $1 AND campaign_id = $2 AND board = $3 AND participant_id = $4",
            owned![&brand_id, &sql_id(*campaign_id), &board.key().to_vec(), &sql_id(*participant_id)],
        ),
        ReadAhead::Recent { campaign_id, key } => (
            "SELECT times FROM rates WHERE brand_id = $1 AND campaign_id = $2 AND key = $3",
            owned![&brand_id, &sql_id(*campaign_id), &rate_key(key)],
        ),
        ReadAhead::Webhooks { member_id } => {
            ("SELECT body FROM webhooks WHERE member_id = $1 ORDER BY webhook_id", owned![&sql_id(*member_id)])
        }
        ReadAhead::KeyHolder(digest) => (
            "SELECT m.body FROM api_keys k JOIN members m USING (member_id) WHERE k.digest = $1",
            owned![&digest.to_vec()],
        ),
        ReadAhead::Plan(id) => ("SELECT body FROM plans WHERE plan_id = $1", owned![&sql_id(*id)]),
    }
}

/// The column of a read that finds one value, at most one row: such reads can be asked
/// together, each a scalar subquery of one statement ([`select`]). Each of these
/// columns is NOT NULL but `blocked_at`, whose NULL means what no row means (not blocked).
pub(super) fn value_column(read: &ReadAhead) -> Option<&'static str> {
    match read {
        ReadAhead::Campaign(_) | ReadAhead::Participant(_) | ReadAhead::KeyHolder(_) | ReadAhead::Plan(_) => {
            Some("body")
        }
        ReadAhead::Blocked { .. } => Some("blocked_at"),
        ReadAhead::Email { .. } => Some("participant_id"),
        ReadAhead::Counter { .. } => Some("value"),
        ReadAhead::Recent { .. } => Some("times"),
        ReadAhead::Standing { .. } => Some("rank"),
        ReadAhead::NewIds { .. } | ReadAhead::Webhooks { .. } => None,
    }
}

/// The column of a read of several rows that can be asked as one value: an array of that
/// column in the read's order, NULL when it finds no row ([`array_statement`]). Such a read
/// joins the reads of one value in their statement.
pub(super) fn array_column(read: &ReadAhead) -> Option<&'static str> {
    match read {
        ReadAhead::NewIds { .. } => Some("id"),
        ReadAhead::Webhooks { .. } => Some("body"),
        _ => None,
    }
}

/// [`statement`] of a read that [`array_column`] names, asking for its one array.
fn array_statement(brand_id: i64, read: &ReadAhead) -> Option<(&'static str, Vec<Owned>)> {
    let (_, params) = statement(brand_id, read);
    let sql = match read {
        // The ids are taken in the order of the kinds asked for, and sorted by it.
        ReadAhead::NewIds { .. } => concat!(
            "SELECT array_agg(nextval(s::regclass) ORDER BY n) FROM unnest($1::text[]) WITH ORDINALITY AS t(s, n) ",
            new_address!()
        ),
        ReadAhead::Webhooks { .. } => "SELECT array_agg(body ORDER BY webhook_id) FROM webhooks WHERE member_id = $1",
        _ => return None,
    };
    Some((sql, params))
}

/// One statement of a read-ahead, and the reads it answers.
pub(super) struct Batch {
    sql: &'static str,
    params: Vec<Owned>,
    reads: Answered,
}

/// The reads one statement answers.
pub(super) enum Answered {
    /// By its rows: one read.
    Rows(ReadAhead),
    /// One value each, in the columns of its one row, in order; then, when `held`, the
    /// brand's held numbers ([`HELD`]).
    Values { reads: Vec<ReadAhead>, held: bool },
    /// The brand's held numbers alone, in the one column of its one row.
    Held,
}

impl Batch {
    /// The statement, and what its rows answer.
    pub fn split(self) -> ((&'static str, Vec<Owned>), Answered) {
        ((self.sql, self.params), self.reads)
    }
}

/// The brand's held numbers (see `held.rs`), as one value: an array of each campaign's row,
/// its id (8 bytes, big-endian) before its numbers; NULL when there is none. Asked with a
/// session's first reads, after the statement that takes the brand's lock, so it sees every
/// transaction of the brand committed before it.
const HELD: &str =
    "SELECT array_agg(int8send(campaign_id) || numbers) AS numbers FROM held_numbers WHERE brand_id = $1";

/// [`batches`], split: the statements to send, and what each one answers. With `held`, the
/// brand's held numbers are asked too (see [`Answered::answers`]).
pub(super) fn queries(
    brand_id: i64,
    reads: &[&ReadAhead],
    held: bool,
) -> (Vec<(&'static str, Vec<Owned>)>, Vec<Answered>) {
    batches(brand_id, reads, held).into_iter().map(Batch::split).unzip()
}

/// The statements of these reads: one for every read that can be asked as one value (of one
/// row, or an array of several: [`value_column`], [`array_column`]), with the brand's held
/// numbers when `held`, and one for each other read.
pub(super) fn batches(brand_id: i64, reads: &[&ReadAhead], held: bool) -> Vec<Batch> {
    let mut batches = Vec::with_capacity(reads.len() + 1);
    let mut values: Vec<(ReadAhead, &'static str, Vec<Owned>)> = Vec::new();
    for &read in reads {
        let one = || value_column(read).map(|_| statement(brand_id, read));
        match one().or_else(|| array_statement(brand_id, read)) {
            Some((sql, params)) => values.push((read.clone(), sql, params)),
            None => {
                let (sql, params) = statement(brand_id, read);
                batches.push(Batch { sql, params, reads: Answered::Rows(read.clone()) });
            }
        }
    }
    let mut columns: Vec<(u8, &'static str, usize)> =
        values.iter().map(|(read, sql, params)| (kind(read), *sql, params.len())).collect();
    if held {
        columns.push((HELD_KIND, HELD, 1));
    }
    let together = match columns.len() {
        2.. => select(&columns),
        _ => None,
    };
    match together {
        Some(sql) => {
            let (reads, params): (Vec<ReadAhead>, Vec<Vec<Owned>>) =
                values.into_iter().map(|(read, _, params)| (read, params)).unzip();
            let mut params: Vec<Owned> = params.into_iter().flatten().collect();
            if held {
                params.extend(owned![&brand_id]);
            }
            batches.push(Batch { sql, params, reads: Answered::Values { reads, held } });
        }
        // Each on its own, in the form of its rows.
        None => {
            batches.extend(values.into_iter().map(|(read, ..)| {
                let (sql, params) = statement(brand_id, &read);
                Batch { sql, params, reads: Answered::Rows(read) }
            }));
            if held {
                batches.push(Batch { sql: HELD, params: owned![&brand_id], reads: Answered::Held });
            }
        }
    }
    batches
}

/// Most `SELECT`s of values kept: one a combination of kinds of reads, of which a few
/// decisions make a few (a signup's depend on its campaign's rules).
const MOST_SELECTS: usize = 256;

/// The `SELECT`s made, by the kinds of reads they ask, in order.
static SELECTS: LazyLock<Mutex<HashMap<Vec<u8>, &'static str>>> = LazyLock::new(Mutex::default);

/// A kind of read, whose statement's text is fixed.
fn kind(read: &ReadAhead) -> u8 {
    match read {
        ReadAhead::Campaign(_) => 0,
        ReadAhead::NewIds { .. } => 1,
        ReadAhead::Participant(_) => 2,
        ReadAhead::Blocked { .. } => 3,
        ReadAhead::Email { lookup: EmailLookup::Exact(_), .. } => 4,
        ReadAhead::Email { lookup: EmailLookup::Inbox(_), .. } => 5,
        ReadAhead::Counter { .. } => 6,
        ReadAhead::Standing { .. } => 7,
        ReadAhead::Recent { .. } => 8,
        ReadAhead::Webhooks { .. } => 9,
        ReadAhead::KeyHolder(_) => 10,
        ReadAhead::Plan(_) => 11,
    }
}

/// The kind of the brand's held numbers among a `SELECT`'s values ([`HELD`]).
const HELD_KIND: u8 = 12;

/// One `SELECT` of the reads' values (kind, statement, number of parameters), each read a
/// scalar subquery in column `c{n}`, its parameters numbered on after the previous reads':
/// made once for each combination of kinds of reads and kept for the server's lifetime (prepared under that text on each connection).
/// `None` once [`MOST_SELECTS`] are kept and this one is not among them: the reads then go
/// one by one.
fn select(columns: &[(u8, &'static str, usize)]) -> Option<&'static str> {
    let key: Vec<u8> = columns.iter().map(|(kind, ..)| *kind).collect();
    let mut selects = SELECTS.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(text) = selects.get(&key) {
        return Some(text);
    }
    if selects.len() >= MOST_SELECTS {
        return None;
    }
    let mut offset = 0;
    let mut texts = Vec::with_capacity(columns.len());
    for (n, (_, sql, params)) in columns.iter().enumerate() {
        texts.push(format!("({}) AS c{n}", renumbered(sql.trim(), offset)));
        offset += params;
    }
    let text: &'static str = Box::leak(format!("SELECT {}", texts.join(",\n       ")).into_boxed_str());
    selects.insert(key, text);
    Some(text)
}

/// `sql` with every parameter `$n` numbered `$(n + offset)`.
fn renumbered(sql: &str, offset: usize) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut chars = sql.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        out.push(c);
        if c != '$' {
            continue;
        }
        let start = i + 1;
        let mut end = start;
        while let Some(&(j, d)) = chars.peek() {
            if !d.is_ascii_digit() {
                break;
            }
            end = j + 1;
            chars.next();
        }
        if end > start {
            let n: usize = sql[start..end].parse().unwrap_or(0);
            out.push_str(&(n + offset).to_string());
        }
    }
    out
}

/// What a read fetched ahead found.
pub(super) enum Found {
    /// Its rows.
    Rows(Vec<Row>),
    /// Its value (or its array): a column of a row that other reads share (NULL when
    /// nothing was found).
    Value(Arc<Row>, usize),
}

impl Found {
    /// The value of a read of one value, found in `column` of its row when it was read on
    /// its own. `None` when it found no row, or NULL.
    pub fn value<T: for<'a> FromSql<'a>>(self, column: &str) -> Result<Option<T>, StoreError> {
        match self {
            Found::Value(row, at) => Ok(row.try_get::<_, Option<T>>(at)?),
            Found::Rows(rows) => Ok(rows.first().map(|row| row.try_get::<_, Option<T>>(column)).transpose()?.flatten()),
        }
    }

    /// The values of a read of several rows, found in `column` of each row when it was read
    /// on its own.
    pub fn array<T: for<'a> FromSql<'a>>(self, column: &str) -> Result<Vec<T>, StoreError> {
        match self {
            Found::Value(row, at) => Ok(row.try_get::<_, Option<Vec<T>>>(at)?.unwrap_or_default()),
            Found::Rows(rows) => Ok(rows.iter().map(|row| row.try_get(column)).collect::<Result<_, _>>()?),
        }
    }
}

impl Answered {
    /// Each read's answer among the statement's rows; and the brand's held numbers (an array
    /// of [`HELD`]'s form), when the statement asked for them.
    pub fn answers(self, rows: Vec<Row>) -> (Vec<(ReadAhead, Found)>, Option<Found>) {
        match self {
            Answered::Values { reads, held } => {
                let Some(row) = rows.into_iter().next().map(Arc::new) else { return (Vec::new(), None) };
                let numbers = held.then(|| Found::Value(row.clone(), reads.len()));
                (reads.into_iter().enumerate().map(|(n, read)| (read, Found::Value(row.clone(), n))).collect(), numbers)
            }
            Answered::Rows(read) => (vec![(read, Found::Rows(rows))], None),
            Answered::Held => (Vec::new(), Some(Found::Rows(rows))),
        }
    }
}

/// What reads fetched ahead found, each kept until the read is made.
#[derive(Default)]
pub(super) struct Fetched {
    found: Vec<(ReadAhead, Found)>,
}

impl Fetched {
    /// What `read` found, if it was fetched ahead (and not taken yet).
    pub fn take(&mut self, read: &ReadAhead) -> Option<Found> {
        let at = self.found.iter().position(|(r, _)| r == read)?;
        Some(self.found.swap_remove(at).1)
    }

    /// The ids fetched ahead for a new participant, if ids of these kinds were (none when
    /// the address was known then).
    pub fn take_ids(&mut self, wanted: &[IdKind]) -> Option<Found> {
        let at =
            self.found.iter().position(|(r, _)| matches!(r, ReadAhead::NewIds { kinds, .. } if kinds == wanted))?;
        Some(self.found.swap_remove(at).1)
    }

    pub fn holds(&self, read: &ReadAhead) -> bool {
        self.found.iter().any(|(r, _)| r == read)
    }

    pub fn keep(&mut self, read: ReadAhead, found: Found) {
        self.found.push((read, found));
    }
}

/// A read asked for in a form it does not have (`session.rs`): a bug of ours, not of the
/// database.
pub(super) fn not_a(read: &ReadAhead, form: &str) -> StoreError {
    StoreError::Database(format!("{read:?} is not a read of {form}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::leaderboard::Board;

    fn signup_reads() -> Vec<ReadAhead> {
        let lookups = vec![EmailLookup::Exact("a@shop.example".into())];
        vec![
            ReadAhead::Campaign(3),
            ReadAhead::Email { campaign_id: 3, lookup: lookups[0].clone() },
            ReadAhead::NewIds { campaign_id: 3, lookups, kinds: vec![IdKind::Participant, IdKind::Reward] },
            ReadAhead::Standing { campaign_id: 3, board: Board::All, participant_id: 9 },
            ReadAhead::Standing { campaign_id: 3, board: Board::Week(202648), participant_id: 9 },
            ReadAhead::Webhooks { member_id: 1 },
        ]
    }

    #[test]
    fn a_signups_reads_are_one_statement_with_its_ids_and_webhooks_as_arrays() {
        let reads = signup_reads();
        let batches = batches(5, &reads.iter().collect::<Vec<_>>(), false);
        assert_eq!(batches.len(), 1, "one statement");
        let ((sql, params), answered) = batches.into_iter().next().unwrap().split();
        let Answered::Values { reads: columns, held: false } = answered else { panic!("answered by its columns") };
        assert_eq!(columns, reads, "one column a read, in order");
        assert!(sql.contains("(SELECT array_agg(nextval(s::regclass) ORDER BY n)"), "{sql}");
        assert!(sql.contains("(SELECT array_agg(body ORDER BY webhook_id) FROM webhooks WHERE member_id = $"), "{sql}");
        let expected: usize = reads.iter().map(|read| statement(5, read).1.len()).sum();
        assert_eq!(params.len(), expected, "every read's parameters");
    }

    #[test]
    fn a_sessions_first_reads_bring_the_brands_held_numbers_as_their_last_value() {
        let reads = signup_reads();
        let (queries, answered) = queries(5, &reads.iter().collect::<Vec<_>>(), true);
        assert_eq!(queries.len(), 1, "one statement");
        let (sql, params) = &queries[0];
        assert!(matches!(&answered[0], Answered::Values { reads: r, held: true } if *r == reads));
        let last = format!("(SELECT array_agg(int8send(campaign_id) || numbers) AS numbers FROM held_numbers WHERE brand_id = ${}) AS c{}", params.len(), reads.len());
        assert!(sql.ends_with(&last), "{sql}");
        // Without other values, the held numbers alone.
        let (alone, answered) = super::queries(5, &[], true);
        assert_eq!((alone.len(), alone[0].0), (1, HELD));
        assert!(matches!(answered[..], [Answered::Held]));
    }

    #[test]
    fn an_array_read_asked_alone_comes_back_as_its_rows() {
        let reads = [ReadAhead::Webhooks { member_id: 1 }];
        let batches = batches(5, &reads.iter().collect::<Vec<_>>(), false);
        let ((sql, _), answered) = batches.into_iter().next().unwrap().split();
        assert!(matches!(answered, Answered::Rows(ReadAhead::Webhooks { member_id: 1 })));
        assert_eq!(sql, statement(5, &reads[0]).0, "the read's own statement, whose rows its reader knows");
    }

    #[test]
    fn each_reads_parameters_are_numbered_on_after_the_reads_before_it() {
        assert_eq!(
            renumbered("SELECT 1 WHERE a = $1 AND b = $12 AND c = '$'", 3),
            "SELECT 1 WHERE a = $4 AND b = $15 AND c = '$'"
        );
        let reads = [ReadAhead::Campaign(3), ReadAhead::Plan(4), ReadAhead::Participant(9)];
        let (queries, _) = queries(5, &reads.iter().collect::<Vec<_>>(), false);
        let sql = queries[0].0;
        for n in 1..=3 {
            assert!(sql.contains(&format!("= ${n})")), "{sql}");
        }
        assert!(!sql.contains("$4"), "three reads of one parameter each: {sql}");
    }
}
