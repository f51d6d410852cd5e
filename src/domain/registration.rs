//! Who may create an account: the operator's registration policy (`members.registration`),
//! and invitations, the one-time links that let one person register when it is not open.
//!
//! An account can send email as the shop (a member's campaign emails leave from the server's
//! sender), so on an owner's own server registration is closed once the owner has an account:
//! the first account may always be made, by whoever sets the server up; after it, `open`
//! lets anyone register, `invite` only whoever holds an invitation (from a member, or from
//! the operator's `refctl members invite`), and `closed` nobody but through the operator
//! (`refctl members create`, which the policy never stops, and `refctl members invite`).
//!
//! An invitation is kept under the SHA-256 digest of a random secret that only its link
//! carries (as the portal's passes are), names the one address it registers, lasts
//! [`INVITATION_LIFETIME_MS`] and is taken by its use: a link registers once.

use serde::{Deserialize, Serialize};

/// How long an invitation lets its address register.
pub const INVITATION_LIFETIME_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// An invitation as stored, under the digest of its secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invitation {
    /// The address it registers, as it was typed (compared normalised).
    pub email: String,
    /// The member who invited; `None` for the operator.
    pub invited_by: Option<u64>,
    /// When it was made (Unix milliseconds).
    pub created_at_ms: i64,
    /// When it stops admitting (Unix milliseconds).
    pub expires_at_ms: i64,
}

impl Invitation {
    /// An invitation of `email`, made at `now_ms`.
    pub fn new(email: &str, invited_by: Option<u64>, now_ms: i64) -> Self {
        Self {
            email: email.to_owned(),
            invited_by,
            created_at_ms: now_ms,
            expires_at_ms: now_ms.saturating_add(INVITATION_LIFETIME_MS),
        }
    }

    /// Whether it still lets its address register at `now_ms` (not expired).
    pub fn is_live(&self, now_ms: i64) -> bool {
        now_ms < self.expires_at_ms
    }

    /// Whether it lets `email` register at `now_ms`.
    pub fn admits(&self, email: &super::EmailAddress, now_ms: i64) -> bool {
        self.is_live(now_ms) && self.email.eq_ignore_ascii_case(email.as_str())
    }
}

/// Why a registration is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refused {
    /// Registration is closed to the public (and no invitation came with it).
    Closed,
    /// An invitation came with it that does not admit this address now (unknown, used,
    /// expired, or of another address).
    InvitationInvalid,
}

/// What a registration needs, beside valid fields: `Ok(true)` when it must take its
/// invitation (then it registers only if the taking succeeds), `Ok(false)` when it needs
/// none, or the refusal. `open` is whether the policy lets anyone register, `first` whether
/// the server has no account yet.
pub fn admission(open: bool, first: bool, with_invitation: bool) -> Result<bool, Refused> {
    match (open, first, with_invitation) {
        // An invitation is taken whenever one comes, so a link is used up by its use, and
        // a wrong one is said to be wrong rather than ignored.
        (_, _, true) => Ok(true),
        (true, _, false) | (_, true, false) => Ok(false),
        (false, false, false) => Err(Refused::Closed),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::EmailAddress;

    #[test]
    fn the_first_account_is_always_admitted_and_after_it_only_open_admits_without_an_invitation() {
        for open in [true, false] {
            assert_eq!(admission(open, true, false), Ok(false), "open {open}: the first account");
            assert_eq!(admission(open, false, true), Ok(true), "open {open}: an invitation is taken");
        }
        assert_eq!(admission(true, false, false), Ok(false));
        assert_eq!(admission(false, false, false), Err(Refused::Closed));
    }

    #[test]
    fn an_invitation_admits_its_own_address_in_any_case_until_it_expires() {
        let invited = Invitation::new("Ann@Example.com", Some(7), 1_000);
        let ann = EmailAddress::parse("ann@example.com").unwrap();
        let bob = EmailAddress::parse("bob@example.com").unwrap();
        assert!(invited.admits(&ann, 1_000));
        assert!(invited.admits(&ann, 1_000 + INVITATION_LIFETIME_MS - 1));
        assert!(!invited.admits(&ann, 1_000 + INVITATION_LIFETIME_MS), "expired");
        assert!(!invited.admits(&bob, 1_000), "another address");
    }
}
