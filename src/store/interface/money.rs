//! What the programme pays: rewards, exchange rates, payouts, conversions and promo codes.

use crate::domain::conversion::Conversion;
use crate::domain::exchange_rate::ExchangeRate;
use crate::domain::invoice::Commission;
use crate::domain::pagination::PageRequest;
use crate::domain::payout::{Owed, Payout, PayoutDetails, PayoutStatus};
use crate::domain::promo_code::PromoCode;
use crate::domain::reward::RewardFilter;
use crate::domain::Reward;
use crate::store::types::DueHold;
use crate::store::StoreError;
use async_trait::async_trait;

/// Reads of rewards across a member's campaigns (rewards are written by engine decisions).
#[async_trait]
pub trait RewardStore: Send + Sync {
    /// The member's reward `id`; `None` for another member's, or one whose campaign was
    /// deleted.
    async fn reward(&self, member_id: u64, id: u64) -> Result<Option<Reward>, StoreError>;
    /// A page of the member's rewards that match `filter`, newest first, and how many match.
    /// Filters by campaign, state and participant without reading the rows; linear in the
    /// member's rewards.
    async fn rewards_of_member(
        &self,
        member_id: u64,
        filter: RewardFilter,
        page: PageRequest,
    ) -> Result<(Vec<Reward>, u64), StoreError>;
    /// The member's rewards (only `campaign_id`'s when given) in the order they were issued,
    /// the most recently issued first; at most `limit`. Every reward that was ever issued is
    /// here, in whatever state it is now.
    async fn issued_rewards(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        limit: usize,
    ) -> Result<Vec<Reward>, StoreError>;
    /// Rewards in a hold period that ends at or before `unix_ms`, soonest first; at most
    /// `limit`.
    async fn due_holds(&self, unix_ms: i64, limit: usize) -> Result<Vec<DueHold>, StoreError>;
}

/// A member's exchange rates (see `domain::exchange_rate`): written by the member or the
/// operator, read by the decisions of the member's brands.
#[async_trait]
pub trait RateStore: Send + Sync {
    /// Stores the member's rates, each replacing the member's rate of its pair and date.
    async fn save_exchange_rates(&self, member_id: u64, rates: &[ExchangeRate]) -> Result<(), StoreError>;
    /// A page of the member's rates, the newest date first (then by pair), and how many
    /// there are.
    async fn exchange_rates(&self, member_id: u64, page: PageRequest) -> Result<(Vec<ExchangeRate>, u64), StoreError>;
}

/// Reads of payouts (written by engine decisions, see `engine::payouts`).
#[async_trait]
pub trait PayoutStore: Send + Sync {
    /// The member's payout `id`; `None` for another member's, or one whose campaign was
    /// deleted.
    async fn payout(&self, member_id: u64, id: u64) -> Result<Option<Payout>, StoreError>;
    /// A page of the member's payouts, newest first, narrowed to a campaign and a status
    /// when given, and how many there are.
    async fn payouts_of_member(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        status: Option<PayoutStatus>,
        page: PageRequest,
    ) -> Result<(Vec<Payout>, u64), StoreError>;
    /// The campaign's issued cash rewards in no payout that has not failed, oldest first: what
    /// is due (the dashboard shows it before payouts are made).
    async fn unpaid_cash_rewards(&self, campaign_id: u64) -> Result<Vec<Reward>, StoreError>;
    /// What the participant owes the campaign (nothing: empty).
    async fn owed(&self, campaign_id: u64, participant_id: u64) -> Result<Owed, StoreError>;
    /// Where the participant asked to be paid (none given: none).
    async fn payout_details(&self, campaign_id: u64, participant_id: u64) -> Result<Option<PayoutDetails>, StoreError>;
    /// The participant's payouts, oldest first. May scan the campaign's payouts: only a
    /// participant's data export and their portal ask.
    async fn payouts_of_participant(&self, campaign_id: u64, participant_id: u64) -> Result<Vec<Payout>, StoreError>;
}

/// Reads of conversions (written by engine decisions).
#[async_trait]
pub trait ConversionStore: Send + Sync {
    /// The member's conversion `id`; `None` for another member's, or one whose campaign was
    /// deleted.
    async fn conversion(&self, member_id: u64, id: u64) -> Result<Option<Conversion>, StoreError>;
    /// A page of the member's conversions (only `campaign_id`'s when given), newest first, and
    /// how many there are.
    async fn conversions_of_member(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        page: PageRequest,
    ) -> Result<(Vec<Conversion>, u64), StoreError>;
    /// The campaign's conversion that names this payment reference (a Stripe payment intent
    /// or invoice id).
    async fn conversion_by_payment(&self, campaign_id: u64, reference: &str) -> Result<Option<Conversion>, StoreError>;
    /// The participant a payment processor's customer (`stripe:cus_…`) is bound to in the
    /// campaign: the one its first conversion there was credited to.
    async fn customer_participant(&self, campaign_id: u64, customer: &str) -> Result<Option<u64>, StoreError>;
    /// The commission of a conversion of a brand's campaign, when it has one.
    async fn commission(&self, conversion: &Conversion) -> Result<Option<Commission>, StoreError>;
    /// The commissions among these rewards of the campaign (those that are one).
    async fn commissions_of_rewards(&self, campaign_id: u64, reward_ids: &[u64])
        -> Result<Vec<Commission>, StoreError>;
    /// The participant's conversions, oldest first. May be linear in the campaign's
    /// conversions: only a participant's data export asks.
    async fn conversions_of_participant(
        &self,
        campaign_id: u64,
        participant_id: u64,
    ) -> Result<Vec<Conversion>, StoreError>;
    /// How many of the participant's referrals have converted.
    async fn qualified_referrals(&self, campaign_id: u64, participant_id: u64) -> Result<u64, StoreError>;
}

/// Promo codes as requests read them (they are written in the brand's decisions:
/// `Write::PromoCode`).
#[async_trait]
pub trait PromoCodeReads: Send + Sync {
    /// The brand's code whose key ([`canonical`](crate::domain::promo_code::canonical)) is
    /// `key`, enabled or not.
    async fn promo_code(&self, brand_id: u64, key: &str) -> Result<Option<PromoCode>, StoreError>;
    /// The brand's code that is the Stripe promotion code `stripe_id`.
    async fn promo_code_by_stripe(&self, brand_id: u64, stripe_id: &str) -> Result<Option<PromoCode>, StoreError>;
    /// A participant's codes, enabled or not.
    async fn promo_codes_of(&self, participant_id: u64) -> Result<Vec<PromoCode>, StoreError>;
}
