//! A campaign's programme on its overview: its milestone tiers, its contest with the current
//! standings, the all-time leaderboard, and its waitlist with a form to admit the next in
//! line (`POST /dashboard/campaigns/{id}/waitlist/admit`, the API's own admission).

use actix_web::{web, HttpResponse};
use chrono::Utc;
use maud::{html, Markup};

use super::page::{self, PageError};
use super::session::SignedInForm;
use crate::domain::contest::ContestStatus;
use crate::domain::leaderboard::{Board, Standing};
use crate::domain::tiers::Tier;
use crate::domain::waitlist::{Admit, MAX_ADMIT};
use crate::domain::{Campaign, Participant, RewardType};
use crate::http::error::ApiError;
use crate::http::ownership;
use crate::http::state::AppState;
use crate::http::waitlist::admit_from_waitlist;

/// How many of a board the overview shows.
const SHOWN: usize = 5;

fn tier_reward(tier: &Tier) -> String {
    match (tier.reward_type, &tier.reward_value) {
        (RewardType::Coupon, _) => "a coupon".into(),
        (RewardType::Cash, Some(amount)) => format!("{amount} cash"),
        (RewardType::Message, Some(text)) => format!("the message “{text}”"),
        (kind, _) => kind.name().into(),
    }
}

/// Who a participant is, for their owner: a link to their page.
fn who(participant: &Participant) -> Markup {
    html! {
        a href={ "/dashboard/participants/" (participant.id) } {
            @if participant.is_erased() { "(erased)" } @else { (participant.email) }
        }
        @if !participant.name.is_empty() { " (" (participant.name) ")" }
    }
}

fn standings(caption: &str, rows: &[(Participant, Standing)]) -> Markup {
    html! {
        @if rows.is_empty() { p { "Nobody has referred anyone yet." } } @else {
            ol.standings aria-label=(caption) {
                @for (participant, standing) in rows {
                    li { (who(participant)) ": " (standing.count) @if standing.count == 1 { " referral" } @else { " referrals" } }
                }
            }
        }
    }
}

/// The programme section of the overview; empty when the campaign uses none of it.
pub async fn section(state: &AppState, campaign: &Campaign, token: &str) -> Result<Markup, PageError> {
    let top = state.store.ranked(campaign.id, Board::All, 0, SHOWN).await?;
    let contest = &campaign.contest;
    let status = contest.status(Utc::now());
    let contest_board = match (status, Board::contest(&campaign.contest)) {
        (ContestStatus::Running | ContestStatus::Ended, Some(board)) => {
            state.store.ranked(campaign.id, board, 0, contest.winners as usize).await?
        }
        _ => Vec::new(),
    };
    let line = if campaign.waitlist.enabled { Some(state.store.line(campaign.id, SHOWN).await?) } else { None };
    Ok(html! {
        section aria-labelledby="programme" {
            h2 #programme { "Programme" }
            @if !campaign.tiers.is_empty() {
                h3 { "Milestone tiers" }
                ul {
                    @for tier in &campaign.tiers {
                        li { (tier.referrals) @if tier.referrals == 1 { " referral: " } @else { " referrals: " } (tier_reward(tier)) }
                    }
                }
            }
            @if contest.enabled {
                h3 { "Contest (" (status.name()) ")" }
                p {
                    @if let (Some(starts), Some(ends)) = (&contest.starts_at, &contest.ends_at) { (super::page::when(starts)) " to " (super::page::when(ends)) ". " }
                    "The top " (contest.winners) " win"
                    @if let Some(prize) = &contest.prize { ": " (prize) } "."
                }
                @if !contest_board.is_empty() { (standings("Contest standings", &contest_board)) }
            }
            h3 { "Top referrers" }
            (standings("Top referrers", &top))
            p {
                a href={ "/dashboard/campaigns/" (campaign.id) "/participants?sort=referrals" } { "All participants by referrals" }
                @if campaign.leaderboard.public { " · The leaderboard is public." }
            }
            @if let Some(line) = &line {
                h3 { "Waitlist" }
                (page::numbers(&[("In line", line.in_line), ("Admitted", line.admitted)]))
                @if !line.front.is_empty() {
                    p { "Front of the line:" }
                    ol { @for participant in &line.front { li { (who(participant)) } } }
                    form.inline method="post" action={ "/dashboard/campaigns/" (campaign.id) "/waitlist/admit" } {
                        (page::token_field(token))
                        label for="admit-count" { "Admit the next" }
                        input #admit-count type="number" name="count" min="1" max=(MAX_ADMIT) value="1" required;
                        button type="submit" { "Admit" }
                    }
                }
            }
        }
    })
}

/// `POST /dashboard/campaigns/{id}/waitlist/admit`: the next `count` admitted, back to the
/// overview.
pub async fn admit(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let count = form.text("count").trim().parse::<u64>().map(serde_json::Value::from).unwrap_or_default();
    let body = crate::domain::waitlist::AdmitInput { count: Some(count), participant_ids: None };
    let admit = Admit::parse(&body).map_err(ApiError::from)?;
    let admitted = admit_from_waitlist(&state, &signed_in.member, &campaign, admit).await?;
    let notice = if admitted.participants.is_empty() { "nobody-admitted" } else { "admitted" };
    Ok(page::see_other(&format!("/dashboard/campaigns/{}?notice={notice}#programme", campaign.id)))
}
