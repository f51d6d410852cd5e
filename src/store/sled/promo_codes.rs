//! Promo codes in the `indexes` tree: each code by its brand and key ([`index::PROMO_CODE`],
//! the row itself), its owner's list ([`index::PARTICIPANT_PROMO`]) and its Stripe promotion
//! code ([`index::STRIPE_PROMO`]). Written only in the brand's decisions (`Write::PromoCode`);
//! gone with their campaign.

use async_trait::async_trait;

use super::keys::{self, index};
use super::overlay::{Overlay, TreeId};
use super::{codec, SledStore, StoreError};
use crate::domain::promo_code::PromoCode;

/// A code's row: brand ++ key.
fn code_key(brand_id: u64, key: &str) -> Vec<u8> {
    let mut row = keys::tagged_prefix(index::PROMO_CODE, brand_id).to_vec();
    row.extend_from_slice(key.as_bytes());
    row
}

/// An owner's entry: participant ++ key → brand.
fn owner_key(participant_id: u64, key: &str) -> Vec<u8> {
    let mut row = keys::tagged_prefix(index::PARTICIPANT_PROMO, participant_id).to_vec();
    row.extend_from_slice(key.as_bytes());
    row
}

/// A Stripe promotion code's entry: brand ++ its id → key.
fn stripe_key(brand_id: u64, stripe_id: &str) -> Vec<u8> {
    let mut row = keys::tagged_prefix(index::STRIPE_PROMO, brand_id).to_vec();
    row.extend_from_slice(stripe_id.as_bytes());
    row
}

impl SledStore {
    pub(super) fn promo_code_row(&self, brand_id: u64, key: &str) -> Result<Option<PromoCode>, StoreError> {
        SledStore::read(&self.indexes, code_key(brand_id, key))
    }

    pub(super) fn promo_code_by_stripe_row(
        &self,
        brand_id: u64,
        stripe_id: &str,
    ) -> Result<Option<PromoCode>, StoreError> {
        match self.indexes.get(stripe_key(brand_id, stripe_id))? {
            Some(key) => self.promo_code_row(brand_id, &String::from_utf8_lossy(&key)),
            None => Ok(None),
        }
    }

    /// A participant's codes, by key.
    pub(super) fn promo_codes_of_row(&self, participant_id: u64) -> Result<Vec<PromoCode>, StoreError> {
        let prefix = keys::tagged_prefix(index::PARTICIPANT_PROMO, participant_id);
        let mut codes = Vec::new();
        for entry in self.indexes.scan_prefix(prefix) {
            let (key, brand) = entry?;
            let brand_id =
                keys::read_id(&brand).ok_or_else(|| StoreError::Decode("malformed promo code entry".into()))?;
            codes.extend(self.promo_code_row(brand_id, &String::from_utf8_lossy(&key[prefix.len()..]))?);
        }
        Ok(codes)
    }

    /// Stages a code's row and its entries.
    pub(super) fn stage_promo_code(&self, tx: &mut Overlay<'_>, code: &PromoCode) -> Result<(), StoreError> {
        let key = code.key();
        tx.insert(TreeId::Indexes, code_key(code.brand_id, &key), codec::encode(code)?);
        tx.insert(TreeId::Indexes, owner_key(code.participant_id, &key), keys::id(code.brand_id).to_vec());
        if let Some(stripe) = &code.stripe_promotion_code {
            tx.insert(TreeId::Indexes, stripe_key(code.brand_id, stripe), key.into_bytes());
        }
        Ok(())
    }

    /// The keys of a deleted campaign's participant's codes and their entries, to remove.
    pub(super) fn promo_code_keys(&self, participant_id: u64) -> Result<Vec<Vec<u8>>, StoreError> {
        let mut gone = Vec::new();
        for code in self.promo_codes_of_row(participant_id)? {
            let key = code.key();
            gone.push(code_key(code.brand_id, &key));
            gone.push(owner_key(participant_id, &key));
            if let Some(stripe) = &code.stripe_promotion_code {
                gone.push(stripe_key(code.brand_id, stripe));
            }
        }
        Ok(gone)
    }
}

#[async_trait]
impl crate::store::PromoCodeReads for SledStore {
    async fn promo_code(&self, brand_id: u64, key: &str) -> Result<Option<PromoCode>, StoreError> {
        self.promo_code_row(brand_id, key)
    }

    async fn promo_code_by_stripe(&self, brand_id: u64, stripe_id: &str) -> Result<Option<PromoCode>, StoreError> {
        self.promo_code_by_stripe_row(brand_id, stripe_id)
    }

    async fn promo_codes_of(&self, participant_id: u64) -> Result<Vec<PromoCode>, StoreError> {
        self.promo_codes_of_row(participant_id)
    }
}
