//! The brand actor's messages about payouts: making a campaign's payouts, a payout paid or
//! failed, and where a participant asked to be paid. Both go through the brand's one writer, so two requests at once are decided
//! one after the other and the second sees the first's payouts (see `engine::payouts`).

use actix::prelude::*;

use super::{BrandActor, BrandError};
use crate::domain::engine::{self, DetailsRefusal, PayoutRefusal};
use crate::domain::ids::IdKind;
use crate::domain::payout::{Payout, PayoutDetails, PayoutMove};
use crate::domain::webhook::PendingDelivery;

/// Makes a payout for each participant of the campaign whose unpaid approved cash rewards
/// reach its minimum; only for `participant_ids` when given.
#[derive(Debug, Message)]
#[rtype(result = "Result<PayoutsRequested, BrandError>")]
pub struct RequestPayouts {
    pub member_id: u64,
    pub campaign_id: u64,
    pub participant_ids: Option<Vec<u64>>,
}

/// The payouts a request made, and the deliveries of their events.
#[derive(Debug, Default)]
pub struct PayoutsRequested {
    pub payouts: Vec<Payout>,
    /// To hand to the dispatcher once the payouts are durable.
    pub deliveries: Vec<PendingDelivery>,
}

impl Handler<RequestPayouts> for BrandActor {
    type Result = ResponseFuture<Result<PayoutsRequested, BrandError>>;

    fn handle(&mut self, msg: RequestPayouts, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let campaign = brand.owned_campaign(msg.campaign_id, msg.member_id).await?;
                let balances = engine::payable(session, &campaign, msg.participant_ids.as_deref())?;
                if balances.is_empty() {
                    return Ok((Vec::new(), PayoutsRequested::default()));
                }
                let ids = session.take_ids(&vec![IdKind::Payout; balances.len()]).await?;
                let moment = brand.moment();
                let (payouts, writes) = engine::decide_payouts(session, &campaign, balances, &ids, &moment)?;
                let (writes, deliveries) = brand.publish(session, campaign.member_id, writes, &moment).await?;
                Ok((writes, PayoutsRequested { payouts, deliveries }))
            })
        })
    }
}

/// Marks one of the brand's payouts paid or failed.
#[derive(Debug, Message)]
#[rtype(result = "Result<PayoutMoved, BrandError>")]
pub struct MovePayout {
    pub member_id: u64,
    pub campaign_id: u64,
    pub payout_id: u64,
    pub movement: PayoutMove,
}

/// A payout after a move, and the deliveries of its rewards' events.
#[derive(Debug)]
pub struct PayoutMoved {
    pub payout: Payout,
    /// To hand to the dispatcher once the move is durable.
    pub deliveries: Vec<PendingDelivery>,
}

impl Handler<MovePayout> for BrandActor {
    type Result = ResponseFuture<Result<PayoutMoved, BrandError>>;

    fn handle(&mut self, msg: MovePayout, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let moment = brand.moment();
                let decided = engine::decide_payout_move(
                    session,
                    msg.member_id,
                    msg.campaign_id,
                    msg.payout_id,
                    &msg.movement,
                    &moment,
                )?;
                let (payout, writes) = match decided {
                    Ok(moved) => moved,
                    Err(PayoutRefusal::NotFound) => return Err(BrandError::NotFound("payout")),
                    Err(PayoutRefusal::State { status }) => {
                        return Err(BrandError::PayoutState { action: msg.movement.name(), status })
                    }
                };
                // Only this brand's writer may change this brand's payouts.
                if payout.brand_id != brand.brand_id {
                    return Err(BrandError::NotFound("payout"));
                }
                if writes.is_empty() {
                    return Ok((writes, PayoutMoved { payout, deliveries: Vec::new() }));
                }
                let (writes, deliveries) = brand.publish(session, msg.member_id, writes, &moment).await?;
                Ok((writes, PayoutMoved { payout, deliveries }))
            })
        })
    }
}

/// Keeps (or forgets, with `None`) where one of the member's participants asked to be paid.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), BrandError>")]
pub struct SetPayoutDetails {
    pub member_id: u64,
    pub participant_id: u64,
    pub details: Option<PayoutDetails>,
}

impl Handler<SetPayoutDetails> for BrandActor {
    type Result = ResponseFuture<Result<(), BrandError>>;

    fn handle(&mut self, msg: SetPayoutDetails, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                // Only this brand's writer may change this brand's participants.
                if session.participant(msg.participant_id)?.is_none_or(|p| p.brand_id != brand.brand_id) {
                    return Err(BrandError::NotFound("participant"));
                }
                match engine::decide_payout_details(session, msg.member_id, msg.participant_id, msg.details)? {
                    Ok(writes) => Ok((writes, ())),
                    Err(DetailsRefusal::NotFound) => Err(BrandError::NotFound("participant")),
                    Err(DetailsRefusal::Erased) => Err(BrandError::Erased(msg.participant_id)),
                }
            })
        })
    }
}
