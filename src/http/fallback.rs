//! Answers for requests that match no endpoint, and for extractor failures actix would
//! otherwise answer in plain text. Everything leaves in the envelope.

use actix_web::error::{PathError, QueryPayloadError};
use actix_web::{HttpRequest, HttpResponse};

use super::error::ApiError;
use crate::http::Code;

/// No route matches the path.
pub async fn not_found() -> Result<HttpResponse, ApiError> {
    Err(ApiError::NotFound("no such endpoint; see the API reference".into()))
}

/// A path parameter that is not of its type (`/brands/abc`) names nothing that exists.
pub fn path_error(_: PathError, _: &HttpRequest) -> actix_web::Error {
    ApiError::not_found("resource").into()
}

/// A malformed query string.
pub fn query_error(e: QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    ApiError::refused(Code::InvalidQuery, format!("invalid query string: {e}")).into()
}
