//! The statements of reads named ahead ([`ReadAhead`]): a session sends those of a decision
//! together, in one round trip, keeps what they found, and answers each read from it when
//! the engine makes it (see [`super::session::PgSession`]). The reads that find one value
//! go as one statement (see `composed.rs`). A read the engine makes without naming it ahead
//! runs its own statement on its own.

use std::sync::Arc;

use tokio_postgres::Row;

use super::connection::Owned;
use super::rows::rate_key;
use super::sql_id;
use crate::domain::email::EmailLookup;
use crate::domain::engine::ReadAhead;
use crate::domain::ids::IdKind;

/// The statement of one read, and its parameters.
pub(super) fn statement(brand_id: i64, read: &ReadAhead) -> (&'static str, Vec<Owned>) {
    match read {
        ReadAhead::Campaign(id) => ("SELECT body FROM campaigns WHERE campaign_id = $1", owned![&sql_id(*id)]),
        ReadAhead::NewIds { campaign_id, lookups, kinds } => {
            // Under the brand's lock, in the order sent: the same answer as the lookups'. Two
            // tests, not one with OR: each is then a probe of its own index (email's key, the
            // inbox index), where `email = $4 OR inbox = $5` read the campaign's participants.
            let (mut email, mut inbox) = (None::<String>, None::<String>);
            for lookup in lookups {
                match lookup {
                    EmailLookup::Exact(exact) => email = Some(exact.clone()),
                    EmailLookup::Inbox(canonical) => inbox = Some(canonical.clone()),
                }
            }
            let sequences = super::brands::sequences_of(kinds);
            (
                "SELECT nextval(s::regclass) AS id FROM unnest($1::text[]) WITH ORDINALITY AS t(s, n)
                 WHERE NOT EXISTS (SELECT 1 FROM participants WHERE brand_id = $2 AND campaign_id = $3 AND email = $4)
                   AND NOT EXISTS (SELECT 1 FROM participants WHERE brand_id = $2 AND campaign_id = $3 AND inbox = $5)
                 ORDER BY n",
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
    }
}

/// The column of a read that finds one value, at most one row: such reads can be asked
/// together, each a scalar subquery of one statement (see `composed.rs`). Each of these
/// columns is NOT NULL but `blocked_at`, whose NULL means what no row means (not blocked).
pub(super) fn value_column(read: &ReadAhead) -> Option<&'static str> {
    match read {
        ReadAhead::Campaign(_) | ReadAhead::Participant(_) => Some("body"),
        ReadAhead::Blocked { .. } => Some("blocked_at"),
        ReadAhead::Email { .. } => Some("participant_id"),
        ReadAhead::Counter { .. } => Some("value"),
        ReadAhead::Recent { .. } => Some("times"),
        ReadAhead::NewIds { .. } | ReadAhead::Standing { .. } | ReadAhead::Webhooks { .. } => None,
    }
}

/// One statement of a read-ahead, and the reads it answers.
pub(super) struct Batch {
    sql: &'static str,
    params: Vec<Owned>,
    reads: Answered,
}

/// The reads one statement answers.
pub(super) enum Answered {
    /// By its rows: one read, or a participant's standings on several boards.
    Rows(Vec<ReadAhead>),
    /// One value each, in the columns of its one row, in order.
    Values(Vec<ReadAhead>),
}

impl Batch {
    /// The statement, and what its rows answer.
    pub fn split(self) -> ((&'static str, Vec<Owned>), Answered) {
        ((self.sql, self.params), self.reads)
    }
}

/// The statements of these reads: one for every read that finds one value, one for a
/// participant's standings on several boards, and one for each other read.
pub(super) fn batches(brand_id: i64, reads: &[&ReadAhead]) -> Vec<Batch> {
    let mut batches = Vec::with_capacity(reads.len());
    let mut standings: Vec<(u64, u64, Vec<ReadAhead>)> = Vec::new();
    let mut values: Vec<(ReadAhead, &'static str, Vec<Owned>)> = Vec::new();
    for &read in reads {
        if let ReadAhead::Standing { campaign_id, participant_id, .. } = read {
            match standings.iter_mut().find(|(c, p, _)| c == campaign_id && p == participant_id) {
                Some((.., group)) => group.push(read.clone()),
                None => standings.push((*campaign_id, *participant_id, vec![read.clone()])),
            }
            continue;
        }
        let (sql, params) = statement(brand_id, read);
        match value_column(read) {
            Some(_) => values.push((read.clone(), sql, params)),
            None => batches.push(Batch { sql, params, reads: Answered::Rows(vec![read.clone()]) }),
        }
    }
    let parts: Vec<&'static str> = values.iter().map(|(_, sql, _)| *sql).collect();
    let counts: Vec<usize> = values.iter().map(|(_, _, params)| params.len()).collect();
    let composed = match values.len() {
        2.. => super::composed::interned(super::composed::Composition::Select, &parts, &counts),
        _ => None,
    };
    match composed {
        Some(sql) => {
            let (reads, params): (Vec<ReadAhead>, Vec<Vec<Owned>>) =
                values.into_iter().map(|(read, _, params)| (read, params)).unzip();
            batches.push(Batch { sql, params: params.into_iter().flatten().collect(), reads: Answered::Values(reads) });
        }
        None => batches.extend(values.into_iter().map(|(read, sql, params)| Batch {
            sql,
            params,
            reads: Answered::Rows(vec![read]),
        })),
    }
    for (campaign_id, participant_id, group) in standings {
        let boards: Vec<Vec<u8>> = group.iter().filter_map(board_of).map(|board| board.to_vec()).collect();
        batches.push(Batch {
            sql: "SELECT board, rank FROM standings
                  WHERE brand_id = $1 AND campaign_id = $2 AND participant_id = $3 AND board = ANY($4)",
            params: owned![&brand_id, &sql_id(campaign_id), &sql_id(participant_id), &boards],
            reads: Answered::Rows(group),
        });
    }
    batches
}

fn board_of(read: &ReadAhead) -> Option<[u8; 17]> {
    match read {
        ReadAhead::Standing { board, .. } => Some(board.key()),
        _ => None,
    }
}

/// What a read fetched ahead found.
pub(super) enum Found {
    /// Its rows.
    Rows(Vec<Row>),
    /// Its value: a column of a row that other reads share (NULL when nothing was found).
    Value(Arc<Row>, usize),
}

impl Answered {
    /// Each read's answer among the statement's rows.
    pub fn answers(self, rows: Vec<Row>) -> Vec<(ReadAhead, Found)> {
        let reads = match self {
            Answered::Values(reads) => {
                let Some(row) = rows.into_iter().next().map(Arc::new) else { return Vec::new() };
                return reads.into_iter().enumerate().map(|(n, read)| (read, Found::Value(row.clone(), n))).collect();
            }
            Answered::Rows(reads) if reads.len() == 1 => return reads.into_iter().zip([Found::Rows(rows)]).collect(),
            Answered::Rows(reads) => reads,
        };
        let mut answers: Vec<(ReadAhead, Vec<Row>)> = reads.into_iter().map(|read| (read, Vec::new())).collect();
        for row in rows {
            let board: Vec<u8> = row.get("board");
            if let Some((_, rows)) =
                answers.iter_mut().find(|(read, _)| board_of(read).is_some_and(|b| b[..] == board[..]))
            {
                rows.push(row);
            }
        }
        answers.into_iter().map(|(read, rows)| (read, Found::Rows(rows))).collect()
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
    pub fn take_ids(&mut self, wanted: &[IdKind]) -> Option<Vec<Row>> {
        let at =
            self.found.iter().position(|(r, _)| matches!(r, ReadAhead::NewIds { kinds, .. } if kinds == wanted))?;
        match self.found.swap_remove(at).1 {
            Found::Rows(rows) => Some(rows),
            Found::Value(..) => None,
        }
    }

    pub fn holds(&self, read: &ReadAhead) -> bool {
        self.found.iter().any(|(r, _)| r == read)
    }

    pub fn keep(&mut self, read: ReadAhead, found: Found) {
        self.found.push((read, found));
    }
}
