//! Coupon uploads: codes join the pool in upload order (a code already in the pool is
//! skipped), then pending coupon rewards are filled, oldest first, from the new codes.

use std::collections::HashSet;

use serde::Serialize;

use super::{BrandReads, Decision, Inconsistent, Moment, Write};
use crate::domain::counters::Counter;
use crate::domain::{Campaign, RewardStatus};

/// Codes per decision: a large upload is decided and committed in chunks, so other brands'
/// writes are not held behind one huge commit, and a crash mid-import keeps whole chunks (a
/// retried upload skips the codes that landed).
pub const IMPORT_CHUNK: usize = 1_000;

/// Result of a coupon upload.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ImportOutcome {
    pub added: u64,
    pub duplicates_in_pool: u64,
    pub pending_filled: u64,
}

impl ImportOutcome {
    pub fn add(&mut self, other: Self) {
        self.added += other.added;
        self.duplicates_in_pool += other.duplicates_in_pool;
        self.pending_filled += other.pending_filled;
    }
}

/// Decides the upload of `codes` (at most [`IMPORT_CHUNK`] of them: one commit's worth) to
/// the campaign's pool.
pub fn decide_import<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    codes: &[String],
    moment: &Moment,
) -> Result<(ImportOutcome, Vec<Write>), R::Error> {
    let mut outcome = ImportOutcome::default();
    let mut decision = Decision::new(reads);
    let mut added = HashSet::new();
    let held = reads.pool_holds(campaign.id, codes)?;
    if held.len() != codes.len() {
        return Err(Inconsistent(format!("{} codes asked about, {} answers", codes.len(), held.len())).into());
    }
    for (code, held) in codes.iter().zip(held) {
        if held || added.contains(code.as_str()) {
            outcome.duplicates_in_pool += 1;
            continue;
        }
        decision.add_coupon(campaign.id, code)?;
        added.insert(code.as_str());
        outcome.added += 1;
    }
    let available = decision.pool(campaign.id)?.available() as usize;
    if available > 0 {
        for mut reward in reads.oldest_pending_rewards(campaign.id, available)? {
            if decision.take_coupon(&mut reward, &moment.at)? {
                reward.enter(RewardStatus::Issued, &moment.at, "coupon uploaded");
                decision.writes.push(Write::Dequeue { campaign_id: campaign.id, reward_id: reward.id });
                decision.record_moved_reward(&reward)?;
                decision.count(campaign.id, Counter::RewardsPending, -1);
                decision.count_issued(&reward, &moment.at);
                outcome.pending_filled += 1;
            }
        }
    }
    Ok((outcome, decision.finish()))
}
