//! The partners' numbers of a whole UTC day or month, packed into one value: what makes a
//! ranking of a year's partners read a few dozen values instead of millions of rows.
//!
//! The quarter hours' rows (`rollup.rs`) stay what every number is kept in. A pack is a copy
//! of a finished period's partner rows, summed per partner, ordered by partner and encoded
//! compactly ([`encode`], [`PackEntries`]); a question merges them ([`merged`]).
//! A store keeps packs beside the rows as a cache, each with the tag it was made under,
//! and throws one away when a write lands in its period afterwards (a sale reported late):
//! see `store::partner_sums`.
//!
//! A question's period is cut ([`plan`]) into whole months and whole days that ended at
//! least [`SETTLED_MS`] ago, read from packs, and the quarter hours left at its edges and at
//! its recent end, read from the rows.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use chrono::{Datelike, NaiveDate};

use super::moment::day_number;
use super::rollup::{read_varint, write_varint, Measures};
use super::time_buckets::SLOT_MS;

/// Quarter hours in a UTC day.
pub const SLOTS_PER_DAY: u32 = 96;
/// How long after a day ends it may be packed: an hour, far longer than a decision made in
/// its last moment takes to be committed, so a pack never misses one.
pub const SETTLED_MS: i64 = 60 * 60 * 1000;

/// A period a pack covers: a UTC day (days since the epoch) or month (months since the
/// epoch's January).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum PackPeriod {
    Day(u32),
    Month(u32),
}

fn date_of(day: u32) -> NaiveDate {
    let epoch = NaiveDate::from_ymd_opt(1970, 1, 1).unwrap_or_default();
    epoch + chrono::Duration::days(i64::from(day))
}

/// The first day of a month number.
fn month_start(month: u32) -> NaiveDate {
    let year = 1970 + (month / 12) as i32;
    NaiveDate::from_ymd_opt(year, month % 12 + 1, 1).unwrap_or(NaiveDate::MAX)
}

impl PackPeriod {
    /// The days it covers, `first..=last`.
    pub fn days(self) -> (u32, u32) {
        match self {
            PackPeriod::Day(day) => (day, day),
            PackPeriod::Month(month) => {
                (day_number(month_start(month)), day_number(month_start(month + 1)).saturating_sub(1))
            }
        }
    }

    /// The quarter hours it covers, `first..=last`.
    pub fn slots(self) -> (u32, u32) {
        let (first, last) = self.days();
        (first.saturating_mul(SLOTS_PER_DAY), last.saturating_mul(SLOTS_PER_DAY).saturating_add(SLOTS_PER_DAY - 1))
    }

    /// Its name in a store's key: `D` or `M`, then the number (big-endian).
    pub fn key(self) -> [u8; 5] {
        let (tag, number) = match self {
            PackPeriod::Day(day) => (b'D', day),
            PackPeriod::Month(month) => (b'M', month),
        };
        let n = number.to_be_bytes();
        [tag, n[0], n[1], n[2], n[3]]
    }

    /// The period a key names.
    pub fn from_key(key: &[u8]) -> Option<Self> {
        let number = u32::from_be_bytes(key.get(1..5)?.try_into().ok()?);
        match key.first()? {
            b'D' => Some(PackPeriod::Day(number)),
            b'M' => Some(PackPeriod::Month(number)),
            _ => None,
        }
    }
}

/// The day a quarter hour falls in.
pub fn day_of(slot: u32) -> u32 {
    slot / SLOTS_PER_DAY
}

/// The month a day falls in.
fn month_of(day: u32) -> u32 {
    let date = date_of(day);
    (date.year() - 1970).max(0) as u32 * 12 + date.month0()
}

/// Where a question's partners are read from, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// A finished period's pack.
    Pack(PackPeriod),
    /// The rows of the quarter hours `first..=last`.
    Slots(u32, u32),
}

/// The parts of the quarter hours `first..=last` at the instant `now_ms`: whole months and
/// days that ended [`SETTLED_MS`] ago as packs, the rest as runs of quarter hours.
pub fn plan(first: u32, last: u32, now_ms: i64) -> Vec<Part> {
    // The first quarter hour of a period too recent to pack.
    let unsettled = u32::try_from((now_ms - SETTLED_MS).div_euclid(SLOT_MS)).unwrap_or(0);
    let whole = |period: PackPeriod, at: u32| {
        let (start, end) = period.slots();
        start == at && end <= last && end < unsettled
    };
    let mut parts: Vec<Part> = Vec::new();
    let mut at = first;
    while at <= last {
        let day = day_of(at);
        let month = PackPeriod::Month(month_of(day));
        let part = if whole(month, at) {
            Part::Pack(month)
        } else if whole(PackPeriod::Day(day), at) {
            Part::Pack(PackPeriod::Day(day))
        } else {
            Part::Slots(at, last.min(day.saturating_mul(SLOTS_PER_DAY).saturating_add(SLOTS_PER_DAY - 1)))
        };
        let end = match part {
            Part::Pack(period) => period.slots().1,
            Part::Slots(_, end) => end,
        };
        match (parts.last_mut(), part) {
            (Some(Part::Slots(_, previous)), Part::Slots(_, end)) if previous.checked_add(1) == Some(at) => {
                *previous = end
            }
            _ => parts.push(part),
        }
        match end.checked_add(1) {
            Some(next) => at = next,
            None => break,
        }
    }
    parts
}

/// The pack of partners' sums, given in ascending order of partner, each once. An entry is
/// the partner's distance from the one before (a varint), then its measures in a row's
/// compact form ([`Measures::write_compact`]): a few bytes for a partner whose link was
/// clicked and nothing more. A partner that counted nothing is left out.
pub fn encode(entries: impl IntoIterator<Item = (u64, Measures)>) -> Vec<u8> {
    let mut out = Vec::new();
    let mut previous = 0u64;
    for (partner, measures) in entries {
        if measures.is_zero() {
            continue;
        }
        write_varint(&mut out, partner.wrapping_sub(previous));
        previous = partner;
        measures.write_compact(&mut out);
    }
    out
}

/// A pack's entries, in order of partner. A pack cut short (never written so) ends where it
/// stops making sense.
pub struct PackEntries<'a> {
    bytes: &'a [u8],
    at: usize,
    partner: u64,
}

impl<'a> PackEntries<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        PackEntries { bytes, at: 0, partner: 0 }
    }
}

impl Iterator for PackEntries<'_> {
    type Item = (u64, Measures);

    fn next(&mut self) -> Option<Self::Item> {
        let entry = read_varint(self.bytes, &mut self.at).and_then(|step| {
            Some((self.partner.wrapping_add(step), Measures::read_compact(self.bytes, &mut self.at)?))
        });
        match entry {
            Some((partner, measures)) => {
                self.partner = partner;
                Some((partner, measures))
            }
            None => {
                self.at = self.bytes.len();
                None
            }
        }
    }
}

/// Streams ordered by partner, merged into one ordered stream with each partner's sum.
pub fn merged<'a>(streams: Vec<Box<dyn Iterator<Item = (u64, Measures)> + 'a>>) -> Merged<'a> {
    let mut heads = BinaryHeap::with_capacity(streams.len());
    let mut current = vec![Measures::default(); streams.len()];
    let mut streams = streams;
    for (i, stream) in streams.iter_mut().enumerate() {
        if let Some((partner, measures)) = stream.next() {
            current[i] = measures;
            heads.push(Reverse((partner, i)));
        }
    }
    Merged { streams, current, heads }
}

/// See [`merged`]. The heap holds each stream's next partner and the stream's number only
/// (sixteen bytes to move as it reorders), the measures wait in `current`.
pub struct Merged<'a> {
    streams: Vec<Box<dyn Iterator<Item = (u64, Measures)> + 'a>>,
    current: Vec<Measures>,
    /// Each stream's next partner, the lowest first.
    heads: BinaryHeap<Reverse<(u64, usize)>>,
}

impl Merged<'_> {
    /// Adds the lowest head's measures to `sum` and moves its stream on, returning its partner.
    fn take_lowest(&mut self, sum: &mut Measures) -> Option<u64> {
        let mut top = self.heads.peek_mut()?;
        let Reverse((partner, stream)) = *top;
        sum.add_all(&self.current[stream]);
        match self.streams[stream].next() {
            Some((next, measures)) => {
                self.current[stream] = measures;
                // Replaced in place: one sift down when the heap is told.
                *top = Reverse((next, stream));
            }
            None => {
                std::collections::binary_heap::PeekMut::pop(top);
            }
        }
        Some(partner)
    }
}

impl Iterator for Merged<'_> {
    type Item = (u64, Measures);

    fn next(&mut self) -> Option<Self::Item> {
        let mut sum = Measures::default();
        let partner = self.take_lowest(&mut sum)?;
        while self.heads.peek().is_some_and(|Reverse((next, _))| *next == partner) {
            self.take_lowest(&mut sum);
        }
        Some((partner, sum))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::rollup::{slot_number, Measure};

    fn ms(rfc3339: &str) -> i64 {
        chrono::DateTime::parse_from_rfc3339(rfc3339).unwrap().timestamp_millis()
    }

    fn measures(pairs: &[(Measure, u64)]) -> Measures {
        let mut m = Measures::default();
        for (measure, n) in pairs {
            m.add(*measure, *n);
        }
        m
    }

    #[test]
    fn a_pack_gives_back_what_it_was_given_and_leaves_out_zeros() {
        let entries = vec![
            (7, measures(&[(Measure::Clicks, 3)])),
            (8, Measures::default()),
            (900_000_000_001, measures(&[(Measure::Revenue, u64::MAX), (Measure::Commissions, 129)])),
        ];
        let pack = encode(entries.clone());
        let back: Vec<_> = PackEntries::new(&pack).collect();
        assert_eq!(back, vec![entries[0], entries[2]]);
        assert!(pack.len() < 24, "a click is three bytes: {}", pack.len());
        // Cut short, it ends rather than inventing an entry.
        assert_eq!(PackEntries::new(&pack[..pack.len() - 1]).count(), 1);
    }

    #[test]
    fn streams_merge_in_order_with_each_partner_summed() {
        let a = vec![(1, measures(&[(Measure::Clicks, 1)])), (5, measures(&[(Measure::Clicks, 2)]))];
        let b = vec![(2, measures(&[(Measure::Conversions, 1)])), (5, measures(&[(Measure::Revenue, 10)]))];
        let c: Vec<(u64, Measures)> = vec![(5, measures(&[(Measure::Clicks, 4)]))];
        let all: Vec<_> = merged(vec![Box::new(a.into_iter()), Box::new(b.into_iter()), Box::new(c.into_iter())])
            .map(|(p, m)| (p, m.get(Measure::Clicks), m.get(Measure::Revenue)))
            .collect();
        assert_eq!(all, [(1, 1, 0), (2, 0, 0), (5, 6, 10)]);
    }

    #[test]
    fn a_period_is_cut_into_months_days_and_edge_quarter_hours() {
        let now = ms("2026-12-07T12:00:00Z");
        let first = slot_number(ms("2025-12-30T18:30:00Z"));
        let last = slot_number(ms("2026-12-07T11:59:59Z"));
        let parts = plan(first, last, now);
        let day = |date: &str| PackPeriod::Day(day_of(slot_number(ms(&format!("{date}T00:00:00Z")))));
        let slot = |at: &str| slot_number(ms(at));
        assert_eq!(parts[0], Part::Slots(first, slot("2025-12-30T23:45:00Z")));
        assert_eq!(parts[1], Part::Pack(day("2025-12-31")));
        assert_eq!(parts[2], Part::Pack(PackPeriod::Month(56 * 12)), "January 2026");
        assert_eq!(parts[12], Part::Pack(PackPeriod::Month(56 * 12 + 10)), "November 2026");
        // December's days until the day before yesterday's end an hour ago... all but today.
        assert_eq!(parts[13], Part::Pack(day("2026-12-01")));
        assert_eq!(parts[18], Part::Pack(day("2026-12-06")));
        assert_eq!(parts[19], Part::Slots(slot("2026-12-07T00:00:00Z"), last));
        assert_eq!(parts.len(), 20);
        // Within the hour after midnight, yesterday is not packed yet.
        let early = plan(slot("2026-12-06T00:00:00Z"), last, ms("2026-12-07T00:30:00Z"));
        assert_eq!(early, [Part::Slots(slot("2026-12-06T00:00:00Z"), last)]);
        // Each part starts where the one before ended.
        let mut next = first;
        for part in &parts {
            let (a, b) = match part {
                Part::Pack(p) => p.slots(),
                Part::Slots(a, b) => (*a, *b),
            };
            assert_eq!(a, next);
            next = b + 1;
        }
        assert_eq!(next, last + 1);
        assert_eq!(PackPeriod::from_key(&PackPeriod::Month(672).key()), Some(PackPeriod::Month(672)));
        assert_eq!(PackPeriod::Month(56 * 12 + 1).days().1 - PackPeriod::Month(56 * 12 + 1).days().0, 27);
    }
}
