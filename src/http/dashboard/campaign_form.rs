//! The campaign form: every setting the API's campaign body takes, shown with the stored (or
//! default) values. `campaign_body.rs` turns the posted form back into that body.
//!
//! The everyday settings (name, reward, goal, widget) are open; the rest (milestone tiers,
//! contest and leaderboard, waitlist, fraud defence, emails) sit in closed `details` groups,
//! each opened when its feature is on. Nothing here decides what is valid: the body goes to
//! the same validation as `POST`/`PUT /campaigns`, which names the field it refuses.

use maud::{html, Markup};

use super::campaign_values::Values;
use super::page::{self, PageError};
use crate::domain::campaign::{GoalType, Publish, WidgetMode};
use crate::domain::campaign_emails::EmailKind;
use crate::domain::fraud::{DisposablePolicy, SameAddressPolicy};
use crate::domain::language::Language;
use crate::domain::tiers::MAX_TIERS;
use crate::domain::{Brand, Campaign, CampaignInput};
use crate::http::error::ApiError;

pub fn goal_name(goal: GoalType) -> &'static str {
    match goal {
        GoalType::Signup => "signup",
        GoalType::Visit => "visit",
        GoalType::Conversion => "conversion",
    }
}

pub fn mode_name(mode: WidgetMode) -> &'static str {
    match mode {
        WidgetMode::Embed => "embed",
        WidgetMode::Popup => "popup",
        WidgetMode::Floating => "floating",
    }
}

/// A campaign as `POST /campaigns` would create it from a name and a coupon reward alone:
/// what the form of a new campaign shows (its name left empty).
pub fn defaults(brand: &Brand) -> Result<Campaign, PageError> {
    let input = CampaignInput { name: Some("-".into()), reward_type: Some(1.into()), ..Default::default() };
    let mut campaign = Campaign::create(0, brand.id, brand.member_id, &input, "1970-01-01T00:00:00Z")
        .map_err(|e| PageError::Api(ApiError::Internal(format!("a new campaign's defaults: {}", e.message))))?;
    campaign.name.clear();
    Ok(campaign)
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

fn checkbox(name: &str, ticked: bool, label: &str) -> Markup {
    html! {
        label.check { input type="checkbox" name=(name) value="on" checked[ticked]; " " (label) }
    }
}

fn number_field(name: &str, label: &str, value: &str, min: u64, max: u64, hint: Option<&str>) -> Markup {
    html! {
        label for=(name) { (label) }
        input #(name) type="number" name=(name) min=(min) max=(max) value=(value)
            aria-describedby=[hint.map(|_| format!("{name}-hint"))];
        @if let Some(hint) = hint { p.hint #{ (name) "-hint" } { (hint) } }
    }
}

/// The campaign form; with `preview` (a saved campaign's id), the widget's live preview
/// beside its settings.
pub fn campaign_form(
    action: &str,
    token: &str,
    brand: &Brand,
    values: &Values<'_>,
    error: Option<&str>,
    preview: Option<u64>,
    commission_preview: Option<&crate::http::commission_preview::CommissionPreview>,
) -> Markup {
    let mut rewards = vec![("1", "A coupon code from the pool"), ("5", "Cash"), ("3", "A message")];
    let languages: Vec<(&str, &str)> = Language::ALL.iter().map(|l| (l.tag(), l.native_name())).collect();
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
                input #name type="text" name="name" required maxlength="200" value=(values.get("name", |c| c.name.clone()));
                (select("publish", "Who can see it", &values.get("publish", |c| match c.publish {
                    Publish::Public => "public".into(), Publish::Private => "private".into() }),
                    &[("private", "Private: unlisted"), ("public", "Public: listed (paid plans)")],
                    Some("Both work for anyone who has the link, the widget or the landing page's address. \
                          Private asks search engines not to list the landing page; public lets them.")))
                (select("language", "Participants' language", &values.get("language", |c| c.language.tag().into()),
                    &languages, Some("What participants read when neither the page nor their browser asks for a language \
                          we have. Your own texts (headline, button, emails) are shown as you write them; \
                          give them per language under \"Texts per language\".")))
            }
            fieldset {
                legend { "Reward" }
                (select("reward_type", "Reward", &values.get("reward_type", |c| c.reward_type.code().to_string()),
                    &rewards, Some("Coupons come from the codes you upload; a reward waits for a code when the pool is empty.")))
                label for="reward_value" { "Amount or message" }
                input #reward_value type="text" name="reward_value" aria-describedby="reward_value-hint"
                    value=(values.get("reward_value", |c| c.reward_value.clone().unwrap_or_default()));
                p.hint #reward_value-hint { "An amount such as 10.00 for cash; the text for a message; empty for coupons." }
                (select("goal_type", "Earned for", &values.get("goal_type", |c| goal_name(c.goal_type).into()),
                    &[("signup", "Referral signups"), ("visit", "Unique visits of the referral link"),
                      ("conversion", "Referred friends who convert (pay)")], None))
                label for="num_signups" { "How many for each reward" }
                input #num_signups type="number" name="num_signups" min="1" max="1000000" required
                    value=(values.get("num_signups", |c| c.num_signups.to_string()));
                (checkbox("reward_invited", values.ticked("reward_invited", |c| c.reward_invited),
                    "Two-way: the referred friend gets the reward too"))
                (number_field("hold_days", "Hold rewards for (days)", &values.get("hold_days", |c| c.hold_days.to_string()),
                    0, 365, Some("0 issues rewards at once; otherwise they wait, and can be voided meanwhile.")))
            }
            fieldset {
                legend { "Widget" }
                (select("widget_mode", "How it shows", &values.get("widget_mode", |c| mode_name(c.widget.mode).into()),
                    &[("embed", "In the page"), ("popup", "A button that opens it"), ("floating", "A bubble in the corner")], None))
                label for="widget_primary_color" { "Colour" }
                input #widget_primary_color type="color" name="widget_primary_color"
                    value=(values.get("widget_primary_color", |c| c.widget.primary_color.clone()));
                label for="widget_headline" { "Headline" }
                input #widget_headline type="text" name="widget_headline" maxlength="160"
                    value=(values.get("widget_headline", |c| c.widget.headline.clone()));
                label for="widget_button_text" { "Button text" }
                input #widget_button_text type="text" name="widget_button_text" maxlength="60"
                    value=(values.get("widget_button_text", |c| c.widget.button_text.clone()));
                @if let Some(id) = preview {
                    p.hint { "The preview follows these settings as you change them; visitors see them once saved." }
                    iframe #widget-preview title="Preview of the widget" data-base={ "/dashboard/campaigns/" (id) "/preview" }
                        src={ "/dashboard/campaigns/" (id) "/preview?" (preview_query(values)) } {}
                }
            }
            (super::commission_form::commission_group(values.form, values.campaign, commission_preview))
            (attribution_group(values))
            (tiers_group(values))
            (contest_group(values))
            (waitlist_group(values))
            (fraud_group(values))
            (emails_group(values))
            (super::campaign_texts::texts_group(values.form, values.campaign))
            button type="submit" { "Save campaign" }
        }
    }
}

/// The tier rows the form shows: the stored (or posted) ones and two empty ones to add.
fn tier_rows(values: &Values<'_>) -> usize {
    let filled = match values.form {
        Some(form) => (0..MAX_TIERS).filter(|i| form.get(&format!("tier_referrals_{i}")).is_some()).count(),
        None => values.campaign.tiers.len() + 2,
    };
    filled.clamp(3, MAX_TIERS)
}

fn tiers_group(values: &Values<'_>) -> Markup {
    let tiers = &values.campaign.tiers;
    let rewards = [("1", "Coupon"), ("5", "Cash"), ("3", "Message")];
    html! {
        details.group open[!tiers.is_empty()] {
            summary { "Milestone tiers" }
            input type="hidden" name="section" value="tiers";
            p.hint { "Set rewards at set counts (for example a coupon at 1 referral, 20.00 cash at 5). With tiers, \
                      they replace the reward above. Leave a row's count empty to remove it; save to get more rows." }
            @for i in 0..tier_rows(values) {
                @let stored = tiers.get(i);
                fieldset.tier {
                    legend { "Tier " (i + 1) }
                    (number_field(&format!("tier_referrals_{i}"), &format!("Tier {}: referrals", i + 1),
                        &values.get(&format!("tier_referrals_{i}"), |_| stored.map(|t| t.referrals.to_string()).unwrap_or_default()),
                        1, 1_000_000, None))
                    (select(&format!("tier_reward_type_{i}"), &format!("Tier {}: reward", i + 1),
                        &values.get(&format!("tier_reward_type_{i}"), |_| stored.map_or("1".into(), |t| t.reward_type.code().to_string())),
                        &rewards, None))
                    label for={ "tier_reward_value_" (i) } { "Tier " (i + 1) ": amount or message" }
                    input id={ "tier_reward_value_" (i) } type="text" name={ "tier_reward_value_" (i) }
                        value=(values.get(&format!("tier_reward_value_{i}"), |_| stored.and_then(|t| t.reward_value.clone()).unwrap_or_default()));
                }
            }
        }
    }
}

/// A stored RFC 3339 time as a `datetime-local` input shows it (UTC, to the minute).
fn local_minute(stored: Option<&str>) -> String {
    stored.and_then(|t| t.get(..16)).unwrap_or_default().to_owned()
}

fn contest_group(values: &Values<'_>) -> Markup {
    let contest = &values.campaign.contest;
    html! {
        details.group open[contest.enabled || values.campaign.leaderboard.public] {
            summary { "Contest and leaderboard" }
            input type="hidden" name="section" value="contest";
            (checkbox("contest_enabled", values.ticked("contest_enabled", |c| c.contest.enabled),
                "Run a contest: the top referrers of a time window win"))
            label for="contest_starts_at" { "Starts (UTC)" }
            input #contest_starts_at type="datetime-local" name="contest_starts_at"
                value=(values.get("contest_starts_at", |c| local_minute(c.contest.starts_at.as_deref())));
            label for="contest_ends_at" { "Ends (UTC)" }
            input #contest_ends_at type="datetime-local" name="contest_ends_at"
                value=(values.get("contest_ends_at", |c| local_minute(c.contest.ends_at.as_deref())));
            label for="contest_prize" { "Prize" }
            input #contest_prize type="text" name="contest_prize" maxlength="500"
                value=(values.get("contest_prize", |c| c.contest.prize.clone().unwrap_or_default()));
            (number_field("contest_winners", "Winners", &values.get("contest_winners", |c| c.contest.winners.to_string()),
                1, crate::domain::contest::MAX_WINNERS, None))
            (checkbox("leaderboard_public", values.ticked("leaderboard_public", |c| c.leaderboard.public),
                "Show the leaderboard publicly (first names and counts only)"))
        }
    }
}

fn attribution_group(values: &Values<'_>) -> Markup {
    use crate::domain::attribution::{AttributionSettings, MAX_WINDOW_DAYS};
    let changed =
        values.campaign.attribution != AttributionSettings::default() || values.campaign.promo_codes.self_serve;
    html! {
        details.group open[changed] {
            summary { "Attribution" }
            input type="hidden" name="section" value="attribution";
            p.hint { "The widget and the tracker remember a visit through a partner's link (ref= or via=) on your site, \
                      so a visitor who signs up on another page, or comes back later, is still that partner's referral." }
            (number_field("attribution_window_days", "Remember a partner's link for (days)",
                &values.get("attribution_window_days", |c| c.attribution.window_days.to_string()),
                1, u64::from(MAX_WINDOW_DAYS), None))
            (select("attribution_model", "A visitor who opened several partners' links is credited to",
                &values.get("attribution_model", |c| c.attribution.model.name().into()),
                &[("last_click", "The last partner (last click)"), ("first_click", "The first partner (first click)")], None))
            (checkbox("promo_codes_self_serve", values.ticked("promo_codes_self_serve", |c| c.promo_codes.self_serve),
                "Partners may ask for a promo code of their own in their portal"))
        }
    }
}

fn waitlist_group(values: &Values<'_>) -> Markup {
    html! {
        details.group open[values.campaign.waitlist.enabled] {
            summary { "Waitlist" }
            input type="hidden" name="section" value="waitlist";
            (checkbox("waitlist_enabled", values.ticked("waitlist_enabled", |c| c.waitlist.enabled),
                "Put everyone who signs up in line; each referral moves the referrer up"))
            (number_field("waitlist_places_per_referral", "Places moved up per referral",
                &values.get("waitlist_places_per_referral", |c| c.waitlist.places_per_referral.to_string()),
                0, crate::domain::waitlist::MAX_PLACES_PER_REFERRAL, None))
        }
    }
}

/// A velocity limit as the form shows it: empty for none.
fn limit_text(limit: u32) -> String {
    if limit == 0 {
        String::new()
    } else {
        limit.to_string()
    }
}

fn fraud_group(values: &Values<'_>) -> Markup {
    html! {
        details.group {
            summary { "Fraud defence" }
            input type="hidden" name="section" value="fraud";
            (fraud_fields(values))
        }
    }
}

/// The fraud rules' fields (also the fraud page's form).
pub fn fraud_fields(values: &Values<'_>) -> Markup {
    let max = crate::domain::fraud::MAX_RATE_LIMIT as u64;
    html! {
            (checkbox("fraud_canonical_emails", values.ticked("fraud_canonical_emails", |c| c.fraud.canonical_emails),
                "One participant per inbox (ann.lee+1@gmail.com is annlee@gmail.com)"))
            (select("fraud_disposable_emails", "Throwaway email addresses",
                &values.get("fraud_disposable_emails", |c| c.fraud.disposable_emails.name().into()),
                &[(DisposablePolicy::Hold.name(), "Let them join, hold their rewards for review"),
                  (DisposablePolicy::Refuse.name(), "Refuse the signup"),
                  (DisposablePolicy::Allow.name(), "Treat them as any address")], None))
            (select("fraud_same_address", "A friend signing up from the referrer's own connection",
                &values.get("fraud_same_address", |c| c.fraud.same_address.name().into()),
                &[(SameAddressPolicy::Address.name(), "Hold the rewards when the address matches"),
                  (SameAddressPolicy::AddressAndAgent.name(), "Hold them when the address and browser match"),
                  (SameAddressPolicy::Off.name(), "Do not compare")], None))
            (number_field("fraud_max_referrals_per_hour", "Referrals per referrer per hour before rewards are held",
                &values.get("fraud_max_referrals_per_hour", |c| limit_text(c.fraud.max_referrals_per_hour)),
                1, max, Some("Empty for no limit.")))
            (number_field("fraud_max_signups_per_address_per_hour", "Signups per address per hour before rewards are held",
                &values.get("fraud_max_signups_per_address_per_hour", |c| limit_text(c.fraud.max_signups_per_address_per_hour)),
                1, max, Some("Empty for no limit.")))
    }
}

fn email_title(kind: EmailKind) -> &'static str {
    match kind {
        EmailKind::Welcome => "Welcome, to a new participant",
        EmailKind::FriendJoined => "A friend joined, to the referrer",
        EmailKind::Reward => "Your reward, to whoever earned it",
        EmailKind::Digest => "Daily digest, to you",
    }
}

/// An email's name in a sentence ("the welcome email").
fn email_short(kind: EmailKind) -> &'static str {
    match kind {
        EmailKind::Welcome => "welcome",
        EmailKind::FriendJoined => "friend joined",
        EmailKind::Reward => "reward",
        EmailKind::Digest => "daily digest",
    }
}

fn emails_group(values: &Values<'_>) -> Markup {
    let emails = &values.campaign.emails;
    html! {
        details.group open[EmailKind::ALL.iter().any(|&k| emails.template(k).enabled)] {
            summary { "Emails" }
            input type="hidden" name="section" value="emails";
            p.hint { "Sent when the server has SMTP settings. Plain text; placeholders in double braces are filled in." }
            @for kind in EmailKind::ALL {
                @let name = kind.name();
                fieldset {
                    legend { (email_title(kind)) }
                    (checkbox(&format!("email_{name}_enabled"),
                        values.ticked(&format!("email_{name}_enabled"), |c| c.emails.template(kind).enabled),
                        &format!("Send the {} email", email_short(kind))))
                    label for={ "email_" (name) "_subject" } { span.visually-hidden { (email_short(kind)) ": " } "Subject" }
                    input id={ "email_" (name) "_subject" } type="text" name={ "email_" (name) "_subject" } maxlength="200"
                        value=(values.get(&format!("email_{name}_subject"), |c| c.emails.template(kind).subject.clone()));
                    label for={ "email_" (name) "_text" } { span.visually-hidden { (email_short(kind)) ": " } "Text" }
                    textarea id={ "email_" (name) "_text" } name={ "email_" (name) "_text" } rows="6"
                        aria-describedby={ "email_" (name) "_hint" } {
                        (values.get(&format!("email_{name}_text"), |c| c.emails.template(kind).text.clone()))
                    }
                    p.hint id={ "email_" (name) "_hint" } {
                        "Placeholders: "
                        @for (i, placeholder) in kind.placeholders().iter().enumerate() {
                            @if i > 0 { ", " }
                            code { "{{" (placeholder) "}}" }
                        }
                    }
                }
            }
        }
    }
}

/// The widget's settings as the form shows them, as the preview's query.
fn preview_query(values: &Values<'_>) -> String {
    let mut query = url::form_urlencoded::Serializer::new(String::new());
    query.append_pair("widget_mode", &values.get("widget_mode", |c| mode_name(c.widget.mode).into()));
    query.append_pair("widget_primary_color", &values.get("widget_primary_color", |c| c.widget.primary_color.clone()));
    query.append_pair("widget_headline", &values.get("widget_headline", |c| c.widget.headline.clone()));
    query.append_pair("widget_button_text", &values.get("widget_button_text", |c| c.widget.button_text.clone()));
    query.finish()
}
