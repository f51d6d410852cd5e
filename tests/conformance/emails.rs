//! Participants' emails: a decision's emails are committed with it and found every way the
//! mailer and the API read them; attempts move the outbox and the log together;
//! unsubscribing, an erasure and a deleted campaign reach them. The member's daily digest:
//! its mark and email are committed together, and a marked day is due no other.

use std::sync::Arc;

use referrals::domain::campaign_emails::{EmailKind, EmailsInput};
use referrals::domain::engine::{self, Mailing, Moment, NewParticipant, Owner, SignupDecision, SignupIds};
use referrals::domain::ids::IdKind;
use referrals::domain::outgoing_email::{EmailAttempt, EmailDelivery, EmailStatus, QueuedEmail};
use referrals::domain::{Campaign, Participant};
use referrals::store::SharedStorage;

use crate::fixtures::{brand, campaign, email, member, page, unheard};

/// A campaign whose welcome email is on.
async fn welcoming(store: &SharedStorage, tag: &str) -> Campaign {
    let ann = member(store, &format!("ann@{tag}.example")).await;
    let shop = brand(store, &ann, &format!("{tag}.example")).await;
    let mut spring = campaign(store, &shop, 3, 1, false).await;
    let on: EmailsInput = serde_json::from_value(serde_json::json!({"welcome": {"enabled": true}})).unwrap();
    spring.emails.apply(&on).unwrap();
    store.save_campaign(&spring).await.unwrap();
    spring
}

/// Where the emails' links point.
fn mailing() -> Mailing {
    Mailing {
        site: "https://r.example".into(),
        unsubscribe_link: Arc::new(|c, p| format!("https://r.example/unsubscribe/{c}-{p}")),
        digest_off_link: Arc::new(|c| format!("https://r.example/unsubscribe/{c}-digest")),
        owners_confirm: false,
    }
}

/// Signs `address` up and commits the signup with its emails, as the brand actor does.
async fn join(store: &SharedStorage, spring: &Campaign, address: &str) -> Participant {
    let mailing = mailing();
    let who = NewParticipant { email: email(address), name: "Ada".into(), domain: None, client: None, language: None };
    let ids = SignupIds {
        participant: store.next_id(IdKind::Participant).await.unwrap(),
        referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
        invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
    };
    let moment = Moment::now();
    let session = store.session(spring.brand_id).await.unwrap();
    let decided = engine::decide_signup(&*session, spring, &who, None, ids, &Owner::default(), &moment).unwrap();
    let Ok(SignupDecision::Created { signed, writes }) = decided else { panic!("{address} joins") };
    let wanted = engine::wanted_emails(&*session, &writes).unwrap();
    let mut email_ids = Vec::new();
    for _ in &wanted {
        email_ids.push(store.next_id(IdKind::Email).await.unwrap());
    }
    let mut writes = unheard(writes);
    writes.extend(engine::compose_emails(wanted, &email_ids, &mailing, &moment, true));
    session.commit(&writes).await.unwrap();
    signed.participant
}

fn delivery(status: EmailStatus, attempts: u32) -> EmailDelivery {
    EmailDelivery { status, attempts, last_attempt_at: Some("2026-01-01T00:00:00Z".into()), ..EmailDelivery::queued() }
}

pub async fn an_email_is_queued_retried_sent_and_logged(store: SharedStorage) {
    let spring = welcoming(&store, "mail-log").await;
    let ada = join(&store, &spring, "ada@mail-log.example").await;
    let now = chrono::Utc::now().timestamp_millis();
    let due = store.due_emails(now, 10).await.unwrap();
    assert_eq!(due.len(), 1);
    let queued = due[0];
    assert_eq!((queued.campaign_id, queued.attempts), (spring.id, 0));
    let composed = store.outgoing_email(spring.id, queued.email_id).await.unwrap().expect("the row");
    assert_eq!(
        (composed.kind, composed.participant_id, composed.to.as_str()),
        (EmailKind::Welcome, ada.id, "ada@mail-log.example")
    );
    let (logged, total) = store.emails_of_campaign(spring.id, page(1, 10)).await.unwrap();
    assert_eq!((total, logged[0].1.status), (1, EmailStatus::Queued), "not tried yet");
    assert_eq!(store.emails_of_participant(ada.id).await.unwrap().len(), 1);

    // A temporary failure: the entry moves to its new due time, the log says so.
    let later = QueuedEmail { attempts: 1, due_ms: now + 60_000, ..queued };
    let retry = EmailAttempt { queued, delivery: Some(delivery(EmailStatus::Queued, 1)), next: Some(later) };
    store.record_email_attempts(&[retry]).await.unwrap();
    assert!(store.due_emails(now, 10).await.unwrap().is_empty(), "not due before its time");
    assert_eq!(store.due_emails(now + 60_000, 10).await.unwrap(), [later]);
    let sent = EmailAttempt { queued: later, delivery: Some(delivery(EmailStatus::Sent, 2)), next: None };
    store.record_email_attempts(&[sent]).await.unwrap();
    assert!(store.due_emails(i64::MAX, 10).await.unwrap().is_empty(), "the outbox is empty");
    let (logged, _) = store.emails_of_campaign(spring.id, page(1, 10)).await.unwrap();
    assert_eq!((logged[0].1.status, logged[0].1.attempts), (EmailStatus::Sent, 2));
}

pub async fn a_failed_email_is_sent_again_once_however_many_ask(store: SharedStorage) {
    let spring = welcoming(&store, "mail-again").await;
    join(&store, &spring, "ada@mail-again.example").await;
    let now = chrono::Utc::now().timestamp_millis();
    let queued = store.due_emails(now, 10).await.unwrap()[0];
    // Not failed: nothing changes.
    let (again, record) = store.resend_failed_email(spring.id, queued.email_id, now).await.unwrap().unwrap();
    assert_eq!((again, record.status), (false, EmailStatus::Queued));
    assert_eq!(store.resend_failed_email(spring.id, queued.email_id + 1000, now).await.unwrap(), None, "unknown");
    let mut failed = delivery(EmailStatus::Failed, 3);
    failed.last_error = Some("550 no such mailbox".into());
    store.record_email_attempts(&[EmailAttempt { queued, delivery: Some(failed), next: None }]).await.unwrap();
    assert!(store.due_emails(i64::MAX, 10).await.unwrap().is_empty());

    // Twenty at once: one queues it, the others find it queued; one outbox entry, due now.
    let asks = (0..20).map(|_| {
        let store = store.clone();
        tokio::spawn(async move { store.resend_failed_email(spring.id, queued.email_id, now).await.unwrap() })
    });
    let answers = futures_util::future::join_all(asks).await;
    let queued_again = answers.iter().filter(|a| matches!(a, Ok(Some((true, _))))).count();
    assert_eq!(queued_again, 1, "{answers:?}");
    let due = store.due_emails(now, 10).await.unwrap();
    assert_eq!(due, [QueuedEmail { email_id: queued.email_id, campaign_id: spring.id, attempts: 0, due_ms: now }]);
    let (logged, _) = store.emails_of_campaign(spring.id, page(1, 10)).await.unwrap();
    assert_eq!(logged[0].1.status, EmailStatus::Queued, "the log says it is queued again");
    assert_eq!(logged[0].1.last_error.as_deref(), Some("550 no such mailbox"), "until the next attempt");
    // Sent this time: a resend changes nothing any more.
    let sent = EmailAttempt { queued: due[0], delivery: Some(delivery(EmailStatus::Sent, 1)), next: None };
    store.record_email_attempts(&[sent]).await.unwrap();
    let (again, record) = store.resend_failed_email(spring.id, queued.email_id, now).await.unwrap().unwrap();
    assert_eq!((again, record.status), (false, EmailStatus::Sent));
    assert!(store.due_emails(i64::MAX, 10).await.unwrap().is_empty());
    // Another campaign's id does not reach it.
    assert_eq!(store.resend_failed_email(spring.id + 1000, queued.email_id, now).await.unwrap(), None);
}

pub async fn unsubscribing_and_erasure_reach_the_emails(store: SharedStorage) {
    let spring = welcoming(&store, "mail-erase").await;
    let ada = join(&store, &spring, "ada@mail-erase.example").await;
    assert!(!store.unsubscribed(spring.id, ada.id).await.unwrap());
    let session = store.session(spring.brand_id).await.unwrap();
    let write = engine::Write::Unsubscribed { campaign_id: spring.id, participant_id: ada.id };
    session.commit(&[write]).await.unwrap();
    assert!(store.unsubscribed(spring.id, ada.id).await.unwrap());
    assert!(store.session(spring.brand_id).await.unwrap().unsubscribed(spring.id, ada.id).unwrap());

    let session = store.session(spring.brand_id).await.unwrap();
    let erasure = engine::decide_erasure(&*session, spring.member_id, ada.id, &Moment::now()).unwrap().unwrap();
    session.commit(&unheard(erasure.writes)).await.unwrap();
    let (emails, _) = store.emails_of_campaign(spring.id, page(1, 10)).await.unwrap();
    let (erased, _) = &emails[0];
    assert!(erased.to.is_empty() && erased.message.subject.is_empty() && erased.message.html.is_empty());
    assert!(erased.is_erased());
}

pub async fn a_deleted_campaign_takes_its_emails_with_it(store: SharedStorage) {
    let spring = welcoming(&store, "mail-gone").await;
    join(&store, &spring, "ada@mail-gone.example").await;
    let queued = store.due_emails(i64::MAX, 10).await.unwrap()[0];
    let mut spring = spring;
    spring.emails.digest.enabled = true;
    store.save_campaign(&spring).await.unwrap();
    store.delete_campaign(&spring).await.unwrap();
    assert!(store.due_digests(u32::MAX).await.unwrap().is_empty(), "no digest of a deleted campaign");
    assert_eq!(store.outgoing_email(spring.id, queued.email_id).await.unwrap(), None);
    assert_eq!(store.emails_of_campaign(spring.id, page(1, 10)).await.unwrap().1, 0);
    // The mailer drops an entry whose email is gone.
    store.record_email_attempts(&[EmailAttempt { queued, delivery: None, next: None }]).await.unwrap();
    assert!(store.due_emails(i64::MAX, 10).await.unwrap().is_empty());
}

pub async fn a_digest_and_its_mark_are_committed_together_and_a_day_has_one(store: SharedStorage) {
    let mut spring = welcoming(&store, "digest").await;
    join(&store, &spring, "ada@digest.example").await;
    let moment = Moment::now();
    assert!(store.due_digests(moment.day).await.unwrap().is_empty(), "the digest is off");
    spring.emails.digest.enabled = true;
    store.save_campaign(&spring).await.unwrap();
    let due: Vec<u64> = store.due_digests(moment.day).await.unwrap().iter().map(|c| c.id).collect();
    assert_eq!(due, [spring.id]);

    let session = store.session(spring.brand_id).await.unwrap();
    let digest = engine::due_digest(&*session, spring.id, moment.day, &moment).unwrap().expect("due");
    assert_eq!((digest.numbers.signups, digest.numbers.participants), (1, 1));
    let to = engine::DigestRecipient { email: "ann@digest.example".into(), name: "Ann".into() };
    let email_id = store.next_id(IdKind::Email).await.unwrap();
    let writes = engine::compose_digest(digest, Some((email_id, &to)), &mailing(), &moment);
    session.commit(&writes).await.unwrap();

    let session = store.session(spring.brand_id).await.unwrap();
    assert_eq!(session.digest_mark(spring.id).unwrap().map(|m| (m.day, m.participants)), Some((moment.day, 1)));
    assert_eq!(engine::due_digest(&*session, spring.id, moment.day, &moment).unwrap(), None, "one a day");
    assert!(store.due_digests(moment.day).await.unwrap().is_empty());
    assert_eq!(store.due_digests(moment.day + 1).await.unwrap().len(), 1, "tomorrow's is due tomorrow");
    let sent = store.outgoing_email(spring.id, email_id).await.unwrap().expect("the digest's row");
    assert_eq!((sent.kind, sent.to.as_str(), sent.participant()), (EmailKind::Digest, "ann@digest.example", None));
    let queued: Vec<u64> = store.due_emails(i64::MAX, 10).await.unwrap().iter().map(|q| q.email_id).collect();
    assert!(queued.contains(&email_id), "in the outbox: {queued:?}");
    let (logged, _) = store.emails_of_campaign(spring.id, page(1, 10)).await.unwrap();
    assert_eq!(logged[0].0.id, email_id, "newest first in the log");
}

pub async fn an_email_is_claimed_by_one_look_at_a_time(store: SharedStorage) {
    let spring = welcoming(&store, "mail-claim").await;
    for n in 0..6 {
        join(&store, &spring, &format!("p{n}@mail-claim.example")).await;
    }
    let now = chrono::Utc::now().timestamp_millis();
    // Ten looks at once, as from several servers: each entry goes to one of them.
    let looks = (0..10).map(|_| {
        let store = store.clone();
        tokio::spawn(async move { store.claim_emails(now, 2, 60_000, false).await.unwrap() })
    });
    let claimed: Vec<QueuedEmail> =
        futures_util::future::join_all(looks).await.into_iter().flat_map(|l| l.unwrap()).collect();
    let mut ids: Vec<u64> = claimed.iter().map(|q| q.email_id).collect();
    ids.sort_unstable();
    ids.dedup();
    assert_eq!((claimed.len(), ids.len()), (6, 6), "each of the six once: {claimed:?}");
    assert!(store.claim_emails(now, 10, 60_000, false).await.unwrap().is_empty(), "all held");
    assert_eq!(store.due_emails(now, 10).await.unwrap().len(), 6, "held, still due");

    // A recorded attempt's retry is free once due; an entry whose lease ran out is free again.
    let retry = QueuedEmail { attempts: 1, due_ms: now, ..claimed[0] };
    let attempt =
        EmailAttempt { queued: claimed[0], delivery: Some(delivery(EmailStatus::Queued, 1)), next: Some(retry) };
    store.record_email_attempts(&[attempt]).await.unwrap();
    // (A lease of -1 ms ended before it began.)
    assert_eq!(store.claim_emails(now, 10, -1, false).await.unwrap(), [retry]);
    assert_eq!(store.claim_emails(now, 10, 60_000, false).await.unwrap(), [retry], "its lease ended");
}
