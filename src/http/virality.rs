//! `GET /campaigns/:id/virality?cohort=week|month&tz=`: the campaign's viral loop, its
//! participants by the week or month they joined (`domain::virality`), read from the roster
//! in the order they joined.

use actix_web::{web, HttpResponse};
use serde::Deserialize;

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::state::AppState;
use super::{envelope, ownership};
use crate::domain::time_buckets::{self, Buckets, Interval, MOST_DAYS};
use crate::domain::virality::{virality, Joiner, Virality};
use crate::http::Code;
use crate::views;

/// Participants read from the roster at a time.
const BATCH: usize = 5_000;

/// Query of `GET /campaigns/:id/virality`.
#[derive(Debug, Deserialize)]
pub struct ViralityQuery {
    cohort: Option<String>,
    tz: Option<String>,
}

/// `GET /campaigns/:id/virality`: the cohorts (oldest first, the last three years at most)
/// and the generations; 400 `invalid_query` for another cohort or an unknown zone.
pub async fn get(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    query: web::Query<ViralityQuery>,
) -> Result<HttpResponse, ApiError> {
    let (cohort, interval) = match query.cohort.as_deref().map(str::trim) {
        None | Some("week") => ("week", Interval::Week),
        Some("month") => ("month", Interval::Month),
        Some(_) => return Err(ApiError::refused(Code::InvalidQuery, "cohort must be week or month")),
    };
    let zone = time_buckets::zone(query.tz.as_deref().map(str::trim).unwrap_or("UTC"))
        .map_err(|e| ApiError::refused(Code::InvalidQuery, e.message))?;
    let campaign = ownership::campaign(&state, &member, *id).await?;
    let (buckets, loop_) = campaign_loop(&state, campaign.id, interval, zone).await?;
    Ok(envelope::ok(views::virality(campaign.id, cohort, &buckets, loop_)))
}

/// The campaign's viral loop in cohorts of `interval` in `zone` (the last three years at
/// most), from its roster read in joining order. Shared with the dashboard's page.
pub async fn campaign_loop(
    state: &AppState,
    campaign_id: u64,
    interval: Interval,
    zone: chrono_tz::Tz,
) -> Result<(Buckets, Virality), ApiError> {
    let mut joined = Vec::new();
    let mut from_seq = 1;
    loop {
        let batch = state.store.roster(campaign_id, from_seq, BATCH).await?;
        let Some(last) = batch.last() else { break };
        from_seq = last.seq + 1;
        joined.extend(batch.iter().map(|p| Joiner {
            id: p.id,
            joined_ms: chrono::DateTime::parse_from_rfc3339(&p.created_at).map_or(0, |at| at.timestamp_millis()),
            referred_by: p.referred_by,
        }));
        if batch.len() < BATCH {
            break;
        }
    }
    let now = chrono::Utc::now().timestamp_millis();
    let from = joined.first().map_or(now, |j| j.joined_ms).max(now - MOST_DAYS * 86_400_000 + 1);
    let buckets = Buckets::new(from.min(now), now + 1, interval, zone)?;
    let loop_ = virality(&joined, &buckets);
    Ok((buckets, loop_))
}
