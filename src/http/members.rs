//! Member endpoints: `POST /members` (register), `GET /members/profile`,
//! `POST /auth/token` (log in for a JWT).

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::answers::{MemberSummary, PlanSummary, Profile, Registered, TokenAnswer};
use super::authenticated::AuthenticatedMember;
use super::envelope;
use super::error::ApiError;
use super::json::JsonBody;
use super::state::AppState;
use crate::auth::password;
use crate::domain::{EmailAddress, Member};

/// Body of `POST /members`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with email, name and password")]
#[schema(as = RegisterBody, example = json!({"email": "ada@example.com", "name": "Ada", "password": "analytical-engine"}))]
pub struct Registration {
    /// At most 254 characters.
    email: String,
    /// 1 to 200 characters.
    name: String,
    /// 8 characters to 1,024 bytes.
    password: String,
    /// The secret of an invitation (the `invitation` of its link): needed once the server has
    /// its first account, unless its `members.registration` is `open`.
    #[serde(default)]
    invitation: Option<String>,
}

/// `POST /members`: 201 with the new member; 409 when the email (any case) is registered;
/// 403 `registration_closed` when this server's registration is not open (and this is not
/// its first account), `invitation_invalid` for an invitation that does not admit it.
pub async fn register(
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<Registration>,
) -> Result<HttpResponse, ApiError> {
    let invitation = body.invitation.as_deref();
    let member = super::registration::register(&state, &body.email, &body.name, &body.password, invitation).await?;
    Ok(envelope::created(Registered {
        id: member.id,
        email: member.email,
        name: member.name,
        plan_id: member.plan_id,
        date_signedup: member.date_signedup,
    }))
}

/// `GET /members/profile`.
pub async fn profile(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
) -> Result<HttpResponse, ApiError> {
    let plan = state.store.plan(member.plan_id).await?.map(|p| PlanSummary { id: p.id, name: p.name, paid: p.paid });
    Ok(envelope::ok(Profile {
        id: member.id,
        has_api_key: member.api_key.is_some(),
        email: member.email,
        name: member.name,
        plan_id: member.plan_id,
        plan,
        date_signedup: member.date_signedup,
    }))
}

/// Body of `POST /auth/token`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with email and password")]
#[schema(as = LoginBody, example = json!({"email": "ada@example.com", "password": "analytical-engine"}))]
pub struct Login {
    email: String,
    password: String,
}

const BAD_LOGIN: ApiError = ApiError::Unauthorized("email or password is incorrect");

/// The member whose email and password these are. Every refusal is the same 401, whether
/// the email is unknown, the password wrong or the account disabled, and takes the same time.
/// Attempts per client address and email, and per address, are limited (429 with
/// `Retry-After`). Shared by `POST /auth/token` and the dashboard's sign-in, so both count
/// against the same limits.
pub async fn check_password(
    state: &AppState,
    req: &actix_web::HttpRequest,
    email: &str,
    password: String,
) -> Result<Member, ApiError> {
    // Counted before the password is checked, so refused attempts count too. Per address and
    // email first: one account's guesser is stopped there, and others at that address sign in
    // as usual. Then per address, across emails, against trying many accounts.
    let address = crate::http::client::address(req);
    let email_key: String = email.trim().to_lowercase().chars().take(320).collect();
    state.limiters.login.check(&(address, email_key))?;
    state.limiters.login_address.check(&address)?;
    let member = match EmailAddress::parse(email) {
        Ok(email) => state.store.member_by_email(&email).await?,
        Err(_) => None,
    };
    let candidate: Option<Member> = member.filter(|m| !m.disabled);
    let verified = web::block(move || match candidate {
        Some(member) if password::verify(&password, &member.password_hash) => Some(member),
        Some(_) => None,
        None => {
            password::verify_against_dummy(&password);
            None
        }
    })
    .await?;
    verified.ok_or(BAD_LOGIN)
}

/// `POST /auth/token`: a JWT valid for 30 days. Every refusal is the same 401, whether the
/// email is unknown, the password wrong or the account disabled, and takes the same time.
/// Attempts per client address and email are limited (429 with `Retry-After`).
pub async fn issue_token(
    state: web::Data<AppState>,
    req: actix_web::HttpRequest,
    JsonBody(body): JsonBody<Login>,
) -> Result<HttpResponse, ApiError> {
    let member = check_password(&state, &req, &body.email, body.password).await?;
    Ok(envelope::ok(token_answer(&state, member)?))
}

/// A token of `member`'s current generation, as a sign-in and a password change answer it.
pub fn token_answer(state: &AppState, member: Member) -> Result<TokenAnswer, ApiError> {
    let issued =
        state.auth.tokens.issue(member.id, member.token_generation).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(TokenAnswer {
        token: issued.token,
        token_type: "Bearer",
        expires_at: issued.expires_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        member: MemberSummary { id: member.id, email: member.email, name: member.name },
    })
}
