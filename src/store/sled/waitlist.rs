//! What waitlists keep (see `domain::waitlist`):
//!
//! | tree | key | value |
//! |------|-----|-------|
//! | `campaign_rows` | campaign ++ `Q` ++ [`Place::key`] | participant : the line in order |
//! | `campaign_rows` | campaign ++ `P` ++ participant | their [`Place::key`] |
//! | `campaign_rows` | campaign ++ `B` ++ bucket | how many in line have a score in the bucket |
//! | `campaign_rows` | campaign ++ `G` ++ group | how many in line have a score in the group |
//! | `campaign_rows` | campaign ++ `A` ++ participant | when they were admitted (RFC 3339) |
//!
//! A position is the number of people ahead, plus one. Counting them entry by entry would
//! read the whole line for someone at its back, so the line is also counted at two grains:
//! per bucket of [`BUCKET_SCORES`] scores, and per group of [`GROUP_BUCKETS`] buckets. A
//! position is the sum of the groups before the participant's, plus the buckets before theirs
//! in their group, plus the entries ahead of them in their bucket. With 150,000 in line that
//! is about 40 group rows, at most 64 bucket rows and a few dozen entries, whatever the
//! position (the measured effect is in docs/benchmarks.md). An entry, its place
//! row and its two counts move together in one commit.

use super::keys::{self, campaign_row};
use super::overlay::{Overlay, TreeId};
use super::search::roster_id;
use super::{SledStore, StoreError};
use crate::domain::engine::Write;
use crate::domain::waitlist::{Line, Place, Spot};
use crate::domain::Participant;
use crate::store::WaitlistStore;

/// Scores per bucket, and buckets per group: powers of two, so that each is a prefix of the
/// place key's bits and a group's buckets are one contiguous range.
const BUCKET_SCORES: u64 = 64;
const GROUP_BUCKETS: u64 = 64;

fn line_prefix(campaign_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::LINE, &[])
}

fn line_key(campaign_id: u64, place: &[u8]) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::LINE, place)
}

fn place_key(campaign_id: u64, participant_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::PLACE, &keys::id(participant_id))
}

fn bucket_key(campaign_id: u64, bucket: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::LINE_BUCKET, &keys::id(bucket))
}

fn group_key(campaign_id: u64, group: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::LINE_GROUP, &keys::id(group))
}

fn admitted_key(campaign_id: u64, participant_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::ADMITTED, &keys::id(participant_id))
}

/// The bucket of a place: its key's score bits, less the low ones.
fn bucket_of(place: Place) -> u64 {
    keys::read_id(&place.key()[..8]).unwrap_or_default() / BUCKET_SCORES
}

/// Moves the counts of a place's bucket and group by `delta`.
fn count(tx: &mut Overlay<'_>, campaign_id: u64, place: Place, delta: i64) -> Result<(), StoreError> {
    let bucket = bucket_of(place);
    super::decisions::add(tx, bucket_key(campaign_id, bucket), delta)?;
    super::decisions::add(tx, group_key(campaign_id, bucket / GROUP_BUCKETS), delta)
}

fn decode_place(bytes: &[u8]) -> Result<Place, StoreError> {
    Place::from_key(bytes).ok_or_else(|| StoreError::Decode("a waitlist place of the wrong shape".into()))
}

impl SledStore {
    pub(super) fn place(&self, campaign_id: u64, participant_id: u64) -> Result<Option<Place>, StoreError> {
        self.campaign_rows.get(place_key(campaign_id, participant_id))?.map(|v| decode_place(&v)).transpose()
    }

    /// The first `limit` of the line, front first.
    pub(super) fn line_front(&self, campaign_id: u64, limit: usize) -> Result<Vec<(u64, Place)>, StoreError> {
        let prefix = line_prefix(campaign_id);
        let mut front = Vec::with_capacity(limit.min(1_000));
        for entry in self.campaign_rows.scan_prefix(&prefix).take(limit) {
            let (key, value) = entry?;
            let participant_id = keys::read_id(&value)
                .ok_or_else(|| StoreError::Decode("a waitlist entry of the wrong length".into()))?;
            front.push((participant_id, decode_place(&key[prefix.len()..])?));
        }
        Ok(front)
    }

    pub(super) fn admitted(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, StoreError> {
        let at = self.campaign_rows.get(admitted_key(campaign_id, participant_id))?;
        at.map(|at| String::from_utf8(at.to_vec()).map_err(|_| StoreError::Decode("an admission time".into())))
            .transpose()
    }

    /// Every participant of the campaign, in roster order.
    pub(super) fn roster(&self, campaign_id: u64) -> Result<Vec<Participant>, StoreError> {
        let mut roster = Vec::new();
        for id in self.campaign_rows.scan_prefix(keys::row(campaign_id, campaign_row::ROSTER, &[])).values() {
            let id = roster_id(&id?).ok_or_else(|| StoreError::Decode("a roster entry".into()))?;
            roster.extend(self.participant_row(id)?);
        }
        Ok(roster)
    }

    /// How many are in line (every group), and how many of them are in buckets before
    /// `bucket`: the groups before its group, then the buckets before it in its group.
    fn counted(&self, campaign_id: u64, bucket: u64) -> Result<(u64, u64), StoreError> {
        let group = bucket / GROUP_BUCKETS;
        let prefix = keys::row(campaign_id, campaign_row::LINE_GROUP, &[]);
        let (mut total, mut before) = (0, 0);
        for entry in self.campaign_rows.scan_prefix(&prefix) {
            let (key, value) = entry?;
            let n = keys::read_counter(Some(&value));
            total += n;
            if keys::read_id(&key[prefix.len()..]).is_some_and(|g| g < group) {
                before += n;
            }
        }
        let range = bucket_key(campaign_id, group * GROUP_BUCKETS)..bucket_key(campaign_id, bucket);
        for entry in self.campaign_rows.range(range) {
            before += keys::read_counter(Some(&entry?.1));
        }
        Ok((total, before))
    }

    /// Stages one of the waitlists' writes (any other stages nothing here).
    pub(super) fn stage_waitlist(&self, tx: &mut Overlay<'_>, write: &Write) -> Result<(), StoreError> {
        match write {
            Write::Place { campaign_id, participant_id, was, now } => {
                if let Some(was) = was {
                    tx.remove(TreeId::CampaignRows, line_key(*campaign_id, &was.key()));
                    count(tx, *campaign_id, *was, -1)?;
                }
                match now {
                    Some(now) => {
                        tx.insert(TreeId::CampaignRows, line_key(*campaign_id, &now.key()), keys::id(*participant_id));
                        tx.insert(TreeId::CampaignRows, place_key(*campaign_id, *participant_id), now.key());
                        count(tx, *campaign_id, *now, 1)?;
                    }
                    None => tx.remove(TreeId::CampaignRows, place_key(*campaign_id, *participant_id)),
                }
            }
            Write::Line { campaign_id, places } => {
                // The line's rows as committed: nothing else writes the brand meanwhile.
                let tags =
                    [campaign_row::LINE, campaign_row::PLACE, campaign_row::LINE_BUCKET, campaign_row::LINE_GROUP];
                for tag in tags {
                    for key in self.campaign_rows.scan_prefix(keys::row(*campaign_id, tag, &[])).keys() {
                        tx.remove(TreeId::CampaignRows, key?.to_vec());
                    }
                }
                let mut buckets = std::collections::BTreeMap::<u64, u64>::new();
                let mut groups = std::collections::BTreeMap::<u64, u64>::new();
                for &(participant_id, place) in places {
                    tx.insert(TreeId::CampaignRows, line_key(*campaign_id, &place.key()), keys::id(participant_id));
                    tx.insert(TreeId::CampaignRows, place_key(*campaign_id, participant_id), place.key());
                    *buckets.entry(bucket_of(place)).or_default() += 1;
                    *groups.entry(bucket_of(place) / GROUP_BUCKETS).or_default() += 1;
                }
                for (bucket, n) in buckets {
                    tx.insert(TreeId::CampaignRows, bucket_key(*campaign_id, bucket), keys::id(n));
                }
                for (group, n) in groups {
                    tx.insert(TreeId::CampaignRows, group_key(*campaign_id, group), keys::id(n));
                }
            }
            Write::Admitted { campaign_id, participant_id, at } => {
                tx.insert(TreeId::CampaignRows, admitted_key(*campaign_id, *participant_id), at.as_bytes());
            }
            _ => {}
        }
        Ok(())
    }
}

#[async_trait::async_trait]
impl WaitlistStore for SledStore {
    async fn spot(&self, campaign_id: u64, participant_id: u64) -> Result<Option<Spot>, StoreError> {
        if let Some(at) = self.admitted(campaign_id, participant_id)? {
            return Ok(Some(Spot::Admitted { at }));
        }
        let Some(place) = self.place(campaign_id, participant_id)? else { return Ok(None) };
        let bucket = bucket_of(place);
        let (total, mut ahead) = self.counted(campaign_id, bucket)?;
        // The first key the bucket can hold: its lowest score, nothing after it.
        let start = [&keys::id(bucket * BUCKET_SCORES)[..], &[0; 9]].concat();
        let range = line_key(campaign_id, &start)..line_key(campaign_id, &place.key());
        for key in self.campaign_rows.range(range).keys() {
            key?;
            ahead += 1;
        }
        // A read beside a commit may see it half applied: never a position past the line.
        let position = (ahead + 1).min(total.max(1));
        Ok(Some(Spot::InLine { position, behind: total.saturating_sub(position) }))
    }

    async fn line(&self, campaign_id: u64, limit: usize) -> Result<Line, StoreError> {
        let (in_line, _) = self.counted(campaign_id, 0)?;
        let mut front = Vec::new();
        for (participant_id, _) in self.line_front(campaign_id, limit)? {
            front.extend(self.participant_row(participant_id)?);
        }
        let admitted = self.counter_value(campaign_id, crate::domain::Counter::Admitted)?;
        Ok(Line { in_line, admitted, front })
    }
}
