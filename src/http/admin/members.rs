//! Admin member endpoints: list with search, create, show, set plan, disable/enable, keys.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::AdminToken;
use crate::domain::pagination::Page;
use crate::domain::Member;
use crate::http::answers::{AdminKey, AdminKeyInfo, AdminMember, AdminMemberList};
use crate::http::query::body_id;
use crate::http::Code;
use crate::http::{api_keys, envelope, json::JsonBody, registration::create_member, ApiError, AppState};

/// `?search=&page=&limit=`.
#[derive(Deserialize)]
pub struct MemberQuery {
    search: Option<String>,
    page: Option<String>,
    limit: Option<String>,
}

/// A member as the operator sees it (never the password hash or the key itself).
fn view(state: &AppState, m: &Member) -> AdminMember {
    // The prefix identifies the key to its owner without revealing it.
    let api_key = crate::http::api_keys::key_prefix(state, m)
        .map(|(prefix, date_generated)| AdminKeyInfo { prefix, date_generated });
    AdminMember {
        id: m.id,
        email: m.email.clone(),
        name: m.name.clone(),
        plan_id: m.plan_id,
        disabled: m.disabled,
        date_signedup: m.date_signedup.clone(),
        api_key,
    }
}

async fn member_or_404(state: &AppState, id: u64) -> Result<Member, ApiError> {
    state.store.member(id).await?.ok_or_else(|| ApiError::not_found("member"))
}

/// `GET /admin/v1/members`.
pub async fn list(
    _: AdminToken,
    state: web::Data<AppState>,
    query: web::Query<MemberQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = crate::domain::PageRequest::parse(query.page.as_deref(), query.limit.as_deref())?;
    let (members, total) = state.store.search_members(query.search.as_deref(), page).await?;
    Ok(envelope::ok(AdminMemberList {
        members: members.iter().map(|m| view(&state, m)).collect(),
        pagination: Page::new(page, total),
    }))
}

/// Body of `POST /admin/v1/members`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with email, name, password and optional plan_id")]
#[schema(as = AdminMemberCreate)]
pub struct NewMember {
    email: String,
    name: String,
    password: String,
    #[schema(value_type = Option<u64>, minimum = 1)]
    plan_id: Option<Value>,
}

/// `POST /admin/v1/members`: 201, whatever `members.registration` says; the plan must exist
/// (default: `members.default_plan`).
pub async fn create(
    _: AdminToken,
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<NewMember>,
) -> Result<HttpResponse, ApiError> {
    let plan_id = match &body.plan_id {
        Some(v) => existing_plan(&state, v).await?,
        None => state.default_plan,
    };
    // The operator makes the account: its address is taken as the member's.
    let member = create_member(&state, &body.email, &body.name, &body.password, plan_id, true).await?;
    Ok(envelope::created(view(&state, &member)))
}

/// `POST /admin/v1/invitations` (`refctl members invite EMAIL`): 201 with the link, whatever
/// `members.registration` says.
pub async fn invite(
    _: AdminToken,
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<crate::http::registration::InvitationRequest>,
) -> Result<HttpResponse, ApiError> {
    let invited = crate::http::registration::invite(&state, &body.email, None).await?;
    Ok(crate::http::registration::answer(&body.email, invited))
}

async fn existing_plan(state: &AppState, value: &Value) -> Result<u64, ApiError> {
    let plan_id = body_id("plan_id", Some(value))?;
    state
        .store
        .plan(plan_id)
        .await?
        .map(|p| p.id)
        .ok_or_else(|| ApiError::refused(Code::ValidationFailed, format!("plan_id {plan_id} is not a plan")))
}

/// `GET /admin/v1/members/:id`.
pub async fn show(_: AdminToken, state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    Ok(envelope::ok(view(&state, &member_or_404(&state, *id).await?)))
}

/// Body of `PUT /admin/v1/members/:id/plan`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with plan_id")]
#[schema(as = SetPlanBody)]
pub struct PlanChange {
    #[schema(value_type = u64, minimum = 1)]
    plan_id: Value,
}

/// `PUT /admin/v1/members/:id/plan`.
pub async fn set_plan(
    _: AdminToken,
    state: web::Data<AppState>,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<PlanChange>,
) -> Result<HttpResponse, ApiError> {
    let plan_id = existing_plan(&state, &body.plan_id).await?;
    let member =
        state.store.update_member(*id, &|m| m.plan_id = plan_id).await?.ok_or_else(|| ApiError::not_found("member"))?;
    Ok(envelope::ok(view(&state, &member)))
}

async fn set_disabled(state: &AppState, id: u64, disabled: bool) -> Result<HttpResponse, ApiError> {
    let member = state
        .store
        .update_member(id, &|m| {
            m.disabled = disabled;
            // Its tokens end with a disable, so an enable later does not bring them back.
            if disabled {
                m.end_tokens();
            }
        })
        .await?
        .ok_or_else(|| ApiError::not_found("member"))?;
    if disabled {
        // Signed out of the dashboard everywhere, so enabling the account later does not
        // bring those sessions back.
        state.store.end_sessions_of_member(id).await?;
    }
    tracing::info!(member_id = id, disabled, "member access changed");
    Ok(envelope::ok(view(state, &member)))
}

/// `POST /admin/v1/members/:id/disable`: the member's key and tokens stop working, and their
/// dashboard sessions end.
pub async fn disable(_: AdminToken, state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    set_disabled(&state, *id, true).await
}

/// `POST /admin/v1/members/:id/enable`.
pub async fn enable(_: AdminToken, state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    set_disabled(&state, *id, false).await
}

/// `GET /admin/v1/members/:id/api-key`: the key's prefix and date (never the key).
pub async fn key(_: AdminToken, state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    let member = member_or_404(&state, *id).await?;
    let key =
        view(&state, &member).api_key.ok_or_else(|| ApiError::NotFound("this member has no API key yet".into()))?;
    Ok(envelope::ok(key))
}

/// `POST /admin/v1/members/:id/api-key`: a new key for the member (the old one is revoked);
/// the only time the operator sees it.
pub async fn generate_key(
    _: AdminToken,
    state: web::Data<AppState>,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    member_or_404(&state, *id).await?;
    let (api_key, date_generated) = api_keys::issue_key(&state, *id).await?;
    Ok(envelope::created(AdminKey { member_id: *id, api_key, date_generated }))
}
