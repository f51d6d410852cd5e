//! Leaderboards kept in memory, derived from the facts: a campaign's boards are tallied from
//! its roster (every participant who joined with `referred_by` set, see
//! [`leaderboard::tally`]) the first time anything reads them after a start, then moved by
//! every commit that credits a referral. Nothing of them is written to disk: a signup's commit
//! holds its facts only, and after any crash the boards are whatever the stored facts say.
//!
//! Why in memory rather than as rows: a credited referral moved three boards (all time, the
//! month, the week), each a standing row and a rank key taken out and put back, nine of the
//! thirty-odd keys a referral signup wrote; and a board read while a commit applied its keys
//! one by one could pass over the referrer (measured: about one read in 700).
//!
//! How it stays exact: a commit that credits a campaign's referral holds the campaign's lock
//! (exclusive) from before its first key is applied until its boards moved, and a tally holds
//! the same lock while it reads the roster, so a tally never sees half a commit. A move sets a
//! standing to what it is after the referral (never "one more"), so a tally that already
//! counted the commit's facts is moved to the same place. A read walks a board under the
//! shared side: never half a move. A commit that adds a credited participant without saying
//! how the boards move (a restore) lets the campaign's boards go; the next read tallies them
//! again.
//!
//! What is kept of a campaign: the all-time board, its contest windows, and the month and
//! week boards whose period had not ended when it was tallied (nobody reads an ended one: a
//! leaderboard's `month` and `week` are the current ones).

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::sync::Arc;

use parking_lot::lock_api::ArcRwLockWriteGuard;
use parking_lot::{Mutex, RawRwLock, RwLock};

use super::{SledStore, StoreError};
use crate::domain::engine::Write;
use crate::domain::leaderboard::{self, Board, Standing};
use crate::domain::Campaign;

/// One board: each participant's standing, and the same in rank order.
#[derive(Debug, Default)]
struct Ranked {
    standings: HashMap<u64, Standing>,
    order: BTreeSet<[u8; 24]>,
}

impl Ranked {
    fn set(&mut self, participant_id: u64, now: Standing) {
        if let Some(was) = self.standings.insert(participant_id, now) {
            self.order.remove(&was.rank_key(participant_id));
        }
        self.order.insert(now.rank_key(participant_id));
    }

    /// A board of these standings.
    fn of(standings: impl IntoIterator<Item = (u64, Standing)>) -> Self {
        let mut ranked = Self::default();
        for (participant_id, standing) in standings {
            ranked.set(participant_id, standing);
        }
        ranked
    }

    fn ranks(&self) -> impl Iterator<Item = (u64, Standing)> + '_ {
        self.order.iter().filter_map(|key| Standing::from_rank_key(key))
    }
}

/// A campaign's boards, once tallied.
#[derive(Debug, Default)]
struct Tallied {
    boards: HashMap<Board, Ranked>,
}

/// A campaign's boards: `None` until something reads them.
type Entry = Arc<RwLock<Option<Tallied>>>;

/// A campaign's boards held by a commit (see [`Moving`]).
type Held = ArcRwLockWriteGuard<RawRwLock, Option<Tallied>>;

/// Every board of a campaign with its standings in rank order.
pub(super) type BoardRows = Vec<(Board, Vec<(u64, Standing)>)>;

/// How a commit moves the boards of one campaign.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum BoardMove {
    /// A participant's standing on a board is now this.
    Standing { board: Board, participant_id: u64, now: Standing },
    /// A board built anew.
    Rebuilt { board: Board, standings: Vec<(u64, Standing)> },
    /// A credited participant joined without a move of the boards said (a restore): the
    /// boards are tallied again when next read.
    Credited,
}

impl BoardMove {
    /// The campaign whose boards `write` moves, and how; none for a write that moves none.
    pub(super) fn of(write: &Write) -> Option<(u64, Self)> {
        match write {
            Write::Standing { campaign_id, board, participant_id, now, .. } => {
                Some((*campaign_id, Self::Standing { board: *board, participant_id: *participant_id, now: *now }))
            }
            Write::Board { campaign_id, board, standings } => {
                Some((*campaign_id, Self::Rebuilt { board: *board, standings: standings.clone() }))
            }
            Write::NewParticipant(p) if p.referred_by.is_some() => Some((p.campaign_id, Self::Credited)),
            _ => None,
        }
    }
}

/// Every campaign's boards, as far as they were read since the start.
#[derive(Default)]
pub(super) struct Boards {
    campaigns: Mutex<HashMap<u64, Entry>>,
}

/// The boards of the campaigns a commit moves, locked from before its first key is applied
/// (see the module docs); [`Moving::moved`] moves them once it is.
pub(super) struct Moving {
    locked: Vec<(u64, Held, Vec<BoardMove>)>,
}

impl Boards {
    fn entry(&self, campaign_id: u64) -> Entry {
        self.campaigns.lock().entry(campaign_id).or_default().clone()
    }

    /// Locks the boards that `moves` (campaign, move) change, campaign by campaign in id
    /// order. Nothing when they change none (most commits but referral signups).
    pub(super) fn moving(&self, moves: Vec<(u64, BoardMove)>) -> Moving {
        let mut by_campaign: BTreeMap<u64, Vec<BoardMove>> = BTreeMap::new();
        for (campaign_id, step) in moves {
            by_campaign.entry(campaign_id).or_default().push(step);
        }
        let locked = by_campaign.into_iter().map(|(id, steps)| (id, self.entry(id).write_arc(), steps)).collect();
        Moving { locked }
    }

    /// Forgets a campaign's boards (the campaign is gone, or its rows were restored).
    pub(super) fn forget(&self, campaign_id: u64) {
        self.campaigns.lock().remove(&campaign_id);
    }
}

impl Moving {
    /// Moves the locked boards as the commit said, now that its keys are applied. A board
    /// nothing has read yet is tallied first: the tally reads this commit's facts too, and a
    /// move sets a standing to what it is now, so applying it again changes nothing. A credit
    /// without moves lets the boards go, to be tallied when next read.
    pub(super) fn moved(mut self, store: &SledStore) {
        for (campaign_id, kept, steps) in &mut self.locked {
            let said = steps.iter().any(|s| matches!(s, BoardMove::Standing { .. } | BoardMove::Rebuilt { .. }));
            if !said {
                **kept = None;
                continue;
            }
            if kept.is_none() {
                **kept = store.tally(*campaign_id).ok();
            }
            let Some(tallied) = kept.as_mut() else { continue };
            for step in steps.drain(..) {
                match step {
                    BoardMove::Standing { board, participant_id, now } => {
                        tallied.boards.entry(board).or_default().set(participant_id, now)
                    }
                    BoardMove::Rebuilt { board, standings } => {
                        tallied.boards.insert(board, Ranked::of(standings));
                    }
                    BoardMove::Credited => {}
                }
            }
        }
    }

    /// The commit failed part way: the boards of its campaigns are tallied again when next
    /// read, from whatever of it was applied.
    pub(super) fn failed(mut self) {
        for (_, kept, _) in &mut self.locked {
            **kept = None;
        }
    }
}

impl SledStore {
    /// Runs `read` on the campaign's boards, tallying them first when nothing has read them
    /// since the start.
    fn with_boards<T>(&self, campaign_id: u64, read: impl FnOnce(&Tallied) -> T) -> Result<T, StoreError> {
        let entry = self.boards.entry(campaign_id);
        {
            let kept = entry.read();
            if let Some(tallied) = kept.as_ref() {
                return Ok(read(tallied));
            }
        }
        let mut kept = entry.write();
        if kept.is_none() {
            *kept = Some(self.tally(campaign_id)?);
        }
        Ok(read(kept.as_ref().expect("tallied above")))
    }

    /// The campaign's boards from its roster (none for a campaign that is gone).
    fn tally(&self, campaign_id: u64) -> Result<Tallied, StoreError> {
        let Some(campaign) = Self::read::<Campaign>(&self.campaigns, super::keys::id(campaign_id))? else {
            return Ok(Tallied::default());
        };
        let now = chrono::Utc::now();
        let current = |board: &Board| match board {
            Board::Month(_) | Board::Week(_) => board.bounds().is_some_and(|(_, ends)| ends > now),
            Board::All | Board::Contest { .. } => true,
        };
        let boards = leaderboard::tally(&campaign.contest, self.credits(campaign_id)?, current);
        Ok(Tallied { boards: boards.into_iter().map(|(board, standings)| (board, Ranked::of(standings))).collect() })
    }

    /// A participant's standing on a board.
    pub(super) fn standing(
        &self,
        campaign_id: u64,
        board: Board,
        participant_id: u64,
    ) -> Result<Option<Standing>, StoreError> {
        self.with_boards(campaign_id, |t| t.boards.get(&board).and_then(|b| b.standings.get(&participant_id).copied()))
    }

    /// Rows `offset..offset + limit` of a board, best first.
    pub(super) fn board_rows(
        &self,
        campaign_id: u64,
        board: Board,
        offset: usize,
        limit: usize,
    ) -> Result<Vec<(u64, Standing)>, StoreError> {
        self.with_boards(campaign_id, |t| {
            t.boards.get(&board).map(|b| b.ranks().skip(offset).take(limit).collect()).unwrap_or_default()
        })
    }

    /// Every board of the campaign with its standings, in rank order (what a backup holds).
    pub(super) fn all_boards(&self, campaign_id: u64) -> Result<BoardRows, StoreError> {
        self.with_boards(campaign_id, |t| {
            let mut boards: Vec<_> =
                t.boards.iter().map(|(board, ranked)| (*board, ranked.ranks().collect())).collect();
            boards.sort_by_key(|(board, _)| board.key());
            boards
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Participant;

    fn store() -> (tempfile::TempDir, SledStore) {
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &Default::default()).unwrap();
        (dir, store)
    }

    fn standing(participant_id: u64, was: Option<Standing>, now: Standing) -> Write {
        Write::Standing { campaign_id: 7, board: Board::All, participant_id, was, now }
    }

    #[test]
    fn a_board_walked_while_its_leader_moves_up_always_has_them() {
        let (_dir, store) = store();
        // Campaign 7 has no roster: its boards are tallied empty, then moved by commits.
        assert_eq!(store.board_rows(7, Board::All, 0, 10).unwrap(), vec![]);
        let mut standings = [(1u64, Standing { count: 1, reached_seq: 1 }), (2, Standing { count: 5, reached_seq: 2 })];
        for (id, now) in standings {
            store.stage(&[standing(id, None, now)]).unwrap().commit_journaled().unwrap();
        }
        let done = std::sync::atomic::AtomicBool::new(false);
        std::thread::scope(|scope| {
            let walker = scope.spawn(|| {
                let mut walks = 0u64;
                while !done.load(std::sync::atomic::Ordering::Relaxed) || walks < 1_000 {
                    let top = store.board_rows(7, Board::All, 0, 10).unwrap();
                    assert_eq!(top.len(), 2, "a participant missing from the board after {walks} walks: {top:?}");
                    walks += 1;
                }
            });
            for seq in 3..3_000 {
                let was = standings[0].1;
                let now = Standing::plus_one(Some(was), seq);
                store.stage(&[standing(1, Some(was), now)]).unwrap().commit_journaled().unwrap();
                standings[0].1 = now;
            }
            done.store(true, std::sync::atomic::Ordering::Relaxed);
            walker.join().unwrap();
        });
        let top = store.board_rows(7, Board::All, 0, 10).unwrap();
        assert_eq!(top, vec![(1, Standing { count: 2_998, reached_seq: 2_999 }), (2, standings[1].1)]);
        assert_eq!(store.board_rows(7, Board::All, 1, 10).unwrap(), vec![(2, standings[1].1)]);
    }

    #[test]
    fn moves_reach_the_boards_and_a_credit_without_moves_lets_them_go() {
        let (_dir, store) = store();
        let now = Standing { count: 1, reached_seq: 4 };
        // Nothing read campaign 7's boards yet: they are tallied (from a roster without
        // credits) and moved.
        store.stage(&[standing(1, None, now)]).unwrap().commit_journaled().unwrap();
        assert_eq!(store.standing(7, Board::All, 1).unwrap(), Some(now));
        // A credited participant restored without its moves: the boards are tallied again.
        let restored = Participant {
            id: 9,
            campaign_id: 7,
            brand_id: 2,
            member_id: 3,
            seq: 5,
            email: "restored@example.com".into(),
            name: String::new(),
            referred_by: Some(1),
            referrals: 0,
            visits: 0,
            clicks: 0,
            shares: 0,
            created_at: "2026-11-28T00:00:00Z".into(),
            domain: None,
            language: None,
        };
        store.stage(&[Write::NewParticipant(restored)]).unwrap().commit_journaled().unwrap();
        assert!(store.boards.campaigns.lock()[&7].read().is_none());
        // A board built anew replaces the one kept.
        assert_eq!(store.board_rows(7, Board::All, 0, 10).unwrap(), vec![]);
        let rebuilt = vec![(3, Standing { count: 2, reached_seq: 8 })];
        let write = Write::Board { campaign_id: 7, board: Board::All, standings: rebuilt.clone() };
        store.stage(&[write]).unwrap().commit_journaled().unwrap();
        assert_eq!(store.board_rows(7, Board::All, 0, 10).unwrap(), rebuilt);
        assert_eq!(store.all_boards(7).unwrap(), vec![(Board::All, rebuilt)]);
        store.boards.forget(7);
        assert!(store.boards.campaigns.lock().get(&7).is_none());
    }
}
