//! Payouts on PostgreSQL: the `payouts` table and `payout_rewards`, whose primary key is the
//! rule that a reward is in at most one payout that has not failed (migration 5). A second
//! payout of a reward, from any server, fails its whole transaction; a failed payout's rows
//! there are deleted, freeing its rewards.

use async_trait::async_trait;

use super::connection::Pipeline;
use super::{bodies, codec, id_at, sql_id, window, PgStore, StoreError};
use crate::domain::engine::{Inconsistent, Write};
use crate::domain::pagination::PageRequest;
use crate::domain::payout::{Owed, Payout, PayoutDetails, PayoutStatus};
use crate::domain::{Reward, RewardStatus, RewardType};
use crate::store::PayoutStore;

/// The campaign's rewards in a state (`$3`, issued) that no payout holds, oldest first.
pub(super) const UNPAID: &str = "SELECT r.body FROM rewards r
     WHERE r.brand_id = $1 AND r.campaign_id = $2 AND r.status = $3
         AND NOT EXISTS (SELECT 1 FROM payout_rewards p WHERE p.brand_id = r.brand_id AND p.reward_id = r.reward_id)
     ORDER BY r.reward_id";

/// The payout holding a reward.
pub(super) const HOLDING: &str =
    "SELECT payout_id FROM payout_rewards WHERE brand_id = $1 AND reward_id = $2 AND campaign_id = $3";

/// The `status` of an issued reward, for [`UNPAID`].
pub(super) fn issued_code() -> i16 {
    i16::from(RewardStatus::Issued.byte())
}

/// The cash rewards among `rewards` (the kind is in the row's body).
pub(super) fn cash(rewards: Vec<Reward>) -> Vec<Reward> {
    rewards.into_iter().filter(|r| r.kind == RewardType::Cash).collect()
}

/// What a participant owes.
pub(super) const OWED: &str = "SELECT body FROM payout_owed WHERE brand_id = $1 AND participant_id = $2";

/// One payout of a campaign.
pub(super) const ONE: &str = "SELECT body FROM payouts WHERE brand_id = $1 AND payout_id = $2 AND campaign_id = $3";

/// A participant's payout details.
pub(super) const DETAILS: &str = "SELECT body FROM payout_details WHERE brand_id = $1 AND participant_id = $2";

/// The `status` column.
pub(super) fn status_code(status: PayoutStatus) -> i16 {
    match status {
        PayoutStatus::Requested => 1,
        PayoutStatus::Paid => 2,
        PayoutStatus::Failed => 3,
    }
}

/// A payout write's statements.
pub(super) fn write(pipe: &mut Pipeline, brand_id: i64, write: &Write) -> Result<(), StoreError> {
    match write {
        Write::NewPayout(payout) => insert(pipe, payout),
        Write::Payout(payout) => update(pipe, payout),
        Write::PayoutDetails { campaign_id, participant_id, details: Some(details) } => {
            pipe.push(
                "INSERT INTO payout_details (brand_id, participant_id, campaign_id, body) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (brand_id, participant_id) DO UPDATE SET body = $4",
                owned![&brand_id, &sql_id(*participant_id), &sql_id(*campaign_id), &codec::encode(details)?],
            );
            Ok(())
        }
        Write::Owed { campaign_id, participant_id, owed } => {
            pipe.push(
                "INSERT INTO payout_owed (brand_id, participant_id, campaign_id, body) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (brand_id, participant_id) DO UPDATE SET body = $4",
                owned![&brand_id, &sql_id(*participant_id), &sql_id(*campaign_id), &codec::encode(owed)?],
            );
            Ok(())
        }
        Write::PayoutDetails { participant_id, details: None, .. } => {
            pipe.push(
                "DELETE FROM payout_details WHERE brand_id = $1 AND participant_id = $2",
                owned![&brand_id, &sql_id(*participant_id)],
            );
            Ok(())
        }
        _ => Err(Inconsistent("not a payout write".into()).into()),
    }
}

/// A new payout's statements: its row and, unless it failed, its rewards' rows.
fn insert(pipe: &mut Pipeline, payout: &Payout) -> Result<(), StoreError> {
    let (brand_id, payout_id, campaign_id) = (sql_id(payout.brand_id), sql_id(payout.id), sql_id(payout.campaign_id));
    pipe.push(
        "INSERT INTO payouts (brand_id, payout_id, campaign_id, member_id, participant_id, status, body)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        owned![
            &brand_id,
            &payout_id,
            &campaign_id,
            &sql_id(payout.member_id),
            &sql_id(payout.participant_id),
            &status_code(payout.status),
            &codec::encode(payout)?,
        ],
    );
    if payout.status.holds_rewards() {
        let rewards: Vec<i64> = payout.reward_ids.iter().copied().map(sql_id).collect();
        // No ON CONFLICT: a reward another payout holds fails the decision.
        pipe.push(
            "INSERT INTO payout_rewards (brand_id, reward_id, campaign_id, payout_id)
             SELECT $1, r, $2, $3 FROM unnest($4::bigint[]) AS n (r)",
            owned![&brand_id, &campaign_id, &payout_id, &rewards],
        );
    }
    Ok(())
}

/// A moved payout's statements: its row, and its rewards freed once it failed.
fn update(pipe: &mut Pipeline, payout: &Payout) -> Result<(), StoreError> {
    let (brand_id, payout_id) = (sql_id(payout.brand_id), sql_id(payout.id));
    pipe.push(
        "UPDATE payouts SET status = $3, body = $4 WHERE brand_id = $1 AND payout_id = $2",
        owned![&brand_id, &payout_id, &status_code(payout.status), &codec::encode(payout)?],
    );
    if !payout.status.holds_rewards() {
        pipe.push("DELETE FROM payout_rewards WHERE brand_id = $1 AND payout_id = $2", owned![&brand_id, &payout_id]);
    }
    Ok(())
}

#[async_trait]
impl PayoutStore for PgStore {
    async fn payout(&self, member_id: u64, id: u64) -> Result<Option<Payout>, StoreError> {
        self.body_of(
            "SELECT body FROM payouts WHERE payout_id = $1 AND member_id = $2",
            &[&sql_id(id), &sql_id(member_id)],
        )
        .await
    }

    async fn payouts_of_member(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        status: Option<PayoutStatus>,
        page: PageRequest,
    ) -> Result<(Vec<Payout>, u64), StoreError> {
        let (limit, offset) = window(page);
        let (member_id, campaign_id, status) = (sql_id(member_id), campaign_id.map(sql_id), status.map(status_code));
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "SELECT body FROM payouts WHERE member_id = $1 AND ($2::bigint IS NULL OR campaign_id = $2)
                     AND ($3::smallint IS NULL OR status = $3)
                 ORDER BY payout_id DESC LIMIT $4 OFFSET $5",
                &[&member_id, &campaign_id, &status, &limit, &offset],
            )
            .await?;
        let total = conn
            .one(
                "SELECT count(*) AS n FROM payouts WHERE member_id = $1 AND ($2::bigint IS NULL OR campaign_id = $2)
                     AND ($3::smallint IS NULL OR status = $3)",
                &[&member_id, &campaign_id, &status],
            )
            .await?;
        Ok((bodies(&rows)?, id_at(&total, "n")))
    }

    async fn unpaid_cash_rewards(&self, campaign_id: u64) -> Result<Vec<Reward>, StoreError> {
        let mut conn = self.db.conn().await?;
        let brand = conn.row("SELECT brand_id FROM campaigns WHERE campaign_id = $1", &[&sql_id(campaign_id)]).await?;
        let Some(brand) = brand else { return Ok(Vec::new()) };
        let (brand_id, issued) = (brand.get::<_, i64>("brand_id"), issued_code());
        Ok(cash(bodies(&conn.rows(UNPAID, &[&brand_id, &sql_id(campaign_id), &issued]).await?)?))
    }

    async fn owed(&self, campaign_id: u64, participant_id: u64) -> Result<Owed, StoreError> {
        let owed = self
            .body_of(
                "SELECT body FROM payout_owed
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $2) AND participant_id = $1",
                &[&sql_id(participant_id), &sql_id(campaign_id)],
            )
            .await?;
        Ok(owed.unwrap_or_default())
    }

    async fn payout_details(&self, campaign_id: u64, participant_id: u64) -> Result<Option<PayoutDetails>, StoreError> {
        self.body_of(
            "SELECT body FROM payout_details
             WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $2) AND participant_id = $1",
            &[&sql_id(participant_id), &sql_id(campaign_id)],
        )
        .await
    }

    async fn payouts_of_participant(&self, campaign_id: u64, participant_id: u64) -> Result<Vec<Payout>, StoreError> {
        self.bodies_of(
            "SELECT body FROM payouts
             WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
                 AND participant_id = $2
             ORDER BY payout_id",
            &[&sql_id(campaign_id), &sql_id(participant_id)],
        )
        .await
    }
}
