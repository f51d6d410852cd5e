//! Conversion endpoints: `POST /conversions` (a participant converted: an order, a paid
//! invoice; the same `external_id` again answers the first result and changes nothing),
//! `GET /conversions`, `GET /conversions/:id` and `POST /conversions/:id/refund` (voids the
//! rewards it produced that are not fulfilled yet). Decided by the campaign's brand actor
//! (`actors::brand::conversions`).

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::answers::{ConversionAnswer, ConversionList, RefundAnswer};
use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::query::{body_id, id_filter, ListQuery};
use super::state::AppState;
use super::{envelope, ownership};
use crate::actors::brand::{Converted, RecordConversion, RefundConversion};
use crate::domain::conversion::{parse_currency, parse_external_id, Conversion};
use crate::domain::engine::{NewConversion, Refund};
use crate::domain::money::parse_amount;
use crate::domain::pagination::Page;
use crate::domain::{Campaign, EmailAddress, Member};
use crate::http::Code;
use crate::views;

/// Body of `POST /conversions`: the participant by `participant_id` or by `email`.
#[derive(Deserialize, ToSchema)]
#[serde(
    expecting = "a JSON object with campaign_id, participant_id or email, external_id, and optional amount and currency"
)]
#[schema(example = json!({"campaign_id": 1, "email": "grace@example.com", "external_id": "order-1042", "amount": "49.90", "currency": "EUR"}))]
pub struct ConversionBody {
    #[schema(value_type = u64, minimum = 1, required = true)]
    campaign_id: Option<Value>,
    #[serde(default)]
    #[schema(value_type = Option<u64>, minimum = 1)]
    participant_id: Option<Value>,
    #[serde(default)]
    email: Option<String>,
    /// Your order or invoice id: one conversion per id per campaign (1 to 200 bytes).
    #[schema(value_type = String, required = true)]
    external_id: Option<String>,
    /// A positive amount with at most two decimals.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    amount: Option<Value>,
    /// Three letters (ISO 4217).
    #[serde(default)]
    currency: Option<String>,
}

/// `POST /conversions`: 201 with the conversion and the rewards it produced; 200 with the
/// first result when the campaign has this `external_id` already.
pub async fn create(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    JsonBody(body): JsonBody<ConversionBody>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, body_id("campaign_id", body.campaign_id.as_ref())?).await?;
    let external_id = parse_external_id(body.external_id.as_deref().unwrap_or(""))?;
    let amount = match &body.amount {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(parse_amount("amount", text)?),
        Some(Value::Number(n)) => Some(parse_amount("amount", &n.to_string())?),
        Some(_) => {
            return Err(ApiError::refused(Code::ValidationFailed, "amount must be a decimal string such as \"49.90\""))
        }
    };
    let currency = body.currency.as_deref().map(parse_currency).transpose()?;
    let participant_id = match (&body.participant_id, &body.email) {
        (Some(id), None) => body_id("participant_id", Some(id))?,
        (None, Some(email)) => {
            let email = EmailAddress::parse(email)?;
            let found = crate::store::participant_by_address(&state.store, &campaign, &email).await?;
            found.ok_or_else(|| ApiError::not_found("participant"))?.id
        }
        _ => {
            return Err(ApiError::refused(
                Code::ValidationFailed,
                "name the participant by participant_id or by email (one of them)",
            ))
        }
    };
    let conversion = NewConversion { participant_id, external_id, amount, currency, payment_references: Vec::new() };
    let converted = record(&state, &member, &campaign, conversion).await?;
    if converted.created {
        let rewards = converted.rewards.iter().map(views::reward).collect();
        return Ok(envelope::created(ConversionAnswer {
            conversion: views::conversion(&converted.conversion),
            rewards,
        }));
    }
    Ok(envelope::ok(answer(&state, &member, &converted.conversion).await?))
}

/// Records `conversion` in the member's `campaign` through its brand actor; returns once it
/// is durable, with its events handed to the dispatcher (shared with the dashboard).
pub async fn record(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
    conversion: NewConversion,
) -> Result<Converted, ApiError> {
    let message = RecordConversion { campaign_id: campaign.id, member_id: member.id, conversion };
    let outcome = state.brands.get(campaign.brand_id).send(message).await?;
    let mut converted = outcome?;
    state.deliver(std::mem::take(&mut converted.deliveries));
    Ok(converted)
}

/// Refunds the member's conversion `id` through its brand actor; returns once durable
/// (shared with the dashboard). Another member's conversion is not found.
pub async fn refund_conversion(state: &AppState, member: &Member, id: u64) -> Result<Refund, ApiError> {
    let conversion = state.store.conversion(member.id, id).await?.ok_or_else(|| ApiError::not_found("conversion"))?;
    let message = RefundConversion { member_id: member.id, conversion_id: conversion.id };
    let outcome = state.brands.get(conversion.brand_id).send(message).await?;
    let refunded = outcome?;
    state.deliver(refunded.deliveries);
    Ok(refunded.refund)
}

/// A conversion with the rewards it produced, as they are now.
async fn answer(state: &AppState, member: &Member, conversion: &Conversion) -> Result<ConversionAnswer, ApiError> {
    let mut rewards = Vec::new();
    for &(_, reward_id) in &conversion.rewards {
        if let Some(reward) = state.store.reward(member.id, reward_id).await? {
            rewards.push(views::reward(&reward));
        }
    }
    Ok(ConversionAnswer { conversion: views::conversion(conversion), rewards })
}

/// `GET /conversions?campaign_id=`: the member's conversions, newest first.
pub async fn list(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    let campaign_id = id_filter("campaign_id", query.campaign_id.as_deref())?;
    let (conversions, total) = state.store.conversions_of_member(member.id, campaign_id, page).await?;
    Ok(envelope::ok(ConversionList {
        conversions: conversions.iter().map(views::conversion).collect(),
        pagination: Page::new(page, total),
    }))
}

/// `GET /conversions/:id`: one conversion with its rewards.
pub async fn get(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let conversion = state.store.conversion(member.id, *id).await?.ok_or_else(|| ApiError::not_found("conversion"))?;
    Ok(envelope::ok(answer(&state, &member, &conversion).await?))
}

/// `POST /conversions/:id/refund`: marks it refunded and voids the rewards it produced that
/// are not fulfilled (a voided coupon never returns to the pool); `fulfilled` lists those it
/// could not void. Refunding again changes nothing.
pub async fn refund(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let refund = refund_conversion(&state, &member, *id).await?;
    Ok(envelope::ok(RefundAnswer {
        conversion: views::conversion(&refund.conversion),
        voided: refund.voided.iter().map(views::reward).collect(),
        fulfilled: refund.fulfilled.iter().map(views::reward).collect(),
    }))
}
