//! Blocking a participant (`POST /participants/:id/block`), the owner's answer to a farmed
//! account, and unblocking them (`DELETE /participants/:id/block`).
//!
//! A block takes back what has not reached the person yet: their held and pending rewards are
//! voided with reason [`BLOCKED_VOID_REASON`]; rewards already issued or fulfilled stay, as
//! the owner may have handed them over (they void those one by one if they want). While
//! blocked, a participant earns nothing and credits nothing:
//! - a signup through their codes joins the campaign unreferred (no referral, no reward for
//!   either side), so a genuine friend who followed a farmer's link is not turned away;
//! - their referral link counts no visit;
//! - a conversion of theirs, or of someone they referred, is recorded and rewards nobody.
//!
//! Unblocking only lets them earn again from then on: voided rewards stay voided, and what
//! came through their codes while blocked stays uncredited. Blocking or unblocking twice
//! changes nothing the second time.

use super::{BrandReads, Decision, Inconsistent, Moment, Write};
use crate::domain::{Participant, Reward, RewardStatus};

/// Why the rewards of a blocked participant were voided.
pub const BLOCKED_VOID_REASON: &str = "blocked";

/// What blocking or unblocking does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    pub participant: Participant,
    /// When they were blocked, as it is now (unblocked: none).
    pub blocked_at: Option<String>,
    /// The rewards the block voided.
    pub voided: Vec<Reward>,
    /// Empty when nothing changes (blocked or unblocked already).
    pub writes: Vec<Write>,
}

/// Why a participant cannot be blocked or unblocked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BlockRefusal {
    /// No such participant of this member.
    NotFound,
    /// The person was erased: there is nobody left to block, and they earn nothing already.
    Erased,
}

/// Decides blocking (`block: true`) or unblocking the member's participant `participant_id`.
pub fn decide_block<R: BrandReads + ?Sized>(
    reads: &R,
    member_id: u64,
    participant_id: u64,
    block: bool,
    moment: &Moment,
) -> Result<Result<Block, BlockRefusal>, R::Error> {
    let Some(participant) = reads.participant(participant_id)?.filter(|p| p.member_id == member_id) else {
        return Ok(Err(BlockRefusal::NotFound));
    };
    if participant.is_erased() {
        return Ok(Err(BlockRefusal::Erased));
    }
    let Some(campaign) = reads.campaign(participant.campaign_id)? else {
        return Err(Inconsistent(format!("participant {participant_id} names a missing campaign")).into());
    };
    let blocked_at = reads.blocked(campaign.id, participant.id)?;
    if blocked_at.is_some() == block {
        return Ok(Ok(Block { participant, blocked_at, voided: Vec::new(), writes: Vec::new() }));
    }
    let mut decision = Decision::new(reads);
    let mut voided = Vec::new();
    let blocked_at = block.then(|| moment.at.clone());
    if block {
        for mut reward in reads.rewards_of(participant.id)? {
            if matches!(reward.status, RewardStatus::Held | RewardStatus::Pending) {
                decision.void(&campaign, &mut reward, BLOCKED_VOID_REASON, &moment.at);
                decision.record_reward(&reward, &participant);
                voided.push(reward);
            }
        }
    }
    match block {
        true => decision.leave_line(campaign.id, participant.id)?,
        false => decision.rejoin_line(&campaign, &participant)?,
    }
    decision.writes.push(Write::Blocked {
        campaign_id: campaign.id,
        participant_id: participant.id,
        at: blocked_at.clone(),
    });
    Ok(Ok(Block { participant, blocked_at, voided, writes: decision.finish() }))
}
