//! Dashboard sessions and portal passes, in the `sessions` tree:
//!
//! | key                                     | value |
//! |-----------------------------------------|-------|
//! | `S` ++ SHA-256 of the session id         | [`DashboardSession`] |
//! | `M` ++ member id ++ that digest          | empty: the member's sessions, to end them all at once |
//! | `P` ++ SHA-256 of the pass's secret      | [`PortalPass`] |
//! | `Q` ++ participant id ++ that digest     | empty: the participant's passes, to forget expired ones |
//! | `I` ++ SHA-256 of the invitation's secret | [`Invitation`] |
//! | `R` ++ SHA-256 of a reset link's secret | [`PasswordReset`] |
//!
//! Each change is one atomic batch of the tree, but taking a pass, an invitation or a reset
//! link: one
//! `remove` of its row, which sled answers with the old value to exactly one caller. Backups leave the tree out
//! (`backup/live.rs`).

use async_trait::async_trait;

use super::{codec, SledStore, StoreError};
use crate::domain::dashboard_session::DashboardSession;
use crate::domain::password_reset::PasswordReset;
use crate::domain::portal::PortalPass;
use crate::domain::registration::Invitation;
use crate::store::SessionStore;

/// The name of the tree, which backups leave out.
pub(super) const TREE: &str = "sessions";

const SESSION: u8 = b'S';
const OF_MEMBER: u8 = b'M';
const PASS: u8 = b'P';
const OF_PARTICIPANT: u8 = b'Q';
const INVITATION: u8 = b'I';
const RESET: u8 = b'R';

/// The key of a secret of `kind` (an invitation, a reset link) that works once.
fn once_key(kind: u8, digest: &[u8; 32]) -> Vec<u8> {
    let mut key = Vec::with_capacity(33);
    key.push(kind);
    key.extend_from_slice(digest);
    key
}

fn pass_key(digest: &[u8; 32]) -> Vec<u8> {
    let mut key = Vec::with_capacity(33);
    key.push(PASS);
    key.extend_from_slice(digest);
    key
}

fn participant_prefix(participant_id: u64) -> Vec<u8> {
    let mut key = Vec::with_capacity(41);
    key.push(OF_PARTICIPANT);
    key.extend_from_slice(&participant_id.to_be_bytes());
    key
}

fn participant_key(participant_id: u64, digest: &[u8; 32]) -> Vec<u8> {
    let mut key = participant_prefix(participant_id);
    key.extend_from_slice(digest);
    key
}

fn session_key(digest: &[u8; 32]) -> Vec<u8> {
    let mut key = Vec::with_capacity(33);
    key.push(SESSION);
    key.extend_from_slice(digest);
    key
}

fn member_prefix(member_id: u64) -> Vec<u8> {
    let mut key = Vec::with_capacity(41);
    key.push(OF_MEMBER);
    key.extend_from_slice(&member_id.to_be_bytes());
    key
}

fn member_key(member_id: u64, digest: &[u8; 32]) -> Vec<u8> {
    let mut key = member_prefix(member_id);
    key.extend_from_slice(digest);
    key
}

/// A session's digest, and its row (none: the index entry outlived it).
type Indexed = ([u8; 32], Option<DashboardSession>);

impl SledStore {
    /// The member's sessions as the member index lists them.
    fn sessions_of(&self, member_id: u64) -> Result<Vec<Indexed>, StoreError> {
        let prefix = member_prefix(member_id);
        let mut found = Vec::new();
        for entry in self.sessions.scan_prefix(&prefix) {
            let (key, _) = entry?;
            let digest: [u8; 32] = key[prefix.len()..]
                .try_into()
                .map_err(|_| StoreError::Decode("a session index key of the wrong length".into()))?;
            found.push((digest, Self::read(&self.sessions, session_key(&digest))?));
        }
        Ok(found)
    }
}

#[async_trait]
impl SessionStore for SledStore {
    async fn create_session(&self, digest: &[u8; 32], session: &DashboardSession) -> Result<(), StoreError> {
        let outcome: Result<_, StoreError> = async {
            let mut batch = sled::Batch::default();
            for (old, row) in self.sessions_of(session.member_id)? {
                if row.is_none_or(|row| !row.is_live(session.created_at_ms)) {
                    batch.remove(session_key(&old));
                    batch.remove(member_key(session.member_id, &old));
                }
            }
            batch.insert(session_key(digest), codec::encode(session)?);
            batch.insert(member_key(session.member_id, digest), &[][..]);
            let _writing = self.writing();
            Ok(self.sessions.apply_batch(batch)?)
        }
        .await;
        self.acknowledged(outcome).await
    }

    async fn dashboard_session(&self, digest: &[u8; 32]) -> Result<Option<DashboardSession>, StoreError> {
        Self::read(&self.sessions, session_key(digest))
    }

    async fn end_session(&self, digest: &[u8; 32]) -> Result<bool, StoreError> {
        let outcome: Result<_, StoreError> = async {
            let Some(session) = Self::read::<DashboardSession>(&self.sessions, session_key(digest))? else {
                return Ok(false);
            };
            let mut batch = sled::Batch::default();
            batch.remove(session_key(digest));
            batch.remove(member_key(session.member_id, digest));
            let _writing = self.writing();
            self.sessions.apply_batch(batch)?;
            Ok(true)
        }
        .await;
        self.acknowledged(outcome).await
    }

    async fn end_sessions_of_member(&self, member_id: u64) -> Result<u64, StoreError> {
        let outcome: Result<_, StoreError> = async {
            let sessions = self.sessions_of(member_id)?;
            let mut batch = sled::Batch::default();
            let mut ended = 0;
            for (digest, row) in &sessions {
                batch.remove(session_key(digest));
                batch.remove(member_key(member_id, digest));
                ended += u64::from(row.is_some());
            }
            let _writing = self.writing();
            self.sessions.apply_batch(batch)?;
            Ok(ended)
        }
        .await;
        self.acknowledged(outcome).await
    }

    async fn create_portal_pass(&self, digest: &[u8; 32], pass: &PortalPass) -> Result<(), StoreError> {
        let outcome: Result<_, StoreError> = async {
            let prefix = participant_prefix(pass.participant_id);
            let mut batch = sled::Batch::default();
            for entry in self.sessions.scan_prefix(&prefix) {
                let (key, _) = entry?;
                let old: [u8; 32] = key[prefix.len()..]
                    .try_into()
                    .map_err(|_| StoreError::Decode("a pass index key of the wrong length".into()))?;
                let row = Self::read::<PortalPass>(&self.sessions, pass_key(&old))?;
                if row.is_none_or(|row| row.expires_at_ms <= pass.created_at_ms) {
                    batch.remove(pass_key(&old));
                    batch.remove(key);
                }
            }
            batch.insert(pass_key(digest), codec::encode(pass)?);
            batch.insert(participant_key(pass.participant_id, digest), &[][..]);
            let _writing = self.writing();
            Ok(self.sessions.apply_batch(batch)?)
        }
        .await;
        self.acknowledged(outcome).await
    }

    async fn portal_pass(&self, digest: &[u8; 32]) -> Result<Option<PortalPass>, StoreError> {
        Self::read(&self.sessions, pass_key(digest))
    }

    async fn take_portal_pass(&self, digest: &[u8; 32]) -> Result<Option<PortalPass>, StoreError> {
        let outcome: Result<_, StoreError> = async {
            let _writing = self.writing();
            let Some(bytes) = self.sessions.remove(pass_key(digest))? else { return Ok(None) };
            let pass: PortalPass = codec::decode(&bytes)?;
            self.sessions.remove(participant_key(pass.participant_id, digest))?;
            Ok(Some(pass))
        }
        .await;
        self.acknowledged(outcome).await
    }

    async fn create_invitation(&self, digest: &[u8; 32], invitation: &Invitation) -> Result<(), StoreError> {
        // Invitations are few (an operator's and members' own).
        let expired = |old: &Invitation| old.expires_at_ms <= invitation.created_at_ms;
        self.keep_once(INVITATION, digest, invitation, expired).await
    }

    async fn invitation(&self, digest: &[u8; 32]) -> Result<Option<Invitation>, StoreError> {
        Self::read(&self.sessions, once_key(INVITATION, digest))
    }

    async fn take_invitation(&self, digest: &[u8; 32]) -> Result<Option<Invitation>, StoreError> {
        self.take_once(INVITATION, digest).await
    }

    async fn create_password_reset(&self, digest: &[u8; 32], reset: &PasswordReset) -> Result<(), StoreError> {
        // Few at a time: each is asked for by email, and limited.
        let expired = |old: &PasswordReset| old.expires_at_ms <= reset.created_at_ms;
        self.keep_once(RESET, digest, reset, expired).await
    }

    async fn password_reset(&self, digest: &[u8; 32]) -> Result<Option<PasswordReset>, StoreError> {
        Self::read(&self.sessions, once_key(RESET, digest))
    }

    async fn take_password_reset(&self, digest: &[u8; 32]) -> Result<Option<PasswordReset>, StoreError> {
        self.take_once(RESET, digest).await
    }
}

/// Invitations and reset links: secrets that work once, kept under `kind` ++ their digest.
impl SledStore {
    /// Keeps `row` under `digest`, forgetting in the same batch every row of its kind that
    /// `expired` says is over (there are few of each at a time).
    async fn keep_once<T: serde::Serialize + serde::de::DeserializeOwned>(
        &self,
        kind: u8,
        digest: &[u8; 32],
        row: &T,
        expired: impl Fn(&T) -> bool,
    ) -> Result<(), StoreError> {
        let outcome: Result<_, StoreError> = async {
            let mut batch = sled::Batch::default();
            for entry in self.sessions.scan_prefix([kind]) {
                let (key, old) = entry?;
                if expired(&codec::decode(&old)?) {
                    batch.remove(key);
                }
            }
            batch.insert(once_key(kind, digest), codec::encode(row)?);
            let _writing = self.writing();
            Ok(self.sessions.apply_batch(batch)?)
        }
        .await;
        self.acknowledged(outcome).await
    }

    /// Removes the row under `digest` and answers it: sled's `remove` answers the old value to
    /// exactly one caller, so the secret works once.
    async fn take_once<T: serde::de::DeserializeOwned>(
        &self,
        kind: u8,
        digest: &[u8; 32],
    ) -> Result<Option<T>, StoreError> {
        let outcome: Result<_, StoreError> = async {
            let _writing = self.writing();
            let Some(bytes) = self.sessions.remove(once_key(kind, digest))? else { return Ok(None) };
            Ok(Some(codec::decode(&bytes)?))
        }
        .await;
        self.acknowledged(outcome).await
    }
}
