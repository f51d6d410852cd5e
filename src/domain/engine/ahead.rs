//! Reads named ahead of a decision: what a decision is about to read, said before it reads,
//! so that a backend over the network can fetch it all in one round trip instead of one a
//! read (see [`super::BrandReads::read_ahead`]). Naming a read is only a hint: the decision reads
//! through [`super::BrandReads`] as always, and a read named but never made costs one fetch.

use crate::domain::client_print::RateKey;
use crate::domain::email::EmailLookup;
use crate::domain::ids::IdKind;
use crate::domain::leaderboard::Board;
use crate::domain::Counter;

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
