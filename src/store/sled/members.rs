//! Member accounts, their email index and the API-key digest index.

use sled::Transactional;

use async_trait::async_trait;

use super::{codec, finish_transaction, keys, tx_decode, tx_encode, SledStore, StoreError};
use crate::domain::ids::IdKind;
use crate::domain::key_scope::{add_key, ScopedApiKey};
use crate::domain::member::StoredApiKey;
use crate::domain::pagination::PageRequest;
use crate::domain::{EmailAddress, Member};
use crate::store::{EmailTaken, MemberStore};

#[async_trait]
impl MemberStore for SledStore {
    /// Registers a member, unless the email is taken. Email index and row are one transaction.
    async fn create_member(
        &self,
        email: &EmailAddress,
        name: &str,
        password_hash: String,
        plan_id: u64,
        confirmed: bool,
    ) -> Result<Result<Member, EmailTaken>, StoreError> {
        let outcome: Result<_, StoreError> = async {
            let member = Member::registering(self.allocate(IdKind::Member)?, email, name, password_hash, plan_id);
            let member = if confirmed { member.confirmed() } else { member };
            let row = codec::encode(&member)?;
            let email_key = email.normalized();
            let _writing = self.writing();
            let outcome = (&self.members, &self.member_emails).transaction(|(members, emails)| {
                if emails.get(email_key.as_bytes())?.is_some() {
                    return Ok(Err(EmailTaken));
                }
                emails.insert(email_key.as_bytes(), &keys::id(member.id))?;
                members.insert(&keys::id(member.id), row.clone())?;
                Ok(Ok(()))
            });
            Ok(finish_transaction(outcome)?.map(|()| member))
        }
        .await;
        self.acknowledged(outcome).await
    }

    async fn member(&self, id: u64) -> Result<Option<Member>, StoreError> {
        Self::read(&self.members, keys::id(id))
    }

    async fn member_by_email(&self, email: &EmailAddress) -> Result<Option<Member>, StoreError> {
        self.member_via(&self.member_emails, email.normalized().as_bytes(), "member email index")
    }

    /// The member whose *current* API key has this digest.
    async fn member_by_key_digest(&self, digest: &[u8; 32]) -> Result<Option<Member>, StoreError> {
        self.member_via(&self.api_keys, digest, "API key index")
    }

    /// Makes `key` the member's only key: the previous key's digest leaves the index in the
    /// same transaction, so the old key stops working the moment the new one exists.
    /// Returns `None` when the member does not exist.
    async fn replace_api_key(&self, member_id: u64, key: StoredApiKey) -> Result<Option<Member>, StoreError> {
        let outcome: Result<_, StoreError> = async {
            let _writing = self.writing();
            let outcome = (&self.members, &self.api_keys).transaction(|(members, api_keys)| {
                let Some(row) = members.get(keys::id(member_id))? else {
                    return Ok(None);
                };
                let mut member: Member = tx_decode(&row)?;
                if let Some(old) = &member.api_key {
                    api_keys.remove(&old.digest[..])?;
                }
                api_keys.insert(&key.digest[..], &keys::id(member_id))?;
                member.api_key = Some(key.clone());
                members.insert(&keys::id(member_id), tx_encode(&member)?)?;
                Ok(Some(member))
            });
            finish_transaction(outcome)
        }
        .await;
        self.signup_cache.forget_keys();
        self.acknowledged(outcome).await
    }

    /// The key's digest enters the index in the member row's transaction.
    async fn add_scoped_key(
        &self,
        member_id: u64,
        key: ScopedApiKey,
    ) -> Result<Option<Option<ScopedApiKey>>, StoreError> {
        let outcome: Result<_, StoreError> = async {
            let _writing = self.writing();
            let outcome = (&self.members, &self.api_keys).transaction(|(members, api_keys)| {
                let Some(row) = members.get(keys::id(member_id))? else {
                    return Ok(None);
                };
                let mut member: Member = tx_decode(&row)?;
                let Some(added) = add_key(&mut member.scoped_keys, key.clone()) else {
                    return Ok(Some(None));
                };
                api_keys.insert(&added.digest[..], &keys::id(member_id))?;
                members.insert(&keys::id(member_id), tx_encode(&member)?)?;
                Ok(Some(Some(added)))
            });
            finish_transaction(outcome)
        }
        .await;
        self.acknowledged(outcome).await
    }

    /// The key's digest leaves the index in the member row's transaction; this server's
    /// signup cache forgets it after.
    async fn revoke_scoped_key(&self, member_id: u64, key_id: u64) -> Result<Option<ScopedApiKey>, StoreError> {
        let outcome: Result<_, StoreError> = async {
            let _writing = self.writing();
            let outcome = (&self.members, &self.api_keys).transaction(|(members, api_keys)| {
                let Some(row) = members.get(keys::id(member_id))? else {
                    return Ok(None);
                };
                let mut member: Member = tx_decode(&row)?;
                let Some(at) = member.scoped_keys.iter().position(|k| k.id == key_id) else {
                    return Ok(None);
                };
                let revoked = member.scoped_keys.remove(at);
                api_keys.remove(&revoked.digest[..])?;
                members.insert(&keys::id(member_id), tx_encode(&member)?)?;
                Ok(Some(revoked))
            });
            finish_transaction(outcome)
        }
        .await;
        self.signup_cache.forget_keys();
        self.acknowledged(outcome).await
    }

    /// Members whose email or name contains `search` (case-insensitive), newest first, and
    /// how many matched. A scan: member counts of a self-hosted install stay small.
    async fn search_members(&self, search: Option<&str>, page: PageRequest) -> Result<(Vec<Member>, u64), StoreError> {
        let needle = search.map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty());
        let mut matched = Vec::new();
        for row in self.members.iter().values().rev() {
            let member: Member = codec::decode(&row?)?;
            let hit = needle
                .as_deref()
                .is_none_or(|n| member.email.to_lowercase().contains(n) || member.name.to_lowercase().contains(n));
            if hit {
                matched.push(member);
            }
        }
        let total = matched.len() as u64;
        let members = matched.into_iter().skip(page.offset() as usize).take(page.limit as usize).collect();
        Ok((members, total))
    }

    /// Changes a member row in one transaction; `None` when the member does not exist.
    async fn update_member(
        &self,
        id: u64,
        change: &(dyn for<'m> Fn(&'m mut Member) + Send + Sync),
    ) -> Result<Option<Member>, StoreError> {
        let outcome: Result<_, StoreError> = async {
            let _writing = self.writing();
            let outcome = self.members.transaction(|members| {
                let Some(row) = members.get(keys::id(id))? else {
                    return Ok(None);
                };
                let mut member: Member = tx_decode(&row)?;
                change(&mut member);
                members.insert(&keys::id(id), tx_encode(&member)?)?;
                Ok(Some(member))
            });
            finish_transaction(outcome)
        }
        .await;
        // A signup's request through this server sees the change from the next one on.
        self.signup_cache.forget_keys();
        self.acknowledged(outcome).await
    }

    /// How many members are on a plan.
    async fn members_on_plan(&self, plan_id: u64) -> Result<u64, StoreError> {
        let mut count = 0;
        for row in self.members.iter().values() {
            count += u64::from(codec::decode::<Member>(&row?)?.plan_id == plan_id);
        }
        Ok(count)
    }

    async fn has_members(&self) -> Result<bool, StoreError> {
        Ok(self.members.first()?.is_some())
    }
}

impl SledStore {
    /// The member an index entry (key → member id) points to.
    fn member_via(&self, index: &sled::Tree, key: &[u8], name: &str) -> Result<Option<Member>, StoreError> {
        match index.get(key)? {
            Some(id) => match keys::read_id(&id) {
                Some(id) => Self::read(&self.members, keys::id(id)),
                None => Err(StoreError::Decode(format!("{name} holds a malformed id"))),
            },
            None => Ok(None),
        }
    }
}
