//! Statements composed of several, so that PostgreSQL runs fewer: a decision's pipelined
//! writes joined into data-modifying `WITH` parts ([`groups`], [`join`]), and the one-value
//! reads it names ahead asked in one `SELECT` of scalar subqueries ([`select`]).
//!
//! Why: every statement costs PostgreSQL a round of its extended protocol (bind, execute,
//! and a sync that flushes its answer with a `send`), and on a busy server that round, not
//! the work itself, is most of a small statement's cost. A referral signup's ten writes
//! become one statement, and the reads it names ahead (the campaign, the address, the
//! new ids, the count, the referrer, their block, standings and velocity, the webhooks) one.
//!
//! What makes joined writes the same as running them one after another: all parts of one
//! statement see the same snapshot, so no part may need another's effect. So no part writes
//! or reads a table that an earlier part of its statement writes: a later write of a row,
//! or a read of what was just written (an invitation's insert reads its participant's
//! campaign), lands in a later statement. The one exception is writes of known rows by
//! their ids (a new participant and their referrer, two rewards): distinct rows of one
//! table are written in one statement as they would be one after the other. The tables are
//! found in each statement's text ([`tables`]). There are no triggers or foreign keys whose
//! checks could see a difference, and a unique index sees a row another part inserts.
//!
//! Composed statements are prepared like any other, under a text of their own that lives as
//! long as the server ([`interned`]): their parts come from a fixed set of statements (each
//! with its fixed number of parameters), so there are few of them, and past [`MOST_SHAPES`]
//! nothing more is composed.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::{LazyLock, Mutex};

/// Most composed statements kept; past it, statements go as they are.
const MOST_SHAPES: usize = 1_024;

/// Composed statements by their parts, each part known by where its text lives: the texts
/// are fixed, and hashing their addresses costs a fraction of hashing their words.
static SHAPES: LazyLock<Mutex<HashMap<Vec<Place>, &'static str>>> = LazyLock::new(Mutex::default);

/// Where a fixed statement text lives: its address and length.
type Place = (usize, usize);

fn place(sql: &'static str) -> Place {
    (sql.as_ptr() as usize, sql.len())
}

/// How parts are composed: [`join`]ed writes or a [`select`] of values.
#[derive(Clone, Copy)]
pub(super) enum Composition {
    Join,
    Select,
}

/// The statement composed of `parts` as `how` says, its text made once for the server's
/// lifetime; `None` once [`MOST_SHAPES`] are kept and this one is not among them.
pub(super) fn interned(how: Composition, parts: &[&'static str], counts: &[usize]) -> Option<&'static str> {
    let how_text = match how {
        Composition::Join => "join",
        Composition::Select => "select",
    };
    let key: Vec<Place> = [how_text].into_iter().chain(parts.iter().copied()).map(place).collect();
    let mut shapes = SHAPES.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(text) = shapes.get(&key) {
        return Some(text);
    }
    if shapes.len() >= MOST_SHAPES {
        return None;
    }
    let text = match how {
        Composition::Join => join(parts, counts),
        Composition::Select => select(parts, counts),
    };
    let text: &'static str = Box::leak(text.into_boxed_str());
    shapes.insert(key, text);
    Some(text)
}

/// One `SELECT` of the reads' values, each read a scalar subquery in column `c{n}`:
/// reads that find one column of at most one row, and whose value is never NULL when it
/// finds a row (or for which NULL means the same as no row), and reads of several rows asked
/// as one array (NULL when they find none).
pub(super) fn select(parts: &[&str], counts: &[usize]) -> String {
    let mut offset = 0;
    let mut columns = Vec::with_capacity(parts.len());
    for (n, (sql, count)) in parts.iter().zip(counts).enumerate() {
        columns.push(format!("({}) AS c{n}", renumber(sql.trim(), offset)));
        offset += count;
    }
    format!("SELECT {}", columns.join(",\n       "))
}

/// The tables a statement writes (the names after `INSERT INTO`, `UPDATE` and `DELETE
/// FROM`) and the names it reads (after any other `FROM` and after `JOIN`: tables, and
/// names of no table such as `unnest` or its own `WITH` parts, which do no harm).
fn tables(sql: &str) -> (Vec<&str>, Vec<&str>) {
    // `(UPDATE` opens a part of the statement's own WITH list.
    let words: Vec<&str> = sql.split_whitespace().map(|word| word.trim_start_matches('(')).collect();
    let is = |at: usize, keyword: &str| words.get(at).is_some_and(|w| w.eq_ignore_ascii_case(keyword));
    let (mut written, mut read) = (Vec::new(), Vec::new());
    for (at, word) in words.iter().enumerate().skip(1) {
        let name = word.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).next().unwrap_or_default();
        if name.is_empty() {
            continue;
        }
        let before = at - 1;
        // Not `ON CONFLICT … DO UPDATE SET`, which writes the statement's own table.
        let updated = is(before, "UPDATE") && (before == 0 || !is(before - 1, "DO"));
        let inserted = is(before, "INTO") && before > 0 && is(before - 1, "INSERT");
        let deleted = is(before, "FROM") && before > 0 && is(before - 1, "DELETE");
        if updated || inserted || deleted {
            written.push(name);
        } else if is(before, "FROM") || is(before, "JOIN") {
            read.push(name);
        }
    }
    (written, read)
}

/// What [`groups`] needs to know of a statement: its [`tables`], whether it is
/// [`joinable`] and whether it [`has_with`] its own list.
struct Facts {
    written: Vec<&'static str>,
    read: Vec<&'static str>,
    joinable: bool,
    has_with: bool,
}

/// Most statement texts whose [`Facts`] a thread keeps (there are a few dozen).
const MOST_FACTS: usize = 1_024;

thread_local! {
    /// The facts of each statement text this thread has seen. Working them out takes every
    /// word of the text, and a busy server's signups each asked for them anew: about 5 % of
    /// its CPU under the bench's signups before they were kept.
    static FACTS: RefCell<HashMap<Place, Rc<Facts>>> = RefCell::default();
}

/// The [`Facts`] of a statement text, worked out once per thread.
fn facts(sql: &'static str) -> Rc<Facts> {
    let key = place(sql);
    if let Some(known) = FACTS.with_borrow(|facts| facts.get(&key).cloned()) {
        return known;
    }
    let (written, read) = tables(sql);
    let found = Rc::new(Facts { written, read, joinable: joinable(sql), has_with: has_with(sql) });
    FACTS.with_borrow_mut(|facts| {
        if facts.len() < MOST_FACTS {
            facts.insert(key, found.clone());
        }
    });
    found
}

/// Whether a statement starts with its own `WITH` list: it can only close a group, its
/// parts appended to the group's.
fn has_with(sql: &str) -> bool {
    sql.trim_start().get(..5).is_some_and(|w| w.eq_ignore_ascii_case("WITH "))
}

/// Whether a statement can be a part: a write (a query's rows would be lost).
fn joinable(sql: &str) -> bool {
    let first = sql.split_whitespace().next().unwrap_or_default();
    ["INSERT", "UPDATE", "DELETE", "WITH"].iter().any(|w| first.eq_ignore_ascii_case(w))
}

/// Most parts in one statement.
const MOST_PARTS: usize = 12;

/// Most parameters in one statement (PostgreSQL's limit is 65,535).
const MOST_PARAMS: usize = 4_096;

/// A write as [`groups`] sees it: its text, its number of parameters, and the id of the one
/// row it writes when it writes one known row (see `Pipeline::push_row`).
pub(super) struct Shape {
    pub sql: &'static str,
    pub params: usize,
    pub row: Option<u64>,
}

/// The statements split into runs that each become one statement: lengths of consecutive
/// runs, in order.
pub(super) fn groups(statements: &[Shape]) -> Vec<usize> {
    let mut groups = Vec::new();
    // The tables written by the group's parts, each with the row written when it is known.
    let (mut len, mut params, mut written): (usize, usize, Vec<(&str, Option<u64>)>) = (0, 0, Vec::new());
    // The group's last statement is not a write, or brings its own WITH list: it ends it.
    let mut closed = false;
    for shape in statements {
        let facts = facts(shape.sql);
        let (own, reads) = (&facts.written, &facts.read);
        // Nothing it reads was written by an earlier part: it would not see that. Nothing it
        // writes was either, unless both are known rows, and different ones: a part would not
        // see the row another part writes, and two writes of one row in one statement fail.
        let unseen = |table: &&str, row: Option<u64>| {
            !written.iter().any(|(t, r)| t == table && (row.is_none() || r.is_none() || *r == row))
        };
        let fits = facts.joinable
            && !closed
            && len < MOST_PARTS
            && params + shape.params <= MOST_PARAMS
            && own.iter().all(|t| unseen(t, shape.row))
            && reads.iter().all(|t| unseen(t, None));
        if len > 0 && !fits {
            groups.push(len);
            (len, params) = (0, 0);
            written.clear();
        }
        len += 1;
        params += shape.params;
        written.extend(own.iter().map(|&t| (t, shape.row)));
        closed = !facts.joinable || facts.has_with;
    }
    if len > 0 {
        groups.push(len);
    }
    groups
}

/// One statement doing what the parts do in order: each but the last a `WITH` part, their
/// parameters numbered on after the previous parts'. `counts` are the parts' parameter counts.
pub(super) fn join(parts: &[&str], counts: &[usize]) -> String {
    let mut offset = 0;
    let mut with = Vec::new();
    let mut main = String::new();
    for (n, (sql, count)) in parts.iter().zip(counts).enumerate() {
        let sql = renumber(sql.trim(), offset);
        offset += count;
        if n + 1 < parts.len() {
            with.push(format!("w{n} AS ({sql})"));
        } else if has_with(&sql) {
            with.push(sql[5..].trim_start().to_owned());
        } else {
            main = sql;
        }
    }
    match main.is_empty() {
        // The last part brought its own WITH list, whose main statement ends it.
        true => format!("WITH {}", with.join(",\n")),
        false => format!("WITH {}\n{main}", with.join(",\n")),
    }
}

/// `sql` with every parameter `$n` numbered `$(n + offset)`.
fn renumber(sql: &str, offset: usize) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    const PARTICIPANT: &str = "INSERT INTO participants (a, b) VALUES ($1, $2)";
    const REFERRER: &str = "UPDATE participants SET b = $2 WHERE a = $1";
    const REWARD: &str = "INSERT INTO rewards (a) VALUES ($1) ON CONFLICT (a) DO UPDATE SET a = $1";
    const COUNTERS: &str = "WITH n AS (SELECT c FROM unnest($2::bigint[]) AS n (c)),
        moved AS (UPDATE counters t SET value = t.value + 1 FROM n WHERE t.brand_id = $1 RETURNING t.c)
        INSERT INTO counters (brand_id, c) SELECT $1, n.c FROM n";

    /// Shapes of writes of unknown rows.
    fn shapes(statements: &[(&'static str, usize)]) -> Vec<Shape> {
        statements.iter().map(|&(sql, params)| Shape { sql, params, row: None }).collect()
    }

    #[test]
    fn a_table_written_twice_starts_a_new_statement() {
        let statements = [(PARTICIPANT, 2), (REFERRER, 2), (REWARD, 1), (REWARD, 1)];
        assert_eq!(groups(&shapes(&statements)), vec![1, 2, 1]);
    }

    #[test]
    fn different_known_rows_of_a_table_share_a_statement_and_one_row_twice_does_not() {
        let row = |sql, params, id| Shape { sql, params, row: Some(id) };
        let signup = [row(PARTICIPANT, 2, 7), row(REFERRER, 2, 3), row(REWARD, 1, 70), row(REWARD, 1, 71)];
        assert_eq!(groups(&signup), vec![4]);
        let again = [row(PARTICIPANT, 2, 7), row(REWARD, 1, 70), row(REFERRER, 2, 7)];
        assert_eq!(groups(&again), vec![2, 1]);
        // A write of rows unknown may touch any row: it and a known row's write stay apart.
        let unknown = [row(PARTICIPANT, 2, 7), Shape { sql: REFERRER, params: 2, row: None }];
        assert_eq!(groups(&unknown), vec![1, 1]);
        let unknown_first = [Shape { sql: REWARD, params: 1, row: None }, row(REWARD, 1, 70)];
        assert_eq!(groups(&unknown_first), vec![1, 1]);
        // A read of the table still waits for its writes, whichever rows they were.
        const INVITE: &str = "INSERT INTO invites (brand_id, invite_id, campaign_id)
             SELECT $1, $2, campaign_id FROM participants WHERE brand_id = $1 AND participant_id = $3";
        let read = [row(PARTICIPANT, 2, 7), row(INVITE, 3, 7)];
        assert_eq!(groups(&read), vec![1, 1]);
    }

    #[test]
    fn a_statement_with_its_own_with_list_closes_its_group() {
        let statements = [(REWARD, 1), (COUNTERS, 2), (PARTICIPANT, 2)];
        assert_eq!(groups(&shapes(&statements)), vec![2, 1]);
        assert_eq!(tables(COUNTERS).0, vec!["counters", "counters"]);
        assert_eq!(tables(REWARD), (vec!["rewards"], vec![]));
    }

    #[test]
    fn a_part_reading_a_table_written_before_it_starts_a_new_statement() {
        const INVITE: &str = "INSERT INTO invites (brand_id, invite_id, campaign_id)
             SELECT $1, $2, campaign_id FROM participants WHERE brand_id = $1 AND participant_id = $3";
        assert_eq!(tables(INVITE), (vec!["invites"], vec!["participants"]));
        assert_eq!(groups(&shapes(&[(PARTICIPANT, 2), (INVITE, 3)])), vec![1, 1]);
        // Read before the participant is written, it sees what it would have seen alone.
        assert_eq!(groups(&shapes(&[(INVITE, 3), (PARTICIPANT, 2)])), vec![2]);
    }

    #[test]
    fn reads_are_never_joined() {
        let statements = [("SELECT 1 FROM rewards WHERE a = $1", 1), (REWARD, 1), (PARTICIPANT, 2)];
        assert_eq!(groups(&shapes(&statements)), vec![1, 2]);
    }

    #[test]
    fn parts_are_numbered_on() {
        let joined = join(&[REWARD, PARTICIPANT], &[1, 2]);
        assert_eq!(
            joined,
            "WITH w0 AS (INSERT INTO rewards (a) VALUES ($1) ON CONFLICT (a) DO UPDATE SET a = $1)\n\
             INSERT INTO participants (a, b) VALUES ($2, $3)"
        );
        let closing = join(&[PARTICIPANT, COUNTERS], &[2, 2]);
        assert_eq!(
            select(&["SELECT body FROM campaigns WHERE campaign_id = $1", "SELECT value FROM counters WHERE a = $1 AND b = $2"], &[1, 2]),
            "SELECT (SELECT body FROM campaigns WHERE campaign_id = $1) AS c0,\n       (SELECT value FROM counters WHERE a = $2 AND b = $3) AS c1"
        );
        assert!(closing.starts_with(
            "WITH w0 AS (INSERT INTO participants (a, b) VALUES ($1, $2)),\nn AS (SELECT c FROM unnest($4::bigint[])"
        ));
        assert!(closing.ends_with("INSERT INTO counters (brand_id, c) SELECT $3, n.c FROM n"));
    }

    #[test]
    fn a_group_stays_within_its_limits() {
        let many: Vec<(&str, usize)> =
            (0..30).map(|n| if n % 2 == 0 { (PARTICIPANT, 2) } else { (REWARD, 1) }).collect();
        assert_eq!(groups(&shapes(&many)), vec![2; 15]);
        let wide = [(PARTICIPANT, 3_000), (REWARD, 3_000)];
        assert_eq!(groups(&shapes(&wide)), vec![1, 1]);
    }
}
