//! The brand actor's messages about conversions: recording one (with the rewards a
//! `conversion` goal grants) and refunding one (voiding the rewards it produced). A conversion
//! reported again under the same `external_id` (or, from Stripe, naming the same payment), by
//! any request, is found by the brand's one writer and changes nothing.

use actix::prelude::*;

use super::{BrandActor, BrandError};
use crate::domain::conversion::Conversion;
use crate::domain::engine::{self, ConversionDecision, ConversionIds, ConversionRefusal, NewConversion, Refund};
use crate::domain::ids::IdKind;
use crate::domain::invoice::RefundReport;
use crate::domain::webhook::PendingDelivery;
use crate::domain::Reward;

/// Records a conversion of one of the campaign's participants.
#[derive(Debug, Message)]
#[rtype(result = "Result<Converted, BrandError>")]
pub struct RecordConversion {
    pub campaign_id: u64,
    pub member_id: u64,
    pub conversion: NewConversion,
}

/// What recording a conversion did.
#[derive(Debug)]
pub struct Converted {
    pub conversion: Conversion,
    /// The rewards it produced (none when it was known already).
    pub rewards: Vec<Reward>,
    /// Whether it was new (false: reported before under the same `external_id`).
    pub created: bool,
    /// What its promo code did (a new conversion that carried one of the campaign's codes).
    pub promo_code: Option<engine::CodeUse>,
    /// To hand to the dispatcher once durable.
    pub deliveries: Vec<PendingDelivery>,
}

impl Converted {
    /// A conversion reported before: nothing new, nothing to deliver.
    fn known(conversion: Conversion) -> Self {
        Self { conversion, rewards: Vec::new(), created: false, deliveries: Vec::new(), promo_code: None }
    }
}

impl Handler<RecordConversion> for BrandActor {
    type Result = ResponseFuture<Result<Converted, BrandError>>;

    fn handle(&mut self, msg: RecordConversion, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let campaign = brand.owned_campaign(msg.campaign_id, msg.member_id).await?;
                let moment = brand.moment();
                // Known first, so a repeated report takes no ids (the engine decides the same).
                if let Some(known) = engine::known_conversion(session, campaign.id, &msg.conversion)? {
                    return Ok((Vec::new(), Converted::known(known)));
                }
                // A campaign that pays commissions may reward the invoice too.
                let kinds = [IdKind::Conversion, IdKind::Reward, IdKind::Reward, IdKind::Reward];
                let ids = session.take_ids(&kinds[..if campaign.pays_commission() { 4 } else { 3 }]).await?;
                let ids = ConversionIds {
                    conversion: ids[0],
                    referrer_reward: ids[1],
                    invited_reward: ids[2],
                    commission_reward: ids.get(3).copied().unwrap_or(0),
                };
                match engine::decide_conversion(session, &campaign, &msg.conversion, ids, &moment)? {
                    Err(ConversionRefusal::UnknownParticipant) => Err(BrandError::NotFound("participant")),
                    Err(ConversionRefusal::Erased) => Err(BrandError::Erased(msg.conversion.participant_id)),
                    Ok(ConversionDecision::Known(known)) => Ok((Vec::new(), Converted::known(known))),
                    Ok(ConversionDecision::Created { conversion, rewards, writes, promo_code }) => {
                        let (writes, deliveries) = brand.publish(session, campaign.member_id, writes, &moment).await?;
                        Ok((writes, Converted { conversion, rewards, created: true, deliveries, promo_code }))
                    }
                }
            })
        })
    }
}

/// Refunds one of the brand's conversions.
#[derive(Debug, Message)]
#[rtype(result = "Result<Refunded, BrandError>")]
pub struct RefundConversion {
    pub member_id: u64,
    pub conversion_id: u64,
    /// How much was refunded, and the refund's id.
    pub report: RefundReport,
}

/// What a refund did, and the deliveries of the voided rewards' events.
#[derive(Debug)]
pub struct Refunded {
    pub refund: Refund,
    pub deliveries: Vec<PendingDelivery>,
}

impl Handler<RefundConversion> for BrandActor {
    type Result = ResponseFuture<Result<Refunded, BrandError>>;

    fn handle(&mut self, msg: RefundConversion, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let found = brand
                    .store
                    .conversion(msg.member_id, msg.conversion_id)
                    .await?
                    .filter(|c| c.brand_id == brand.brand_id)
                    .ok_or(BrandError::NotFound("conversion"))?;
                // As this decision sees it: the brand's decision before it (a refund of it too)
                // may share its transaction and not be committed yet, and the store's read
                // would not see that. Its campaign and external id never change.
                let conversion =
                    engine::BrandReads::conversion_by_external_id(session, found.campaign_id, &found.external_id)?
                        .unwrap_or(found);
                let campaign = brand.owned_campaign(conversion.campaign_id, msg.member_id).await?;
                let moment = brand.moment();
                let (refund, writes) = engine::decide_refund(session, &campaign, conversion, &msg.report, &moment)?;
                if writes.is_empty() {
                    return Ok((writes, Refunded { refund, deliveries: Vec::new() }));
                }
                let (writes, deliveries) = brand.publish(session, msg.member_id, writes, &moment).await?;
                Ok((writes, Refunded { refund, deliveries }))
            })
        })
    }
}

/// Rates the brand's commissions held for want of an exchange rate, now that its member gave
/// rates (see [`engine::decide_rating`]).
#[derive(Debug, Message)]
#[rtype(result = "Result<Rated, BrandError>")]
pub struct RateCommissions {
    pub member_id: u64,
}

/// How many commissions were rated, and the deliveries of their rewards' events.
#[derive(Debug, Default)]
pub struct Rated {
    pub rated: usize,
    pub deliveries: Vec<PendingDelivery>,
}

impl Handler<RateCommissions> for BrandActor {
    type Result = ResponseFuture<Result<Rated, BrandError>>;

    fn handle(&mut self, msg: RateCommissions, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let moment = brand.moment();
                let mut writes = Vec::new();
                let mut rated = 0;
                for campaign_id in brand.store.campaign_ids_of_brand(brand.brand_id).await? {
                    let Some(campaign) = session.campaign(campaign_id)? else { continue };
                    if campaign.member_id != msg.member_id || !campaign.pays_commission() {
                        continue;
                    }
                    let (count, more) = engine::decide_rating(session, &campaign, &moment)?;
                    rated += count;
                    writes.extend(more);
                }
                if writes.is_empty() {
                    return Ok((writes, Rated::default()));
                }
                let (writes, deliveries) = brand.publish(session, msg.member_id, writes, &moment).await?;
                Ok((writes, Rated { rated, deliveries }))
            })
        })
    }
}
