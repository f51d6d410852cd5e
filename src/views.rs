//! The JSON shapes of brands, campaigns, participants and rewards, as every endpoint answers
//! them and webhook payloads carry them. One place, so a field is named the same way
//! everywhere. Depends on the domain only.

use serde::Serialize;
use serde_json::{json, Value};

use crate::domain::campaign::{GoalType, Publish, WidgetMode};
use crate::domain::{Brand, Campaign, Invite, Participant, ReferralCode, Reward, RewardReason, RewardStatus};
use crate::domain::{CampaignCounters, CouponPool};

pub fn brand(b: &Brand) -> Value {
    json!({
        "id": b.id,
        "url": b.url,
        "domain": b.domain,
        "description": b.description,
        "logo_url": b.logo_url,
        "background_url": b.background_url,
        "token_network": b.token_network,
        "created_at": b.created_at,
    })
}

pub fn goal_type(g: GoalType) -> &'static str {
    match g {
        GoalType::Signup => "signup",
        GoalType::Visit => "visit",
    }
}

fn publish(p: Publish) -> &'static str {
    match p {
        Publish::Public => "public",
        Publish::Private => "private",
    }
}

pub fn widget_mode(m: WidgetMode) -> &'static str {
    match m {
        WidgetMode::Embed => "embed",
        WidgetMode::Popup => "popup",
        WidgetMode::Floating => "floating",
    }
}

/// A campaign as lists show it.
pub fn campaign(c: &Campaign) -> Value {
    json!({
        "id": c.id,
        "name": c.name,
        "url_id": c.brand_id,
        "type_id": c.type_id,
        "reward_type": c.reward_type.code(),
        "goal_type": goal_type(c.goal_type),
        "num_signups": c.num_signups,
        "publish": publish(c.publish),
        "reward_invited": c.reward_invited,
        "reward_value": c.reward_value,
        "widget": {
            "mode": widget_mode(c.widget.mode),
            "primary_color": c.widget.primary_color,
            "button_text": c.widget.button_text,
            "headline": c.widget.headline,
        },
        "contest": {
            "enabled": c.contest.enabled,
            "starts_at": c.contest.starts_at,
            "ends_at": c.contest.ends_at,
            "prize": c.contest.prize,
        },
        "created_at": c.created_at,
        "updated_at": c.updated_at,
    })
}

/// A campaign as its single read shows it: with the reward description and, for coupon
/// rewards, the pool's counts.
pub fn campaign_detail(c: &Campaign, pool: CouponPool, counters: &CampaignCounters, site: &str) -> Value {
    let mut view = campaign(c);
    let mut reward = json!({
        "type": c.reward_type.name(),
        "reward_type": c.reward_type.code(),
        "value": c.reward_value,
        "goal_type": goal_type(c.goal_type),
        "num_signups": c.num_signups,
        "two_way": c.reward_invited,
    });
    if c.reward_type == crate::domain::RewardType::Coupon {
        reward["coupons"] = coupon_pool(pool, counters);
    }
    view["reward"] = reward;
    view["widget"]["script_url"] = json!(format!("{site}/widget.js?campaign={}", c.id));
    view["widget"]["frame_url"] = json!(format!("{site}/widget/{}/embed", c.id));
    view
}

pub fn coupon_pool(pool: CouponPool, counters: &CampaignCounters) -> Value {
    json!({
        "uploaded": pool.uploaded,
        "available": pool.available(),
        "used": pool.assigned,
        "pending_rewards": counters.rewards_pending,
    })
}

pub fn referral_link(site: &str, code: &str) -> String {
    format!("{site}/r/{code}")
}

/// A participant as lists show it. A typed struct rather than `json!`: lists render up to a
/// hundred of these per request, and building a map per object was measurable.
#[derive(Serialize)]
pub struct ParticipantView<'a> {
    id: u64,
    campaign_id: u64,
    email: &'a str,
    name: &'a str,
    pub referral_code: String,
    pub referral_link: String,
    referred_by: Option<u64>,
    referrals: u64,
    /// A domain participant's website; absent for everyone else.
    #[serde(skip_serializing_if = "Option::is_none")]
    domain: Option<&'a str>,
    created_at: &'a str,
}

pub fn participant<'a>(p: &'a Participant, site: &str) -> ParticipantView<'a> {
    let referral_code = ReferralCode::link(p.campaign_id, p.id).encode();
    ParticipantView {
        id: p.id,
        campaign_id: p.campaign_id,
        email: &p.email,
        name: &p.name,
        referral_link: referral_link(site, &referral_code),
        referral_code,
        referred_by: p.referred_by,
        referrals: p.referrals,
        domain: p.domain.as_deref(),
        created_at: &p.created_at,
    }
}

/// A participant with everything about them: counts, who referred them, rewards, invitations.
pub fn participant_detail(
    p: &Participant,
    referrer: Option<&Participant>,
    rewards: &[Reward],
    invites: &[Invite],
    num_signups: u32,
    site: &str,
) -> Value {
    let mut view = json!(participant(p, site));
    view["shares"] = json!(p.shares);
    view["clicks"] = json!(p.clicks);
    view["unique_visits"] = json!(p.visits);
    view["referrer"] = referrer.map_or(Value::Null, |r| json!({"id": r.id, "name": r.name, "email": r.email}));
    view["rewards"] = rewards.iter().map(reward).collect();
    view["invited_emails"] = invites.iter().map(|i| json!(i.email)).collect();
    view["invites"] = invites.iter().map(|i| invite(i, p.campaign_id, site)).collect();
    view["next_reward_in"] = json!(crate::domain::goal::remaining_until_reward(p.referrals, num_signups));
    view
}

pub fn invite(i: &Invite, campaign_id: u64, site: &str) -> Value {
    let code = ReferralCode {
        campaign_id,
        social_type: "email".into(),
        participant_id: i.participant_id,
        invited_id: Some(i.id),
    }
    .encode();
    json!({
        "id": i.id,
        "email": i.email,
        "accepted": i.accepted_by.is_some(),
        "accepted_by": i.accepted_by,
        "referral_code": code,
        "referral_link": referral_link(site, &code),
        "created_at": i.created_at,
    })
}

pub fn reward(r: &Reward) -> Value {
    json!({
        "id": r.id,
        "type": r.kind.name(),
        "value": r.value,
        "status": match r.status { RewardStatus::Issued => "issued", RewardStatus::Pending => "pending" },
        "reason": match r.reason { RewardReason::Referrer => "referrer", RewardReason::Invited => "invited" },
        "participant_id": r.participant_id,
        "created_at": r.created_at,
        "issued_at": r.issued_at,
    })
}

pub fn counters(c: &CampaignCounters) -> Value {
    json!(c)
}
