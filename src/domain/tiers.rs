//! Milestone tiers: a campaign may reward a referrer at set points of their count (for
//! example a coupon at the 1st referral, cash at the 5th, a message at the 10th) instead of
//! one reward every `num_signups`. The count is the campaign's goal count: credited
//! referrals (goal `signup`), unique link visits (`visit`) or qualified referrals
//! (`conversion`).
//!
//! A tier is earned when the count reaches it. A count only ever grows, by one, under the
//! brand's one writer, so each tier is reached once per participant and earned exactly once.
//! Changing a campaign's tiers applies from the next count on: a tier moved below a
//! participant's count is not earned by them, one moved above it is.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::reward_type::RewardType;
use super::reward_type::{normalize_reward_value, parse_reward_type};
use super::ValidationError;

/// Most referrals a reward may wait for: a campaign's `num_signups`, a tier's threshold.
pub const MAX_NUM_SIGNUPS: u64 = 1_000_000;

/// Most tiers a campaign may have.
pub const MAX_TIERS: usize = 20;

/// One milestone: the reward earned when the count reaches `referrals`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tier {
    pub referrals: u32,
    pub reward_type: RewardType,
    /// As a campaign's: an amount for cash, a text for a message, none for a coupon (taken
    /// from the campaign's pool when earned).
    pub reward_value: Option<String>,
}

/// What a reward is when it is earned: its kind and value (a coupon's comes from the pool).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prize {
    pub kind: RewardType,
    pub value: Option<String>,
}

impl Prize {
    /// A reward of this kind and value (a coupon's value is its code, taken when earned).
    pub fn new(kind: RewardType, value: Option<String>) -> Self {
        Self { kind, value: value.filter(|_| kind != RewardType::Coupon) }
    }
}

impl Tier {
    /// What reaching this tier earns.
    pub fn prize(&self) -> Prize {
        Prize::new(self.reward_type, self.reward_value.clone())
    }
}

/// The first tier above `count`, and how many more it needs.
pub fn next_tier(tiers: &[Tier], count: u64) -> Option<(&Tier, u64)> {
    tiers.iter().find(|t| u64::from(t.referrals) > count).map(|t| (t, u64::from(t.referrals) - count))
}

/// One milestone tier, as a campaign's body gives it.
// What the API document shows of an element of `tiers`: [`parse`] reads each element itself,
// so that a wrong one is named by its place (`tiers[2]`), which a derived reader could not.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)] // The document's shape only: `parse` builds a `Tier` from the JSON.
pub struct TierInput {
    /// 1 to 1,000,000, more than the tier before's.
    #[schema(minimum = 1, maximum = 1000000)]
    referrals: u64,
    /// 1 coupon (from the campaign's pool), 3 message, 5 cash.
    reward_type: u32,
    /// The cash amount (required for cash) or the message; none for a coupon.
    reward_value: Option<String>,
}

/// `tiers` from a campaign's body: a list of `{referrals, reward_type, reward_value}` in
/// rising order of `referrals`, at most [`MAX_TIERS`]; `null` or `[]` for none.
pub fn parse(value: &Value) -> Result<Vec<Tier>, ValidationError> {
    let invalid = |message: String| ValidationError::new("tiers", message);
    let items = match value {
        Value::Null => return Ok(Vec::new()),
        Value::Array(items) => items,
        _ => return Err(invalid("tiers must be a list of {referrals, reward_type, reward_value}, or null".into())),
    };
    if items.len() > MAX_TIERS {
        return Err(invalid(format!("a campaign has at most {MAX_TIERS} tiers")));
    }
    let mut tiers: Vec<Tier> = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let Value::Object(fields) = item else {
            return Err(invalid(format!("tiers[{i}] must be an object with referrals, reward_type and reward_value")));
        };
        if let Some(unknown) =
            fields.keys().find(|k| !["referrals", "reward_type", "reward_value"].contains(&k.as_str()))
        {
            return Err(invalid(format!("tiers[{i}] has an unknown field '{unknown}'")));
        }
        let referrals =
            fields.get("referrals").and_then(Value::as_u64).filter(|n| (1..=MAX_NUM_SIGNUPS).contains(n)).ok_or_else(
                || invalid(format!("tiers[{i}].referrals must be a whole number from 1 to {MAX_NUM_SIGNUPS}")),
            )? as u32;
        if tiers.last().is_some_and(|last| last.referrals >= referrals) {
            return Err(invalid(format!("tiers[{i}].referrals must be more than the tier before's")));
        }
        let reward_type = fields
            .get("reward_type")
            .map(parse_reward_type)
            .transpose()
            .ok()
            .flatten()
            .filter(|t| *t != RewardType::Token)
            .ok_or_else(|| invalid(format!("tiers[{i}].reward_type must be 1 (coupon), 3 (message) or 5 (cash)")))?;
        let raw = match fields.get("reward_value") {
            None | Some(Value::Null) => None,
            Some(Value::String(s)) => Some(s.clone()),
            Some(Value::Number(n)) => Some(n.to_string()),
            Some(_) => return Err(invalid(format!("tiers[{i}].reward_value must be a string or a number"))),
        };
        let reward_value =
            normalize_reward_value(reward_type, raw).map_err(|e| invalid(format!("tiers[{i}]: {}", e.message)))?;
        tiers.push(Tier { referrals, reward_type, reward_value });
    }
    Ok(tiers)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn tiers() -> Vec<Tier> {
        parse(&json!([
            {"referrals": 1, "reward_type": 1},
            {"referrals": 5, "reward_type": 5, "reward_value": 20},
            {"referrals": 10, "reward_type": 3, "reward_value": "You made it"},
        ]))
        .unwrap()
    }

    #[test]
    fn tiers_are_read_in_rising_order_with_each_rewards_value() {
        let tiers = tiers();
        let values: Vec<(u32, RewardType, Option<&str>)> =
            tiers.iter().map(|t| (t.referrals, t.reward_type, t.reward_value.as_deref())).collect();
        assert_eq!(
            values,
            [
                (1, RewardType::Coupon, None),
                (5, RewardType::Cash, Some("20.00")),
                (10, RewardType::Message, Some("You made it"))
            ]
        );
        assert_eq!(parse(&json!(null)).unwrap(), []);
        assert_eq!(parse(&json!([])).unwrap(), []);
        assert_eq!(next_tier(&tiers, 0).map(|(t, n)| (t.referrals, n)), Some((1, 1)));
        assert_eq!(next_tier(&tiers, 3).map(|(t, n)| (t.referrals, n)), Some((5, 2)));
        assert_eq!(next_tier(&tiers, 10), None);
    }

    #[test]
    fn a_bad_tier_is_refused_naming_it() {
        let cases = [
            (json!({"referrals": 1}), "must be a list"),
            (json!([{"referrals": 0, "reward_type": 1}]), "tiers[0].referrals must be a whole number"),
            (
                json!([{"referrals": 2, "reward_type": 1}, {"referrals": 2, "reward_type": 1}]),
                "tiers[1].referrals must be more",
            ),
            (json!([{"referrals": 1, "reward_type": 4, "reward_value": "1"}]), "tiers[0].reward_type"),
            (json!([{"referrals": 1, "reward_type": 5}]), "tiers[0]: reward_value"),
            (json!([{"referrals": 1, "reward_type": 5, "reward_value": "lots"}]), "tiers[0]:"),
            (json!([{"referrals": 1, "reward_type": 1, "prize": "x"}]), "unknown field 'prize'"),
            (json!([1]), "tiers[0] must be an object"),
        ];
        for (value, expected) in cases {
            let message = parse(&value).unwrap_err().message;
            assert!(message.contains(expected), "{value}: {message}");
        }
        let many: Vec<Value> = (1..=21).map(|n| json!({"referrals": n, "reward_type": 1})).collect();
        assert!(parse(&Value::Array(many)).unwrap_err().message.contains("at most 20"));
    }
}
