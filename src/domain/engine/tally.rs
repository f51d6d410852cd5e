//! Click, impression and share counts gathered in memory, added to a brand's campaigns and
//! participants in one decision.

use super::{BrandReads, Decision, Moment, Write};
use crate::domain::counters::{BrandTally, Counter};
use crate::domain::rollup::{slot_number, Measure};

/// Adds `tally` to the brand's counters, to their daily series on the UTC day of `moment`,
/// and its clicks to the analytics of its quarter hour, the campaign's and each partner's (a
/// tally holds about a second of counts). Counts of campaigns that are not the
/// brand's (deleted since they were counted) and of participants not in the named campaign
/// are dropped.
pub fn decide_tallies<R: BrandReads + ?Sized>(
    reads: &R,
    brand_id: u64,
    tally: &BrandTally,
    moment: &Moment,
) -> Result<Vec<Write>, R::Error> {
    let (day, slot) = (moment.day, slot_number(moment.unix_ms));
    let mut decision = Decision::new(reads);
    let mut live = std::collections::HashMap::new();
    for (&campaign_id, counts) in &tally.campaigns {
        let exists = reads.campaign(campaign_id)?.is_some_and(|c| c.brand_id == brand_id);
        live.insert(campaign_id, exists);
        if !exists {
            continue;
        }
        for (counter, n) in [
            (Counter::Clicks, counts.clicks),
            (Counter::Impressions, counts.impressions),
            (Counter::Shares, counts.shares),
        ] {
            if n > 0 {
                decision.count_on(campaign_id, counter, n, day);
            }
        }
        decision.roll(campaign_id, None, slot, Measure::Clicks, counts.clicks);
    }
    for (&participant_id, counts) in &tally.participants {
        if !live.get(&counts.campaign_id).copied().unwrap_or(false) {
            continue;
        }
        let Some(mut participant) = reads.participant(participant_id)?.filter(|p| p.campaign_id == counts.campaign_id)
        else {
            continue;
        };
        participant.clicks += counts.clicks;
        participant.shares += counts.shares;
        if counts.clicks > 0 {
            // The campaign's clicks are counted above, with those of no partner.
            let (campaign_id, partner_id) = (counts.campaign_id, Some(participant_id));
            decision.writes.push(Write::Rollup {
                campaign_id,
                partner_id,
                slot,
                measure: Measure::Clicks,
                n: counts.clicks,
            });
        }
        decision.writes.push(Write::Participant(participant));
    }
    Ok(decision.finish())
}
