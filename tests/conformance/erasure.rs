//! Erasing a person reaches every copy a backend keeps: the row and its indexes, invitations,
//! webhook events, idempotent answers, and so the backups taken after it; and deleting a
//! campaign reaches every copy of its participants (their domain proofs among them).

use std::io::Read;

use referrals::domain::domain_proof::{DomainProof, ProofMethod, ProofSubject};
use referrals::domain::engine::{self, Moment, NewParticipant, Owner, ReferralEdge, SignupDecision, SignupIds};
use referrals::domain::event::EventTypes;
use referrals::domain::ids::IdKind;
use referrals::domain::participant::ParticipantFilter;
use referrals::domain::webhook::WebhookRoute;
use referrals::store::{IdempotencyRecord, IdempotencyWrite, IdempotentOutcome, SharedStorage};

use crate::fixtures::{brand, campaign, email, exact, inbox, member, page};

pub async fn an_erasure_reaches_every_copy_of_the_person(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    let hook = crate::webhooks::webhook(&store, ann.id, None).await;
    let routes = [WebhookRoute { webhook_id: hook.id, campaign_id: None, events: EventTypes::ALL }];
    let moment = Moment::now();

    // Ada (a domain participant) and Bob, referred by Ada under an idempotency key; every
    // event goes to the webhook, so each is stored.
    let join = async |(address, name): (&str, &str),
                      domain: Option<&str>,
                      referrer: Option<u64>,
                      key: Option<&IdempotencyWrite>| {
        let who = NewParticipant {
            email: email(address),
            name: name.into(),
            domain: domain.map(Into::into),
            client: None,
            language: None,
        };
        let ids = SignupIds {
            participant: store.next_id(IdKind::Participant).await.unwrap(),
            referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
            invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
        };
        let edge = referrer.map(|referrer_id| ReferralEdge { referrer_id, invited_id: None });
        let session = store.session(shop.id).await.unwrap();
        let decided = engine::decide_signup(&*session, &spring, &who, edge, ids, &Owner::default(), &moment).unwrap();
        let Ok(SignupDecision::Created { signed, writes }) = decided else { panic!("{address} joins") };
        let mut event_ids = Vec::new();
        for _ in 0..engine::to_publish(&writes, &routes) {
            event_ids.push(store.next_id(IdKind::Event).await.unwrap());
        }
        let (writes, _) = engine::publish(writes, &routes, &event_ids, &moment);
        match key {
            Some(key) => {
                let record = IdempotencyRecord {
                    request_hash: key.request_hash,
                    created_at: moment.at.clone(),
                    outcome: IdempotentOutcome::Signed(signed.clone()),
                };
                session.commit_idempotent(&writes, key, &record).await.unwrap().expect("a new key");
            }
            None => session.commit(&writes).await.unwrap(),
        }
        *signed
    };
    let ada = join(("Ada.Lovelace@Example.com", "Ada Lovelace"), Some("ada.example"), None, None).await.participant;
    let key = IdempotencyWrite { key: [ann.id.to_be_bytes().as_slice(), &[4; 32]].concat(), request_hash: [5; 32] };
    let bob = join(("bob@example.com", "Bob"), None, Some(ada.id), Some(&key)).await.participant;
    // Ada's and Dan's websites are proven; each proof names the website.
    let dan = join(("dan@example.com", "Dan"), Some("dan-partner.example"), None, None).await.participant;
    let proof = |id: u64, domain: &str| DomainProof {
        subject: ProofSubject::Participant(id),
        domain: domain.into(),
        verified_at: moment.at.clone(),
        by: ProofMethod::File,
    };
    store.save_domain_proof(&proof(ada.id, "ada.example")).await.unwrap();
    store.save_domain_proof(&proof(dan.id, "dan-partner.example")).await.unwrap();
    let proven = [ProofSubject::Participant(ada.id), ProofSubject::Participant(dan.id)];
    assert_eq!(store.domain_proofs(&proven).await.unwrap().len(), 2);
    let invite_ids = [store.next_id(IdKind::Invite).await.unwrap(), store.next_id(IdKind::Invite).await.unwrap()];
    for (from, to, id) in
        [(&ada, "carol@example.com", invite_ids[0]), (&bob, "ada.lovelace@example.com", invite_ids[1])]
    {
        let session = store.session(shop.id).await.unwrap();
        let (_, writes) = engine::decide_invites(&*session, from, &[email(to)], &[id], &moment.at).unwrap();
        session.commit(&writes).await.unwrap();
    }
    assert_eq!(store.invites_to(spring.id, "ada.lovelace@example.com").await.unwrap().len(), 1);
    // Ada paid through Stripe: her customer id is bound to her.
    let ids = engine::ConversionIds {
        conversion: store.next_id(IdKind::Conversion).await.unwrap(),
        referrer_reward: store.next_id(IdKind::Reward).await.unwrap(),
        invited_reward: store.next_id(IdKind::Reward).await.unwrap(),
        commission_reward: store.next_id(IdKind::Reward).await.unwrap(),
    };
    let paid = engine::NewConversion {
        occurred_ms: None,
        participant_id: ada.id,
        external_id: "cs_ada".into(),
        amount: None,
        currency: None,
        payment_references: Vec::new(),
        invoice: None,
        customers: vec!["stripe:cus_AdaLovelace".into()],
        promo_code: None,
    };
    let session = store.session(shop.id).await.unwrap();
    let decided = engine::decide_conversion(&*session, &spring, &paid, ids, &moment).unwrap();
    let Ok(engine::ConversionDecision::Created { writes, .. }) = decided else { panic!("Ada's payment") };
    let (writes, _) = engine::publish(writes, &[], &[], &moment);
    session.commit(&writes).await.unwrap();
    assert_eq!(store.customer_participant(spring.id, "stripe:cus_AdaLovelace").await.unwrap(), Some(ada.id));
    // Paddle told the brand of Ada's and Dan's emails.
    store.save_source_customer(shop.id, "paddle:ctm_ada", "ada.lovelace@example.com").await.unwrap();
    store.save_source_customer(shop.id, "paddle:ctm_dan", "dan@example.com").await.unwrap();
    // Ada's signup, and the reward Bob's signup earned her (num_signups 1).
    assert_eq!(store.events_of_participant(ada.id).await.unwrap().len(), 2);
    let counters = store.counters(spring.id).await.unwrap();

    let session = store.session(shop.id).await.unwrap();
    let erasure = engine::decide_erasure(&*session, ann.id, ada.id, &moment).unwrap().expect("Ada is Ann's");
    session.commit(&erasure.writes).await.unwrap();

    let erased = store.participant(ada.id).await.unwrap().unwrap();
    assert!(erased.is_erased() && erased.name.is_empty() && erased.domain.is_none());
    assert_eq!((erased.referrals, erased.seq), (ada.referrals + 1, ada.seq));
    assert_eq!(store.participant(bob.id).await.unwrap().unwrap().referred_by, Some(ada.id), "the chain stays");
    assert_eq!(store.counters(spring.id).await.unwrap(), counters, "every counter stays");
    assert!(store.participant_by_email(spring.id, &exact("ada.lovelace@example.com")).await.unwrap().is_none());
    assert!(store.participant_by_email(spring.id, &inbox("ada.lovelace@example.com")).await.unwrap().is_none());
    assert_eq!(store.domain_participant_in(spring.id, "ada.example").await.unwrap(), None);
    assert_eq!(store.customer_participant(spring.id, "stripe:cus_AdaLovelace").await.unwrap(), None, "her customer id");
    assert_eq!(store.source_customer(shop.id, "paddle:ctm_ada").await.unwrap(), None, "the email Paddle told of");
    assert_eq!(store.source_customer(shop.id, "paddle:ctm_dan").await.unwrap().as_deref(), Some("dan@example.com"));
    assert!(store.domain_referrers("ada.example", 10).await.unwrap().is_empty());
    assert_eq!(store.domain_proofs(&proven).await.unwrap(), [proof(dan.id, "dan-partner.example")], "Ada's proof went");
    let search = ParticipantFilter { search: Some("lovelace".into()), ..Default::default() };
    assert_eq!(store.search_participants(ann.id, Some(spring.id), &search, page(1, 10)).await.unwrap().1, 0);
    assert!(store.invites_of(ada.id).await.unwrap().iter().all(|i| i.email.is_empty()));
    assert!(store.invites_of(bob.id).await.unwrap().iter().all(|i| i.email.is_empty()), "sent to Ada");
    let events = store.events_of_participant(ada.id).await.unwrap();
    assert!(!events.is_empty() && events.iter().all(|e| e.subject.participants().iter().all(|p| p.is_erased())));
    let Some(IdempotencyRecord { outcome: IdempotentOutcome::Signed(signed), .. }) =
        store.idempotency_record(&key.key).await.unwrap()
    else {
        panic!("the record stays, so a retry is still answered")
    };
    assert!(signed.referrer.as_ref().is_some_and(|r| r.is_erased()), "the referrer's copy is erased");
    assert_eq!(signed.participant.email, "bob@example.com", "Bob's own copy is not");

    // A backup taken now holds no trace of the address, the name or the website.
    let mut snapshot = store.snapshot().await.unwrap();
    let mut bytes = Vec::new();
    snapshot.file.read_to_end(&mut bytes).unwrap();
    for trace in
        ["Ada.Lovelace@Example.com", "ada.lovelace@example.com", "ada.example", "Ada Lovelace", "cus_AdaLovelace"]
    {
        assert!(!bytes.windows(trace.len()).any(|w| w == trace.as_bytes()), "{trace} is still in the backup");
    }

    // Deleting the campaign takes every copy of its participants with it: their events go,
    // and the account-wide idempotency record keeps answering without Bob.
    let bobs_events: Vec<u64> = store.events_of_participant(bob.id).await.unwrap().iter().map(|e| e.id).collect();
    assert!(!bobs_events.is_empty());
    store.delete_campaign(&spring).await.unwrap();
    for id in bobs_events {
        assert!(store.event(id).await.unwrap().is_none(), "event {id} went with the campaign");
    }
    assert!(store.events_of_participant(bob.id).await.unwrap().is_empty());
    let Some(IdempotencyRecord { outcome: IdempotentOutcome::Signed(signed), .. }) =
        store.idempotency_record(&key.key).await.unwrap()
    else {
        panic!("the record stays")
    };
    assert!(signed.participant.is_erased(), "Bob's copy is erased with his campaign");
    assert!(store.domain_proofs(&proven).await.unwrap().is_empty(), "Dan's proof went with his campaign");
    let mut snapshot = store.snapshot().await.unwrap();
    let mut bytes = Vec::new();
    snapshot.file.read_to_end(&mut bytes).unwrap();
    assert!(!bytes.windows(15).any(|w| w == b"bob@example.com"), "no trace of Bob in a backup");
    assert!(!bytes.windows(19).any(|w| w == b"dan-partner.example"), "nor of Dan's website");
}
