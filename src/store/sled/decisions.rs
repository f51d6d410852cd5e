//! The engine's side of the sled store: a [`SledSession`] gives the referral engine its
//! reads ([`BrandReads`]) and commits the writes it decides ([`Write`]), each turned into the
//! key layout of `mod.rs`.
//!
//! A decision's writes are staged in an [`Overlay`] and committed through the journal, all or
//! nothing across a crash. Counter deltas are read through the overlay, so two deltas of one
//! counter in one decision add up. The engine reads committed state only, which is sound
//! because the brand's actor is the only one that writes these rows (see `domain::engine`).

use super::boards::BoardMove;
use super::campaigns::{coupon_pool_key, encode_coupon_pool, visit_key};
use super::conversions::{commission_key, conversion_key, subscription_prefix};
use super::rewards::{issued_value, member_reward_value, reward_key};

use super::keys::{self, campaign_row, index, participant_row};
use super::overlay::{Overlay, TreeId};
use super::participants::{inbox_key, referred_key};
use super::search::roster_row;
use super::{codec, coupons, SledStore, StoreError};
use crate::domain::client_print::{RateKey, StoredPrint};
use crate::domain::contest::ContestResult;
use crate::domain::conversion::Conversion;
use crate::domain::digest::DigestMark;
use crate::domain::domain_proof::ProofSubject;
use crate::domain::email::{self, EmailLookup};
use crate::domain::engine::{BrandReads, Inconsistent, Write};
use crate::domain::exchange_rate::ExchangeRate;
use crate::domain::invoice::{Commission, CommissionState};
use crate::domain::leaderboard::{Board, Credit, Standing};
use crate::domain::payout::PayoutDetails;
use crate::domain::promo_code::PromoCode;
use crate::domain::reward::HoldReason;
use crate::domain::waitlist::Place;
use crate::domain::{Campaign, Counter, Coupon, CouponPool, Invite, Participant, Reward, RewardStatus};

/// One brand's decision on the embedded store. The brand's actor decides for it one decision
/// at a time, so the session needs no lock: nothing writes the brand's rows between its reads
/// and its commit. It holds its own handle on the store (a clone shares everything), so a
/// batch can keep it from one decision to the next (see [`SledBatch`]).
pub(super) struct SledSession {
    pub(super) store: SledStore,
    pub(super) brand_id: u64,
    /// The ids this decision took, kept in the brand's row with its commit (see `ids.rs`).
    pub(super) taken: super::ids::Taken,
}

impl SledSession {
    /// The engine's reads of the store, outside a decision (an export reads through them).
    pub(super) fn new(store: &SledStore) -> Self {
        Self { store: store.clone(), brand_id: 0, taken: Default::default() }
    }

    /// The writes staged, with the brand's row of the ids the decision took.
    pub(super) fn stage(&self, writes: &[Write]) -> Result<super::overlay::Overlay<'_>, StoreError> {
        let mut staged = self.store.stage(writes)?;
        self.taken.stage(&mut staged, self.brand_id)?;
        Ok(staged)
    }
}

impl BrandReads for SledSession {
    type Error = StoreError;

    fn campaign(&self, id: u64) -> Result<Option<Campaign>, StoreError> {
        SledStore::read(&self.store.campaigns, keys::id(id))
    }

    fn participant(&self, id: u64) -> Result<Option<Participant>, StoreError> {
        self.store.participant_row(id)
    }

    fn reward(&self, participant_id: u64, reward_id: u64) -> Result<Option<Reward>, StoreError> {
        SledStore::read(&self.store.participant_rows, reward_key(participant_id, reward_id))
    }

    fn participant_id_by_email(&self, campaign_id: u64, lookup: &EmailLookup) -> Result<Option<u64>, StoreError> {
        self.store.participant_id_with_email(campaign_id, lookup)
    }

    fn participant_id_by_domain(&self, campaign_id: u64, domain: &str) -> Result<Option<u64>, StoreError> {
        self.store.domain_participant(campaign_id, domain)
    }

    fn invite(&self, participant_id: u64, invite_id: u64) -> Result<Option<Invite>, StoreError> {
        SledStore::read(
            &self.store.participant_rows,
            keys::row(participant_id, participant_row::INVITE, &keys::id(invite_id)),
        )
    }

    fn invites_of(&self, participant_id: u64) -> Result<Vec<Invite>, StoreError> {
        self.store.invites(participant_id)
    }

    fn invites_to(&self, campaign_id: u64, inbox: &str) -> Result<Vec<Invite>, StoreError> {
        self.store.invites_to(campaign_id, inbox)
    }

    fn rewards_of(&self, participant_id: u64) -> Result<Vec<Reward>, StoreError> {
        self.store.rewards(participant_id)
    }

    fn counter(&self, campaign_id: u64, counter: Counter) -> Result<u64, StoreError> {
        self.store.counter_value(campaign_id, counter)
    }

    fn coupon_pool(&self, campaign_id: u64) -> Result<CouponPool, StoreError> {
        self.store.pool(campaign_id)
    }

    fn coupon(&self, campaign_id: u64, seq: u64) -> Result<Option<Coupon>, StoreError> {
        self.store.coupon_at(campaign_id, seq)
    }

    fn pool_holds(&self, campaign_id: u64, codes: &[String]) -> Result<Vec<bool>, StoreError> {
        self.store.pool_holds(campaign_id, codes)
    }

    fn oldest_pending_rewards(&self, campaign_id: u64, limit: usize) -> Result<Vec<Reward>, StoreError> {
        let prefix = keys::row(campaign_id, campaign_row::PENDING_REWARD, &[]);
        let mut rewards = Vec::new();
        for entry in self.store.campaign_rows.scan_prefix(&prefix).take(limit) {
            let (key, value) = entry?;
            let (Some(reward_id), Some(participant_id)) = (keys::read_id(&key[prefix.len()..]), keys::read_id(&value))
            else {
                return Err(StoreError::Decode(format!("malformed pending reward of campaign {campaign_id}")));
            };
            rewards.extend(SledStore::read::<Reward>(
                &self.store.participant_rows,
                reward_key(participant_id, reward_id),
            )?);
        }
        Ok(rewards)
    }

    fn conversion_by_external_id(&self, campaign_id: u64, external_id: &str) -> Result<Option<Conversion>, StoreError> {
        let index = keys::row(campaign_id, campaign_row::EXTERNAL_ID, external_id.as_bytes());
        match self.store.campaign_rows.get(index)?.as_deref().and_then(keys::read_id) {
            Some(id) => SledStore::read(&self.store.campaign_rows, conversion_key(campaign_id, id)),
            None => Ok(None),
        }
    }

    fn conversion_by_payment(&self, campaign_id: u64, reference: &str) -> Result<Option<Conversion>, StoreError> {
        self.store.conversion_by_payment_row(campaign_id, reference)
    }

    fn promo_code(&self, brand_id: u64, key: &str) -> Result<Option<PromoCode>, StoreError> {
        self.store.promo_code_row(brand_id, key)
    }

    fn promo_code_by_stripe(&self, brand_id: u64, stripe_id: &str) -> Result<Option<PromoCode>, StoreError> {
        self.store.promo_code_by_stripe_row(brand_id, stripe_id)
    }

    fn promo_codes_of(&self, participant_id: u64) -> Result<Vec<PromoCode>, StoreError> {
        self.store.promo_codes_of_row(participant_id)
    }

    fn customer_participant(&self, campaign_id: u64, customer: &str) -> Result<Option<u64>, StoreError> {
        self.store.customer_participant_row(campaign_id, customer)
    }

    fn commission_of_reward(&self, campaign_id: u64, reward_id: u64) -> Result<Option<Commission>, StoreError> {
        self.store.commission_of_reward_row(campaign_id, reward_id)
    }

    fn unrated_commissions(&self, campaign_id: u64) -> Result<Vec<Commission>, StoreError> {
        let prefix = keys::row(campaign_id, campaign_row::UNRATED, &[]);
        let mut found = Vec::new();
        for key in self.store.campaign_rows.scan_prefix(&prefix).keys() {
            let key = key?;
            let conversion_id = keys::read_id(&key[prefix.len()..])
                .ok_or_else(|| StoreError::Decode(format!("malformed unrated commission of campaign {campaign_id}")))?;
            found.extend(SledStore::read(&self.store.campaign_rows, commission_key(campaign_id, conversion_id))?);
        }
        Ok(found)
    }

    fn exchange_rates(&self, member_id: u64, first_day: &str, last_day: &str) -> Result<Vec<ExchangeRate>, StoreError> {
        self.store.rates_between(member_id, first_day, last_day)
    }

    fn commission(&self, campaign_id: u64, conversion_id: u64) -> Result<Option<Commission>, StoreError> {
        SledStore::read(&self.store.campaign_rows, commission_key(campaign_id, conversion_id))
    }

    fn subscription_commissions(&self, campaign_id: u64, subscription_id: &str) -> Result<Vec<Commission>, StoreError> {
        self.store.subscription_commission_rows(campaign_id, subscription_id)
    }

    fn converted(&self, campaign_id: u64, participant_id: u64) -> Result<bool, StoreError> {
        let key = keys::row(campaign_id, campaign_row::CONVERTED, &keys::id(participant_id));
        Ok(self.store.campaign_rows.contains_key(key)?)
    }

    fn qualified_referrals(&self, campaign_id: u64, participant_id: u64) -> Result<u64, StoreError> {
        let key = keys::row(campaign_id, campaign_row::QUALIFIED, &keys::id(participant_id));
        Ok(keys::read_counter(self.store.campaign_rows.get(key)?.as_deref()))
    }

    fn visited(&self, campaign_id: u64, participant_id: u64, visitor: &[u8; 16]) -> Result<bool, StoreError> {
        Ok(self.store.campaign_rows.contains_key(visit_key(campaign_id, participant_id, visitor))?)
    }

    fn unsubscribed(&self, campaign_id: u64, participant_id: u64) -> Result<bool, StoreError> {
        let key = super::emails::unsubscribed_key(campaign_id, participant_id);
        Ok(self.store.campaign_rows.contains_key(key)?)
    }

    fn digest_mark(&self, campaign_id: u64) -> Result<Option<DigestMark>, StoreError> {
        SledStore::read(&self.store.campaign_rows, super::emails::digest_mark_key(campaign_id))
    }

    fn signup_print(&self, participant_id: u64) -> Result<Option<StoredPrint>, StoreError> {
        self.store.signup_print(participant_id)
    }

    fn recent(&self, campaign_id: u64, key: &RateKey) -> Result<Vec<i64>, StoreError> {
        self.store.recent(campaign_id, key)
    }

    fn referral_holds(&self, campaign_id: u64, participant_id: u64) -> Result<Vec<HoldReason>, StoreError> {
        self.store.referral_holds(campaign_id, participant_id)
    }

    fn blocked(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, StoreError> {
        self.store.blocked_since(campaign_id, participant_id)
    }

    fn standing(&self, campaign_id: u64, board: Board, participant_id: u64) -> Result<Option<Standing>, StoreError> {
        self.store.standing(campaign_id, board, participant_id)
    }

    fn board_top(&self, campaign_id: u64, board: Board, limit: usize) -> Result<Vec<(u64, Standing)>, StoreError> {
        self.store.board_rows(campaign_id, board, 0, limit)
    }

    fn credits(&self, campaign_id: u64) -> Result<Vec<Credit>, StoreError> {
        self.store.credits(campaign_id)
    }

    fn contest_result(&self, campaign_id: u64) -> Result<Option<ContestResult>, StoreError> {
        self.store.contest_result(campaign_id)
    }

    fn place(&self, campaign_id: u64, participant_id: u64) -> Result<Option<Place>, StoreError> {
        self.store.place(campaign_id, participant_id)
    }

    fn line_front(&self, campaign_id: u64, limit: usize) -> Result<Vec<(u64, Place)>, StoreError> {
        self.store.line_front(campaign_id, limit)
    }

    fn admitted(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, StoreError> {
        self.store.admitted(campaign_id, participant_id)
    }

    fn roster(&self, campaign_id: u64) -> Result<Vec<Participant>, StoreError> {
        self.store.roster(campaign_id)
    }

    fn unpaid_cash_rewards(&self, campaign_id: u64) -> Result<Vec<Reward>, StoreError> {
        self.store.unpaid_cash_rows(campaign_id)
    }

    fn payout(&self, campaign_id: u64, payout_id: u64) -> Result<Option<crate::domain::payout::Payout>, StoreError> {
        self.store.payout_row(campaign_id, payout_id)
    }

    fn payout_holding(&self, campaign_id: u64, reward_id: u64) -> Result<Option<u64>, StoreError> {
        self.store.payout_holding(campaign_id, reward_id)
    }

    fn owed(&self, campaign_id: u64, participant_id: u64) -> Result<crate::domain::payout::Owed, StoreError> {
        self.store.owed_row(campaign_id, participant_id)
    }

    fn payout_details(&self, campaign_id: u64, participant_id: u64) -> Result<Option<PayoutDetails>, StoreError> {
        self.store.payout_details_row(campaign_id, participant_id)
    }
}

/// Value of a reward's [`index::HOLD`] entry: brand ++ member ++ participant.
fn hold_value(reward: &Reward) -> Vec<u8> {
    [keys::id(reward.brand_id), keys::id(reward.member_id), keys::id(reward.participant_id)].concat()
}

impl SledStore {
    /// The writes, staged in the key layout.
    pub(super) fn stage(&self, writes: &[Write]) -> Result<Overlay<'_>, StoreError> {
        let mut tx = Overlay::new(self);
        let mut new_codes = coupons::NewCodes::default();
        let mut rollups = super::rollups::RollupMoves::default();
        for write in writes {
            if let Some((campaign_id, step)) = BoardMove::of(write) {
                tx.move_boards(campaign_id, step);
            }
            match write {
                Write::NewParticipant(p) => {
                    tx.insert(TreeId::Participants, keys::id(p.id), codec::encode_participant(p)?);
                    let email = keys::row(p.campaign_id, campaign_row::EMAIL, email::normalize(&p.email).as_bytes());
                    tx.insert(TreeId::CampaignRows, email, keys::id(p.id));
                    tx.insert(TreeId::CampaignRows, inbox_key(p.campaign_id, &p.email, p.id), Vec::new());
                    let (roster, entry) = roster_row(p);
                    tx.insert(TreeId::CampaignRows, roster, entry);
                    let member = keys::tagged(index::MEMBER_PARTICIPANT, p.member_id, p.id);
                    tx.insert(TreeId::Indexes, member, keys::id(p.campaign_id));
                    if let Some(referrer_id) = p.referred_by {
                        tx.insert(TreeId::CampaignRows, referred_key(p, referrer_id), keys::id(p.id));
                    }
                    if let Some(domain) = &p.domain {
                        let key = keys::row(p.campaign_id, campaign_row::DOMAIN, domain.as_bytes());
                        tx.insert(TreeId::CampaignRows, key, keys::id(p.id));
                        let global = keys::domain_participant(domain, p.campaign_id, p.id);
                        tx.insert(TreeId::Indexes, global, keys::id(p.brand_id));
                    }
                }
                Write::Participant(p) => tx.insert(TreeId::Participants, keys::id(p.id), codec::encode_participant(p)?),
                Write::Reward(r) => {
                    let key = reward_key(r.participant_id, r.id);
                    let old =
                        tx.get(TreeId::ParticipantRows, &key)?.map(|row| codec::decode::<Reward>(&row)).transpose()?;
                    // The hold index follows the reward: out under the old end, in under the new.
                    if let Some(at) = old.as_ref().and_then(|o| o.release_at_ms) {
                        tx.remove(TreeId::Indexes, keys::hold(at, r.id).to_vec());
                    }
                    if let (RewardStatus::Held, Some(at)) = (r.status, r.release_at_ms) {
                        tx.insert(TreeId::Indexes, keys::hold(at, r.id).to_vec(), hold_value(r));
                    }
                    // A reward is issued once (no move leads back to issued).
                    let issued_now =
                        r.status == RewardStatus::Issued && old.is_none_or(|o| o.status != RewardStatus::Issued);
                    if issued_now {
                        let key = keys::tagged(index::ISSUED, r.member_id, self.fresh_id()?);
                        tx.insert(TreeId::Indexes, key, issued_value(r));
                    }
                    let member = keys::tagged(index::MEMBER_REWARD, r.member_id, r.id);
                    tx.insert(TreeId::Indexes, member, member_reward_value(r));
                    tx.insert(TreeId::ParticipantRows, key, codec::encode(r)?);
                }
                Write::QueuePending { campaign_id, reward_id, participant_id } => {
                    let key = keys::row(*campaign_id, campaign_row::PENDING_REWARD, &keys::id(*reward_id));
                    tx.insert(TreeId::CampaignRows, key, keys::id(*participant_id));
                }
                Write::Dequeue { campaign_id, reward_id } => {
                    tx.remove(
                        TreeId::CampaignRows,
                        keys::row(*campaign_id, campaign_row::PENDING_REWARD, &keys::id(*reward_id)),
                    );
                }
                Write::NewCoupon { campaign_id, seq, coupon } => new_codes.add(*campaign_id, *seq, &coupon.code),
                Write::Coupon { campaign_id, seq, coupon } => {
                    tx.insert(TreeId::CampaignRows, coupons::coupon_key(*campaign_id, *seq), codec::encode(coupon)?);
                }
                Write::Pool { campaign_id, pool } => {
                    tx.insert(TreeId::CampaignRows, coupon_pool_key(*campaign_id), encode_coupon_pool(pool));
                }
                Write::Count { campaign_id, counter, delta } => {
                    super::counters::stage_count(&mut tx, *campaign_id, *counter, *delta)?;
                }
                Write::Daily { campaign_id, series, day, delta } => {
                    super::counters::stage_daily(&mut tx, *campaign_id, *series, *day, *delta)?;
                }
                Write::Rollup { campaign_id, partner_id, slot, measure, n } => {
                    rollups.add(*campaign_id, *partner_id, *slot, *measure, *n);
                }
                Write::Visit { campaign_id, participant_id, visitor } => {
                    tx.insert(TreeId::CampaignRows, visit_key(*campaign_id, *participant_id, visitor), Vec::new());
                }
                Write::Invite(invite) => {
                    let key = keys::row(invite.participant_id, participant_row::INVITE, &keys::id(invite.id));
                    tx.insert(TreeId::ParticipantRows, key, codec::encode(invite)?);
                }
                Write::Delivery(delivery) => {
                    let key = super::webhooks::delivery_key(delivery.webhook_id, delivery.event_id);
                    tx.insert(TreeId::Deliveries, key, codec::encode(delivery)?);
                }
                Write::Event(event) => {
                    for participant_id in event.participant_ids() {
                        let mention = keys::mention(participant_id, keys::mention::EVENT, &keys::id(event.id));
                        tx.insert(TreeId::Indexes, mention, Vec::new());
                    }
                    tx.insert(TreeId::Events, keys::id(event.id), codec::encode(event)?);
                }
                Write::Erased { participant: p, email, domain } => {
                    tx.insert(TreeId::Participants, keys::id(p.id), codec::encode_participant(p)?);
                    tx.remove(TreeId::CampaignRows, keys::row(p.campaign_id, campaign_row::EMAIL, email.as_bytes()));
                    tx.remove(TreeId::CampaignRows, inbox_key(p.campaign_id, email, p.id));
                    // The roster row keeps the position and the id, without the haystack.
                    let (roster, entry) = roster_row(p);
                    tx.insert(TreeId::CampaignRows, roster, entry);
                    if let Some(domain) = domain {
                        tx.remove(
                            TreeId::CampaignRows,
                            keys::row(p.campaign_id, campaign_row::DOMAIN, domain.as_bytes()),
                        );
                        tx.remove(TreeId::Indexes, keys::domain_participant(domain, p.campaign_id, p.id));
                        // The proof names the website too.
                        tx.remove(TreeId::Indexes, super::brands::proof_key(ProofSubject::Participant(p.id)));
                    }
                    self.forget_copies(&mut tx, p.id)?;
                    self.forget_print(&mut tx, p.id)?;
                    self.forget_customers(&mut tx, p.campaign_id, p.id)?;
                    self.forget_source_customers(&mut tx, p.brand_id, email)?;
                }
                Write::Conversion(c) => {
                    let external = keys::row(c.campaign_id, campaign_row::EXTERNAL_ID, c.external_id.as_bytes());
                    tx.insert(TreeId::CampaignRows, external, keys::id(c.id));
                    for reference in &c.payment_references {
                        let payment = keys::row(c.campaign_id, campaign_row::PAYMENT, reference.as_bytes());
                        tx.insert(TreeId::CampaignRows, payment, keys::id(c.id));
                    }
                    let member = keys::tagged(index::MEMBER_CONVERSION, c.member_id, c.id);
                    tx.insert(TreeId::Indexes, member, keys::id(c.campaign_id));
                    tx.insert(TreeId::CampaignRows, conversion_key(c.campaign_id, c.id), codec::encode(c)?);
                }
                Write::PromoCode(code) => self.stage_promo_code(&mut tx, code)?,
                Write::CustomerBinding { campaign_id, customer, participant_id } => {
                    // The engine binds only a customer it found unbound; the first stays.
                    let key = keys::row(*campaign_id, campaign_row::CUSTOMER, customer.as_bytes());
                    tx.insert(TreeId::CampaignRows, key, keys::id(*participant_id));
                }
                Write::Commission(c) => {
                    let mut entry = subscription_prefix(c.campaign_id, &c.invoice.subscription_id);
                    entry.extend_from_slice(&keys::id(c.conversion_id));
                    tx.insert(TreeId::CampaignRows, entry, Vec::new());
                    let unrated = keys::row(c.campaign_id, campaign_row::UNRATED, &keys::id(c.conversion_id));
                    match c.state == CommissionState::NoExchangeRate {
                        true => tx.insert(TreeId::CampaignRows, unrated, Vec::new()),
                        false => tx.remove(TreeId::CampaignRows, unrated),
                    }
                    if let Some(reward_id) = c.reward_id {
                        let by_reward = keys::row(c.campaign_id, campaign_row::COMMISSION_REWARD, &keys::id(reward_id));
                        tx.insert(TreeId::CampaignRows, by_reward, keys::id(c.conversion_id).to_vec());
                    }
                    let row = commission_key(c.campaign_id, c.conversion_id);
                    tx.insert(TreeId::CampaignRows, row, codec::encode(c.as_ref())?);
                }
                Write::Converted { campaign_id, participant_id } => {
                    let key = keys::row(*campaign_id, campaign_row::CONVERTED, &keys::id(*participant_id));
                    tx.insert(TreeId::CampaignRows, key, Vec::new());
                }
                Write::Qualified { campaign_id, participant_id, count } => {
                    let key = keys::row(*campaign_id, campaign_row::QUALIFIED, &keys::id(*participant_id));
                    tx.insert(TreeId::CampaignRows, key, keys::id(*count));
                }
                Write::Email(email) => self.stage_email(&mut tx, email)?,
                Write::Unsubscribed { campaign_id, participant_id } => {
                    let key = super::emails::unsubscribed_key(*campaign_id, *participant_id);
                    tx.insert(TreeId::CampaignRows, key, Vec::new());
                }
                Write::DigestMark { campaign_id, mark } => {
                    tx.insert(TreeId::CampaignRows, super::emails::digest_mark_key(*campaign_id), codec::encode(mark)?);
                }
                Write::SignupPrint { .. }
                | Write::Rate { .. }
                | Write::ReferralHolds { .. }
                | Write::Blocked { .. } => self.stage_fraud(&mut tx, write)?,
                Write::Standing { .. }
                | Write::Board { .. }
                | Write::ContestResult { .. }
                | Write::ContestSettled { .. } => self.stage_standings(&mut tx, write)?,
                Write::Place { .. } | Write::Line { .. } | Write::Admitted { .. } => {
                    self.stage_waitlist(&mut tx, write)?
                }
                Write::NewPayout(_) | Write::Payout(_) | Write::PayoutDetails { .. } | Write::Owed { .. } => {
                    self.stage_payouts(&mut tx, write)?
                }
                Write::Announce { kind, .. } => {
                    return Err(Inconsistent(format!("a {} event was committed unpublished", kind.name())).into())
                }
            }
        }
        new_codes.stage(&mut tx)?;
        rollups.stage(&mut tx)?;
        Ok(tx)
    }
}

/// Moves the counter under `key` by `delta`, seeing earlier staged moves.
pub(super) fn add(tx: &mut Overlay<'_>, key: Vec<u8>, delta: i64) -> Result<(), StoreError> {
    let value = keys::read_counter(tx.get(TreeId::CampaignRows, &key)?.as_deref()).saturating_add_signed(delta);
    tx.insert(TreeId::CampaignRows, key, keys::id(value));
    Ok(())
}
