//! The embeddable widget: `GET /widget.js?campaign=<id>` (the script a brand's page loads),
//! `GET /widget/<id>/embed` (the frame it shows), and the frame's public calls
//! `POST /api/widget/impression`, `POST /api/widget/share`, `GET /api/widget/progress` and
//! `GET /api/widget/reward` (the reward shown at signup, read again with its claim).
//! The signup is in `widget_signup.rs`; the scripts themselves are in `assets/`.

use actix_web::http::header::{self, ETag, EntityTag, IfNoneMatch};
use actix_web::{web, HttpMessage, HttpRequest, HttpResponse};
use serde::Deserialize;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use utoipa::ToSchema;

use super::page::{self, Embedding};
use crate::actors::tallies::Event;
use crate::domain::money;
use crate::domain::translations::Texts;
use crate::domain::{Campaign, ReferralCode, Reward, RewardStatus};
use crate::http::answers::{Counted, Progress, WidgetReward};
use crate::http::json::JsonBody;
use crate::http::query::body_id;
use crate::http::Code;
use crate::http::{envelope, language, ApiError, AppState};
use crate::views;

/// The widget script, with a placeholder for the campaign's settings.
const WIDGET_JS: &str = include_str!("assets/widget.js");
/// The frame's script (served at `/assets/frame.js`).
pub const FRAME_JS: &str = include_str!("assets/frame.js");
/// The frame's styles (served at `/assets/frame.css`).
pub const FRAME_CSS: &str = include_str!("assets/frame.css");

/// A campaign the public may see: it exists and its member is not disabled.
pub async fn public_campaign(state: &AppState, campaign_id: u64) -> Result<Option<Campaign>, ApiError> {
    let Some(campaign) = state.store.campaign(campaign_id).await? else { return Ok(None) };
    let active = state.store.member(campaign.member_id).await?.is_some_and(|m| !m.disabled);
    Ok(active.then_some(campaign))
}

/// The first value of query parameter `name`, decoded. These pages read their query by hand
/// so that a malformed query is just no value, never an error page.
pub(crate) fn query_value(req: &HttpRequest, name: &str) -> Option<String> {
    url::form_urlencoded::parse(req.query_string().as_bytes()).find(|(k, _)| k == name).map(|(_, v)| v.into_owned())
}

/// An id from a query or path value; anything else is no id.
pub fn id_of(raw: &str) -> Option<u64> {
    raw.parse::<u64>().ok().filter(|&n| n > 0)
}

/// A reward as its participant's widget shows it, with the claim that reads it again. A
/// voided reward shows no value (an issued coupon that was voided stays burnt).
pub fn widget_reward(state: &AppState, reward: &Reward) -> WidgetReward {
    let shown = views::reward(reward);
    WidgetReward {
        kind: shown.kind,
        value: shown.value.filter(|_| reward.status != RewardStatus::Voided),
        status: shown.status,
        claim: state.auth.reward_claims.token(reward.participant_id, reward.id),
    }
}

/// `GET /api/widget/reward?claim=<claim>`: the reward a signup showed, as it is now (a held
/// reward approved since, a coupon uploaded since). Only the claim from the signup's answer
/// reads it; anything else is a 404, the same for a forged claim and a deleted reward.
pub async fn reward(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let unknown = || ApiError::NotFound("no reward has this claim".into());
    let claimed = query_value(&req, "claim").and_then(|c| state.auth.reward_claims.verify(&c)).ok_or_else(unknown)?;
    let rewards = state.store.rewards_of(claimed.participant_id).await?;
    let found = rewards.iter().find(|r| r.id == claimed.reward_id).ok_or_else(unknown)?;
    public_campaign(&state, found.campaign_id).await?.ok_or_else(unknown)?;
    Ok(envelope::ok(widget_reward(&state, found)))
}

/// `GET /widget.js?campaign=<id>`: the widget script with the campaign's settings.
///
/// Served with `Cache-Control: no-cache` and an `ETag` of its content: a browser asks again
/// on every page load, and while the settings are unchanged it gets a 304 with no body, so a
/// settings change shows on the next page load and a repeat visit costs one small answer.
pub async fn script(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let id = query_value(&req, "campaign").and_then(|v| id_of(&v));
    let Some(id) = id else { return Ok(page::script_not_found("widget.js needs ?campaign=<campaign id>")) };
    let Some(campaign) = public_campaign(&state, id).await? else {
        return Ok(page::script_not_found("unknown campaign"));
    };
    let site = &state.public_url;
    let body = widget_script(&campaign, site, &format!("{site}/widget/{}/embed", campaign.id));
    let tag = EntityTag::new_strong(hex::encode(&Sha256::digest(body.as_bytes())[..16]));
    let current = match req.get_header::<IfNoneMatch>() {
        Some(IfNoneMatch::Any) => true,
        Some(IfNoneMatch::Items(seen)) => seen.iter().any(|t| t.weak_eq(&tag)),
        None => false,
    };
    let mut answer = if current { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    answer
        .insert_header(ETag(tag))
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header((header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"));
    Ok(if current { answer.finish() } else { answer.content_type("text/javascript; charset=utf-8").body(body) })
}

/// The widget's script for `campaign`, whose frame is at `frame` (the dashboard's preview
/// points it at its own frame). Its few words are in the campaign's language: the script is
/// one per campaign, cached; the frame speaks the visitor's.
pub fn widget_script(campaign: &Campaign, site: &str, frame: &str) -> String {
    let origin = url::Url::parse(site).map(|u| u.origin().ascii_serialization()).unwrap_or_else(|_| site.to_owned());
    let t = Texts(campaign.language);
    let config = json!({
        "campaign_id": campaign.id,
        "mode": views::widget_mode(campaign.widget.mode),
        "color": campaign.widget.primary_color,
        "button": campaign.button_text_in(campaign.language),
        "headline": campaign.headline_in(campaign.language),
        "offer": offer(campaign, t),
        "close": t.text("widget-close"),
        "frame": frame,
        "origin": origin,
        "landing": format!("{site}/api/widget/landing"),
        // How long a partner's link is remembered, and which of several is credited.
        "attribution": {
            "window_days": campaign.attribution.window_days,
            "model": campaign.attribution.model.name(),
        },
    });
    // The settings are JSON (a JavaScript expression); `page::inert_json` also keeps a
    // `</script>` from ever appearing, should anyone inline the script.
    WIDGET_JS.replace("__REFERRALS_CONFIG__", &page::inert_json(&config))
}

/// The reward on offer, in the words a visitor reads before signing up, in `t`'s language:
/// what, for what, and whether the friend gets one too. (A message reward's text is the
/// reward itself, so it is not given away here.)
pub fn offer(c: &Campaign, t: Texts) -> String {
    use crate::domain::campaign::RewardType;
    use crate::domain::GoalType;
    let what = |kind: RewardType, value: &Option<String>| match (kind, value) {
        (RewardType::Coupon, _) => t.text("offer-coupon"),
        // An amount the reader's way, in the campaign's payout currency (`10,00 €`).
        (RewardType::Cash, Some(amount)) => {
            let shown = money::cents(amount)
                .map_or_else(|| amount.clone(), |cents| money::shown(t.language(), cents, &c.payouts.currency));
            t.with("offer-cash", &[("amount", shown.into())])
        }
        (RewardType::Token, Some(amount)) => t.with("offer-token", &[("amount", amount.as_str().into())]),
        _ => t.text("offer-reward"),
    };
    let goal = match c.goal_type {
        GoalType::Signup => "signup",
        GoalType::Visit => "visit",
        GoalType::Conversion => "conversion",
    };
    let mut sentence = if c.tiers.is_empty() {
        let reward = what(c.reward_type, &c.reward_value);
        t.with(&format!("offer-every-{goal}"), &[("reward", reward.into()), ("count", c.num_signups.into())])
    } else {
        let steps: Vec<String> = c
            .tiers
            .iter()
            .map(|tier| {
                let reward = what(tier.reward_type, &tier.reward_value);
                t.with("offer-tier-step", &[("reward", reward.into()), ("count", tier.referrals.into())])
            })
            .collect();
        let steps = steps.join(&t.text("offer-step-separator"));
        t.with(&format!("offer-tiers-{goal}"), &[("steps", steps.into())])
    };
    if c.reward_invited {
        sentence.push(' ');
        sentence.push_str(&t.text("offer-two-way"));
    }
    sentence
}

/// The frame's settings, and its words in `t`'s language. A `preview` frame (the
/// dashboard's) counts no impression, takes no signup and remembers no one.
pub fn frame_config(
    campaign: &Campaign,
    site: &str,
    api: &str,
    referrer: Option<String>,
    preview: bool,
    t: Texts,
) -> Value {
    json!({
        "campaign_id": campaign.id,
        "headline": campaign.headline_in(t.language()),
        "offer": offer(campaign, t),
        "button": campaign.button_text_in(t.language()),
        "color": campaign.widget.primary_color,
        "site": site,
        "api": api,
        "ref": referrer,
        // What the frame shows beside the progress: the public leaderboard, and the line.
        "leaderboard": campaign.leaderboard.public,
        "places_per_referral": campaign.waitlist.enabled.then_some(campaign.waitlist.places_per_referral),
        "preview": preview,
        "lang": t.language().tag(),
        "t": super::frame_texts::frame_texts(t),
    })
}

/// `GET /widget/<id>/embed[?ref=<code or domain>]`: the frame.
pub async fn frame(
    state: web::Data<AppState>,
    req: HttpRequest,
    id: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let campaign = match id_of(&id) {
        Some(id) => public_campaign(&state, id).await?,
        None => None,
    };
    let Some(campaign) = campaign else { return Err(ApiError::NotFound("this widget does not exist".into())) };
    let referrer =
        query_value(&req, "ref").map(|v| v.chars().take(crate::http::attribution::MAX_REF_LEN).collect::<String>());
    let t = Texts(language::of_request(&req, campaign.language));
    let config = frame_config(&campaign, &state.public_url, "../../api/widget", referrer, false, t);
    Ok(page::html(
        "Referral program",
        "../../assets/frame.css",
        "../../assets/frame.js",
        &config,
        Embedding::Anywhere,
        "'self' data:",
    ))
}

/// Body of `POST /api/widget/impression`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with campaign_id")]
pub struct ImpressionBody {
    #[schema(value_type = u64, minimum = 1, required = true)]
    campaign_id: Option<Value>,
}

/// `POST /api/widget/impression`: the widget was shown. 202; counted within a second.
pub async fn impression(
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<ImpressionBody>,
) -> Result<HttpResponse, ApiError> {
    let id = body_id("campaign_id", body.campaign_id.as_ref())?;
    let campaign = public_campaign(&state, id).await?.ok_or_else(|| ApiError::not_found("campaign"))?;
    state.tallies.count(Event::Impression, campaign.brand_id, campaign.id, None);
    Ok(accepted())
}

/// Body of `POST /api/widget/landing`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with campaign_id and ref")]
pub struct LandingBody {
    #[schema(value_type = u64, minimum = 1, required = true)]
    campaign_id: Option<Value>,
    /// The `ref` (or `via`) of the page the visitor landed on.
    #[serde(rename = "ref")]
    referrer: String,
}

/// `POST /api/widget/landing`: a visitor landed on the brand's page through a partner's link
/// the widget had not remembered within the campaign's window. A readable link (the partner's
/// promo code, enabled) counts a click for its owner; anything else counts nothing here (a
/// referral link `/r/<code>` counted its click at the redirect, and a hand-built
/// `ref=<domain>` logs none). 202 `{counted}`.
pub async fn landing(
    state: web::Data<AppState>,
    JsonBody(body): JsonBody<LandingBody>,
) -> Result<HttpResponse, ApiError> {
    let id = body_id("campaign_id", body.campaign_id.as_ref())?;
    let campaign = public_campaign(&state, id).await?.ok_or_else(|| ApiError::not_found("campaign"))?;
    let owner = crate::http::attribution::promo_code(&state, &campaign, &body.referrer).await?;
    let owner = owner.filter(|c| c.disabled_at.is_none()).map(|c| c.participant_id);
    if let Some(participant_id) = owner {
        // The participant is checked when the count is applied (a stale one counts nothing).
        state.tallies.count(Event::Click, campaign.brand_id, campaign.id, Some(participant_id));
    }
    Ok(envelope::accepted(Counted { counted: owner.is_some() }))
}

/// Body of `POST /api/widget/share`.
#[derive(Deserialize, ToSchema)]
#[serde(expecting = "a JSON object with referral_code")]
pub struct ShareBody {
    /// The code that was shared; its social type names the network.
    referral_code: String,
}

/// `POST /api/widget/share`: a share button was used; the code is the one shared (its social
/// type names the network). 202; counted for the campaign and the participant.
pub async fn share(state: web::Data<AppState>, JsonBody(body): JsonBody<ShareBody>) -> Result<HttpResponse, ApiError> {
    let code = ReferralCode::parse(&body.referral_code)
        .map_err(|_| ApiError::refused(Code::InvalidReferralCode, "referral_code is not a valid referral code"))?;
    let campaign = public_campaign(&state, code.campaign_id).await?.ok_or_else(|| ApiError::not_found("campaign"))?;
    // The participant is checked when the count is applied (a stale code counts nothing).
    state.tallies.count(Event::Share, campaign.brand_id, campaign.id, Some(code.participant_id));
    Ok(accepted())
}

fn accepted() -> HttpResponse {
    envelope::accepted(Counted { counted: true })
}

/// `GET /api/widget/progress?code=<referral code>`: how far the code's participant is from
/// their next reward. Only counts: no name, email or reward value.
pub async fn progress(state: web::Data<AppState>, req: HttpRequest) -> Result<HttpResponse, ApiError> {
    let unknown = || ApiError::NotFound("no participant has this referral code".into());
    let code = query_value(&req, "code").and_then(|v| ReferralCode::parse(&v).ok()).ok_or_else(unknown)?;
    let campaign = public_campaign(&state, code.campaign_id).await?.ok_or_else(unknown)?;
    let participant = state
        .store
        .participant(code.participant_id)
        .await?
        .filter(|p| p.campaign_id == campaign.id)
        .ok_or_else(unknown)?;
    let count = match campaign.goal_type {
        crate::domain::GoalType::Signup => participant.referrals,
        crate::domain::GoalType::Visit => participant.visits,
        crate::domain::GoalType::Conversion => state.store.qualified_referrals(campaign.id, participant.id).await?,
    };
    Ok(envelope::ok(Progress {
        referrals: participant.referrals,
        unique_visits: participant.visits,
        goal_type: views::goal_type(campaign.goal_type),
        goal: campaign.num_signups,
        next: views::next_reward(&campaign, count),
        waitlist: crate::http::participants::waitlist_spot(&state, &campaign, participant.id).await?,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::campaign::RewardType;
    use crate::domain::language::Language;
    use crate::domain::tiers::Tier;
    use crate::domain::GoalType;

    fn campaign() -> Campaign {
        let input: crate::domain::campaign::CampaignInput =
            serde_json::from_value(json!({"name": "Spring", "url_id": 2, "reward_type": 1})).unwrap();
        Campaign::create(1, 2, 3, &input, "2026-11-27T00:00:00Z").unwrap()
    }

    #[test]
    fn the_offer_says_what_for_what_and_whether_the_friend_gets_one() {
        let mut c = campaign();
        let en = Texts(Language::English);
        (c.reward_type, c.reward_value, c.num_signups, c.reward_invited) = (RewardType::Coupon, None, 1, false);
        assert_eq!(offer(&c, en), "Get a coupon code for every friend who joins.");
        (c.reward_type, c.reward_value, c.num_signups, c.reward_invited) =
            (RewardType::Cash, Some("10.00".into()), 3, true);
        assert_eq!(
            offer(&c, en),
            "Get $10.00 in cash for every 3 friends who join. Friends who join through your link get a reward too."
        );
        (c.goal_type, c.reward_type, c.reward_value, c.num_signups, c.reward_invited) =
            (GoalType::Conversion, RewardType::Message, Some("the secret".into()), 1, false);
        assert_eq!(offer(&c, en), "Get a reward for every friend who buys.", "a message is not given away");
        c.goal_type = GoalType::Signup;
        c.tiers = vec![
            Tier { referrals: 2, reward_type: RewardType::Coupon, reward_value: None },
            Tier { referrals: 5, reward_type: RewardType::Cash, reward_value: Some("20.00".into()) },
        ];
        assert_eq!(offer(&c, en), "Rewards as your friends who join add up: a coupon code at 2, $20.00 in cash at 5.");
        c.tiers.clear();
        c.reward_invited = true;
        (c.reward_type, c.num_signups) = (RewardType::Coupon, 5);
        assert_eq!(
            offer(&c, Texts(Language::Polish)),
            "Zdobądź kod rabatowy za każdych 5 znajomych, którzy dołączą. Znajomi, którzy dołączą przez twój link, też dostaną nagrodę."
        );
        c.num_signups = 2;
        assert_eq!(
            offer(&c, Texts(Language::Arabic)).split(". ").next(),
            Some("احصل على رمز قسيمة عن كل صديقين ينضمان")
        );
    }
}
