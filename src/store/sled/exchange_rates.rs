//! A member's exchange rates in the `indexes` tree, by member and date ([`index::EXCHANGE_RATE`]):
//! a decision reads a week of them in one range scan.

use async_trait::async_trait;

use super::keys::{self, index};
use super::{codec, SledStore, StoreError};
use crate::domain::exchange_rate::{day_number, ExchangeRate};
use crate::domain::pagination::PageRequest;
use crate::store::RateStore;

/// The key of the member's rates from `day` on.
fn day_prefix(member_id: u64, day: i32) -> Vec<u8> {
    let mut key = keys::tagged_prefix(index::EXCHANGE_RATE, member_id).to_vec();
    key.extend_from_slice(&((day as i64 + (1 << 31)) as u32).to_be_bytes());
    key
}

/// A rate's key.
fn rate_key(member_id: u64, rate: &ExchangeRate) -> Vec<u8> {
    let mut key = day_prefix(member_id, rate.day());
    key.extend_from_slice(rate.from.as_bytes());
    key.extend_from_slice(rate.to.as_bytes());
    key
}

impl SledStore {
    /// The member's rates dated `first_day` to `last_day` (see `BrandReads::exchange_rates`).
    pub(super) fn rates_between(
        &self,
        member_id: u64,
        first_day: &str,
        last_day: &str,
    ) -> Result<Vec<ExchangeRate>, StoreError> {
        let (Some(first), Some(last)) = (day_number(first_day), day_number(last_day)) else { return Ok(Vec::new()) };
        let range = day_prefix(member_id, first)..day_prefix(member_id, last + 1);
        self.indexes.range(range).values().map(|row| codec::decode(&row?)).collect()
    }
}

#[async_trait]
impl RateStore for SledStore {
    async fn save_exchange_rates(&self, member_id: u64, rates: &[ExchangeRate]) -> Result<(), StoreError> {
        let outcome: Result<(), StoreError> = async {
            let _writing = self.writing();
            let mut batch = sled::Batch::default();
            for rate in rates {
                batch.insert(rate_key(member_id, rate), codec::encode(rate)?);
            }
            self.indexes.apply_batch(batch)?;
            Ok(())
        }
        .await;
        self.acknowledged(outcome).await
    }

    async fn exchange_rates(&self, member_id: u64, page: PageRequest) -> Result<(Vec<ExchangeRate>, u64), StoreError> {
        let prefix = keys::tagged_prefix(index::EXCHANGE_RATE, member_id);
        let total = self.indexes.scan_prefix(prefix).count() as u64;
        let rates = self
            .indexes
            .scan_prefix(prefix)
            .rev()
            .skip(page.offset() as usize)
            .take(page.limit as usize)
            .map(|row| codec::decode(&row?.1))
            .collect::<Result<_, _>>()?;
        Ok((rates, total))
    }
}
