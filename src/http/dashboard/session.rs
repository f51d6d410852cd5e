//! Who is signed in, and whether a form may change anything: the session cookie, the
//! extractors every dashboard handler takes, and the forgery checks of posted forms.
//!
//! - [`SignedIn`]: a page for a signed-in member. The cookie's session must exist on the
//!   server, be live, and belong to a member who is not disabled; otherwise the visitor is
//!   sent to the sign-in page.
//! - [`SignedInForm`]: a form a signed-in member posted. On top of that, the request must come
//!   from our own pages (`Origin` and `Sec-Fetch-Site`) and carry the session's form token, and
//!   it takes one from the member's write allowance, as API writes do.
//! - [`VisitorForm`]: the sign-in and registration forms, bound the same way to a random form
//!   cookie since there is no session yet.
//!
//! A refused form changes nothing: the checks run before the handler.

use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::Payload;
use actix_web::http::header;
use actix_web::{web, FromRequest, HttpRequest, HttpResponse};
use futures_util::future::LocalBoxFuture;

use super::form::FormData;
use super::page::{PageError, Viewer, TOKEN_FIELD};
use crate::auth::dashboard::{FormScope, SessionId};
use crate::domain::dashboard_session::{DashboardSession, SESSION_LIFETIME_MS};
use crate::domain::Member;
use crate::http::state::AppState;

/// The cookie that holds the session id.
pub const SESSION_COOKIE: &str = "referrals_session";
/// The cookie that binds the sign-in and registration forms before there is a session.
pub const VISITOR_COOKIE: &str = "referrals_form";
/// Where the cookies apply: the dashboard only, never the API or the public site.
const COOKIE_PATH: &str = "/dashboard";

fn state(req: &HttpRequest) -> Result<web::Data<AppState>, PageError> {
    req.app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| PageError::internal("application state missing".into()))
}

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// A cookie of ours: `HttpOnly`, on the dashboard's path, `Secure` when the site is served
/// over https.
fn cookie(
    state: &AppState,
    name: &'static str,
    value: String,
    same_site: SameSite,
    max_age_secs: i64,
) -> Cookie<'static> {
    Cookie::build(name, value)
        .path(COOKIE_PATH)
        .http_only(true)
        .same_site(same_site)
        .secure(state.public_url.starts_with("https://"))
        .max_age(actix_web::cookie::time::Duration::seconds(max_age_secs))
        .finish()
}

/// A signed-in member and their session.
pub struct SignedIn {
    pub member: Member,
    pub session: SessionId,
    /// The token this session's forms carry.
    pub form_token: String,
    /// Rewards held for review across the member's campaigns: the count the navigation shows.
    pub held_rewards: u64,
}

impl<'a> Viewer<'a> {
    /// The signed-in member, for a page's header.
    pub fn of(signed_in: &'a SignedIn) -> Self {
        Self::Member { member: &signed_in.member, form_token: &signed_in.form_token, held: signed_in.held_rewards }
    }
}

impl SignedIn {
    async fn from_cookie(req: &HttpRequest) -> Result<Self, PageError> {
        let state = state(req)?;
        let session =
            req.cookie(SESSION_COOKIE).and_then(|c| SessionId::parse(c.value())).ok_or(PageError::SignedOut)?;
        let stored = state.store.dashboard_session(&session.digest()).await?.ok_or(PageError::SignedOut)?;
        if !stored.is_live(now_ms()) {
            return Err(PageError::SignedOut);
        }
        let member = state.store.member(stored.member_id).await?.filter(|m| !m.disabled).ok_or(PageError::SignedOut)?;
        let form_token = state.auth.dashboard_forms.token(FormScope::Session, &session);
        let counted = crate::store::counters_of_member(&state.store, member.id).await?;
        let held_rewards = counted.iter().map(|(_, counters)| counters.rewards.held).sum();
        Ok(Self { member, session, form_token, held_rewards })
    }

    /// Whether a form this member posted may change something: it came from our own pages
    /// and carries this session's token (in the form, or in `X-CSRF-Token` from a script).
    /// Takes one from the member's write allowance. For forms read by their handler (file
    /// uploads); [`SignedInForm`] does the same for the others.
    pub fn check_form(&self, req: &HttpRequest, state: &AppState, token: Option<&str>) -> Result<(), PageError> {
        from_our_pages(req, state)?;
        let token = token.or_else(|| req.headers().get("x-csrf-token")?.to_str().ok());
        if !token.is_some_and(|t| state.auth.dashboard_forms.verify(FormScope::Session, &self.session, t)) {
            return Err(PageError::Forged);
        }
        state.limiters.member_writes.check(&self.member.id)?;
        Ok(())
    }
}

impl FromRequest for SignedIn {
    type Error = PageError;
    type Future = LocalBoxFuture<'static, Result<Self, PageError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move { Self::from_cookie(&req).await })
    }
}

/// A form posted by a signed-in member, checked against forgery.
pub struct SignedInForm {
    pub signed_in: SignedIn,
    pub form: FormData,
}

impl FromRequest for SignedInForm {
    type Error = PageError;
    type Future = LocalBoxFuture<'static, Result<Self, PageError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let body = FormData::from_request(&req, payload);
        Box::pin(async move {
            let signed_in = SignedIn::from_cookie(&req).await?;
            let state = state(&req)?;
            // Another site's form is refused before its body is read (`check_form` repeats it).
            from_our_pages(&req, &state)?;
            let form = body.await?;
            signed_in.check_form(&req, &state, form.get(TOKEN_FIELD))?;
            Ok(Self { signed_in, form })
        })
    }
}

/// A sign-in or registration form, checked against forgery with the visitor's form cookie.
pub struct VisitorForm {
    pub form: FormData,
}

impl FromRequest for VisitorForm {
    type Error = PageError;
    type Future = LocalBoxFuture<'static, Result<Self, PageError>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let req = req.clone();
        let body = FormData::from_request(&req, payload);
        Box::pin(async move {
            let state = state(&req)?;
            from_our_pages(&req, &state)?;
            let form = body.await?;
            let visitor =
                req.cookie(VISITOR_COOKIE).and_then(|c| SessionId::parse(c.value())).ok_or(PageError::Forged)?;
            let token = form.get(TOKEN_FIELD).unwrap_or_default();
            if !state.auth.dashboard_forms.verify(FormScope::Visitor, &visitor, token) {
                return Err(PageError::Forged);
            }
            Ok(Self { form })
        })
    }
}

/// The token for a visitor's sign-in or registration form, and the cookie to set when the
/// visitor has none yet (a form cookie lasts a day; the page is simply reloaded after that).
pub fn visitor_token(req: &HttpRequest, state: &AppState) -> (String, Option<Cookie<'static>>) {
    match req.cookie(VISITOR_COOKIE).and_then(|c| SessionId::parse(c.value())) {
        Some(visitor) => (state.auth.dashboard_forms.token(FormScope::Visitor, &visitor), None),
        None => {
            let visitor = SessionId::generate();
            let token = state.auth.dashboard_forms.token(FormScope::Visitor, &visitor);
            (token, Some(cookie(state, VISITOR_COOKIE, visitor.expose(), SameSite::Strict, 24 * 60 * 60)))
        }
    }
}

/// Refuses a form that a page of another site made the browser send. Browsers name the
/// page's origin in `Origin` on every form post, and say in `Sec-Fetch-Site` whether it is
/// ours; the origin must be the site's public one or the host the request was sent to. A
/// request that names neither (not a browser) still needs the form token.
pub(crate) fn from_our_pages(req: &HttpRequest, state: &AppState) -> Result<(), PageError> {
    if let Some(site) = req.headers().get("sec-fetch-site") {
        if !matches!(site.as_bytes(), b"same-origin" | b"none") {
            return Err(PageError::Forged);
        }
    }
    let Some(origin) = req.headers().get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin.to_str().map_err(|_| PageError::Forged)?;
    let public = url::Url::parse(&state.public_url).map(|u| u.origin().ascii_serialization()).ok();
    if public.as_deref() == Some(origin) {
        return Ok(());
    }
    let host = req.headers().get(header::HOST).and_then(|h| h.to_str().ok());
    let parsed = url::Url::parse(origin).map_err(|_| PageError::Forged)?;
    let origin_host = match (parsed.host_str(), parsed.port()) {
        (Some(name), Some(port)) => format!("{name}:{port}"),
        (Some(name), None) => name.to_owned(),
        (None, _) => return Err(PageError::Forged),
    };
    if host.is_some_and(|h| h.eq_ignore_ascii_case(&origin_host)) {
        Ok(())
    } else {
        Err(PageError::Forged)
    }
}

/// Starts a session for `member` and answers with a redirect to `to` that sets its cookie.
pub async fn sign_in(state: &AppState, member: &Member, to: &str) -> Result<HttpResponse, PageError> {
    let id = SessionId::generate();
    state.store.create_session(&id.digest(), &DashboardSession::starting(member.id, now_ms())).await?;
    tracing::info!(member_id = member.id, "dashboard session started");
    let session = cookie(state, SESSION_COOKIE, id.expose(), SameSite::Lax, SESSION_LIFETIME_MS / 1000);
    let mut ended_form = cookie(state, VISITOR_COOKIE, String::new(), SameSite::Strict, 0);
    ended_form.make_removal();
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, to.to_owned()))
        .cookie(session)
        .cookie(ended_form)
        .finish())
}

/// Ends the session on the server (the cookie is worthless from now on, wherever a copy
/// of it is) and answers with a redirect to the sign-in page that clears the cookie.
pub async fn sign_out(state: &AppState, signed_in: &SignedIn) -> Result<HttpResponse, PageError> {
    state.store.end_session(&signed_in.session.digest()).await?;
    tracing::info!(member_id = signed_in.member.id, "dashboard session ended");
    let mut cleared = cookie(state, SESSION_COOKIE, String::new(), SameSite::Lax, 0);
    cleared.make_removal();
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, "/dashboard/sign-in?notice=signed-out"))
        .cookie(cleared)
        .finish())
}
