//! What a signup's request knows before it reaches its brand's actor, kept per server by the
//! store: the member each API key names (`signup_key_holder`), and each campaign signed up
//! to (`signup_campaign`). Each saves the request a read (on PostgreSQL, a round trip each,
//! about a third of a signup's round trips).
//!
//! Neither is trusted beyond what cannot change. The decision reads the campaign again and
//! checks the key again inside its own transaction (`actors::brand::participants`), so a key
//! replaced or a member disabled through another server, and a campaign changed or deleted,
//! are seen there, exactly as if nothing had been kept, and what it saw is kept for the next
//! request (`SignupLearned`, staged with the decision's verdict; all three in `signup_reads.rs`). A member or key changed through this server's store is
//! forgotten at once (the backends' `update_member` and `replace_api_key`). What is trusted
//! from here: a campaign's brand and member, which never change (so a campaign of another
//! member is refused at once, and the signup goes to the right brand's actor).
//!
//! Each map is bounded: past its limit it starts again empty, which costs the next requests a
//! read each and nothing else.

use std::collections::HashMap;
use std::sync::Arc;

use parking_lot::Mutex;

use crate::domain::{Campaign, Member};

/// Most API keys kept (one per member who signs people up through the API).
const MOST_KEYS: usize = 10_000;
/// Most campaigns kept (about a kilobyte each).
const MOST_CAMPAIGNS: usize = 10_000;

/// The members of API keys and the campaigns of recent signups (see the module docs). Each
/// backend holds one.
#[derive(Default)]
pub struct SignupCache {
    /// Members by the SHA-256 digest of their API key; only members not disabled.
    keys: Mutex<HashMap<[u8; 32], Member>>,
    campaigns: Mutex<HashMap<u64, Arc<Campaign>>>,
}

/// Inserts, first emptying a map at its limit.
fn keep<K: std::hash::Hash + Eq, V>(map: &mut HashMap<K, V>, most: usize, key: K, value: V) {
    if map.len() >= most {
        map.clear();
    }
    map.insert(key, value);
}

impl SignupCache {
    /// The member the key with this digest named when it was last read.
    pub fn member(&self, digest: &[u8; 32]) -> Option<Member> {
        self.keys.lock().get(digest).cloned()
    }

    /// Keeps the member a key names, unless they are disabled (a disabled member's requests
    /// read the store each time, so that one enabled again is seen at once).
    pub fn keep_member(&self, digest: [u8; 32], member: &Member) {
        if !member.disabled {
            keep(&mut self.keys.lock(), MOST_KEYS, digest, member.clone());
        }
    }

    /// Forgets a key the decision refused.
    pub fn forget_key(&self, digest: &[u8; 32]) {
        self.keys.lock().remove(digest);
    }

    /// Forgets every key: a member's key or account changed through this server, whose
    /// requests then answer as the store does from the next one on.
    pub fn forget_keys(&self) {
        self.keys.lock().clear();
    }

    /// The campaign as this server last saw it.
    pub fn campaign(&self, id: u64) -> Option<Arc<Campaign>> {
        self.campaigns.lock().get(&id).cloned()
    }

    /// Keeps a campaign as read, and gives it back shared.
    pub fn keep_campaign(&self, campaign: Campaign) -> Arc<Campaign> {
        let campaign = Arc::new(campaign);
        keep(&mut self.campaigns.lock(), MOST_CAMPAIGNS, campaign.id, campaign.clone());
        campaign
    }

    /// Forgets a campaign the decision did not find.
    pub fn forget_campaign(&self, id: u64) {
        self.campaigns.lock().remove(&id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_map_at_its_limit_starts_again_with_the_new_entry() {
        let mut map = HashMap::new();
        for n in 0..3 {
            keep(&mut map, 3, n, n);
        }
        keep(&mut map, 3, 7, 7);
        assert_eq!(map.len(), 1);
        assert_eq!(map.get(&7), Some(&7));
    }
}
