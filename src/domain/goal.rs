//! The goal rule: a referrer earns one reward each time their count of successful referrals
//! (goal `signup`) or unique referral-link visits (goal `visit`) reaches a multiple of the
//! campaign's `num_signups`.

/// Whether reaching `count` earns a reward.
pub fn reward_due(count: u64, num_signups: u32) -> bool {
    count > 0 && count.is_multiple_of(u64::from(num_signups.max(1)))
}

/// How many more referrals (or visits) until the next reward.
pub fn remaining_until_reward(count: u64, num_signups: u32) -> u64 {
    let step = u64::from(num_signups.max(1));
    step - count % step
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_multiple_of_num_signups_earns_one_reward() {
        let earned: Vec<u64> = (1..=7).filter(|&n| reward_due(n, 3)).collect();
        assert_eq!(earned, vec![3, 6]);
        assert!(!reward_due(0, 1));
        assert!((1..=5).all(|n| reward_due(n, 1)));
        assert_eq!(remaining_until_reward(4, 3), 2);
        assert_eq!(remaining_until_reward(0, 3), 3);
    }
}
