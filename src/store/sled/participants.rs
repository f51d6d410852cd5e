//! Reads of participants, their rewards and invitations, the domain indexes, and the
//! idempotency records of signups. The writes a signup, visit or upload makes are decided by
//! the engine (`domain::engine`) and committed in `decisions.rs`.

use async_trait::async_trait;
use serde::Deserialize;

use super::keys::{self, campaign_row, index, participant_row};
use super::search::roster_id;
use super::{codec, SledStore, StoreError};
use crate::domain::client_print::StoredPrint;
use crate::domain::email::{self, EmailLookup};
use crate::domain::engine::Signed;
use crate::domain::pagination::PageRequest;
use crate::domain::participant::ParticipantFilter;
use crate::domain::reward::RewardV1;
use crate::domain::{Counter, Invite, Participant, Reward};
use crate::store::{DomainReferrer, IdempotencyRecord, IdempotencyStore, IdempotentOutcome, ParticipantStore};

/// An idempotency record as releases before outcomes were stored wrote it (schema 1).
#[derive(Deserialize)]
struct RenderedRecord {
    request_hash: [u8; 32],
    status: u16,
    body: String,
    created_at: String,
}

/// A signup's outcome as schema-2 records kept it, with rewards before their lifecycle.
#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
struct SignedV2 {
    participant: Participant,
    reward: Option<RewardV1>,
    referrer: Option<Participant>,
    referrer_reward: Option<RewardV1>,
}

/// What schema-2 records kept.
#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
enum OutcomeV2 {
    Signed(Box<SignedV2>),
    Rendered { status: u16, body: String },
}

/// An idempotency record as schema 2 wrote it.
#[derive(Deserialize)]
#[cfg_attr(test, derive(serde::Serialize))]
struct RecordV2 {
    request_hash: [u8; 32],
    created_at: String,
    outcome: OutcomeV2,
}

impl RecordV2 {
    fn upgrade(self) -> IdempotencyRecord {
        let outcome = match self.outcome {
            OutcomeV2::Rendered { status, body } => IdempotentOutcome::Rendered { status, body },
            OutcomeV2::Signed(old) => {
                let p = &old.participant;
                let upgrade = |r: RewardV1| r.upgrade(p.brand_id, p.member_id);
                IdempotentOutcome::Signed(Box::new(Signed {
                    reward: old.reward.map(upgrade),
                    referrer_reward: old.referrer_reward.map(upgrade),
                    referrer: old.referrer,
                    participant: old.participant,
                    deliveries: Vec::new(),
                }))
            }
        };
        IdempotencyRecord { request_hash: self.request_hash, created_at: self.created_at, outcome }
    }
}

/// Records are written as schema 3 (rewards with their lifecycle); schema 2 (rewards
/// before it) and schema 1 records (rendered answers) are still read.
const IDEMPOTENCY_SCHEMA: u8 = 3;
const IDEMPOTENCY_SCHEMA_V2: u8 = 2;

pub(super) fn encode_idempotency_record(record: &IdempotencyRecord) -> Result<Vec<u8>, StoreError> {
    codec::encode_versioned(IDEMPOTENCY_SCHEMA, record)
}

pub(super) fn decode_idempotency_record(bytes: &[u8]) -> Result<IdempotencyRecord, StoreError> {
    match bytes.first() {
        Some(&IDEMPOTENCY_SCHEMA) => codec::decode_versioned(IDEMPOTENCY_SCHEMA, bytes),
        Some(&IDEMPOTENCY_SCHEMA_V2) => {
            Ok(codec::decode_versioned::<RecordV2>(IDEMPOTENCY_SCHEMA_V2, bytes)?.upgrade())
        }
        _ => {
            let old: RenderedRecord = codec::decode(bytes)?;
            Ok(IdempotencyRecord {
                request_hash: old.request_hash,
                created_at: old.created_at,
                outcome: IdempotentOutcome::Rendered { status: old.status, body: old.body },
            })
        }
    }
}

#[async_trait]
impl ParticipantStore for SledStore {
    async fn referred(
        &self,
        campaign_id: u64,
        referrer_id: u64,
        limit: usize,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        let mut referred = Vec::with_capacity(limit.min(1_000));
        let mut total = 0;
        for entry in self.campaign_rows.scan_prefix(referred_prefix(campaign_id, referrer_id)).values().rev() {
            let id = entry?;
            total += 1;
            if referred.len() < limit {
                referred.extend(keys::read_id(&id).map(|id| self.participant_row(id)).transpose()?.flatten());
            }
        }
        Ok((referred, total))
    }

    async fn forget_old_prints(&self, now_ms: i64) -> Result<u64, StoreError> {
        self.forget_old_prints_now(now_ms)
    }

    async fn blocked_at(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, StoreError> {
        self.blocked_since(campaign_id, participant_id)
    }

    async fn client_print(&self, participant_id: u64) -> Result<Option<StoredPrint>, StoreError> {
        self.signup_print(participant_id)
    }

    async fn participant(&self, id: u64) -> Result<Option<Participant>, StoreError> {
        self.participant_row(id)
    }

    async fn participant_by_email(
        &self,
        campaign_id: u64,
        lookup: &EmailLookup,
    ) -> Result<Option<Participant>, StoreError> {
        match self.participant_id_with_email(campaign_id, lookup)? {
            Some(id) => self.participant_row(id),
            None => Ok(None),
        }
    }

    async fn participants_of_member(
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
            participants.extend(self.participant_row(id)?);
        }
        Ok((participants, total))
    }

    /// The roster is dense, so the page is one range read whatever its number.
    async fn participants_of_campaign(
        &self,
        campaign_id: u64,
        page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        let total = self.counter_value(campaign_id, Counter::Participants)?;
        let mut participants = Vec::with_capacity(page.limit as usize);
        if page.offset() < total {
            let newest = total - page.offset();
            let oldest = newest.saturating_sub(page.limit - 1).max(1);
            let from = keys::row(campaign_id, campaign_row::ROSTER, &oldest.to_be_bytes());
            let to = keys::row(campaign_id, campaign_row::ROSTER, &newest.to_be_bytes());
            for entry in self.campaign_rows.range(from..=to).values().rev() {
                if let Some(participant) = roster_id(&entry?).map(|id| self.participant_row(id)).transpose()?.flatten()
                {
                    participants.push(participant);
                }
            }
        }
        Ok((participants, total))
    }

    async fn roster(&self, campaign_id: u64, from_seq: u64, limit: usize) -> Result<Vec<Participant>, StoreError> {
        let from = keys::row(campaign_id, campaign_row::ROSTER, &from_seq.max(1).to_be_bytes());
        let to = keys::row(campaign_id, campaign_row::ROSTER, &u64::MAX.to_be_bytes());
        let mut participants = Vec::with_capacity(limit);
        for entry in self.campaign_rows.range(from..=to).values().take(limit) {
            if let Some(participant) = roster_id(&entry?).map(|id| self.participant_row(id)).transpose()?.flatten() {
                participants.push(participant);
            }
        }
        Ok(participants)
    }

    async fn search_participants(
        &self,
        member_id: u64,
        campaign_id: Option<u64>,
        filter: &ParticipantFilter,
        page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        // Text alone, in one campaign: the campaign's haystacks answer it (see `search.rs`).
        if let (Some(campaign), Some(_), None, None) = (campaign_id, &filter.search, &filter.email, filter.referred_by)
        {
            return self.search_campaign(member_id, campaign, filter, page);
        }
        // Otherwise the candidates' ids, newest first: the one with the email, those the
        // referrer referred, the campaign's roster, or the member's index.
        let candidates: Box<dyn Iterator<Item = Result<Option<u64>, StoreError>>> =
            match (campaign_id, &filter.email, filter.referred_by) {
                (Some(campaign), Some(email), _) => {
                    let exact = EmailLookup::Exact(email.normalized());
                    Box::new(std::iter::once(self.participant_id_with_email(campaign, &exact)))
                }
                // Those one participant referred: their entries under the referrer.
                (Some(campaign), None, Some(referrer)) => Box::new(
                    self.campaign_rows
                        .scan_prefix(referred_prefix(campaign, referrer))
                        .values()
                        .rev()
                        .map(|v| Ok(keys::read_id(&v?))),
                ),
                (Some(campaign), None, None) => Box::new(
                    self.campaign_rows
                        .scan_prefix(keys::row(campaign, campaign_row::ROSTER, &[]))
                        .values()
                        .rev()
                        .map(|v| Ok(roster_id(&v?))),
                ),
                (None, _, _) => Box::new(
                    self.indexes
                        .scan_prefix(keys::tagged_prefix(index::MEMBER_PARTICIPANT, member_id))
                        .keys()
                        .rev()
                        .map(|k| Ok(keys::read_id(&k?[9..17]))),
                ),
            };
        let (skip, take) = (page.offset(), page.limit);
        let (mut matched, mut participants) = (0u64, Vec::with_capacity(take as usize));
        for id in candidates {
            let Some(participant) = id?.map(|id| self.participant_row(id)).transpose()?.flatten() else { continue };
            if participant.member_id != member_id
                || campaign_id.is_some_and(|c| c != participant.campaign_id)
                || !filter.matches(&participant)
            {
                continue;
            }
            if matched >= skip && matched < skip + take {
                participants.push(participant);
            }
            matched += 1;
        }
        Ok((participants, matched))
    }

    async fn rewards_of(&self, participant_id: u64) -> Result<Vec<Reward>, StoreError> {
        self.rewards(participant_id)
    }

    async fn rewards_of_each(&self, participant_ids: &[u64]) -> Result<Vec<Vec<Reward>>, StoreError> {
        // Local reads: one a participant costs what one for all would.
        participant_ids.iter().map(|id| self.rewards(*id)).collect()
    }

    async fn invites_of(&self, participant_id: u64) -> Result<Vec<Invite>, StoreError> {
        self.invites(participant_id)
    }

    async fn invites_to(&self, campaign_id: u64, inbox: &str) -> Result<Vec<Invite>, StoreError> {
        SledStore::invites_to(self, campaign_id, inbox)
    }

    async fn domain_participant_in(&self, campaign_id: u64, domain: &str) -> Result<Option<u64>, StoreError> {
        self.domain_participant(campaign_id, domain)
    }

    /// A domain joins few campaigns, and a click must stay cheap: hence the limit.
    async fn domain_referrers(&self, domain: &str, limit: usize) -> Result<Vec<DomainReferrer>, StoreError> {
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

#[async_trait]
impl IdempotencyStore for SledStore {
    async fn idempotency_record(&self, key: &[u8]) -> Result<Option<IdempotencyRecord>, StoreError> {
        self.idempotency.get(key)?.map(|row| decode_idempotency_record(&row)).transpose()
    }
}

/// The start of the [`campaign_row::INBOX`] keys of one inbox: the 0 ends the address, so
/// `ann@x.com` is no prefix of `ann@x.com.au`.
fn inbox_prefix(campaign_id: u64, inbox: &str) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::INBOX, &[inbox.as_bytes(), &[0]].concat())
}

/// The [`campaign_row::INBOX`] key of a participant with address `email`.
pub(super) fn inbox_key(campaign_id: u64, email: &str, participant_id: u64) -> Vec<u8> {
    [inbox_prefix(campaign_id, &email::canonical(email)), keys::id(participant_id).to_vec()].concat()
}

/// The prefix of whom `referrer_id` referred in the campaign.
fn referred_prefix(campaign_id: u64, referrer_id: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::REFERRED, &keys::id(referrer_id))
}

/// The entry of a referred participant under their referrer, by their roster position.
pub(super) fn referred_key(p: &Participant, referrer_id: u64) -> Vec<u8> {
    [referred_prefix(p.campaign_id, referrer_id), keys::id(p.seq).to_vec()].concat()
}

/// The synchronous reads the engine's session shares with the operations above.
impl SledStore {
    pub(super) fn participant_row(&self, id: u64) -> Result<Option<Participant>, StoreError> {
        self.participants.get(keys::id(id))?.map(|row| codec::decode_participant(&row)).transpose()
    }

    pub(super) fn participant_id_with_email(
        &self,
        campaign_id: u64,
        lookup: &EmailLookup,
    ) -> Result<Option<u64>, StoreError> {
        match lookup {
            EmailLookup::Exact(email) => {
                let key = keys::row(campaign_id, campaign_row::EMAIL, email.as_bytes());
                Ok(self.campaign_rows.get(key)?.and_then(|v| keys::read_id(&v)))
            }
            EmailLookup::Inbox(inbox) => {
                let prefix = inbox_prefix(campaign_id, inbox);
                match self.campaign_rows.scan_prefix(&prefix).keys().next() {
                    Some(key) => Ok(keys::read_id(&key?[prefix.len()..])),
                    None => Ok(None),
                }
            }
        }
    }

    pub(super) fn rewards(&self, participant_id: u64) -> Result<Vec<Reward>, StoreError> {
        self.participant_rows
            .scan_prefix(keys::row(participant_id, participant_row::REWARD, &[]))
            .values()
            .map(|v| codec::decode(&v?))
            .collect()
    }

    /// The campaign's invitations to `inbox` (canonical): every participant's, through the
    /// roster. Linear in the campaign; only an erasure and an export ask.
    pub(super) fn invites_to(&self, campaign_id: u64, inbox: &str) -> Result<Vec<Invite>, StoreError> {
        let mut found = Vec::new();
        for entry in self.campaign_rows.scan_prefix(keys::row(campaign_id, campaign_row::ROSTER, &[])).values() {
            let Some(sender) = roster_id(&entry?) else { continue };
            found.extend(self.invites(sender)?.into_iter().filter(|i| email::canonical(&i.email) == inbox));
        }
        Ok(found)
    }

    pub(super) fn invites(&self, participant_id: u64) -> Result<Vec<Invite>, StoreError> {
        self.participant_rows
            .scan_prefix(keys::row(participant_id, participant_row::INVITE, &[]))
            .values()
            .map(|v| codec::decode(&v?))
            .collect()
    }

    pub(super) fn domain_participant(&self, campaign_id: u64, domain: &str) -> Result<Option<u64>, StoreError> {
        let key = keys::row(campaign_id, campaign_row::DOMAIN, domain.as_bytes());
        Ok(self.campaign_rows.get(key)?.and_then(|v| keys::read_id(&v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::campaign::RewardType;
    use crate::domain::reward::RewardReason;
    use crate::domain::RewardStatus;

    #[test]
    fn a_record_of_the_release_before_reward_states_still_replays() {
        let participant = Participant {
            id: 9,
            campaign_id: 3,
            brand_id: 5,
            member_id: 2,
            seq: 1,
            email: "p@example.com".into(),
            name: String::new(),
            referred_by: Some(8),
            referrals: 0,
            visits: 0,
            clicks: 0,
            shares: 0,
            created_at: "2026-01-01T00:00:00Z".into(),
            domain: None,
            language: None,
        };
        let reward = RewardV1 {
            id: 4,
            participant_id: 8,
            campaign_id: 3,
            kind: RewardType::Coupon,
            value: None,
            status: RewardStatus::Pending,
            reason: RewardReason::Referrer,
            trigger_participant_id: Some(9),
            created_at: "2026-01-01T00:00:00Z".into(),
            issued_at: None,
        };
        let old = RecordV2 {
            request_hash: [7; 32],
            created_at: "2026-01-01T00:00:00Z".into(),
            outcome: OutcomeV2::Signed(Box::new(SignedV2 {
                participant,
                reward: None,
                referrer: None,
                referrer_reward: Some(reward),
            })),
        };
        let bytes = codec::encode_versioned(IDEMPOTENCY_SCHEMA_V2, &old).unwrap();
        let record = decode_idempotency_record(&bytes).unwrap();
        assert_eq!(record.request_hash, [7; 32]);
        let IdempotentOutcome::Signed(signed) = &record.outcome else { panic!("{record:?}") };
        let earned = signed.referrer_reward.as_ref().unwrap();
        assert_eq!((earned.id, earned.status, earned.brand_id, earned.member_id), (4, RewardStatus::Pending, 5, 2));
        let again = decode_idempotency_record(&encode_idempotency_record(&record).unwrap()).unwrap();
        assert_eq!(again, record, "written back as the current schema");
    }
}
