//! Reads named ahead of a decision: what a decision is about to read, said before it reads,
//! so that a backend over the network can fetch it all in one round trip instead of one a
//! read (see [`super::BrandReads::read_ahead`]). Naming a read is only a hint: the decision reads
//! through [`BrandReads`] as always, and a read named but never made costs one fetch.

use super::{Moment, ReferralEdge};
use crate::domain::client_print::RateKey;
use crate::domain::email::EmailLookup;
use crate::domain::ids::IdKind;
use crate::domain::leaderboard::{self, Board};
use crate::domain::{Campaign, Counter, EmailAddress};

/// One read of [`super::BrandReads`], with its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadAhead {
    /// [`super::BrandReads::campaign`].
    Campaign(u64),
    /// New ids of these kinds for a new participant, taken only if none of the lookups
    /// finds a participant of the campaign (a known address creates nothing and takes no
    /// number): what the decision's session then answers when asked for ids of these kinds.
    NewIds { campaign_id: u64, lookups: Vec<EmailLookup>, kinds: Vec<IdKind> },
    /// [`super::BrandReads::participant`].
    Participant(u64),
    /// [`super::BrandReads::blocked`].
    Blocked { campaign_id: u64, participant_id: u64 },
    /// [`super::BrandReads::participant_id_by_email`].
    Email { campaign_id: u64, lookup: EmailLookup },
    /// [`super::BrandReads::counter`].
    Counter { campaign_id: u64, counter: Counter },
    /// [`super::BrandReads::standing`].
    Standing { campaign_id: u64, board: Board, participant_id: u64 },
    /// [`super::BrandReads::recent`].
    Recent { campaign_id: u64, key: RateKey },
    /// The member's webhooks, which the decision's events are published to (read by the
    /// brand actor when it publishes, not by the engine).
    Webhooks { member_id: u64 },
    /// The member an API key (its SHA-256 digest) belongs to: a signup checks inside its
    /// decision that the key it came with still names its member (read by the brand actor).
    KeyHolder([u8; 32]),
    /// A plan: the campaign owner's, whose participant limit a signup applies (read by the
    /// brand actor).
    Plan(u64),
}

/// The ids a signup takes for a new participant: theirs, the referrer's reward and their own
/// reward (a two-way campaign), in this order (see [`super::SignupIds`]).
pub const SIGNUP_IDS: [IdKind; 3] = [IdKind::Participant, IdKind::Reward, IdKind::Reward];

/// What [`super::decide_signup`] reads of a new participant's signup, in the usual case (the
/// address is new; the referrer exists and is not blocked): the campaign, the address's
/// lookups and the new ids unless one finds a participant, the participant count, the
/// referrer, whether they are blocked, their standings and velocity count, and the owner's
/// webhooks.
pub fn signup_reads(
    campaign: &Campaign,
    email: &EmailAddress,
    referral: Option<ReferralEdge>,
    moment: &Moment,
) -> Vec<ReadAhead> {
    let campaign_id = campaign.id;
    let lookups = email.lookups(campaign.fraud.canonical_emails);
    let mut reads = vec![ReadAhead::Campaign(campaign_id)];
    reads.extend(lookups.iter().map(|lookup| ReadAhead::Email { campaign_id, lookup: lookup.clone() }));
    reads.push(ReadAhead::NewIds { campaign_id, lookups, kinds: SIGNUP_IDS.to_vec() });
    reads.push(ReadAhead::Counter { campaign_id, counter: Counter::Participants });
    reads.push(ReadAhead::Webhooks { member_id: campaign.member_id });
    if let Some(edge) = referral {
        let referrer = edge.referrer_id;
        reads.push(ReadAhead::Participant(referrer));
        reads.push(ReadAhead::Blocked { campaign_id, participant_id: referrer });
        reads.push(ReadAhead::Recent { campaign_id, key: RateKey::Referrer(referrer) });
        for board in leaderboard::boards_at(campaign, moment.time()) {
            reads.push(ReadAhead::Standing { campaign_id, board, participant_id: referrer });
        }
    }
    reads
}
