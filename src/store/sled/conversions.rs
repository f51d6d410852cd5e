//! Reads of conversions: one by id through the member's index ([`index::MEMBER_CONVERSION`]),
//! one by a payment reference ([`campaign_row::PAYMENT`]), a page of the member's (or one
//! campaign's), and a referrer's count of converted referrals. The rows are written by engine
//! decisions (`decisions.rs`).

use async_trait::async_trait;

use super::keys::{self, campaign_row, index};
use super::{SledStore, StoreError};
use crate::domain::conversion::Conversion;
use crate::domain::pagination::PageRequest;
use crate::store::ConversionStore;

/// Key of a conversion's row.
pub(super) fn conversion_key(campaign_id: u64, conversion_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::CONVERSION, &keys::id(conversion_id))
}

#[async_trait]
impl ConversionStore for SledStore {
    async fn conversion(&self, member_id: u64, id: u64) -> Result<Option<Conversion>, StoreError> {
        let index_key = keys::tagged(index::MEMBER_CONVERSION, member_id, id);
        let Some(campaign_id) = self.indexes.get(index_key)?.as_deref().and_then(keys::read_id) else {
            return Ok(None);
        };
        if !self.campaigns.contains_key(keys::id(campaign_id))? {
            return Ok(None);
        }
        SledStore::read(&self.campaign_rows, conversion_key(campaign_id, id))
    }

    async fn conversions_of_member(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        page: PageRequest,
    ) -> Result<(Vec<Conversion>, u64), StoreError> {
        let mut total = 0u64;
        let mut found = Vec::new();
        let mut known = std::collections::HashMap::new();
        for item in self.indexes.scan_prefix(keys::tagged_prefix(index::MEMBER_CONVERSION, member_id)).rev() {
            let (key, value) = item?;
            let (Some(id), Some(owner)) = (keys::read_id(&key[9..]), keys::read_id(&value)) else {
                return Err(StoreError::Decode(format!("malformed conversion index entry of member {member_id}")));
            };
            if campaign_id.is_some_and(|c| c != owner) {
                continue;
            }
            if !self.campaign_exists(&mut known, owner)? {
                continue;
            }
            total += 1;
            if total > page.offset() && found.len() < page.limit as usize {
                found.extend(SledStore::read::<Conversion>(&self.campaign_rows, conversion_key(owner, id))?);
            }
        }
        Ok((found, total))
    }

    async fn conversions_of_participant(
        &self,
        campaign_id: u64,
        participant_id: u64,
    ) -> Result<Vec<Conversion>, StoreError> {
        let mut found = Vec::new();
        for row in self.campaign_rows.scan_prefix(keys::row(campaign_id, campaign_row::CONVERSION, &[])).values() {
            let conversion: Conversion = super::codec::decode(&row?)?;
            if conversion.participant_id == participant_id {
                found.push(conversion);
            }
        }
        Ok(found)
    }

    async fn conversion_by_payment(&self, campaign_id: u64, reference: &str) -> Result<Option<Conversion>, StoreError> {
        self.conversion_by_payment_row(campaign_id, reference)
    }

    async fn qualified_referrals(&self, campaign_id: u64, participant_id: u64) -> Result<u64, StoreError> {
        let key = keys::row(campaign_id, campaign_row::QUALIFIED, &keys::id(participant_id));
        Ok(keys::read_counter(self.campaign_rows.get(key)?.as_deref()))
    }
}

impl SledStore {
    /// The conversion the [`campaign_row::PAYMENT`] index names for `reference`.
    pub(super) fn conversion_by_payment_row(
        &self,
        campaign_id: u64,
        reference: &str,
    ) -> Result<Option<Conversion>, StoreError> {
        let index = keys::row(campaign_id, campaign_row::PAYMENT, reference.as_bytes());
        match self.campaign_rows.get(index)?.as_deref().and_then(keys::read_id) {
            Some(id) => SledStore::read(&self.campaign_rows, conversion_key(campaign_id, id)),
            None => Ok(None),
        }
    }
}
