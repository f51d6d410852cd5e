//! Campaign endpoints: `GET/POST /campaigns`, `GET/PUT/DELETE /campaigns/:id`,
//! `GET /campaigns/:id/stats`, and the coupon pool `GET/POST /campaigns/:id/coupons`.

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::answers::{CampaignList, CampaignStats, CouponUpload, DailySignups, Deleted};
use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::{declared_length, media_type, read_body, JsonBody};
use super::query::{body_id, id_filter, ListQuery};
use super::state::AppState;
use super::{envelope, ownership};
use crate::actors::brand::{CreateCampaign, DeleteCampaign, ImportCoupons, UpdateCampaign};
use crate::domain::campaign::CampaignInput;
use crate::domain::coupon::{ParsedCodes, MAX_CODES_PER_UPLOAD};
use crate::domain::ids::IdKind;
use crate::domain::pagination::Page;
use crate::domain::{now_rfc3339, Campaign, Member};
use crate::http::Code;
use crate::views;

/// Largest coupon upload body, in bytes.
pub const MAX_COUPON_UPLOAD_BYTES: usize = 8 * 1024 * 1024;
/// Default and largest `days` of campaign stats.
const DEFAULT_DAYS: u32 = 30;
const MAX_DAYS: u32 = 365;

/// `GET /campaigns`: the member's campaigns (optionally of one brand), newest first.
pub async fn list(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    let brand_filter = id_filter("brand_id", query.brand_id.as_deref())?;
    // A filter naming someone else's brand lists nothing, like a brand without campaigns.
    let (campaigns, total) = match brand_filter {
        Some(brand_id) if state.store.brand(brand_id).await?.is_none_or(|b| b.member_id != member.id) => {
            (Vec::new(), 0)
        }
        _ => state.store.campaigns_of_member(member.id, brand_filter, page).await?,
    };
    Ok(envelope::ok(CampaignList {
        campaigns: campaigns.iter().map(views::campaign).collect(),
        pagination: Page::new(page, total),
    }))
}

/// `POST /campaigns`: 201 with the campaign; 404 for a brand that is not the member's; 403
/// for public campaigns on a free plan or token rewards without a token network.
pub async fn create(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    JsonBody(input): JsonBody<CampaignInput>,
) -> Result<HttpResponse, ApiError> {
    let created = create_campaign(&state, &member, &input).await?;
    Ok(envelope::created(detail(&state, &created).await?))
}

/// Creates a campaign on the member's brand `input.url_id`, durably (shared with the
/// dashboard).
pub async fn create_campaign(state: &AppState, member: &Member, input: &CampaignInput) -> Result<Campaign, ApiError> {
    let brand_id = body_id("url_id", input.url_id.as_ref())?;
    let brand = ownership::brand(state, member, brand_id).await?;
    let campaign =
        Campaign::create(state.store.next_id(IdKind::Campaign).await?, brand.id, member.id, input, &now_rfc3339())?;
    let plan = ownership::plan_of(state, member).await?;
    let created = state.brands.get(brand.id).send(CreateCampaign { campaign, plan }).await??;
    Ok(created)
}

async fn detail(state: &AppState, campaign: &Campaign) -> Result<views::CampaignDetail, ApiError> {
    let pool = state.store.coupon_pool(campaign.id).await?;
    let counters = state.store.counters(campaign.id).await?;
    Ok(views::campaign_detail(campaign, pool, &counters, &state.public_url))
}

/// `GET /campaigns/:id`: with widget, reward and contest information.
pub async fn get(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    Ok(envelope::ok(detail(&state, &campaign).await?))
}

/// `PUT /campaigns/:id`: any campaign field but `url_id`; `widget` and `contest` partially.
pub async fn update(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(input): JsonBody<CampaignInput>,
) -> Result<HttpResponse, ApiError> {
    let updated = update_campaign(&state, &member, *id, input).await?;
    Ok(envelope::ok(detail(&state, &updated).await?))
}

/// Changes the member's campaign `id`, durably (shared with the dashboard).
pub async fn update_campaign(
    state: &AppState,
    member: &Member,
    id: u64,
    input: CampaignInput,
) -> Result<Campaign, ApiError> {
    let campaign = ownership::campaign(state, member, id).await?;
    if let Some(url_id) = &input.url_id {
        if url_id.as_u64() != Some(campaign.brand_id) {
            return Err(ApiError::refused(
                Code::ValidationFailed,
                "url_id cannot change: a campaign stays on its brand",
            ));
        }
    }
    let paid_plan = ownership::on_paid_plan(state, member).await?;
    let message = UpdateCampaign { campaign_id: campaign.id, member_id: member.id, input, paid_plan };
    let updated = state.brands.get(campaign.brand_id).send(message).await??;
    Ok(updated)
}

/// `DELETE /campaigns/:id`: the campaign and its participants, referral edges, coupons,
/// rewards, counters and invitations.
pub async fn delete(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let campaign = delete_campaign(&state, &member, *id).await?;
    Ok(envelope::ok(Deleted::new(campaign.id)))
}

/// Deletes the member's campaign `id` with everything it owns, durably (shared with the
/// dashboard).
pub async fn delete_campaign(state: &AppState, member: &Member, id: u64) -> Result<Campaign, ApiError> {
    let campaign = ownership::campaign(state, member, id).await?;
    state
        .brands
        .get(campaign.brand_id)
        .send(DeleteCampaign { campaign_id: campaign.id, member_id: member.id })
        .await??;
    Ok(campaign)
}

/// `GET /campaigns/:id/stats?days=30`: counters and signups per day (UTC), oldest first.
pub async fn stats(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    let days = match query.days.as_deref() {
        None => DEFAULT_DAYS,
        Some(raw) => raw.trim().parse::<u32>().ok().filter(|d| (1..=MAX_DAYS).contains(d)).ok_or_else(|| {
            ApiError::refused(Code::InvalidQuery, format!("days must be a whole number from 1 to {MAX_DAYS}"))
        })?,
    };
    let daily_signups = state
        .store
        .daily(campaign.id, crate::domain::counters::DailySeries::Signups, days)
        .await?
        .into_iter()
        .map(|(date, signups)| DailySignups { date: date.to_string(), signups })
        .collect();
    Ok(envelope::ok(CampaignStats {
        counters: state.store.counters(campaign.id).await?,
        campaign_id: campaign.id,
        days,
        daily_signups,
    }))
}

/// `GET /campaigns/:id/coupons`: the pool's counts (codes are not listed).
pub async fn coupons(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    Ok(envelope::ok(views::CampaignCoupons { campaign_id: campaign.id, pool: pool_view(&state, campaign.id).await? }))
}

/// Body of `POST /campaigns/:id/coupons` as a JSON object; the bare array of codes is the
/// other JSON form (`CouponUploadBody` in the document), and `text/csv` with one code a line
/// the third. At most 100,000 codes per request.
#[derive(Deserialize, ToSchema)]
pub struct CouponCodes {
    /// The codes: strings of 1 to 128 printable characters. Like a bad line of a file, an
    /// element that is not one is skipped and reported in `invalid`; the rest are added.
    codes: Vec<Value>,
}

/// The coupon upload's JSON as the document describes it: the spec's array of codes, or the
/// same array as [`CouponCodes`]' `codes`. The body is read by hand (`upload_coupons`), so
/// that a bad element is reported rather than refusing the whole upload.
pub struct CouponUploadBody;

impl utoipa::PartialSchema for CouponUploadBody {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Ref};
        let any = ObjectBuilder::new().schema_type(utoipa::openapi::schema::SchemaType::AnyValue);
        let codes =
            ArrayBuilder::new().items(any).description(Some("the codes, judged one by one as in CouponCodes.codes"));
        OneOfBuilder::new().item(codes).item(Ref::from_schema_name("CouponCodes")).into()
    }
}

impl ToSchema for CouponUploadBody {
    fn schemas(schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>) {
        schemas.push((CouponCodes::name().into(), <CouponCodes as utoipa::PartialSchema>::schema()));
        <CouponCodes as ToSchema>::schemas(schemas);
    }
}

/// `POST /campaigns/:id/coupons`: codes as a JSON array (or `{"codes": [...]}`) or as
/// `text/csv` / `text/plain`, one code a line. Blank lines and duplicates (within the upload
/// and against the pool) are skipped and counted; pending coupon rewards are filled at once.
pub async fn upload_coupons(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    req: HttpRequest,
    mut payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let body = read_body(&mut payload, declared_length(&req), MAX_COUPON_UPLOAD_BYTES).await?;
    let campaign = coupon_campaign(&state, &member, *id).await?;
    let parsed = match media_type(&req).as_str() {
        "application/json" => {
            let value: Value = serde_json::from_slice(&body)
                .map_err(|e| ApiError::refused(Code::InvalidJson, format!("request body is not valid JSON: {e}")))?;
            let shape = || ApiError::refused(Code::InvalidBody, "send a JSON array of codes or {\"codes\": [...]}");
            let codes = match value {
                Value::Array(items) => items,
                object @ Value::Object(_) => serde_json::from_value::<CouponCodes>(object).map_err(|_| shape())?.codes,
                _ => return Err(shape()),
            };
            if codes.len() > MAX_CODES_PER_UPLOAD {
                return Err(too_many_codes());
            }
            ParsedCodes::from_json(&codes)
        }
        "text/csv" | "text/plain" => ParsedCodes::from_csv(&body),
        _ => {
            return Err(ApiError::refused(
                Code::UnsupportedContentType,
                "Content-Type must be application/json, text/csv or text/plain",
            ))
        }
    };
    Ok(envelope::created(import_coupons(&state, &member, &campaign, parsed).await?))
}

/// The member's campaign `id`, when its rewards are coupons (shared with the dashboard).
pub async fn coupon_campaign(state: &AppState, member: &Member, id: u64) -> Result<Campaign, ApiError> {
    let campaign = ownership::campaign(state, member, id).await?;
    if !campaign.uses_coupons() {
        return Err(ApiError::refused(
            Code::NotACouponCampaign,
            "this campaign's rewards are not coupons (reward_type 1, or a coupon tier)",
        ));
    }
    Ok(campaign)
}

/// Adds the parsed codes to the campaign's pool, filling pending rewards, durably, and says
/// what happened (shared with the dashboard).
pub async fn import_coupons(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
    parsed: ParsedCodes,
) -> Result<CouponUpload, ApiError> {
    if parsed.codes.len() > MAX_CODES_PER_UPLOAD {
        return Err(too_many_codes());
    }
    let message = ImportCoupons { campaign_id: campaign.id, member_id: member.id, codes: parsed.codes };
    let imported = state.brands.get(campaign.brand_id).send(message).await??;
    state.deliver(imported.deliveries);
    let outcome = imported.outcome;
    let pool = pool_view(state, campaign.id).await?;
    Ok(CouponUpload {
        added: outcome.added,
        skipped: outcome.duplicates_in_pool + parsed.duplicate_in_upload + parsed.blank,
        skipped_duplicates: outcome.duplicates_in_pool + parsed.duplicate_in_upload,
        skipped_blank: parsed.blank,
        invalid: parsed.invalid,
        pending_filled: outcome.pending_filled,
        pool,
    })
}

async fn pool_view(state: &AppState, campaign_id: u64) -> Result<views::CouponPool, ApiError> {
    Ok(views::coupon_pool(state.store.coupon_pool(campaign_id).await?, &state.store.counters(campaign_id).await?))
}

fn too_many_codes() -> ApiError {
    ApiError::refused(
        Code::TooManyCodes,
        format!("codes: at most {MAX_CODES_PER_UPLOAD} codes per upload; split the file"),
    )
}
