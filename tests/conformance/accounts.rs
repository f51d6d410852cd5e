//! Members, API keys and plans.

use referrals::domain::key_scope::{Access, Scope, ScopedApiKey, MOST_KEYS};
use referrals::domain::member::StoredApiKey;
use referrals::store::{EmailTaken, SharedStorage};

use crate::fixtures::{email, member, page};

fn key(byte: u8) -> StoredApiKey {
    StoredApiKey { digest: [byte; 32], sealed: vec![byte], date_generated: "2026-01-01T00:00:00Z".into() }
}

pub async fn members_are_unique_by_normalised_email(store: SharedStorage) {
    let ada = member(&store, "Ada@Example.com").await;
    assert!(ada.id > 0);
    let again = store.create_member(&email("ADA@example.COM"), "Other", "hash".into(), 1, true).await.unwrap();
    assert_eq!(again, Err(EmailTaken));
    assert_eq!(store.member_by_email(&email("ada@example.com")).await.unwrap().unwrap().id, ada.id);
    assert_eq!(store.member(ada.id).await.unwrap().unwrap().email, "Ada@Example.com", "kept as given");
    assert!(store.member(ada.id + 1000).await.unwrap().is_none());
    assert!(store.member_by_email(&email("nobody@example.com")).await.unwrap().is_none());
}

pub async fn a_new_api_key_revokes_the_old_one(store: SharedStorage) {
    let member = member(&store, "k@example.com").await;
    assert!(store.member_by_key_digest(&[1; 32]).await.unwrap().is_none());
    let with_key = store.replace_api_key(member.id, key(1)).await.unwrap().unwrap();
    assert_eq!(with_key.api_key, Some(key(1)));
    assert_eq!(store.member_by_key_digest(&[1; 32]).await.unwrap().unwrap().id, member.id);
    store.replace_api_key(member.id, key(2)).await.unwrap().unwrap();
    assert!(store.member_by_key_digest(&[1; 32]).await.unwrap().is_none(), "the old key stops working");
    assert_eq!(store.member_by_key_digest(&[2; 32]).await.unwrap().unwrap().id, member.id);
    assert!(store.replace_api_key(member.id + 1000, key(3)).await.unwrap().is_none());
    assert!(store.member_by_key_digest(&[3; 32]).await.unwrap().is_none(), "no key for a missing member");
}

fn scoped(byte: u8) -> ScopedApiKey {
    ScopedApiKey {
        id: 0,
        name: format!("key {byte}"),
        scopes: vec![Scope::Read],
        digest: [byte; 32],
        prefix: "ref_0123abcd".into(),
        date_generated: "2026-01-01T00:00:00Z".into(),
    }
}

pub async fn scoped_keys_are_added_numbered_revoked_and_outlive_the_main_key(store: SharedStorage) {
    let member = member(&store, "scoped@example.com").await;
    store.replace_api_key(member.id, key(40)).await.unwrap().unwrap();
    let first = store.add_scoped_key(member.id, scoped(41)).await.unwrap().unwrap().unwrap();
    let second = store.add_scoped_key(member.id, scoped(42)).await.unwrap().unwrap().unwrap();
    assert_eq!((first.id, second.id), (1, 2));
    let holder = store.member_by_key_digest(&[41; 32]).await.unwrap().expect("the scoped key's member");
    assert_eq!(holder.id, member.id);
    assert_eq!(holder.access_of(&[41; 32]), Some(Access::Scoped(vec![Scope::Read])));
    assert_eq!(holder.access_of(&[40; 32]), Some(Access::Full));

    // A new main key leaves the scoped keys working.
    store.replace_api_key(member.id, key(43)).await.unwrap().unwrap();
    assert!(store.member_by_key_digest(&[40; 32]).await.unwrap().is_none());
    assert_eq!(store.member_by_key_digest(&[42; 32]).await.unwrap().unwrap().id, member.id);

    let revoked = store.revoke_scoped_key(member.id, 1).await.unwrap().expect("key 1");
    assert_eq!(revoked.digest, [41; 32]);
    assert!(store.member_by_key_digest(&[41; 32]).await.unwrap().is_none(), "stops at once");
    assert!(store.revoke_scoped_key(member.id, 1).await.unwrap().is_none(), "once");
    let kept = store.member(member.id).await.unwrap().unwrap();
    assert_eq!(kept.scoped_keys.iter().map(|k| k.id).collect::<Vec<_>>(), vec![2]);
    assert!(store.add_scoped_key(member.id + 1000, scoped(44)).await.unwrap().is_none());
    assert!(store.member_by_key_digest(&[44; 32]).await.unwrap().is_none());

    // Held to the most.
    for n in 0..(MOST_KEYS as u8 - 1) {
        store.add_scoped_key(member.id, scoped(100 + n)).await.unwrap().unwrap().expect("room");
    }
    assert_eq!(store.add_scoped_key(member.id, scoped(200)).await.unwrap(), Some(None));
    assert!(store.member_by_key_digest(&[200; 32]).await.unwrap().is_none(), "not indexed");
}

pub async fn members_are_searched_paged_and_updated(store: SharedStorage) {
    let mut ids = Vec::new();
    for n in 0..5 {
        ids.push(member(&store, &format!("user{n}@example.com")).await.id);
    }
    let other = member(&store, "someone@else.org").await;
    let (all, total) = store.search_members(None, page(1, 100)).await.unwrap();
    assert_eq!(total, 6);
    assert_eq!(all.first().unwrap().id, other.id, "newest first");
    let (found, total) = store.search_members(Some("USER"), page(2, 2)).await.unwrap();
    assert_eq!(total, 5);
    assert_eq!(found.iter().map(|m| m.id).collect::<Vec<_>>(), vec![ids[2], ids[1]]);

    let changed = store.update_member(ids[0], &|m| m.plan_id = 2).await.unwrap().unwrap();
    assert_eq!(changed.plan_id, 2);
    assert_eq!(store.member(ids[0]).await.unwrap().unwrap().plan_id, 2);
    assert!(store.update_member(other.id + 1000, &|m| m.disabled = true).await.unwrap().is_none());
    assert_eq!(store.members_on_plan(2).await.unwrap(), 1);
    assert_eq!(store.members_on_plan(1).await.unwrap(), 5);
}

pub async fn plans_are_seeded_saved_and_removed(store: SharedStorage) {
    let plans = store.plans().await.unwrap();
    assert!(!plans.is_empty(), "the default plans are there on first start");
    assert!(plans.windows(2).all(|w| w[0].id < w[1].id), "by id");
    let next = store.next_plan_id().await.unwrap();
    assert_eq!(next, plans.last().unwrap().id + 1);
    let mut plan = plans[0].clone();
    plan.id = next;
    plan.name = "Enterprise".into();
    store.save_plan(&plan).await.unwrap();
    assert_eq!(store.plan(next).await.unwrap(), Some(plan.clone()));
    plan.price = "99.00".into();
    store.save_plan(&plan).await.unwrap();
    assert_eq!(store.plan(next).await.unwrap().unwrap().price, "99.00");
    assert!(store.remove_plan(next).await.unwrap());
    assert!(!store.remove_plan(next).await.unwrap(), "already gone");
    assert!(store.plan(next).await.unwrap().is_none());
}

pub async fn dashboard_sessions_are_kept_ended_and_pruned(store: SharedStorage) {
    use referrals::domain::dashboard_session::{DashboardSession, SESSION_LIFETIME_MS};
    let ada = member(&store, "sessions@example.com").await;
    let other = member(&store, "other-sessions@example.com").await;
    let first = DashboardSession::starting(ada.id, 1_000);
    store.create_session(&[1; 32], &first).await.unwrap();
    store.create_session(&[2; 32], &DashboardSession::starting(ada.id, 2_000)).await.unwrap();
    store.create_session(&[3; 32], &DashboardSession::starting(other.id, 2_000)).await.unwrap();
    assert_eq!(store.dashboard_session(&[1; 32]).await.unwrap(), Some(first.clone()));
    assert!(store.dashboard_session(&[9; 32]).await.unwrap().is_none());

    assert!(store.end_session(&[2; 32]).await.unwrap(), "signing out ends that session");
    assert!(!store.end_session(&[2; 32]).await.unwrap(), "only once");
    assert!(store.dashboard_session(&[2; 32]).await.unwrap().is_none());
    assert_eq!(store.dashboard_session(&[1; 32]).await.unwrap(), Some(first), "and no other");

    // A sign-in after the first session expired forgets it.
    let later = DashboardSession::starting(ada.id, 1_000 + SESSION_LIFETIME_MS);
    store.create_session(&[4; 32], &later).await.unwrap();
    assert!(store.dashboard_session(&[1; 32]).await.unwrap().is_none(), "the expired one is gone");
    assert_eq!(store.dashboard_session(&[4; 32]).await.unwrap(), Some(later));

    store.create_session(&[5; 32], &DashboardSession::starting(ada.id, 3_000)).await.unwrap();
    assert_eq!(store.end_sessions_of_member(ada.id).await.unwrap(), 2, "disabling ends all of them");
    assert!(store.dashboard_session(&[4; 32]).await.unwrap().is_none());
    assert!(store.dashboard_session(&[5; 32]).await.unwrap().is_none());
    assert!(store.dashboard_session(&[3; 32]).await.unwrap().is_some(), "another member's stays");
    assert_eq!(store.end_sessions_of_member(ada.id).await.unwrap(), 0);
}

pub async fn invitations_are_taken_once_and_expired_ones_forgotten(store: SharedStorage) {
    use referrals::domain::registration::{Invitation, INVITATION_LIFETIME_MS};
    assert!(!store.has_members().await.unwrap(), "a new database has no member");
    let ada = member(&store, "inviter@example.com").await;
    assert!(store.has_members().await.unwrap());

    let first = Invitation::new("grace@example.com", Some(ada.id), 1_000);
    store.create_invitation(&[1; 32], &first).await.unwrap();
    store.create_invitation(&[2; 32], &Invitation::new("alan@example.com", None, 2_000)).await.unwrap();
    assert_eq!(store.invitation(&[1; 32]).await.unwrap(), Some(first.clone()), "a look uses nothing up");
    assert_eq!(store.invitation(&[1; 32]).await.unwrap(), Some(first.clone()));
    assert!(store.invitation(&[9; 32]).await.unwrap().is_none());

    // Ten takers at once: exactly one gets it.
    let takers = (0..10).map(|_| {
        let store = store.clone();
        tokio::spawn(async move { store.take_invitation(&[1; 32]).await.unwrap() })
    });
    let mut taken = Vec::new();
    for taker in takers {
        taken.extend(taker.await.unwrap());
    }
    assert_eq!(taken, vec![first], "taken once");
    assert!(store.invitation(&[1; 32]).await.unwrap().is_none());

    // One made after the second expired forgets it.
    let later = Invitation::new("ann@example.com", None, 2_000 + INVITATION_LIFETIME_MS);
    store.create_invitation(&[3; 32], &later).await.unwrap();
    assert!(store.invitation(&[2; 32]).await.unwrap().is_none(), "the expired one is gone");
    assert_eq!(store.take_invitation(&[3; 32]).await.unwrap(), Some(later));
    assert!(store.take_invitation(&[3; 32]).await.unwrap().is_none());
}

pub async fn password_resets_are_taken_once_and_expired_ones_forgotten(store: SharedStorage) {
    use referrals::domain::password_reset::{PasswordReset, RESET_LIFETIME_MS};
    let ada = member(&store, "forgetful@example.com").await;
    let first = PasswordReset::new(&ada, 1_000);
    store.create_password_reset(&[1; 32], &first).await.unwrap();
    store.create_password_reset(&[2; 32], &PasswordReset::new(&ada, 2_000)).await.unwrap();
    assert_eq!(store.password_reset(&[1; 32]).await.unwrap(), Some(first.clone()), "a look uses nothing up");
    assert!(store.password_reset(&[9; 32]).await.unwrap().is_none());
    let takers = (0..10).map(|_| {
        let store = store.clone();
        tokio::spawn(async move { store.take_password_reset(&[1; 32]).await.unwrap() })
    });
    let mut taken = Vec::new();
    for taker in takers {
        taken.extend(taker.await.unwrap());
    }
    assert_eq!(taken, vec![first], "taken once");
    let later = PasswordReset::new(&ada, 2_000 + RESET_LIFETIME_MS);
    store.create_password_reset(&[3; 32], &later).await.unwrap();
    assert!(store.password_reset(&[2; 32]).await.unwrap().is_none(), "the expired one is gone");
    assert_eq!(store.take_password_reset(&[3; 32]).await.unwrap(), Some(later));
    assert!(store.take_password_reset(&[3; 32]).await.unwrap().is_none());
}

/// What a signup's decision checks inside its session: the member its API key names now, and
/// the plan; named ahead or not (PostgreSQL fetches the named ones with the brand's lock).
pub async fn a_decision_reads_the_key_holder_and_the_plan(store: SharedStorage) {
    use referrals::domain::engine::ReadAhead;
    let ann = member(&store, "holder@example.com").await;
    let shop = crate::fixtures::brand(&store, &ann, "holder.example").await;
    store.replace_api_key(ann.id, key(7)).await.unwrap().unwrap();
    let plan = store.plans().await.unwrap().remove(0);
    let missing = store.next_plan_id().await.unwrap();
    let ahead = [ReadAhead::KeyHolder([7; 32]), ReadAhead::Plan(plan.id)];
    for named in [&ahead[..], &[]] {
        let session = store.session(shop.id).await.unwrap();
        session.read_ahead(named).unwrap();
        assert_eq!(session.key_holder(&[7; 32]).await.unwrap().map(|m| m.id), Some(ann.id));
        assert!(session.key_holder(&[8; 32]).await.unwrap().is_none());
        assert_eq!(session.plan(plan.id).await.unwrap(), Some(plan.clone()));
        assert!(session.plan(missing).await.unwrap().is_none());
        session.release().await;
    }
    store.replace_api_key(ann.id, key(8)).await.unwrap().unwrap();
    let session = store.session(shop.id).await.unwrap();
    session.read_ahead(&ahead).unwrap();
    assert!(session.key_holder(&[7; 32]).await.unwrap().is_none(), "a replaced key names nobody");
    assert_eq!(session.key_holder(&[8; 32]).await.unwrap().map(|m| m.id), Some(ann.id));
    session.release().await;
}
