//! Searching a campaign's participants by email or name without reading them all.
//!
//! A search matches text anywhere in the email or the name, so no ordered index can narrow
//! it; it has to look at every participant. What it looks at is kept small: each roster row
//! (`campaign_row::ROSTER ++ roster position`) holds the participant's id and, after it, the
//! haystack: their lower-cased email and name. A search reads the roster newest first, one
//! range read of small values, and decodes only the participants of the page it shows. The
//! haystack is written with the roster row at signup and cut from it at erasure (nothing
//! else changes an email or a name). Until issue 56 the haystack was a row of its own beside
//! the roster, one more key for every signup to write; [`SledStore::fold_haystacks`] moves
//! those of an older database into the roster.

use super::keys::{self, campaign_row};
use super::{SledStore, StoreError};
use crate::domain::pagination::PageRequest;
use crate::domain::participant::{search_haystack, ParticipantFilter};
use crate::domain::{Campaign, Participant};

/// Marker in `meta`: no campaign keeps a haystack row beside its roster any more.
const HAYSTACKS_IN_ROSTER: &str = "participants.haystacks_in_roster.v1";

/// Rows moved per batch.
const BATCH: usize = 2_000;

/// The roster row of a participant: its key, and its value (the id, then the haystack; an
/// erased participant's is empty, so no search finds them).
pub(super) fn roster_row(p: &Participant) -> (Vec<u8>, Vec<u8>) {
    let haystack = if p.is_erased() { String::new() } else { search_haystack(p) };
    let value = [&keys::id(p.id)[..], haystack.as_bytes()].concat();
    (roster_key(p.campaign_id, p.seq), value)
}

/// The key of the roster row of the participant at position `seq`.
pub(super) fn roster_key(campaign_id: u64, seq: u64) -> Vec<u8> {
    keys::row(campaign_id, campaign_row::ROSTER, &keys::id(seq))
}

/// The participant a roster row names (its first 8 bytes; the haystack follows).
pub(super) fn roster_id(value: &[u8]) -> Option<u64> {
    value.get(..8).and_then(keys::read_id)
}

impl SledStore {
    /// Moves every haystack row an older release kept beside the roster into the roster row
    /// of the same position (the two values have the same form: id, then haystack), once.
    /// Each batch writes the roster rows and removes the haystack rows together, so a cut run
    /// just reruns. The number of rows moved.
    pub(super) fn fold_haystacks(&self) -> Result<u64, StoreError> {
        if self.meta.contains_key(HAYSTACKS_IN_ROSTER)? {
            return Ok(0);
        }
        let mut moved = 0;
        for campaign in self.campaigns.iter().keys() {
            let Some(campaign_id) = keys::read_id(&campaign?) else { continue };
            let prefix = keys::row(campaign_id, campaign_row::HAYSTACK, &[]);
            let mut batch = sled::Batch::default();
            for row in self.campaign_rows.scan_prefix(&prefix) {
                let (key, value) = row?;
                let mut roster = key.to_vec();
                roster[8] = campaign_row::ROSTER;
                batch.insert(roster, value);
                batch.remove(key);
                moved += 1;
                if moved % BATCH as u64 == 0 {
                    self.campaign_rows.apply_batch(std::mem::take(&mut batch))?;
                }
            }
            self.campaign_rows.apply_batch(batch)?;
        }
        self.meta.insert(HAYSTACKS_IN_ROSTER, &keys::id(1)[..])?;
        Ok(moved)
    }

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
        let rows = self.campaign_rows.scan_prefix(keys::row(campaign_id, campaign_row::ROSTER, &[]));
        for value in rows.values().rev() {
            let value = value?;
            let id = roster_id(&value);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::participant::ParticipantFilter;
    use crate::store::{CampaignStore, ParticipantStore};

    #[tokio::test]
    async fn haystacks_kept_beside_the_roster_move_into_it_once() {
        use crate::domain::campaign::CampaignInput;
        let dir = tempfile::tempdir().unwrap();
        let store = SledStore::open(dir.path(), &Default::default()).unwrap();
        let input: CampaignInput =
            serde_json::from_value(serde_json::json!({"name": "Spring", "reward_type": 3})).unwrap();
        let campaign = Campaign::create(7, 5, 2, &input, "2026-01-01T00:00:00Z").unwrap();
        store.save_campaign(&campaign).await.unwrap();
        let person = |id: u64, email: &str, name: &str| -> Participant {
            serde_json::from_value(serde_json::json!({
                "id": id, "campaign_id": 7, "brand_id": 5, "member_id": 2, "seq": id - 9,
                "email": email, "name": name, "referred_by": null, "referrals": 0, "visits": 0,
                "clicks": 0, "shares": 0, "created_at": "2026-01-01T00:00:00Z", "domain": null, "language": null,
            }))
            .unwrap()
        };
        // The layout before: a roster row holding the id alone, and a haystack row beside it
        // for everyone not erased.
        let people =
            [person(10, "ann@example.com", "Ann Lovelace"), person(11, "", ""), person(12, "bo@example.com", "Bo")];
        for p in &people {
            store.participants.insert(keys::id(p.id), super::super::codec::encode_participant(p).unwrap()).unwrap();
            store.campaign_rows.insert(roster_key(7, p.seq), &keys::id(p.id)[..]).unwrap();
            if !p.email.is_empty() {
                let old = keys::row(7, campaign_row::HAYSTACK, &keys::id(p.seq));
                store.campaign_rows.insert(old, roster_row(p).1).unwrap();
            }
        }
        store.meta.remove(HAYSTACKS_IN_ROSTER).unwrap();

        assert_eq!(store.migrate().unwrap(), 2, "the two haystacks");
        let left = store.campaign_rows.scan_prefix(keys::row(7, campaign_row::HAYSTACK, &[])).count();
        assert_eq!(left, 0, "no haystack row is left beside the roster");
        let search = |text: &str| ParticipantFilter { search: Some(text.into()), ..Default::default() };
        let page = PageRequest::parse(None, None).unwrap();
        let (found, total) = store.search_participants(2, Some(7), &search("lovelace"), page).await.unwrap();
        assert_eq!((found.iter().map(|p| p.id).collect::<Vec<_>>(), total), (vec![10], 1));
        let (found, total) = store.search_participants(2, Some(7), &search("example.com"), page).await.unwrap();
        assert_eq!((found.iter().map(|p| p.id).collect::<Vec<_>>(), total), (vec![12, 10], 2), "newest first");
        let roster = ParticipantStore::roster(&store, 7, 1, 10).await.unwrap();
        assert_eq!(
            roster.iter().map(|p| p.id).collect::<Vec<_>>(),
            vec![10, 11, 12],
            "the roster still names everyone"
        );
        assert_eq!(store.migrate().unwrap(), 0, "runs once");
    }
}
