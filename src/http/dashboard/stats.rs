//! The statistics pages: a campaign's counters and charts of its daily signups, referrals,
//! clicks, impressions and shares over a chosen period; a brand's, summed over its
//! campaigns, are on the brand's page ([`brand_charts`]).
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/campaigns/{id}/stats` | counters and charts (`?days=7\|30\|90\|365`, default 30) |

use actix_web::{web, HttpResponse};
use chrono::NaiveDate;
use maud::{html, Markup};
use serde::Deserialize;

use super::charts::daily_chart;
use super::page::{self, PageError, Viewer};
use super::session::SignedIn;
use crate::domain::counters::DailySeries;
use crate::http::ownership;
use crate::http::state::AppState;

/// The periods offered, in days.
const PERIODS: [u32; 4] = [7, 30, 90, 365];
const DEFAULT_DAYS: u32 = 30;

/// `?days=`.
#[derive(Deserialize)]
pub struct PeriodQuery {
    days: Option<String>,
}

fn title(series: DailySeries) -> &'static str {
    match series {
        DailySeries::Signups => "Signups",
        DailySeries::Referrals => "Referrals",
        DailySeries::Clicks => "Clicks",
        DailySeries::Impressions => "Impressions",
        DailySeries::Shares => "Shares",
    }
}

/// Each series of the campaigns summed day by day over the last `days` days.
async fn series_of(
    state: &AppState,
    campaign_ids: &[u64],
    series: &[DailySeries],
    days: u32,
) -> Result<Vec<(DailySeries, Vec<(NaiveDate, u64)>)>, PageError> {
    let mut out = Vec::with_capacity(series.len());
    for &one in series {
        let mut summed: Vec<(NaiveDate, u64)> = Vec::new();
        for &campaign_id in campaign_ids {
            let points = state.store.daily(campaign_id, one, days).await?;
            if summed.is_empty() {
                summed = points;
            } else {
                for (sum, (_, n)) in summed.iter_mut().zip(points) {
                    sum.1 += n;
                }
            }
        }
        out.push((one, summed));
    }
    Ok(out)
}

fn charts(series: &[(DailySeries, Vec<(NaiveDate, u64)>)]) -> Markup {
    html! {
        div.charts {
            @for (one, points) in series { (daily_chart(one.name(), title(*one), points)) }
        }
    }
}

/// The last 30 days of signups and referrals over the brand's campaigns.
pub async fn brand_charts(state: &AppState, campaign_ids: &[u64]) -> Result<Markup, PageError> {
    if campaign_ids.is_empty() {
        return Ok(html! {});
    }
    let series = series_of(state, campaign_ids, &[DailySeries::Signups, DailySeries::Referrals], DEFAULT_DAYS).await?;
    Ok(html! {
        section aria-labelledby="last-30-days" {
            h2 #last-30-days { "Last 30 days" }
            (charts(&series))
        }
    })
}

/// `GET /dashboard/campaigns/{id}/stats`.
pub async fn campaign(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<PeriodQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    // An unknown period shows the default one rather than an error page: it came from a link.
    let days =
        query.days.as_deref().and_then(|d| d.parse().ok()).filter(|d| PERIODS.contains(d)).unwrap_or(DEFAULT_DAYS);
    let counters = state.store.counters(campaign.id).await?;
    let series = series_of(&state, &[campaign.id], &DailySeries::ALL, days).await?;
    let content = html! {
        p { (page::back_to(&campaign)) }
        (page::numbers(&[
            ("Participants", counters.participants),
            ("Referrals", counters.referrals),
            ("Unique visits", counters.unique_visits),
            ("Clicks", counters.clicks),
            ("Impressions", counters.impressions),
            ("Shares", counters.shares),
            ("Rewards issued", counters.rewards_issued),
            ("Rewards held", counters.rewards.held),
            ("Rewards fulfilled", counters.rewards.fulfilled),
            ("Rewards voided", counters.rewards.voided),
            ("Conversions", counters.conversions),
            ("Refunds", counters.refunds),
        ]))
        nav.actions aria-label="Period" {
            "Period: "
            @for (i, period) in PERIODS.iter().enumerate() {
                @if i > 0 { " · " }
                @if *period == days { strong { (period) " days" } }
                @else { a href={ "/dashboard/campaigns/" (campaign.id) "/stats?days=" (period) } { (period) " days" } }
            }
        }
        p.hint { "Days are UTC. Clicks, impressions and shares reach these numbers about a second after they happen." }
        (charts(&series))
    };
    let title = format!("Statistics of {}", campaign.name);
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &title, None, content)))
}
