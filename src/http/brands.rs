//! Brand endpoints: `GET/POST /brands`, `GET/PUT/DELETE /brands/:id`, `GET /brands/:id/stats`.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::answers::{BrandList, BrandStats, Deleted};
use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::query::ListQuery;
use super::state::AppState;
use super::{envelope, ownership};
use crate::actors::brand::{DeleteBrand, UpdateBrand};
use crate::domain::brand::MAX_DESCRIPTION_CHARS;
use crate::domain::brand_url::parse_http_url;
use crate::domain::ids::IdKind;
use crate::domain::pagination::Page;
use crate::domain::plan::{LimitReached, Quota};
use crate::domain::CampaignCounters;
use crate::domain::{now_rfc3339, Brand, BrandUrl, Member, ValidationError};
use crate::http::Code;
use crate::store::{BrandRefused, DomainTaken};
use crate::views;

/// Body of `POST /brands`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with url and optional description and logo_url")]
#[schema(as = BrandCreate, example = json!({"url": "https://shop.example.com", "description": "Our shop"}))]
pub struct NewBrand {
    /// The website; its domain is extracted (`www.` and the port dropped). A bare domain is
    /// read as https. At most 2,048 characters.
    pub url: String,
    /// At most 2,000 characters.
    #[serde(default)]
    pub description: Option<String>,
    /// An http(s) image URL.
    #[serde(default)]
    pub logo_url: Option<String>,
}

/// Body of `PUT /brands/:id`; null removes an image.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with description, logo_url or background_url")]
#[schema(as = BrandUpdate)]
pub struct BrandChanges {
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default, deserialize_with = "crate::domain::present")]
    #[schema(value_type = Option<String>)]
    pub logo_url: Option<Option<String>>,
    #[serde(default, deserialize_with = "crate::domain::present")]
    #[schema(value_type = Option<String>)]
    pub background_url: Option<Option<String>>,
}

fn description(raw: Option<&str>) -> Result<String, ValidationError> {
    crate::domain::description(raw, MAX_DESCRIPTION_CHARS)
}

fn image_url(field: &'static str, raw: Option<&str>) -> Result<Option<String>, ValidationError> {
    raw.filter(|s| !s.trim().is_empty()).map(|s| parse_http_url(field, s).map(|u| u.to_string())).transpose()
}

/// `GET /brands`: the member's brands, newest first.
pub async fn list(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    let (brands, total) = state.store.brands_of_member(member.id, page).await?;
    Ok(envelope::ok(BrandList {
        brands: brands.iter().map(views::brand).collect(),
        pagination: Page::new(page, total),
    }))
}

/// `POST /brands`: 201; 409 when the member already has a brand on that domain.
pub async fn create(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    JsonBody(body): JsonBody<NewBrand>,
) -> Result<HttpResponse, ApiError> {
    Ok(envelope::created(views::brand(&create_brand(&state, &member, body).await?)))
}

/// Creates a brand for the member, durably (shared with the dashboard).
pub async fn create_brand(state: &AppState, member: &Member, body: NewBrand) -> Result<Brand, ApiError> {
    let url = BrandUrl::parse(&body.url)?;
    let brand = Brand {
        id: state.store.next_id(IdKind::Brand).await?,
        member_id: member.id,
        url: url.url,
        domain: url.domain,
        description: description(body.description.as_deref())?,
        logo_url: image_url("logo_url", body.logo_url.as_deref())?,
        background_url: None,
        token_network: None,
        created_at: now_rfc3339(),
    };
    // Brand creation writes no existing brand's rows, so it needs no actor; the store counts
    // and creates atomically, so concurrent creations of one domain yield exactly one brand
    // and never take the account past its plan's limit.
    let plan = ownership::plan_of(state, member).await?;
    let created = state.store.create_brand(&brand, Quota::Brands.of(&plan.limits)).await?;
    created.map_err(|refused| match refused {
        BrandRefused::DomainTaken(DomainTaken { brand_id }) => ApiError::Refused {
            code: Code::DomainTaken,
            message: format!("you already have a brand for {} (id {brand_id})", brand.domain),
        },
        BrandRefused::AtLimit => ApiError::Refused {
            code: Code::PlanLimitReached,
            message: LimitReached::of(Quota::Brands, &plan).to_string(),
        },
    })?;
    Ok(brand)
}

/// `GET /brands/:id`.
pub async fn get(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    Ok(envelope::ok(views::brand(&ownership::brand(&state, &member, *id).await?)))
}

/// `PUT /brands/:id`: description, logo_url, background_url (null removes an image).
pub async fn update(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<BrandChanges>,
) -> Result<HttpResponse, ApiError> {
    Ok(envelope::ok(views::brand(&update_brand(&state, &member, *id, body).await?)))
}

/// Changes the member's brand `id`, durably (shared with the dashboard).
pub async fn update_brand(state: &AppState, member: &Member, id: u64, body: BrandChanges) -> Result<Brand, ApiError> {
    let brand = ownership::brand(state, member, id).await?;
    if body.description.is_none() && body.logo_url.is_none() && body.background_url.is_none() {
        return Err(ApiError::refused(
            Code::ValidationFailed,
            "nothing to update: send description, logo_url or background_url",
        ));
    }
    let message = UpdateBrand {
        member_id: member.id,
        description: body.description.as_deref().map(|d| description(Some(d))).transpose()?,
        logo_url: body.logo_url.map(|u| image_url("logo_url", u.as_deref())).transpose()?,
        background_url: body.background_url.map(|u| image_url("background_url", u.as_deref())).transpose()?,
    };
    let updated = state.brands.get(brand.id).send(message).await??;
    Ok(updated)
}

/// `DELETE /brands/:id`: the brand and all its campaigns with everything under them.
pub async fn delete(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let brand = delete_brand(&state, &member, *id).await?;
    Ok(envelope::ok(Deleted::new(brand.id)))
}

/// Deletes the member's brand `id` with everything under it, durably (shared with the
/// dashboard).
pub async fn delete_brand(state: &AppState, member: &Member, id: u64) -> Result<Brand, ApiError> {
    let brand = ownership::brand(state, member, id).await?;
    state.brands.get(brand.id).send(DeleteBrand { member_id: member.id }).await??;
    Ok(brand)
}

/// `GET /brands/:id/stats`: totals over the brand's campaigns.
pub async fn stats(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let brand = ownership::brand(&state, &member, *id).await?;
    let (campaigns, counters) = brand_totals(&state, brand.id).await?;
    Ok(envelope::ok(BrandStats { counters, brand_id: brand.id, campaigns: campaigns.len() as u64 }))
}

/// Each campaign of the brand with its counters, and those counters summed: the brand's
/// statistics, here and in the dashboard.
pub async fn brand_totals(
    state: &AppState,
    brand_id: u64,
) -> Result<(Vec<(u64, CampaignCounters)>, CampaignCounters), ApiError> {
    let campaign_ids = state.store.campaign_ids_of_brand(brand_id).await?;
    let (mut campaigns, mut totals) = (Vec::with_capacity(campaign_ids.len()), CampaignCounters::default());
    for campaign_id in campaign_ids {
        let counters = state.store.counters(campaign_id).await?;
        totals.add(&counters);
        campaigns.push((campaign_id, counters));
    }
    Ok((campaigns, totals))
}
