//! The Analytics pages: a campaign's funnel over a period in the reader's time zone (the
//! totals, the ratios between the steps, a chart of each step by hour, day, week or month),
//! its top partners and its viral loop; a brand's, summed over its campaigns. The numbers are
//! the API's (`GET /campaigns/:id/analytics`, read the same way), and each page's CSV is the
//! API's CSV.
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/campaigns/{id}/analytics` | the campaign's (`?period=7\|30\|90\|365` days or `from`, `to`; `interval`; `tz`; `sort`) |
//! | `GET /dashboard/campaigns/{id}/analytics.csv` | the buckets shown, as the API's CSV (`?partners=1`: the partners) |
//! | `GET /dashboard/brands/{id}/analytics` | the same over every campaign of the brand |
//!
//! The reader's zone: the page names the zone its numbers are in, and the dashboard's script
//! sends a first visit without `tz` to the same page in the browser's zone.

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::charts::bar_chart;
use super::page::{self, PageError, Viewer};
use super::session::SignedIn;
use crate::domain::analytics::{Funnel, Sort};
use crate::domain::pagination::PageRequest;
use crate::domain::rollup::{Measure, Measures};
use crate::domain::time_buckets::{Buckets, Interval};
use crate::domain::{money, Campaign};
use crate::http::analytics::{bucket_sums, buckets_csv, buckets_of, csv_file, partners_csv, ranked_partners};
use crate::http::ownership;
use crate::http::state::AppState;
use crate::http::virality::campaign_loop;
use crate::views::{self, PartnerView};

/// The periods offered, in days.
const PERIODS: [i64; 4] = [7, 30, 90, 365];
/// Partners shown.
const TOP: u64 = 10;
/// Above this many participants the viral loop (which reads every participant) waits for a
/// click.
const LOOP_AT_ONCE: u64 = 50_000;
/// Zones offered beside the reader's own (any IANA name may be typed).
const ZONES: [&str; 12] = [
    "UTC",
    "Europe/London",
    "Europe/Berlin",
    "America/New_York",
    "America/Chicago",
    "America/Los_Angeles",
    "America/Sao_Paulo",
    "Asia/Kolkata",
    "Asia/Kathmandu",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Pacific/Auckland",
];

/// `?period=&from=&to=&interval=&tz=&sort=&loop=&partners=`.
#[derive(Deserialize, Default)]
pub struct AnalyticsQuery {
    period: Option<String>,
    from: Option<String>,
    to: Option<String>,
    interval: Option<String>,
    tz: Option<String>,
    sort: Option<String>,
    #[serde(rename = "loop")]
    viral_loop: Option<String>,
    partners: Option<String>,
}

/// What the page shows: the period's buckets and the query that names them (kept in every
/// link of the page).
struct Shown {
    buckets: Buckets,
    interval: &'static str,
    /// The preset chosen, in days, when no dates were given.
    days: Option<i64>,
    /// `from=…&to=…&interval=…&tz=…` of what is shown.
    query: String,
    /// The dates of the period as asked (the form's fields).
    from_date: String,
    to_date: String,
    /// What was wrong with the query, when something was (the defaults are shown instead).
    refused: Option<String>,
}

fn present(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// The period asked for, or the default one with what was wrong.
fn shown(query: &AnalyticsQuery) -> Shown {
    let days = present(&query.period).and_then(|p| p.parse::<i64>().ok()).filter(|d| PERIODS.contains(d));
    let dated = present(&query.from).is_some() || present(&query.to).is_some();
    let days = if dated { days } else { days.or(Some(30)) };
    let tz = present(&query.tz).unwrap_or("UTC");
    // A preset: the days up to the end of today in the zone.
    let (from, to) = match (days, dated) {
        (Some(d), false) => {
            let today = crate::domain::time_buckets::zone(tz)
                .map(|z| chrono::Utc::now().with_timezone(&z).date_naive())
                .unwrap_or_else(|_| chrono::Utc::now().date_naive());
            (Some((today - chrono::Duration::days(d - 1)).to_string()), Some(today.to_string()))
        }
        _ => (present(&query.from).map(str::to_owned), present(&query.to).map(str::to_owned)),
    };
    // Days up to a quarter, weeks beyond, unless chosen.
    let default_interval = if days.unwrap_or(30) > 90 { "week" } else { "day" };
    let interval = present(&query.interval).unwrap_or(default_interval);
    match buckets_of(from.as_deref(), to.as_deref(), Some(interval), Some(tz)) {
        Ok((buckets, interval)) if buckets.buckets.len() <= 24 * 93 => {
            let (from_date, to_date) = (from.unwrap_or_default(), to.unwrap_or_default());
            let query = format!("from={from_date}&to={to_date}&interval={interval}&tz={}", buckets.zone.name());
            let days = if dated { None } else { days };
            Shown { buckets, interval, days, query, from_date, to_date, refused: None }
        }
        outcome => {
            let refused = match outcome {
                Err(e) => e.message,
                Ok(_) => "hours are shown for at most 93 days: choose days, weeks or months".to_owned(),
            };
            let mut fallback = shown(&AnalyticsQuery::default());
            fallback.refused = Some(refused);
            fallback
        }
    }
}

/// A bucket's label as people read it: its local date, and for hours the local hour too.
fn label(starts: &str, interval: &str) -> String {
    match interval {
        "hour" => format!("{} {}", starts.get(..10).unwrap_or(starts), starts.get(11..16).unwrap_or("")),
        "month" => starts.get(..7).unwrap_or(starts).to_owned(),
        _ => starts.get(..10).unwrap_or(starts).to_owned(),
    }
}

fn percent(ratio: Option<f64>) -> String {
    ratio.map_or_else(|| "–".to_owned(), |r| format!("{:.1} %", r * 100.0))
}

/// The period form: presets, dates, interval and zone.
fn period_form(action: &str, shown: &Shown) -> Markup {
    let tz = shown.buckets.zone.name();
    html! {
        nav.actions aria-label="Period" {
            "Period: "
            @for (i, days) in PERIODS.iter().enumerate() {
                @if i > 0 { " · " }
                @if Some(*days) == shown.days { strong { (days) " days" } }
                @else { a href={ (action) "?period=" (days) "&tz=" (tz) } { (days) " days" } }
            }
        }
        form.period method="get" action=(action) data-reader-zone {
            label { "From " input type="date" name="from" value=(shown.from_date); }
            label { "To " input type="date" name="to" value=(shown.to_date); }
            label { "By "
                select name="interval" {
                    @for one in ["hour", "day", "week", "month"] {
                        option value=(one) selected[one == shown.interval] { (one) }
                    }
                }
            }
            label { "Time zone " input type="text" name="tz" value=(tz) list="zones" size="18" autocomplete="off"; }
            datalist #zones { @for zone in ZONES { option value=(zone) {} } }
            " " button type="submit" { "Show" }
        }
        @if let Some(refused) = &shown.refused { p.error role="alert" { (refused) ". Showing the last 30 days in UTC." } }
    }
}

/// The totals, the funnel and a chart of each step.
fn funnel_section(shown: &Shown, sums: &[Measures], currency: Option<&str>) -> Markup {
    let totals = crate::domain::analytics::total(sums);
    let funnel = Funnel::of(&totals);
    let money = |cents: u64| match currency {
        Some(code) => format!("{} {code}", money::amount(cents)),
        None => money::amount(cents),
    };
    let series = |measure: Measure| -> Vec<(String, u64)> {
        shown
            .buckets
            .buckets
            .iter()
            .zip(sums)
            .map(|(b, m)| (label(&b.starts, shown.interval), m.get(measure)))
            .collect()
    };
    let period = format!("{} ({})", shown.interval, shown.buckets.zone.name());
    html! {
        section aria-labelledby="funnel" {
            h2 #funnel { "Funnel" }
            ol.funnel {
                li data-step="clicks" { span { "Clicks" } strong { (totals.get(Measure::Clicks)) }
                    small { (totals.get(Measure::UniqueVisitors)) " unique visitors" } }
                li data-step="referred_signups" { span { "Referred signups" } strong { (totals.get(Measure::ReferredSignups)) }
                    small { (percent(funnel.signups_per_click)) " of clicks" } }
                li data-step="conversions" { span { "Conversions" } strong { (totals.get(Measure::Conversions)) }
                    small { (percent(funnel.conversions_per_signup)) " of referred signups" } }
                li data-step="revenue" { span { "Revenue" } strong { (money(totals.get(Measure::Revenue))) }
                    small { (funnel.revenue_per_conversion.map_or_else(|| "–".to_owned(), &money)) " a conversion" } }
            }
            dl.numbers {
                div { dt { "Signups" } dd { (totals.get(Measure::Signups)) } }
                div { dt { "Refunds" } dd { (totals.get(Measure::Refunds)) } }
                div { dt { "Refunded" } dd { (money(totals.get(Measure::Refunded))) } }
                div { dt { "Rewards issued" } dd { (totals.get(Measure::Rewards)) } }
                div { dt { "Commissions and cash rewards" } dd { (money(totals.get(Measure::Commissions))) } }
                @if totals.get(Measure::Unconverted) > 0 {
                    div { dt { "Sales without an exchange rate" } dd { (totals.get(Measure::Unconverted)) } }
                }
            }
            div.charts {
                (bar_chart("clicks", "Clicks", &period, &series(Measure::Clicks), &|n| n.to_string()))
                (bar_chart("referred_signups", "Referred signups", &period, &series(Measure::ReferredSignups), &|n| n.to_string()))
                (bar_chart("conversions", "Conversions", &period, &series(Measure::Conversions), &|n| n.to_string()))
                (bar_chart("revenue", "Revenue", &period, &series(Measure::Revenue), &money::amount))
            }
        }
    }
}

/// The top partners, each linking to their page.
fn partners_section(
    action: &str,
    shown: &Shown,
    sort: Sort,
    partners: &[PartnerView],
    total: u64,
    csv: bool,
) -> Markup {
    let sorts =
        [(Sort::Revenue, "revenue"), (Sort::Conversions, "conversions"), (Sort::ReferredSignups, "referred signups")];
    html! {
        section aria-labelledby="partners" {
            h2 #partners { "Top partners" }
            @if partners.is_empty() { p { "Nobody was credited with a click, a friend or a sale in this period." } }
            @else {
                nav.actions aria-label="Sort partners" {
                    "By "
                    @for (i, (one, name)) in sorts.iter().enumerate() {
                        @if i > 0 { " · " }
                        @if *one == sort { strong { (name) } }
                        @else { a href={ (action) "?" (shown.query) "&sort=" (one.name()) "#partners" } { (name) } }
                    }
                    @if csv { " · " a href={ (action) ".csv?" (shown.query) "&sort=" (sort.name()) "&partners=1" } download { "Download CSV" } }
                }
                div.scroll { table.partners {
                    thead { tr {
                        th scope="col" { "Partner" } th scope="col" .num { "Clicks" } th scope="col" .num { "Referred signups" }
                        th scope="col" .num { "Conversions" } th scope="col" .num { "Revenue" } th scope="col" .num { "Commissions" }
                    } }
                    tbody {
                        @for p in partners { tr data-partner=(p.participant_id) {
                            td { a href={ "/dashboard/participants/" (p.participant_id) } {
                                (p.name.as_deref().filter(|n| !n.is_empty()).or(p.email.as_deref()).unwrap_or("(erased)")) }
                                @if let (Some(email), Some(_)) = (&p.email, p.name.as_deref().filter(|n| !n.is_empty())) {
                                    br; small { (email) } } }
                            td.num { (p.numbers.clicks) } td.num { (p.numbers.referred_signups) }
                            td.num { (p.numbers.conversions) } td.num { (p.numbers.revenue) } td.num { (p.numbers.commissions) }
                        } }
                    }
                } }
                @if total > partners.len() as u64 { p.hint { "The top " (partners.len()) " of " (total) " partners." } }
            }
        }
    }
}

/// A cycle time as people read it: minutes, hours or days.
fn duration(seconds: i64) -> String {
    match seconds {
        ..3_600 => format!("{} min", seconds / 60),
        3_600..172_800 => format!("{:.1} hours", seconds as f64 / 3_600.0),
        _ => format!("{:.1} days", seconds as f64 / 86_400.0),
    }
}

/// The campaign's viral loop, by week in the page's zone (reads every participant).
async fn loop_section(state: &AppState, campaign: &Campaign, zone: chrono_tz::Tz) -> Result<Markup, PageError> {
    let (buckets, loop_) = campaign_loop(state, campaign.id, Interval::Week, zone).await?;
    let answer = views::virality(campaign.id, "week", &buckets, loop_);
    let k: Vec<(String, u64)> =
        answer.cohorts.iter().map(|c| (label(&c.starts, "week"), (c.k * 100.0).round() as u64)).collect();
    let days = |s: Option<i64>| s.map_or_else(|| "–".to_owned(), duration);
    Ok(html! {
        section aria-labelledby="loop" {
            h2 #loop { "Viral loop" }
            p.hint { "K is how many people each participant of a week's cohort brought; the cycle time, how long they took to bring their first (docs: Virality)." }
            div.charts { (bar_chart("k", "K by weekly cohort", "Cohort (week)", &k, &|n| format!("{:.2}", n as f64 / 100.0))) }
            div.scroll { table.cohorts {
                thead { tr {
                    th scope="col" { "Cohort" } th scope="col" .num { "Participants" } th scope="col" .num { "Referred anyone" }
                    th scope="col" .num { "K" } th scope="col" .num { "Cycle time (median)" } th scope="col" .num { "90th percentile" }
                    th scope="col" .num { "Deepest generation" }
                } }
                tbody { @for c in answer.cohorts.iter().rev() { tr {
                    td { (label(&c.starts, "week")) } td.num { (c.participants) } td.num { (percent(Some(c.referrer_share))) }
                    td.num { (format!("{:.2}", c.k)) } td.num { (days(c.cycle_time_median_seconds)) }
                    td.num { (days(c.cycle_time_p90_seconds)) } td.num { (c.deepest_generation) }
                } } }
            } }
            h3 { "Generations" }
            div.scroll { table.generations {
                thead { tr { th scope="col" { "Links from someone who joined on their own" } th scope="col" .num { "Participants" } } }
                tbody { @for (n, count) in answer.generations.iter().enumerate() { tr {
                    td { @if n == 0 { "none: they joined on their own" } @else { (n) } } td.num { (count) }
                } } }
            } }
        }
    })
}

/// `GET /dashboard/campaigns/{id}/analytics`.
pub async fn campaign(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<AnalyticsQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let shown = shown(&query);
    let sort = Sort::parse(present(&query.sort)).unwrap_or(Sort::Revenue);
    let sums = bucket_sums(&state, &[campaign.id], &shown.buckets).await?;
    let top = PageRequest { page: 1, limit: TOP };
    let (partners, total) = ranked_partners(&state, &[campaign.id], &shown.buckets, sort, top).await?;
    let action = format!("/dashboard/campaigns/{}/analytics", campaign.id);
    let participants = state.store.counters(campaign.id).await?.participants;
    let viral = match participants <= LOOP_AT_ONCE || present(&query.viral_loop).is_some() {
        true => loop_section(&state, &campaign, shown.buckets.zone).await?,
        false => html! { section aria-labelledby="loop" { h2 #loop { "Viral loop" }
        p { a.button href={ (action) "?" (shown.query) "&loop=1#loop" } { "Measure the viral loop" }
            " (reads every one of the " (participants) " participants)" } } },
    };
    let content = html! {
        p { (page::back_to(&campaign)) }
        (period_form(&action, &shown))
        p.hint { "Numbers in " strong { (shown.buckets.zone.name()) } " time, money in " (campaign.payouts.currency)
            ". Sales count when they happened, refunds when they were made. "
            a href={ (action) ".csv?" (shown.query) } download { "Download CSV" } }
        (funnel_section(&shown, &sums, Some(&campaign.payouts.currency)))
        (partners_section(&action, &shown, sort, &partners, total, true))
        (viral)
    };
    let title = format!("Analytics of {}", campaign.name);
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &title, None, content)))
}

/// `GET /dashboard/campaigns/{id}/analytics.csv`: what the page shows, as the API's CSV.
pub async fn campaign_csv(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<AnalyticsQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let shown = shown(&query);
    if present(&query.partners).is_some() {
        let sort = Sort::parse(present(&query.sort)).unwrap_or(Sort::Revenue);
        let page = PageRequest { page: 1, limit: 100 };
        let (partners, _) = ranked_partners(&state, &[campaign.id], &shown.buckets, sort, page).await?;
        return Ok(csv_file(&format!("campaign-{}-partners.csv", campaign.id), partners_csv(&partners)));
    }
    let sums = bucket_sums(&state, &[campaign.id], &shown.buckets).await?;
    let answer = views::analytics(campaign.id, &campaign.payouts.currency, shown.interval, &shown.buckets, &sums);
    Ok(csv_file(&format!("campaign-{}-analytics.csv", campaign.id), buckets_csv(&answer)))
}

/// `GET /dashboard/brands/{id}/analytics`: every campaign of the brand summed (money only
/// when they share a currency).
pub async fn brand(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<AnalyticsQuery>,
) -> Result<HttpResponse, PageError> {
    let brand = ownership::brand(&state, &signed_in.member, *id).await?;
    let (campaigns, _) = state
        .store
        .campaigns_of_member(signed_in.member.id, Some(brand.id), PageRequest { page: 1, limit: 100 })
        .await?;
    let ids: Vec<u64> = campaigns.iter().map(|c| c.id).collect();
    let shown = shown(&query);
    let sort = Sort::parse(present(&query.sort)).unwrap_or(Sort::Revenue);
    let sums = bucket_sums(&state, &ids, &shown.buckets).await?;
    let (partners, total) =
        ranked_partners(&state, &ids, &shown.buckets, sort, PageRequest { page: 1, limit: TOP }).await?;
    let currencies: std::collections::BTreeSet<&str> = campaigns.iter().map(|c| c.payouts.currency.as_str()).collect();
    let currency = (currencies.len() == 1).then(|| currencies.first().copied()).flatten();
    let action = format!("/dashboard/brands/{}/analytics", brand.id);
    let content = html! {
        p { a href={ "/dashboard/brands/" (brand.id) } { "← " (brand.url) } }
        (period_form(&action, &shown))
        p.hint { "Every campaign of the brand, in " strong { (shown.buckets.zone.name()) } " time"
            @if currencies.len() > 1 { "; its campaigns pay in " (currencies.len()) " currencies, so money is summed as numbers: see each campaign" }
            "." }
        (funnel_section(&shown, &sums, currency))
        (partners_section(&action, &shown, sort, &partners, total, false))
        section aria-labelledby="campaigns" {
            h2 #campaigns { "By campaign" }
            ul { @for c in &campaigns { li { a href={ "/dashboard/campaigns/" (c.id) "/analytics?" (shown.query) } { (c.name) } } } }
        }
    };
    let title = format!("Analytics of {}", brand.url);
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &title, None, content)))
}
