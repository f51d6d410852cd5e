//! The brand actor's part in contests: a contest window set or moved gets its leaderboard
//! built from the roster before the campaign is saved (see `UpdateCampaign`), and an ended
//! window gets its winners recorded once (see [`engine::decide_contest_end`]), both through
//! the brand's one writer, so no referral is counted between the build and the save, and two
//! looks at an ending contest are decided one after the other.

use actix::prelude::*;

use super::{BrandActor, BrandData, BrandError};
use crate::domain::contest::ContestResult;
use crate::domain::engine;
use crate::domain::leaderboard::Board;
use crate::domain::webhook::PendingDelivery;
use crate::domain::Campaign;

/// Records the winners of a campaign's contest window that has ended.
#[derive(Debug, Message)]
#[rtype(result = "Result<ContestEnded, BrandError>")]
pub struct EndContest {
    pub campaign_id: u64,
    /// The campaign's owner, whose webhooks hear of it.
    pub member_id: u64,
    /// The end of the window that is due (Unix ms).
    pub ends_ms: i64,
}

/// What deciding an ended contest did.
#[derive(Debug, Default)]
pub struct ContestEnded {
    /// The result recorded now; none when there was nothing to record.
    pub result: Option<ContestResult>,
    /// To hand to the dispatcher once the result is durable.
    pub deliveries: Vec<PendingDelivery>,
}

impl Handler<EndContest> for BrandActor {
    type Result = ResponseFuture<Result<ContestEnded, BrandError>>;

    fn handle(&mut self, msg: EndContest, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let moment = brand.moment();
                let end = engine::decide_contest_end(session, brand.brand_id, msg.campaign_id, msg.ends_ms, &moment)?;
                if end.writes.is_empty() {
                    return Ok((end.writes, ContestEnded::default()));
                }
                let (writes, deliveries) = brand.publish(session, msg.member_id, end.writes, &moment).await?;
                Ok((writes, ContestEnded { result: end.result, deliveries }))
            })
        })
    }
}

impl BrandData {
    /// Builds the board of `campaign`'s contest window when it differs from `before`'s (a
    /// window set or moved): called before the campaign is saved with it.
    pub(super) async fn build_contest_board(&self, before: &Campaign, campaign: &Campaign) -> Result<(), BrandError> {
        let board = Board::contest(&campaign.contest);
        if board.is_none() || board == Board::contest(&before.contest) {
            return Ok(());
        }
        self.decide_in_turn(|session| Ok(engine::decide_contest_board(session, campaign)?)).await
    }
}
