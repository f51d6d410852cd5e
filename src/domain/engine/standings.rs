//! Leaderboards and contests: a credited referral moves its referrer on every board its time
//! falls in; a new contest window gets its board built from the roster; an ended contest gets
//! its winners recorded once.

use super::{BrandReads, Decision, Moment, Write};
use crate::domain::contest::{ContestResult, Winner};
use crate::domain::event::{EventSubject, EventType};
use crate::domain::leaderboard::{self, Board, Standing};
use crate::domain::{Campaign, Participant};

/// Rows of a board read beyond a contest's places, for the winners who cannot win (erased
/// or blocked since) and are passed over.
const PASSED_OVER: usize = 100;

impl<R: BrandReads + ?Sized> Decision<'_, R> {
    /// Credits `referrer_id` with the referral of `referred` (just signed up) on every board
    /// of its time. A decision credits a referrer once, so it never needs its own writes.
    pub(super) fn credit(
        &mut self,
        campaign: &Campaign,
        referrer_id: u64,
        referred: &Participant,
        moment: &Moment,
    ) -> Result<(), R::Error> {
        let at = referred.created_at.parse().unwrap_or_else(|_| moment.time());
        for board in leaderboard::boards_at(&campaign.contest, at) {
            let was = self.reads.standing(campaign.id, board, referrer_id)?;
            let now = Standing::plus_one(was, referred.seq);
            self.writes.push(Write::Standing {
                campaign_id: campaign.id,
                board,
                participant_id: referrer_id,
                was,
                now,
            });
        }
        Ok(())
    }
}

/// The board of the campaign's contest window, built from its credited referrals: what a new
/// window (or a window moved) starts from. Nothing when the campaign has no window.
pub fn decide_contest_board<R: BrandReads + ?Sized>(reads: &R, campaign: &Campaign) -> Result<Vec<Write>, R::Error> {
    let Some(board) = Board::contest(&campaign.contest) else {
        return Ok(Vec::new());
    };
    let credits = reads.credits(campaign.id)?;
    let built = leaderboard::tally(&campaign.contest, credits, |b| *b == board);
    let mut standings: Vec<(u64, Standing)> = built.into_values().flatten().collect();
    standings.sort_by_key(|(id, s)| s.rank_key(*id));
    Ok(vec![Write::Board { campaign_id: campaign.id, board, standings }])
}

/// What deciding an ended contest does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContestEnd {
    /// The result recorded now; none when there was nothing to record (recorded before, the
    /// contest off or its window moved, the campaign gone).
    pub result: Option<ContestResult>,
    /// Empty when the window has not ended yet.
    pub writes: Vec<Write>,
}

/// Records the winners of the campaign's contest window that ends at `ends_ms`, once it has
/// ended: the first `winners` of its board, passing over anyone erased or blocked since, with
/// the `contest.ended` announcement. A window already recorded, or no longer the campaign's,
/// is only settled (it stops being due).
pub fn decide_contest_end<R: BrandReads + ?Sized>(
    reads: &R,
    brand_id: u64,
    campaign_id: u64,
    ends_ms: i64,
    moment: &Moment,
) -> Result<ContestEnd, R::Error> {
    if moment.unix_ms < ends_ms {
        return Ok(ContestEnd { result: None, writes: Vec::new() });
    }
    let settled = ContestEnd { result: None, writes: vec![Write::ContestSettled { campaign_id, ends_ms }] };
    let Some(campaign) = reads.campaign(campaign_id)?.filter(|c| c.brand_id == brand_id && c.contest.enabled) else {
        return Ok(settled);
    };
    let Some(board @ Board::Contest { ends_ms: window_end, .. }) = Board::contest(&campaign.contest) else {
        return Ok(settled);
    };
    if window_end != ends_ms || reads.contest_result(campaign_id)?.is_some_and(|r| board.is_window_of(&r)) {
        return Ok(settled);
    }
    let places = campaign.contest.winners as usize;
    let mut winners = Vec::new();
    let mut people = Vec::new();
    for (participant_id, standing) in reads.board_top(campaign_id, board, places + PASSED_OVER)? {
        if winners.len() == places {
            break;
        }
        let Some(person) = reads.participant(participant_id)? else { continue };
        if person.is_erased() || reads.blocked(campaign_id, participant_id)?.is_some() {
            continue;
        }
        winners.push(Winner { rank: winners.len() as u32 + 1, participant_id, referrals: standing.count });
        people.push(person);
    }
    let result = ContestResult {
        starts_at: campaign.contest.starts_at.clone().unwrap_or_default(),
        ends_at: campaign.contest.ends_at.clone().unwrap_or_default(),
        prize: campaign.contest.prize.clone(),
        recorded_at: moment.at.clone(),
        winners,
    };
    let writes = vec![
        Write::ContestResult { campaign_id, result: Box::new(result.clone()) },
        Write::Announce {
            kind: EventType::ContestEnded,
            campaign_id,
            subject: Box::new(EventSubject::ContestEnded { result: Box::new(result.clone()), winners: people }),
        },
    ];
    Ok(ContestEnd { result: Some(result), writes })
}
