//! Reads of participants, their rewards and invitations, the domain indexes, and the
//! idempotency records of signups. The writes a signup, visit or upload makes are decided by
//! the engine (`domain::engine`) and committed in `decisions.rs`.

use serde::{Deserialize, Serialize};

use super::keys::{self, campaign_row, index, participant_row};
use super::{codec, Store, StoreError};
use crate::domain::engine::Signed;
use crate::domain::pagination::PageRequest;
use crate::domain::{EmailAddress, Invite, Participant, Reward};

/// A stored answer for an `Idempotency-Key`: the outcome of the first request, which http
/// renders again for a replay (the store keeps outcomes, never rendered answers).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdempotencyRecord {
    pub request_hash: [u8; 32],
    pub created_at: String,
    pub outcome: IdempotentOutcome,
}

/// What the first request with a key did.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum IdempotentOutcome {
    /// A signup that created a participant.
    Signed(Box<Signed>),
    /// An answer rendered by a release before outcomes were stored: sent again as it was.
    Rendered { status: u16, body: String },
}

/// An idempotency record as releases before outcomes were stored wrote it (schema 1).
#[derive(Deserialize)]
struct RenderedRecord {
    request_hash: [u8; 32],
    status: u16,
    body: String,
    created_at: String,
}

/// Records are written as schema 2; schema 1 records (rendered answers) are still read.
const IDEMPOTENCY_SCHEMA: u8 = 2;

pub(super) fn encode_idempotency_record(record: &IdempotencyRecord) -> Result<Vec<u8>, StoreError> {
    codec::encode_versioned(IDEMPOTENCY_SCHEMA, record)
}

pub(super) fn decode_idempotency_record(bytes: &[u8]) -> Result<IdempotencyRecord, StoreError> {
    if bytes.first() == Some(&IDEMPOTENCY_SCHEMA) {
        return codec::decode_versioned(IDEMPOTENCY_SCHEMA, bytes);
    }
    let old: RenderedRecord = codec::decode(bytes)?;
    Ok(IdempotencyRecord {
        request_hash: old.request_hash,
        created_at: old.created_at,
        outcome: IdempotentOutcome::Rendered { status: old.status, body: old.body },
    })
}

/// What a request with an `Idempotency-Key` must record.
#[derive(Debug, Clone)]
pub struct IdempotencyWrite {
    /// member id ++ SHA-256 of the key.
    pub key: Vec<u8>,
    pub request_hash: [u8; 32],
}

impl Store {
    pub fn participant(&self, id: u64) -> Result<Option<Participant>, StoreError> {
        Self::read(&self.participants, keys::id(id))
    }

    pub fn participant_by_email(
        &self,
        campaign_id: u64,
        email: &EmailAddress,
    ) -> Result<Option<Participant>, StoreError> {
        let key = keys::row(campaign_id, campaign_row::EMAIL, email.normalized().as_bytes());
        match self.campaign_rows.get(key)?.and_then(|v| keys::read_id(&v)) {
            Some(id) => self.participant(id),
            None => Ok(None),
        }
    }

    /// A page of all the member's participants, newest first, and their count.
    pub fn participants_of_member(
        &self,
        member_id: u64,
        page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        let (ids, total) =
            self.page_of_index(&keys::tagged_prefix(index::MEMBER_PARTICIPANT, member_id), page, |k| {
                keys::read_id(&k[9..17])
            })?;
        let mut participants = Vec::with_capacity(ids.len());
        for id in ids {
            participants.extend(self.participant(id)?);
        }
        Ok((participants, total))
    }

    /// A participant's rewards, oldest first.
    pub fn rewards_of(&self, participant_id: u64) -> Result<Vec<Reward>, StoreError> {
        self.participant_rows
            .scan_prefix(keys::row(participant_id, participant_row::REWARD, &[]))
            .values()
            .map(|v| codec::decode(&v?))
            .collect()
    }

    /// A participant's invitations, oldest first.
    pub fn invites_of(&self, participant_id: u64) -> Result<Vec<Invite>, StoreError> {
        self.participant_rows
            .scan_prefix(keys::row(participant_id, participant_row::INVITE, &[]))
            .values()
            .map(|v| codec::decode(&v?))
            .collect()
    }

    pub fn idempotency_record(&self, key: &[u8]) -> Result<Option<IdempotencyRecord>, StoreError> {
        self.idempotency.get(key)?.map(|row| decode_idempotency_record(&row)).transpose()
    }
}

/// A domain participant found through the global domain index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DomainReferrer {
    pub campaign_id: u64,
    pub participant_id: u64,
    pub brand_id: u64,
}

impl Store {
    /// The participant of `campaign_id` whose domain is `domain`.
    pub fn domain_participant_in(&self, campaign_id: u64, domain: &str) -> Result<Option<u64>, StoreError> {
        let key = keys::row(campaign_id, campaign_row::DOMAIN, domain.as_bytes());
        Ok(self.campaign_rows.get(key)?.and_then(|v| keys::read_id(&v)))
    }

    /// Every domain participant with `domain`, in any campaign, oldest campaign first; at most
    /// `limit` (a domain joins few campaigns, and a click must stay cheap).
    pub fn domain_referrers(&self, domain: &str, limit: usize) -> Result<Vec<DomainReferrer>, StoreError> {
        let prefix = keys::domain_participants(domain);
        let mut out = Vec::new();
        for entry in self.indexes.scan_prefix(&prefix).take(limit) {
            let (key, value) = entry?;
            let ids = &key[prefix.len()..];
            let (Some(campaign_id), Some(participant_id), Some(brand_id)) =
                (ids.get(..8).and_then(keys::read_id), ids.get(8..).and_then(keys::read_id), keys::read_id(&value))
            else {
                continue;
            };
            out.push(DomainReferrer { campaign_id, participant_id, brand_id });
        }
        Ok(out)
    }
}
