//! `GET /r/{code}`: a participant's referral link. Counts a click for the campaign and the
//! referrer, and a unique visit once per visitor (which a `visit` goal rewards), then
//! redirects (302) with `ref=<code>` added: to the campaign's lander (`/l/<id>`) when the
//! member configured one, else to the brand's own URL. It never redirects anywhere else, and
//! a failure to count never stops the visitor. Visits are counted per client address up to the
//! page-view limit; beyond it the visitor is redirected all the same, uncounted.
//!
//! A link that is not valid (malformed, of no campaign, of no participant of its campaign)
//! answers a person's browser (its `Accept` names `text/html`) with a small page that says so,
//! or, when the campaign is known, sends them on to the brand's site without a `ref`; any
//! other client gets the 404 envelope.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

use super::page;
use crate::actors::brand::RecordVisit;
use crate::domain::language::Language;
use crate::domain::translations::Texts;
use crate::domain::ReferralCode;
use crate::http::language;
use crate::http::{ApiError, AppState};

/// Cookie that identifies a visitor across visits of referral links.
pub const VISITOR_COOKIE: &str = "ref_visitor";

/// `GET /r/{code}`.
pub async fn follow(
    state: web::Data<AppState>,
    req: HttpRequest,
    code: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let for_a_person = wants_page(&req);
    let not_valid = |brand_url: Option<&str>| -> Result<HttpResponse, ApiError> {
        match (for_a_person, brand_url) {
            (true, Some(url)) => Ok(redirect(url.to_owned(), None)),
            (true, None) => Ok(page::notice(
                actix_web::http::StatusCode::NOT_FOUND,
                Texts(language::of_request(&req, Language::default())),
                "referral-link-invalid-title",
                "referral-link-invalid",
            )),
            (false, _) => Err(ApiError::NotFound("this referral link does not exist".into())),
        }
    };
    let Ok(code) = ReferralCode::parse(&code) else { return not_valid(None) };
    let Some(campaign) = state.store.campaign(code.campaign_id).await? else { return not_valid(None) };
    let Some(brand) = state.store.brand(campaign.brand_id).await? else { return not_valid(None) };
    let (visitor, cookie) = visitor(&state, &req);

    // Over the per-address limit the visit is not counted, but the visitor still goes on.
    let address = crate::http::client::address(&req);
    let outcome = match state.limiters.visits.check(&address) {
        Ok(()) => {
            let message = RecordVisit { campaign_id: campaign.id, participant_id: code.participant_id, visitor };
            Some(state.brands.get(brand.id).send(message).await)
        }
        Err(_) => {
            tracing::debug!("referral visit over the per-address limit: not counted");
            None
        }
    };
    match outcome {
        Some(Ok(Ok(Some(visit)))) => state.deliver(visit.deliveries),
        Some(Ok(Ok(None))) => return not_valid(Some(&brand.url)),
        Some(Ok(Err(error))) => tracing::warn!(%error, "referral visit not recorded; redirecting anyway"),
        Some(Err(error)) => tracing::warn!(%error, "referral visit not recorded; redirecting anyway"),
        None => {}
    }

    // The brand URL was validated as http(s) at creation; only `ref` is added to it.
    let destination = match state.store.lander(campaign.id).await? {
        Some(_) => format!("{}/l/{}", state.public_url, campaign.id),
        None => brand.url.clone(),
    };
    let mut target =
        url::Url::parse(&destination).map_err(|e| ApiError::Internal(format!("stored URL is invalid: {e}")))?;
    target.query_pairs_mut().append_pair("ref", &code.encode());
    Ok(redirect(target.to_string(), cookie))
}

/// A 302 to `location`, never cached, setting the visitor cookie when there is one.
fn redirect(location: String, cookie: Option<String>) -> HttpResponse {
    let mut response = HttpResponse::Found();
    response.insert_header((header::LOCATION, location)).insert_header((header::CACHE_CONTROL, "no-store"));
    if let Some(cookie) = cookie {
        response.insert_header((header::SET_COOKIE, cookie));
    }
    response.finish()
}

/// Whether the client is a browser asking for a page (its `Accept` names `text/html`): a
/// person following a link, who is shown a page rather than the JSON envelope.
fn wants_page(req: &HttpRequest) -> bool {
    req.headers().get(header::ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|accept| accept.contains("text/html"))
}

/// The visitor's identity: the visitor cookie when it is present and well-formed, otherwise
/// the keyed print of the client's address and user agent (see `http::client`), which is then
/// set as the cookie so the next visit is recognised either way. Only that keyed print is
/// stored, never the address.
fn visitor(state: &AppState, req: &HttpRequest) -> ([u8; 16], Option<String>) {
    let from_cookie = req.cookie(VISITOR_COOKIE).and_then(|c| {
        let value = c.value();
        (value.len() == 32).then(|| hex::decode(value).ok()).flatten().and_then(|b| <[u8; 16]>::try_from(b).ok())
    });
    if let Some(id) = from_cookie {
        return (id, None);
    }
    let id = crate::http::client::print(&state.auth.client_prints, req).device;
    let cookie = format!("{VISITOR_COOKIE}={}; Path=/r/; Max-Age=31536000; HttpOnly; SameSite=Lax", hex::encode(id));
    (id, Some(cookie))
}
