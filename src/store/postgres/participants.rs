//! Reads of participants: by id, email and domain, the pages and searches of a campaign or a
//! member, whom a participant referred, their rewards and invitations, and what the fraud
//! rules keep of them (and forget on time).

use async_trait::async_trait;

use super::{codec, id_at, participant_bodies, participant_body, sql_id, window, PgStore, StoreError};
use crate::domain::client_print::StoredPrint;
use crate::domain::email::EmailLookup;
use crate::domain::fraud::HOUR_MS;
use crate::domain::pagination::PageRequest;
use crate::domain::participant::ParticipantFilter;
use crate::domain::{Counter, Invite, Participant, Reward};
use crate::store::{DomainReferrer, ParticipantStore};

impl PgStore {
    pub(super) async fn participant_row(&self, id: u64) -> Result<Option<Participant>, StoreError> {
        let row = self
            .db
            .conn()
            .await?
            .row("SELECT body FROM participants WHERE participant_id = $1", &[&sql_id(id)])
            .await?;
        row.as_ref().map(participant_body).transpose()
    }

    /// The participants with these ids, in the order given (those gone are left out).
    async fn participants_in_order(&self, ids: &[i64]) -> Result<Vec<Participant>, StoreError> {
        self.participants_of(
            "SELECT p.body FROM unnest($1::bigint[]) WITH ORDINALITY AS wanted (id, n)
                 JOIN participants p ON p.participant_id = wanted.id ORDER BY wanted.n",
            &[&ids],
        )
        .await
    }

    /// A mark of the participant (see `participant_marks`), when they have a row of marks.
    pub(super) async fn marks(
        &self,
        campaign_id: u64,
        participant_id: u64,
    ) -> Result<Option<tokio_postgres::Row>, StoreError> {
        self.db
            .conn()
            .await?
            .row(
                "SELECT * FROM participant_marks WHERE participant_id = $1 AND campaign_id = $2",
                &[&sql_id(participant_id), &sql_id(campaign_id)],
            )
            .await
    }

    pub(super) async fn counter_of(&self, campaign_id: u64, counter: Counter) -> Result<u64, StoreError> {
        let counter = i16::from(counter as u8);
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                // The held row in the same statement: one snapshot of both (see `held.rs`).
                "SELECT value, NULL::bytea AS held FROM counters
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
                   AND counter = $2
                 UNION ALL
                 SELECT NULL, numbers FROM held_numbers
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1",
                &[&sql_id(campaign_id), &counter],
            )
            .await?;
        let (mut stored, held) = super::held::with_held(&rows)?;
        let stored = stored.next().map_or(0, |row| row.get::<_, i64>("value"));
        Ok((stored + held.count(counter)).max(0) as u64)
    }
}

#[async_trait]
impl ParticipantStore for PgStore {
    async fn participant(&self, id: u64) -> Result<Option<Participant>, StoreError> {
        self.participant_row(id).await
    }

    async fn participant_by_email(
        &self,
        campaign_id: u64,
        lookup: &EmailLookup,
    ) -> Result<Option<Participant>, StoreError> {
        let mut conn = self.db.conn().await?;
        let campaign_id = sql_id(campaign_id);
        let row = match lookup {
            EmailLookup::Exact(email) => {
                conn.row("SELECT body FROM participants WHERE campaign_id = $1 AND email = $2", &[&campaign_id, email])
                    .await?
            }
            EmailLookup::Inbox(inbox) => {
                conn.row(
                    "SELECT body FROM participants WHERE campaign_id = $1 AND inbox = $2 ORDER BY participant_id LIMIT 1",
                    &[&campaign_id, inbox],
                )
                .await?
            }
        };
        row.as_ref().map(participant_body).transpose()
    }

    async fn participants_of_member(
        &self,
        member_id: u64,
        page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        let (limit, offset) = window(page);
        let member_id = sql_id(member_id);
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "SELECT body FROM participants WHERE member_id = $1 ORDER BY participant_id DESC LIMIT $2 OFFSET $3",
                &[&member_id, &limit, &offset],
            )
            .await?;
        let total = conn.one("SELECT count(*) AS n FROM participants WHERE member_id = $1", &[&member_id]).await?;
        Ok((participant_bodies(&rows)?, id_at(&total, "n")))
    }

    async fn participants_of_campaign(
        &self,
        campaign_id: u64,
        page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        let (limit, offset) = window(page);
        let total = self.counter_of(campaign_id, Counter::Participants).await?;
        let page = self
            .participants_of(
                "SELECT body FROM participants
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
                 ORDER BY seq DESC LIMIT $2 OFFSET $3",
                &[&sql_id(campaign_id), &limit, &offset],
            )
            .await?;
        Ok((page, total))
    }

    async fn roster(&self, campaign_id: u64, from_seq: u64, limit: usize) -> Result<Vec<Participant>, StoreError> {
        self.participants_of(
            "SELECT body FROM participants
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
                   AND seq >= $2
                 ORDER BY seq LIMIT $3",
            &[&sql_id(campaign_id), &sql_id(from_seq.max(1)), &(limit as i64)],
        )
        .await
    }

    /// The candidates come from the indexes (the member's, the campaign's email, whom a
    /// referrer referred); the search text is matched against each candidate's haystack, as
    /// the domain defines a match, and only the page's participants are read whole.
    async fn search_participants(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        filter: &ParticipantFilter,
        page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        let email = filter.email.as_ref().map(|e| e.normalized());
        let params: [&(dyn tokio_postgres::types::ToSql + Sync); 4] =
            [&sql_id(member_id), &campaign_id.map(sql_id), &email, &filter.referred_by.map(sql_id)];
        let mut conn = self.db.conn().await?;
        let candidates = match campaign_id {
            Some(_) => {
                conn.rows(
                    "SELECT participant_id, search FROM participants
                     WHERE campaign_id = $2 AND member_id = $1 AND ($3::text IS NULL OR email = $3)
                       AND ($4::bigint IS NULL OR referred_by = $4)
                     ORDER BY seq DESC",
                    &params,
                )
                .await?
            }
            None => {
                conn.rows(
                    "SELECT participant_id, search FROM participants
                     WHERE member_id = $1 AND ($2::bigint IS NULL OR campaign_id = $2)
                       AND ($3::text IS NULL OR email = $3) AND ($4::bigint IS NULL OR referred_by = $4)
                     ORDER BY participant_id DESC",
                    &params,
                )
                .await?
            }
        };
        drop(conn);
        let (skip, take) = (page.offset(), page.limit);
        let (mut matched, mut wanted) = (0u64, Vec::with_capacity(take as usize));
        for row in &candidates {
            let haystack = std::str::from_utf8(row.get::<_, &[u8]>("search"))
                .map_err(|_| StoreError::Decode("a participant's search text is not UTF-8".into()))?;
            if !filter.matches_haystack(haystack) {
                continue;
            }
            if matched >= skip && matched < skip + take {
                wanted.push(row.get::<_, i64>("participant_id"));
            }
            matched += 1;
        }
        // The haystack says it matches; the participant itself decides, as a full search would.
        let participants = self.participants_in_order(&wanted).await?.into_iter().filter(|p| filter.matches(p));
        Ok((participants.collect(), matched))
    }

    async fn referred(
        &self,
        campaign_id: u64,
        referrer_id: u64,
        limit: usize,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        let (campaign_id, referrer_id) = (sql_id(campaign_id), sql_id(referrer_id));
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "SELECT body FROM participants
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
                   AND referred_by = $2
                 ORDER BY seq DESC LIMIT $3",
                &[&campaign_id, &referrer_id, &(limit as i64)],
            )
            .await?;
        let total = conn
            .one(
                "SELECT count(*) AS n FROM participants
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
                   AND referred_by = $2",
                &[&campaign_id, &referrer_id],
            )
            .await?;
        Ok((participant_bodies(&rows)?, id_at(&total, "n")))
    }

    async fn rewards_of(&self, participant_id: u64) -> Result<Vec<Reward>, StoreError> {
        self.bodies_of(
            "SELECT body FROM rewards WHERE participant_id = $1 ORDER BY reward_id",
            &[&sql_id(participant_id)],
        )
        .await
    }

    async fn rewards_of_each(&self, participant_ids: &[u64]) -> Result<Vec<Vec<Reward>>, StoreError> {
        if participant_ids.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<i64> = participant_ids.iter().map(|id| sql_id(*id)).collect();
        let rewards: Vec<Reward> = self
            .bodies_of(
                "SELECT body FROM rewards WHERE participant_id = ANY($1) ORDER BY participant_id, reward_id",
                &[&ids],
            )
            .await?;
        let mut of: std::collections::HashMap<u64, Vec<Reward>> = std::collections::HashMap::new();
        for reward in rewards {
            of.entry(reward.participant_id).or_default().push(reward);
        }
        // Each id its rewards, as often as it is asked (as on sled), so read, not taken out.
        Ok(participant_ids.iter().map(|id| of.get(id).cloned().unwrap_or_default()).collect())
    }

    async fn invites_of(&self, participant_id: u64) -> Result<Vec<Invite>, StoreError> {
        self.bodies_of(
            "SELECT body FROM invites WHERE participant_id = $1 ORDER BY invite_id",
            &[&sql_id(participant_id)],
        )
        .await
    }

    async fn invites_to(&self, campaign_id: u64, inbox: &str) -> Result<Vec<Invite>, StoreError> {
        self.bodies_of(
            "SELECT body FROM invites
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
                   AND inbox = $2
                 ORDER BY participant_id, invite_id",
            &[&sql_id(campaign_id), &inbox],
        )
        .await
    }

    async fn domain_participant_in(&self, campaign_id: u64, domain: &str) -> Result<Option<u64>, StoreError> {
        let row = self
            .db
            .conn()
            .await?
            .row(
                "SELECT participant_id FROM participants WHERE domain = $2 AND campaign_id = $1",
                &[&sql_id(campaign_id), &domain],
            )
            .await?;
        Ok(row.map(|row| id_at(&row, "participant_id")))
    }

    async fn domain_referrers(&self, domain: &str, limit: usize) -> Result<Vec<DomainReferrer>, StoreError> {
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                "SELECT campaign_id, participant_id, brand_id FROM participants WHERE domain = $1
                 ORDER BY campaign_id, participant_id LIMIT $2",
                &[&domain, &(limit as i64)],
            )
            .await?;
        Ok(rows
            .iter()
            .map(|row| DomainReferrer {
                campaign_id: id_at(row, "campaign_id"),
                participant_id: id_at(row, "participant_id"),
                brand_id: id_at(row, "brand_id"),
            })
            .collect())
    }

    /// A key's times are removed only if nobody counted one more since the cut-off: the
    /// `last_ms` condition is checked again on the row a concurrent decision just wrote.
    async fn forget_old_prints(&self, now_ms: i64) -> Result<u64, StoreError> {
        let mut conn = self.db.conn().await?;
        let prints = conn
            .execute(
                "UPDATE participant_marks SET print = NULL, print_at_ms = NULL WHERE print_at_ms <= $1",
                &[&now_ms.saturating_sub(crate::domain::client_print::PRINT_KEPT_MS)],
            )
            .await?;
        let rates = conn.execute("DELETE FROM rates WHERE last_ms <= $1", &[&(now_ms - HOUR_MS)]).await?;
        Ok(prints + rates)
    }

    async fn blocked_at(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, StoreError> {
        Ok(self.marks(campaign_id, participant_id).await?.and_then(|row| row.get("blocked_at")))
    }

    async fn client_print(&self, participant_id: u64) -> Result<Option<StoredPrint>, StoreError> {
        let row = self
            .db
            .conn()
            .await?
            .row(
                "SELECT print FROM participant_marks WHERE participant_id = $1 AND print IS NOT NULL",
                &[&sql_id(participant_id)],
            )
            .await?;
        row.map(|row| codec::decode(row.get::<_, &[u8]>("print"))).transpose()
    }
}
