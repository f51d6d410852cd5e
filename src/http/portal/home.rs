//! `GET /p/{id}`: the portal. Signed out, the sign-in form; signed in, the participant's own
//! page: their referral link (copy, share, QR code), the people they referred (first name
//! and initial only), every reward with its state and history (coupon codes shown once
//! issued), and for a campaign that pays cash the balance, the payouts made, and where to be
//! paid (`details.rs`). Everything read here is the signed-in participant's, in the campaign
//! of the path.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use maud::{html, Markup};

use super::access::{self, Signed};
use super::pages::{self, page, portal_path, Look, PortalError};
use crate::domain::money::{amount, cents};
use crate::domain::payout::{DetailsMethod, Owed, Payout, PayoutDetails};
use crate::domain::portal::referred_name;
use crate::domain::referral_code::{referral_link, ReferralCode};
use crate::domain::{Campaign, Participant, Reward, RewardStatus, RewardType};
use crate::http::AppState;
use crate::store::StoreError;

/// The people a page lists at most (the count says how many in all).
const REFERRED_SHOWN: usize = 100;

/// `GET /p/{id}`.
pub async fn show(
    req: HttpRequest,
    state: web::Data<AppState>,
    id: web::Path<String>,
) -> Result<HttpResponse, PortalError> {
    let (campaign, look) = access::portal_of(&state, &id).await?;
    let Some(signed) = access::signed_in(&req, &state, &campaign).await? else {
        let form = pages::sign_in_form(&look, campaign.id, None, state.portal_mail.is_some());
        return Ok(page(StatusCode::OK, &look, form));
    };
    let saved = url::form_urlencoded::parse(req.query_string().as_bytes()).any(|(k, v)| k == "saved" && v == "details");
    let notice = saved.then_some(Notice::Saved);
    Ok(page(StatusCode::OK, &look, home(&state, &campaign, &signed, notice).await?))
}

/// What the page says beside the payout details form.
pub enum Notice<'a> {
    Saved,
    Problem(&'a str),
}

/// Everything the page shows, read for the signed-in participant.
struct Home {
    link: String,
    referred: Vec<Participant>,
    referred_count: u64,
    rewards: Vec<Reward>,
    pays_cash: bool,
    unpaid_cents: u64,
    owed: Owed,
    payouts: Vec<Payout>,
    details: Option<PayoutDetails>,
}

async fn read(state: &AppState, campaign: &Campaign, me: &Participant) -> Result<Home, StoreError> {
    let code = ReferralCode::link(campaign.id, me.id).encode();
    let (referred, referred_count) = state.store.referred(campaign.id, me.id, REFERRED_SHOWN).await?;
    let rewards: Vec<Reward> =
        state.store.rewards_of(me.id).await?.into_iter().filter(|r| r.campaign_id == campaign.id).collect();
    let pays_cash = campaign.reward_type == RewardType::Cash || rewards.iter().any(|r| r.kind == RewardType::Cash);
    let (mut unpaid_cents, mut owed, mut payouts, mut details) = (0, Owed::default(), Vec::new(), None);
    if pays_cash {
        let unpaid = state.store.unpaid_cash_rewards(campaign.id).await?;
        let mine = unpaid.iter().filter(|r| r.participant_id == me.id);
        unpaid_cents = mine.filter_map(|r| r.value.as_deref().and_then(cents)).sum();
        owed = state.store.owed(campaign.id, me.id).await?;
        payouts = state.store.payouts_of_participant(campaign.id, me.id).await?;
        details = state.store.payout_details(campaign.id, me.id).await?;
    }
    Ok(Home {
        link: referral_link(&state.public_url, &code),
        referred,
        referred_count,
        rewards,
        pays_cash,
        unpaid_cents,
        owed,
        payouts,
        details,
    })
}

/// The signed-in page's content.
pub async fn home(
    state: &AppState,
    campaign: &Campaign,
    signed: &Signed,
    notice: Option<Notice<'_>>,
) -> Result<Markup, StoreError> {
    let me = &signed.participant;
    let home = read(state, campaign, me).await?;
    let base = portal_path(campaign.id);
    let currency = &campaign.payouts.currency;
    let shared = url::form_urlencoded::byte_serialize(home.link.as_bytes()).collect::<String>();
    Ok(html! {
        section.hello {
            h1 { "Hi " (if me.name.trim().is_empty() { me.email.as_str() } else { me.name.as_str() }) }
            form.sign-out method="post" action={ (base) "/sign-out" } {
                (pages::token_field(&signed.form_token))
                button.link type="submit" { "Sign out" }
            }
        }
        section #link {
            h2 { "Your referral link" }
            p.share-link {
                input #referral-link type="text" readonly value=(home.link) aria-label="Your referral link";
                button type="button" data-copy="#referral-link" { "Copy" }
            }
            p.share {
                a href={ "mailto:?body=" (shared) } { "Email" }
                a href={ "https://wa.me/?text=" (shared) } rel="noopener" target="_blank" { "WhatsApp" }
                a href={ "https://twitter.com/intent/tweet?url=" (shared) } rel="noopener" target="_blank" { "X" }
                a href={ "https://www.facebook.com/sharer/sharer.php?u=" (shared) } rel="noopener" target="_blank" { "Facebook" }
                a href={ "https://www.linkedin.com/sharing/share-offsite/?url=" (shared) } rel="noopener" target="_blank" { "LinkedIn" }
            }
            img.qr src={ (base) "/qr.svg" } alt="QR code of your referral link" width="200" height="200";
        }
        section #referred {
            h2 { "People you referred (" (home.referred_count) ")" }
            @if home.referred.is_empty() {
                p { "Nobody yet. Share your link." }
            } @else {
                ul.people { @for person in &home.referred { li { (referred_name(&person.name)) } } }
            }
        }
        section #rewards {
            h2 { "Your rewards" }
            @if home.rewards.is_empty() { p { "None yet." } }
            @for reward in &home.rewards { (reward_card(reward)) }
        }
        @if home.pays_cash { (payouts(&base, currency, &home, signed, notice)) }
    })
}

/// A reward as its owner sees it: the code or amount once issued, and its history.
fn reward_card(reward: &Reward) -> Markup {
    let shown = matches!(reward.status, RewardStatus::Issued | RewardStatus::Fulfilled);
    html! {
        article.reward data-status=(reward.status.name()) {
            h3 {
                (match reward.kind { RewardType::Coupon => "Coupon", RewardType::Cash => "Cash", RewardType::Message => "Reward", RewardType::Token => "Tokens" })
                " · " span.state { (state_name(reward.status)) }
            }
            @if shown {
                @if let Some(value) = &reward.value {
                    p.value { code { (value) } }
                }
            } @else if reward.status == RewardStatus::Held || reward.status == RewardStatus::Pending {
                p { "On its way: it is being checked, or waits for a code." }
            }
            ol.history {
                @for change in &reward.history { li { time { (change.at) } " " (state_name(change.status)) ": " (change.note) } }
            }
        }
    }
}

fn state_name(status: RewardStatus) -> &'static str {
    match status {
        RewardStatus::Held => "being checked",
        RewardStatus::Pending => "waiting for a code",
        RewardStatus::Issued => "yours",
        RewardStatus::Fulfilled => "paid out",
        RewardStatus::Voided => "cancelled",
    }
}

/// The balance, the payouts made, and the payout details form.
fn payouts(base: &str, currency: &str, home: &Home, signed: &Signed, notice: Option<Notice<'_>>) -> Markup {
    let chosen = home.details.as_ref().map(|d| d.method);
    html! {
        section #payouts {
            h2 { "Balance and payouts" }
            p.balance { "Due to you: " strong { (amount(home.unpaid_cents)) " " (currency) } }
            @if home.owed.cents > 0 {
                p.owed { "Taken off your next payouts (refunded purchases): " (amount(home.owed.cents)) " " (currency) }
            }
            @if home.payouts.is_empty() {
                p { "No payouts yet." }
            } @else {
                table.payouts {
                    thead { tr { th { "Payout" } th { "Amount" } th { "State" } th { "Date" } } }
                    tbody {
                        @for payout in home.payouts.iter().rev() {
                            tr {
                                td { (payout.id) }
                                td { (amount(payout.amount_cents)) " " (payout.currency) }
                                td { (payout.status.name()) }
                                td { (payout.paid_at.as_deref().unwrap_or(&payout.created_at)) }
                            }
                        }
                    }
                }
            }
            h3 { "Where to pay you" }
            @match notice {
                Some(Notice::Saved) => p.saved role="status" { "Saved." },
                Some(Notice::Problem(problem)) => p.problem role="alert" { (problem) },
                None => {},
            }
            form.details method="post" action={ (base) "/payout-details" } {
                (pages::token_field(&signed.form_token))
                label for="method" { "Method" }
                select #method name="method" {
                    @for method in DetailsMethod::ALL {
                        option value=(method.name()) selected[chosen == Some(method)] {
                            (match method { DetailsMethod::Paypal => "PayPal (account email)", DetailsMethod::Wise => "Wise (account email)", DetailsMethod::Other => "Other (as the shop asked)" })
                        }
                    }
                }
                label for="value" { "Account email or details" }
                input #value name="value" type="text" required maxlength="500"
                    value=(home.details.as_ref().map(|d| d.value.as_str()).unwrap_or(""));
                button type="submit" { "Save" }
            }
        }
    }
}

/// The page again with a problem beside the payout details form (`details.rs`).
pub async fn with_problem(
    state: &AppState,
    campaign: &Campaign,
    look: &Look,
    signed: &Signed,
    problem: &str,
) -> Result<HttpResponse, StoreError> {
    let content = home(state, campaign, signed, Some(Notice::Problem(problem))).await?;
    Ok(page(StatusCode::BAD_REQUEST, look, content))
}
