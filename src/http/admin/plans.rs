//! Admin plan endpoints (list, create, update, delete) and the brand token-network link.

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::AdminToken;
use crate::actors::brand::SetTokenNetwork;
use crate::domain::money::parse_amount;
use crate::domain::plan::PlanLimits;
use crate::domain::{Plan, ValidationError};
use crate::http::answers::{Deleted, Plans};
use crate::http::Code;
use crate::http::{envelope, json::JsonBody, ApiError, AppState};
use crate::views;

/// `GET /admin/v1/plans`.
pub async fn list(_: AdminToken, state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    Ok(envelope::ok(Plans { plans: state.store.plans().await? }))
}

/// Body of `POST /admin/v1/plans` (name, price, currency, interval required) and
/// `PUT /admin/v1/plans/:id`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object of plan fields")]
pub struct PlanInput {
    name: Option<String>,
    price: Option<String>,
    currency: Option<String>,
    interval: Option<String>,
    paid: Option<bool>,
    #[serde(default, deserialize_with = "crate::domain::object")]
    limits: Option<PlanLimits>,
}

impl PlanInput {
    fn apply(self, plan: &mut Plan) -> Result<(), ValidationError> {
        if let Some(name) = self.name {
            let name = name.trim();
            if name.is_empty() || name.chars().count() > 100 {
                return Err(ValidationError::new("name", "name must be 1 to 100 characters"));
            }
            plan.name = name.to_owned();
        }
        if let Some(price) = self.price {
            plan.price = if price.trim() == "0" || price.trim() == "0.00" {
                "0.00".into()
            } else {
                parse_amount("price", &price)?
            };
        }
        if let Some(currency) = self.currency {
            if currency.len() != 3 || !currency.bytes().all(|b| b.is_ascii_alphabetic()) {
                return Err(ValidationError::new("currency", "currency must be a 3-letter ISO 4217 code such as USD"));
            }
            plan.currency = currency.to_ascii_uppercase();
        }
        if let Some(interval) = self.interval {
            if !matches!(interval.as_str(), "month" | "year") {
                return Err(ValidationError::new("interval", "interval must be 'month' or 'year'"));
            }
            plan.interval = interval;
        }
        if let Some(paid) = self.paid {
            plan.paid = paid;
        }
        if let Some(limits) = self.limits {
            limits.validate()?;
            plan.limits = limits;
        }
        Ok(())
    }
}

/// `POST /admin/v1/plans`: 201; `name` and `price` required.
pub async fn create(
    _: AdminToken,
    state: web::Data<AppState>,
    JsonBody(input): JsonBody<PlanInput>,
) -> Result<HttpResponse, ApiError> {
    if input.name.is_none() || input.price.is_none() {
        return Err(ApiError::refused(Code::ValidationFailed, "name and price are required"));
    }
    let mut plan = Plan {
        id: state.store.next_plan_id().await?,
        name: String::new(),
        price: String::new(),
        currency: "USD".into(),
        interval: "month".into(),
        paid: true,
        limits: PlanLimits { brands: None, campaigns: None, participants: None },
    };
    input.apply(&mut plan)?;
    state.store.save_plan(&plan).await?;
    Ok(envelope::created(plan))
}

/// `PUT /admin/v1/plans/:id`.
pub async fn update(
    _: AdminToken,
    state: web::Data<AppState>,
    id: web::Path<u64>,
    JsonBody(input): JsonBody<PlanInput>,
) -> Result<HttpResponse, ApiError> {
    let mut plan = state.store.plan(*id).await?.ok_or_else(|| ApiError::not_found("plan"))?;
    input.apply(&mut plan)?;
    state.store.save_plan(&plan).await?;
    Ok(envelope::ok(plan))
}

/// `DELETE /admin/v1/plans/:id`: only a plan no member is on (409 otherwise).
pub async fn delete(_: AdminToken, state: web::Data<AppState>, id: web::Path<u64>) -> Result<HttpResponse, ApiError> {
    state.store.plan(*id).await?.ok_or_else(|| ApiError::not_found("plan"))?;
    let members = state.store.members_on_plan(*id).await?;
    if members > 0 {
        return Err(ApiError::Refused {
            code: Code::PlanInUse,
            message: format!("{members} member(s) are on this plan; move them first"),
        });
    }
    state.store.remove_plan(*id).await?;
    Ok(envelope::ok(Deleted::new(*id)))
}

/// Body of `PUT /admin/v1/brands/:id/token-network`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with network")]
#[schema(as = TokenNetworkBody)]
pub struct TokenNetwork {
    network: String,
}

/// `PUT /admin/v1/brands/:id/token-network`: enables token rewards for the brand.
pub async fn link_token_network(
    _: AdminToken,
    state: web::Data<AppState>,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<TokenNetwork>,
) -> Result<HttpResponse, ApiError> {
    let network = body.network.trim().to_owned();
    if network.is_empty()
        || network.len() > 64
        || !network.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    {
        return Err(ApiError::refused(Code::ValidationFailed, "network must be 1 to 64 letters, digits, '-' or '_'"));
    }
    set_network(&state, *id, Some(network)).await
}

/// `DELETE /admin/v1/brands/:id/token-network`.
pub async fn unlink_token_network(
    _: AdminToken,
    state: web::Data<AppState>,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    set_network(&state, *id, None).await
}

async fn set_network(state: &AppState, brand_id: u64, network: Option<String>) -> Result<HttpResponse, ApiError> {
    state.store.brand(brand_id).await?.ok_or_else(|| ApiError::not_found("brand"))?;
    let brand = state.brands.get(brand_id).send(SetTokenNetwork { network }).await??;
    Ok(envelope::ok(views::brand(&brand)))
}
