//! A campaign's numbers held between batches: the counter and daily deltas and the
//! leaderboard standings its decisions moved since those were last written to `counters`,
//! `daily` and `standings`, kept as one row of `held_numbers` (one a campaign).
//!
//! Why: a referral signup moves four counters, two days' series and the referrer's three
//! standings. Written to their tables, that is three kinds of row in its statement and nine
//! rows updated (the standings' with both their indexes, as a rank is indexed); held, it is
//! one row rewritten in place. The held row is written in the decision's transaction, under the
//! brand's lock, so it is as durable as the facts beside it, and whichever server decides the
//! brand next (or this one after a crash) reads it with the lock: nothing to rebuild, nothing
//! another server must hand over. When a campaign's row grows past [`MOST_HELD_BYTES`] (the
//! standings of about six referrers, or weeks of days), the decision that grows it writes the
//! whole of it to the tables instead (`Merged::write_to_tables`) and deletes it.
//!
//! Velocity windows are not held: they are written with the rows, where the sweep that
//! forgets them an hour on (they may be keyed by a client's address) finds them.
//!
//! Every read adds the held row to the tables' values in the same statement, so in one
//! snapshot: a decision's through [`Merged`] (loaded with the brand's held rows when its
//! transaction takes the lock), the API's counters, daily series and leaderboards through
//! [`HeldNumbers`] (a board's read fetches as many more ranks as a row can hold standings).

use serde::Deserialize;
use tokio_postgres::Row;

use super::ahead::Found;
use super::connection::Pipeline;
pub(super) use super::merged::HeldNumbers;
use super::merged::Merged;
use super::{codec, StoreError};
use crate::domain::counters::DailySeries;

/// The largest held row kept; a larger one is written to the tables. A day's campaign holds
/// about 80 bytes of counters and days and 140 of standings a referrer; below PostgreSQL's
/// 2 kB, where a row would be compressed and moved out of line.
const MOST_HELD_BYTES: usize = 1024;

/// The most standings a held row can hold: each takes at least 43 bytes (a board's key of 17,
/// a rank of 24, their lengths), and a row at most [`MOST_HELD_BYTES`].
pub(super) const MOST_HELD_STANDINGS: usize = MOST_HELD_BYTES / 43;

/// A held row as the first build that held numbers wrote it (no standings).
#[derive(Deserialize)]
struct HeldCountsAndDays {
    counts: Vec<(i16, i64)>,
    daily: Vec<((i16, i32), i64)>,
}

impl HeldNumbers {
    /// The campaign's held row, as a read found it (`numbers` is null when there is none).
    pub fn of(row: &Row, column: &str) -> Result<Self, StoreError> {
        match row.get::<_, Option<Vec<u8>>>(column) {
            Some(bytes) => Self::decode(&bytes),
            None => Ok(Self::default()),
        }
    }

    fn decode(bytes: &[u8]) -> Result<Self, StoreError> {
        codec::decode(bytes).or_else(|e| match codec::decode::<HeldCountsAndDays>(bytes) {
            Ok(HeldCountsAndDays { counts, daily }) => Ok(Self { counts, daily, standings: Vec::new() }),
            Err(_) => Err(e),
        })
    }

    /// The standings held on a board: participant and rank.
    pub fn on_board<'a>(&'a self, board: &'a [u8]) -> impl Iterator<Item = (i64, &'a [u8])> + 'a {
        self.standings.iter().filter(move |((b, _), _)| b[..] == board[..]).map(|((_, p), rank)| (*p, &rank[..]))
    }

    /// The held delta of a counter.
    pub fn count(&self, counter: i16) -> i64 {
        self.counts.iter().find(|(k, _)| *k == counter).map_or(0, |(_, delta)| *delta)
    }

    /// The held delta of a series on a day.
    pub fn day(&self, series: i16, day: i32) -> i64 {
        self.daily.iter().find(|(key, _)| *key == (series, day)).map_or(0, |(_, delta)| *delta)
    }
}

/// The rows of a read of stored numbers together with the campaign's held row (a row whose
/// `held` column is set, by `UNION ALL` in the same statement, so in the same snapshot): the
/// stored rows, and the held numbers.
pub(super) fn with_held(rows: &[Row]) -> Result<(impl Iterator<Item = &Row>, HeldNumbers), StoreError> {
    let is_held = |row: &&Row| row.get::<_, Option<&[u8]>>("held").is_some();
    let held = match rows.iter().find(is_held) {
        Some(row) => HeldNumbers::of(row, "held")?,
        None => HeldNumbers::default(),
    };
    Ok((rows.iter().filter(move |row| !is_held(row)), held))
}

/// Reads the brand's held rows, as a session's first reads found them (an array of each
/// campaign's id, 8 bytes big-endian, before its numbers: see `ahead.rs`), into the numbers a
/// decision reads through.
pub(super) fn load(found: Found) -> Result<Merged, StoreError> {
    let mut numbers = Merged::default();
    for row in found.value::<Vec<Vec<u8>>>("numbers")?.unwrap_or_default() {
        let Some((id, held)) = row.split_first_chunk::<8>() else {
            return Err(StoreError::Decode("a held row without its campaign".into()));
        };
        numbers.hold(i64::from_be_bytes(*id), HeldNumbers::decode(held)?);
    }
    Ok(numbers)
}

/// At the end of a transaction: the held numbers of every campaign its decisions moved, to
/// rewrite with the rows (returned: campaign, encoded row), or, for a row grown too large,
/// written to the tables (statements added to `pipe`) and deleted. The held rows of the
/// campaigns not moved stay as they are.
pub(super) fn settle(
    pipe: &mut Pipeline,
    brand_id: i64,
    numbers: &mut Merged,
) -> Result<Vec<(i64, Vec<u8>)>, StoreError> {
    numbers.write_rollups(pipe, brand_id);
    let (mut kept, mut folded, mut campaigns) = (Vec::new(), Merged::default(), Vec::new());
    for (campaign_id, held) in numbers.take_moved() {
        let bytes = codec::encode(&held)?;
        if bytes.len() <= MOST_HELD_BYTES {
            kept.push((campaign_id, bytes));
        } else {
            folded.hold(campaign_id, held);
            campaigns.push(campaign_id);
        }
    }
    if !campaigns.is_empty() {
        folded.write_to_tables(pipe, brand_id);
        pipe.push(
            "DELETE FROM held_numbers WHERE brand_id = $1 AND campaign_id = ANY($2::bigint[])",
            taken![brand_id, campaigns],
        );
    }
    Ok(kept)
}

impl super::PgStore {
    /// A daily series of the `days` UTC days ending today, the held deltas added (see
    /// `CampaignStore::daily`).
    pub(super) async fn daily_series(
        &self,
        campaign_id: u64,
        series: DailySeries,
        days: u32,
    ) -> Result<Vec<(chrono::NaiveDate, u64)>, StoreError> {
        let today = chrono::Utc::now().date_naive();
        let first = today - chrono::Duration::days(i64::from(days.max(1)) - 1);
        let (from, to) = (day_of(first), day_of(today));
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                "SELECT day, value, NULL::bytea AS held FROM daily
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
                   AND series = $2 AND day BETWEEN $3 AND $4
                 UNION ALL
                 SELECT NULL, NULL, numbers FROM held_numbers
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1",
                &[&super::sql_id(campaign_id), &series_code(series), &from, &to],
            )
            .await?;
        let (stored, held) = with_held(&rows)?;
        let values: std::collections::HashMap<i32, i64> =
            stored.map(|row| (row.get::<_, i32>("day"), row.get::<_, i64>("value"))).collect();
        let series = series_code(series);
        Ok((0..days)
            .rev()
            .map(|back| {
                let date = today - chrono::Duration::days(back.into());
                let day = day_of(date);
                (date, (values.get(&day).copied().unwrap_or(0) + held.day(series, day)).max(0) as u64)
            })
            .collect())
    }
}

/// A daily series as stored in `daily.series`.
pub(super) fn series_code(series: DailySeries) -> i16 {
    match series {
        DailySeries::Signups => 0,
        DailySeries::Referrals => 1,
        DailySeries::Clicks => 2,
        DailySeries::Impressions => 3,
        DailySeries::Shares => 4,
    }
}

/// A UTC day's number (see [`crate::domain::engine::day_number`]) as stored in `daily.day`.
fn day_of(date: chrono::NaiveDate) -> i32 {
    crate::domain::engine::day_number(date) as i32
}

#[cfg(test)]
mod tests {
    use super::HeldNumbers;
    use crate::store::codec;

    #[test]
    fn no_row_kept_holds_more_standings_than_a_boards_read_fetches_beyond_its_page() {
        // The smallest standings there are, one more than the bound a read of a board relies
        // on: too many for a row that is kept.
        let standing = |p: i64| ((vec![0u8; 17], p), vec![0u8; 24]);
        let held = |n: usize| HeldNumbers { standings: (0..n as i64).map(standing).collect(), ..Default::default() };
        let bytes = |n: usize| codec::encode(&held(n)).unwrap().len();
        assert!(
            bytes(super::MOST_HELD_STANDINGS + 1) > super::MOST_HELD_BYTES,
            "{}",
            bytes(super::MOST_HELD_STANDINGS + 1)
        );
    }

    #[test]
    fn a_row_written_before_standings_were_held_reads_as_counts_and_days() {
        let bytes = codec::encode(&(vec![(1i16, 5i64)], vec![((0i16, 20_000i32), 2i64)])).unwrap();
        let held = HeldNumbers::decode(&bytes).unwrap();
        assert_eq!((held.count(1), held.day(0, 20_000), held.standings.len()), (5, 2, 0));
    }

    #[test]
    fn a_days_held_numbers_stay_well_under_the_limit() {
        let held = HeldNumbers {
            counts: (1..=8).map(|k| (k, 1_000_000)).collect(),
            daily: vec![((0, 20_000), 500), ((1, 20_000), 500)],
            standings: Vec::new(),
        };
        let bytes = codec::encode(&held).unwrap();
        assert!(bytes.len() < super::MOST_HELD_BYTES / 10, "{} bytes", bytes.len());
        assert_eq!(codec::decode::<HeldNumbers>(&bytes).unwrap(), held);
        assert_eq!((held.count(2), held.count(9), held.day(1, 20_000), held.day(1, 20_001)), (1_000_000, 0, 500, 0));
    }
}
