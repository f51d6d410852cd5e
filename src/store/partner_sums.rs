//! A period's partners with their sums, the way any backend answers it fast: the whole
//! months and days of the period from packs (`domain::partner_packs`), made from the rows the
//! first time they are asked for and kept, and the quarter hours at the period's edges and
//! recent end from the rows themselves.
//!
//! A pack is kept with a tag: the sum of its days' generations, which a backend raises when
//! a partner's numbers move in a day already over (a sale reported late). The generations
//! are read before anything else, so a pack made from rows that missed a late write carries
//! the tag from before it and is made again at the next question; a pack whose tag is
//! current holds every write up to it.

use std::collections::BTreeMap;

use super::{SharedStorage, StoreError};
use crate::domain::partner_packs::{self, PackEntries, PackPeriod, Part};
use crate::domain::rollup::Measures;

/// Every partner of the campaign credited with anything in the quarter hours `first..=last`,
/// each once with their sums, handed to `each` (in order of partner); `now_ms` says which
/// days are over.
pub async fn partner_sums(
    store: &SharedStorage,
    campaign_id: u64,
    first: u32,
    last: u32,
    now_ms: i64,
    mut each: impl FnMut(u64, Measures),
) -> Result<(), StoreError> {
    let parts = partner_packs::plan(first, last, now_ms);
    if !parts.iter().any(|part| matches!(part, Part::Pack(_))) {
        for (partner, measures) in sorted(store.partner_rollup(campaign_id, first, last).await?) {
            each(partner, measures);
        }
        return Ok(());
    }
    let generations: BTreeMap<u32, u64> = store
        .rollup_generations(campaign_id, partner_packs::day_of(first), partner_packs::day_of(last))
        .await?
        .into_iter()
        .collect();
    let mut packs: Vec<Vec<u8>> = Vec::new();
    let mut rows: Vec<Vec<(u64, Measures)>> = Vec::new();
    for part in parts {
        match part {
            Part::Pack(period) => packs.push(pack(store, campaign_id, period, &generations).await?),
            Part::Slots(a, b) => rows.push(sorted(store.partner_rollup(campaign_id, a, b).await?)),
        }
    }
    let mut streams: Vec<Box<dyn Iterator<Item = (u64, Measures)> + '_>> = Vec::new();
    streams.extend(packs.iter().map(|p| Box::new(PackEntries::new(p)) as Box<dyn Iterator<Item = _>>));
    streams.extend(rows.into_iter().map(|r| Box::new(r.into_iter()) as Box<dyn Iterator<Item = _>>));
    for (partner, measures) in partner_packs::merged(streams) {
        each(partner, measures);
    }
    Ok(())
}

fn sorted(mut partners: Vec<(u64, Measures)>) -> Vec<(u64, Measures)> {
    partners.sort_unstable_by_key(|(partner, _)| *partner);
    partners
}

/// Held while a pack is made (see [`pack`]).
static MAKING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The sum of the generations of a period's days: its pack's tag.
fn tag(period: PackPeriod, generations: &BTreeMap<u32, u64>) -> u64 {
    let (first, last) = period.days();
    generations.range(first..=last).fold(0u64, |sum, (_, n)| sum.wrapping_add(*n))
}

/// The period's pack: the kept one when its tag is current, else made from the period's
/// rows and kept.
async fn pack(
    store: &SharedStorage,
    campaign_id: u64,
    period: PackPeriod,
    generations: &BTreeMap<u32, u64>,
) -> Result<Vec<u8>, StoreError> {
    let current = tag(period, generations);
    let kept = || async {
        Ok::<_, StoreError>(store.partner_pack(campaign_id, period).await?.filter(|(kept, _)| *kept == current))
    };
    if let Some((_, bytes)) = kept().await? {
        return Ok(bytes);
    }
    // One pack made at a time in this server: questions arriving together for a period not
    // packed yet wait for the first to make it rather than each read the same rows.
    let _making = MAKING.lock().await;
    if let Some((_, bytes)) = kept().await? {
        return Ok(bytes);
    }
    let (first, last) = period.slots();
    let made = partner_packs::encode(sorted(store.partner_rollup(campaign_id, first, last).await?));
    // A pack not kept (a full disk, a standby database) is made again next time: the answer
    // does not wait on the cache.
    if let Err(e) = store.keep_partner_pack(campaign_id, period, current, &made).await {
        tracing::warn!(campaign_id, error = %e, "an analytics pack of partners was not kept");
    }
    Ok(made)
}
