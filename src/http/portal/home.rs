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
use super::pages::{self, in_language, page, portal_path, Look, PortalError};
use crate::domain::invoice::Commission;
use crate::domain::local_dates::date_shown;
use crate::domain::money::shown;
use crate::domain::payout::{DetailsMethod, Owed, Payout, PayoutDetails};
use crate::domain::portal::referred_name;
use crate::domain::referral_code::{referral_link, ReferralCode};
use crate::domain::translations::Texts;
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
    let (campaign, look) = access::portal_of(&req, &state, &id).await?;
    let Some(signed) = access::signed_in(&req, &state, &campaign).await? else {
        let form = pages::sign_in_form(&look, campaign.id, None, state.portal_mail.is_some());
        return Ok(page(StatusCode::OK, &look, form));
    };
    let saved = url::form_urlencoded::parse(req.query_string().as_bytes()).find(|(k, _)| k == "saved").map(|(_, v)| v);
    let notice = match saved.as_deref() {
        Some("details") => Some(Notice::Saved),
        Some("code") => Some(Notice::CodeSaved),
        _ => None,
    };
    Ok(page(StatusCode::OK, &look, home(&state, &campaign, look.texts, &signed, notice).await?))
}

/// What the page says beside the payout details form.
pub enum Notice {
    Saved,
    /// The details given were refused.
    Problem,
    /// A promo code the participant asked for is theirs.
    CodeSaved,
    /// The promo code asked for was refused: the message's key (taken, malformed).
    CodeRefused(&'static str),
}

/// Everything the page shows, read for the signed-in participant.
struct Home {
    link: String,
    referred: Vec<Participant>,
    referred_count: u64,
    rewards: Vec<Reward>,
    /// The commissions among the rewards, by reward.
    commissions: std::collections::HashMap<u64, Commission>,
    pays_cash: bool,
    unpaid_cents: u64,
    owed: Owed,
    payouts: Vec<Payout>,
    details: Option<PayoutDetails>,
    /// Their promo codes, with what each did.
    codes: Vec<crate::views::PromoCodeView>,
}

async fn read(state: &AppState, campaign: &Campaign, me: &Participant) -> Result<Home, StoreError> {
    let code = ReferralCode::link(campaign.id, me.id).encode();
    let (referred, referred_count) = state.store.referred(campaign.id, me.id, REFERRED_SHOWN).await?;
    let rewards: Vec<Reward> =
        state.store.rewards_of(me.id).await?.into_iter().filter(|r| r.campaign_id == campaign.id).collect();
    let pays_cash = campaign.reward_type == RewardType::Cash || rewards.iter().any(|r| r.kind == RewardType::Cash);
    let mut commissions = std::collections::HashMap::new();
    if campaign.pays_commission() {
        let ids: Vec<u64> = rewards.iter().map(|r| r.id).collect();
        for commission in state.store.commissions_of_rewards(campaign.id, &ids).await? {
            commissions.extend(commission.reward_id.map(|id| (id, commission)));
        }
    }
    let (mut unpaid_cents, mut owed, mut payouts, mut details) = (0, Owed::default(), Vec::new(), None);
    if pays_cash {
        (unpaid_cents, owed) = crate::http::payouts::balance_of(state, campaign.id, me.id).await?;
        payouts = state.store.payouts_of_participant(campaign.id, me.id).await?;
        details = state.store.payout_details(campaign.id, me.id).await?;
    }
    let codes = crate::http::promo_codes::shown_of(state, campaign.brand_id, me.id).await?;
    Ok(Home {
        codes,
        link: referral_link(&state.public_url, &code),
        referred,
        referred_count,
        rewards,
        commissions,
        pays_cash,
        unpaid_cents,
        owed,
        payouts,
        details,
    })
}

/// The signed-in page's content, in `t`'s language.
pub async fn home(
    state: &AppState,
    campaign: &Campaign,
    t: Texts,
    signed: &Signed,
    notice: Option<Notice>,
) -> Result<Markup, StoreError> {
    let me = &signed.participant;
    let home = read(state, campaign, me).await?;
    let base = portal_path(campaign.id);
    let currency = &campaign.payouts.currency;
    let shared = url::form_urlencoded::byte_serialize(home.link.as_bytes()).collect::<String>();
    let name = if me.name.trim().is_empty() { me.email.as_str() } else { me.name.as_str() };
    Ok(html! {
        section.hello {
            h1 { (t.with("portal-hello", &[("name", name.into())])) }
            form.sign-out method="post" action=(in_language(&format!("{base}/sign-out"), t)) {
                (pages::token_field(&signed.form_token))
                button.link type="submit" { (t.text("portal-sign-out")) }
            }
        }
        section #link {
            h2 { (t.text("portal-your-link")) }
            p.share-link {
                input #referral-link type="text" readonly value=(home.link) aria-label=(t.text("portal-your-link"));
                button type="button" data-copy="#referral-link" data-copied=(t.text("portal-copied")) { (t.text("portal-copy")) }
            }
            p.share {
                a href={ "mailto:?body=" (shared) } { (t.text("portal-share-email")) }
                a href={ "https://wa.me/?text=" (shared) } rel="noopener" target="_blank" { "WhatsApp" }
                a href={ "https://twitter.com/intent/tweet?url=" (shared) } rel="noopener" target="_blank" { "X" }
                a href={ "https://www.facebook.com/sharer/sharer.php?u=" (shared) } rel="noopener" target="_blank" { "Facebook" }
                a href={ "https://www.linkedin.com/sharing/share-offsite/?url=" (shared) } rel="noopener" target="_blank" { "LinkedIn" }
            }
            img.qr src={ (base) "/qr.svg" } alt=(t.text("portal-qr-alt")) width="200" height="200";
        }
        section #referred {
            h2 { (t.text("portal-referred")) }
            @if home.referred.is_empty() {
                p { (t.text("portal-referred-none")) }
            } @else {
                p.count { (t.with("portal-referred-count", &[("count", home.referred_count.into())])) }
                ul.people {
                    @for person in &home.referred {
                        li { (referred_name(&person.name).unwrap_or_else(|| t.text("portal-a-friend"))) }
                    }
                }
            }
        }
        (promo_codes(t, &base, campaign, &home, signed, notice.as_ref()))
        section #rewards {
            h2 { (t.text("portal-rewards")) }
            @if home.rewards.is_empty() { p { (t.text("portal-rewards-none")) } }
            @for reward in &home.rewards { (reward_card(t, reward, home.commissions.get(&reward.id), currency)) }
        }
        @if home.pays_cash { (payouts(t, &base, currency, &home, signed, notice)) }
    })
}

/// The participant's promo codes and what each did, and, where the campaign lets them, a
/// form to ask for one of their own (`promo_code.rs`).
fn promo_codes(
    t: Texts,
    base: &str,
    campaign: &Campaign,
    home: &Home,
    signed: &Signed,
    notice: Option<&Notice>,
) -> Markup {
    if home.codes.is_empty() && !campaign.promo_codes.self_serve {
        return html! {};
    }
    html! {
        section #promo-codes {
            h2 { (t.text("portal-promo-codes")) }
            @if home.codes.is_empty() { p { (t.text("portal-promo-codes-none")) } }
            @for code in &home.codes {
                article.promo-code data-promo-code=(code.code) {
                    h3 { code { (code.code) } @if code.status == "disabled" { " · " span.state { (t.text("portal-promo-code-disabled")) } } }
                    @if let Some(link) = &code.link { p.link { (link) } }
                    p { (t.with("portal-promo-code-numbers", &[("uses", code.uses.into()), ("conversions", code.conversions.into())])) }
                }
            }
            @match notice {
                Some(Notice::CodeSaved) => p.saved role="status" { (t.text("portal-promo-code-saved")) },
                Some(Notice::CodeRefused(key)) => p.problem role="alert" { (t.text(key)) },
                _ => {},
            }
            @if campaign.promo_codes.self_serve {
                form.promo-code method="post" action=(in_language(&format!("{base}/promo-code"), t)) {
                    (pages::token_field(&signed.form_token))
                    label for="code" { (t.text("portal-promo-code-ask")) }
                    input #code name="code" type="text" required minlength="3" maxlength="32" pattern="[A-Za-z0-9_-]{3,32}"
                        aria-describedby="code-hint";
                    p.hint #code-hint { (t.text("portal-promo-code-hint")) }
                    button type="submit" { (t.text("portal-promo-code-button")) }
                }
            }
        }
    }
}

/// A reward as its owner sees it: the code or amount once issued (an amount written the
/// reader's way), what it is a commission on (never whose invoice), and its history in the
/// reader's words.
fn reward_card(t: Texts, reward: &Reward, commission: Option<&Commission>, currency: &str) -> Markup {
    let issued = matches!(reward.status, RewardStatus::Issued | RewardStatus::Fulfilled);
    let kind = match reward.kind {
        RewardType::Coupon => "portal-reward-coupon",
        RewardType::Cash => "portal-reward-cash",
        RewardType::Message => "portal-reward-message",
        RewardType::Token => "portal-reward-token",
    };
    html! {
        article.reward data-status=(reward.status.name()) {
            h3 { (t.text(kind)) " · " span.state { (t.text(state_name(reward.status))) } }
            @if let Some(commission) = commission {
                @let period = commission.invoice.period().to_rfc3339();
                p.commission { (t.with("portal-commission", &[("period", date_shown(t.language(), &period).into())])) }
            }
            @if issued {
                @if let Some(value) = &reward.value {
                    @match crate::domain::money::cents(value).filter(|_| reward.kind == RewardType::Cash) {
                        Some(cents) => p.value { strong { (shown(t.language(), cents, currency)) } },
                        None => p.value { code { (value) } },
                    }
                }
            } @else if reward.status == RewardStatus::Held || reward.status == RewardStatus::Pending {
                p { (t.text("portal-reward-on-its-way")) }
            }
            // Each change as its state in the reader's words: the note beside it is ours (a
            // fraud rule's code, a payout's reference), never shown to the participant.
            ol.history {
                @for change in &reward.history {
                    li {
                        time datetime=(change.at) { (date_shown(t.language(), &change.at)) }
                        " " (t.text(state_name(change.status)))
                    }
                }
            }
        }
    }
}

fn state_name(status: RewardStatus) -> &'static str {
    match status {
        RewardStatus::Held => "portal-reward-held",
        RewardStatus::Pending => "portal-reward-pending",
        RewardStatus::Issued => "portal-reward-issued",
        RewardStatus::Fulfilled => "portal-reward-fulfilled",
        RewardStatus::Voided => "portal-reward-voided",
    }
}

/// The balance, the payouts made, and the payout details form.
fn payouts(t: Texts, base: &str, currency: &str, home: &Home, signed: &Signed, notice: Option<Notice>) -> Markup {
    let chosen = home.details.as_ref().map(|d| d.method);
    html! {
        section #payouts {
            h2 { (t.text("portal-payouts")) }
            p.balance { (t.text("portal-due")) " " strong { (shown(t.language(), home.unpaid_cents, currency)) } }
            @if home.owed.cents > 0 {
                p.owed { (t.with("portal-owed", &[("amount", shown(t.language(), home.owed.cents, currency).into())])) }
            }
            @if home.payouts.is_empty() {
                p { (t.text("portal-payouts-none")) }
            } @else {
                table.payouts {
                    thead {
                        tr {
                            th { (t.text("portal-payout")) } th { (t.text("portal-amount")) }
                            th { (t.text("portal-state")) } th { (t.text("portal-date")) }
                        }
                    }
                    tbody {
                        @for payout in home.payouts.iter().rev() {
                            tr {
                                td { (payout.id) }
                                td { (shown(t.language(), payout.amount_cents, &payout.currency)) }
                                td { (t.text(&format!("portal-payout-{}", payout.status.name()))) }
                                @let at = payout.paid_at.as_deref().unwrap_or(&payout.created_at);
                                td { time datetime=(at) { (date_shown(t.language(), at)) } }
                            }
                        }
                    }
                }
            }
            h3 { (t.text("portal-details")) }
            @match notice {
                Some(Notice::Saved) => p.saved role="status" { (t.text("portal-details-saved")) },
                Some(Notice::Problem) => p.problem role="alert" { (t.text("portal-details-invalid")) },
                _ => {},
            }
            form.details method="post" action=(in_language(&format!("{base}/payout-details"), t)) {
                (pages::token_field(&signed.form_token))
                label for="method" { (t.text("portal-details-method")) }
                select #method name="method" {
                    @for method in DetailsMethod::ALL {
                        option value=(method.name()) selected[chosen == Some(method)] {
                            (t.text(&format!("portal-details-{}", method.name())))
                        }
                    }
                }
                label for="value" { (t.text("portal-details-value")) }
                input #value name="value" type="text" required maxlength="500"
                    value=(home.details.as_ref().map(|d| d.value.as_str()).unwrap_or(""));
                button type="submit" { (t.text("portal-save")) }
            }
        }
    }
}

/// The page again with the problem beside the payout details form (`details.rs`).
pub async fn with_problem(
    state: &AppState,
    campaign: &Campaign,
    look: &Look,
    signed: &Signed,
) -> Result<HttpResponse, StoreError> {
    refused(state, campaign, look, signed, StatusCode::BAD_REQUEST, Notice::Problem).await
}

/// The page again with `notice`, answered with `status` (a form refused).
pub async fn refused(
    state: &AppState,
    campaign: &Campaign,
    look: &Look,
    signed: &Signed,
    status: StatusCode,
    notice: Notice,
) -> Result<HttpResponse, StoreError> {
    let content = home(state, campaign, look.texts, signed, Some(notice)).await?;
    Ok(page(status, look, content))
}
