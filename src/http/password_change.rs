//! Changing a member's password: `POST /members/password` and the dashboard account page's
//! form. The current password is checked (counted against the sign-in limits, as a guess),
//! the new one must be strong enough, and the change ends everything the old password let
//! in: every JWT issued before (the member's token generation moves on) and every dashboard
//! session. The API answers with a token of the new generation; the dashboard signs the
//! browser that changed it in again.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::authenticated::AuthenticatedMember;
use super::envelope;
use super::error::ApiError;
use super::json::JsonBody;
use super::state::AppState;
use crate::auth::password;
use crate::domain::{Member, NewPassword};

/// Body of `POST /members/password`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with current_password and new_password")]
#[schema(as = PasswordChange, example = json!({"current_password": "analytical-engine", "new_password": "difference engine no 2"}))]
pub struct PasswordChange {
    /// The password the member signs in with now.
    current_password: String,
    /// 8 characters to 1,024 bytes, not easy to guess (as at registration).
    new_password: String,
}

/// `POST /members/password`: 200 with a token of the new password (every token and dashboard
/// session from before ends); 400 for a weak new password; 403 `wrong_password` when the
/// current one is not the member's.
pub async fn change_password(
    state: web::Data<AppState>,
    req: HttpRequest,
    AuthenticatedMember(member): AuthenticatedMember,
    JsonBody(body): JsonBody<PasswordChange>,
) -> Result<HttpResponse, ApiError> {
    let member = change(&state, &req, &member, body.current_password, &body.new_password).await?;
    Ok(envelope::ok(super::members::token_answer(&state, member)?))
}

/// Changes `member`'s password from `current` to `new`, ending their tokens and sessions;
/// the member after it. Shared by the API and the dashboard.
pub async fn change(
    state: &AppState,
    req: &HttpRequest,
    member: &Member,
    current: String,
    new: &str,
) -> Result<Member, ApiError> {
    // The rule's words name the field this body calls it by.
    let new = NewPassword::parse(new, &[&member.email, &member.name]).map_err(|refused| {
        crate::domain::ValidationError::new("new_password", refused.message.replacen("password", "new_password", 1))
    })?;
    // A guess at the current password counts as a sign-in attempt: someone holding a stolen
    // token guesses no faster here than at the sign-in.
    let address = crate::http::client::address(req);
    state.limiters.login.check(&(address, member.email.to_lowercase()))?;
    let stored = member.password_hash.clone();
    let hashed = web::block(move || {
        if !password::verify(&current, &stored) {
            return Ok(None);
        }
        password::hash(new.expose()).map(Some)
    })
    .await?
    .map_err(|e| ApiError::Internal(format!("password hashing failed: {e}")))?;
    let Some(hash) = hashed else {
        return Err(ApiError::refused(
            crate::http::Code::WrongPassword,
            "current_password is not this account's password",
        ));
    };
    let changed = set_password(state, member.id, hash, None, "password changed").await?;
    changed.ok_or_else(|| ApiError::not_found("member"))
}

/// Stores `hash` as the member's password and ends everything the old one let in: every
/// earlier JWT (the token generation moves on) and every dashboard session; logs `why`.
/// With `only_in`, only while the member is enabled and still in that token generation
/// (a reset link's condition: nothing ended their credentials since). The member after it;
/// none when there is no such member or the condition failed.
pub async fn set_password(
    state: &AppState,
    member_id: u64,
    hash: String,
    only_in: Option<u32>,
    why: &'static str,
) -> Result<Option<Member>, ApiError> {
    let before = |m: &Member| only_in.is_none_or(|generation| m.token_generation == generation && !m.disabled);
    let changed = state
        .store
        .update_member(member_id, &|m| {
            if before(m) {
                m.password_hash = hash.clone();
                m.end_tokens();
            }
        })
        .await?
        .filter(|m| only_in.is_none_or(|generation| m.token_generation != generation));
    if changed.is_some() {
        let sessions = state.store.end_sessions_of_member(member_id).await?;
        tracing::info!(member_id, sessions_ended = sessions, "{why}: earlier tokens and sessions ended");
    }
    Ok(changed)
}
