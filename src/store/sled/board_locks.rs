//! Reads of a leaderboard that see no commit half applied.
//!
//! A commit applies its keys one by one (the journal makes the set atomic across a crash,
//! not for a reader), and a credited referral moves its referrer's rank key: the old one out,
//! the new one in, ahead of it. A read that walked the board meanwhile could pass over the
//! referrer, neither key there when it looked (measured: about one read in 700 while referral
//! signups ran). So a commit that writes a campaign's board holds its shard's lock shared,
//! and a read of a board holds it exclusively for the walk (microseconds: the first rows).
//! Campaigns share [`SHARDS`] locks; a commit takes its shards in order.

use parking_lot::{RwLock, RwLockReadGuard, RwLockWriteGuard};

use super::keys::{self, campaign_row};
use super::overlay::{StagedWrite, TreeId};

/// How many locks the campaigns share.
const SHARDS: usize = 64;

/// The locks, by campaign id modulo [`SHARDS`].
pub(super) struct BoardLocks([RwLock<()>; SHARDS]);

impl Default for BoardLocks {
    fn default() -> Self {
        Self(std::array::from_fn(|_| RwLock::new(())))
    }
}

impl BoardLocks {
    fn shard(campaign_id: u64) -> usize {
        (campaign_id % SHARDS as u64) as usize
    }

    /// Held while `writes` are applied: the shared side of the shard of each campaign whose
    /// board they change, in order. Nothing when they change none (most commits that are not
    /// referral signups).
    pub(super) fn writing(&self, writes: &[StagedWrite]) -> Vec<RwLockReadGuard<'_, ()>> {
        let mut shards: Vec<usize> = writes
            .iter()
            .filter(|(tree, key, _)| *tree == TreeId::CampaignRows && key.get(8) == Some(&campaign_row::BOARD))
            .filter_map(|(_, key, _)| keys::read_id(key.get(..8)?))
            .map(Self::shard)
            .collect();
        shards.sort_unstable();
        shards.dedup();
        shards.into_iter().map(|shard| self.0[shard].read()).collect()
    }

    /// Held while a board of `campaign_id` is walked: no commit changes it meanwhile.
    pub(super) fn reading(&self, campaign_id: u64) -> RwLockWriteGuard<'_, ()> {
        self.0[Self::shard(campaign_id)].write()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_commit_holds_the_shards_of_the_boards_it_changes_and_no_others() {
        let locks = BoardLocks::default();
        let board = keys::row(3, campaign_row::BOARD, b"rank");
        let other = keys::row(4, campaign_row::COUNTER, b"n");
        let held = locks.writing(&[(TreeId::CampaignRows, board, None), (TreeId::CampaignRows, other, None)]);
        assert_eq!(held.len(), 1);
        assert!(locks.0[3].try_write().is_none(), "campaign 3's board is being written");
        assert!(locks.0[4].try_write().is_some(), "campaign 4's counter is no board");
        drop(held);
        let _reading = locks.reading(3);
        assert!(locks.0[3].try_read().is_none(), "a walk keeps commits out");
    }

    #[test]
    fn a_board_walked_while_its_leader_moves_up_always_has_them() {
        use crate::domain::engine::Write;
        use crate::domain::leaderboard::{Board, Standing};
        use crate::store::sled::SledStore;
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &Default::default()).unwrap();
        // Two participants on campaign 7's board; participant 1 moves up, one referral at a
        // time, past participant 2 and on, while another thread walks the board.
        let mut standings = [(1u64, Standing { count: 1, reached_seq: 1 }), (2, Standing { count: 5, reached_seq: 2 })];
        for (id, now) in standings {
            let write = Write::Standing { campaign_id: 7, board: Board::All, participant_id: id, was: None, now };
            store.stage(&[write]).unwrap().commit_journaled().unwrap();
        }
        let done = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|scope| {
            let walker = scope.spawn(|| {
                let mut walks = 0u64;
                while !done.load(std::sync::atomic::Ordering::Relaxed) || walks < 1_000 {
                    let top = store.board_top(7, Board::All, 10).unwrap();
                    assert_eq!(top.len(), 2, "a participant missing from the board after {walks} walks: {top:?}");
                    walks += 1;
                }
            });
            for seq in 3..3_000 {
                let was = standings[0].1;
                let now = Standing::plus_one(Some(was), seq);
                let write =
                    Write::Standing { campaign_id: 7, board: Board::All, participant_id: 1, was: Some(was), now };
                store.stage(&[write]).unwrap().commit_journaled().unwrap();
                standings[0].1 = now;
            }
            done.store(true, std::sync::atomic::Ordering::Relaxed);
            walker.join().unwrap();
        });
    }
}
