//! `AdminToken`: the extractor of every admin endpoint. The bearer token is compared with the
//! configured one through their SHA-256 digests in constant time, so neither its content nor
//! its length leaks through timing.

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use sha2::{Digest, Sha256};
use std::future::{ready, Ready};
use subtle::ConstantTimeEq;

use crate::http::{ApiError, AppState};

/// Proof that the request carries the admin token.
pub struct AdminToken;

impl FromRequest for AdminToken {
    type Error = ApiError;
    type Future = Ready<Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let refused =
            ApiError::Unauthorized("missing or invalid admin token: send Authorization: Bearer <admin token>");
        let Some(state) = req.app_data::<web::Data<AppState>>() else {
            return ready(Err(ApiError::Internal("application state missing".into())));
        };
        let given = req.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| {
            let (scheme, token) = v.trim().split_once(' ')?;
            scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
        });
        let ok = match (given, state.admin_token_digest.as_ref()) {
            (Some(token), Some(expected)) => bool::from(Sha256::digest(token.as_bytes()).as_slice().ct_eq(expected)),
            _ => false,
        };
        ready(if ok { Ok(AdminToken) } else { Err(refused) })
    }
}
