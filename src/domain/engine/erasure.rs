//! Erasing a person (`DELETE /participants/:id`, a data-protection request): what identifies
//! them goes, and the campaign stays consistent.
//!
//! The participant stays as an anonymous node: the referral chain keeps its links (their
//! referrer keeps the credit, the people they referred keep theirs), the counters keep every
//! signup, referral and reward, and rewards already issued or fulfilled stay as they are.
//! What goes: the email, the name, the website and the payout details, from the row and its indexes, from every
//! invitation they sent or that was sent to them, and from every stored copy of them (webhook
//! events, idempotent answers; the backend finds those, see [`Write::Erased`]).
//!
//! A reward still held or waiting for a coupon is voided: nobody is left to receive it, and
//! a coupon handed to an anonymous node would be lost to the campaign. An erased participant
//! earns nothing more and refers nobody (see `signup.rs`, `visit.rs`, `conversions.rs`).

use super::{BrandReads, Decision, Inconsistent, Moment, Write};
use crate::domain::{email, Participant, Reward, RewardStatus};

/// Why a reward of an erased participant was voided.
pub const ERASED_VOID_REASON: &str = "participant erased";

/// What an erasure does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Erasure {
    /// The participant as they are now: anonymous.
    pub participant: Participant,
    /// Rewards voided because they had not reached the person yet.
    pub voided: Vec<Reward>,
    /// Empty when the participant was erased before: erasing is idempotent.
    pub writes: Vec<Write>,
}

/// Decides the erasure of the member's participant `participant_id`; `None` when there is no
/// such participant of this member.
pub fn decide_erasure<R: BrandReads + ?Sized>(
    reads: &R,
    member_id: u64,
    participant_id: u64,
    moment: &Moment,
) -> Result<Option<Erasure>, R::Error> {
    let Some(mut participant) = reads.participant(participant_id)?.filter(|p| p.member_id == member_id) else {
        return Ok(None);
    };
    if participant.is_erased() {
        return Ok(Some(Erasure { participant, voided: Vec::new(), writes: Vec::new() }));
    }
    let Some(campaign) = reads.campaign(participant.campaign_id)? else {
        return Err(Inconsistent(format!("participant {participant_id} names a missing campaign")).into());
    };
    let now = moment.at.as_str();
    let normalized = email::normalize(&participant.email);
    let domain = participant.domain.clone();
    participant.erase();

    let mut decision = Decision::new(reads);
    let mut voided = Vec::new();
    for mut reward in reads.rewards_of(participant.id)? {
        if matches!(reward.status, RewardStatus::Held | RewardStatus::Pending) {
            decision.void(&campaign, &mut reward, ERASED_VOID_REASON, now);
            decision.record_reward(&reward, &participant);
            voided.push(reward);
        }
    }
    // Invitations they sent name other people, given by the person: gone with them. Those
    // sent to them name them.
    let sent = reads.invites_of(participant.id)?;
    let received = reads.invites_to(campaign.id, &email::canonical(&normalized))?;
    for mut invite in sent.into_iter().chain(received) {
        if !invite.email.is_empty() {
            invite.email.clear();
            decision.writes.push(Write::Invite(invite));
        }
    }
    decision.leave_line(campaign.id, participant.id)?;
    if reads.payout_details(campaign.id, participant.id)?.is_some() {
        decision.writes.push(Write::PayoutDetails {
            campaign_id: campaign.id,
            participant_id: participant.id,
            details: None,
        });
    }
    decision.writes.push(Write::Erased { participant: participant.clone(), email: normalized, domain });
    Ok(Some(Erasure { participant, voided, writes: decision.finish() }))
}
