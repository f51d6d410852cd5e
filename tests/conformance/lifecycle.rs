//! The server secret's check value, and snapshots.

use std::io::Read;

use referrals::domain::member::StoredApiKey;
use referrals::store::SharedStorage;

use crate::fixtures::{brand, campaign, member, signup};

pub async fn the_secret_check_and_sealed_data_are_remembered(store: SharedStorage) {
    assert!(!store.writes_stopped());
    assert!(store.secret_check().await.unwrap().is_none(), "a new database has none");
    assert!(!store.holds_sealed_data().await.unwrap());
    store.record_secret_check(b"check").await.unwrap();
    assert_eq!(store.secret_check().await.unwrap().as_deref(), Some(&b"check"[..]));

    let ann = member(&store, "ann@example.com").await;
    assert!(!store.holds_sealed_data().await.unwrap(), "a member without a key seals nothing");
    let key = StoredApiKey { digest: [1; 32], sealed: vec![1], date_generated: "2026-01-01T00:00:00Z".into() };
    store.replace_api_key(ann.id, key).await.unwrap();
    assert!(store.holds_sealed_data().await.unwrap());
}

pub async fn a_snapshot_holds_everything_written(store: SharedStorage) {
    let ann = member(&store, "ann@example.com").await;
    let shop = brand(&store, &ann, "shop.example").await;
    let spring = campaign(&store, &shop, 3, 1, false).await;
    for n in 0..20 {
        signup(&store, &spring, &format!("p{n}@example.com"), None).await;
    }
    let mut small = store.snapshot().await.unwrap();
    let mut bytes = Vec::new();
    small.file.read_to_end(&mut bytes).unwrap();
    assert_eq!(bytes.len() as u64, small.summary.bytes);
    assert_eq!(referrals::store::backup::verify(&bytes[..]).unwrap(), small.summary);

    for n in 20..40 {
        signup(&store, &spring, &format!("p{n}@example.com"), None).await;
    }
    let larger = store.snapshot().await.unwrap();
    assert!(larger.summary.entries > small.summary.entries, "{:?} then {:?}", small.summary, larger.summary);
}
