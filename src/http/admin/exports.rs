//! `GET /admin/v1/brands/:id/participants.csv` and `…/rewards.csv`: a whole brand's CSV
//! export, every campaign oldest first, each row led by its `campaign_id` (`refctl export`).
//! The rows are the member's exports' (`http::exports`).

use actix_web::{web, HttpResponse};

use super::AdminToken;
use crate::http::{exports, ApiError, AppState};

async fn export(state: &AppState, brand_id: u64, rewards: bool) -> Result<HttpResponse, ApiError> {
    let brand = state.store.brand(brand_id).await?.ok_or_else(|| ApiError::not_found("brand"))?;
    let campaigns = state.store.campaign_ids_of_brand(brand.id).await?;
    Ok(exports::brand_export(state, brand.id, campaigns, rewards))
}

/// `GET /admin/v1/brands/:id/participants.csv`.
pub async fn participants(
    _: AdminToken,
    state: web::Data<AppState>,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    export(&state, *id, false).await
}

/// `GET /admin/v1/brands/:id/rewards.csv`.
pub async fn rewards(_: AdminToken, state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    export(&state, *id, true).await
}
