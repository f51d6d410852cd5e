//! Leaderboards and contests: the owner's `GET /campaigns/:id/leaderboard` and
//! `GET /campaigns/:id/contest`, and the widget's public `GET /api/widget/leaderboard` (only
//! for a campaign whose `leaderboard.public` is on, and showing no more than a first name or
//! a masked email). Each is one ordered read of a board the engine keeps (see
//! `domain::leaderboard`), however many participants the campaign has.

use actix_web::{web, HttpRequest, HttpResponse};

use super::authenticated::AuthenticatedMember;
use super::code::Code;
use super::error::ApiError;
use super::query::ListQuery;
use super::site::widget::{id_of, public_campaign, query_value};
use super::state::AppState;
use super::{envelope, ownership};
use crate::domain::leaderboard::{Board, Period, DEFAULT_LIMIT, MAX_LIMIT};
use crate::domain::Campaign;
use crate::views;

fn rfc3339(t: chrono::DateTime<chrono::Utc>) -> String {
    t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// `limit`: 1 to [`MAX_LIMIT`], [`DEFAULT_LIMIT`] when not given.
pub(super) fn limit(raw: Option<&str>) -> Result<usize, ApiError> {
    match raw {
        None => Ok(DEFAULT_LIMIT as usize),
        Some(raw) => {
            raw.trim().parse::<u64>().ok().filter(|n| (1..=MAX_LIMIT).contains(n)).map(|n| n as usize).ok_or_else(
                || ApiError::refused(Code::InvalidQuery, format!("limit must be a whole number from 1 to {MAX_LIMIT}")),
            )
        }
    }
}

/// The period's board now; `period=contest` needs the campaign's contest window.
fn board_of(campaign: &Campaign, raw: Option<&str>) -> Result<(Period, Board), ApiError> {
    let period = Period::parse(raw).map_err(|e| ApiError::refused(Code::InvalidQuery, e.message))?;
    let board = period.board(campaign, chrono::Utc::now()).ok_or_else(|| {
        ApiError::refused(
            Code::InvalidQuery,
            "period=contest needs the campaign's contest window (contest.starts_at and contest.ends_at)",
        )
    })?;
    Ok((period, board))
}

/// `GET /campaigns/:id/leaderboard?period=all|month|week|contest&limit=`.
pub async fn leaderboard(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    let (period, board) = board_of(&campaign, query.period.as_deref())?;
    let limit = limit(query.limit.as_deref())?;
    let ranked = state.store.leaderboard(campaign.id, board, limit).await?;
    let bounds = board.bounds();
    Ok(envelope::ok(views::Leaderboard {
        campaign_id: campaign.id,
        period: period.name(),
        starts_at: bounds.map(|(s, _)| rfc3339(s)),
        ends_at: bounds.map(|(_, e)| rfc3339(e)),
        leaders: views::leaders(&ranked),
    }))
}

/// `GET /campaigns/:id/contest`: the contest's settings and status, its standings now, and
/// its winners once recorded.
pub async fn contest(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    let board = Board::contest(&campaign);
    let standings = match board {
        Some(board) => state.store.leaderboard(campaign.id, board, campaign.contest.winners as usize).await?,
        None => Vec::new(),
    };
    let result = match board {
        Some(board) => state.store.contest_result(campaign.id).await?.filter(|r| r.is_of(board)),
        None => None,
    };
    let results = match &result {
        Some(result) => {
            let mut winners = Vec::with_capacity(result.winners.len());
            for winner in &result.winners {
                winners.extend(state.store.participant(winner.participant_id).await?);
            }
            let find = |id: u64| winners.iter().find(|p| p.id == id).cloned();
            Some(views::contest_places(result, find, &state.public_url))
        }
        None => None,
    };
    Ok(envelope::ok(views::ContestReport {
        campaign_id: campaign.id,
        contest: views::contest(&campaign.contest),
        status: campaign.contest.status(chrono::Utc::now()).name(),
        standings: views::leaders(&standings),
        recorded_at: result.map(|r| r.recorded_at),
        results,
    }))
}

/// `GET /api/widget/leaderboard?campaign=<id>&period=&limit=`: ranks, first names (or masked
/// emails) and counts, for a campaign that made its leaderboard public; 404 for any other.
pub async fn public(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let not_public = || ApiError::NotFound("this campaign has no public leaderboard".into());
    let campaign_id = query_value(&req, "campaign").as_deref().and_then(id_of).ok_or_else(not_public)?;
    let campaign =
        public_campaign(&state, campaign_id).await?.filter(|c| c.leaderboard.public).ok_or_else(not_public)?;
    let (period, board) = board_of(&campaign, query_value(&req, "period").as_deref())?;
    let ranked = state.store.leaderboard(campaign.id, board, limit(query_value(&req, "limit").as_deref())?).await?;
    Ok(envelope::ok(views::PublicLeaderboard {
        campaign_id: campaign.id,
        period: period.name(),
        leaders: views::public_leaders(&ranked),
    }))
}
