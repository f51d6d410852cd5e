//! The participant pages: a campaign's participants as a table (search by email or name,
//! newest first or by referrals, a page of 50 at a time) and one participant with who
//! referred them, whom they referred, their rewards (why each held one is held, and the
//! moves each allows, from [`super::reward_moves`]), invitations, clicks and shares.
//!
//! Newest first is one range read of the campaign's roster at any depth; by referrals reads
//! the campaign's all-time board in rank order (those who referred someone); whom one
//! participant referred is one range read of its own index. A search reads the campaign's
//! participants (linear; measured in `scripts/bench.sh`).
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/campaigns/{id}/participants` | the table (`?search=`, `?sort=date\|referrals`, `?page=`) |
//! | `GET /dashboard/participants/{id}` | one participant |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::page::{self, PageError, Viewer};
use super::reward_moves::{history, hold_words, moves, what, Back, ReportQuery};
use super::session::SignedIn;
use crate::domain::domain_proof::ProofSubject;
use crate::domain::leaderboard::Board;
use crate::domain::pagination::{Page, PageRequest};
use crate::domain::participant::ParticipantFilter;
use crate::domain::{Participant, ReferralCode, RewardStatus};
use crate::http::error::ApiError;
use crate::http::ownership;
use crate::http::state::AppState;

/// Rows of a page of the table.
const PER_PAGE: u64 = 50;
/// The referred participants a participant's page lists.
const REFERRED_SHOWN: u64 = 100;

/// The table's query.
#[derive(Deserialize)]
pub struct TableQuery {
    search: Option<String>,
    sort: Option<String>,
    page: Option<String>,
}

/// How the table is ordered.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sort {
    Newest,
    Referrals,
}

fn name_of(p: &Participant) -> Markup {
    html! {
        @if p.is_erased() { em { "erased" } } @else { (p.name) }
    }
}

fn link_to(p: &Participant) -> Markup {
    html! { a href={ "/dashboard/participants/" (p.id) } { (name_of(p)) } }
}

/// One row of the table: the participant, their referral count on the board the table is
/// sorted by (or their own), and whether they are blocked.
struct Row {
    participant: Participant,
    referrals: u64,
    blocked: bool,
    /// Who referred them, by name.
    referrer: Option<Participant>,
}

fn table(rows: &[Row]) -> Markup {
    html! {
        div.scroll { table.stack {
            caption.visually-hidden { "Participants" }
            thead {
                tr {
                    th scope="col" { "Name" }
                    th scope="col" { "Email" }
                    th scope="col" { "Joined" }
                    th scope="col" .num { "Referrals" }
                    th scope="col" { "Referred by" }
                }
            }
            tbody {
                @for row in rows {
                    tr {
                        td { (link_to(&row.participant)) @if row.blocked { " " span.tag { "blocked" } } }
                        td.email { (row.participant.email) }
                        td data-label="Joined" { (page::when(&row.participant.created_at)) }
                        td.num data-label="Referrals" { (row.referrals) }
                        td data-label="Referred by" {
                            @match (&row.referrer, row.participant.referred_by) {
                                (Some(referrer), _) => (link_to(referrer)),
                                (None, Some(id)) => { "#" (id) },
                                (None, None) => {},
                            }
                        }
                    }
                }
            }
        } }
    }
}

/// `GET /dashboard/campaigns/{id}/participants`.
pub async fn list(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<TableQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let page_request =
        PageRequest::parse(query.page.as_deref(), Some(&PER_PAGE.to_string())).map_err(ApiError::from)?;
    let search = query.search.as_deref().map(str::trim).filter(|s| !s.is_empty());
    let sort = match query.sort.as_deref() {
        Some("referrals") => Sort::Referrals,
        _ => Sort::Newest,
    };
    let (participants, total, more) = match (search, sort) {
        (Some(text), _) => {
            let filter = ParticipantFilter::parse(None, Some(text), None).map_err(ApiError::from)?;
            let (found, total) =
                state.store.search_participants(signed_in.member.id, Some(campaign.id), &filter, page_request).await?;
            let found = found.into_iter().map(|p| (p.referrals, p)).collect::<Vec<_>>();
            (found, Some(total), false)
        }
        (None, Sort::Newest) => {
            let (found, total) = state.store.participants_of_campaign(campaign.id, page_request).await?;
            (found.into_iter().map(|p| (p.referrals, p)).collect(), Some(total), false)
        }
        (None, Sort::Referrals) => {
            let limit = PER_PAGE as usize;
            let mut ranked = state.store.ranked(campaign.id, Board::All, page_request.offset(), limit + 1).await?;
            let more = ranked.len() > limit;
            ranked.truncate(limit);
            (ranked.into_iter().map(|(p, s)| (s.count, p)).collect(), None, more)
        }
    };
    let referrers = people(&state, participants.iter().filter_map(|(_, p)| p.referred_by)).await?;
    let mut rows = Vec::with_capacity(participants.len());
    for (referrals, participant) in participants {
        let blocked = state.store.blocked_at(campaign.id, participant.id).await?.is_some();
        let referrer = participant.referred_by.and_then(|id| referrers.get(&id).cloned());
        rows.push(Row { participant, referrals, blocked, referrer });
    }
    let base = format!("/dashboard/campaigns/{}/participants?", campaign.id);
    let query_base = match (search, sort) {
        (Some(text), _) => format!("{base}search={}&", url_encode(text)),
        (None, Sort::Referrals) => format!("{base}sort=referrals&"),
        (None, Sort::Newest) => base.clone(),
    };
    let content = html! {
        p { (page::back_to(&campaign)) }
        form.search method="get" action={ "/dashboard/campaigns/" (campaign.id) "/participants" } role="search" {
            label for="search" { "Search by email or name" }
            input #search type="search" name="search" value=(search.unwrap_or_default()) maxlength="100";
            button type="submit" { "Search" }
        }
        nav.actions aria-label="Order" {
            @if search.is_some() {
                a href=(base) { "Show everyone" }
            } @else if sort == Sort::Newest {
                strong { "Newest first" } " · " a href={ (base) "sort=referrals" } { "Most referrals first" }
            } @else {
                a href=(base) { "Newest first" } " · " strong { "Most referrals first" }
            }
        }
        @if let (None, Sort::Referrals) = (search, sort) {
            p.hint { "Participants who referred someone, most referrals first (ties: who got there first)." }
        }
        @if rows.is_empty() {
            p { @if search.is_some() { "Nobody matches." } @else { "No participants yet." } }
        } @else {
            (table(&rows))
        }
        @match total {
            Some(total) => (page::pager(&query_base, &Page::new(page_request, total))),
            None => nav.pager aria-label="Pages" {
                @if page_request.page > 1 { a rel="prev" href={ (query_base) "page=" (page_request.page - 1) } { "← Previous" } }
                span { "Page " (page_request.page) }
                @if more { a rel="next" href={ (query_base) "page=" (page_request.page + 1) } { "Next →" } }
            },
        }
    };
    let title = format!("Participants of {}", campaign.name);
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &title, None, content)))
}

/// The participants of `ids` that exist, each read once (a page's rows name the same people
/// A participant in a table cell: their name and email, linked to their page; their number
/// once erased, or when they are not among `people`.
pub fn person(people: &std::collections::HashMap<u64, Participant>, id: u64) -> Markup {
    html! {
        @match people.get(&id) {
            Some(p) if !p.is_erased() => a href={ "/dashboard/participants/" (p.id) } { (p.name) br; (p.email) },
            _ => { "#" (id) },
        }
    }
}

/// again and again).
pub async fn people(
    state: &AppState,
    ids: impl IntoIterator<Item = u64>,
) -> Result<std::collections::HashMap<u64, Participant>, PageError> {
    let mut found = std::collections::HashMap::new();
    let mut asked = std::collections::HashSet::new();
    for id in ids {
        if asked.insert(id) {
            if let Some(p) = state.store.participant(id).await? {
                found.insert(id, p);
            }
        }
    }
    Ok(found)
}

/// A query value, percent-encoded for a link.
fn url_encode(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

/// A participant page's query: what the last move or block did.
#[derive(Deserialize)]
pub struct ShowQuery {
    notice: Option<String>,
    #[serde(flatten)]
    report: ReportQuery,
}

impl ShowQuery {
    fn sentence(&self) -> Option<String> {
        match self.notice.as_deref() {
            Some("blocked") => Some(
                "Blocked: their held and waiting rewards are voided, and they earn nothing until unblocked.".into(),
            ),
            Some("unblocked") => {
                Some("Unblocked: they earn again from now on; what the block voided stays voided.".into())
            }
            Some("domain-proven") => page::notice(Some("domain-proven")).map(Into::into),
            _ => self.report.sentence(),
        }
    }
}

/// `GET /dashboard/participants/{id}`.
pub async fn show(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<ShowQuery>,
) -> Result<HttpResponse, PageError> {
    let (participant, campaign) = ownership::participant(&state, &signed_in.member, *id).await?;
    let referrer = match participant.referred_by {
        Some(referrer) => state.store.participant(referrer).await?,
        None => None,
    };
    let (referred, referred_total) = state.store.referred(campaign.id, participant.id, REFERRED_SHOWN as usize).await?;
    let rewards = state.store.rewards_of(participant.id).await?;
    let invites = state.store.invites_of(participant.id).await?;
    let blocked_at = state.store.blocked_at(campaign.id, participant.id).await?;
    let link = format!("{}/r/{}", state.public_url, ReferralCode::link(campaign.id, participant.id).encode());
    let proof = match &participant.domain {
        Some(domain) => {
            let subject = ProofSubject::Participant(participant.id);
            Some(
                super::domain_proof::section(&state, &signed_in, subject, domain, "its tracker clicks and referrals")
                    .await?,
            )
        }
        None => None,
    };
    let promo_codes = super::promo_codes::section(&state, &signed_in, &participant, ("", ""), None).await?;
    let money = super::participant_money::section(&state, &campaign, &participant).await?;
    let title = if participant.is_erased() {
        format!("Participant #{} (erased)", participant.id)
    } else {
        participant.name.clone()
    };
    let content = html! {
        p.lead {
            @if !participant.is_erased() { (participant.email) " · " }
            "joined " a href={ "/dashboard/campaigns/" (campaign.id) } { (campaign.name) } " on " (page::when(&participant.created_at))
        }
        @if let Some(at) = &blocked_at { p.error { "Blocked since " (page::when(at)) ": their referrals earn nothing." } }
        @if blocked_at.is_some() {
            form.inline method="post" action={ "/dashboard/participants/" (participant.id) "/unblock" } {
                (page::token_field(&signed_in.form_token))
                button.small type="submit" { "Unblock" }
            }
        } @else if !participant.is_erased() {
            p {
                a.button.small.danger href={ "/dashboard/participants/" (participant.id) "/block" } { "Block this participant…" }
                span.hint { " Voids their held and waiting rewards; they earn nothing while blocked. You confirm first." }
            }
        }
        @if let Some(proof) = proof { (proof) }
        (page::numbers(&[
            ("Referrals", participant.referrals),
            ("Unique visits", participant.visits),
            ("Clicks", participant.clicks),
            ("Shares", participant.shares),
        ]))
        section aria-labelledby="link" {
            h2 #link { "Referral link" }
            p.secret { code #referral-link { (link) } button.copy type="button" data-copy="referral-link" { "Copy" } }
        }
        section aria-labelledby="chain" {
            h2 #chain { "Who referred whom" }
            p {
                "Referred by: "
                @match &referrer { Some(r) => (link_to(r)), None => "nobody (joined directly)" }
            }
            @if referred.is_empty() {
                p { "They have not referred anyone yet." }
            } @else {
                p { "They referred " (referred_total) ":" }
                ul {
                    @for p in &referred { li { (link_to(p)) " · " (page::when(&p.created_at)) } }
                }
                @if referred_total > REFERRED_SHOWN { p.hint { "The first " (REFERRED_SHOWN) " are listed." } }
            }
        }
        section aria-labelledby="rewards" {
            h2 #rewards { "Rewards" }
            @if rewards.is_empty() { p { "No rewards yet." } } @else {
                div.scroll { table {
                    thead { tr { th scope="col" { "Reward" } th scope="col" { "State" }
                        th scope="col" { "Earned" } th scope="col" { "Actions" } } }
                    tbody {
                        @for r in &rewards {
                            tr #{ "reward-" (r.id) } {
                                td { "#" (r.id) " " (what(r)) (history(r)) }
                                td {
                                    span.state { (r.status.name()) }
                                    @if r.status == RewardStatus::Held {
                                        ul.reasons { @for words in hold_words(r) { li { (words) } } }
                                    }
                                    @if let Some(why) = &r.void_reason { div.hint { (why) } }
                                }
                                td { (page::when(&r.created_at)) }
                                td { (moves(&signed_in.form_token, r, &Back::Participant)) }
                            }
                        }
                    }
                } }
            }
        }
        (money)
        @if !participant.is_erased() { (promo_codes) }
        @if !invites.is_empty() {
            section aria-labelledby="invites" {
                h2 #invites { "Invitations sent" }
                ul {
                    @for i in &invites {
                        li { (i.email) " · " (page::when(&i.created_at)) @if i.accepted_by.is_some() { " · joined" } }
                    }
                }
            }
        }
        p { a href={ "/dashboard/campaigns/" (campaign.id) "/participants" } { "All participants of " (campaign.name) } }
    };
    let notice = query.sentence();
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &title, notice.as_deref(), content)))
}
