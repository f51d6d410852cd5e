//! The copies of a participant kept outside their own rows (webhook events, idempotency
//! records, emails), found through the [`index::MENTION`] entries: erased with the person,
//! dropped with their campaign.

use super::keys::{self, index};
use super::overlay::{Overlay, TreeId};
use super::{codec, SledStore, StoreError};
use crate::domain::event::Event;

impl SledStore {
    /// Erases every copy of a participant kept outside their rows, found through the
    /// [`index::MENTION`] entries: the events, idempotency records and emails are rewritten
    /// with the copy erased. A record that is gone (a webhook deleted with its events) is
    /// skipped.
    pub(super) fn forget_copies(&self, tx: &mut Overlay<'_>, participant_id: u64) -> Result<(), StoreError> {
        for (_, kind, key) in self.mentions(participant_id)? {
            match kind {
                keys::mention::EVENT => {
                    let Some(row) = tx.get(TreeId::Events, &key)? else { continue };
                    let mut event: Event = codec::decode(&row)?;
                    if event.forget(participant_id) {
                        tx.insert(TreeId::Events, key, codec::encode(&event)?);
                    }
                }
                keys::mention::IDEMPOTENCY => self.forget_in_idempotency(tx, &key, participant_id)?,
                keys::mention::EMAIL => self.forget_in_email(tx, &key, participant_id)?,
                _ => return Err(StoreError::Decode(format!("malformed mention of participant {participant_id}"))),
            }
        }
        Ok(())
    }

    /// What a deleted campaign leaves of a participant outside its own key range goes too:
    /// their webhook events (the dispatcher drops a delivery whose event is gone), their copy
    /// in idempotency records (erased: the record keeps answering replays, anonymously), and
    /// the index of those copies. Their emails are campaign rows and go with the campaign.
    pub(super) fn drop_copies(&self, participant_id: u64) -> Result<(), StoreError> {
        let mut tx = Overlay::new(self);
        for (entry, kind, key) in self.mentions(participant_id)? {
            match kind {
                keys::mention::EVENT => tx.remove(TreeId::Events, key),
                keys::mention::IDEMPOTENCY => self.forget_in_idempotency(&mut tx, &key, participant_id)?,
                _ => {}
            }
            tx.remove(TreeId::Indexes, entry);
        }
        tx.commit_journaled()
    }

    /// The participant's [`index::MENTION`] entries.
    fn mentions(&self, participant_id: u64) -> Result<Vec<Mention>, StoreError> {
        let prefix = keys::tagged_prefix(index::MENTION, participant_id);
        let mut mentions = Vec::new();
        for entry in self.indexes.scan_prefix(prefix).keys() {
            let entry = entry?;
            let Some(&kind) = entry.get(prefix.len()) else {
                return Err(StoreError::Decode(format!("malformed mention of participant {participant_id}")));
            };
            let key = entry[prefix.len() + 1..].to_vec();
            mentions.push((entry.to_vec(), kind, key));
        }
        Ok(mentions)
    }

    /// Erases participant `participant_id` from the idempotency record under `key`, if it
    /// is still there.
    fn forget_in_idempotency(&self, tx: &mut Overlay<'_>, key: &[u8], participant_id: u64) -> Result<(), StoreError> {
        let Some(row) = tx.get(TreeId::Idempotency, key)? else { return Ok(()) };
        let mut record = super::participants::decode_idempotency_record(&row)?;
        if record.forget(participant_id) {
            let encoded = super::participants::encode_idempotency_record(&record)?;
            tx.insert(TreeId::Idempotency, key.to_vec(), encoded);
        }
        Ok(())
    }
}

/// One [`index::MENTION`] entry: the entry whole, its kind, and the key of the copy it names.
type Mention = (Vec<u8>, u8, Vec<u8>);
