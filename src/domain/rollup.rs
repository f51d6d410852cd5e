//! The programme's analytics as they are kept: per campaign, and per partner (the participant
//! an event is credited to), what happened in each quarter hour of UTC ([`SLOT_MS`]), counted
//! as it happens. A question about any period, interval and zone sums whole slots (see
//! `time_buckets.rs`: every zone's buckets start on a quarter hour), so it reads at most one
//! row a slot and never the events themselves.
//!
//! The engine says what moved ([`Write::Rollup`](super::engine::Write::Rollup)); a backend
//! adds it to the slot's row. Every measure only grows: a refund is a count of its own, not a
//! conversion taken back, so any sum over slots is the sum of the events in them.

use serde::Serialize;
use utoipa::ToSchema;

use super::time_buckets::SLOT_MS;

/// What the analytics count, each a non-negative number per slot. Money is in hundredths of
/// the campaign's payout currency, as cash rewards and payouts are.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Measure {
    /// Visits of a participant's referral link (and clicks from tracked partner sites).
    Clicks = 0,
    /// First visits of one visitor (by cookie, or address and browser) to one partner's link.
    UniqueVisitors = 1,
    /// Participants who joined.
    Signups = 2,
    /// Of those, the ones someone referred: credited to the referrer.
    ReferredSignups = 3,
    /// Sales reported (at the time they happened): credited to the customer's referrer.
    Conversions = 4,
    /// Sales refunded (at the refund's time).
    Refunds = 5,
    /// What the sales brought, in hundredths of the campaign's currency.
    Revenue = 6,
    /// What refunds gave back, in hundredths of the campaign's currency.
    Refunded = 7,
    /// Sales in another currency with no exchange rate to the campaign's: counted, their
    /// money not in `revenue`.
    Unconverted = 8,
    /// Rewards issued (any kind): credited to whom they were issued to.
    Rewards = 9,
    /// The cash those rewards were worth (commissions, and flat cash rewards), in hundredths.
    Commissions = 10,
}

/// How many measures a slot's row holds.
pub const MEASURES: usize = 11;

impl Measure {
    /// Every measure, in the order of their bytes (a row's layout).
    pub const ALL: [Measure; MEASURES] = [
        Self::Clicks,
        Self::UniqueVisitors,
        Self::Signups,
        Self::ReferredSignups,
        Self::Conversions,
        Self::Refunds,
        Self::Revenue,
        Self::Refunded,
        Self::Unconverted,
        Self::Rewards,
        Self::Commissions,
    ];

    /// Its place in a row.
    pub fn index(self) -> usize {
        self as u8 as usize
    }
}

/// A slot's (or a sum of slots') measures, by [`Measure::index`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Measures(pub [u64; MEASURES]);

impl Measures {
    pub fn get(&self, measure: Measure) -> u64 {
        self.0[measure.index()]
    }

    pub fn add(&mut self, measure: Measure, n: u64) {
        let cell = &mut self.0[measure.index()];
        *cell = cell.saturating_add(n);
    }

    /// Adds every measure of `other`.
    pub fn add_all(&mut self, other: &Measures) {
        for (cell, n) in self.0.iter_mut().zip(other.0) {
            *cell = cell.saturating_add(n);
        }
    }

    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|n| *n == 0)
    }

    /// The row as a backend stores it: a mask of the measures that are not zero, then those
    /// measures in order, each a varint (LEB128); a row that counted one click is two bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(4);
        self.write_compact(&mut out);
        out
    }

    /// A stored row (see [`Measures::to_bytes`]); one cut short reads as what it holds whole.
    pub fn from_bytes(bytes: &[u8]) -> Self {
        Self::read_compact(bytes, &mut 0).unwrap_or_default()
    }

    /// Appends the compact form (see [`Measures::to_bytes`]) to `out`.
    pub fn write_compact(&self, out: &mut Vec<u8>) {
        let mask = self.0.iter().enumerate().filter(|(_, n)| **n > 0).fold(0u64, |mask, (i, _)| mask | 1 << i);
        write_varint(out, mask);
        for n in self.0.iter().filter(|n| **n > 0) {
            write_varint(out, *n);
        }
    }

    /// Reads the compact form at `*at`, moving `at` past it; `None` when it is cut short. A
    /// mask bit of a measure this build does not know (a newer one) is skipped with its value.
    pub fn read_compact(bytes: &[u8], at: &mut usize) -> Option<Self> {
        let mut mask = read_varint(bytes, at)?;
        let mut measures = Self::default();
        while mask != 0 {
            let bit = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            let n = read_varint(bytes, at)?;
            if let Some(cell) = measures.0.get_mut(bit) {
                *cell = n;
            }
        }
        Some(measures)
    }
}

/// Appends `n` as a varint (LEB128: seven bits a byte, the high bit set on all but the last).
pub fn write_varint(out: &mut Vec<u8>, mut n: u64) {
    while n >= 0x80 {
        out.push((n as u8) | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

/// The varint at `*at` (see [`write_varint`]), moving `at` past it.
pub fn read_varint(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut n = 0u64;
    for shift in (0..64).step_by(7) {
        let byte = *bytes.get(*at)?;
        *at += 1;
        n |= u64::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return Some(n);
        }
    }
    None
}

/// The number of the quarter hour an instant (Unix milliseconds) falls in, counted from the
/// epoch (0 before it: nothing here happened then).
pub fn slot_number(instant_ms: i64) -> u32 {
    u32::try_from(instant_ms.div_euclid(SLOT_MS)).unwrap_or(if instant_ms < 0 { 0 } else { u32::MAX })
}

/// The slot of an RFC 3339 time (a reward's `issued_at`), when it is one.
pub fn slot_at(rfc3339: &str) -> Option<u32> {
    chrono::DateTime::parse_from_rfc3339(rfc3339).ok().map(|at| slot_number(at.timestamp_millis()))
}

/// Where a slot begins, in Unix milliseconds.
pub fn slot_start_ms(slot: u32) -> i64 {
    i64::from(slot) * SLOT_MS
}

/// The measures as the API answers them: counts, and money as decimals of two places.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, ToSchema)]
pub struct Numbers {
    pub clicks: u64,
    /// First visits of one visitor to one partner's link.
    pub unique_visitors: u64,
    pub signups: u64,
    pub referred_signups: u64,
    pub conversions: u64,
    pub refunds: u64,
    /// In the campaign's currency, two decimals ("1250.00").
    #[schema(example = "1250.00")]
    pub revenue: String,
    /// What refunds gave back, in the campaign's currency.
    #[schema(example = "49.00")]
    pub refunded: String,
    /// Sales in a currency with no exchange rate to the campaign's (their money is not in
    /// `revenue`).
    pub unconverted_conversions: u64,
    pub rewards: u64,
    /// The cash rewards and commissions issued, in the campaign's currency.
    #[schema(example = "125.00")]
    pub commissions: String,
}

impl From<&Measures> for Numbers {
    fn from(m: &Measures) -> Self {
        let money = |measure| super::money::amount(m.get(measure));
        Numbers {
            clicks: m.get(Measure::Clicks),
            unique_visitors: m.get(Measure::UniqueVisitors),
            signups: m.get(Measure::Signups),
            referred_signups: m.get(Measure::ReferredSignups),
            conversions: m.get(Measure::Conversions),
            refunds: m.get(Measure::Refunds),
            revenue: money(Measure::Revenue),
            refunded: money(Measure::Refunded),
            unconverted_conversions: m.get(Measure::Unconverted),
            rewards: m.get(Measure::Rewards),
            commissions: money(Measure::Commissions),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_keeps_every_measure_in_a_few_bytes() {
        let mut m = Measures::default();
        for (i, measure) in Measure::ALL.into_iter().enumerate() {
            assert_eq!(measure.index(), i, "the bits are the places");
            m.add(measure, i as u64 * 10 + 1);
        }
        m.add(Measure::Revenue, u64::MAX);
        assert_eq!(Measures::from_bytes(&m.to_bytes()), m);
        let mut click = Measures::default();
        click.add(Measure::Clicks, 1);
        assert_eq!(click.to_bytes(), [1, 1]);
        assert_eq!(Measures::from_bytes(&[]), Measures::default());
        // A measure of a newer build (bit 20: the mask 0x100001) is passed over with its value.
        let mut at = 0;
        let read = Measures::read_compact(&[0x81, 0x80, 0x40, 5, 9], &mut at).unwrap();
        assert_eq!((read.get(Measure::Clicks), at), (5, 5));
    }

    #[test]
    fn slots_are_quarter_hours_of_utc() {
        let at = chrono::DateTime::parse_from_rfc3339("2026-03-29T00:59:59+01:00").unwrap().timestamp_millis();
        assert_eq!(slot_start_ms(slot_number(at)), at - (14 * 60 + 59) * 1000);
        assert_eq!(slot_at("2026-03-29T00:59:59+01:00"), Some(slot_number(at)));
        assert_eq!(slot_number(-1), 0);
    }
}
