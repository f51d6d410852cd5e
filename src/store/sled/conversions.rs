//! Reads of conversions: one by id through the member's index ([`index::MEMBER_CONVERSION`]),
//! one by a payment reference ([`campaign_row::PAYMENT`]), a page of the member's (or one
//! campaign's), and a referrer's count of converted referrals. The rows are written by engine
//! decisions (`decisions.rs`).

use async_trait::async_trait;

use super::keys::{self, campaign_row, index};
use super::overlay::{Overlay, TreeId};
use super::{SledStore, StoreError};
use crate::domain::conversion::Conversion;
use crate::domain::invoice::Commission;
use crate::domain::pagination::PageRequest;
use crate::store::ConversionStore;

/// Key of a conversion's row.
pub(super) fn conversion_key(campaign_id: u64, conversion_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::CONVERSION, &keys::id(conversion_id))
}

/// Key of a commission's row.
pub(super) fn commission_key(campaign_id: u64, conversion_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::COMMISSION, &keys::id(conversion_id))
}

/// The prefix of a subscription's entries in [`campaign_row::SUBSCRIPTION`]; an entry adds
/// the conversion's id.
pub(super) fn subscription_prefix(campaign_id: u64, subscription_id: &str) -> Vec<u8> {
    let id = subscription_id.as_bytes();
    let mut rest = Vec::with_capacity(2 + id.len() + 8);
    rest.extend_from_slice(&(id.len().min(usize::from(u16::MAX)) as u16).to_be_bytes());
    rest.extend_from_slice(id);
    keys::row(campaign_id, campaign_row::SUBSCRIPTION, &rest)
}

impl SledStore {
    /// The commission whose reward is `reward_id`.
    pub(super) fn commission_of_reward_row(
        &self,
        campaign_id: u64,
        reward_id: u64,
    ) -> Result<Option<Commission>, StoreError> {
        let index = keys::row(campaign_id, campaign_row::COMMISSION_REWARD, &keys::id(reward_id));
        match self.campaign_rows.get(index)?.as_deref().and_then(keys::read_id) {
            Some(conversion_id) => SledStore::read(&self.campaign_rows, commission_key(campaign_id, conversion_id)),
            None => Ok(None),
        }
    }

    /// The commissions of a subscription's invoices.
    pub(super) fn subscription_commission_rows(
        &self,
        campaign_id: u64,
        subscription_id: &str,
    ) -> Result<Vec<Commission>, StoreError> {
        let prefix = subscription_prefix(campaign_id, subscription_id);
        let mut found = Vec::new();
        for key in self.campaign_rows.scan_prefix(&prefix).keys() {
            let key = key?;
            let conversion_id = keys::read_id(&key[prefix.len()..])
                .ok_or_else(|| StoreError::Decode(format!("malformed subscription entry of campaign {campaign_id}")))?;
            found.extend(SledStore::read::<Commission>(
                &self.campaign_rows,
                commission_key(campaign_id, conversion_id),
            )?);
        }
        Ok(found)
    }
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

    async fn commission(&self, conversion: &Conversion) -> Result<Option<Commission>, StoreError> {
        SledStore::read(&self.campaign_rows, commission_key(conversion.campaign_id, conversion.id))
    }

    async fn commissions_of_rewards(
        &self,
        campaign_id: u64,
        reward_ids: &[u64],
    ) -> Result<Vec<Commission>, StoreError> {
        let mut found = Vec::new();
        for &reward_id in reward_ids {
            found.extend(self.commission_of_reward_row(campaign_id, reward_id)?);
        }
        Ok(found)
    }

    async fn conversion_by_payment(&self, campaign_id: u64, reference: &str) -> Result<Option<Conversion>, StoreError> {
        self.conversion_by_payment_row(campaign_id, reference)
    }

    async fn customer_participant(&self, campaign_id: u64, customer: &str) -> Result<Option<u64>, StoreError> {
        self.customer_participant_row(campaign_id, customer)
    }

    async fn qualified_referrals(&self, campaign_id: u64, participant_id: u64) -> Result<u64, StoreError> {
        let key = keys::row(campaign_id, campaign_row::QUALIFIED, &keys::id(participant_id));
        Ok(keys::read_counter(self.campaign_rows.get(key)?.as_deref()))
    }
}

impl SledStore {
    /// The participant the [`campaign_row::CUSTOMER`] index binds `customer` to.
    pub(super) fn customer_participant_row(&self, campaign_id: u64, customer: &str) -> Result<Option<u64>, StoreError> {
        let key = keys::row(campaign_id, campaign_row::CUSTOMER, customer.as_bytes());
        Ok(self.campaign_rows.get(key)?.as_deref().and_then(keys::read_id))
    }

    /// An erased participant's customer ids go: they name the person who paid. A campaign
    /// binds few customers per participant; the scan is of its bindings only.
    pub(super) fn forget_customers(
        &self,
        tx: &mut Overlay<'_>,
        campaign_id: u64,
        participant_id: u64,
    ) -> Result<(), StoreError> {
        let prefix = keys::row(campaign_id, campaign_row::CUSTOMER, &[]);
        for entry in self.campaign_rows.scan_prefix(&prefix) {
            let (key, value) = entry?;
            if keys::read_id(&value) == Some(participant_id) {
                tx.remove(TreeId::CampaignRows, key.to_vec());
            }
        }
        Ok(())
    }

    /// The emails sources told of an erased participant (their normalised `email`) go. The
    /// scan is of the brand's source customers only.
    pub(super) fn forget_source_customers(
        &self,
        tx: &mut Overlay<'_>,
        brand_id: u64,
        email: &str,
    ) -> Result<(), StoreError> {
        for entry in self.indexes.scan_prefix(keys::tagged_prefix(index::SOURCE_CUSTOMER, brand_id)) {
            let (key, value) = entry?;
            if value.as_ref() == email.as_bytes() {
                tx.remove(TreeId::Indexes, key.to_vec());
            }
        }
        Ok(())
    }

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
