//! The shapes campaigns were stored in by older releases, read once by the migrations
//! (`src/store/sled/migrate.rs`) and rewritten as [`Campaign`].

use serde::{Deserialize, Serialize};

use super::campaign::{GoalType, Publish, RewardType, WidgetSettings};
use super::campaign_emails::{CampaignEmails, EmailTemplate};
use super::contest::{Contest, ContestV1};
use super::fraud::{FraudSettings, FraudSettingsV1};
use super::leaderboard::LeaderboardSettings;
use super::tiers::Tier;
use super::waitlist::WaitlistSettings;
use super::Campaign;

/// A campaign as stored before reward holds (schema 1 of the row). Read once, at the first
/// start of a newer release, and rewritten as [`Campaign`] with no hold.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV1 {
    pub id: u64,
    pub brand_id: u64,
    pub member_id: u64,
    pub name: String,
    pub type_id: u32,
    pub reward_type: RewardType,
    pub goal_type: GoalType,
    pub num_signups: u32,
    pub publish: Publish,
    pub reward_invited: bool,
    pub reward_value: Option<String>,
    pub widget: WidgetSettings,
    pub contest: ContestV1,
    pub created_at: String,
    pub updated_at: String,
}

impl From<CampaignV1> for Campaign {
    /// Through schema 2: a campaign of schema 1 had no hold.
    fn from(c: CampaignV1) -> Self {
        CampaignV2 {
            id: c.id,
            brand_id: c.brand_id,
            member_id: c.member_id,
            name: c.name,
            type_id: c.type_id,
            reward_type: c.reward_type,
            goal_type: c.goal_type,
            num_signups: c.num_signups,
            publish: c.publish,
            reward_invited: c.reward_invited,
            reward_value: c.reward_value,
            widget: c.widget,
            contest: c.contest,
            created_at: c.created_at,
            updated_at: c.updated_at,
            hold_days: 0,
        }
        .into()
    }
}

/// A campaign as stored before campaign emails (schema 2 of the row). Read once, at the first
/// start of a newer release, and rewritten as [`Campaign`] with every email off.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV2 {
    pub id: u64,
    pub brand_id: u64,
    pub member_id: u64,
    pub name: String,
    pub type_id: u32,
    pub reward_type: RewardType,
    pub goal_type: GoalType,
    pub num_signups: u32,
    pub publish: Publish,
    pub reward_invited: bool,
    pub reward_value: Option<String>,
    pub widget: WidgetSettings,
    pub contest: ContestV1,
    pub created_at: String,
    pub updated_at: String,
    pub hold_days: u32,
}

impl From<CampaignV2> for Campaign {
    /// Through schema 3: a campaign of schema 2 had every email off.
    fn from(c: CampaignV2) -> Self {
        CampaignV3::from(c).into()
    }
}

impl From<CampaignV2> for CampaignV3 {
    fn from(head: CampaignV2) -> Self {
        let CampaignEmails { welcome, friend_joined, reward, .. } = CampaignEmails::default();
        Self { head, emails: CampaignEmailsV3 { welcome, friend_joined, reward } }
    }
}

/// A campaign's emails before the member's daily digest (schema 3 of the campaign row).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignEmailsV3 {
    pub welcome: EmailTemplate,
    pub friend_joined: EmailTemplate,
    pub reward: EmailTemplate,
}

/// A campaign as stored before the daily digest (schema 3 of the row): the fields of schema 2,
/// then its emails. Read once, at the first start of a newer release, and rewritten as
/// [`Campaign`] with its emails as they were and the digest off.
///
/// The row is bincode, which writes a struct as its fields one after another with nothing
/// around them, so a struct holding a [`CampaignV2`] then the emails reads the flat row
/// exactly; the schemas 4 and 5 below are built the same way, each without another copy of
/// the campaign's fields.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV3 {
    pub head: CampaignV2,
    pub emails: CampaignEmailsV3,
}

impl From<CampaignV3> for Campaign {
    /// Through schema 4: a campaign of schema 3 had no digest.
    fn from(c: CampaignV3) -> Self {
        CampaignV4::from(c).into()
    }
}

impl From<CampaignV3> for CampaignV4 {
    fn from(c: CampaignV3) -> Self {
        let CampaignEmailsV3 { welcome, friend_joined, reward } = c.emails;
        Self { head: c.head, emails: CampaignEmails { welcome, friend_joined, reward, ..CampaignEmails::default() } }
    }
}

/// A campaign as stored before its fraud settings (schema 4 of the row): the fields of
/// schema 2, then its emails with the digest. Read once, at the first start of a newer
/// release, and rewritten as [`Campaign`] with the default settings (one participant per
/// inbox).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV4 {
    pub head: CampaignV2,
    pub emails: CampaignEmails,
}

impl From<CampaignV4> for Campaign {
    /// Through schema 6: a campaign of schema 4 had the default fraud settings.
    fn from(c: CampaignV4) -> Self {
        CampaignV6 { head: c, fraud: FraudSettings::default() }.into()
    }
}

/// A campaign as stored before milestone tiers (schema 6 of the row): the fields of schema 4,
/// then its fraud settings. Read once, at the first start of a newer release, and rewritten
/// as [`Campaign`] with no tiers.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV6 {
    pub head: CampaignV4,
    pub fraud: FraudSettings,
}

impl From<CampaignV6> for Campaign {
    /// Through schema 7: a campaign of schema 6 had no tiers.
    fn from(head: CampaignV6) -> Self {
        CampaignV7 { head, tiers: Vec::new() }.into()
    }
}

/// A campaign as stored before contest places, leaderboards and waitlists (schema 7 of the
/// row): the fields of schema 6, then its tiers. Read once, at the first start of a newer
/// release, and rewritten as [`Campaign`] with 3 contest places, a private leaderboard and
/// no waitlist.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV7 {
    pub head: CampaignV6,
    pub tiers: Vec<Tier>,
}

impl From<CampaignV7> for Campaign {
    fn from(
        CampaignV7 { head: CampaignV6 { head: CampaignV4 { head: c, emails }, fraud }, tiers }: CampaignV7,
    ) -> Self {
        Self {
            id: c.id,
            brand_id: c.brand_id,
            member_id: c.member_id,
            name: c.name,
            type_id: c.type_id,
            reward_type: c.reward_type,
            goal_type: c.goal_type,
            num_signups: c.num_signups,
            publish: c.publish,
            reward_invited: c.reward_invited,
            reward_value: c.reward_value,
            widget: c.widget,
            contest: c.contest.into(),
            created_at: c.created_at,
            updated_at: c.updated_at,
            hold_days: c.hold_days,
            emails,
            fraud,
            tiers,
            leaderboard: Default::default(),
            waitlist: Default::default(),
            payouts: Default::default(),
            language: Default::default(),
            texts: Default::default(),
            commission: Default::default(),
            attribution: Default::default(),
            promo_codes: Default::default(),
        }
    }
}

/// A campaign as stored before payouts (schema 8 of the row): every field of schema 9 but
/// the last. Read once, at the first start of a newer release, and rewritten as
/// [`Campaign`] with manual payouts in USD and no minimum.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV8 {
    pub id: u64,
    pub brand_id: u64,
    pub member_id: u64,
    pub name: String,
    pub type_id: u32,
    pub reward_type: RewardType,
    pub goal_type: GoalType,
    pub num_signups: u32,
    pub publish: Publish,
    pub reward_invited: bool,
    pub reward_value: Option<String>,
    pub widget: WidgetSettings,
    pub contest: Contest,
    pub created_at: String,
    pub updated_at: String,
    pub hold_days: u32,
    pub emails: CampaignEmails,
    pub fraud: FraudSettings,
    pub tiers: Vec<Tier>,
    pub leaderboard: LeaderboardSettings,
    pub waitlist: WaitlistSettings,
}

impl From<CampaignV8> for Campaign {
    fn from(c: CampaignV8) -> Self {
        Self {
            id: c.id,
            brand_id: c.brand_id,
            member_id: c.member_id,
            name: c.name,
            type_id: c.type_id,
            reward_type: c.reward_type,
            goal_type: c.goal_type,
            num_signups: c.num_signups,
            publish: c.publish,
            reward_invited: c.reward_invited,
            reward_value: c.reward_value,
            widget: c.widget,
            contest: c.contest,
            created_at: c.created_at,
            updated_at: c.updated_at,
            hold_days: c.hold_days,
            emails: c.emails,
            fraud: c.fraud,
            tiers: c.tiers,
            leaderboard: c.leaderboard,
            waitlist: c.waitlist,
            payouts: Default::default(),
            language: Default::default(),
            texts: Default::default(),
            commission: Default::default(),
            attribution: Default::default(),
            promo_codes: Default::default(),
        }
    }
}

/// A campaign as stored before its `language` (schema 9 of the row): every field of schema
/// 10 but the last. Read once, at the first start of a newer release, and rewritten as
/// [`Campaign`] in English.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV9 {
    pub head: CampaignV8,
    pub payouts: crate::domain::payout::PayoutSettings,
}

impl From<CampaignV9> for Campaign {
    fn from(c: CampaignV9) -> Self {
        Self { payouts: c.payouts, ..Campaign::from(c.head) }
    }
}

/// A campaign as stored before its owner's words per language (schema 10 of the row):
/// every field of schema 11 but the last. Read once, at the first start of a newer release,
/// and rewritten as [`Campaign`] with none.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV10 {
    pub head: CampaignV9,
    pub language: super::language::Language,
}

impl From<CampaignV10> for Campaign {
    fn from(c: CampaignV10) -> Self {
        Self { language: c.language, ..Campaign::from(c.head) }
    }
}

/// A campaign as stored before its commission rule (schema 11 of the row): every field of
/// schema 12 but the last. Read once, at the first start of a newer release, and rewritten
/// as [`Campaign`] with the flat rule, which is what it paid.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV11 {
    pub head: CampaignV10,
    pub texts: super::campaign_texts::CampaignTexts,
}

impl From<CampaignV11> for Campaign {
    fn from(c: CampaignV11) -> Self {
        Self { texts: c.texts, ..Campaign::from(c.head) }
    }
}

/// A campaign as stored before its attribution rule (schema 12 of the row): every field of
/// schema 13 but the last. Read once, at the first start of a newer release, and rewritten
/// as [`Campaign`] remembering a visit for 60 days, the last click winning.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV12 {
    pub head: CampaignV11,
    pub commission: super::commission::CommissionRule,
}

impl From<CampaignV12> for Campaign {
    fn from(c: CampaignV12) -> Self {
        Self { commission: c.commission, ..Campaign::from(c.head) }
    }
}

/// A campaign as stored before its promo code settings (schema 13 of the row): every field
/// of schema 14 but the last. Read once, at the first start of a newer release, and
/// rewritten as [`Campaign`] whose participants do not ask for codes themselves.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV13 {
    pub head: CampaignV12,
    pub attribution: super::attribution::AttributionSettings,
}

impl From<CampaignV13> for Campaign {
    fn from(c: CampaignV13) -> Self {
        Self { attribution: c.attribution, ..Campaign::from(c.head) }
    }
}

/// A campaign as stored before `fraud.same_address` (schema 5 of the row): the fields of
/// schema 4, then the fraud settings of the time. Read once, at the first start of a newer
/// release, and rewritten as [`Campaign`] with the rule at its default.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct CampaignV5 {
    pub head: CampaignV4,
    pub fraud: FraudSettingsV1,
}

impl From<CampaignV5> for Campaign {
    fn from(c: CampaignV5) -> Self {
        CampaignV6 { head: c.head, fraud: c.fraud.into() }.into()
    }
}
