//! An in-memory brand for the engine's tests: [`BrandReads`] over hash maps, and `apply`,
//! which commits a decision's writes the way a backend must (all of them, in order; counters
//! by delta). The rules are tested here without a server or a database. Kept in one file,
//! over 500 lines, as the trait it implements is: one read each, side by side, as simple as
//! a map lookup can make it.

use std::collections::{BTreeMap, HashMap, HashSet};

use super::{BrandReads, Inconsistent, Write};
use crate::domain::client_print::{RateKey, StoredPrint};
use crate::domain::contest::ContestResult;
use crate::domain::counters::{Counter, DailySeries};
use crate::domain::email::{self, EmailLookup};
use crate::domain::leaderboard::{Board, Credit, Standing};
use crate::domain::payout::{Owed, Payout, PayoutDetails};
use crate::domain::reward::HoldReason;
use crate::domain::reward_type::RewardType;
use crate::domain::waitlist::Place;
use crate::domain::webhook::PendingDelivery;
use crate::domain::{Campaign, Coupon, CouponPool, Invite, Participant, Reward, RewardStatus};

#[derive(Debug, Default, Clone)]
pub struct MemoryBrand {
    pub campaigns: HashMap<u64, Campaign>,
    pub participants: HashMap<u64, Participant>,
    pub by_email: HashMap<(u64, String), u64>,
    /// (campaign, inbox) → the participants reaching it, oldest first.
    pub by_inbox: BTreeMap<(u64, String), std::collections::BTreeSet<u64>>,
    pub by_domain: HashMap<(u64, String), u64>,
    pub roster: BTreeMap<(u64, u64), u64>,
    pub rewards: BTreeMap<u64, Reward>,
    pub pending: BTreeMap<(u64, u64), u64>,
    pub coupons: BTreeMap<(u64, u64), Coupon>,
    pub codes: HashSet<(u64, String)>,
    pub pools: HashMap<u64, CouponPool>,
    pub counters: HashMap<(u64, Counter), u64>,
    pub daily: HashMap<(u64, DailySeries, u32), u64>,
    /// The analytics: (campaign, partner, slot) and its measures.
    pub rollups: BTreeMap<(u64, Option<u64>, u32), crate::domain::rollup::Measures>,
    pub visits: HashSet<(u64, u64, [u8; 16])>,
    pub invites: BTreeMap<(u64, u64), Invite>,
    pub deliveries: Vec<PendingDelivery>,
    pub events: BTreeMap<u64, crate::domain::event::Event>,
    pub conversions: BTreeMap<u64, crate::domain::conversion::Conversion>,
    /// member → exchange rates.
    pub exchange_rates: HashMap<u64, Vec<crate::domain::exchange_rate::ExchangeRate>>,
    /// conversion → its commission.
    pub commissions: BTreeMap<u64, crate::domain::invoice::Commission>,
    pub external_ids: HashMap<(u64, String), u64>,
    pub payments: HashMap<(u64, String), u64>,
    pub customers: HashMap<(u64, String), u64>,
    /// Promo codes by brand and key.
    pub promo_codes: HashMap<(u64, String), crate::domain::promo_code::PromoCode>,
    pub converted: HashSet<(u64, u64)>,
    pub qualified: HashMap<(u64, u64), u64>,
    pub emails: BTreeMap<u64, crate::domain::outgoing_email::OutgoingEmail>,
    pub unsubscribed: HashSet<(u64, u64)>,
    pub digest_marks: HashMap<u64, crate::domain::digest::DigestMark>,
    pub prints: HashMap<u64, StoredPrint>,
    pub rates: HashMap<(u64, RateKey), Vec<i64>>,
    pub referral_holds: HashMap<(u64, u64), Vec<HoldReason>>,
    pub blocked: HashMap<(u64, u64), String>,
    /// (campaign, board) → rank key → participant: each board in rank order.
    pub boards: BTreeMap<(u64, Board), BTreeMap<[u8; 24], u64>>,
    pub standings: HashMap<(u64, Board, u64), Standing>,
    pub contest_results: HashMap<u64, ContestResult>,
    /// Contest windows settled (campaign, end).
    pub settled: Vec<(u64, i64)>,
    /// campaign → place key → participant: each waitlist in line order.
    pub lines: BTreeMap<u64, BTreeMap<[u8; 17], u64>>,
    pub places: HashMap<(u64, u64), Place>,
    pub admitted: HashMap<(u64, u64), String>,
    pub payouts: BTreeMap<u64, Payout>,
    /// (campaign, reward) → the payout that holds it, among those that have not failed.
    pub paying: HashMap<(u64, u64), u64>,
    pub payout_details: HashMap<(u64, u64), PayoutDetails>,
    pub owed: HashMap<(u64, u64), Owed>,
}

impl MemoryBrand {
    /// Commits a decision's writes.
    pub fn apply(&mut self, writes: Vec<Write>) {
        for write in writes {
            match write {
                Write::NewParticipant(p) => {
                    self.by_email.insert((p.campaign_id, email::normalize(&p.email)), p.id);
                    self.by_inbox.entry((p.campaign_id, email::canonical(&p.email))).or_default().insert(p.id);
                    if let Some(domain) = &p.domain {
                        self.by_domain.insert((p.campaign_id, domain.clone()), p.id);
                    }
                    assert!(self.roster.insert((p.campaign_id, p.seq), p.id).is_none(), "roster seq reused");
                    assert!(self.participants.insert(p.id, p).is_none(), "participant id reused");
                }
                Write::Participant(p) => {
                    assert!(self.participants.insert(p.id, p).is_some(), "update of a missing participant");
                }
                Write::Reward(r) => {
                    self.rewards.insert(r.id, r);
                }
                Write::QueuePending { campaign_id, reward_id, participant_id } => {
                    self.pending.insert((campaign_id, reward_id), participant_id);
                }
                Write::Dequeue { campaign_id, reward_id } => {
                    assert!(self.pending.remove(&(campaign_id, reward_id)).is_some(), "dequeue of a missing reward");
                }
                Write::NewCoupon { campaign_id, seq, coupon } => {
                    assert!(self.codes.insert((campaign_id, coupon.code.clone())), "code added twice");
                    self.coupons.insert((campaign_id, seq), coupon);
                }
                Write::Coupon { campaign_id, seq, coupon } => {
                    self.coupons.insert((campaign_id, seq), coupon);
                }
                Write::Pool { campaign_id, pool } => {
                    self.pools.insert(campaign_id, pool);
                }
                Write::Count { campaign_id, counter, delta } => {
                    let n = self.counters.entry((campaign_id, counter)).or_default();
                    *n = n.checked_add_signed(delta).expect("a counter went below zero");
                }
                Write::Daily { campaign_id, series, day, delta } => {
                    *self.daily.entry((campaign_id, series, day)).or_default() += delta
                }
                Write::Rollup { campaign_id, partner_id, slot, measure, n } => {
                    self.rollups.entry((campaign_id, partner_id, slot)).or_default().add(measure, n);
                }
                Write::Visit { campaign_id, participant_id, visitor } => {
                    self.visits.insert((campaign_id, participant_id, visitor));
                }
                Write::Invite(invite) => {
                    self.invites.insert((invite.participant_id, invite.id), invite);
                }
                Write::Delivery(delivery) => self.deliveries.push(delivery),
                Write::Event(event) => {
                    assert!(self.events.insert(event.id, *event).is_none(), "event id reused");
                }
                Write::Email(email) => {
                    assert!(self.emails.insert(email.id, *email).is_none(), "email id reused");
                }
                Write::Unsubscribed { campaign_id, participant_id } => {
                    self.unsubscribed.insert((campaign_id, participant_id));
                }
                Write::DigestMark { campaign_id, mark } => {
                    self.digest_marks.insert(campaign_id, mark);
                }
                Write::SignupPrint { participant_id, print, .. } => {
                    assert!(self.prints.insert(participant_id, print).is_none(), "a print is written once");
                }
                Write::Rate { campaign_id, key, times } => {
                    self.rates.insert((campaign_id, key), times);
                }
                Write::ReferralHolds { campaign_id, participant_id, holds } => {
                    self.referral_holds.insert((campaign_id, participant_id), holds);
                }
                Write::Blocked { campaign_id, participant_id, at: Some(at) } => {
                    self.blocked.insert((campaign_id, participant_id), at);
                }
                Write::Blocked { campaign_id, participant_id, at: None } => {
                    self.blocked.remove(&(campaign_id, participant_id));
                }
                Write::Standing { campaign_id, board, participant_id, was, now } => {
                    let stored = self.standings.insert((campaign_id, board, participant_id), now);
                    assert_eq!(stored, was, "a standing moves from what is stored");
                    let ranks = self.boards.entry((campaign_id, board)).or_default();
                    if let Some(was) = was {
                        assert!(ranks.remove(&was.rank_key(participant_id)).is_some(), "rank entry");
                    }
                    ranks.insert(now.rank_key(participant_id), participant_id);
                }
                Write::Board { campaign_id, board, standings } => {
                    self.standings.retain(|(c, b, _), _| (*c, *b) != (campaign_id, board));
                    let ranks = self.boards.entry((campaign_id, board)).or_default();
                    ranks.clear();
                    for (participant_id, standing) in standings {
                        self.standings.insert((campaign_id, board, participant_id), standing);
                        ranks.insert(standing.rank_key(participant_id), participant_id);
                    }
                }
                Write::ContestResult { campaign_id, result } => {
                    self.contest_results.insert(campaign_id, *result);
                }
                Write::ContestSettled { campaign_id, ends_ms } => self.settled.push((campaign_id, ends_ms)),
                Write::Place { campaign_id, participant_id, was, now } => {
                    let line = self.lines.entry(campaign_id).or_default();
                    assert_eq!(
                        self.places.get(&(campaign_id, participant_id)).copied(),
                        was,
                        "a place moves from what is stored"
                    );
                    if let Some(was) = was {
                        assert_eq!(line.remove(&was.key()), Some(participant_id), "line entry");
                        self.places.remove(&(campaign_id, participant_id));
                    }
                    if let Some(now) = now {
                        assert!(line.insert(now.key(), participant_id).is_none(), "two people in one place");
                        self.places.insert((campaign_id, participant_id), now);
                    }
                }
                Write::Line { campaign_id, places } => {
                    self.places.retain(|(c, _), _| *c != campaign_id);
                    let line = self.lines.entry(campaign_id).or_default();
                    line.clear();
                    for (participant_id, place) in places {
                        line.insert(place.key(), participant_id);
                        self.places.insert((campaign_id, participant_id), place);
                    }
                }
                Write::Admitted { campaign_id, participant_id, at } => {
                    assert!(self.admitted.insert((campaign_id, participant_id), at).is_none(), "admitted twice");
                }
                Write::Announce { .. } => panic!("an announcement must be published before it is committed"),
                Write::Conversion(c) => {
                    self.external_ids.insert((c.campaign_id, c.external_id.clone()), c.id);
                    for reference in &c.payment_references {
                        self.payments.insert((c.campaign_id, reference.clone()), c.id);
                    }
                    self.conversions.insert(c.id, c);
                }
                Write::Commission(c) => {
                    self.commissions.insert(c.conversion_id, *c);
                }
                Write::PromoCode(code) => {
                    self.promo_codes.insert((code.brand_id, code.key()), *code);
                }
                Write::CustomerBinding { campaign_id, customer, participant_id } => {
                    assert!(self.customers.insert((campaign_id, customer), participant_id).is_none(), "bound twice");
                }
                Write::Converted { campaign_id, participant_id } => {
                    assert!(self.converted.insert((campaign_id, participant_id)), "converted twice");
                }
                Write::Qualified { campaign_id, participant_id, count } => {
                    self.qualified.insert((campaign_id, participant_id), count);
                }
                Write::Erased { participant, email, domain } => {
                    let campaign_id = participant.campaign_id;
                    self.prints.remove(&participant.id);
                    self.customers.retain(|_, bound| *bound != participant.id);
                    let inbox = self.by_inbox.get_mut(&(campaign_id, email::canonical(&email)));
                    assert!(inbox.is_some_and(|ids| ids.remove(&participant.id)), "inbox index");
                    assert_eq!(self.by_email.remove(&(campaign_id, email)), Some(participant.id), "email index");
                    if let Some(domain) = domain {
                        assert_eq!(self.by_domain.remove(&(campaign_id, domain)), Some(participant.id));
                    }
                    for event in self.events.values_mut() {
                        event.forget(participant.id);
                    }
                    for email in self.emails.values_mut() {
                        email.forget(participant.id);
                    }
                    assert!(self.participants.insert(participant.id, participant).is_some(), "erased a stranger");
                }
                Write::NewPayout(payout) => {
                    for &reward_id in payout.reward_ids.iter().filter(|_| payout.status.holds_rewards()) {
                        let held = self.paying.insert((payout.campaign_id, reward_id), payout.id);
                        assert!(held.is_none(), "reward {reward_id} in two payouts");
                    }
                    assert!(self.payouts.insert(payout.id, payout).is_none(), "payout id reused");
                }
                Write::Owed { campaign_id, participant_id, owed } => {
                    self.owed.insert((campaign_id, participant_id), owed);
                }
                Write::PayoutDetails { campaign_id, participant_id, details } => match details {
                    Some(details) => drop(self.payout_details.insert((campaign_id, participant_id), details)),
                    None => drop(self.payout_details.remove(&(campaign_id, participant_id))),
                },
                Write::Payout(payout) => {
                    if !payout.status.holds_rewards() {
                        for reward_id in &payout.reward_ids {
                            self.paying.remove(&(payout.campaign_id, *reward_id));
                        }
                    }
                    assert!(self.payouts.insert(payout.id, payout).is_some(), "update of a missing payout");
                }
            }
        }
    }

    pub fn count(&self, campaign_id: u64, counter: Counter) -> u64 {
        self.counters.get(&(campaign_id, counter)).copied().unwrap_or(0)
    }
}

impl BrandReads for MemoryBrand {
    type Error = Inconsistent;

    fn campaign(&self, id: u64) -> Result<Option<Campaign>, Inconsistent> {
        Ok(self.campaigns.get(&id).cloned())
    }

    fn participant(&self, id: u64) -> Result<Option<Participant>, Inconsistent> {
        Ok(self.participants.get(&id).cloned())
    }

    fn reward(&self, participant_id: u64, reward_id: u64) -> Result<Option<Reward>, Inconsistent> {
        Ok(self.rewards.get(&reward_id).filter(|r| r.participant_id == participant_id).cloned())
    }

    fn participant_id_by_email(&self, campaign_id: u64, lookup: &EmailLookup) -> Result<Option<u64>, Inconsistent> {
        Ok(match lookup {
            EmailLookup::Exact(email) => self.by_email.get(&(campaign_id, email.clone())).copied(),
            EmailLookup::Inbox(inbox) => {
                self.by_inbox.get(&(campaign_id, inbox.clone())).and_then(|ids| ids.first().copied())
            }
        })
    }

    fn participant_id_by_domain(&self, campaign_id: u64, domain: &str) -> Result<Option<u64>, Inconsistent> {
        Ok(self.by_domain.get(&(campaign_id, domain.to_owned())).copied())
    }

    fn invite(&self, participant_id: u64, invite_id: u64) -> Result<Option<Invite>, Inconsistent> {
        Ok(self.invites.get(&(participant_id, invite_id)).cloned())
    }

    fn invites_of(&self, participant_id: u64) -> Result<Vec<Invite>, Inconsistent> {
        Ok(self.invites.range((participant_id, 0)..=(participant_id, u64::MAX)).map(|(_, i)| i.clone()).collect())
    }

    fn invites_to(&self, campaign_id: u64, inbox: &str) -> Result<Vec<Invite>, Inconsistent> {
        Ok(self
            .invites
            .values()
            .filter(|i| {
                self.participants.get(&i.participant_id).is_some_and(|p| p.campaign_id == campaign_id)
                    && email::canonical(&i.email) == inbox
            })
            .cloned()
            .collect())
    }

    fn rewards_of(&self, participant_id: u64) -> Result<Vec<Reward>, Inconsistent> {
        Ok(self.rewards.values().filter(|r| r.participant_id == participant_id).cloned().collect())
    }

    fn counter(&self, campaign_id: u64, counter: Counter) -> Result<u64, Inconsistent> {
        Ok(self.count(campaign_id, counter))
    }

    fn coupon_pool(&self, campaign_id: u64) -> Result<CouponPool, Inconsistent> {
        Ok(self.pools.get(&campaign_id).copied().unwrap_or_default())
    }

    fn coupon(&self, campaign_id: u64, seq: u64) -> Result<Option<Coupon>, Inconsistent> {
        Ok(self.coupons.get(&(campaign_id, seq)).cloned())
    }

    fn pool_holds(&self, campaign_id: u64, codes: &[String]) -> Result<Vec<bool>, Inconsistent> {
        Ok(codes.iter().map(|code| self.codes.contains(&(campaign_id, code.clone()))).collect())
    }

    fn oldest_pending_rewards(&self, campaign_id: u64, limit: usize) -> Result<Vec<Reward>, Inconsistent> {
        Ok(self
            .pending
            .range((campaign_id, 0)..=(campaign_id, u64::MAX))
            .take(limit)
            .filter_map(|((_, reward_id), _)| self.rewards.get(reward_id).cloned())
            .collect())
    }

    fn conversion_by_external_id(
        &self,
        campaign_id: u64,
        external_id: &str,
    ) -> Result<Option<crate::domain::conversion::Conversion>, Inconsistent> {
        let id = self.external_ids.get(&(campaign_id, external_id.to_owned()));
        Ok(id.and_then(|id| self.conversions.get(id)).cloned())
    }

    fn conversion_by_payment(
        &self,
        campaign_id: u64,
        reference: &str,
    ) -> Result<Option<crate::domain::conversion::Conversion>, Inconsistent> {
        let id = self.payments.get(&(campaign_id, reference.to_owned()));
        Ok(id.and_then(|id| self.conversions.get(id)).cloned())
    }

    fn promo_code(
        &self,
        brand_id: u64,
        key: &str,
    ) -> Result<Option<crate::domain::promo_code::PromoCode>, Inconsistent> {
        Ok(self.promo_codes.get(&(brand_id, key.to_owned())).cloned())
    }

    fn promo_code_by_stripe(
        &self,
        brand_id: u64,
        stripe_id: &str,
    ) -> Result<Option<crate::domain::promo_code::PromoCode>, Inconsistent> {
        let found = self
            .promo_codes
            .values()
            .find(|c| c.brand_id == brand_id && c.stripe_promotion_code.as_deref() == Some(stripe_id));
        Ok(found.cloned())
    }

    fn promo_codes_of(&self, participant_id: u64) -> Result<Vec<crate::domain::promo_code::PromoCode>, Inconsistent> {
        Ok(self.promo_codes.values().filter(|c| c.participant_id == participant_id).cloned().collect())
    }

    fn customer_participant(&self, campaign_id: u64, customer: &str) -> Result<Option<u64>, Inconsistent> {
        Ok(self.customers.get(&(campaign_id, customer.to_owned())).copied())
    }

    fn commission_of_reward(
        &self,
        campaign_id: u64,
        reward_id: u64,
    ) -> Result<Option<crate::domain::invoice::Commission>, Inconsistent> {
        let of =
            |c: &&crate::domain::invoice::Commission| c.campaign_id == campaign_id && c.reward_id == Some(reward_id);
        Ok(self.commissions.values().find(of).cloned())
    }

    fn unrated_commissions(&self, campaign_id: u64) -> Result<Vec<crate::domain::invoice::Commission>, Inconsistent> {
        let unrated = |c: &&crate::domain::invoice::Commission| {
            c.campaign_id == campaign_id && c.state == crate::domain::invoice::CommissionState::NoExchangeRate
        };
        Ok(self.commissions.values().filter(unrated).cloned().collect())
    }

    fn exchange_rates(
        &self,
        member_id: u64,
        first_day: &str,
        last_day: &str,
    ) -> Result<Vec<crate::domain::exchange_rate::ExchangeRate>, Inconsistent> {
        let within = |r: &&crate::domain::exchange_rate::ExchangeRate| {
            first_day <= r.date.as_str() && r.date.as_str() <= last_day
        };
        let rates = self.exchange_rates.get(&member_id);
        Ok(rates.map(|rates| rates.iter().filter(within).cloned().collect()).unwrap_or_default())
    }

    fn commission(
        &self,
        campaign_id: u64,
        conversion_id: u64,
    ) -> Result<Option<crate::domain::invoice::Commission>, Inconsistent> {
        Ok(self.commissions.get(&conversion_id).filter(|c| c.campaign_id == campaign_id).cloned())
    }

    fn subscription_commissions(
        &self,
        campaign_id: u64,
        subscription_id: &str,
    ) -> Result<Vec<crate::domain::invoice::Commission>, Inconsistent> {
        let of = |c: &&crate::domain::invoice::Commission| {
            c.campaign_id == campaign_id && c.invoice.subscription_id == subscription_id
        };
        Ok(self.commissions.values().filter(of).cloned().collect())
    }

    fn converted(&self, campaign_id: u64, participant_id: u64) -> Result<bool, Inconsistent> {
        Ok(self.converted.contains(&(campaign_id, participant_id)))
    }

    fn qualified_referrals(&self, campaign_id: u64, participant_id: u64) -> Result<u64, Inconsistent> {
        Ok(self.qualified.get(&(campaign_id, participant_id)).copied().unwrap_or(0))
    }

    fn visited(&self, campaign_id: u64, participant_id: u64, visitor: &[u8; 16]) -> Result<bool, Inconsistent> {
        Ok(self.visits.contains(&(campaign_id, participant_id, *visitor)))
    }

    fn unsubscribed(&self, campaign_id: u64, participant_id: u64) -> Result<bool, Inconsistent> {
        Ok(self.unsubscribed.contains(&(campaign_id, participant_id)))
    }

    fn digest_mark(&self, campaign_id: u64) -> Result<Option<crate::domain::digest::DigestMark>, Inconsistent> {
        Ok(self.digest_marks.get(&campaign_id).cloned())
    }

    fn signup_print(&self, participant_id: u64) -> Result<Option<StoredPrint>, Inconsistent> {
        Ok(self.prints.get(&participant_id).copied())
    }

    fn recent(&self, campaign_id: u64, key: &RateKey) -> Result<Vec<i64>, Inconsistent> {
        Ok(self.rates.get(&(campaign_id, *key)).cloned().unwrap_or_default())
    }

    fn referral_holds(&self, campaign_id: u64, participant_id: u64) -> Result<Vec<HoldReason>, Inconsistent> {
        Ok(self.referral_holds.get(&(campaign_id, participant_id)).cloned().unwrap_or_default())
    }

    fn blocked(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, Inconsistent> {
        Ok(self.blocked.get(&(campaign_id, participant_id)).cloned())
    }

    fn standing(&self, campaign_id: u64, board: Board, participant_id: u64) -> Result<Option<Standing>, Inconsistent> {
        Ok(self.standings.get(&(campaign_id, board, participant_id)).copied())
    }

    fn board_top(&self, campaign_id: u64, board: Board, limit: usize) -> Result<Vec<(u64, Standing)>, Inconsistent> {
        let Some(ranks) = self.boards.get(&(campaign_id, board)) else { return Ok(Vec::new()) };
        Ok(ranks.keys().take(limit).filter_map(|k| Standing::from_rank_key(k)).collect())
    }

    fn credits(&self, campaign_id: u64) -> Result<Vec<Credit>, Inconsistent> {
        Ok(self
            .participants
            .values()
            .filter(|p| p.campaign_id == campaign_id)
            .filter_map(|p| Some(Credit { referrer_id: p.referred_by?, at: p.created_at.parse().ok()?, seq: p.seq }))
            .collect())
    }

    fn contest_result(&self, campaign_id: u64) -> Result<Option<ContestResult>, Inconsistent> {
        Ok(self.contest_results.get(&campaign_id).cloned())
    }

    fn place(&self, campaign_id: u64, participant_id: u64) -> Result<Option<Place>, Inconsistent> {
        Ok(self.places.get(&(campaign_id, participant_id)).copied())
    }

    fn line_front(&self, campaign_id: u64, limit: usize) -> Result<Vec<(u64, Place)>, Inconsistent> {
        let Some(line) = self.lines.get(&campaign_id) else { return Ok(Vec::new()) };
        Ok(line.iter().take(limit).filter_map(|(k, &id)| Some((id, Place::from_key(k)?))).collect())
    }

    fn admitted(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, Inconsistent> {
        Ok(self.admitted.get(&(campaign_id, participant_id)).cloned())
    }

    fn roster(&self, campaign_id: u64) -> Result<Vec<Participant>, Inconsistent> {
        let ids = self.roster.range((campaign_id, 0)..=(campaign_id, u64::MAX)).map(|(_, id)| id);
        Ok(ids.filter_map(|id| self.participants.get(id).cloned()).collect())
    }

    fn unpaid_cash_rewards(&self, campaign_id: u64) -> Result<Vec<Reward>, Inconsistent> {
        let unpaid = |r: &&Reward| {
            r.campaign_id == campaign_id
                && r.kind == RewardType::Cash
                && r.status == RewardStatus::Issued
                && !self.paying.contains_key(&(campaign_id, r.id))
        };
        Ok(self.rewards.values().filter(unpaid).cloned().collect())
    }

    fn payout(&self, campaign_id: u64, payout_id: u64) -> Result<Option<Payout>, Inconsistent> {
        Ok(self.payouts.get(&payout_id).filter(|p| p.campaign_id == campaign_id).cloned())
    }

    fn payout_holding(&self, campaign_id: u64, reward_id: u64) -> Result<Option<u64>, Inconsistent> {
        Ok(self.paying.get(&(campaign_id, reward_id)).copied())
    }

    fn owed(&self, campaign_id: u64, participant_id: u64) -> Result<Owed, Inconsistent> {
        Ok(self.owed.get(&(campaign_id, participant_id)).cloned().unwrap_or_default())
    }

    fn payout_details(&self, campaign_id: u64, participant_id: u64) -> Result<Option<PayoutDetails>, Inconsistent> {
        Ok(self.payout_details.get(&(campaign_id, participant_id)).cloned())
    }
}

impl MemoryBrand {
    /// The participant's position in the campaign's waitlist, from 1, and how many are
    /// behind them: what a backend answers.
    pub fn position(&self, campaign_id: u64, participant_id: u64) -> Option<(u64, u64)> {
        let key = self.places.get(&(campaign_id, participant_id))?.key();
        let line = self.lines.get(&campaign_id)?;
        let ahead = line.range(..key).count() as u64;
        Some((ahead + 1, line.len() as u64 - ahead - 1))
    }
}
