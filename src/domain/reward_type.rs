//! The kinds of reward a campaign gives (with the spec's numeric codes), and the value each
//! kind takes: an amount, a message, or none (a coupon comes from the pool).

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::fields::{err, text};
use super::money::parse_amount;
use super::ValidationError;

/// Longest reward message, in characters.
pub const MAX_MESSAGE_CHARS: usize = 2_000;
/// The message of a message-reward campaign (`reward_type` 3) created without
/// `reward_value`: the spec's minimal request names no message, so it gets this one.
pub const DEFAULT_REWARD_MESSAGE: &str = "Thank you for referring your friends! Your reward is on its way.";

/// The kind of reward, with the spec's numeric codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum RewardType {
    /// 1: the next available coupon code of the campaign's pool.
    Coupon,
    /// 3: a free-form message.
    Message,
    /// 4: a crypto token amount (legacy); only for brands linked to a token network.
    Token,
    /// 5: a cash amount recorded against the participant.
    Cash,
}

impl RewardType {
    /// Every kind, in the order a page offers them.
    pub const ALL: [RewardType; 4] = [Self::Coupon, Self::Cash, Self::Message, Self::Token];

    /// The kind a `type` string (as [`RewardType::name`] writes it) names.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|kind| kind.name() == name)
    }

    pub fn from_code(code: u64) -> Option<Self> {
        match code {
            1 => Some(Self::Coupon),
            3 => Some(Self::Message),
            4 => Some(Self::Token),
            5 => Some(Self::Cash),
            _ => None,
        }
    }

    pub fn code(self) -> u8 {
        match self {
            Self::Coupon => 1,
            Self::Message => 3,
            Self::Token => 4,
            Self::Cash => 5,
        }
    }

    /// The `type` string of a reward object.
    pub fn name(self) -> &'static str {
        match self {
            Self::Coupon => "coupon",
            Self::Message => "message",
            Self::Token => "token",
            Self::Cash => "cash",
        }
    }
}

/// The kind a `reward_type` code names.
pub(super) fn parse_reward_type(value: &Value) -> Result<RewardType, ValidationError> {
    value
        .as_u64()
        .and_then(RewardType::from_code)
        .ok_or_else(|| err("reward_type", "reward_type must be 1 (coupon), 3 (message), 4 (token) or 5 (cash)"))
}

/// Each reward type's value: cash and token an amount (required), message a text (the
/// default message when none is given), coupon none (the code comes from the pool).
pub(super) fn normalize_reward_value(
    kind: RewardType,
    value: Option<String>,
) -> Result<Option<String>, ValidationError> {
    match kind {
        RewardType::Coupon => Ok(None),
        RewardType::Cash | RewardType::Token => {
            let raw = value.ok_or_else(|| {
                err("reward_value", "reward_value (an amount such as \"10.00\") is required for cash and token rewards")
            })?;
            parse_amount("reward_value", &raw).map(Some)
        }
        RewardType::Message => match value {
            Some(raw) => text("reward_value", &Value::String(raw), MAX_MESSAGE_CHARS).map(Some),
            None => Ok(Some(DEFAULT_REWARD_MESSAGE.to_owned())),
        },
    }
}
