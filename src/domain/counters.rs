//! A campaign's counters (participants, referrals, clicks, rewards, …) and the click,
//! impression and share counts gathered in memory between two hand-overs to a brand's actor.
//! Counters are kept by the store; the engine only says by how much each one moves.

use std::collections::HashMap;

use serde::Serialize;

/// The counters kept per campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Counter {
    Participants = 1,
    Referrals = 2,
    Clicks = 3,
    Impressions = 4,
    Shares = 5,
    RewardsIssued = 6,
    RewardsPending = 7,
    Visits = 8,
}

/// A campaign's counters, as the stats endpoints answer them (the OpenAPI schema is derived
/// from this type).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct CampaignCounters {
    pub participants: u64,
    pub referrals: u64,
    pub shares: u64,
    pub clicks: u64,
    pub impressions: u64,
    pub unique_visits: u64,
    pub rewards_issued: u64,
    pub rewards_pending: u64,
}

impl CampaignCounters {
    pub fn add(&mut self, other: &Self) {
        self.participants += other.participants;
        self.referrals += other.referrals;
        self.shares += other.shares;
        self.clicks += other.clicks;
        self.impressions += other.impressions;
        self.unique_visits += other.unique_visits;
        self.rewards_issued += other.rewards_issued;
        self.rewards_pending += other.rewards_pending;
    }

    /// The counters from a reader of each one.
    pub fn read<E>(mut read: impl FnMut(Counter) -> Result<u64, E>) -> Result<Self, E> {
        Ok(Self {
            participants: read(Counter::Participants)?,
            referrals: read(Counter::Referrals)?,
            shares: read(Counter::Shares)?,
            clicks: read(Counter::Clicks)?,
            impressions: read(Counter::Impressions)?,
            unique_visits: read(Counter::Visits)?,
            rewards_issued: read(Counter::RewardsIssued)?,
            rewards_pending: read(Counter::RewardsPending)?,
        })
    }
}

/// Click, impression and share counts of one campaign since the last hand-over.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct CampaignTally {
    pub clicks: u64,
    pub impressions: u64,
    pub shares: u64,
}

/// Click and share counts of one participant since the last hand-over.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct ParticipantTally {
    /// The campaign the count was made for; the engine checks the participant is in it.
    pub campaign_id: u64,
    pub clicks: u64,
    pub shares: u64,
}

/// Everything counted for one brand since the last hand-over.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct BrandTally {
    pub campaigns: HashMap<u64, CampaignTally>,
    pub participants: HashMap<u64, ParticipantTally>,
}
