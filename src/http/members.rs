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
use crate::domain::plan::FREE_PLAN_ID;
use crate::domain::{EmailAddress, Member, MemberName, NewPassword};
use crate::http::Code;
use crate::store::EmailTaken;

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
}

/// `POST /members`: 201 with the new member; 409 when the email (any case) is registered.
pub async fn register(
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<Registration>,
) -> Result<HttpResponse, ApiError> {
    let member = create_member(&state, &body.email, &body.name, &body.password, FREE_PLAN_ID).await?;
    Ok(envelope::created(Registered {
        id: member.id,
        email: member.email,
        name: member.name,
        plan_id: member.plan_id,
        date_signedup: member.date_signedup,
    }))
}

/// Validates, hashes the password off the async workers, stores the member durably. Shared
/// by registration and the admin API.
pub async fn create_member(
    state: &AppState,
    email: &str,
    name: &str,
    password: &str,
    plan_id: u64,
) -> Result<Member, ApiError> {
    let email = EmailAddress::parse(email)?;
    let name = MemberName::parse(name)?;
    let password = NewPassword::parse(password)?;
    // A taken email is found by the store's creation, not by a look before it: its refusal
    // is answered once the member it reports is durable, as a creation is (a look could see
    // a registration still on its way to the disk). The hashing it costs is a registration's.
    let hash = web::block(move || password::hash(password.expose()))
        .await?
        .map_err(|e| ApiError::Internal(format!("password hashing failed: {e}")))?;
    let created = state.store.create_member(&email, name.as_str(), hash, plan_id).await?;
    let member = created.map_err(|EmailTaken| email_taken())?;
    tracing::info!(member_id = member.id, "member registered");
    Ok(member)
}

fn email_taken() -> ApiError {
    ApiError::Refused { code: Code::EmailTaken, message: "a member with this email is already registered".into() }
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
    let issued = state.auth.tokens.issue(member.id).map_err(|e| ApiError::Internal(e.to_string()))?;
    Ok(envelope::ok(TokenAnswer {
        token: issued.token,
        token_type: "Bearer",
        expires_at: issued.expires_at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
        member: MemberSummary { id: member.id, email: member.email, name: member.name },
    }))
}
