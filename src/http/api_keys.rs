//! `POST /members/api-key` (generate, revoking the previous key) and `GET /members/api-key`
//! (the current key, opened from its sealed copy).

use actix_web::{web, HttpResponse};

use super::answers::ApiKeyAnswer;
use super::authenticated::AuthenticatedMember;
use super::envelope;
use super::error::ApiError;
use super::state::AppState;
use crate::domain::member::StoredApiKey;
use crate::domain::{now_rfc3339, ApiKey};

/// `POST /members/api-key`: 201 with a new key; the previous key stops working at once.
pub async fn generate(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
) -> Result<HttpResponse, ApiError> {
    let (api_key, date_generated) = issue_key(&state, member.id).await?;
    Ok(envelope::created(ApiKeyAnswer { api_key, date_generated }))
}

/// Generates, seals and stores a new key for a member, revoking the previous one, and waits
/// until it is durable. Returns the key and its date. Shared with the admin API.
pub async fn issue_key(state: &AppState, member_id: u64) -> Result<(String, String), ApiError> {
    let key = ApiKey::generate();
    let sealed = state.auth.sealer.seal(member_id, key.expose()).map_err(|e| ApiError::Internal(e.to_string()))?;
    let stored = StoredApiKey { digest: key.digest(), sealed, date_generated: now_rfc3339() };
    let date_generated = stored.date_generated.clone();
    state.store.replace_api_key(member_id, stored).await?.ok_or_else(|| ApiError::not_found("member"))?;
    // (The old key's next signup through this server is refused before it reads its body, as
    // every other request is: the store forgot what it was told; other servers refuse it in
    // the signup's decision.)
    tracing::info!(member_id, "API key generated");
    Ok((key.expose().to_owned(), date_generated))
}

/// The member's current key as its owner may be reminded of it without it being shown: its
/// first 12 characters and when it was made; `None` before the first key.
pub fn key_prefix(state: &AppState, member: &crate::domain::Member) -> Option<(String, String)> {
    member.api_key.as_ref().map(|k| {
        let prefix = state
            .auth
            .sealer
            .open(member.id, &k.sealed)
            .map(|text| format!("{}…", text.get(..12).unwrap_or("ref_")))
            .unwrap_or_else(|_| "ref_…".into());
        (prefix, k.date_generated.clone())
    })
}

/// `GET /members/api-key`: the current key; 404 when none was generated yet.
pub async fn current(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
) -> Result<HttpResponse, ApiError> {
    let stored = member.api_key.ok_or_else(|| {
        ApiError::NotFound("no API key has been generated yet; POST /members/api-key creates one".into())
    })?;
    // Only a server secret other than the one the key was sealed with makes this fail (start-up
    // refuses a database of another secret, so: a database from before the check existed).
    let api_key = state.auth.sealer.open(member.id, &stored.sealed).map_err(|_| {
        ApiError::Unauthorized(
            "the stored copy of this API key cannot be read with this server's secret; generate a new key",
        )
    })?;
    Ok(envelope::ok(ApiKeyAnswer { api_key, date_generated: stored.date_generated }))
}
