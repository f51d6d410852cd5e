//! The schema's versions, embedded in the binary and applied at start.
//!
//! Every server runs [`migrate`] when it starts. The whole check-and-apply runs in one
//! transaction under an advisory lock, so two servers starting together apply each migration
//! once: the second waits, then finds the schema current. A server refuses a database whose
//! schema is newer than any it knows (a newer release wrote it), rather than misread it.

use super::connection::Conn;
use crate::domain::plan::default_plans;
use crate::store::StoreError;

/// The migrations, in order. A released one is never edited; a change is a new one.
const MIGRATIONS: &[(i32, &str, &str)] = &[
    (1, "schema", include_str!("migrations/0001_schema.sql")),
    (2, "campaign lookups", include_str!("migrations/0002_campaign_lookups.sql")),
    (3, "velocity in place", include_str!("migrations/0003_velocity_in_place.sql")),
    (4, "coupon codes found by code", include_str!("migrations/0004_coupon_codes_found_by_code.sql")),
    (5, "payouts", include_str!("migrations/0005_payouts.sql")),
    (6, "portal passes", include_str!("migrations/0006_portal_passes.sql")),
    (7, "held numbers", include_str!("migrations/0007_held_numbers.sql")),
    (8, "invitations", include_str!("migrations/0008_invitations.sql")),
    (9, "password_resets", include_str!("migrations/0009_password_resets.sql")),
    (10, "domain proofs", include_str!("migrations/0010_domain_proofs.sql")),
    (11, "email leases", include_str!("migrations/0011_email_leases.sql")),
    (12, "commissions", include_str!("migrations/0012_commissions.sql")),
    (13, "exchange rates", include_str!("migrations/0013_exchange_rates.sql")),
    (14, "customer bindings", include_str!("migrations/0014_customer_bindings.sql")),
    (15, "promo codes", include_str!("migrations/0015_promo_codes.sql")),
    (16, "source connections", include_str!("migrations/0016_source_connections.sql")),
    (17, "source customers", include_str!("migrations/0017_source_customers.sql")),
    (18, "scoped keys", include_str!("migrations/0018_scoped_keys.sql")),
    (19, "analytics rollups", include_str!("migrations/0019_rollups.sql")),
    (20, "analytics packs of partners", include_str!("migrations/0020_partner_packs.sql")),
];

/// The newest schema this build knows.
pub const SCHEMA_VERSION: i32 = MIGRATIONS[MIGRATIONS.len() - 1].0;

/// The oldest schema whose backups this build restores: the tables and columns are the same
/// from it to [`SCHEMA_VERSION`] but for tables added since, which an older backup leaves
/// empty (migrations 2 to 4 changed indexes and statistics only, 5 added the payouts, 7 the
/// held numbers, 8 the invitations, 10 the domain proofs, 18 let a member hold several API
/// keys), or columns a restore names for the
/// older backups (11: `email_outbox.leased_by`, see `legacy_columns` in backup.rs). Any other
/// migration that changes a table a backup holds moves it up.
pub const OLDEST_RESTORABLE: i32 = 1;

/// The advisory lock key of migrations. Brand locks use brand ids, which stay far below it.
const MIGRATION_LOCK: i64 = 0x7265_6665_7272_616c;

/// Brings the schema to [`SCHEMA_VERSION`] and seeds the default plans on a new database.
/// Returns the migrations applied.
pub(super) async fn migrate(conn: &mut Conn) -> Result<Vec<i32>, StoreError> {
    conn.begin().await?;
    conn.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK]).await?;
    conn.batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
             version    integer PRIMARY KEY,
             name       text NOT NULL,
             applied_at timestamptz NOT NULL DEFAULT now()
         )",
    )
    .await?;
    let current: i32 = conn.one("SELECT coalesce(max(version), 0) FROM schema_migrations", &[]).await?.get(0);
    if current > SCHEMA_VERSION {
        return Err(StoreError::Database(format!(
            "the database's schema is version {current}, newer than this server knows ({SCHEMA_VERSION}): a newer \
             release of referrals-server wrote it; run that release (or newer)"
        )));
    }
    let mut applied = Vec::new();
    for &(version, name, sql) in MIGRATIONS.iter().filter(|(version, ..)| *version > current) {
        conn.batch(sql).await?;
        conn.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", &[&version, &name]).await?;
        applied.push(version);
    }
    seed_plans(conn).await?;
    upgrade_campaign_bodies(conn).await?;
    upgrade_member_bodies(conn).await?;
    conn.commit().await?;
    Ok(applied)
}

/// Rewrites every campaign still stored in an older shape (schema 8 to 13 of the row, see
/// `domain::campaign_row`; older ones were rewritten by migration 5) as a [`Campaign`] of
/// today. Run at every start, not only with migration 5: a backup of an older release
/// restored since (`refctl restore`) brings old rows back.
async fn upgrade_campaign_bodies(conn: &mut Conn) -> Result<(), StoreError> {
    use crate::domain::campaign_row::CURRENT;
    use crate::store::codec;
    for row in conn.rows("SELECT brand_id, campaign_id, body FROM campaigns", &[]).await? {
        let body: Vec<u8> = row.get("body");
        if codec::is_current_campaign_row(&body) {
            continue;
        }
        // The newest schema that reads the whole row: an older row ends before a newer
        // schema's fields, and has bytes left after an older schema's.
        let upgraded = match (8..CURRENT).rev().find_map(|schema| codec::decode_campaign_row(schema, &body).ok()) {
            Some(campaign) => campaign,
            None => codec::decode_campaign_row(8, &body)?,
        };
        conn.execute(
            "UPDATE campaigns SET body = $3 WHERE brand_id = $1 AND campaign_id = $2",
            &[&row.get::<_, i64>("brand_id"), &row.get::<_, i64>("campaign_id"), &codec::encode(&upgraded)?],
        )
        .await?;
    }
    Ok(())
}

/// Rewrites every member still stored in an older shape: before scoped keys (schema 3,
/// [`MemberV3`](crate::domain::member::MemberV3): none), before the email confirmation
/// (schema 2, [`MemberV2`](crate::domain::member::MemberV2): the address taken as confirmed)
/// or before token generations (schema 1, [`MemberV1`](crate::domain::member::MemberV1)).
/// Run at every start, for the reason [`upgrade_campaign_bodies`] is. An older row ends
/// before a newer schema's fields, so it never decodes as a newer one; the newer is tried
/// first, since the decoder leaves the bytes after the last field it knows.
async fn upgrade_member_bodies(conn: &mut Conn) -> Result<(), StoreError> {
    use crate::domain::member::{Member, MemberV1, MemberV2, MemberV3};
    use crate::store::codec;
    for row in conn.rows("SELECT member_id, body FROM members", &[]).await? {
        let body: Vec<u8> = row.get("body");
        if codec::decode::<Member>(&body).is_ok() {
            continue;
        }
        let upgraded = if let Ok(schema_3) = codec::decode::<MemberV3>(&body) {
            Member::from(schema_3)
        } else if let Ok(schema_2) = codec::decode::<MemberV2>(&body) {
            Member::from(schema_2)
        } else {
            Member::from(codec::decode::<MemberV1>(&body)?)
        };
        conn.execute(
            "UPDATE members SET body = $2 WHERE member_id = $1",
            &[&row.get::<_, i64>("member_id"), &codec::encode(&upgraded)?],
        )
        .await?;
    }
    Ok(())
}

/// Seeds the default plans once per database: an operator who deletes a seeded plan does
/// not see it come back.
async fn seed_plans(conn: &mut Conn) -> Result<(), StoreError> {
    let seeded = conn
        .execute("INSERT INTO meta (name, value) VALUES ('plans_seeded', '\\x01') ON CONFLICT DO NOTHING", &[])
        .await?;
    if seeded == 1 {
        for plan in default_plans() {
            conn.execute(
                "INSERT INTO plans (plan_id, body) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                &[&(plan.id as i64), &crate::store::codec::encode(&plan)?],
            )
            .await?;
        }
    }
    Ok(())
}
