//! A database moved from another backend ([`Moved`] items, see `store/moved.rs`) loaded into
//! an empty PostgreSQL database: the way from the embedded default to PostgreSQL.
//!
//! Records go in through the store's own operations (a brand's rows through a decision
//! session's commit, which writes them as the engine's decisions would), a batch per
//! transaction. A failure part-way, or a sender that stops before [`Moved::End`], empties the
//! database again (it was empty before: nothing of anyone else's is lost), so a second try
//! starts clean.

use tokio::sync::mpsc::Receiver;

use super::backup::{refuse_unless_empty, RestoreError, TABLES};
use super::copies::MENTION_IDEMPOTENCY;
use super::sequences::sequence_of;
use super::{codec, sql_id, PgStore, PostgresOptions, StoreError};
use crate::domain::{email, Member};
use crate::store::moved::Moved;
use crate::store::{BrandStore, CampaignStore, DecisionStore, Lifecycle, PlanStore, RateStore, WebhookStore};

/// What a move loaded.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Imported {
    pub members: u64,
    pub brands: u64,
    pub campaigns: u64,
    /// Engine rows (participants, rewards, coupons, counters, …), as writes.
    pub rows: u64,
}

/// Loads everything `items` brings into the empty PostgreSQL database of `options`, all or
/// nothing (see the module's documentation).
pub async fn import_moved(options: &PostgresOptions, mut items: Receiver<Moved>) -> Result<Imported, RestoreError> {
    // The load holds one connection of the general half of the pool throughout, and the
    // store's operations it calls take another.
    let options = PostgresOptions { pool_size: options.pool_size.max(4), ..options.clone() };
    let store = PgStore::open(&options).await?;
    refuse_unless_empty(&mut *store.db.conn().await?).await?;
    let loaded = load(&store, &mut items).await;
    if loaded.is_err() {
        items.close();
        if let Ok(mut conn) = store.db.conn().await {
            let _ = conn.batch(&format!("TRUNCATE {}", TABLES.join(", "))).await;
        }
    }
    loaded
}

async fn load(store: &PgStore, items: &mut Receiver<Moved>) -> Result<Imported, RestoreError> {
    let mut conn = store.db.conn().await?;
    // The moved plans replace the seeded ones, and are not seeded over again at the next start.
    conn.batch("TRUNCATE plans, meta; INSERT INTO meta (name, value) VALUES ('plans_seeded', '\\x01')").await?;
    let mut imported = Imported::default();
    let mut outbox_cleared = false;
    while let Some(item) = items.recv().await {
        // Past the brands' rows, their emails' outbox entries (each due at once) give way to
        // the outbox moved.
        if !outbox_cleared && matches!(item, Moved::EmailState { .. } | Moved::End) {
            conn.execute("DELETE FROM email_outbox", &[]).await?;
            outbox_cleared = true;
        }
        match item {
            Moved::SecretCheck(check) => store.record_secret_check(&check).await?,
            Moved::Plan(plan) => store.save_plan(&plan).await?,
            Moved::Member(member) => {
                insert_member(&mut conn, &member).await?;
                imported.members += 1;
            }
            Moved::Brand(brand) => {
                let id = brand.id;
                if store.create_brand(&brand, None).await?.is_err() {
                    return Err(RestoreError::Refused(format!("brand {id} shares its member's domain with another")));
                }
                imported.brands += 1;
            }
            Moved::Stripe { brand_id, connection } => store.save_stripe_connection(brand_id, Some(&connection)).await?,
            Moved::Source { brand_id, source, connection } => {
                store.save_source_connection(brand_id, source, Some(&connection)).await?
            }
            Moved::SourceCustomer { brand_id, customer, email } => {
                store.save_source_customer(brand_id, &customer, &email).await?
            }
            Moved::Campaign(campaign) => {
                let id = campaign.id;
                if store.create_campaign(&campaign, None).await?.is_err() {
                    return Err(RestoreError::Refused(format!("campaign {id} could not be created")));
                }
                imported.campaigns += 1;
            }
            Moved::Lander { campaign_id, lander } => store.save_lander(campaign_id, &lander).await?,
            Moved::Rows { brand_id, writes } => {
                imported.rows += writes.len() as u64;
                store.session(brand_id).await?.commit(&writes).await?;
            }
            Moved::Webhook(webhook) => store.create_webhook(&webhook).await?,
            Moved::DomainProof(proof) => store.save_domain_proof(&proof).await?,
            Moved::ExchangeRates { member_id, rates } => store.save_exchange_rates(member_id, &rates).await?,
            Moved::Delivery(delivery) => {
                conn.execute(
                    "INSERT INTO deliveries (webhook_id, event_id, attempts, due_ms) VALUES ($1, $2, $3, $4)",
                    &[
                        &sql_id(delivery.webhook_id),
                        &sql_id(delivery.event_id),
                        &(delivery.attempts as i32),
                        &delivery.due_ms,
                    ],
                )
                .await?;
            }
            Moved::Attempt { webhook_id, attempt } => {
                conn.execute(
                    "INSERT INTO attempts (webhook_id, event_id, body) VALUES ($1, $2, $3)",
                    &[&sql_id(webhook_id), &sql_id(attempt.event_id), &codec::encode(&attempt)?],
                )
                .await?;
            }
            Moved::EmailState { email_id, delivery, queued } => {
                let email_id = sql_id(email_id);
                conn.execute(
                    "UPDATE emails SET delivery = $2 WHERE email_id = $1",
                    &[&email_id, &codec::encode(&delivery)?],
                )
                .await?;
                if let Some(queued) = queued {
                    conn.execute(
                        "INSERT INTO email_outbox (brand_id, email_id, campaign_id, attempts, due_ms)
                         SELECT brand_id, email_id, campaign_id, $2, $3 FROM emails WHERE email_id = $1",
                        &[&email_id, &(queued.attempts as i32), &queued.due_ms],
                    )
                    .await?;
                }
            }
            Moved::Idempotency { key, record } => {
                conn.execute("INSERT INTO idempotency (key, body) VALUES ($1, $2)", &[&key, &codec::encode(&record)?])
                    .await?;
                for participant_id in record.participant_ids() {
                    super::copies::mention(&mut conn, participant_id, MENTION_IDEMPOTENCY, &key).await?;
                }
            }
            Moved::IssueOrder(reward_ids) => {
                // Numbered past every issue order taken so far, in the order given.
                let ids: Vec<i64> = reward_ids.into_iter().map(sql_id).collect();
                conn.execute(
                    "WITH base AS (SELECT nextval('issue_order') AS b)
                     UPDATE rewards SET issue_seq = base.b + n.o FROM base, unnest($1::bigint[]) WITH ORDINALITY AS n (r, o)
                     WHERE rewards.reward_id = n.r",
                    &[&ids],
                )
                .await?;
                conn.one("SELECT setval('issue_order', nextval('issue_order') + $1)", &[&(ids.len() as i64)]).await?;
            }
            Moved::LastId { kind, last } => {
                conn.one(
                    "SELECT setval($1::text::regclass, $2, $3)",
                    &[&sequence_of(kind), &sql_id(last.max(1)), &(last > 0)],
                )
                .await?;
            }
            Moved::End => {
                // The planner's statistics of what was loaded: without them it may look a
                // participant's address up through another index of the campaign (a scan).
                conn.batch("ANALYZE").await?;
                return Ok(imported);
            }
        }
    }
    Err(RestoreError::Refused("the source stopped before its end".into()))
}

/// A member with the id they had, with their email's and their API key's index rows.
async fn insert_member(conn: &mut super::connection::Conn, member: &Member) -> Result<(), StoreError> {
    let id = sql_id(member.id);
    conn.execute(
        "INSERT INTO member_emails (email, member_id) VALUES ($1, $2)",
        &[&email::normalize(&member.email), &id],
    )
    .await?;
    conn.execute(
        "INSERT INTO members (member_id, plan_id, search, body) VALUES ($1, $2, $3, $4)",
        &[&id, &sql_id(member.plan_id), &super::accounts::member_search(member), &codec::encode(member)?],
    )
    .await?;
    let scoped = member.scoped_keys.iter().map(|k| &k.digest);
    for digest in member.api_key.iter().map(|k| &k.digest).chain(scoped) {
        conn.execute("INSERT INTO api_keys (digest, member_id) VALUES ($1, $2)", &[&&digest[..], &id]).await?;
    }
    Ok(())
}
