//! Leaderboards and contests: the owner's `GET /campaigns/:id/leaderboard` and
//! `GET /campaigns/:id/contest` (the widget's public board, on the same boards:
//! `site/widget_leaderboard.rs`). Each is one ordered read of a board the engine keeps (see
//! `domain::leaderboard`), however many participants the campaign has.

use actix_web::{web, HttpResponse};

use super::authenticated::AuthenticatedMember;
use super::code::Code;
use super::error::ApiError;
use super::query::ListQuery;
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
pub(super) fn board_of(campaign: &Campaign, raw: Option<&str>) -> Result<(Period, Board), ApiError> {
    let period = Period::parse(raw).map_err(|e| ApiError::refused(Code::InvalidQuery, e.message))?;
    let board = period.board(&campaign.contest, chrono::Utc::now()).ok_or_else(|| {
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
    let board = Board::contest(&campaign.contest);
    let standings = match board {
        Some(board) => state.store.leaderboard(campaign.id, board, campaign.contest.winners as usize).await?,
        None => Vec::new(),
    };
    let result = match board {
        Some(board) => state.store.contest_result(campaign.id).await?.filter(|r| board.is_window_of(r)),
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
