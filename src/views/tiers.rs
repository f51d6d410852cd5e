//! The JSON shape of a campaign's milestone tiers, and of a participant's next one.

use serde::Serialize;
use utoipa::ToSchema;

use crate::domain::tiers;
use crate::domain::Campaign;

/// A milestone: the reward earned when the goal's count reaches `referrals`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Tier {
    pub referrals: u32,
    /// 1 coupon (from the campaign's pool), 3 message, 5 cash.
    pub reward_type: u8,
    /// The cash amount or the message; null for a coupon.
    pub reward_value: Option<String>,
}

/// A campaign's tiers, in rising order.
pub fn tiers(list: &[tiers::Tier]) -> Vec<Tier> {
    list.iter()
        .map(|t| Tier {
            referrals: t.referrals,
            reward_type: t.reward_type.code(),
            reward_value: t.reward_value.clone(),
        })
        .collect()
}

/// Where a participant stands: the next reward, and on a tiered campaign the next tier.
#[derive(Debug, Serialize, ToSchema)]
pub struct NextReward {
    /// Referrals (unique visits, or converted referrals, as the goal counts) still needed for
    /// the next reward; null once every tier is reached.
    pub next_reward_in: Option<u64>,
    /// The next tier not reached yet (null without tiers, or past the last).
    pub next_tier: Option<Tier>,
    /// How many more the next tier needs (null as `next_tier` is).
    pub referrals_to_next_tier: Option<u64>,
}

/// Where a participant with `count` stands in `campaign`.
pub fn next_reward(campaign: &Campaign, count: u64) -> NextReward {
    let next = tiers::next_tier(&campaign.tiers, count);
    NextReward {
        next_reward_in: campaign.next_reward_in(count),
        next_tier: next.map(|(t, _)| tiers(std::slice::from_ref(t)).remove(0)),
        referrals_to_next_tier: next.map(|(_, more)| more),
    }
}
