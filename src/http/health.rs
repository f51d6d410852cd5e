//! `GET /health`: whether the server accepts writes, for a load balancer, an orchestrator's
//! probe or a monitoring check. Public and cheap (one flag read; on PostgreSQL, one trivial
//! statement), so it is not rate limited.

use actix_web::{web, HttpResponse};
use serde::Serialize;

use super::envelope;
use super::error::ApiError;
use super::state::AppState;

/// `GET /health` while the server accepts writes; also its schema in the OpenAPI document.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Health {
    /// Always `ok`; otherwise the answer is a 503 failure.
    #[schema(pattern = "^ok$")]
    status: &'static str,
}

/// What `GET /health` answers once a flush to disk has failed.
const STOPPED_NOTICE: &str =
    "writes are stopped: a flush to disk failed, and no write is acknowledged until the server is restarted";

/// What `GET /health` answers while the shared database cannot be reached.
const DATABASE_NOTICE: &str = "the database is unavailable: no request that needs it can be served until it is back";

/// `GET /health`: 200 `{"status": "ok"}`; 503 `unavailable` once a failed flush to disk has
/// stopped all writes (fail-stop), or while the shared database cannot be reached (the server
/// serves again by itself when it is back). A failed flush was logged when it happened, so
/// the probe does not log it again.
pub async fn health(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    if state.store.writes_stopped() {
        return Err(ApiError::Unavailable { message: STOPPED_NOTICE, cause: None });
    }
    if let Err(e) = state.store.reachable().await {
        return Err(ApiError::Unavailable { message: DATABASE_NOTICE, cause: Some(e.to_string()) });
    }
    Ok(envelope::ok(Health { status: "ok" }))
}
