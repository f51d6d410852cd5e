//! [`BrandReads`]: what the engine may read of a brand's committed data, and nothing else.
//! A backend implements it over its store (`src/store/sled/decisions.rs`, `src/store/postgres/session.rs`);
//! the engine's tests over hash maps (`model.rs`).

use super::{Inconsistent, ReadAhead};
use crate::domain::client_print::{RateKey, StoredPrint};
use crate::domain::contest::ContestResult;
use crate::domain::conversion::Conversion;
use crate::domain::counters::Counter;
use crate::domain::coupon::CouponPool;
use crate::domain::digest::DigestMark;
use crate::domain::email::EmailLookup;
use crate::domain::exchange_rate::ExchangeRate;
use crate::domain::invoice::Commission;
use crate::domain::leaderboard::{Board, Credit, Standing};
use crate::domain::payout::{Owed, Payout, PayoutDetails};
use crate::domain::promo_code::PromoCode;
use crate::domain::reward::HoldReason;
use crate::domain::waitlist::Place;
use crate::domain::{Campaign, Coupon, Invite, Participant, Reward};

/// What a backend lets the engine read of a brand's committed data.
pub trait BrandReads {
    /// The backend's error; stored data that contradicts itself is one too.
    type Error: From<Inconsistent>;

    /// Reads the decision is about to make: a backend over the network may fetch them all
    /// now, in one round trip, and answer them from what it fetched (nothing is written
    /// before the commit, so those answers stand). One that reads in memory ignores it.
    fn read_ahead(&self, _reads: &[ReadAhead]) -> Result<(), Self::Error> {
        Ok(())
    }
    fn campaign(&self, id: u64) -> Result<Option<Campaign>, Self::Error>;
    fn participant(&self, id: u64) -> Result<Option<Participant>, Self::Error>;
    /// The participant's reward `reward_id`.
    fn reward(&self, participant_id: u64, reward_id: u64) -> Result<Option<Reward>, Self::Error>;
    /// The campaign's participant this look-up finds (see [`super::EmailAddress::lookups`]; the
    /// campaign's rule is [`participant_id_by_address`]).
    fn participant_id_by_email(&self, campaign_id: u64, lookup: &EmailLookup) -> Result<Option<u64>, Self::Error>;
    /// The campaign's domain participant with this (normalised) domain.
    fn participant_id_by_domain(&self, campaign_id: u64, domain: &str) -> Result<Option<u64>, Self::Error>;
    fn invite(&self, participant_id: u64, invite_id: u64) -> Result<Option<Invite>, Self::Error>;
    /// A participant's invitations, oldest first.
    fn invites_of(&self, participant_id: u64) -> Result<Vec<Invite>, Self::Error>;
    /// The campaign's invitations sent to this inbox (an address's canonical form, see
    /// `email::canonical`: any spelling of it), by anyone. Rare (an erasure): a backend may
    /// search the campaign's invitations.
    fn invites_to(&self, campaign_id: u64, inbox: &str) -> Result<Vec<Invite>, Self::Error>;
    /// A participant's rewards, oldest first.
    fn rewards_of(&self, participant_id: u64) -> Result<Vec<Reward>, Self::Error>;
    fn counter(&self, campaign_id: u64, counter: Counter) -> Result<u64, Self::Error>;
    fn coupon_pool(&self, campaign_id: u64) -> Result<CouponPool, Self::Error>;
    /// The coupon at position `seq` of the pool (1 is the first uploaded).
    fn coupon(&self, campaign_id: u64, seq: u64) -> Result<Option<Coupon>, Self::Error>;
    /// For each code, whether the campaign's pool holds it: one read for a chunk of an
    /// import, not one per code.
    fn pool_holds(&self, campaign_id: u64, codes: &[String]) -> Result<Vec<bool>, Self::Error>;
    /// The oldest `limit` coupon rewards waiting for a coupon, oldest first.
    fn oldest_pending_rewards(&self, campaign_id: u64, limit: usize) -> Result<Vec<Reward>, Self::Error>;
    /// The campaign's conversion reported under `external_id`.
    fn conversion_by_external_id(&self, campaign_id: u64, external_id: &str)
        -> Result<Option<Conversion>, Self::Error>;
    /// The campaign's conversion that names this payment reference.
    fn conversion_by_payment(&self, campaign_id: u64, reference: &str) -> Result<Option<Conversion>, Self::Error>;
    /// The brand's promo code whose key ([`canonical`](crate::domain::promo_code::canonical))
    /// is `key`, enabled or not.
    fn promo_code(&self, brand_id: u64, key: &str) -> Result<Option<PromoCode>, Self::Error>;
    /// The brand's promo code that is the Stripe promotion code `stripe_id`.
    fn promo_code_by_stripe(&self, brand_id: u64, stripe_id: &str) -> Result<Option<PromoCode>, Self::Error>;
    /// A participant's promo codes, enabled or not.
    fn promo_codes_of(&self, participant_id: u64) -> Result<Vec<PromoCode>, Self::Error>;
    /// The participant a processor's customer is bound to in the campaign
    /// ([`Write::CustomerBinding`](super::Write::CustomerBinding)).
    fn customer_participant(&self, campaign_id: u64, customer: &str) -> Result<Option<u64>, Self::Error>;
    /// The commission of the campaign's conversion `conversion_id`, when it has one.
    fn commission(&self, campaign_id: u64, conversion_id: u64) -> Result<Option<Commission>, Self::Error>;
    /// The commissions of a subscription's invoices in the campaign, in no particular order.
    fn subscription_commissions(&self, campaign_id: u64, subscription_id: &str)
        -> Result<Vec<Commission>, Self::Error>;
    /// The commission whose reward is `reward_id`, when it is one.
    fn commission_of_reward(&self, campaign_id: u64, reward_id: u64) -> Result<Option<Commission>, Self::Error>;
    /// The campaign's commissions held for want of an exchange rate.
    fn unrated_commissions(&self, campaign_id: u64) -> Result<Vec<Commission>, Self::Error>;
    /// The member's exchange rates dated from `first_day` to `last_day` (YYYY-MM-DD, both
    /// included), in any order.
    fn exchange_rates(&self, member_id: u64, first_day: &str, last_day: &str)
        -> Result<Vec<ExchangeRate>, Self::Error>;
    /// Whether the participant has converted in the campaign before.
    fn converted(&self, campaign_id: u64, participant_id: u64) -> Result<bool, Self::Error>;
    /// How many of the participant's referrals have converted (0 when none).
    fn qualified_referrals(&self, campaign_id: u64, participant_id: u64) -> Result<u64, Self::Error>;
    /// Whether `visitor` has visited the participant's referral link before.
    fn visited(&self, campaign_id: u64, participant_id: u64, visitor: &[u8; 16]) -> Result<bool, Self::Error>;
    /// Whether the participant unsubscribed from the campaign's emails.
    fn unsubscribed(&self, campaign_id: u64, participant_id: u64) -> Result<bool, Self::Error>;
    /// Where the campaign's last daily digest left off (none yet: none).
    fn digest_mark(&self, campaign_id: u64) -> Result<Option<DigestMark>, Self::Error>;
    /// The print of the client the participant signed up from, while it is kept.
    fn signup_print(&self, participant_id: u64) -> Result<Option<StoredPrint>, Self::Error>;
    /// The recent times counted under a velocity key (none: empty).
    fn recent(&self, campaign_id: u64, key: &RateKey) -> Result<Vec<i64>, Self::Error>;
    /// What the participant's referral was suspected of at their signup (none: empty).
    fn referral_holds(&self, campaign_id: u64, participant_id: u64) -> Result<Vec<HoldReason>, Self::Error>;
    /// When the participant was blocked (not blocked: none).
    fn blocked(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, Self::Error>;
    /// The participant's standing on a board (none: not on it).
    fn standing(&self, campaign_id: u64, board: Board, participant_id: u64) -> Result<Option<Standing>, Self::Error>;
    /// The first `limit` of a board, best first, by participant id.
    fn board_top(&self, campaign_id: u64, board: Board, limit: usize) -> Result<Vec<(u64, Standing)>, Self::Error>;
    /// Every credited referral of the campaign. Rare (a board rebuilt): may scan the roster.
    fn credits(&self, campaign_id: u64) -> Result<Vec<Credit>, Self::Error>;
    /// The campaign's last recorded contest result.
    fn contest_result(&self, campaign_id: u64) -> Result<Option<ContestResult>, Self::Error>;
    /// The participant's place in the campaign's waitlist (none: not in line).
    fn place(&self, campaign_id: u64, participant_id: u64) -> Result<Option<Place>, Self::Error>;
    /// The first `limit` of the campaign's waitlist, front first, by participant id.
    fn line_front(&self, campaign_id: u64, limit: usize) -> Result<Vec<(u64, Place)>, Self::Error>;
    /// When the participant was admitted from the campaign's waitlist (not admitted: none).
    fn admitted(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, Self::Error>;
    /// Every participant of the campaign, in signup order. Rare (a line built anew): may
    /// scan the roster.
    fn roster(&self, campaign_id: u64) -> Result<Vec<Participant>, Self::Error>;
    /// The campaign's issued cash rewards in no payout that has not failed, oldest first (rare: may scan).
    fn unpaid_cash_rewards(&self, campaign_id: u64) -> Result<Vec<Reward>, Self::Error>;
    /// The campaign's payout `payout_id`.
    fn payout(&self, campaign_id: u64, payout_id: u64) -> Result<Option<Payout>, Self::Error>;
    /// The payout that holds the reward, among those that have not failed.
    fn payout_holding(&self, campaign_id: u64, reward_id: u64) -> Result<Option<u64>, Self::Error>;
    /// Where the participant asked to be paid (none given: none).
    /// What the participant owes the campaign (nothing: empty).
    fn owed(&self, campaign_id: u64, participant_id: u64) -> Result<Owed, Self::Error>;
    /// Where the participant asked to be paid (none given: none).
    fn payout_details(&self, campaign_id: u64, participant_id: u64) -> Result<Option<PayoutDetails>, Self::Error>;
}
