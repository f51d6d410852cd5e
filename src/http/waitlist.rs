//! Waitlists: the owner's `GET /campaigns/:id/waitlist` (how many are in line, how many were
//! admitted, and the front of the line) and `POST /campaigns/:id/waitlist/admit` (the first
//! `count`, or the participants named, each admitted once with a `waitlist.admitted` event).
//! A participant's own place is in their read and in the widget's progress (see
//! `participants::waitlist_spot`).

use actix_web::{web, HttpResponse};

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::query::ListQuery;
use super::state::AppState;
use super::{envelope, leaderboards, ownership};
use crate::actors::brand::{AdmitFromWaitlist, Admitted};
use crate::domain::waitlist::{Admit, AdmitInput};
use crate::domain::{Campaign, Member};
use crate::views;

/// `GET /campaigns/:id/waitlist?limit=`: the line's length, the admissions so far, and its
/// first `limit` (10 unless given, at most 100).
pub async fn get(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    let limit = leaderboards::limit(query.limit.as_deref())?;
    let line = state.store.line(campaign.id, if campaign.waitlist.enabled { limit } else { 0 }).await?;
    Ok(envelope::ok(views::Waitlist {
        campaign_id: campaign.id,
        waitlist: views::waitlist_settings(&campaign.waitlist),
        in_line: if campaign.waitlist.enabled { line.in_line } else { 0 },
        admitted: line.admitted,
        front: views::front(&line),
    }))
}

/// `POST /campaigns/:id/waitlist/admit` with `count` or `participant_ids`: admits them and
/// answers who was admitted (nobody twice: a retry of the same ids admits nobody again).
pub async fn admit(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<AdmitInput>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    let admitted = admit_from_waitlist(&state, &member, &campaign, Admit::parse(&body)?).await?;
    let line = state.store.line(campaign.id, 0).await?;
    Ok(envelope::ok(views::Admission {
        campaign_id: campaign.id,
        admitted: views::admitted(&admitted.participants, &state.public_url),
        admitted_at: admitted.at,
        in_line: line.in_line,
    }))
}

/// Admits `admit` from the member's campaign's line, durably, and sends the
/// `waitlist.admitted` events (the API's admission and the dashboard's).
pub async fn admit_from_waitlist(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
    admit: Admit,
) -> Result<Admitted, ApiError> {
    let message = AdmitFromWaitlist { campaign_id: campaign.id, member_id: member.id, admit };
    let outcome = state.brands.get(campaign.brand_id).send(message).await?;
    let mut admitted = outcome?;
    state.deliver(std::mem::take(&mut admitted.deliveries));
    Ok(admitted)
}
