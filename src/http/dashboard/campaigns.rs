//! The campaign pages: a campaign's overview (headline numbers, coupon pool, the embed
//! snippets ready to copy), creating and editing its settings, and deleting it after a
//! confirmation.
//!
//! The form is turned into the API's own campaign body ([`CampaignInput`]) and goes through
//! the same validation and the same brand actor as `POST`/`PUT /campaigns`, so the dashboard
//! accepts exactly what the API accepts and refuses it with the same sentences.
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/brands/{id}/campaigns/new`, `POST /dashboard/brands/{id}/campaigns` | a new campaign |
//! | `GET /dashboard/campaigns/{id}` | the overview |
//! | `GET`/`POST /dashboard/campaigns/{id}/edit` | its settings |
//! | `GET`/`POST /dashboard/campaigns/{id}/delete` | what deleting it takes, and deleting it |

use crate::domain::commission::CommissionRule;
use crate::domain::commission_preview::preview;
use crate::http::commission_preview::{replay_inputs, shape, CommissionPreview};
use actix_web::{web, HttpResponse};
use maud::{html, Markup};

use super::campaign_body::input_of;
use super::campaign_form::{campaign_form, defaults};
use super::campaign_values::Values;
use super::form::FormData;
use super::page::refusal_status;
use super::page::{self, PageError, Viewer};
use super::session::{SignedIn, SignedInForm};
use crate::domain::campaign::{GoalType, Publish, RewardType};
use crate::domain::{Brand, Campaign, CampaignCounters};
use crate::http::campaigns::{create_campaign, delete_campaign, update_campaign};
use crate::http::ownership;
use crate::http::state::AppState;

/// The campaigns of a brand, one row each with its headline numbers.
pub fn campaign_table(rows: &[(Campaign, CampaignCounters)]) -> Markup {
    html! {
        div.scroll { table {
            caption.visually-hidden { "Campaigns" }
            thead {
                tr {
                    th scope="col" { "Campaign" }
                    th scope="col" { "Reward" }
                    th scope="col" .num { "Participants" }
                    th scope="col" .num { "Referrals" }
                    th scope="col" .num { "Rewards" }
                    th scope="col" .num { "Clicks" }
                }
            }
            tbody {
                @for (campaign, counters) in rows {
                    tr {
                        td { a href={ "/dashboard/campaigns/" (campaign.id) } { (campaign.name) } }
                        td { (reward_summary(campaign)) }
                        td.num { (counters.participants) }
                        td.num { (counters.referrals) }
                        td.num { (counters.rewards_issued) }
                        td.num { (counters.clicks) }
                    }
                }
            }
        } }
    }
}

/// "A coupon every 3 referral signups", in words.
fn reward_summary(c: &Campaign) -> String {
    let what = match (c.reward_type, &c.reward_value) {
        (RewardType::Coupon, _) => "a coupon".to_owned(),
        (RewardType::Cash, Some(amount)) => format!("{amount} cash"),
        (RewardType::Token, Some(amount)) => format!("{amount} tokens"),
        (RewardType::Message, _) => "a message".to_owned(),
        (_, None) => c.reward_type.name().to_owned(),
    };
    let goal = match c.goal_type {
        GoalType::Signup => "referral signup",
        GoalType::Visit => "unique visit",
        GoalType::Conversion => "converted referral",
    };
    let every = if c.num_signups == 1 { format!("every {goal}") } else { format!("every {} {goal}s", c.num_signups) };
    let two_way = if c.reward_invited { ", the friend too" } else { "" };
    format!("{what} for {every}{two_way}")
}

fn new_page(
    signed_in: &SignedIn,
    brand: &Brand,
    form: Option<&FormData>,
    error: Option<&str>,
) -> Result<Markup, PageError> {
    let defaults = defaults(brand)?;
    let values = Values { form, campaign: &defaults };
    let action = format!("/dashboard/brands/{}/campaigns", brand.id);
    let content = html! {
        p { "On " a href={ "/dashboard/brands/" (brand.id) } { (brand.domain) } "." }
        (campaign_form(&action, &signed_in.form_token, brand, &values, error, None, None))
    };
    Ok(page::page(&Viewer::of(signed_in), "New campaign", None, content))
}

/// `GET /dashboard/brands/{id}/campaigns/new`.
pub async fn new(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let brand = ownership::brand(&state, &signed_in.member, *id).await?;
    Ok(page::ok(new_page(&signed_in, &brand, None, None)?))
}

/// `POST /dashboard/brands/{id}/campaigns`.
pub async fn create(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let brand = ownership::brand(&state, &signed_in.member, *id).await?;
    match create_campaign(&state, &signed_in.member, &input_of(&form, brand.id)?).await {
        Ok(campaign) => Ok(page::see_other(&format!("/dashboard/campaigns/{}?notice=campaign-created", campaign.id))),
        Err(refused) => {
            let (status, message) = refusal_status(refused)?;
            Ok(page::respond(status, new_page(&signed_in, &brand, Some(&form), Some(&message))?))
        }
    }
}

fn snippet(id: &str, label: &str, code: &str) -> Markup {
    html! {
        div.snippet {
            label for=(id) { (label) }
            textarea #(id) readonly rows="3" { (code) }
            button.copy type="button" data-copy=(id) { "Copy" }
        }
    }
}

/// The overview's query: the notice a redirect leaves, and the partner domain the tracker
/// snippet is written for.
#[derive(serde::Deserialize)]
pub struct OverviewQuery {
    notice: Option<String>,
    partner: Option<String>,
}

/// What the tracker snippet's `data-domain` says until the member names a partner.
const PARTNER_PLACEHOLDER: &str = "FILL-IN-THE-PARTNER-DOMAIN";

/// `GET /dashboard/campaigns/{id}`.
pub async fn show(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<OverviewQuery>,
) -> Result<HttpResponse, PageError> {
    let (campaign, brand) = ownership::campaign_with_brand(&state, &signed_in.member, *id).await?;
    let counters = state.store.counters(campaign.id).await?;
    let pool = state.store.coupon_pool(campaign.id).await?;
    let site = &state.public_url;
    let widget = format!(
        "<div id=\"referrals-widget\"></div>\n<script async src=\"{site}/widget.js?campaign={}\"></script>",
        campaign.id
    );
    // The partner's own domain (the one they joined the campaign with), when the member named
    // it and it reads as one; otherwise a placeholder no one can mistake for a real domain.
    let partner = query
        .partner
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(|p| crate::domain::brand_url::parse_domain("partner", p));
    let partner_domain = match &partner {
        Some(Ok(domain)) => domain.as_str(),
        _ => PARTNER_PLACEHOLDER,
    };
    let tracker = format!("<script async src=\"{site}/referral.js\" data-domain=\"{partner_domain}\"></script>");
    let programme = super::programme::section(&state, &campaign, &signed_in.form_token).await?;
    let content = html! {
        p.lead {
            "On " a href={ "/dashboard/brands/" (brand.id) } { (brand.domain) } ": " (reward_summary(&campaign)) "."
            @if campaign.publish == Publish::Private { " Private." }
        }
        nav.actions aria-label="Campaign" {
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/review" } {
                "Review" @if counters.rewards.held > 0 { " (" (counters.rewards.held) ")" }
            }
            " "
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/rewards" } { "Rewards" }
            " "
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/conversions" } { "Conversions" }
            " "
            @if campaign.reward_type == crate::domain::RewardType::Cash || campaign.tiers.iter().any(|t| t.reward_type == crate::domain::RewardType::Cash) {
                a.button href={ "/dashboard/campaigns/" (campaign.id) "/payouts" } { "Payouts" }
                " "
            }
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/fraud" } { "Fraud rules" }
            " "
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/emails" } { "Emails" }
            " "
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/participants" } { "Participants" }
            " "
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/analytics" } { "Analytics" }
            " "
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/stats" } { "Statistics" }
            " "
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/edit" } { "Edit settings" }
            " "
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/lander" } { "Landing page" }
        }
        section aria-labelledby="numbers" {
            h2 #numbers { "Numbers" }
            (page::numbers(&[
                ("Participants", counters.participants),
                ("Referrals", counters.referrals),
                ("Rewards issued", counters.rewards_issued),
                ("Rewards held for review", counters.rewards.held),
                ("Rewards waiting for a coupon", counters.rewards_pending),
                ("Clicks", counters.clicks),
                ("Impressions", counters.impressions),
                ("Shares", counters.shares),
                ("Conversions", counters.conversions),
            ]))
            @if counters.rewards.held > 0 {
                p { "Held, by reason (a reward held for two reasons counts under both):" }
                (super::review::by_reason(&counters.held_by_reason))
                p { a href={ "/dashboard/campaigns/" (campaign.id) "/review" } { "Review the held rewards" } }
            }
        }
        section aria-labelledby="exports" {
            h2 #exports { "Exports" }
            p {
                a href={ "/dashboard/campaigns/" (campaign.id) "/participants.csv" } download { "Participants (CSV)" }
                " · "
                a href={ "/dashboard/campaigns/" (campaign.id) "/rewards.csv" } download { "Rewards (CSV)" }
            }
        }
        (programme)
        @if campaign.uses_coupons() {
            section aria-labelledby="coupons" {
                h2 #coupons { "Coupon pool" }
                (page::numbers(&[
                    ("Uploaded", pool.uploaded),
                    ("Available", pool.available()),
                    ("Used", pool.assigned),
                ]))
                p { a.button href={ "/dashboard/campaigns/" (campaign.id) "/coupons" } { "Upload codes" } }
            }
        }
        section aria-labelledby="embed" {
            h2 #embed { "Put it on your site" }
            (snippet("widget-snippet", "The widget, wherever it should show:", &widget))
            div.snippet {
                label for="portal-address" { "Your participants' portal, where each signs in by email to see their link, rewards, promo codes and payouts (link to it from your site or emails):" }
                input #portal-address type="text" readonly
                    value={ (site) "/p/" (campaign.id) };
                button.copy type="button" data-copy="portal-address" { "Copy" }
            }
            form.inline method="get" action={ "/dashboard/campaigns/" (campaign.id) "#embed" } {
                label for="partner" { "The tracker goes on a partner's site that joined as a domain participant. Their domain:" }
                input #partner type="text" name="partner" maxlength="253" placeholder="partner-site.com"
                    value=(query.partner.as_deref().unwrap_or_default());
                button.small type="submit" { "Write the tracker for it" }
            }
            @if let Some(Err(_)) = &partner { p.error { "That is not a domain: write it as partner-site.com." } }
            @if partner_domain == PARTNER_PLACEHOLDER {
                p.hint { "Replace " code { (PARTNER_PLACEHOLDER) } " with the partner's domain, or name it above." }
            }
            (snippet("tracker-snippet", "The tracker:", &tracker))
        }
        p { a.danger href={ "/dashboard/campaigns/" (campaign.id) "/delete" } { "Delete this campaign…" } }
    };
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &campaign.name, page::notice(query.notice.as_deref()), content)))
}

fn edit_page(
    signed_in: &SignedIn,
    brand: &Brand,
    campaign: &Campaign,
    form: Option<&FormData>,
    error: Option<&str>,
    commission_preview: Option<&CommissionPreview>,
) -> Markup {
    let values = Values { form, campaign };
    let action = format!("/dashboard/campaigns/{}/edit", campaign.id);
    let content = html! {
        p { (page::back_to(campaign)) }
        (campaign_form(&action, &signed_in.form_token, brand, &values, error, Some(campaign.id), commission_preview))
    };
    page::page(&Viewer::of(signed_in), &format!("Edit {}", campaign.name), None, content)
}

/// `GET /dashboard/campaigns/{id}/edit`.
pub async fn edit(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let (campaign, brand) = ownership::campaign_with_brand(&state, &signed_in.member, *id).await?;
    Ok(page::ok(edit_page(&signed_in, &brand, &campaign, None, None, None)))
}

/// `POST /dashboard/campaigns/{id}/edit`.
pub async fn save(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let (campaign, brand) = ownership::campaign_with_brand(&state, &signed_in.member, *id).await?;
    if form.text("preview") == "commission" {
        // The rule as edited, replayed on the campaign's invoices; nothing is saved.
        let rule = CommissionRule::from_field(&super::commission_form::commission_of(&form));
        let page = match rule {
            Ok(rule) => {
                let replayed = replay_inputs(&state, &signed_in.member, &campaign).await?;
                let mut shown = campaign.clone();
                shown.payouts.currency = super::commission_form::currency_of(&form);
                let preview = shape(&shown, &rule, &preview(&rule, &replayed, None, None));
                edit_page(&signed_in, &brand, &campaign, Some(&form), None, Some(&preview))
            }
            Err(refused) => edit_page(&signed_in, &brand, &campaign, Some(&form), Some(&refused.message), None),
        };
        return Ok(page::ok(page));
    }
    match update_campaign(&state, &signed_in.member, campaign.id, input_of(&form, brand.id)?).await {
        Ok(saved) => Ok(page::see_other(&format!("/dashboard/campaigns/{}?notice=campaign-saved", saved.id))),
        Err(refused) => {
            let (status, message) = refusal_status(refused)?;
            Ok(page::respond(status, edit_page(&signed_in, &brand, &campaign, Some(&form), Some(&message), None)))
        }
    }
}

/// `GET /dashboard/campaigns/{id}/delete`.
pub async fn confirm_delete(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let counters = state.store.counters(campaign.id).await?;
    let pool = state.store.coupon_pool(campaign.id).await?;
    let what = html! {
        p { "Deleting " strong { (campaign.name) } " also deletes, for good:" }
        ul {
            li { (counters.participants) " participants and who referred whom" }
            li { (counters.rewards_issued) " rewards issued" }
            @if campaign.uses_coupons() { li { (pool.uploaded) " coupon codes uploaded (" (pool.available()) " unused)" } }
            li { "its statistics, widget and landing-page settings, webhook events and emails" }
        }
        p { "This cannot be undone. Its referral links and widget stop working." }
    };
    let content = page::confirmation(
        &signed_in.form_token,
        &format!("/dashboard/campaigns/{}/delete", campaign.id),
        &format!("/dashboard/campaigns/{}", campaign.id),
        &format!("Delete {}", campaign.name),
        what,
    );
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &format!("Delete {}?", campaign.name), None, content)))
}

/// `POST /dashboard/campaigns/{id}/delete`: back to its brand.
pub async fn delete(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let campaign = delete_campaign(&state, &posted.signed_in.member, *id).await?;
    Ok(page::see_other(&format!("/dashboard/brands/{}?notice=campaign-deleted", campaign.brand_id)))
}
