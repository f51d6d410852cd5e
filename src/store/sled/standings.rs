//! What leaderboards and contests keep (see `domain::leaderboard`, `domain::contest`):
//!
//! | tree | key | value |
//! |------|-----|-------|
//! | `campaign_rows` | campaign ++ `W` | the last [`ContestResult`] |
//! | `indexes` | `E` ++ window end (Unix ms) ++ campaign | brand ++ member: contests due to be decided |
//!
//! The boards themselves are kept in memory, tallied from the roster (see `boards.rs`). A due
//! entry is written with the campaign (`save_campaign`) and taken by the decision of its end;
//! one left by a deleted campaign or a moved window is settled by that decision too.

use super::keys::{self, campaign_row, index};
use super::overlay::{Overlay, TreeId};
use super::search::roster_id;
use super::{codec, SledStore, StoreError};
use crate::domain::contest::ContestResult;
use crate::domain::engine::Write;
use crate::domain::leaderboard::{Board, Credit, Standing};
use crate::domain::{Campaign, Participant};
use crate::store::types::DueContest;
use crate::store::StandingStore;

/// Marker in `meta`: every campaign's leaderboards are built from its roster, and its
/// contest is in the index of contests due.
const BOARDS_V1: &str = "leaderboards.v1";

fn result_key(campaign_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::CONTEST_RESULT, &[])
}

/// Offsets a time so that byte order is numeric order for any i64.
fn due_key(ends_ms: i64, campaign_id: u64) -> [u8; 17] {
    keys::tagged(index::CONTEST_DUE, (ends_ms as u64) ^ (1 << 63), campaign_id)
}

impl SledStore {
    /// Every credited referral of the campaign: its roster's referred participants.
    pub(super) fn credits(&self, campaign_id: u64) -> Result<Vec<Credit>, StoreError> {
        let prefix = keys::row(campaign_id, campaign_row::ROSTER, &[]);
        let mut credits = Vec::new();
        for id in self.campaign_rows.scan_prefix(prefix).values() {
            let Some(p) = roster_id(&id?).map(|id| self.participant_row(id)).transpose()?.flatten() else {
                continue;
            };
            credits.extend(Credit::of(&p));
        }
        Ok(credits)
    }

    pub(super) fn contest_result(&self, campaign_id: u64) -> Result<Option<ContestResult>, StoreError> {
        Self::read(&self.campaign_rows, result_key(campaign_id))
    }

    /// Contests whose window ended by `now_ms`, soonest first.
    pub(super) fn due_contests(&self, now_ms: i64, limit: usize) -> Result<Vec<DueContest>, StoreError> {
        let mut due = Vec::new();
        let to = due_key(now_ms, u64::MAX);
        for entry in self.indexes.range(keys::tagged_prefix(index::CONTEST_DUE, 0).to_vec()..=to.to_vec()).take(limit) {
            let (key, value) = entry?;
            let ends_ms = (keys::read_id(&key[1..9]).unwrap_or_default() ^ (1 << 63)) as i64;
            match (
                keys::read_id(&key[9..]),
                keys::read_id(&value[..8.min(value.len())]),
                keys::read_id(value.get(8..).unwrap_or_default()),
            ) {
                (Some(campaign_id), Some(brand_id), Some(member_id)) => {
                    due.push(DueContest { campaign_id, brand_id, member_id, ends_ms })
                }
                _ => return Err(StoreError::Decode("a due contest entry of the wrong length".into())),
            }
        }
        Ok(due)
    }

    /// The due entry of the campaign's contest, when it has an enabled one with a window: put
    /// in the same write as the campaign's row.
    pub(super) fn contest_due_entry(campaign: &Campaign) -> Option<([u8; 17], [u8; 16])> {
        let board =
            crate::domain::leaderboard::Board::contest(&campaign.contest).filter(|_| campaign.contest.enabled)?;
        let Board::Contest { ends_ms, .. } = board else { return None };
        let mut value = [0; 16];
        value[..8].copy_from_slice(&keys::id(campaign.brand_id));
        value[8..].copy_from_slice(&keys::id(campaign.member_id));
        Some((due_key(ends_ms, campaign.id), value))
    }

    /// Puts the contests of campaigns stored before contests existed in the index of contests
    /// due.
    pub(super) fn index_due_contests(&self) -> Result<u64, StoreError> {
        if self.meta.contains_key(BOARDS_V1)? {
            return Ok(0);
        }
        let mut indexed = 0;
        for entry in self.campaigns.iter() {
            let (_, row) = entry?;
            let campaign: Campaign = codec::decode(&row)?;
            if let Some((key, value)) = Self::contest_due_entry(&campaign) {
                self.indexes.insert(key, &value[..])?;
                indexed += 1;
            }
        }
        self.meta.insert(BOARDS_V1, &keys::id(1)[..])?;
        Ok(indexed)
    }

    /// Stages one of the leaderboards' and contests' writes (any other stages nothing here).
    pub(super) fn stage_standings(&self, tx: &mut Overlay<'_>, write: &Write) -> Result<(), StoreError> {
        match write {
            // Leaderboards are kept in memory, moved by the commit (see `boards.rs`).
            Write::Standing { .. } | Write::Board { .. } => {}
            Write::ContestResult { campaign_id, result } => {
                tx.insert(TreeId::CampaignRows, result_key(*campaign_id), codec::encode(result.as_ref())?);
                if let Ok(ends) = result.ends_at.parse::<chrono::DateTime<chrono::Utc>>() {
                    tx.remove(TreeId::Indexes, due_key(ends.timestamp_millis(), *campaign_id).to_vec());
                }
            }
            Write::ContestSettled { campaign_id, ends_ms } => {
                tx.remove(TreeId::Indexes, due_key(*ends_ms, *campaign_id).to_vec());
            }
            _ => {}
        }
        Ok(())
    }
}

#[async_trait::async_trait]
impl StandingStore for SledStore {
    async fn leaderboard(
        &self,
        campaign_id: u64,
        board: Board,
        limit: usize,
    ) -> Result<Vec<(Participant, Standing)>, StoreError> {
        let mut shown = Vec::with_capacity(limit);
        // Rows passed over are few (erasures, blocks): read a margin, and more if it runs out.
        let mut read = limit + 16;
        loop {
            let top = self.board_rows(campaign_id, board, 0, read)?;
            shown.clear();
            for &(participant_id, standing) in &top {
                if shown.len() == limit {
                    break;
                }
                let Some(p) = self.participant_row(participant_id)? else { continue };
                if p.is_erased() || self.blocked_since(campaign_id, participant_id)?.is_some() {
                    continue;
                }
                shown.push((p, standing));
            }
            if shown.len() == limit || top.len() < read {
                return Ok(shown);
            }
            read *= 4;
        }
    }

    async fn ranked(
        &self,
        campaign_id: u64,
        board: Board,
        offset: u64,
        limit: usize,
    ) -> Result<Vec<(Participant, Standing)>, StoreError> {
        let mut ranked = Vec::with_capacity(limit.min(1_000));
        let offset = usize::try_from(offset).unwrap_or(usize::MAX);
        let rows = self.board_rows(campaign_id, board, offset, limit)?;
        for (participant_id, standing) in rows {
            if let Some(p) = self.participant_row(participant_id)? {
                ranked.push((p, standing));
            }
        }
        Ok(ranked)
    }

    async fn contest_result(&self, campaign_id: u64) -> Result<Option<ContestResult>, StoreError> {
        SledStore::contest_result(self, campaign_id)
    }

    async fn due_contests(&self, now_ms: i64, limit: usize) -> Result<Vec<DueContest>, StoreError> {
        SledStore::due_contests(self, now_ms, limit)
    }
}
