//! A campaign's analytics over a period: its quarter hours' rows (`rollup.rs`) summed into
//! the buckets of an interval in a zone (`time_buckets.rs`), the totals, the funnel's ratios,
//! and the partners ranked.
//!
//! Buckets are whole: the first starts where the bucket holding `from` starts, the last ends
//! where the bucket holding the instant before `to` ends, and the totals are their sum.

use chrono::{DateTime, NaiveDate, TimeZone};
use chrono_tz::Tz;

use super::pagination::PageRequest;
use super::rollup::{slot_number, Measure, Measures};
use super::time_buckets::{Buckets, SLOT_MS};
use super::ValidationError;

/// How long a period is when only `to` (or nothing) is given: 30 days.
pub const DEFAULT_DAYS: i64 = 30;

/// A bound of a period: an RFC 3339 instant, or a date (`2026-03-01`), which is the start of
/// that local day in `zone` for `from`, and the end of it (the next day's start) for `to`, so
/// that `from=2026-03-01&to=2026-03-31` is all of March.
pub fn bound(field: &'static str, raw: &str, zone: Tz, end: bool) -> Result<i64, ValidationError> {
    let raw = raw.trim();
    if let Ok(at) = DateTime::parse_from_rfc3339(raw) {
        return Ok(at.timestamp_millis());
    }
    let date = NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map_err(|_| ValidationError::new(field, format!("{field} must be a date (2026-03-01) or an RFC 3339 time")))?;
    let day = if end { date.succ_opt().unwrap_or(date) } else { date };
    let midnight = day.and_hms_opt(0, 0, 0).unwrap_or_default();
    // The first instant of the local day (a zone whose clocks skip midnight starts it later).
    let local = (0..8)
        .find_map(|quarter| zone.from_local_datetime(&(midnight + chrono::Duration::minutes(15 * quarter))).earliest());
    local.map(|at| at.timestamp_millis()).ok_or_else(|| ValidationError::new(field, format!("{field} is not a day")))
}

/// The quarter hours `first..=last` the buckets cover.
pub fn slots(buckets: &Buckets) -> (u32, u32) {
    let first = buckets.buckets.first().map_or(0, |b| b.start_ms);
    let last = buckets.buckets.last().map_or(first + 1, |b| b.end_ms);
    (slot_number(first), slot_number(last - 1))
}

/// Each bucket's measures, from the rows of the quarter hours the buckets cover (in order).
pub fn bucketed(buckets: &Buckets, rows: &[(u32, Measures)]) -> Vec<Measures> {
    let mut sums = vec![Measures::default(); buckets.buckets.len()];
    for (slot, measures) in rows {
        let at = i64::from(*slot) * SLOT_MS;
        if let Some(i) = buckets.index_of(at) {
            sums[i].add_all(measures);
        }
    }
    sums
}

/// The sum of measures.
pub fn total<'a>(all: impl IntoIterator<Item = &'a Measures>) -> Measures {
    let mut sum = Measures::default();
    for m in all {
        sum.add_all(m);
    }
    sum
}

/// The funnel's ratios between its steps; `None` where the step before counted nothing.
#[derive(Debug, Clone, PartialEq)]
pub struct Funnel {
    /// Referred signups ÷ clicks.
    pub signups_per_click: Option<f64>,
    /// Conversions ÷ referred signups.
    pub conversions_per_signup: Option<f64>,
    /// Revenue ÷ conversions, in hundredths, rounded half to even.
    pub revenue_per_conversion: Option<u64>,
}

impl Funnel {
    pub fn of(m: &Measures) -> Self {
        let ratio = |a: Measure, b: Measure| match m.get(b) {
            0 => None,
            n => Some(m.get(a) as f64 / n as f64),
        };
        Funnel {
            signups_per_click: ratio(Measure::ReferredSignups, Measure::Clicks),
            conversions_per_signup: ratio(Measure::Conversions, Measure::ReferredSignups),
            revenue_per_conversion: match m.get(Measure::Conversions) {
                0 => None,
                n => Some(super::commission::half_even(u128::from(m.get(Measure::Revenue)), u128::from(n)) as u64),
            },
        }
    }
}

/// What the partners are ranked by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    Revenue,
    Conversions,
    ReferredSignups,
}

impl Sort {
    /// `revenue` (the default), `conversions` or `referred_signups`.
    pub fn parse(raw: Option<&str>) -> Result<Self, ValidationError> {
        match raw.map(str::trim) {
            None | Some("revenue") => Ok(Sort::Revenue),
            Some("conversions") => Ok(Sort::Conversions),
            Some("referred_signups") => Ok(Sort::ReferredSignups),
            Some(_) => Err(ValidationError::new("sort", "sort must be revenue, conversions or referred_signups")),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Sort::Revenue => "revenue",
            Sort::Conversions => "conversions",
            Sort::ReferredSignups => "referred_signups",
        }
    }

    fn measure(self) -> Measure {
        match self {
            Sort::Revenue => Measure::Revenue,
            Sort::Conversions => Measure::Conversions,
            Sort::ReferredSignups => Measure::ReferredSignups,
        }
    }
}

/// One page of the partners by `sort`, highest first (ties: conversions, then referred
/// signups, then clicks, then the older participant first), and how many there are, kept as
/// the partners stream by: only the best of them up to the page asked for are held, so a
/// year of a million partners takes the memory of a page.
pub struct Ranking {
    sort: Sort,
    page: PageRequest,
    /// The best so far, the worst of them on top.
    best: std::collections::BinaryHeap<Ranked>,
    total: u64,
}

/// A partner and its place in the order ([`Ranking`]): the lower the key, the better.
struct Ranked {
    key: RankKey,
    measures: Measures,
}

type RankKey = (std::cmp::Reverse<u64>, std::cmp::Reverse<u64>, std::cmp::Reverse<u64>, std::cmp::Reverse<u64>, u64);

impl PartialEq for Ranked {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl Eq for Ranked {}
impl PartialOrd for Ranked {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Ranked {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.key.cmp(&other.key)
    }
}

impl Ranking {
    pub fn new(sort: Sort, page: PageRequest) -> Self {
        Ranking { sort, page, best: std::collections::BinaryHeap::new(), total: 0 }
    }

    /// A partner's sums (each partner once).
    pub fn push(&mut self, id: u64, measures: Measures) {
        self.total += 1;
        use std::cmp::Reverse;
        let key = (
            Reverse(measures.get(self.sort.measure())),
            Reverse(measures.get(Measure::Conversions)),
            Reverse(measures.get(Measure::ReferredSignups)),
            Reverse(measures.get(Measure::Clicks)),
            id,
        );
        let wanted = (self.page.offset() as usize).saturating_add(self.page.limit as usize);
        if self.best.len() < wanted {
            self.best.push(Ranked { key, measures });
        } else if self.best.peek().is_some_and(|worst| key < worst.key) {
            self.best.pop();
            self.best.push(Ranked { key, measures });
        }
    }

    /// The page asked for, in order, and how many partners there are.
    pub fn page(self) -> (Vec<(u64, Measures)>, u64) {
        let ordered = self.best.into_sorted_vec();
        let page = ordered
            .into_iter()
            .skip(self.page.offset() as usize)
            .take(self.page.limit as usize)
            .map(|r| (r.key.4, r.measures))
            .collect();
        (page, self.total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::time_buckets::{zone, Interval};

    fn ms(rfc3339: &str) -> i64 {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().timestamp_millis()
    }

    #[test]
    fn a_date_is_its_local_day_and_to_ends_it() {
        let kolkata = zone("Asia/Kolkata").unwrap();
        assert_eq!(bound("from", "2026-03-01", kolkata, false).unwrap(), ms("2026-03-01T00:00:00+05:30"));
        assert_eq!(bound("to", "2026-03-31", kolkata, true).unwrap(), ms("2026-04-01T00:00:00+05:30"));
        assert_eq!(bound("to", "2026-03-31T10:00:00Z", kolkata, true).unwrap(), ms("2026-03-31T10:00:00Z"));
        assert_eq!(bound("from", "yesterday", kolkata, false).unwrap_err().field, "from");
    }

    #[test]
    fn quarter_hours_fall_in_their_local_buckets() {
        let berlin = zone("Europe/Berlin").unwrap();
        let from = ms("2026-03-28T00:00:00+01:00");
        let buckets = Buckets::new(from, ms("2026-03-30T00:00:00+02:00"), Interval::Day, berlin).unwrap();
        let row = |at: &str, n: u64| {
            let mut m = Measures::default();
            m.add(Measure::Clicks, n);
            (slot_number(ms(at)), m)
        };
        let rows = [
            row("2026-03-28T23:59:59+01:00", 1),
            row("2026-03-29T00:00:00+01:00", 2),
            row("2026-03-29T23:59:59+02:00", 4),
        ];
        let sums = bucketed(&buckets, &rows);
        assert_eq!(sums.iter().map(|m| m.get(Measure::Clicks)).collect::<Vec<_>>(), [1, 6]);
        assert_eq!(slots(&buckets), (slot_number(from), slot_number(ms("2026-03-30T00:00:00+02:00")) - 1));
        assert_eq!(total(&sums).get(Measure::Clicks), 7);
    }

    #[test]
    fn partners_rank_by_the_sort_then_ties_and_page() {
        let partner = |id: u64, revenue: u64, conversions: u64| {
            let mut m = Measures::default();
            m.add(Measure::Revenue, revenue);
            m.add(Measure::Conversions, conversions);
            (id, m)
        };
        let all =
            vec![partner(1, 100, 1), partner(2, 500, 2), partner(3, 100, 3), partner(4, 0, 0), partner(5, 900, 1)];
        let page = |p: u64, l: u64| PageRequest { page: p, limit: l };
        let ids = |(rows, _): (Vec<(u64, Measures)>, u64)| rows.iter().map(|(id, _)| *id).collect::<Vec<_>>();
        let ranked = |all: Vec<(u64, Measures)>, sort, page| {
            let mut ranking = Ranking::new(sort, page);
            for (id, m) in all {
                ranking.push(id, m);
            }
            ranking.page()
        };
        assert_eq!(ids(ranked(all.clone(), Sort::Revenue, page(1, 10))), [5, 2, 3, 1, 4]);
        assert_eq!(ids(ranked(all.clone(), Sort::Revenue, page(2, 2))), [3, 1]);
        assert_eq!(ids(ranked(all.clone(), Sort::Conversions, page(1, 2))), [3, 2]);
        assert_eq!(ranked(all, Sort::Revenue, page(3, 2)).1, 5);
    }

    #[test]
    fn the_funnel_divides_its_steps_and_none_where_nothing_came_before() {
        let mut m = Measures::default();
        m.add(Measure::Clicks, 8);
        m.add(Measure::ReferredSignups, 2);
        m.add(Measure::Revenue, 1001);
        let funnel = Funnel::of(&m);
        assert_eq!(funnel.signups_per_click, Some(0.25));
        assert_eq!(funnel.conversions_per_signup, Some(0.0));
        assert_eq!(funnel.revenue_per_conversion, None);
        m.add(Measure::Conversions, 2);
        assert_eq!(Funnel::of(&m).revenue_per_conversion, Some(500), "10.01 / 2 = 5.005, half to even");
    }
}
