//! Participant endpoints: `GET /participants`, `GET /participants/:id`,
//! `POST /participants/:id/invites`, and `POST`/`DELETE /participants/:id/block`.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::answers::{Invites, ParticipantList};
use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::query::{id_filter, ListQuery};
use super::state::AppState;
use super::{envelope, ownership};
use crate::actors::brand::{AddInvites, BlockParticipant};
use crate::domain::pagination::Page;
use crate::domain::participant::ParticipantFilter;
use crate::domain::{Campaign, EmailAddress, GoalType, Member, Participant};
use crate::http::Code;
use crate::views;

/// Most emails in one invitation request.
pub const MAX_INVITES_PER_REQUEST: usize = 100;

/// `GET /participants`: the member's participants across campaigns (or of one campaign),
/// newest first.
pub async fn list(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    let filter =
        ParticipantFilter::parse(query.email.as_deref(), query.search.as_deref(), query.referred_by.as_deref())
            .map_err(|e| ApiError::refused(Code::InvalidQuery, e.message))?;
    let (participants, total) = if filter.is_empty() {
        page_of(&state, &member, query.campaign_id.as_deref(), page).await?
    } else {
        match id_filter("campaign_id", query.campaign_id.as_deref())? {
            Some(campaign_id) => match ownership::campaign(&state, &member, campaign_id).await {
                Ok(campaign) => state.store.search_participants(member.id, Some(campaign.id), &filter, page).await?,
                // Someone else's (or no) campaign: nothing to list.
                Err(_) => (Vec::new(), 0),
            },
            None => state.store.search_participants(member.id, None, &filter, page).await?,
        }
    };
    let site = &state.public_url;
    Ok(envelope::ok(ParticipantList {
        participants: participants.iter().map(|p| views::participant(p, site)).collect(),
        pagination: Page::new(page, total),
    }))
}

/// A page of the member's participants, newest first, optionally of one campaign
/// (`?campaign_id=`; another member's campaign lists nothing). Shared with the automation
/// platform's contacts.
pub async fn page_of(
    state: &AppState,
    member: &crate::domain::Member,
    campaign_id: Option<&str>,
    page: crate::domain::PageRequest,
) -> Result<(Vec<crate::domain::Participant>, u64), ApiError> {
    Ok(match id_filter("campaign_id", campaign_id)? {
        Some(campaign_id) => match ownership::campaign(state, member, campaign_id).await {
            Ok(campaign) => state.store.participants_of_campaign(campaign.id, page).await?,
            // Someone else's (or no) campaign: nothing to list.
            Err(_) => (Vec::new(), 0),
        },
        None => state.store.participants_of_member(member.id, page).await?,
    })
}

/// `GET /participants/:id`: with shares, clicks, rewards, invitations, referrer and counts.
pub async fn get(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let (participant, campaign) = ownership::participant(&state, &member, *id).await?;
    Ok(envelope::ok(detail(&state, &participant, &campaign).await?))
}

/// A participant with everything about them, as the store has it now.
async fn detail(
    state: &AppState,
    participant: &Participant,
    campaign: &Campaign,
) -> Result<views::ParticipantDetail, ApiError> {
    let referrer = match participant.referred_by {
        Some(id) => state.store.participant(id).await?,
        None => None,
    };
    let rewards = state.store.rewards_of(participant.id).await?;
    let invites = state.store.invites_of(participant.id).await?;
    // What the campaign's goal counts.
    let goal_count = match campaign.goal_type {
        GoalType::Signup => participant.referrals,
        GoalType::Visit => participant.visits,
        GoalType::Conversion => state.store.qualified_referrals(campaign.id, participant.id).await?,
    };
    let blocked_at = state.store.blocked_at(campaign.id, participant.id).await?;
    let mut detail = views::participant_detail(
        participant,
        referrer.as_ref(),
        &rewards,
        &invites,
        views::next_reward(campaign, goal_count),
        blocked_at,
        &state.public_url,
    );
    detail.waitlist = waitlist_spot(state, campaign, participant.id).await?;
    Ok(detail)
}

/// The participant's place in the campaign's waitlist, when it keeps one.
pub(super) async fn waitlist_spot(
    state: &AppState,
    campaign: &Campaign,
    participant_id: u64,
) -> Result<Option<views::WaitlistSpot>, ApiError> {
    if !campaign.waitlist.enabled {
        return Ok(None);
    }
    Ok(views::waitlist_spot(state.store.spot(campaign.id, participant_id).await?))
}

/// `POST /participants/:id/block`: voids the participant's held and pending rewards (reason
/// `blocked`) and stops their earning and crediting anything (see
/// `domain::engine::block`); answers the participant as `GET /participants/:id` does.
/// Blocking again changes nothing.
pub async fn block(
    state: web::Data<AppState>,
    member: AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    answer_blocked(state, member, *id, true).await
}

/// `DELETE /participants/:id/block`: the participant earns again from now on (what the block
/// voided stays voided).
pub async fn unblock(
    state: web::Data<AppState>,
    member: AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    answer_blocked(state, member, *id, false).await
}

async fn answer_blocked(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: u64,
    block: bool,
) -> Result<HttpResponse, ApiError> {
    let (participant, campaign) = set_blocked(&state, &member, id, block).await?;
    Ok(envelope::ok(detail(&state, &participant, &campaign).await?))
}

/// Blocks (or unblocks) the member's participant `id` through its brand actor; returns the
/// participant and its campaign once durable (shared with the dashboard).
pub async fn set_blocked(
    state: &AppState,
    member: &Member,
    id: u64,
    block: bool,
) -> Result<(Participant, Campaign), ApiError> {
    let (participant, campaign) = ownership::participant(state, member, id).await?;
    let message = BlockParticipant { member_id: member.id, participant_id: participant.id, block };
    let outcome = state.brands.get(participant.brand_id).send(message).await?;
    let blocked = outcome?;
    state.deliver(blocked.deliveries);
    Ok((blocked.participant, campaign))
}

/// Body of `POST /participants/:id/invites`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with emails (an array of email addresses)")]
#[schema(as = InviteBody)]
pub struct InviteRequest {
    /// 1 to 100 addresses.
    emails: Vec<String>,
}

/// `POST /participants/:id/invites`: records invitations the participant sent; each comes
/// back with its own referral code (social type `email`, with the invitation id).
pub async fn invite(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<InviteRequest>,
) -> Result<HttpResponse, ApiError> {
    let (participant, campaign) = ownership::participant(&state, &member, *id).await?;
    if body.emails.is_empty() || body.emails.len() > MAX_INVITES_PER_REQUEST {
        return Err(ApiError::refused(
            Code::ValidationFailed,
            format!("emails must list 1 to {MAX_INVITES_PER_REQUEST} addresses"),
        ));
    }
    let emails = body.emails.iter().map(|e| EmailAddress::parse(e)).collect::<Result<Vec<_>, _>>()?;
    let created = state
        .brands
        .get(campaign.brand_id)
        .send(AddInvites { participant_id: participant.id, member_id: member.id, emails })
        .await??;
    let site = &state.public_url;
    Ok(envelope::created(Invites { invites: created.iter().map(|i| views::invite(i, campaign.id, site)).collect() }))
}
