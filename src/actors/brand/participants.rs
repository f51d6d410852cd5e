//! The brand actor's messages about participants: a signup (with or without a referral, with
//! its rewards, its webhook deliveries and its idempotency record), invitations sent by email,
//! visits of a referral link, the erasure of a person, and unsubscribing from emails.

use actix::prelude::*;

use super::{BrandActor, BrandData, BrandError};
use crate::domain::engine::{
    self, Moment, NewParticipant, Owner, ReadAhead, ReferralEdge, Signed, SignupDecision, SignupIds, SignupRefusal,
    Visit,
};
use crate::domain::ids::IdKind;
use crate::domain::plan::{LimitReached, Quota};
use crate::domain::{now_rfc3339, Campaign, EmailAddress, Invite, Plan};
use crate::store::{
    BrandSession, Claim, IdempotencyRecord, IdempotencyWrite, IdempotentOutcome, SignupLearned, Verdict,
};

/// Signs a participant up to a campaign, with or without a referral, and applies the goal
/// and reward rules.
#[derive(Debug, Message)]
#[rtype(result = "SignedUp")]
pub struct Signup {
    /// The campaign as the request's server last saw it: it names the decision's reads ahead,
    /// and the decision reads it again under the brand's lock.
    pub campaign: std::sync::Arc<Campaign>,
    pub member_id: u64,
    pub who: NewParticipant,
    pub referral: Option<ReferralEdge>,
    pub idempotency: Option<IdempotencyWrite>,
    /// The campaign owner's plan as the request knew it: its participant limit applies. The
    /// decision reads the plan itself, under the plan id of the member its key names.
    pub plan_id: u64,
    /// The SHA-256 digest of the API key the request came with, when it came with one alone:
    /// the decision checks that it still names `member_id` and that the member is not
    /// disabled (the request's server may have known the key from before).
    pub key: Option<[u8; 32]>,
}

/// What a signup did, once it is durable.
#[derive(Debug)]
pub struct SignedUp {
    pub outcome: Result<SignupOutcome, BrandError>,
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

/// The stored first answer for a reused key: a replay when the request is the same, a
/// conflict when it is another.
fn replay_or_conflict(record: IdempotencyRecord, write: &IdempotencyWrite) -> Result<SignupOutcome, BrandError> {
    if record.request_hash == write.request_hash {
        Ok(SignupOutcome::Replay(record))
    } else {
        Err(BrandError::IdempotencyConflict)
    }
}

/// A signup's decision: the writes to commit and the participant they sign up, or an outcome
/// that writes nothing.
type Decided = Result<(Box<Signed>, Vec<engine::Write>), SignupOutcome>;

impl Handler<Signup> for BrandActor {
    type Result = ResponseFuture<SignedUp>;

    /// Decided in the brand's open batch: a busy brand's signups share its commit.
    fn handle(&mut self, msg: Signup, ctx: &mut Self::Context) -> Self::Result {
        let moment = self.brand.moment();
        let ahead = reads_ahead(&msg, &moment);
        let signed = self.judge(ctx, ahead, move |brand, session| {
            Box::pin(async move { signing_up(&brand, session, &msg, &moment).await })
        });
        Box::pin(async move { SignedUp { outcome: signed.await.unwrap_or_else(|e| Err(e.into())) } })
    }
}

/// The reads a signup will make, fetched with the brand's lock in one round trip on a
/// database over the network.
fn reads_ahead(msg: &Signup, moment: &Moment) -> Vec<ReadAhead> {
    let mut ahead = engine::signup_reads(&msg.campaign, &msg.who.email, msg.referral, moment);
    ahead.extend(msg.key.map(ReadAhead::KeyHolder));
    ahead.push(ReadAhead::Plan(msg.plan_id));
    ahead
}

/// A signup's verdict: its writes, claimed with its idempotency record when the request has
/// a key; or an outcome that writes nothing. Either way, what the decision found that this
/// server's next signup should start from.
async fn signing_up(
    brand: &BrandData,
    session: &(dyn BrandSession + '_),
    msg: &Signup,
    moment: &Moment,
) -> Verdict<Result<SignupOutcome, BrandError>> {
    let mut read = None;
    let decided = decide(brand, session, msg, moment, &mut read).await;
    let learned = SignupLearned {
        campaign_id: msg.campaign.id,
        campaign: match (&decided, read) {
            (_, Some(campaign)) => Some(Some(*campaign)),
            (Err(BrandError::NotFound(_)), None) => Some(None),
            _ => None,
        },
        refused_key: msg.key.filter(|_| matches!(decided, Err(BrandError::KeyRevoked))),
    };
    let (signed, writes) = match decided {
        Ok(Ok(decided)) => decided,
        Ok(Err(outcome)) => return Verdict::nothing(Ok(outcome)).learning(learned),
        Err(refused) => return Verdict::nothing(Err(refused)).learning(learned),
    };
    let Some(key) = msg.idempotency.clone() else {
        return Verdict::write(writes, Ok(SignupOutcome::Created(signed))).learning(learned);
    };
    let record = IdempotencyRecord {
        request_hash: key.request_hash,
        created_at: moment.at.clone(),
        outcome: IdempotentOutcome::Signed(signed.clone()),
    };
    // Another request with the key committed first (through another brand, or server).
    let write = key.clone();
    let instead = Box::new(move |existing| replay_or_conflict(existing, &write));
    Verdict::write(writes, Ok(SignupOutcome::Created(signed)))
        .claiming(Claim { key, record, instead })
        .learning(learned)
}

async fn decide(
    brand: &BrandData,
    session: &(dyn BrandSession + '_),
    msg: &Signup,
    moment: &Moment,
    read: &mut Option<Box<Campaign>>,
) -> Result<Decided, BrandError> {
    let plan = owner_plan(session, msg).await?;
    // Looked up through the session, which sees the records of the brand's decisions before
    // this one in the same transaction, not yet committed.
    if let Some(write) = &msg.idempotency {
        if let Some(record) = session.idempotency_record(&write.key).await? {
            return replay_or_conflict(record, write).map(Err);
        }
    }
    let campaign = session
        .campaign(msg.campaign.id)?
        .filter(|c| c.brand_id == brand.brand_id && c.member_id == msg.member_id)
        .ok_or(BrandError::NotFound("campaign"))?;
    if campaign != *msg.campaign {
        *read = Some(Box::new(campaign.clone()));
    }
    // A known email creates nothing (the engine refuses it or names its inviter before any
    // id is used): taking no ids for it keeps the sequences free of the gaps that returning
    // visitors would otherwise leave.
    let ids = if engine::participant_id_by_address(session, &campaign, &msg.who.email)?.is_some() {
        SignupIds { participant: 0, referrer_reward: 0, invited_reward: 0 }
    } else {
        let ids = session.take_ids(&engine::SIGNUP_IDS).await?;
        SignupIds { participant: ids[0], referrer_reward: ids[1], invited_reward: ids[2] }
    };
    let owner = Owner { participant_limit: plan.limits.participants };
    let decision = engine::decide_signup(session, &campaign, &msg.who, msg.referral, ids, &owner, moment)?;
    let (mut signed, writes) = match decision.map_err(|refusal| BrandError::refused_signup(refusal, &plan))? {
        SignupDecision::Created { signed, writes } => (signed, writes),
        SignupDecision::AlreadyReferred { participant, by_same_referrer } => {
            return Ok(Err(SignupOutcome::AlreadyReferred { participant, by_same_referrer }))
        }
    };
    let (writes, deliveries) = brand.publish(session, campaign.member_id, writes, moment).await?;
    signed.deliveries = deliveries;
    Ok(Ok((signed, writes)))
}

/// The campaign owner's plan, read in the decision. A signup that came with an API key alone
/// is refused unless the key still names its member, who is not disabled: that member's plan
/// applies. A plan missing from the store counts as unlimited (see `Plan::missing`).
async fn owner_plan(session: &(dyn BrandSession + '_), msg: &Signup) -> Result<Plan, BrandError> {
    let plan_id = match &msg.key {
        Some(digest) => {
            let holder = session.key_holder(digest).await?;
            holder.filter(|m| m.id == msg.member_id && !m.disabled).ok_or(BrandError::KeyRevoked)?.plan_id
        }
        None => msg.plan_id,
    };
    Ok(session.plan(plan_id).await?.unwrap_or_else(|| Plan::missing(plan_id)))
}

impl BrandError {
    /// A signup the engine refused, for the owner on `plan`.
    fn refused_signup(refusal: SignupRefusal, plan: &Plan) -> Self {
        match refusal {
            SignupRefusal::EmailTaken => BrandError::EmailTaken,
            SignupRefusal::InvalidReferral => BrandError::InvalidReferral,
            SignupRefusal::SelfReferral => BrandError::SelfReferral,
            SignupRefusal::DisposableEmail => BrandError::DisposableEmail,
            SignupRefusal::DomainTaken => BrandError::DomainTaken,
            SignupRefusal::ParticipantLimit { .. } => {
                BrandError::LimitReached(LimitReached::of(Quota::Participants, plan))
            }
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
    type Result = ResponseFuture<Result<Vec<Invite>, BrandError>>;

    fn handle(&mut self, msg: AddInvites, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let participant = session
                    .participant(msg.participant_id)?
                    .filter(|p| p.brand_id == brand.brand_id && p.member_id == msg.member_id)
                    .ok_or(BrandError::NotFound("participant"))?;
                if participant.is_erased() {
                    return Err(BrandError::Erased(participant.id));
                }
                let ids = session.take_ids(&vec![IdKind::Invite; msg.emails.len()]).await?;
                let (invites, writes) =
                    engine::decide_invites(session, &participant, &msg.emails, &ids, &now_rfc3339())?;
                Ok((writes, invites))
            })
        })
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
    type Result = ResponseFuture<Result<Option<Visit>, BrandError>>;

    fn handle(&mut self, msg: RecordVisit, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let Some(campaign) =
                    brand.store.campaign(msg.campaign_id).await?.filter(|c| c.brand_id == brand.brand_id)
                else {
                    return Ok((Vec::new(), None));
                };
                let moment = brand.moment();
                let decide = |reward_id| {
                    engine::decide_visit(session, &campaign, msg.participant_id, msg.visitor, reward_id, &moment)
                };
                // Most visits earn nothing: a reward number is taken only when one is due, and the
                // visit decided again with it (the same reads, nothing committed in between).
                let mut decided = decide(0)?;
                if decided.as_ref().is_some_and(|(visit, _)| visit.reward.is_some()) {
                    decided = decide(session.take_ids(&[IdKind::Reward]).await?[0])?;
                }
                let Some((mut visit, writes)) = decided else { return Ok((Vec::new(), None)) };
                let (writes, deliveries) = brand.publish(session, campaign.member_id, writes, &moment).await?;
                visit.deliveries = deliveries;
                Ok((writes, Some(visit)))
            })
        })
    }
}

/// Erases one of the brand's participants (see [`engine::decide_erasure`]).
#[derive(Debug, Message)]
#[rtype(result = "Result<Erased, BrandError>")]
pub struct EraseParticipant {
    pub member_id: u64,
    pub participant_id: u64,
}

/// The participant as they are after the erasure, and the deliveries of the events of the
/// rewards it voided.
#[derive(Debug)]
pub struct Erased {
    pub participant: crate::domain::Participant,
    /// To hand to the dispatcher once the erasure is durable.
    pub deliveries: Vec<crate::domain::webhook::PendingDelivery>,
}

impl Handler<EraseParticipant> for BrandActor {
    type Result = ResponseFuture<Result<Erased, BrandError>>;

    fn handle(&mut self, msg: EraseParticipant, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let moment = brand.moment();
                let erasure = engine::decide_erasure(session, msg.member_id, msg.participant_id, &moment)?
                    .filter(|e| e.participant.brand_id == brand.brand_id)
                    .ok_or(BrandError::NotFound("participant"))?;
                if erasure.writes.is_empty() {
                    return Ok((erasure.writes, Erased { participant: erasure.participant, deliveries: Vec::new() }));
                }
                let (writes, deliveries) = brand.publish(session, msg.member_id, erasure.writes, &moment).await?;
                Ok((writes, Erased { participant: erasure.participant, deliveries }))
            })
        })
    }
}

/// Unsubscribes one of the brand's participants from their campaign's emails (the signed
/// link in every email). Idempotent.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), BrandError>")]
pub struct Unsubscribe {
    pub campaign_id: u64,
    pub participant_id: u64,
}

impl Handler<Unsubscribe> for BrandActor {
    type Result = ResponseFuture<Result<(), BrandError>>;

    fn handle(&mut self, msg: Unsubscribe, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                session
                    .participant(msg.participant_id)?
                    .filter(|p| p.brand_id == brand.brand_id && p.campaign_id == msg.campaign_id)
                    .ok_or(BrandError::NotFound("participant"))?;
                if session.unsubscribed(msg.campaign_id, msg.participant_id)? {
                    return Ok((Vec::new(), ()));
                }
                let write =
                    engine::Write::Unsubscribed { campaign_id: msg.campaign_id, participant_id: msg.participant_id };
                Ok((vec![write], ()))
            })
        })
    }
}
