//! Pure types and rules of the referral domain: validated newtypes parsed at the boundary,
//! identifiers and pagination, and the referral [`engine`] that decides what each signup,
//! visit and upload does. Nothing in here performs I/O or knows about HTTP or sled, so
//! every rule can be unit- and property-tested on its own.

pub mod analytics;
pub mod api_key;
pub mod attribution;
pub mod brand;
pub mod brand_url;
pub mod campaign;
pub mod campaign_emails;
pub mod campaign_row;
pub mod campaign_texts;
pub mod client_print;
pub mod commission;
pub mod commission_preview;
pub mod contest;
pub mod conversion;
pub mod counters;
pub mod coupon;
pub mod currency;
pub mod dashboard_session;
pub mod digest;
pub mod domain_proof;
pub mod email;
pub mod email_texts;
pub mod engine;
pub mod event;
pub mod exchange_rate;
mod fields;
pub use fields::description;
pub mod fraud;
pub mod fraud_preview;
pub mod goal;
pub mod ids;
pub mod invoice;
pub mod key_scope;
pub mod lander;
pub mod language;
pub mod leaderboard;
pub mod local_dates;
pub mod member;
pub mod moment;
pub mod money;
pub mod outgoing_email;
pub mod paddle;
pub mod pagination;
pub mod participant;
pub mod partner_packs;
pub mod password_reset;
pub mod payment;
pub mod payout;
pub mod plan;
pub mod portal;
pub mod promo_code;
pub mod referral_code;
pub mod registration;
pub mod reward;
pub mod reward_type;
pub mod rollup;
pub mod sales_source;
pub mod shopify;
pub mod stripe;
pub mod tiers;
pub mod time_buckets;
pub mod translations;
pub mod virality;
pub mod waitlist;
pub mod webhook;
pub mod widget_settings;

pub use api_key::ApiKey;
pub use brand::Brand;
pub use brand_url::BrandUrl;
pub use campaign::{Campaign, CampaignInput, GoalType, Publish, RewardType};
pub use counters::{CampaignCounters, Counter};
pub use coupon::CouponPool;
pub use email::EmailAddress;
pub use member::{Member, MemberName, NewPassword};
pub use pagination::{Page, PageRequest};
pub use participant::{Coupon, Invite, Participant};
pub use plan::Plan;
pub use referral_code::ReferralCode;
pub use reward::{Reward, RewardReason, RewardStatus};

/// A rule of the domain was broken by outside input. The message names the field and the rule,
/// so it can be shown to the caller as it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ValidationError {
    /// The request field that failed, e.g. `email`.
    pub field: &'static str,
    /// A human sentence naming the field and the rule it broke.
    pub message: String,
}

impl ValidationError {
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self { field, message: message.into() }
    }
}

/// Current time as an RFC 3339 UTC string with second precision, the one timestamp format
/// of the API (`2026-11-22T10:00:00Z`).
pub fn now_rfc3339() -> String {
    chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// For `#[serde(default, deserialize_with = "crate::domain::present")]` on an
/// `Option<Option<T>>` field: tells a field that is absent (`None`) from one set to null
/// (`Some(None)`), as updates need.
pub fn present<'de, D: serde::Deserializer<'de>, T: serde::Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    <Option<T> as serde::Deserialize>::deserialize(d).map(Some)
}

/// For `#[serde(default, deserialize_with = "crate::domain::object")]` on an `Option<T>` field
/// whose value is a JSON object: serde would also read a struct from an array of its fields in
/// order (`[null, "x"]`), which is never what a client meant; this takes objects only.
pub fn object<'de, D: serde::Deserializer<'de>, T: serde::de::DeserializeOwned>(d: D) -> Result<Option<T>, D::Error> {
    use serde::de::Error;
    let map = <Option<serde_json::Map<String, serde_json::Value>> as serde::Deserialize>::deserialize(d)?;
    map.map(|m| serde_json::from_value(serde_json::Value::Object(m)).map_err(D::Error::custom)).transpose()
}
