//! `POST /p/{id}/promo-code {csrf, code}`: the signed-in participant asks for a promo code of
//! their own, where the campaign lets them (`promo_codes.self_serve`). The same checks as the
//! owner's `POST /participants/:id/promo-codes`, through the brand's actor: 3 to 32 letters,
//! digits, `-` or `_`, unique in the brand without regard to case, never given twice. A code
//! refused shows the page again with why; one given goes back to the page.

use actix_web::http::{header, StatusCode};
use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::access;
use super::home::{self, Notice};
use super::pages::{in_language, portal_path, PortalError};
use super::sign_in::form_of;
use crate::actors::brand::{BrandError, CreatePromoCode};
use crate::domain::engine::NewPromoCode;
use crate::domain::promo_code::parse_code;
use crate::http::AppState;

/// The promo code form.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PortalPromoCodeForm {
    /// The session's form token, from the page.
    pub csrf: String,
    /// 3 to 32 letters, digits, `-` or `_`.
    #[schema(example = "SAM20")]
    pub code: String,
}

/// `POST /p/{id}/promo-code`.
pub async fn ask(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, PortalError> {
    let (campaign, look) = access::portal_of(&req, &state, &id).await?;
    let t = look.texts;
    let form: PortalPromoCodeForm = form_of(&body, t)?;
    let signed = access::signed_in_or_refused(&req, &state, &campaign, t, "portal-session-ended").await?;
    access::check_form(&req, &state, &signed, t, &form.csrf)?;
    let refused = |status, key| home::refused(&state, &campaign, &look, &signed, status, Notice::CodeRefused(key));
    if !campaign.promo_codes.self_serve {
        return Ok(refused(StatusCode::FORBIDDEN, "portal-promo-code-invalid").await?);
    }
    let Ok(code) = parse_code(&form.code) else {
        return Ok(refused(StatusCode::BAD_REQUEST, "portal-promo-code-invalid").await?);
    };
    let message = CreatePromoCode {
        member_id: campaign.member_id,
        participant_id: signed.participant.id,
        code: NewPromoCode { code, stripe_promotion_code: None },
    };
    match state.brands.get(campaign.brand_id).send(message).await? {
        Ok(_) => {}
        Err(BrandError::PromoCodeTaken(_)) => {
            return Ok(refused(StatusCode::CONFLICT, "portal-promo-code-taken").await?)
        }
        Err(BrandError::Invalid(_)) => return Ok(refused(StatusCode::BAD_REQUEST, "portal-promo-code-invalid").await?),
        Err(other) => return Err(other.into()),
    }
    let saved = format!("{}?saved=code", portal_path(campaign.id));
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, format!("{}#promo-codes", in_language(&saved, t))))
        .finish())
}
