//! `Idempotency-Key` on signups: a retry with the same key and body gets the first answer and
//! changes nothing; the same key with another body gets 409. Keys are scoped to the member.
//! The record is written in the signup's own transaction, so a crash can never leave a
//! signup without its record (or a record without its signup). It keeps the signup's
//! outcome; the handler renders it, for the first answer and a replay alike.
//!
//! Whether a key was used is decided in one place, the brand actor (`actors::brand`): it
//! reads the record before deciding, and the session's commit writes it only if no other
//! request (of another brand of the same member) wrote it in between. A replay, like every
//! signup answer, is sent only once the record is on disk (see `signups::send`).

use actix_web::http::StatusCode;
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::error::ApiError;
use crate::domain::engine::Signed;
use crate::http::Code;
use crate::store::{IdempotencyRecord, IdempotencyWrite, IdempotentOutcome};

/// Longest key accepted.
pub const MAX_KEY_LEN: usize = 255;

/// The request's idempotency key, if it sent one: member id ++ SHA-256(key), and a hash of
/// the endpoint and the parsed body (so formatting differences do not matter).
pub fn from_request(
    req: &HttpRequest,
    member_id: u64,
    body: &impl Serialize,
) -> Result<Option<IdempotencyWrite>, ApiError> {
    let Some(value) = req.headers().get("idempotency-key") else {
        return Ok(None);
    };
    let key =
        value.to_str().ok().filter(|k| (1..=MAX_KEY_LEN).contains(&k.len()) && k.bytes().all(|b| b.is_ascii_graphic()));
    let key = key.ok_or_else(|| {
        ApiError::refused(
            Code::InvalidIdempotencyKey,
            format!("Idempotency-Key must be 1 to {MAX_KEY_LEN} visible ASCII characters"),
        )
    })?;
    let mut stored_key = member_id.to_be_bytes().to_vec();
    stored_key.extend_from_slice(&Sha256::digest(key.as_bytes()));
    let mut hasher = Sha256::new();
    hasher.update(req.match_pattern().unwrap_or_default().as_bytes());
    hasher.update(b"\n");
    hasher.update(serde_json::to_vec(body).map_err(|e| ApiError::Internal(e.to_string()))?);
    Ok(Some(IdempotencyWrite { key: stored_key, request_hash: hasher.finalize().into() }))
}

/// The first answer, sent again: rendered from the stored outcome by `answer`, the same
/// function that rendered the first.
pub fn replay<T: Serialize>(record: &IdempotencyRecord, answer: impl Fn(&Signed) -> T) -> HttpResponse {
    let mut response = match &record.outcome {
        IdempotentOutcome::Signed(signed) => super::envelope::created(answer(signed)),
        IdempotentOutcome::Rendered { status, body } => {
            HttpResponse::build(StatusCode::from_u16(*status).unwrap_or(StatusCode::OK))
                .content_type("application/json")
                .body(body.clone())
        }
    };
    response.headers_mut().insert(
        actix_web::http::header::HeaderName::from_static("idempotent-replayed"),
        actix_web::http::header::HeaderValue::from_static("true"),
    );
    response
}
