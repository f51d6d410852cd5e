//! Conversion endpoints: `POST /conversions` (a participant converted: an order, a paid
//! invoice; the same `external_id` again answers the first result and changes nothing),
//! `GET /conversions`, `GET /conversions/:id` and `POST /conversions/:id/refund` (voids the
//! rewards it produced that are not fulfilled yet). Decided by the campaign's brand actor
//! (`actors::brand::conversions`).

use actix_web::{web, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::{JsonBody, OptionalJsonBody};
use super::query::{body_id, id_filter, ListQuery};
use super::state::AppState;
use super::{envelope, ownership};
use crate::actors::brand::{Converted, RecordConversion, RefundConversion};
use crate::domain::commission::{InvoiceLine, MAX_PRODUCT_ID_BYTES};
use crate::domain::conversion::{
    parse_currency, parse_external_id, parse_occurred_at, Conversion, MAX_EXTERNAL_ID_BYTES,
};
use crate::domain::engine::{NewConversion, Refund};
use crate::domain::invoice::{
    minor_units, parse_period_start, parse_subscription_id, PaidInvoice, RefundAmount, RefundReport, MAX_LINES,
};
use crate::domain::money::parse_amount;
use crate::domain::pagination::Page;
use crate::domain::{Campaign, EmailAddress, Member, ValidationError};
use crate::http::attribution::{self, Sale};
use crate::http::Code;
use crate::views;
use crate::views::{ConversionAnswer, ConversionList, RefundAnswer};

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
    /// When the sale happened (RFC 3339), if not now: at most 90 days ago, never in the
    /// future. The analytics count it then (see Analytics in the API guide).
    #[serde(default)]
    #[schema(example = "2026-12-01T09:30:00Z")]
    occurred_at: Option<String>,
    /// A promo code of the campaign the sale carried (compared without case): an `email`
    /// never seen signs up as its owner's referral; its use is counted either way (see
    /// Attribution in the API guide).
    #[serde(default)]
    #[schema(example = "SAM20")]
    promo_code: Option<String>,
    /// A paid invoice of a subscription: the subscription's id. On a campaign that pays
    /// commissions, its invoices' durations count from its first paid invoice's period.
    #[serde(default)]
    subscription_id: Option<String>,
    /// When the service period the invoice bills starts (RFC 3339 or a date). Given, the
    /// conversion is a paid invoice (with `currency`, and `lines` or `amount`).
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "2027-03-01")]
    period_start: Option<Value>,
    /// The invoice's lines: what the customer paid for each, after discounts and without
    /// tax, in `currency`. Without them, `amount` is one line.
    #[serde(default)]
    lines: Option<Vec<InvoiceLineBody>>,
}

/// A line of a paid invoice.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with amount and an optional product_id", deny_unknown_fields)]
pub struct InvoiceLineBody {
    /// Your product's id, for a product's own rate.
    #[serde(default)]
    product_id: Option<String>,
    /// What the customer paid for the line, after discounts and without tax: a decimal with
    /// at most the currency's decimals ("49.00"; "4900" in JPY).
    #[schema(value_type = String, example = "49.00")]
    amount: Value,
}

/// Body of `POST /conversions/:id/refund`, all optional: without `amount`, the whole
/// conversion is refunded.
#[derive(Deserialize, Default, ToSchema)]
#[serde(expecting = "a JSON object with an optional amount and refund_id", deny_unknown_fields)]
pub struct RefundBody {
    /// How much was refunded, in the conversion's currency ("24.50"): a commission takes back
    /// that share of itself. Absent: all of it.
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "24.50")]
    amount: Option<Value>,
    /// Your id of the refund: a refund is counted once by its id (else by the request's
    /// `Idempotency-Key`). Required with `amount`.
    #[serde(default)]
    refund_id: Option<String>,
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
    let now_ms = chrono::Utc::now().timestamp_millis();
    let occurred_ms = body.occurred_at.as_deref().map(|at| parse_occurred_at(at, now_ms)).transpose()?;
    let code =
        match body.promo_code.as_deref() {
            Some(given) => Some(attribution::promo_code(&state, &campaign, given).await?.ok_or_else(|| {
                ValidationError::new("promo_code", "promo_code names no promo code of this campaign")
            })?),
            None => None,
        };
    let mut created = Vec::new();
    let participant_id = match (&body.participant_id, &body.email) {
        (Some(id), None) => body_id("participant_id", Some(id))?,
        (None, Some(email)) => {
            let email = EmailAddress::parse(email)?;
            let sale = Sale { email: Some(&email), customers: &[], promo_code: code.as_ref(), reference: None };
            let found = attribution::customer(&state, &campaign, &sale, &mut created).await?;
            found.ok_or_else(|| ApiError::not_found("participant"))?
        }
        _ => {
            return Err(ApiError::refused(
                Code::ValidationFailed,
                "name the participant by participant_id or by email (one of them)",
            ))
        }
    };
    let invoice = invoice_of(&body, &campaign, &external_id, amount.as_deref(), currency.as_deref())?;
    let conversion = NewConversion {
        participant_id,
        external_id,
        amount,
        currency,
        payment_references: Vec::new(),
        invoice,
        customers: Vec::new(),
        promo_code: code.map(|c| c.code),
        occurred_ms,
    };
    let converted = record(&state, &member, &campaign, conversion).await?;
    if converted.created {
        let rewards = converted.rewards.iter().map(views::reward).collect();
        let commission = state.store.commission(&converted.conversion).await?;
        return Ok(envelope::created(ConversionAnswer {
            conversion: views::conversion(&converted.conversion),
            rewards,
            commission: commission.as_ref().map(views::invoice_commission),
            promo_code: converted
                .promo_code
                .as_ref()
                .map(|used| views::PromoCodeUse { code: used.code.clone(), outcome: used.outcome.name() }),
            participant_created: !created.is_empty(),
        }));
    }
    Ok(envelope::ok(answer(&state, &member, &converted.conversion).await?))
}

/// The paid invoice a conversion's body describes: with `period_start` (and `lines` or
/// `amount`, in `currency`), or `None` for a plain conversion.
fn invoice_of(
    body: &ConversionBody,
    campaign: &Campaign,
    external_id: &str,
    amount: Option<&str>,
    currency: Option<&str>,
) -> Result<Option<PaidInvoice>, ApiError> {
    let Some(period_start) = body.period_start.as_ref().filter(|v| !v.is_null()) else {
        if body.lines.is_some() || body.subscription_id.is_some() {
            return Err(ValidationError::new(
                "period_start",
                "period_start is required with subscription_id or lines: when the invoice's service period starts",
            )
            .into());
        }
        return Ok(None);
    };
    let period_start = parse_period_start(period_start.as_str().unwrap_or(""))?;
    let currency = currency.map(str::to_owned).unwrap_or_else(|| campaign.payouts.currency.clone());
    let currency = crate::domain::currency::parse("currency", &currency)?;
    let in_minor = |field: &'static str, value: &Value| amount_in(field, value, &currency);
    let lines = match &body.lines {
        Some(lines) if lines.is_empty() || lines.len() > MAX_LINES => {
            return Err(ValidationError::new("lines", format!("lines must list 1 to {MAX_LINES} lines")).into())
        }
        Some(lines) => lines
            .iter()
            .map(|line| {
                let product_id = match line.product_id.as_deref().map(str::trim) {
                    None | Some("") => None,
                    Some(p) if p.len() > MAX_PRODUCT_ID_BYTES || p.chars().any(char::is_control) => {
                        return Err(ValidationError::new(
                            "lines.product_id",
                            format!("lines.product_id must be at most {MAX_PRODUCT_ID_BYTES} bytes without control characters"),
                        ))
                    }
                    Some(p) => Some(p.to_owned()),
                };
                Ok(InvoiceLine { product_id, base_minor: in_minor("lines.amount", &line.amount)? })
            })
            .collect::<Result<Vec<_>, _>>()?,
        None => {
            let amount = amount.ok_or_else(|| {
                ValidationError::new("amount", "a paid invoice needs its amount, or its lines")
            })?;
            vec![InvoiceLine { product_id: None, base_minor: in_minor("amount", &Value::String(amount.to_owned()))? }]
        }
    };
    let base: u64 = lines.iter().map(|l| l.base_minor).sum();
    let paid = match (&body.lines, amount) {
        (Some(_), Some(amount)) => in_minor("amount", &Value::String(amount.to_owned()))?.max(base),
        _ => base,
    };
    let subscription_id = match body.subscription_id.as_deref() {
        Some(id) => parse_subscription_id(id)?,
        None => external_id.to_owned(),
    };
    Ok(Some(PaidInvoice { subscription_id, period_start, currency, lines, paid_minor: paid }))
}

/// An amount in `currency` (a decimal string or number of at most the currency's decimals)
/// as minor units; the error names `field`.
fn amount_in(field: &'static str, value: &Value, currency: &str) -> Result<u64, ValidationError> {
    let digits = crate::domain::currency::minor_digits(currency).unwrap_or(2);
    let text = match value {
        Value::String(s) => s.clone(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    minor_units(&text, digits).ok_or_else(|| {
        ValidationError::new(field, format!("{field} must be an amount in {currency} with at most {digits} decimals"))
    })
}

/// Records `conversion` in the member's `campaign` through its brand actor; returns once it
/// is durable, with its events handed to the dispatcher (shared with the dashboard).
pub async fn record(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
    conversion: NewConversion,
) -> Result<Converted, ApiError> {
    if let Some(currency) = &conversion.currency {
        refuse_unconvertible(state, member, campaign, currency).await?;
    }
    let message = RecordConversion { campaign_id: campaign.id, member_id: member.id, conversion };
    let outcome = state.brands.get(campaign.brand_id).send(message).await?;
    let mut converted = outcome?;
    state.deliver(std::mem::take(&mut converted.deliveries));
    Ok(converted)
}

/// Refuses (400 `currency_mismatch`) a conversion in another currency than the campaign's
/// when none of the member's exchange rates converts it, on a campaign that pays flat
/// rewards: its amount would count as revenue in a currency it is not in. A campaign that
/// pays commissions holds such a commission `no_exchange_rate` instead, until a rate is given
/// (the commission's own rule), and a conversion from a payment provider is never refused
/// (the provider would send it again and again).
async fn refuse_unconvertible(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
    currency: &str,
) -> Result<(), ApiError> {
    let pays = campaign.payouts.currency.as_str();
    if currency == pays || campaign.commission.kind == crate::domain::commission::CommissionKind::Percent {
        return Ok(());
    }
    let mut rates = Vec::new();
    for page in 1..=MOST_RATE_PAGES {
        let request = crate::domain::pagination::PageRequest { page, limit: crate::domain::pagination::MAX_LIMIT };
        let (some, total) = state.store.exchange_rates(member.id, request).await?;
        rates.extend(some);
        if page * request.limit >= total {
            break;
        }
    }
    if crate::domain::exchange_rate::convert(currency, pays, &rates).is_some() {
        return Ok(());
    }
    Err(ApiError::refused(
        Code::CurrencyMismatch,
        format!(
            "the conversion is in {currency} and the campaign pays in {pays}, and no exchange rate of yours converts \
             {currency} into {pays}: send the amount in {pays}, or give a rate (PUT /exchange-rates)"
        ),
    ))
}

/// The most pages of exchange rates a conversion's currency check reads (100 rates a page).
const MOST_RATE_PAGES: u64 = 10;

/// Refunds the member's conversion `id` through its brand actor; returns once durable
/// (shared with the dashboard). Another member's conversion is not found.
pub async fn refund_conversion(
    state: &AppState,
    member: &Member,
    id: u64,
    report: RefundReport,
) -> Result<Refund, ApiError> {
    let conversion = state.store.conversion(member.id, id).await?.ok_or_else(|| ApiError::not_found("conversion"))?;
    let message = RefundConversion { member_id: member.id, conversion_id: conversion.id, report };
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
    let commission = state.store.commission(conversion).await?;
    Ok(ConversionAnswer {
        conversion: views::conversion(conversion),
        rewards,
        commission: commission.as_ref().map(views::invoice_commission),
        promo_code: None,
        participant_created: false,
    })
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

/// `POST /conversions/:id/refund`: refunds it in whole (no `amount`) or in part. A
/// commission takes back the refunded share of itself; a whole refund marks the conversion
/// refunded and voids the rewards it produced that are not fulfilled (a voided coupon never
/// returns to the pool); `fulfilled` lists those it could not void. A refund counts once:
/// refunding in whole again, or a `refund_id` again, changes nothing.
pub async fn refund(
    state: web::Data<AppState>,
    req: HttpRequest,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    OptionalJsonBody(body): OptionalJsonBody<RefundBody>,
) -> Result<HttpResponse, ApiError> {
    let conversion = state.store.conversion(member.id, *id).await?.ok_or_else(|| ApiError::not_found("conversion"))?;
    let report = refund_report(&req, &body, &conversion)?;
    let refund = refund_conversion(&state, &member, *id, report).await?;
    Ok(envelope::ok(RefundAnswer {
        conversion: views::conversion(&refund.conversion),
        voided: refund.voided.iter().map(views::reward).collect(),
        fulfilled: refund.fulfilled.iter().map(views::reward).collect(),
        commission: refund.commission.as_ref().map(views::invoice_commission),
    }))
}

/// The refund a body states: the whole conversion, or `amount` of it (in its currency) under
/// the refund's id.
fn refund_report(req: &HttpRequest, body: &RefundBody, conversion: &Conversion) -> Result<RefundReport, ApiError> {
    let Some(amount) = body.amount.as_ref().filter(|v| !v.is_null()) else {
        return Ok(RefundReport::whole());
    };
    let key = req.headers().get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::trim);
    let id = body.refund_id.as_deref().map(str::trim).or(key).filter(|id| !id.is_empty());
    let id = id.ok_or_else(|| {
        ValidationError::new(
            "refund_id",
            "refund_id (or an Idempotency-Key header) is required with amount, so that a retried refund counts once",
        )
    })?;
    if id.len() > MAX_EXTERNAL_ID_BYTES || id.chars().any(char::is_control) {
        return Err(ValidationError::new(
            "refund_id",
            format!("refund_id must be at most {MAX_EXTERNAL_ID_BYTES} bytes without control characters"),
        )
        .into());
    }
    let currency = conversion.currency.as_deref().unwrap_or("USD");
    let minor = Some(amount_in("amount", amount, currency)?)
        .filter(|&m| m > 0)
        .ok_or_else(|| ValidationError::new("amount", "amount must be above zero: a refund of nothing is no refund"))?;
    Ok(RefundReport { id: format!("api:{id}"), amount: RefundAmount::This(minor) })
}
