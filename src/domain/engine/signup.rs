//! Signups, with or without a referral: who may join, what the referral changes, which
//! rewards it earns, and the webhook deliveries it causes.
//!
//! The checks, in the order the API has always made them: the referrer must be a participant
//! of the campaign and not the joiner's own email; the email must be new to the campaign (a
//! referral signup of someone already referred is no error: the chain is never overwritten,
//! and the answer says so); the domain must be new to the campaign; an invitation named by
//! the code must exist. A blocked referrer's code is valid and credits nothing (see
//! `block.rs`).

use super::{BrandReads, Decision, Grant, Inconsistent, Moment, ReadAhead, Write};
use crate::domain::client_print::{ClientPrint, RateKey};
use crate::domain::counters::Counter;
use crate::domain::event::{EventSubject, EventType};
use crate::domain::fraud::{self, DisposablePolicy};
use crate::domain::ids::IdKind;
use crate::domain::leaderboard;
use crate::domain::rollup::{slot_number, Measure};
use crate::domain::webhook::PendingDelivery;
use crate::domain::{Campaign, EmailAddress, GoalType, Participant, Reward, RewardReason};

/// The ids a signup takes for a new participant: theirs, the referrer's reward and their own
/// reward (a two-way campaign), in this order (see [`super::SignupIds`]).
pub const SIGNUP_IDS: [IdKind; 3] = [IdKind::Participant, IdKind::Reward, IdKind::Reward];

/// What [`super::decide_signup`] reads of a new participant's signup, in the usual case (the
/// address is new; the referrer exists and is not blocked): the campaign, the address's
/// lookups and the new ids unless one finds a participant, the participant count, the
/// referrer, whether they are blocked, their standings and velocity count, and the owner's
/// webhooks.
pub fn signup_reads(
    campaign: &Campaign,
    email: &EmailAddress,
    referral: Option<ReferralEdge>,
    moment: &Moment,
) -> Vec<ReadAhead> {
    let campaign_id = campaign.id;
    let lookups = email.lookups(campaign.fraud.canonical_emails);
    let mut reads = vec![ReadAhead::Campaign(campaign_id)];
    reads.extend(lookups.iter().map(|lookup| ReadAhead::Email { campaign_id, lookup: lookup.clone() }));
    reads.push(ReadAhead::NewIds { campaign_id, lookups, kinds: SIGNUP_IDS.to_vec() });
    reads.push(ReadAhead::Counter { campaign_id, counter: Counter::Participants });
    reads.push(ReadAhead::Webhooks { member_id: campaign.member_id });
    if let Some(edge) = referral {
        let referrer = edge.referrer_id;
        reads.push(ReadAhead::Participant(referrer));
        reads.push(ReadAhead::Blocked { campaign_id, participant_id: referrer });
        reads.push(ReadAhead::Recent { campaign_id, key: RateKey::Referrer(referrer) });
        for board in leaderboard::boards_at(&campaign.contest, moment.time()) {
            reads.push(ReadAhead::Standing { campaign_id, board, participant_id: referrer });
        }
    }
    reads
}

/// Who is signing up.
#[derive(Debug, Clone)]
pub struct NewParticipant {
    pub email: EmailAddress,
    pub name: String,
    /// A domain participant's website, already normalised (see
    /// [`crate::domain::participant::parse_participant_domain`]).
    pub domain: Option<String>,
    /// The keyed print of the client they sign up from, when it is known (the widget's
    /// visitor, or the `ip` an API signup passes on).
    pub client: Option<ClientPrint>,
    /// The language of the page they signed up on, or the one an API signup names: their
    /// emails are written in it (`None`: the campaign's).
    pub language: Option<crate::domain::language::Language>,
}

/// The referral part of a signup: who referred, through which invitation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReferralEdge {
    pub referrer_id: u64,
    pub invited_id: Option<u64>,
}

/// Fresh ids for what a signup may create (ids are handed out before deciding, so that a
/// decision is a pure function of its inputs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SignupIds {
    pub participant: u64,
    pub referrer_reward: u64,
    pub invited_reward: u64,
}

/// A new participant and what their signup caused. Kept as the outcome of an idempotent
/// request, so a replay is rendered from it again.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Signed {
    pub participant: Participant,
    /// The new participant's own reward (two-way rewards).
    pub reward: Option<Reward>,
    /// The referrer after the signup (their referral count includes it).
    pub referrer: Option<Participant>,
    /// What this signup earned the referrer.
    pub referrer_reward: Option<Reward>,
    /// The webhook deliveries written with the signup (to hand to the dispatcher once the
    /// signup is durable), filled in when its events are published. Not kept with the
    /// outcome: a replay delivers nothing again.
    #[serde(skip)]
    pub deliveries: Vec<PendingDelivery>,
}

impl Signed {
    /// The participants this outcome keeps a copy of: the new one, and the referrer.
    pub fn participant_ids(&self) -> Vec<u64> {
        std::iter::once(self.participant.id).chain(self.referrer.as_ref().map(|r| r.id)).collect()
    }

    /// Erases the copies of participant `id`; whether there were any.
    pub fn forget(&mut self, id: u64) -> bool {
        let mut found = false;
        for p in std::iter::once(&mut self.participant).chain(self.referrer.as_mut()) {
            if p.id == id {
                p.erase();
                found = true;
            }
        }
        found
    }
}

/// What a signup does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignupDecision {
    /// A new participant; commit `writes` to make it so.
    Created { signed: Box<Signed>, writes: Vec<Write> },
    /// A referral signup of someone who already has an inviter: nothing changes.
    AlreadyReferred { participant: Box<Participant>, by_same_referrer: bool },
}

/// Why a signup creates no participant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SignupRefusal {
    /// The email is already a participant of the campaign.
    EmailTaken,
    /// The referral code names no participant of this campaign (or no such invitation).
    InvalidReferral,
    /// The referrer's own email.
    SelfReferral,
    /// Another participant of the campaign already has this domain.
    DomainTaken,
    /// The campaign already has as many participants as the owner's plan allows.
    ParticipantLimit { limit: u64 },
    /// An address at a disposable-mail domain, which the campaign refuses
    /// (`fraud.disposable_emails: refuse`).
    DisposableEmail,
}

/// What the campaign's owner brings to a signup: the participant limit of their plan
/// (`None`: unlimited).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Owner {
    pub participant_limit: Option<u64>,
}

/// The campaign's participant that `email` names, by the campaign's rule: the address itself
/// (case-folded), then, when the campaign compares inboxes (`fraud.canonical_emails`), the
/// oldest participant reaching the same inbox (see [`EmailAddress::lookups`]).
pub fn participant_id_by_address<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    email: &EmailAddress,
) -> Result<Option<u64>, R::Error> {
    for lookup in email.lookups(campaign.fraud.canonical_emails) {
        if let Some(id) = reads.participant_id_by_email(campaign.id, &lookup)? {
            return Ok(Some(id));
        }
    }
    Ok(None)
}

/// Whether a stored address and a new one are the same person's, by the campaign's rule.
fn same_person(campaign: &Campaign, stored: &str, new: &EmailAddress) -> bool {
    let key = |address: &str| match campaign.fraud.canonical_emails {
        true => crate::domain::email::canonical(address),
        false => crate::domain::email::normalize(address),
    };
    key(stored) == key(new.as_str())
}

/// Decides a signup to `campaign`: the participant, the referral, the rewards it earns (the
/// referrer's each time their referrals reach a multiple of `num_signups` on a `signup` goal;
/// the new participant's own on a two-way campaign) and the events it announces (the signup,
/// each reward's state). A new participant beyond the owner's participant limit is refused; an email
/// already in the campaign is answered as always, at the limit or not.
pub fn decide_signup<R: BrandReads + ?Sized>(
    reads: &R,
    campaign: &Campaign,
    who: &NewParticipant,
    referral: Option<ReferralEdge>,
    ids: SignupIds,
    owner: &Owner,
    moment: &Moment,
) -> Result<Result<SignupDecision, SignupRefusal>, R::Error> {
    let mut referrer = None;
    if let Some(edge) = referral {
        match reads.participant(edge.referrer_id)? {
            // An erased participant refers nobody any more.
            Some(p) if p.campaign_id == campaign.id && !p.is_erased() => {
                if same_person(campaign, &p.email, &who.email) {
                    return Ok(Err(SignupRefusal::SelfReferral));
                }
                // A blocked participant's code credits nothing: the friend joins unreferred.
                if reads.blocked(campaign.id, p.id)?.is_none() {
                    referrer = Some(p);
                }
            }
            _ => return Ok(Err(SignupRefusal::InvalidReferral)),
        }
    }
    if let Some(existing) = participant_id_by_address(reads, campaign, &who.email)? {
        let Some(existing) = reads.participant(existing)? else {
            return Err(Inconsistent(format!("email index names missing participant {existing}")).into());
        };
        return Ok(match (referral, existing.referred_by) {
            // The chain is never overwritten: say so instead.
            (Some(edge), Some(inviter)) => Ok(SignupDecision::AlreadyReferred {
                by_same_referrer: inviter == edge.referrer_id,
                participant: Box::new(existing),
            }),
            _ => Err(SignupRefusal::EmailTaken),
        });
    }
    if let Some(domain) = &who.domain {
        if reads.participant_id_by_domain(campaign.id, domain)?.is_some() {
            return Ok(Err(SignupRefusal::DomainTaken));
        }
    }
    if campaign.fraud.disposable_emails == DisposablePolicy::Refuse && fraud::is_disposable(who.email.as_str()) {
        return Ok(Err(SignupRefusal::DisposableEmail));
    }
    let mut invite = None;
    if let Some(ReferralEdge { referrer_id, invited_id: Some(invited_id) }) = referral {
        match reads.invite(referrer_id, invited_id)? {
            Some(found) => invite = Some(found),
            None => return Ok(Err(SignupRefusal::InvalidReferral)),
        }
    }

    let participants = reads.counter(campaign.id, Counter::Participants)?;
    if let Some(limit) = owner.participant_limit.filter(|&limit| participants >= limit) {
        return Ok(Err(SignupRefusal::ParticipantLimit { limit }));
    }

    let now = moment.at.as_str();
    let mut decision = Decision::new(reads);
    let participant = Participant {
        id: ids.participant,
        campaign_id: campaign.id,
        brand_id: campaign.brand_id,
        member_id: campaign.member_id,
        seq: participants + 1,
        email: who.email.as_str().to_owned(),
        name: who.name.clone(),
        referred_by: referrer.as_ref().map(|r| r.id),
        referrals: 0,
        visits: 0,
        clicks: 0,
        shares: 0,
        created_at: now.to_owned(),
        domain: who.domain.clone(),
        language: who.language,
    };
    decision.count_on(campaign.id, Counter::Participants, 1, moment.day);
    let slot = slot_number(moment.unix_ms);
    decision.roll(campaign.id, None, slot, Measure::Signups, 1);
    decision.writes.push(Write::NewParticipant(participant.clone()));
    decision.join_line(campaign, &participant);
    // The signup is announced first: its event comes before those of the rewards it earns.
    decision.writes.push(Write::Announce {
        kind: EventType::ParticipantSignup,
        campaign_id: campaign.id,
        subject: Box::new(EventSubject::Signup(participant.clone())),
    });

    let suspected = decision.judge_signup(campaign, &participant, referrer.as_ref(), who.client.as_ref(), moment)?;
    let mut referrer_reward = None;
    let mut reward = None;
    if let Some(referrer) = referrer.as_mut() {
        referrer.referrals += 1;
        decision.writes.push(Write::Participant(referrer.clone()));
        decision.credit(campaign, referrer.id, &participant, moment)?;
        decision.move_up(campaign, referrer.id)?;
        decision.count_on(campaign.id, Counter::Referrals, 1, moment.day);
        decision.roll(campaign.id, Some(referrer.id), slot, Measure::ReferredSignups, 1);
        if let Some(mut accepted) = invite.filter(|i| i.accepted_by.is_none()) {
            accepted.accepted_by = Some(participant.id);
            accepted.accepted_at = Some(now.to_owned());
            decision.writes.push(Write::Invite(accepted));
        }
        let due = campaign.prize_due(referrer.referrals).filter(|_| campaign.goal_type == GoalType::Signup);
        if let Some(prize) = due {
            let grant = Grant {
                prize,
                participant_id: referrer.id,
                reward_id: ids.referrer_reward,
                reason: RewardReason::Referrer,
                trigger: Some(participant.id),
                review: fraud::review_holds(&campaign.fraud, &[referrer, &participant], &suspected),
            };
            referrer_reward = Some(decision.grant(campaign, grant, referrer, moment)?);
        }
        // On a conversion goal the friend's own reward comes with their first conversion.
        if campaign.reward_invited && campaign.goal_type != GoalType::Conversion {
            let grant = Grant {
                participant_id: participant.id,
                reward_id: ids.invited_reward,
                reason: RewardReason::Invited,
                trigger: Some(referrer.id),
                review: fraud::review_holds(&campaign.fraud, &[&participant, referrer], &suspected),
                prize: campaign.prize(),
            };
            reward = Some(decision.grant(campaign, grant, &participant, moment)?);
        }
    }
    let signed = Signed { participant, reward, referrer, referrer_reward, deliveries: Vec::new() };
    Ok(Ok(SignupDecision::Created { signed: Box::new(signed), writes: decision.finish() }))
}
