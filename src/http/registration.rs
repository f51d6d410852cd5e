//! Who may register, as the operator set it (`members.registration`, see
//! `domain::registration`), and invitations: `POST /members/invitations` (a member's), the
//! admin API's (`refctl members invite`), and their use by `POST /members` and the
//! dashboard's sign-up page.
//!
//! An invitation's link is `{site}/dashboard/register?invitation=<secret>`; the store keeps
//! only the secret's digest. The invited address gets it by email when this server sends
//! email, and whoever invited gets it in the answer, to hand over another way.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::state::AppState;
use super::{envelope, Code};
use crate::auth::dashboard::SessionId;
use crate::auth::password;
use crate::config::Registration;
use crate::domain::campaign_emails::{render, EmailTemplate, RenderedEmail, Values};
use crate::domain::registration::{admission, Invitation, Refused};
use crate::domain::{EmailAddress, Member, MemberName, NewPassword};
use crate::emails::transport::Sent;
use crate::store::EmailTaken;

/// The refusal of a registration the policy does not let in, saying what would.
pub fn closed() -> ApiError {
    ApiError::refused(
        Code::RegistrationClosed,
        "registration on this server is closed: ask its operator (refctl members create) or a member for an invitation",
    )
}

fn invitation_invalid() -> ApiError {
    ApiError::refused(
        Code::InvitationInvalid,
        "this invitation does not admit this address: it was used, it expired, or it was made for another address",
    )
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// Registers a member as `POST /members` and the dashboard's sign-up page do: the fields
/// checked, then the policy (an invitation taken when one comes), then the account made on
/// the default plan.
pub async fn register(
    state: &AppState,
    email: &str,
    name: &str,
    password: &str,
    invitation: Option<&str>,
) -> Result<Member, ApiError> {
    // The fields first, so a mistake is named whatever the policy.
    let address = EmailAddress::parse(email)?;
    MemberName::parse(name)?;
    NewPassword::parse(password, &[email, name])?;
    let open = state.registration == Registration::Open;
    let Some(secret) = invitation else {
        // The first account: one at a time on this server, so two strangers racing the owner
        // at set-up do not both get in (several servers on one database can still race at
        // that one moment; the owner sets one server up first).
        if open {
            // Anyone may register: their campaigns' emails are in their own words only once
            // they confirm their address by the link we send it (the server's first account
            // is its operator's).
            let first = !state.store.has_members().await?;
            let member = create_member(state, email, name, password, state.default_plan, first).await?;
            if !first {
                super::email_confirmation::send_link(state, &member);
            }
            return Ok(member);
        }
        let _first = state.first_account.lock().await;
        admission(open, !state.store.has_members().await?, false)?;
        return create_member(state, email, name, password, state.default_plan, true).await;
    };
    let secret = SessionId::parse(secret.trim()).ok_or_else(invitation_invalid)?;
    let digest = secret.digest();
    // Looked at before it is taken: a link is not used up by a typo in the address or an
    // address that has an account already.
    let looked = state.store.invitation(&digest).await?;
    if !looked.is_some_and(|found| found.admits(&address, now_ms())) {
        return Err(invitation_invalid());
    }
    if state.store.member_by_email(&address).await?.is_some() {
        return Err(email_taken());
    }
    let Some(taken) = state.store.take_invitation(&digest).await? else {
        // Another registration took it between the look and now.
        return Err(invitation_invalid());
    };
    // The invitation came to this address: it is the member's.
    match create_member(state, email, name, password, state.default_plan, true).await {
        Ok(member) => {
            tracing::info!(member_id = member.id, invited_by = ?taken.invited_by, "member registered by invitation");
            Ok(member)
        }
        Err(refused) => {
            // Nothing was registered: the invitation is kept again, for its next use.
            state.store.create_invitation(&digest, &taken).await?;
            Err(refused)
        }
    }
}

/// Validates, hashes the password off the async workers, stores the member durably. Shared
/// by registration (which checks the policy first, [`register`]) and the admin API, which
/// does not. With `confirmed`, the address is taken as the member's (see
/// [`Member::confirmed`]).
pub async fn create_member(
    state: &AppState,
    email: &str,
    name: &str,
    password: &str,
    plan_id: u64,
    confirmed: bool,
) -> Result<Member, ApiError> {
    let email = EmailAddress::parse(email)?;
    let name = MemberName::parse(name)?;
    let password = NewPassword::parse(password, &[email.as_str(), name.as_str()])?;
    // A taken email is found by the store's creation, not by a look before it: its refusal
    // is answered once the member it reports is durable, as a creation is (a look could see
    // a registration still on its way to the disk). The hashing it costs is a registration's.
    let hash = web::block(move || password::hash(password.expose()))
        .await?
        .map_err(|e| ApiError::Internal(format!("password hashing failed: {e}")))?;
    let created = state.store.create_member(&email, name.as_str(), hash, plan_id, confirmed).await?;
    let member = created.map_err(|EmailTaken| email_taken())?;
    tracing::info!(member_id = member.id, "member registered");
    Ok(member)
}

fn email_taken() -> ApiError {
    ApiError::Refused { code: Code::EmailTaken, message: "a member with this email is already registered".into() }
}

/// Warns at start when `members.default_plan` names no stored plan: new members would get no
/// plan's limits and no paid features.
pub async fn check_default_plan(store: &crate::store::SharedStorage, plan_id: u64) {
    match store.plan(plan_id).await {
        Ok(Some(_)) => {}
        Ok(None) => tracing::warn!(
            default_plan = plan_id,
            "members.default_plan names no plan (refctl plans list shows them): new members get no limits and no \
             paid features"
        ),
        Err(error) => tracing::warn!(%error, "the default plan could not be checked"),
    }
}

/// What [`invite`] made: the link, and whether it was emailed.
pub struct Invited {
    pub link: String,
    pub expires_at: String,
    pub emailed: bool,
}

/// Makes an invitation of `email` by `invited_by` (`None`: the operator), and emails its
/// link when this server sends email.
pub async fn invite(state: &AppState, email: &str, invited_by: Option<&Member>) -> Result<Invited, ApiError> {
    let address = EmailAddress::parse(email)?;
    if state.store.member_by_email(&address).await?.is_some() {
        return Err(email_taken());
    }
    let secret = SessionId::generate();
    let invitation = Invitation::new(address.as_str(), invited_by.map(|m| m.id), now_ms());
    state.store.create_invitation(&secret.digest(), &invitation).await?;
    let link = format!("{}/dashboard/register?invitation={}", state.public_url, secret.expose());
    let expires_at = chrono::DateTime::from_timestamp_millis(invitation.expires_at_ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .unwrap_or_default();
    let emailed = match &state.portal_mail {
        Some(sender) => {
            let from = invited_by.map_or_else(|| "The operator of this server".to_owned(), |m| m.name.clone());
            matches!(sender.send_once(address.as_str(), &invitation_email(&from, &link)).await, Sent::Accepted)
        }
        None => false,
    };
    tracing::info!(invited_by = invited_by.map(|m| m.id), emailed, "invitation made");
    Ok(Invited { link, expires_at, emailed })
}

/// The email that carries an invitation's link. Its text is a template whose values
/// `render` fills (and escapes in the HTML part), as campaign emails are.
fn invitation_email(from: &str, link: &str) -> RenderedEmail {
    let template = EmailTemplate {
        enabled: true,
        subject: "{{from}} invites you to a referral programme account".into(),
        text: "{{from}} invites you to create an account on this referral programme server.\n\n\
               Create it here (the link works once, for 7 days):\n\n{{link}}\n"
            .into(),
    };
    render(&template, &Values::default().with("from", from).with("link", link))
}

/// Body of `POST /members/invitations` and `POST /admin/v1/invitations`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with email")]
#[schema(as = InvitationBody, example = json!({"email": "grace@example.com"}))]
pub struct InvitationRequest {
    /// The address the invitation registers (at most 254 characters).
    pub email: String,
}

/// An invitation to register, made.
#[derive(Serialize, ToSchema)]
pub struct InvitationAnswer {
    /// The address it registers.
    pub email: String,
    /// The link that registers it, once: hand it over if it was not emailed.
    pub link: String,
    /// RFC 3339; 7 days after it was made.
    pub expires_at: String,
    /// Whether this server emailed the link to the address.
    pub emailed: bool,
}

/// The answer to an invitation made.
pub fn answer(email: &str, invited: Invited) -> HttpResponse {
    envelope::created(InvitationAnswer {
        email: email.trim().to_owned(),
        link: invited.link,
        expires_at: invited.expires_at,
        emailed: invited.emailed,
    })
}

/// `POST /members/invitations`: 201 with the link; 403 `registration_closed` when this
/// server's registration is closed (only the operator invites then).
pub async fn member_invites(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    JsonBody(body): JsonBody<InvitationRequest>,
) -> Result<HttpResponse, ApiError> {
    if !state.registration.members_invite() {
        return Err(ApiError::refused(
            Code::RegistrationClosed,
            "registration on this server is closed: only its operator invites (refctl members invite)",
        ));
    }
    let invited = invite(&state, &body.email, Some(&member)).await?;
    Ok(answer(&body.email, invited))
}

impl From<Refused> for ApiError {
    fn from(refused: Refused) -> Self {
        match refused {
            Refused::Closed => closed(),
            Refused::InvitationInvalid => invitation_invalid(),
        }
    }
}
