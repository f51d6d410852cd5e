//! Members (with their email and API-key indexes), dashboard sessions, plans, and the
//! lifecycle: the server secret's check value and durability.

use async_trait::async_trait;

use super::{bodies, body, codec, id_at, sql_id, window, PgStore, StoreError};
use crate::domain::dashboard_session::DashboardSession;
use crate::domain::ids::IdKind;
use crate::domain::key_scope::{add_key, ScopedApiKey};
use crate::domain::member::StoredApiKey;
use crate::domain::pagination::PageRequest;
use crate::domain::password_reset::PasswordReset;
use crate::domain::portal::PortalPass;
use crate::domain::registration::Invitation;
use crate::domain::{EmailAddress, Member, Plan};
use crate::store::{DecisionStore, EmailTaken, Lifecycle, MemberStore, PlanStore, SessionStore};

/// What the admin's member search reads: the lower-cased email and name.
pub(super) fn member_search(member: &Member) -> String {
    format!("{}\n{}", member.email.to_lowercase(), member.name.to_lowercase())
}

#[async_trait]
impl MemberStore for PgStore {
    /// One member per email: the primary key of `member_emails` refuses a second row for the
    /// same normalised address, whichever server inserts it.
    async fn create_member(
        &self,
        email: &EmailAddress,
        name: &str,
        password_hash: String,
        plan_id: u64,
        confirmed: bool,
    ) -> Result<Result<Member, EmailTaken>, StoreError> {
        let member = Member::registering(self.next_id(IdKind::Member).await?, email, name, password_hash, plan_id);
        let member = if confirmed { member.confirmed() } else { member };
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        let id = sql_id(member.id);
        let claimed = conn
            .execute(
                "INSERT INTO member_emails (email, member_id) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                &[&email.normalized(), &id],
            )
            .await?;
        if claimed == 0 {
            return Ok(Err(EmailTaken));
        }
        conn.execute(
            "INSERT INTO members (member_id, plan_id, search, body) VALUES ($1, $2, $3, $4)",
            &[&id, &sql_id(plan_id), &member_search(&member), &codec::encode(&member)?],
        )
        .await?;
        conn.commit().await?;
        Ok(Ok(member))
    }

    async fn member(&self, id: u64) -> Result<Option<Member>, StoreError> {
        self.body_of("SELECT body FROM members WHERE member_id = $1", &[&sql_id(id)]).await
    }

    async fn member_by_email(&self, email: &EmailAddress) -> Result<Option<Member>, StoreError> {
        self.body_of(
            "SELECT m.body FROM member_emails e JOIN members m USING (member_id) WHERE e.email = $1",
            &[&email.normalized()],
        )
        .await
    }

    async fn member_by_key_digest(&self, digest: &[u8; 32]) -> Result<Option<Member>, StoreError> {
        self.body_of(
            "SELECT m.body FROM api_keys k JOIN members m USING (member_id) WHERE k.digest = $1",
            &[&&digest[..]],
        )
        .await
    }

    /// The member's row is locked while its key changes; the old digest leaves the index in
    /// the same transaction, so the old key stops working the moment the new one exists.
    async fn replace_api_key(&self, member_id: u64, key: StoredApiKey) -> Result<Option<Member>, StoreError> {
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        let id = sql_id(member_id);
        let Some(row) = conn.row("SELECT body FROM members WHERE member_id = $1 FOR UPDATE", &[&id]).await? else {
            return Ok(None);
        };
        let mut member: Member = body(&row, "body")?;
        // The old main key only: the member's scoped keys are in the same index, and stay.
        if let Some(old) = &member.api_key {
            conn.execute("DELETE FROM api_keys WHERE digest = $1", &[&&old.digest[..]]).await?;
        }
        conn.execute("INSERT INTO api_keys (digest, member_id) VALUES ($1, $2)", &[&&key.digest[..], &id]).await?;
        member.api_key = Some(key);
        conn.execute("UPDATE members SET body = $2 WHERE member_id = $1", &[&id, &codec::encode(&member)?]).await?;
        conn.commit().await?;
        self.signup_cache.forget_keys();
        Ok(Some(member))
    }

    /// The member's row is locked while the key is added; its digest enters the index in the
    /// same transaction.
    async fn add_scoped_key(
        &self,
        member_id: u64,
        key: ScopedApiKey,
    ) -> Result<Option<Option<ScopedApiKey>>, StoreError> {
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        let id = sql_id(member_id);
        let Some(row) = conn.row("SELECT body FROM members WHERE member_id = $1 FOR UPDATE", &[&id]).await? else {
            return Ok(None);
        };
        let mut member: Member = body(&row, "body")?;
        let Some(added) = add_key(&mut member.scoped_keys, key) else {
            return Ok(Some(None));
        };
        conn.execute("INSERT INTO api_keys (digest, member_id) VALUES ($1, $2)", &[&&added.digest[..], &id]).await?;
        conn.execute("UPDATE members SET body = $2 WHERE member_id = $1", &[&id, &codec::encode(&member)?]).await?;
        conn.commit().await?;
        Ok(Some(Some(added)))
    }

    /// The member's row is locked while the key is revoked; its digest leaves the index in
    /// the same transaction.
    async fn revoke_scoped_key(&self, member_id: u64, key_id: u64) -> Result<Option<ScopedApiKey>, StoreError> {
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        let id = sql_id(member_id);
        let Some(row) = conn.row("SELECT body FROM members WHERE member_id = $1 FOR UPDATE", &[&id]).await? else {
            return Ok(None);
        };
        let mut member: Member = body(&row, "body")?;
        let Some(at) = member.scoped_keys.iter().position(|k| k.id == key_id) else {
            return Ok(None);
        };
        let revoked = member.scoped_keys.remove(at);
        conn.execute("DELETE FROM api_keys WHERE digest = $1", &[&&revoked.digest[..]]).await?;
        conn.execute("UPDATE members SET body = $2 WHERE member_id = $1", &[&id, &codec::encode(&member)?]).await?;
        conn.commit().await?;
        self.signup_cache.forget_keys();
        Ok(Some(revoked))
    }

    async fn search_members(&self, search: Option<&str>, page: PageRequest) -> Result<(Vec<Member>, u64), StoreError> {
        let needle = search.map(|s| s.trim().to_lowercase()).filter(|s| !s.is_empty());
        let (limit, offset) = window(page);
        let mut conn = self.db.conn().await?;
        let rows = conn
            .rows(
                "SELECT body FROM members WHERE $1::text IS NULL OR strpos(search, $1) > 0
                 ORDER BY member_id DESC LIMIT $2 OFFSET $3",
                &[&needle, &limit, &offset],
            )
            .await?;
        let total = conn
            .one("SELECT count(*) AS n FROM members WHERE $1::text IS NULL OR strpos(search, $1) > 0", &[&needle])
            .await?;
        Ok((bodies(&rows)?, id_at(&total, "n")))
    }

    async fn update_member(
        &self,
        id: u64,
        change: &(dyn for<'m> Fn(&'m mut Member) + Send + Sync),
    ) -> Result<Option<Member>, StoreError> {
        let mut conn = self.db.conn().await?;
        conn.begin().await?;
        let id = sql_id(id);
        let Some(row) = conn.row("SELECT body FROM members WHERE member_id = $1 FOR UPDATE", &[&id]).await? else {
            return Ok(None);
        };
        let mut member: Member = body(&row, "body")?;
        change(&mut member);
        conn.execute(
            "UPDATE members SET plan_id = $2, search = $3, body = $4 WHERE member_id = $1",
            &[&id, &sql_id(member.plan_id), &member_search(&member), &codec::encode(&member)?],
        )
        .await?;
        conn.commit().await?;
        // A signup's request through this server sees the change from the next one on.
        self.signup_cache.forget_keys();
        Ok(Some(member))
    }

    async fn members_on_plan(&self, plan_id: u64) -> Result<u64, StoreError> {
        let row = self
            .db
            .conn()
            .await?
            .one("SELECT count(*) AS n FROM members WHERE plan_id = $1", &[&sql_id(plan_id)])
            .await?;
        Ok(id_at(&row, "n"))
    }

    async fn has_members(&self) -> Result<bool, StoreError> {
        let row = self.db.conn().await?.one("SELECT EXISTS (SELECT 1 FROM members) AS any", &[]).await?;
        Ok(row.get::<_, bool>("any"))
    }
}

#[async_trait]
impl SessionStore for PgStore {
    async fn create_session(&self, digest: &[u8; 32], session: &DashboardSession) -> Result<(), StoreError> {
        let mut conn = self.db.conn().await?;
        let member_id = sql_id(session.member_id);
        conn.execute(
            "DELETE FROM dashboard_sessions WHERE member_id = $1 AND expires_at_ms <= $2",
            &[&member_id, &session.created_at_ms],
        )
        .await?;
        conn.execute(
            "INSERT INTO dashboard_sessions (digest, member_id, expires_at_ms, body) VALUES ($1, $2, $3, $4)",
            &[&&digest[..], &member_id, &session.expires_at_ms, &codec::encode(session)?],
        )
        .await?;
        Ok(())
    }

    async fn dashboard_session(&self, digest: &[u8; 32]) -> Result<Option<DashboardSession>, StoreError> {
        self.body_of("SELECT body FROM dashboard_sessions WHERE digest = $1", &[&&digest[..]]).await
    }

    async fn end_session(&self, digest: &[u8; 32]) -> Result<bool, StoreError> {
        let ended =
            self.db.conn().await?.execute("DELETE FROM dashboard_sessions WHERE digest = $1", &[&&digest[..]]).await?;
        Ok(ended > 0)
    }

    async fn end_sessions_of_member(&self, member_id: u64) -> Result<u64, StoreError> {
        self.db
            .conn()
            .await?
            .execute("DELETE FROM dashboard_sessions WHERE member_id = $1", &[&sql_id(member_id)])
            .await
    }

    async fn create_portal_pass(&self, digest: &[u8; 32], pass: &PortalPass) -> Result<(), StoreError> {
        let mut conn = self.db.conn().await?;
        let participant_id = sql_id(pass.participant_id);
        conn.execute(
            "DELETE FROM portal_passes WHERE participant_id = $1 AND expires_at_ms <= $2",
            &[&participant_id, &pass.created_at_ms],
        )
        .await?;
        conn.execute(
            "INSERT INTO portal_passes (digest, participant_id, expires_at_ms, body) VALUES ($1, $2, $3, $4)",
            &[&&digest[..], &participant_id, &pass.expires_at_ms, &codec::encode(pass)?],
        )
        .await?;
        Ok(())
    }

    async fn portal_pass(&self, digest: &[u8; 32]) -> Result<Option<PortalPass>, StoreError> {
        self.body_of("SELECT body FROM portal_passes WHERE digest = $1", &[&&digest[..]]).await
    }

    async fn take_portal_pass(&self, digest: &[u8; 32]) -> Result<Option<PortalPass>, StoreError> {
        // One statement: of two servers deleting the same row, one deletes it, the other
        // finds none.
        self.body_of("DELETE FROM portal_passes WHERE digest = $1 RETURNING body", &[&&digest[..]]).await
    }

    async fn create_invitation(&self, digest: &[u8; 32], invitation: &Invitation) -> Result<(), StoreError> {
        let mut conn = self.db.conn().await?;
        conn.execute("DELETE FROM invitations WHERE expires_at_ms <= $1", &[&invitation.created_at_ms]).await?;
        conn.execute(
            "INSERT INTO invitations (digest, expires_at_ms, body) VALUES ($1, $2, $3)",
            &[&&digest[..], &invitation.expires_at_ms, &codec::encode(invitation)?],
        )
        .await?;
        Ok(())
    }

    async fn invitation(&self, digest: &[u8; 32]) -> Result<Option<Invitation>, StoreError> {
        self.body_of("SELECT body FROM invitations WHERE digest = $1", &[&&digest[..]]).await
    }

    async fn take_invitation(&self, digest: &[u8; 32]) -> Result<Option<Invitation>, StoreError> {
        // One statement: of two servers deleting the same row, one deletes it, the other
        // finds none.
        self.body_of("DELETE FROM invitations WHERE digest = $1 RETURNING body", &[&&digest[..]]).await
    }

    async fn create_password_reset(&self, digest: &[u8; 32], reset: &PasswordReset) -> Result<(), StoreError> {
        let mut conn = self.db.conn().await?;
        conn.execute("DELETE FROM password_resets WHERE expires_at_ms <= $1", &[&reset.created_at_ms]).await?;
        conn.execute(
            "INSERT INTO password_resets (digest, expires_at_ms, body) VALUES ($1, $2, $3)",
            &[&&digest[..], &reset.expires_at_ms, &codec::encode(reset)?],
        )
        .await?;
        Ok(())
    }

    async fn password_reset(&self, digest: &[u8; 32]) -> Result<Option<PasswordReset>, StoreError> {
        self.body_of("SELECT body FROM password_resets WHERE digest = $1", &[&&digest[..]]).await
    }

    async fn take_password_reset(&self, digest: &[u8; 32]) -> Result<Option<PasswordReset>, StoreError> {
        // One statement: of two servers deleting the same row, one deletes it.
        self.body_of("DELETE FROM password_resets WHERE digest = $1 RETURNING body", &[&&digest[..]]).await
    }
}

#[async_trait]
impl PlanStore for PgStore {
    async fn plans(&self) -> Result<Vec<Plan>, StoreError> {
        self.bodies_of("SELECT body FROM plans ORDER BY plan_id", &[]).await
    }

    async fn plan(&self, id: u64) -> Result<Option<Plan>, StoreError> {
        self.body_of("SELECT body FROM plans WHERE plan_id = $1", &[&sql_id(id)]).await
    }

    async fn save_plan(&self, plan: &Plan) -> Result<(), StoreError> {
        self.db
            .conn()
            .await?
            .execute(
                "INSERT INTO plans (plan_id, body) VALUES ($1, $2) ON CONFLICT (plan_id) DO UPDATE SET body = $2",
                &[&sql_id(plan.id), &codec::encode(plan)?],
            )
            .await?;
        Ok(())
    }

    async fn remove_plan(&self, id: u64) -> Result<bool, StoreError> {
        Ok(self.db.conn().await?.execute("DELETE FROM plans WHERE plan_id = $1", &[&sql_id(id)]).await? > 0)
    }

    async fn next_plan_id(&self) -> Result<u64, StoreError> {
        let row = self.db.conn().await?.one("SELECT coalesce(max(plan_id), 0) + 1 AS n FROM plans", &[]).await?;
        Ok(id_at(&row, "n"))
    }
}

/// The `meta` row of the server secret's check value.
const SECRET_CHECK: &str = "secret_check";

#[async_trait]
impl Lifecycle for PgStore {
    /// PostgreSQL refuses writes itself when it cannot make them durable; this server never
    /// stops them.
    fn writes_stopped(&self) -> bool {
        false
    }

    /// Any number of servers may open the same database.
    fn shared(&self) -> bool {
        true
    }

    /// Reachable and writable: a standby, or a primary set read-only, takes no write.
    async fn reachable(&self) -> Result<(), StoreError> {
        let row = self.db.conn().await?.one("SELECT current_setting('transaction_read_only') = 'on'", &[]).await?;
        if row.get::<_, bool>(0) {
            super::failures::database_turned_read_only();
            return Err(StoreError::Unavailable("the database is read-only: waiting for a writable primary".into()));
        }
        Ok(())
    }

    async fn secret_check(&self) -> Result<Option<Vec<u8>>, StoreError> {
        let row = self.db.conn().await?.row("SELECT value FROM meta WHERE name = $1", &[&SECRET_CHECK]).await?;
        Ok(row.map(|row| row.get::<_, Vec<u8>>("value")))
    }

    /// The first server to record one wins: a server that starts at the same moment with
    /// another secret is refused, not allowed to overwrite it.
    async fn record_secret_check(&self, check: &[u8]) -> Result<(), StoreError> {
        let mut conn = self.db.conn().await?;
        conn.execute("INSERT INTO meta (name, value) VALUES ($1, $2) ON CONFLICT DO NOTHING", &[&SECRET_CHECK, &check])
            .await?;
        let recorded = conn.one("SELECT value FROM meta WHERE name = $1", &[&SECRET_CHECK]).await?;
        if recorded.get::<_, &[u8]>("value") != check {
            return Err(StoreError::Database(
                "another server recorded a different server secret for this database at the same time".into(),
            ));
        }
        Ok(())
    }

    async fn holds_sealed_data(&self) -> Result<bool, StoreError> {
        let row = self
            .db
            .conn()
            .await?
            .one(
                "SELECT EXISTS (SELECT 1 FROM api_keys) OR EXISTS (SELECT 1 FROM webhooks)
                     OR EXISTS (SELECT 1 FROM stripe_connections) OR EXISTS (SELECT 1 FROM source_connections)
                     AS sealed",
                &[],
            )
            .await?;
        Ok(row.get("sealed"))
    }

    async fn close(&self) -> Result<(), StoreError> {
        self.db.close();
        Ok(())
    }
}
