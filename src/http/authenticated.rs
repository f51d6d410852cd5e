//! `AuthenticatedMember`: the extractor every authenticated endpoint takes. It accepts an API
//! key in `X-API-Key` or a JWT in `Authorization: Bearer`; when both are sent, both must be
//! valid and name the same member. Anything else is a 401 that does not say what was wrong.
//! Writes (every method but GET and HEAD) then take one from the member's write allowance.

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest};
use futures_util::future::LocalBoxFuture;

use super::error::{ApiError, REFUSED};
use super::state::AppState;
use crate::domain::{ApiKey, Member};

/// The member a request is authenticated as.
pub struct AuthenticatedMember(pub Member);

impl FromRequest for AuthenticatedMember {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { authenticate(&req).await.map(AuthenticatedMember) })
    }
}

/// The member a signup is authenticated as, and the digest of the API key it came with when
/// it came with one alone: that key's member may be the one this server kept from an earlier
/// request (see `crate::store::signup_key_holder`), and the signup's decision checks the key again.
pub struct SignupCaller {
    pub member: Member,
    pub key: Option<[u8; 32]>,
}

impl FromRequest for SignupCaller {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { authenticate_signup(&req).await })
    }
}

async fn authenticate_signup(req: &HttpRequest) -> Result<SignupCaller, ApiError> {
    let state =
        req.app_data::<web::Data<AppState>>().ok_or_else(|| ApiError::Internal("application state missing".into()))?;
    let key = match (req.headers().get("x-api-key"), req.headers().get(header::AUTHORIZATION)) {
        (Some(value), None) => parse_key(value.to_str().map_err(|_| REFUSED)?)?,
        // A token, or both: read as every other endpoint reads them.
        _ => return Ok(SignupCaller { member: authenticate(req).await?, key: None }),
    };
    let digest = key.digest();
    let member = crate::store::signup_key_holder(&state.store, &digest).await?.ok_or(REFUSED)?;
    Ok(SignupCaller { member: admit(state, req, member)?, key: Some(digest) })
}

async fn authenticate(req: &HttpRequest) -> Result<Member, ApiError> {
    let state =
        req.app_data::<web::Data<AppState>>().ok_or_else(|| ApiError::Internal("application state missing".into()))?;
    let api_key = match req.headers().get("x-api-key") {
        Some(value) => Some(value.to_str().map_err(|_| REFUSED)?),
        None => None,
    };
    let bearer = match req.headers().get(header::AUTHORIZATION) {
        Some(value) => Some(bearer_token(value.to_str().map_err(|_| REFUSED)?).ok_or(REFUSED)?),
        None => None,
    };
    let member = match (api_key, bearer) {
        (None, None) => return Err(REFUSED),
        (Some(key), None) => member_by_key(state, key).await?,
        (None, Some(token)) => member_by_token(state, token).await?,
        (Some(key), Some(token)) => {
            let by_key = member_by_key(state, key).await?;
            let by_token = member_by_token(state, token).await?;
            if by_key.id != by_token.id {
                return Err(REFUSED);
            }
            by_key
        }
    };
    admit(state, req, member)
}

/// The member the credentials named, let in: a disabled member is refused, and a write
/// counts against the member's allowance.
fn admit(state: &AppState, req: &HttpRequest, member: Member) -> Result<Member, ApiError> {
    if member.disabled {
        return Err(REFUSED);
    }
    if !matches!(*req.method(), actix_web::http::Method::GET | actix_web::http::Method::HEAD) {
        state.limiters.member_writes.check(&member.id)?;
    }
    Ok(member)
}

/// An `X-API-Key` value, surrounding spaces ignored.
fn parse_key(raw: &str) -> Result<ApiKey, ApiError> {
    ApiKey::parse(raw.trim()).ok_or(REFUSED)
}

/// `Bearer <token>`, the scheme compared case-insensitively (RFC 7235).
fn bearer_token(value: &str) -> Option<&str> {
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && !token.is_empty()).then_some(token)
}

async fn member_by_key(state: &AppState, raw: &str) -> Result<Member, ApiError> {
    state.store.member_by_key_digest(&parse_key(raw)?.digest()).await?.ok_or(REFUSED)
}

async fn member_by_token(state: &AppState, token: &str) -> Result<Member, ApiError> {
    let holder = state.auth.tokens.verify(token).map_err(|e| {
        tracing::debug!(reason = %e, "bearer token refused");
        REFUSED
    })?;
    // A token of an earlier generation was ended by a password change or a disable.
    state.store.member(holder.member_id).await?.filter(|m| m.token_generation == holder.generation).ok_or(REFUSED)
}

#[cfg(test)]
mod tests {
    use super::bearer_token;

    #[test]
    fn bearer_scheme_is_case_insensitive_and_needs_a_token() {
        assert_eq!(bearer_token("Bearer abc"), Some("abc"));
        assert_eq!(bearer_token("bearer   abc "), Some("abc"));
        assert_eq!(bearer_token("Basic abc"), None);
        assert_eq!(bearer_token("Bearer"), None);
        assert_eq!(bearer_token("Bearer  "), None);
    }
}
