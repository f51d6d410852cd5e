//! The actors: one [`BrandActor`] per brand, the only writer of that brand's data, handed out
//! by the [`BrandRegistry`]. Because an actor applies one message at a time, everything that
//! must not race inside a brand (reward assignment, coupon use, counters) is serialized
//! without database locks.
//!
//! Conventions for messages: one documented struct per operation, with its result type; the
//! handler is synchronous (no `.await` between reading and writing state); a handler never
//! panics on bad input but returns a typed error; the reply does not wait for disk: the
//! caller awaits [`Store::durable`](crate::store::Store::durable) after the reply, outside the
//! mailbox, so the next message is not held up by the flush.

pub mod brand;
pub mod contests;
pub mod digests;
pub mod holds;
pub mod registry;
pub mod tallies;

pub use brand::{BrandActor, BrandError, BrandSettings};

/// Runs `look` every `every` until the returned task is aborted; a look that overruns delays
/// the next rather than bunching them up. The clock of the tasks that act when a time passes
/// (holds, contests).
pub fn every<F, Look>(every: std::time::Duration, mut look: F) -> tokio::task::JoinHandle<()>
where
    F: FnMut() -> Look + 'static,
    Look: std::future::Future<Output = ()> + 'static,
{
    actix::spawn(async move {
        let mut tick = tokio::time::interval(every);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            look().await;
        }
    })
}
pub use registry::BrandRegistry;
pub use tallies::Tallies;
