//! The brand actor's message for blocking and unblocking a participant (see
//! [`engine::decide_block`]): through the brand's one writer, so a block and a reward move or a
//! signup through the participant's code are decided one after the other.

use actix::prelude::*;

use super::{BrandActor, BrandError};
use crate::domain::engine::{self, BlockRefusal};
use crate::domain::webhook::PendingDelivery;
use crate::domain::Participant;

/// Blocks (`block: true`) or unblocks one of the member's participants.
#[derive(Debug, Message)]
#[rtype(result = "Result<Blocked, BrandError>")]
pub struct BlockParticipant {
    pub member_id: u64,
    pub participant_id: u64,
    pub block: bool,
}

/// The participant after a block or an unblock, and the deliveries of the events of the
/// rewards it voided.
#[derive(Debug)]
pub struct Blocked {
    pub participant: Participant,
    /// When they were blocked (unblocked: none).
    pub blocked_at: Option<String>,
    /// To hand to the dispatcher once the block is durable.
    pub deliveries: Vec<PendingDelivery>,
}

impl Handler<BlockParticipant> for BrandActor {
    type Result = ResponseFuture<Result<Blocked, BrandError>>;

    fn handle(&mut self, msg: BlockParticipant, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let moment = brand.moment();
                let block = match engine::decide_block(session, msg.member_id, msg.participant_id, msg.block, &moment)?
                {
                    // Only this brand's writer may change this brand's participants.
                    Ok(block) if block.participant.brand_id == brand.brand_id => block,
                    Ok(_) | Err(BlockRefusal::NotFound) => return Err(BrandError::NotFound("participant")),
                    Err(BlockRefusal::Erased) => return Err(BrandError::Erased(msg.participant_id)),
                };
                let (participant, blocked_at) = (block.participant, block.blocked_at);
                if block.writes.is_empty() {
                    return Ok((block.writes, Blocked { participant, blocked_at, deliveries: Vec::new() }));
                }
                let (writes, deliveries) = brand.publish(session, msg.member_id, block.writes, &moment).await?;
                Ok((writes, Blocked { participant, blocked_at, deliveries }))
            })
        })
    }
}
