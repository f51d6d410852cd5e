//! Schema migrations, run once at start-up before serving. Each step rewrites the rows of one
//! type from an older stored shape and records that it ran in `meta`, so it never runs twice.
//! A restored backup of an older release is migrated the same way at its first start.

use super::{codec, keys, SledStore, StoreError};
use crate::domain::participant::ParticipantV1;
use crate::domain::Participant;

/// Marker in `meta`: participants are stored with their `domain` (schema 2 of the row).
const PARTICIPANTS_V2: &str = "participants.v2";

/// Rows rewritten per batch.
const BATCH: usize = 2_000;

impl SledStore {
    /// Runs the migrations this database has not had yet; the number of rows rewritten.
    pub(super) fn migrate(&self) -> Result<u64, StoreError> {
        if self.meta.contains_key(PARTICIPANTS_V2)? {
            return Ok(0);
        }
        let mut rewritten = 0;
        let mut after: Option<sled::IVec> = None;
        loop {
            let range = match &after {
                Some(key) => self
                    .participants
                    .range::<&[u8], _>((std::ops::Bound::Excluded(key.as_ref()), std::ops::Bound::Unbounded)),
                None => self.participants.iter(),
            };
            let mut batch = sled::Batch::default();
            let mut n = 0;
            for entry in range.take(BATCH) {
                let (key, row) = entry?;
                // Rows already in the new shape (written by this release before a crash cut
                // the migration short) decode as they are.
                if codec::decode::<Participant>(&row).is_err() {
                    let old: ParticipantV1 = codec::decode(&row)?;
                    batch.insert(key.clone(), codec::encode(&Participant::from(old))?);
                    rewritten += 1;
                }
                after = Some(key);
                n += 1;
            }
            if n == 0 {
                break;
            }
            self.participants.apply_batch(batch)?;
        }
        self.meta.insert(PARTICIPANTS_V2, &keys::id(1)[..])?;
        Ok(rewritten)
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::*;

    /// The schema-1 shape, to write rows as an older release did.
    #[derive(Serialize)]
    struct OldParticipant {
        id: u64,
        campaign_id: u64,
        brand_id: u64,
        member_id: u64,
        seq: u64,
        email: String,
        name: String,
        referred_by: Option<u64>,
        referrals: u64,
        visits: u64,
        clicks: u64,
        shares: u64,
        created_at: String,
    }

    #[test]
    fn rewrites_old_participants_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &Default::default()).unwrap();
        store.meta.remove(PARTICIPANTS_V2).unwrap();
        for id in 1..=3u64 {
            let old = OldParticipant {
                id,
                campaign_id: 7,
                brand_id: 5,
                member_id: 2,
                seq: id,
                email: format!("p{id}@example.com"),
                name: "Old".into(),
                referred_by: None,
                referrals: id,
                visits: 0,
                clicks: 0,
                shares: 0,
                created_at: "2026-01-01T00:00:00Z".into(),
            };
            store.participants.insert(keys::id(id), codec::encode(&old).unwrap()).unwrap();
        }
        assert!(store.participant_row(1).is_err(), "an old row does not read as the new shape");
        assert_eq!(store.migrate().unwrap(), 3);
        let p = store.participant_row(2).unwrap().unwrap();
        assert_eq!((p.referrals, p.email.as_str(), p.domain), (2, "p2@example.com", None));
        assert_eq!(store.migrate().unwrap(), 0, "runs once");
    }
}
