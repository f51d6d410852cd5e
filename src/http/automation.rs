//! The automation platform's endpoints: `POST /automation/auth` (connection test),
//! `GET /automation/contacts` and `GET /automation/rewards` (the polling triggers: new
//! participants, newly issued rewards) and the REST-hook pair
//! `POST /automation/subscribe` / `DELETE /automation/subscribe/:id`, which create and remove
//! ordinary webhooks.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::answers::{AutomationMe, ContactList, IssuedRewards};
use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::query::{id_filter, ListQuery};
use super::state::AppState;
use super::{envelope, participants, webhooks};
use crate::domain::pagination::{Page, PageRequest, MAX_LIMIT};
use crate::views;

/// Body of `POST /automation/subscribe`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with target_url and campaign_id (or null)")]
#[schema(as = SubscribeBody)]
pub struct Subscription {
    target_url: String,
    #[serde(default)]
    #[schema(value_type = Option<u64>, minimum = 1)]
    campaign_id: Option<Value>,
}

/// `POST /automation/auth`: the credential is valid; the member's id, email and name (the
/// platform shows the name as the connection's label).
pub async fn auth(AuthenticatedMember(member): AuthenticatedMember) -> HttpResponse {
    envelope::ok(AutomationMe { id: member.id, email: member.email, label: member.name.clone(), name: member.name })
}

/// `GET /automation/contacts?campaign_id=`: the newest participants (at most 100), each with a
/// stable unique `id`, so the platform can tell new ones from those it has seen.
pub async fn contacts(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let requested = query.page()?;
    let page = PageRequest { page: requested.page, limit: requested.limit.min(MAX_LIMIT) };
    let (participants, total) = participants::page_of(&state, &member, query.campaign_id.as_deref(), page).await?;
    let site = &state.public_url;
    Ok(envelope::ok(ContactList {
        contacts: participants.iter().map(|p| views::participant(p, site)).collect(),
        pagination: Page::new(page, total),
    }))
}

/// `GET /automation/rewards?campaign_id=&limit=`: the most recently issued rewards (at most
/// 100; 20 unless `limit` says), newest issue first, each with a stable unique `id`. A reward
/// held and issued later comes first when it is issued, so the platform sees it then. Every
/// reward ever issued is listed, in the state it is in now.
pub async fn rewards(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let requested = query.page()?;
    let campaign_id = id_filter("campaign_id", query.campaign_id.as_deref())?;
    let limit = requested.limit.min(MAX_LIMIT) as usize;
    let issued = state.store.issued_rewards(member.id, campaign_id, limit).await?;
    Ok(envelope::ok(IssuedRewards { rewards: issued.iter().map(views::reward).collect() }))
}

/// `POST /automation/subscribe`: a webhook for the platform's REST hook; 201 with its id.
pub async fn subscribe(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    JsonBody(body): JsonBody<Subscription>,
) -> Result<HttpResponse, ApiError> {
    let (webhook, secret) = webhooks::create_webhook(
        &state,
        &member,
        &body.target_url,
        "target_url",
        body.campaign_id.as_ref(),
        Some("automation platform subscription"),
        crate::domain::event::EventTypes::ALL,
    )
    .await?;
    Ok(envelope::created(webhooks::view(&webhook, Some(&secret))))
}

/// `DELETE /automation/subscribe/:id`: removes the subscription's webhook.
pub async fn unsubscribe(
    state: web::Data<AppState>,
    member: AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    webhooks::delete(state, member, id).await
}
