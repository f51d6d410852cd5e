//! `AuthenticatedMember`: the extractor every authenticated endpoint takes. It accepts an API
//! key in `X-API-Key` or a JWT in `Authorization: Bearer`; when both are sent, both must be
//! valid and name the same member. Anything else is a 401 that does not say what was wrong.
//! A scoped key is then held to its scopes (403 `insufficient_scope`, see `openapi/scopes.rs`), and
//! writes (every method but GET and HEAD) take one from the member's write allowance.

use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpMessage, HttpRequest};
use futures_util::future::LocalBoxFuture;

use super::error::{ApiError, REFUSED};
use super::state::AppState;
use crate::domain::key_scope::{Access, Need};
use crate::domain::{ApiKey, Member};
use crate::http::Code;

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
    let access = member.access_of(&digest).ok_or(REFUSED)?;
    Ok(SignupCaller { member: admit(state, req, member, access)?, key: Some(digest) })
}

async fn authenticate(req: &HttpRequest) -> Result<Member, ApiError> {
    let state =
        req.app_data::<web::Data<AppState>>().ok_or_else(|| ApiError::Internal("application state missing".into()))?;
    let (member, access) = credentials(state, req).await?;
    admit(state, req, member, access)
}

/// The member the request's credentials name (not disabled), and what they may do, without
/// holding them to an operation: `/mcp` takes any valid credential, and each call it makes is
/// then held to its own operation. An API key may come as the bearer here, as MCP clients
/// send their secret.
pub async fn identify(state: &AppState, req: &HttpRequest) -> Result<(Member, Access), ApiError> {
    let bearer = req.headers().get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(bearer_token);
    let (member, access) = match (bearer.and_then(ApiKey::parse), req.headers().get("x-api-key")) {
        (Some(key), None) => member_by_key(state, key.expose()).await?,
        _ => credentials(state, req).await?,
    };
    if member.disabled {
        return Err(REFUSED);
    }
    Ok((member, access))
}

async fn credentials(state: &AppState, req: &HttpRequest) -> Result<(Member, Access), ApiError> {
    let api_key = match req.headers().get("x-api-key") {
        Some(value) => Some(value.to_str().map_err(|_| REFUSED)?),
        None => None,
    };
    let bearer = match req.headers().get(header::AUTHORIZATION) {
        Some(value) => Some(bearer_token(value.to_str().map_err(|_| REFUSED)?).ok_or(REFUSED)?),
        None => None,
    };
    let (member, access) = match (api_key, bearer) {
        (None, None) => return Err(REFUSED),
        (Some(key), None) => member_by_key(state, key).await?,
        (None, Some(token)) => (member_by_token(state, token).await?, Access::Full),
        (Some(key), Some(token)) => {
            // Both name the member: the token's full access is the caller's.
            let (by_key, _) = member_by_key(state, key).await?;
            let by_token = member_by_token(state, token).await?;
            if by_key.id != by_token.id {
                return Err(REFUSED);
            }
            (by_key, Access::Full)
        }
    };
    Ok((member, access))
}

/// The member the credentials named, let in: a disabled member is refused, a scoped key only
/// does what its scopes cover, and a write counts against the member's allowance.
fn admit(state: &AppState, req: &HttpRequest, member: Member, access: Access) -> Result<Member, ApiError> {
    if member.disabled {
        return Err(REFUSED);
    }
    // Marked by `openapi::mark_need` around every route; unmarked, only full access passes.
    let need = req.extensions().get::<Need>().copied().unwrap_or(Need::Account);
    if !access.allows(need) {
        return Err(insufficient(&access, need));
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

/// The member whose key this is, and what the key may do.
async fn member_by_key(state: &AppState, raw: &str) -> Result<(Member, Access), ApiError> {
    let digest = parse_key(raw)?.digest();
    let member = state.store.member_by_key_digest(&digest).await?.ok_or(REFUSED)?;
    // The index and the row are written in one transaction; a key the row does not hold is
    // refused all the same.
    let access = member.access_of(&digest).ok_or(REFUSED)?;
    Ok((member, access))
}

/// 403 `insufficient_scope`, saying what was needed and what the key may do.
fn insufficient(access: &Access, need: Need) -> ApiError {
    let has = match access {
        Access::Full => String::new(),
        Access::Scoped(scopes) => crate::domain::key_scope::listed(scopes),
    };
    let wanted = match need {
        Need::Read => "the scope read".to_owned(),
        Need::Write(resource) => format!("the scope write or write:{}", resource.as_str()),
        Need::Account => {
            "the member's main API key or a signed-in token (no scoped key manages the account)".to_owned()
        }
    };
    ApiError::refused(
        Code::InsufficientScope,
        format!("this API key's scopes ({has}) do not cover this: it needs {wanted}"),
    )
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
