//! `POST /api/widget/signup`: the public signup of the embeddable widget. No credential; the
//! campaign names its owner. CORS for any origin and a per-address rate limit are wrapped
//! around it in [`super::configure`].
//!
//! It runs the same signup as `POST /signups/referral` (same brand actor message, so the same
//! goal and reward rules and the same webhook event), with two differences a public form
//! needs:
//! - The referrer comes from `referral_code`, or from `ref`, the host page's `ref` parameter
//!   as the widget script passes it on: a referral code, or the domain of one of the
//!   campaign's domain participants whose website is proven (whole-domain referrals). A
//!   referrer that is malformed, stale, unproven or of another campaign does not block the
//!   visitor: they are signed up without one.
//! - It takes no `domain`: a partner site is added by the programme's owner, not by whoever
//!   types its domain into a public form.
//! - The answer is the same 201 with the same shape whether or not the email was already in
//!   the campaign (then it carries that participant's own referral link), and it holds only
//!   the referral code and link: no name, email, id or reward of anyone, so it cannot be used
//!   to read who is registered. (The code encodes the participant id, as the spec's code
//!   format requires; comparing ids could hint at an email's age, which we accept.)

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::actors::brand::SignupOutcome;
use crate::domain::engine::NewParticipant;
use crate::domain::language::Language;
use crate::domain::participant::parse_participant_name;
use crate::domain::{EmailAddress, Participant};
use crate::http::answers::{WidgetParticipant, WidgetReward, WidgetSignupAnswer};
use crate::http::json::JsonBody;
use crate::http::query::body_id;
use crate::http::signups::send;
use crate::http::Code;
use crate::http::{envelope, ApiError, AppState};
use crate::views;

/// Body of `POST /api/widget/signup`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with campaign_id, email, and optional name, referral_code, ref and domain")]
#[schema(as = WidgetSignupBody)]
pub struct WidgetSignup {
    #[schema(value_type = u64, minimum = 1, required = true)]
    campaign_id: Option<Value>,
    email: String,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    referral_code: Option<String>,
    /// The host page's `ref`: a referral code or a domain participant's domain.
    #[serde(default, rename = "ref")]
    referrer: Option<String>,
    /// Refused when given: a partner site is added by the programme's owner and proves its
    /// domain.
    #[serde(default)]
    domain: Option<String>,
    /// The language the frame was shown in: the participant's emails are written in it.
    #[serde(default)]
    language: Option<String>,
}

/// `POST /api/widget/signup`: 201 `{participant: {campaign_id, referral_code, referral_link}}`.
pub async fn signup(
    state: web::Data<AppState>,
    req: HttpRequest,
    JsonBody(body): JsonBody<WidgetSignup>,
) -> Result<HttpResponse, ApiError> {
    let campaign_id = body_id("campaign_id", body.campaign_id.as_ref())?;
    let campaign = state.store.campaign(campaign_id).await?.ok_or_else(|| ApiError::not_found("campaign"))?;
    // A disabled member's campaigns take no signups; to the public they do not exist.
    let member = state
        .store
        .member(campaign.member_id)
        .await?
        .filter(|m| !m.disabled)
        .ok_or_else(|| ApiError::not_found("campaign"))?;
    let who = NewParticipant {
        email: EmailAddress::parse(&body.email)?,
        name: parse_participant_name(body.name.as_deref())?,
        domain: widget_domain(body.domain.as_deref())?,
        // The visitor's own client: the widget sees it.
        client: Some(crate::http::client::print(&state.auth.client_prints, &req)),
        language: Language::parse_preference("language", body.language.as_deref())?,
    };
    let email = who.email.clone();
    let referral = match body.referral_code.as_deref().or(body.referrer.as_deref()) {
        Some(given) => crate::http::attribution::referrer(&state, &campaign, given).await?,
        None => None,
    };
    let campaign = std::sync::Arc::new(campaign);
    let mut outcome = send(&state, &member, None, campaign.clone(), who.clone(), referral, None).await;
    if referral.is_some()
        && matches!(&outcome, Err(ApiError::Refused { code: Code::InvalidReferralCode | Code::SelfReferral, .. }))
    {
        outcome = send(&state, &member, None, campaign.clone(), who, None, None).await;
    }
    let (participant, reward): (Participant, Option<WidgetReward>) = match outcome {
        Ok(SignupOutcome::Created(signed)) => {
            let reward = signed.reward.as_ref().map(|r| super::widget::widget_reward(&state, r));
            (signed.participant, reward)
        }
        Ok(SignupOutcome::AlreadyReferred { participant, .. }) => (*participant, None),
        Err(ApiError::Refused { code: Code::ParticipantExists, .. }) | Ok(SignupOutcome::Replay(_)) => {
            let known = crate::store::participant_by_address(&state.store, &campaign, &email)
                .await?
                .ok_or_else(|| ApiError::Internal("existing participant not found by email".into()))?;
            (known, None)
        }
        // Said to a visitor: the owner's plan is the owner's business.
        Err(ApiError::Refused { code: Code::PlanLimitReached, .. }) => {
            return Err(ApiError::refused(
                Code::PlanLimitReached,
                "this campaign is not taking new signups right now; please try again later",
            ))
        }
        Err(other) => return Err(other),
    };
    let view = views::participant(&participant, &state.public_url);
    Ok(envelope::created(WidgetSignupAnswer {
        participant: WidgetParticipant {
            campaign_id: campaign.id,
            referral_code: view.referral_code,
            referral_link: view.referral_link,
        },
        reward,
    }))
}

/// The widget takes no website: anyone could type a partner's domain there and stand in
/// its way. A partner site joins through the programme's owner (`POST /signups` with
/// `domain`, or the dashboard) and then proves it (`/participants/:id/domain-proof`).
fn widget_domain(given: Option<&str>) -> Result<Option<String>, crate::domain::ValidationError> {
    match given.map(str::trim) {
        None | Some("") => Ok(None),
        Some(_) => Err(crate::domain::ValidationError::new(
            "domain",
            "domain is not taken by the widget: a partner site is added by the programme's owner, then proves its \
             domain",
        )),
    }
}
