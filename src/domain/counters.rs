//! A campaign's counters (participants, referrals, clicks, rewards, …) and the click,
//! impression and share counts gathered in memory between two hand-overs to a brand's actor.
//! Counters are kept by the store; the engine only says by how much each one moves.

use std::collections::HashMap;

use serde::Serialize;

use super::reward::HoldReason;

/// The counters kept per campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Counter {
    Participants = 1,
    Referrals = 2,
    Clicks = 3,
    Impressions = 4,
    Shares = 5,
    /// Rewards ever issued (those since fulfilled or voided included).
    RewardsIssued = 6,
    /// Coupon rewards waiting for a coupon now.
    RewardsPending = 7,
    Visits = 8,
    /// Rewards held now.
    RewardsHeld = 9,
    /// Rewards fulfilled (final).
    RewardsFulfilled = 10,
    /// Rewards voided (final), from any state.
    RewardsVoided = 11,
    /// Of those voided, the ones voided after they were issued (their coupon stays burnt).
    RewardsVoidedIssued = 12,
    /// Conversions reported (refunded ones included).
    Conversions = 13,
    /// Conversions refunded.
    Refunds = 14,
    /// Rewards held now for the campaign's hold period (one reward may count under several
    /// reasons).
    HeldHoldPeriod = 15,
    /// Rewards held now for a disposable address.
    HeldDisposableEmail = 16,
    /// Rewards held now for a referral from the referrer's own address.
    HeldSameAddress = 17,
    /// Rewards held now beyond a velocity limit.
    HeldVelocity = 18,
    /// Participants admitted from the campaign's waitlist.
    Admitted = 19,
    /// Commissions held now for want of an exchange rate.
    HeldNoExchangeRate = 20,
}

impl Counter {
    /// Every counter, in the order of their bytes.
    pub const ALL: [Counter; 20] = [
        Self::Participants,
        Self::Referrals,
        Self::Clicks,
        Self::Impressions,
        Self::Shares,
        Self::RewardsIssued,
        Self::RewardsPending,
        Self::Visits,
        Self::RewardsHeld,
        Self::RewardsFulfilled,
        Self::RewardsVoided,
        Self::RewardsVoidedIssued,
        Self::Conversions,
        Self::Refunds,
        Self::HeldHoldPeriod,
        Self::HeldDisposableEmail,
        Self::HeldSameAddress,
        Self::HeldVelocity,
        Self::Admitted,
        Self::HeldNoExchangeRate,
    ];

    /// The counter whose byte (`counter as u8`, what a backend stores) is `byte`.
    pub fn from_byte(byte: u8) -> Option<Self> {
        Self::ALL.into_iter().find(|c| *c as u8 == byte)
    }

    /// The counter of the rewards held now for `reason`.
    pub fn held(reason: HoldReason) -> Self {
        match reason {
            HoldReason::HoldPeriod => Counter::HeldHoldPeriod,
            HoldReason::DisposableEmail => Counter::HeldDisposableEmail,
            HoldReason::SameAddress => Counter::HeldSameAddress,
            HoldReason::Velocity => Counter::HeldVelocity,
            HoldReason::NoExchangeRate => Counter::HeldNoExchangeRate,
        }
    }
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
    /// Rewards ever issued, those since fulfilled or voided included.
    pub rewards_issued: u64,
    /// Coupon rewards waiting for a coupon now.
    pub rewards_pending: u64,
    /// Rewards by the state they are in now.
    pub rewards: RewardsByStatus,
    /// Conversions reported, refunded ones included.
    pub conversions: u64,
    /// Conversions refunded.
    pub refunds: u64,
    /// The rewards held now, by the reason they are held for (a reward held for two
    /// reasons counts under both).
    pub held_by_reason: HeldByReason,
}

/// What a campaign counts per UTC day (the dashboard's charts, `GET /campaigns/:id/stats`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DailySeries {
    /// New participants, referred or not.
    Signups,
    /// Referral signups credited to a referrer.
    Referrals,
    /// Visits of referral links and clicks from tracked partner sites.
    Clicks,
    /// Times the widget was shown.
    Impressions,
    /// Share buttons pressed.
    Shares,
}

impl DailySeries {
    /// Every series, in the order they are shown.
    pub const ALL: [DailySeries; 5] = [Self::Signups, Self::Referrals, Self::Clicks, Self::Impressions, Self::Shares];

    /// Its name in a page or a query (`signups`, `referrals`, …).
    pub fn name(self) -> &'static str {
        match self {
            Self::Signups => "signups",
            Self::Referrals => "referrals",
            Self::Clicks => "clicks",
            Self::Impressions => "impressions",
            Self::Shares => "shares",
        }
    }

    /// The series of this counter, when it has one.
    pub fn of(counter: Counter) -> Option<Self> {
        match counter {
            Counter::Participants => Some(Self::Signups),
            Counter::Referrals => Some(Self::Referrals),
            Counter::Clicks => Some(Self::Clicks),
            Counter::Impressions => Some(Self::Impressions),
            Counter::Shares => Some(Self::Shares),
            _ => None,
        }
    }
}

/// How many rewards are held now for each reason.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct HeldByReason {
    pub hold_period: u64,
    pub disposable_email: u64,
    pub same_address: u64,
    pub velocity: u64,
    /// Commissions on invoices in another currency, waiting for an exchange rate.
    pub no_exchange_rate: u64,
}

impl HeldByReason {
    pub fn add(&mut self, other: &Self) {
        self.hold_period += other.hold_period;
        self.disposable_email += other.disposable_email;
        self.same_address += other.same_address;
        self.velocity += other.velocity;
        self.no_exchange_rate += other.no_exchange_rate;
    }
}

/// How many rewards are in each state now.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct RewardsByStatus {
    pub held: u64,
    pub pending: u64,
    pub issued: u64,
    pub fulfilled: u64,
    pub voided: u64,
}

impl RewardsByStatus {
    /// The count of each state among `statuses` (one participant's rewards).
    pub fn of(statuses: impl IntoIterator<Item = super::RewardStatus>) -> Self {
        let mut counts = Self::default();
        for status in statuses {
            *match status {
                super::RewardStatus::Held => &mut counts.held,
                super::RewardStatus::Pending => &mut counts.pending,
                super::RewardStatus::Issued => &mut counts.issued,
                super::RewardStatus::Fulfilled => &mut counts.fulfilled,
                super::RewardStatus::Voided => &mut counts.voided,
            } += 1;
        }
        counts
    }

    pub fn add(&mut self, other: &Self) {
        self.held += other.held;
        self.pending += other.pending;
        self.issued += other.issued;
        self.fulfilled += other.fulfilled;
        self.voided += other.voided;
    }
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
        self.rewards.add(&other.rewards);
        self.conversions += other.conversions;
        self.refunds += other.refunds;
        self.held_by_reason.add(&other.held_by_reason);
    }

    /// The counters from a reader of each one.
    pub fn read<E>(mut read: impl FnMut(Counter) -> Result<u64, E>) -> Result<Self, E> {
        let issued = read(Counter::RewardsIssued)?;
        let pending = read(Counter::RewardsPending)?;
        let fulfilled = read(Counter::RewardsFulfilled)?;
        let rewards = RewardsByStatus {
            held: read(Counter::RewardsHeld)?,
            pending,
            // Issued now: every reward issued, less those fulfilled since or voided after issue.
            issued: issued.saturating_sub(fulfilled).saturating_sub(read(Counter::RewardsVoidedIssued)?),
            fulfilled,
            voided: read(Counter::RewardsVoided)?,
        };
        Ok(Self {
            participants: read(Counter::Participants)?,
            referrals: read(Counter::Referrals)?,
            shares: read(Counter::Shares)?,
            clicks: read(Counter::Clicks)?,
            impressions: read(Counter::Impressions)?,
            unique_visits: read(Counter::Visits)?,
            rewards_issued: issued,
            rewards_pending: pending,
            rewards,
            conversions: read(Counter::Conversions)?,
            refunds: read(Counter::Refunds)?,
            held_by_reason: HeldByReason {
                hold_period: read(Counter::HeldHoldPeriod)?,
                disposable_email: read(Counter::HeldDisposableEmail)?,
                same_address: read(Counter::HeldSameAddress)?,
                velocity: read(Counter::HeldVelocity)?,
                no_exchange_rate: read(Counter::HeldNoExchangeRate)?,
            },
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
