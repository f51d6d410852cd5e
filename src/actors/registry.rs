//! `BrandRegistry`: hands out the address of a brand's actor, starting it lazily on a fixed
//! pool of arbiters (threads), the arbiter chosen by brand id. All state lives in the store, so an
//! actor that stopped is simply started again on its next message.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use actix::prelude::*;

use super::brand::BrandSettings;
use super::BrandActor;
use crate::store::SharedStorage;

/// Registry of running brand actors. Cheap to clone.
#[derive(Clone)]
pub struct BrandRegistry {
    inner: Arc<Inner>,
}

struct Inner {
    arbiters: Vec<Arbiter>,
    actors: Mutex<Actors>,
    store: SharedStorage,
    settings: BrandSettings,
}

/// The running actors.
#[derive(Default)]
struct Actors {
    running: HashMap<u64, Addr<BrandActor>>,
}

impl BrandRegistry {
    /// Starts `threads` arbiters (at least one). Must be called inside a running actix System.
    pub fn new(store: SharedStorage, threads: usize, settings: BrandSettings) -> Self {
        let arbiters = (0..threads.max(1)).map(|_| Arbiter::new()).collect();
        Self { inner: Arc::new(Inner { arbiters, actors: Mutex::default(), store, settings }) }
    }

    /// The actor of `brand_id`, started if it is not running.
    pub fn get(&self, brand_id: u64) -> Addr<BrandActor> {
        let mut actors = self.inner.actors.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(addr) = actors.running.get(&brand_id).filter(|a| a.connected()) {
            return addr.clone();
        }
        let arbiter = &self.inner.arbiters[(brand_id % self.inner.arbiters.len() as u64) as usize];
        let (store, settings) = (self.inner.store.clone(), self.inner.settings.clone());
        let addr = BrandActor::start_in_arbiter(&arbiter.handle(), move |_| BrandActor::new(brand_id, store, settings));
        actors.running.insert(brand_id, addr.clone());
        addr
    }

    /// Stops every actor and arbiter and waits for their threads, so that no write happens
    /// after the final flush.
    pub fn shutdown(&self) {
        self.inner.actors.lock().unwrap_or_else(|p| p.into_inner()).running.clear();
        for arbiter in &self.inner.arbiters {
            arbiter.stop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::actors::brand::Probe;
    use crate::store::StoreOptions;

    fn registry() -> (tempfile::TempDir, BrandRegistry) {
        let dir = tempfile::tempdir().unwrap();
        let store = crate::store::open_embedded(dir.path(), &StoreOptions::default()).unwrap();
        (dir, BrandRegistry::new(store, 2, BrandSettings::default()))
    }

    #[actix::test]
    async fn messages_to_one_brand_are_applied_strictly_in_order() {
        let (_dir, registry) = registry();
        // Each message through its own handed-out address, all sent before any reply is awaited.
        let pending: Vec<_> = (0..500).map(|_| registry.get(7).send(Probe)).collect();
        let mut sequences = Vec::new();
        for reply in pending {
            let applied = reply.await.unwrap();
            assert_eq!(applied.brand_id, 7);
            sequences.push(applied.sequence);
        }
        assert_eq!(sequences, (1..=500).collect::<Vec<_>>());
    }

    #[actix::test]
    async fn brands_have_their_own_actor_and_a_stopped_actor_restarts() {
        let (_dir, registry) = registry();
        registry.get(1).send(Probe).await.unwrap();
        registry.get(1).send(Probe).await.unwrap();
        let other = registry.get(2).send(Probe).await.unwrap();
        assert_eq!((other.brand_id, other.sequence), (2, 1));
        assert_eq!(registry.get(1).send(Probe).await.unwrap().sequence, 3);

        registry.shutdown();
        let fresh = BrandRegistry::new(registry.inner.store.clone(), 1, BrandSettings::default());
        assert_eq!(fresh.get(1).send(Probe).await.unwrap().sequence, 1);
    }
}
