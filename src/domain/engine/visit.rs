//! Visits of a participant's referral link: a click always, a unique visit once per visitor,
//! and on a `visit` goal the reward each multiple of `num_signups` unique visits earns.

use super::{BrandReads, Decision, Grant, Moment, Write};
use crate::domain::counters::Counter;
use crate::domain::rollup::{slot_number, Measure};
use crate::domain::webhook::PendingDelivery;
use crate::domain::{Campaign, GoalType, Reward, RewardReason};

/// What a visit of a referral link did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Visit {
    /// The first visit of this visitor to this participant's link.
    pub unique: bool,
    pub reward: Option<Reward>,
    /// The webhook deliveries of the reward's event, filled in when the visit's events are
    /// published.
    pub deliveries: Vec<PendingDelivery>,
}

/// Decides a visit of `participant_id`'s referral link by `visitor` (a digest of the cookie,
/// or of the address and user agent). `None` when the participant is not in the campaign.
pub fn decide_visit<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    participant_id: u64,
    visitor: [u8; 16],
    reward_id: u64,
    moment: &Moment,
) -> Result<Option<(Visit, Vec<Write>)>, R::Error> {
    let found = reads.participant(participant_id)?;
    // An erased participant's link counts nothing more.
    let Some(mut participant) = found.filter(|p| p.campaign_id == campaign.id && !p.is_erased()) else {
        return Ok(None);
    };
    // A blocked participant's link still leads to the brand, and counts nothing.
    if reads.blocked(campaign.id, participant.id)?.is_some() {
        return Ok(Some((Visit { unique: false, reward: None, deliveries: Vec::new() }, Vec::new())));
    }
    let mut decision = Decision::new(reads);
    participant.clicks += 1;
    decision.count_on(campaign.id, Counter::Clicks, 1, moment.day);
    let slot = slot_number(moment.unix_ms);
    decision.roll(campaign.id, Some(participant.id), slot, Measure::Clicks, 1);
    let unique = !reads.visited(campaign.id, participant.id, &visitor)?;
    let mut reward = None;
    if unique {
        decision.writes.push(Write::Visit { campaign_id: campaign.id, participant_id: participant.id, visitor });
        participant.visits += 1;
        decision.count(campaign.id, Counter::Visits, 1);
        decision.roll(campaign.id, Some(participant.id), slot, Measure::UniqueVisitors, 1);
        let due = campaign.prize_due(participant.visits).filter(|_| campaign.goal_type == GoalType::Visit);
        if let Some(prize) = due {
            let grant = Grant {
                prize,
                participant_id: participant.id,
                reward_id,
                reason: RewardReason::Referrer,
                trigger: None,
                review: crate::domain::fraud::review_holds(&campaign.fraud, &[&participant], &[]),
            };
            reward = Some(decision.grant(campaign, grant, &participant, moment)?);
        }
    }
    decision.writes.push(Write::Participant(participant));
    Ok(Some((Visit { unique, reward, deliveries: Vec::new() }, decision.finish())))
}
