//! A password reset: the one-time link a member who forgot their password asks for by email.
//! The server keeps only the SHA-256 digest of the link's secret. A link works once, for 15
//! minutes, and only while the member's token generation is the one it was made in: a
//! password change (or another reset, or a disable) since ends every link made before.

use serde::{Deserialize, Serialize};

/// How long a reset link works.
pub const RESET_LIFETIME_MS: i64 = 15 * 60 * 1000;

/// A reset link as stored, under the digest of its secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PasswordReset {
    pub member_id: u64,
    /// The member's token generation when it was made.
    pub generation: u32,
    /// When it was made (Unix milliseconds).
    pub created_at_ms: i64,
    /// When it stops working (Unix milliseconds).
    pub expires_at_ms: i64,
}

impl PasswordReset {
    /// A link for the member as they are at `now_ms`.
    pub fn new(member: &super::Member, now_ms: i64) -> Self {
        Self {
            member_id: member.id,
            generation: member.token_generation,
            created_at_ms: now_ms,
            expires_at_ms: now_ms.saturating_add(RESET_LIFETIME_MS),
        }
    }

    /// Whether it still resets `member`'s password at `now_ms`: not expired, theirs, and
    /// nothing has ended their credentials since it was made.
    pub fn admits(&self, member: &super::Member, now_ms: i64) -> bool {
        now_ms < self.expires_at_ms
            && self.member_id == member.id
            && self.generation == member.token_generation
            && !member.disabled
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{EmailAddress, Member};

    #[test]
    fn a_link_works_for_fifteen_minutes_and_only_in_its_generation() {
        let email = EmailAddress::parse("ada@example.com").unwrap();
        let mut ada = Member::registering(4, &email, "Ada", "hash".into(), 1);
        let reset = PasswordReset::new(&ada, 1_000);
        assert!(reset.admits(&ada, 1_000));
        assert!(reset.admits(&ada, 1_000 + RESET_LIFETIME_MS - 1));
        assert!(!reset.admits(&ada, 1_000 + RESET_LIFETIME_MS), "fifteen minutes and not a moment longer");
        let mut bob = ada.clone();
        bob.id = 5;
        assert!(!reset.admits(&bob, 1_000), "another member's");
        ada.end_tokens();
        assert!(!reset.admits(&ada, 1_000), "a change since ended it");
        let mut disabled = Member::registering(4, &email, "Ada", "hash".into(), 1);
        disabled.disabled = true;
        assert!(!PasswordReset::new(&disabled, 0).admits(&disabled, 0));
    }
}
