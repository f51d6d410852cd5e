//! The viral loop of a campaign, from who referred whom and when each joined: per cohort of
//! participants (by the week or month they joined, in one time zone) how many of them
//! referred anyone, how many people they brought, how fast, and how deep their chains go;
//! and for the whole campaign, how many participants are each number of links from someone
//! who joined on their own. The definitions, with a worked example, are in docs/api.md
//! ("Virality").

use super::time_buckets::Buckets;

/// Thirty and ninety days, in milliseconds.
const DAYS_30: i64 = 30 * 86_400_000;
const DAYS_90: i64 = 90 * 86_400_000;

/// One participant as the loop sees them: when they joined and who referred them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Joiner {
    pub id: u64,
    /// Milliseconds since the epoch.
    pub joined_ms: i64,
    pub referred_by: Option<u64>,
}

/// The participants who joined in one bucket, and what they brought.
#[derive(Debug, Clone, PartialEq)]
pub struct Cohort {
    /// The bucket's place in the [`Buckets`] asked for.
    pub bucket: usize,
    pub participants: u64,
    /// How many of them referred anyone.
    pub referrers: u64,
    /// Whom they referred, as of now.
    pub referred: u64,
    /// Whom they referred within 30 and 90 days of their own joining.
    pub referred_30d: u64,
    pub referred_90d: u64,
    /// The median and 90th percentile (nearest rank) of the time from a referrer's joining
    /// to their first referred friend's, in milliseconds; `None` when nobody referred.
    pub cycle_median_ms: Option<i64>,
    pub cycle_p90_ms: Option<i64>,
    /// The longest chain from one of them: 1 when someone they referred referred nobody, 2
    /// when a friend of theirs referred someone, and so on; 0 when nobody referred.
    pub deepest: u32,
}

impl Cohort {
    /// K: whom they referred for each of them.
    pub fn k(&self) -> f64 {
        ratio(self.referred, self.participants)
    }

    /// The share of them who referred anyone.
    pub fn referrer_share(&self) -> f64 {
        ratio(self.referrers, self.participants)
    }
}

fn ratio(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// The loop of a campaign.
#[derive(Debug, Clone, PartialEq)]
pub struct Virality {
    /// The cohorts with anyone in them, oldest first.
    pub cohorts: Vec<Cohort>,
    /// How many participants are each number of links (the index) from someone who joined
    /// on their own: `[joined on their own, referred by one of those, …]`.
    pub generations: Vec<u64>,
}

/// What each participant became, in the order they joined.
#[derive(Clone, Copy, Default)]
struct Node {
    generation: u32,
    /// Their first referred friend's joining, when anyone.
    first_referral_ms: Option<i64>,
    /// The longest chain below them (0: they referred nobody).
    height: u32,
    referred: u64,
    referred_30d: u64,
    referred_90d: u64,
}

/// The loop of a campaign whose participants, in the order they joined, are `joined`; its
/// cohorts are `buckets` (those who joined outside them count in the generations only).
/// A referrer not among `joined` (none is, in one campaign) counts as someone who joined on
/// their own.
pub fn virality(joined: &[Joiner], buckets: &Buckets) -> Virality {
    let place: std::collections::HashMap<u64, usize> = joined.iter().enumerate().map(|(i, j)| (j.id, i)).collect();
    let mut nodes = vec![Node::default(); joined.len()];
    // Forward: a referrer joined before whom they referred.
    for (i, joiner) in joined.iter().enumerate() {
        let Some(referrer) = joiner.referred_by.and_then(|id| place.get(&id).copied()) else {
            continue;
        };
        nodes[i].generation = nodes[referrer].generation + 1;
        let since = joiner.joined_ms - joined[referrer].joined_ms;
        let node = &mut nodes[referrer];
        node.referred += 1;
        node.referred_30d += u64::from(since <= DAYS_30);
        node.referred_90d += u64::from(since <= DAYS_90);
        node.first_referral_ms = Some(node.first_referral_ms.map_or(joiner.joined_ms, |t| t.min(joiner.joined_ms)));
    }
    // Backward: a chain's height reaches its referrer from the friend.
    for (i, joiner) in joined.iter().enumerate().rev() {
        if let Some(referrer) = joiner.referred_by.and_then(|id| place.get(&id).copied()) {
            nodes[referrer].height = nodes[referrer].height.max(nodes[i].height + 1);
        }
    }
    let mut generations = Vec::new();
    for node in &nodes {
        let g = node.generation as usize;
        if generations.len() <= g {
            generations.resize(g + 1, 0);
        }
        generations[g] += 1;
    }
    let mut cohorts: Vec<Cohort> = Vec::new();
    let mut cycles: Vec<Vec<i64>> = Vec::new();
    for (joiner, node) in joined.iter().zip(&nodes) {
        let Some(bucket) = buckets.index_of(joiner.joined_ms) else { continue };
        if cohorts.last().is_none_or(|c| c.bucket != bucket) {
            // Joining order is time order: a bucket's participants come together.
            cohorts.push(Cohort {
                bucket,
                participants: 0,
                referrers: 0,
                referred: 0,
                referred_30d: 0,
                referred_90d: 0,
                cycle_median_ms: None,
                cycle_p90_ms: None,
                deepest: 0,
            });
            cycles.push(Vec::new());
        }
        let (cohort, cycle) = (cohorts.last_mut().expect("pushed"), cycles.last_mut().expect("pushed"));
        cohort.participants += 1;
        cohort.referred += node.referred;
        cohort.referred_30d += node.referred_30d;
        cohort.referred_90d += node.referred_90d;
        cohort.deepest = cohort.deepest.max(node.height);
        if let Some(first) = node.first_referral_ms {
            cohort.referrers += 1;
            cycle.push(first - joiner.joined_ms);
        }
    }
    for (cohort, cycle) in cohorts.iter_mut().zip(&mut cycles) {
        cycle.sort_unstable();
        cohort.cycle_median_ms = nearest_rank(cycle, 50);
        cohort.cycle_p90_ms = nearest_rank(cycle, 90);
    }
    Virality { cohorts, generations }
}

/// The `percent`th percentile of sorted `values` by nearest rank: the smallest value with at
/// least that share of the values at or below it.
fn nearest_rank(values: &[i64], percent: u64) -> Option<i64> {
    if values.is_empty() {
        return None;
    }
    let rank = (values.len() as u64 * percent).div_ceil(100).max(1) as usize;
    values.get(rank - 1).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::time_buckets::{zone, Interval};

    const DAY: i64 = 86_400_000;
    /// Monday 2026-11-02, 00:00 UTC.
    const MONDAY: i64 = 1_793_577_600_000;

    /// The worked example of docs/api.md: 10 participants join on their own on Monday; the
    /// first three bring two friends each within the week (days 1 to 3); the first three
    /// friends bring one more each the week after (days 8, 9, 10).
    fn tree() -> Vec<Joiner> {
        let mut joined: Vec<Joiner> =
            (1..=10).map(|id| Joiner { id, joined_ms: MONDAY + id as i64 * 60_000, referred_by: None }).collect();
        for (n, (referrer, day)) in [(1, 1), (1, 2), (2, 2), (2, 3), (3, 3), (3, 3)].into_iter().enumerate() {
            joined.push(Joiner {
                id: 11 + n as u64,
                joined_ms: MONDAY + day * DAY + n as i64,
                referred_by: Some(referrer),
            });
        }
        for (n, (referrer, day)) in [(11, 8), (12, 9), (13, 10)].into_iter().enumerate() {
            joined.push(Joiner {
                id: 17 + n as u64,
                joined_ms: MONDAY + day * DAY + n as i64,
                referred_by: Some(referrer),
            });
        }
        joined
    }

    #[test]
    fn the_three_generation_tree_gives_the_hand_computed_loop() {
        let joined = tree();
        let weeks = Buckets::new(MONDAY, MONDAY + 14 * DAY, Interval::Week, zone("UTC").unwrap()).unwrap();
        let loop_ = virality(&joined, &weeks);
        assert_eq!(loop_.generations, [10, 6, 3]);
        let [first, second] = &loop_.cohorts[..] else { panic!("{:?}", loop_.cohorts) };
        // Week 1: the 10 and their 6 friends; they brought the 6 and 3 more.
        assert_eq!((first.bucket, first.participants, first.referrers, first.referred), (0, 16, 6, 9));
        assert_eq!((first.referred_30d, first.referred_90d, first.deepest), (9, 9, 2));
        assert!((first.k() - 9.0 / 16.0).abs() < 1e-12 && (first.referrer_share() - 6.0 / 16.0).abs() < 1e-12);
        // Cycle times: seeds 1, 2, 3 → about 1, 2, 3 days (less the minutes they joined at);
        // friends 11, 12, 13 → 7, 7, 8 days. Sorted, the 3rd of 6 is the median (nearest
        // rank), the 6th the 90th percentile.
        let mut cycles: Vec<i64> = vec![
            DAY - 60_000,
            2 * DAY + 2 - 2 * 60_000,
            3 * DAY + 4 - 3 * 60_000,
            (8 * DAY) - (DAY),
            (9 * DAY + 1) - (2 * DAY + 1),
            (10 * DAY + 2) - (2 * DAY + 2),
        ];
        cycles.sort_unstable();
        assert_eq!(first.cycle_median_ms, Some(cycles[2]));
        assert_eq!(first.cycle_p90_ms, Some(cycles[5]));
        // Week 2: the 3 grandchildren, who brought nobody.
        assert_eq!(
            (second.bucket, second.participants, second.referrers, second.referred, second.deepest),
            (1, 3, 0, 0, 0)
        );
        assert_eq!((second.k(), second.cycle_median_ms), (0.0, None));
    }

    #[test]
    fn a_referral_after_the_window_counts_but_not_within_it() {
        let joined = [
            Joiner { id: 1, joined_ms: MONDAY, referred_by: None },
            Joiner { id: 2, joined_ms: MONDAY + 31 * DAY, referred_by: Some(1) },
            Joiner { id: 3, joined_ms: MONDAY + 91 * DAY, referred_by: Some(1) },
        ];
        let months = Buckets::new(MONDAY, MONDAY + 120 * DAY, Interval::Month, zone("UTC").unwrap()).unwrap();
        let first = &virality(&joined, &months).cohorts[0];
        assert_eq!((first.referred, first.referred_30d, first.referred_90d), (2, 0, 1));
        assert_eq!(first.cycle_median_ms, Some(31 * DAY));
        assert_eq!(nearest_rank(&[5], 90), Some(5));
        assert_eq!(nearest_rank(&[1, 2, 3, 4], 50), Some(2));
    }
}
