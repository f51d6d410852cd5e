//! The numbers a decision moves (counter deltas, daily deltas, leaderboard standings,
//! velocity windows), merged into one row each, written as arrays (see `write_set.rs`): a
//! referral signup moves four counters, two days' series, two or three standings and a
//! window.
//!
//! Merging keeps what applying them in order would give: deltas of one row add up (the
//! counter's floor at zero applies to their sum; the engine never takes a counter below
//! zero), and of two standings or windows of one row the later wins.
//!
//! A busy brand's decisions that share a transaction also share their numbers
//! (`session_end.rs`): each decision's are merged into those the decisions before it moved,
//! and all of them are written once, with the last decision's rows. Until then a decision
//! reads them through the numbers held ([`Merged::counter_now`] and the others), so it sees
//! what writing them one decision at a time would have shown it.
//!
//! Counters, daily deltas and standings go further: they start from the campaigns' held rows
//! (`held.rs`), read with the brand's lock, and go back there at the transaction's end; the
//! windows are written to their table with the rows.

use serde::{Deserialize, Serialize};

use super::connection::Pipeline;
use super::rollups::RollupMoves;
use super::row_parts::{self, Part, Rows};
use super::rows::{rank_of, rate_key};
use super::{codec, sql_id, StoreError};
use crate::domain::client_print::RateKey;
use crate::domain::leaderboard::{Board, Standing};
use crate::domain::rollup::Measure;

/// A leaderboard row: campaign, board key, participant.
type StandingKey = (i64, Vec<u8>, i64);

/// Standings as arrays: campaigns, boards, participants, ranks.
pub(super) type StandingArrays = (Vec<i64>, Vec<Vec<u8>>, Vec<i64>, Vec<Vec<u8>>);

/// A campaign's held numbers, as its held row keeps them (see `held.rs`).
#[derive(Serialize, Deserialize, Default, Debug, PartialEq)]
pub(super) struct HeldNumbers {
    /// Counter and the sum of its deltas.
    pub counts: Vec<(i16, i64)>,
    /// (series, day) and the sum of its deltas.
    pub daily: Vec<((i16, i32), i64)>,
    /// (board, participant) and the latest rank.
    pub standings: Vec<HeldStanding>,
}

/// A held standing: (board, participant) and the latest rank.
pub(super) type HeldStanding = ((Vec<u8>, i64), Vec<u8>);

/// A velocity window's row: (campaign, key), the last time counted, the window's times.
pub(super) type RateRow = ((i64, Vec<u8>), i64, Vec<u8>);

/// Deltas, standings and windows of one decision (or of a busy brand's decisions so far),
/// not yet sent.
#[derive(Default)]
pub(super) struct Merged {
    /// (campaign, counter) and the sum of its deltas, in first-seen order.
    counts: Vec<((i64, i16), i64)>,
    /// (campaign, series, day) and the sum of its deltas.
    daily: Vec<((i64, i16, i32), i64)>,
    /// (campaign, board, participant) and its latest rank.
    standings: Vec<(StandingKey, Vec<u8>)>,
    /// Velocity windows, the latest of each (campaign, key).
    rates: Vec<RateRow>,
    /// The analytics' moves, written at the transaction's end (not held: see `rollups.rs`).
    rollups: RollupMoves,
    /// The campaigns whose counters, days or standings the decisions moved (see `held.rs`).
    moved: Vec<i64>,
}

/// The entry of `key` in `rows`, replaced by `row`, or `row` added last: a later write of a
/// row wins where it was first written (here and in `write_set.rs`).
pub(super) fn put<K: PartialEq, R>(rows: &mut Vec<R>, key: impl Fn(&R) -> K, row: R) {
    let wanted = key(&row);
    match rows.iter_mut().find(|held| key(held) == wanted) {
        Some(held) => *held = row,
        None => rows.push(row),
    }
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
        self.moved_in(campaign_id);
    }

    pub fn daily(&mut self, campaign_id: i64, series: i16, day: i32, delta: i64) {
        add(&mut self.daily, (campaign_id, series, day), delta);
        self.moved_in(campaign_id);
    }

    pub fn rollup(&mut self, campaign_id: u64, partner_id: Option<u64>, slot: u32, measure: Measure, n: u64) {
        self.rollups.add(campaign_id, partner_id, slot, measure, n);
    }

    /// The analytics' moves of the transaction, written to their table (see `rollups.rs`).
    pub fn write_rollups(&mut self, pipe: &mut Pipeline, brand_id: i64) {
        self.rollups.write(pipe, brand_id);
    }

    fn moved_in(&mut self, campaign_id: i64) {
        if !self.moved.contains(&campaign_id) {
            self.moved.push(campaign_id);
        }
    }

    pub fn standing(&mut self, campaign_id: i64, board: Vec<u8>, participant_id: i64, rank: Vec<u8>) {
        // Found by comparing keys in place: `put` would copy each held key to compare it.
        let key = (campaign_id, board, participant_id);
        match self.standings.iter_mut().find(|(k, _)| *k == key) {
            Some((_, latest)) => *latest = rank,
            None => self.standings.push((key, rank)),
        }
        self.moved_in(campaign_id);
    }

    /// Forgets the standings held on a board, which a write replaces wholesale in its table.
    pub fn forget_board(&mut self, campaign_id: i64, board: &[u8]) {
        self.standings.retain(|((c, b, _), _)| !(*c == campaign_id && b[..] == board[..]));
        self.moved_in(campaign_id);
    }

    pub fn rate(&mut self, campaign_id: u64, key: &RateKey, times: &[i64]) -> Result<(), StoreError> {
        let row = ((sql_id(campaign_id), rate_key(key)), times.last().copied().unwrap_or(0), codec::encode(&times)?);
        put(&mut self.rates, |(key, _, _)| key.clone(), row);
        Ok(())
    }

    /// The standings' arrays.
    fn standings(&mut self) -> StandingArrays {
        let standings = std::mem::take(&mut self.standings);
        let campaigns = standings.iter().map(|((c, _, _), _)| *c).collect();
        let boards = standings.iter().map(|((_, b, _), _)| b.clone()).collect();
        let participants = standings.iter().map(|((_, _, p), _)| *p).collect();
        let ranks = standings.into_iter().map(|(_, rank)| rank).collect();
        (campaigns, boards, participants, ranks)
    }

    /// The windows' rows.
    pub fn windows(&mut self) -> Vec<RateRow> {
        std::mem::take(&mut self.rates)
    }

    /// The daily deltas' arrays: campaigns, series, days, deltas.
    fn daily_deltas(&mut self) -> (Vec<i64>, Vec<i16>, Vec<i32>, Vec<i64>) {
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
    fn growing_counts(&mut self, pipe: &mut Pipeline, brand_id: i64) -> (Vec<i64>, Vec<i16>, Vec<i64>) {
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

/// The held rows of counters, days and standings (`held.rs`).
impl Merged {
    /// Adds a campaign's held row, as read: numbers moved before, by earlier transactions.
    pub fn hold(&mut self, c: i64, held: HeldNumbers) {
        let HeldNumbers { counts, daily, standings } = held;
        self.counts.extend(counts.into_iter().map(|(counter, delta)| ((c, counter), delta)));
        self.daily.extend(daily.into_iter().map(|((series, day), delta)| ((c, series, day), delta)));
        self.standings.extend(standings.into_iter().map(|((board, p), rank)| ((c, board, p), rank)));
    }

    /// The counters, days and standings, taken out (the windows stay): what waits for the
    /// transaction's end while the windows are written with a decision's rows.
    pub fn take_held(&mut self) -> Merged {
        Merged {
            counts: std::mem::take(&mut self.counts),
            daily: std::mem::take(&mut self.daily),
            standings: std::mem::take(&mut self.standings),
            moved: std::mem::take(&mut self.moved),
            rates: Vec::new(),
            rollups: std::mem::take(&mut self.rollups),
        }
    }

    /// The held row of each campaign the decisions moved; those of the others are dropped
    /// (they stay as they are stored).
    pub fn take_moved(&mut self) -> Vec<(i64, HeldNumbers)> {
        let Merged { counts, daily, standings, moved, .. } = self.take_held();
        let mut rows: Vec<(i64, HeldNumbers)> = moved.into_iter().map(|c| (c, HeldNumbers::default())).collect();
        fn row_of(rows: &mut [(i64, HeldNumbers)], campaign_id: i64) -> Option<&mut HeldNumbers> {
            rows.iter_mut().find(|(c, _)| *c == campaign_id).map(|(_, held)| held)
        }
        for ((campaign_id, counter), delta) in counts {
            if let Some(row) = row_of(&mut rows, campaign_id) {
                row.counts.push((counter, delta));
            }
        }
        for ((campaign_id, series, day), delta) in daily {
            if let Some(row) = row_of(&mut rows, campaign_id) {
                row.daily.push(((series, day), delta));
            }
        }
        for ((campaign_id, board, participant_id), rank) in standings {
            if let Some(row) = row_of(&mut rows, campaign_id) {
                row.standings.push(((board, participant_id), rank));
            }
        }
        rows
    }

    /// The counters, days and standings written to their tables (one statement, and one more
    /// for counters that fall), and taken out.
    pub fn write_to_tables(&mut self, pipe: &mut Pipeline, brand_id: i64) {
        let counts = self.growing_counts(pipe, brand_id);
        let mut rows = Rows::of_brand(brand_id);
        if !counts.0.is_empty() {
            rows.add(Part::Counters, taken![counts.0, counts.1, counts.2]);
        }
        let daily = self.daily_deltas();
        if !daily.0.is_empty() {
            rows.add(Part::Days, taken![daily.0, daily.1, daily.2, daily.3]);
        }
        let standings = self.standings();
        if !standings.0.is_empty() {
            rows.add(Part::Standings, taken![standings.0, standings.1, standings.2, standings.3]);
        }
        self.moved.clear();
        let (parts, params) = rows.into_parts();
        if !parts.is_empty() {
            pipe.push(row_parts::statement(&parts), params);
        }
    }
}

/// The numbers as a decision reads them: what is stored, moved by what is held.
impl Merged {
    /// A counter whose stored value is `stored`.
    pub fn counter_now(&self, campaign_id: u64, counter: i16, stored: Option<i64>) -> u64 {
        let key = (sql_id(campaign_id), counter);
        let held = self.counts.iter().find(|(k, _)| *k == key).map_or(0, |(_, delta)| *delta);
        (stored.unwrap_or(0) + held).max(0) as u64
    }

    /// A participant's standing on a board whose stored rank is `stored`.
    pub fn standing_now(
        &self,
        campaign_id: u64,
        board: Board,
        participant_id: u64,
        stored: Option<Vec<u8>>,
    ) -> Result<Option<Standing>, StoreError> {
        let key = (sql_id(campaign_id), board.key().to_vec(), sql_id(participant_id));
        let held = self.standings.iter().find(|(k, _)| *k == key).map(|(_, rank)| rank);
        held.or(stored.as_ref()).map(|rank| rank_of(rank).map(|(_, standing)| standing)).transpose()
    }

    /// The ranks held on a board.
    fn held_ranks(&self, campaign_id: u64, board: Board) -> impl Iterator<Item = &[u8]> {
        let (campaign, board) = (sql_id(campaign_id), board.key());
        self.standings
            .iter()
            .filter(move |((c, b, _), _)| *c == campaign && b[..] == board[..])
            .map(|(_, rank)| &rank[..])
    }

    /// How many of the board's standings are held: a read of its top `limit` reads that
    /// many more stored ones (see [`Merged::top_now`]).
    pub fn held_on(&self, campaign_id: u64, board: Board) -> usize {
        self.held_ranks(campaign_id, board).count()
    }

    /// The board's top `limit`, from its stored top `limit` + [`Merged::held_on`] (in rank
    /// order): a participant with a standing held is ranked by it, wherever they stood.
    /// Exact whichever way a held standing moved: at most `held_on` of the stored ones are
    /// replaced, so at least `limit` of them are not.
    pub fn top_now(
        &self,
        campaign_id: u64,
        board: Board,
        limit: usize,
        stored: Vec<(u64, Standing)>,
    ) -> Result<Vec<(u64, Standing)>, StoreError> {
        let held = self.held_ranks(campaign_id, board).map(rank_of).collect::<Result<Vec<_>, _>>()?;
        if held.is_empty() {
            return Ok(stored);
        }
        let mut top: Vec<(u64, Standing)> =
            stored.into_iter().filter(|(id, _)| !held.iter().any(|(held_id, _)| held_id == id)).collect();
        top.extend(held);
        top.sort_by_key(|(id, standing)| standing.rank_key(*id));
        top.truncate(limit);
        Ok(top)
    }

    /// The times counted under a velocity key whose stored window is `stored`.
    pub fn window_now(&self, campaign_id: u64, key: &RateKey, stored: Option<Vec<u8>>) -> Result<Vec<i64>, StoreError> {
        let key = (sql_id(campaign_id), rate_key(key));
        let held = self.rates.iter().find(|(k, _, _)| *k == key).map(|(_, _, times)| times);
        Ok(held.or(stored.as_ref()).map(|times| codec::decode(times)).transpose()?.unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use super::{put, Merged};
    use crate::domain::client_print::RateKey;
    use crate::domain::leaderboard::{Board, Standing};

    fn standing(count: u64, reached_seq: u64) -> Standing {
        Standing { count, reached_seq }
    }

    #[test]
    fn a_rows_later_write_replaces_it_where_it_was_first_written() {
        let mut rows = vec![(1, "a"), (2, "b")];
        put(&mut rows, |r| r.0, (1, "c"));
        put(&mut rows, |r| r.0, (3, "d"));
        assert_eq!(rows, vec![(1, "c"), (2, "b"), (3, "d")]);
    }

    #[test]
    fn a_read_adds_the_held_deltas_to_the_stored_value_with_the_floor_at_zero() {
        let mut held = Merged::default();
        held.count(7, 1, 2);
        held.count(7, 1, 3);
        held.count(7, 2, -4);
        assert_eq!(held.counter_now(7, 1, Some(10)), 15);
        assert_eq!(held.counter_now(7, 1, None), 5);
        assert_eq!(held.counter_now(7, 2, Some(3)), 0);
        assert_eq!(held.counter_now(8, 1, Some(10)), 10, "another campaign's counter");
    }

    #[test]
    fn a_held_standing_or_window_wins_over_the_stored_one() {
        let mut held = Merged::default();
        held.standing(7, Board::All.key().to_vec(), 3, standing(4, 40).rank_key(3).to_vec());
        let stored = Some(standing(2, 20).rank_key(3).to_vec());
        assert_eq!(held.standing_now(7, Board::All, 3, stored.clone()).unwrap(), Some(standing(4, 40)));
        assert_eq!(held.standing_now(7, Board::Week(202649), 3, stored).unwrap(), Some(standing(2, 20)));
        assert_eq!(held.standing_now(7, Board::All, 4, None).unwrap(), None);

        held.rate(7, &RateKey::Referrer(3), &[1, 2]).unwrap();
        held.rate(7, &RateKey::Referrer(3), &[1, 2, 3]).unwrap();
        let stored = Some(crate::store::codec::encode(&vec![1i64]).unwrap());
        assert_eq!(held.window_now(7, &RateKey::Referrer(3), stored.clone()).unwrap(), vec![1, 2, 3]);
        assert_eq!(held.window_now(7, &RateKey::Referrer(4), stored).unwrap(), vec![1]);
        assert_eq!(held.window_now(7, &RateKey::Referrer(4), None).unwrap(), Vec::<i64>::new());
    }

    #[test]
    fn the_top_of_a_board_ranks_held_standings_wherever_they_moved() {
        let board = Board::All;
        let mut held = Merged::default();
        // 1 climbs to the top; 2, stored second, falls below 4 (a credit taken back).
        held.standing(7, board.key().to_vec(), 1, standing(9, 90).rank_key(1).to_vec());
        held.standing(7, board.key().to_vec(), 2, standing(1, 5).rank_key(2).to_vec());
        held.standing(7, Board::Week(1).key().to_vec(), 5, standing(99, 1).rank_key(5).to_vec());
        assert_eq!(held.held_on(7, board), 2);
        // The stored top 2 + 2: what a read of the top 2 fetches.
        let stored = vec![(3, standing(6, 10)), (2, standing(5, 20)), (4, standing(3, 30)), (1, standing(2, 40))];
        let top = held.top_now(7, board, 2, stored.clone()).unwrap();
        assert_eq!(top, vec![(1, standing(9, 90)), (3, standing(6, 10))]);
        let top = held.top_now(7, board, 4, stored).unwrap();
        assert_eq!(top, vec![(1, standing(9, 90)), (3, standing(6, 10)), (4, standing(3, 30)), (2, standing(1, 5))]);
        assert_eq!(
            Merged::default().top_now(7, board, 1, vec![(3, standing(6, 10))]).unwrap(),
            vec![(3, standing(6, 10))]
        );
    }
}
