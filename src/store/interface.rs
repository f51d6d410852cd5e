//! The storage traits callers use, one per concern. Each method's documentation is its
//! contract, which the conformance suite (`tests/conformance/`) checks on every backend. Kept
//! in one file, over 500 lines, so that whoever writes a backend reads the whole contract in
//! one place. What only the store's own machinery asks of a backend is in `backend.rs`.
//!
//! Writes that decide something (a signup, a visit, a coupon upload, invitations, counts)
//! are not here as operations: they are decisions of the brand's actor, gathered in a batch
//! (`batch.rs`), which the engine decides against a [`BrandSession`] and the batch commits. What is
//! here are the plain records (members, plans, brands, campaigns, webhooks) and the reads of
//! everything.
//!
//! Every write here is durable when it returns, a [`BrandSession`]'s commit too, and a
//! batch's decisions are answered once it is: nobody above the store waits for the disk (on
//! the embedded store, concurrent writes share a flush, the group commit).

use async_trait::async_trait;

use super::types::Snapshot;
use super::types::{
    AtLimit, BrandRefused, DomainReferrer, DueContest, DueHold, EmailTaken, FinishedAttempt, IdempotencyRecord,
    IdempotencyWrite,
};
use super::StoreError;
use crate::domain::client_print::StoredPrint;
use crate::domain::contest::ContestResult;
use crate::domain::conversion::Conversion;
use crate::domain::counters::DailySeries;
use crate::domain::dashboard_session::DashboardSession;
use crate::domain::domain_proof::{DomainProof, ProofSubject};
use crate::domain::email::EmailLookup;
use crate::domain::engine::{BrandReads, Write};
use crate::domain::exchange_rate::ExchangeRate;
use crate::domain::ids::IdKind;
use crate::domain::invoice::Commission;
use crate::domain::lander::Lander;
use crate::domain::leaderboard::{Board, Standing};
use crate::domain::member::StoredApiKey;
use crate::domain::outgoing_email::{EmailAttempt, EmailDelivery, OutgoingEmail, QueuedEmail};
use crate::domain::pagination::PageRequest;
use crate::domain::participant::ParticipantFilter;
use crate::domain::password_reset::PasswordReset;
use crate::domain::payout::{Owed, Payout, PayoutDetails, PayoutStatus};
use crate::domain::portal::PortalPass;
use crate::domain::promo_code::PromoCode;
use crate::domain::registration::Invitation;
use crate::domain::reward::RewardFilter;
use crate::domain::sales_source::{Connection, Source};
use crate::domain::stripe::StripeConnection;
use crate::domain::waitlist::{Line, Spot};
use crate::domain::webhook::{Attempt, PendingDelivery, Webhook, WebhookRoute};
use crate::domain::{
    Brand, Campaign, CampaignCounters, CouponPool, EmailAddress, Invite, Member, Participant, Plan, Reward,
};

/// Member accounts, found by id, email and API-key digest.
#[async_trait]
pub trait MemberStore: Send + Sync {
    /// Registers a member with a fresh id, unless the email is taken (compared normalised).
    async fn create_member(
        &self,
        email: &EmailAddress,
        name: &str,
        password_hash: String,
        plan_id: u64,
    ) -> Result<Result<Member, EmailTaken>, StoreError>;
    async fn member(&self, id: u64) -> Result<Option<Member>, StoreError>;
    async fn member_by_email(&self, email: &EmailAddress) -> Result<Option<Member>, StoreError>;
    /// The member whose *current* API key has this digest.
    async fn member_by_key_digest(&self, digest: &[u8; 32]) -> Result<Option<Member>, StoreError>;
    /// Makes `key` the member's only key: the previous key stops working the moment the new
    /// one exists. `None` when the member does not exist.
    async fn replace_api_key(&self, member_id: u64, key: StoredApiKey) -> Result<Option<Member>, StoreError>;
    /// Members whose email or name contains `search` (case-insensitive), newest first, and
    /// how many matched.
    async fn search_members(&self, search: Option<&str>, page: PageRequest) -> Result<(Vec<Member>, u64), StoreError>;
    /// Changes a member row atomically; `None` when the member does not exist.
    async fn update_member(
        &self,
        id: u64,
        change: &(dyn for<'m> Fn(&'m mut Member) + Send + Sync),
    ) -> Result<Option<Member>, StoreError>;
    /// How many members are on a plan.
    async fn members_on_plan(&self, plan_id: u64) -> Result<u64, StoreError>;
    /// Whether any member is registered (one short read, however many there are).
    async fn has_members(&self) -> Result<bool, StoreError>;
}

/// Members' signed-in dashboard sessions, participants' portal passes and invitations to
/// register, kept under the
/// SHA-256 digest of their secret (see `auth::dashboard`, `domain::portal`). Not part of
/// backups: a restored database has everyone signed out.
#[async_trait]
pub trait SessionStore: Send + Sync {
    /// Keeps a new session, and forgets the member's sessions that expired before it began
    /// (so a member's count of them stays bounded by how often they sign in).
    async fn create_session(&self, digest: &[u8; 32], session: &DashboardSession) -> Result<(), StoreError>;
    /// The session under `digest`, expired or not (the caller checks [`DashboardSession::is_live`]).
    async fn dashboard_session(&self, digest: &[u8; 32]) -> Result<Option<DashboardSession>, StoreError>;
    /// Ends one session (signing out); `false` when there was none.
    async fn end_session(&self, digest: &[u8; 32]) -> Result<bool, StoreError>;
    /// Ends every session of the member (the account was disabled); how many there were.
    async fn end_sessions_of_member(&self, member_id: u64) -> Result<u64, StoreError>;
    /// Keeps a participant's portal pass (a sign-in link or a session) under `digest`, and
    /// forgets that participant's passes that expired before it was made.
    async fn create_portal_pass(&self, digest: &[u8; 32], pass: &PortalPass) -> Result<(), StoreError>;
    /// The pass under `digest`, expired or not (the caller checks [`PortalPass::admits`]).
    async fn portal_pass(&self, digest: &[u8; 32]) -> Result<Option<PortalPass>, StoreError>;
    /// Removes the pass under `digest` and answers what it was. Of any number of calls at
    /// once, from any number of servers, exactly one gets the pass: a sign-in link works once.
    async fn take_portal_pass(&self, digest: &[u8; 32]) -> Result<Option<PortalPass>, StoreError>;
    /// Keeps an invitation to register under `digest`, and forgets every invitation that
    /// expired before it was made.
    async fn create_invitation(&self, digest: &[u8; 32], invitation: &Invitation) -> Result<(), StoreError>;
    /// The invitation under `digest`, expired or not (the caller checks [`Invitation::admits`]).
    async fn invitation(&self, digest: &[u8; 32]) -> Result<Option<Invitation>, StoreError>;
    /// Removes the invitation under `digest` and answers what it was. Of any number of calls
    /// at once, from any number of servers, exactly one gets it: an invitation registers once.
    async fn take_invitation(&self, digest: &[u8; 32]) -> Result<Option<Invitation>, StoreError>;
    /// Keeps a password reset link under `digest`, and forgets every link that expired before
    /// it was made.
    async fn create_password_reset(&self, digest: &[u8; 32], reset: &PasswordReset) -> Result<(), StoreError>;
    /// The reset link under `digest`, expired or not (the caller checks
    /// [`PasswordReset::admits`]).
    async fn password_reset(&self, digest: &[u8; 32]) -> Result<Option<PasswordReset>, StoreError>;
    /// Removes the reset link under `digest` and answers what it was. Of any number of calls
    /// at once, from any number of servers, exactly one gets it: a link resets once.
    async fn take_password_reset(&self, digest: &[u8; 32]) -> Result<Option<PasswordReset>, StoreError>;
}

/// The subscription plans (a small reference table, seeded with the defaults on first start).
#[async_trait]
pub trait PlanStore: Send + Sync {
    /// Every plan, by id.
    async fn plans(&self) -> Result<Vec<Plan>, StoreError>;
    async fn plan(&self, id: u64) -> Result<Option<Plan>, StoreError>;
    /// Stores a plan (new or changed).
    async fn save_plan(&self, plan: &Plan) -> Result<(), StoreError>;
    /// Removes a plan; `false` when there was none.
    async fn remove_plan(&self, id: u64) -> Result<bool, StoreError>;
    /// An id for a new plan: one past the highest.
    async fn next_plan_id(&self) -> Result<u64, StoreError>;
}

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
    /// The campaign's participant this look-up finds (see [`EmailAddress::lookups`]; the
    /// campaign's rule is applied by [`participant_by_address`](super::participant_by_address)).
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

/// The first answers of idempotent requests (written by [`BrandSession::commit_idempotent`]).
#[async_trait]
pub trait IdempotencyStore: Send + Sync {
    /// The record under `key` (member id ++ SHA-256 of the `Idempotency-Key`).
    async fn idempotency_record(&self, key: &[u8]) -> Result<Option<IdempotencyRecord>, StoreError>;
}

/// Webhooks, the deliveries still to be made (the outbox) and the log of every attempt.
#[async_trait]
pub trait WebhookStore: Send + Sync {
    /// A member's active webhooks. A signup that starts after a webhook write returned sees it.
    async fn webhook_routes(&self, member_id: u64) -> Result<std::sync::Arc<Vec<WebhookRoute>>, StoreError>;
    async fn create_webhook(&self, webhook: &Webhook) -> Result<(), StoreError>;
    async fn webhook(&self, id: u64) -> Result<Option<Webhook>, StoreError>;
    /// The event `id`, as its deliveries send it (written with them by a decision).
    async fn event(&self, id: u64) -> Result<Option<crate::domain::event::Event>, StoreError>;
    /// The stored events that keep a copy of the participant, oldest first.
    async fn events_of_participant(&self, participant_id: u64) -> Result<Vec<crate::domain::event::Event>, StoreError>;
    async fn save_webhook(&self, webhook: &Webhook) -> Result<(), StoreError>;
    /// Removes a webhook with its pending deliveries and its log.
    async fn delete_webhook(&self, webhook: &Webhook) -> Result<(), StoreError>;
    /// A page of the member's webhooks, newest first, and their count.
    async fn webhooks_of_member(&self, member_id: u64, page: PageRequest) -> Result<(Vec<Webhook>, u64), StoreError>;
    /// Every webhook of the member (at most the per-member limit).
    async fn all_webhooks_of_member(&self, member_id: u64) -> Result<Vec<Webhook>, StoreError>;
    /// Every delivery still to be made.
    async fn pending_deliveries(&self) -> Result<Vec<PendingDelivery>, StoreError>;
    /// The deliveries no server is making, for the caller to make. On a database several
    /// servers share ([`Lifecycle::shared`]): those never leased or whose lease ran out (and,
    /// with `own_too`, those leased to this server: a restarted server takes its own back at
    /// once), each now leased to the caller until its due time (or now, if later) plus
    /// `lease`, soonest first, at most `limit`; a delivery a decision queues, or an attempt
    /// reschedules, is leased to the server that wrote it. On a store one server opens: every
    /// pending one.
    async fn claim_deliveries(
        &self,
        lease: std::time::Duration,
        limit: usize,
        own_too: bool,
    ) -> Result<Vec<PendingDelivery>, StoreError>;
    /// Extends the caller's leases on these deliveries to their due time (or now, if later)
    /// plus `lease`; nothing where the store is not shared.
    async fn renew_leases(&self, held: &[PendingDelivery], lease: std::time::Duration) -> Result<(), StoreError>;
    /// Whether `event_id` was ever meant for `webhook_id` (pending, or attempted).
    async fn delivery_known(&self, webhook_id: u64, event_id: u64) -> Result<bool, StoreError>;
    /// Number of attempts logged for a delivery.
    async fn attempts_made(&self, webhook_id: u64, event_id: u64) -> Result<u32, StoreError>;
    /// Queues a delivery (a new one, or a manual retry).
    async fn queue_delivery(&self, delivery: &PendingDelivery) -> Result<(), StoreError>;
    /// Forgets a pending delivery that can no longer be made.
    async fn remove_delivery(&self, webhook_id: u64, event_id: u64) -> Result<(), StoreError>;
    /// Logs finished attempts and replaces each one's pending delivery with what comes next
    /// (or removes it), all or nothing.
    async fn record_attempts(&self, finished: &[FinishedAttempt]) -> Result<(), StoreError>;
    /// A page of a webhook's attempts, newest first, and their count.
    async fn attempts_of_webhook(&self, webhook_id: u64, page: PageRequest) -> Result<(Vec<Attempt>, u64), StoreError>;
}

/// Emails to participants: the composed messages, the outbox and the delivery log. A
/// decision writes an email and its outbox entry ([`Write::Email`]); the mailer reads what is
/// due and records what became of each attempt.
#[async_trait]
pub trait EmailStore: Send + Sync {
    /// Outbox entries due at `now_ms` or before, soonest first, at most `limit`; answered
    /// once they are durable (an email is never sent for a decision a crash could undo).
    async fn due_emails(&self, now_ms: i64, limit: usize) -> Result<Vec<QueuedEmail>, StoreError>;
    /// What the mailer sends next: outbox entries due at `now_ms` or before that no one holds,
    /// soonest first, at most `limit`, each now held by the caller for `lease_ms` (or until its
    /// attempt is recorded). Of any number of claims at once, from any number of servers, each
    /// entry goes to one: an email is sent by one server, and taken over by another only once
    /// a server that died holding it has been gone for its lease. With `own_too` (a server's
    /// first look after it starts), what this server held when it stopped is taken back at
    /// once. Durable, as `due_emails`.
    async fn claim_emails(
        &self,
        now_ms: i64,
        limit: usize,
        lease_ms: i64,
        own_too: bool,
    ) -> Result<Vec<QueuedEmail>, StoreError>;
    /// The campaigns whose daily digest is on and not made yet for `day` (days since the Unix
    /// epoch, UTC). The brand's actor decides each one again (`engine::due_digest`): this is
    /// only where to look.
    async fn due_digests(&self, day: u32) -> Result<Vec<Campaign>, StoreError>;
    async fn outgoing_email(&self, campaign_id: u64, email_id: u64) -> Result<Option<OutgoingEmail>, StoreError>;
    /// Whether the participant unsubscribed from the campaign's emails.
    async fn unsubscribed(&self, campaign_id: u64, participant_id: u64) -> Result<bool, StoreError>;
    /// Logs finished attempts and replaces each one's outbox entry with what comes next (or
    /// removes it), all or nothing. An attempt whose email is gone only leaves the outbox.
    async fn record_email_attempts(&self, attempts: &[EmailAttempt]) -> Result<(), StoreError>;
    /// Sends the campaign's email `email_id` again if it failed: queued now, on a fresh retry
    /// schedule (`true`, and the record as it is now). In any other state (queued, sent,
    /// cancelled) nothing changes (`false`, and the record); an unknown email is `None`.
    /// However many ask at once, a failed email is queued once: the first to ask finds it
    /// failed, the others find it queued.
    async fn resend_failed_email(
        &self,
        campaign_id: u64,
        email_id: u64,
        now_ms: i64,
    ) -> Result<Option<(bool, EmailDelivery)>, StoreError>;
    /// A page of the campaign's emails, newest first, each with what became of it, and their
    /// count.
    async fn emails_of_campaign(
        &self,
        campaign_id: u64,
        page: PageRequest,
    ) -> Result<(Vec<(OutgoingEmail, EmailDelivery)>, u64), StoreError>;
    /// The emails to the participant, oldest first, each with what became of it.
    async fn emails_of_participant(
        &self,
        participant_id: u64,
    ) -> Result<Vec<(OutgoingEmail, EmailDelivery)>, StoreError>;
}

/// One brand's decision in progress: the engine reads the brand's committed data through it
/// ([`BrandReads`]), then the session commits the decision's writes, all or nothing (a
/// batch's session leaves the commit to its batch, see `batch.rs`).
///
/// Nothing else writes the brand's rows between the session's reads and its commit: that is
/// what the engine's exactly-once rules rest on. The embedded backend gets it from the
/// brand's actor deciding for it one decision at a time; a shared database holds a per-brand
/// lock from the session's first read to its end.
#[async_trait]
pub trait BrandSession: BrandReads<Error = StoreError> + Send + Sync {
    /// New ids for this decision, one of each kind asked for, in order (see
    /// [`DecisionStore::next_id`]). Taken through the session itself: a decision in progress
    /// never waits for a second connection to a shared database.
    async fn take_ids(&self, kinds: &[IdKind]) -> Result<Vec<u64>, StoreError>;
    /// The member's active webhooks, as this decision publishes to them (see
    /// [`WebhookStore::webhook_routes`]).
    async fn webhook_routes(&self, member_id: u64) -> Result<std::sync::Arc<Vec<WebhookRoute>>, StoreError>;
    /// The member whose API key has this digest ([`MemberStore::member_by_key_digest`]), as
    /// the decision sees it: a signup checks that the key it came with still names its member.
    async fn key_holder(&self, digest: &[u8; 32]) -> Result<Option<Member>, StoreError>;
    /// A plan ([`PlanStore::plan`]), as the decision sees it.
    async fn plan(&self, plan_id: u64) -> Result<Option<Plan>, StoreError>;
    /// The idempotency record under `key` ([`IdempotencyStore::idempotency_record`]), as this
    /// session sees it: with the records of the brand's decisions before it in the same
    /// transaction, not yet committed.
    async fn idempotency_record(&self, key: &[u8]) -> Result<Option<IdempotencyRecord>, StoreError>;
    /// Commits the writes (in order; a later write of the same row wins).
    async fn commit(self: Box<Self>, writes: &[Write]) -> Result<(), StoreError>;
    /// Commits the writes and the idempotency record together, unless a record under the
    /// same key exists: then nothing is written and that record comes back.
    async fn commit_idempotent(
        self: Box<Self>,
        writes: &[Write],
        idempotency: &IdempotencyWrite,
        record: &IdempotencyRecord,
    ) -> Result<Result<(), IdempotencyRecord>, StoreError>;
    /// Ends a session that writes nothing (a refusal, a replay). Dropping a session rolls
    /// back whatever it holds.
    async fn release(self: Box<Self>) {}
}

/// Leaderboards and contests, as kept by the engine's decisions (see `domain::leaderboard`).
#[async_trait]
pub trait StandingStore: Send + Sync {
    /// The first `limit` of a board who may be shown, best first: participants erased or
    /// blocked are passed over (the next ones move up). One ordered read, however many
    /// participants the campaign has.
    async fn leaderboard(
        &self,
        campaign_id: u64,
        board: Board,
        limit: usize,
    ) -> Result<Vec<(Participant, Standing)>, StoreError>;
    /// Rows `offset..offset + limit` of a board in rank order, as its owner sees it: nobody
    /// passed over (erased and blocked participants keep their place). Skips `offset` keys
    /// of the board's ordered index.
    async fn ranked(
        &self,
        campaign_id: u64,
        board: Board,
        offset: u64,
        limit: usize,
    ) -> Result<Vec<(Participant, Standing)>, StoreError>;
    /// The campaign's last recorded contest result.
    async fn contest_result(&self, campaign_id: u64) -> Result<Option<ContestResult>, StoreError>;
    /// Enabled contests whose window ended at or before `now_ms` and whose result is not
    /// recorded, soonest first (a few more may come back: a contest since turned off or
    /// moved, a campaign deleted; deciding their end settles them).
    async fn due_contests(&self, now_ms: i64, limit: usize) -> Result<Vec<DueContest>, StoreError>;
}

/// Waitlists, as kept by the engine's decisions (see `domain::waitlist`).
#[async_trait]
pub trait WaitlistStore: Send + Sync {
    /// Where the participant is in the campaign's waitlist: in line (position from 1 and how
    /// many are behind), admitted, or neither (none: no waitlist, or they left it). A few
    /// short reads, however long the line.
    async fn spot(&self, campaign_id: u64, participant_id: u64) -> Result<Option<Spot>, StoreError>;
    /// How many are in the campaign's line and how many were admitted, and its first
    /// `limit`, front first.
    async fn line(&self, campaign_id: u64, limit: usize) -> Result<Line, StoreError>;
}

/// Where engine decisions are made and committed (the brand's actor decides in a
/// [`Batch`](super::Batch), see `batch.rs`).
#[async_trait]
pub trait DecisionStore: Send + Sync {
    /// The next id of `kind`: unique within the kind, from 1 on a new database, one more
    /// than the last id of the kind handed out (across restarts too; a request that fails
    /// after taking one leaves a gap).
    async fn next_id(&self, kind: IdKind) -> Result<u64, StoreError>;
    /// Opens a decision session on one brand's data, which commits by itself (durable when
    /// its commit returns). A brand's decisions are its actor's, in batches; this is for
    /// the reads of one decision outside them (a test's, a tool's), holding the brand like
    /// a batch does.
    async fn session(&self, brand_id: u64) -> Result<Box<dyn BrandSession + '_>, StoreError>;
}

/// Consistent copies of the whole database.
#[async_trait]
pub trait BackupStore: Send + Sync {
    /// Writes a consistent snapshot into an unlinked temporary file, rewound and ready to
    /// stream, with how long writers waited for it.
    async fn snapshot(&self) -> Result<Snapshot, StoreError>;
}

/// The server secret's check value, health, and shutdown.
#[async_trait]
pub trait Lifecycle: Send + Sync {
    /// Whether writes are refused until a restart (a flush to disk failed).
    fn writes_stopped(&self) -> bool;
    /// Whether other servers may use this database at the same time (then each webhook
    /// delivery is leased to one of them, see [`WebhookStore::claim_deliveries`]).
    fn shared(&self) -> bool {
        false
    }
    /// Whether the database answers now (a database over the network may be away for a
    /// while; the embedded one is always here).
    async fn reachable(&self) -> Result<(), StoreError> {
        Ok(())
    }
    /// The check value of the server secret this database was written with; `None` for a new
    /// database.
    async fn secret_check(&self) -> Result<Option<Vec<u8>>, StoreError>;
    /// Records the check value of the server secret, durably.
    async fn record_secret_check(&self, check: &[u8]) -> Result<(), StoreError>;
    /// Whether anything here is sealed with the server secret (an API key or a webhook
    /// signing secret).
    async fn holds_sealed_data(&self) -> Result<bool, StoreError>;
    /// Drops what the backend keeps in memory for work that has stopped (the embedded one's
    /// coupon code indexes of imports that ended); called each minute.
    fn forget_idle(&self) {}
    /// Stops the store, once, when nothing more is asked of it (the brands' actors have
    /// committed their batches): makes every write durable and closes. A write asked after
    /// it is answered [`StoreError::Closed`] (or [`StoreError::Unavailable`], the connections
    /// gone).
    async fn close(&self) -> Result<(), StoreError>;
}
