//! Subscription plans and their first-start seeding.

use async_trait::async_trait;

use super::{codec, keys, SledStore, StoreError};
use crate::domain::plan::default_plans;
use crate::domain::Plan;
use crate::store::PlanStore;

/// Marker in `meta`: the default plans were seeded once. An operator who later deletes a
/// seeded plan does not see it come back on the next start.
const PLANS_SEEDED: &[u8] = b"plans_seeded";

impl SledStore {
    pub(super) fn seed_plans(&self) -> Result<(), StoreError> {
        if self.meta.contains_key(PLANS_SEEDED)? {
            return Ok(());
        }
        for plan in default_plans() {
            self.plans.insert(keys::id(plan.id), codec::encode(&plan)?)?;
        }
        self.meta.insert(PLANS_SEEDED, &[1u8][..])?;
        Ok(())
    }
}

#[async_trait]
impl PlanStore for SledStore {
    /// Every plan, by id.
    async fn plans(&self) -> Result<Vec<Plan>, StoreError> {
        self.plans.iter().values().map(|row| codec::decode(&row?)).collect()
    }

    async fn plan(&self, id: u64) -> Result<Option<Plan>, StoreError> {
        Self::read(&self.plans, keys::id(id))
    }

    /// Stores a plan (new or changed).
    async fn save_plan(&self, plan: &Plan) -> Result<(), StoreError> {
        let outcome: Result<_, StoreError> = async {
            let _writing = self.writing();
            self.plans.insert(keys::id(plan.id), codec::encode(plan)?)?;
            Ok(())
        }
        .await;
        self.acknowledged(outcome).await
    }

    /// Removes a plan; `false` when there was none.
    async fn remove_plan(&self, id: u64) -> Result<bool, StoreError> {
        let outcome: Result<_, StoreError> = async {
            let _writing = self.writing();
            Ok(self.plans.remove(keys::id(id))?.is_some())
        }
        .await;
        self.acknowledged(outcome).await
    }

    /// An id for a new plan: one past the highest.
    async fn next_plan_id(&self) -> Result<u64, StoreError> {
        Ok(self.plans.last()?.and_then(|(k, _)| keys::read_id(&k)).unwrap_or(0) + 1)
    }
}
