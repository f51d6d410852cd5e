//! The statements of reads named ahead ([`ReadAhead`]): a session sends those of a decision
//! together, in one round trip, keeps the rows, and answers each read from them when the
//! engine makes it (see [`super::session::PgSession`]). A read the engine makes without
//! naming it ahead runs the same statement on its own.

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
            // Under the brand's lock, in the order sent: the same answer as the lookups'.
            let (mut email, mut inbox) = (None::<String>, None::<String>);
            for lookup in lookups {
                match lookup {
                    EmailLookup::Exact(exact) => email = Some(exact.clone()),
                    EmailLookup::Inbox(canonical) => inbox = Some(canonical.clone()),
                }
            }
            let sequences: Vec<&'static str> = kinds.iter().map(|&kind| super::brands::sequence_of(kind)).collect();
            (
                "SELECT nextval(s::regclass) AS id FROM unnest($1::text[]) WITH ORDINALITY AS t(s, n)
                 WHERE NOT EXISTS (SELECT 1 FROM participants WHERE brand_id = $2 AND campaign_id = $3
                                   AND (email = $4 OR inbox = $5))
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

/// One statement of a read-ahead, and the reads it answers.
pub(super) struct Batch {
    sql: &'static str,
    params: Vec<Owned>,
    reads: Answered,
}

/// The reads one statement answers.
pub(super) struct Answered(Vec<ReadAhead>);

impl Batch {
    /// The statement, and what its rows answer.
    pub fn split(self) -> ((&'static str, Vec<Owned>), Answered) {
        ((self.sql, self.params), self.reads)
    }
}

/// The statements of these reads: one a read, but for a participant's standings on several
/// boards, which one statement reads together.
pub(super) fn batches(brand_id: i64, reads: &[&ReadAhead]) -> Vec<Batch> {
    let mut batches = Vec::with_capacity(reads.len());
    let mut standings: Vec<(u64, u64, Vec<ReadAhead>)> = Vec::new();
    for &read in reads {
        if let ReadAhead::Standing { campaign_id, participant_id, .. } = read {
            match standings.iter_mut().find(|(c, p, _)| c == campaign_id && p == participant_id) {
                Some((.., group)) => group.push(read.clone()),
                None => standings.push((*campaign_id, *participant_id, vec![read.clone()])),
            }
            continue;
        }
        let (sql, params) = statement(brand_id, read);
        batches.push(Batch { sql, params, reads: Answered(vec![read.clone()]) });
    }
    for (campaign_id, participant_id, group) in standings {
        let boards: Vec<Vec<u8>> = group.iter().filter_map(board_of).map(|board| board.to_vec()).collect();
        batches.push(Batch {
            sql: "SELECT board, rank FROM standings
                  WHERE brand_id = $1 AND campaign_id = $2 AND participant_id = $3 AND board = ANY($4)",
            params: owned![&brand_id, &sql_id(campaign_id), &sql_id(participant_id), &boards],
            reads: Answered(group),
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

impl Answered {
    /// Each read's rows among the statement's.
    pub fn answers(self, rows: Vec<Row>) -> Vec<(ReadAhead, Vec<Row>)> {
        if self.0.len() == 1 {
            return self.0.into_iter().zip([rows]).collect();
        }
        let mut answers: Vec<(ReadAhead, Vec<Row>)> = self.0.into_iter().map(|read| (read, Vec::new())).collect();
        for row in rows {
            let board: Vec<u8> = row.get("board");
            if let Some((_, rows)) =
                answers.iter_mut().find(|(read, _)| board_of(read).is_some_and(|b| b[..] == board[..]))
            {
                rows.push(row);
            }
        }
        answers
    }
}

/// Rows fetched ahead, each read's kept until it is made.
#[derive(Default)]
pub(super) struct Fetched {
    rows: Vec<(ReadAhead, Vec<Row>)>,
}

impl Fetched {
    /// The rows of `read`, if it was fetched ahead (and not taken yet).
    pub fn take(&mut self, read: &ReadAhead) -> Option<Vec<Row>> {
        let at = self.rows.iter().position(|(r, _)| r == read)?;
        Some(self.rows.swap_remove(at).1)
    }

    /// The ids fetched ahead for a new participant, if ids of these kinds were (none when
    /// the address was known then).
    pub fn take_ids(&mut self, wanted: &[IdKind]) -> Option<Vec<Row>> {
        let at = self.rows.iter().position(|(r, _)| matches!(r, ReadAhead::NewIds { kinds, .. } if kinds == wanted))?;
        Some(self.rows.swap_remove(at).1)
    }

    pub fn holds(&self, read: &ReadAhead) -> bool {
        self.rows.iter().any(|(r, _)| r == read)
    }

    pub fn keep(&mut self, read: ReadAhead, rows: Vec<Row>) {
        self.rows.push((read, rows));
    }
}
