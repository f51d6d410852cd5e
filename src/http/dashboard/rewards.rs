//! A campaign's rewards in the browser: every reward, narrowed by state, kind and
//! participant, each with its history and the moves it allows (from [`super::reward_moves`]),
//! and the filtered list as CSV; the participants export beside it.
//!
//! The kind filter is applied here, over the rewards the store finds for the other criteria
//! (rewards carry their kind in their row only): a page of a filtered kind reads the
//! campaign's rewards of the chosen state up to that page.
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/campaigns/{id}/rewards` | the list (`?status=`, `?kind=`, `?participant=` an id or email, `?page=`) |
//! | `GET /dashboard/campaigns/{id}/rewards.csv` | the same list as CSV (the API's `rewards.csv` columns) |
//! | `GET /dashboard/campaigns/{id}/participants.csv` | the API's participants export |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::page::{self, PageError, Viewer};
use super::reward_filter::ListFilter;
use super::reward_moves::{history, hold_words, moves, what, Back, ReportQuery};
use super::session::SignedIn;
use crate::domain::campaign::RewardType;
use crate::domain::pagination::{Page, PageRequest, MAX_LIMIT};
use crate::domain::reward::RewardFilter;
use crate::domain::{Campaign, EmailAddress, Member, Reward, RewardStatus};
use crate::http::exports::{self, RewardRows};
use crate::http::ownership;
use crate::http::state::AppState;
use crate::store::participant_by_address;

/// Rows of a page of the list.
const PER_PAGE: u64 = 50;
/// The list's query.
#[derive(Debug, Default, Deserialize)]
pub struct ListQuery {
    status: Option<String>,
    kind: Option<String>,
    participant: Option<String>,
    page: Option<String>,
    #[serde(flatten)]
    report: ReportQuery,
}

impl ListQuery {
    fn filter(&self) -> ListFilter {
        ListFilter::parse(
            self.status.as_deref(),
            self.kind.as_deref(),
            self.participant.as_deref(),
            self.page.as_deref(),
        )
    }
}

/// The participant a filter names in `campaign`: `Ok(None)` for no filter, `Err(())` for one
/// that names nobody there.
async fn participant_named(
    state: &AppState,
    campaign: &Campaign,
    named: Option<&str>,
) -> Result<Result<Option<u64>, ()>, PageError> {
    let Some(named) = named else { return Ok(Ok(None)) };
    if let Ok(id) = named.trim_start_matches('#').parse::<u64>() {
        let found = state.store.participant(id).await?.filter(|p| p.campaign_id == campaign.id);
        return Ok(found.map(|p| Some(p.id)).ok_or(()));
    }
    let Ok(email) = EmailAddress::parse(named) else { return Ok(Err(())) };
    let found = participant_by_address(&state.store, campaign, &email).await?;
    Ok(found.map(|p| Some(p.id)).ok_or(()))
}

/// A page of the campaign's rewards that match `filter`, newest first, and their count.
async fn rewards_matching(
    state: &AppState,
    member: &Member,
    campaign: &Campaign,
    participant_id: Option<u64>,
    filter: &ListFilter,
) -> Result<(Vec<Reward>, u64), PageError> {
    let criteria =
        RewardFilter { campaign_id: Some(campaign.id), status: filter.status, participant_id, oldest_first: false };
    let wanted = PageRequest { page: filter.page, limit: PER_PAGE };
    let Some(kind) = filter.kind else {
        return Ok(state.store.rewards_of_member(member.id, criteria, wanted).await?);
    };
    // The kind is in the rows only: read the rest a store page at a time, keep the window.
    let (skip, mut total, mut kept) = (wanted.offset(), 0u64, Vec::new());
    let mut read = PageRequest { page: 1, limit: MAX_LIMIT };
    loop {
        let (batch, all) = state.store.rewards_of_member(member.id, criteria, read).await?;
        for reward in batch.iter().filter(|r| r.kind == kind) {
            total += 1;
            if total > skip && kept.len() < PER_PAGE as usize {
                kept.push(reward.clone());
            }
        }
        if batch.is_empty() || read.page * read.limit >= all {
            return Ok((kept, total));
        }
        read.page += 1;
    }
}

fn filter_form(campaign: &Campaign, filter: &ListFilter) -> Markup {
    html! {
        form.search method="get" action={ "/dashboard/campaigns/" (campaign.id) "/rewards" } {
            div {
                label for="status" { "State" }
                select #status name="status" {
                    option value="" { "Any" }
                    @for status in RewardStatus::ALL {
                        option value=(status.name()) selected[filter.status == Some(status)] { (status.name()) }
                    }
                }
            }
            div {
                label for="kind" { "Kind" }
                select #kind name="kind" {
                    option value="" { "Any" }
                    @for kind in RewardType::ALL {
                        option value=(kind.name()) selected[filter.kind == Some(kind)] { (kind.name()) }
                    }
                }
            }
            div {
                label for="participant" { "Participant (email or id)" }
                input #participant type="search" name="participant" maxlength="254"
                    value=(filter.participant.as_deref().unwrap_or_default());
            }
            button type="submit" { "Show" }
        }
    }
}

/// `GET /dashboard/campaigns/{id}/rewards`.
pub async fn list(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let filter = query.filter();
    let named = participant_named(&state, &campaign, filter.participant.as_deref()).await?;
    let (rewards, total) = match named {
        Ok(participant_id) => rewards_matching(&state, &signed_in.member, &campaign, participant_id, &filter).await?,
        Err(()) => (Vec::new(), 0),
    };
    let people = super::participants::people(&state, rewards.iter().map(|r| r.participant_id)).await?;
    let commissions = match campaign.pays_commission() {
        true => {
            let ids: Vec<u64> = rewards.iter().map(|r| r.id).collect();
            let found = state.store.commissions_of_rewards(campaign.id, &ids).await?;
            found.into_iter().filter_map(|c| c.reward_id.map(|id| (id, c))).collect()
        }
        false => std::collections::HashMap::new(),
    };
    let back = Back::Rewards(filter.clone());
    let listing = filter.without_page().query();
    let csv = format!("/dashboard/campaigns/{}/rewards.csv?{}", campaign.id, listing.trim_end_matches('&'));
    let content = html! {
        p { (page::back_to(&campaign)) }
        (filter_form(&campaign, &filter))
        p { a.button href=(csv) download { "Download these as CSV" } }
        @if named.is_err() {
            p.error { "No participant of this campaign has that email or id." }
        } @else if rewards.is_empty() {
            p { "No rewards match." }
        } @else {
            div.scroll { table.stack.rewards {
                caption.visually-hidden { "Rewards" }
                thead { tr {
                    th scope="col" { "Reward" } th scope="col" { "Participant" } th scope="col" { "State" }
                    th scope="col" { "Earned" } th scope="col" { "Actions" }
                } }
                tbody {
                    @for reward in &rewards {
                        tr #{ "reward-" (reward.id) } {
                            td {
                                "#" (reward.id) " " (what(reward))
                                @if let Some(c) = commissions.get(&reward.id) { (commission_line(c)) }
                                (history(reward))
                            }
                            td {
                                @match people.get(&reward.participant_id) {
                                    Some(p) => a href={ "/dashboard/participants/" (p.id) } {
                                        @if p.is_erased() { em { "erased" } } @else { (p.name) br; (p.email) }
                                    },
                                    None => { "#" (reward.participant_id) },
                                }
                            }
                            td {
                                span.state { (reward.status.name()) }
                                @if reward.status == RewardStatus::Held {
                                    ul.reasons { @for words in hold_words(reward) { li { (words) } } }
                                }
                                @if let Some(why) = &reward.void_reason { div.hint { (why) } }
                            }
                            td data-label="Earned" { (page::when(&reward.created_at)) }
                            td { (moves(&signed_in.form_token, reward, &back)) }
                        }
                    }
                }
            } }
        }
        (page::pager(&format!("/dashboard/campaigns/{}/rewards?{listing}", campaign.id), &Page::new(
            PageRequest { page: filter.page, limit: PER_PAGE },
            total,
        )))
    };
    let title = format!("Rewards of {}", campaign.name);
    let notice = query.report.sentence();
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &title, notice.as_deref(), content)))
}

/// `GET /dashboard/campaigns/{id}/rewards.csv`: the list as it is filtered, every page.
pub async fn csv(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let filter = query.filter();
    let participant_id = match participant_named(&state, &campaign, filter.participant.as_deref()).await? {
        Ok(id) => id,
        // Nobody by that name: the header alone.
        Err(()) => Some(0),
    };
    let rows = RewardRows { status: filter.status, kind: filter.kind, participant_id };
    Ok(exports::campaign_rewards(&state, campaign.id, rows))
}

/// `GET /dashboard/campaigns/{id}/participants.csv`: the API's participants export.
pub async fn participants_csv(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    Ok(exports::campaign_participants(&state, campaign.id))
}

/// What a commission's reward is a share of: the invoice, its period, the rate its lines
/// earned and its base.
fn commission_line(c: &crate::domain::invoice::Commission) -> Markup {
    html! { div.commission.hint { (crate::views::commission_summary(c)) } }
}
