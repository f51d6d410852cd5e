//! The daily digests' clock. Every `digest_interval_ms`, once the day has reached
//! `digest_hour` (UTC), this task asks the store which campaigns have their digest on and none
//! made today, and has each one's brand actor compose it ([`ComposeDigest`]); the actor
//! decides again, and commits the digest's email with the day's mark. Nothing is kept in
//! memory: a restart, or a server that was down at `digest_hour`, sends the day's digests at
//! the next look, and never a second one. The composing commit is not awaited to the disk
//! (the mailer flushes before it sends): a crash before the flush loses the email and its
//! mark together, and the next look composes the day's digest again.

use std::time::Duration;

use chrono::Timelike;

use super::brand::ComposeDigest;
use super::BrandRegistry;
use crate::domain::engine::Moment;
use crate::store::{SharedStorage, StoreError};

/// Has every campaign due today's digest compose it, when the day has reached `hour`. How
/// many emails were composed (the mailer sends them).
pub async fn compose_due(store: &SharedStorage, brands: &BrandRegistry, hour: u32) -> Result<usize, StoreError> {
    let now = chrono::Utc::now();
    if now.hour() < hour {
        return Ok(0);
    }
    let day = Moment::at(now).day;
    let mut composed = 0;
    for campaign in store.due_digests(day).await? {
        let message = ComposeDigest { campaign_id: campaign.id, day };
        match brands.get(campaign.brand_id).send(message).await {
            Ok(Ok(sent)) => composed += usize::from(sent),
            Ok(Err(error)) => {
                tracing::warn!(campaign_id = campaign.id, %error, "digest not composed; trying again later")
            }
            Err(error) => {
                tracing::warn!(campaign_id = campaign.id, %error, "digest not composed; trying again later")
            }
        }
    }
    Ok(composed)
}

/// Looks for campaigns due a digest every `every` until the returned task is aborted.
pub fn start(store: SharedStorage, brands: BrandRegistry, hour: u32, every: Duration) -> tokio::task::JoinHandle<()> {
    actix::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            match compose_due(&store, &brands, hour).await {
                Ok(0) => {}
                Ok(composed) => tracing::info!(composed, "daily digests composed"),
                Err(error) => tracing::warn!(%error, "could not look for daily digests; trying again later"),
            }
        }
    })
}
