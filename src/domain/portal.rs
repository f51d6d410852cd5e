//! A participant's way into their portal (`/p/{campaign_id}`): a pass, kept by the server
//! under the SHA-256 digest of a random secret that only the participant holds (the same
//! secrets as the dashboard's, `auth::dashboard::SessionId`).
//!
//! - A **sign-in link** is a pass that lasts 15 minutes and is taken (removed) by its first
//!   use, so a link works once, however many servers race to take it.
//! - A **session** is the pass that use opens, in an `HttpOnly` cookie, for 30 days from the
//!   sign-in (not renewed by use, as the dashboard's). Signing out removes it.
//!
//! A pass names one participant of one campaign: every page and form of the portal reads and
//! changes only that participant, so a session can never see another's data.

use serde::{Deserialize, Serialize};

/// How long a sign-in link lets its participant in.
pub const LINK_LIFETIME_MS: i64 = 15 * 60 * 1000;
/// How long a portal session lasts.
pub const SESSION_LIFETIME_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// What a pass is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum PassKind {
    /// A one-time sign-in link (in an email, or handed to the member's product).
    SignInLink,
    /// A signed-in session (the portal's cookie).
    Session,
}

/// A pass as stored, under the digest of its secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PortalPass {
    pub kind: PassKind,
    pub campaign_id: u64,
    pub participant_id: u64,
    /// When it was made (Unix milliseconds).
    pub created_at_ms: i64,
    /// When it stops letting its participant in (Unix milliseconds).
    pub expires_at_ms: i64,
}

impl PortalPass {
    /// A sign-in link for the participant, made at `now_ms`.
    pub fn sign_in_link(campaign_id: u64, participant_id: u64, now_ms: i64) -> Self {
        Self::new(PassKind::SignInLink, campaign_id, participant_id, now_ms, LINK_LIFETIME_MS)
    }

    /// The session a sign-in link opens at `now_ms`.
    pub fn session(campaign_id: u64, participant_id: u64, now_ms: i64) -> Self {
        Self::new(PassKind::Session, campaign_id, participant_id, now_ms, SESSION_LIFETIME_MS)
    }

    fn new(kind: PassKind, campaign_id: u64, participant_id: u64, now_ms: i64, lifetime: i64) -> Self {
        Self {
            kind,
            campaign_id,
            participant_id,
            created_at_ms: now_ms,
            expires_at_ms: now_ms.saturating_add(lifetime),
        }
    }

    /// Whether it lets its participant into `campaign_id`'s portal, as a pass of `kind`, at
    /// `now_ms`.
    pub fn admits(&self, kind: PassKind, campaign_id: u64, now_ms: i64) -> bool {
        self.kind == kind && self.campaign_id == campaign_id && now_ms < self.expires_at_ms
    }
}

/// How the portal names a person another participant referred: their first name and the
/// initial of their last ("Ann B."); `None` when they gave no name (the page says "a
/// friend" in its language). Never an email.
pub fn referred_name(name: &str) -> Option<String> {
    let mut words = name.split_whitespace();
    let first = words.next()?;
    Some(match words.last().and_then(|last| last.chars().next()) {
        Some(initial) => format!("{first} {}.", initial.to_uppercase()),
        None => first.to_owned(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_admits_once_for_fifteen_minutes_and_only_as_a_link_of_its_campaign() {
        let link = PortalPass::sign_in_link(3, 9, 1_000);
        assert!(link.admits(PassKind::SignInLink, 3, 1_000));
        assert!(link.admits(PassKind::SignInLink, 3, 1_000 + LINK_LIFETIME_MS - 1));
        assert!(!link.admits(PassKind::SignInLink, 3, 1_000 + LINK_LIFETIME_MS));
        assert!(!link.admits(PassKind::Session, 3, 1_000), "a link is not a session");
        assert!(!link.admits(PassKind::SignInLink, 4, 1_000), "another campaign's portal");
    }

    #[test]
    fn a_session_lasts_thirty_days() {
        let session = PortalPass::session(3, 9, 0);
        assert!(session.admits(PassKind::Session, 3, SESSION_LIFETIME_MS - 1));
        assert!(!session.admits(PassKind::Session, 3, SESSION_LIFETIME_MS));
        assert_eq!(SESSION_LIFETIME_MS, 2_592_000_000);
    }

    #[test]
    fn a_referred_person_shows_as_first_name_and_initial() {
        assert_eq!(referred_name("Ann Bell").as_deref(), Some("Ann B."));
        assert_eq!(referred_name("  ann   van der berg ").as_deref(), Some("ann B."));
        assert_eq!(referred_name("Cher").as_deref(), Some("Cher"));
        assert_eq!(referred_name("  "), None);
        assert_eq!(referred_name("Émile ésprit").as_deref(), Some("Émile É."));
    }
}
