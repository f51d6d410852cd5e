//! A member's signed-in dashboard session, as the server keeps it: whose it is and until when
//! it lets them in. The session's id lives only in the member's cookie; the store keeps its
//! SHA-256 digest, so a copy of the database opens no session.

use serde::{Deserialize, Serialize};

/// How long a dashboard sign-in lasts. Fixed from the sign-in, not renewed by use: a session
/// costs no write per page, and a stolen cookie stops working within a week at most.
pub const SESSION_LIFETIME_MS: i64 = 7 * 24 * 60 * 60 * 1000;

/// A session as stored, under the digest of its id.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DashboardSession {
    pub member_id: u64,
    /// When the member signed in (Unix milliseconds).
    pub created_at_ms: i64,
    /// When it stops letting them in (Unix milliseconds).
    pub expires_at_ms: i64,
}

impl DashboardSession {
    /// A session that starts at `now_ms` and lasts [`SESSION_LIFETIME_MS`].
    pub fn starting(member_id: u64, now_ms: i64) -> Self {
        Self { member_id, created_at_ms: now_ms, expires_at_ms: now_ms.saturating_add(SESSION_LIFETIME_MS) }
    }

    /// Whether it still lets its member in at `now_ms`.
    pub fn is_live(&self, now_ms: i64) -> bool {
        now_ms < self.expires_at_ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_session_lets_its_member_in_for_a_week_and_not_a_moment_longer() {
        let session = DashboardSession::starting(7, 1_000);
        assert_eq!(session.member_id, 7);
        assert!(session.is_live(1_000));
        assert!(session.is_live(1_000 + SESSION_LIFETIME_MS - 1));
        assert!(!session.is_live(1_000 + SESSION_LIFETIME_MS));
    }
}
