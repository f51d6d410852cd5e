//! Promo codes' rows (migration 15): the statements a brand's decisions read them by
//! (`session.rs`), and the same reads for requests. Written by `writes.rs` (`Write::PromoCode`).

use async_trait::async_trait;

use super::{sql_id, PgStore, StoreError};
use crate::domain::promo_code::PromoCode;
use crate::store::PromoCodeReads;

/// A brand's code by its key: brand, key.
pub(super) const BY_KEY: &str = "SELECT body FROM promo_codes WHERE brand_id = $1 AND code_key = $2";

/// A brand's code by its Stripe promotion code: brand, id.
pub(super) const BY_STRIPE: &str = "SELECT body FROM promo_codes WHERE brand_id = $1 AND stripe_promotion_code = $2";

/// A participant's codes, by key: brand, participant.
pub(super) const OF_PARTICIPANT: &str =
    "SELECT body FROM promo_codes WHERE brand_id = $1 AND participant_id = $2 ORDER BY code_key";

#[async_trait]
impl PromoCodeReads for PgStore {
    async fn promo_code(&self, brand_id: u64, key: &str) -> Result<Option<PromoCode>, StoreError> {
        self.body_of(BY_KEY, &[&sql_id(brand_id), &key]).await
    }

    async fn promo_code_by_stripe(&self, brand_id: u64, stripe_id: &str) -> Result<Option<PromoCode>, StoreError> {
        self.body_of(BY_STRIPE, &[&sql_id(brand_id), &stripe_id]).await
    }

    async fn promo_codes_of(&self, participant_id: u64) -> Result<Vec<PromoCode>, StoreError> {
        self.bodies_of(
            "SELECT body FROM promo_codes
             WHERE brand_id = (SELECT brand_id FROM participants WHERE participant_id = $1) AND participant_id = $1
             ORDER BY code_key",
            &[&sql_id(participant_id)],
        )
        .await
    }
}
