//! The JSON bodies deliveries carry. A signup event is rendered from the participant's row
//! with the counters as they were at signup (a new participant has referred nobody yet), and
//! the rest of the row never changes, so every attempt of one delivery sends the same bytes.

use serde_json::json;

use crate::domain::webhook::{message_id, PARTICIPANT_SIGNUP, WEBHOOK_TEST};
use crate::domain::Participant;
use crate::views;

/// `participant.signup`: `{id, type, created_at, data: {campaign_id, participant,
/// referred_by, signed_up_at}}`.
pub fn signup_event(participant: &Participant, site: &str) -> String {
    let at_signup = Participant { referrals: 0, visits: 0, clicks: 0, shares: 0, ..participant.clone() };
    json!({
        "id": message_id(participant.id),
        "type": PARTICIPANT_SIGNUP,
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
