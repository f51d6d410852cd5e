//! `POST`/`GET /members/api-keys` and `DELETE /members/api-keys/{id}`: a member's scoped keys,
//! each limited to what one integration or assistant needs (`domain::key_scope`). Only full
//! access (the main key, a signed-in token) manages them: a scoped key never makes another.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::authenticated::AuthenticatedMember;
use super::envelope;
use super::error::ApiError;
use super::json::JsonBody;
use super::state::AppState;
use crate::domain::key_scope::{KeyRequest, ScopedApiKey, MOST_KEYS};
use crate::domain::{now_rfc3339, ApiKey, ValidationError};
use crate::http::Code;

/// Body of `POST /members/api-keys`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with name and scopes")]
#[schema(as = NewScopedKey, example = json!({"name": "Assistant", "scopes": ["read"]}))]
pub struct NewScopedKey {
    /// What the key is for, 1 to 100 characters.
    name: String,
    /// `read` (every read of the programme), `write` (every write), or `write:<resource>`
    /// (writes of one resource: brands, campaigns, participants, signups, conversions,
    /// rewards, payouts, commissions, webhooks, stripe, sources, landers, portal, automation).
    scopes: Vec<String>,
}

/// One of the member's scoped API keys (never its text, except in the answer that made it).
#[derive(Serialize, ToSchema)]
pub struct ScopedKeyAnswer {
    /// The key's number among the member's keys.
    pub id: u64,
    pub name: String,
    /// `read`, `write`, `write:<resource>`.
    #[schema(example = json!(["read"]))]
    pub scopes: Vec<String>,
    /// The key's first 12 characters, to tell keys apart.
    pub prefix: String,
    pub date_generated: String,
    /// The key itself (`ref_` and 48 lowercase hex digits), in the answer that made it only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub api_key: Option<String>,
}

/// `GET /members/api-keys`: the member's scoped keys, oldest first.
#[derive(Serialize, ToSchema)]
pub struct ScopedKeyList {
    pub keys: Vec<ScopedKeyAnswer>,
}

/// `POST /members/api-keys`: 201 with the new key, shown this once; 400 `limit_reached` when
/// the member holds the most already.
pub async fn create(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    JsonBody(body): JsonBody<NewScopedKey>,
) -> Result<HttpResponse, ApiError> {
    let (made, key) = make(&state, member.id, &body.name, &body.scopes).await?;
    let mut answer = view(&made);
    answer.api_key = Some(key);
    Ok(envelope::created(answer))
}

/// Checks a request for a scoped key (400 naming `name` or `scopes`), makes the key and stores
/// it for `member_id`: the key as stored and its text, to show once. Shared with the dashboard.
pub async fn make(
    state: &AppState,
    member_id: u64,
    name: &str,
    scopes: &[String],
) -> Result<(ScopedApiKey, String), ApiError> {
    let request = KeyRequest::parse(name, scopes).map_err(|message| {
        let field = if message.starts_with("name") { "name" } else { "scopes" };
        ValidationError::new(field, message)
    })?;
    let key = ApiKey::generate();
    let stored = ScopedApiKey {
        id: 0,
        name: request.name,
        scopes: request.scopes,
        digest: key.digest(),
        prefix: key.expose()[..12].to_owned(),
        date_generated: now_rfc3339(),
    };
    let added = state.store.add_scoped_key(member_id, stored).await?.ok_or_else(|| ApiError::not_found("member"))?;
    let added = added.ok_or_else(|| {
        ApiError::refused(
            Code::LimitReached,
            format!(
                "a member holds at most {MOST_KEYS} scoped keys; revoke one first (DELETE /members/api-keys/{{id}})"
            ),
        )
    })?;
    tracing::info!(member_id, key_id = added.id, "scoped API key generated");
    Ok((added, key.expose().to_owned()))
}

/// `GET /members/api-keys`: the member's scoped keys, oldest first (never their text).
pub async fn list(AuthenticatedMember(member): AuthenticatedMember) -> HttpResponse {
    envelope::ok(ScopedKeyList { keys: member.scoped_keys.iter().map(view).collect() })
}

/// `DELETE /members/api-keys/{id}`: the key stops working at once; 404 for no such key.
pub async fn revoke(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    Ok(envelope::ok(view(&revoke_key(&state, member.id, *id).await?)))
}

/// Revokes one of the member's scoped keys; 404 for no such key. Shared with the dashboard.
pub async fn revoke_key(state: &AppState, member_id: u64, id: u64) -> Result<ScopedApiKey, ApiError> {
    let revoked = state.store.revoke_scoped_key(member_id, id).await?.ok_or_else(|| ApiError::not_found("API key"))?;
    tracing::info!(member_id, key_id = revoked.id, "scoped API key revoked");
    Ok(revoked)
}

/// A scoped key as the API shows it, without its text.
pub fn view(key: &ScopedApiKey) -> ScopedKeyAnswer {
    ScopedKeyAnswer {
        id: key.id,
        name: key.name.clone(),
        scopes: key.scopes.iter().map(|s| s.name()).collect(),
        prefix: format!("{}…", key.prefix),
        date_generated: key.date_generated.clone(),
        api_key: None,
    }
}
