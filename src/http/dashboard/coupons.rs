//! A campaign's coupon pool: its counts, and codes uploaded from a file (one code a line, or
//! a CSV whose first column is the code) with what became of every line.
//!
//! The form is `multipart/form-data`, so a file input works without any script; with ours,
//! the page shows the upload's progress. The file goes through the same parser and the same
//! brand actor as `POST /campaigns/:id/coupons`, and fills waiting rewards the same way.
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/campaigns/{id}/coupons` | the pool and the upload form |
//! | `POST /dashboard/campaigns/{id}/coupons` | the upload; answers with its counts |

use actix_multipart::Multipart;
use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use futures_util::TryStreamExt;
use maud::{html, Markup};

use super::page::refusal_status;
use super::page::TOKEN_FIELD;
use super::page::{self, PageError, Viewer};
use super::session::SignedIn;
use crate::domain::coupon::{ParsedCodes, MAX_CODES_PER_UPLOAD};
use crate::domain::Campaign;
use crate::http::answers::CouponUpload;
use crate::http::campaigns::{coupon_campaign, import_coupons, MAX_COUPON_UPLOAD_BYTES};
use crate::http::error::ApiError;
use crate::http::state::AppState;

/// Refused lines listed on the result page (all are counted).
const INVALID_SHOWN: usize = 100;

fn upload_form(signed_in: &SignedIn, campaign: &Campaign, error: Option<&str>) -> Markup {
    html! {
        form.card #upload method="post" enctype="multipart/form-data" data-upload
            action={ "/dashboard/campaigns/" (campaign.id) "/coupons" } {
            h2 { "Upload codes" }
            (page::token_field(&signed_in.form_token))
            @if let Some(error) = error { p.error role="alert" { (error) } }
            label for="codes" { "A file of codes" }
            input #codes type="file" name="codes" accept=".csv,.txt,text/csv,text/plain" required aria-describedby="codes-hint";
            p.hint #codes-hint {
                "One code a line, or a CSV whose first column is the code; up to " (MAX_CODES_PER_UPLOAD)
                " codes and " (MAX_COUPON_UPLOAD_BYTES / (1024 * 1024)) " MB a file. Codes already in the pool are skipped."
            }
            progress #upload-progress max="100" value="0" hidden {}
            button type="submit" { "Upload" }
        }
    }
}

async fn pool_section(state: &AppState, campaign: &Campaign) -> Result<Markup, PageError> {
    let pool = state.store.coupon_pool(campaign.id).await?;
    let counters = state.store.counters(campaign.id).await?;
    Ok(html! {
        (page::numbers(&[
            ("Uploaded", pool.uploaded),
            ("Available", pool.available()),
            ("Used", pool.assigned),
            ("Rewards waiting for a code", counters.rewards_pending),
        ]))
    })
}

async fn pool_page(
    state: &AppState,
    signed_in: &SignedIn,
    campaign: &Campaign,
    result: Option<&CouponUpload>,
    error: Option<&str>,
) -> Result<Markup, PageError> {
    let content = html! {
        p { (page::back_to(campaign)) }
        @if let Some(done) = result {
            section.card aria-labelledby="result" role="status" {
                h2 #result { "Upload done" }
                (page::numbers(&[
                    ("Added", done.added),
                    ("Duplicates skipped", done.skipped_duplicates),
                    ("Blank lines", done.skipped_blank),
                    ("Invalid lines", done.invalid.len() as u64),
                    ("Waiting rewards filled", done.pending_filled),
                ]))
                @if !done.invalid.is_empty() {
                    h3 { "Invalid lines" }
                    ul {
                        @for line in done.invalid.iter().take(INVALID_SHOWN) { li { "Line " (line.line) ": " (line.reason) } }
                    }
                    @if done.invalid.len() > INVALID_SHOWN { p.hint { "The first " (INVALID_SHOWN) " are listed." } }
                }
            }
        }
        section aria-labelledby="pool" {
            h2 #pool { "The pool now" }
            (pool_section(state, campaign).await?)
        }
        (upload_form(signed_in, campaign, error))
    };
    Ok(page::page(&Viewer::of(signed_in), &format!("Coupons of {}", campaign.name), None, content))
}

/// `GET /dashboard/campaigns/{id}/coupons`.
pub async fn show(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let campaign = coupon_campaign(&state, &signed_in.member, *id).await?;
    Ok(page::ok(pool_page(&state, &signed_in, &campaign, None, None).await?))
}

/// The upload's form token and file, read with the upload's size limit.
async fn read_upload(req: &HttpRequest, payload: web::Payload) -> Result<(Option<String>, Option<Vec<u8>>), PageError> {
    let unreadable = |e: actix_multipart::MultipartError| {
        tracing::debug!(reason = %e, "dashboard upload refused");
        PageError::BadForm("the upload could not be read: send the form again")
    };
    let mut parts = Multipart::new(req.headers(), payload);
    let (mut token, mut file, mut seen) = (None, None, 0usize);
    while let Some(mut field) = parts.try_next().await.map_err(unreadable)? {
        let name = field.name().unwrap_or_default().to_owned();
        let mut bytes = Vec::new();
        while let Some(chunk) = field.try_next().await.map_err(unreadable)? {
            // The limit is the whole form's, however many parts it has.
            seen += chunk.len();
            if seen > MAX_COUPON_UPLOAD_BYTES {
                return Err(ApiError::PayloadTooLarge { limit: MAX_COUPON_UPLOAD_BYTES }.into());
            }
            bytes.extend_from_slice(&chunk);
        }
        match name.as_str() {
            TOKEN_FIELD => token = Some(String::from_utf8_lossy(&bytes).into_owned()),
            "codes" => file = Some(bytes),
            _ => {}
        }
    }
    Ok((token, file))
}

/// `POST /dashboard/campaigns/{id}/coupons`.
pub async fn upload(
    req: HttpRequest,
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    payload: web::Payload,
) -> Result<HttpResponse, PageError> {
    let (token, file) = read_upload(&req, payload).await?;
    // Nothing is looked at before the form is known to be the member's own.
    signed_in.check_form(&req, &state, token.as_deref())?;
    let campaign = coupon_campaign(&state, &signed_in.member, *id).await?;
    let Some(file) = file.filter(|f| !f.is_empty()) else {
        let markup = pool_page(&state, &signed_in, &campaign, None, Some("Choose a file of codes first.")).await?;
        return Ok(page::respond(StatusCode::BAD_REQUEST, markup));
    };
    match import_coupons(&state, &signed_in.member, &campaign, ParsedCodes::from_csv(&file)).await {
        Ok(done) => Ok(page::ok(pool_page(&state, &signed_in, &campaign, Some(&done), None).await?)),
        Err(refused) => {
            let (status, message) = refusal_status(refused)?;
            Ok(page::respond(status, pool_page(&state, &signed_in, &campaign, None, Some(&message)).await?))
        }
    }
}
