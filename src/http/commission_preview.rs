//! `POST /campaigns/:id/commission/preview`: what a proposed commission rule would pay,
//! replayed over the campaign's stored invoices and refunds (see
//! [`crate::domain::commission_preview`]), per referrer and month beside what they earn now.
//! It reads the campaign's conversions a page at a time and changes nothing (shared with the
//! dashboard's campaign form).

use actix_web::{web, HttpResponse};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::state::AppState;
use super::{envelope, ownership};
use crate::domain::commission::{CommissionRule, Exchange, InvoiceLine};
use crate::domain::commission_preview::{preview, Preview, ReplayedInvoice};
use crate::domain::conversion::{Conversion, ConversionStatus};
use crate::domain::currency::{decimal, from_hundredths, minor_digits};
use crate::domain::invoice::{parse_period_start, Commission, CommissionState, PaidInvoice};
use crate::domain::money;
use crate::domain::pagination::PageRequest;
use crate::domain::{Campaign, Member, RewardStatus, RewardType, ValidationError};
use crate::views;

/// Conversions read at a time.
const PAGE: u64 = 100;

/// Body of `POST /campaigns/:id/commission/preview`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with rule and optional from and to", deny_unknown_fields)]
#[schema(example = json!({"rule": {"type": "percent", "rate": 30, "duration_months": 12}, "from": "2027-01-01"}))]
pub struct PreviewBody {
    /// The rule to try, as a campaign's `commission`.
    #[schema(value_type = crate::domain::commission::CommissionInput)]
    rule: Value,
    /// Only invoices whose period starts on or after this date (YYYY-MM-DD or RFC 3339).
    #[serde(default)]
    from: Option<String>,
    /// Only invoices whose period starts on or before this date.
    #[serde(default)]
    to: Option<String>,
}

/// One referrer's month in a preview.
#[derive(Serialize, ToSchema)]
pub struct PreviewMonth {
    pub participant_id: u64,
    /// YYYY-MM, of the invoices' period start.
    pub month: String,
    pub invoices: u64,
    /// What the month's invoices earn now, net of refunds.
    pub now: String,
    /// What they would earn under the rule.
    pub proposed: String,
}

/// What a rule would pay on the campaign's stored invoices.
#[derive(Serialize, ToSchema)]
pub struct CommissionPreview {
    pub campaign_id: u64,
    /// The campaign's payout currency, of every amount here.
    pub currency: String,
    pub rule: views::Commission,
    pub invoices: u64,
    pub now: String,
    pub proposed: String,
    /// Invoices in another currency with no exchange rate yet: they count as nothing.
    pub unrated: u64,
    /// Per referrer and month, the referrer first, then the month.
    pub months: Vec<PreviewMonth>,
}

/// `POST /campaigns/:id/commission/preview`.
pub async fn commission_preview(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(body): JsonBody<PreviewBody>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    if !body.rule.is_object() {
        return Err(ValidationError::new(
            "rule",
            "rule must be a commission rule such as {\"type\": \"percent\", \"rate\": 20}",
        )
        .into());
    }
    let rule = CommissionRule::from_field(&body.rule)?;
    let window = |field: &'static str, value: &Option<String>| {
        let refused =
            |_| ValidationError::new(field, format!("{field} must be a date (2027-03-01) or an RFC 3339 time"));
        value.as_deref().map(parse_period_start).transpose().map_err(refused)
    };
    let (from, to) = (window("from", &body.from)?, window("to", &body.to)?);
    let replayed = replay_inputs(&state, &member, &campaign).await?;
    let seen = preview(&rule, &replayed, from, to);
    Ok(envelope::ok(shape(&campaign, &rule, &seen)))
}

/// The preview as the API shows it.
pub fn shape(campaign: &Campaign, rule: &CommissionRule, seen: &Preview) -> CommissionPreview {
    let currency = campaign.payouts.currency.clone();
    let total = seen.total();
    CommissionPreview {
        campaign_id: campaign.id,
        rule: views::commission(rule),
        invoices: total.invoices,
        now: decimal(total.now_minor, &currency),
        proposed: decimal(total.proposed_minor, &currency),
        unrated: seen.unrated,
        months: seen
            .months
            .iter()
            .map(|((participant_id, month), t)| PreviewMonth {
                participant_id: *participant_id,
                month: month.clone(),
                invoices: t.invoices,
                now: decimal(t.now_minor, &currency),
                proposed: decimal(t.proposed_minor, &currency),
            })
            .collect(),
        currency,
    }
}

/// Every stored invoice of the campaign, as the preview replays it: a commission's own
/// record, or a conversion of a campaign that paid flat rewards as a one-off invoice of its
/// amount.
pub async fn replay_inputs(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
) -> Result<Vec<ReplayedInvoice>, ApiError> {
    let mut replayed = Vec::new();
    let mut page = PageRequest { page: 1, limit: PAGE };
    loop {
        let (conversions, total) = state.store.conversions_of_member(member.id, Some(campaign.id), page).await?;
        for conversion in &conversions {
            let found = match state.store.commission(conversion).await? {
                Some(commission) => Some(from_commission(campaign, commission)),
                None => from_conversion(state, member, campaign, conversion).await?,
            };
            replayed.extend(found);
        }
        if conversions.is_empty() || page.page * page.limit >= total {
            break;
        }
        page.page += 1;
    }
    Ok(replayed)
}

/// How an invoice of `from` turns into `to` without a stored rate: only the same currency.
fn same_currency(from: &str, to: &str) -> Option<Exchange> {
    (from == to).then(|| Exchange::same(minor_digits(to).unwrap_or(2)))
}

fn from_commission(campaign: &Campaign, c: Commission) -> ReplayedInvoice {
    let to = campaign.payouts.currency.as_str();
    let digits = |code: &str| minor_digits(code).unwrap_or(2);
    let exchange = match &c.exchange {
        Some(used) => Some(Exchange {
            units: used.units,
            per: used.per,
            from_digits: digits(&c.invoice.currency),
            to_digits: digits(to),
        }),
        None => same_currency(&c.invoice.currency, to),
    };
    let now_minor = if c.state == CommissionState::Earned { c.standing_minor() } else { 0 };
    ReplayedInvoice {
        conversion_id: c.conversion_id,
        referrer_id: c.referrer_id,
        exchange,
        refunded_minor: c.refunded_minor,
        blocked: c.state == CommissionState::Blocked,
        now_minor,
        invoice: c.invoice,
    }
}

/// A conversion without a commission (its campaign paid flat rewards then): a one-off
/// invoice of its amount whose period starts when it was recorded, earning its referrer's
/// cash rewards now. `None` for a conversion of someone nobody referred.
async fn from_conversion(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
    conversion: &Conversion,
) -> Result<Option<ReplayedInvoice>, ApiError> {
    let participant = state.store.participant(conversion.participant_id).await?;
    let Some(referrer_id) = participant.and_then(|p| p.referred_by) else { return Ok(None) };
    let to = campaign.payouts.currency.as_str();
    let currency = conversion.currency.clone().unwrap_or_else(|| to.to_owned());
    // A conversion's `amount`, as a cash reward's value, has two decimals.
    let cents = conversion.amount.as_deref().and_then(money::cents).unwrap_or(0);
    let paid = from_hundredths(cents, &currency);
    let mut now_minor = 0;
    for &(owner, reward_id) in conversion.rewards.iter().filter(|(owner, _)| *owner == referrer_id) {
        let Some(reward) = state.store.reward(member.id, reward_id).await? else { continue };
        if reward.participant_id == owner && reward.kind == RewardType::Cash && reward.status != RewardStatus::Voided {
            now_minor += from_hundredths(reward.value.as_deref().and_then(money::cents).unwrap_or(0), to);
        }
    }
    let period_start =
        chrono::DateTime::parse_from_rfc3339(&conversion.created_at).map(|t| t.timestamp()).unwrap_or_default();
    Ok(Some(ReplayedInvoice {
        conversion_id: conversion.id,
        referrer_id,
        exchange: same_currency(&currency, to),
        refunded_minor: if conversion.status == ConversionStatus::Refunded { paid } else { 0 },
        blocked: false,
        now_minor,
        invoice: PaidInvoice {
            subscription_id: conversion.external_id.clone(),
            period_start,
            lines: vec![InvoiceLine { product_id: None, base_minor: paid }],
            paid_minor: paid,
            currency,
        },
    }))
}
