//! `ApiError`: every failure an endpoint can answer, and the one table that maps each to its
//! HTTP status and machine `code`. The body is always the failure envelope
//! `{"success": false, "error": "<message>", "code": "<code>"}`.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::Serialize;

use crate::actors::BrandError;
use crate::domain::ValidationError;
use crate::store::StoreError;

/// A failed request, as the client sees it.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: the input broke a rule; `code` says which kind.
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    /// 401: missing or invalid credential. The message never says which part was wrong.
    #[error("{0}")]
    Unauthorized(&'static str),
    /// 403: the member's plan does not allow this.
    #[error("{0}")]
    PlanRequired(String),
    /// 404: no such thing, or one owned by another member (never revealed).
    #[error("{0}")]
    NotFound(String),
    /// 405: the path exists, the method does not.
    #[error("method not allowed on this path")]
    MethodNotAllowed,
    /// 409: the thing exists already.
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    /// 429: over a rate limit; try again after `retry_after_secs`.
    #[error("too many {what}; retry in {retry_after_secs} s")]
    RateLimited { what: &'static str, retry_after_secs: u64, limit: u32 },
    /// 413: the body is over the endpoint's limit.
    #[error("request body is larger than the limit of {limit} bytes")]
    PayloadTooLarge { limit: usize },
    /// 503: the write could not be made durable, or the server is stopping, so it is not
    /// acknowledged; or (`GET /health`) writes are stopped. A cause is logged, never sent.
    #[error("{message}")]
    Unavailable { message: &'static str, cause: Option<String> },
    /// 500: a fault of ours. The cause is logged, never sent.
    #[error("internal server error")]
    Internal(String),
}

/// What a client is told when a flush to disk failed: the server has stopped acknowledging
/// writes (fail-stop, see `store::group_commit`) and only a restart brings them back.
const WRITES_STOPPED: &str = "the write could not be confirmed on disk, so it is not acknowledged and may or may \
     not have been kept; the server accepts no writes until it is restarted. Retry then, with the same \
     Idempotency-Key where the endpoint takes one";

const SHUTTING_DOWN: &str = "the server is shutting down, so the write is not acknowledged and may or may not have \
     been kept; retry shortly, with the same Idempotency-Key where the endpoint takes one";

impl ApiError {
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Self {
        Self::BadRequest { code, message: message.into() }
    }

    pub fn not_found(what: &str) -> Self {
        Self::NotFound(format!("{what} not found"))
    }

    /// The stable machine code of this error.
    pub fn code(&self) -> &'static str {
        match self {
            Self::BadRequest { code, .. } | Self::Conflict { code, .. } => code,
            Self::Unauthorized(_) => "unauthorized",
            Self::PlanRequired(_) => "plan_required",
            Self::NotFound(_) => "not_found",
            Self::MethodNotAllowed => "method_not_allowed",
            Self::PayloadTooLarge { .. } => "payload_too_large",
            Self::RateLimited { .. } => "rate_limited",
            Self::Unavailable { .. } => "unavailable",
            Self::Internal(_) => "internal",
        }
    }
}

/// The failure envelope.
#[derive(Serialize)]
struct Failure<'a> {
    success: bool,
    error: String,
    code: &'a str,
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            Self::PlanRequired(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Self::Conflict { .. } => StatusCode::CONFLICT,
            Self::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            Self::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            Self::Internal(cause) => tracing::error!(%cause, "request failed with an internal error"),
            Self::Unavailable { cause: Some(cause), .. } => tracing::warn!(%cause, "write not acknowledged"),
            _ => {}
        }
        let mut response = HttpResponse::build(self.status_code());
        if matches!(self, Self::Unauthorized(_)) {
            response.insert_header(("WWW-Authenticate", "Bearer, ApiKey header=\"X-API-Key\""));
        }
        if let Self::RateLimited { retry_after_secs, limit, .. } = self {
            super::rate_limit::refusal_headers(&mut response, *limit, *retry_after_secs);
        }
        response.json(Failure { success: false, error: self.to_string(), code: self.code() })
    }
}

impl From<ValidationError> for ApiError {
    fn from(e: ValidationError) -> Self {
        Self::bad_request("validation_failed", e.message)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Flush(_) => Self::Unavailable { message: WRITES_STOPPED, cause: Some(e.to_string()) },
            StoreError::Closed => Self::Unavailable { message: SHUTTING_DOWN, cause: Some(e.to_string()) },
            _ => Self::Internal(e.to_string()),
        }
    }
}

impl From<BrandError> for ApiError {
    fn from(e: BrandError) -> Self {
        match e {
            BrandError::NotFound(what) => Self::not_found(what),
            BrandError::Invalid(v) => v.into(),
            BrandError::PlanRequired(message) => Self::PlanRequired(message.into()),
            BrandError::InvalidReferral => Self::bad_request("invalid_referral_code", e.to_string()),
            BrandError::SelfReferral => Self::bad_request("self_referral", e.to_string()),
            BrandError::EmailTaken => Self::Conflict { code: "participant_exists", message: e.to_string() },
            BrandError::DomainTaken => Self::Conflict { code: "domain_taken", message: e.to_string() },
            BrandError::IdempotencyConflict => {
                Self::Conflict { code: "idempotency_key_reused", message: e.to_string() }
            }
            BrandError::Store(e) => e.into(),
        }
    }
}

impl From<actix::MailboxError> for ApiError {
    fn from(e: actix::MailboxError) -> Self {
        Self::Internal(format!("brand actor unavailable: {e}"))
    }
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        Self::Internal(format!("blocking task failed: {e}"))
    }
}
