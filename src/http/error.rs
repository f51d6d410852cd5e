//! `ApiError`: every failure an endpoint can answer, each with its machine [`Code`] (whose
//! table gives the HTTP status). The body is always the failure envelope
//! `{"success": false, "error": "<message>", "code": "<code>"}`.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};

pub use super::code::Code;
use crate::actors::BrandError;
use crate::domain::ValidationError;
use crate::store::StoreError;

/// A failed request, as the client sees it.
#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400 or 409 (as `code` says): the input broke a rule, or names something that exists
    /// already or is in use.
    #[error("{message}")]
    Refused { code: Code, message: String },
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

/// The shared database (PostgreSQL) cannot be reached or did not answer in time.
const DATABASE_UNAVAILABLE: &str = "the database is unavailable, so the request could not be completed and a write \
     may or may not have been kept; retry shortly, with the same Idempotency-Key where the endpoint takes one";
const SHUTTING_DOWN: &str = "the server is shutting down, so the write is not acknowledged and may or may not have \
     been kept; retry shortly, with the same Idempotency-Key where the endpoint takes one";

impl ApiError {
    /// A refusal of the input: 400 or 409, as `code`'s status says.
    pub fn refused(code: Code, message: impl Into<String>) -> Self {
        Self::Refused { code, message: message.into() }
    }

    pub fn not_found(what: &str) -> Self {
        Self::NotFound(format!("{what} not found"))
    }

    /// The stable machine code of this error.
    pub fn code(&self) -> Code {
        match self {
            Self::Refused { code, .. } => *code,
            Self::Unauthorized(_) => Code::Unauthorized,
            Self::PlanRequired(_) => Code::PlanRequired,
            Self::NotFound(_) => Code::NotFound,
            Self::MethodNotAllowed => Code::MethodNotAllowed,
            Self::PayloadTooLarge { .. } => Code::PayloadTooLarge,
            Self::RateLimited { .. } => Code::RateLimited,
            Self::Unavailable { .. } => Code::Unavailable,
            Self::Internal(_) => Code::Internal,
        }
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        self.code().status()
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
            limit_headers(&mut response, *limit, *retry_after_secs);
        }
        response.json(super::answers::Failure::new(self.code(), self.to_string()))
    }
}

impl From<ValidationError> for ApiError {
    fn from(e: ValidationError) -> Self {
        Self::refused(Code::ValidationFailed, e.message)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::Flush(_) => Self::Unavailable { message: WRITES_STOPPED, cause: Some(e.to_string()) },
            StoreError::Closed => Self::Unavailable { message: SHUTTING_DOWN, cause: Some(e.to_string()) },
            StoreError::Unavailable(_) => {
                Self::Unavailable { message: DATABASE_UNAVAILABLE, cause: Some(e.to_string()) }
            }
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
            BrandError::InvalidReferral => Self::refused(Code::InvalidReferralCode, e.to_string()),
            BrandError::SelfReferral => Self::refused(Code::SelfReferral, e.to_string()),
            BrandError::DisposableEmail => Self::refused(Code::DisposableEmail, e.to_string()),
            BrandError::EmailTaken => Self::Refused { code: Code::ParticipantExists, message: e.to_string() },
            BrandError::PromoCodeTaken(_) => Self::Refused { code: Code::PromoCodeTaken, message: e.to_string() },
            BrandError::DomainTaken => Self::Refused { code: Code::DomainTaken, message: e.to_string() },
            BrandError::RewardState { .. }
            | BrandError::RewardInPayout { .. }
            | BrandError::RewardWithoutRate { .. } => Self::refused(Code::RewardStateConflict, e.to_string()),
            BrandError::PayoutState { .. } => Self::refused(Code::PayoutStateConflict, e.to_string()),
            BrandError::Erased(_) => Self::refused(Code::ParticipantErased, e.to_string()),
            BrandError::WaitlistOff => Self::refused(Code::WaitlistOff, e.to_string()),
            BrandError::LimitReached(limit) => {
                Self::Refused { code: Code::PlanLimitReached, message: limit.to_string() }
            }
            BrandError::IdempotencyConflict => {
                Self::Refused { code: Code::IdempotencyKeyReused, message: e.to_string() }
            }
            BrandError::KeyRevoked => REFUSED,
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

/// The one answer to every credential refused: it never says what was wrong.
pub(super) const REFUSED: ApiError =
    ApiError::Unauthorized("missing or invalid credential: send X-API-Key or Authorization: Bearer <token>");

/// The headers of a 429 (of a limit of `limit` requests): when to retry, and the limit.
pub(super) fn limit_headers(response: &mut actix_web::HttpResponseBuilder, limit: u32, wait_secs: u64) {
    response
        .insert_header((actix_web::http::header::RETRY_AFTER, wait_secs.to_string()))
        .insert_header(("RateLimit-Limit", limit.to_string()))
        .insert_header(("RateLimit-Remaining", "0"))
        .insert_header(("RateLimit-Reset", wait_secs.to_string()));
}
