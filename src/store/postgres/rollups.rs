//! The analytics' rows in PostgreSQL (`rollups`, migration 19; see `domain::rollup`): a
//! brand's transaction gathers its decisions' moves (`Merged`, merged per row), and writes
//! them at its end in one statement that adds them to the rows in place. Reads sum the rows
//! of a period: the campaign's a slot each, the partners' grouped by partner.
//!
//! A move of a partner's row in a day already over raises that day's generation
//! (`rollup_generations`, migration 20) in the same statement's transaction, so the packs of
//! partners made before it (`partner_packs`, a cache: see `store::partner_sums`) are made
//! again.

use std::sync::OnceLock;

use super::connection::Pipeline;
use super::{sql_id, PgStore, StoreError};
use crate::domain::partner_packs::{day_of, PackPeriod};
use crate::domain::rollup::{slot_number, Measure, Measures, MEASURES};

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
        let today = day_of(slot_number(chrono::Utc::now().timestamp_millis()));
        let mut late: Vec<(i64, i32)> = moves
            .iter()
            .filter(|((_, partner, slot), _)| *partner != 0 && day_of(*slot as u32) < today)
            .map(|((campaign, _, slot), _)| (*campaign, day_of(*slot as u32) as i32))
            .collect();
        late.sort_unstable();
        late.dedup();
        if !late.is_empty() {
            pipe.push(
                "INSERT INTO rollup_generations (brand_id, campaign_id, day, generation)
                 SELECT $1, c, d, 1 FROM unnest($2::bigint[], $3::integer[]) AS n (c, d)
                 ON CONFLICT (campaign_id, day) DO UPDATE SET generation = rollup_generations.generation + 1",
                taken![
                    brand_id,
                    late.iter().map(|(c, _)| *c).collect::<Vec<i64>>(),
                    late.iter().map(|(_, d)| *d).collect::<Vec<i32>>()
                ],
            );
        }
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

impl PgStore {
    /// The generations of the campaign's days `first..=last` that have one.
    pub(super) async fn generations(
        &self,
        campaign_id: u64,
        first: u32,
        last: u32,
    ) -> Result<Vec<(u32, u64)>, StoreError> {
        let (first, last) = (first.min(i32::MAX as u32) as i32, last.min(i32::MAX as u32) as i32);
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                "SELECT day, generation FROM rollup_generations WHERE campaign_id = $1 AND day BETWEEN $2 AND $3",
                &[&sql_id(campaign_id), &first, &last],
            )
            .await?;
        Ok(rows.iter().map(|row| (row.get::<_, i32>("day") as u32, row.get::<_, i64>("generation") as u64)).collect())
    }

    /// The kept pack of a period, with its tag.
    pub(super) async fn kept_pack(
        &self,
        campaign_id: u64,
        period: PackPeriod,
    ) -> Result<Option<(u64, Vec<u8>)>, StoreError> {
        let rows = self
            .db
            .conn()
            .await?
            .rows(
                "SELECT tag, pack FROM partner_packs WHERE campaign_id = $1 AND period = $2",
                &[&sql_id(campaign_id), &&period.key()[..]],
            )
            .await?;
        Ok(rows.first().map(|row| (row.get::<_, i64>("tag") as u64, row.get::<_, Vec<u8>>("pack"))))
    }

    /// Keeps a pack, unless its campaign is gone (a cache: not in the brand's transactions).
    pub(super) async fn keep_pack(
        &self,
        campaign_id: u64,
        period: PackPeriod,
        tag: u64,
        pack: &[u8],
    ) -> Result<(), StoreError> {
        self.db
            .conn()
            .await?
            .execute(
                "INSERT INTO partner_packs (brand_id, campaign_id, period, tag, pack)
                 SELECT brand_id, campaign_id, $2, $3, $4 FROM campaigns WHERE campaign_id = $1
                 ON CONFLICT (campaign_id, period) DO UPDATE SET tag = excluded.tag, pack = excluded.pack",
                &[&sql_id(campaign_id), &&period.key()[..], &(tag as i64), &pack],
            )
            .await?;
        Ok(())
    }
}
