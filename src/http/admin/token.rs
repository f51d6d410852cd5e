//! `AdminToken`: the extractor of every admin endpoint. The bearer token is compared with the
//! configured one through their SHA-256 digests in constant time, so neither its content nor
//! its length leaks through timing. Wrong tokens are logged and limited per client address
//! (`Limiters::admin_guesses`): the 21st in a minute is answered 429, and so is every request
//! from that address, right or wrong, until the limit lets it guess again.

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
        let address = crate::http::client::subscriber(crate::http::client::address(req));
        if let Err(limited) = state.limiters.admin_guesses.admit(address) {
            return ready(Err(limited));
        }
        let ok = match (given, state.admin_token_digest.as_ref()) {
            (Some(token), Some(expected)) => bool::from(Sha256::digest(token.as_bytes()).as_slice().ct_eq(expected)),
            _ => false,
        };
        if ok {
            return ready(Ok(AdminToken));
        }
        // Never the token given: only that one was wrong, and from where.
        tracing::warn!(client = %address, path = %req.path(), "admin request refused: missing or wrong admin token");
        ready(Err(state.limiters.admin_guesses.wrong_guess(address).err().unwrap_or(refused)))
    }
}
