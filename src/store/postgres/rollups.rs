//! The analytics' rows in PostgreSQL (`rollups`, migration 19; see `domain::rollup`): a
//! brand's transaction gathers its decisions' moves (`Merged`, merged per row), and writes
//! them at its end in one statement that adds them to the rows in place. Reads sum the rows
//! of a period: the campaign's a slot each, the partners' grouped by partner.

use std::sync::OnceLock;

use super::connection::Pipeline;
use super::{sql_id, PgStore, StoreError};
use crate::domain::rollup::{Measure, Measures, MEASURES};

/// The column of each measure, in [`Measure::ALL`]'s order.
const COLUMNS: [&str; MEASURES] = [
    "clicks",
    "unique_visitors",
    "signups",
    "referred",
    "conversions",
    "refunds",
    "revenue",
    "refunded",
    "unconverted",
    "rewards",
    "commissions",
];

/// A row's key: campaign, partner (0: the campaign as a whole), slot.
pub(super) type RollupKey = (i64, i64, i32);

/// The moves of one transaction's decisions, one entry a row.
#[derive(Default)]
pub(super) struct RollupMoves(Vec<(RollupKey, Measures)>);

impl RollupMoves {
    pub fn add(&mut self, campaign_id: u64, partner_id: Option<u64>, slot: u32, measure: Measure, n: u64) {
        let key = (sql_id(campaign_id), partner_id.map_or(0, sql_id), slot as i32);
        match self.0.iter_mut().find(|(k, _)| *k == key) {
            Some((_, measures)) => measures.add(measure, n),
            None => {
                let mut measures = Measures::default();
                measures.add(measure, n);
                self.0.push((key, measures));
            }
        }
    }

    /// The statement adding the moves to their rows, to `pipe`; the moves are then empty.
    pub fn write(&mut self, pipe: &mut Pipeline, brand_id: i64) {
        let moves = std::mem::take(&mut self.0);
        if moves.is_empty() {
            return;
        }
        let mut params = taken![
            brand_id,
            moves.iter().map(|((c, _, _), _)| *c).collect::<Vec<i64>>(),
            moves.iter().map(|((_, p, _), _)| *p).collect::<Vec<i64>>(),
            moves.iter().map(|((_, _, s), _)| *s).collect::<Vec<i32>>(),
        ];
        for measure in Measure::ALL {
            let column: Vec<i64> = moves.iter().map(|(_, m)| m.get(measure).min(i64::MAX as u64) as i64).collect();
            params.push(Box::new(column));
        }
        pipe.push(upsert(), params);
    }
}

/// `INSERT … ON CONFLICT DO UPDATE` adding each measure: `$1` the brand, `$2`–`$4` the keys'
/// arrays, then an array per measure.
fn upsert() -> &'static str {
    static SQL: OnceLock<String> = OnceLock::new();
    SQL.get_or_init(|| {
        let names: Vec<String> = (0..MEASURES).map(|i| format!("m{i}")).collect();
        let arrays: Vec<String> = (0..MEASURES).map(|i| format!("${}::bigint[]", i + 5)).collect();
        let added: Vec<String> = COLUMNS.iter().map(|c| format!("{c} = rollups.{c} + excluded.{c}")).collect();
        format!(
            "INSERT INTO rollups (brand_id, campaign_id, partner_id, slot, {columns})
             SELECT $1, c, p, s, {names} FROM unnest($2::bigint[], $3::bigint[], $4::integer[], {arrays})
                 AS n (c, p, s, {names})
             ON CONFLICT (campaign_id, partner_id, slot) DO UPDATE SET {added}",
            columns = COLUMNS.join(", "),
            names = names.join(", "),
            arrays = arrays.join(", "),
            added = added.join(", "),
        )
    })
}

/// The measures of a row read with every column of [`COLUMNS`].
fn measures_of(row: &tokio_postgres::Row) -> Measures {
    let mut measures = Measures::default();
    for (measure, column) in Measure::ALL.into_iter().zip(COLUMNS) {
        measures.add(measure, row.get::<_, i64>(column).max(0) as u64);
    }
    measures
}

impl PgStore {
    /// The campaign's rows of the slots `first..=last`, in order.
    pub(super) async fn rollup_rows(
        &self,
        campaign_id: u64,
        first: u32,
        last: u32,
    ) -> Result<Vec<(u32, Measures)>, StoreError> {
        static SQL: OnceLock<String> = OnceLock::new();
        let sql = SQL.get_or_init(|| {
            format!(
                "SELECT slot, {} FROM rollups WHERE campaign_id = $1 AND partner_id = 0 AND slot BETWEEN $2 AND $3
                 ORDER BY slot",
                COLUMNS.join(", ")
            )
        });
        let (first, last) = (first.min(i32::MAX as u32) as i32, last.min(i32::MAX as u32) as i32);
        let rows = self.db.conn().await?.rows(sql, &[&sql_id(campaign_id), &first, &last]).await?;
        Ok(rows.iter().map(|row| (row.get::<_, i32>("slot") as u32, measures_of(row))).collect())
    }

    /// Each partner's sum over the slots `first..=last`.
    pub(super) async fn partner_rollup_sums(
        &self,
        campaign_id: u64,
        first: u32,
        last: u32,
    ) -> Result<Vec<(u64, Measures)>, StoreError> {
        static SQL: OnceLock<String> = OnceLock::new();
        let sql = SQL.get_or_init(|| {
            let sums: Vec<String> = COLUMNS.iter().map(|c| format!("sum({c})::bigint AS {c}")).collect();
            format!(
                "SELECT partner_id, {} FROM rollups
                 WHERE campaign_id = $1 AND partner_id <> 0 AND slot BETWEEN $2 AND $3 GROUP BY partner_id",
                sums.join(", ")
            )
        });
        let (first, last) = (first.min(i32::MAX as u32) as i32, last.min(i32::MAX as u32) as i32);
        let rows = self.db.conn().await?.rows(sql, &[&sql_id(campaign_id), &first, &last]).await?;
        Ok(rows.iter().map(|row| (row.get::<_, i64>("partner_id") as u64, measures_of(row))).collect())
    }
}
