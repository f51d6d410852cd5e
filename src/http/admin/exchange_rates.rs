//! `POST /admin/v1/members/:id/exchange-rates`: the operator imports the European Central
//! Bank's CSV of reference rates as a member's (`refctl rates import FILE --member ID`); the
//! member's commissions that waited for a rate are then computed.

use actix_web::{web, HttpRequest, HttpResponse};

use super::AdminToken;
use crate::domain::exchange_rate::read_ecb_csv;
use crate::domain::ValidationError;
use crate::http::exchange_rates::save_and_rate;
use crate::http::json::{declared_length, read_body};
use crate::http::{envelope, ApiError, AppState};

/// Largest CSV the operator may import: the ECB's whole history is about 7 MB.
pub const MAX_CSV_BYTES: usize = 64 * 1024 * 1024;

/// `POST /admin/v1/members/:id/exchange-rates` with the ECB's CSV as the body.
pub async fn import(
    _: AdminToken,
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<u64>,
    mut payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let member = state.store.member(*id).await?.ok_or_else(|| ApiError::not_found("member"))?;
    let body = read_body(&mut payload, declared_length(&req), MAX_CSV_BYTES).await?;
    let text = std::str::from_utf8(&body).map_err(|_| ValidationError::new("file", "the file is not UTF-8 text"))?;
    let rates = read_ecb_csv(text)?;
    let saved = save_and_rate(&state, member.id, rates).await?;
    tracing::info!(member_id = member.id, saved = saved.saved, rated = saved.rated, "exchange rates imported");
    Ok(envelope::ok(saved))
}
