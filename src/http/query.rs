//! Query parameters of list and stats endpoints, taken as text and validated here so every
//! malformed value gets a 400 that names it. A parameter an operation does not take is
//! refused before the handler runs, by the OpenAPI document's own list
//! (`openapi::refuse_unknown`).

use serde::Deserialize;

use super::error::ApiError;
use crate::domain::pagination::PageRequest;
use crate::http::Code;

/// `?page=&limit=&brand_id=&campaign_id=&days=&email=&search=&referred_by=&status=&participant_id=&period=`: every
/// parameter a list or stats endpoint reads. Which ones an endpoint takes is in the OpenAPI
/// endpoint table; `openapi::refuse_unknown` refuses the others before the handler runs.
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
