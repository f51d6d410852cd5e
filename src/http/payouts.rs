//! Payout endpoints: `POST /campaigns/:id/payouts` (a payout for each participant whose
//! approved cash rewards that no payout holds reach the campaign's minimum), `GET /payouts`,
//! `GET /payouts/:id`, `POST /payouts/:id/paid` and `/fail`, and
//! `GET /campaigns/:id/payouts.csv` (a bulk-payment file for PayPal Payouts or Wise), and
//! `/participants/:id/payout-details` (where a participant asked to be paid).
//! Decided by the campaign's brand actor (`actors::brand::payouts`).

use actix_web::{web, HttpResponse};
use serde::Deserialize;
use utoipa::ToSchema;

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::{JsonBody, OptionalJsonBody};
use super::query::{id_filter, ListQuery};
use super::state::AppState;
use super::{envelope, ownership};
use crate::actors::brand::{MovePayout, RequestPayouts, SetPayoutDetails};
use crate::domain::pagination::{Page, PageRequest};
use crate::domain::payout::{
    parse_note, DetailsMethod, Payout, PayoutDetails, PayoutDetailsInput, PayoutMove, PayoutStatus,
};
use crate::domain::{Campaign, Member};
use crate::http::Code;
use crate::views;

/// Most participants one request may name.
const MAX_NAMED: usize = 1000;

/// Body of `POST /campaigns/:id/payouts` (optional: no body pays everyone due).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, expecting = "a JSON object, empty or with participant_ids")]
#[schema(example = json!({"participant_ids": [12, 15]}))]
pub struct PayoutRequest {
    /// Only these participants (at most 1,000); all whose balance is due when absent.
    #[serde(default)]
    #[schema(value_type = Option<Vec<u64>>)]
    participant_ids: Option<serde_json::Value>,
}

impl PayoutRequest {
    fn participant_ids(&self) -> Result<Option<Vec<u64>>, ApiError> {
        let refused = || {
            ApiError::refused(
                Code::ValidationFailed,
                format!(
                    "participant_ids must be a list of 1 to {MAX_NAMED} participant ids (whole numbers of at least 1)"
                ),
            )
        };
        let Some(value) = &self.participant_ids else { return Ok(None) };
        let list = value.as_array().filter(|l| !l.is_empty() && l.len() <= MAX_NAMED).ok_or_else(refused)?;
        // Ids are 64-bit signed in every store (and the document's integers): a larger one names nobody.
        let ids = list.iter().map(|v| v.as_u64().filter(|&n| n > 0 && n <= i64::MAX as u64).ok_or_else(refused));
        Ok(Some(ids.collect::<Result<_, _>>()?))
    }
}

/// `POST /campaigns/:id/payouts`: 201 with the payouts made, 200 with none when no balance
/// is due. Two requests at once, or a retry, never put a reward in two payouts.
pub async fn request(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    OptionalJsonBody(body): OptionalJsonBody<PayoutRequest>,
) -> Result<HttpResponse, ApiError> {
    let participant_ids = body.participant_ids()?;
    let campaign = ownership::campaign(&state, &member, *id).await?;
    let payouts = request_payouts(&state, &member, &campaign, participant_ids).await?;
    let made = views::PayoutsMade { payouts: payouts.iter().map(views::payout).collect() };
    Ok(if payouts.is_empty() { envelope::ok(made) } else { envelope::created(made) })
}

/// Makes the payouts due in the member's `campaign` (only those of `participant_ids` when
/// given) through its brand actor; returns them once durable, their events handed to the
/// dispatcher (shared with the dashboard).
pub async fn request_payouts(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
    participant_ids: Option<Vec<u64>>,
) -> Result<Vec<Payout>, ApiError> {
    let message = RequestPayouts { member_id: member.id, campaign_id: campaign.id, participant_ids };
    let requested = state.brands.get(campaign.brand_id).send(message).await??;
    state.deliver(requested.deliveries);
    Ok(requested.payouts)
}

/// Query of `GET /payouts`.
fn status_filter(raw: Option<&str>) -> Result<Option<PayoutStatus>, ApiError> {
    raw.map(|s| PayoutStatus::parse(s.trim()).map_err(|e| ApiError::refused(Code::InvalidQuery, e.message))).transpose()
}

/// `GET /payouts?campaign_id=&status=`: the member's payouts, newest first.
pub async fn list(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, ApiError> {
    let page = query.page()?;
    let campaign_id = id_filter("campaign_id", query.campaign_id.as_deref())?;
    let status = status_filter(query.status.as_deref())?;
    let (payouts, total) = state.store.payouts_of_member(member.id, campaign_id, status, page).await?;
    Ok(envelope::ok(views::PayoutList {
        payouts: payouts.iter().map(views::payout).collect(),
        pagination: Page::new(page, total),
    }))
}

/// The member's payout `id`; another member's is not found.
async fn owned(state: &AppState, member: &Member, id: u64) -> Result<Payout, ApiError> {
    state.store.payout(member.id, id).await?.ok_or_else(|| ApiError::not_found("payout"))
}

/// `GET /payouts/:id`.
pub async fn get(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    Ok(envelope::ok(views::payout(&owned(&state, &member, *id).await?)))
}

/// Body of `POST /payouts/:id/paid`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with reference")]
#[schema(example = json!({"reference": "PAYPAL-5TY0982"}))]
pub struct PaidBody {
    /// The payment's reference (a transfer id): 1 to 200 characters.
    #[serde(default)]
    reference: Option<String>,
}

/// Body of `POST /payouts/:id/fail`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with reason")]
#[schema(example = json!({"reason": "the PayPal account does not exist"}))]
pub struct FailBody {
    /// Why it was not paid: 1 to 200 characters.
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /payouts/:id/paid {reference}`: its rewards become fulfilled. The same again
/// answers the payout as it is; after a fail, 409.
pub async fn paid(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<PaidBody>,
) -> Result<HttpResponse, ApiError> {
    let reference = parse_note("reference", body.reference.as_deref())?;
    Ok(envelope::ok(views::payout(&move_payout(&state, &member, *id, PayoutMove::Paid { reference }).await?)))
}

/// `POST /payouts/:id/fail {reason}`: its rewards are free for a later payout. The same
/// again answers the payout as it is; after it was paid, 409.
pub async fn fail(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<FailBody>,
) -> Result<HttpResponse, ApiError> {
    let reason = parse_note("reason", body.reason.as_deref())?;
    Ok(envelope::ok(views::payout(&move_payout(&state, &member, *id, PayoutMove::Failed { reason }).await?)))
}

/// Moves the member's payout through its brand actor; returns it once the move is durable
/// (shared with the dashboard). Another member's payout is not found.
pub async fn move_payout(state: &AppState, member: &Member, id: u64, movement: PayoutMove) -> Result<Payout, ApiError> {
    let found = owned(state, member, id).await?;
    let message = MovePayout { member_id: member.id, campaign_id: found.campaign_id, payout_id: id, movement };
    let moved = state.brands.get(found.brand_id).send(message).await??;
    state.deliver(moved.deliveries);
    Ok(moved.payout)
}

/// Query of `GET /campaigns/:id/payouts.csv`.
#[derive(Debug, Deserialize)]
pub struct CsvQuery {
    pub status: Option<String>,
    pub format: Option<String>,
    /// A participant who gave no account for the file's kind of payment: paid to the address
    /// they signed up with (`email`, the default) or left out of the file (`leave_out`).
    pub without_details: Option<String>,
}

/// `GET /campaigns/:id/payouts.csv?status=requested&format=paypal|wise`: the campaign's
/// payouts (requested ones by default) as a bulk-payment upload. `paypal` (the default):
/// PayPal Payouts' file, no header row: recipient email, amount, currency, customer id (the
/// payout's), note, wallet. `wise`: Wise's "send by email" batch template, with its header.
/// The recipient is the PayPal (or Wise) account of the participant's payout details, else
/// the address they signed up with, or with `without_details=leave_out` nobody: the row is
/// left out.
pub async fn csv(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    query: web::Query<CsvQuery>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    payouts_file(&state, &member, &campaign, &query).await
}

/// The bulk-payment file of the member's `campaign` as `query` asks (shared with the
/// dashboard).
pub async fn payouts_file(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
    query: &CsvQuery,
) -> Result<HttpResponse, ApiError> {
    let status = status_filter(query.status.as_deref())?.unwrap_or(PayoutStatus::Requested);
    let wise = match query.format.as_deref().map(str::trim) {
        None | Some("paypal") => false,
        Some("wise") => true,
        Some(_) => return Err(ApiError::refused(Code::InvalidQuery, "format must be paypal or wise")),
    };
    let leave_out = match query.without_details.as_deref().map(str::trim) {
        None | Some("email") => false,
        Some("leave_out") => true,
        Some(_) => return Err(ApiError::refused(Code::InvalidQuery, "without_details must be email or leave_out")),
    };
    let payouts = every_payout(state, member, campaign, status).await?;
    let mut out = csv::Writer::from_writer(Vec::new());
    let failed = |e: csv::Error| ApiError::Internal(format!("cannot write the payouts file: {e}"));
    if wise {
        let header = ["name", "recipientEmail", "paymentReference", "receiverType", "amountCurrency", "amount"];
        out.write_record(header.iter().chain(&["sourceCurrency", "targetCurrency"])).map_err(failed)?;
    }
    let method = if wise { DetailsMethod::Wise } else { DetailsMethod::Paypal };
    for payout in &payouts {
        let person = state.store.participant(payout.participant_id).await?;
        let (email, name) = person.map(|p| (p.email, p.name)).unwrap_or_default();
        // The account they gave for this kind of payment, else the address they signed up
        // with, or nothing (`without_details=leave_out`).
        let details = state.store.payout_details(campaign.id, payout.participant_id).await?;
        let account = details.as_ref().and_then(|d| d.account_for(method));
        if account.is_none() && leave_out {
            continue;
        }
        let email = account.map_or(email, str::to_owned);
        let amount = crate::domain::money::amount(payout.amount_cents);
        let note = format!("Payout {} from {}", payout.id, campaign.name);
        let neutral = |cell: &str| super::exports::neutralise(cell).into_owned();
        let row: Vec<String> = if wise {
            let name = if name.is_empty() { email.clone() } else { name };
            let currency = payout.currency.clone();
            vec![neutral(&name), neutral(&email), format!("payout-{}", payout.id), "PRIVATE".into()]
                .into_iter()
                .chain(["target".into(), amount, currency.clone(), currency])
                .collect()
        } else {
            let id = format!("payout-{}", payout.id);
            vec![neutral(&email), amount, payout.currency.clone(), id, neutral(&note), "PAYPAL".into()]
        };
        out.write_record(&row).map_err(failed)?;
    }
    let body = out.into_inner().map_err(|e| ApiError::Internal(format!("cannot write the payouts file: {e}")))?;
    let filename =
        format!("campaign-{}-payouts-{}-{}.csv", campaign.id, status.name(), if wise { "wise" } else { "paypal" });
    Ok(HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header(("Content-Disposition", format!("attachment; filename=\"{filename}\"")))
        // Partners' payment addresses: kept by no cache between here and the member.
        .insert_header((actix_web::http::header::CACHE_CONTROL, "no-store"))
        .body(body))
}

/// Every payout of the campaign in `status`, oldest first.
async fn every_payout(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
    status: PayoutStatus,
) -> Result<Vec<Payout>, ApiError> {
    let mut all = Vec::new();
    for page in 1.. {
        let request = PageRequest::parse(Some(&page.to_string()), Some("100"))?;
        let (found, total) = state.store.payouts_of_member(member.id, Some(campaign.id), Some(status), request).await?;
        let done = found.is_empty() || (all.len() + found.len()) as u64 >= total;
        all.extend(found);
        if done {
            break;
        }
    }
    all.reverse();
    Ok(all)
}

/// `GET /participants/:id/payout-details`: where the participant asked to be paid.
pub async fn details(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let (participant, campaign) = ownership::participant(&state, &member, *id).await?;
    let details = state.store.payout_details(campaign.id, participant.id).await?;
    Ok(envelope::ok(views::PayoutDetailsAnswer { payout_details: details.as_ref().map(views::payout_details) }))
}

/// `PUT /participants/:id/payout-details {method, value}`: a PayPal or Wise account by its
/// email, or free text; replaces what was there.
pub async fn put_details(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<PayoutDetailsInput>,
) -> Result<HttpResponse, ApiError> {
    let details = PayoutDetails::parse(&body)?;
    set_details(&state, &member, *id, Some(details.clone())).await?;
    Ok(envelope::ok(views::PayoutDetailsAnswer { payout_details: Some(views::payout_details(&details)) }))
}

/// `DELETE /participants/:id/payout-details`: forgets them.
pub async fn delete_details(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    set_details(&state, &member, *id, None).await?;
    Ok(envelope::ok(views::PayoutDetailsAnswer { payout_details: None }))
}

/// Keeps the member's participant's details through its brand actor; returns once durable.
async fn set_details(
    state: &AppState,
    member: &Member,
    participant_id: u64,
    details: Option<PayoutDetails>,
) -> Result<(), ApiError> {
    let (participant, _) = ownership::participant(state, member, participant_id).await?;
    let message = SetPayoutDetails { member_id: member.id, participant_id, details };
    Ok(state.brands.get(participant.brand_id).send(message).await??)
}

/// `GET /participants/:id/balance`: what is due to the participant (approved cash rewards no
/// payout holds), what they owe (refunds after payout), and how that came to be.
pub async fn balance(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
) -> Result<HttpResponse, ApiError> {
    let (participant, campaign) = ownership::participant(&state, &member, *id).await?;
    let (unpaid_cents, owed) = balance_of(&state, campaign.id, participant.id).await?;
    Ok(envelope::ok(views::participant_balance(&campaign.payouts.currency, unpaid_cents, &owed)))
}

/// What is due to a participant of the campaign (the cents of their approved cash rewards
/// that no payout holds) and what they owe: the API's balance and the portal's.
pub async fn balance_of(
    state: &AppState,
    campaign_id: u64,
    participant_id: u64,
) -> Result<(u64, crate::domain::payout::Owed), crate::store::StoreError> {
    let unpaid = state.store.unpaid_cash_rewards(campaign_id).await?;
    let mine = unpaid.iter().filter(|r| r.participant_id == participant_id);
    let unpaid_cents = mine.filter_map(|r| r.value.as_deref().and_then(crate::domain::money::cents)).sum();
    Ok((unpaid_cents, state.store.owed(campaign_id, participant_id).await?))
}
