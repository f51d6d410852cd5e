//! `GET /campaigns/:id/analytics` (and `.csv`, or `Accept: text/csv`): the campaign's
//! numbers over a period, in the buckets of an interval in a time zone, or per partner with
//! `group_by=participant`. Read from the quarter hours' rows the brand's decisions keep
//! (`domain::rollup`), never from the events.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::exports::neutralise;
use super::state::AppState;
use super::{envelope, ownership};
use crate::domain::analytics::{self, Ranking, Sort, DEFAULT_DAYS};
use crate::domain::moment::DAY_MS;
use crate::domain::pagination::{Page, PageRequest};
use crate::domain::rollup::{Measures, Numbers};
use crate::domain::time_buckets::{self, Buckets, Interval};
use crate::domain::ValidationError;
use crate::http::Code;
use crate::store::{self, StoreError};
use crate::views::{self, PartnerView, CSV_NUMBERS};

/// Query of `GET /campaigns/:id/analytics`.
#[derive(Debug, Deserialize)]
pub struct AnalyticsQuery {
    from: Option<String>,
    to: Option<String>,
    interval: Option<String>,
    tz: Option<String>,
    group_by: Option<String>,
    sort: Option<String>,
    page: Option<String>,
    limit: Option<String>,
}

/// A query's mistake, as the 400 `invalid_query` it is.
fn invalid(e: ValidationError) -> ApiError {
    ApiError::refused(Code::InvalidQuery, e.message)
}

/// The period and its buckets a query asks for: `to` now and `from` 30 days before it,
/// unless given; by day in UTC unless said. Shared with the dashboard's page.
pub fn buckets_of(
    from: Option<&str>,
    to: Option<&str>,
    interval: Option<&str>,
    tz: Option<&str>,
) -> Result<(Buckets, &'static str), ValidationError> {
    let zone = time_buckets::zone(tz.map(str::trim).unwrap_or("UTC"))?;
    let interval = Interval::parse(interval.map(str::trim).unwrap_or("day"))?;
    let name = match interval {
        Interval::Hour => "hour",
        Interval::Day => "day",
        Interval::Week => "week",
        Interval::Month => "month",
    };
    let to = match to {
        Some(raw) => analytics::bound("to", raw, zone, true)?,
        None => chrono::Utc::now().timestamp_millis(),
    };
    let from = match from {
        Some(raw) => analytics::bound("from", raw, zone, false)?,
        None => to - DEFAULT_DAYS * DAY_MS,
    };
    Ok((Buckets::new(from, to, interval, zone)?, name))
}

/// Each bucket's numbers, summed over `campaigns` (one, or a brand's).
pub async fn bucket_sums(state: &AppState, campaigns: &[u64], buckets: &Buckets) -> Result<Vec<Measures>, StoreError> {
    let (first, last) = analytics::slots(buckets);
    let mut rows = Vec::new();
    for &campaign_id in campaigns {
        rows.extend(state.store.rollup(campaign_id, first, last).await?);
    }
    Ok(analytics::bucketed(buckets, &rows))
}

/// A page of the partners of `campaigns` over the buckets' period, ranked, with who they are
/// (an erased participant is nobody now), and how many there are.
pub async fn ranked_partners(
    state: &AppState,
    campaigns: &[u64],
    buckets: &Buckets,
    sort: Sort,
    page: PageRequest,
) -> Result<(Vec<PartnerView>, u64), StoreError> {
    let (first, last) = analytics::slots(buckets);
    let mut ranking = Ranking::new(sort, page);
    let now_ms = chrono::Utc::now().timestamp_millis();
    for &campaign_id in campaigns {
        store::partner_sums(&state.store, campaign_id, first, last, now_ms, |id, m| ranking.push(id, m)).await?;
    }
    let (ranked, total) = ranking.page();
    let mut views = Vec::with_capacity(ranked.len());
    for (participant_id, measures) in ranked {
        let who = state.store.participant(participant_id).await?.filter(|p| !p.is_erased());
        views.push(PartnerView {
            participant_id,
            email: who.as_ref().map(|p| p.email.clone()),
            name: who.map(|p| p.name),
            numbers: Numbers::from(&measures),
        });
    }
    Ok((views, total))
}

/// Whether the answer is a CSV file: the `.csv` path, or a client that accepts only that.
fn wants_csv(req: &HttpRequest) -> bool {
    let accept = req.headers().get(actix_web::http::header::ACCEPT).and_then(|v| v.to_str().ok()).unwrap_or("");
    req.path().ends_with(".csv") || accept.split(',').next().is_some_and(|first| first.trim().starts_with("text/csv"))
}

/// `GET /campaigns/:id/analytics[.csv]`: 200 with the buckets, totals and funnel, and with
/// `group_by=participant` a page of the ranked partners (the CSV is then theirs); 400 `invalid_query` for a bound, interval, zone, grouping or sort it
/// does not know, or a period longer than three years.
pub async fn get(
    req: HttpRequest,
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    query: web::Query<AnalyticsQuery>,
) -> Result<HttpResponse, ApiError> {
    let (buckets, interval) =
        buckets_of(query.from.as_deref(), query.to.as_deref(), query.interval.as_deref(), query.tz.as_deref())
            .map_err(invalid)?;
    let by_partner = match query.group_by.as_deref().map(str::trim) {
        None | Some("") => false,
        Some("participant") => true,
        Some(_) => return Err(ApiError::refused(Code::InvalidQuery, "group_by must be participant")),
    };
    let sort = Sort::parse(query.sort.as_deref()).map_err(invalid)?;
    let page = PageRequest::parse(query.page.as_deref(), query.limit.as_deref()).map_err(invalid)?;
    let campaign = ownership::campaign(&state, &member, *id).await?;
    let sums = bucket_sums(&state, &[campaign.id], &buckets).await?;
    let mut answer = views::analytics(campaign.id, &campaign.payouts.currency, interval, &buckets, &sums);
    if by_partner {
        let (partners, total) = ranked_partners(&state, &[campaign.id], &buckets, sort, page).await?;
        answer.partners = Some(partners);
        answer.sort = Some(sort.name());
        answer.pagination = Some(Page::new(page, total));
    }
    if !wants_csv(&req) {
        return Ok(envelope::ok(answer));
    }
    Ok(match &answer.partners {
        Some(partners) => csv_file(&format!("campaign-{}-partners.csv", campaign.id), partners_csv(partners)),
        None => csv_file(&format!("campaign-{}-analytics.csv", campaign.id), buckets_csv(&answer)),
    })
}

/// A CSV answer, or the error writing it.
pub fn csv_file(filename: &str, body: Result<Vec<u8>, ApiError>) -> HttpResponse {
    match body {
        Ok(body) => HttpResponse::Ok()
            .content_type("text/csv; charset=utf-8")
            .insert_header(("Content-Disposition", format!("attachment; filename=\"{filename}\"")))
            .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
            .body(body),
        Err(e) => actix_web::ResponseError::error_response(&e),
    }
}

fn written(out: csv::Writer<Vec<u8>>) -> Result<Vec<u8>, ApiError> {
    out.into_inner().map_err(|e| ApiError::Internal(format!("writing the CSV: {e}")))
}

/// One row a bucket, then the totals' row (`starts` is `total`).
pub fn buckets_csv(answer: &views::AnalyticsAnswer) -> Result<Vec<u8>, ApiError> {
    let mut out = csv::Writer::from_writer(Vec::new());
    let fail = |e: csv::Error| ApiError::Internal(format!("writing the CSV: {e}"));
    out.write_record(std::iter::once("starts").chain(CSV_NUMBERS)).map_err(fail)?;
    for bucket in &answer.buckets {
        let cells = views::csv_cells(&bucket.numbers);
        out.write_record(std::iter::once(bucket.starts.as_str()).chain(cells.iter().map(String::as_str)))
            .map_err(fail)?;
    }
    let cells = views::csv_cells(&answer.totals);
    out.write_record(std::iter::once("total").chain(cells.iter().map(String::as_str))).map_err(fail)?;
    written(out)
}

/// One row a partner of the page, in its order.
pub fn partners_csv(partners: &[PartnerView]) -> Result<Vec<u8>, ApiError> {
    let mut out = csv::Writer::from_writer(Vec::new());
    let fail = |e: csv::Error| ApiError::Internal(format!("writing the CSV: {e}"));
    out.write_record(["participant_id", "email", "name"].into_iter().chain(CSV_NUMBERS)).map_err(fail)?;
    for partner in partners {
        let who = [
            partner.participant_id.to_string(),
            neutralise(partner.email.as_deref().unwrap_or("")).into_owned(),
            neutralise(partner.name.as_deref().unwrap_or("")).into_owned(),
        ];
        let cells = views::csv_cells(&partner.numbers);
        out.write_record(who.iter().chain(cells.iter()).map(String::as_str)).map_err(fail)?;
    }
    written(out)
}
