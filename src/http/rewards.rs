//! Reward endpoints: `GET /rewards` (the member's rewards, filtered by campaign, state and
//! participant: `?status=held` is the review queue), `GET /rewards/:id` (with its history),
//! `POST /rewards/:id/approve`, `POST /rewards/:id/void` and `POST /rewards/:id/fulfil`. The
//! moves are decided by the reward's brand actor (`actors::brand::rewards`); a move its state
//! does not allow is a 409 naming both.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::answers::RewardList;
use super::authenticated::AuthenticatedMember;
use super::envelope;
use super::error::ApiError;
use super::json::JsonBody;
use super::query::{id_filter, ListQuery};
use super::state::AppState;
use crate::actors::brand::{ActOnReward, BrandError};
use crate::domain::pagination::Page;
use crate::domain::reward::{parse_void_reason, RewardAction, RewardFilter};
use crate::domain::{Member, Reward, RewardStatus};
use crate::http::Code;
use crate::views;

/// `GET /rewards`: the member's rewards, newest first. Another member's campaign or
/// participant lists nothing.
pub async fn list(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    let status = query
        .status
        .as_deref()
        .map(RewardStatus::parse)
        .transpose()
        .map_err(|e| ApiError::refused(Code::InvalidQuery, e.message))?;
    let filter = RewardFilter {
        campaign_id: id_filter("campaign_id", query.campaign_id.as_deref())?,
        status,
        participant_id: id_filter("participant_id", query.participant_id.as_deref())?,
        oldest_first: false,
    };
    // The index is the member's own: another member's ids simply match nothing.
    let (rewards, total) = state.store.rewards_of_member(member.id, filter, page).await?;
    Ok(envelope::ok(RewardList {
        rewards: rewards.iter().map(views::reward).collect(),
        pagination: Page::new(page, total),
    }))
}

/// `GET /rewards/:id`: one reward with every state it entered.
pub async fn get(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let reward = state.store.reward(member.id, *id).await?.ok_or_else(|| ApiError::not_found("reward"))?;
    Ok(envelope::ok(views::reward_detail(&reward)))
}

/// `POST /rewards/:id/approve`: a held reward is issued now (a coupon reward whose pool is
/// empty waits as pending).
pub async fn approve(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    act(&state, &member, *id, RewardAction::Approve, String::new()).await
}

/// Body of `POST /rewards/:id/void`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with reason (why the reward is voided)")]
#[schema(example = json!({"reason": "order refunded"}))]
pub struct VoidBody {
    /// Why the reward is voided: 1 to 500 characters, kept in its history.
    #[serde(default)]
    #[schema(value_type = String, required = true)]
    reason: Option<String>,
}

/// `POST /rewards/:id/void`: a held, pending or issued reward is taken back, with a reason.
/// An issued coupon stays burnt: it never returns to the pool.
pub async fn void(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<VoidBody>,
) -> Result<HttpResponse, ApiError> {
    let reason = parse_void_reason(body.reason.as_deref())?;
    act(&state, &member, *id, RewardAction::Void, reason).await
}

/// `POST /rewards/:id/fulfil`: an issued reward was paid out (or otherwise delivered).
pub async fn fulfil(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    act(&state, &member, *id, RewardAction::Fulfil, String::new()).await
}

/// Sends the action to the reward's brand actor and answers once it is durable.
async fn act(
    state: &AppState,
    member: &Member,
    reward_id: u64,
    action: RewardAction,
    note: String,
) -> Result<HttpResponse, ApiError> {
    match move_reward(state, member, reward_id, action, note, false).await? {
        Ok(reward) => Ok(envelope::ok(views::reward_detail(&reward))),
        Err(status) => Err(BrandError::RewardState { action, status }.into()),
    }
}

/// Moves the member's reward `reward_id` by `action` (`note`: the void's reason or the
/// fulfil's payment reference, already checked) through its brand actor, the one way the
/// API and the dashboard change a reward. Returns the reward once the move is durable, or
/// the state it is in when the action does not apply to it (another request moved it
/// first): that too is reported only once durable. Another member's reward is not found.
/// With `held_only`, a reward that is no longer held is not moved (a review's decision).
pub async fn move_reward(
    state: &AppState,
    member: &Member,
    reward_id: u64,
    action: RewardAction,
    note: String,
    held_only: bool,
) -> Result<Result<Reward, RewardStatus>, ApiError> {
    // Where the reward lives (its participant and brand never change); the actor decides
    // against the reward as it is then.
    let found = state.store.reward(member.id, reward_id).await?.ok_or_else(|| ApiError::not_found("reward"))?;
    let message =
        ActOnReward { member_id: member.id, participant_id: found.participant_id, reward_id, action, note, held_only };
    let outcome = state.brands.get(found.brand_id).send(message).await?;
    match outcome {
        Ok(moved) => {
            state.deliver(moved.deliveries);
            Ok(Ok(moved.reward))
        }
        Err(BrandError::RewardState { status, .. }) => Ok(Err(status)),
        Err(other) => Err(other.into()),
    }
}
