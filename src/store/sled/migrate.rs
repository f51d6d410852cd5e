//! Schema migrations, run once at start-up before serving. Each step rewrites the rows of one
//! type from an older stored shape and records that it ran in `meta`, so it never runs twice.
//! A restored backup of an older release is migrated the same way at its first start.

use super::ids::id_counter_key;
use super::keys::{campaign_row, index, participant_row};
use super::participants::{inbox_key, referred_key};
use super::rewards::{issued_value, member_reward_value};
use super::search::roster_row;
use super::webhooks::LEGACY_EVENTS;
use super::{codec, keys, SledStore, StoreError};
use crate::domain::campaign_row::CURRENT as CAMPAIGN_ROW;
use crate::domain::ids::IdKind;
use crate::domain::member::{MemberV1, MemberV2, MemberV3};
use crate::domain::participant::ParticipantV1;
use crate::domain::reward::RewardV1;
use crate::domain::webhook::{Attempt, Webhook, WebhookV1};
use crate::domain::{Counter, Member, Participant, Reward, RewardStatus};

/// The marker in `meta` of the step that brought campaigns to `schema` of their row (see
/// `domain::campaign_row`): `campaigns.v2` for their `hold_days`, up to today's schema.
fn campaigns_marker(schema: u8) -> String {
    format!("campaigns.v{schema}")
}
/// Marker in `meta`: participants are stored with their `domain` (schema 2 of the row).
const PARTICIPANTS_V2: &str = "participants.v2";
/// Marker in `meta`: every logged webhook attempt has its place in the attempt order.
const ATTEMPT_ORDER_V1: &str = "attempt_order.v1";
/// Marker in `meta`: ids come from a counter per kind (`id.<kind>`).
const IDS_V1: &str = "ids.v1";
/// Marker in `meta`: members are stored with their token generation (schema 2 of the row).
const MEMBERS_V2: &str = "members.v2";
/// Marker in `meta`: members are stored with their email confirmation (schema 3 of the row).
const MEMBERS_V3: &str = "members.v3";
/// Marker in `meta`: members are stored with their scoped keys (schema 4 of the row).
const MEMBERS_V4: &str = "members.v4";
/// Marker in `meta`: rewards are stored with their lifecycle (schema 2 of the row) and are in
/// the member's reward index.
const REWARDS_V2: &str = "rewards.v2";
/// Marker in `meta`: webhooks are stored with the kinds of event they get (schema 2).
const WEBHOOKS_V2: &str = "webhooks.v2";
/// Marker in `meta`: events have their own id sequence, started above every participant id
/// (a signup event's id was its participant's until then).
const EVENTS_V1: &str = "events.v1";
/// Marker in `meta`: every stored event is in the index of participant copies
/// ([`index::MENTION`]), so an erasure finds it.
const EVENT_MENTIONS_V1: &str = "mentions.events.v1";
/// Marker in `meta`: every idempotency record is in the index of participant copies.
const IDEMPOTENCY_MENTIONS_V1: &str = "mentions.idempotency.v1";

/// Marker in `meta`: every participant is in the index of inboxes (`campaign_row::INBOX`).
const INBOXES_V1: &str = "participants.inboxes.v1";
/// Marker in `meta`: every referred participant is in the index of whom their referrer
/// referred (`campaign_row::REFERRED`).
const REFERRED_V1: &str = "participants.referred.v1";
/// Marker in `meta`: every participant has the haystack a search reads (once a row of its
/// own, `campaign_row::HAYSTACK`; now in the roster row, see `search.rs`).
const HAYSTACKS_V1: &str = "participants.haystacks.v1";
/// Marker in `meta`: each campaign counts its held rewards by reason.
const HELD_REASONS_V1: &str = "counters.held_reasons.v1";
/// Marker in `meta`: no pool keeps a key per code any more (its codes are indexed in memory,
/// see `coupon_codes.rs`).
const COUPON_CODE_KEYS_DROPPED: &str = "coupons.code_keys_dropped.v1";
/// Marker in `meta`: no campaign keeps leaderboard rows any more (the boards are kept in
/// memory, tallied from the roster: see `boards.rs`).
const BOARD_ROWS_DROPPED: &str = "leaderboards.rows_dropped.v2";

/// Rows rewritten per batch.
const BATCH: usize = 2_000;

impl SledStore {
    /// Runs the migrations this database has not had yet; the number of rows rewritten.
    /// Then resumes the id counters above every id stored (see `ids.rs`).
    pub(super) fn migrate(&self) -> Result<u64, StoreError> {
        self.start_id_counters()?;
        let migrated = self.migrate_participants()?
            + self.upgrade_rows::<MemberV1, Member>(MEMBERS_V2, &self.members)?
            + self.upgrade_rows::<MemberV2, Member>(MEMBERS_V3, &self.members)?
            + self.upgrade_rows::<MemberV3, Member>(MEMBERS_V4, &self.members)?
            + self.order_logged_attempts()?
            + self.migrate_campaigns()?
            + self.migrate_rewards()?
            + self.migrate_webhooks()?
            + self.start_event_ids()?
            + self.index_mentions()?
            + self.index_inboxes()?
            + self.index_referred()?
            + self.index_haystacks()?
            + self.fold_haystacks()?
            + self.count_held_reasons()?
            + self.index_due_contests()?
            // The key per code pools kept for de-duplication before the index moved into
            // memory, and each standing and rank key of the boards kept before they did.
            + self.drop_campaign_rows(BOARD_ROWS_DROPPED, &[campaign_row::STANDING, campaign_row::BOARD])?
            + self.fold_counter_keys()?
            + self.drop_campaign_rows(COUPON_CODE_KEYS_DROPPED, &[campaign_row::COUPON_CODE])?;
        self.resume_ids()?;
        Ok(migrated)
    }

    /// Removes, once (`marker`), every campaign's rows under `tags`, rows that nothing reads
    /// any more; how many. A cut run just reruns.
    fn drop_campaign_rows(&self, marker: &str, tags: &[u8]) -> Result<u64, StoreError> {
        if self.meta.contains_key(marker)? {
            return Ok(0);
        }
        let mut dropped = 0;
        for campaign in self.campaigns.iter().keys() {
            let Some(campaign_id) = keys::read_id(&campaign?) else { continue };
            for &tag in tags {
                dropped += self.remove_campaign_rows_under(&keys::row(campaign_id, tag, &[]))?;
            }
        }
        self.meta.insert(marker, &keys::id(1)[..])?;
        Ok(dropped)
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
        self.upgrade_rows::<ParticipantV1, Participant>(PARTICIPANTS_V2, &self.participants)
    }

    /// One step a schema, in order, each once: step n + 1 rewrites the rows still of schema n
    /// as today's shape. A row already in today's shape (written since, or rewritten before
    /// a crash cut the step short) stays as it is.
    fn migrate_campaigns(&self) -> Result<u64, StoreError> {
        let mut upgraded = 0;
        for schema in 1..CAMPAIGN_ROW {
            upgraded += self.rewrite_rows(&campaigns_marker(schema + 1), &self.campaigns, |_, row, _| {
                if codec::is_current_campaign_row(row) {
                    return Ok(None);
                }
                Ok(Some(codec::encode(&codec::decode_campaign_row(schema, row)?)?))
            })?;
        }
        Ok(upgraded)
    }

    fn migrate_webhooks(&self) -> Result<u64, StoreError> {
        self.upgrade_rows::<WebhookV1, Webhook>(WEBHOOKS_V2, &self.webhooks)
    }

    /// Rewrites every row of `tree` still in the `Old` shape as `New`. Rows already in the
    /// new shape (written by this release before a crash cut the migration short) decode as
    /// they are and stay.
    fn upgrade_rows<Old, New>(&self, marker: &str, tree: &sled::Tree) -> Result<u64, StoreError>
    where
        Old: serde::de::DeserializeOwned + Into<New>,
        New: serde::de::DeserializeOwned + serde::Serialize,
    {
        self.rewrite_rows(marker, tree, |_, row, _| {
            if codec::decode::<New>(row).is_ok() {
                return Ok(None);
            }
            let old: Old = codec::decode(row)?;
            Ok(Some(codec::encode(&old.into())?))
        })
    }

    /// Starts the event sequence above the participants': events delivered or queued before
    /// were named by participant numbers (test events too), and keep their names.
    fn start_event_ids(&self) -> Result<u64, StoreError> {
        if self.meta.contains_key(EVENTS_V1)? {
            return Ok(0);
        }
        let read = |kind| -> Result<u64, StoreError> {
            Ok(self.meta.get(id_counter_key(kind))?.as_deref().and_then(keys::read_id).unwrap_or(0))
        };
        let floor = read(IdKind::Participant)?.max(read(IdKind::Event)?);
        let mut batch = sled::Batch::default();
        batch.insert(id_counter_key(IdKind::Event).as_bytes(), &keys::id(floor)[..]);
        batch.insert(LEGACY_EVENTS, &keys::id(floor)[..]);
        batch.insert(EVENTS_V1, &keys::id(1)[..]);
        self.meta.apply_batch(batch)?;
        Ok(0)
    }

    /// Puts the copies of participants that events and idempotency records kept before this
    /// release in the index an erasure reads. Adds entries only, so a cut run just reruns.
    fn index_mentions(&self) -> Result<u64, StoreError> {
        let mut indexed = 0;
        self.rewrite_rows(EVENT_MENTIONS_V1, &self.events, |key, row, indexes| {
            let event: crate::domain::event::Event = codec::decode(row)?;
            for participant_id in event.participant_ids() {
                indexes.insert(keys::mention(participant_id, keys::mention::EVENT, key), &[][..]);
                indexed += 1;
            }
            Ok(None)
        })?;
        self.rewrite_rows(IDEMPOTENCY_MENTIONS_V1, &self.idempotency, |key, row, indexes| {
            let record = super::participants::decode_idempotency_record(row)?;
            for participant_id in record.participant_ids() {
                indexes.insert(keys::mention(participant_id, keys::mention::IDEMPOTENCY, key), &[][..]);
                indexed += 1;
            }
            Ok(None)
        })?;
        Ok(indexed)
    }

    /// Puts every participant stored before campaigns compared inboxes in the index of inboxes,
    /// so a new spelling of their address finds them. Adds entries only (two participants of
    /// one inbox both stay, the older found first), so a cut run just reruns.
    fn index_inboxes(&self) -> Result<u64, StoreError> {
        if self.meta.contains_key(INBOXES_V1)? {
            return Ok(0);
        }
        let mut indexed = 0;
        let mut batch = sled::Batch::default();
        for row in self.participants.iter().values() {
            let participant = codec::decode_participant(&row?)?;
            if participant.is_erased() {
                continue;
            }
            batch.insert(inbox_key(participant.campaign_id, &participant.email, participant.id), &[][..]);
            indexed += 1;
            if indexed % BATCH as u64 == 0 {
                self.campaign_rows.apply_batch(std::mem::take(&mut batch))?;
            }
        }
        self.campaign_rows.apply_batch(batch)?;
        self.meta.insert(INBOXES_V1, &keys::id(1)[..])?;
        Ok(indexed)
    }

    /// Puts every referred participant under their referrer (a participant of an older release
    /// joined before the index existed).
    fn index_referred(&self) -> Result<u64, StoreError> {
        self.index_participants(REFERRED_V1, |p| p.referred_by.map(|by| (referred_key(p, by), keys::id(p.id).to_vec())))
    }

    /// Gives every participant of an older release the haystack a search reads (in their
    /// roster row, where it is now kept).
    fn index_haystacks(&self) -> Result<u64, StoreError> {
        self.index_participants(HAYSTACKS_V1, |p| (!p.is_erased()).then(|| roster_row(p)))
    }

    /// Writes the `campaign_rows` entry `entry` gives each participant (if any), then marks
    /// `marker` done. Inserting an entry twice is harmless, so a cut run just reruns.
    fn index_participants(
        &self,
        marker: &str,
        entry: impl Fn(&Participant) -> Option<(Vec<u8>, Vec<u8>)>,
    ) -> Result<u64, StoreError> {
        if self.meta.contains_key(marker)? {
            return Ok(0);
        }
        let mut indexed = 0;
        let mut batch = sled::Batch::default();
        for row in self.participants.iter().values() {
            let participant = codec::decode_participant(&row?)?;
            let Some((key, value)) = entry(&participant) else { continue };
            batch.insert(key, value);
            indexed += 1;
            if indexed % BATCH as u64 == 0 {
                self.campaign_rows.apply_batch(std::mem::take(&mut batch))?;
            }
        }
        self.campaign_rows.apply_batch(batch)?;
        self.meta.insert(marker, &keys::id(1)[..])?;
        Ok(indexed)
    }

    /// Counts the rewards held before the stats counted them by reason, per campaign and
    /// reason. Sets each count (a recount from the rows), so a cut run just reruns. Runs
    /// after the rewards' migration.
    fn count_held_reasons(&self) -> Result<u64, StoreError> {
        if self.meta.contains_key(HELD_REASONS_V1)? {
            return Ok(0);
        }
        let mut counts: std::collections::HashMap<(u64, Counter), u64> = Default::default();
        for entry in self.participant_rows.iter() {
            let (key, row) = entry?;
            if key.get(8) != Some(&participant_row::REWARD) {
                continue;
            }
            let reward: Reward = codec::decode(&row)?;
            if reward.status == RewardStatus::Held {
                for &reason in &reward.holds {
                    *counts.entry((reward.campaign_id, Counter::held(reason))).or_default() += 1;
                }
            }
        }
        for (&(campaign_id, counter), &n) in &counts {
            self.set_counters(campaign_id, &[(counter, n)])?;
        }
        self.meta.insert(HELD_REASONS_V1, &keys::id(1)[..])?;
        Ok(counts.len() as u64)
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
#[path = "migrate_campaign_tests.rs"]
mod campaign_tests;
#[cfg(test)]
#[path = "migrate_member_tests.rs"]
mod member_tests;
#[cfg(test)]
#[path = "migrate_tests.rs"]
mod tests;
