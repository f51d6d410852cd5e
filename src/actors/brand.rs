//! `BrandActor`: owns one brand's key range in the store and applies that brand's writes one
//! message at a time. Brand operations (campaigns, signups, rewards) arrive as messages here.

use actix::prelude::*;

use crate::store::Store;

/// The single writer of one brand's data.
pub struct BrandActor {
    brand_id: u64,
    // Read by the brand operations that arrive with brands and campaigns.
    #[allow(dead_code)]
    store: Store,
    /// Messages applied since this actor started; the order in which they were applied.
    applied: u64,
}

impl BrandActor {
    pub fn new(brand_id: u64, store: Store) -> Self {
        Self { brand_id, store, applied: 0 }
    }
}

impl Actor for BrandActor {
    type Context = Context<Self>;

    fn started(&mut self, _ctx: &mut Self::Context) {
        tracing::debug!(brand_id = self.brand_id, "brand actor started");
    }
}

/// Asks the actor which position this message took in the order it applies messages: the
/// number of messages it has applied, this one included. Cheap; used to check liveness and
/// that one brand's messages are applied strictly one after another, in arrival order.
#[derive(Debug, Message)]
#[rtype(result = "Applied")]
pub struct Probe;

/// Answer to [`Probe`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, MessageResponse)]
pub struct Applied {
    pub brand_id: u64,
    pub sequence: u64,
}

impl Handler<Probe> for BrandActor {
    type Result = Applied;

    fn handle(&mut self, _msg: Probe, _ctx: &mut Self::Context) -> Applied {
        self.applied += 1;
        Applied { brand_id: self.brand_id, sequence: self.applied }
    }
}
