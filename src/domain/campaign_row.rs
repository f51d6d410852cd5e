//! Every shape a campaign's stored row has had, from one declaration: the fields in the
//! order the row holds them, the schema of the row that added each, and the type a field had
//! before it changed. The migrations (`src/store/sled/migrate.rs`, `src/store/postgres/migrate.rs`)
//! read an older row through it once and rewrite it as today's [`Campaign`].
//!
//! The row is bincode, which writes a struct as its fields one after another with nothing
//! around them, so a row of schema n is exactly the fields schema n had, in order. One list
//! therefore reads every schema ([`RowOf`]) and writes every schema ([`AsRow`]: what an older
//! release stored, for the migrations' tests and for fixtures), where a struct a schema used
//! to copy the campaign's fields again each time. A field added to [`Campaign`] is added here
//! too, or this module does not compile; its schema is [`CURRENT`] + 1, which becomes the new
//! [`CURRENT`].

use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, Error as _, SeqAccess, Visitor};
use serde::ser::{SerializeTuple, Serializer};
use serde::Serialize;

use super::Campaign;

/// The schema of the campaign row this release writes.
pub const CURRENT: u8 = 14;

/// Reads a campaign row of the schema it holds (1 to [`CURRENT`]): the fields that schema
/// had, a field it stored in an older type converted, the newer fields at their defaults (what
/// each migration gave them when it came).
#[derive(Debug, Clone, Copy)]
pub struct RowOf(pub u8);

/// A campaign as a row of `schema` stores it: the fields that schema had, in the types it had
/// them in (what an older release wrote; the newer fields are left out).
#[derive(Debug, Clone, Copy)]
pub struct AsRow<'a> {
    pub schema: u8,
    pub campaign: &'a Campaign,
}

/// What a row reader expects, for errors.
const EXPECTED: &str = "a campaign row";

/// The next field of a row.
fn next<'de, T: serde::Deserialize<'de>, A: SeqAccess<'de>>(row: &mut A, at: &mut usize) -> Result<T, A::Error> {
    let field = row.next_element()?.ok_or_else(|| A::Error::invalid_length(*at, &EXPECTED))?;
    *at += 1;
    Ok(field)
}

/// Declares the row: `field: Type [= since N] [, before M was OldType];` for each field of
/// [`Campaign`] in its order. `since`: the schema that added it (1 when absent); `before`: the
/// schema from which it has its type, stored as `OldType` until then (read with
/// `Type: From<OldType>`, written with `OldType: From<Type>`).
macro_rules! campaign_row {
    ($($field:ident: $ty:ty $(= since $since:literal)? $(, before $until:literal was $old:ty)?;)*) => {
        /// How many fields a row of `schema` holds.
        fn fields_in(schema: u8) -> usize {
            0 $(+ usize::from(schema >= campaign_row!(@since $($since)?)))*
        }

        impl<'de> Visitor<'de> for RowOf {
            type Value = Campaign;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "{EXPECTED} of schema {}", self.0)
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut row: A) -> Result<Campaign, A::Error> {
                let (schema, mut at) = (self.0, 0);
                // Fields are read in the order written here, which is the row's.
                Ok(Campaign {
                    $($field: campaign_row!(@read row, at, schema, $ty, [$($since)?], [$($until $old)?]),)*
                })
            }
        }

        impl Serialize for AsRow<'_> {
            fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                let (schema, campaign) = (self.schema, self.campaign);
                let mut row = serializer.serialize_tuple(fields_in(schema))?;
                $(if schema >= campaign_row!(@since $($since)?) {
                    $(if schema < $until {
                        row.serialize_element(&<$old>::from(campaign.$field.clone()))?;
                    } else)? {
                        row.serialize_element(&campaign.$field)?;
                    }
                })*
                row.end()
            }
        }
    };
    (@read $row:ident, $at:ident, $schema:ident, $ty:ty, [], []) => {
        next::<$ty, _>(&mut $row, &mut $at)?
    };
    (@read $row:ident, $at:ident, $schema:ident, $ty:ty, [$since:literal], []) => {
        if $schema < $since { Default::default() } else { next::<$ty, _>(&mut $row, &mut $at)? }
    };
    (@read $row:ident, $at:ident, $schema:ident, $ty:ty, [], [$until:literal $old:ty]) => {
        if $schema < $until {
            <$ty>::from(next::<$old, _>(&mut $row, &mut $at)?)
        } else {
            next::<$ty, _>(&mut $row, &mut $at)?
        }
    };
    (@read $row:ident, $at:ident, $schema:ident, $ty:ty, [$since:literal], [$until:literal $old:ty]) => {
        if $schema < $since {
            Default::default()
        } else {
            campaign_row!(@read $row, $at, $schema, $ty, [], [$until $old])
        }
    };
    (@since) => { 1 };
    (@since $since:literal) => { $since };
}

campaign_row! {
    id: u64;
    brand_id: u64;
    member_id: u64;
    name: String;
    type_id: u32;
    reward_type: super::campaign::RewardType;
    goal_type: super::campaign::GoalType;
    num_signups: u32;
    publish: super::campaign::Publish;
    reward_invited: bool;
    reward_value: Option<String>;
    widget: super::widget_settings::WidgetSettings;
    contest: super::contest::Contest, before 8 was super::contest::ContestV1;
    created_at: String;
    updated_at: String;
    hold_days: u32 = since 2;
    emails: super::campaign_emails::CampaignEmails = since 3, before 4 was super::campaign_emails::CampaignEmailsV3;
    fraud: super::fraud::FraudSettings = since 5, before 6 was super::fraud::FraudSettingsV1;
    tiers: Vec<super::tiers::Tier> = since 7;
    leaderboard: super::leaderboard::LeaderboardSettings = since 8;
    waitlist: super::waitlist::WaitlistSettings = since 8;
    payouts: super::payout::PayoutSettings = since 9;
    language: super::language::Language = since 10;
    texts: super::campaign_texts::CampaignTexts = since 11;
    commission: super::commission::CommissionRule = since 12;
    attribution: super::attribution::AttributionSettings = since 13;
    promo_codes: super::promo_code::PromoCodeSettings = since 14;
}

impl<'de> DeserializeSeed<'de> for RowOf {
    type Value = Campaign;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Campaign, D::Error> {
        if !(1..=CURRENT).contains(&self.0) {
            return Err(D::Error::custom(format!("no campaign row has schema {}", self.0)));
        }
        deserializer.deserialize_tuple(fields_in(self.0), self)
    }
}

#[cfg(test)]
#[path = "campaign_row_tests.rs"]
pub(crate) mod tests;
