//! `GET /lander?campaign_id=` and `PUT /lander?campaign_id=`: a campaign's landing page
//! settings. The page itself is public, at `/l/<campaign_id>` (see `site::lander`).

use actix_web::{web, HttpResponse};

use super::answers;
use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::query::{id_filter, ListQuery};
use super::state::AppState;
use super::{envelope, ownership};
use crate::actors::brand::SetLander;
use crate::domain::lander::{Lander, LanderInput};
use crate::domain::{Brand, Campaign, Member};
use crate::http::Code;

/// The campaign named by `?campaign_id=` (required), owned by the member.
async fn campaign_of(state: &AppState, member: &Member, query: &ListQuery) -> Result<Campaign, ApiError> {
    let id = id_filter("campaign_id", query.campaign_id.as_deref())?
        .ok_or_else(|| ApiError::refused(Code::InvalidQuery, "campaign_id is required"))?;
    ownership::campaign(state, member, id).await
}

/// `GET /lander?campaign_id=`: `{lander, brand, social_urls}`; the default template with the
/// brand's background image when the campaign has no lander of its own.
pub async fn get(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let campaign = campaign_of(&state, &member, &query).await?;
    let brand = ownership::brand(&state, &member, campaign.brand_id).await?;
    let stored = state.store.lander(campaign.id).await?;
    let (lander, custom) = crate::domain::lander::Lander::configured_or_default(stored, &campaign);
    Ok(envelope::ok(view(&lander, custom, &campaign, &brand, &state.public_url)))
}

/// `PUT /lander?campaign_id=`: sets any of template, header_text, footer_text, background
/// {color, image_url}, fonts {heading, body} and social_urls; from then on the campaign's
/// referral links land on its lander. Answers like `GET`.
pub async fn put(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
    JsonBody(input): JsonBody<LanderInput>,
) -> Result<HttpResponse, ApiError> {
    let campaign = campaign_of(&state, &member, &query).await?;
    let brand = ownership::brand(&state, &member, campaign.brand_id).await?;
    let lander = set_lander(&state, &member, &campaign, input).await?;
    Ok(envelope::ok(view(&lander, true, &campaign, &brand, &state.public_url)))
}

/// Saves the member's campaign's lander settings, durably (the API's `PUT /lander` and the
/// dashboard's lander page).
pub async fn set_lander(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
    input: LanderInput,
) -> Result<Lander, ApiError> {
    let message = SetLander { campaign_id: campaign.id, member_id: member.id, input };
    let lander = state.brands.get(campaign.brand_id).send(message).await??;
    Ok(lander)
}

/// The lander as the API shows it. `background.image_url` is what the page shows: the
/// lander's own image, else the brand's background.
pub fn view(lander: &Lander, custom: bool, campaign: &Campaign, brand: &Brand, site: &str) -> answers::LanderAnswer {
    answers::LanderAnswer {
        lander: answers::Lander {
            campaign_id: campaign.id,
            template: lander.template.clone(),
            custom,
            header_text: lander.header_text.clone(),
            footer_text: lander.footer_text.clone(),
            background: answers::LanderBackground {
                color: lander.background_color.clone(),
                image_url: lander.background_image(brand.background_url.as_ref()).cloned(),
            },
            fonts: answers::LanderFonts { heading: lander.heading_font.clone(), body: lander.body_font.clone() },
            page_url: format!("{site}/l/{}", campaign.id),
            updated_at: lander.updated_at.clone(),
        },
        brand: answers::LanderBrand { domain: brand.domain.clone(), logo_url: brand.logo_url.clone() },
        social_urls: lander.social_urls.clone(),
    }
}
