//! A campaign's payouts in the browser: what is due now (each participant's approved cash
//! rewards that no payout holds, against the campaign's minimum), making the payouts, the
//! bulk-payment files, and marking each payout paid or failed. Every move goes through the
//! API's own functions ([`crate::http::payouts::request_payouts`],
//! [`crate::http::payouts::move_payout`]), so a double click makes no second payout.
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/campaigns/{id}/payouts` | due balances, the payouts (`?status=&page=`) |
//! | `POST /dashboard/campaigns/{id}/payouts` | make the payouts due |
//! | `GET /dashboard/campaigns/{id}/payouts.csv` | the API's file (`?format=paypal` or `wise`) |
//! | `POST /dashboard/payouts/{id}/paid`, `…/fail` | mark one (`reference` / `reason`), back to the list |
//! | `POST /dashboard/campaigns/{id}/payouts/paid` | mark the requested batch paid with one `reference` |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::form::FormData;
use super::page::{self, refusal_status, PageError, Viewer};
use super::session::{SignedIn, SignedInForm};
use crate::domain::engine::balances;
use crate::domain::money;
use crate::domain::pagination::{Page, PageRequest, MAX_LIMIT};
use crate::domain::payout::{parse_note, PayoutMove, PayoutStatus};
use crate::domain::Campaign;
use crate::http::error::ApiError;
use crate::http::ownership;
use crate::http::payouts::{move_payout, payouts_file, request_payouts, CsvQuery};
use crate::http::state::AppState;

/// Rows of a page of the list.
const PER_PAGE: u64 = 50;

/// The most payouts one "Mark all paid" marks: the requested ones, oldest first.
const MOST_IN_BATCH: u64 = 1_000;

/// The list's query: its filter and page, and what the last form did.
#[derive(Debug, Default, Deserialize)]
pub struct PayoutsQuery {
    status: Option<String>,
    page: Option<String>,
    /// `made` (with `count`), `paid`, `failed`, or `batch_paid` (with `count` and `skipped`).
    done: Option<String>,
    count: Option<String>,
    skipped: Option<String>,
}

impl PayoutsQuery {
    /// The sentence of what the last form did: our own words and numbers, never request text.
    fn notice(&self) -> Option<String> {
        Some(match self.done.as_deref()? {
            "made" => match self.count.as_deref()?.parse::<u64>().ok()? {
                0 => "No balance was due: no payout was made.".to_owned(),
                1 => "1 payout was made.".to_owned(),
                n => format!("{n} payouts were made."),
            },
            "paid" => "The payout is marked paid; its rewards are fulfilled.".to_owned(),
            "batch_paid" => {
                let count = |raw: &Option<String>| raw.as_deref().unwrap_or("0").parse::<u64>().ok();
                let (marked, skipped) = (count(&self.count)?, count(&self.skipped)?);
                let payouts = |n: u64| if n == 1 { "1 payout".to_owned() } else { format!("{n} payouts") };
                let mut sentence = match marked {
                    0 => "No payout was marked paid.".to_owned(),
                    n => format!("{} marked paid with the reference; their rewards are fulfilled.", payouts(n)),
                };
                if skipped > 0 {
                    sentence.push_str(&format!(
                        " {} had been marked paid or failed since the page was shown: unchanged.",
                        payouts(skipped)
                    ));
                }
                sentence
            }
            "failed" => "The payout is marked failed; its rewards are free for the next payout.".to_owned(),
            _ => return None,
        })
    }

    fn status(&self) -> Result<Option<PayoutStatus>, ApiError> {
        match self.status.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
            None => Ok(None),
            Some(status) => Ok(Some(PayoutStatus::parse(status)?)),
        }
    }
}

async fn list_page(
    state: &AppState,
    signed_in: &SignedIn,
    campaign: &Campaign,
    query: &PayoutsQuery,
    error: Option<&str>,
) -> Result<Markup, PageError> {
    let status = query.status()?;
    let request = PageRequest::parse(query.page.as_deref(), Some(&PER_PAGE.to_string())).map_err(ApiError::from)?;
    let member = &signed_in.member;
    let (payouts, total) = state.store.payouts_of_member(member.id, Some(campaign.id), status, request).await?;
    let unpaid = state.store.unpaid_cash_rewards(campaign.id).await?;
    let mut owed = std::collections::HashMap::new();
    for reward in &unpaid {
        if let std::collections::hash_map::Entry::Vacant(entry) = owed.entry(reward.participant_id) {
            entry.insert(state.store.owed(campaign.id, reward.participant_id).await?.cents);
        }
    }
    let due = balances(campaign, unpaid, |id| owed.get(&id).copied().unwrap_or(0), None)
        .map_err(|e| PageError::internal(e.to_string()))?;
    let ids = due.iter().map(|b| b.participant_id).chain(payouts.iter().map(|p| p.participant_id));
    let people = super::participants::people(state, ids).await?;
    let batch = requested(state, member.id, campaign.id).await?;
    // Who among the listed payouts' participants said where to be paid: the others are paid
    // to their signup email by the file, or left out of it, as the member chooses below.
    let mut with_details = std::collections::HashSet::new();
    for payout in payouts.iter().filter(|p| p.status == PayoutStatus::Requested) {
        if state.store.payout_details(campaign.id, payout.participant_id).await?.is_some() {
            with_details.insert(payout.participant_id);
        }
    }
    let base = format!("/dashboard/campaigns/{}/payouts", campaign.id);
    let currency = &campaign.payouts.currency;
    let token = &signed_in.form_token;
    let content = html! {
        p {
            (page::back_to(campaign))
            " · " a href={ "/dashboard/campaigns/" (campaign.id) "/rewards" } { "Rewards" }
        }
        @if let Some(error) = error { p.error role="alert" { (error) } }
        section.card #due {
            h2 { "Due now" }
            p.hint {
                "Approved cash rewards that no payout holds, per participant, from "
                (money::amount(campaign.payouts.minimum_cents)) " " (currency) " up (the campaign's minimum). "
                "Each reward is paid in one payout at most."
            }
            @if due.is_empty() {
                p { "Nothing is due." }
            } @else {
                div.scroll { table.stack {
                    caption.visually-hidden { "Balances due" }
                    thead { tr { th scope="col" { "Participant" } th scope="col" .num { "Rewards" } th scope="col" .num { "Amount" } } }
                    tbody {
                        @for balance in &due {
                            tr {
                                td { (super::participants::person(&people, balance.participant_id)) }
                                td.num data-label="Rewards" { (balance.rewards.len()) }
                                td.num data-label="Amount" { (money::amount(balance.amount_cents)) " " (currency) }
                            }
                        }
                    }
                } }
                form.inline method="post" action=(base) {
                    (page::token_field(token))
                    button type="submit" { "Create payouts" }
                }
            }
        }
        h2 { "Payouts" }
        form.inline method="get" action=(base) {
            label for="status" { "Show " }
            select #status name="status" {
                option value="" selected[status.is_none()] { "every state" }
                @for s in PayoutStatus::ALL {
                    option value=(s.name()) selected[status == Some(s)] { (s.name()) }
                }
            }
            button.small type="submit" { "Show" }
        }
        form.inline #payouts-file method="get" action={ (base) ".csv" } {
            label for="file-format" { "Requested payouts as a file for a bulk payment: " }
            select #file-format name="format" {
                option value="paypal" { "PayPal Payouts" }
                option value="wise" { "Wise batch" }
            }
            label for="without-details" { " participants without payout details: " }
            select #without-details name="without_details" {
                option value="email" { "paid to their signup email" }
                option value="leave_out" { "left out of the file" }
            }
            button.small type="submit" { "Download" }
        }
        @if !batch.is_empty() {
            section.card #batch {
                h3 { "Paid the whole file?" }
                p.hint {
                    "Marks the " (batch.len()) " requested payouts listed in the file ("
                    (money::amount(batch.iter().map(|p| p.amount_cents).sum())) " " (currency)
                    ") paid with one payment reference; their rewards become fulfilled. A payout marked "
                    "since this page was shown is left as it is, and a second click marks nothing twice."
                }
                form.inline method="post" action={ (base) "/paid" } {
                    (page::token_field(token))
                    @for payout in &batch { input type="hidden" name="payout" value=(payout.id); }
                    label for="batch-reference" { "Payment reference " }
                    input #batch-reference type="text" name="reference" required maxlength="200" placeholder="the batch's reference";
                    button type="submit" { "Mark all paid" }
                }
            }
        }
        @if payouts.is_empty() {
            p { "No payouts yet." }
        } @else {
            div.scroll { table.stack {
                caption.visually-hidden { "Payouts" }
                thead { tr {
                    th scope="col" { "Payout" } th scope="col" { "Participant" } th scope="col" .num { "Amount" }
                    th scope="col" { "State" } th scope="col" { "" }
                } }
                tbody {
                    @for p in &payouts {
                        tr #{ "payout-" (p.id) } {
                            td { "#" (p.id) br; (page::when(&p.created_at)) }
                            td {
                                (super::participants::person(&people, p.participant_id))
                                @if p.status == PayoutStatus::Requested && !with_details.contains(&p.participant_id) {
                                    br; span.tag { "no payout details" }
                                }
                            }
                            td.num data-label="Amount" { (money::amount(p.amount_cents)) " " (p.currency) }
                            td.state {
                                (p.status.name())
                                @if let Some(reference) = &p.reference { br; "reference " code { (reference) } }
                                @if let Some(reason) = &p.failure_reason { br; (reason) }
                            }
                            td {
                                @if p.status == PayoutStatus::Requested {
                                    form.inline method="post" action={ "/dashboard/payouts/" (p.id) "/paid" } {
                                        (page::token_field(token))
                                        label.visually-hidden for={ "reference-" (p.id) } { "Payment reference" }
                                        input id={ "reference-" (p.id) } type="text" name="reference" required maxlength="200" placeholder="payment reference";
                                        button.small type="submit" { "Mark paid" }
                                    }
                                    form.inline method="post" action={ "/dashboard/payouts/" (p.id) "/fail" } {
                                        (page::token_field(token))
                                        label.visually-hidden for={ "reason-" (p.id) } { "Why it failed" }
                                        input id={ "reason-" (p.id) } type="text" name="reason" required maxlength="200" placeholder="why it failed";
                                        button.small.danger type="submit" { "Mark failed" }
                                    }
                                }
                            }
                        }
                    }
                }
            } }
        }
        (page::pager(&format!("{base}?status={}&", status.map_or("", PayoutStatus::name)), &Page::new(request, total)))
    };
    let title = format!("Payouts of {}", campaign.name);
    Ok(page::page(&Viewer::of(signed_in), &title, query.notice().as_deref(), content))
}

/// `GET /dashboard/campaigns/{id}/payouts`.
pub async fn list(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<PayoutsQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    Ok(page::ok(list_page(&state, &signed_in, &campaign, &query, None).await?))
}

/// `POST /dashboard/campaigns/{id}/payouts`: makes the payouts due.
pub async fn request(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let member = &posted.signed_in.member;
    let campaign = ownership::campaign(&state, member, *id).await?;
    let made = request_payouts(&state, member, &campaign, None).await?;
    let location =
        format!("/dashboard/campaigns/{}/payouts?status=requested&done=made&count={}", campaign.id, made.len());
    Ok(page::see_other(&location))
}

/// The campaign's requested payouts, oldest first, at most [`MOST_IN_BATCH`]: the batch the
/// files list (from its first row) and "Mark all paid" marks. The store lists them newest
/// first, so the pages are read from the last.
async fn requested(
    state: &AppState,
    member_id: u64,
    campaign_id: u64,
) -> Result<Vec<crate::domain::payout::Payout>, PageError> {
    let requested = Some(PayoutStatus::Requested);
    let page = |page| PageRequest { page, limit: MAX_LIMIT };
    let (newest, total) = state.store.payouts_of_member(member_id, Some(campaign_id), requested, page(1)).await?;
    let mut batch = Vec::new();
    for at in (2..=total.div_ceil(MAX_LIMIT)).rev() {
        let (payouts, _) = state.store.payouts_of_member(member_id, Some(campaign_id), requested, page(at)).await?;
        batch.extend(payouts);
        if batch.len() as u64 >= MOST_IN_BATCH {
            break;
        }
    }
    // The first page, already read, holds the newest: in the batch while there is room.
    if (batch.len() as u64) < MOST_IN_BATCH {
        batch.extend(newest);
    }
    batch.sort_by_key(|payout| payout.id);
    batch.truncate(MOST_IN_BATCH as usize);
    Ok(batch)
}

/// `POST /dashboard/campaigns/{id}/payouts/paid`: the payouts the form lists (the requested
/// batch as the page showed it) marked paid with one reference, each through the API's own
/// move, so a payout moves once however often the form is sent. One that was marked paid or
/// failed since is counted as skipped, never an error.
pub async fn batch_paid(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let member = &signed_in.member;
    let campaign = ownership::campaign(&state, member, *id).await?;
    let reference = match parse_note("reference", Some(form.text("reference"))) {
        Ok(reference) => reference,
        Err(refused) => {
            let (status, message) = refusal_status(ApiError::from(refused))?;
            let markup = list_page(&state, &signed_in, &campaign, &PayoutsQuery::default(), Some(&message)).await?;
            return Ok(page::respond(status, markup));
        }
    };
    let mut ids: Vec<u64> = Vec::new();
    for raw in form.all("payout") {
        let id = raw.parse::<u64>().map_err(|_| PageError::not_found("payout"))?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    if ids.len() as u64 > MOST_IN_BATCH {
        return Err(PageError::BadForm("at most 1,000 payouts can be marked at once"));
    }
    let (mut marked, mut skipped) = (0, 0);
    for id in ids {
        // The member's payout of this campaign, or nothing more is marked.
        let payout = state.store.payout(member.id, id).await?.ok_or_else(|| PageError::not_found("payout"))?;
        if payout.campaign_id != campaign.id {
            return Err(PageError::not_found("payout"));
        }
        if payout.status != PayoutStatus::Requested {
            skipped += 1;
            continue;
        }
        match move_payout(&state, member, id, PayoutMove::Paid { reference: reference.clone() }).await {
            Ok(moved) if moved.status == PayoutStatus::Paid && moved.reference.as_deref() == Some(&reference) => {
                marked += 1
            }
            // Another request moved it first (paid with another reference, or failed).
            Ok(_) => skipped += 1,
            Err(e) if e.code() == crate::http::Code::PayoutStateConflict => skipped += 1,
            Err(e) => return Err(e.into()),
        }
    }
    let location =
        format!("/dashboard/campaigns/{}/payouts?done=batch_paid&count={marked}&skipped={skipped}", campaign.id);
    Ok(page::see_other(&location))
}

/// `GET /dashboard/campaigns/{id}/payouts.csv`.
pub async fn csv(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<CsvQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    Ok(payouts_file(&state, &signed_in.member, &campaign, &query).await?)
}

/// `POST /dashboard/payouts/{id}/{action}`: `paid` with a `reference`, `fail` with a `reason`.
pub async fn act(
    state: web::Data<AppState>,
    posted: SignedInForm,
    path: web::Path<(u64, String)>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let (id, action) = path.into_inner();
    let payout = state.store.payout(signed_in.member.id, id).await?.ok_or_else(|| PageError::not_found("payout"))?;
    let moved = match movement(&action, &form) {
        Ok(movement) => move_payout(&state, &signed_in.member, id, movement).await,
        Err(refused) => Err(refused),
    };
    let refused = match moved {
        Ok(moved) => {
            let done = if moved.status == PayoutStatus::Paid { "paid" } else { "failed" };
            return Ok(page::see_other(&format!("/dashboard/campaigns/{}/payouts?done={done}", moved.campaign_id)));
        }
        Err(e) => e,
    };
    // A refusal is the list again with its sentence; anything else is an error page.
    let (status, message) = refusal_status(refused)?;
    let campaign = ownership::campaign(&state, &signed_in.member, payout.campaign_id).await?;
    let markup = list_page(&state, &signed_in, &campaign, &PayoutsQuery::default(), Some(&message)).await?;
    Ok(page::respond(status, markup))
}

/// The move a form asks for.
fn movement(action: &str, form: &FormData) -> Result<PayoutMove, ApiError> {
    match action {
        "paid" => Ok(PayoutMove::Paid { reference: parse_note("reference", Some(form.text("reference")))? }),
        "fail" => Ok(PayoutMove::Failed { reason: parse_note("reason", Some(form.text("reason")))? }),
        _ => Err(ApiError::not_found("page")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notice_is_our_sentence_with_numbers_or_nothing() {
        let q = |done: &str, count: &str| PayoutsQuery {
            done: Some(done.into()),
            count: Some(count.into()),
            ..Default::default()
        };
        assert_eq!(q("made", "3").notice().unwrap(), "3 payouts were made.");
        assert_eq!(q("made", "1").notice().unwrap(), "1 payout was made.");
        assert!(q("made", "0").notice().unwrap().starts_with("No balance"));
        assert!(q("paid", "").notice().unwrap().contains("fulfilled"));
        assert_eq!(q("made", "<b>").notice(), None);
        assert_eq!(q("hacked", "1").notice(), None);
    }
}
