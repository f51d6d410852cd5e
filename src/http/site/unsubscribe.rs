//! `GET|POST /unsubscribe/{token}`: the link in every email to a participant, and in the
//! member's daily digest. The token is signed (`auth::unsubscribe`), so it unsubscribes
//! exactly the participant it was made for, from exactly one campaign; a digest's token turns
//! off that campaign's digest and nothing else.
//!
//! GET only shows a page with a button: mail scanners and link previews fetch links, and
//! must not unsubscribe anyone. POST unsubscribes: the page's button, and mail programs'
//! one-click unsubscribe (RFC 8058, `List-Unsubscribe-Post`), which posts to the link.

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};

use super::page;
use crate::actors::brand::{StopDigest, Unsubscribe};
use crate::actors::BrandError;
use crate::auth::unsubscribe::Unsubscriber;
use crate::domain::language::Language;
use crate::domain::translations::Texts;
use crate::domain::Campaign;
use crate::http::error::ApiError;
use crate::http::language;
use crate::http::state::AppState;

/// The page for a link that names nothing (anymore).
fn gone(texts: Texts) -> HttpResponse {
    page::notice(StatusCode::NOT_FOUND, texts, "unsubscribe-invalid-title", "unsubscribe-invalid")
}

/// The page's language, whom the token names and their campaign; or the page saying the
/// link names nothing (anymore).
async fn linked(
    req: &HttpRequest,
    state: &AppState,
    token: &str,
) -> Result<Result<(Texts, Unsubscriber, Campaign), HttpResponse>, ApiError> {
    let t = Texts(language::of_request(req, Language::default()));
    let Some(who) = state.auth.unsubscribe.verify(token) else { return Ok(Err(gone(t))) };
    let Some(campaign) = state.store.campaign(who.campaign_id).await? else { return Ok(Err(gone(t))) };
    Ok(Ok((t, who, campaign)))
}

/// `GET /unsubscribe/{token}`: asks to confirm.
pub async fn confirm(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (t, who, campaign) = match linked(&req, &state, &token).await? {
        Ok(linked) => linked,
        Err(gone) => return Ok(gone),
    };
    let asked = match who.participant_id {
        Some(_) => "unsubscribe-question",
        None => "unsubscribe-question-digest",
    };
    let question =
        html_escape::encode_text(&t.with(asked, &[("campaign", campaign.name.as_str().into())])).into_owned();
    let (title, button) = (t.text("unsubscribe-title"), t.text("unsubscribe-button"));
    let (lang, dir) = (t.language().tag(), t.language().direction());
    let body = format!(
        "<!doctype html>\n<html lang=\"{lang}\" dir=\"{dir}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{title}</title><link rel=\"stylesheet\" href=\"/assets/lander.css\"></head>\
         <body class=\"template-centered\"><main id=\"app\"><header><h1>{title}</h1></header>\
         <p>{question}</p>\
         <form method=\"post\"><button type=\"submit\">{button}</button></form></main></body></html>\n"
    );
    Ok(HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .insert_header((
            header::CONTENT_SECURITY_POLICY,
            "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
        ))
        .insert_header((header::X_FRAME_OPTIONS, "DENY"))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .body(body))
}

/// `POST /unsubscribe/{token}`: unsubscribes, then says so. Again is the same answer.
pub async fn unsubscribe(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let (t, who, campaign) = match linked(&req, &state, &token).await? {
        Ok(linked) => linked,
        Err(gone) => return Ok(gone),
    };
    let brand = state.brands.get(campaign.brand_id);
    let (outcome, said) = match who.participant_id {
        Some(participant_id) => {
            (brand.send(Unsubscribe { campaign_id: campaign.id, participant_id }).await?, "unsubscribed")
        }
        None => (brand.send(StopDigest { campaign_id: campaign.id }).await?, "unsubscribed-digest"),
    };
    match outcome {
        Ok(()) => {}
        Err(BrandError::NotFound(_)) => return Ok(gone(t)),
        Err(e) => return Err(e.into()),
    }
    Ok(page::notice(StatusCode::OK, t, "unsubscribed-title", said))
}
