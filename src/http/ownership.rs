//! Loading a brand, campaign or participant for the authenticated member: anything missing or
//! owned by another member is the same 404, so ids never reveal whether they exist.

use std::borrow::Borrow;
use std::sync::Arc;

use super::error::ApiError;
use super::state::AppState;
use crate::domain::{Brand, Campaign, Member, Participant, Plan};

pub async fn brand(state: &AppState, member: &Member, id: u64) -> Result<Brand, ApiError> {
    state.store.brand(id).await?.filter(|b| b.member_id == member.id).ok_or_else(|| ApiError::not_found("brand"))
}

pub async fn campaign(state: &AppState, member: &Member, id: u64) -> Result<Campaign, ApiError> {
    owned_campaign(member, state.store.campaign(id).await?)
}

/// The campaign found (owned, or shared as the signup cache keeps it), if it is the member's.
fn owned_campaign<C: Borrow<Campaign>>(member: &Member, found: Option<C>) -> Result<C, ApiError> {
    found.filter(|c| c.borrow().member_id == member.id).ok_or_else(|| ApiError::not_found("campaign"))
}

/// The member's campaign a signup goes to, as this server last saw it (read when it has not
/// seen it yet): its brand and member never change, and the signup's decision reads the rest
/// again (see [`crate::store::signup_campaign`]).
pub async fn signup_campaign(state: &AppState, member: &Member, id: u64) -> Result<Arc<Campaign>, ApiError> {
    let campaign = crate::store::signup_campaign(&state.store, id).await?;
    owned_campaign(member, Some(campaign.ok_or_else(|| ApiError::not_found("campaign"))?))
}

/// The member's campaign and the brand it runs on.
pub async fn campaign_with_brand(state: &AppState, member: &Member, id: u64) -> Result<(Campaign, Brand), ApiError> {
    let campaign = campaign(state, member, id).await?;
    let brand = brand(state, member, campaign.brand_id).await?;
    Ok((campaign, brand))
}

/// A participant of one of the member's existing campaigns.
pub async fn participant(state: &AppState, member: &Member, id: u64) -> Result<(Participant, Campaign), ApiError> {
    let participant = state
        .store
        .participant(id)
        .await?
        .filter(|p| p.member_id == member.id)
        .ok_or_else(|| ApiError::not_found("participant"))?;
    let campaign =
        campaign(state, member, participant.campaign_id).await.map_err(|_| ApiError::not_found("participant"))?;
    Ok((participant, campaign))
}

/// The member's plan. A plan missing from the store (the admin API refuses to delete a plan in
/// use, so only a hand-edited database has one) counts as unpaid and unlimited.
pub async fn plan_of(state: &AppState, member: &Member) -> Result<Plan, ApiError> {
    Ok(plan_or_missing(member, state.store.plan(member.plan_id).await?))
}

/// The member's plan found, or the stand-in for a missing one (see [`plan_of`]).
fn plan_or_missing(member: &Member, found: Option<Plan>) -> Plan {
    found.unwrap_or_else(|| Plan::missing(member.plan_id))
}

/// Whether the member's plan is a paid one.
pub async fn on_paid_plan(state: &AppState, member: &Member) -> Result<bool, ApiError> {
    Ok(plan_of(state, member).await?.paid)
}
