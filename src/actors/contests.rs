//! The end of contests. When a campaign's contest window ends, this task has the brand's
//! actor record its winners (once: see `engine::decide_contest_end`), looking every
//! `rewards.release_interval_ms`. Nothing is kept in memory: the contests due are an index
//! of the store, so a restart, or a stop that lasted past a window's end, records the
//! winners at the next look.

use std::time::Duration;

use super::brand::{ContestEnded, EndContest};
use super::BrandRegistry;
use crate::domain::webhook::PendingDelivery;
use crate::store::{SharedStorage, StoreError};

/// Contests read per look.
const BATCH: usize = 100;

/// Decides every contest whose window has ended by now and waits until the results are
/// durable: the results recorded, and the deliveries of their events.
pub async fn end_due(store: &SharedStorage, brands: &BrandRegistry) -> Result<Vec<ContestEnded>, StoreError> {
    let due = store.due_contests(chrono::Utc::now().timestamp_millis(), BATCH).await?;
    let mut ended = Vec::new();
    for contest in due {
        let message =
            EndContest { campaign_id: contest.campaign_id, member_id: contest.member_id, ends_ms: contest.ends_ms };
        match brands.get(contest.brand_id).send(message).await {
            Ok(Ok(done)) => ended.push(done),
            Ok(Err(error)) => tracing::warn!(contest.campaign_id, %error, "contest not ended; trying again later"),
            Err(error) => tracing::warn!(contest.campaign_id, %error, "contest not ended; trying again later"),
        }
    }
    Ok(ended)
}

/// Looks for ended contests every `every` until the returned task is aborted, and hands the
/// deliveries of their events to `deliver` once they are durable.
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
            match end_due(&store, &brands).await {
                Ok(ended) => {
                    for result in ended.iter().filter_map(|e| e.result.as_ref()) {
                        tracing::info!(winners = result.winners.len(), ends_at = %result.ends_at, "contest ended; winners recorded");
                    }
                    let deliveries: Vec<PendingDelivery> = ended.into_iter().flat_map(|e| e.deliveries).collect();
                    if !deliveries.is_empty() {
                        deliver(deliveries);
                    }
                }
                Err(error) => tracing::warn!(%error, "could not look for ended contests; trying again later"),
            }
        }
    })
}
