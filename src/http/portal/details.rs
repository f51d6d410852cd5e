//! `POST /p/{id}/payout-details {csrf, method, value}`: the signed-in participant says where
//! to be paid (a PayPal or Wise account's email, or free text), as the member's
//! `PUT /participants/:id/payout-details` does, through the brand's actor. A value the rules
//! refuse shows the page again with why; a saved one goes back to the page.

use actix_web::http::header;
use actix_web::{web, HttpRequest, HttpResponse};

use serde::Deserialize;
use utoipa::ToSchema;

use super::access;
use super::home;
use super::pages::{in_language, portal_path, PortalError};
use super::sign_in::form_of;
use crate::actors::brand::SetPayoutDetails;
use crate::domain::payout::{PayoutDetails, PayoutDetailsInput};
use crate::http::AppState;

/// The payout details form.
#[derive(Debug, Deserialize, ToSchema)]
pub struct PortalDetailsForm {
    /// The session's form token, from the page.
    pub csrf: String,
    /// `paypal`, `wise` or `other`.
    #[schema(example = "paypal")]
    pub method: String,
    /// The account's email (PayPal, Wise), or the details the shop asked for (other).
    #[schema(max_length = 500)]
    pub value: String,
}

/// `POST /p/{id}/payout-details`.
pub async fn save(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
    body: web::Bytes,
) -> Result<HttpResponse, PortalError> {
    let (campaign, look) = access::portal_of(&req, &state, &id).await?;
    let t = look.texts;
    let form: PortalDetailsForm = form_of(&body, t)?;
    let signed = access::signed_in_or_refused(&req, &state, &campaign, t, "portal-session-ended").await?;
    access::check_form(&req, &state, &signed, t, &form.csrf)?;
    let input = PayoutDetailsInput { method: Some(form.method), value: Some(form.value) };
    let details = match PayoutDetails::parse(&input) {
        Ok(details) => details,
        Err(_) => return Ok(home::with_problem(&state, &campaign, &look, &signed).await?),
    };
    let message = SetPayoutDetails {
        member_id: campaign.member_id,
        participant_id: signed.participant.id,
        details: Some(details),
    };
    state.brands.get(campaign.brand_id).send(message).await??;
    let saved = format!("{}?saved=details", portal_path(campaign.id));
    Ok(HttpResponse::SeeOther()
        .insert_header((header::LOCATION, format!("{}#payouts", in_language(&saved, t))))
        .finish())
}
