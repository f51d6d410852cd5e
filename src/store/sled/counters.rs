//! A campaign's counters as the embedded store keeps them: one row per campaign holding every
//! counter, and one row per campaign and UTC day holding every daily series.
//!
//! | tree | key | value |
//! |------|-----|-------|
//! | `campaign_rows` | campaign ++ `N` | every [`Counter`], a big-endian u64 at the counter's byte; then, from byte [`TODAY_AT`], the latest day's series: its number (u32), then a u64 each |
//! | `campaign_rows` | campaign ++ `U` ++ day number | every [`DailySeries`] of an earlier day, a u64 each |
//!
//! Why rows: a referral signup moves three counters and two daily series, which as one key
//! each were five of the keys its commit wrote; they are one row now. The series of the
//! latest day a campaign counted live in its counters row; when a later day's first move
//! comes, that day's values move into the day's own row in the same commit (a move for a day
//! before the latest goes to that day's row directly). A day's value is the sum of its row
//! and, for the latest day, the counters row's: a database upgraded during a day has both.
//! A row from before a counter or a series existed is shorter: what it lacks is 0.
//!
//! Older releases kept a key per counter (`campaign_row::COUNTER`) and per series and day
//! (`DAILY_SIGNUPS`, `DAILY`): [`SledStore::fold_counter_keys`] folds them into rows once.

use super::keys::{self, campaign_row, slot_value};
use super::overlay::{Overlay, TreeId};
use super::{SledStore, StoreError};
use crate::domain::counters::DailySeries;
use crate::domain::engine::Write;
use crate::domain::Counter;

/// Marker in `meta`: every campaign's counters and daily series are rows (see the module
/// docs).
pub(super) const COUNTER_ROWS_V1: &str = "counters.rows.v1";

/// The key of the campaign's counters row.
pub(super) fn counters_key(campaign_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::COUNTERS, &[])
}

/// The key of the campaign's row of the UTC day numbered `day`.
pub(super) fn day_key(campaign_id: u64, day: u32) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::DAY, &day.to_be_bytes())
}

/// The day a day's row is of, from its key (the key's last four bytes).
fn day_of(key: &[u8]) -> Option<u32> {
    key.get(key.len().checked_sub(4)?..)?.try_into().ok().map(u32::from_be_bytes)
}

/// Where a counter is in its row.
fn counter_slot(counter: Counter) -> usize {
    counter as u8 as usize
}

/// Where the latest day's series start in the counters row: after room for 32 counters (a
/// test checks every counter fits).
const TODAY_AT: usize = 32 * 8;

/// The latest day's number and series in a counters row, if it holds them.
fn today_of(row: Option<&[u8]>) -> Option<(u32, &[u8])> {
    let row = row?;
    let day = row.get(TODAY_AT..TODAY_AT + 4)?.try_into().ok().map(u32::from_be_bytes)?;
    Some((day, &row[TODAY_AT + 4..]))
}

/// The counters row `row` with `series` of `day` moved by `delta` in its latest day's part,
/// which must be of `day` or absent (then it becomes `day`'s).
fn moved_today(row: Option<Vec<u8>>, day: u32, series: DailySeries, delta: u64) -> Vec<u8> {
    let mut row = row.unwrap_or_default();
    if today_of(Some(&row)).is_none() {
        row.resize(TODAY_AT, 0);
        row.extend_from_slice(&day.to_be_bytes());
    }
    let mut today = row.split_off(TODAY_AT + 4);
    today = moved(Some(today), series_slot(series), delta as i64);
    row.extend_from_slice(&today);
    row
}

/// Where a series is in a day's row.
fn series_slot(series: DailySeries) -> usize {
    DailySeries::ALL.iter().position(|s| *s == series).expect("every series is in ALL")
}

/// `row` with `value` in `slot`, grown to hold it.
fn with_value(row: Option<Vec<u8>>, slot: usize, value: u64) -> Vec<u8> {
    let mut row = row.unwrap_or_default();
    if row.len() < slot * 8 + 8 {
        row.resize(slot * 8 + 8, 0);
    }
    row[slot * 8..slot * 8 + 8].copy_from_slice(&value.to_be_bytes());
    row
}

/// `row` with the value in `slot` moved by `delta` (never below 0), grown to hold it.
fn moved(row: Option<Vec<u8>>, slot: usize, delta: i64) -> Vec<u8> {
    let value = slot_value(row.as_deref(), slot).saturating_add_signed(delta);
    with_value(row, slot, value)
}

/// Stages a counter's move, seeing the moves staged before it.
pub(super) fn stage_count(
    tx: &mut Overlay<'_>,
    campaign_id: u64,
    counter: Counter,
    delta: i64,
) -> Result<(), StoreError> {
    stage_moved(tx, counters_key(campaign_id), counter_slot(counter), delta)
}

/// Stages the row at `key` with the value in `slot` moved by `delta`, seeing the moves
/// staged before it.
fn stage_moved(tx: &mut Overlay<'_>, key: Vec<u8>, slot: usize, delta: i64) -> Result<(), StoreError> {
    let row = tx.get(TreeId::CampaignRows, &key)?;
    tx.insert(TreeId::CampaignRows, key, moved(row, slot, delta));
    Ok(())
}

/// Stages `delta` more of a daily series, seeing the moves staged before it: in the counters
/// row when `day` is its latest day (or a later one, which then becomes the latest, the
/// previous latest day moving into its own row), else in the day's own row.
pub(super) fn stage_daily(
    tx: &mut Overlay<'_>,
    campaign_id: u64,
    series: DailySeries,
    day: u32,
    delta: u64,
) -> Result<(), StoreError> {
    let key = counters_key(campaign_id);
    let mut row = tx.get(TreeId::CampaignRows, &key)?;
    match today_of(row.as_deref()) {
        Some((latest, _)) if latest > day => return stage_in_day_row(tx, campaign_id, day, series_slot(series), delta),
        Some((latest, values)) if latest < day => {
            let values = values.to_vec();
            for slot in 0..values.len() / 8 {
                stage_in_day_row(tx, campaign_id, latest, slot, slot_value(Some(&values), slot))?;
            }
            if let Some(row) = row.as_mut() {
                row.truncate(TODAY_AT);
            }
        }
        _ => {}
    }
    tx.insert(TreeId::CampaignRows, key, moved_today(row, day, series, delta));
    Ok(())
}

/// Stages `delta` more in `slot` of the row of `day`.
fn stage_in_day_row(
    tx: &mut Overlay<'_>,
    campaign_id: u64,
    day: u32,
    slot: usize,
    delta: u64,
) -> Result<(), StoreError> {
    if delta == 0 {
        return Ok(());
    }
    stage_moved(tx, day_key(campaign_id, day), slot, delta as i64)
}

impl SledStore {
    /// A campaign counter's committed value.
    pub(super) fn counter_value(&self, campaign_id: u64, counter: Counter) -> Result<u64, StoreError> {
        Ok(self.counter_values(campaign_id)?(counter))
    }

    /// Every counter of the campaign, read at once.
    pub(super) fn counter_values(&self, campaign_id: u64) -> Result<impl Fn(Counter) -> u64, StoreError> {
        let row = self.campaign_rows.get(counters_key(campaign_id))?;
        Ok(move |counter| slot_value(row.as_deref(), counter_slot(counter)))
    }

    /// A daily series on the days numbered `first..=last`, in order, days without a row 0.
    pub(super) fn daily_values(
        &self,
        campaign_id: u64,
        series: DailySeries,
        first: u32,
        last: u32,
    ) -> Result<Vec<u64>, StoreError> {
        let mut values = vec![0; (last.saturating_sub(first) + 1) as usize];
        for (day, row) in self.day_rows(campaign_id, first, last)? {
            if let Some(at) = day.checked_sub(first).and_then(|i| values.get_mut(i as usize)) {
                *at += slot_value(Some(&row), series_slot(series));
            }
        }
        Ok(values)
    }

    /// The series rows of the days `first..=last` and, when the latest day is among them, its
    /// part of the counters row (a day may have both; its value is their sum). Read as of one
    /// moment: the counters row is read before and after the days' rows, and when its latest
    /// day moved meanwhile (a commit moved that day's values into its own row: once a day)
    /// the read starts again, so no value is counted twice or missed.
    fn day_rows(&self, campaign_id: u64, first: u32, last: u32) -> Result<Vec<(u32, Vec<u8>)>, StoreError> {
        let latest = |row: Option<&[u8]>| today_of(row).map(|(day, _)| day);
        loop {
            let before = self.campaign_rows.get(counters_key(campaign_id))?;
            let mut days = Vec::new();
            for entry in self.campaign_rows.range(day_key(campaign_id, first)..=day_key(campaign_id, last)) {
                let (key, row) = entry?;
                let day = day_of(&key).ok_or_else(|| StoreError::Decode("a daily row of the wrong length".into()))?;
                days.push((day, row.to_vec()));
            }
            let after = self.campaign_rows.get(counters_key(campaign_id))?;
            if latest(before.as_deref()) != latest(after.as_deref()) {
                continue;
            }
            if let Some((day, today)) = today_of(after.as_deref()).filter(|(day, _)| (first..=last).contains(day)) {
                days.push((day, today.to_vec()));
            }
            return Ok(days);
        }
    }

    /// Sets counters of the campaign to these values (a recount, at start-up).
    pub(super) fn set_counters(&self, campaign_id: u64, values: &[(Counter, u64)]) -> Result<(), StoreError> {
        let key = counters_key(campaign_id);
        let mut row = self.campaign_rows.get(&key)?.map(|r| r.to_vec());
        for &(counter, value) in values {
            row = Some(with_value(row, counter_slot(counter), value));
        }
        self.campaign_rows.insert(key, row.unwrap_or_default())?;
        Ok(())
    }

    /// The campaign's counters and daily series as writes that make them again (what a
    /// backup of it holds).
    pub(super) fn counter_writes(&self, campaign_id: u64) -> Result<Vec<Write>, StoreError> {
        let values = self.counter_values(campaign_id)?;
        let mut writes: Vec<Write> = Counter::ALL
            .into_iter()
            .filter(|c| values(*c) > 0)
            .map(|counter| Write::Count { campaign_id, counter, delta: values(counter) as i64 })
            .collect();
        for (day, row) in self.day_rows(campaign_id, 0, u32::MAX)? {
            for series in DailySeries::ALL {
                let delta = slot_value(Some(&row), series_slot(series));
                if delta > 0 {
                    writes.push(Write::Daily { campaign_id, series, day, delta });
                }
            }
        }
        Ok(writes)
    }

    /// Folds the key per counter and per series and day that older releases kept into the
    /// rows (see the module docs), campaign by campaign, each in one batch: a cut run leaves
    /// every campaign either folded or not, and reruns. The number of keys folded.
    pub(super) fn fold_counter_keys(&self) -> Result<u64, StoreError> {
        if self.meta.contains_key(COUNTER_ROWS_V1)? {
            return Ok(0);
        }
        let mut folded = 0;
        for campaign in self.campaigns.iter().keys() {
            let Some(campaign_id) = keys::read_id(&campaign?) else { continue };
            let mut batch = sled::Batch::default();
            let mut counters = self.campaign_rows.get(counters_key(campaign_id))?.map(|r| r.to_vec());
            for entry in self.campaign_rows.scan_prefix(keys::row(campaign_id, campaign_row::COUNTER, &[])) {
                let (key, value) = entry?;
                if let Some(counter) = key.last().copied().and_then(Counter::from_byte) {
                    counters = Some(moved(counters, counter_slot(counter), keys::read_counter(Some(&value)) as i64));
                }
                batch.remove(key);
                folded += 1;
            }
            let mut days: std::collections::BTreeMap<u32, Option<Vec<u8>>> = Default::default();
            for tag in [campaign_row::DAILY_SIGNUPS, campaign_row::DAILY] {
                for entry in self.campaign_rows.scan_prefix(keys::row(campaign_id, tag, &[])) {
                    let (key, value) = entry?;
                    let rest = &key[9..];
                    let (series, day) = match tag {
                        campaign_row::DAILY_SIGNUPS => (Some(DailySeries::Signups), rest),
                        _ => {
                            let series =
                                rest.first().filter(|c| **c > 0).and_then(|c| DailySeries::ALL.get(*c as usize));
                            (series.copied(), &rest[1.min(rest.len())..])
                        }
                    };
                    let day = <[u8; 4]>::try_from(day).ok().map(u32::from_be_bytes);
                    if let (Some(series), Some(day)) = (series, day) {
                        let row = days.entry(day).or_default();
                        *row = Some(moved(row.take(), series_slot(series), keys::read_counter(Some(&value)) as i64));
                    }
                    batch.remove(key);
                    folded += 1;
                }
            }
            if let Some(row) = counters {
                batch.insert(counters_key(campaign_id), row);
            }
            for (day, row) in days {
                batch.insert(day_key(campaign_id, day), row.unwrap_or_default());
            }
            self.campaign_rows.apply_batch(batch)?;
        }
        self.meta.insert(COUNTER_ROWS_V1, &keys::id(1)[..])?;
        Ok(folded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_moves_one_slot_grows_when_short_and_never_goes_below_zero() {
        let row = moved(None, 2, 5);
        assert_eq!(row.len(), 24);
        assert_eq!((slot_value(Some(&row), 0), slot_value(Some(&row), 2), slot_value(Some(&row), 7)), (0, 5, 0));
        let row = moved(Some(row), 0, 3);
        let row = moved(Some(row), 2, -9);
        assert_eq!((slot_value(Some(&row), 0), slot_value(Some(&row), 2)), (3, 0));
        assert_eq!(slot_value(None, 1), 0);
    }

    #[test]
    fn every_counter_and_series_has_a_slot_of_its_own() {
        let slots: std::collections::HashSet<usize> = Counter::ALL.into_iter().map(counter_slot).collect();
        assert_eq!(slots.len(), Counter::ALL.len());
        assert!(slots.iter().all(|slot| slot * 8 + 8 <= TODAY_AT), "every counter ends before the latest day's part");
        let series: std::collections::HashSet<usize> = DailySeries::ALL.into_iter().map(series_slot).collect();
        assert_eq!(series, (0..DailySeries::ALL.len()).collect());
    }

    #[test]
    fn the_latest_day_lives_in_the_counters_row_and_earlier_days_in_their_own() {
        use DailySeries::{Clicks, Referrals, Signups};
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &Default::default()).unwrap();
        // A row of day 10 as a release before kept it (an upgrade during the day).
        store.campaign_rows.insert(day_key(7, 10), with_value(None, series_slot(Signups), 4)).unwrap();
        let commit = |moves: &[(DailySeries, u32, u64)], counted: u64| {
            let mut tx = Overlay::new(&store);
            for &(series, day, delta) in moves {
                stage_daily(&mut tx, 7, series, day, delta).unwrap();
            }
            stage_count(&mut tx, 7, Counter::Participants, counted as i64).unwrap();
            tx.commit_journaled().unwrap();
        };
        commit(&[(Signups, 10, 1), (Referrals, 10, 1)], 1);
        commit(&[(Signups, 10, 2)], 2);
        assert!(store.campaign_rows.get(day_key(7, 11)).unwrap().is_none());
        commit(&[(Signups, 11, 5), (Clicks, 9, 3)], 5);
        commit(&[(Signups, 11, 1)], 1);
        let daily = |series| store.daily_values(7, series, 9, 12).unwrap();
        assert_eq!(daily(Signups), vec![0, 7, 6, 0], "day 10: 4 kept before, 3 since; day 11 in the counters row");
        assert_eq!(daily(Referrals), vec![0, 1, 0, 0]);
        assert_eq!(daily(Clicks), vec![3, 0, 0, 0], "a move for an earlier day goes to its own row");
        assert_eq!(store.counter_value(7, Counter::Participants).unwrap(), 9, "the counters beside the days");
        let row = store.campaign_rows.get(counters_key(7)).unwrap();
        assert_eq!(today_of(row.as_deref()).map(|(day, _)| day), Some(11));

        // What a backup holds makes the same numbers again in another store.
        let writes = store.counter_writes(7).unwrap();
        let copy_dir = tempfile::tempdir().unwrap();
        let copy = SledStore::open(copy_dir.path(), &Default::default()).unwrap();
        let mut tx = Overlay::new(&copy);
        for write in &writes {
            match write {
                Write::Daily { campaign_id, series, day, delta } => {
                    stage_daily(&mut tx, *campaign_id, *series, *day, *delta).unwrap()
                }
                Write::Count { campaign_id, counter, delta } => {
                    stage_count(&mut tx, *campaign_id, *counter, *delta).unwrap()
                }
                other => panic!("a counter's backup holds {other:?}"),
            }
        }
        tx.commit_journaled().unwrap();
        for series in DailySeries::ALL {
            assert_eq!(copy.daily_values(7, series, 9, 12).unwrap(), daily(series));
        }
        assert_eq!(copy.counter_value(7, Counter::Participants).unwrap(), 9);
    }
}
