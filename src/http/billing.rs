//! `GET /billing/plans`: the public list of subscription plans.

use actix_web::{web, HttpResponse};

use super::answers::Plans;
use super::envelope;
use super::error::ApiError;
use super::state::AppState;

/// `GET /billing/plans`: every plan, by id. Public.
pub async fn plans(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(envelope::ok(Plans { plans: state.store.plans().await? }))
}
