//! Who a signup or a sale is credited to, in the order `docs/api.md#attribution` states: a
//! customer already bound to a partner stays bound; then a promo code; then a checkout
//! reference; then the remembered visit (which reaches a signup as its `ref`). Shared by the
//! widget's signup, Stripe's deliveries and `POST /conversions`.

use std::sync::Arc;

use crate::actors::brand::SignupOutcome;
use crate::domain::brand_url::parse_domain;
use crate::domain::domain_proof::{proven, ProofSubject};
use crate::domain::engine::{NewParticipant, ReferralEdge};
use crate::domain::promo_code::{canonical, PromoCode};
use crate::domain::{Campaign, EmailAddress, ReferralCode};
use crate::http::signups::send;
use crate::http::{ApiError, AppState, Code};

/// Longest `ref` looked at; longer values are no referrer at all.
pub(crate) const MAX_REF_LEN: usize = 512;

/// The referral edge a `ref` value (or a checkout's reference) names in `campaign`: a
/// referral code of the campaign, one of its promo codes that is enabled (`?ref=SAM20`), or
/// the domain of one of its domain participants whose website is proven. Anything else is no
/// referrer.
pub(crate) async fn referrer(
    state: &AppState,
    campaign: &Campaign,
    given: &str,
) -> Result<Option<ReferralEdge>, ApiError> {
    let given = given.trim();
    if given.is_empty() || given.len() > MAX_REF_LEN {
        return Ok(None);
    }
    if let Ok(code) = ReferralCode::parse(given) {
        return Ok((code.campaign_id == campaign.id)
            .then_some(ReferralEdge { referrer_id: code.participant_id, invited_id: code.invited_id }));
    }
    if let Some(code) = promo_code(state, campaign, given).await? {
        return Ok(code
            .disabled_at
            .is_none()
            .then_some(ReferralEdge { referrer_id: code.participant_id, invited_id: None }));
    }
    let Ok(domain) = parse_domain("ref", given) else { return Ok(None) };
    let Some(referrer_id) = state.store.domain_participant_in(campaign.id, &domain).await? else { return Ok(None) };
    // A partner site refers only once its owner proved it (`domain::domain_proof`).
    let subject = ProofSubject::Participant(referrer_id);
    let proofs = state.store.domain_proofs(&[subject]).await?;
    Ok(proven(&proofs, subject, Some(&domain)).then_some(ReferralEdge { referrer_id, invited_id: None }))
}

/// The campaign's promo code that `given` names: its text (compared without case) or, as a
/// Stripe discount names it, its Stripe promotion code's id. Enabled or not.
pub(crate) async fn promo_code(
    state: &AppState,
    campaign: &Campaign,
    given: &str,
) -> Result<Option<PromoCode>, ApiError> {
    Ok(brand_promo_code(state, campaign.brand_id, given).await?.filter(|c| c.campaign_id == campaign.id))
}

/// The brand's promo code that `given` names, of whichever campaign (see [`promo_code`]).
pub(crate) async fn brand_promo_code(
    state: &AppState,
    brand_id: u64,
    given: &str,
) -> Result<Option<PromoCode>, ApiError> {
    let given = given.trim();
    if given.is_empty() || given.len() > MAX_REF_LEN {
        return Ok(None);
    }
    let found = match given.starts_with("promo_") {
        true => state.store.promo_code_by_stripe(brand_id, given).await?,
        false => None,
    };
    match found {
        Some(found) => Ok(Some(found)),
        None => Ok(state.store.promo_code(brand_id, &canonical(given)).await?),
    }
}

/// What a sale says of who paid.
pub(crate) struct Sale<'a> {
    pub email: Option<&'a EmailAddress>,
    /// The processor's ids of the customer (`stripe:cus_…`).
    pub customers: &'a [String],
    /// The campaign's promo code the sale carried.
    pub promo_code: Option<&'a PromoCode>,
    /// A checkout's reference to a partner (a referral code, in any form [`referrer`] takes).
    pub reference: Option<&'a str>,
}

/// Who a sale is credited to in `campaign`, in the order of attribution: the participant the
/// processor's customer is bound to; else the participant with the sale's email; else, for an
/// email never seen, a new participant: the promo code's owner's referral (unreferred when the
/// code is disabled), or the checkout reference's. `None`: the customer is nobody here. New
/// participants' ids are added to `created`.
pub(crate) async fn customer(
    state: &AppState,
    campaign: &Campaign,
    sale: &Sale<'_>,
    created: &mut Vec<u64>,
) -> Result<Option<u64>, ApiError> {
    for customer in sale.customers {
        if let Some(bound) = state.store.customer_participant(campaign.id, customer).await? {
            return Ok(Some(bound));
        }
    }
    let Some(email) = sale.email else { return Ok(None) };
    if let Some(known) = crate::store::participant_by_address(&state.store, campaign, email).await? {
        return Ok(Some(known.id));
    }
    let referral = match (sale.promo_code, sale.reference) {
        // A disabled code credits nobody, but the sale is still recorded, unreferred.
        (Some(code), _) if code.disabled_at.is_some() => None,
        (Some(code), _) => Some(ReferralEdge { referrer_id: code.participant_id, invited_id: None }),
        (None, Some(reference)) => match referrer(state, campaign, reference).await? {
            Some(edge) => Some(edge),
            None => return Ok(None),
        },
        (None, None) => return Ok(None),
    };
    let Some(member) = state.store.member(campaign.member_id).await?.filter(|m| !m.disabled) else { return Ok(None) };
    let who = NewParticipant { email: email.clone(), name: String::new(), domain: None, client: None, language: None };
    match send(state, &member, None, Arc::new(campaign.clone()), who, referral, None).await {
        Ok(SignupOutcome::Created(signed)) => {
            created.push(signed.participant.id);
            Ok(Some(signed.participant.id))
        }
        // A delivery at the same moment signed them up first.
        Ok(SignupOutcome::AlreadyReferred { participant, .. }) => Ok(Some(participant.id)),
        Ok(SignupOutcome::Replay(_)) | Err(ApiError::Refused { code: Code::ParticipantExists, .. }) => {
            Ok(crate::store::participant_by_address(&state.store, campaign, email).await?.map(|p| p.id))
        }
        // A code the signup refuses (its owner's own email, a stale code) or a full plan makes
        // no participant: the sale is nobody's, and a processor need not retry.
        Err(ApiError::Refused { code, message }) => {
            tracing::info!(campaign_id = campaign.id, code = code.as_str(), %message, "a customer was not signed up");
            Ok(None)
        }
        Err(other) => Err(other),
    }
}
