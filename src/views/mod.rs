//! The JSON shapes of brands, campaigns, participants and rewards, as every endpoint answers
//! them and webhook payloads carry them. One place, so a field is named the same way
//! everywhere. Depends on the domain only.
//!
//! Each shape is a struct that derives `Serialize` and `ToSchema`: the handlers answer these
//! types and the OpenAPI document describes these same types, so the two cannot drift (the
//! API suite checks every answer against the document besides).

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::campaign::{GoalType, Publish, WidgetMode};
use crate::domain::{self, CampaignCounters, ReferralCode};

mod analytics;
mod attribution;
mod commission;
mod data_rights;
mod fraud;
mod payouts;
mod portal;
mod promo_codes;
mod rewards;
mod signups;
mod standings;
mod tiers;
mod virality;
mod waitlist;
pub use analytics::*;
pub use attribution::*;
pub use commission::*;
pub use data_rights::*;
pub use fraud::*;
pub use payouts::*;
pub use portal::*;
pub use promo_codes::*;
pub use rewards::*;
pub use signups::*;
pub use standings::*;
pub use tiers::*;
pub use virality::*;
pub use waitlist::*;

/// A brand (a website).
#[derive(Debug, Serialize, ToSchema)]
pub struct Brand {
    pub id: u64,
    pub url: String,
    /// The URL's host: lower-cased, port and a leading `www.` dropped, IDN in punycode.
    pub domain: String,
    pub description: String,
    pub logo_url: Option<String>,
    pub background_url: Option<String>,
    pub token_network: Option<String>,
    pub created_at: String,
}

pub fn brand(b: &domain::Brand) -> Brand {
    Brand {
        id: b.id,
        url: b.url.clone(),
        domain: b.domain.clone(),
        description: b.description.clone(),
        logo_url: b.logo_url.clone(),
        background_url: b.background_url.clone(),
        token_network: b.token_network.clone(),
        created_at: b.created_at.clone(),
    }
}

pub fn goal_type(g: GoalType) -> &'static str {
    match g {
        GoalType::Signup => "signup",
        GoalType::Visit => "visit",
        GoalType::Conversion => "conversion",
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

/// How the widget shows.
#[derive(Debug, Serialize, ToSchema)]
pub struct Widget {
    /// `embed`, `popup` or `floating`.
    pub mode: &'static str,
    /// `#rrggbb`.
    pub primary_color: String,
    pub button_text: String,
    pub headline: String,
    /// The script to put on a page (`{site_url}/widget.js?campaign=<id>`); in a single
    /// campaign's read only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub script_url: Option<String>,
    /// The widget's frame (`{site_url}/widget/<id>/embed`); in a single campaign's read only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frame_url: Option<String>,
}

/// A campaign.
#[derive(Debug, Serialize, ToSchema)]
pub struct Campaign {
    pub id: u64,
    pub name: String,
    /// The brand's id.
    pub url_id: u64,
    pub type_id: u32,
    /// 1 coupon, 3 message, 4 token, 5 cash.
    pub reward_type: u8,
    /// `signup` or `visit`.
    pub goal_type: &'static str,
    pub num_signups: u32,
    /// `public` or `private`.
    pub publish: &'static str,
    pub reward_invited: bool,
    /// Cash amount ("10.00"), message text or token amount; null for coupons.
    pub reward_value: Option<String>,
    /// Days a new reward is held before it is issued by itself (0: issued at once).
    pub hold_days: u32,
    /// Milestone rewards in place of one every `num_signups` (empty: none).
    pub tiers: Vec<Tier>,
    pub widget: Widget,
    pub contest: Contest,
    pub leaderboard: LeaderboardSettings,
    pub waitlist: WaitlistSettings,
    pub payouts: PayoutSettings,
    pub commission: Commission,
    pub attribution: Attribution,
    pub promo_codes: PromoCodeSettings,
    /// What participants read when neither the page nor their browser names a language we
    /// ship (`en`, `de`, `fr`, `es`, `pt-BR`, `it`, `nl`, `pl`, `tr`, `ja`, `ar`, `he`).
    pub language: &'static str,
    pub created_at: String,
    pub updated_at: String,
}

/// How a campaign's cash rewards are paid out.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutSettings {
    /// `manual`: the owner pays them and marks each one paid or failed; `webhook`: the
    /// owner's system hears `payout.requested`, pays, and marks it.
    pub method: &'static str,
    /// The least a payout may be ("25.00").
    pub minimum: String,
    /// ISO 4217.
    pub currency: String,
}

/// A campaign as lists show it.
pub fn campaign(c: &domain::Campaign) -> Campaign {
    Campaign {
        id: c.id,
        name: c.name.clone(),
        url_id: c.brand_id,
        type_id: c.type_id,
        reward_type: c.reward_type.code(),
        goal_type: goal_type(c.goal_type),
        num_signups: c.num_signups,
        publish: publish(c.publish),
        reward_invited: c.reward_invited,
        reward_value: c.reward_value.clone(),
        hold_days: c.hold_days,
        tiers: tiers(&c.tiers),
        widget: Widget {
            mode: widget_mode(c.widget.mode),
            primary_color: c.widget.primary_color.clone(),
            button_text: c.widget.button_text.clone(),
            headline: c.widget.headline.clone(),
            script_url: None,
            frame_url: None,
        },
        contest: contest(&c.contest),
        leaderboard: LeaderboardSettings { public: c.leaderboard.public },
        waitlist: waitlist_settings(&c.waitlist),
        payouts: PayoutSettings {
            method: c.payouts.method.name(),
            minimum: domain::money::amount(c.payouts.minimum_cents),
            currency: c.payouts.currency.clone(),
        },
        commission: commission(&c.commission),
        attribution: attribution(&c.attribution),
        promo_codes: PromoCodeSettings { self_serve: c.promo_codes.self_serve },
        language: c.language.tag(),
        created_at: c.created_at.clone(),
        updated_at: c.updated_at.clone(),
    }
}

/// What a campaign rewards, in its single read.
#[derive(Debug, Serialize, ToSchema)]
pub struct RewardSettings {
    /// `coupon`, `message`, `token` or `cash`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub reward_type: u8,
    pub value: Option<String>,
    pub goal_type: &'static str,
    pub num_signups: u32,
    /// Whether the referred participant is rewarded too.
    pub two_way: bool,
    /// The pool's counts; coupon rewards only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coupons: Option<CouponPool>,
}

/// A campaign as its single read shows it: with the widget's links, the reward description
/// and, for coupon rewards, the pool's counts.
#[derive(Debug, Serialize, ToSchema)]
pub struct CampaignDetail {
    #[serde(flatten)]
    pub campaign: Campaign,
    pub reward: RewardSettings,
    pub emails: CampaignEmails,
    /// Your own words for the readers of each language (by tag); see `texts` of the body.
    #[schema(value_type = std::collections::BTreeMap<String, domain::campaign_texts::LocalTexts>)]
    pub texts: serde_json::Value,
    pub fraud: FraudRules,
}

/// The emails a campaign sends its participants.
#[derive(Debug, Serialize, ToSchema)]
pub struct CampaignEmails {
    /// To a new participant, with their referral link.
    pub welcome: EmailTemplate,
    /// To a referrer when a friend joined through their link.
    pub friend_joined: EmailTemplate,
    /// To a participant whose reward was issued.
    pub reward: EmailTemplate,
    /// To the campaign's member, once a day: signups, referrals and rewards since the last
    /// one, and the rewards held for review.
    pub digest: EmailTemplate,
}

/// One email: on or off, its subject and text, and the placeholders they may use.
#[derive(Debug, Serialize, ToSchema)]
pub struct EmailTemplate {
    pub enabled: bool,
    pub subject: String,
    pub text: String,
    /// `{{name}}` and the rest this email's subject and text may use.
    pub placeholders: Vec<String>,
}

fn campaign_emails(emails: &domain::campaign_emails::CampaignEmails) -> CampaignEmails {
    use domain::campaign_emails::EmailKind;
    let template = |kind: EmailKind| {
        let t = emails.template(kind);
        EmailTemplate {
            enabled: t.enabled,
            subject: t.subject.clone(),
            text: t.text.clone(),
            placeholders: kind.placeholders().iter().map(|p| format!("{{{{{p}}}}}")).collect(),
        }
    };
    CampaignEmails {
        welcome: template(EmailKind::Welcome),
        friend_joined: template(EmailKind::FriendJoined),
        reward: template(EmailKind::Reward),
        digest: template(EmailKind::Digest),
    }
}

pub fn campaign_detail(
    c: &domain::Campaign,
    pool: domain::CouponPool,
    counters: &CampaignCounters,
    site: &str,
) -> CampaignDetail {
    let mut campaign = campaign(c);
    campaign.widget.script_url = Some(format!("{site}/widget.js?campaign={}", c.id));
    campaign.widget.frame_url = Some(format!("{site}/widget/{}/embed", c.id));
    let reward = RewardSettings {
        kind: c.reward_type.name(),
        reward_type: c.reward_type.code(),
        value: c.reward_value.clone(),
        goal_type: goal_type(c.goal_type),
        num_signups: c.num_signups,
        two_way: c.reward_invited,
        coupons: c.uses_coupons().then(|| coupon_pool(pool, counters)),
    };
    CampaignDetail {
        campaign,
        reward,
        emails: campaign_emails(&c.emails),
        texts: domain::campaign_texts::shown_texts(&c.texts),
        fraud: fraud_rules(&c.fraud),
    }
}

/// A campaign's coupon pool.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponPool {
    pub uploaded: u64,
    pub available: u64,
    pub used: u64,
    /// Coupon rewards waiting for a code.
    pub pending_rewards: u64,
}

/// `GET /campaigns/:id/coupons`: the pool's counts, with the campaign they are of.
#[derive(Debug, Serialize, ToSchema)]
pub struct CampaignCoupons {
    pub campaign_id: u64,
    #[serde(flatten)]
    pub pool: CouponPool,
}

pub fn coupon_pool(pool: domain::CouponPool, counters: &CampaignCounters) -> CouponPool {
    CouponPool {
        uploaded: pool.uploaded,
        available: pool.available(),
        used: pool.assigned,
        pending_rewards: counters.rewards_pending,
    }
}

pub use crate::domain::referral_code::referral_link;

/// A participant. Built per row of a list (up to a hundred a page): a struct, not a JSON
/// map, because building a map per object was measurable.
#[derive(Debug, Serialize, ToSchema)]
pub struct Participant {
    pub id: u64,
    pub campaign_id: u64,
    pub email: String,
    pub name: String,
    /// Base64 of `campaign_id:social_type:participant_id[:invited_id]`.
    pub referral_code: String,
    /// `{site_url}/r/{referral_code}`.
    pub referral_link: String,
    pub referred_by: Option<u64>,
    pub referrals: u64,
    /// A domain participant's website; absent for everyone else.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub domain: Option<String>,
    pub created_at: String,
    /// The person was erased (`DELETE /participants/:id`): `email` and `name` are empty, and
    /// the participant stays only as a node of the referral chain, with their counts.
    pub erased: bool,
}

pub fn participant(p: &domain::Participant, site: &str) -> Participant {
    let referral_code = ReferralCode::link(p.campaign_id, p.id).encode();
    Participant {
        id: p.id,
        campaign_id: p.campaign_id,
        email: p.email.clone(),
        name: p.name.clone(),
        referral_link: referral_link(site, &referral_code),
        referral_code,
        referred_by: p.referred_by,
        referrals: p.referrals,
        domain: p.domain.clone(),
        created_at: p.created_at.clone(),
        erased: p.is_erased(),
    }
}

/// Who referred a participant.
#[derive(Debug, Serialize, ToSchema)]
pub struct Referrer {
    pub id: u64,
    pub name: String,
    pub email: String,
}

/// A participant with everything about them: counts, who referred them, rewards, invitations.
#[derive(Debug, Serialize, ToSchema)]
pub struct ParticipantDetail {
    #[serde(flatten)]
    pub participant: Participant,
    pub shares: u64,
    pub clicks: u64,
    pub unique_visits: u64,
    /// The language they signed up in (a tag such as `es`), which their emails are written
    /// in; null when they named none we ship, and read the campaign's.
    #[schema(example = "es")]
    pub language: Option<&'static str>,
    pub referrer: Option<Referrer>,
    pub rewards: Vec<Reward>,
    /// How many of `rewards` are in each state.
    pub rewards_by_status: domain::counters::RewardsByStatus,
    pub invited_emails: Vec<String>,
    pub invites: Vec<Invite>,
    #[serde(flatten)]
    pub next: NextReward,
    /// When the owner blocked them (`POST /participants/:id/block`); null when not blocked.
    /// A blocked participant earns nothing, and their codes credit nothing.
    pub blocked_at: Option<String>,
    /// Their place in the campaign's waitlist (null when it keeps none).
    pub waitlist: Option<WaitlistSpot>,
}

pub fn participant_detail(
    p: &domain::Participant,
    referrer: Option<&domain::Participant>,
    rewards: &[domain::Reward],
    invites: &[domain::Invite],
    next: NextReward,
    blocked_at: Option<String>,
    site: &str,
) -> ParticipantDetail {
    ParticipantDetail {
        participant: participant(p, site),
        shares: p.shares,
        clicks: p.clicks,
        unique_visits: p.visits,
        language: p.language.map(|l| l.tag()),
        referrer: referrer.map(|r| Referrer { id: r.id, name: r.name.clone(), email: r.email.clone() }),
        rewards: rewards.iter().map(reward).collect(),
        rewards_by_status: domain::counters::RewardsByStatus::of(rewards.iter().map(|r| r.status)),
        invited_emails: invites.iter().map(|i| i.email.clone()).collect(),
        invites: invites.iter().map(|i| invite(i, p.campaign_id, site)).collect(),
        next,
        blocked_at,
        // Read apart from the participant's rows: the caller fills it in.
        waitlist: None,
    }
}

/// An invitation by email, with its own referral code.
#[derive(Debug, Serialize, ToSchema)]
pub struct Invite {
    pub id: u64,
    pub email: String,
    pub accepted: bool,
    pub accepted_by: Option<u64>,
    pub referral_code: String,
    pub referral_link: String,
    pub created_at: String,
}

pub fn invite(i: &domain::Invite, campaign_id: u64, site: &str) -> Invite {
    let code = ReferralCode {
        campaign_id,
        social_type: "email".into(),
        participant_id: i.participant_id,
        invited_id: Some(i.id),
    }
    .encode();
    Invite {
        id: i.id,
        email: i.email.clone(),
        accepted: i.accepted_by.is_some(),
        accepted_by: i.accepted_by,
        referral_link: referral_link(site, &code),
        referral_code: code,
        created_at: i.created_at.clone(),
    }
}
