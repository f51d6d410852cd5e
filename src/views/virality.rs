//! The JSON shape of a campaign's viral loop (`GET /campaigns/:id/virality`).

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::time_buckets::Buckets;
use crate::domain::virality::{Cohort, Virality};

/// A campaign's viral loop: its cohorts and its generations (definitions in docs/api.md,
/// "Virality").
#[derive(Debug, Serialize, ToSchema)]
pub struct ViralityAnswer {
    pub campaign_id: u64,
    /// `week` (from Monday) or `month`.
    pub cohort: &'static str,
    /// The IANA time zone the cohorts' weeks or months are in.
    pub tz: String,
    /// The cohorts with anyone in them, oldest first (at most the last three years).
    pub cohorts: Vec<CohortView>,
    /// How many participants are each number of links from someone who joined on their own:
    /// `[joined on their own, referred by one of those, …]`.
    pub generations: Vec<u64>,
}

/// The participants who joined in one week or month, and what they brought.
#[derive(Debug, Serialize, ToSchema)]
pub struct CohortView {
    /// The cohort's local start, with its offset (`2026-11-02T00:00:00+01:00`).
    pub starts: String,
    pub participants: u64,
    /// How many of them referred anyone.
    pub referrers: u64,
    /// `referrers` ÷ `participants`.
    pub referrer_share: f64,
    /// Whom they referred, as of now.
    pub referred: u64,
    /// Whom they referred within 30 days of their own joining.
    pub referred_within_30_days: u64,
    /// Whom they referred within 90 days of their own joining.
    pub referred_within_90_days: u64,
    /// K: `referred` ÷ `participants`.
    pub k: f64,
    /// Seconds from a referrer's joining to their first friend's: the median (nearest rank);
    /// null when nobody referred.
    pub cycle_time_median_seconds: Option<i64>,
    /// The same, its 90th percentile.
    pub cycle_time_p90_seconds: Option<i64>,
    /// The longest chain from one of them: 1 when their friends referred nobody, 2 when a
    /// friend's friend joined, and so on; 0 when nobody referred.
    pub deepest_generation: u32,
}

/// The answer for a campaign's `loop_`, its cohorts in `buckets`.
pub fn virality(campaign_id: u64, cohort: &'static str, buckets: &Buckets, loop_: Virality) -> ViralityAnswer {
    let view = |c: Cohort| CohortView {
        starts: buckets.buckets.get(c.bucket).map(|b| b.starts.clone()).unwrap_or_default(),
        participants: c.participants,
        referrers: c.referrers,
        referrer_share: c.referrer_share(),
        referred: c.referred,
        referred_within_30_days: c.referred_30d,
        referred_within_90_days: c.referred_90d,
        k: c.k(),
        cycle_time_median_seconds: c.cycle_median_ms.map(|ms| ms / 1000),
        cycle_time_p90_seconds: c.cycle_p90_ms.map(|ms| ms / 1000),
        deepest_generation: c.deepest,
    };
    ViralityAnswer {
        campaign_id,
        cohort,
        tz: buckets.zone.name().to_owned(),
        cohorts: loop_.cohorts.into_iter().map(view).collect(),
        generations: loop_.generations,
    }
}
