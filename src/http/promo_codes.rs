//! `POST`/`GET /participants/:id/promo-codes` and `DELETE /participants/:id/promo-codes/:code`:
//! a partner's readable codes (`domain::promo_code`), given and disabled through the brand's
//! actor, with what each did.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::actors::brand::{CreatePromoCode, DisablePromoCode};
use crate::domain::engine::NewPromoCode;
use crate::domain::promo_code::{parse_code, parse_stripe_promotion_code, PromoCode};
use crate::http::authenticated::AuthenticatedMember;
use crate::http::json::JsonBody;
use crate::http::{envelope, ownership, ApiError, AppState};
use crate::store::StoreError;
use crate::views;

/// Body of `POST /participants/:id/promo-codes`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with code and an optional stripe_promotion_code", deny_unknown_fields)]
#[schema(example = json!({"code": "SAM20", "stripe_promotion_code": "promo_1Q2w3E"}))]
pub struct PromoCodeBody {
    /// 3 to 32 letters, digits, `-` or `_`; unique in the brand without regard to case, and
    /// never given twice.
    code: String,
    /// The Stripe promotion code that is this code at checkout (`promo_…`): a Stripe sale
    /// whose discount names it carries this code.
    #[serde(default)]
    stripe_promotion_code: Option<String>,
}

/// `POST /participants/:id/promo-codes`: 201 with the code; 409 `promo_code_taken` when the
/// code is, or ever was, someone's in the brand.
pub async fn create(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<PromoCodeBody>,
) -> Result<HttpResponse, ApiError> {
    let code = NewPromoCode {
        code: parse_code(&body.code)?,
        stripe_promotion_code: body.stripe_promotion_code.as_deref().map(parse_stripe_promotion_code).transpose()?,
    };
    let (participant, _) = ownership::participant(&state, &member, *id).await?;
    let message = CreatePromoCode { member_id: member.id, participant_id: participant.id, code };
    let created = state.brands.get(participant.brand_id).send(message).await??;
    Ok(envelope::created(shown(&state, &created).await?))
}

/// `GET /participants/:id/promo-codes`: the participant's codes with their numbers.
pub async fn list(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let (participant, _) = ownership::participant(&state, &member, *id).await?;
    let promo_codes = shown_of(&state, participant.brand_id, participant.id).await?;
    Ok(envelope::ok(views::PromoCodeList { promo_codes }))
}

/// `DELETE /participants/:id/promo-codes/:code`: the code attributes nothing from now on and
/// stays reserved; 200 with it.
pub async fn disable(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    path: web::Path<(u64, String)>,
) -> Result<HttpResponse, ApiError> {
    let (id, code) = path.into_inner();
    let (participant, _) = ownership::participant(&state, &member, id).await?;
    let message = DisablePromoCode { member_id: member.id, participant_id: participant.id, code };
    let disabled = state.brands.get(participant.brand_id).send(message).await??;
    Ok(envelope::ok(shown(&state, &disabled).await?))
}

/// A participant's codes as the API shows them, with their links on the brand's site, read
/// with one read of the brand (shared with the dashboard, the portal and the data export).
pub async fn shown_of(
    state: &AppState,
    brand_id: u64,
    participant_id: u64,
) -> Result<Vec<views::PromoCodeView>, StoreError> {
    let codes = state.store.promo_codes_of(participant_id).await?;
    if codes.is_empty() {
        return Ok(Vec::new());
    }
    let brand_url = state.store.brand(brand_id).await?.map(|b| b.url);
    Ok(codes.iter().map(|c| views::promo_code(c, brand_url.as_deref())).collect())
}

/// A code as the API shows it, with its readable link on the brand's site.
async fn shown(state: &AppState, code: &PromoCode) -> Result<views::PromoCodeView, ApiError> {
    let brand_url = state.store.brand(code.brand_id).await?.map(|b| b.url);
    Ok(views::promo_code(code, brand_url.as_deref()))
}
