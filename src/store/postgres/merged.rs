//! The numbers a decision moves (counter deltas, daily deltas, leaderboard standings), merged
//! into one statement each instead of one statement a write: a referral signup moves four
//! counters, two days' series and two or three standings, and each statement costs the
//! database a round of its protocol even when pipelined.
//!
//! Merging keeps what applying them in order would give: deltas of one row add up (the
//! counter's floor at zero applies to their sum; the engine never takes a counter below
//! zero), and of two standings of one row the later wins.

use super::connection::Pipeline;

/// A leaderboard row: campaign, board key, participant.
type StandingKey = (i64, Vec<u8>, i64);

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

    fn send_standings(&mut self, pipe: &mut Pipeline, brand_id: i64) {
        if self.standings.is_empty() {
            return;
        }
        let standings = std::mem::take(&mut self.standings);
        let campaigns: Vec<i64> = standings.iter().map(|((c, _, _), _)| *c).collect();
        let boards: Vec<Vec<u8>> = standings.iter().map(|((_, b, _), _)| b.clone()).collect();
        let participants: Vec<i64> = standings.iter().map(|((_, _, p), _)| *p).collect();
        let ranks: Vec<Vec<u8>> = standings.into_iter().map(|(_, rank)| rank).collect();
        pipe.push(
            "INSERT INTO standings (brand_id, campaign_id, board, participant_id, rank)
             SELECT $1, c, b, p, r FROM unnest($2::bigint[], $3::bytea[], $4::bigint[], $5::bytea[]) AS n (c, b, p, r)
             ON CONFLICT (brand_id, campaign_id, board, participant_id) DO UPDATE SET rank = excluded.rank",
            owned![&brand_id, &campaigns, &boards, &participants, &ranks],
        );
    }

    /// A statement for each kind of number moved.
    pub fn send(mut self, pipe: &mut Pipeline, brand_id: i64) {
        self.send_standings(pipe, brand_id);
        if !self.daily.is_empty() {
            let campaigns: Vec<i64> = self.daily.iter().map(|((c, _, _), _)| *c).collect();
            let series: Vec<i16> = self.daily.iter().map(|((_, s, _), _)| *s).collect();
            let days: Vec<i32> = self.daily.iter().map(|((_, _, d), _)| *d).collect();
            let deltas: Vec<i64> = self.daily.iter().map(|(_, d)| *d).collect();
            pipe.push(
                "INSERT INTO daily (brand_id, campaign_id, series, day, value)
                 SELECT $1, c, s, d, v FROM unnest($2::bigint[], $3::smallint[], $4::integer[], $5::bigint[]) AS n (c, s, d, v)
                 ON CONFLICT (brand_id, campaign_id, series, day) DO UPDATE SET value = daily.value + excluded.value",
                owned![&brand_id, &campaigns, &series, &days, &deltas],
            );
        }
        if self.counts.is_empty() {
            return;
        }
        let campaigns: Vec<i64> = self.counts.iter().map(|((c, _), _)| *c).collect();
        let counters: Vec<i16> = self.counts.iter().map(|((_, k), _)| *k).collect();
        let deltas: Vec<i64> = self.counts.iter().map(|(_, d)| *d).collect();
        if deltas.iter().all(|d| *d >= 0) {
            // What a signup sends: counters that only grow, whose floor cannot bind, so an
            // upsert does it. Each row is found through the primary key as it is inserted;
            // the statement below joins instead, and builds two hash tables to do it (a
            // quarter of a signup's write statement, with `auto_explain`). Keys are unique
            // (their deltas are summed above), as an upsert needs.
            pipe.push(
                "INSERT INTO counters (brand_id, campaign_id, counter, value)
                 SELECT $1, c, k, d FROM unnest($2::bigint[], $3::smallint[], $4::bigint[]) AS n (c, k, d)
                 ON CONFLICT (brand_id, campaign_id, counter) DO UPDATE SET value = counters.value + excluded.value",
                owned![&brand_id, &campaigns, &counters, &deltas],
            );
            return;
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
            owned![&brand_id, &campaigns, &counters, &deltas],
        );
    }
}
