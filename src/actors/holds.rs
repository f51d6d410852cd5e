//! The end of hold periods. A reward earned on a campaign with `hold_days` is held until then;
//! this task looks for holds that have ended every `release_interval_ms` and has each one's
//! brand actor issue it (the brand's one writer decides it, as every change of its rewards).
//! Nothing is kept in memory: the holds are an index of the store, so a restart, or a stop
//! that lasted past a hold's end, releases it at the next look.

use std::collections::BTreeMap;
use std::time::Duration;

use super::brand::{ReleaseHolds, Released};
use super::BrandRegistry;
use crate::domain::webhook::PendingDelivery;
use crate::store::{SharedStorage, StoreError};

/// Holds read per look; a look that finds this many looks again at once.
const BATCH: usize = 1_000;

/// Releases every hold that has ended by now and waits until the releases are durable. The
/// rewards released, and the deliveries of their events.
pub async fn release_due(store: &SharedStorage, brands: &BrandRegistry) -> Result<Released, StoreError> {
    let mut released = Released::default();
    loop {
        let due = store.due_holds(chrono::Utc::now().timestamp_millis(), BATCH).await?;
        let full = due.len() == BATCH;
        // A brand is one member's: its holds go to its actor in one message.
        let mut by_brand: BTreeMap<u64, ReleaseHolds> = BTreeMap::new();
        for hold in &due {
            let message =
                by_brand.entry(hold.brand_id).or_insert(ReleaseHolds { member_id: hold.member_id, due: Vec::new() });
            message.due.push((hold.participant_id, hold.reward_id));
        }
        let replies: Vec<_> =
            by_brand.into_iter().map(|(brand_id, message)| (brand_id, brands.get(brand_id).send(message))).collect();
        let mut progress = false;
        for (brand_id, reply) in replies {
            match reply.await {
                Ok(Ok(done)) => {
                    progress |= !done.rewards.is_empty();
                    released.rewards.extend(done.rewards);
                    released.deliveries.extend(done.deliveries);
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
    Ok(released)
}

/// Looks for ended holds every `every` until the returned task is aborted, and hands the
/// deliveries of the released rewards' events to `deliver` once they are durable.
pub fn start(
    store: SharedStorage,
    brands: BrandRegistry,
    every: Duration,
    deliver: impl Fn(Vec<PendingDelivery>) + 'static,
) -> tokio::task::JoinHandle<()> {
    let deliver = std::rc::Rc::new(deliver);
    super::every(every, move || {
        let (store, brands, deliver) = (store.clone(), brands.clone(), deliver.clone());
        async move {
            match release_due(&store, &brands).await {
                Ok(released) if !released.rewards.is_empty() => {
                    tracing::info!(rewards = released.rewards.len(), "hold periods ended; rewards issued");
                    if !released.deliveries.is_empty() {
                        deliver(released.deliveries);
                    }
                }
                Ok(_) => {}
                Err(error) => tracing::warn!(%error, "could not look for ended holds; trying again later"),
            }
        }
    })
}
