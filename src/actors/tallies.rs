//! `Tallies`: click, impression and share counts gathered in memory and handed to the brand
//! actors in one message per brand about once a second, instead of one durable write per
//! event. These counters are statistics, not money: DESIGN.md allows them a loss window of
//! about a second on a crash (docs/operating.md says so), and in exchange the click endpoint answers
//! without touching the disk. A graceful stop hands over what is pending before the final
//! flush, so only a crash loses anything.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use super::brand::ApplyTallies;
use super::BrandRegistry;
#[cfg(test)]
use crate::domain::counters::CampaignTally;
use crate::domain::counters::{BrandTally, ParticipantTally};

/// What an event counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    /// An outbound click from a domain participant's site (the tracker script).
    Click,
    /// The widget was shown.
    Impression,
    /// A share button was used.
    Share,
}

/// The pending counts of every brand. Cheap to clone; clones share the counts.
#[derive(Clone, Default)]
pub struct Tallies {
    pending: Arc<parking_lot::Mutex<HashMap<u64, BrandTally>>>,
}

impl Tallies {
    /// Counts one event of `campaign_id` (on `brand_id`), for `participant_id` when given.
    pub fn count(&self, event: Event, brand_id: u64, campaign_id: u64, participant_id: Option<u64>) {
        let mut pending = self.pending.lock();
        let brand = pending.entry(brand_id).or_default();
        let campaign = brand.campaigns.entry(campaign_id).or_default();
        match event {
            Event::Click => campaign.clicks += 1,
            Event::Impression => campaign.impressions += 1,
            Event::Share => campaign.shares += 1,
        }
        if let Some(id) = participant_id {
            let participant =
                brand.participants.entry(id).or_insert(ParticipantTally { campaign_id, ..Default::default() });
            match event {
                Event::Click => participant.clicks += 1,
                Event::Share => participant.shares += 1,
                Event::Impression => {}
            }
        }
    }

    /// Hands every pending count to its brand's actor and waits until each has applied
    /// them; the number of brands. The caller makes them durable (the flusher does within
    /// its idle interval anyway).
    pub async fn hand_over(&self, brands: &BrandRegistry) -> usize {
        let pending = std::mem::take(&mut *self.pending.lock());
        let count = pending.len();
        let replies: Vec<_> = pending
            .into_iter()
            .map(|(brand_id, tally)| (brand_id, brands.get(brand_id).send(ApplyTallies(tally))))
            .collect();
        for (brand_id, reply) in replies {
            match reply.await {
                Ok(Ok(())) => {}
                Ok(Err(error)) => tracing::warn!(brand_id, %error, "counts of clicks, impressions and shares lost"),
                Err(error) => tracing::warn!(brand_id, %error, "counts of clicks, impressions and shares lost"),
            }
        }
        count
    }

    /// Hands the counts over every `every` until the returned task is aborted.
    pub fn start(&self, brands: BrandRegistry, every: Duration) -> tokio::task::JoinHandle<()> {
        let tallies = self.clone();
        actix::spawn(async move {
            let mut tick = tokio::time::interval(every);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tick.tick().await;
                tallies.hand_over(&brands).await;
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_gather_per_brand_campaign_and_participant() {
        let tallies = Tallies::default();
        tallies.count(Event::Click, 1, 10, Some(100));
        tallies.count(Event::Click, 1, 10, Some(100));
        tallies.count(Event::Share, 1, 10, Some(101));
        tallies.count(Event::Impression, 1, 10, None);
        tallies.count(Event::Impression, 2, 20, None);
        let pending = tallies.pending.lock();
        let brand = &pending[&1];
        assert_eq!(brand.campaigns[&10], CampaignTally { clicks: 2, impressions: 1, shares: 1 });
        assert_eq!(brand.participants[&100], ParticipantTally { campaign_id: 10, clicks: 2, shares: 0 });
        assert_eq!(brand.participants[&101], ParticipantTally { campaign_id: 10, clicks: 0, shares: 1 });
        assert_eq!(pending[&2].campaigns[&20].impressions, 1);
    }
}
