//! `GET|POST /unsubscribe/{token}`: the link in every email to a participant, and in the
//! member's daily digest. The token is signed (`auth::unsubscribe`), so it unsubscribes
//! exactly the participant it was made for, from exactly one campaign; a digest's token turns
//! off that campaign's digest and nothing else.
//!
//! GET only shows a page with a button: mail scanners and link previews fetch links, and
//! must not unsubscribe anyone. POST unsubscribes: the page's button, and mail programs'
//! one-click unsubscribe (RFC 8058, `List-Unsubscribe-Post`), which posts to the link.

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpResponse};

use super::page;
use crate::actors::brand::{StopDigest, Unsubscribe};
use crate::actors::BrandError;
use crate::http::error::ApiError;
use crate::http::state::AppState;

const GONE: &str = "This unsubscribe link is not valid, or its campaign no longer exists.";

/// `GET /unsubscribe/{token}`: asks to confirm.
pub async fn confirm(state: web::Data<AppState>, token: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let Some(who) = state.auth.unsubscribe.verify(&token) else {
        return Ok(page::notice(StatusCode::NOT_FOUND, "Link not valid", GONE));
    };
    let Some(campaign) = state.store.campaign(who.campaign_id).await? else {
        return Ok(page::notice(StatusCode::NOT_FOUND, "Link not valid", GONE));
    };
    let name = html_escape::encode_text(&campaign.name);
    let question = match who.participant_id {
        Some(_) => format!("Stop receiving emails from {name}?"),
        None => format!("Stop receiving the daily digest of {name}?"),
    };
    let body = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>Unsubscribe</title><link rel=\"stylesheet\" href=\"/assets/lander.css\"></head>\
         <body class=\"template-centered\"><main id=\"app\"><header><h1>Unsubscribe</h1></header>\
         <p>{question}</p>\
         <form method=\"post\"><button type=\"submit\">Unsubscribe</button></form></main></body></html>\n"
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
pub async fn unsubscribe(state: web::Data<AppState>, token: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let Some(who) = state.auth.unsubscribe.verify(&token) else {
        return Ok(page::notice(StatusCode::NOT_FOUND, "Link not valid", GONE));
    };
    let Some(campaign) = state.store.campaign(who.campaign_id).await? else {
        return Ok(page::notice(StatusCode::NOT_FOUND, "Link not valid", GONE));
    };
    let brand = state.brands.get(campaign.brand_id);
    let (outcome, said) = match who.participant_id {
        Some(participant_id) => (
            brand.send(Unsubscribe { campaign_id: campaign.id, participant_id }).await?,
            "You will get no more emails from this campaign.",
        ),
        None => (
            brand.send(StopDigest { campaign_id: campaign.id }).await?,
            "You will get no more daily digests of this campaign. Turn them on again in the campaign's emails.",
        ),
    };
    match outcome {
        Ok(()) => {}
        Err(BrandError::NotFound(_)) => return Ok(page::notice(StatusCode::NOT_FOUND, "Link not valid", GONE)),
        Err(e) => return Err(e.into()),
    }
    Ok(page::notice(StatusCode::OK, "Unsubscribed", said))
}
