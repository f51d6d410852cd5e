//! The brand actor's messages about rewards after they were earned: an owner's approve, void
//! or fulfil, and the end of hold periods. Both go through the brand's one writer, so two
//! moves on one reward are decided one after the other, each against the other's result.

use actix::prelude::*;

use super::{BrandActor, BrandError};
use crate::domain::engine::{self, RewardRefusal};
use crate::domain::reward::RewardAction;
use crate::domain::webhook::PendingDelivery;
use crate::domain::{Reward, RewardStatus};

/// An owner's action on one of their rewards.
#[derive(Debug, Message)]
#[rtype(result = "Result<Moved, BrandError>")]
pub struct ActOnReward {
    pub member_id: u64,
    pub participant_id: u64,
    pub reward_id: u64,
    pub action: RewardAction,
    /// Why, for a void; the payment reference (or nothing), for a fulfil. Already checked
    /// by `parse_void_reason` / `parse_payment_reference`.
    pub note: String,
    /// Move it only while it is held (a review's decision, taken on a held reward): one that
    /// another request moved since is refused with its state, whatever the action allows.
    pub held_only: bool,
}

/// A reward after a move, and the deliveries of its event.
#[derive(Debug)]
pub struct Moved {
    pub reward: Reward,
    /// To hand to the dispatcher once the move is durable.
    pub deliveries: Vec<PendingDelivery>,
}

impl Handler<ActOnReward> for BrandActor {
    type Result = ResponseFuture<Result<Moved, BrandError>>;

    fn handle(&mut self, msg: ActOnReward, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let moment = brand.moment();
                if msg.held_only {
                    let now =
                        session.reward(msg.participant_id, msg.reward_id)?.filter(|r| r.member_id == msg.member_id);
                    match now {
                        Some(r) if r.status != RewardStatus::Held => {
                            return Err(BrandError::RewardState { action: msg.action, status: r.status })
                        }
                        _ => {}
                    }
                }
                let decided = engine::decide_reward_action(
                    session,
                    msg.member_id,
                    msg.participant_id,
                    msg.reward_id,
                    msg.action,
                    &msg.note,
                    &moment,
                )?;
                let (reward, writes) = match decided {
                    Ok(done) => done,
                    Err(RewardRefusal::NotFound) => return Err(BrandError::NotFound("reward")),
                    Err(RewardRefusal::NotAllowed { action, status }) => {
                        return Err(BrandError::RewardState { action, status })
                    }
                    Err(RewardRefusal::InPayout { payout_id }) => {
                        return Err(BrandError::RewardInPayout { reward_id: msg.reward_id, payout_id })
                    }
                    Err(RewardRefusal::NoExchangeRate) => {
                        return Err(BrandError::RewardWithoutRate { reward_id: msg.reward_id })
                    }
                };
                // Only this brand's writer may change this brand's rewards.
                if reward.brand_id != brand.brand_id {
                    return Err(BrandError::NotFound("reward"));
                }
                let (writes, deliveries) = brand.publish(session, msg.member_id, writes, &moment).await?;
                Ok((writes, Moved { reward, deliveries }))
            })
        })
    }
}

/// Ends the hold periods that are due among these rewards (participant id, reward id) of
/// the brand (all of `member_id`); see [`engine::decide_release`].
#[derive(Debug, Message)]
#[rtype(result = "Result<Released, BrandError>")]
pub struct ReleaseHolds {
    pub member_id: u64,
    pub due: Vec<(u64, u64)>,
}

/// The rewards whose hold ended, and the deliveries of their events.
#[derive(Debug, Default)]
pub struct Released {
    pub rewards: Vec<Reward>,
    /// To hand to the dispatcher once the releases are durable.
    pub deliveries: Vec<PendingDelivery>,
}

impl Handler<ReleaseHolds> for BrandActor {
    type Result = ResponseFuture<Result<Released, BrandError>>;

    fn handle(&mut self, msg: ReleaseHolds, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let moment = brand.moment();
                let (rewards, writes) = engine::decide_release(session, &msg.due, &moment)?;
                if writes.is_empty() {
                    return Ok((writes, Released { rewards, deliveries: Vec::new() }));
                }
                let (writes, deliveries) = brand.publish(session, msg.member_id, writes, &moment).await?;
                Ok((writes, Released { rewards, deliveries }))
            })
        })
    }
}
