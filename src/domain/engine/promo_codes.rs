//! Promo codes (`domain::promo_code`): giving a participant a code, disabling it, and what a
//! sale that carried one counts. Decided in the brand's turn, so two partners asking for
//! `SAM20` and `sam20` at once get it once, and a redelivered sale counts its use once (with
//! its conversion).

use super::{BrandReads, Moment, Write};
use crate::domain::conversion::Conversion;
use crate::domain::promo_code::{canonical, CodeOutcome, PromoCode, MAX_CODES_PER_PARTICIPANT};
use crate::domain::Participant;

/// A code asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPromoCode {
    /// Checked by [`parse_code`](crate::domain::promo_code::parse_code).
    pub code: String,
    pub stripe_promotion_code: Option<String>,
}

/// Why a code was not given, or not disabled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PromoCodeRefusal {
    /// No such participant of this member (or no such code of theirs).
    NotFound,
    /// The participant was erased.
    Erased,
    /// The code is, or was, someone's in this brand (the same participant's too: a code is
    /// given once).
    Taken,
    /// The Stripe promotion code is another code's already.
    StripeCodeTaken,
    /// The participant has as many codes as one may have.
    TooMany,
}

/// A code as a decision leaves it, and the writes that keep it; or why nothing changes.
pub type Decided = Result<(PromoCode, Vec<Write>), PromoCodeRefusal>;

/// Decides giving the member's participant `participant_id` the code `new`.
pub fn decide_promo_code<R: BrandReads + ?Sized>(
    reads: &R,
    member_id: u64,
    participant_id: u64,
    new: &NewPromoCode,
    moment: &Moment,
) -> Result<Decided, R::Error> {
    let Some(participant) = reads.participant(participant_id)?.filter(|p| p.member_id == member_id) else {
        return Ok(Err(PromoCodeRefusal::NotFound));
    };
    if participant.is_erased() {
        return Ok(Err(PromoCodeRefusal::Erased));
    }
    if reads.promo_code(participant.brand_id, &canonical(&new.code))?.is_some() {
        return Ok(Err(PromoCodeRefusal::Taken));
    }
    if let Some(stripe) = &new.stripe_promotion_code {
        if reads.promo_code_by_stripe(participant.brand_id, stripe)?.is_some() {
            return Ok(Err(PromoCodeRefusal::StripeCodeTaken));
        }
    }
    if reads.promo_codes_of(participant.id)?.len() >= MAX_CODES_PER_PARTICIPANT {
        return Ok(Err(PromoCodeRefusal::TooMany));
    }
    let code = PromoCode {
        code: new.code.clone(),
        brand_id: participant.brand_id,
        campaign_id: participant.campaign_id,
        participant_id: participant.id,
        stripe_promotion_code: new.stripe_promotion_code.clone(),
        created_at: moment.at.clone(),
        disabled_at: None,
        uses: 0,
        conversions: 0,
        revenue: Default::default(),
    };
    Ok(Ok((code.clone(), vec![Write::PromoCode(Box::new(code))])))
}

/// Decides disabling the member's participant's code `code`: it attributes nothing from now
/// on and stays reserved. Disabling twice changes nothing the second time.
pub fn decide_disable_promo_code<R: BrandReads + ?Sized>(
    reads: &R,
    member_id: u64,
    participant_id: u64,
    code: &str,
    moment: &Moment,
) -> Result<Decided, R::Error> {
    let Some(participant) = reads.participant(participant_id)?.filter(|p| p.member_id == member_id) else {
        return Ok(Err(PromoCodeRefusal::NotFound));
    };
    let Some(mut found) =
        reads.promo_code(participant.brand_id, &canonical(code))?.filter(|c| c.participant_id == participant.id)
    else {
        return Ok(Err(PromoCodeRefusal::NotFound));
    };
    if found.disabled_at.is_some() {
        return Ok(Ok((found, Vec::new())));
    }
    found.disabled_at = Some(moment.at.clone());
    Ok(Ok((found.clone(), vec![Write::PromoCode(Box::new(found))])))
}

/// What a new conversion that carried `code` makes of it: the outcome, and the code's counts
/// with this sale added. `None` when the code is none of the customer's campaign's (no such
/// code, or another campaign's: a sale recorded in each of a brand's campaigns counts a use
/// only in the code's own). `customer` is the participant the sale is credited to.
pub(super) fn count_use<R: BrandReads + ?Sized>(
    reads: &R,
    customer: &Participant,
    conversion: &Conversion,
    code: &str,
) -> Result<Option<(CodeOutcome, PromoCode)>, R::Error> {
    let found = reads.promo_code(customer.brand_id, &canonical(code))?;
    let Some(mut found) = found.filter(|c| c.campaign_id == customer.campaign_id) else { return Ok(None) };
    let owner = reads.participant(found.participant_id)?;
    let owner_out = match &owner {
        Some(owner) => owner.is_erased() || reads.blocked(owner.campaign_id, owner.id)?.is_some(),
        None => true,
    };
    let outcome = if found.disabled_at.is_some() || owner_out {
        CodeOutcome::Disabled
    } else if customer.id == found.participant_id {
        CodeOutcome::SelfReferral
    } else if customer.referred_by == Some(found.participant_id) {
        CodeOutcome::Credited
    } else {
        CodeOutcome::AlreadyBound
    };
    found.uses += 1;
    if outcome == CodeOutcome::Credited {
        found.conversions += 1;
        if let (Some(amount), Some(currency)) = (&conversion.amount, &conversion.currency) {
            let cents = crate::domain::money::cents(amount).unwrap_or(0);
            *found.revenue.entry(currency.clone()).or_default() += cents;
        }
    }
    Ok(Some((outcome, found)))
}
