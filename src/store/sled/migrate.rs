//! Schema migrations, run once at start-up before serving. Each step rewrites the rows of one
//! type from an older stored shape and records that it ran in `meta`, so it never runs twice.
//! A restored backup of an older release is migrated the same way at its first start.

use super::decisions::{id_counter_key, issued_value, member_reward_value};
use super::keys::{index, participant_row};
use super::{codec, keys, SledStore, StoreError};
use crate::domain::campaign::CampaignV1;
use crate::domain::ids::IdKind;
use crate::domain::participant::ParticipantV1;
use crate::domain::reward::RewardV1;
use crate::domain::webhook::Attempt;
use crate::domain::{Campaign, Participant, Reward};

/// Marker in `meta`: participants are stored with their `domain` (schema 2 of the row).
const PARTICIPANTS_V2: &str = "participants.v2";
/// Marker in `meta`: every logged webhook attempt has its place in the attempt order.
const ATTEMPT_ORDER_V1: &str = "attempt_order.v1";
/// Marker in `meta`: ids come from a counter per kind (`id.<kind>`).
const IDS_V1: &str = "ids.v1";
/// Marker in `meta`: campaigns are stored with `hold_days` (schema 2 of the row).
const CAMPAIGNS_V2: &str = "campaigns.v2";
/// Marker in `meta`: rewards are stored with their lifecycle (schema 2 of the row) and are in
/// the member's reward index.
const REWARDS_V2: &str = "rewards.v2";

/// Rows rewritten per batch.
const BATCH: usize = 2_000;

impl SledStore {
    /// Runs the migrations this database has not had yet; the number of rows rewritten.
    pub(super) fn migrate(&self) -> Result<u64, StoreError> {
        self.start_id_counters()?;
        Ok(self.migrate_participants()?
            + self.order_logged_attempts()?
            + self.migrate_campaigns()?
            + self.migrate_rewards()?)
    }

    /// Starts every kind's id counter above every id handed out before it existed (they came
    /// from sled's one generator): a new database starts each kind at 1, and an older one
    /// keeps its ids and continues densely above them.
    fn start_id_counters(&self) -> Result<(), StoreError> {
        if self.meta.contains_key(IDS_V1)? {
            return Ok(());
        }
        // Higher than every id that generator gave (each was a value of it plus one), unless
        // nothing was ever stored: then 0, and every kind starts at 1.
        let holds_ids = !self.members.is_empty() || !self.brands.is_empty() || !self.webhooks.is_empty();
        let floor = if holds_ids { self.db.generate_id()? + 1 } else { 0 };
        let mut batch = sled::Batch::default();
        for kind in IdKind::ALL {
            batch.insert(id_counter_key(kind).as_bytes(), &keys::id(floor)[..]);
        }
        batch.insert(IDS_V1, &keys::id(1)[..]);
        self.meta.apply_batch(batch)?;
        Ok(())
    }

    /// Gives the attempts logged before the log kept its order a place in it: each webhook's
    /// by the time they were made (then event and attempt), ahead of any made since (the
    /// sequence comes from the same ever-growing generator). Runs again from the start after
    /// a crash, first dropping what a cut run wrote.
    fn order_logged_attempts(&self) -> Result<u64, StoreError> {
        if self.meta.contains_key(ATTEMPT_ORDER_V1)? {
            return Ok(0);
        }
        let mut cut_run = sled::Batch::default();
        for key in self.indexes.scan_prefix([index::ATTEMPT_ORDER]).keys() {
            cut_run.remove(key?);
        }
        self.indexes.apply_batch(cut_run)?;
        let mut ordered = 0;
        let mut webhook: Option<u64> = None;
        let mut attempts: Vec<(String, sled::IVec)> = Vec::new();
        let mut flush = |webhook: u64, attempts: &mut Vec<(String, sled::IVec)>| -> Result<(), StoreError> {
            attempts.sort();
            let mut batch = sled::Batch::default();
            for (_, key) in attempts.drain(..) {
                batch.insert(&keys::tagged(index::ATTEMPT_ORDER, webhook, self.db.generate_id()?)[..], key);
                ordered += 1;
            }
            self.indexes.apply_batch(batch)?;
            Ok(())
        };
        for entry in self.delivery_log.iter() {
            let (key, row) = entry?;
            let Some(owner) = keys::read_id(&key[..8]) else { continue };
            if webhook.is_some_and(|w| w != owner) {
                flush(webhook.expect("checked"), &mut attempts)?;
            }
            webhook = Some(owner);
            let attempt: Attempt = codec::decode(&row)?;
            // RFC 3339 UTC times sort as text; the key (event, attempt) breaks ties.
            attempts.push((attempt.at, key));
        }
        if let Some(webhook) = webhook {
            flush(webhook, &mut attempts)?;
        }
        self.meta.insert(ATTEMPT_ORDER_V1, &keys::id(1)[..])?;
        Ok(ordered)
    }

    fn migrate_participants(&self) -> Result<u64, StoreError> {
        self.rewrite_rows(PARTICIPANTS_V2, &self.participants, |_, row, _| {
            // Rows already in the new shape (written by this release before a crash cut the
            // migration short) decode as they are.
            if codec::decode::<Participant>(row).is_ok() {
                return Ok(None);
            }
            let old: ParticipantV1 = codec::decode(row)?;
            Ok(Some(codec::encode(&Participant::from(old))?))
        })
    }

    fn migrate_campaigns(&self) -> Result<u64, StoreError> {
        self.rewrite_rows(CAMPAIGNS_V2, &self.campaigns, |_, row, _| {
            if codec::decode::<Campaign>(row).is_ok() {
                return Ok(None);
            }
            let old: CampaignV1 = codec::decode(row)?;
            Ok(Some(codec::encode(&Campaign::from(old))?))
        })
    }

    /// Rewards get their brand, member and history, and enter the member's reward index (and
    /// the issued ones the index of issued rewards).
    /// Runs after the participants' migration: a reward's brand and member are its
    /// participant's.
    fn migrate_rewards(&self) -> Result<u64, StoreError> {
        // Issue-order keys are fresh numbers, not a function of the reward: what a cut run
        // wrote is dropped first, so a rerun does not list a reward twice.
        if !self.meta.contains_key(REWARDS_V2)? {
            let mut cut_run = sled::Batch::default();
            for key in self.indexes.scan_prefix([index::ISSUED]).keys() {
                cut_run.remove(key?);
            }
            self.indexes.apply_batch(cut_run)?;
        }
        self.rewrite_rows(REWARDS_V2, &self.participant_rows, |key, row, indexes| {
            if key.get(8) != Some(&participant_row::REWARD) {
                return Ok(None);
            }
            let (reward, rewritten) = match codec::decode::<Reward>(row) {
                Ok(reward) => (reward, None),
                Err(_) => {
                    let old: RewardV1 = codec::decode(row)?;
                    let Some(participant) = self.participant_row(old.participant_id)? else {
                        // Its participant is being purged with its campaign: so will it be.
                        return Ok(None);
                    };
                    let reward = old.upgrade(participant.brand_id, participant.member_id);
                    let encoded = codec::encode(&reward)?;
                    (reward, Some(encoded))
                }
            };
            let index_key = keys::tagged(index::MEMBER_REWARD, reward.member_id, reward.id);
            indexes.insert(&index_key[..], &member_reward_value(&reward)[..]);
            // Rewards issued before this release come before any issued since (in the order
            // of their rows, which is close enough for rewards the platform has seen).
            if reward.issued_at.is_some() {
                let key = keys::tagged(index::ISSUED, reward.member_id, self.fresh_id()?);
                indexes.insert(&key[..], issued_value(&reward));
            }
            Ok(rewritten)
        })
    }

    /// Runs `upgrade` over every row of `tree` once (unless `marker` says it ran), in key
    /// order and in batches: `Some` rewrites the row; entries added to the second batch go
    /// to `indexes` with it. A run cut by a crash starts over: `upgrade` must accept a row
    /// it already rewrote.
    fn rewrite_rows(
        &self,
        marker: &str,
        tree: &sled::Tree,
        mut upgrade: impl FnMut(&[u8], &[u8], &mut sled::Batch) -> Result<Option<Vec<u8>>, StoreError>,
    ) -> Result<u64, StoreError> {
        if self.meta.contains_key(marker)? {
            return Ok(0);
        }
        let mut rewritten = 0;
        let mut after: Option<sled::IVec> = None;
        loop {
            let range = match &after {
                Some(key) => {
                    tree.range::<&[u8], _>((std::ops::Bound::Excluded(key.as_ref()), std::ops::Bound::Unbounded))
                }
                None => tree.iter(),
            };
            let mut batch = sled::Batch::default();
            let mut indexes = sled::Batch::default();
            let mut n = 0;
            for entry in range.take(BATCH) {
                let (key, row) = entry?;
                if let Some(new) = upgrade(&key, &row, &mut indexes)? {
                    batch.insert(key.clone(), new);
                    rewritten += 1;
                }
                after = Some(key);
                n += 1;
            }
            if n == 0 {
                break;
            }
            self.indexes.apply_batch(indexes)?;
            tree.apply_batch(batch)?;
        }
        self.meta.insert(marker, &keys::id(1)[..])?;
        Ok(rewritten)
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::*;
    use crate::domain::pagination::PageRequest;

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

    #[tokio::test]
    async fn attempts_logged_before_the_order_existed_are_listed_newest_first() {
        use crate::store::{FinishedAttempt, WebhookStore};
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &Default::default()).unwrap();
        let attempt = |event_id: u64, attempt: u32, at: &str| Attempt {
            event_id,
            attempt,
            at: at.into(),
            status_code: Some(500),
            error: None,
            duration_ms: 3,
            outcome: "retrying".into(),
        };
        // As an older release logged them: by event, with no order. Event 3's retry came last.
        let old = [
            attempt(3, 1, "2026-01-01T00:00:05Z"),
            attempt(9, 1, "2026-01-01T00:00:10Z"),
            attempt(3, 2, "2026-01-01T00:00:20Z"),
        ];
        for a in &old {
            let key = super::super::webhooks::attempt_key(5, a.event_id, a.attempt);
            store.delivery_log.insert(key, codec::encode(a).unwrap()).unwrap();
        }
        // A cut earlier run left an entry behind; the migration starts over.
        store
            .indexes
            .insert(keys::tagged(index::ATTEMPT_ORDER, 5, 1), &super::super::webhooks::attempt_key(5, 9, 1)[..])
            .unwrap();
        store.meta.remove(ATTEMPT_ORDER_V1).unwrap();
        assert_eq!(store.migrate().unwrap(), 3);
        assert_eq!(store.migrate().unwrap(), 0, "runs once");
        // A new attempt after the migration comes first.
        let new = FinishedAttempt { webhook_id: 5, attempt: attempt(1, 1, "2025-12-31T00:00:00Z"), next: None };
        store.record_attempts(&[new]).await.unwrap();
        let (listed, total) = store.attempts_of_webhook(5, PageRequest { page: 1, limit: 10 }).await.unwrap();
        let order: Vec<(u64, u32)> = listed.iter().map(|a| (a.event_id, a.attempt)).collect();
        assert_eq!((order, total), (vec![(1, 1), (3, 2), (9, 1), (3, 1)], 4));
    }

    #[test]
    fn a_database_of_the_old_generator_keeps_its_ids_and_continues_above_them() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &Default::default()).unwrap();
        // As an older release numbered things: sled's generator, skipping ahead at each start.
        let old_id = store.fresh_id().unwrap() + 2_000_000;
        while store.fresh_id().unwrap() < old_id {}
        store.brands.insert(keys::id(old_id), &b"a brand row"[..]).unwrap();
        store.meta.remove(IDS_V1).unwrap();
        for kind in IdKind::ALL {
            store.meta.remove(id_counter_key(kind)).unwrap();
        }
        store.migrate().unwrap();
        let next = store.allocate(IdKind::Brand).unwrap();
        assert!(next > old_id, "{next} is above {old_id}");
        assert_eq!(store.allocate(IdKind::Brand).unwrap(), next + 1, "and dense from there");
        assert!(store.allocate(IdKind::Participant).unwrap() > old_id, "every kind");
    }

    #[tokio::test]
    async fn campaigns_and_rewards_of_an_older_release_gain_the_lifecycle_and_their_index() {
        use crate::domain::campaign::{Contest, GoalType, Publish, RewardType, WidgetSettings};
        use crate::domain::reward::{RewardReason, RewardV1};
        use crate::domain::{Participant, RewardStatus};
        use crate::store::RewardStore;
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &Default::default()).unwrap();
        let old_campaign = CampaignV1 {
            id: 3,
            brand_id: 5,
            member_id: 2,
            name: "Old".into(),
            type_id: 1,
            reward_type: RewardType::Cash,
            goal_type: GoalType::Signup,
            num_signups: 1,
            publish: Publish::Private,
            reward_invited: false,
            reward_value: Some("5.00".into()),
            widget: WidgetSettings::default(),
            contest: Contest::default(),
            created_at: "2026-01-01T00:00:00Z".into(),
            updated_at: "2026-01-01T00:00:00Z".into(),
        };
        store.campaigns.insert(keys::id(3), codec::encode(&old_campaign).unwrap()).unwrap();
        let participant = Participant {
            id: 9,
            campaign_id: 3,
            brand_id: 5,
            member_id: 2,
            seq: 1,
            email: "p@example.com".into(),
            name: String::new(),
            referred_by: None,
            referrals: 1,
            visits: 0,
            clicks: 0,
            shares: 0,
            created_at: "2026-01-01T00:00:00Z".into(),
            domain: None,
        };
        store.participants.insert(keys::id(9), codec::encode(&participant).unwrap()).unwrap();
        let old_reward = RewardV1 {
            id: 4,
            participant_id: 9,
            campaign_id: 3,
            kind: RewardType::Cash,
            value: Some("5.00".into()),
            status: RewardStatus::Issued,
            reason: RewardReason::Referrer,
            trigger_participant_id: Some(10),
            created_at: "2026-01-01T00:00:00Z".into(),
            issued_at: Some("2026-01-01T00:00:00Z".into()),
        };
        let reward_key = super::super::decisions::reward_key(9, 4);
        store.participant_rows.insert(&reward_key, codec::encode(&old_reward).unwrap()).unwrap();
        for marker in [CAMPAIGNS_V2, REWARDS_V2] {
            store.meta.remove(marker).unwrap();
        }
        assert_eq!(store.migrate().unwrap(), 2);
        assert_eq!(store.migrate().unwrap(), 0, "runs once");
        // A run cut short by a crash runs again from the start: the reward is listed once.
        store.meta.remove(REWARDS_V2).unwrap();
        assert_eq!(store.migrate().unwrap(), 0, "its rows are in the new shape already");
        let campaign: Campaign = SledStore::read(&store.campaigns, keys::id(3)).unwrap().unwrap();
        assert_eq!((campaign.hold_days, campaign.name.as_str()), (0, "Old"));
        let reward = store.reward(2, 4).await.unwrap().expect("found through the new index");
        assert_eq!((reward.brand_id, reward.member_id, reward.status), (5, 2, RewardStatus::Issued));
        assert_eq!(reward.history.len(), 1);
        assert!(store.reward(3, 4).await.unwrap().is_none(), "another member's");
        let issued = store.issued_rewards(2, None, 10).await.unwrap();
        assert_eq!(issued.iter().map(|r| r.id).collect::<Vec<_>>(), vec![4], "in the issued index too");
    }

    #[test]
    fn a_new_database_counts_every_kind_from_one() {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &Default::default()).unwrap();
        for kind in IdKind::ALL {
            assert_eq!(store.allocate(kind).unwrap(), 1, "{kind:?}");
        }
    }
}
