//! What the fraud rules keep: a signup's client print, the recent times a velocity limit
//! counts, and a referral's suspicions, each committed with its decision and read back by
//! the next; old prints and quiet times forgotten; an erasure and a deleted campaign take a
//! participant's print. A block is kept until it is lifted.

use referrals::domain::client_print::{ClientPrint, RateKey, StoredPrint, PRINT_KEPT_MS};
use referrals::domain::engine::Write;
use referrals::domain::fraud::HOUR_MS;
use referrals::domain::reward::HoldReason;
use referrals::store::SharedStorage;

use crate::fixtures::{brand, campaign, member, signup};

fn print(at_ms: i64) -> StoredPrint {
    StoredPrint { print: ClientPrint { address: [1; 16], device: [2; 16] }, at_ms }
}

pub async fn prints_rates_and_suspicions_are_kept_and_forgotten_on_time(store: SharedStorage) {
    let ann = member(&store, "ann@fraud.example").await;
    let shop = brand(&store, &ann, "fraud.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    let ada = signup(&store, &spring, "ada@fraud.example", None).await.participant;
    let bob = signup(&store, &spring, "bob@fraud.example", Some(ada.id)).await.participant;
    let at = 1_800_000_000_000;
    let address = RateKey::Address([1; 16]);
    let referrer = RateKey::Referrer(ada.id);
    let session = store.session(shop.id).await.unwrap();
    assert_eq!(session.signup_print(ada.id).unwrap(), None);
    assert!(session.recent(spring.id, &address).unwrap().is_empty());
    assert!(session.referral_holds(spring.id, bob.id).unwrap().is_empty());
    let writes = [
        Write::SignupPrint { campaign_id: spring.id, participant_id: ada.id, print: print(at) },
        Write::SignupPrint { campaign_id: spring.id, participant_id: bob.id, print: print(at + HOUR_MS) },
        Write::Rate { campaign_id: spring.id, key: address, times: vec![at, at + HOUR_MS] },
        Write::Rate { campaign_id: spring.id, key: referrer, times: vec![at + 2 * HOUR_MS] },
        Write::ReferralHolds { campaign_id: spring.id, participant_id: bob.id, holds: vec![HoldReason::SameAddress] },
    ];
    session.commit(&writes).await.unwrap();

    let session = store.session(shop.id).await.unwrap();
    assert_eq!(session.signup_print(ada.id).unwrap(), Some(print(at)));
    assert_eq!(session.recent(spring.id, &address).unwrap(), [at, at + HOUR_MS]);
    assert_eq!(session.recent(spring.id, &referrer).unwrap(), [at + 2 * HOUR_MS]);
    assert!(session.recent(spring.id + 1, &address).unwrap().is_empty(), "per campaign");
    assert_eq!(session.referral_holds(spring.id, bob.id).unwrap(), [HoldReason::SameAddress]);

    // An hour after the address's newest time it is forgotten; the referrer's stays.
    assert_eq!(store.forget_old_prints(at + 2 * HOUR_MS).await.unwrap(), 1);
    drop(session); // a shared database holds the brand's lock for a session's life
    let session = store.session(shop.id).await.unwrap();
    assert!(session.recent(spring.id, &address).unwrap().is_empty());
    assert_eq!(session.recent(spring.id, &referrer).unwrap(), [at + 2 * HOUR_MS]);
    assert_eq!(session.signup_print(ada.id).unwrap(), Some(print(at)), "a print is kept 30 days");
    drop(session); // a shared database holds the brand's lock for a session's life
    assert_eq!(store.forget_old_prints(at + PRINT_KEPT_MS - 1).await.unwrap(), 1, "the referrer's times");
    assert!(store.session(shop.id).await.unwrap().signup_print(ada.id).unwrap().is_some());
    assert_eq!(store.forget_old_prints(at + PRINT_KEPT_MS).await.unwrap(), 1, "ada's print, 30 days on");
    let session = store.session(shop.id).await.unwrap();
    assert_eq!(session.signup_print(ada.id).unwrap(), None);
    assert_eq!(session.signup_print(bob.id).unwrap(), Some(print(at + HOUR_MS)), "bob's is younger");
    assert_eq!(session.referral_holds(spring.id, bob.id).unwrap(), [HoldReason::SameAddress], "no personal data");

    // An erasure takes the print at once.
    let mut erased = bob.clone();
    erased.erase();
    let erasure = Write::Erased { participant: erased, email: "bob@fraud.example".into(), domain: None };
    session.commit(&[erasure]).await.unwrap();
    assert_eq!(store.session(shop.id).await.unwrap().signup_print(bob.id).unwrap(), None);
    assert_eq!(store.forget_old_prints(i64::MAX / 2).await.unwrap(), 0, "nothing left behind");

    // So does deleting the campaign.
    let cy = signup(&store, &spring, "cy@fraud.example", None).await.participant;
    let session = store.session(shop.id).await.unwrap();
    let write = Write::SignupPrint { campaign_id: spring.id, participant_id: cy.id, print: print(at) };
    session.commit(&[write]).await.unwrap();
    store.delete_campaign(&spring).await.unwrap();
    assert_eq!(store.session(shop.id).await.unwrap().signup_print(cy.id).unwrap(), None);
    assert_eq!(store.forget_old_prints(i64::MAX / 2).await.unwrap(), 0, "nothing left behind");
}

pub async fn a_block_is_kept_until_lifted_and_goes_with_its_campaign(store: SharedStorage) {
    let ann = member(&store, "ann@blocks.example").await;
    let shop = brand(&store, &ann, "blocks.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    let ada = signup(&store, &spring, "ada@blocks.example", None).await.participant;
    let bob = signup(&store, &spring, "bob@blocks.example", None).await.participant;
    let session = store.session(shop.id).await.unwrap();
    assert_eq!(session.blocked(spring.id, ada.id).unwrap(), None);
    let at = "2026-11-24T09:30:00Z".to_owned();
    let block = |participant_id, at: Option<&String>| Write::Blocked {
        campaign_id: spring.id,
        participant_id,
        at: at.cloned(),
    };
    session.commit(&[block(ada.id, Some(&at))]).await.unwrap();
    assert_eq!(store.session(shop.id).await.unwrap().blocked(spring.id, ada.id).unwrap(), Some(at.clone()));
    assert_eq!(store.blocked_at(spring.id, ada.id).await.unwrap(), Some(at.clone()), "the API reads it too");
    assert_eq!(store.blocked_at(spring.id, bob.id).await.unwrap(), None, "per participant");
    assert_eq!(store.blocked_at(spring.id + 1, ada.id).await.unwrap(), None, "per campaign");

    // Lifted, it is gone; blocked again, it comes back; the campaign's deletion takes it.
    let session = store.session(shop.id).await.unwrap();
    session.commit(&[block(ada.id, None)]).await.unwrap();
    assert_eq!(store.blocked_at(spring.id, ada.id).await.unwrap(), None);
    let session = store.session(shop.id).await.unwrap();
    session.commit(&[block(bob.id, Some(&at))]).await.unwrap();
    store.delete_campaign(&spring).await.unwrap();
    assert_eq!(store.blocked_at(spring.id, bob.id).await.unwrap(), None);
}
