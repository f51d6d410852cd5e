//! `GET /p/{id}/qr.svg`: the signed-in participant's referral link as a QR code, an SVG made
//! by the `qrcode` crate, for a poster or a phone held up to another.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};
use qrcode::render::svg;
use qrcode::QrCode;

use super::access;
use super::pages::PortalError;
use crate::domain::referral_code::{referral_link, ReferralCode};
use crate::http::{ApiError, AppState};

/// `GET /p/{id}/qr.svg`: 401 when not signed in to that campaign's portal.
pub async fn svg(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, PortalError> {
    let (campaign, look) = access::portal_of(&req, &state, &id).await?;
    let signed = access::signed_in_or_refused(&req, &state, &campaign, look.texts, "portal-qr-signed-out").await?;
    let link = referral_link(&state.public_url, &ReferralCode::link(campaign.id, signed.participant.id).encode());
    // A referral link is far shorter than the most a QR code holds (2,953 bytes).
    let code = QrCode::new(link.as_bytes()).map_err(|e| ApiError::Internal(format!("QR code: {e}")))?;
    let image = code.render::<svg::Color<'_>>().min_dimensions(200, 200).quiet_zone(true).build();
    Ok(HttpResponse::Ok()
        .content_type("image/svg+xml")
        .insert_header((header::CACHE_CONTROL, "private, no-store"))
        .insert_header((header::CONTENT_SECURITY_POLICY, "default-src 'none'; style-src 'unsafe-inline'"))
        .body(image))
}
