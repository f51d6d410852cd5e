//! `GET /campaigns/:id/emails`: the campaign's delivery log of emails to participants and of
//! its daily digests to the member, newest first: to whom, which email, what became of it;
//! `POST /campaigns/:id/emails/:email_id/resend`: a failed email sent again, once.
//! The templates are the campaign's `emails` (`PUT /campaigns/:id`); the mailer is
//! `crate::emails`.

use actix_web::{web, HttpResponse};
use serde::Serialize;
use utoipa::ToSchema;

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::query::ListQuery;
use super::state::AppState;
use super::{envelope, ownership};
use crate::domain::outgoing_email::{EmailDelivery, OutgoingEmail};
use crate::domain::{Member, Page};
use crate::http::Code;

/// One email as the delivery log shows it.
#[derive(Serialize, ToSchema)]
pub struct CampaignEmail {
    pub id: u64,
    /// `welcome`, `friend_joined`, `reward` or `digest`.
    pub kind: &'static str,
    /// The participant it is to; null for a digest (to the member).
    pub participant_id: Option<u64>,
    /// The address; empty once the participant was erased.
    pub to: String,
    /// Empty once a participant it names was erased.
    pub subject: String,
    /// `queued`, `sent`, `failed` or `cancelled`.
    pub status: &'static str,
    /// Attempts made.
    pub attempts: u32,
    pub created_at: String,
    pub last_attempt_at: Option<String>,
    pub sent_at: Option<String>,
    /// The SMTP server's answer, or why the email was cancelled.
    pub last_error: Option<String>,
}

/// A page of a campaign's emails.
#[derive(Serialize, ToSchema)]
pub struct CampaignEmailList {
    pub emails: Vec<CampaignEmail>,
    pub pagination: Page,
}

/// An email and what became of it, as the log and a participant's export show it.
pub fn logged(email: OutgoingEmail, delivery: EmailDelivery) -> CampaignEmail {
    CampaignEmail {
        id: email.id,
        kind: email.kind.name(),
        participant_id: email.participant(),
        to: email.to,
        subject: email.message.subject,
        status: delivery.status.name(),
        attempts: delivery.attempts,
        created_at: email.created_at,
        last_attempt_at: delivery.last_attempt_at,
        sent_at: delivery.sent_at,
        last_error: delivery.last_error,
    }
}

/// `GET /campaigns/:id/emails`.
pub async fn log(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    let page = query.page()?;
    let (emails, total) = state.store.emails_of_campaign(campaign.id, page).await?;
    let emails = emails.into_iter().map(|(email, delivery)| logged(email, delivery)).collect();
    Ok(envelope::ok(CampaignEmailList { emails, pagination: Page::new(page, total) }))
}

/// Sends the member's campaign's failed email `email_id` again (shared with the dashboard):
/// the email as the log shows it, queued, once durable. An email that did not fail is a 409
/// naming its state; of two resends at once, one queues it and the other gets that 409.
pub async fn resend_email(
    state: &AppState,
    member: &Member,
    campaign_id: u64,
    email_id: u64,
) -> Result<CampaignEmail, ApiError> {
    let campaign = ownership::campaign(state, member, campaign_id).await?;
    let email = state.store.outgoing_email(campaign.id, email_id).await?.ok_or_else(|| ApiError::not_found("email"))?;
    let now_ms = chrono::Utc::now().timestamp_millis();
    let resent = state.store.resend_failed_email(campaign.id, email.id, now_ms).await?;
    let Some((queued, now)) = resent else { return Err(ApiError::not_found("email")) };
    if !queued {
        return Err(ApiError::refused(
            Code::EmailNotFailed,
            format!("only a failed email is sent again; this one is {}", now.status.name()),
        ));
    }
    Ok(logged(email, now))
}

/// `POST /campaigns/:id/emails/:email_id/resend`: 202 with the email, queued again.
pub async fn resend(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    path: web::Path<(u64, u64)>,
) -> Result<HttpResponse, ApiError> {
    let (campaign_id, email_id) = path.into_inner();
    Ok(envelope::accepted(resend_email(&state, &member, campaign_id, email_id).await?))
}
