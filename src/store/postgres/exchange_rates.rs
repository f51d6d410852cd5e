//! A member's exchange rates (`exchange_rates`, migration 0013): saved in one statement, so
//! a request's rates are kept all or none.

use async_trait::async_trait;

use super::{bodies, codec, id_at, sql_id, window, PgStore, StoreError};
use crate::domain::exchange_rate::ExchangeRate;
use crate::domain::pagination::PageRequest;
use crate::store::RateStore;

#[async_trait]
impl RateStore for PgStore {
    async fn save_exchange_rates(&self, member_id: u64, rates: &[ExchangeRate]) -> Result<(), StoreError> {
        if rates.is_empty() {
            return Ok(());
        }
        let members = vec![sql_id(member_id); rates.len()];
        let days: Vec<i32> = rates.iter().map(ExchangeRate::day).collect();
        let from: Vec<&str> = rates.iter().map(|r| r.from.as_str()).collect();
        let to: Vec<&str> = rates.iter().map(|r| r.to.as_str()).collect();
        let encoded = rates.iter().map(codec::encode).collect::<Result<Vec<_>, _>>()?;
        self.db
            .conn()
            .await?
            .execute(
                "INSERT INTO exchange_rates (member_id, day, from_currency, to_currency, body)
                 SELECT * FROM unnest($1::bigint[], $2::integer[], $3::text[], $4::text[], $5::bytea[])
                 ON CONFLICT (member_id, day, from_currency, to_currency) DO UPDATE SET body = EXCLUDED.body",
                &[&members, &days, &from, &to, &encoded],
            )
            .await?;
        Ok(())
    }

    async fn exchange_rates(&self, member_id: u64, page: PageRequest) -> Result<(Vec<ExchangeRate>, u64), StoreError> {
        let (limit, offset) = window(page);
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "SELECT body FROM exchange_rates WHERE member_id = $1
                 ORDER BY day DESC, from_currency DESC, to_currency DESC LIMIT $2 OFFSET $3",
                &[&sql_id(member_id), &limit, &offset],
            )
            .await?;
        let total =
            conn.one("SELECT count(*) AS n FROM exchange_rates WHERE member_id = $1", &[&sql_id(member_id)]).await?;
        Ok((bodies(&rows)?, id_at(&total, "n")))
    }
}
