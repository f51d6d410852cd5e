//! Signup endpoints: `POST /signups` (a participant joins a campaign) and
//! `POST /signups/referral` (joins through a referral code: the referral is recorded and the
//! goal and reward rules applied). Both honour `Idempotency-Key`.

use std::sync::Arc;

use actix_web::{web, HttpRequest, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::authenticated::SignupCaller;
use super::error::ApiError;
use super::json::JsonBody;
use super::query::body_id;
use super::state::AppState;
use super::{client, envelope, idempotency, ownership};
use crate::actors::brand::{SignedUp, Signup, SignupOutcome};
use crate::domain::engine::{NewParticipant, ReferralEdge, Signed};
use crate::domain::language::Language;
use crate::domain::participant::{parse_participant_domain, parse_participant_name};
use crate::domain::{Campaign, EmailAddress, Member, ReferralCode};
use crate::http::Code;
use crate::views;

/// Body of `POST /signups`.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(expecting = "a JSON object with campaign_id, email, name and optional domain")]
#[schema(example = json!({"campaign_id": 7, "email": "grace@example.com", "name": "Grace"}))]
pub struct SignupBody {
    #[schema(value_type = u64, minimum = 1, required = true)]
    campaign_id: Option<Value>,
    email: String,
    /// At most 200 characters.
    #[serde(default)]
    name: Option<String>,
    /// A partner site (bare domain or URL): makes a domain participant.
    #[serde(default)]
    domain: Option<String>,
    /// The end user's IP address, as your backend saw it: for the fraud rules that compare
    /// clients (only a keyed hash is kept, for 30 days).
    #[serde(default)]
    ip: Option<String>,
    /// The end user's browser user agent, with `ip`. At most 1,024 characters.
    #[serde(default)]
    user_agent: Option<String>,
    /// The participant's language, a tag such as `es` or `pt-BR` (what their page was in):
    /// their emails are written in it. One not shipped means the campaign's.
    #[serde(default)]
    language: Option<String>,
}

/// Body of `POST /signups/referral`.
#[derive(Deserialize, Serialize, ToSchema)]
#[serde(expecting = "a JSON object with referral_code, email and name")]
#[schema(example = json!({"referral_code": "NzpsaW5rOjEy", "email": "grace@example.com", "name": "Grace"}))]
pub struct ReferralSignupBody {
    referral_code: String,
    email: String,
    #[serde(default)]
    name: Option<String>,
    /// The end user's IP address, as your backend saw it: a referral signup from the
    /// referrer's own address is held with `same_address` (only a keyed hash is kept, for
    /// 30 days).
    #[serde(default)]
    ip: Option<String>,
    /// The end user's browser user agent, with `ip`. At most 1,024 characters.
    #[serde(default)]
    user_agent: Option<String>,
    /// The participant's language, a tag such as `es` or `pt-BR` (what their page was in):
    /// their emails are written in it. One not shipped means the campaign's.
    #[serde(default)]
    language: Option<String>,
}

/// `POST /signups`: 201 with the participant; 409 when the email is already in the campaign.
pub async fn signup(
    state: web::Data<AppState>,
    SignupCaller { member, key }: SignupCaller,
    req: HttpRequest,
    JsonBody(body): JsonBody<SignupBody>,
) -> Result<HttpResponse, ApiError> {
    let idempotency = idempotency::from_request(&req, member.id, &body)?;
    let site = state.public_url.clone();
    let answer =
        move |signed: &Signed| views::SignupAnswer { participant: views::participant(&signed.participant, &site) };
    let campaign_id = body_id("campaign_id", body.campaign_id.as_ref())?;
    let campaign = ownership::signup_campaign(&state, &member, campaign_id).await?;
    let who = NewParticipant {
        email: EmailAddress::parse(&body.email)?,
        name: parse_participant_name(body.name.as_deref())?,
        domain: parse_participant_domain(body.domain.as_deref())?,
        client: client::named(&state.auth.client_prints, body.ip.as_deref(), body.user_agent.as_deref())?,
        language: Language::parse_preference("language", body.language.as_deref())?,
    };
    let outcome = send(&state, &member, key, campaign, who, None, idempotency).await?;
    Ok(match outcome {
        SignupOutcome::Created(signed) => envelope::created(answer(&signed)),
        SignupOutcome::Replay(record) => idempotency::replay(&record, answer),
        // Only referral signups can find an existing inviter.
        SignupOutcome::AlreadyReferred { .. } => {
            return Err(ApiError::Refused {
                code: Code::ParticipantExists,
                message: "this email is already a participant of the campaign".into(),
            })
        }
    })
}

/// `POST /signups/referral`: 201 with `participant`, `reward` (the new participant's, for
/// two-way rewards) and `referrer_reward` (what this signup earned the referrer). Someone
/// already referred by another participant keeps their inviter: 200 with a `message`.
pub async fn referral_signup(
    state: web::Data<AppState>,
    SignupCaller { member, key }: SignupCaller,
    req: HttpRequest,
    JsonBody(body): JsonBody<ReferralSignupBody>,
) -> Result<HttpResponse, ApiError> {
    let idempotency = idempotency::from_request(&req, member.id, &body)?;
    let site = state.public_url.clone();
    let answer = move |signed: &Signed| views::referral_signup(signed, &site);
    let invalid_code = || ApiError::refused(Code::InvalidReferralCode, "referral_code is not a valid referral code");
    let code = ReferralCode::parse(&body.referral_code).map_err(|_| invalid_code())?;
    // A code for another member's campaign is as invalid as a made-up one.
    let campaign = ownership::signup_campaign(&state, &member, code.campaign_id).await.map_err(|_| invalid_code())?;
    let who = NewParticipant {
        email: EmailAddress::parse(&body.email)?,
        name: parse_participant_name(body.name.as_deref())?,
        domain: None,
        client: client::named(&state.auth.client_prints, body.ip.as_deref(), body.user_agent.as_deref())?,
        language: Language::parse_preference("language", body.language.as_deref())?,
    };
    let edge = ReferralEdge { referrer_id: code.participant_id, invited_id: code.invited_id };
    // A campaign gone since this server last saw it is found missing in the decision.
    let outcome = send(&state, &member, key, campaign, who, Some(edge), idempotency).await.map_err(|e| match e {
        ApiError::NotFound(_) => invalid_code(),
        e => e,
    })?;
    Ok(match outcome {
        SignupOutcome::Created(signed) => envelope::created(answer(&signed)),
        SignupOutcome::Replay(record) => idempotency::replay(&record, answer),
        SignupOutcome::AlreadyReferred { participant, by_same_referrer } => {
            let message = if by_same_referrer {
                "this participant was already referred by this referrer; nothing changed"
            } else {
                "this participant was already referred by someone else; the referral chain is unchanged"
            };
            envelope::ok(views::ReferralSignupAnswer {
                participant: views::participant(&participant, &state.public_url),
                reward: None,
                referrer_reward: None,
                referrer: None,
                message: Some(message),
            })
        }
    })
}

/// Sends the signup to the campaign's brand actor; its answer comes once it is durable.
/// `key` is the digest of the API key the request came with alone, which the decision checks
/// again; the member's plan applies (as the decision reads it).
pub(crate) async fn send(
    state: &AppState,
    member: &Member,
    key: Option<[u8; 32]>,
    campaign: Arc<Campaign>,
    who: NewParticipant,
    referral: Option<ReferralEdge>,
    idempotency: Option<crate::store::IdempotencyWrite>,
) -> Result<SignupOutcome, ApiError> {
    let actor = state.brands.get(campaign.brand_id);
    let message = Signup { campaign, member_id: member.id, who, referral, idempotency, plan_id: member.plan_id, key };
    let SignedUp { outcome } = actor.send(message).await?;
    let outcome = outcome?;
    if let SignupOutcome::Created(signed) = &outcome {
        state.deliver(signed.deliveries.clone());
    }
    Ok(outcome)
}
