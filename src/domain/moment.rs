//! The time a decision is made at, in the forms the rules need.

/// Milliseconds in a day.
pub const DAY_MS: i64 = 86_400_000;

/// The time a decision is made at, in the forms the rules need.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Moment {
    /// RFC 3339, UTC, seconds: stored timestamps.
    pub at: String,
    /// Days since the Unix epoch (UTC): daily signup counts.
    pub day: u32,
    /// Unix milliseconds: when webhook deliveries fall due, when holds end.
    pub unix_ms: i64,
    /// How long one day of a campaign's `hold_days` lasts: a day, unless the server is
    /// configured with shorter ones (for tests and trials of a hold).
    pub hold_day_ms: i64,
}

impl Moment {
    pub fn now() -> Self {
        Self::at(chrono::Utc::now())
    }

    pub fn at(time: chrono::DateTime<chrono::Utc>) -> Self {
        Self {
            at: time.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            day: day_number(time.date_naive()),
            unix_ms: time.timestamp_millis(),
            hold_day_ms: DAY_MS,
        }
    }

    /// The moment as a time.
    pub fn time(&self) -> chrono::DateTime<chrono::Utc> {
        chrono::DateTime::from_timestamp_millis(self.unix_ms).unwrap_or_default()
    }

    /// The same moment, with hold days of `ms` milliseconds.
    pub fn with_hold_day_ms(mut self, ms: i64) -> Self {
        self.hold_day_ms = ms.max(1);
        self
    }
}

/// Days since the Unix epoch of a UTC date.
pub fn day_number(date: chrono::NaiveDate) -> u32 {
    (date - chrono::NaiveDate::default()).num_days().max(0) as u32
}
