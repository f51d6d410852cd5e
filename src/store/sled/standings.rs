//! What leaderboards and contests keep (see `domain::leaderboard`, `domain::contest`):
//!
//! | tree | key | value |
//! |------|-----|-------|
//! | `campaign_rows` | campaign ++ `L` ++ board ++ participant | their [`Standing`] on the board |
//! | `campaign_rows` | campaign ++ `K` ++ board ++ [`Standing::rank_key`] | () : the board in rank order |
//! | `campaign_rows` | campaign ++ `W` | the last [`ContestResult`] |
//! | `indexes` | `E` ++ window end (Unix ms) ++ campaign | brand ++ member: contests due to be decided |
//!
//! A standing and its rank entry move together in one commit, so the ordered read of a board
//! (`K`) always agrees with the standings (`L`). Boards are campaign rows: a campaign's
//! deletion takes them. A due entry is written with the campaign (`save_campaign`) and taken
//! by the decision of its end; one left by a deleted campaign or a moved window is settled by
//! that decision too.

use super::keys::{self, campaign_row, index};
use super::overlay::{Overlay, TreeId};
use super::{codec, SledStore, StoreError};
use crate::domain::contest::ContestResult;
use crate::domain::engine::Write;
use crate::domain::leaderboard::{Board, Credit, Standing};
use crate::domain::{Campaign, Participant};
use crate::store::types::DueContest;
use crate::store::StandingStore;

fn standing_key(campaign_id: u64, board: Board, participant_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::STANDING, &[&board.key()[..], &keys::id(participant_id)].concat())
}

fn board_prefix(campaign_id: u64, board: Board) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::BOARD, &board.key())
}

fn rank_key(campaign_id: u64, board: Board, participant_id: u64, standing: Standing) -> Vec<u8> {
    [board_prefix(campaign_id, board), standing.rank_key(participant_id).to_vec()].concat()
}

fn result_key(campaign_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::CONTEST_RESULT, &[])
}

/// Offsets a time so that byte order is numeric order for any i64.
fn due_key(ends_ms: i64, campaign_id: u64) -> [u8; 17] {
    keys::tagged(index::CONTEST_DUE, (ends_ms as u64) ^ (1 << 63), campaign_id)
}

fn encode_standing(s: Standing) -> [u8; 16] {
    let mut bytes = [0; 16];
    bytes[..8].copy_from_slice(&s.count.to_be_bytes());
    bytes[8..].copy_from_slice(&s.reached_seq.to_be_bytes());
    bytes
}

pub(super) fn decode_standing(bytes: &[u8]) -> Result<Standing, StoreError> {
    match (keys::read_id(bytes.get(..8).unwrap_or_default()), keys::read_id(bytes.get(8..).unwrap_or_default())) {
        (Some(count), Some(reached_seq)) => Ok(Standing { count, reached_seq }),
        _ => Err(StoreError::Decode("a leaderboard standing of the wrong length".into())),
    }
}

impl SledStore {
    pub(super) fn standing(
        &self,
        campaign_id: u64,
        board: Board,
        participant_id: u64,
    ) -> Result<Option<Standing>, StoreError> {
        self.campaign_rows
            .get(standing_key(campaign_id, board, participant_id))?
            .map(|v| decode_standing(&v))
            .transpose()
    }

    /// The first `limit` rows of a board, best first.
    pub(super) fn board_top(
        &self,
        campaign_id: u64,
        board: Board,
        limit: usize,
    ) -> Result<Vec<(u64, Standing)>, StoreError> {
        let prefix = board_prefix(campaign_id, board);
        let mut top = Vec::with_capacity(limit.min(1_000));
        let _walk = self.boards.reading(campaign_id);
        for key in self.campaign_rows.scan_prefix(&prefix).keys().take(limit) {
            let key = key?;
            let ranked = Standing::from_rank_key(&key[prefix.len()..])
                .ok_or_else(|| StoreError::Decode("a leaderboard rank of the wrong length".into()))?;
            top.push(ranked);
        }
        Ok(top)
    }

    /// Every credited referral of the campaign: its roster's referred participants.
    pub(super) fn credits(&self, campaign_id: u64) -> Result<Vec<Credit>, StoreError> {
        let prefix = keys::row(campaign_id, campaign_row::ROSTER, &[]);
        let mut credits = Vec::new();
        for id in self.campaign_rows.scan_prefix(prefix).values() {
            let Some(p) = keys::read_id(&id?).map(|id| self.participant_row(id)).transpose()?.flatten() else {
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
        let board = crate::domain::leaderboard::Board::contest(campaign).filter(|_| campaign.contest.enabled)?;
        let Board::Contest { ends_ms, .. } = board else { return None };
        let mut value = [0; 16];
        value[..8].copy_from_slice(&keys::id(campaign.brand_id));
        value[8..].copy_from_slice(&keys::id(campaign.member_id));
        Some((due_key(ends_ms, campaign.id), value))
    }

    /// Stages one of the leaderboards' and contests' writes (any other stages nothing here).
    pub(super) fn stage_standings(&self, tx: &mut Overlay<'_>, write: &Write) -> Result<(), StoreError> {
        match write {
            Write::Standing { campaign_id, board, participant_id, was, now } => {
                if let Some(was) = was {
                    tx.remove(TreeId::CampaignRows, rank_key(*campaign_id, *board, *participant_id, *was));
                }
                tx.insert(TreeId::CampaignRows, rank_key(*campaign_id, *board, *participant_id, *now), Vec::new());
                tx.insert(
                    TreeId::CampaignRows,
                    standing_key(*campaign_id, *board, *participant_id),
                    encode_standing(*now).to_vec(),
                );
            }
            Write::Board { campaign_id, board, standings } => {
                // The board's rows as committed: nothing else writes the brand meanwhile.
                let standing_prefix = keys::row(*campaign_id, campaign_row::STANDING, &board.key());
                for prefix in [board_prefix(*campaign_id, *board), standing_prefix] {
                    for key in self.campaign_rows.scan_prefix(prefix).keys() {
                        tx.remove(TreeId::CampaignRows, key?.to_vec());
                    }
                }
                for &(participant_id, standing) in standings {
                    tx.insert(
                        TreeId::CampaignRows,
                        rank_key(*campaign_id, *board, participant_id, standing),
                        Vec::new(),
                    );
                    tx.insert(
                        TreeId::CampaignRows,
                        standing_key(*campaign_id, *board, participant_id),
                        encode_standing(standing).to_vec(),
                    );
                }
            }
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

    /// Builds every board of every campaign from its roster: the boards of data stored before
    /// leaderboards existed. Writes whole boards, so a cut run just reruns.
    pub(super) fn build_boards(&self) -> Result<u64, StoreError> {
        let mut built = 0;
        for entry in self.campaigns.iter() {
            let (_, row) = entry?;
            let campaign: Campaign = codec::decode(&row)?;
            let boards = crate::domain::leaderboard::tally(&campaign, self.credits(campaign.id)?, |_| true);
            let mut batch = sled::Batch::default();
            for (board, standings) in boards {
                for (participant_id, standing) in standings {
                    batch.insert(rank_key(campaign.id, board, participant_id, standing), Vec::new());
                    batch.insert(standing_key(campaign.id, board, participant_id), encode_standing(standing).to_vec());
                    built += 1;
                }
            }
            self.campaign_rows.apply_batch(batch)?;
            if let Some((key, value)) = Self::contest_due_entry(&campaign) {
                self.indexes.insert(key, &value[..])?;
            }
        }
        Ok(built)
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
            let top = self.board_top(campaign_id, board, read)?;
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
        let prefix = board_prefix(campaign_id, board);
        let mut ranked = Vec::with_capacity(limit.min(1_000));
        let offset = usize::try_from(offset).unwrap_or(usize::MAX);
        let mut rows = Vec::with_capacity(limit.min(1_000));
        let walk = self.boards.reading(campaign_id);
        for key in self.campaign_rows.scan_prefix(&prefix).keys().skip(offset).take(limit) {
            let key = key?;
            rows.push(
                Standing::from_rank_key(&key[prefix.len()..])
                    .ok_or_else(|| StoreError::Decode("a leaderboard rank of the wrong length".into()))?,
            );
        }
        drop(walk);
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
