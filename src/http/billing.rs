//! `GET /billing/plans`: the public list of subscription plans.

use actix_web::{web, HttpResponse};
use serde::Serialize;

use super::envelope;
use super::error::ApiError;
use super::state::AppState;
use crate::domain::Plan;

#[derive(Serialize)]
struct Plans {
    plans: Vec<Plan>,
}

/// `GET /billing/plans`: every plan, by id. Public.
pub async fn plans(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(envelope::ok(Plans { plans: state.store.plans().await? }))
}
