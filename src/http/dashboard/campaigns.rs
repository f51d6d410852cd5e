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

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde_json::{json, Map, Value};

use super::brands::{refusal_status, ListQuery};
use super::form::FormData;
use super::page::{self, PageError, Viewer};
use super::session::{SignedIn, SignedInForm};
use crate::domain::campaign::{GoalType, Publish, RewardType, WidgetMode};
use crate::domain::{Brand, Campaign, CampaignCounters, CampaignInput};
use crate::http::campaigns::{create_campaign, delete_campaign, update_campaign};
use crate::http::error::ApiError;
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

fn goal_name(goal: GoalType) -> &'static str {
    match goal {
        GoalType::Signup => "signup",
        GoalType::Visit => "visit",
        GoalType::Conversion => "conversion",
    }
}

fn mode_name(mode: WidgetMode) -> &'static str {
    match mode {
        WidgetMode::Embed => "embed",
        WidgetMode::Popup => "popup",
        WidgetMode::Floating => "floating",
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

/// The values the form shows: what was posted (after a refusal), else the campaign's.
struct Values<'a> {
    form: Option<&'a FormData>,
    campaign: Option<&'a Campaign>,
}

impl Values<'_> {
    fn get(&self, name: &str, stored: impl FnOnce(&Campaign) -> String, default: &str) -> String {
        match (self.form, self.campaign) {
            (Some(form), _) => form.text(name).to_owned(),
            (None, Some(c)) => stored(c),
            (None, None) => default.to_owned(),
        }
    }

    fn ticked(&self, name: &str, stored: impl FnOnce(&Campaign) -> bool) -> bool {
        match (self.form, self.campaign) {
            (Some(form), _) => form.checked(name),
            (None, Some(c)) => stored(c),
            (None, None) => false,
        }
    }
}

fn select(id: &str, label: &str, chosen: &str, options: &[(&str, &str)], hint: Option<&str>) -> Markup {
    html! {
        label for=(id) { (label) }
        select #(id) name=(id) aria-describedby=[hint.map(|_| format!("{id}-hint"))] {
            @for (value, text) in options {
                option value=(value) selected[*value == chosen] { (text) }
            }
        }
        @if let Some(hint) = hint { p.hint #{ (id) "-hint" } { (hint) } }
    }
}

/// The campaign form; with `preview` (a saved campaign's id), the widget's live preview
/// beside its settings.
fn campaign_form(
    action: &str,
    token: &str,
    brand: &Brand,
    values: &Values<'_>,
    error: Option<&str>,
    preview: Option<u64>,
) -> Markup {
    let defaults = crate::domain::campaign::WidgetSettings::default();
    let mut rewards = vec![("1", "A coupon code from the pool"), ("5", "Cash"), ("3", "A message")];
    if brand.token_network.is_some() {
        rewards.push(("4", "Tokens"));
    }
    html! {
        form.card.settings method="post" action=(action) data-preview=[preview.map(|_| "widget-preview")] {
            (page::token_field(token))
            @if let Some(error) = error { p.error role="alert" { (error) } }
            fieldset {
                legend { "Campaign" }
                label for="name" { "Name" }
                input #name type="text" name="name" required maxlength="200"
                    value=(values.get("name", |c| c.name.clone(), ""));
                (select("publish", "Who can see it", &values.get("publish", |c| match c.publish {
                    Publish::Public => "public".into(), Publish::Private => "private".into() }, "private"),
                    &[("private", "Private"), ("public", "Public (paid plans)")], None))
            }
            fieldset {
                legend { "Reward" }
                (select("reward_type", "Reward", &values.get("reward_type", |c| c.reward_type.code().to_string(), "1"),
                    &rewards, Some("Coupons come from the codes you upload; a reward waits for a code when the pool is empty.")))
                label for="reward_value" { "Amount or message" }
                input #reward_value type="text" name="reward_value" aria-describedby="reward_value-hint"
                    value=(values.get("reward_value", |c| c.reward_value.clone().unwrap_or_default(), ""));
                p.hint #reward_value-hint { "An amount such as 10.00 for cash; the text for a message; empty for coupons." }
                (select("goal_type", "Earned for", &values.get("goal_type", |c| goal_name(c.goal_type).into(), "signup"),
                    &[("signup", "Referral signups"), ("visit", "Unique visits of the referral link"),
                      ("conversion", "Referred friends who convert (pay)")], None))
                label for="num_signups" { "How many for each reward" }
                input #num_signups type="number" name="num_signups" min="1" max="1000000" required
                    value=(values.get("num_signups", |c| c.num_signups.to_string(), "1"));
                label.check {
                    input type="checkbox" name="reward_invited" value="on"
                        checked[values.ticked("reward_invited", |c| c.reward_invited)];
                    " Two-way: the referred friend gets the reward too"
                }
                label for="hold_days" { "Hold rewards for (days)" }
                input #hold_days type="number" name="hold_days" min="0" max="365" aria-describedby="hold_days-hint"
                    value=(values.get("hold_days", |c| c.hold_days.to_string(), "0"));
                p.hint #hold_days-hint { "0 issues rewards at once; otherwise they wait, and can be voided meanwhile." }
            }
            fieldset {
                legend { "Widget" }
                (select("widget_mode", "How it shows", &values.get("widget_mode", |c| mode_name(c.widget.mode).into(), "embed"),
                    &[("embed", "In the page"), ("popup", "A button that opens it"), ("floating", "A bubble in the corner")], None))
                label for="widget_primary_color" { "Colour" }
                input #widget_primary_color type="color" name="widget_primary_color"
                    value=(values.get("widget_primary_color", |c| c.widget.primary_color.clone(), &defaults.primary_color));
                label for="widget_headline" { "Headline" }
                input #widget_headline type="text" name="widget_headline" maxlength="160"
                    value=(values.get("widget_headline", |c| c.widget.headline.clone(), &defaults.headline));
                label for="widget_button_text" { "Button text" }
                input #widget_button_text type="text" name="widget_button_text" maxlength="60"
                    value=(values.get("widget_button_text", |c| c.widget.button_text.clone(), &defaults.button_text));
                @if let Some(id) = preview {
                    p.hint { "The preview follows these settings as you change them; visitors see them once saved." }
                    iframe #widget-preview title="Preview of the widget" data-base={ "/dashboard/campaigns/" (id) "/preview" }
                        src={ "/dashboard/campaigns/" (id) "/preview?" (preview_query(values)) } {}
                }
            }
            button type="submit" { "Save campaign" }
        }
    }
}

/// The widget's settings as the form shows them, as the preview's query.
fn preview_query(values: &Values<'_>) -> String {
    let defaults = crate::domain::campaign::WidgetSettings::default();
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    query.append_pair("widget_mode", &values.get("widget_mode", |c| mode_name(c.widget.mode).into(), "embed"));
    query.append_pair(
        "widget_primary_color",
        &values.get("widget_primary_color", |c| c.widget.primary_color.clone(), &defaults.primary_color),
    );
    query.append_pair(
        "widget_headline",
        &values.get("widget_headline", |c| c.widget.headline.clone(), &defaults.headline),
    );
    query.append_pair(
        "widget_button_text",
        &values.get("widget_button_text", |c| c.widget.button_text.clone(), &defaults.button_text),
    );
    query.finish()
}

/// A whole number where the form has one; anything else as the text it is, so the API's
/// validation names the field.
fn number(text: &str) -> Value {
    let text = text.trim();
    text.parse::<u64>().map(Value::from).unwrap_or_else(|_| Value::String(text.to_owned()))
}

/// The API's campaign body from the posted form.
fn input_of(form: &FormData, brand_id: u64) -> Result<CampaignInput, PageError> {
    let mut body = Map::new();
    body.insert("url_id".into(), brand_id.into());
    body.insert("name".into(), form.text("name").into());
    body.insert("publish".into(), form.text("publish").into());
    body.insert("reward_type".into(), number(form.text("reward_type")));
    let reward_value = form.text("reward_value").trim();
    body.insert("reward_value".into(), if reward_value.is_empty() { Value::Null } else { reward_value.into() });
    body.insert("goal_type".into(), form.text("goal_type").into());
    body.insert("num_signups".into(), number(form.text("num_signups")));
    body.insert("reward_invited".into(), form.checked("reward_invited").into());
    body.insert("hold_days".into(), number(form.text("hold_days")));
    body.insert(
        "widget".into(),
        json!({
            "mode": form.text("widget_mode"),
            "primary_color": form.text("widget_primary_color"),
            "headline": form.text("widget_headline"),
            "button_text": form.text("widget_button_text"),
        }),
    );
    serde_json::from_value(Value::Object(body))
        .map_err(|e| PageError::Api(ApiError::Internal(format!("the campaign form made a body the API refuses: {e}"))))
}

fn new_page(signed_in: &SignedIn, brand: &Brand, form: Option<&FormData>, error: Option<&str>) -> Markup {
    let values = Values { form, campaign: None };
    let action = format!("/dashboard/brands/{}/campaigns", brand.id);
    let content = html! {
        p { "On " a href={ "/dashboard/brands/" (brand.id) } { (brand.domain) } "." }
        (campaign_form(&action, &signed_in.form_token, brand, &values, error, None))
    };
    page::page(&Viewer::of(signed_in), "New campaign", None, content)
}

/// `GET /dashboard/brands/{id}/campaigns/new`.
pub async fn new(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let brand = ownership::brand(&state, &signed_in.member, *id).await?;
    Ok(page::ok(new_page(&signed_in, &brand, None, None)))
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
            Ok(page::respond(status, new_page(&signed_in, &brand, Some(&form), Some(&message))))
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

/// `GET /dashboard/campaigns/{id}`.
pub async fn show(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<ListQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let brand = ownership::brand(&state, &signed_in.member, campaign.brand_id).await?;
    let counters = state.store.counters(campaign.id).await?;
    let pool = state.store.coupon_pool(campaign.id).await?;
    let site = &state.public_url;
    let widget = format!(
        "<div id=\"referrals-widget\"></div>\n<script async src=\"{site}/widget.js?campaign={}\"></script>",
        campaign.id
    );
    let tracker = format!("<script async src=\"{site}/referral.js\" data-domain=\"partner.example\"></script>");
    let content = html! {
        p.lead {
            "On " a href={ "/dashboard/brands/" (brand.id) } { (brand.domain) } ": " (reward_summary(&campaign)) "."
            @if campaign.publish == Publish::Private { " Private." }
        }
        nav.actions aria-label="Campaign" {
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/participants" } { "Participants" }
            " "
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/stats" } { "Statistics" }
            " "
            a.button href={ "/dashboard/campaigns/" (campaign.id) "/edit" } { "Edit settings" }
        }
        section aria-labelledby="numbers" {
            h2 #numbers { "Numbers" }
            (page::numbers(&[
                ("Participants", counters.participants),
                ("Referrals", counters.referrals),
                ("Rewards issued", counters.rewards_issued),
                ("Rewards waiting for a coupon", counters.rewards_pending),
                ("Clicks", counters.clicks),
                ("Impressions", counters.impressions),
                ("Shares", counters.shares),
                ("Conversions", counters.conversions),
            ]))
        }
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
            (snippet("tracker-snippet", "The tracker, for a partner site that joined as a domain participant:", &tracker))
        }
        p { a.danger href={ "/dashboard/campaigns/" (campaign.id) "/delete" } { "Delete this campaign…" } }
    };
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &campaign.name, query.notice(), content)))
}

fn edit_page(
    signed_in: &SignedIn,
    brand: &Brand,
    campaign: &Campaign,
    form: Option<&FormData>,
    error: Option<&str>,
) -> Markup {
    let values = Values { form, campaign: Some(campaign) };
    let action = format!("/dashboard/campaigns/{}/edit", campaign.id);
    let content = html! {
        p { a href={ "/dashboard/campaigns/" (campaign.id) } { "Back to " (campaign.name) } }
        (campaign_form(&action, &signed_in.form_token, brand, &values, error, Some(campaign.id)))
    };
    page::page(&Viewer::of(signed_in), &format!("Edit {}", campaign.name), None, content)
}

/// `GET /dashboard/campaigns/{id}/edit`.
pub async fn edit(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let brand = ownership::brand(&state, &signed_in.member, campaign.brand_id).await?;
    Ok(page::ok(edit_page(&signed_in, &brand, &campaign, None, None)))
}

/// `POST /dashboard/campaigns/{id}/edit`.
pub async fn save(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let brand = ownership::brand(&state, &signed_in.member, campaign.brand_id).await?;
    match update_campaign(&state, &signed_in.member, campaign.id, input_of(&form, brand.id)?).await {
        Ok(saved) => Ok(page::see_other(&format!("/dashboard/campaigns/{}?notice=campaign-saved", saved.id))),
        Err(refused) => {
            let (status, message) = refusal_status(refused)?;
            Ok(page::respond(status, edit_page(&signed_in, &brand, &campaign, Some(&form), Some(&message))))
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
