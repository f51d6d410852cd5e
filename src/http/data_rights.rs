//! A person's data rights: `GET /participants/:id/export` (everything stored about one
//! participant, as JSON) and `DELETE /participants/:id` (erase the person, keep the campaign
//! consistent; the rules are in `domain::engine::erasure`).

use actix_web::{web, HttpResponse};

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::state::AppState;
use super::{envelope, ownership};
use crate::actors::brand::EraseParticipant;
use crate::domain::participant::ParticipantFilter;
use crate::domain::{email, PageRequest};
use crate::views;

/// `GET /participants/:id/export`: the participant, their rewards with history, the
/// invitations they sent and received, their conversions, the people they referred (by id),
/// the webhook events that carried their data, their payout details and payouts.
pub async fn export(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let (participant, campaign) = ownership::participant(&state, &member, *id).await?;
    let filter = ParticipantFilter { referred_by: Some(participant.id), ..Default::default() };
    // Every referral is one referred participant: one page holds them all.
    let all = PageRequest { page: 1, limit: participant.referrals.max(1) };
    let (referred, _) = state.store.search_participants(member.id, Some(campaign.id), &filter, all).await?;
    let rewards = state.store.rewards_of(participant.id).await?;
    let sent = state.store.invites_of(participant.id).await?;
    // An erased participant's invitations lost the address with the erasure.
    let received = if participant.is_erased() {
        Vec::new()
    } else {
        state.store.invites_to(campaign.id, &email::canonical(&participant.email)).await?
    };
    let conversions = state.store.conversions_of_participant(campaign.id, participant.id).await?;
    let reward_ids: Vec<u64> = rewards.iter().map(|r| r.id).collect();
    let mut commissions = state.store.commissions_of_rewards(campaign.id, &reward_ids).await?;
    for conversion in &conversions {
        commissions.extend(state.store.commission(conversion).await?);
    }
    let events = state.store.events_of_participant(participant.id).await?;
    let emails = state.store.emails_of_participant(participant.id).await?;
    let payout_details = state.store.payout_details(campaign.id, participant.id).await?;
    let payouts = state.store.payouts_of_participant(campaign.id, participant.id).await?;
    let promo_codes = crate::http::promo_codes::shown_of(&state, campaign.brand_id, participant.id).await?;
    let parts = views::ExportParts {
        promo_codes,
        participant: &participant,
        campaign: &campaign,
        referred: referred.iter().rev().map(|p| p.id).collect(),
        rewards: &rewards,
        sent: &sent,
        received: &received,
        conversions: &conversions,
        commissions: &commissions,
        events: &events,
        emails: &emails,
        payout_details: payout_details.as_ref(),
        payouts: &payouts,
    };
    Ok(envelope::ok(views::participant_export(parts, &state.public_url)))
}

/// `DELETE /participants/:id`: erases the person and answers the participant as it stays,
/// an anonymous node of the chain. Erasing again changes nothing and answers the same.
pub async fn erase(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let (participant, _) = ownership::participant(&state, &member, *id).await?;
    let message = EraseParticipant { member_id: member.id, participant_id: participant.id };
    let outcome = state.brands.get(participant.brand_id).send(message).await?;
    let erased = outcome?;
    state.deliver(erased.deliveries);
    Ok(envelope::ok(views::participant(&erased.participant, &state.public_url)))
}
