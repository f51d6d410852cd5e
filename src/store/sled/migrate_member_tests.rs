//! The members' migrations: rows of an older release gain their token generation, then their
//! email confirmation, then their scoped keys (none), once each.

use super::*;
use crate::domain::member::MemberV1;

#[tokio::test]
async fn members_of_an_older_release_keep_everything_and_start_in_generation_zero() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    store.meta.remove(MEMBERS_V2).unwrap();
    let old = MemberV1 {
        id: 4,
        email: "ada@example.com".into(),
        name: "Ada".into(),
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        plan_id: 2,
        date_signedup: "2026-01-01T00:00:00Z".into(),
        disabled: true,
        api_key: None,
    };
    store.members.insert(keys::id(4), codec::encode(&old).unwrap()).unwrap();
    assert!(codec::decode::<Member>(&store.members.get(keys::id(4)).unwrap().unwrap()).is_err(), "not today's shape");

    assert_eq!(store.migrate().unwrap(), 1);
    let member = crate::store::MemberStore::member(&store, 4).await.unwrap().expect("the member");
    assert_eq!(member, Member::from(old), "every field kept");
    assert_eq!((member.token_generation, member.disabled, member.plan_id), (0, true, 2));
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
}

#[tokio::test]
async fn members_from_before_email_confirmation_keep_everything_and_count_as_confirmed() {
    use crate::domain::member::MemberV2;
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    store.meta.remove(MEMBERS_V3).unwrap();
    let old = MemberV2 {
        id: 5,
        email: "bea@example.com".into(),
        name: "Bea".into(),
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        plan_id: 3,
        date_signedup: "2026-02-01T00:00:00Z".into(),
        disabled: false,
        api_key: None,
        token_generation: 7,
    };
    store.members.insert(keys::id(5), codec::encode(&old).unwrap()).unwrap();
    assert!(codec::decode::<Member>(&store.members.get(keys::id(5)).unwrap().unwrap()).is_err(), "not today's shape");

    assert_eq!(store.migrate().unwrap(), 1);
    let member = crate::store::MemberStore::member(&store, 5).await.unwrap().expect("the member");
    assert_eq!((member.token_generation, member.plan_id, member.email.as_str()), (7, 3, "bea@example.com"));
    assert_eq!(member.email_confirmed_at.as_deref(), Some("2026-02-01T00:00:00Z"), "their emails stay theirs");
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
}

#[tokio::test]
async fn members_from_before_scoped_keys_keep_their_key_and_have_none() {
    use crate::domain::member::{MemberV3, StoredApiKey};
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    store.meta.remove(MEMBERS_V4).unwrap();
    let key = StoredApiKey { digest: [7; 32], sealed: vec![1, 2], date_generated: "2026-03-01T00:00:00Z".into() };
    let old = MemberV3 {
        id: 6,
        email: "cy@example.com".into(),
        name: "Cy".into(),
        password_hash: "$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".into(),
        plan_id: 2,
        date_signedup: "2026-03-01T00:00:00Z".into(),
        disabled: false,
        api_key: Some(key.clone()),
        token_generation: 4,
        email_confirmed_at: None,
    };
    store.members.insert(keys::id(6), codec::encode(&old).unwrap()).unwrap();
    assert!(codec::decode::<Member>(&store.members.get(keys::id(6)).unwrap().unwrap()).is_err(), "not today's shape");

    assert_eq!(store.migrate().unwrap(), 1);
    let member = crate::store::MemberStore::member(&store, 6).await.unwrap().expect("the member");
    assert_eq!(member, Member::from(old), "every field kept");
    assert_eq!((member.api_key, member.email_confirmed_at, member.scoped_keys.len()), (Some(key), None, 0));
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
}
