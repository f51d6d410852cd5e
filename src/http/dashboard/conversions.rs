//! A campaign's conversions in the browser: the list (newest first, each with its participant,
//! order id, amount and the rewards it produced), recording one by hand (an order that came
//! in by phone, an invoice paid outside Stripe), and refunding one. Both go through the API's
//! own functions ([`crate::http::conversions::record`], [`crate::http::conversions::refund_conversion`]),
//! so the same order id twice records once and a second refund changes nothing.
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/campaigns/{id}/conversions` | the list and the form (`?page=`) |
//! | `POST /dashboard/campaigns/{id}/conversions` | record one (`participant` an email or id, `external_id`, `amount?`, `currency?`) |
//! | `POST /dashboard/conversions/{id}/refund` | refund one, back to the list |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::form::FormData;
use super::page::refusal_status;
use super::page::{self, PageError, Viewer};
use super::session::{SignedIn, SignedInForm};
use crate::domain::conversion::{parse_currency, parse_external_id, ConversionStatus};
use crate::domain::engine::NewConversion;
use crate::domain::invoice::RefundReport;
use crate::domain::money::parse_amount;
use crate::domain::pagination::{Page, PageRequest};
use crate::domain::{Campaign, EmailAddress};
use crate::http::conversions::{record, refund_conversion};
use crate::http::error::ApiError;
use crate::http::ownership;
use crate::http::state::AppState;

/// Rows of a page of the list.
const PER_PAGE: u64 = 50;

/// The list's query: the page, and what the last form did.
#[derive(Debug, Default, Deserialize)]
pub struct ConversionsQuery {
    page: Option<String>,
    /// `recorded` (with `rewards`, `held` and `cash`: what it earned), `known` or `refunded`
    /// (with `voided` and `kept` counts).
    done: Option<String>,
    voided: Option<String>,
    kept: Option<String>,
    rewards: Option<String>,
    held: Option<String>,
    /// Cents of cash among the rewards, in the campaign's currency.
    cash: Option<String>,
}

impl ConversionsQuery {
    /// The sentence of what the last form did: our own words and numbers, never request text.
    fn notice(&self, currency: &str) -> Option<String> {
        let count = |raw: &Option<String>| raw.as_deref().unwrap_or("0").parse::<u64>().ok();
        let rewards = |n: u64| if n == 1 { "1 reward".to_owned() } else { format!("{n} rewards") };
        Some(match self.done.as_deref()? {
            "recorded" => match (count(&self.rewards)?, count(&self.held)?, count(&self.cash)?) {
                (0, ..) => "The conversion is recorded. It earned no reward: its participant was not referred, their \
                            referrer is blocked, or the campaign's goal is not met yet."
                    .to_owned(),
                (earned, held, cash) => {
                    let mut what = Vec::new();
                    if cash > 0 {
                        what.push(format!("{} {currency} in cash", crate::domain::money::amount(cash)));
                    }
                    if held > 0 {
                        what.push(format!("{held} held for your review"));
                    }
                    let what = if what.is_empty() { String::new() } else { format!(" ({})", what.join("; ")) };
                    format!("The conversion is recorded. It earned {}{what}.", rewards(earned))
                }
            },
            "known" => "That order id was recorded before: nothing changed.".to_owned(),
            "refunded" => {
                let (voided, kept) = (count(&self.voided)?, count(&self.kept)?);
                let mut sentence = format!("The conversion is refunded: {} voided.", rewards(voided));
                if kept > 0 {
                    sentence.push_str(&format!(" Left fulfilled, as paid out already: {}.", rewards(kept)));
                }
                sentence
            }
            _ => return None,
        })
    }
}

fn record_form(campaign: &Campaign, form_token: &str, form: Option<&FormData>, error: Option<&str>) -> Markup {
    let value = |name: &str| form.map(|f| f.text(name).to_owned()).unwrap_or_default();
    html! {
        form.card method="post" action={ "/dashboard/campaigns/" (campaign.id) "/conversions" } {
            h2 { "Record a conversion" }
            p.hint { "An order or paid invoice of a participant, for a campaign whose goal is conversions \
                      (or to keep the record). The same order id twice is recorded once." }
            @if let Some(error) = error { p.error role="alert" { (error) } }
            (page::token_field(form_token))
            label for="participant" { "Participant (email or id)" }
            input #participant type="text" name="participant" required maxlength="254" value=(value("participant"));
            label for="external_id" { "Order or invoice id" }
            input #external_id type="text" name="external_id" required maxlength="200" value=(value("external_id"));
            label for="amount" { "Amount (optional)" }
            input #amount type="text" name="amount" inputmode="decimal" placeholder="49.90" maxlength="20" value=(value("amount"));
            label for="currency" { "Currency (optional)" }
            input #currency type="text" name="currency" placeholder="EUR" maxlength="3" value=(value("currency"));
            button type="submit" { "Record conversion" }
        }
    }
}

async fn list_page(
    state: &AppState,
    signed_in: &SignedIn,
    campaign: &Campaign,
    page_request: PageRequest,
    notice: Option<String>,
    form: Option<&FormData>,
    error: Option<&str>,
) -> Result<Markup, PageError> {
    let (conversions, total) =
        state.store.conversions_of_member(signed_in.member.id, Some(campaign.id), page_request).await?;
    let people = super::participants::people(state, conversions.iter().map(|c| c.participant_id)).await?;
    let base = format!("/dashboard/campaigns/{}/conversions", campaign.id);
    let content = html! {
        p {
            (page::back_to(campaign))
            " · " a href={ "/dashboard/campaigns/" (campaign.id) "/rewards" } { "Rewards" }
        }
        @if conversions.is_empty() {
            p { "No conversions yet." }
        } @else {
            div.scroll { table.stack {
                caption.visually-hidden { "Conversions" }
                thead { tr {
                    th scope="col" { "Order" } th scope="col" { "Participant" } th scope="col" .num { "Amount" }
                    th scope="col" { "When" } th scope="col" { "State" } th scope="col" { "" }
                } }
                tbody {
                    @for c in &conversions {
                        tr #{ "conversion-" (c.id) } {
                            td { code { (c.external_id) } }
                            td { (super::participants::person(&people, c.participant_id)) }
                            td.num data-label="Amount" {
                                @if let Some(amount) = &c.amount { (amount) " " (c.currency.as_deref().unwrap_or("")) }
                            }
                            td data-label="When" { (page::when(&c.created_at)) }
                            td.state {
                                (c.status.name())
                                @if !c.rewards.is_empty() {
                                    " · " (c.rewards.len()) @if c.rewards.len() == 1 { " reward" } @else { " rewards" }
                                }
                            }
                            td {
                                @if c.status == ConversionStatus::Recorded {
                                    form.inline method="post" action={ "/dashboard/conversions/" (c.id) "/refund" } {
                                        (page::token_field(&signed_in.form_token))
                                        button.small.danger type="submit" { "Refund" }
                                    }
                                }
                            }
                        }
                    }
                }
            } }
            p.hint { "Refunding voids the rewards the conversion produced, except those already paid out." }
        }
        (page::pager(&format!("{base}?"), &Page::new(page_request, total)))
        (record_form(campaign, &signed_in.form_token, form, error))
    };
    let title = format!("Conversions of {}", campaign.name);
    Ok(page::page(&Viewer::of(signed_in), &title, notice.as_deref(), content))
}

/// `GET /dashboard/campaigns/{id}/conversions`.
pub async fn list(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<ConversionsQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let page_request =
        PageRequest::parse(query.page.as_deref(), Some(&PER_PAGE.to_string())).map_err(ApiError::from)?;
    let notice = query.notice(&campaign.payouts.currency);
    Ok(page::ok(list_page(&state, &signed_in, &campaign, page_request, notice, None, None).await?))
}

/// The conversion the form describes, or the sentence that says what is wrong with it.
async fn conversion_of(state: &AppState, campaign: &Campaign, form: &FormData) -> Result<NewConversion, ApiError> {
    let named = form.text("participant").trim();
    let participant = match named.trim_start_matches('#').parse::<u64>() {
        Ok(id) => state.store.participant(id).await?.filter(|p| p.campaign_id == campaign.id),
        Err(_) => crate::store::participant_by_address(&state.store, campaign, &EmailAddress::parse(named)?).await?,
    };
    let participant = participant.ok_or_else(|| {
        ApiError::refused(crate::http::Code::ValidationFailed, "no participant of this campaign has that email or id")
    })?;
    let amount =
        Some(form.text("amount").trim()).filter(|a| !a.is_empty()).map(|a| parse_amount("amount", a)).transpose()?;
    let currency = Some(form.text("currency").trim()).filter(|c| !c.is_empty()).map(parse_currency).transpose()?;
    Ok(NewConversion {
        participant_id: participant.id,
        external_id: parse_external_id(form.text("external_id"))?,
        amount,
        currency,
        payment_references: Vec::new(),
        invoice: None,
        customers: Vec::new(),
        occurred_ms: None,
        promo_code: None,
    })
}

/// `POST /dashboard/campaigns/{id}/conversions`.
pub async fn create(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let refused = match conversion_of(&state, &campaign, &form).await {
        Ok(conversion) => match record(&state, &signed_in.member, &campaign, conversion).await {
            Ok(converted) if converted.created => {
                let held = converted.rewards.iter().filter(|r| r.status == crate::domain::RewardStatus::Held).count();
                let cash: u64 = converted
                    .rewards
                    .iter()
                    .filter(|r| r.kind == crate::domain::campaign::RewardType::Cash)
                    .filter_map(|r| r.value.as_deref().and_then(crate::domain::money::cents))
                    .sum();
                let location = format!(
                    "/dashboard/campaigns/{}/conversions?done=recorded&rewards={}&held={held}&cash={cash}",
                    campaign.id,
                    converted.rewards.len()
                );
                return Ok(page::see_other(&location));
            }
            Ok(_) => {
                return Ok(page::see_other(&format!("/dashboard/campaigns/{}/conversions?done=known", campaign.id)));
            }
            Err(e) => e,
        },
        Err(e) => e,
    };
    // A refusal is the form again with its sentence; anything else is an error page.
    let (status, message) = refusal_status(refused)?;
    let markup =
        list_page(&state, &signed_in, &campaign, PageRequest::default(), None, Some(&form), Some(&message)).await?;
    Ok(page::respond(status, markup))
}

/// `POST /dashboard/conversions/{id}/refund`.
pub async fn refund(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let refund = refund_conversion(&state, &posted.signed_in.member, *id, RefundReport::whole()).await?;
    let location = format!(
        "/dashboard/campaigns/{}/conversions?done=refunded&voided={}&kept={}",
        refund.conversion.campaign_id,
        if refund.changed { refund.voided.len() } else { 0 },
        if refund.changed { refund.fulfilled.len() } else { 0 },
    );
    Ok(page::see_other(&location))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notice_is_our_sentence_with_numbers_or_nothing() {
        let q = |done: &str, voided: &str, kept: &str| ConversionsQuery {
            done: Some(done.into()),
            voided: Some(voided.into()),
            kept: Some(kept.into()),
            ..Default::default()
        };
        assert_eq!(q("refunded", "2", "0").notice("USD").unwrap(), "The conversion is refunded: 2 rewards voided.");
        assert_eq!(
            q("refunded", "0", "1").notice("USD").unwrap(),
            "The conversion is refunded: 0 rewards voided. Left fulfilled, as paid out already: 1 reward."
        );
        assert!(q("known", "", "").notice("USD").unwrap().contains("recorded before"));
        assert_eq!(q("refunded", "<b>", "0").notice("USD"), None);
        assert_eq!(q("hacked", "0", "0").notice("USD"), None);
        let recorded = |rewards: &str, held: &str, cash: &str| ConversionsQuery {
            done: Some("recorded".into()),
            rewards: Some(rewards.into()),
            held: Some(held.into()),
            cash: Some(cash.into()),
            ..Default::default()
        };
        assert_eq!(
            recorded("2", "1", "1000").notice("EUR").unwrap(),
            "The conversion is recorded. It earned 2 rewards (10.00 EUR in cash; 1 held for your review)."
        );
        assert!(recorded("0", "0", "0").notice("EUR").unwrap().contains("earned no reward"));
        assert_eq!(recorded("1", "0", "x").notice("EUR"), None);
    }
}
