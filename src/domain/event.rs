//! Webhook events: the kinds there are, the set of kinds a webhook subscribes to, and the
//! record an event keeps of what happened (a snapshot, so every attempt of a delivery sends
//! the same thing, however the participant or reward changes later).

use serde::{Deserialize, Serialize};

use super::{Participant, Reward, ValidationError};

/// A kind of event. Stored by variant position: new kinds are appended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EventType {
    /// A participant signed up (with or without a referral).
    ParticipantSignup,
    /// A reward was earned and is held (a hold period, or review).
    RewardHeld,
    /// A reward was issued: the participant has it.
    RewardIssued,
    /// A reward was voided.
    RewardVoided,
    /// A reward was fulfilled (paid out).
    RewardFulfilled,
    /// A participant converted (a purchase, a paid invoice).
    ConversionCreated,
    /// A campaign's contest ended and its winners were recorded.
    ContestEnded,
    /// The owner admitted a participant from the campaign's waitlist.
    WaitlistAdmitted,
    /// A payout was requested: someone is to pay it.
    PayoutRequested,
    /// A payout was marked paid.
    PayoutPaid,
    /// A payout was marked failed: its rewards are free again.
    PayoutFailed,
}

impl EventType {
    pub const ALL: [EventType; 11] = [
        EventType::ParticipantSignup,
        EventType::RewardHeld,
        EventType::RewardIssued,
        EventType::RewardVoided,
        EventType::RewardFulfilled,
        EventType::ConversionCreated,
        EventType::ContestEnded,
        EventType::WaitlistAdmitted,
        EventType::PayoutRequested,
        EventType::PayoutPaid,
        EventType::PayoutFailed,
    ];

    /// The `type` of the payload, as receivers see it.
    pub fn name(self) -> &'static str {
        match self {
            EventType::ParticipantSignup => "participant.signup",
            EventType::RewardHeld => "reward.held",
            EventType::RewardIssued => "reward.issued",
            EventType::RewardVoided => "reward.voided",
            EventType::RewardFulfilled => "reward.fulfilled",
            EventType::ConversionCreated => "conversion.created",
            EventType::ContestEnded => "contest.ended",
            EventType::WaitlistAdmitted => "waitlist.admitted",
            EventType::PayoutRequested => "payout.requested",
            EventType::PayoutPaid => "payout.paid",
            EventType::PayoutFailed => "payout.failed",
        }
    }

    fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

/// The kinds of event a webhook gets. Every kind, future ones too, unless the member named
/// some.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventTypes(u32);

impl EventTypes {
    /// Every kind, those added later included.
    pub const ALL: EventTypes = EventTypes(u32::MAX);

    pub fn contains(self, kind: EventType) -> bool {
        self.0 & kind.bit() != 0
    }

    pub fn is_all(self) -> bool {
        self == Self::ALL
    }

    /// The kinds, by name, in the order of [`EventType::ALL`].
    pub fn names(self) -> Vec<&'static str> {
        EventType::ALL.into_iter().filter(|&k| self.contains(k)).map(EventType::name).collect()
    }

    /// A webhook's `events`: a list of kinds (at least one), by name.
    pub fn parse(field: &'static str, names: &[String]) -> Result<Self, ValidationError> {
        let known = EventType::ALL.map(EventType::name).join(", ");
        if names.is_empty() {
            return Err(ValidationError::new(field, format!("{field} must name at least one of {known}")));
        }
        let mut bits = 0;
        for name in names {
            let kind = EventType::ALL.into_iter().find(|k| k.name() == name.trim()).ok_or_else(|| {
                let shown: String = name.chars().filter(|c| !c.is_control()).take(64).collect();
                ValidationError::new(field, format!("{field}: unknown event type '{shown}'; the types are {known}"))
            })?;
            bits |= kind.bit();
        }
        Ok(Self(bits))
    }
}

/// What an event is about, as it was when it happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventSubject {
    /// A new participant.
    Signup(Participant),
    /// A reward and whose it is.
    Reward { reward: Box<Reward>, participant: Participant },
    /// A conversion and whose it is.
    Conversion { conversion: Box<super::conversion::Conversion>, participant: Participant },
    /// A contest's result, and its winners as they were, best first.
    ContestEnded { result: Box<super::contest::ContestResult>, winners: Vec<Participant> },
    /// A participant let in from the waitlist, and when.
    WaitlistAdmitted { participant: Participant, admitted_at: String },
    /// A payout, whose it is, and where they asked to be paid (then).
    Payout {
        payout: Box<super::payout::Payout>,
        participant: Participant,
        details: Option<super::payout::PayoutDetails>,
    },
    /// A commission's reward, whose it is, and the commission as it was then (appended:
    /// stored events name variants by position).
    CommissionReward { reward: Box<Reward>, participant: Participant, commission: Box<super::invoice::Commission> },
    /// A conversion whose sale carried one of the campaign's promo codes, and what the code
    /// did (appended, as `CommissionReward` is).
    ConversionWithCode {
        conversion: Box<super::conversion::Conversion>,
        participant: Participant,
        code: String,
        outcome: super::promo_code::CodeOutcome,
    },
}

/// An event as stored: its id (the `webhook-id` receivers see, `evt_<id>`), its kind, when
/// it happened, and what it is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    pub id: u64,
    pub kind: EventType,
    /// RFC 3339, UTC.
    pub at: String,
    pub campaign_id: u64,
    pub subject: EventSubject,
}

impl Event {
    /// The participants this event keeps a copy of.
    pub fn participant_ids(&self) -> Vec<u64> {
        self.subject.participants().into_iter().map(|p| p.id).collect()
    }

    /// Erases the copy of participant `id` (see [`Participant::erase`]); whether there was one.
    pub fn forget(&mut self, id: u64) -> bool {
        let mut found = false;
        for participant in self.subject.participants_mut().into_iter().filter(|p| p.id == id) {
            participant.erase();
            found = true;
        }
        // Where they are paid is theirs too.
        if let EventSubject::Payout { participant, details, .. } = &mut self.subject {
            if participant.id == id {
                *details = None;
            }
        }
        found
    }
}

impl EventSubject {
    /// Whose event it is: one participant, or a contest's winners.
    pub fn participants(&self) -> Vec<&Participant> {
        match self {
            EventSubject::Signup(p) | EventSubject::Reward { participant: p, .. } => vec![p],
            EventSubject::Conversion { participant, .. }
            | EventSubject::ConversionWithCode { participant, .. }
            | EventSubject::WaitlistAdmitted { participant, .. }
            | EventSubject::CommissionReward { participant, .. }
            | EventSubject::Payout { participant, .. } => vec![participant],
            EventSubject::ContestEnded { winners, .. } => winners.iter().collect(),
        }
    }

    fn participants_mut(&mut self) -> Vec<&mut Participant> {
        match self {
            EventSubject::Signup(p) | EventSubject::Reward { participant: p, .. } => vec![p],
            EventSubject::Conversion { participant, .. }
            | EventSubject::ConversionWithCode { participant, .. }
            | EventSubject::WaitlistAdmitted { participant, .. }
            | EventSubject::CommissionReward { participant, .. }
            | EventSubject::Payout { participant, .. } => vec![participant],
            EventSubject::ContestEnded { winners, .. } => winners.iter_mut().collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_subscription_names_known_kinds_only() {
        let some = EventTypes::parse("events", &["reward.issued".into(), " reward.voided ".into()]).unwrap();
        assert!(some.contains(EventType::RewardIssued) && some.contains(EventType::RewardVoided));
        assert!(!some.contains(EventType::ParticipantSignup));
        assert_eq!(some.names(), vec!["reward.issued", "reward.voided"]);
        assert!(!some.is_all());
        assert!(EventTypes::parse("events", &[]).is_err());
        let unknown = EventTypes::parse("events", &["reward.paid".into()]).unwrap_err();
        assert!(unknown.message.contains("reward.paid") && unknown.message.contains("reward.fulfilled"));
        assert!(EventType::ALL.into_iter().all(|k| EventTypes::ALL.contains(k)));
        assert_eq!(EventTypes::ALL.names().len(), EventType::ALL.len());
    }

    #[test]
    fn an_erasure_takes_the_payout_details_from_a_payout_event() {
        use crate::domain::payout::{DetailsMethod, Payout, PayoutDetails, PayoutMethod, PayoutStatus};
        let participant: Participant = serde_json::from_value(serde_json::json!({
            "id": 5, "campaign_id": 1, "brand_id": 1, "member_id": 1, "seq": 1, "email": "ada@example.com",
            "name": "Ada", "referred_by": null, "referrals": 0, "visits": 0, "clicks": 0, "shares": 0,
            "created_at": "2026-11-28T00:00:00Z", "domain": null
        }))
        .unwrap();
        let payout = Payout {
            id: 9,
            brand_id: 1,
            member_id: 1,
            campaign_id: 1,
            participant_id: 5,
            amount_cents: 100,
            deducted_cents: 0,
            currency: "USD".into(),
            method: PayoutMethod::Webhook,
            status: PayoutStatus::Requested,
            reward_ids: vec![3],
            reference: None,
            failure_reason: None,
            created_at: String::new(),
            paid_at: None,
            failed_at: None,
        };
        let details = PayoutDetails { method: DetailsMethod::Paypal, value: "ada@example.com".into() };
        let subject = EventSubject::Payout { payout: Box::new(payout), participant, details: Some(details) };
        let mut event = Event { id: 1, kind: EventType::PayoutRequested, at: String::new(), campaign_id: 1, subject };
        assert_eq!(event.participant_ids(), vec![5]);
        assert!(!event.forget(6), "not theirs");
        assert!(event.forget(5));
        let EventSubject::Payout { participant, details, .. } = &event.subject else { unreachable!() };
        assert!(participant.is_erased() && details.is_none());
    }
}
