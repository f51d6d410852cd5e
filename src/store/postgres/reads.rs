//! Reads of what the engine's decisions write: rewards, conversions, idempotency records,
//! leaderboards and waitlists (participants: `participants.rs`). None of them takes a brand's lock: each
//! reads committed rows, as the embedded store's readers do beside its brand actors.

use async_trait::async_trait;

use super::held::{with_held, MOST_HELD_STANDINGS};
use super::rows::{place_of, rank_of, ranked};
use super::{bodies, id_at, sql_id, window, PgStore, StoreError};
use crate::domain::contest::ContestResult;
use crate::domain::conversion::Conversion;
use crate::domain::invoice::Commission;
use crate::domain::leaderboard::{Board, Standing};
use crate::domain::pagination::PageRequest;
use crate::domain::reward::RewardFilter;
use crate::domain::waitlist::{Line, Spot};
use crate::domain::{Counter, Participant, Reward};
use crate::store::{
    ConversionStore, DueContest, DueHold, IdempotencyRecord, IdempotencyStore, RewardStore, StandingStore,
    WaitlistStore,
};

#[async_trait]
impl RewardStore for PgStore {
    async fn reward(&self, member_id: u64, id: u64) -> Result<Option<Reward>, StoreError> {
        self.body_of(
            "SELECT body FROM rewards WHERE reward_id = $1 AND member_id = $2",
            &[&sql_id(id), &sql_id(member_id)],
        )
        .await
    }

    async fn rewards_of_member(
        &self,
        member_id: u64,
        filter: RewardFilter,
        page: PageRequest,
    ) -> Result<(Vec<Reward>, u64), StoreError> {
        let (limit, offset) = window(page);
        let (member_id, campaign_id, status, participant_id) = (
            sql_id(member_id),
            filter.campaign_id.map(sql_id),
            filter.status.map(|s| i16::from(s.byte())),
            filter.participant_id.map(sql_id),
        );
        // Two texts, not one built at run time: each is a statement the server prepares once.
        let list = if filter.oldest_first {
            "SELECT body FROM rewards WHERE member_id = $1 AND ($2::bigint IS NULL OR campaign_id = $2)
               AND ($3::smallint IS NULL OR status = $3) AND ($4::bigint IS NULL OR participant_id = $4)
             ORDER BY reward_id ASC LIMIT $5 OFFSET $6"
        } else {
            "SELECT body FROM rewards WHERE member_id = $1 AND ($2::bigint IS NULL OR campaign_id = $2)
               AND ($3::smallint IS NULL OR status = $3) AND ($4::bigint IS NULL OR participant_id = $4)
             ORDER BY reward_id DESC LIMIT $5 OFFSET $6"
        };
        let mut conn = self.db.conn().await?;
        let rows = conn.rows(list, &[&member_id, &campaign_id, &status, &participant_id, &limit, &offset]).await?;
        let total = conn
            .one(
                "SELECT count(*) AS n FROM rewards WHERE member_id = $1 AND ($2::bigint IS NULL OR campaign_id = $2)
                   AND ($3::smallint IS NULL OR status = $3) AND ($4::bigint IS NULL OR participant_id = $4)",
                &[&member_id, &campaign_id, &status, &participant_id],
            )
            .await?;
        Ok((bodies(&rows)?, id_at(&total, "n")))
    }

    async fn issued_rewards(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        limit: usize,
    ) -> Result<Vec<Reward>, StoreError> {
        self.bodies_of(
            "SELECT body FROM rewards
                 WHERE member_id = $1 AND issue_seq IS NOT NULL AND ($2::bigint IS NULL OR campaign_id = $2)
                 ORDER BY issue_seq DESC LIMIT $3",
            &[&sql_id(member_id), &campaign_id.map(sql_id), &(limit as i64)],
        )
        .await
    }

    async fn due_holds(&self, unix_ms: i64, limit: usize) -> Result<Vec<DueHold>, StoreError> {
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                "SELECT brand_id, member_id, participant_id, reward_id FROM rewards WHERE release_at_ms <= $1
                 ORDER BY release_at_ms, reward_id LIMIT $2",
                &[&unix_ms, &(limit as i64)],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|row| DueHold {
                brand_id: id_at(row, "brand_id"),
                member_id: id_at(row, "member_id"),
                participant_id: id_at(row, "participant_id"),
                reward_id: id_at(row, "reward_id"),
            })
            .collect())
    }
}

#[async_trait]
impl ConversionStore for PgStore {
    async fn conversion(&self, member_id: u64, id: u64) -> Result<Option<Conversion>, StoreError> {
        self.body_of(
            "SELECT body FROM conversions WHERE conversion_id = $1 AND member_id = $2",
            &[&sql_id(id), &sql_id(member_id)],
        )
        .await
    }

    async fn conversions_of_member(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        page: PageRequest,
    ) -> Result<(Vec<Conversion>, u64), StoreError> {
        let (limit, offset) = window(page);
        let (member_id, campaign_id) = (sql_id(member_id), campaign_id.map(sql_id));
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "SELECT body FROM conversions WHERE member_id = $1 AND ($2::bigint IS NULL OR campaign_id = $2)
                 ORDER BY conversion_id DESC LIMIT $3 OFFSET $4",
                &[&member_id, &campaign_id, &limit, &offset],
            )
            .await?;
        let total = conn
            .one(
                "SELECT count(*) AS n FROM conversions WHERE member_id = $1 AND ($2::bigint IS NULL OR campaign_id = $2)",
                &[&member_id, &campaign_id],
            )
            .await?;
        Ok((bodies(&rows)?, id_at(&total, "n")))
    }

    async fn customer_participant(&self, campaign_id: u64, customer: &str) -> Result<Option<u64>, StoreError> {
        let row = self
            .db
            .conn()
            .await?
            .row(
                "SELECT participant_id FROM customer_bindings
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
                   AND customer = $2",
                &[&sql_id(campaign_id), &customer],
            )
            .await?;
        Ok(row.map(|row| id_at(&row, "participant_id")))
    }

    async fn conversion_by_payment(&self, campaign_id: u64, reference: &str) -> Result<Option<Conversion>, StoreError> {
        self.body_of(
            "SELECT c.body FROM payment_references p
                 JOIN conversions c ON c.brand_id = p.brand_id AND c.conversion_id = p.conversion_id
                 WHERE p.brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND p.campaign_id = $1
                   AND p.reference = $2",
            &[&sql_id(campaign_id), &reference],
        )
        .await
    }

    async fn commissions_of_rewards(
        &self,
        campaign_id: u64,
        reward_ids: &[u64],
    ) -> Result<Vec<Commission>, StoreError> {
        let ids: Vec<i64> = reward_ids.iter().map(|&id| sql_id(id)).collect();
        self.bodies_of(
            "SELECT body FROM commissions
             WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
               AND reward_id = ANY($2)",
            &[&sql_id(campaign_id), &ids],
        )
        .await
    }

    async fn commission(&self, conversion: &Conversion) -> Result<Option<Commission>, StoreError> {
        self.body_of(
            "SELECT body FROM commissions WHERE brand_id = $1 AND conversion_id = $2",
            &[&sql_id(conversion.brand_id), &sql_id(conversion.id)],
        )
        .await
    }

    async fn conversions_of_participant(
        &self,
        campaign_id: u64,
        participant_id: u64,
    ) -> Result<Vec<Conversion>, StoreError> {
        self.bodies_of(
            "SELECT body FROM conversions
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
                   AND participant_id = $2
                 ORDER BY conversion_id",
            &[&sql_id(campaign_id), &sql_id(participant_id)],
        )
        .await
    }

    async fn qualified_referrals(&self, campaign_id: u64, participant_id: u64) -> Result<u64, StoreError> {
        Ok(self.marks(campaign_id, participant_id).await?.map_or(0, |row| id_at(&row, "qualified")))
    }
}

#[async_trait]
impl IdempotencyStore for PgStore {
    async fn idempotency_record(&self, key: &[u8]) -> Result<Option<IdempotencyRecord>, StoreError> {
        self.body_of("SELECT body FROM idempotency WHERE key = $1", &[&key]).await
    }
}

impl PgStore {
    /// Rows `offset..offset + limit` of a board in rank order, with their participants: the
    /// stored ranks with the campaign's held standings (`held.rs`) in their places. One
    /// statement reads the held row and the stored top, as many ranks more as a held row can
    /// hold standings (each held standing replaces at most one stored rank, so the stored
    /// ranks left are enough), so both come from one snapshot; the participants of held
    /// standings that were not among them are read next.
    async fn board_rows(
        &self,
        campaign_id: u64,
        board: Board,
        offset: u64,
        limit: usize,
    ) -> Result<Vec<(Participant, Standing, bool)>, StoreError> {
        let end = offset.saturating_add(limit as u64).min(i64::MAX as u64 / 2);
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "(SELECT s.rank, p.body, m.blocked_at IS NOT NULL AS blocked, NULL::bytea AS held FROM standings s
                  JOIN participants p ON p.brand_id = s.brand_id AND p.participant_id = s.participant_id
                  LEFT JOIN participant_marks m ON m.brand_id = s.brand_id AND m.participant_id = s.participant_id
                  WHERE s.brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND s.campaign_id = $1
                    AND s.board = $2
                  ORDER BY s.rank LIMIT $3)
                 UNION ALL
                 SELECT NULL, NULL, NULL, numbers FROM held_numbers
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1",
                &[&sql_id(campaign_id), &&board.key()[..], &((end as usize + MOST_HELD_STANDINGS) as i64)],
            )
            .await?;
        let (stored, held) = with_held(&rows)?;
        let key = board.key();
        let held: Vec<(u64, Standing)> =
            held.on_board(&key).map(|(_, rank)| rank_of(rank)).collect::<Result<_, _>>()?;
        // Each rank with its participant and whether they are blocked, once read.
        type Rank = (u64, Standing, Option<(Participant, bool)>);
        let mut ranks: Vec<Rank> = Vec::new();
        for row in stored {
            let (id, standing) = ranked(row)?;
            if !held.iter().any(|(held_id, _)| *held_id == id) {
                ranks.push((id, standing, Some((super::participant_body(row)?, row.get("blocked")))));
            }
        }
        ranks.extend(held.into_iter().map(|(id, standing)| (id, standing, None)));
        ranks.sort_by_key(|(id, standing, _)| standing.rank_key(*id));
        let page: Vec<_> = ranks.into_iter().skip(offset as usize).take(limit).collect();
        let unread: Vec<i64> =
            page.iter().filter(|(_, _, read)| read.is_none()).map(|(id, _, _)| sql_id(*id)).collect();
        let mut found = std::collections::HashMap::new();
        if !unread.is_empty() {
            let rows = conn
                .rows(
                    "SELECT p.participant_id, p.body, m.blocked_at IS NOT NULL AS blocked FROM participants p
                     LEFT JOIN participant_marks m ON m.brand_id = p.brand_id AND m.participant_id = p.participant_id
                     WHERE p.brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1)
                       AND p.participant_id = ANY($2)",
                    &[&sql_id(campaign_id), &unread],
                )
                .await?;
            for row in &rows {
                found.insert(id_at(row, "participant_id"), (super::participant_body(row)?, row.get("blocked")));
            }
        }
        // A held standing's participant gone since (deleted with their data) is passed over,
        // as the join passes over a stored one's.
        Ok(page
            .into_iter()
            .filter_map(|(id, standing, read)| {
                read.or_else(|| found.remove(&id)).map(|(participant, blocked)| (participant, standing, blocked))
            })
            .collect())
    }
}

#[async_trait]
impl StandingStore for PgStore {
    async fn leaderboard(
        &self,
        campaign_id: u64,
        board: Board,
        limit: usize,
    ) -> Result<Vec<(Participant, Standing)>, StoreError> {
        // Rows passed over are few (erasures, blocks): read a margin, and more if it runs out.
        let mut read = limit + 16;
        loop {
            let top = self.board_rows(campaign_id, board, 0, read).await?;
            let shown: Vec<_> = top
                .iter()
                .filter(|(p, _, blocked)| !p.is_erased() && !blocked)
                .take(limit)
                .map(|(p, standing, _)| (p.clone(), *standing))
                .collect();
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
        let rows = self.board_rows(campaign_id, board, offset, limit).await?;
        Ok(rows.into_iter().map(|(p, standing, _)| (p, standing)).collect())
    }

    async fn contest_result(&self, campaign_id: u64) -> Result<Option<ContestResult>, StoreError> {
        self.body_of(
            "SELECT body FROM contest_results
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1",
            &[&sql_id(campaign_id)],
        )
        .await
    }

    async fn due_contests(&self, now_ms: i64, limit: usize) -> Result<Vec<DueContest>, StoreError> {
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                "SELECT brand_id, member_id, campaign_id, contest_due_ms FROM campaigns WHERE contest_due_ms <= $1
                 ORDER BY contest_due_ms, campaign_id LIMIT $2",
                &[&now_ms, &(limit as i64)],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|row| DueContest {
                brand_id: id_at(row, "brand_id"),
                member_id: id_at(row, "member_id"),
                campaign_id: id_at(row, "campaign_id"),
                ends_ms: row.get("contest_due_ms"),
            })
            .collect())
    }
}

#[async_trait]
impl WaitlistStore for PgStore {
    /// The position counts the entries ahead in the line's index: one index range, read in
    /// one statement.
    async fn spot(&self, campaign_id: u64, participant_id: u64) -> Result<Option<Spot>, StoreError> {
        let marks = self.marks(campaign_id, participant_id).await?;
        if let Some(at) = marks.and_then(|row| row.get::<_, Option<String>>("admitted_at")) {
            return Ok(Some(Spot::Admitted { at }));
        }
        let row = self
            .db
            .conn()
            .await?
            .row(
                "SELECT (SELECT count(*) FROM places o WHERE o.brand_id = me.brand_id AND o.campaign_id = me.campaign_id
                            AND o.place < me.place) AS ahead,
                        (SELECT count(*) FROM places o WHERE o.brand_id = me.brand_id
                            AND o.campaign_id = me.campaign_id) AS total
                 FROM places me
                 WHERE me.brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND me.campaign_id = $1
                   AND me.participant_id = $2",
                &[&sql_id(campaign_id), &sql_id(participant_id)],
            )
            .await?;
        Ok(row.map(|row| {
            let (ahead, total) = (id_at(&row, "ahead"), id_at(&row, "total"));
            let position = ahead + 1;
            Spot::InLine { position, behind: total.saturating_sub(position) }
        }))
    }

    async fn line(&self, campaign_id: u64, limit: usize) -> Result<Line, StoreError> {
        let mut conn = self.db.conn().await?;
        let in_line = conn
            .one(
                "SELECT count(*) AS n FROM places
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1",
                &[&sql_id(campaign_id)],
            )
            .await?;
        let rows = conn
            .rows(
                "SELECT p.body, w.place FROM places w
                 JOIN participants p ON p.brand_id = w.brand_id AND p.participant_id = w.participant_id
                 WHERE w.brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND w.campaign_id = $1
                 ORDER BY w.place LIMIT $2",
                &[&sql_id(campaign_id), &(limit as i64)],
            )
            .await?;
        drop(conn);
        let _ = rows.iter().map(place_of).collect::<Result<Vec<_>, _>>()?;
        let admitted = self.counter_of(campaign_id, Counter::Admitted).await?;
        Ok(Line { in_line: id_at(&in_line, "n"), admitted, front: super::participant_bodies(&rows)? })
    }
}
