//! The JSON bodies deliveries carry. A body is rendered from the stored event alone, so every
//! attempt of one delivery sends the same bytes.

use serde_json::json;

use crate::domain::webhook::{OutboxEvent, PARTICIPANT_SIGNUP, WEBHOOK_TEST};
use crate::http::views;

/// `participant.signup`: `{id, type, created_at, data: {campaign_id, participant,
/// referred_by, signed_up_at}}`.
pub fn signup_event(event: &OutboxEvent, site: &str) -> String {
    json!({
        "id": event.message_id(),
        "type": PARTICIPANT_SIGNUP,
        "created_at": event.created_at,
        "data": {
            "campaign_id": event.campaign_id,
            "participant": views::participant(&event.participant, site),
            "referred_by": event.participant.referred_by,
            "signed_up_at": event.participant.created_at,
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
