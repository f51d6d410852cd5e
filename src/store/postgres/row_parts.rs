//! The one statement that writes a decision's held rows (see `write_set.rs`), made of the
//! parts it needs: a part per kind of row ([`Part`]), each its own plain SQL (an `INSERT …
//! SELECT FROM unnest` of arrays, `ON CONFLICT` where a row may exist), the parts a decision
//! has rows for joined as the data-modifying steps of one `WITH`.
//!
//! Why not one fixed statement with every part, empty arrays doing nothing: each execution of
//! a part, rows or none, builds its plan's nodes and opens and locks its table and every index
//! of it, and a referral signup needs about half of them. Measured (docs/benchmarks.md,
//! "Only the parts a decision needs"), PostgreSQL's CPU a signup fell from about 970 to 620–800
//! µs. Each combination of parts is one text, made once and prepared once a connection: a
//! signup always needs the same ones, so a server makes a handful (2^14 at the very most).
//!
//! The parts write different tables, or different rows of one, and none reads a table
//! another writes, so in any order (and all at once, as the steps of one `WITH` run) they
//! leave what they would one after another.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use super::connection::Owned;

/// A kind of row the statement writes; declared (and ordered) as their parameters come.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(super) enum Part {
    /// New participants, inserted.
    NewParticipants,
    /// A participant that exists, updated by key (its search text and body).
    Updated,
    /// New participants' marks, inserted.
    Marks,
    /// Rewards, upserted; one issued the first time takes its issue order from the
    /// `issue_order` sequence (never cleared).
    Rewards,
    /// Counter deltas that only grow, upserted (`value + delta`).
    Counters,
    /// Daily deltas, upserted.
    Days,
    /// Leaderboard standings, upserted.
    Standings,
    /// Velocity windows, upserted.
    Windows,
    /// Visits, inserted once a visitor.
    Visits,
    /// Webhook events, upserted.
    Events,
    /// Webhook deliveries, upserted, leased to this server until their due time (or now, if
    /// later) plus the lease.
    Deliveries,
    /// Composed emails, queued with their outbox entries, due at once.
    Emails,
    /// Mentions of participants (by events and emails), inserted once.
    Mentions,
    /// Campaigns' held numbers (`held.rs`), upserted whole.
    Held,
}

/// Every part, in the order their parameters come.
const PARTS: [Part; 14] = [
    Part::NewParticipants,
    Part::Updated,
    Part::Marks,
    Part::Rewards,
    Part::Counters,
    Part::Days,
    Part::Standings,
    Part::Windows,
    Part::Visits,
    Part::Events,
    Part::Deliveries,
    Part::Emails,
    Part::Mentions,
    Part::Held,
];

/// The parts of a rows' statement that have rows, and their parameters so far.
pub(super) struct Rows {
    parts: Vec<Part>,
    params: Vec<Owned>,
}

impl Rows {
    /// No part yet; the brand, `$1`.
    pub fn of_brand(brand_id: i64) -> Self {
        Self { parts: Vec::new(), params: taken![brand_id] }
    }

    /// `part`, with its parameters: called in [`PARTS`]' order, the order the statement
    /// numbers their parameters in.
    pub fn add(&mut self, part: Part, params: Vec<Owned>) {
        debug_assert!(self.parts.last().is_none_or(|last| *last < part), "{part:?} out of order");
        self.parts.push(part);
        self.params.extend(params);
    }

    /// The parts and their parameters.
    pub fn into_parts(self) -> (Vec<Part>, Vec<Owned>) {
        (self.parts, self.params)
    }
}

/// Hands out parameter numbers in order; `$1` is always the brand.
struct Numbering(usize);

impl Numbering {
    fn take<const N: usize>(&mut self) -> [String; N] {
        std::array::from_fn(|_| {
            self.0 += 1;
            format!("${}", self.0)
        })
    }
}

/// The step of `part`, its parameters numbered from where `n` is.
fn step(part: Part, n: &mut Numbering) -> String {
    match part {
        Part::NewParticipants => {
            let [i, c, m, s, e, x, d, r, h, b] = n.take();
            format!(
                "new_participants AS (
    INSERT INTO participants (brand_id, participant_id, campaign_id, member_id, seq, email, inbox, domain,
        referred_by, search, body)
    SELECT $1, i, c, m, s, e, x, d, r, h, b
    FROM unnest({i}::bigint[], {c}::bigint[], {m}::bigint[], {s}::bigint[], {e}::text[], {x}::text[], {d}::text[],
                {r}::bigint[], {h}::bytea[], {b}::bytea[]) AS n (i, c, m, s, e, x, d, r, h, b))"
            )
        }
        Part::Updated => {
            let [i, s, b] = n.take();
            format!(
                "updated AS (
    UPDATE participants SET search = {s}::bytea, body = {b}::bytea WHERE brand_id = $1 AND participant_id = {i}::bigint)"
            )
        }
        Part::Marks => {
            let [p, c, v, q, u, b, a, h, pr, pa] = n.take();
            format!(
                "new_marks AS (
    INSERT INTO participant_marks (brand_id, participant_id, campaign_id, converted, qualified, unsubscribed,
        blocked_at, admitted_at, referral_holds, print, print_at_ms)
    SELECT $1, p, c, v, q, u, b, a, h, pr, pa
    FROM unnest({p}::bigint[], {c}::bigint[], {v}::boolean[], {q}::bigint[], {u}::boolean[], {b}::text[],
                {a}::text[], {h}::bytea[], {pr}::bytea[], {pa}::bigint[]) AS n (p, c, v, q, u, b, a, h, pr, pa))"
            )
        }
        Part::Rewards => {
            let [i, p, c, m, s, h, f, b] = n.take();
            format!(
                "rewards_written AS (
    INSERT INTO rewards (brand_id, reward_id, participant_id, campaign_id, member_id, status, release_at_ms,
        issue_seq, body)
    SELECT $1, i, p, c, m, s, h, CASE WHEN f THEN nextval('issue_order') END, b
    FROM unnest({i}::bigint[], {p}::bigint[], {c}::bigint[], {m}::bigint[], {s}::smallint[], {h}::bigint[],
                {f}::boolean[], {b}::bytea[]) AS n (i, p, c, m, s, h, f, b)
    ON CONFLICT (brand_id, reward_id) DO UPDATE SET status = excluded.status,
        release_at_ms = excluded.release_at_ms, body = excluded.body,
        issue_seq = coalesce(rewards.issue_seq, excluded.issue_seq))"
            )
        }
        Part::Counters => {
            let [c, k, d] = n.take();
            format!(
                "counted AS (
    INSERT INTO counters (brand_id, campaign_id, counter, value)
    SELECT $1, c, k, d FROM unnest({c}::bigint[], {k}::smallint[], {d}::bigint[]) AS n (c, k, d)
    ON CONFLICT (brand_id, campaign_id, counter) DO UPDATE SET value = counters.value + excluded.value)"
            )
        }
        Part::Days => {
            let [c, s, d, v] = n.take();
            format!(
                "days AS (
    INSERT INTO daily (brand_id, campaign_id, series, day, value)
    SELECT $1, c, s, d, v FROM unnest({c}::bigint[], {s}::smallint[], {d}::integer[], {v}::bigint[]) AS n (c, s, d, v)
    ON CONFLICT (brand_id, campaign_id, series, day) DO UPDATE SET value = daily.value + excluded.value)"
            )
        }
        Part::Standings => {
            let [c, b, p, r] = n.take();
            format!(
                "ranked AS (
    INSERT INTO standings (brand_id, campaign_id, board, participant_id, rank)
    SELECT $1, c, b, p, r FROM unnest({c}::bigint[], {b}::bytea[], {p}::bigint[], {r}::bytea[]) AS n (c, b, p, r)
    ON CONFLICT (brand_id, campaign_id, board, participant_id) DO UPDATE SET rank = excluded.rank)"
            )
        }
        Part::Windows => {
            let [c, k, l, t] = n.take();
            format!(
                "windows AS (
    INSERT INTO rates (brand_id, campaign_id, key, last_ms, times)
    SELECT $1, c, k, l, t FROM unnest({c}::bigint[], {k}::bytea[], {l}::bigint[], {t}::bytea[]) AS n (c, k, l, t)
    ON CONFLICT (brand_id, campaign_id, key) DO UPDATE SET last_ms = excluded.last_ms, times = excluded.times)"
            )
        }
        Part::Visits => {
            let [c, p, v] = n.take();
            format!(
                "visited AS (
    INSERT INTO visits (brand_id, campaign_id, participant_id, visitor)
    SELECT $1, c, p, v FROM unnest({c}::bigint[], {p}::bigint[], {v}::bytea[]) AS n (c, p, v)
    ON CONFLICT DO NOTHING)"
            )
        }
        Part::Events => {
            let [i, c, b] = n.take();
            format!(
                "published AS (
    INSERT INTO events (brand_id, event_id, campaign_id, body)
    SELECT $1, i, c, b FROM unnest({i}::bigint[], {c}::bigint[], {b}::bytea[]) AS n (i, c, b)
    ON CONFLICT (brand_id, event_id) DO UPDATE SET body = excluded.body)"
            )
        }
        Part::Deliveries => {
            let [w, e, a, d, lease, holder] = n.take();
            format!(
                "delivering AS (
    INSERT INTO deliveries (webhook_id, event_id, attempts, due_ms, leased_until_ms, leased_by)
    SELECT w, e, a, d, greatest(d, now_ms()) + {lease}, {holder}
    FROM unnest({w}::bigint[], {e}::bigint[], {a}::integer[], {d}::bigint[]) AS n (w, e, a, d)
    ON CONFLICT (webhook_id, event_id) DO UPDATE SET attempts = excluded.attempts, due_ms = excluded.due_ms,
        leased_until_ms = excluded.leased_until_ms, leased_by = excluded.leased_by)"
            )
        }
        Part::Emails => {
            let [i, c, p, b, queued] = n.take();
            format!(
                "composed AS (SELECT * FROM unnest({i}::bigint[], {c}::bigint[], {p}::bigint[], {b}::bytea[]) AS n (i, c, p, b)),
  queued AS (
    INSERT INTO emails (brand_id, email_id, campaign_id, participant_id, body, delivery)
    SELECT $1, i, c, p, b, {queued} FROM composed),
  outbox AS (
    INSERT INTO email_outbox (brand_id, email_id, campaign_id, attempts, due_ms) SELECT $1, i, c, 0, 0 FROM composed)"
            )
        }
        Part::Mentions => {
            let [p, k, y] = n.take();
            format!(
                "mentioned AS (
    INSERT INTO mentions (participant_id, kind, key)
    SELECT p, k, y FROM unnest({p}::bigint[], {k}::smallint[], {y}::bytea[]) AS n (p, k, y)
    ON CONFLICT DO NOTHING)"
            )
        }
        Part::Held => {
            let [c, h] = n.take();
            format!(
                "held AS (
    INSERT INTO held_numbers (brand_id, campaign_id, numbers)
    SELECT $1, c, h FROM unnest({c}::bigint[], {h}::bytea[]) AS n (c, h)
    ON CONFLICT (brand_id, campaign_id) DO UPDATE SET numbers = excluded.numbers)"
            )
        }
    }
}

/// The statement writing `parts` (in [`PARTS`]' order, at least one), made once: its
/// parameters are the brand, then each part's in that order.
pub(super) fn statement(parts: &[Part]) -> &'static str {
    static MADE: LazyLock<Mutex<HashMap<u16, &'static str>>> = LazyLock::new(Mutex::default);
    let mask = parts.iter().fold(0u16, |mask, part| mask | 1 << *part as u16);
    let mut made = MADE.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    made.entry(mask).or_insert_with(|| {
        let mut n = Numbering(1);
        let steps: Vec<String> =
            PARTS.iter().filter(|part| parts.contains(part)).map(|&part| step(part, &mut n)).collect();
        // At most one text for each of the 2^14 combinations, and in practice the handful
        // that decisions make: kept for the life of the process, as the prepared statements
        // that use them are.
        Box::leak(format!("WITH\n  {}\nSELECT 1", steps.join(",\n  ")).into_boxed_str())
    })
}

#[cfg(test)]
mod tests {
    use super::{statement, Part, PARTS};

    #[test]
    fn parts_are_numbered_in_order_after_the_brand_and_made_once() {
        let one = statement(&[Part::Counters, Part::Mentions]);
        assert!(one.contains("unnest($2::bigint[], $3::smallint[], $4::bigint[])"), "{one}");
        assert!(one.contains("unnest($5::bigint[], $6::smallint[], $7::bytea[])"), "{one}");
        assert!(!one.contains("participants"), "{one}");
        assert!(std::ptr::eq(one, statement(&[Part::Counters, Part::Mentions])));
    }

    #[test]
    fn every_part_takes_its_parameters_and_no_other() {
        let all = statement(&PARTS);
        let mut numbers: Vec<usize> = all
            .split('$')
            .skip(1)
            .map(|after| after.chars().take_while(char::is_ascii_digit).collect::<String>().parse().unwrap())
            .collect();
        numbers.sort_unstable();
        numbers.dedup();
        // 10 + 3 + 10 + 8 + 3 + 4 + 4 + 4 + 3 + 3 + 6 + 5 + 3 + 2 parameters after the brand.
        assert_eq!(numbers, (1..=69).collect::<Vec<_>>());
    }
}
