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

/// The path matches but not the method: 405 with `Allow` naming the methods it has.
pub async fn method_not_allowed(req: HttpRequest) -> HttpResponse {
    use actix_web::ResponseError;
    let mut response = ApiError::MethodNotAllowed.error_response();
    let allowed = req.match_pattern().map(|pattern| super::routes::methods_of(&pattern)).unwrap_or_default();
    if let Ok(value) = actix_web::http::header::HeaderValue::from_str(&allowed.join(", ")) {
        if !allowed.is_empty() {
            response.headers_mut().insert(actix_web::http::header::ALLOW, value);
        }
    }
    response
}

/// A path parameter that is not of its type (`/brands/abc`) names nothing that exists.
pub fn path_error(_: PathError, _: &HttpRequest) -> actix_web::Error {
    ApiError::not_found("resource").into()
}

/// A malformed query string.
pub fn query_error(e: QueryPayloadError, _: &HttpRequest) -> actix_web::Error {
    ApiError::refused(Code::InvalidQuery, format!("invalid query string: {e}")).into()
}
