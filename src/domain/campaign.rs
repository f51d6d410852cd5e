//! Campaigns: a referral program on one brand, with its goal, reward and widget settings, and
//! the validated input that creates or changes one.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::campaign_emails::{CampaignEmails, EmailsInput};
use super::fields::{err, text, whole};
use super::fraud::{FraudInput, FraudSettings};
use super::goal;
use super::reward_type::{normalize_reward_value, parse_reward_type};
pub use super::reward_type::{RewardType, DEFAULT_REWARD_MESSAGE, MAX_MESSAGE_CHARS};
pub use super::tiers::MAX_NUM_SIGNUPS;
use super::tiers::{next_tier, Prize, Tier};
use super::ValidationError;

/// How rewards are triggered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GoalType {
    /// Each successful referral signup counts.
    Signup,
    /// Each unique visit of the referral link counts.
    Visit,
    /// A referral counts once the referred participant converts (`POST /conversions`).
    Conversion,
}

/// Who can see the campaign; public needs a paid plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Publish {
    Public,
    Private,
}

/// A campaign as stored.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Campaign {
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
    /// Cash amount ("10.00") for cash, message text for message, token amount for token.
    pub reward_value: Option<String>,
    pub widget: WidgetSettings,
    pub contest: Contest,
    pub created_at: String,
    pub updated_at: String,
    /// Days a new reward is held before it is issued by itself (0: issued at once).
    pub hold_days: u32,
    /// The emails it sends its participants.
    pub emails: CampaignEmails,
    /// Its defences against farmed referrals (schema 5 of the row, `same_address` since
    /// schema 6; see `campaign_row`).
    pub fraud: FraudSettings,
    /// Milestone rewards in place of one every `num_signups` (schema 7; none: as before).
    pub tiers: Vec<Tier>,
    /// Who may read its leaderboard (schema 8).
    pub leaderboard: LeaderboardSettings,
    /// Its waitlist (schema 8; see `domain::waitlist`).
    pub waitlist: WaitlistSettings,
    /// How its cash rewards are paid out (schema 9; see `domain::payout`).
    pub payouts: PayoutSettings,
    /// What its participants read when neither the page nor their browser names a language
    /// we ship (schema 10; see `domain::language`).
    pub language: Language,
    /// The owner's words for the readers of each language (schema 11; see
    /// `domain::campaign_texts`).
    pub texts: CampaignTexts,
    /// What its referrers earn for their customers' payments (schema 12; see
    /// `domain::commission`).
    pub commission: CommissionRule,
    /// How long a visit through a partner's link is remembered, and which partner a visitor
    /// of several is credited to (schema 13; see `domain::attribution`).
    pub attribution: AttributionSettings,
    /// Whether its participants may ask for a promo code in their portal (schema 14; see
    /// `domain::promo_code`).
    pub promo_codes: PromoCodeSettings,
}

use super::attribution::{AttributionInput, AttributionSettings};
use super::campaign_texts::CampaignTexts;
use super::commission::CommissionRule;
pub use super::contest::{Contest, ContestInput};
use super::language::Language;
use super::leaderboard::{LeaderboardInput, LeaderboardSettings};
use super::payout::{PayoutInput, PayoutSettings};
use super::promo_code::{PromoCodeSettings, PromoCodesInput};
use super::waitlist::{WaitlistInput, WaitlistSettings};
pub use super::widget_settings::{WidgetInput, WidgetMode, WidgetSettings};

/// Longest hold, in days.
pub const MAX_HOLD_DAYS: u64 = 365;

/// Longest campaign name, in characters.
pub const MAX_NAME_CHARS: usize = 200;

/// Body of `POST /campaigns` (`name`, `url_id` and `reward_type` required) and
/// `PUT /campaigns/:id` (any field but `url_id`).
// Every field is optional here (`create` and `apply` decide what is required) and most
// arrive as JSON values, so that a wrong type gets a message that names the field. The doc
// comments of this type and its fields are the API document's descriptions.
#[derive(Debug, Default, Deserialize, Serialize, ToSchema)]
#[serde(expecting = "a JSON object of campaign fields")]
#[schema(example = json!({"name": "Spring", "url_id": 1, "reward_type": 5, "reward_value": "10.00", "num_signups": 3}))]
pub struct CampaignInput {
    /// 1 to 200 characters.
    #[schema(value_type = Option<String>)]
    pub name: Option<Value>,
    /// The brand's id.
    #[schema(value_type = Option<u64>, minimum = 1)]
    pub url_id: Option<Value>,
    #[schema(value_type = Option<u32>)]
    pub type_id: Option<Value>,
    /// 1 coupon, 3 message, 4 token, 5 cash.
    #[schema(value_type = Option<u32>)]
    pub reward_type: Option<Value>,
    /// `signup` or `visit`.
    #[schema(value_type = Option<String>)]
    pub goal_type: Option<Value>,
    /// 1 to 1,000,000.
    #[schema(value_type = Option<u64>)]
    pub num_signups: Option<Value>,
    /// `public` (paid plans) or `private`.
    #[schema(value_type = Option<String>)]
    pub publish: Option<Value>,
    #[schema(value_type = Option<bool>)]
    pub reward_invited: Option<Value>,
    /// Cash amount ("10.00"), message text (at most 2,000 characters) or token amount.
    #[schema(value_type = Option<String>)]
    pub reward_value: Option<Value>,
    /// Days a new reward is held before it is issued by itself (0 to 365; default 0: issued
    /// at once). An owner may approve or void a held reward before then.
    #[schema(value_type = Option<u32>, minimum = 0, maximum = 365)]
    pub hold_days: Option<Value>,
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub widget: Option<WidgetInput>,
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub contest: Option<ContestInput>,
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub emails: Option<EmailsInput>,
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub fraud: Option<FraudInput>,
    /// Milestone tiers in rising order of `referrals` (at most 20), each earned once when
    /// the goal's count reaches it, in place of one reward every `num_signups`; null or []
    /// removes them.
    // Read by `domain::tiers::parse`, a tier at a time, for messages that name the tier.
    #[serde(default, deserialize_with = "super::fraud::present")]
    #[schema(value_type = Option<Vec<super::tiers::TierInput>>)]
    pub tiers: Option<Value>,
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub leaderboard: Option<LeaderboardInput>,
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub waitlist: Option<WaitlistInput>,
    /// How its cash rewards are paid out.
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub payouts: Option<PayoutInput>,
    /// What participants read when neither the page nor their browser names a language we
    /// ship: `en`, `de`, `fr`, `es`, `pt-BR`, `it`, `nl`, `pl`, `tr`, `ja`, `ar` or `he`.
    #[schema(value_type = Option<String>, example = "de")]
    pub language: Option<Value>,
    /// Your own words for the readers of one language, by its tag: `headline`,
    /// `button_text` and `emails` (`welcome`, `friend_joined`, `reward`, each with `subject`
    /// and `text`), each optional. Replaces the campaign's; null or `{}` clears them.
    #[schema(value_type = Option<Object>, example = json!({"es": {"headline": "Invita y gana"}}))]
    pub texts: Option<Value>,
    /// What referrers earn for their customers' payments: `flat` (the default, `reward_value`
    /// once per referral) or a `percent` of every paid invoice (a cash campaign whose goal is
    /// a conversion). Replaces the rule as a whole; null: flat. Changing it changes only
    /// commissions made after.
    #[serde(default, deserialize_with = "super::fraud::present")]
    #[schema(value_type = Option<super::commission::CommissionInput>)]
    pub commission: Option<Value>,
    /// How long a visit through a partner's link is remembered on the brand's site, and which
    /// partner a visitor who opened several partners' links is credited to.
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub attribution: Option<AttributionInput>,
    /// Whether participants may ask for a promo code of their own in their portal.
    #[serde(default, deserialize_with = "crate::domain::object")]
    pub promo_codes: Option<PromoCodesInput>,
}

impl Campaign {
    /// The widget's headline for a reader of `language`: the owner's for that language, else
    /// theirs where they changed ours, else ours in that language.
    pub fn headline_in(&self, language: Language) -> String {
        let own = self.texts.get(&language).and_then(|t| t.headline.clone());
        let ours = WidgetSettings::default().headline;
        own.unwrap_or_else(|| Self::theirs_or_ours(&self.widget.headline, &ours, language, "widget-headline"))
    }

    /// The widget's button for a reader of `language`, chosen as [`Self::headline_in`].
    pub fn button_text_in(&self, language: Language) -> String {
        let own = self.texts.get(&language).and_then(|t| t.button_text.clone());
        let ours = WidgetSettings::default().button_text;
        own.unwrap_or_else(|| Self::theirs_or_ours(&self.widget.button_text, &ours, language, "widget-button"))
    }

    /// The owner's text as written, or, while it is still our default, ours in `language`.
    fn theirs_or_ours(theirs: &str, ours: &str, language: Language, message: &str) -> String {
        match theirs == ours {
            true => super::translations::text(language, message),
            false => theirs.to_owned(),
        }
    }

    /// A new campaign from `POST /campaigns` input. `name`, `url_id` and `reward_type` are
    /// required; the owner check of `url_id` and the plan checks are the caller's.
    pub fn create(
        id: u64,
        brand_id: u64,
        member_id: u64,
        input: &CampaignInput,
        now: &str,
    ) -> Result<Self, ValidationError> {
        let name = input.name.as_ref().ok_or_else(|| err("name", "name is required"))?;
        let reward_type = input
            .reward_type
            .as_ref()
            .ok_or_else(|| err("reward_type", "reward_type is required (1 coupon, 3 message, 4 token, 5 cash)"))?;
        let mut campaign = Campaign {
            id,
            brand_id,
            member_id,
            name: text("name", name, MAX_NAME_CHARS)?,
            type_id: 1,
            reward_type: parse_reward_type(reward_type)?,
            goal_type: GoalType::Signup,
            num_signups: 1,
            publish: Publish::Private,
            reward_invited: false,
            reward_value: None,
            widget: WidgetSettings::default(),
            contest: Contest::default(),
            created_at: now.to_owned(),
            updated_at: now.to_owned(),
            hold_days: 0,
            emails: CampaignEmails::default(),
            fraud: FraudSettings::default(),
            tiers: Vec::new(),
            leaderboard: LeaderboardSettings::default(),
            waitlist: WaitlistSettings::default(),
            payouts: PayoutSettings::default(),
            language: Language::default(),
            texts: CampaignTexts::new(),
            commission: CommissionRule::default(),
            attribution: AttributionSettings::default(),
            promo_codes: PromoCodeSettings::default(),
        };
        campaign.apply(input, now)?;
        Ok(campaign)
    }

    /// Applies the fields present in `input` (`url_id` cannot change: a campaign stays on its
    /// brand). The result is checked as a whole, so a reward type always has its value.
    pub fn apply(&mut self, input: &CampaignInput, now: &str) -> Result<(), ValidationError> {
        if let Some(v) = &input.name {
            self.name = text("name", v, MAX_NAME_CHARS)?;
        }
        if let Some(v) = &input.type_id {
            self.type_id = whole("type_id", v, 1, 1000)? as u32;
        }
        if let Some(v) = &input.reward_type {
            self.reward_type = parse_reward_type(v)?;
        }
        if let Some(v) = &input.goal_type {
            self.goal_type = match v.as_str() {
                Some("signup") => GoalType::Signup,
                Some("visit") => GoalType::Visit,
                Some("conversion") => GoalType::Conversion,
                _ => return Err(err("goal_type", "goal_type must be 'signup', 'visit' or 'conversion'")),
            };
        }
        if let Some(v) = &input.num_signups {
            self.num_signups = whole("num_signups", v, 1, MAX_NUM_SIGNUPS)? as u32;
        }
        if let Some(v) = &input.publish {
            self.publish = match v.as_str() {
                Some("public") => Publish::Public,
                Some("private") => Publish::Private,
                _ => return Err(err("publish", "publish must be 'public' or 'private'")),
            };
        }
        if let Some(v) = &input.reward_invited {
            self.reward_invited =
                v.as_bool().ok_or_else(|| err("reward_invited", "reward_invited must be true or false"))?;
        }
        if let Some(v) = &input.reward_value {
            self.reward_value = match v {
                Value::Null => None,
                Value::String(s) => Some(s.clone()),
                Value::Number(n) => Some(n.to_string()),
                _ => return Err(err("reward_value", "reward_value must be a string or a number")),
            };
        }
        if let Some(v) = &input.hold_days {
            self.hold_days = whole("hold_days", v, 0, MAX_HOLD_DAYS)? as u32;
        }
        if let Some(w) = &input.widget {
            self.widget.apply(w)?;
        }
        if let Some(c) = &input.contest {
            self.contest.apply(c)?;
        }
        if let Some(l) = &input.leaderboard {
            self.leaderboard.apply(l)?;
        }
        if let Some(w) = &input.waitlist {
            self.waitlist.apply(w)?;
        }
        if let Some(p) = &input.payouts {
            self.payouts.apply(p)?;
        }
        if let Some(language) = &input.language {
            let tag = language.as_str().ok_or_else(|| err("language", "language must be a language's tag"))?;
            self.language = Language::parse("language", tag)?;
        }
        if let Some(emails) = &input.emails {
            self.emails.apply(emails)?;
        }
        if let Some(texts) = &input.texts {
            self.texts = super::campaign_texts::parse(texts)?;
        }
        if let Some(fraud) = &input.fraud {
            self.fraud.apply(fraud)?;
        }
        if let Some(tiers) = &input.tiers {
            self.tiers = super::tiers::parse(tiers)?;
        }
        if let Some(commission) = &input.commission {
            self.commission = CommissionRule::from_field(commission)?;
        }
        if let Some(attribution) = &input.attribution {
            self.attribution.apply(attribution)?;
        }
        if let Some(promo_codes) = &input.promo_codes {
            self.promo_codes.apply(promo_codes)?;
        }
        self.commission.check_pays(self.reward_type == RewardType::Cash && self.goal_type == GoalType::Conversion)?;
        self.reward_value = normalize_reward_value(self.reward_type, self.reward_value.take())?;
        self.updated_at = now.to_owned();
        Ok(())
    }
}

/// The campaign's rewards: what each count of its goal earns.
impl Campaign {
    /// Whether its referrers earn a share of every paid invoice (a `percent` rule on a cash
    /// campaign whose goal is a conversion) rather than its flat reward.
    pub fn pays_commission(&self) -> bool {
        self.commission.is_percent() && self.reward_type == RewardType::Cash && self.goal_type == GoalType::Conversion
    }

    /// Its own reward (a referred participant's, and the referrer's without tiers).
    pub fn prize(&self) -> Prize {
        Prize::new(self.reward_type, self.reward_value.clone())
    }

    /// The referrer's prize for reaching `count`: the tier at exactly `count` when the
    /// campaign has tiers, else its reward at each multiple of `num_signups`; none otherwise.
    pub fn prize_due(&self, count: u64) -> Option<Prize> {
        if self.tiers.is_empty() {
            return goal::reward_due(count, self.num_signups).then(|| self.prize());
        }
        self.tiers.iter().find(|t| u64::from(t.referrals) == count).map(Tier::prize)
    }

    /// How many more of the goal's count the next reward needs from `count`: the next tier's
    /// distance when the campaign has tiers (none once every tier is reached), else the
    /// distance to the next multiple of `num_signups`.
    pub fn next_reward_in(&self, count: u64) -> Option<u64> {
        match self.tiers.is_empty() {
            true => Some(goal::remaining_until_reward(count, self.num_signups)),
            false => next_tier(&self.tiers, count).map(|(_, more)| more),
        }
    }

    /// Whether its rewards take codes from its coupon pool: its own reward, or a tier's.
    pub fn uses_coupons(&self) -> bool {
        self.reward_type == RewardType::Coupon || self.tiers.iter().any(|t| t.reward_type == RewardType::Coupon)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn input(v: Value) -> CampaignInput {
        serde_json::from_value(v).unwrap()
    }

    #[test]
    fn defaults_and_required_fields() {
        let c =
            Campaign::create(1, 2, 3, &input(json!({"name": " Spring ", "url_id": 2, "reward_type": 1})), "t").unwrap();
        assert_eq!(
            (c.name.as_str(), c.type_id, c.goal_type, c.num_signups, c.publish, c.reward_invited),
            ("Spring", 1, GoalType::Signup, 1, Publish::Private, false)
        );
        assert_eq!(c.reward_value, None);
        assert!(Campaign::create(1, 2, 3, &input(json!({"url_id": 2, "reward_type": 1})), "t").is_err());
        assert!(Campaign::create(1, 2, 3, &input(json!({"name": "x", "url_id": 2})), "t").is_err());
    }

    #[test]
    fn reward_values_follow_the_reward_type() {
        let cash = Campaign::create(1, 2, 3, &input(json!({"name": "c", "reward_type": 5, "reward_value": "10"})), "t")
            .unwrap();
        assert_eq!(cash.reward_value.as_deref(), Some("10.00"));
        let cash = Campaign::create(1, 2, 3, &input(json!({"name": "c", "reward_type": 5, "reward_value": 7.5})), "t")
            .unwrap();
        assert_eq!(cash.reward_value.as_deref(), Some("7.50"));
        assert!(Campaign::create(1, 2, 3, &input(json!({"name": "c", "reward_type": 5})), "t").is_err());
        assert!(Campaign::create(1, 2, 3, &input(json!({"name": "c", "reward_type": 5, "reward_value": "-1"})), "t")
            .is_err());
        let msg =
            Campaign::create(1, 2, 3, &input(json!({"name": "c", "reward_type": 3, "reward_value": "Thanks!"})), "t")
                .unwrap();
        assert_eq!(msg.reward_value.as_deref(), Some("Thanks!"));
        let spec_minimal = json!({"name": "c", "url_id": 2, "type_id": 1, "reward_type": 3});
        let msg = Campaign::create(1, 2, 3, &input(spec_minimal), "t").unwrap();
        assert_eq!(msg.reward_value.as_deref(), Some(DEFAULT_REWARD_MESSAGE));
    }

    #[test]
    fn unknown_enum_values_are_refused_with_the_field_name() {
        for (body, field) in [
            (json!({"name": "c", "reward_type": 2}), "reward_type"),
            (json!({"name": "c", "reward_type": "1"}), "reward_type"),
            (json!({"name": "c", "reward_type": 1, "goal_type": "purchase"}), "goal_type"),
            (json!({"name": "c", "reward_type": 1, "publish": "open"}), "publish"),
            (json!({"name": "c", "reward_type": 1, "num_signups": 0}), "num_signups"),
            (json!({"name": "c", "reward_type": 1, "hold_days": 366}), "hold_days"),
            (json!({"name": "c", "reward_type": 1, "hold_days": -1}), "hold_days"),
            (json!({"name": "c", "reward_type": 1, "widget": {"mode": "banner"}}), "widget.mode"),
            (json!({"name": "c", "reward_type": 1, "widget": {"primary_color": "red"}}), "widget.primary_color"),
        ] {
            assert_eq!(Campaign::create(1, 2, 3, &input(body), "t").unwrap_err().field, field);
        }
    }
}
