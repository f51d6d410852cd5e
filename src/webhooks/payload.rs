//! The JSON bodies deliveries carry, rendered from the event's record: a snapshot taken when
//! it happened, so every attempt of one delivery sends the same bytes. Every body is
//! `{id, type, created_at, data}`.

use serde_json::json;

use crate::domain::event::{Event, EventSubject, EventType};
use crate::domain::invoice::Commission;
use crate::domain::webhook::{message_id, WEBHOOK_TEST};
use crate::domain::{Participant, Reward};
use crate::views;

/// A reward event's body; a commission's carries the commission as it was then.
fn reward_event(
    event: &Event,
    reward: &Reward,
    participant: &Participant,
    commission: Option<&Commission>,
    site: &str,
) -> String {
    let mut data = json!({
        "campaign_id": event.campaign_id,
        "reward": views::reward_detail(reward),
        "participant": views::participant(participant, site),
    });
    if let Some(commission) = commission {
        data["commission"] = json!(views::invoice_commission(commission));
    }
    json!({"id": message_id(event.id), "type": event.kind.name(), "created_at": event.at, "data": data}).to_string()
}

/// The body of an event.
pub fn event(event: &Event, site: &str) -> String {
    match &event.subject {
        EventSubject::Signup(participant) => signup(event.id, participant, site),
        EventSubject::Reward { reward, participant } => reward_event(event, reward, participant, None, site),
        EventSubject::CommissionReward { reward, participant, commission } => {
            reward_event(event, reward, participant, Some(commission), site)
        }
        EventSubject::Conversion { conversion, participant } => json!({
            "id": message_id(event.id),
            "type": event.kind.name(),
            "created_at": event.at,
            "data": {
                "campaign_id": event.campaign_id,
                "conversion": views::conversion(conversion),
                "participant": views::participant(participant, site),
            },
        })
        .to_string(),
        EventSubject::ConversionWithCode { conversion, participant, code, outcome } => json!({
            "id": message_id(event.id),
            "type": event.kind.name(),
            "created_at": event.at,
            "data": {
                "campaign_id": event.campaign_id,
                "conversion": views::conversion(conversion),
                "participant": views::participant(participant, site),
                "promo_code": views::PromoCodeUse { code: code.clone(), outcome: outcome.name() },
            },
        })
        .to_string(),
        EventSubject::ContestEnded { result, winners } => json!({
            "id": message_id(event.id),
            "type": event.kind.name(),
            "created_at": event.at,
            "data": {
                "campaign_id": event.campaign_id,
                "contest": {"starts_at": result.starts_at, "ends_at": result.ends_at, "prize": result.prize},
                "results": views::contest_places(
                    result,
                    |id| winners.iter().find(|p| p.id == id).cloned(),
                    site,
                ),
            },
        })
        .to_string(),
        EventSubject::Payout { payout, participant, details } => json!({
            "id": message_id(event.id),
            "type": event.kind.name(),
            "created_at": event.at,
            "data": {
                "campaign_id": event.campaign_id,
                "payout": views::payout(payout),
                "participant": views::participant(participant, site),
                "payout_details": details.as_ref().map(views::payout_details),
            },
        })
        .to_string(),
        EventSubject::WaitlistAdmitted { participant, admitted_at } => json!({
            "id": message_id(event.id),
            "type": event.kind.name(),
            "created_at": event.at,
            "data": {
                "campaign_id": event.campaign_id,
                "participant": views::participant(participant, site),
                "admitted_at": admitted_at,
            },
        })
        .to_string(),
    }
}

/// `participant.signup`: `{campaign_id, participant, referred_by, signed_up_at}`, with the
/// counters as they were at signup (an event of an older release is rendered from the
/// participant's row: a new participant has referred nobody yet).
fn signup(event_id: u64, participant: &Participant, site: &str) -> String {
    let at_signup = Participant { referrals: 0, visits: 0, clicks: 0, shares: 0, ..participant.clone() };
    json!({
        "id": message_id(event_id),
        "type": EventType::ParticipantSignup.name(),
        "created_at": participant.created_at,
        "data": {
            "campaign_id": participant.campaign_id,
            "participant": views::participant(&at_signup, site),
            "referred_by": participant.referred_by,
            "signed_up_at": participant.created_at,
        },
    })
    .to_string()
}

/// `webhook.test`: what `POST /webhooks/:id/test` sends.
pub fn test_event(message_id: &str, webhook_id: u64, campaign_id: Option<u64>, now: &str) -> String {
    json!({
        "id": message_id,
        "type": WEBHOOK_TEST,
        "created_at": now,
        "data": {"webhook_id": webhook_id, "campaign_id": campaign_id, "message": "a test event from referrals"},
    })
    .to_string()
}
