//! The JSON shape of a campaign's analytics (`GET /campaigns/:id/analytics`), and the same
//! numbers as CSV rows.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::analytics::Funnel;
use crate::domain::pagination::Page;
use crate::domain::rollup::{Measures, Numbers};
use crate::domain::time_buckets::Buckets;

/// A campaign's numbers over a period, bucket by bucket (definitions in docs/api.md,
/// "Analytics").
#[derive(Debug, Serialize, ToSchema)]
pub struct AnalyticsAnswer {
    pub campaign_id: u64,
    /// The campaign's payout currency: what `revenue`, `refunded` and `commissions` are in.
    #[schema(example = "EUR")]
    pub currency: String,
    /// `hour`, `day`, `week` (from Monday) or `month`.
    pub interval: &'static str,
    /// The IANA time zone the buckets are in.
    #[schema(example = "Europe/Berlin")]
    pub tz: String,
    /// The first bucket's local start (RFC 3339 with its offset).
    pub from: String,
    /// The last bucket's local end.
    pub to: String,
    /// Every bucket of the period, oldest first, empty ones included.
    pub buckets: Vec<BucketView>,
    /// The sum of the buckets.
    pub totals: Numbers,
    pub funnel: FunnelView,
    /// With `group_by=participant`: what `partners` are ranked by (`revenue`,
    /// `conversions` or `referred_signups`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort: Option<&'static str>,
    /// With `group_by=participant`: a page of the partners credited with anything in the
    /// period, highest first, each with their numbers over the whole period.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partners: Option<Vec<PartnerView>>,
    /// With `group_by=participant`: the partners' pages.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pagination: Option<Page>,
}

/// One bucket's numbers.
#[derive(Debug, Serialize, ToSchema)]
pub struct BucketView {
    /// The bucket's local start, with its offset (`2026-03-29T00:00:00+01:00`).
    pub starts: String,
    #[serde(flatten)]
    pub numbers: Numbers,
}

/// The ratios between the funnel's steps, over the whole period; null where the step before
/// counted nothing.
#[derive(Debug, Serialize, ToSchema)]
pub struct FunnelView {
    /// Referred signups ÷ clicks.
    pub signups_per_click: Option<f64>,
    /// Conversions ÷ referred signups.
    pub conversions_per_signup: Option<f64>,
    /// Revenue ÷ conversions, in the campaign's currency.
    #[schema(example = "49.90")]
    pub revenue_per_conversion: Option<String>,
}

/// A partner's numbers over the period: what is credited to them (clicks on their link, the
/// friends they referred and those friends' sales, the rewards issued to them).
#[derive(Debug, Serialize, ToSchema)]
pub struct PartnerView {
    pub participant_id: u64,
    pub email: Option<String>,
    pub name: Option<String>,
    #[serde(flatten)]
    pub numbers: Numbers,
}

impl FunnelView {
    pub fn of(totals: &Measures) -> Self {
        let funnel = Funnel::of(totals);
        FunnelView {
            signups_per_click: funnel.signups_per_click,
            conversions_per_signup: funnel.conversions_per_signup,
            revenue_per_conversion: funnel.revenue_per_conversion.map(crate::domain::money::amount),
        }
    }
}

/// The answer for a period cut into `buckets`, with each bucket's `sums`.
pub fn analytics(
    campaign_id: u64,
    currency: &str,
    interval: &'static str,
    buckets: &Buckets,
    sums: &[Measures],
) -> AnalyticsAnswer {
    let totals = crate::domain::analytics::total(sums);
    let edge = |ms: Option<i64>| {
        let at = chrono::DateTime::from_timestamp_millis(ms.unwrap_or(0)).unwrap_or_default();
        at.with_timezone(&buckets.zone).to_rfc3339()
    };
    AnalyticsAnswer {
        campaign_id,
        currency: currency.to_owned(),
        interval,
        tz: buckets.zone.name().to_owned(),
        from: edge(buckets.buckets.first().map(|b| b.start_ms)),
        to: edge(buckets.buckets.last().map(|b| b.end_ms)),
        buckets: buckets
            .buckets
            .iter()
            .zip(sums)
            .map(|(b, m)| BucketView { starts: b.starts.clone(), numbers: Numbers::from(m) })
            .collect(),
        totals: Numbers::from(&totals),
        funnel: FunnelView::of(&totals),
        sort: None,
        partners: None,
        pagination: None,
    }
}

/// The CSV columns after the first (the bucket's start, or the partner's id, email, name).
pub const CSV_NUMBERS: [&str; 11] = [
    "clicks",
    "unique_visitors",
    "signups",
    "referred_signups",
    "conversions",
    "refunds",
    "revenue",
    "refunded",
    "unconverted_conversions",
    "rewards",
    "commissions",
];

/// The numbers as CSV cells, in [`CSV_NUMBERS`]' order.
pub fn csv_cells(n: &Numbers) -> [String; 11] {
    [
        n.clicks.to_string(),
        n.unique_visitors.to_string(),
        n.signups.to_string(),
        n.referred_signups.to_string(),
        n.conversions.to_string(),
        n.refunds.to_string(),
        n.revenue.clone(),
        n.refunded.clone(),
        n.unconverted_conversions.to_string(),
        n.rewards.to_string(),
        n.commissions.clone(),
    ]
}
