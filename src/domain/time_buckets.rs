//! The time buckets of the programme's analytics: a period (`from`, `to`), cut into hours,
//! days, weeks (from Monday) or months of one IANA time zone's local time, each bucket the
//! instants from its local start to the next one's.
//!
//! Every zone's offset from UTC, and every change of it, is a whole number of quarter hours
//! (Asia/Kolkata +5:30, Asia/Kathmandu +5:45, a daylight-saving hour), so every bucket of
//! every zone starts and ends on a quarter hour of UTC. Counts kept per quarter hour
//! ([`SLOT_MS`]) therefore sum exactly into any zone's buckets: a local day that daylight
//! saving makes 23 or 25 hours long is 92 or 100 slots.

use chrono::{DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveDateTime, TimeZone, Timelike, Utc};
use chrono_tz::Tz;

use super::ValidationError;

/// The length of the slots counts are kept in: a quarter hour, in milliseconds.
pub const SLOT_MS: i64 = 15 * 60 * 1000;
/// The longest period one question may cover: three years (and a day, for leap years).
pub const MOST_DAYS: i64 = 3 * 366;

/// How long each bucket is, in the zone's local time.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Interval {
    Hour,
    Day,
    /// From Monday, as ISO weeks are.
    Week,
    Month,
}

impl Interval {
    /// `hour`, `day`, `week` or `month`.
    pub fn parse(text: &str) -> Result<Self, ValidationError> {
        match text {
            "hour" => Ok(Interval::Hour),
            "day" => Ok(Interval::Day),
            "week" => Ok(Interval::Week),
            "month" => Ok(Interval::Month),
            _ => Err(ValidationError::new("interval", "interval must be hour, day, week or month")),
        }
    }
}

/// The slot an instant (milliseconds since the epoch) falls in: the start of its quarter hour.
pub fn slot_of(instant_ms: i64) -> i64 {
    instant_ms.div_euclid(SLOT_MS) * SLOT_MS
}

/// A zone by its IANA name (`Europe/Berlin`); `UTC` too.
pub fn zone(name: &str) -> Result<Tz, ValidationError> {
    name.parse::<Tz>().map_err(|_| {
        ValidationError::new("tz", format!("tz must be an IANA time zone such as Europe/Berlin, not {name:?}"))
    })
}

/// One bucket: the instants from `start_ms` (inclusive) to `end_ms` (exclusive), and its
/// local start as RFC 3339 with the zone's offset then (`2026-03-29T00:00:00+01:00`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bucket {
    pub start_ms: i64,
    pub end_ms: i64,
    pub starts: String,
}

/// A period cut into the buckets of one interval in one zone.
#[derive(Debug, Clone, PartialEq)]
pub struct Buckets {
    pub zone: Tz,
    pub interval: Interval,
    pub buckets: Vec<Bucket>,
}

impl Buckets {
    /// The buckets from the one holding `from_ms` to the one holding the instant before
    /// `to_ms`. Refused when `to` is not after `from` or the period is longer than
    /// [`MOST_DAYS`].
    pub fn new(from_ms: i64, to_ms: i64, interval: Interval, zone: Tz) -> Result<Self, ValidationError> {
        if to_ms <= from_ms {
            return Err(ValidationError::new("to", "to must be after from"));
        }
        if to_ms - from_ms > MOST_DAYS * 24 * 3_600_000 {
            return Err(ValidationError::new("to", "the period from from to to may be at most 3 years"));
        }
        let mut buckets = Vec::new();
        let mut start = start_of(instant(from_ms), interval, zone);
        while start.timestamp_millis() < to_ms {
            let end = next_start(start, interval, zone);
            buckets.push(Bucket {
                start_ms: start.timestamp_millis(),
                end_ms: end.timestamp_millis(),
                starts: start.with_timezone(&zone).to_rfc3339(),
            });
            start = end;
        }
        Ok(Self { zone, interval, buckets })
    }

    /// The bucket an instant falls in, by its place in [`Buckets::buckets`].
    pub fn index_of(&self, instant_ms: i64) -> Option<usize> {
        let at = self.buckets.partition_point(|b| b.end_ms <= instant_ms);
        self.buckets.get(at).filter(|b| b.start_ms <= instant_ms).map(|_| at)
    }
}

fn instant(ms: i64) -> DateTime<Utc> {
    Utc.timestamp_millis_opt(ms).single().unwrap_or(DateTime::<Utc>::MIN_UTC)
}

/// The UTC instant a local wall time begins at: the earlier of two (a time the clocks were
/// set back across), or the first quarter hour after a time the clocks skipped.
fn local(naive: NaiveDateTime, zone: Tz) -> DateTime<Utc> {
    let mut wall = naive;
    for _ in 0..16 {
        match zone.from_local_datetime(&wall) {
            LocalResult::Single(at) => return at.with_timezone(&Utc),
            LocalResult::Ambiguous(earlier, _) => return earlier.with_timezone(&Utc),
            LocalResult::None => wall += Duration::minutes(15),
        }
    }
    Utc.from_utc_datetime(&naive)
}

fn midnight(date: NaiveDate) -> NaiveDateTime {
    date.and_hms_opt(0, 0, 0).unwrap_or_default()
}

/// The start of the bucket holding `at`.
fn start_of(at: DateTime<Utc>, interval: Interval, zone: Tz) -> DateTime<Utc> {
    let wall = at.with_timezone(&zone);
    let date = wall.date_naive();
    match interval {
        // An hour starts where the local clock shows a whole hour; the instant's own offset
        // places it (the repeated hour of a night the clocks go back is two buckets).
        Interval::Hour => {
            let into = i64::from(wall.minute()) * 60_000
                + i64::from(wall.second()) * 1000
                + i64::from(wall.timestamp_subsec_millis());
            instant(at.timestamp_millis() - into)
        }
        Interval::Day => local(midnight(date), zone),
        Interval::Week => {
            local(midnight(date - Duration::days(i64::from(date.weekday().num_days_from_monday()))), zone)
        }
        Interval::Month => local(midnight(date.with_day(1).unwrap_or(date)), zone),
    }
}

/// The start of the bucket after the one starting at `start`.
fn next_start(start: DateTime<Utc>, interval: Interval, zone: Tz) -> DateTime<Utc> {
    let date = start.with_timezone(&zone).date_naive();
    match interval {
        // The next whole hour of the local clock: an hour on, unless the offset changed by
        // a part of an hour since (Lord Howe's half-hour daylight saving).
        Interval::Hour => {
            let next = start + Duration::hours(1);
            let later = start_of(next, Interval::Hour, zone);
            if later > start {
                later
            } else {
                next
            }
        }
        Interval::Day => local(midnight(date + Duration::days(1)), zone),
        Interval::Week => local(midnight(date + Duration::days(7)), zone),
        Interval::Month => {
            let (year, month) = if date.month() == 12 { (date.year() + 1, 1) } else { (date.year(), date.month() + 1) };
            local(midnight(NaiveDate::from_ymd_opt(year, month, 1).unwrap_or(date)), zone)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(rfc3339: &str) -> i64 {
        DateTime::parse_from_rfc3339(rfc3339).unwrap().timestamp_millis()
    }

    fn starts(buckets: &Buckets) -> Vec<&str> {
        buckets.buckets.iter().map(|b| b.starts.as_str()).collect()
    }

    #[test]
    fn berlin_days_around_the_clock_changes_are_23_and_25_hours() {
        let berlin = zone("Europe/Berlin").unwrap();
        let march =
            Buckets::new(ms("2026-03-28T12:00:00Z"), ms("2026-03-30T12:00:00Z"), Interval::Day, berlin).unwrap();
        assert_eq!(
            starts(&march),
            ["2026-03-28T00:00:00+01:00", "2026-03-29T00:00:00+01:00", "2026-03-30T00:00:00+02:00"]
        );
        let hours: Vec<i64> = march.buckets.iter().map(|b| (b.end_ms - b.start_ms) / 3_600_000).collect();
        assert_eq!(hours, [24, 23, 24]);
        let october =
            Buckets::new(ms("2026-10-25T00:00:00+02:00"), ms("2026-10-26T00:00:00+01:00"), Interval::Day, berlin)
                .unwrap();
        assert_eq!(october.buckets.len(), 1);
        assert_eq!(october.buckets[0].end_ms - october.buckets[0].start_ms, 25 * 3_600_000);
        // A second either side of local midnight.
        let midnight = ms("2026-03-29T00:00:00+01:00");
        assert_eq!(march.index_of(midnight - 1000), Some(0));
        assert_eq!(march.index_of(midnight), Some(1));
        assert_eq!(march.index_of(midnight + 1000), Some(1));
        assert_eq!(march.index_of(ms("2026-03-31T00:00:00+02:00")), None);
    }

    #[test]
    fn the_hour_the_clocks_go_back_is_two_buckets_and_the_skipped_hour_none() {
        let new_york = zone("America/New_York").unwrap();
        let fall =
            Buckets::new(ms("2026-11-01T00:30:00-04:00"), ms("2026-11-01T03:00:00-05:00"), Interval::Hour, new_york)
                .unwrap();
        assert_eq!(
            starts(&fall),
            [
                "2026-11-01T00:00:00-04:00",
                "2026-11-01T01:00:00-04:00",
                "2026-11-01T01:00:00-05:00",
                "2026-11-01T02:00:00-05:00"
            ]
        );
        let spring =
            Buckets::new(ms("2026-03-08T01:00:00-05:00"), ms("2026-03-08T04:00:00-04:00"), Interval::Hour, new_york)
                .unwrap();
        assert_eq!(starts(&spring), ["2026-03-08T01:00:00-05:00", "2026-03-08T03:00:00-04:00"]);
    }

    #[test]
    fn half_and_three_quarter_hour_zones_start_their_buckets_on_quarter_hours() {
        for (name, offset) in [("Asia/Kolkata", "+05:30"), ("Asia/Kathmandu", "+05:45")] {
            let tz = zone(name).unwrap();
            let days = Buckets::new(ms("2026-05-01T00:00:00Z"), ms("2026-05-03T00:00:00Z"), Interval::Day, tz).unwrap();
            assert_eq!(days.buckets[0].starts, format!("2026-05-01T00:00:00{offset}"), "{name}");
            let hours =
                Buckets::new(ms("2026-05-01T00:00:00Z"), ms("2026-05-01T03:00:00Z"), Interval::Hour, tz).unwrap();
            for bucket in days.buckets.iter().chain(&hours.buckets) {
                assert_eq!(bucket.start_ms % SLOT_MS, 0, "{name} {bucket:?}");
                assert_eq!(bucket.end_ms % SLOT_MS, 0, "{name} {bucket:?}");
            }
        }
    }

    #[test]
    fn weeks_start_on_monday_and_months_on_the_first() {
        let utc = zone("UTC").unwrap();
        let weeks = Buckets::new(ms("2026-12-02T10:00:00Z"), ms("2026-12-15T00:00:00Z"), Interval::Week, utc).unwrap();
        assert_eq!(
            starts(&weeks),
            ["2026-11-30T00:00:00+00:00", "2026-12-07T00:00:00+00:00", "2026-12-14T00:00:00+00:00"]
        );
        let berlin = zone("Europe/Berlin").unwrap();
        let months =
            Buckets::new(ms("2026-12-15T00:00:00Z"), ms("2027-02-01T00:00:00+01:00"), Interval::Month, berlin).unwrap();
        assert_eq!(starts(&months), ["2026-12-01T00:00:00+01:00", "2027-01-01T00:00:00+01:00"]);
        assert_eq!(slot_of(ms("2026-12-15T10:29:59Z")), ms("2026-12-15T10:15:00Z"));
    }

    #[test]
    fn periods_and_names_are_checked() {
        let utc = zone("UTC").unwrap();
        assert!(Buckets::new(10, 10, Interval::Day, utc).is_err());
        assert!(Buckets::new(0, (MOST_DAYS + 1) * 86_400_000, Interval::Day, utc).is_err());
        assert_eq!(Buckets::new(0, MOST_DAYS * 86_400_000, Interval::Month, utc).unwrap().buckets.len(), 37);
        assert!(zone("Mars/Olympus").is_err());
        assert!(Interval::parse("fortnight").is_err());
    }
}
