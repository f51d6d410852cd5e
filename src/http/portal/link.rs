//! `POST /participants/:id/portal-link` (member API): a one-time sign-in link for one of the
//! member's participants, so a product that already knows its user sends them straight into
//! their portal. The link works once, for 15 minutes, like the emailed one.

use actix_web::{web, HttpResponse};

use super::access;
use super::pages::portal_path;
use crate::http::authenticated::AuthenticatedMember;
use crate::http::{envelope, ownership, ApiError, AppState};
use crate::views::PortalLink;

/// `POST /participants/:id/portal-link`: 201 with `{url, expires_at, portal_url}`; 409
/// `participant_erased` for an erased participant.
pub async fn create(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let (participant, campaign) = ownership::participant(&state, &member, *id).await?;
    if participant.is_erased() {
        return Err(crate::actors::BrandError::Erased(participant.id).into());
    }
    let (url, expires_at) = access::sign_in_link(&state, &participant).await?;
    tracing::info!(participant_id = participant.id, member_id = member.id, "portal sign-in link made");
    let portal_url = format!("{}{}", state.public_url, portal_path(campaign.id));
    Ok(envelope::created(PortalLink { url, expires_at, portal_url }))
}
