//! The programme's records: brands, campaigns, coupon pools and participants.

use crate::domain::client_print::StoredPrint;
use crate::domain::counters::DailySeries;
use crate::domain::domain_proof::{DomainProof, ProofSubject};
use crate::domain::email::EmailLookup;
use crate::domain::lander::Lander;
use crate::domain::pagination::PageRequest;
use crate::domain::participant::ParticipantFilter;
use crate::domain::partner_packs::PackPeriod;
use crate::domain::rollup::Measures;
use crate::domain::sales_source::{Connection, Source};
use crate::domain::stripe::StripeConnection;
use crate::domain::{Brand, Campaign, CampaignCounters, CouponPool, Invite, Participant, Reward};
use crate::store::types::{AtLimit, BrandRefused, DomainReferrer};
use crate::store::StoreError;
use async_trait::async_trait;

/// Brands and the member's domain index.
#[async_trait]
pub trait BrandStore: Send + Sync {
    /// Creates a brand unless the member already has one on its domain, or already has
    /// `max_brands` brands. Counted and created atomically: concurrent creations never take
    /// an account past the limit.
    async fn create_brand(
        &self,
        brand: &Brand,
        max_brands: Option<u64>,
    ) -> Result<Result<(), BrandRefused>, StoreError>;
    async fn brand(&self, id: u64) -> Result<Option<Brand>, StoreError>;
    /// Overwrites a brand's row (its domain never changes).
    async fn save_brand(&self, brand: &Brand) -> Result<(), StoreError>;
    /// A page of the member's brands, newest first, and the member's brand count.
    async fn brands_of_member(&self, member_id: u64, page: PageRequest) -> Result<(Vec<Brand>, u64), StoreError>;
    /// Ids of a brand's campaigns, oldest first.
    async fn campaign_ids_of_brand(&self, brand_id: u64) -> Result<Vec<u64>, StoreError>;
    /// Removes a brand after its campaigns were deleted, with its Stripe and other sources'
    /// connections.
    async fn remove_brand(&self, brand: &Brand) -> Result<(), StoreError>;
    /// The brand's Stripe connection, when it has one.
    async fn stripe_connection(&self, brand_id: u64) -> Result<Option<StripeConnection>, StoreError>;
    /// Stores (`Some`) or removes (`None`) the brand's Stripe connection.
    async fn save_stripe_connection(
        &self,
        brand_id: u64,
        connection: Option<&StripeConnection>,
    ) -> Result<(), StoreError>;
    /// The brand's connection to a source of sales (Paddle, Shopify), when it has one.
    async fn source_connection(&self, brand_id: u64, source: Source) -> Result<Option<Connection>, StoreError>;
    /// Stores (`Some`) or removes (`None`) the brand's connection to `source`.
    async fn save_source_connection(
        &self,
        brand_id: u64,
        source: Source,
        connection: Option<&Connection>,
    ) -> Result<(), StoreError>;
    /// The normalised email of a source's customer (`paddle:ctm_…`) the brand was told of.
    async fn source_customer(&self, brand_id: u64, customer: &str) -> Result<Option<String>, StoreError>;
    /// Keeps (or replaces) a source's customer's normalised email; gone with the brand, and
    /// with the erasure of a participant of the brand with that email.
    async fn save_source_customer(&self, brand_id: u64, customer: &str, email: &str) -> Result<(), StoreError>;
    /// Keeps a passed domain check, in place of the subject's earlier one.
    async fn save_domain_proof(&self, proof: &DomainProof) -> Result<(), StoreError>;
    /// The proofs kept for `subjects`, in no order; a subject never proven has none.
    async fn domain_proofs(&self, subjects: &[ProofSubject]) -> Result<Vec<DomainProof>, StoreError>;
}

/// Campaigns, their counters, daily signups and landers.
#[async_trait]
pub trait CampaignStore: Send + Sync {
    /// Stores a new campaign with its indexes unless its member already has `max_campaigns`
    /// campaigns (over all brands). Counted and created atomically, as brands are.
    async fn create_campaign(
        &self,
        campaign: &Campaign,
        max_campaigns: Option<u64>,
    ) -> Result<Result<(), AtLimit>, StoreError>;
    async fn campaign(&self, id: u64) -> Result<Option<Campaign>, StoreError>;
    /// Overwrites a campaign's row.
    async fn save_campaign(&self, campaign: &Campaign) -> Result<(), StoreError>;
    /// A page of the member's campaigns (optionally of one brand), newest first, and the count.
    async fn campaigns_of_member(
        &self,
        member_id: u64,
        brand_id: Option<u64>,
        page: PageRequest,
    ) -> Result<(Vec<Campaign>, u64), StoreError>;
    async fn counters(&self, campaign_id: u64) -> Result<CampaignCounters, StoreError>;
    /// A daily series (signups, referrals, …) for the `days` UTC days ending today, oldest
    /// first (zero days included).
    async fn daily(
        &self,
        campaign_id: u64,
        series: DailySeries,
        days: u32,
    ) -> Result<Vec<(chrono::NaiveDate, u64)>, StoreError>;
    /// The campaign's analytics (see `domain::rollup`) of the quarter hours numbered
    /// `first..=last`: each that counted anything, in order.
    async fn rollup(&self, campaign_id: u64, first: u32, last: u32) -> Result<Vec<(u32, Measures)>, StoreError>;
    /// Each partner's analytics summed over the quarter hours `first..=last`: every partner
    /// credited with anything then, in no order.
    async fn partner_rollup(&self, campaign_id: u64, first: u32, last: u32)
        -> Result<Vec<(u64, Measures)>, StoreError>;
    /// How many times a partner's numbers moved in each of the campaign's UTC days
    /// `first..=last` after the day had ended (a sale reported late): each day that had one.
    /// A pack of partners (`domain::partner_packs`) is current while these are what it was
    /// made under.
    async fn rollup_generations(
        &self,
        campaign_id: u64,
        first_day: u32,
        last_day: u32,
    ) -> Result<Vec<(u32, u64)>, StoreError>;
    /// The campaign's pack of partners of a finished period, with the tag it was kept under.
    async fn partner_pack(&self, campaign_id: u64, period: PackPeriod) -> Result<Option<(u64, Vec<u8>)>, StoreError>;
    /// Keeps a pack of partners: a cache, made again when lost, never in a backup.
    async fn keep_partner_pack(
        &self,
        campaign_id: u64,
        period: PackPeriod,
        tag: u64,
        pack: &[u8],
    ) -> Result<(), StoreError>;
    /// Deletes a campaign and everything it owns: gone for every reader at once, and gone
    /// entirely even if the server stops half-way (finished at the next start). Its
    /// participants' webhook events and emails go too, and their copies in account-wide
    /// idempotency records are erased (the records keep answering replays).
    async fn delete_campaign(&self, campaign: &Campaign) -> Result<(), StoreError>;
    /// The campaign's lander, when the member configured one.
    async fn lander(&self, campaign_id: u64) -> Result<Option<Lander>, StoreError>;
    /// Stores the campaign's lander.
    async fn save_lander(&self, campaign_id: u64, lander: &Lander) -> Result<(), StoreError>;
}

/// The coupon pool's counts (codes are added and assigned by engine decisions).
#[async_trait]
pub trait CouponStore: Send + Sync {
    async fn coupon_pool(&self, campaign_id: u64) -> Result<CouponPool, StoreError>;
}

/// Reads of participants, their rewards and invitations, and the domain indexes.
#[async_trait]
pub trait ParticipantStore: Send + Sync {
    async fn participant(&self, id: u64) -> Result<Option<Participant>, StoreError>;
    /// The campaign's participant this look-up finds (see [`EmailAddress::lookups`](crate::domain::EmailAddress::lookups); the
    /// campaign's rule is applied by [`participant_by_address`](crate::store::participant_by_address)).
    async fn participant_by_email(
        &self,
        campaign_id: u64,
        lookup: &EmailLookup,
    ) -> Result<Option<Participant>, StoreError>;
    /// A page of all the member's participants, newest first, and their count.
    async fn participants_of_member(
        &self,
        member_id: u64,
        page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError>;
    /// A page of a campaign's participants, newest first, and their count.
    async fn participants_of_campaign(
        &self,
        campaign_id: u64,
        page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError>;
    /// Up to `limit` of the campaign's participants in the order they joined, from roster
    /// position `from_seq` on (1 is the first): an export's cursor, one range read a batch.
    async fn roster(&self, campaign_id: u64, from_seq: u64, limit: usize) -> Result<Vec<Participant>, StoreError>;
    /// A page of the member's participants (only `campaign_id`'s when given) that match
    /// `filter`, newest first, and how many match. Within a campaign, an email narrows to
    /// one and a referrer to whom they referred; search text alone is linear in the
    /// campaign (sled reads the roster's small rows, not the participants); without a
    /// campaign, linear in the member's participants.
    async fn search_participants(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        filter: &ParticipantFilter,
        page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError>;
    /// Whom the participant referred in the campaign, the most recent first, at most `limit`
    /// of them, and how many in all. One range read of an index, however large the campaign.
    async fn referred(
        &self,
        campaign_id: u64,
        referrer_id: u64,
        limit: usize,
    ) -> Result<(Vec<Participant>, u64), StoreError>;
    /// A participant's rewards, oldest first.
    async fn rewards_of(&self, participant_id: u64) -> Result<Vec<Reward>, StoreError>;
    /// The rewards of each of these participants (at most a batch of a roster), oldest
    /// first, in the order of `participant_ids`: one read for all of them, so that an export
    /// of a campaign costs a read a batch, not a round trip a participant. None asked, none
    /// read.
    async fn rewards_of_each(&self, participant_ids: &[u64]) -> Result<Vec<Vec<Reward>>, StoreError>;
    /// A participant's invitations, oldest first.
    async fn invites_of(&self, participant_id: u64) -> Result<Vec<Invite>, StoreError>;
    /// The campaign's invitations sent to this inbox (an address's canonical form: any
    /// spelling of it), by anyone. May be linear in the campaign: only a participant's data
    /// export asks.
    async fn invites_to(&self, campaign_id: u64, inbox: &str) -> Result<Vec<Invite>, StoreError>;
    /// The participant of `campaign_id` whose domain is `domain`.
    async fn domain_participant_in(&self, campaign_id: u64, domain: &str) -> Result<Option<u64>, StoreError>;
    /// Every domain participant with `domain`, in any campaign, oldest campaign first; at most
    /// `limit`.
    async fn domain_referrers(&self, domain: &str, limit: usize) -> Result<Vec<DomainReferrer>, StoreError>;
    /// Forgets what the fraud rules kept of clients and no longer need at `now_ms`: signup
    /// prints 30 days old, and the per-address times of the velocity limits quiet for an
    /// hour. Returns how many entries went.
    async fn forget_old_prints(&self, now_ms: i64) -> Result<u64, StoreError>;
    /// When the owner blocked the participant (not blocked: none).
    async fn blocked_at(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, StoreError>;
    /// The keyed print of the participant's signup's client, while it is kept (none: unknown
    /// or forgotten).
    async fn client_print(&self, participant_id: u64) -> Result<Option<StoredPrint>, StoreError>;
}
