//! The migrations of campaign rows: a row of each older schema, as its release wrote it
//! (`domain::campaign_row`'s fixtures), read once and rewritten as today's, its fields kept
//! and the newer ones at their defaults.

use super::*;
use crate::domain::campaign_row::tests::{campaign_of, ROWS};
use crate::domain::campaign_row::CURRENT;
use crate::domain::Campaign;

/// Stores `old` as campaign 3 and a campaign of today as campaign 4, takes back the marker of
/// the step that migrates `schema`, and migrates: checks that only the old row is rewritten,
/// that today's stays as it is and that the step runs once. Campaign 3 as migrated.
fn migrate_one_campaign(schema: u8, old: &[u8]) -> Campaign {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    let mut row = vec![1];
    row.extend_from_slice(old);
    store.campaigns.insert(keys::id(3), row).unwrap();
    let current = Campaign { id: 4, ..campaign_of(CURRENT) };
    store.campaigns.insert(keys::id(4), codec::encode(&current).unwrap()).unwrap();
    store.meta.remove(campaigns_marker(schema + 1)).unwrap();

    assert_eq!(store.migrate().unwrap(), 1, "schema {schema}: the old row only");
    let kept: Campaign = SledStore::read(&store.campaigns, keys::id(4)).unwrap().unwrap();
    assert_eq!(kept, current, "a row in the current shape stays as it is");
    assert_eq!(store.migrate().unwrap(), 0, "runs once");
    SledStore::read(&store.campaigns, keys::id(3)).unwrap().unwrap()
}

#[test]
fn campaigns_of_every_older_schema_keep_every_field_and_get_the_newer_ones_at_their_defaults() {
    for &(schema, row) in ROWS.iter().filter(|(schema, _)| *schema < CURRENT) {
        let migrated = migrate_one_campaign(schema, &hex::decode(row).unwrap());
        assert_eq!(migrated, campaign_of(schema), "schema {schema}");
    }
}

#[test]
fn a_campaign_of_schema_7_is_not_mistaken_for_a_newer_one() {
    // Schema 8 put a field inside the contest, in the middle of the row: the step that
    // reads schema 7 must not take such a row for today's.
    let (_, row) = ROWS[6];
    let migrated = migrate_one_campaign(7, &hex::decode(row).unwrap());
    assert_eq!(migrated.contest.winners, crate::domain::contest::DEFAULT_WINNERS);
    assert_eq!(migrated.tiers, campaign_of(7).tiers, "the tiers after the contest read right");
}

#[test]
fn every_older_schema_has_its_step_and_a_fresh_store_has_run_them_all() {
    let dir = tempfile::tempdir().unwrap();
    let store = SledStore::open(dir.path(), &Default::default()).unwrap();
    for schema in 2..=CURRENT {
        assert!(store.meta.contains_key(campaigns_marker(schema)).unwrap(), "campaigns.v{schema}");
    }
    assert!(!store.meta.contains_key(campaigns_marker(CURRENT + 1)).unwrap());
}
