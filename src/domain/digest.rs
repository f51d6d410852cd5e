//! The member's daily digest of a campaign: what happened since the last one. A digest reads
//! the campaign's counters and leaves a mark of them; the next one reports the difference.
//! Reading counters, not rows, makes a digest cost the same for ten participants or ten
//! million, and the mark, committed with the digest's email, is what makes a second digest
//! of the same day impossible (see `engine::digest`).

use serde::{Deserialize, Serialize};

/// Where the last digest of a campaign left off: the day it was made for and the counters it
/// reported up to.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DigestMark {
    /// Days since the Unix epoch (UTC).
    pub day: u32,
    /// RFC 3339, UTC.
    pub at: String,
    pub participants: u64,
    pub referrals: u64,
    pub rewards_issued: u64,
}

/// What one digest reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DigestNumbers {
    /// When the period began: the last digest, or the campaign's creation (RFC 3339, UTC).
    pub since: String,
    /// New participants in the period.
    pub signups: u64,
    /// Of them, those referred by a participant.
    pub referrals: u64,
    /// Rewards issued in the period.
    pub rewards: u64,
    /// Rewards held now, waiting for their hold period to end or for the member's review.
    pub held: u64,
    /// Participants in all, now.
    pub participants: u64,
}

impl DigestNumbers {
    /// Whether there is anything to tell: a digest of a quiet day with nothing waiting for
    /// the member is not sent (its mark is still left).
    pub fn newsworthy(&self) -> bool {
        self.signups > 0 || self.rewards > 0 || self.held > 0
    }

    /// `since` as people read it: `2026-11-23 08:00 UTC`.
    pub fn since_shown(&self) -> String {
        match chrono::DateTime::parse_from_rfc3339(&self.since) {
            Ok(at) => at.with_timezone(&chrono::Utc).format("%Y-%m-%d %H:%M UTC").to_string(),
            Err(_) => self.since.clone(),
        }
    }
}
