//! What a signup's request reads before its decision, through what this server was last
//! told (the `SignupCache` each backend holds, `signup_cache.rs`), and what the decision
//! found ([`SignupLearned`]), kept for the next request.

use std::sync::Arc;

use super::backend::INSIDE;
use super::{SharedStorage, StoreError};
use crate::domain::{Campaign, Member};

/// The member an API key names, for a signup's request: as this server last read it, or
/// read now. The signup's decision checks the key again.
pub async fn signup_key_holder(store: &SharedStorage, digest: &[u8; 32]) -> Result<Option<Member>, StoreError> {
    let cache = store.signup_cache(INSIDE);
    if let Some(member) = cache.member(digest) {
        return Ok(Some(member));
    }
    let member = store.member_by_key_digest(digest).await?;
    if let Some(member) = &member {
        cache.keep_member(*digest, member);
    }
    Ok(member)
}

/// The campaign a signup goes to: as this server last saw it, or read now. The signup's
/// decision reads it again.
pub async fn signup_campaign(store: &SharedStorage, id: u64) -> Result<Option<Arc<Campaign>>, StoreError> {
    let cache = store.signup_cache(INSIDE);
    if let Some(campaign) = cache.campaign(id) {
        return Ok(Some(campaign));
    }
    Ok(store.campaign(id).await?.map(|campaign| cache.keep_campaign(campaign)))
}

/// What a signup's decision found that this server's next signup should start from: the
/// campaign as the decision read it, when it differed from the request's (`Some(None)`: gone),
/// and the key the request came with, when it was refused. The decision hands it over with
/// its verdict ([`super::Verdict::learning`]) and the batch keeps it as it stages the
/// decision, so a signup enters the store once.
pub struct SignupLearned {
    pub campaign_id: u64,
    pub campaign: Option<Option<Campaign>>,
    pub refused_key: Option<[u8; 32]>,
}

impl SignupLearned {
    /// Keeps what was learned in the cache the next signups read first.
    pub(super) fn keep(self, store: &SharedStorage) {
        let cache = store.signup_cache(INSIDE);
        match self.campaign {
            Some(Some(campaign)) => drop(cache.keep_campaign(campaign)),
            Some(None) => cache.forget_campaign(self.campaign_id),
            None => {}
        }
        if let Some(digest) = &self.refused_key {
            cache.forget_key(digest);
        }
    }
}
