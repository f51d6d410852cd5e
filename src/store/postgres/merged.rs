//! The numbers a decision moves (counter deltas, daily deltas, leaderboard standings), merged
//! into one row each, written as arrays (see `write_set.rs`): a referral signup moves four
//! counters, two days' series and two or three standings.
//!
//! Merging keeps what applying them in order would give: deltas of one row add up (the
//! counter's floor at zero applies to their sum; the engine never takes a counter below
//! zero), and of two standings of one row the later wins.

use super::connection::Pipeline;

/// A leaderboard row: campaign, board key, participant.
type StandingKey = (i64, Vec<u8>, i64);

/// Standings as arrays: campaigns, boards, participants, ranks.
pub(super) type StandingArrays = (Vec<i64>, Vec<Vec<u8>>, Vec<i64>, Vec<Vec<u8>>);

/// Deltas and standings of one decision, not yet sent.
#[derive(Default)]
pub(super) struct Merged {
    /// (campaign, counter) and the sum of its deltas, in first-seen order.
    counts: Vec<((i64, i16), i64)>,
    /// (campaign, series, day) and the sum of its deltas.
    daily: Vec<((i64, i16, i32), i64)>,
    /// (campaign, board, participant) and its latest rank.
    standings: Vec<(StandingKey, Vec<u8>)>,
}

/// Adds `delta` to the entry of `key`, or starts one.
fn add<K: PartialEq>(entries: &mut Vec<(K, i64)>, key: K, delta: i64) {
    match entries.iter_mut().find(|(k, _)| *k == key) {
        Some((_, sum)) => *sum += delta,
        None => entries.push((key, delta)),
    }
}

impl Merged {
    pub fn count(&mut self, campaign_id: i64, counter: i16, delta: i64) {
        add(&mut self.counts, (campaign_id, counter), delta);
    }

    pub fn daily(&mut self, campaign_id: i64, series: i16, day: i32, delta: i64) {
        add(&mut self.daily, (campaign_id, series, day), delta);
    }

    pub fn standing(&mut self, campaign_id: i64, board: Vec<u8>, participant_id: i64, rank: Vec<u8>) {
        let key = (campaign_id, board, participant_id);
        match self.standings.iter_mut().find(|(k, _)| *k == key) {
            Some((_, latest)) => *latest = rank,
            None => self.standings.push((key, rank)),
        }
    }

    /// The standings' arrays.
    pub fn standings(&mut self) -> StandingArrays {
        let standings = std::mem::take(&mut self.standings);
        let campaigns = standings.iter().map(|((c, _, _), _)| *c).collect();
        let boards = standings.iter().map(|((_, b, _), _)| b.clone()).collect();
        let participants = standings.iter().map(|((_, _, p), _)| *p).collect();
        let ranks = standings.into_iter().map(|(_, rank)| rank).collect();
        (campaigns, boards, participants, ranks)
    }

    /// The daily deltas' arrays: campaigns, series, days, deltas.
    pub fn daily_deltas(&mut self) -> (Vec<i64>, Vec<i16>, Vec<i32>, Vec<i64>) {
        let daily = std::mem::take(&mut self.daily);
        let campaigns = daily.iter().map(|((c, _, _), _)| *c).collect();
        let series = daily.iter().map(|((_, s, _), _)| *s).collect();
        let days = daily.iter().map(|((_, _, d), _)| *d).collect();
        let deltas = daily.iter().map(|(_, d)| *d).collect();
        (campaigns, series, days, deltas)
    }

    /// The counter deltas' arrays (campaigns, counters, deltas) when none is negative: what a
    /// signup moves, counters that only grow, whose floor cannot bind, so an upsert does it
    /// (each row found through the primary key as it is inserted). Otherwise their own
    /// statement goes to `pipe` and the arrays are empty.
    pub fn growing_counts(&mut self, pipe: &mut Pipeline, brand_id: i64) -> (Vec<i64>, Vec<i16>, Vec<i64>) {
        let counts = std::mem::take(&mut self.counts);
        let campaigns: Vec<i64> = counts.iter().map(|((c, _), _)| *c).collect();
        let counters: Vec<i16> = counts.iter().map(|((_, k), _)| *k).collect();
        let deltas: Vec<i64> = counts.iter().map(|(_, d)| *d).collect();
        if deltas.iter().all(|d| *d >= 0) {
            return (campaigns, counters, deltas);
        }
        // The update and the insert of new rows in one statement; no other decision writes
        // the brand's counters meanwhile (the brand's lock, see `session.rs`). The floor at
        // zero applies to the new value, which an upsert cannot do: its update sees only
        // the value proposed for insertion, where a negative delta has become zero.
        pipe.push(
            "WITH n AS (SELECT c, k, d FROM unnest($2::bigint[], $3::smallint[], $4::bigint[]) AS n (c, k, d)),
             moved AS (UPDATE counters t SET value = greatest(t.value + n.d, 0) FROM n
                       WHERE t.brand_id = $1 AND t.campaign_id = n.c AND t.counter = n.k
                       RETURNING t.campaign_id, t.counter)
             INSERT INTO counters (brand_id, campaign_id, counter, value)
             SELECT $1, n.c, n.k, greatest(n.d, 0) FROM n
             WHERE NOT EXISTS (SELECT 1 FROM moved WHERE moved.campaign_id = n.c AND moved.counter = n.k)",
            taken![brand_id, campaigns, counters, deltas],
        );
        (Vec::new(), Vec::new(), Vec::new())
    }
}
