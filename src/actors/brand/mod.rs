//! `BrandActor`: owns one brand's data and applies that brand's writes one message at a time:
//! brand changes, campaigns, coupon imports, signups, referral visits, invitations, reward
//! moves, conversions, erasures, blocks and the member's daily digests.
//!
//! The actor is the brand's one serialiser (see `deciding.rs`): a message that decides
//! something (a signup, a visit, a reward move, a conversion, ...) reads the brand and stages
//! its verdict in the brand's open batch before the next message is looked at, so no other
//! work of the brand interleaves between a decision's reads and its commit: that is what
//! the engine's exactly-once rules rest on. Changes of the brand and its campaigns run in
//! the brand's turn, after what the decisions before them wrote is durable. Every reply
//! arrives once what its work wrote is durable; the actor does not wait for the disk, so
//! the brand's next message is decided while the batch before it commits.

mod blocks;
mod contests;
mod conversions;
mod deciding;
mod digests;
mod error;
mod participants;
mod payouts;
mod promo_codes;
mod rewards;
mod sources;
mod waitlist;
pub use blocks::{BlockParticipant, Blocked};
pub use contests::{ContestEnded, EndContest};
pub use conversions::{Converted, RateCommissions, Rated, RecordConversion, RefundConversion, Refunded};
pub use digests::{ComposeDigest, StopDigest};
pub use error::BrandError;
pub use participants::{
    AddInvites, EraseParticipant, Erased, RecordVisit, SignedUp, Signup, SignupOutcome, Unsubscribe,
};
pub use payouts::{MovePayout, PayoutMoved, PayoutsRequested, RequestPayouts, SetPayoutDetails};
pub use promo_codes::{CreatePromoCode, DisablePromoCode};
pub use rewards::{ActOnReward, Moved, ReleaseHolds, Released};
pub use sources::{ConnectSource, ConnectStripe, KeepSourceCustomer};
pub use waitlist::{AdmitFromWaitlist, Admitted};

use actix::prelude::*;

use crate::domain::campaign::CampaignInput;
use crate::domain::counters::BrandTally;
use crate::domain::engine::{self, ImportOutcome, Moment};
use crate::domain::ids::IdKind;
use crate::domain::plan::{LimitReached, Quota};
use crate::domain::webhook::PendingDelivery;
use crate::domain::{now_rfc3339, Brand, Campaign, Plan, Publish, RewardType};
use crate::store::{AtLimit, BrandSession, SharedStorage};

/// The single writer of one brand's data.
pub struct BrandActor {
    brand: BrandData,
    /// Messages applied since this actor started; the order in which they were applied.
    applied: u64,
    /// The decisions made since the last commit (see `deciding.rs`).
    batch: Option<crate::store::Batch>,
    /// Resolves when the last commit started is over.
    in_flight: Option<tokio::sync::oneshot::Receiver<()>>,
    /// A decision is being made: the batch is with it.
    deciding: bool,
}

impl BrandActor {
    pub fn new(brand_id: u64, store: SharedStorage, settings: BrandSettings) -> Self {
        Self {
            brand: BrandData { brand_id, store, settings },
            applied: 0,
            batch: None,
            in_flight: None,
            deciding: false,
        }
    }
}

/// What every brand's actor is configured with.
#[derive(Debug, Clone)]
pub struct BrandSettings {
    /// How long one day of a campaign's `hold_days` lasts, in milliseconds.
    pub hold_day_ms: i64,
    /// Where emails' links point; `None` when the server sends no email (`[email]` off):
    /// then no email is composed, and none waits in an outbox nothing drains.
    pub mailing: Option<std::sync::Arc<engine::Mailing>>,
}

impl Default for BrandSettings {
    fn default() -> Self {
        Self { hold_day_ms: engine::DAY_MS, mailing: None }
    }
}

/// What a handler's work needs: the brand's id, the storage and the settings.
#[derive(Clone)]
struct BrandData {
    brand_id: u64,
    store: SharedStorage,
    settings: BrandSettings,
}

impl BrandData {
    /// Now, as the rules see it.
    fn moment(&self) -> Moment {
        Moment::now().with_hold_day_ms(self.settings.hold_day_ms)
    }

    /// The brand, if it exists and belongs to `member_id`.
    async fn owned_brand(&self, member_id: u64) -> Result<Brand, BrandError> {
        self.store.brand(self.brand_id).await?.filter(|b| b.member_id == member_id).ok_or(BrandError::NotFound("brand"))
    }

    /// The campaign, if it is one of this brand's and belongs to `member_id`.
    async fn owned_campaign(&self, campaign_id: u64, member_id: u64) -> Result<Campaign, BrandError> {
        self.store
            .campaign(campaign_id)
            .await?
            .filter(|c| c.brand_id == self.brand_id && c.member_id == member_id)
            .ok_or(BrandError::NotFound("campaign"))
    }

    /// Plan and token-network rules that a campaign's settings must satisfy.
    async fn check_entitlements(&self, campaign: &Campaign, paid_plan: bool) -> Result<(), BrandError> {
        if campaign.publish == Publish::Public && !paid_plan {
            return Err(BrandError::PlanRequired(
                "public campaigns need a paid plan; upgrade or use publish 'private'",
            ));
        }
        if campaign.reward_type == RewardType::Token {
            let linked = self.store.brand(self.brand_id).await?.is_some_and(|b| b.token_network.is_some());
            if !linked {
                return Err(BrandError::PlanRequired(
                    "token rewards (reward_type 4) are only available for brands linked to a token network",
                ));
            }
        }
        Ok(())
    }

    /// Publishes what a decision announced: the emails its campaign sends (see
    /// [`engine::compose_emails`]), and the events to the member's webhooks that hear them
    /// (see [`engine::publish`]). The writes to commit, and the deliveries to hand to the
    /// dispatcher once they are durable (the mailer finds its emails in the outbox).
    async fn publish(
        &self,
        session: &(dyn BrandSession + '_),
        member_id: u64,
        writes: Vec<engine::Write>,
        moment: &Moment,
    ) -> Result<(Vec<engine::Write>, Vec<PendingDelivery>), BrandError> {
        let mut emails = Vec::new();
        if let Some(mailing) = &self.settings.mailing {
            let wanted = engine::wanted_emails(session, &writes)?;
            if !wanted.is_empty() {
                let ids = session.take_ids(&vec![IdKind::Email; wanted.len()]).await?;
                // The owner's own words once they confirmed their address (on a server open
                // to anyone; see `http/email_confirmation.rs`): read outside the brand's data,
                // as the account is not the brand's.
                let owners_words = !mailing.owners_confirm
                    || self.store.member(member_id).await?.is_some_and(|m| m.email_confirmed_at.is_some());
                emails = engine::compose_emails(wanted, &ids, mailing, moment, owners_words);
            }
        }
        let routes = session.webhook_routes(member_id).await?;
        // Only events somebody hears: a commission's details cost a read.
        let writes = match routes.is_empty() {
            true => writes,
            false => engine::attach_commissions(session, writes)?,
        };
        let ids = session.take_ids(&vec![IdKind::Event; engine::to_publish(&writes, &routes)]).await?;
        for write in &writes {
            if let engine::Write::Announce { kind, .. } = write {
                crate::metrics::event(kind.name());
            }
        }
        let (mut writes, deliveries) = engine::publish(writes, &routes, &ids, moment);
        writes.extend(emails);
        Ok((writes, deliveries))
    }
}

impl Actor for BrandActor {
    type Context = Context<Self>;

    fn started(&mut self, _ctx: &mut Self::Context) {
        tracing::debug!(brand_id = self.brand.brand_id, "brand actor started");
    }
}

/// Asks the actor which position this message took in the order it applies messages: the
/// number of messages it has applied, this one included. Cheap; used to check liveness and
/// that one brand's messages are applied strictly one after another, in arrival order.
#[derive(Debug, Message)]
#[rtype(result = "Applied")]
pub struct Probe;

/// Answer to [`Probe`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, MessageResponse)]
pub struct Applied {
    pub brand_id: u64,
    pub sequence: u64,
}

impl Handler<Probe> for BrandActor {
    type Result = Applied;

    fn handle(&mut self, _msg: Probe, _ctx: &mut Self::Context) -> Applied {
        self.applied += 1;
        Applied { brand_id: self.brand.brand_id, sequence: self.applied }
    }
}

/// Changes a brand's description, logo or lander background.
#[derive(Debug, Message)]
#[rtype(result = "Result<Brand, BrandError>")]
pub struct UpdateBrand {
    pub member_id: u64,
    pub description: Option<String>,
    /// `Some(None)` removes the logo.
    pub logo_url: Option<Option<String>>,
    pub background_url: Option<Option<String>>,
}

impl Handler<UpdateBrand> for BrandActor {
    type Result = ResponseFuture<Result<Brand, BrandError>>;

    fn handle(&mut self, msg: UpdateBrand, ctx: &mut Self::Context) -> Self::Result {
        self.in_turn(ctx, |brand| async move {
            let mut stored = brand.owned_brand(msg.member_id).await?;
            if let Some(description) = msg.description {
                stored.description = description;
            }
            if let Some(logo_url) = msg.logo_url {
                stored.logo_url = logo_url;
            }
            if let Some(background_url) = msg.background_url {
                stored.background_url = background_url;
            }
            brand.store.save_brand(&stored).await?;
            Ok(stored)
        })
    }
}

/// Deletes a brand and, first, each of its campaigns with everything under them.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), BrandError>")]
pub struct DeleteBrand {
    pub member_id: u64,
}

impl Handler<DeleteBrand> for BrandActor {
    type Result = ResponseFuture<Result<(), BrandError>>;

    fn handle(&mut self, msg: DeleteBrand, ctx: &mut Self::Context) -> Self::Result {
        self.in_turn(ctx, |brand| async move {
            let stored = brand.owned_brand(msg.member_id).await?;
            for campaign_id in brand.store.campaign_ids_of_brand(stored.id).await? {
                if let Some(campaign) = brand.store.campaign(campaign_id).await? {
                    brand.store.delete_campaign(&campaign).await?;
                }
            }
            brand.store.remove_brand(&stored).await?;
            // The actor keeps running: a message already on its way would otherwise fail with
            // a closed mailbox (a 500); with the brand gone, every later message answers not
            // found.
            Ok(())
        })
    }
}

/// Stores a new, validated campaign on this brand.
#[derive(Debug, Message)]
#[rtype(result = "Result<Campaign, BrandError>")]
pub struct CreateCampaign {
    pub campaign: Campaign,
    /// The member's plan: whether it is paid, and its campaign limit.
    pub plan: Plan,
}

impl Handler<CreateCampaign> for BrandActor {
    type Result = ResponseFuture<Result<Campaign, BrandError>>;

    fn handle(&mut self, msg: CreateCampaign, ctx: &mut Self::Context) -> Self::Result {
        self.in_turn(ctx, |brand| async move {
            brand.owned_brand(msg.campaign.member_id).await?;
            brand.check_entitlements(&msg.campaign, msg.plan.paid).await?;
            let limit = Quota::Campaigns.of(&msg.plan.limits);
            if let Err(AtLimit) = brand.store.create_campaign(&msg.campaign, limit).await? {
                return Err(BrandError::LimitReached(LimitReached::of(Quota::Campaigns, &msg.plan)));
            }
            Ok(msg.campaign)
        })
    }
}

/// Applies a `PUT /campaigns/:id` body to the campaign as it is now.
#[derive(Debug, Message)]
#[rtype(result = "Result<Campaign, BrandError>")]
pub struct UpdateCampaign {
    pub campaign_id: u64,
    pub member_id: u64,
    pub input: CampaignInput,
    pub paid_plan: bool,
}

impl Handler<UpdateCampaign> for BrandActor {
    type Result = ResponseFuture<Result<Campaign, BrandError>>;

    fn handle(&mut self, msg: UpdateCampaign, ctx: &mut Self::Context) -> Self::Result {
        self.in_turn(ctx, |brand| async move {
            let before = brand.owned_campaign(msg.campaign_id, msg.member_id).await?;
            let mut campaign = before.clone();
            campaign.apply(&msg.input, &now_rfc3339())?;
            brand.check_entitlements(&campaign, msg.paid_plan).await?;
            // The board first: a crash between the two leaves a board no campaign names yet,
            // built again by the next save.
            brand.build_contest_board(&before, &campaign).await?;
            brand.build_line(&before, &campaign).await?;
            brand.store.save_campaign(&campaign).await?;
            brand.drop_line(&before, &campaign).await?;
            Ok(campaign)
        })
    }
}

/// Deletes a campaign and everything under it (participants, referral edges, coupons,
/// rewards, counters, visits, invitations).
#[derive(Debug, Message)]
#[rtype(result = "Result<(), BrandError>")]
pub struct DeleteCampaign {
    pub campaign_id: u64,
    pub member_id: u64,
}

impl Handler<DeleteCampaign> for BrandActor {
    type Result = ResponseFuture<Result<(), BrandError>>;

    fn handle(&mut self, msg: DeleteCampaign, ctx: &mut Self::Context) -> Self::Result {
        self.in_turn(ctx, |brand| async move {
            let campaign = brand.owned_campaign(msg.campaign_id, msg.member_id).await?;
            brand.store.delete_campaign(&campaign).await?;
            Ok(())
        })
    }
}

/// Adds coupon codes to a campaign's pool and fills pending coupon rewards, oldest first.
#[derive(Debug, Message)]
#[rtype(result = "Result<Imported, BrandError>")]
pub struct ImportCoupons {
    pub campaign_id: u64,
    pub member_id: u64,
    pub codes: Vec<String>,
}

/// What an upload did, and the deliveries of the rewards it issued.
#[derive(Debug)]
pub struct Imported {
    pub outcome: ImportOutcome,
    /// To hand to the dispatcher once the upload is durable.
    pub deliveries: Vec<PendingDelivery>,
}

impl Handler<ImportCoupons> for BrandActor {
    type Result = ResponseFuture<Result<Imported, BrandError>>;

    /// One decision a chunk of codes, decided one after another (a batch takes up to
    /// [`crate::store::MOST_DECISIONS`] of them).
    fn handle(&mut self, msg: ImportCoupons, ctx: &mut Self::Context) -> Self::Result {
        let mut chunks: Vec<Vec<String>> = msg.codes.chunks(engine::IMPORT_CHUNK).map(<[String]>::to_vec).collect();
        if chunks.is_empty() {
            // Still decided: an upload of no codes to another member's campaign is not found.
            chunks.push(Vec::new());
        }
        let (campaign_id, member_id) = (msg.campaign_id, msg.member_id);
        let works = chunks.into_iter().map(|chunk| {
            deciding::working(move |brand, session| {
                Box::pin(async move {
                    let campaign = brand.owned_campaign(campaign_id, member_id).await?;
                    let moment = brand.moment();
                    let (outcome, writes) = engine::decide_import(session, &campaign, &chunk, &moment)?;
                    let (writes, deliveries) = brand.publish(session, campaign.member_id, writes, &moment).await?;
                    Ok((writes, Imported { outcome, deliveries }))
                })
            })
        });
        let decided = self.decide_each(ctx, works.collect());
        Box::pin(async move {
            let mut total = Imported { outcome: ImportOutcome::default(), deliveries: Vec::new() };
            for chunk in decided {
                let imported = chunk.await?;
                total.outcome.add(imported.outcome);
                total.deliveries.extend(imported.deliveries);
            }
            Ok(total)
        })
    }
}

/// Configures the campaign's lander: the current one (or the default) with the input applied.
#[derive(Debug, Message)]
#[rtype(result = "Result<crate::domain::lander::Lander, BrandError>")]
pub struct SetLander {
    pub campaign_id: u64,
    pub member_id: u64,
    pub input: crate::domain::lander::LanderInput,
}

impl Handler<SetLander> for BrandActor {
    type Result = ResponseFuture<Result<crate::domain::lander::Lander, BrandError>>;

    fn handle(&mut self, msg: SetLander, ctx: &mut Self::Context) -> Self::Result {
        self.in_turn(ctx, |brand| async move {
            let campaign = brand.owned_campaign(msg.campaign_id, msg.member_id).await?;
            let stored = brand.store.lander(campaign.id).await?;
            let (mut lander, _) = crate::domain::lander::Lander::configured_or_default(stored, &campaign);
            lander.apply(&msg.input, &now_rfc3339())?;
            brand.store.save_lander(campaign.id, &lander).await?;
            Ok(lander)
        })
    }
}

/// Adds the click, impression and share counts gathered since the last hand-over (see
/// `tallies.rs`). Counts for campaigns or participants that are gone are dropped.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), BrandError>")]
pub struct ApplyTallies(pub BrandTally);

impl Handler<ApplyTallies> for BrandActor {
    type Result = ResponseFuture<Result<(), BrandError>>;

    fn handle(&mut self, msg: ApplyTallies, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let writes = engine::decide_tallies(session, brand.brand_id, &msg.0, &engine::Moment::now())?;
                Ok((writes, ()))
            })
        })
    }
}

/// Links the brand to a token network, or unlinks it (`None`), as an operator does through
/// the admin API. Token rewards (reward_type 4) need a linked brand.
#[derive(Debug, Message)]
#[rtype(result = "Result<Brand, BrandError>")]
pub struct SetTokenNetwork {
    pub network: Option<String>,
}

impl Handler<SetTokenNetwork> for BrandActor {
    type Result = ResponseFuture<Result<Brand, BrandError>>;

    fn handle(&mut self, msg: SetTokenNetwork, ctx: &mut Self::Context) -> Self::Result {
        self.in_turn(ctx, |brand| async move {
            let mut stored = brand.store.brand(brand.brand_id).await?.ok_or(BrandError::NotFound("brand"))?;
            stored.token_network = msg.network;
            brand.store.save_brand(&stored).await?;
            Ok(stored)
        })
    }
}
