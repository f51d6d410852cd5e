//! Backups and restores of a store on disk, without a server.
use std::io::Read;

use super::*;
use crate::domain::dashboard_session::DashboardSession;
use crate::store::sled::{BackupHold, SledStore};
use crate::store::{SessionStore, StoreOptions};

fn snapshot_bytes(store: &SledStore) -> Vec<u8> {
    let mut snapshot = store.snapshot_now().unwrap();
    let mut bytes = Vec::new();
    snapshot.file.read_to_end(&mut bytes).unwrap();
    assert_eq!(bytes.len() as u64, snapshot.summary.bytes);
    bytes
}

#[test]
fn a_backup_restores_every_tree_and_keeps_ids_unique() {
    let source = tempfile::tempdir().unwrap();
    let store = SledStore::open(source.path(), &StoreOptions::default()).unwrap();
    let mut last_id = 0;
    for _ in 0..2_500 {
        last_id = store.fresh_id().unwrap();
    }
    // 25,000 rows of 200 bytes: more than one flush interval of the restore.
    for i in 0u64..25_000 {
        store.campaign_rows.insert(i.to_be_bytes(), vec![(i % 251) as u8; 200]).unwrap();
    }
    store.meta.insert("marker", &b"x"[..]).unwrap();
    let brand = store.allocate(crate::domain::ids::IdKind::Brand).unwrap();
    let bytes = snapshot_bytes(&store);
    let verified = verify(&bytes[..]).unwrap();
    assert!(verified.entries >= 25_001, "{verified:?}");

    let target = tempfile::tempdir().unwrap();
    let restored = restore_into(&bytes[..], &database_dir(target.path())).unwrap();
    assert_eq!(restored, verified);
    let copy = SledStore::open(target.path(), &StoreOptions::default()).unwrap();
    assert_eq!(copy.campaign_rows.len(), 25_000);
    assert_eq!(
        copy.campaign_rows.get(24_999u64.to_be_bytes()).unwrap().as_deref(),
        Some(&[(24_999 % 251) as u8; 200][..])
    );
    assert_eq!(copy.allocate(crate::domain::ids::IdKind::Brand).unwrap(), brand + 1, "the id counters come along");
    assert_eq!(copy.meta.get("marker").unwrap().as_deref(), Some(&b"x"[..]));
    assert_eq!(copy.plans.len(), store.plans.len());
    assert!(copy.fresh_id().unwrap() > last_id, "ids after a restore never repeat stored ones");
}

#[test]
fn damaged_and_truncated_files_are_refused_and_leave_nothing_behind() {
    let source = tempfile::tempdir().unwrap();
    let store = SledStore::open(source.path(), &StoreOptions::default()).unwrap();
    store.meta.insert("marker", &b"x"[..]).unwrap();
    let bytes = snapshot_bytes(&store);
    let target = tempfile::tempdir().unwrap();
    let db = database_dir(target.path());

    assert!(matches!(restore_into(&bytes[..bytes.len() - 10], &db), Err(BackupError::Truncated)));
    assert!(!db.exists(), "a failed restore removes its half-written database");
    let mut flipped = bytes.clone();
    let middle = flipped.len() / 2;
    flipped[middle] ^= 0x40;
    assert!(restore_into(&flipped[..], &db).is_err());
    assert!(!db.exists());
    assert!(matches!(verify(&b"PK\x03\x04 a zip file"[..]), Err(BackupError::NotABackup)));
    assert!(matches!(verify(&b""[..]), Err(BackupError::NotABackup)));
    let mut extra = bytes.clone();
    extra.push(0);
    assert!(matches!(verify(&extra[..]), Err(BackupError::Damaged(_))));
}

#[test]
fn an_open_database_is_reported_in_use() {
    let dir = tempfile::tempdir().unwrap();
    assert!(!database_in_use(dir.path()).unwrap(), "no database at all");
    let store = SledStore::open(dir.path(), &StoreOptions::default()).unwrap();
    assert!(database_in_use(dir.path()).unwrap());
    // Released when the holding process ends: `refctl restore` after a stopped server is
    // in cli/tests (inside this process, sled's threads let go of the file at their own
    // pace, so that half is not asserted here).
    store.close_now().unwrap();
}

/// Every entry of tree `name` in a backup file, in file order.
fn entries_of(bytes: &[u8], name: &str) -> Vec<(Vec<u8>, Vec<u8>)> {
    let mut reader = format::RecordReader::backup(bytes).unwrap();
    let (mut inside, mut entries) = (false, Vec::new());
    while let Some(record) = reader.next_record().unwrap() {
        match record {
            format::Record::Tree(tree) => inside = tree == name.as_bytes(),
            format::Record::Entry(key, value) if inside => entries.push((key, value)),
            format::Record::Entry(..) => {}
        }
    }
    reader.finish().unwrap();
    entries
}

fn read_u64(value: &[u8]) -> u64 {
    u64::from_be_bytes(value.try_into().unwrap())
}

/// One write set through the journal, as a brand actor commits: moves `amount` from one
/// account to another (rows of `campaign_rows`) and records the move as transfer `n` (a row of
/// `participants`, written after the accounts' tree in the copy's order), with the count of
/// transfers beside the accounts.
fn transfer(store: &SledStore, n: u64, from: u64, to: u64, amount: u64) {
    use crate::store::sled::overlay::{Overlay, TreeId};
    let mut tx = Overlay::new(store);
    let account = |i: u64| [b"acct".as_slice(), &i.to_be_bytes()].concat();
    let balance = |tx: &Overlay, i: u64| read_u64(&tx.get(TreeId::CampaignRows, &account(i)).unwrap().unwrap());
    let (a, b) = (balance(&tx, from), balance(&tx, to));
    let amount = amount.min(a);
    tx.insert(TreeId::CampaignRows, account(from), (a - amount).to_be_bytes().to_vec());
    tx.insert(TreeId::CampaignRows, account(to), (b + amount).to_be_bytes().to_vec());
    tx.insert(TreeId::CampaignRows, b"count".to_vec(), n.to_be_bytes().to_vec());
    tx.insert(TreeId::Participants, n.to_be_bytes().to_vec(), amount.to_be_bytes().to_vec());
    // Every tenth transfer forgets the transfer ten before it: removals during a copy too.
    if n.is_multiple_of(10) && n > 10 {
        tx.remove(TreeId::Participants, (n - 10).to_be_bytes().to_vec());
    }
    tx.commit_journaled().unwrap();
}

/// What a backup's accounts say: the sum of the balances, the count of transfers, and the
/// transfers recorded.
fn ledger(bytes: &[u8]) -> (u64, u64, Vec<u64>) {
    let rows = entries_of(bytes, "campaign_rows");
    let sum = rows.iter().filter(|(k, _)| k.starts_with(b"acct")).map(|(_, v)| read_u64(v)).sum();
    let count = rows.iter().find(|(k, _)| k == b"count").map_or(0, |(_, v)| read_u64(v));
    let transfers = entries_of(bytes, "participants").iter().map(|(k, _)| read_u64(k)).collect();
    (sum, count, transfers)
}

/// The transfers a backup with `count` transfers must record: all of them, less every tenth
/// one's removal of the one ten before it.
fn expected_transfers(count: u64) -> Vec<u64> {
    (1..=count).filter(|n| !(n.is_multiple_of(10) && n + 10 <= count)).collect()
}

fn open_accounts(dir: &std::path::Path, options: &StoreOptions) -> SledStore {
    let store = SledStore::open(dir, options).unwrap();
    for i in 0u64..100 {
        store.campaign_rows.insert([b"acct".as_slice(), &i.to_be_bytes()].concat(), &1_000u64.to_be_bytes()).unwrap();
    }
    // Enough other rows that a copy takes a while.
    for i in 0u64..50_000 {
        store.indexes.insert(i.to_be_bytes(), vec![7u8; 100]).unwrap();
    }
    store
}

#[test]
fn writes_during_a_backup_go_on_and_the_backup_is_the_database_at_one_moment() {
    let dir = tempfile::tempdir().unwrap();
    let store = open_accounts(dir.path(), &StoreOptions::default());
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let (store, stop) = (store.clone(), stop.clone());
        std::thread::spawn(move || {
            let mut n = 0;
            while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                n += 1;
                transfer(&store, n, n * 7 % 100, n * 13 % 100, n % 50);
            }
            n
        })
    };
    let mut counts = Vec::new();
    for _ in 0..3 {
        let bytes = snapshot_bytes(&store);
        let (sum, count, transfers) = ledger(&bytes);
        assert_eq!(sum, 100_000, "money is neither made nor lost in any snapshot");
        assert_eq!(transfers, expected_transfers(count), "the transfers match the count of transfers");
        assert!(entries_of(&bytes, "journal").is_empty(), "no write set is half applied");
        assert_eq!(entries_of(&bytes, "indexes").len(), 50_000);
        counts.push(count);
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    let written = writer.join().unwrap();
    assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
    assert!(written > counts[0], "writes went on during the backups: {written} after {counts:?}");
}

#[test]
fn a_backup_held_mid_copy_keeps_the_writes_made_meanwhile_on_both_sides_of_the_copy() {
    let dir = tempfile::tempdir().unwrap();
    let (trigger, marker) = (dir.path().join("hold"), dir.path().join("held"));
    let hold = BackupHold { trigger: trigger.clone(), marker: marker.clone() };
    let options = StoreOptions { backup_hold: Some(hold), ..StoreOptions::default() };
    let store = open_accounts(dir.path(), &options);
    for n in 1..=40 {
        transfer(&store, n, n % 100, (n + 1) % 100, 5);
    }
    std::fs::write(&trigger, b"").unwrap();
    let backup = {
        let store = store.clone();
        std::thread::spawn(move || {
            let mut snapshot = store.snapshot_now().unwrap();
            let mut bytes = Vec::new();
            snapshot.file.read_to_end(&mut bytes).unwrap();
            (bytes, snapshot.paused)
        })
    };
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while !marker.exists() {
        assert!(std::time::Instant::now() < deadline, "the backup never reached its hold");
        std::thread::yield_now();
    }
    // Halfway through the copy: `campaign_rows` is copied, `participants` is not. 3,000
    // write sets (more than sled queues for a subscriber) touch both, and remove rows of both.
    for n in 41..=3_040 {
        transfer(&store, n, n % 100, (n * 3) % 100, n % 9);
    }
    store.campaign_rows.remove([b"acct".as_slice(), &99u64.to_be_bytes()].concat()).unwrap();
    std::fs::remove_file(&trigger).unwrap();
    let (bytes, paused) = backup.join().unwrap();
    let (sum, count, transfers) = ledger(&bytes);
    let live_sum: u64 = store.campaign_rows.scan_prefix(b"acct").map(|e| read_u64(&e.unwrap().1)).sum();
    assert_eq!(count, 3_040, "the writes made during the copy are in the backup");
    assert_eq!(sum, live_sum, "including a removal of a row copied before it");
    assert_eq!(transfers, expected_transfers(3_040));
    assert!(!marker.exists(), "the hold's marker goes with the hold");
    assert!(paused < std::time::Duration::from_secs(1), "writers waited {paused:?}");
    // And it restores to exactly that.
    let target = tempfile::tempdir().unwrap();
    restore_into(&bytes[..], &database_dir(target.path())).unwrap();
    let copy = SledStore::open(target.path(), &StoreOptions::default()).unwrap();
    assert_eq!(copy.participants.len(), transfers.len());
    assert!(copy.campaign_rows.get([b"acct".as_slice(), &99u64.to_be_bytes()].concat()).unwrap().is_none());
}

#[tokio::test]
async fn a_restored_backup_has_everyone_signed_out() {
    let source = tempfile::tempdir().unwrap();
    let store = SledStore::open(source.path(), &StoreOptions::default()).unwrap();
    store.create_session(&[1; 32], &DashboardSession::starting(1, 0)).await.unwrap();
    store.meta.insert("marker", &b"x"[..]).unwrap();
    let bytes = snapshot_bytes(&store);

    let target = tempfile::tempdir().unwrap();
    restore_into(&bytes[..], &database_dir(target.path())).unwrap();
    let copy = SledStore::open(target.path(), &StoreOptions::default()).unwrap();
    assert_eq!(copy.meta.get("marker").unwrap().as_deref(), Some(&b"x"[..]), "the data came along");
    assert!(copy.dashboard_session(&[1; 32]).await.unwrap().is_none(), "the session did not");
    assert!(store.dashboard_session(&[1; 32]).await.unwrap().is_some(), "and the source keeps it");
}
