//! The referral engine: every rule that decides what a signup, a referral signup, a visit of a
//! referral link, a coupon upload, an invitation or a batch of counts does to a brand's data.
//!
//! The engine is pure. It reads through [`BrandReads`], decides, and returns the writes to
//! make ([`Write`]) with the outcome, or a refusal as a typed value. It never writes, never
//! waits, and knows no storage: a backend implements [`BrandReads`] and persists a
//! `Vec<Write>` atomically. The brand's single writer (`actors::brand`) is load, decide,
//! commit.
//!
//! Two rules make that sound:
//! - **The engine reads committed state only.** Within one decision it keeps track of what it
//!   already decided (the coupon it just took, the pool's new counts) and never reads its own
//!   writes back, so a backend needs no read-your-writes view of a decision in progress.
//! - **Nothing else writes the brand's rows between the reads and the commit.** That is the
//!   caller's guarantee: the brand actor is the only writer of its brand (embedded store); a
//!   database shared by several servers must hold a per-brand lock from the first read to the
//!   commit. Every exactly-once rule here (a coupon to one reward, a goal's reward once, a
//!   chain never overwritten, one participant per email) rests on it.
//!
//! Counters move by deltas ([`Write::Count`]), so a backend may apply them as `n = n + d`.

mod ahead;
mod block;
#[cfg(test)]
mod block_tests;
#[cfg(test)]
mod commission_tests;
mod commissions;
#[cfg(test)]
mod conversion_tests;
mod conversions;
mod coupons;
mod digest;
#[cfg(test)]
mod digest_tests;
#[cfg(test)]
mod disposable_tests;
mod emails;
#[cfg(test)]
mod emails_tests;
mod erasure;
#[cfg(test)]
mod erasure_tests;
mod events;
#[cfg(test)]
mod identity_tests;
mod invites;
#[cfg(test)]
mod lifecycle_tests;
#[cfg(test)]
mod model;
#[cfg(test)]
mod payout_tests;
mod payouts;
#[cfg(test)]
mod preview_tests;
mod promo_codes;
mod reads;
mod rewards;
mod sales_rollup;
mod signup;
mod standings;
#[cfg(test)]
mod standings_tests;
mod suspicion;
#[cfg(test)]
mod suspicion_tests;
mod tally;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tier_tests;
mod visit;
mod waitlist;
#[cfg(test)]
mod waitlist_tests;

pub use super::moment::{day_number, Moment, DAY_MS};
pub use ahead::ReadAhead;
pub use block::{decide_block, Block, BlockRefusal, BLOCKED_VOID_REASON};
pub use commissions::{attach_commissions, decide_rating};
pub use conversions::{
    decide_conversion, decide_refund, known_conversion, CodeUse, ConversionDecision, ConversionIds, ConversionRefusal,
    NewConversion, Refund,
};
pub use coupons::{decide_import, ImportOutcome, IMPORT_CHUNK};
pub use digest::{compose_digest, due_digest, DigestRecipient, DueDigest};
pub use emails::{compose as compose_emails, wanted as wanted_emails, Mailing, Wanted as WantedEmail};
pub use erasure::{decide_erasure, Erasure, ERASED_VOID_REASON};
pub use events::{publish, to_publish};
pub use invites::decide_invites;
pub use payouts::{
    balances, decide_payout_details, decide_payout_move, decide_payouts, payable, Balance, DetailsRefusal, PayoutMoved,
    PayoutRefusal,
};
pub use promo_codes::{decide_disable_promo_code, decide_promo_code, NewPromoCode, PromoCodeRefusal};
pub use reads::BrandReads;
pub use rewards::{decide_release, decide_reward_action, RewardMove, RewardRefusal};
pub use signup::{
    decide_signup, participant_id_by_address, signup_reads, NewParticipant, Owner, ReferralEdge, Signed,
    SignupDecision, SignupIds, SignupRefusal, SIGNUP_IDS,
};
pub use standings::{decide_contest_board, decide_contest_end, ContestEnd};
pub use tally::decide_tallies;
pub use visit::{decide_visit, Visit};
pub use waitlist::{decide_admit, decide_line, Admission, AdmitRefusal};

use super::client_print::{RateKey, StoredPrint};
use super::contest::ContestResult;
use super::conversion::Conversion;
use super::counters::{Counter, DailySeries};
use super::coupon::CouponPool;
use super::digest::DigestMark;
use super::event::{Event, EventSubject, EventType};
use super::leaderboard::{Board, Standing};
use super::reward::HoldReason;
use super::rollup::Measure;
use super::tiers::Prize;
use super::waitlist::Place;
use super::webhook::PendingDelivery;
use super::{Campaign, Coupon, Invite, Participant, Reward, RewardReason, RewardStatus, RewardType};

/// One write the engine decided. A backend persists a decision's writes all together or not
/// at all, in order (a later write of the same row wins).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Write {
    /// A new participant: the row and every index of it (email, roster position, member, and
    /// the domain for a domain participant).
    NewParticipant(Participant),
    /// An existing participant's row, changed.
    Participant(Participant),
    /// A reward's row, new or changed, with its indexes (the member's rewards by id, and the
    /// holds by the time they end).
    Reward(Reward),
    /// A coupon reward that waits for a coupon; the queue is read oldest reward id first.
    QueuePending { campaign_id: u64, reward_id: u64, participant_id: u64 },
    /// A pending reward got its coupon and leaves the queue.
    Dequeue { campaign_id: u64, reward_id: u64 },
    /// A code added to the pool at position `seq`, with its index by code.
    NewCoupon { campaign_id: u64, seq: u64, coupon: Coupon },
    /// The coupon at position `seq`, assigned to a reward.
    Coupon { campaign_id: u64, seq: u64, coupon: Coupon },
    /// The pool's counts.
    Pool { campaign_id: u64, pool: CouponPool },
    /// A counter moves by `delta`.
    Count { campaign_id: u64, counter: Counter, delta: i64 },
    /// `delta` more of a daily series on the UTC day numbered `day` (see [`day_number`]).
    Daily { campaign_id: u64, series: DailySeries, day: u32, delta: u64 },
    /// `n` more of an analytics measure in the quarter hour numbered `slot` (see
    /// [`crate::domain::rollup`]): the campaign's, or (with `partner_id`) of the participant
    /// it is credited to.
    Rollup { campaign_id: u64, partner_id: Option<u64>, slot: u32, measure: Measure, n: u64 },
    /// The first visit of `visitor` to the participant's referral link.
    Visit { campaign_id: u64, participant_id: u64, visitor: [u8; 16] },
    /// An invitation, new or accepted.
    Invite(Invite),
    /// A webhook delivery of an event (the outbox), committed with the event's cause.
    Delivery(PendingDelivery),
    /// Something happened that webhooks may hear of. Never committed as it is: [`publish`]
    /// turns it into an [`Event`](Write::Event) and its deliveries, or drops it.
    Announce { kind: EventType, campaign_id: u64, subject: Box<EventSubject> },
    /// An event's record, named: what its deliveries send.
    Event(Box<Event>),
    /// A conversion's row, new or changed, with its indexes by `external_id`, by each
    /// payment reference, and the member's.
    Conversion(Conversion),
    /// An invoice's commission, new or changed, with its place among its subscription's.
    Commission(Box<super::invoice::Commission>),
    /// A customer at a payment processor (`stripe:cus_…`, `stripe:sub_…`) is this
    /// participant: their later payments are credited to them whatever email they carry.
    /// Written once; a customer stays bound to their first participant.
    CustomerBinding { campaign_id: u64, customer: String, participant_id: u64 },
    /// A promo code, new or changed (disabled, or its counts moved), with its indexes: by
    /// its key in the brand, by its owner, and by its Stripe promotion code.
    PromoCode(Box<super::promo_code::PromoCode>),
    /// The participant's first conversion in the campaign.
    Converted { campaign_id: u64, participant_id: u64 },
    /// How many of the participant's referrals have converted (a `conversion` goal's count).
    Qualified { campaign_id: u64, participant_id: u64, count: u64 },
    /// A participant erased: their row as it is now (anonymous, see
    /// [`Participant::erase`]); the entries of their normalised `email` and their `domain` in
    /// the indexes go; and every copy of them the backend keeps outside the engine's rows
    /// (webhook events, the outcomes of idempotent requests) is erased the same way.
    Erased { participant: Participant, email: String, domain: Option<String> },
    /// An email to a participant, composed (see [`compose_emails`]): its row, its place in the
    /// campaign's delivery log, and its outbox entry, due now.
    Email(Box<crate::domain::outgoing_email::OutgoingEmail>),
    /// The participant wants no more of the campaign's emails.
    Unsubscribed { campaign_id: u64, participant_id: u64 },
    /// Where the campaign's daily digest left off today (see [`due_digest`]): committed with
    /// the digest's email, so one day cannot have two.
    DigestMark { campaign_id: u64, mark: DigestMark },
    /// The keyed print of the client a participant signed up from (see
    /// [`crate::domain::client_print`]), with its index by time so that it is forgotten
    /// after [`PRINT_KEPT_MS`](crate::domain::client_print::PRINT_KEPT_MS).
    SignupPrint { campaign_id: u64, participant_id: u64, print: StoredPrint },
    /// The recent times (Unix ms, oldest first) counted under a velocity key, as they are now.
    Rate { campaign_id: u64, key: RateKey, times: Vec<i64> },
    /// What the participant's referral was suspected of at their signup: the rewards it
    /// earns later (at a conversion) are held for the same reasons.
    ReferralHolds { campaign_id: u64, participant_id: u64, holds: Vec<HoldReason> },
    /// The participant is blocked since `at` (RFC 3339), or no longer (`None`): see
    /// [`decide_block`].
    Blocked { campaign_id: u64, participant_id: u64, at: Option<String> },
    /// A participant's standing on a leaderboard board moves from `was` (none: not on it) to
    /// `now`: a backend keeps each board in rank order (see `domain::leaderboard`).
    Standing { campaign_id: u64, board: Board, participant_id: u64, was: Option<Standing>, now: Standing },
    /// A board built anew: its standings before go, these are its standings.
    Board { campaign_id: u64, board: Board, standings: Vec<(u64, Standing)> },
    /// A contest's result, recorded once; its window is no longer due to be decided.
    ContestResult { campaign_id: u64, result: Box<ContestResult> },
    /// The contest window ending at `ends_ms` needs no deciding (stale, or off).
    ContestSettled { campaign_id: u64, ends_ms: i64 },
    /// A participant's place in the campaign's waitlist moves from `was` to `now` (none: not
    /// in line): a backend keeps the line in order and knows how many are in it.
    Place { campaign_id: u64, participant_id: u64, was: Option<Place>, now: Option<Place> },
    /// The waitlist built anew: every place before goes, these are its places.
    Line { campaign_id: u64, places: Vec<(u64, Place)> },
    /// The participant was admitted from the campaign's waitlist at `at` (RFC 3339).
    Admitted { campaign_id: u64, participant_id: u64, at: String },
    /// A new payout: its row, the member's index, and (unless it failed, as one moved from
    /// another backend may be) an entry per reward that no other payout may hold.
    NewPayout(super::payout::Payout),
    /// A payout moved (paid or failed); a failed one lets its rewards' entries go.
    Payout(super::payout::Payout),
    /// What the participant owes the campaign, as it is now.
    Owed { campaign_id: u64, participant_id: u64, owed: super::payout::Owed },
    /// Where the participant asked to be paid, or nothing any more (`None`).
    PayoutDetails { campaign_id: u64, participant_id: u64, details: Option<super::payout::PayoutDetails> },
}

/// Stored data that contradicts itself (an index naming a missing row). A fault of ours,
/// never of the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("stored data is inconsistent: {0}")]
pub struct Inconsistent(pub String);

/// A decision in the making: the reads it may make and the writes decided so far, with the
/// pools' counts as this decision left them (so a second coupon taken is the next one).
struct Decision<'r, R: BrandReads + ?Sized> {
    reads: &'r R,
    writes: Vec<Write>,
    /// The pools this decision touched, by campaign, and their counts now.
    pools: std::collections::BTreeMap<u64, CouponPool>,
    /// Coupons this decision added to the pool, by position: an upload hands them straight
    /// to pending rewards, and they are not committed yet.
    added: std::collections::HashMap<u64, Coupon>,
}

impl<'r, R: BrandReads + ?Sized> Decision<'r, R> {
    fn new(reads: &'r R) -> Self {
        Self { reads, writes: Vec::new(), pools: Default::default(), added: Default::default() }
    }

    fn count(&mut self, campaign_id: u64, counter: Counter, delta: i64) {
        self.writes.push(Write::Count { campaign_id, counter, delta });
    }

    /// Moves a counter up by `n` on the UTC day numbered `day`: its total, and its daily
    /// series when it has one.
    fn count_on(&mut self, campaign_id: u64, counter: Counter, n: u64, day: u32) {
        self.count(campaign_id, counter, n as i64);
        if let Some(series) = DailySeries::of(counter) {
            self.writes.push(Write::Daily { campaign_id, series, day, delta: n });
        }
    }

    /// Counts `n` of `measure` in the campaign's analytics at `slot`, and for the partner it
    /// is credited to, when there is one.
    fn roll(&mut self, campaign_id: u64, partner_id: Option<u64>, slot: u32, measure: Measure, n: u64) {
        if n == 0 {
            return;
        }
        self.writes.push(Write::Rollup { campaign_id, partner_id: None, slot, measure, n });
        if partner_id.is_some() {
            self.writes.push(Write::Rollup { campaign_id, partner_id, slot, measure, n });
        }
    }

    /// Moves the count of held rewards, and of each reason a reward is held for, by `delta`
    /// (a reward entering or leaving `held`).
    fn count_held(&mut self, campaign_id: u64, holds: &[HoldReason], delta: i64) {
        self.count(campaign_id, Counter::RewardsHeld, delta);
        for &reason in holds {
            self.count(campaign_id, Counter::held(reason), delta);
        }
    }

    /// The campaign's pool as this decision sees it.
    fn pool(&mut self, campaign_id: u64) -> Result<&mut CouponPool, R::Error> {
        if !self.pools.contains_key(&campaign_id) {
            let pool = self.reads.coupon_pool(campaign_id)?;
            self.pools.insert(campaign_id, pool);
        }
        Ok(self.pools.get_mut(&campaign_id).expect("inserted above"))
    }

    /// Writes the counts of the pools this decision read (unchanged ones too: harmless).
    fn close_pools(&mut self) {
        for (campaign_id, pool) in std::mem::take(&mut self.pools) {
            self.writes.push(Write::Pool { campaign_id, pool });
        }
    }

    /// Assigns the next available coupon of the pool to `reward` and sets its value; `false`
    /// when the pool has none. Coupons go out in upload order, so each is assigned once.
    /// The caller records the state change.
    fn take_coupon(&mut self, reward: &mut Reward, now: &str) -> Result<bool, R::Error> {
        let campaign_id = reward.campaign_id;
        let pool = self.pool(campaign_id)?;
        if pool.available() == 0 {
            return Ok(false);
        }
        let seq = pool.assigned + 1;
        let coupon = match self.added.remove(&seq) {
            Some(added) => Some(added),
            None => self.reads.coupon(campaign_id, seq)?,
        };
        let Some(mut coupon) = coupon else {
            return Err(Inconsistent(format!("coupon {seq} of campaign {campaign_id} is missing")).into());
        };
        self.pool(campaign_id)?.assigned = seq;
        coupon.reward_id = Some(reward.id);
        coupon.participant_id = Some(reward.participant_id);
        coupon.used_at = Some(now.to_owned());
        reward.value = Some(coupon.code.clone());
        reward.issued_at = Some(now.to_owned());
        self.writes.push(Write::Coupon { campaign_id, seq, coupon });
        Ok(true)
    }

    /// Hands a reward out now: a coupon reward takes the pool's next coupon, or waits in the
    /// queue of pending rewards while the pool is empty; any other reward is issued with the
    /// value it was earned with. `note` says why, in the reward's history.
    fn issue(&mut self, campaign: &Campaign, reward: &mut Reward, now: &str, note: &str) -> Result<(), R::Error> {
        reward.release_at_ms = None;
        reward.holds.clear();
        // The kind it was earned as: a campaign's reward type may have changed since.
        if reward.kind == RewardType::Coupon && !self.take_coupon(reward, now)? {
            self.writes.push(Write::QueuePending {
                campaign_id: campaign.id,
                reward_id: reward.id,
                participant_id: reward.participant_id,
            });
            self.count(campaign.id, Counter::RewardsPending, 1);
            reward.enter(RewardStatus::Pending, now, note);
            return Ok(());
        }
        reward.issued_at = Some(now.to_owned());
        self.count_issued(reward, now);
        reward.enter(RewardStatus::Issued, now, note);
        Ok(())
    }

    /// Counts a reward issued at `now`: the campaign's counter, and the analytics' rewards
    /// (and cash, for a cash reward) credited to its owner.
    fn count_issued(&mut self, reward: &Reward, now: &str) {
        self.count(reward.campaign_id, Counter::RewardsIssued, 1);
        let Some(slot) = crate::domain::rollup::slot_at(now) else { return };
        let owner = Some(reward.participant_id);
        self.roll(reward.campaign_id, owner, slot, Measure::Rewards, 1);
        if reward.kind == RewardType::Cash {
            let cents = reward.value.as_deref().and_then(crate::domain::money::cents).unwrap_or(0);
            self.roll(reward.campaign_id, owner, slot, Measure::Commissions, cents);
        }
    }

    /// Grants the campaign's reward to a participant: held for the campaign's `hold_days`
    /// when it has some, and for review when the grant names suspicions (see
    /// [`crate::domain::fraud::review_holds`]); issued at once otherwise (see
    /// [`Decision::issue`]). A cash, message or token reward keeps the value it was earned
    /// with, held or not.
    fn grant(
        &mut self,
        campaign: &Campaign,
        grant: Grant,
        owner: &Participant,
        moment: &Moment,
    ) -> Result<Reward, R::Error> {
        let now = moment.at.as_str();
        let mut reward = Reward {
            id: grant.reward_id,
            participant_id: grant.participant_id,
            campaign_id: campaign.id,
            kind: grant.prize.kind,
            value: grant.prize.value,
            status: RewardStatus::Held,
            reason: grant.reason,
            trigger_participant_id: grant.trigger,
            created_at: now.to_owned(),
            issued_at: None,
            brand_id: campaign.brand_id,
            member_id: campaign.member_id,
            release_at_ms: None,
            holds: Vec::new(),
            void_reason: None,
            history: Vec::new(),
        };
        if campaign.hold_days > 0 || !grant.review.is_empty() {
            let mut why = Vec::new();
            if campaign.hold_days > 0 {
                reward.release_at_ms =
                    Some(moment.unix_ms.saturating_add(i64::from(campaign.hold_days) * moment.hold_day_ms));
                reward.holds.push(HoldReason::HoldPeriod);
                why.push(format!("for the campaign's {} days", campaign.hold_days));
            }
            if !grant.review.is_empty() {
                let reasons: Vec<&str> = grant.review.iter().map(|h| h.name()).collect();
                why.push(format!("for review ({})", reasons.join(", ")));
                reward.holds.extend(grant.review);
            }
            reward.enter(RewardStatus::Held, now, format!("earned; held {}", why.join(" and ")));
            self.count_held(campaign.id, &reward.holds, 1);
        } else {
            self.issue(campaign, &mut reward, now, "earned")?;
        }
        self.record_reward(&reward, owner);
        Ok(reward)
    }

    /// Writes a reward's row and announces the state it is in now, as `owner`'s.
    fn record_reward(&mut self, reward: &Reward, owner: &Participant) {
        self.writes.push(Write::Reward(reward.clone()));
        self.writes.extend(events::announce_reward(reward, owner));
    }

    /// Writes a reward that moved, and announces its new state; whose it is is read.
    fn record_moved_reward(&mut self, reward: &Reward) -> Result<(), R::Error> {
        let Some(owner) = self.reads.participant(reward.participant_id)? else {
            return Err(Inconsistent(format!(
                "reward {} names missing participant {}",
                reward.id, reward.participant_id
            ))
            .into());
        };
        self.record_reward(reward, &owner);
        Ok(())
    }

    /// Adds a code to the campaign's pool, at the next position.
    fn add_coupon(&mut self, campaign_id: u64, code: &str) -> Result<(), R::Error> {
        let pool = self.pool(campaign_id)?;
        pool.uploaded += 1;
        let seq = pool.uploaded;
        let coupon = Coupon { code: code.to_owned(), reward_id: None, participant_id: None, used_at: None };
        self.added.insert(seq, coupon.clone());
        self.writes.push(Write::NewCoupon { campaign_id, seq, coupon });
        Ok(())
    }

    fn finish(mut self) -> Vec<Write> {
        self.close_pools();
        self.writes
    }
}

/// Who gets a reward, why, and under which id.
struct Grant {
    participant_id: u64,
    reward_id: u64,
    reason: RewardReason,
    /// The participant whose signup (or visit count) triggered the reward.
    trigger: Option<u64>,
    /// Why it is held for the member's review (`fraud::review_holds`); empty: not.
    review: Vec<HoldReason>,
    /// What it is: the campaign's reward, or a milestone tier's (`Campaign::prize_due`).
    prize: Prize,
}
