//! Searching a campaign's participants by email or name without reading them all.
//!
//! A search matches text anywhere in the email or the name, so no ordered index can narrow
//! it; it has to look at every participant. What it looks at is kept small: each participant
//! has a haystack row (`campaign_row::HAYSTACK ++ roster position → participant ++ lower-cased
//! email and name`) beside the roster, in roster order. A search reads those rows newest
//! first, one range read of small values, and decodes only the participants of the page it
//! shows. The haystack is written at signup and removed at erasure (nothing else changes an
//! email or a name).

use super::keys::{self, campaign_row};
use super::{SledStore, StoreError};
use crate::domain::pagination::PageRequest;
use crate::domain::participant::{search_haystack, ParticipantFilter};
use crate::domain::{Campaign, Participant};

/// The haystack row of a participant: its key and value.
pub(super) fn haystack_row(p: &Participant) -> (Vec<u8>, Vec<u8>) {
    let value = [&keys::id(p.id)[..], search_haystack(p).as_bytes()].concat();
    (haystack_key(p.campaign_id, p.seq), value)
}

/// The key of the haystack row of the participant at roster position `seq`.
pub(super) fn haystack_key(campaign_id: u64, seq: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::HAYSTACK, &keys::id(seq))
}

impl SledStore {
    /// A page of the member's campaign's participants whose email or name holds `filter`'s
    /// search text, newest first, and how many do (none in another member's campaign).
    /// `filter` must narrow by search text alone.
    pub(super) fn search_campaign(
        &self,
        member_id: u64,
        campaign_id: u64,
        filter: &ParticipantFilter,
        page: PageRequest,
    ) -> Result<(Vec<Participant>, u64), StoreError> {
        let campaign: Option<Campaign> = Self::read(&self.campaigns, keys::id(campaign_id))?;
        if campaign.is_none_or(|c| c.member_id != member_id) {
            return Ok((Vec::new(), 0));
        }
        let (skip, take) = (page.offset(), page.limit);
        let (mut matched, mut participants) = (0u64, Vec::with_capacity(take as usize));
        let rows = self.campaign_rows.scan_prefix(keys::row(campaign_id, campaign_row::HAYSTACK, &[]));
        for value in rows.values().rev() {
            let value = value?;
            let id = value.get(..8).and_then(keys::read_id);
            let haystack = value.get(8..).and_then(|text| std::str::from_utf8(text).ok());
            let (Some(id), Some(haystack)) = (id, haystack) else {
                return Err(StoreError::Database(format!("a malformed search row in campaign {campaign_id}")));
            };
            if !filter.matches_haystack(haystack) {
                continue;
            }
            if matched >= skip && matched < skip + take {
                // The row says it matches; the participant itself decides, as a full search would.
                if let Some(participant) = self.participant_row(id)?.filter(|p| filter.matches(p)) {
                    participants.push(participant);
                }
            }
            matched += 1;
        }
        Ok((participants, matched))
    }
}
