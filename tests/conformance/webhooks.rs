//! Webhooks, the outbox of deliveries, and the attempt log.

use referrals::domain::ids::IdKind;
use referrals::domain::webhook::{Attempt, PendingDelivery, Webhook};
use referrals::store::{FinishedAttempt, SharedStorage};

use crate::fixtures::{member, page};

pub async fn webhook(store: &SharedStorage, member_id: u64, campaign_id: Option<u64>) -> Webhook {
    let webhook = Webhook {
        id: store.next_id(IdKind::Webhook).await.unwrap(),
        member_id,
        campaign_id,
        link: "https://hooks.example/in".into(),
        description: String::new(),
        active: true,
        disabled_reason: None,
        created_at: "2026-01-01T00:00:00Z".into(),
        sealed_secret: vec![1, 2, 3],
        events: referrals::domain::event::EventTypes::ALL,
    };
    store.create_webhook(&webhook).await.unwrap();
    webhook
}

fn attempt(event_id: u64, attempt: u32, outcome: &str) -> Attempt {
    Attempt {
        event_id,
        attempt,
        at: format!("2026-01-01T00:00:0{attempt}Z"),
        status_code: Some(500),
        error: None,
        duration_ms: 5,
        outcome: outcome.into(),
    }
}

pub async fn webhooks_are_stored_listed_and_routed(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    assert!(store.webhook_routes(ann.id).await.unwrap().is_empty());
    let all = webhook(&store, ann.id, None).await;
    let scoped = webhook(&store, ann.id, Some(42)).await;
    assert_eq!(store.webhook(all.id).await.unwrap(), Some(all.clone()));
    let (listed, total) = store.webhooks_of_member(ann.id, page(1, 10)).await.unwrap();
    assert_eq!((listed.iter().map(|w| w.id).collect::<Vec<_>>(), total), (vec![scoped.id, all.id], 2));
    assert_eq!(store.all_webhooks_of_member(ann.id).await.unwrap().len(), 2);
    let routes = store.webhook_routes(ann.id).await.unwrap();
    assert_eq!(routes.iter().filter(|r| r.covers(42)).count(), 2);
    assert_eq!(routes.iter().filter(|r| r.covers(7)).count(), 1);

    let mut off = scoped.clone();
    off.active = false;
    store.save_webhook(&off).await.unwrap();
    assert_eq!(store.webhook(scoped.id).await.unwrap(), Some(off));
    let routes = store.webhook_routes(ann.id).await.unwrap();
    assert_eq!(routes.iter().map(|r| r.webhook_id).collect::<Vec<_>>(), vec![all.id], "inactive webhooks get nothing");
}

pub async fn deliveries_and_attempts_are_logged(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let hook = webhook(&store, ann.id, None).await;
    let delivery = PendingDelivery { webhook_id: hook.id, event_id: 10, attempts: 0, due_ms: 1 };
    assert!(!store.delivery_known(hook.id, 10).await.unwrap());
    store.queue_delivery(&delivery).await.unwrap();
    store.queue_delivery(&PendingDelivery { event_id: 11, ..delivery }).await.unwrap();
    assert!(store.delivery_known(hook.id, 10).await.unwrap());
    assert_eq!(store.pending_deliveries().await.unwrap().len(), 2);

    let retry = PendingDelivery { attempts: 1, due_ms: 99, ..delivery };
    let finished = [
        FinishedAttempt { webhook_id: hook.id, attempt: attempt(10, 1, "retrying"), next: Some(retry) },
        FinishedAttempt { webhook_id: hook.id, attempt: attempt(11, 1, "delivered"), next: None },
    ];
    store.record_attempts(&finished).await.unwrap();
    assert_eq!(store.pending_deliveries().await.unwrap(), vec![retry], "the retry replaces the delivery");
    assert_eq!(store.attempts_made(hook.id, 10).await.unwrap(), 1);
    assert!(store.delivery_known(hook.id, 11).await.unwrap(), "attempted deliveries stay known");

    store
        .record_attempts(&[FinishedAttempt { webhook_id: hook.id, attempt: attempt(10, 2, "failed"), next: None }])
        .await
        .unwrap();
    assert!(store.pending_deliveries().await.unwrap().is_empty());
    assert_eq!(store.attempts_made(hook.id, 10).await.unwrap(), 2);
    let (log, total) = store.attempts_of_webhook(hook.id, page(1, 10)).await.unwrap();
    let order: Vec<(u64, u32)> = log.iter().map(|a| (a.event_id, a.attempt)).collect();
    assert_eq!((order, total), (vec![(10, 2), (11, 1), (10, 1)], 3), "in the order made, newest first");
    let (second_page, _) = store.attempts_of_webhook(hook.id, page(2, 2)).await.unwrap();
    assert_eq!(second_page.iter().map(|a| (a.event_id, a.attempt)).collect::<Vec<_>>(), vec![(10, 1)]);

    store.queue_delivery(&delivery).await.unwrap();
    store.remove_delivery(hook.id, 10).await.unwrap();
    assert!(store.pending_deliveries().await.unwrap().is_empty());
}

pub async fn a_deleted_webhook_takes_its_deliveries_and_log(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let hook = webhook(&store, ann.id, None).await;
    let kept = webhook(&store, ann.id, None).await;
    let delivery = PendingDelivery { webhook_id: hook.id, event_id: 10, attempts: 0, due_ms: 1 };
    store.queue_delivery(&delivery).await.unwrap();
    store.queue_delivery(&PendingDelivery { webhook_id: kept.id, ..delivery }).await.unwrap();
    store
        .record_attempts(&[FinishedAttempt { webhook_id: hook.id, attempt: attempt(9, 1, "failed"), next: None }])
        .await
        .unwrap();

    store.delete_webhook(&hook).await.unwrap();
    assert!(store.webhook(hook.id).await.unwrap().is_none());
    assert_eq!(store.attempts_of_webhook(hook.id, page(1, 10)).await.unwrap().1, 0);
    assert!(!store.delivery_known(hook.id, 10).await.unwrap());
    assert_eq!(
        store.pending_deliveries().await.unwrap().iter().map(|d| d.webhook_id).collect::<Vec<_>>(),
        vec![kept.id]
    );
    let routes = store.webhook_routes(ann.id).await.unwrap();
    assert_eq!(routes.iter().map(|r| r.webhook_id).collect::<Vec<_>>(), vec![kept.id]);
}

pub async fn an_event_is_stored_with_its_deliveries(store: SharedStorage) {
    use referrals::domain::engine::{self, Moment, NewParticipant, Owner, SignupDecision, SignupIds};
    use referrals::domain::event::{EventSubject, EventType, EventTypes};
    use referrals::domain::webhook::WebhookRoute;

    let ann = member(&store, "ann@example.com").await;
    let shop = crate::fixtures::brand(&store, &ann, "shop.example").await;
    let spring = crate::fixtures::campaign(&store, &shop, 3, 1, false).await;
    let hook = webhook(&store, ann.id, None).await;
    let who = NewParticipant {
        email: crate::fixtures::email("ada@example.com"),
        name: "Ada".into(),
        domain: None,
        client: None,
        language: None,
    };
    let ids = SignupIds {
        participant: store.next_id(IdKind::Participant).await.unwrap(),
        referrer_reward: 0,
        invited_reward: 0,
    };
    let session = store.session(shop.id).await.unwrap();
    let moment = Moment::now();
    let decided = engine::decide_signup(&*session, &spring, &who, None, ids, &Owner::default(), &moment).unwrap();
    let Ok(SignupDecision::Created { signed, writes }) = decided else { panic!("ada joins") };
    let routes = [WebhookRoute { webhook_id: hook.id, campaign_id: None, events: EventTypes::ALL }];
    let event_id = store.next_id(IdKind::Event).await.unwrap();
    assert_eq!(engine::to_publish(&writes, &routes), 1);
    let (writes, deliveries) = engine::publish(writes, &routes, &[event_id], &moment);
    session.commit(&writes).await.unwrap();

    assert_eq!(deliveries.iter().map(|d| (d.webhook_id, d.event_id)).collect::<Vec<_>>(), vec![(hook.id, event_id)]);
    assert!(store.delivery_known(hook.id, event_id).await.unwrap());
    let event = store.event(event_id).await.unwrap().expect("the event's record");
    assert_eq!((event.id, event.kind, event.campaign_id), (event_id, EventType::ParticipantSignup, spring.id));
    assert_eq!(event.subject, EventSubject::Signup(signed.participant));
    assert_eq!(store.event(event_id + 1).await.unwrap(), None);
}

pub async fn a_delivery_is_made_by_one_server_at_a_time(store: SharedStorage) {
    use std::collections::HashSet;
    use std::time::Duration;
    let ann = member(&store, "ann@example.com").await;
    let hook = webhook(&store, ann.id, None).await;
    let queued = PendingDelivery { webhook_id: hook.id, event_id: 20, attempts: 0, due_ms: 1 };
    store.queue_delivery(&queued).await.unwrap();
    let lease = Duration::from_secs(60);
    if !store.shared() {
        assert_eq!(store.claim_deliveries(lease, 100, false).await.unwrap(), vec![queued], "one server: all its own");
        return;
    }
    assert!(store.claim_deliveries(lease, 100, false).await.unwrap().is_empty(), "queued here: leased to this server");
    let restarted = store.claim_deliveries(lease, 100, true).await.unwrap();
    assert_eq!(restarted, vec![queued], "a restarted server takes its own back at once");

    // Thirty deliveries whose lease lapsed (their server died): claimed at once by four
    // servers, each is taken by one of them.
    let lapsed: Vec<PendingDelivery> = (30..60).map(|event_id| PendingDelivery { event_id, ..queued }).collect();
    for delivery in &lapsed {
        store.queue_delivery(delivery).await.unwrap();
    }
    store.renew_leases(&lapsed, Duration::ZERO).await.unwrap();
    // A lease of zero lapses once the database's clock moves on by a millisecond.
    tokio::time::sleep(Duration::from_millis(5)).await;
    let claims: Vec<_> = (0..4)
        .map(|_| {
            let store = store.clone();
            tokio::spawn(async move { store.claim_deliveries(lease, 10, false).await.unwrap() })
        })
        .collect();
    let mut taken = Vec::new();
    for claim in claims {
        taken.extend(claim.await.unwrap().into_iter().map(|d| d.event_id));
    }
    assert_eq!(taken.len(), 30, "{taken:?}");
    assert_eq!(taken.iter().copied().collect::<HashSet<_>>(), (30..60).collect(), "each by one claimant");
    assert!(store.claim_deliveries(lease, 100, false).await.unwrap().is_empty(), "all leased again");

    // A retry an attempt schedules stays with the server that made the attempt.
    let retry = PendingDelivery { attempts: 1, due_ms: 5, ..queued };
    let finished = FinishedAttempt { webhook_id: hook.id, attempt: attempt(20, 1, "retrying"), next: Some(retry) };
    store.record_attempts(&[finished]).await.unwrap();
    assert!(store.claim_deliveries(lease, 100, false).await.unwrap().is_empty());
    assert_eq!(store.pending_deliveries().await.unwrap().len(), 31);
}
