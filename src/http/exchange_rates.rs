//! Exchange rates for commissions on invoices in another currency than the campaign's:
//! `PUT /exchange-rates` (the member's, as JSON), `GET /exchange-rates`, and the operator's
//! `POST /admin/v1/members/:id/exchange-rates` with the European Central Bank's CSV
//! (`refctl rates import FILE --member ID`, in `admin/exchange_rates.rs`). Each save then asks every brand of the member
//! to rate its commissions held for want of a rate (`actors::brand::RateCommissions`).
//! Rates are never fetched over the network.

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::authenticated::AuthenticatedMember;
use super::json::JsonBody;
use super::query::ListQuery;
use super::{envelope, ApiError, AppState};
use crate::actors::brand::RateCommissions;
use crate::domain::exchange_rate::{last_of_each, ExchangeRate, MAX_RATES_PER_REQUEST};
use crate::domain::pagination::{Page, PageRequest};
use crate::domain::ValidationError;

/// Body of `PUT /exchange-rates`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with rates", deny_unknown_fields)]
#[schema(example = json!({"rates": [{"from": "EUR", "to": "USD", "date": "2027-03-01", "rate": "1.0870"}]}))]
pub struct RatesBody {
    /// 1 to 5,000 rates; each replaces your rate of its pair and date.
    rates: Vec<RateBody>,
}

/// One rate: `rate` units of `to` buy one unit of `from` on `date`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with from, to, date and rate", deny_unknown_fields)]
pub struct RateBody {
    /// ISO 4217 ("EUR").
    from: String,
    /// ISO 4217 ("USD").
    to: String,
    /// YYYY-MM-DD.
    date: String,
    /// A positive decimal of at most 8 decimals, as a string ("1.0870").
    rate: String,
}

/// What saving rates did.
#[derive(Serialize, ToSchema)]
pub struct RatesSaved {
    /// Rates kept (one per pair and date).
    pub saved: u64,
    /// Commissions held for want of a rate that now have their amount.
    pub rated: u64,
}

/// One rate, as the API shows it.
#[derive(Serialize, ToSchema)]
pub struct Rate {
    pub from: String,
    pub to: String,
    pub date: String,
    pub rate: String,
}

/// A page of the member's rates, the newest first.
#[derive(Serialize, ToSchema)]
pub struct RateList {
    pub rates: Vec<Rate>,
    pub pagination: Page,
}

/// `PUT /exchange-rates`.
pub async fn put(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    JsonBody(body): JsonBody<RatesBody>,
) -> Result<HttpResponse, ApiError> {
    if body.rates.is_empty() || body.rates.len() > MAX_RATES_PER_REQUEST {
        return Err(ValidationError::new("rates", format!("rates must list 1 to {MAX_RATES_PER_REQUEST} rates")).into());
    }
    let rates = body
        .rates
        .iter()
        .enumerate()
        .map(|(i, r)| ExchangeRate::parse(&format!("rates[{i}]"), &r.from, &r.to, &r.date, &r.rate))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(envelope::ok(save_and_rate(&state, member.id, rates).await?))
}

/// `GET /exchange-rates`.
pub async fn list(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let page: PageRequest = query.page()?;
    let (rates, total) = state.store.exchange_rates(member.id, page).await?;
    let rates = rates.into_iter().map(|r| Rate { from: r.from, to: r.to, date: r.date, rate: r.rate }).collect();
    Ok(envelope::ok(RateList { rates, pagination: Page::new(page, total) }))
}

/// Keeps the rates, then rates the member's commissions that waited for them.
pub(crate) async fn save_and_rate(
    state: &AppState,
    member_id: u64,
    rates: Vec<ExchangeRate>,
) -> Result<RatesSaved, ApiError> {
    let rates = last_of_each(rates);
    for chunk in rates.chunks(MAX_RATES_PER_REQUEST) {
        state.store.save_exchange_rates(member_id, chunk).await?;
    }
    let mut rated = 0;
    let mut deliveries = Vec::new();
    let mut page = PageRequest { page: 1, limit: 100 };
    loop {
        let (brands, total) = state.store.brands_of_member(member_id, page).await?;
        for brand in &brands {
            let done = state.brands.get(brand.id).send(RateCommissions { member_id }).await??;
            rated += done.rated as u64;
            deliveries.extend(done.deliveries);
        }
        if brands.is_empty() || page.page * page.limit >= total {
            break;
        }
        page.page += 1;
    }
    state.deliver(deliveries);
    Ok(RatesSaved { saved: rates.len() as u64, rated })
}
