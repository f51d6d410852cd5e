//! The end of hold periods. A reward earned on a campaign with `hold_days` is held until then;
//! this task looks for holds that have ended every `release_interval_ms` and has each one's
//! brand actor issue it (the brand's one writer decides it, as every change of its rewards).
//! Nothing is kept in memory: the holds are an index of the store, so a restart, or a stop
//! that lasted past a hold's end, releases it at the next look.

use std::collections::BTreeMap;
use std::time::Duration;

use super::brand::ReleaseHolds;
use super::BrandRegistry;
use crate::domain::Reward;
use crate::store::{SharedStorage, StoreError};

/// Holds read per look; a look that finds this many looks again at once.
const BATCH: usize = 1_000;

/// Releases every hold that has ended by now and waits until the releases are durable. The
/// rewards released.
pub async fn release_due(store: &SharedStorage, brands: &BrandRegistry) -> Result<Vec<Reward>, StoreError> {
    let mut released = Vec::new();
    loop {
        let due = store.due_holds(chrono::Utc::now().timestamp_millis(), BATCH).await?;
        let full = due.len() == BATCH;
        let mut by_brand: BTreeMap<u64, Vec<(u64, u64)>> = BTreeMap::new();
        for hold in &due {
            by_brand.entry(hold.brand_id).or_default().push((hold.participant_id, hold.reward_id));
        }
        let replies: Vec<_> = by_brand
            .into_iter()
            .map(|(brand_id, due)| (brand_id, brands.get(brand_id).send(ReleaseHolds { due })))
            .collect();
        let mut progress = false;
        for (brand_id, reply) in replies {
            match reply.await {
                Ok(Ok(rewards)) => {
                    progress |= !rewards.is_empty();
                    released.extend(rewards);
                }
                Ok(Err(error)) => tracing::warn!(brand_id, %error, "held rewards not released; trying again later"),
                Err(error) => tracing::warn!(brand_id, %error, "held rewards not released; trying again later"),
            }
        }
        // A full batch that released nothing would only be read again: wait for the next look.
        if !full || !progress {
            break;
        }
    }
    if !released.is_empty() {
        store.durable().await?;
    }
    Ok(released)
}

/// Looks for ended holds every `every` until the returned task is aborted.
pub fn start(store: SharedStorage, brands: BrandRegistry, every: Duration) -> tokio::task::JoinHandle<()> {
    actix::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            match release_due(&store, &brands).await {
                Ok(released) if !released.is_empty() => {
                    tracing::info!(rewards = released.len(), "hold periods ended; rewards issued")
                }
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "could not look for ended holds; trying again later"),
            }
        }
    })
}
