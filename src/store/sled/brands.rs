//! Brands, the member's domain index, a brand's Stripe connection, and the domain proofs of
//! brands and partner sites.

use async_trait::async_trait;
use sled::Transactional;

use super::keys::{self, index};
use super::{codec, finish_transaction, tx_encode, SledStore, StoreError};
use crate::domain::domain_proof::{DomainProof, ProofSubject};
use crate::domain::pagination::PageRequest;
use crate::domain::sales_source::{Connection, Source};
use crate::domain::stripe::StripeConnection;
use crate::domain::Brand;
use crate::store::{BrandRefused, BrandStore, DomainTaken};

/// A source's customer's email row.
pub(super) fn source_customer_key(brand_id: u64, customer: &str) -> Vec<u8> {
    let mut key = keys::tagged_prefix(index::SOURCE_CUSTOMER, brand_id).to_vec();
    key.extend_from_slice(customer.as_bytes());
    key
}

/// The side row of a brand's connection to `source`.
fn source_key(brand_id: u64, source: Source) -> Vec<u8> {
    let mut key = keys::tagged_prefix(index::SOURCE, brand_id).to_vec();
    key.push(source.tag());
    key
}

#[async_trait]
impl BrandStore for SledStore {
    /// Creates a brand unless the member already has one on its domain, or `max_brands`.
    async fn create_brand(
        &self,
        brand: &Brand,
        max_brands: Option<u64>,
    ) -> Result<Result<(), BrandRefused>, StoreError> {
        let outcome: Result<_, StoreError> = async {
            let _writing = self.writing();
            // Every creation holds the lock, so what is read here stays true until the commit.
            let _counting = self.accounts.lock();
            let domain_key = keys::tagged_bytes(index::MEMBER_DOMAIN, brand.member_id, brand.domain.as_bytes());
            // The member's brand on this domain is named even at the limit: a retried creation
            // learns that it already succeeded.
            if let Some(existing) = self.indexes.get(&domain_key)? {
                return Ok(Err(BrandRefused::DomainTaken(DomainTaken {
                    brand_id: keys::read_id(&existing).unwrap_or(0),
                })));
            }
            if self.at_limit(&keys::tagged_prefix(index::MEMBER_BRAND, brand.member_id), max_brands)? {
                return Ok(Err(BrandRefused::AtLimit));
            }
            let outcome = (&self.brands, &self.indexes).transaction(|(brands, indexes)| {
                brands.insert(&keys::id(brand.id), tx_encode(brand)?)?;
                indexes.insert(&keys::tagged(index::MEMBER_BRAND, brand.member_id, brand.id), &[][..])?;
                indexes.insert(domain_key.as_slice(), &keys::id(brand.id))?;
                Ok(())
            });
            finish_transaction(outcome).map(Ok)
        }
        .await;
        self.acknowledged(outcome).await
    }

    async fn brand(&self, id: u64) -> Result<Option<Brand>, StoreError> {
        Self::read(&self.brands, keys::id(id))
    }

    /// Overwrites a brand's row (its domain never changes).
    async fn save_brand(&self, brand: &Brand) -> Result<(), StoreError> {
        let outcome: Result<(), StoreError> = async {
            let _writing = self.writing();
            self.brands.insert(keys::id(brand.id), codec::encode(brand)?)?;
            Ok(())
        }
        .await;
        self.acknowledged(outcome).await
    }

    /// A page of the member's brands, newest first, and the member's brand count.
    async fn brands_of_member(&self, member_id: u64, page: PageRequest) -> Result<(Vec<Brand>, u64), StoreError> {
        let prefix = keys::tagged_prefix(index::MEMBER_BRAND, member_id);
        let ids = self.page_of_index(&prefix, page, |key| keys::read_id(&key[9..17]))?;
        let mut brands = Vec::with_capacity(ids.0.len());
        for id in ids.0 {
            if let Some(brand) = Self::read(&self.brands, keys::id(id))? {
                brands.push(brand);
            }
        }
        Ok((brands, ids.1))
    }

    /// Ids of a brand's campaigns, oldest first.
    async fn campaign_ids_of_brand(&self, brand_id: u64) -> Result<Vec<u64>, StoreError> {
        self.indexes
            .scan_prefix(keys::tagged_prefix(index::BRAND_CAMPAIGN, brand_id))
            .keys()
            .map(|key| Ok(keys::read_id(&key?[9..17]).unwrap_or(0)))
            .collect()
    }

    /// Removes a brand after its campaigns were deleted.
    async fn remove_brand(&self, brand: &Brand) -> Result<(), StoreError> {
        let outcome: Result<(), StoreError> = async {
            let _writing = self.writing();
            // The emails sources told of the brand's customers go first: a crash after leaves
            // the brand, whose deletion is asked again.
            let mut customers = sled::Batch::default();
            for key in self.indexes.scan_prefix(keys::tagged_prefix(index::SOURCE_CUSTOMER, brand.id)).keys() {
                customers.remove(key?);
            }
            self.indexes.apply_batch(customers)?;
            let domain_key = keys::tagged_bytes(index::MEMBER_DOMAIN, brand.member_id, brand.domain.as_bytes());
            let outcome = (&self.brands, &self.indexes).transaction(|(brands, indexes)| {
                brands.remove(&keys::id(brand.id))?;
                indexes.remove(&keys::tagged(index::MEMBER_BRAND, brand.member_id, brand.id))?;
                indexes.remove(domain_key.as_slice())?;
                indexes.remove(&keys::tagged_prefix(index::STRIPE, brand.id))?;
                for source in Source::ALL {
                    indexes.remove(source_key(brand.id, source))?;
                }
                indexes.remove(proof_key(ProofSubject::Brand(brand.id)))?;
                Ok(())
            });
            finish_transaction(outcome)
        }
        .await;
        self.acknowledged(outcome).await
    }

    async fn stripe_connection(&self, brand_id: u64) -> Result<Option<StripeConnection>, StoreError> {
        Self::read(&self.indexes, keys::tagged_prefix(index::STRIPE, brand_id))
    }

    async fn save_stripe_connection(
        &self,
        brand_id: u64,
        connection: Option<&StripeConnection>,
    ) -> Result<(), StoreError> {
        let _writing = self.writing();
        let key = keys::tagged_prefix(index::STRIPE, brand_id);
        match connection {
            Some(connection) => self.indexes.insert(key, codec::encode(connection)?)?,
            None => self.indexes.remove(key)?,
        };
        Ok(())
    }

    async fn source_connection(&self, brand_id: u64, source: Source) -> Result<Option<Connection>, StoreError> {
        Self::read(&self.indexes, source_key(brand_id, source))
    }

    async fn save_source_connection(
        &self,
        brand_id: u64,
        source: Source,
        connection: Option<&Connection>,
    ) -> Result<(), StoreError> {
        let _writing = self.writing();
        let key = source_key(brand_id, source);
        match connection {
            Some(connection) => self.indexes.insert(key, codec::encode(connection)?)?,
            None => self.indexes.remove(key)?,
        };
        Ok(())
    }

    async fn source_customer(&self, brand_id: u64, customer: &str) -> Result<Option<String>, StoreError> {
        let email = self.indexes.get(source_customer_key(brand_id, customer))?;
        Ok(email.map(|e| String::from_utf8_lossy(&e).into_owned()))
    }

    async fn save_source_customer(&self, brand_id: u64, customer: &str, email: &str) -> Result<(), StoreError> {
        let _writing = self.writing();
        self.indexes.insert(source_customer_key(brand_id, customer), email.as_bytes())?;
        Ok(())
    }

    async fn save_domain_proof(&self, proof: &DomainProof) -> Result<(), StoreError> {
        let outcome: Result<(), StoreError> = async {
            let _writing = self.writing();
            self.indexes.insert(proof_key(proof.subject), codec::encode(proof)?)?;
            Ok(())
        }
        .await;
        self.acknowledged(outcome).await
    }

    async fn domain_proofs(&self, subjects: &[ProofSubject]) -> Result<Vec<DomainProof>, StoreError> {
        let mut proofs = Vec::new();
        for &subject in subjects {
            if let Some(proof) = Self::read(&self.indexes, proof_key(subject))? {
                proofs.push(proof);
            }
        }
        Ok(proofs)
    }
}

impl SledStore {
    /// Whether the index under `prefix` (an account's brands or campaigns) already holds
    /// `limit` entries. Counts at most `limit` keys.
    pub(super) fn at_limit(&self, prefix: &[u8], limit: Option<u64>) -> Result<bool, StoreError> {
        let Some(limit) = limit else { return Ok(false) };
        let mut held = 0;
        for key in self.indexes.scan_prefix(prefix).keys().take(limit as usize) {
            key?;
            held += 1;
        }
        Ok(held >= limit)
    }

    /// Newest-first page over the keys under `prefix` of the `indexes` tree, mapped by
    /// `id_of`, and the total count under the prefix. Costs O(offset + limit) key reads.
    pub(super) fn page_of_index(
        &self,
        prefix: &[u8],
        page: PageRequest,
        id_of: impl Fn(&[u8]) -> Option<u64>,
    ) -> Result<(Vec<u64>, u64), StoreError> {
        let mut ids = Vec::with_capacity(page.limit as usize);
        let mut total = 0u64;
        for key in self.indexes.scan_prefix(prefix).keys().rev() {
            let key = key?;
            if total >= page.offset() && (ids.len() as u64) < page.limit {
                ids.extend(id_of(&key));
            }
            total += 1;
        }
        Ok((ids, total))
    }
}

/// The [`index::DOMAIN_PROOF`] key of `subject`.
pub(super) fn proof_key(subject: ProofSubject) -> Vec<u8> {
    let kind = match subject {
        ProofSubject::Brand(_) => b'b',
        ProofSubject::Participant(_) => b'p',
    };
    let mut key = vec![index::DOMAIN_PROOF, kind];
    key.extend_from_slice(&keys::id(subject.id()));
    key
}
