//! Brands (with the member's domain index and the Stripe connection), campaigns (with their
//! landers, counters and daily series), the coupon pool's counts, and ids.

use crate::domain::partner_packs::PackPeriod;
use crate::domain::rollup::Measures;
use async_trait::async_trait;

use super::connection::Conn;
use super::held::with_held;
use super::sequences::sequence_of;
use super::{bodies, codec, id_at, sql_id, window, PgStore, StoreError};
use crate::domain::counters::DailySeries;
use crate::domain::domain_proof::{DomainProof, ProofSubject};
use crate::domain::ids::IdKind;
use crate::domain::lander::Lander;
use crate::domain::leaderboard::Board;
use crate::domain::pagination::PageRequest;
use crate::domain::sales_source::{Connection, Source};
use crate::domain::stripe::StripeConnection;
use crate::domain::{Brand, Campaign, CampaignCounters, CouponPool};
use crate::store::{AtLimit, BrandRefused, BrandStore, CampaignStore, CouponStore, DomainTaken};

/// The end of the campaign's contest window that is still to be decided, if it runs one.
pub(super) fn contest_due_ms(campaign: &Campaign) -> Option<i64> {
    match Board::contest(&campaign.contest).filter(|_| campaign.contest.enabled)? {
        Board::Contest { ends_ms, .. } => Some(ends_ms),
        _ => None,
    }
}

/// Locks the member's creations row until the transaction ends: while a creation holds it,
/// no other creation of the member (on any server) counts or inserts, so a plan's limit is
/// never passed by concurrent creations.
async fn lock_member_creations(conn: &mut Conn, member_id: i64) -> Result<(), StoreError> {
    conn.execute("INSERT INTO member_creations (member_id) VALUES ($1) ON CONFLICT DO NOTHING", &[&member_id]).await?;
    conn.execute("SELECT 1 FROM member_creations WHERE member_id = $1 FOR UPDATE", &[&member_id]).await?;
    Ok(())
}

#[async_trait]
impl BrandStore for PgStore {
    async fn create_brand(
        &self,
        brand: &Brand,
        max_brands: Option<u64>,
    ) -> Result<Result<(), BrandRefused>, StoreError> {
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        let member_id = sql_id(brand.member_id);
        lock_member_creations(&mut conn, member_id).await?;
        // The member's brand on this domain is named even at the limit: a retried creation
        // learns that it already succeeded.
        if let Some(existing) = conn
            .row(
                "SELECT brand_id FROM member_domains WHERE member_id = $1 AND domain = $2",
                &[&member_id, &brand.domain],
            )
            .await?
        {
            return Ok(Err(BrandRefused::DomainTaken(DomainTaken { brand_id: id_at(&existing, "brand_id") })));
        }
        if let Some(limit) = max_brands {
            let held = conn.one("SELECT count(*) AS n FROM brands WHERE member_id = $1", &[&member_id]).await?;
            if id_at(&held, "n") >= limit {
                return Ok(Err(BrandRefused::AtLimit));
            }
        }
        let brand_id = sql_id(brand.id);
        conn.execute(
            "INSERT INTO brands (brand_id, member_id, body) VALUES ($1, $2, $3)",
            &[&brand_id, &member_id, &codec::encode(brand)?],
        )
        .await?;
        conn.execute(
            "INSERT INTO member_domains (member_id, domain, brand_id) VALUES ($1, $2, $3)",
            &[&member_id, &brand.domain, &brand_id],
        )
        .await?;
        conn.commit().await?;
        Ok(Ok(()))
    }

    async fn brand(&self, id: u64) -> Result<Option<Brand>, StoreError> {
        self.body_of("SELECT body FROM brands WHERE brand_id = $1", &[&sql_id(id)]).await
    }

    async fn save_brand(&self, brand: &Brand) -> Result<(), StoreError> {
        self.db
            .conn()
            .await?
            .execute("UPDATE brands SET body = $2 WHERE brand_id = $1", &[&sql_id(brand.id), &codec::encode(brand)?])
            .await?;
        Ok(())
    }

    async fn brands_of_member(&self, member_id: u64, page: PageRequest) -> Result<(Vec<Brand>, u64), StoreError> {
        let (limit, offset) = window(page);
        let member_id = sql_id(member_id);
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "SELECT body FROM brands WHERE member_id = $1 ORDER BY brand_id DESC LIMIT $2 OFFSET $3",
                &[&member_id, &limit, &offset],
            )
            .await?;
        let total = conn.one("SELECT count(*) AS n FROM brands WHERE member_id = $1", &[&member_id]).await?;
        Ok((bodies(&rows)?, id_at(&total, "n")))
    }

    async fn campaign_ids_of_brand(&self, brand_id: u64) -> Result<Vec<u64>, StoreError> {
        let rows = self
            .db
            .conn()
            .await?
            .rows("SELECT campaign_id FROM campaigns WHERE brand_id = $1 ORDER BY campaign_id", &[&sql_id(brand_id)])
            .await?;
        Ok(rows.iter().map(|row| id_at(row, "campaign_id")).collect())
    }

    async fn remove_brand(&self, brand: &Brand) -> Result<(), StoreError> {
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        let brand_id = sql_id(brand.id);
        conn.execute("DELETE FROM brands WHERE brand_id = $1", &[&brand_id]).await?;
        conn.execute(
            "DELETE FROM member_domains WHERE member_id = $1 AND domain = $2 AND brand_id = $3",
            &[&sql_id(brand.member_id), &brand.domain, &brand_id],
        )
        .await?;
        conn.execute("DELETE FROM stripe_connections WHERE brand_id = $1", &[&brand_id]).await?;
        conn.execute("DELETE FROM source_connections WHERE brand_id = $1", &[&brand_id]).await?;
        conn.execute("DELETE FROM source_customers WHERE brand_id = $1", &[&brand_id]).await?;
        conn.execute("DELETE FROM domain_proofs WHERE subject = $1", &[&proof_key(ProofSubject::Brand(brand.id))])
            .await?;
        conn.commit().await
    }

    async fn stripe_connection(&self, brand_id: u64) -> Result<Option<StripeConnection>, StoreError> {
        self.body_of("SELECT body FROM stripe_connections WHERE brand_id = $1", &[&sql_id(brand_id)]).await
    }

    async fn save_stripe_connection(
        &self,
        brand_id: u64,
        connection: Option<&StripeConnection>,
    ) -> Result<(), StoreError> {
        let mut conn = self.db.conn().await?;
        let brand_id = sql_id(brand_id);
        match connection {
            Some(connection) => {
                conn.execute(
                    "INSERT INTO stripe_connections (brand_id, body) VALUES ($1, $2)
                     ON CONFLICT (brand_id) DO UPDATE SET body = $2",
                    &[&brand_id, &codec::encode(connection)?],
                )
                .await?
            }
            None => conn.execute("DELETE FROM stripe_connections WHERE brand_id = $1", &[&brand_id]).await?,
        };
        Ok(())
    }

    async fn source_connection(&self, brand_id: u64, source: Source) -> Result<Option<Connection>, StoreError> {
        self.body_of(
            "SELECT body FROM source_connections WHERE brand_id = $1 AND source = $2",
            &[&sql_id(brand_id), &source.name()],
        )
        .await
    }

    async fn save_source_connection(
        &self,
        brand_id: u64,
        source: Source,
        connection: Option<&Connection>,
    ) -> Result<(), StoreError> {
        let mut conn = self.db.conn().await?;
        let (brand_id, source) = (sql_id(brand_id), source.name());
        match connection {
            Some(connection) => {
                conn.execute(
                    "INSERT INTO source_connections (brand_id, source, body) VALUES ($1, $2, $3)
                     ON CONFLICT (brand_id, source) DO UPDATE SET body = $3",
                    &[&brand_id, &source, &codec::encode(connection)?],
                )
                .await?
            }
            None => {
                conn.execute(
                    "DELETE FROM source_connections WHERE brand_id = $1 AND source = $2",
                    &[&brand_id, &source],
                )
                .await?
            }
        };
        Ok(())
    }

    async fn source_customer(&self, brand_id: u64, customer: &str) -> Result<Option<String>, StoreError> {
        let row = self
            .db
            .conn()
            .await?
            .row(
                "SELECT email FROM source_customers WHERE brand_id = $1 AND customer = $2",
                &[&sql_id(brand_id), &customer],
            )
            .await?;
        Ok(row.map(|row| row.get("email")))
    }

    async fn save_source_customer(&self, brand_id: u64, customer: &str, email: &str) -> Result<(), StoreError> {
        self.db
            .conn()
            .await?
            .execute(
                "INSERT INTO source_customers (brand_id, customer, email) VALUES ($1, $2, $3)
                 ON CONFLICT (brand_id, customer) DO UPDATE SET email = $3",
                &[&sql_id(brand_id), &customer, &email],
            )
            .await?;
        Ok(())
    }

    async fn save_domain_proof(&self, proof: &DomainProof) -> Result<(), StoreError> {
        self.db
            .conn()
            .await?
            .execute(
                "INSERT INTO domain_proofs (subject, body) VALUES ($1, $2)
                 ON CONFLICT (subject) DO UPDATE SET body = $2",
                &[&proof_key(proof.subject), &codec::encode(proof)?],
            )
            .await?;
        Ok(())
    }

    async fn domain_proofs(&self, subjects: &[ProofSubject]) -> Result<Vec<DomainProof>, StoreError> {
        if subjects.is_empty() {
            return Ok(Vec::new());
        }
        let keys: Vec<String> = subjects.iter().map(|&s| proof_key(s)).collect();
        self.bodies_of("SELECT body FROM domain_proofs WHERE subject = ANY($1)", &[&keys]).await
    }
}

/// The `domain_proofs.subject` of `subject`.
fn proof_key(subject: ProofSubject) -> String {
    format!("{}:{}", subject.kind(), subject.id())
}

impl PgStore {
    /// Inserts a new campaign row (the caller holds the member's creations lock).
    async fn insert_campaign(conn: &mut Conn, campaign: &Campaign) -> Result<(), StoreError> {
        conn.execute(
            "INSERT INTO campaigns (brand_id, campaign_id, member_id, contest_due_ms, digest, body)
             VALUES ($1, $2, $3, $4, $5, $6)",
            &[
                &sql_id(campaign.brand_id),
                &sql_id(campaign.id),
                &sql_id(campaign.member_id),
                &contest_due_ms(campaign),
                &campaign.emails.digest.enabled,
                &codec::encode(campaign)?,
            ],
        )
        .await?;
        Ok(())
    }
}

#[async_trait]
impl CampaignStore for PgStore {
    async fn create_campaign(
        &self,
        campaign: &Campaign,
        max_campaigns: Option<u64>,
    ) -> Result<Result<(), AtLimit>, StoreError> {
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        let member_id = sql_id(campaign.member_id);
        lock_member_creations(&mut conn, member_id).await?;
        if let Some(limit) = max_campaigns {
            let held = conn.one("SELECT count(*) AS n FROM campaigns WHERE member_id = $1", &[&member_id]).await?;
            if id_at(&held, "n") >= limit {
                return Ok(Err(AtLimit));
            }
        }
        Self::insert_campaign(&mut conn, campaign).await?;
        conn.commit().await?;
        Ok(Ok(()))
    }

    async fn campaign(&self, id: u64) -> Result<Option<Campaign>, StoreError> {
        self.body_of("SELECT body FROM campaigns WHERE campaign_id = $1", &[&sql_id(id)]).await
    }

    /// A contest moved or switched on becomes due at its new end; one already due stays due
    /// until deciding it settles it.
    async fn save_campaign(&self, campaign: &Campaign) -> Result<(), StoreError> {
        self.db
            .conn()
            .await?
            .execute(
                "UPDATE campaigns SET body = $2, digest = $3, contest_due_ms = coalesce($4, contest_due_ms)
                 WHERE campaign_id = $1",
                &[
                    &sql_id(campaign.id),
                    &codec::encode(campaign)?,
                    &campaign.emails.digest.enabled,
                    &contest_due_ms(campaign),
                ],
            )
            .await?;
        Ok(())
    }

    async fn campaigns_of_member(
        &self,
        member_id: u64,
        brand_id: Option<u64>,
        page: PageRequest,
    ) -> Result<(Vec<Campaign>, u64), StoreError> {
        let (limit, offset) = window(page);
        let (member_id, brand_id) = (sql_id(member_id), brand_id.map(sql_id));
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "SELECT body FROM campaigns WHERE member_id = $1 AND ($2::bigint IS NULL OR brand_id = $2)
                 ORDER BY campaign_id DESC LIMIT $3 OFFSET $4",
                &[&member_id, &brand_id, &limit, &offset],
            )
            .await?;
        let total = conn
            .one(
                "SELECT count(*) AS n FROM campaigns WHERE member_id = $1 AND ($2::bigint IS NULL OR brand_id = $2)",
                &[&member_id, &brand_id],
            )
            .await?;
        Ok((bodies(&rows)?, id_at(&total, "n")))
    }

    async fn counters(&self, campaign_id: u64) -> Result<CampaignCounters, StoreError> {
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                // The held row in the same statement: one snapshot of both (see `held.rs`).
                "SELECT counter, value, NULL::bytea AS held FROM counters
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1
                 UNION ALL
                 SELECT NULL, NULL, numbers FROM held_numbers
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1",
                &[&sql_id(campaign_id)],
            )
            .await?;
        let (stored, held) = with_held(&rows)?;
        let values: std::collections::HashMap<i16, i64> =
            stored.map(|row| (row.get::<_, i16>("counter"), row.get::<_, i64>("value"))).collect();
        CampaignCounters::read(|counter| {
            let counter = i16::from(counter as u8);
            Ok((values.get(&counter).copied().unwrap_or(0) + held.count(counter)).max(0) as u64)
        })
    }

    async fn daily(
        &self,
        campaign_id: u64,
        series: DailySeries,
        days: u32,
    ) -> Result<Vec<(chrono::NaiveDate, u64)>, StoreError> {
        self.daily_series(campaign_id, series, days).await
    }

    async fn rollup(&self, campaign_id: u64, first: u32, last: u32) -> Result<Vec<(u32, Measures)>, StoreError> {
        self.rollup_rows(campaign_id, first, last).await
    }

    async fn partner_rollup(
        &self,
        campaign_id: u64,
        first: u32,
        last: u32,
    ) -> Result<Vec<(u64, Measures)>, StoreError> {
        self.partner_rollup_sums(campaign_id, first, last).await
    }

    async fn rollup_generations(
        &self,
        campaign_id: u64,
        first_day: u32,
        last_day: u32,
    ) -> Result<Vec<(u32, u64)>, StoreError> {
        self.generations(campaign_id, first_day, last_day).await
    }

    async fn partner_pack(&self, campaign_id: u64, period: PackPeriod) -> Result<Option<(u64, Vec<u8>)>, StoreError> {
        self.kept_pack(campaign_id, period).await
    }

    async fn keep_partner_pack(
        &self,
        campaign_id: u64,
        period: PackPeriod,
        tag: u64,
        pack: &[u8],
    ) -> Result<(), StoreError> {
        self.keep_pack(campaign_id, period, tag, pack).await
    }

    async fn delete_campaign(&self, campaign: &Campaign) -> Result<(), StoreError> {
        self.delete_campaign_rows(campaign).await
    }

    async fn lander(&self, campaign_id: u64) -> Result<Option<Lander>, StoreError> {
        self.body_of(
            "SELECT body FROM landers
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1",
            &[&sql_id(campaign_id)],
        )
        .await
    }

    async fn save_lander(&self, campaign_id: u64, lander: &Lander) -> Result<(), StoreError> {
        self.db
            .conn()
            .await?
            .execute(
                "INSERT INTO landers (brand_id, campaign_id, body)
                 SELECT brand_id, campaign_id, $2 FROM campaigns WHERE campaign_id = $1
                 ON CONFLICT (brand_id, campaign_id) DO UPDATE SET body = $2",
                &[&sql_id(campaign_id), &codec::encode(lander)?],
            )
            .await?;
        Ok(())
    }
}

#[async_trait]
impl CouponStore for PgStore {
    async fn coupon_pool(&self, campaign_id: u64) -> Result<CouponPool, StoreError> {
        let row = self
            .db
            .conn()
            .await?
            .row(
                "SELECT uploaded, assigned FROM coupon_pools
                 WHERE brand_id = (SELECT brand_id FROM campaigns WHERE campaign_id = $1) AND campaign_id = $1",
                &[&sql_id(campaign_id)],
            )
            .await?;
        Ok(row.map_or(CouponPool::default(), |row| CouponPool {
            uploaded: id_at(&row, "uploaded"),
            assigned: id_at(&row, "assigned"),
        }))
    }
}

impl PgStore {
    /// The next id of `kind`, from its sequence: unique across every server on the database.
    /// A sequence never hands a value out twice, even to transactions that roll back (they
    /// leave a gap, as a failed request does on the embedded store).
    pub(super) async fn take_id(&self, kind: IdKind) -> Result<u64, StoreError> {
        let row = self.db.conn().await?.one("SELECT nextval($1::text::regclass) AS id", &[&sequence_of(kind)]).await?;
        Ok(id_at(&row, "id"))
    }
}
