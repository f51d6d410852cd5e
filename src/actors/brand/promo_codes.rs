//! The brand actor's messages for promo codes (see [`engine::decide_promo_code`]): given and
//! disabled in the brand's turn, so a code asked for twice at once is given once.

use actix::prelude::*;

use super::{BrandActor, BrandError};
use crate::domain::engine::{self, NewPromoCode, PromoCodeRefusal};
use crate::domain::promo_code::PromoCode;

/// Gives one of the member's participants a promo code.
#[derive(Debug, Message)]
#[rtype(result = "Result<PromoCode, BrandError>")]
pub struct CreatePromoCode {
    pub member_id: u64,
    pub participant_id: u64,
    pub code: NewPromoCode,
}

/// Disables one of a participant's promo codes; it stays reserved.
#[derive(Debug, Message)]
#[rtype(result = "Result<PromoCode, BrandError>")]
pub struct DisablePromoCode {
    pub member_id: u64,
    pub participant_id: u64,
    /// As given; compared without case.
    pub code: String,
}

fn refused(refusal: PromoCodeRefusal, participant_id: u64) -> BrandError {
    match refusal {
        PromoCodeRefusal::NotFound => BrandError::NotFound("promo code"),
        PromoCodeRefusal::Erased => BrandError::Erased(participant_id),
        PromoCodeRefusal::Taken => BrandError::PromoCodeTaken(
            "this promo code is, or was, taken in this brand (codes are compared without case and never given twice)",
        ),
        PromoCodeRefusal::StripeCodeTaken => {
            BrandError::PromoCodeTaken("this stripe_promotion_code is another promo code's already")
        }
        PromoCodeRefusal::TooMany => BrandError::Invalid(crate::domain::ValidationError::new(
            "code",
            format!("a participant has at most {} promo codes", crate::domain::promo_code::MAX_CODES_PER_PARTICIPANT),
        )),
    }
}

impl Handler<CreatePromoCode> for BrandActor {
    type Result = ResponseFuture<Result<PromoCode, BrandError>>;

    fn handle(&mut self, msg: CreatePromoCode, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let moment = brand.moment();
                match engine::decide_promo_code(session, msg.member_id, msg.participant_id, &msg.code, &moment)? {
                    Ok((code, _)) if code.brand_id != brand.brand_id => Err(BrandError::NotFound("participant")),
                    Ok((code, writes)) => Ok((writes, code)),
                    Err(PromoCodeRefusal::NotFound) => Err(BrandError::NotFound("participant")),
                    Err(refusal) => Err(refused(refusal, msg.participant_id)),
                }
            })
        })
    }
}

impl Handler<DisablePromoCode> for BrandActor {
    type Result = ResponseFuture<Result<PromoCode, BrandError>>;

    fn handle(&mut self, msg: DisablePromoCode, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let moment = brand.moment();
                match engine::decide_disable_promo_code(session, msg.member_id, msg.participant_id, &msg.code, &moment)?
                {
                    Ok((code, _)) if code.brand_id != brand.brand_id => Err(BrandError::NotFound("promo code")),
                    Ok((code, writes)) => Ok((writes, code)),
                    Err(refusal) => Err(refused(refusal, msg.participant_id)),
                }
            })
        })
    }
}
