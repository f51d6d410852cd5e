//! Webhook endpoints: `GET/POST /webhooks`, `PUT/DELETE /webhooks/:id`,
//! `POST /webhooks/:id/secret`, `GET /webhooks/:id/deliveries`, `POST /webhooks/:id/test`,
//! `POST /webhooks/:id/deliveries/:event_id/retry`. Delivery itself is the dispatcher's
//! (`crate::webhooks`).

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::answers::{self, AttemptList, Deleted, Delivery, RetryAnswer, WebhookList};
use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::query::ListQuery;
use super::state::AppState;
use super::{envelope, ownership};
use crate::domain::event::EventTypes;
use crate::domain::ids::IdKind;
use crate::domain::pagination::Page;
use crate::domain::webhook::{
    message_id, new_secret, parse_event_ref, Attempt, Webhook, WebhookLink, MAX_DESCRIPTION_LEN,
};
use crate::domain::{now_rfc3339, Member, ValidationError};
use crate::http::Code;
use crate::webhooks::{egress, RetryDelivery, SendTest};

/// Body of `POST /webhooks`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with link, campaign_id (or null), an optional description and events")]
#[schema(as = WebhookCreate, example = json!({"link": "https://hooks.example.com/referrals", "campaign_id": null, "description": "CRM"}))]
pub struct NewWebhook {
    /// An absolute http(s) URL, at most 2,048 characters.
    link: String,
    /// null or absent: every campaign of the member.
    #[serde(default)]
    #[schema(value_type = Option<u64>, minimum = 1)]
    campaign_id: Option<Value>,
    /// At most 500 characters.
    #[serde(default)]
    description: Option<String>,
    /// The kinds of event to get: `participant.signup`, `reward.held`, `reward.issued`,
    /// `reward.voided`, `reward.fulfilled`. Absent or null: every kind, future ones too.
    #[serde(default)]
    events: Option<Vec<String>>,
}

/// Body of `PUT /webhooks/:id`.
#[derive(Deserialize, Default, ToSchema)]
#[serde(expecting = "a JSON object with link, campaign_id, active, description or events")]
#[schema(as = WebhookUpdate)]
pub struct WebhookChanges {
    #[serde(default)]
    pub link: Option<String>,
    #[serde(default, deserialize_with = "crate::domain::present")]
    #[schema(value_type = Option<u64>, minimum = 1)]
    pub campaign_id: Option<Option<Value>>,
    #[serde(default)]
    pub active: Option<bool>,
    #[serde(default)]
    pub description: Option<String>,
    /// The kinds of event to get; null: every kind again.
    #[serde(default, deserialize_with = "crate::domain::present")]
    #[schema(value_type = Option<Vec<String>>)]
    pub events: Option<Option<Vec<String>>>,
}

/// The kinds of event a body names (`None`: every kind).
pub fn event_types(names: Option<&Vec<String>>) -> Result<EventTypes, ValidationError> {
    names.map_or(Ok(EventTypes::ALL), |names| EventTypes::parse("events", names))
}

/// The answer of a webhook; the secret only where it was just made.
pub fn view(webhook: &Webhook, secret: Option<&str>) -> answers::Webhook {
    answers::Webhook {
        id: webhook.id,
        link: webhook.link.clone(),
        campaign_id: webhook.campaign_id,
        description: webhook.description.clone(),
        active: webhook.active,
        disabled_reason: webhook.disabled_reason.clone(),
        created_at: webhook.created_at.clone(),
        events: webhook.events.names(),
        secret: secret.map(str::to_owned),
    }
}

/// A link that parses and that the egress check will not refuse outright (an address it
/// forbids, or `localhost`): such a webhook could never receive anything.
fn deliverable_link(state: &AppState, field: &'static str, raw: &str) -> Result<WebhookLink, ApiError> {
    let link = WebhookLink::parse(field, raw)?;
    match egress::refused_at_creation(link.url(), state.allow_private_webhook_targets) {
        Some(why) => Err(ValidationError::new(field, format!("{field}: {why}")).into()),
        None => Ok(link),
    }
}

fn description(raw: Option<&str>) -> Result<String, ValidationError> {
    crate::domain::description(raw, MAX_DESCRIPTION_LEN)
}

/// `campaign_id`: null or absent is account-wide; an id must be one of the member's campaigns.
/// Any other id is bad input (400 naming the field), never a 404: on `PUT /webhooks/:id` a 404
/// would say the webhook itself is missing. A missing and another member's campaign get the
/// same answer.
async fn campaign_scope(state: &AppState, member: &Member, raw: Option<&Value>) -> Result<Option<u64>, ApiError> {
    match raw {
        None | Some(Value::Null) => Ok(None),
        Some(value) => {
            let id = value.as_u64().filter(|&n| n > 0).ok_or_else(|| {
                ApiError::refused(Code::ValidationFailed, "campaign_id must be a whole number of at least 1, or null")
            })?;
            match ownership::campaign(state, member, id).await {
                Ok(campaign) => Ok(Some(campaign.id)),
                Err(ApiError::NotFound(_)) => Err(ApiError::refused(
                    Code::ValidationFailed,
                    format!("campaign_id: you have no campaign {id}; use one of yours, or null for all of them"),
                )),
                Err(other) => Err(other),
            }
        }
    }
}

/// The member's webhook, or 404 (also for another member's).
pub async fn owned(state: &AppState, member: &Member, id: u64) -> Result<Webhook, ApiError> {
    state.store.webhook(id).await?.filter(|w| w.member_id == member.id).ok_or_else(|| ApiError::not_found("webhook"))
}

/// Creates a webhook; shared with the automation platform's subscribe endpoint.
pub async fn create_webhook(
    state: &AppState,
    member: &Member,
    link: &str,
    link_field: &'static str,
    campaign_id: Option<&Value>,
    description_text: Option<&str>,
    events: EventTypes,
) -> Result<(Webhook, String), ApiError> {
    let link = deliverable_link(state, link_field, link)?;
    let campaign_id = campaign_scope(state, member, campaign_id).await?;
    let description = description(description_text)?;
    let registered = state.store.all_webhooks_of_member(member.id).await?.len() as u64;
    if registered >= state.max_webhooks_per_member {
        return Err(ApiError::refused(
            Code::LimitReached,
            format!("a member may register at most {} webhooks", state.max_webhooks_per_member),
        ));
    }
    let id = state.store.next_id(IdKind::Webhook).await?;
    let secret = new_secret();
    let sealed_secret = state.auth.webhook_secrets.seal(id, &secret).map_err(|e| ApiError::Internal(e.to_string()))?;
    let webhook = Webhook {
        id,
        member_id: member.id,
        campaign_id,
        link: link.as_str().to_owned(),
        description,
        active: true,
        disabled_reason: None,
        created_at: now_rfc3339(),
        sealed_secret,
        events,
    };
    state.store.create_webhook(&webhook).await?;
    Ok((webhook, secret))
}

/// `GET /webhooks`: the member's webhooks, newest first (secrets are never listed).
pub async fn list(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    let (webhooks, total) = state.store.webhooks_of_member(member.id, page).await?;
    Ok(envelope::ok(WebhookList {
        webhooks: webhooks.iter().map(|w| view(w, None)).collect(),
        pagination: Page::new(page, total),
    }))
}

/// `POST /webhooks`: 201 with the signing secret, shown this once.
pub async fn create(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    JsonBody(body): JsonBody<NewWebhook>,
) -> Result<HttpResponse, ApiError> {
    let events = event_types(body.events.as_ref())?;
    let (webhook, secret) = create_webhook(
        &state,
        &member,
        &body.link,
        "link",
        body.campaign_id.as_ref(),
        body.description.as_deref(),
        events,
    )
    .await?;
    Ok(envelope::created(view(&webhook, Some(&secret))))
}

/// `PUT /webhooks/:id`: link, campaign_id (null for account-wide), active, description.
pub async fn update(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<WebhookChanges>,
) -> Result<HttpResponse, ApiError> {
    Ok(envelope::ok(view(&update_webhook(&state, &member, *id, body).await?, None)))
}

/// Changes the member's webhook `id`, durably (shared with the dashboard).
pub async fn update_webhook(
    state: &AppState,
    member: &Member,
    id: u64,
    body: WebhookChanges,
) -> Result<Webhook, ApiError> {
    let mut webhook = owned(state, member, id).await?;
    let nothing = body.link.is_none()
        && body.campaign_id.is_none()
        && body.active.is_none()
        && body.description.is_none()
        && body.events.is_none();
    if nothing {
        return Err(ApiError::refused(
            Code::ValidationFailed,
            "nothing to update: send link, campaign_id, active, description or events",
        ));
    }
    if let Some(events) = &body.events {
        webhook.events = event_types(events.as_ref())?;
    }
    if let Some(link) = &body.link {
        webhook.link = deliverable_link(state, "link", link)?.as_str().to_owned();
    }
    if let Some(scope) = &body.campaign_id {
        webhook.campaign_id = campaign_scope(state, member, scope.as_ref()).await?;
    }
    if let Some(text) = &body.description {
        webhook.description = description(Some(text))?;
    }
    if let Some(active) = body.active {
        webhook.active = active;
        if active {
            webhook.disabled_reason = None;
        }
    }
    state.store.save_webhook(&webhook).await?;
    Ok(webhook)
}

/// `DELETE /webhooks/:id`: the webhook, its queued deliveries and its log.
pub async fn delete(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let webhook = delete_webhook(&state, &member, *id).await?;
    Ok(envelope::ok(Deleted::new(webhook.id)))
}

/// Deletes the member's webhook `id` with its queue and log, durably (shared with the
/// dashboard).
pub async fn delete_webhook(state: &AppState, member: &Member, id: u64) -> Result<Webhook, ApiError> {
    let webhook = owned(state, member, id).await?;
    state.store.delete_webhook(&webhook).await?;
    Ok(webhook)
}

/// `POST /webhooks/:id/secret`: a new signing secret; the old one stops signing at once.
pub async fn rotate_secret(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let (webhook, secret) = rotate(&state, &member, *id).await?;
    Ok(envelope::ok(view(&webhook, Some(&secret))))
}

/// A new signing secret for the member's webhook `id`, durably; returns it, to be shown
/// once (shared with the dashboard).
pub async fn rotate(state: &AppState, member: &Member, id: u64) -> Result<(Webhook, String), ApiError> {
    let mut webhook = owned(state, member, id).await?;
    let secret = new_secret();
    webhook.sealed_secret =
        state.auth.webhook_secrets.seal(webhook.id, &secret).map_err(|e| ApiError::Internal(e.to_string()))?;
    state.store.save_webhook(&webhook).await?;
    Ok((webhook, secret))
}

/// `GET /webhooks/:id/deliveries`: every attempt, newest first.
pub async fn deliveries(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let webhook = owned(&state, &member, *id).await?;
    let page = query.page()?;
    let (attempts, total) = state.store.attempts_of_webhook(webhook.id, page).await?;
    let deliveries = attempts.into_iter().map(delivery).collect();
    Ok(envelope::ok(AttemptList { deliveries, pagination: Page::new(page, total) }))
}

fn delivery(attempt: Attempt) -> Delivery {
    Delivery { message_id: message_id(attempt.event_id), attempt }
}

/// `POST /webhooks/:id/test`: sends a signed `webhook.test` event now and answers how the
/// receiver took it (status code or error, duration).
pub async fn test(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    Ok(envelope::ok(delivery(send_test(&state, &member, *id).await?)))
}

/// Sends a signed `webhook.test` event to the member's webhook `id` now; returns the
/// attempt, logged durably (shared with the dashboard).
pub async fn send_test(state: &AppState, member: &Member, id: u64) -> Result<Attempt, ApiError> {
    let webhook = owned(state, member, id).await?;
    let attempt = state
        .webhooks
        .send(SendTest { webhook })
        .await
        .map_err(|e| ApiError::Internal(format!("webhook dispatcher unavailable: {e}")))??;
    Ok(attempt)
}

/// `POST /webhooks/:id/deliveries/:event_id/retry`: one more attempt now. The event is
/// named as receivers see it (`evt_42`, the payload's `id` and the `webhook-id` header) or by
/// the delivery log's number (`42`). 202; `queued` is false when the delivery is already
/// waiting or in flight.
pub async fn retry(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    path: web::Path<(u64, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, event) = path.into_inner();
    Ok(envelope::accepted(retry_delivery(&state, &member, id, &event).await?))
}

/// One more attempt now of the member's webhook `id`'s delivery of `event` (`evt_42` or
/// `42`), durably queued (shared with the dashboard).
pub async fn retry_delivery(state: &AppState, member: &Member, id: u64, event: &str) -> Result<RetryAnswer, ApiError> {
    let webhook = owned(state, member, id).await?;
    let event_id = parse_event_ref(event).ok_or_else(|| ApiError::not_found("delivery"))?;
    if !state.store.delivery_known(webhook.id, event_id).await? {
        return Err(ApiError::not_found("delivery"));
    }
    // A test event has no record to send again, and a deleted campaign's events are gone.
    if state.store.event(event_id).await?.is_none() {
        return Err(ApiError::NotFound(format!(
            "{} cannot be sent again: it is a test event, or its campaign was deleted; POST /webhooks/{}/test sends a new test event",
            message_id(event_id),
            webhook.id
        )));
    }
    let queued = state
        .webhooks
        .send(RetryDelivery { webhook_id: webhook.id, event_id })
        .await
        .map_err(|e| ApiError::Internal(format!("webhook dispatcher unavailable: {e}")))??;
    Ok(RetryAnswer { webhook_id: webhook.id, event_id, message_id: message_id(event_id), queued })
}
