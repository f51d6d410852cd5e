//! `BrandActor`: owns one brand's data and applies that brand's writes one message at a time:
//! brand changes, campaigns, coupon imports, signups, referral visits and invitations.
//!
//! Handlers are load, decide, commit: the referral engine (`domain::engine`) reads the
//! brand's committed data and decides; the store commits the decision's writes atomically.
//! They are synchronous, with no `.await` in between, so no other message of the brand can
//! interleave: that is what the engine's exactly-once rules rest on. They do not wait for the
//! disk; the caller awaits the group commit after the reply.

use actix::prelude::*;

use crate::domain::campaign::CampaignInput;
use crate::domain::counters::BrandTally;
use crate::domain::engine::{
    self, ImportOutcome, Moment, NewParticipant, ReferralEdge, Signed, SignupDecision, SignupIds, SignupRefusal, Visit,
};
use crate::domain::{now_rfc3339, Brand, Campaign, EmailAddress, Invite, Publish, RewardType, ValidationError};
use crate::store::{IdempotencyRecord, IdempotencyWrite, IdempotentOutcome, Store, StoreError};

/// The single writer of one brand's data.
pub struct BrandActor {
    brand_id: u64,
    store: Store,
    /// Messages applied since this actor started; the order in which they were applied.
    applied: u64,
}

impl BrandActor {
    pub fn new(brand_id: u64, store: Store) -> Self {
        Self { brand_id, store, applied: 0 }
    }

    /// The brand, if it exists and belongs to `member_id`.
    fn owned_brand(&self, member_id: u64) -> Result<Brand, BrandError> {
        self.store.brand(self.brand_id)?.filter(|b| b.member_id == member_id).ok_or(BrandError::NotFound("brand"))
    }

    /// The campaign, if it is one of this brand's and belongs to `member_id`.
    fn owned_campaign(&self, campaign_id: u64, member_id: u64) -> Result<Campaign, BrandError> {
        self.store
            .campaign(campaign_id)?
            .filter(|c| c.brand_id == self.brand_id && c.member_id == member_id)
            .ok_or(BrandError::NotFound("campaign"))
    }

    /// Plan and token-network rules that a campaign's settings must satisfy.
    fn check_entitlements(&self, campaign: &Campaign, paid_plan: bool) -> Result<(), BrandError> {
        if campaign.publish == Publish::Public && !paid_plan {
            return Err(BrandError::PlanRequired(
                "public campaigns need a paid plan; upgrade or use publish 'private'",
            ));
        }
        if campaign.reward_type == RewardType::Token {
            let linked = self.store.brand(self.brand_id)?.is_some_and(|b| b.token_network.is_some());
            if !linked {
                return Err(BrandError::PlanRequired(
                    "token rewards (reward_type 4) are only available for brands linked to a token network",
                ));
            }
        }
        Ok(())
    }
}

impl Actor for BrandActor {
    type Context = Context<Self>;

    fn started(&mut self, _ctx: &mut Self::Context) {
        tracing::debug!(brand_id = self.brand_id, "brand actor started");
    }
}

/// Why a brand operation was refused. Mapped to HTTP once, in `http::error`.
#[derive(Debug, thiserror::Error)]
pub enum BrandError {
    /// Missing, or owned by another member (never revealed).
    #[error("{0} not found")]
    NotFound(&'static str),
    #[error(transparent)]
    Invalid(#[from] ValidationError),
    /// The member's plan (or the brand's token link) does not allow this.
    #[error("{0}")]
    PlanRequired(&'static str),
    /// The referral code names nothing usable in this member's campaigns.
    #[error("referral_code is not a valid referral code")]
    InvalidReferral,
    #[error("a participant cannot refer themselves")]
    SelfReferral,
    #[error("this email is already a participant of the campaign")]
    EmailTaken,
    #[error("this domain already belongs to a participant of the campaign")]
    DomainTaken,
    #[error("this Idempotency-Key was already used with a different request")]
    IdempotencyConflict,
    #[error(transparent)]
    Store(#[from] StoreError),
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
        Applied { brand_id: self.brand_id, sequence: self.applied }
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
    type Result = Result<Brand, BrandError>;

    fn handle(&mut self, msg: UpdateBrand, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        let mut brand = self.owned_brand(msg.member_id)?;
        if let Some(description) = msg.description {
            brand.description = description;
        }
        if let Some(logo_url) = msg.logo_url {
            brand.logo_url = logo_url;
        }
        if let Some(background_url) = msg.background_url {
            brand.background_url = background_url;
        }
        self.store.save_brand(&brand)?;
        Ok(brand)
    }
}

/// Deletes a brand and, first, each of its campaigns with everything under them.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), BrandError>")]
pub struct DeleteBrand {
    pub member_id: u64,
}

impl Handler<DeleteBrand> for BrandActor {
    type Result = Result<(), BrandError>;

    fn handle(&mut self, msg: DeleteBrand, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        let brand = self.owned_brand(msg.member_id)?;
        for campaign_id in self.store.campaign_ids_of_brand(brand.id)? {
            if let Some(campaign) = self.store.campaign(campaign_id)? {
                self.store.delete_campaign(&campaign)?;
            }
        }
        self.store.remove_brand(&brand)?;
        // The actor keeps running: a message already on its way would otherwise fail with a
        // closed mailbox (a 500); with the brand gone, every later message answers not found.
        Ok(())
    }
}

/// Stores a new, validated campaign on this brand.
#[derive(Debug, Message)]
#[rtype(result = "Result<Campaign, BrandError>")]
pub struct CreateCampaign {
    pub campaign: Campaign,
    pub paid_plan: bool,
}

impl Handler<CreateCampaign> for BrandActor {
    type Result = Result<Campaign, BrandError>;

    fn handle(&mut self, msg: CreateCampaign, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        self.owned_brand(msg.campaign.member_id)?;
        self.check_entitlements(&msg.campaign, msg.paid_plan)?;
        self.store.create_campaign(&msg.campaign)?;
        Ok(msg.campaign)
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
    type Result = Result<Campaign, BrandError>;

    fn handle(&mut self, msg: UpdateCampaign, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        let mut campaign = self.owned_campaign(msg.campaign_id, msg.member_id)?;
        campaign.apply(&msg.input, &now_rfc3339())?;
        self.check_entitlements(&campaign, msg.paid_plan)?;
        self.store.save_campaign(&campaign)?;
        Ok(campaign)
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
    type Result = Result<(), BrandError>;

    fn handle(&mut self, msg: DeleteCampaign, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        let campaign = self.owned_campaign(msg.campaign_id, msg.member_id)?;
        self.store.delete_campaign(&campaign)?;
        Ok(())
    }
}

/// Adds coupon codes to a campaign's pool and fills pending coupon rewards, oldest first.
#[derive(Debug, Message)]
#[rtype(result = "Result<ImportOutcome, BrandError>")]
pub struct ImportCoupons {
    pub campaign_id: u64,
    pub member_id: u64,
    pub codes: Vec<String>,
}

impl Handler<ImportCoupons> for BrandActor {
    type Result = Result<ImportOutcome, BrandError>;

    fn handle(&mut self, msg: ImportCoupons, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        let campaign = self.owned_campaign(msg.campaign_id, msg.member_id)?;
        let moment = Moment::now();
        let mut total = ImportOutcome::default();
        for chunk in msg.codes.chunks(engine::IMPORT_CHUNK) {
            let (outcome, writes) = engine::decide_import(&self.store, &campaign, chunk, &moment)?;
            self.store.commit(&writes)?;
            total.add(outcome);
        }
        Ok(total)
    }
}

/// Signs a participant up to a campaign, with or without a referral, and applies the goal
/// and reward rules.
#[derive(Debug, Message)]
#[rtype(result = "Result<SignupOutcome, BrandError>")]
pub struct Signup {
    pub campaign_id: u64,
    pub member_id: u64,
    pub who: NewParticipant,
    pub referral: Option<ReferralEdge>,
    pub idempotency: Option<IdempotencyWrite>,
}

/// What a signup did.
#[derive(Debug)]
pub enum SignupOutcome {
    /// A new participant (and any rewards the signup earned).
    Created(Box<Signed>),
    /// A referral signup for someone who already has an inviter: nothing changed.
    AlreadyReferred { participant: Box<crate::domain::Participant>, by_same_referrer: bool },
    /// The first answer of this idempotent request.
    Replay(IdempotencyRecord),
}

impl BrandActor {
    /// The webhooks that get a signup event of `campaign`.
    fn webhooks_for(&self, campaign: &crate::domain::Campaign) -> Result<Vec<u64>, BrandError> {
        let routes = self.store.webhook_routes(campaign.member_id)?;
        Ok(routes.iter().filter(|r| r.covers(campaign.id)).map(|r| r.webhook_id).collect())
    }
}

/// The stored first answer for a reused key: a replay when the request is the same, a
/// conflict when it is another.
fn replay_or_conflict(record: IdempotencyRecord, write: &IdempotencyWrite) -> Result<SignupOutcome, BrandError> {
    if record.request_hash == write.request_hash {
        Ok(SignupOutcome::Replay(record))
    } else {
        Err(BrandError::IdempotencyConflict)
    }
}

impl Handler<Signup> for BrandActor {
    type Result = Result<SignupOutcome, BrandError>;

    fn handle(&mut self, msg: Signup, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        let campaign = self.owned_campaign(msg.campaign_id, msg.member_id)?;
        if let Some(write) = &msg.idempotency {
            if let Some(record) = self.store.idempotency_record(&write.key)? {
                return replay_or_conflict(record, write);
            }
        }
        let ids = SignupIds {
            participant: self.store.next_id()?,
            referrer_reward: self.store.next_id()?,
            invited_reward: self.store.next_id()?,
        };
        let webhooks = self.webhooks_for(&campaign)?;
        let moment = Moment::now();
        let decision = engine::decide_signup(&self.store, &campaign, &msg.who, msg.referral, ids, &webhooks, &moment)?;
        let (signed, writes) = match decision.map_err(BrandError::from)? {
            SignupDecision::Created { signed, writes } => (signed, writes),
            SignupDecision::AlreadyReferred { participant, by_same_referrer } => {
                return Ok(SignupOutcome::AlreadyReferred { participant, by_same_referrer })
            }
        };
        let Some(write) = &msg.idempotency else {
            self.store.commit(&writes)?;
            return Ok(SignupOutcome::Created(signed));
        };
        let record = IdempotencyRecord {
            request_hash: write.request_hash,
            created_at: moment.at,
            outcome: IdempotentOutcome::Signed(signed.clone()),
        };
        match self.store.commit_idempotent(&writes, write, &record)? {
            Ok(()) => Ok(SignupOutcome::Created(signed)),
            Err(existing) => replay_or_conflict(existing, write),
        }
    }
}

impl From<SignupRefusal> for BrandError {
    fn from(refusal: SignupRefusal) -> Self {
        match refusal {
            SignupRefusal::EmailTaken => BrandError::EmailTaken,
            SignupRefusal::InvalidReferral => BrandError::InvalidReferral,
            SignupRefusal::SelfReferral => BrandError::SelfReferral,
            SignupRefusal::DomainTaken => BrandError::DomainTaken,
        }
    }
}

/// Records invitations a participant sent by email.
#[derive(Debug, Message)]
#[rtype(result = "Result<Vec<Invite>, BrandError>")]
pub struct AddInvites {
    pub participant_id: u64,
    pub member_id: u64,
    pub emails: Vec<EmailAddress>,
}

impl Handler<AddInvites> for BrandActor {
    type Result = Result<Vec<Invite>, BrandError>;

    fn handle(&mut self, msg: AddInvites, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        let participant = self
            .store
            .participant(msg.participant_id)?
            .filter(|p| p.brand_id == self.brand_id && p.member_id == msg.member_id)
            .ok_or(BrandError::NotFound("participant"))?;
        let ids = msg.emails.iter().map(|_| self.store.next_id()).collect::<Result<Vec<_>, _>>()?;
        let (invites, writes) = engine::decide_invites(&self.store, &participant, &msg.emails, &ids, &now_rfc3339())?;
        self.store.commit(&writes)?;
        Ok(invites)
    }
}

/// Records a visit of a participant's referral link (a click, a unique visit once per
/// visitor, and the reward a `visit` goal earns).
#[derive(Debug, Message)]
#[rtype(result = "Result<Option<Visit>, BrandError>")]
pub struct RecordVisit {
    pub campaign_id: u64,
    pub participant_id: u64,
    /// Digest identifying the visitor (cookie, or address and user agent).
    pub visitor: [u8; 16],
}

impl Handler<RecordVisit> for BrandActor {
    type Result = Result<Option<Visit>, BrandError>;

    fn handle(&mut self, msg: RecordVisit, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        let Some(campaign) = self.store.campaign(msg.campaign_id)?.filter(|c| c.brand_id == self.brand_id) else {
            return Ok(None);
        };
        let reward_id = self.store.next_id()?;
        let decided =
            engine::decide_visit(&self.store, &campaign, msg.participant_id, msg.visitor, reward_id, &Moment::now())?;
        let Some((visit, writes)) = decided else { return Ok(None) };
        self.store.commit(&writes)?;
        Ok(Some(visit))
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
    type Result = Result<crate::domain::lander::Lander, BrandError>;

    fn handle(&mut self, msg: SetLander, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        let campaign = self.owned_campaign(msg.campaign_id, msg.member_id)?;
        let (mut lander, _) = self.store.lander_or_default(&campaign)?;
        lander.apply(&msg.input, &now_rfc3339())?;
        self.store.save_lander(campaign.id, &lander)?;
        Ok(lander)
    }
}

/// Adds the click, impression and share counts gathered since the last hand-over (see
/// `tallies.rs`). Counts for campaigns or participants that are gone are dropped.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), BrandError>")]
pub struct ApplyTallies(pub BrandTally);

impl Handler<ApplyTallies> for BrandActor {
    type Result = Result<(), BrandError>;

    fn handle(&mut self, msg: ApplyTallies, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        let writes = engine::decide_tallies(&self.store, self.brand_id, &msg.0)?;
        Ok(self.store.commit(&writes)?)
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
    type Result = Result<Brand, BrandError>;

    fn handle(&mut self, msg: SetTokenNetwork, _ctx: &mut Self::Context) -> Self::Result {
        self.applied += 1;
        let mut brand = self.store.brand(self.brand_id)?.ok_or(BrandError::NotFound("brand"))?;
        brand.token_network = msg.network;
        self.store.save_brand(&brand)?;
        Ok(brand)
    }
}
