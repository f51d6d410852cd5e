//! The widget's public `GET /api/widget/leaderboard`: only for a campaign whose
//! `leaderboard.public` is on, and showing no more than a first name or a masked email. One
//! ordered read of a board the engine keeps (see `domain::leaderboard`), as the owner's.

use actix_web::{web, HttpRequest, HttpResponse};

use super::widget::{id_of, public_campaign, query_value};
use crate::http::envelope;
use crate::http::error::ApiError;
use crate::http::leaderboards::{board_of, limit};
use crate::http::state::AppState;
use crate::views;

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
