//! A participant's money on their dashboard page: what is due to them (approved cash rewards
//! that no payout holds), what they owe back (cash paid whose conversion was refunded since)
//! with the adjustments that made it, where they asked to be paid, and their payouts. The
//! same numbers as the API's `GET /participants/:id/balance` and the participant's portal
//! (`crate::http::payouts::balance_of`).

use maud::{html, Markup};

use super::page::{self, PageError};
use crate::domain::money;
use crate::domain::payout::{DetailsMethod, PayoutStatus};
use crate::domain::reward_type::RewardType;
use crate::domain::{Campaign, Participant};
use crate::http::payouts::balance_of;
use crate::http::state::AppState;

/// The section, or nothing for a participant of a campaign that pays no cash and never paid
/// them (a coupon or a message campaign).
pub async fn section(state: &AppState, campaign: &Campaign, participant: &Participant) -> Result<Markup, PageError> {
    let (due_cents, owed) = balance_of(state, campaign.id, participant.id).await?;
    let payouts = state.store.payouts_of_participant(campaign.id, participant.id).await?;
    let details = state.store.payout_details(campaign.id, participant.id).await?;
    let pays_cash =
        campaign.reward_type == RewardType::Cash || campaign.tiers.iter().any(|t| t.reward_type == RewardType::Cash);
    if !pays_cash && payouts.is_empty() && owed.cents == 0 && due_cents == 0 {
        return Ok(html! {});
    }
    let currency = &campaign.payouts.currency;
    let amount = |cents: u64| html! { (money::amount(cents)) " " (currency) };
    Ok(html! {
        section aria-labelledby="money" {
            h2 #money { "Balance and payouts" }
            dl.numbers #balance {
                div { dt { "Due" } dd #due { (amount(due_cents)) } }
                div { dt { "Owed back" } dd #owed { (amount(owed.cents)) } }
                div { dt { "Payouts" } dd { (payouts.len()) } }
            }
            p.hint {
                "Due: approved cash rewards no payout holds yet. Owed back: cash paid to them whose \
                 conversion was refunded since; it is taken off their next payouts, never below zero."
            }
            @if !owed.entries.is_empty() {
                h3 { "Adjustments" }
                div.scroll { table #adjustments {
                    thead { tr { th scope="col" { "When" } th scope="col" .num { "Owed" } th scope="col" { "Why" } } }
                    tbody {
                        @for entry in &owed.entries {
                            tr {
                                td { (page::when(&entry.at)) }
                                td.num {
                                    @if entry.cents < 0 { "−" } @else { "+" }
                                    (amount(entry.cents.unsigned_abs()))
                                }
                                td { (entry.note) }
                            }
                        }
                    }
                } }
            }
            h3 { "Where they are paid" }
            @match &details {
                Some(details) => p #payout-details {
                    (match details.method {
                        DetailsMethod::Paypal => "PayPal: ",
                        DetailsMethod::Wise => "Wise: ",
                        DetailsMethod::Other => "As they wrote: ",
                    })
                    (details.value)
                },
                None => p #payout-details {
                    span.tag { "no payout details" }
                    " They have not said where to be paid: the payouts file pays the address they signed up \
                     with, or leaves them out, as you choose when you download it."
                },
            }
            h3 { "Payouts" }
            @if payouts.is_empty() {
                p { "No payouts yet." }
            } @else {
                div.scroll { table #participant-payouts {
                    thead { tr {
                        th scope="col" { "Payout" } th scope="col" .num { "Amount" } th scope="col" { "State" }
                    } }
                    tbody {
                        @for payout in &payouts {
                            tr {
                                td {
                                    a href={ "/dashboard/campaigns/" (campaign.id) "/payouts#payout-" (payout.id) } { "#" (payout.id) }
                                    " · " (page::when(&payout.created_at))
                                }
                                td.num { (money::amount(payout.amount_cents)) " " (payout.currency) }
                                td {
                                    (payout.status.name())
                                    @if payout.status == PayoutStatus::Paid {
                                        @if let Some(reference) = &payout.reference { " · reference " code { (reference) } }
                                    }
                                    @if let Some(reason) = &payout.failure_reason { " · " (reason) }
                                }
                            }
                        }
                    }
                } }
            }
        }
    })
}
