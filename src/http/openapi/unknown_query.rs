//! The check that refuses a query parameter an operation does not take: the document's
//! list of each operation's parameters is the one the server applies, so the two cannot
//! drift apart. It lives beside the document, not in `http::query` beside the handlers' own
//! parameter parsing: the document names every handler's body, and the handlers name
//! `http::query`, so a check there that read the document would close a ring.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::ResponseError;

use super::endpoints::query_parameters;
use crate::http::error::ApiError;
use crate::http::Code;

/// Refuses, with 400 `invalid_query`, a query parameter that the matched operation of the API
/// or the admin API does not take, naming it and those it takes (the OpenAPI document's
/// list, [`query_parameters`]). Otherwise a misspelt or unsupported filter would be
/// ignored and the whole list answered as if it matched. The public site is not checked:
/// referral links, landers and scripts carry marketing parameters (`utm_source`, `fbclid`)
/// that are not ours to refuse.
pub async fn refuse_unknown(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<EitherBody<impl MessageBody>>, actix_web::Error> {
    if let Some(refusal) = unknown_parameter(&req) {
        return Ok(req.into_response(refusal.error_response()).map_into_right_body());
    }
    Ok(next.call(req).await?.map_into_left_body())
}

fn unknown_parameter(req: &ServiceRequest) -> Option<ApiError> {
    let query = req.query_string();
    if query.is_empty() {
        return None;
    }
    let pattern = req.match_pattern()?;
    let checked = crate::http::API_ROOTS.iter().any(|root| pattern.starts_with(&format!("{root}/")))
        || pattern.starts_with("/admin/v1/");
    if !checked {
        return None;
    }
    let known = query_parameters(req.method(), &pattern)?;
    let (unknown, _) =
        url::form_urlencoded::parse(query.as_bytes()).find(|(name, _)| !known.contains(&name.as_ref()))?;
    // The name is the caller's: shown clipped, and only its printable characters.
    let shown: String = unknown.chars().filter(|c| !c.is_control()).take(64).collect();
    let takes =
        if known.is_empty() { "takes no query parameters".to_owned() } else { format!("takes {}", known.join(", ")) };
    Some(ApiError::refused(
        Code::InvalidQuery,
        format!("unknown query parameter '{shown}': {} {pattern} {takes}", req.method()),
    ))
}
