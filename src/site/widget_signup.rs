//! `POST /api/widget/signup`: the public signup of the embeddable widget. No credential; the
//! campaign names its owner. CORS for any origin and a per-address rate limit are wrapped
//! around it in [`super::configure`].
//!
//! It runs the same signup as `POST /signups/referral` (same brand actor message, so the same
//! goal and reward rules and the same webhook event), with two differences a public form
//! needs:
//! - A referral code that is malformed, stale or of another campaign does not block the
//!   visitor: they are signed up without a referral.
//! - The answer is the same 201 with the same shape whether or not the email was already in
//!   the campaign (then it carries that participant's own referral link), and it holds only
//!   the referral code and link: no name, email, id or reward of anyone, so it cannot be used
//!   to read who is registered. (The code encodes the participant id, as the spec's code
//!   format requires; comparing ids could hint at an email's age, which we accept.)

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::actors::brand::{Render, SignupOutcome};
use crate::domain::participant::parse_participant_name;
use crate::domain::{EmailAddress, Participant, ReferralCode};
use crate::http::json::JsonBody;
use crate::http::query::body_id;
use crate::http::signups::send;
use crate::http::{envelope, views, ApiError, AppState};
use crate::store::ReferralEdge;

/// Body of `POST /api/widget/signup`.
#[derive(Deserialize)]
#[serde(expecting = "a JSON object with campaign_id, email, and optional name and referral_code")]
pub struct WidgetSignup {
    campaign_id: Option<Value>,
    email: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    referral_code: Option<String>,
}

/// `POST /api/widget/signup`: 201 `{participant: {campaign_id, referral_code, referral_link}}`.
pub async fn signup(
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<WidgetSignup>,
) -> Result<HttpResponse, ApiError> {
    let campaign_id = body_id("campaign_id", body.campaign_id.as_ref())?;
    let campaign = state.store.campaign(campaign_id)?.ok_or_else(|| ApiError::not_found("campaign"))?;
    // A disabled member's campaigns take no signups; to the public they do not exist.
    let member = state
        .store
        .member(campaign.member_id)?
        .filter(|m| !m.disabled)
        .ok_or_else(|| ApiError::not_found("campaign"))?;
    let email = EmailAddress::parse(&body.email)?;
    let name = parse_participant_name(body.name.as_deref())?;
    let referral = body
        .referral_code
        .as_deref()
        .and_then(|code| ReferralCode::parse(code).ok())
        .filter(|code| code.campaign_id == campaign.id)
        .map(|code| ReferralEdge { referrer_id: code.participant_id, invited_id: code.invited_id });
    // No Idempotency-Key here, so nothing is rendered for a stored answer.
    let render = || -> Render { Box::new(|_| (201, String::new())) };
    let mut outcome = send(&state, &member, &campaign, email.clone(), name.clone(), referral, None, render()).await;
    if referral.is_some()
        && matches!(&outcome, Err(ApiError::BadRequest { code: "invalid_referral_code" | "self_referral", .. }))
    {
        outcome = send(&state, &member, &campaign, email.clone(), name, None, None, render()).await;
    }
    let participant: Participant = match outcome {
        Ok(SignupOutcome::Created(signed)) => signed.participant,
        Ok(SignupOutcome::AlreadyReferred { participant, .. }) => *participant,
        Err(ApiError::Conflict { code: "participant_exists", .. }) | Ok(SignupOutcome::Replay(_)) => state
            .store
            .participant_by_email(campaign.id, &email)?
            .ok_or_else(|| ApiError::Internal("existing participant not found by email".into()))?,
        Err(other) => return Err(other),
    };
    let view = views::participant(&participant, &state.public_url);
    Ok(envelope::created(json!({
        "participant": {
            "campaign_id": campaign.id,
            "referral_code": view.referral_code,
            "referral_link": view.referral_link,
        },
    })))
}
