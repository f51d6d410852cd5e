//! The brand actor's messages about rewards after they were earned: an owner's approve, void
//! or fulfil, and the end of hold periods. Both go through the brand's one writer, so two
//! moves on one reward are decided one after the other, each against the other's result.

use actix::prelude::*;

use super::{BrandActor, BrandError};
use crate::domain::engine::{self, RewardRefusal};
use crate::domain::reward::RewardAction;
use crate::domain::Reward;

/// An owner's action on one of their rewards.
#[derive(Debug, Message)]
#[rtype(result = "Result<Reward, BrandError>")]
pub struct ActOnReward {
    pub member_id: u64,
    pub participant_id: u64,
    pub reward_id: u64,
    pub action: RewardAction,
    /// Why, for a void.
    pub void_reason: String,
}

impl Handler<ActOnReward> for BrandActor {
    type Result = AtomicResponse<Self, Result<Reward, BrandError>>;

    fn handle(&mut self, msg: ActOnReward, _ctx: &mut Self::Context) -> Self::Result {
        self.atomic(|brand| async move {
            let session = brand.store.session(brand.brand_id).await?;
            let moment = brand.moment();
            let decided = engine::decide_reward_action(
                &*session,
                msg.member_id,
                msg.participant_id,
                msg.reward_id,
                msg.action,
                &msg.void_reason,
                &moment,
            )?;
            let (reward, writes) = match decided {
                Ok(done) => done,
                Err(RewardRefusal::NotFound) => return Err(BrandError::NotFound("reward")),
                Err(RewardRefusal::NotAllowed { action, status }) => {
                    return Err(BrandError::RewardState { action, status })
                }
            };
            // Only this brand's writer may change this brand's rewards.
            if reward.brand_id != brand.brand_id {
                return Err(BrandError::NotFound("reward"));
            }
            session.commit(&writes).await?;
            Ok(reward)
        })
    }
}

/// Ends the hold periods that are due among these rewards (participant id, reward id) of
/// the brand; see [`engine::decide_release`]. Answers the rewards that changed.
#[derive(Debug, Message)]
#[rtype(result = "Result<Vec<Reward>, BrandError>")]
pub struct ReleaseHolds {
    pub due: Vec<(u64, u64)>,
}

impl Handler<ReleaseHolds> for BrandActor {
    type Result = AtomicResponse<Self, Result<Vec<Reward>, BrandError>>;

    fn handle(&mut self, msg: ReleaseHolds, _ctx: &mut Self::Context) -> Self::Result {
        self.atomic(|brand| async move {
            let session = brand.store.session(brand.brand_id).await?;
            let (released, writes) = engine::decide_release(&*session, &msg.due, &brand.moment())?;
            if writes.is_empty() {
                return Ok(released);
            }
            session.commit(&writes).await?;
            Ok(released)
        })
    }
}
