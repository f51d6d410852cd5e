//! Participants, referral signups, rewards, visits, invites and the coupon pool: everything a
//! brand actor writes when people join and refer. Each operation commits as one sled
//! transaction (or, for large imports, a few), so an acknowledged signup has its participant,
//! referral edge, coupon, reward and counters together, or none of them.
//!
//! Each operation reads and decides through an [`Overlay`] and then commits only its writes
//! (see `overlay.rs` for why). That is sound because the brand's actor is the only writer of
//! the rows involved: nothing changes them between the read and the commit. The one row
//! another actor may write, an idempotency record, is checked inside the commit.

use serde::{Deserialize, Serialize};

use super::campaigns::{day_number, Counter, CouponPool};
use super::keys::{self, campaign_row, index, participant_row};
use super::overlay::{Overlay, TreeId};
use super::{codec, Store, StoreError};
use crate::domain::pagination::PageRequest;
use crate::domain::webhook::PendingDelivery;
use crate::domain::{
    Campaign, Coupon, EmailAddress, Invite, Participant, Reward, RewardReason, RewardStatus, RewardType,
};

/// The referral part of a signup: who referred, through which invitation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReferralEdge {
    pub referrer_id: u64,
    pub invited_id: Option<u64>,
}

/// Who is signing up.
#[derive(Debug, Clone)]
pub struct NewParticipant {
    pub email: EmailAddress,
    pub name: String,
    /// A domain participant's website, already normalised (see
    /// [`crate::domain::participant::parse_participant_domain`]).
    pub domain: Option<String>,
}

/// Ids reserved before the transaction (id generation is not transactional, and a retried
/// transaction must reuse the same ids), and the webhooks that get the signup's event.
#[derive(Debug, Clone)]
pub struct ReservedIds {
    pub participant: u64,
    pub referrer_reward: u64,
    pub invited_reward: u64,
    /// The webhooks the signup's event goes to (none: no event).
    pub webhooks: Vec<u64>,
}

/// A stored answer for an `Idempotency-Key`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct IdempotencyRecord {
    pub request_hash: [u8; 32],
    pub status: u16,
    pub body: String,
    pub created_at: String,
}

/// What a signup with an `Idempotency-Key` must record.
#[derive(Debug, Clone)]
pub struct IdempotencyWrite {
    /// member id ++ SHA-256 of the key.
    pub key: Vec<u8>,
    pub request_hash: [u8; 32],
}

/// A new participant and what their signup caused.
#[derive(Debug, Clone)]
pub struct Signed {
    pub participant: Participant,
    /// The new participant's own reward (two-way rewards).
    pub reward: Option<Reward>,
    /// The referrer after the signup (their referral count includes it).
    pub referrer: Option<Participant>,
    /// What this signup earned the referrer.
    pub referrer_reward: Option<Reward>,
    /// The webhook deliveries written with the signup (to hand to the dispatcher once the
    /// signup is durable).
    pub deliveries: Vec<PendingDelivery>,
}

/// Why a signup did not create a participant.
#[derive(Debug, Clone)]
pub enum SignupRefused {
    /// The email is already a participant of the campaign.
    EmailTaken(Box<Participant>),
    /// The referral code names no participant of this campaign (or no such invitation).
    InvalidReferral,
    /// The referrer's own email.
    SelfReferral,
    /// Another participant of the campaign already has this domain.
    DomainTaken,
    /// The idempotency key was used with another request.
    IdempotencyConflict,
    /// The idempotency key was used with this request: its first answer.
    Replay(IdempotencyRecord),
}

/// Result of a referral-link visit.
#[derive(Debug, Clone)]
pub struct Visit {
    /// First visit of this visitor to this participant's link.
    pub unique: bool,
    pub reward: Option<Reward>,
}

/// Result of a coupon import.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct ImportOutcome {
    pub added: u64,
    pub duplicates_in_pool: u64,
    pub pending_filled: u64,
}

/// Codes per import transaction: large uploads commit in chunks so other brands' writes are
/// not held behind one huge commit (sled commits under a global lock).
const IMPORT_CHUNK: usize = 1_000;

/// A brand actor's view of the participant rows while it decides: reads see its own staged
/// writes.
struct Tx<'a> {
    overlay: Overlay<'a>,
}

impl<'a> Tx<'a> {
    fn new(store: &'a Store) -> Self {
        Self { overlay: Overlay::new(store) }
    }

    fn participant(&self, id: u64) -> Result<Option<Participant>, StoreError> {
        self.overlay.get(TreeId::Participants, &keys::id(id))?.map(|row| codec::decode(&row)).transpose()
    }

    fn put_participant(&mut self, p: &Participant) -> Result<(), StoreError> {
        self.overlay.insert(TreeId::Participants, keys::id(p.id), codec::encode(p)?);
        Ok(())
    }

    fn add(&mut self, campaign_id: u64, counter: Counter, delta: i64) -> Result<u64, StoreError> {
        let key = counter.key(campaign_id);
        let value =
            keys::read_counter(self.overlay.get(TreeId::CampaignRows, &key)?.as_deref()).saturating_add_signed(delta);
        self.overlay.insert(TreeId::CampaignRows, key, keys::id(value));
        Ok(value)
    }

    fn put_reward(&mut self, reward: &Reward) -> Result<(), StoreError> {
        let key = keys::row(reward.participant_id, participant_row::REWARD, &keys::id(reward.id));
        self.overlay.insert(TreeId::ParticipantRows, key, codec::encode(reward)?);
        Ok(())
    }

    /// Takes the next available coupon for `reward`, if there is one.
    fn take_coupon(&mut self, campaign_id: u64, reward: &mut Reward, now: &str) -> Result<bool, StoreError> {
        let pool_key = CouponPool::key(campaign_id);
        let mut pool = CouponPool::decode(self.overlay.get(TreeId::CampaignRows, &pool_key)?.as_deref());
        if pool.available() == 0 {
            return Ok(false);
        }
        pool.assigned += 1;
        let coupon_key = keys::row(campaign_id, campaign_row::COUPON, &keys::id(pool.assigned));
        let Some(row) = self.overlay.get(TreeId::CampaignRows, &coupon_key)? else {
            return Err(StoreError::Decode(format!("coupon {} of campaign {campaign_id} is missing", pool.assigned)));
        };
        let mut coupon: Coupon = codec::decode(&row)?;
        coupon.reward_id = Some(reward.id);
        coupon.participant_id = Some(reward.participant_id);
        coupon.used_at = Some(now.to_owned());
        self.overlay.insert(TreeId::CampaignRows, coupon_key, codec::encode(&coupon)?);
        self.overlay.insert(TreeId::CampaignRows, pool_key, pool.encode());
        reward.value = Some(coupon.code);
        reward.status = RewardStatus::Issued;
        reward.issued_at = Some(now.to_owned());
        Ok(true)
    }

    /// Grants the campaign's reward to a participant: a coupon (or a pending coupon reward
    /// when the pool is empty), the cash amount, the message or the token amount.
    fn grant(
        &mut self,
        campaign: &Campaign,
        participant_id: u64,
        reward_id: u64,
        reason: RewardReason,
        trigger: Option<u64>,
        now: &str,
    ) -> Result<Reward, StoreError> {
        let mut reward = Reward {
            id: reward_id,
            participant_id,
            campaign_id: campaign.id,
            kind: campaign.reward_type,
            value: None,
            status: RewardStatus::Pending,
            reason,
            trigger_participant_id: trigger,
            created_at: now.to_owned(),
            issued_at: None,
        };
        match campaign.reward_type {
            RewardType::Coupon => {
                if !self.take_coupon(campaign.id, &mut reward, now)? {
                    let key = keys::row(campaign.id, campaign_row::PENDING_REWARD, &keys::id(reward_id));
                    self.overlay.insert(TreeId::CampaignRows, key, keys::id(participant_id));
                    self.add(campaign.id, Counter::RewardsPending, 1)?;
                }
            }
            RewardType::Cash | RewardType::Message | RewardType::Token => {
                reward.value = campaign.reward_value.clone();
                reward.status = RewardStatus::Issued;
                reward.issued_at = Some(now.to_owned());
            }
        }
        if reward.status == RewardStatus::Issued {
            self.add(campaign.id, Counter::RewardsIssued, 1)?;
        }
        self.put_reward(&reward)?;
        Ok(reward)
    }

    /// Commits the staged writes, atomically, through the journal.
    fn commit(self) -> Result<(), StoreError> {
        self.overlay.commit_journaled()
    }
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
        self.idempotency.get(key)?.map(|row| codec::decode(&row)).transpose()
    }

    /// Signs a participant up, with or without a referral, in one transaction. `render` turns
    /// the outcome into the stored answer of an idempotent request.
    #[allow(clippy::too_many_arguments)]
    pub fn signup(
        &self,
        campaign: &Campaign,
        who: &NewParticipant,
        referral: Option<ReferralEdge>,
        idempotency: Option<&IdempotencyWrite>,
        ids: ReservedIds,
        now: &str,
        render: &dyn Fn(&Signed) -> (u16, String),
    ) -> Result<Result<Signed, SignupRefused>, StoreError> {
        if let Some(write) = idempotency {
            if let Some(record) = self.idempotency_record(&write.key)? {
                return Ok(Err(if record.request_hash == write.request_hash {
                    SignupRefused::Replay(record)
                } else {
                    SignupRefused::IdempotencyConflict
                }));
            }
        }
        let email_norm = who.email.normalized();
        let email_key = keys::row(campaign.id, campaign_row::EMAIL, email_norm.as_bytes());
        let day = day_number(chrono::Utc::now().date_naive());
        let mut tx = Tx::new(self);

        let mut referrer = None;
        if let Some(edge) = referral {
            match tx.participant(edge.referrer_id)? {
                Some(p) if p.campaign_id == campaign.id => {
                    if p.email.to_lowercase() == email_norm {
                        return Ok(Err(SignupRefused::SelfReferral));
                    }
                    referrer = Some(p);
                }
                _ => return Ok(Err(SignupRefused::InvalidReferral)),
            }
        }
        if let Some(existing) = tx.overlay.get(TreeId::CampaignRows, &email_key)?.and_then(|v| keys::read_id(&v)) {
            return match tx.participant(existing)? {
                Some(p) => Ok(Err(SignupRefused::EmailTaken(Box::new(p)))),
                None => Err(StoreError::Decode(format!("email index names missing participant {existing}"))),
            };
        }
        let domain_key = who.domain.as_ref().map(|d| keys::row(campaign.id, campaign_row::DOMAIN, d.as_bytes()));
        if let Some(key) = &domain_key {
            if tx.overlay.get(TreeId::CampaignRows, key)?.is_some() {
                return Ok(Err(SignupRefused::DomainTaken));
            }
        }
        let mut invite = None;
        if let (Some(edge), Some(invited_id)) = (referral, referral.and_then(|e| e.invited_id)) {
            let key = keys::row(edge.referrer_id, participant_row::INVITE, &keys::id(invited_id));
            match tx.overlay.get(TreeId::ParticipantRows, &key)? {
                Some(row) => invite = Some((key, codec::decode::<Invite>(&row)?)),
                None => return Ok(Err(SignupRefused::InvalidReferral)),
            }
        }

        let seq = tx.add(campaign.id, Counter::Participants, 1)?;
        let participant = Participant {
            id: ids.participant,
            campaign_id: campaign.id,
            brand_id: campaign.brand_id,
            member_id: campaign.member_id,
            seq,
            email: who.email.as_str().to_owned(),
            name: who.name.clone(),
            referred_by: referrer.as_ref().map(|r| r.id),
            referrals: 0,
            visits: 0,
            clicks: 0,
            shares: 0,
            created_at: now.to_owned(),
            domain: who.domain.clone(),
        };
        tx.put_participant(&participant)?;
        if let (Some(key), Some(domain)) = (domain_key, &who.domain) {
            tx.overlay.insert(TreeId::CampaignRows, key, keys::id(participant.id));
            tx.overlay.insert(
                TreeId::Indexes,
                keys::domain_participant(domain, campaign.id, participant.id),
                keys::id(campaign.brand_id),
            );
        }
        tx.overlay.insert(TreeId::CampaignRows, email_key, keys::id(participant.id));
        tx.overlay.insert(
            TreeId::CampaignRows,
            keys::row(campaign.id, campaign_row::ROSTER, &keys::id(seq)),
            keys::id(participant.id),
        );
        tx.overlay.insert(
            TreeId::Indexes,
            keys::tagged(index::MEMBER_PARTICIPANT, campaign.member_id, participant.id),
            keys::id(campaign.id),
        );
        let daily = keys::row(campaign.id, campaign_row::DAILY_SIGNUPS, &day.to_be_bytes());
        let today = keys::read_counter(tx.overlay.get(TreeId::CampaignRows, &daily)?.as_deref());
        tx.overlay.insert(TreeId::CampaignRows, daily, keys::id(today + 1));

        let mut referrer_reward = None;
        let mut reward = None;
        if let Some(referrer) = referrer.as_mut() {
            referrer.referrals += 1;
            tx.put_participant(referrer)?;
            tx.add(campaign.id, Counter::Referrals, 1)?;
            if let Some((key, mut accepted)) = invite.take() {
                if accepted.accepted_by.is_none() {
                    accepted.accepted_by = Some(participant.id);
                    accepted.accepted_at = Some(now.to_owned());
                    tx.overlay.insert(TreeId::ParticipantRows, key, codec::encode(&accepted)?);
                }
            }
            if campaign.goal_type == crate::domain::GoalType::Signup
                && crate::domain::goal::reward_due(referrer.referrals, campaign.num_signups)
            {
                referrer_reward = Some(tx.grant(
                    campaign,
                    referrer.id,
                    ids.referrer_reward,
                    RewardReason::Referrer,
                    Some(participant.id),
                    now,
                )?);
            }
            if campaign.reward_invited {
                reward = Some(tx.grant(
                    campaign,
                    participant.id,
                    ids.invited_reward,
                    RewardReason::Invited,
                    Some(referrer.id),
                    now,
                )?);
            }
        }
        // The outbox: the signup's webhook deliveries commit with it.
        let due_ms = chrono::Utc::now().timestamp_millis();
        let mut deliveries = Vec::with_capacity(ids.webhooks.len());
        for &webhook_id in &ids.webhooks {
            let delivery = PendingDelivery { webhook_id, event_id: participant.id, attempts: 0, due_ms };
            let key = super::webhooks::delivery_key(webhook_id, participant.id);
            tx.overlay.insert(TreeId::Deliveries, key, codec::encode(&delivery)?);
            deliveries.push(delivery);
        }
        let signed = Signed { participant, reward, referrer, referrer_reward, deliveries };

        let Some(write) = idempotency else {
            tx.commit()?;
            return Ok(Ok(signed));
        };
        // Another brand of the same member may have used this key since the check above:
        // check again inside the commit, and write the record with the signup.
        let (status, body) = render(&signed);
        let record = codec::encode(&IdempotencyRecord {
            request_hash: write.request_hash,
            status,
            body,
            created_at: now.to_owned(),
        })?;
        let committed = tx.overlay.commit(|idempotency| match idempotency.get(&write.key)? {
            Some(existing) => Ok(Err(existing.to_vec())),
            None => {
                idempotency.insert(write.key.as_slice(), record.as_slice())?;
                Ok(Ok(()))
            }
        })?;
        match committed {
            Ok(()) => Ok(Ok(signed)),
            Err(existing) => {
                let record: IdempotencyRecord = codec::decode(&existing)?;
                Ok(Err(if record.request_hash == write.request_hash {
                    SignupRefused::Replay(record)
                } else {
                    SignupRefused::IdempotencyConflict
                }))
            }
        }
    }

    /// Records a visit of a participant's referral link: a click always, a unique visit once
    /// per visitor, and for `visit` goals the reward the visit count earns. `None` when the
    /// participant is not in the campaign.
    pub fn record_visit(
        &self,
        campaign: &Campaign,
        participant_id: u64,
        visitor: [u8; 16],
        reward_id: u64,
        now: &str,
    ) -> Result<Option<Visit>, StoreError> {
        let visit_key =
            keys::row(campaign.id, campaign_row::VISIT, &[keys::id(participant_id).as_slice(), &visitor].concat());
        let mut tx = Tx::new(self);
        let Some(mut participant) = tx.participant(participant_id)?.filter(|p| p.campaign_id == campaign.id) else {
            return Ok(None);
        };
        participant.clicks += 1;
        tx.add(campaign.id, Counter::Clicks, 1)?;
        let unique = tx.overlay.get(TreeId::CampaignRows, &visit_key)?.is_none();
        let mut reward = None;
        if unique {
            tx.overlay.insert(TreeId::CampaignRows, visit_key, Vec::new());
            participant.visits += 1;
            tx.add(campaign.id, Counter::Visits, 1)?;
            if campaign.goal_type == crate::domain::GoalType::Visit
                && crate::domain::goal::reward_due(participant.visits, campaign.num_signups)
            {
                reward = Some(tx.grant(campaign, participant.id, reward_id, RewardReason::Referrer, None, now)?);
            }
        }
        tx.put_participant(&participant)?;
        tx.commit()?;
        Ok(Some(Visit { unique, reward }))
    }

    /// Adds codes to a campaign's pool (skipping codes already in it) and fills pending coupon
    /// rewards, oldest first, with the new coupons. Commits in chunks: a crash mid-import
    /// keeps whole chunks, and a retried upload skips the codes that landed.
    pub fn import_coupons(
        &self,
        campaign: &Campaign,
        codes: &[String],
        now: &str,
    ) -> Result<ImportOutcome, StoreError> {
        let mut total = ImportOutcome::default();
        for chunk in codes.chunks(IMPORT_CHUNK) {
            let pending = self.pending_rewards(campaign.id, chunk.len())?;
            let mut tx = Tx::new(self);
            let pool_key = CouponPool::key(campaign.id);
            let mut pool = CouponPool::decode(tx.overlay.get(TreeId::CampaignRows, &pool_key)?.as_deref());
            for code in chunk {
                let code_key = keys::row(campaign.id, campaign_row::COUPON_CODE, code.as_bytes());
                if tx.overlay.get(TreeId::CampaignRows, &code_key)?.is_some() {
                    total.duplicates_in_pool += 1;
                    continue;
                }
                pool.uploaded += 1;
                tx.overlay.insert(TreeId::CampaignRows, code_key, keys::id(pool.uploaded));
                let coupon = Coupon { code: code.clone(), reward_id: None, participant_id: None, used_at: None };
                tx.overlay.insert(
                    TreeId::CampaignRows,
                    keys::row(campaign.id, campaign_row::COUPON, &keys::id(pool.uploaded)),
                    codec::encode(&coupon)?,
                );
                total.added += 1;
            }
            tx.overlay.insert(TreeId::CampaignRows, pool_key, pool.encode());
            for &(reward_id, participant_id) in pending.iter().take(pool.available() as usize) {
                let reward_key = keys::row(participant_id, participant_row::REWARD, &keys::id(reward_id));
                let Some(row) = tx.overlay.get(TreeId::ParticipantRows, &reward_key)? else { continue };
                let mut reward: Reward = codec::decode(&row)?;
                if tx.take_coupon(campaign.id, &mut reward, now)? {
                    tx.put_reward(&reward)?;
                    tx.overlay.remove(
                        TreeId::CampaignRows,
                        keys::row(campaign.id, campaign_row::PENDING_REWARD, &keys::id(reward_id)),
                    );
                    tx.add(campaign.id, Counter::RewardsPending, -1)?;
                    tx.add(campaign.id, Counter::RewardsIssued, 1)?;
                    total.pending_filled += 1;
                }
            }
            tx.commit()?;
        }
        Ok(total)
    }

    /// The oldest `limit` pending coupon rewards of a campaign: (reward id, participant id).
    fn pending_rewards(&self, campaign_id: u64, limit: usize) -> Result<Vec<(u64, u64)>, StoreError> {
        let prefix = keys::row(campaign_id, campaign_row::PENDING_REWARD, &[]);
        self.campaign_rows
            .scan_prefix(&prefix)
            .take(limit)
            .map(|entry| {
                let (key, value) = entry?;
                Ok((keys::read_id(&key[prefix.len()..]).unwrap_or(0), keys::read_id(&value).unwrap_or(0)))
            })
            .collect()
    }

    /// Records invitations a participant sent; emails already invited by them are skipped.
    /// Returns the new invitations.
    pub fn add_invites(
        &self,
        participant: &Participant,
        emails: &[EmailAddress],
        now: &str,
    ) -> Result<Vec<Invite>, StoreError> {
        let known: std::collections::HashSet<String> =
            self.invites_of(participant.id)?.into_iter().map(|i| i.email.to_lowercase()).collect();
        let mut batch = sled::Batch::default();
        let mut created = Vec::new();
        let mut seen = known;
        for email in emails {
            if !seen.insert(email.normalized()) {
                continue;
            }
            let invite = Invite {
                id: self.next_id()?,
                participant_id: participant.id,
                email: email.as_str().to_owned(),
                accepted_by: None,
                created_at: now.to_owned(),
                accepted_at: None,
            };
            batch.insert(
                keys::row(participant.id, participant_row::INVITE, &keys::id(invite.id)),
                codec::encode(&invite)?,
            );
            created.push(invite);
        }
        let _writing = self.writing();
        self.participant_rows.apply_batch(batch)?;
        Ok(created)
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

impl Store {
    /// Adds gathered click, impression and share counts to the brand's campaigns and
    /// participants in one commit. Counts of campaigns that are not the brand's (deleted
    /// since) and of participants not in the named campaign are dropped.
    pub fn apply_tallies(&self, brand_id: u64, tally: &crate::actors::tallies::BrandTally) -> Result<(), StoreError> {
        let mut tx = Tx::new(self);
        let mut live = std::collections::HashMap::new();
        for (&campaign_id, counts) in &tally.campaigns {
            let exists = self.campaign(campaign_id)?.is_some_and(|c| c.brand_id == brand_id);
            live.insert(campaign_id, exists);
            if !exists {
                continue;
            }
            for (counter, n) in [
                (Counter::Clicks, counts.clicks),
                (Counter::Impressions, counts.impressions),
                (Counter::Shares, counts.shares),
            ] {
                if n > 0 {
                    tx.add(campaign_id, counter, n as i64)?;
                }
            }
        }
        for (&participant_id, counts) in &tally.participants {
            if !live.get(&counts.campaign_id).copied().unwrap_or(false) {
                continue;
            }
            let Some(mut participant) = tx.participant(participant_id)?.filter(|p| p.campaign_id == counts.campaign_id)
            else {
                continue;
            };
            participant.clicks += counts.clicks;
            participant.shares += counts.shares;
            tx.put_participant(&participant)?;
        }
        tx.commit()
    }
}
