//! Who is signed in to a portal, and the passes that let them in (`domain::portal`).
//!
//! - The session's secret is in a cookie on the portal's own path (`/p/{campaign_id}`):
//!   `HttpOnly`, `SameSite=Lax`, `Secure` on an https site. A participant of two campaigns
//!   holds two cookies, and neither is sent anywhere else.
//! - A pass names its campaign and participant. Every page reads the participant the pass
//!   names, and only in the campaign of the path: a session can never show another's data.
//! - A signed-in form must come from our own pages (`Origin`, `Sec-Fetch-Site`, as the
//!   dashboard's) and carry the session's form token.

use actix_web::cookie::{Cookie, SameSite};
use actix_web::http::StatusCode;
use actix_web::HttpRequest;

use super::pages::{portal_path, Look, PortalError, Refusal};
use crate::auth::dashboard::{FormScope, SessionId};
use crate::domain::lander::Lander;
use crate::domain::language::Language;
use crate::domain::portal::{PassKind, PortalPass, SESSION_LIFETIME_MS};
use crate::domain::translations::Texts;
use crate::domain::{Campaign, Participant};
use crate::http::dashboard::session::from_our_pages;
use crate::http::{language, AppState};
use crate::store::StoreError;

/// The cookie that holds a portal session's secret.
pub const COOKIE: &str = "referrals_portal";

pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A participant signed in to their campaign's portal.
pub struct Signed {
    pub participant: Participant,
    pub session: SessionId,
    /// The token the session's forms carry.
    pub form_token: String,
}

/// The participant the request's portal cookie lets into `campaign`'s portal; `None` for no
/// cookie, a pass that is not a live session of that campaign, or a participant since erased.
pub async fn signed_in(req: &HttpRequest, state: &AppState, campaign: &Campaign) -> Result<Option<Signed>, StoreError> {
    let Some(session) = req.cookie(COOKIE).and_then(|c| SessionId::parse(c.value())) else { return Ok(None) };
    let Some(pass) = state.store.portal_pass(&session.digest()).await? else { return Ok(None) };
    if !pass.admits(PassKind::Session, campaign.id, now_ms()) {
        return Ok(None);
    }
    let participant = state.store.participant(pass.participant_id).await?;
    let Some(participant) = participant.filter(|p| p.campaign_id == campaign.id && !p.is_erased()) else {
        return Ok(None);
    };
    let form_token = state.auth.dashboard_forms.token(FormScope::Portal, &session);
    Ok(Some(Signed { participant, session, form_token }))
}

/// The signed-in participant, or a 401 page that says `why` (a message id) and links back
/// to the sign-in form.
pub async fn signed_in_or_refused(
    req: &HttpRequest,
    state: &AppState,
    campaign: &Campaign,
    texts: Texts,
    why: &str,
) -> Result<Signed, PortalError> {
    match signed_in(req, state, campaign).await? {
        Some(signed) => Ok(signed),
        None => {
            let refusal = Refusal::new(texts, StatusCode::UNAUTHORIZED, "portal-signed-out-title", why);
            Err(refusal.back_to(campaign.id).into())
        }
    }
}

/// Refuses (403, a page) a form that another site's page made the browser send.
pub fn from_our_site(req: &HttpRequest, state: &AppState, texts: Texts) -> Result<(), Refusal> {
    from_our_pages(req, state).map_err(|_| Refusal::forged(texts))
}

/// Refuses (403, a page) a signed-in form that is not from our own pages or lacks the
/// session's token.
pub fn check_form(
    req: &HttpRequest,
    state: &AppState,
    signed: &Signed,
    texts: Texts,
    token: &str,
) -> Result<(), Refusal> {
    from_our_site(req, state, texts)?;
    if !state.auth.dashboard_forms.verify(FormScope::Portal, &signed.session, token) {
        return Err(Refusal::forged(texts));
    }
    Ok(())
}

/// The campaign of a portal's path and its look, in the language the request asks for, else
/// the campaign's (see `http::language`); a 404 page for anything else.
pub async fn portal_of(req: &HttpRequest, state: &AppState, raw_id: &str) -> Result<(Campaign, Look), PortalError> {
    let fallback = Texts(language::of_request(req, Language::default()));
    let missing = || Refusal::new(fallback, StatusCode::NOT_FOUND, "page-not-found-title", "page-not-found");
    let id = crate::http::site::widget::id_of(raw_id).ok_or_else(missing)?;
    let campaign = state.store.campaign(id).await?.ok_or_else(missing)?;
    let brand = state.store.brand(campaign.brand_id).await?.ok_or_else(missing)?;
    let (lander, _) = Lander::configured_or_default(state.store.lander(campaign.id).await?, &campaign);
    let texts = Texts(language::of_request(req, campaign.language));
    let look = Look::of(texts, &campaign, &brand, &lander);
    Ok((campaign, look))
}

/// A one-time sign-in link for the participant: kept (its digest) on the server for 15
/// minutes, answered as the URL to open and when it stops working (RFC 3339).
pub async fn sign_in_link(state: &AppState, participant: &Participant) -> Result<(String, String), StoreError> {
    let secret = SessionId::generate();
    let pass = PortalPass::sign_in_link(participant.campaign_id, participant.id, now_ms());
    state.store.create_portal_pass(&secret.digest(), &pass).await?;
    let url = format!("{}{}/enter/{}", state.public_url, portal_path(participant.campaign_id), secret.expose());
    let expires = chrono::DateTime::from_timestamp_millis(pass.expires_at_ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .unwrap_or_default();
    Ok((url, expires))
}

/// The session cookie for `campaign_id`'s portal (no value: its removal).
pub fn cookie(state: &AppState, campaign_id: u64, value: Option<&SessionId>) -> Cookie<'static> {
    let mut cookie = Cookie::build(COOKIE, value.map(SessionId::expose).unwrap_or_default())
        .path(portal_path(campaign_id))
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(state.public_url.starts_with("https://"))
        .max_age(actix_web::cookie::time::Duration::seconds(SESSION_LIFETIME_MS / 1000))
        .finish();
    if value.is_none() {
        cookie.make_removal();
    }
    cookie
}
