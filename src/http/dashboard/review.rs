//! The review of held rewards: the rewards that the fraud rules, a hold period or a
//! disposable address held back, oldest first, each with its reasons in words and both
//! people side by side (the referrer and the friend who signed up), to approve or void one
//! at a time or a selection at once.
//!
//! A selection's moves go one by one through the API's own path to the brand actor
//! ([`super::reward_moves::apply`]), each only while its reward is still held: a reward that
//! another tab or request moved first (approved, voided) is left as it is, counted and named
//! in the page's notice, and the others still move. Every id of a selection is checked to be
//! a reward of this campaign of the member before anything moves: one that is not makes the
//! whole form a 404 and changes nothing.
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/review` | the member's campaigns with rewards held, each with its count |
//! | `GET /dashboard/campaigns/{id}/review` | the campaign's held rewards (`?page=`) |
//! | `POST /dashboard/campaigns/{id}/review` | approve or void the ticked rewards (`action`, `reward`…, `reason`) |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::page::{self, PageError, Viewer};
use super::reward_moves::{apply, hold_words, moves, note_of, what, Back, Report, ReportQuery};
use super::session::{SignedIn, SignedInForm};
use crate::domain::counters::HeldByReason;
use crate::domain::pagination::{Page, PageRequest};
use crate::domain::reward::{RewardAction, RewardFilter, RewardReason};
use crate::domain::{Participant, Reward, RewardStatus};
use crate::http::error::ApiError;
use crate::http::ownership;
use crate::http::state::AppState;

/// Held rewards a page shows.
const PER_PAGE: u64 = 50;
/// The most rewards one posted selection may move.
const MOST_SELECTED: usize = 100;

/// The review page's query: the page, and the report of the last move.
#[derive(Debug, Default, Deserialize)]
pub struct ReviewQuery {
    page: Option<String>,
    #[serde(flatten)]
    report: ReportQuery,
}

/// The campaign's held rewards by reason, in words, for the overview and the review page
/// (a reward held for two reasons counts under both).
pub fn by_reason(held: &HeldByReason) -> Markup {
    let reasons = [
        ("Same address as the referrer", held.same_address),
        ("Too many referrals in an hour", held.velocity),
        ("Disposable email address", held.disposable_email),
        ("Waiting out the hold period", held.hold_period),
    ];
    html! {
        ul.reasons-count {
            @for (words, count) in reasons {
                @if count > 0 { li { (words) ": " strong { (count) } } }
            }
        }
    }
}

/// One person of a held reward, as the reviewer compares them.
fn person(role: &str, who: Option<&Participant>) -> Markup {
    html! {
        div.person {
            h3 { (role) }
            @match who {
                Some(p) if p.is_erased() => p { em { "erased" } },
                Some(p) => {
                    p {
                        a href={ "/dashboard/participants/" (p.id) } { (p.name) } br;
                        (p.email) br;
                        "joined " (page::when(&p.created_at)) br;
                        (p.referrals) @if p.referrals == 1 { " referral" } @else { " referrals" }
                    }
                }
                None => p { "nobody (joined directly)" },
            }
        }
    }
}

/// A held reward with the two people it concerns: the referrer and the friend whose signup
/// earned it.
struct HeldRow {
    reward: Reward,
    referrer: Option<Participant>,
    friend: Option<Participant>,
}

async fn row(state: &AppState, reward: Reward) -> Result<HeldRow, PageError> {
    let owner = state.store.participant(reward.participant_id).await?;
    let (referrer, friend) = match reward.reason {
        // The referrer earned it; the friend is the signup that triggered it.
        RewardReason::Referrer => {
            let friend = match reward.trigger_participant_id {
                Some(id) => state.store.participant(id).await?,
                None => None,
            };
            (owner, friend)
        }
        // The friend's own reward for joining through the referrer's link.
        RewardReason::Invited => {
            let referrer = match owner.as_ref().and_then(|p| p.referred_by) {
                Some(id) => state.store.participant(id).await?,
                None => None,
            };
            (referrer, owner)
        }
    };
    Ok(HeldRow { reward, referrer, friend })
}

fn held_card(row: &HeldRow, form_token: &str) -> Markup {
    let reward = &row.reward;
    html! {
        article.card.held #{ "reward-" (reward.id) } {
            label.check {
                input type="checkbox" name="reward" value=(reward.id) form="selection";
                span { "Reward #" (reward.id) ": " (what(reward)) " · earned " (page::when(&reward.created_at)) }
            }
            ul.reasons { @for words in hold_words(reward) { li { (words) } } }
            div.people {
                (person("Referrer", row.referrer.as_ref()))
                (person("Friend", row.friend.as_ref()))
            }
            (moves(form_token, reward, &Back::Review))
        }
    }
}

/// `GET /dashboard/campaigns/{id}/review`.
pub async fn campaign(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<ReviewQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let page_request =
        PageRequest::parse(query.page.as_deref(), Some(&PER_PAGE.to_string())).map_err(ApiError::from)?;
    let filter = RewardFilter {
        campaign_id: Some(campaign.id),
        status: Some(RewardStatus::Held),
        participant_id: None,
        oldest_first: true,
    };
    let (held, total) = state.store.rewards_of_member(signed_in.member.id, filter, page_request).await?;
    let counters = state.store.counters(campaign.id).await?;
    let mut rows = Vec::with_capacity(held.len());
    for reward in held {
        rows.push(row(&state, reward).await?);
    }
    let action = format!("/dashboard/campaigns/{}/review", campaign.id);
    let content = html! {
        p {
            (page::back_to(&campaign))
            " · " a href={ "/dashboard/campaigns/" (campaign.id) "/rewards" } { "All rewards" }
        }
        @if rows.is_empty() {
            p { "Nothing is waiting for review: no reward of this campaign is held." }
        } @else {
            p.lead { (total) @if total == 1 { " reward is" } @else { " rewards are" } " held, oldest first." }
            (by_reason(&counters.held_by_reason))
            form.selection #selection method="post" action=(action) {
                (page::token_field(&signed_in.form_token))
                label.check {
                    input type="checkbox" data-select-all="reward";
                    "Select all on this page"
                }
                label for="selection-reason" { "Reason, for a void (optional)" }
                input #selection-reason type="text" name="reason" maxlength="500";
                button type="submit" name="action" value="approve" { "Approve selected" }
                " "
                button.danger type="submit" name="action" value="void" { "Void selected" }
            }
            @for row in &rows { (held_card(row, &signed_in.form_token)) }
        }
        (page::pager(&format!("{action}?"), &Page::new(page_request, total)))
    };
    let title = format!("Review of {}", campaign.name);
    let notice = query.report.sentence();
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &title, notice.as_deref(), content)))
}

/// `POST /dashboard/campaigns/{id}/review`: the ticked rewards approved or voided.
pub async fn decide(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let action = match form.get("action").and_then(RewardAction::parse) {
        Some(action @ (RewardAction::Approve | RewardAction::Void)) => action,
        _ => return Err(PageError::BadForm("choose Approve selected or Void selected")),
    };
    let picked = form.all("reward");
    if picked.is_empty() {
        // Back to the same page, which says so: nothing was ticked, nothing moved.
        let none = Report { action, moved: 0, skipped: 0, was: None };
        return Ok(page::see_other(&format!("/dashboard/campaigns/{}/review?{}", campaign.id, none.query())));
    }
    if picked.len() > MOST_SELECTED {
        return Err(PageError::BadForm("at most 100 rewards can be moved at once"));
    }
    let mut ids = Vec::with_capacity(picked.len());
    for raw in picked {
        let id = raw.parse::<u64>().map_err(|_| PageError::not_found("reward"))?;
        // The member's reward of this campaign, or nothing moves at all.
        let reward = state.store.reward(signed_in.member.id, id).await?;
        if reward.is_none_or(|r| r.campaign_id != campaign.id) {
            return Err(PageError::not_found("reward"));
        }
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    let note = note_of(&form, action)?;
    let report = apply(&state, &signed_in.member, &ids, action, &note, true).await?;
    Ok(page::see_other(&format!("/dashboard/campaigns/{}/review?{}", campaign.id, report.query())))
}

/// `GET /dashboard/review`: where rewards wait, campaign by campaign.
pub async fn overview(state: web::Data<AppState>, signed_in: SignedIn) -> Result<HttpResponse, PageError> {
    let counted = crate::store::counters_of_member(&state.store, signed_in.member.id).await?;
    let waiting: Vec<_> = counted
        .into_iter()
        .map(|(campaign, counters)| (campaign, counters.rewards.held))
        .filter(|(_, held)| *held > 0)
        .collect();
    let content = html! {
        @if waiting.is_empty() {
            p { "Nothing is waiting for review: no reward is held in any of your campaigns." }
        } @else {
            p.lead { "Rewards held back by a hold period or a fraud rule wait here until you approve or void them." }
            div.scroll { table {
                thead { tr { th scope="col" { "Campaign" } th scope="col" .num { "Held" } } }
                tbody {
                    @for (campaign, held) in &waiting {
                        tr {
                            td { a href={ "/dashboard/campaigns/" (campaign.id) "/review" } { (campaign.name) } }
                            td.num { (held) }
                        }
                    }
                }
            } }
        }
    };
    Ok(page::ok(page::page(&Viewer::of(&signed_in), "Review", None, content)))
}
