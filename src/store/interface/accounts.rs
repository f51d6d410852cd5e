//! Member accounts, their sessions, portal passes and invitations, and the plans.

use crate::domain::dashboard_session::DashboardSession;
use crate::domain::key_scope::ScopedApiKey;
use crate::domain::member::StoredApiKey;
use crate::domain::pagination::PageRequest;
use crate::domain::password_reset::PasswordReset;
use crate::domain::portal::PortalPass;
use crate::domain::registration::Invitation;
use crate::domain::{EmailAddress, Member, Plan};
use crate::store::types::EmailTaken;
use crate::store::StoreError;
use async_trait::async_trait;

/// Member accounts, found by id, email and API-key digest.
#[async_trait]
pub trait MemberStore: Send + Sync {
    /// Registers a member with a fresh id, unless the email is taken (compared normalised).
    /// With `confirmed`, the address is taken as the member's from the start (see
    /// [`Member::confirmed`](crate::domain::Member::confirmed)).
    async fn create_member(
        &self,
        email: &EmailAddress,
        name: &str,
        password_hash: String,
        plan_id: u64,
        confirmed: bool,
    ) -> Result<Result<Member, EmailTaken>, StoreError>;
    async fn member(&self, id: u64) -> Result<Option<Member>, StoreError>;
    async fn member_by_email(&self, email: &EmailAddress) -> Result<Option<Member>, StoreError>;
    /// The member whose *current* API key, or one of whose scoped keys, has this digest (the
    /// caller tells which with [`Member::access_of`]).
    async fn member_by_key_digest(&self, digest: &[u8; 32]) -> Result<Option<Member>, StoreError>;
    /// Makes `key` the member's only key: the previous key stops working the moment the new
    /// one exists. `None` when the member does not exist.
    async fn replace_api_key(&self, member_id: u64, key: StoredApiKey) -> Result<Option<Member>, StoreError>;
    /// Adds a scoped key to the member (numbered by [`add_key`](crate::domain::key_scope::add_key));
    /// it works the moment this returns. `Some(None)` when the member holds the most already;
    /// `None` when the member does not exist.
    async fn add_scoped_key(
        &self,
        member_id: u64,
        key: ScopedApiKey,
    ) -> Result<Option<Option<ScopedApiKey>>, StoreError>;
    /// Revokes one of the member's scoped keys: it stops working the moment this returns. The
    /// key as it was; `None` when the member has no such key.
    async fn revoke_scoped_key(&self, member_id: u64, key_id: u64) -> Result<Option<ScopedApiKey>, StoreError>;
    /// Members whose email or name contains `search` (case-insensitive), newest first, and
    /// how many matched.
    async fn search_members(&self, search: Option<&str>, page: PageRequest) -> Result<(Vec<Member>, u64), StoreError>;
    /// Changes a member row atomically; `None` when the member does not exist.
    async fn update_member(
        &self,
        id: u64,
        change: &(dyn for<'m> Fn(&'m mut Member) + Send + Sync),
    ) -> Result<Option<Member>, StoreError>;
    /// How many members are on a plan.
    async fn members_on_plan(&self, plan_id: u64) -> Result<u64, StoreError>;
    /// Whether any member is registered (one short read, however many there are).
    async fn has_members(&self) -> Result<bool, StoreError>;
}

/// Members' signed-in dashboard sessions, participants' portal passes and invitations to
/// register, kept under the
/// SHA-256 digest of their secret (see `auth::dashboard`, `domain::portal`). Not part of
/// backups: a restored database has everyone signed out.
#[async_trait]
pub trait SessionStore: Send + Sync {
    /// Keeps a new session, and forgets the member's sessions that expired before it began
    /// (so a member's count of them stays bounded by how often they sign in).
    async fn create_session(&self, digest: &[u8; 32], session: &DashboardSession) -> Result<(), StoreError>;
    /// The session under `digest`, expired or not (the caller checks [`DashboardSession::is_live`]).
    async fn dashboard_session(&self, digest: &[u8; 32]) -> Result<Option<DashboardSession>, StoreError>;
    /// Ends one session (signing out); `false` when there was none.
    async fn end_session(&self, digest: &[u8; 32]) -> Result<bool, StoreError>;
    /// Ends every session of the member (the account was disabled); how many there were.
    async fn end_sessions_of_member(&self, member_id: u64) -> Result<u64, StoreError>;
    /// Keeps a participant's portal pass (a sign-in link or a session) under `digest`, and
    /// forgets that participant's passes that expired before it was made.
    async fn create_portal_pass(&self, digest: &[u8; 32], pass: &PortalPass) -> Result<(), StoreError>;
    /// The pass under `digest`, expired or not (the caller checks [`PortalPass::admits`]).
    async fn portal_pass(&self, digest: &[u8; 32]) -> Result<Option<PortalPass>, StoreError>;
    /// Removes the pass under `digest` and answers what it was. Of any number of calls at
    /// once, from any number of servers, exactly one gets the pass: a sign-in link works once.
    async fn take_portal_pass(&self, digest: &[u8; 32]) -> Result<Option<PortalPass>, StoreError>;
    /// Keeps an invitation to register under `digest`, and forgets every invitation that
    /// expired before it was made.
    async fn create_invitation(&self, digest: &[u8; 32], invitation: &Invitation) -> Result<(), StoreError>;
    /// The invitation under `digest`, expired or not (the caller checks [`Invitation::admits`]).
    async fn invitation(&self, digest: &[u8; 32]) -> Result<Option<Invitation>, StoreError>;
    /// Removes the invitation under `digest` and answers what it was. Of any number of calls
    /// at once, from any number of servers, exactly one gets it: an invitation registers once.
    async fn take_invitation(&self, digest: &[u8; 32]) -> Result<Option<Invitation>, StoreError>;
    /// Keeps a password reset link under `digest`, and forgets every link that expired before
    /// it was made.
    async fn create_password_reset(&self, digest: &[u8; 32], reset: &PasswordReset) -> Result<(), StoreError>;
    /// The reset link under `digest`, expired or not (the caller checks
    /// [`PasswordReset::admits`]).
    async fn password_reset(&self, digest: &[u8; 32]) -> Result<Option<PasswordReset>, StoreError>;
    /// Removes the reset link under `digest` and answers what it was. Of any number of calls
    /// at once, from any number of servers, exactly one gets it: a link resets once.
    async fn take_password_reset(&self, digest: &[u8; 32]) -> Result<Option<PasswordReset>, StoreError>;
}

/// The subscription plans (a small reference table, seeded with the defaults on first start).
#[async_trait]
pub trait PlanStore: Send + Sync {
    /// Every plan, by id.
    async fn plans(&self) -> Result<Vec<Plan>, StoreError>;
    async fn plan(&self, id: u64) -> Result<Option<Plan>, StoreError>;
    /// Stores a plan (new or changed).
    async fn save_plan(&self, plan: &Plan) -> Result<(), StoreError>;
    /// Removes a plan; `false` when there was none.
    async fn remove_plan(&self, id: u64) -> Result<bool, StoreError>;
    /// An id for a new plan: one past the highest.
    async fn next_plan_id(&self) -> Result<u64, StoreError>;
}
