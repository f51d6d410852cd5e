//! Query parameters of list and stats endpoints, taken as text and validated here so every
//! malformed value gets a 400 that names it; and the check that refuses a parameter an
//! operation does not take.

use actix_web::body::{EitherBody, MessageBody};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::ResponseError;
use serde::Deserialize;

use super::error::ApiError;
use crate::domain::pagination::PageRequest;
use crate::http::Code;

/// `?page=&limit=&brand_id=&campaign_id=&days=&email=&search=&referred_by=&status=&participant_id=&period=`: every
/// parameter a list or stats endpoint reads. Which ones an endpoint takes is in the OpenAPI
/// endpoint table; [`refuse_unknown`] refuses the others before the handler runs.
#[derive(Debug, Default, Deserialize)]
pub struct ListQuery {
    pub page: Option<String>,
    pub limit: Option<String>,
    pub brand_id: Option<String>,
    pub campaign_id: Option<String>,
    pub days: Option<String>,
    pub email: Option<String>,
    pub search: Option<String>,
    pub referred_by: Option<String>,
    pub status: Option<String>,
    pub participant_id: Option<String>,
    pub period: Option<String>,
}

impl ListQuery {
    pub fn page(&self) -> Result<PageRequest, ApiError> {
        Ok(PageRequest::parse(self.page.as_deref(), self.limit.as_deref())?)
    }
}

/// An optional id filter: absent is `None`; present must be a whole number ≥ 1.
pub fn id_filter(field: &'static str, raw: Option<&str>) -> Result<Option<u64>, ApiError> {
    raw.map(|v| {
        v.trim().parse::<u64>().ok().filter(|&n| n > 0).ok_or_else(|| {
            ApiError::refused(Code::InvalidQuery, format!("{field} must be a whole number of at least 1"))
        })
    })
    .transpose()
}

/// A required id in a JSON body.
pub fn body_id(field: &'static str, value: Option<&serde_json::Value>) -> Result<u64, ApiError> {
    let value = value.ok_or_else(|| ApiError::refused(Code::ValidationFailed, format!("{field} is required")))?;
    value.as_u64().filter(|&n| n > 0).ok_or_else(|| {
        ApiError::refused(Code::ValidationFailed, format!("{field} must be a whole number of at least 1"))
    })
}

/// Refuses, with 400 `invalid_query`, a query parameter that the matched operation of the API
/// or the admin API does not take, naming it and those it takes (the OpenAPI document's
/// list, `openapi::query_parameters`). Otherwise a misspelt or unsupported filter would be
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
    let checked = super::API_ROOTS.iter().any(|root| pattern.starts_with(&format!("{root}/")))
        || pattern.starts_with("/admin/v1/");
    if !checked {
        return None;
    }
    let known = super::openapi::query_parameters(req.method(), &pattern)?;
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
