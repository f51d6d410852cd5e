//! Subscription plans and their first-start seeding.

use super::{codec, keys, Store, StoreError};
use crate::domain::plan::default_plans;
use crate::domain::Plan;

/// Marker in `meta`: the default plans were seeded once. An operator who later deletes a
/// seeded plan does not see it come back on the next start.
const PLANS_SEEDED: &[u8] = b"plans_seeded";

impl Store {
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

    /// Every plan, by id.
    pub fn plans(&self) -> Result<Vec<Plan>, StoreError> {
        self.plans.iter().values().map(|row| codec::decode(&row?)).collect()
    }

    pub fn plan(&self, id: u64) -> Result<Option<Plan>, StoreError> {
        Self::read(&self.plans, keys::id(id))
    }
}
