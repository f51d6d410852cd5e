//! Webhook events of a decision. The rules announce what happened ([`Write::Announce`]) and
//! know nothing of webhooks; [`publish`] then names each announcement that some webhook hears
//! with a fresh event id and turns it into its event record and one delivery per webhook
//! that hears it (the outbox), committed with the decision. Announcements nobody hears are
//! dropped, and take no id.

use super::{Moment, Write};
use crate::domain::event::{Event, EventSubject, EventType};
use crate::domain::webhook::{PendingDelivery, WebhookRoute};
use crate::domain::{Participant, Reward, RewardStatus};

/// Whether `route` hears an event of `kind` on `campaign_id`.
fn hears(route: &WebhookRoute, campaign_id: u64, kind: EventType) -> bool {
    route.covers(campaign_id) && route.events.contains(kind)
}

/// How many of the announcements among `writes` some route hears: the event ids
/// [`publish`] needs.
pub fn to_publish(writes: &[Write], routes: &[WebhookRoute]) -> usize {
    writes
        .iter()
        .filter(|w| match w {
            Write::Announce { kind, campaign_id, .. } => routes.iter().any(|r| hears(r, *campaign_id, *kind)),
            _ => false,
        })
        .count()
}

/// Replaces each announcement some route hears by its event record, named by the next of
/// `ids` (in order), and a delivery to each route that hears it, due now; drops the others.
/// The deliveries, to hand to the dispatcher once the writes are durable.
pub fn publish(
    writes: Vec<Write>,
    routes: &[WebhookRoute],
    ids: &[u64],
    moment: &Moment,
) -> (Vec<Write>, Vec<PendingDelivery>) {
    let mut ids = ids.iter().copied();
    let mut published = Vec::with_capacity(writes.len());
    let mut deliveries = Vec::new();
    for write in writes {
        let Write::Announce { kind, campaign_id, subject } = write else {
            published.push(write);
            continue;
        };
        let hearing: Vec<u64> = routes.iter().filter(|r| hears(r, campaign_id, kind)).map(|r| r.webhook_id).collect();
        if hearing.is_empty() {
            continue;
        }
        // Too few ids is the caller's mistake (see `to_publish`); an unnamed event is dropped
        // rather than given an id another event has.
        let Some(id) = ids.next() else { continue };
        published.push(Write::Event(Box::new(Event {
            id,
            kind,
            at: moment.at.clone(),
            campaign_id,
            subject: *subject,
        })));
        for webhook_id in hearing {
            let delivery = PendingDelivery { webhook_id, event_id: id, attempts: 0, due_ms: moment.unix_ms };
            published.push(Write::Delivery(delivery));
            deliveries.push(delivery);
        }
    }
    (published, deliveries)
}

/// The event a reward's state announces (a pending reward announces nothing until issued).
pub(super) fn reward_event(reward: &Reward) -> Option<EventType> {
    match reward.status {
        RewardStatus::Held => Some(EventType::RewardHeld),
        RewardStatus::Issued => Some(EventType::RewardIssued),
        RewardStatus::Voided => Some(EventType::RewardVoided),
        RewardStatus::Fulfilled => Some(EventType::RewardFulfilled),
        RewardStatus::Pending => None,
    }
}

/// The announcement of a reward's new state, if it has one.
pub(super) fn announce_reward(reward: &Reward, participant: &Participant) -> Option<Write> {
    reward_event(reward).map(|kind| Write::Announce {
        kind,
        campaign_id: reward.campaign_id,
        subject: Box::new(EventSubject::Reward { reward: Box::new(reward.clone()), participant: participant.clone() }),
    })
}
