//! Signing in to a portal and out of it.
//!
//! - `POST /p/{id}/sign-in {email}`: answers the same page whoever asked ("if that address
//!   belongs to a participant, a link is on its way"), limited per address and per email.
//!   The look-up and the email happen after the answer, so its timing tells nothing either.
//! - `GET /p/{id}/enter/{secret}`: the link in that email. It only shows a button: a mail
//!   scanner that fetches links must not use the link up.
//! - `POST /p/{id}/enter/{secret}`: takes the link (it works once: `take_portal_pass`),
//!   opens a 30-day session, and goes to the portal.
//! - `POST /p/{id}/sign-out`: ends the session on the server and clears the cookie.

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};

use serde::Deserialize;
use utoipa::ToSchema;

use super::access::{self, now_ms};
use super::pages::{self, page, portal_path, PortalError, Refusal};
use crate::auth::dashboard::SessionId;
use crate::domain::campaign_emails::{render, EmailTemplate, RenderedEmail, Values};
use crate::domain::portal::{PassKind, PortalPass};
use crate::domain::translations::Texts;
use crate::domain::{Campaign, EmailAddress, Participant};
use crate::emails::transport::Sent;
use crate::http::{ApiError, AppState};

/// A form body of the shape `T`; a 400 page for anything else.
pub fn form_of<T: serde::de::DeserializeOwned>(body: &[u8], texts: Texts) -> Result<T, Refusal> {
    serde_urlencoded::from_bytes(body).map_err(|_| {
        Refusal::new(texts, StatusCode::BAD_REQUEST, "portal-form-unreadable-title", "portal-form-unreadable")
    })
}

/// The sign-in form.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PortalSignInForm {
    /// The address the participant joined with.
    #[schema(format = Email, max_length = 254)]
    pub email: String,
}

/// A signed-in form with nothing but its token (sign out).
#[derive(Debug, Deserialize, ToSchema)]
pub struct PortalSignOutForm {
    /// The session's form token, from the page.
    pub csrf: String,
}

/// A rate limit's refusal as a page.
fn limited(e: ApiError, campaign_id: u64, t: Texts) -> PortalError {
    match e {
        ApiError::RateLimited { retry_after_secs, .. } => {
            let minutes = retry_after_secs.div_ceil(60);
            let text = t.with("portal-too-many", &[("minutes", minutes.into())]);
            Refusal::saying(t, StatusCode::TOO_MANY_REQUESTS, "portal-too-many-title", text).back_to(campaign_id).into()
        }
        other => other.into(),
    }
}

/// `POST /p/{id}/sign-in`.
pub async fn request(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, PortalError> {
    let (campaign, look) = access::portal_of(&req, &state, &id).await?;
    let t = look.texts;
    access::from_our_site(&req, &state, t)?;
    let form: PortalSignInForm = form_of(&body, t)?;
    let Some(sender) = state.portal_mail.clone() else {
        let form = pages::sign_in_form(&look, campaign.id, None, false);
        return Ok(page(StatusCode::CONFLICT, &look, form));
    };
    let Ok(email) = EmailAddress::parse(&form.email) else {
        let problem = Some("portal-email-invalid");
        return Ok(page(StatusCode::BAD_REQUEST, &look, pages::sign_in_form(&look, campaign.id, problem, true)));
    };
    let address = crate::http::client::address(&req);
    state.limiters.portal_address.check(&address).map_err(|e| limited(e, campaign.id, t))?;
    state.limiters.portal_email.check(&email.as_str().to_lowercase()).map_err(|e| limited(e, campaign.id, t))?;
    let campaign_id = campaign.id;
    let state = state.into_inner();
    actix_web::rt::spawn(async move {
        let participant = crate::store::participant_by_address(&state.store, &campaign, &email).await;
        match participant {
            Ok(Some(participant)) if !participant.is_erased() => {
                send_link(&state, &sender, t, &campaign, &participant).await;
            }
            Ok(_) => tracing::info!(campaign_id = campaign.id, "portal sign-in asked for by no participant"),
            Err(error) => tracing::warn!(%error, campaign_id = campaign.id, "portal sign-in link not sent"),
        }
    });
    Ok(page(StatusCode::OK, &look, pages::link_on_its_way(t, campaign_id)))
}

/// Makes a sign-in link for the participant and emails it, once (they ask again if it does
/// not arrive), in the language of the page they asked from.
async fn send_link(
    state: &AppState,
    sender: &crate::emails::SmtpSender,
    t: Texts,
    campaign: &Campaign,
    to: &Participant,
) {
    let (url, _) = match access::sign_in_link(state, to).await {
        Ok((url, expires)) => (pages::in_language(&url, t), expires),
        Err(error) => return tracing::warn!(%error, participant_id = to.id, "portal sign-in link not made"),
    };
    match sender.send_once(&to.email, &sign_in_email(t, campaign, to, &url)).await {
        Sent::Accepted => tracing::info!(participant_id = to.id, "portal sign-in link sent"),
        Sent::Temporary(why) | Sent::Permanent(why) => {
            tracing::warn!(participant_id = to.id, why, "portal sign-in link not sent")
        }
    }
}

/// The email with a sign-in link, in `t`'s language. Its text is a template whose values
/// `render` fills (and escapes in the HTML part), as campaign emails are.
pub fn sign_in_email(t: Texts, campaign: &Campaign, to: &Participant, link: &str) -> RenderedEmail {
    let greeting = if to.name.trim().is_empty() {
        t.text("portal-email-greeting-anonymous")
    } else {
        t.with("portal-email-greeting", &[("name", "{{name}}".into())])
    };
    let body = t.with("portal-email-body", &[("campaign", "{{campaign}}".into())]);
    let template = EmailTemplate {
        enabled: true,
        subject: t.with("portal-email-subject", &[("campaign", "{{campaign}}".into())]),
        text: format!("{greeting}\n\n{body}\n\n{{{{sign_in_link}}}}\n\n{}", t.text("portal-email-expiry")),
    };
    let values = Values::default()
        .with("name", to.name.as_str())
        .with("campaign", campaign.name.as_str())
        .with("sign_in_link", link);
    render(&template, &values)
}

/// An address that is no sign-in link at all (not one of our secrets): 404.
fn not_a_link(t: Texts) -> Refusal {
    Refusal::new(t, StatusCode::NOT_FOUND, "page-not-found-title", "page-not-found")
}

/// A sign-in link that is used, expired, or never was: 410.
fn used_up(t: Texts, campaign_id: u64) -> Refusal {
    Refusal::new(t, StatusCode::GONE, "portal-link-invalid-title", "portal-link-invalid").back_to(campaign_id)
}

/// `GET /p/{id}/enter/{secret}`: a button that signs in, while the link is good.
pub async fn confirm(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, PortalError> {
    let (raw_id, secret) = path.into_inner();
    let (campaign, look) = access::portal_of(&req, &state, &raw_id).await?;
    let t = look.texts;
    let secret_id = SessionId::parse(&secret).ok_or_else(|| not_a_link(t))?;
    let pass = state.store.portal_pass(&secret_id.digest()).await?;
    if !pass.is_some_and(|p| p.admits(PassKind::SignInLink, campaign.id, now_ms())) {
        return Err(used_up(t, campaign.id).into());
    }
    Ok(page(StatusCode::OK, &look, pages::confirm_sign_in(t, campaign.id, &secret)))
}

/// `POST /p/{id}/enter/{secret}`: uses the link up and opens a session.
pub async fn enter(
    req: HttpRequest,
    state: web::Data<AppState>,
    path: web::Path<(String, String)>,
) -> Result<HttpResponse, PortalError> {
    let (raw_id, secret) = path.into_inner();
    let (campaign, look) = access::portal_of(&req, &state, &raw_id).await?;
    let t = look.texts;
    access::from_our_site(&req, &state, t)?;
    let secret = SessionId::parse(&secret).ok_or_else(|| not_a_link(t))?;
    let now = now_ms();
    let pass = state.store.take_portal_pass(&secret.digest()).await?;
    let pass =
        pass.filter(|p| p.admits(PassKind::SignInLink, campaign.id, now)).ok_or_else(|| used_up(t, campaign.id))?;
    let participant = state.store.participant(pass.participant_id).await?;
    let participant = participant.filter(|p| p.campaign_id == campaign.id && !p.is_erased());
    let participant = participant.ok_or_else(|| used_up(t, campaign.id))?;
    let session = SessionId::generate();
    state.store.create_portal_pass(&session.digest(), &PortalPass::session(campaign.id, participant.id, now)).await?;
    tracing::info!(participant_id = participant.id, campaign_id = campaign.id, "portal session started");
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, pages::in_language(&portal_path(campaign.id), t)))
        .cookie(access::cookie(&state, campaign.id, Some(&session)))
        .finish())
}

/// `POST /p/{id}/sign-out`.
pub async fn sign_out(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, PortalError> {
    let (campaign, look) = access::portal_of(&req, &state, &id).await?;
    let form: PortalSignOutForm = form_of(&body, look.texts)?;
    if let Some(signed) = access::signed_in(&req, &state, &campaign).await? {
        access::check_form(&req, &state, &signed, look.texts, &form.csrf)?;
        state.store.take_portal_pass(&signed.session.digest()).await?;
        tracing::info!(participant_id = signed.participant.id, campaign_id = campaign.id, "portal session ended");
    }
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, pages::in_language(&portal_path(campaign.id), look.texts)))
        .cookie(access::cookie(&state, campaign.id, None))
        .finish())
}
