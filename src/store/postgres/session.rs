//! The engine's side of PostgreSQL: a [`PgSession`] holds one brand's lock, gives the
//! referral engine its reads ([`BrandReads`]) and commits the writes it decides in the same
//! transaction (`writes.rs`). Kept in one file, over 500 lines, as the trait it implements
//! is: every read of the engine side by side (their longer statements are in `ahead.rs` and
//! `commissions.rs`).
//!
//! The brand lock is `pg_advisory_xact_lock(brand_id)`, taken when the session opens (a
//! signup's session reads ahead in the same round trip) and held until it commits or is
//! dropped: every decision on a brand, on any server, holds it, so no other decision writes
//! the brand's rows between this one's reads and its commit. (A busy brand's decisions may
//! share one transaction, `session_end.rs`, which holds only their brand's lock.) That is
//! the guarantee the engine's exactly-once rules rest on (a coupon to one reward, a goal's
//! reward once, a chain never overwritten, one participant per email): the lock serialises
//! decisions, and the unique keys of the schema (coupon code and reward per campaign, email
//! and domain per campaign, one visit per visitor) refuse any write that would break a rule
//! if a bug ever let two through.
//!
//! The engine's reads are synchronous: the session waits for each on the caller's thread
//! (`brand_lock::wait`). The brands' decisions run on the store's own runtime, with the
//! connections (see `connection.rs`), never on an actor's thread; every statement has a
//! timeout. The lock is never waited for that way (see `Held::lock`): reads wait on no lock.

use std::sync::Arc;

use async_trait::async_trait;
use parking_lot::Mutex;
use serde::de::DeserializeOwned;
use tokio_postgres::types::FromSql;
use tokio_postgres::Row;

use super::ahead::{self, not_a, Fetched, Found};
use super::brand_lock::Held;
use super::connection::Params;
use super::merged::Merged;
use super::rows::{coupon_of, place_of, ranked};
use super::{body, codec, commissions, id_at, promo_codes, sql_id, StoreError};
use crate::domain::client_print::{RateKey, StoredPrint};
use crate::domain::contest::ContestResult;
use crate::domain::conversion::Conversion;
use crate::domain::digest::DigestMark;
use crate::domain::email::EmailLookup;
use crate::domain::engine::{BrandReads, ReadAhead, Write};
use crate::domain::exchange_rate::ExchangeRate;
use crate::domain::ids::IdKind;
use crate::domain::invoice::Commission;
use crate::domain::leaderboard::{Board, Credit, Standing};
use crate::domain::payout::PayoutDetails;
use crate::domain::promo_code::PromoCode;
use crate::domain::reward::HoldReason;
use crate::domain::waitlist::Place;
use crate::domain::webhook::WebhookRoute;
use crate::domain::{Campaign, Counter, Coupon, CouponPool, Invite, Member, Participant, Plan, Reward};
use crate::store::{BrandSession, IdempotencyRecord, IdempotencyWrite};

/// One brand's decision on PostgreSQL: a connection inside a transaction that holds the
/// brand's lock.
pub(super) struct PgSession {
    pub(super) brand_id: i64,
    /// The lease on the webhook deliveries the decision queues.
    pub(super) lease: super::outboxes::Lease,
    pub(super) conn: Mutex<Held>,
    /// Address lookups already answered in this session. A signup asks the same ones twice
    /// (once to know whether it takes ids, once deciding); nothing is written until the
    /// commit, so the first answer stands.
    looked_up: Mutex<Vec<(u64, EmailLookup, Option<u64>)>>,
    /// Rows of reads the decision named ahead, fetched together (see `ahead.rs`).
    pub(super) fetched: Mutex<Fetched>,
    /// The numbers the brand's decisions before this one moved and did not write yet (see
    /// `merged.rs`): the reads of numbers add them to what is stored.
    pub(super) numbers: Merged,
}

impl PgSession {
    pub(super) fn new(brand_id: i64, lease: super::outboxes::Lease, held: Held) -> Self {
        let (looked_up, fetched, numbers) = Default::default();
        Self { brand_id, lease, conn: Mutex::new(held), looked_up, fetched, numbers }
    }

    fn rows(&self, sql: &'static str, params: Params<'_>) -> Result<Vec<Row>, StoreError> {
        let mut held = self.conn.lock();
        let rows = super::brand_lock::wait(held.conn.rows(sql, params));
        held.noted(rows)
    }

    fn row(&self, sql: &'static str, params: Params<'_>) -> Result<Option<Row>, StoreError> {
        let mut held = self.conn.lock();
        let row = super::brand_lock::wait(held.conn.row(sql, params));
        held.noted(row)
    }

    /// A `body` found by a query, decoded.
    fn body<T: DeserializeOwned>(&self, sql: &'static str, params: Params<'_>) -> Result<Option<T>, StoreError> {
        self.row(sql, params)?.map(|row| body(&row, "body")).transpose()
    }

    fn bodies<T: DeserializeOwned>(&self, sql: &'static str, params: Params<'_>) -> Result<Vec<T>, StoreError> {
        super::bodies(&self.rows(sql, params)?)
    }

    /// What a read named ahead found: fetched ahead, or read now with its statement.
    fn found(&self, read: &ReadAhead) -> Result<Found, StoreError> {
        let fetched = self.fetched.lock().take(read);
        fetched.map_or_else(|| self.read_now(read).map(Found::Rows), Ok)
    }

    /// A read named ahead made now, with its own statement.
    fn read_now(&self, read: &ReadAhead) -> Result<Vec<Row>, StoreError> {
        let (sql, params) = ahead::statement(self.brand_id, read);
        self.rows(sql, &super::connection::borrowed(&params))
    }

    /// The value of a read that finds one ([`ahead::value_column`]). `None` when it found
    /// no row, or NULL.
    fn value_of<T: for<'a> FromSql<'a>>(&self, read: ReadAhead) -> Result<Option<T>, StoreError> {
        let column = ahead::value_column(&read).ok_or_else(|| not_a(&read, "one value"))?;
        self.found(&read)?.value(column)
    }

    /// The decoded `body` of a one-row read (a campaign, a participant, a key's member, a
    /// plan).
    fn body_ahead<T: DeserializeOwned>(&self, read: ReadAhead) -> Result<Option<T>, StoreError> {
        self.value_of::<Vec<u8>>(read)?.map(|body| codec::decode(&body)).transpose()
    }

    /// The values of a read of several rows ([`ahead::array_column`]).
    fn array_of<T: for<'a> FromSql<'a>>(&self, read: ReadAhead) -> Result<Vec<T>, StoreError> {
        let column = ahead::array_column(&read).ok_or_else(|| not_a(&read, "several rows"))?;
        self.found(&read)?.array(column)
    }

    /// Whether a query finds a row.
    fn exists(&self, sql: &'static str, params: Params<'_>) -> Result<bool, StoreError> {
        Ok(self.row(sql, params)?.is_some())
    }
}

#[async_trait]
impl BrandSession for PgSession {
    /// Those fetched ahead ([`ReadAhead::NewIds`]), or one statement for all of them, on the
    /// session's connection.
    async fn take_ids(&self, kinds: &[IdKind]) -> Result<Vec<u64>, StoreError> {
        if kinds.is_empty() {
            return Ok(Vec::new());
        }
        // None fetched when the address was known then: they are taken now.
        let fetched = self.fetched.lock().take_ids(kinds);
        if let Some(found) = fetched {
            let ids: Vec<i64> = found.array("id")?;
            if ids.len() == kinds.len() {
                return Ok(ids.into_iter().map(|id| id.max(0) as u64).collect());
            }
        }
        let sequences = super::sequences::sequences_of(kinds);
        let rows = self.rows(
            "SELECT nextval(s::regclass) AS id FROM unnest($1::text[]) WITH ORDINALITY AS t(s, n) ORDER BY n",
            &[&sequences],
        )?;
        Ok(rows.iter().map(|row| id_at(row, "id")).collect())
    }

    /// Read at every decision that publishes: a webhook written through another server is
    /// heard of at once.
    async fn webhook_routes(&self, member_id: u64) -> Result<Arc<Vec<WebhookRoute>>, StoreError> {
        let bodies: Vec<Vec<u8>> = self.array_of(ReadAhead::Webhooks { member_id })?;
        let webhooks = bodies.iter().map(|body| codec::decode(body)).collect::<Result<_, _>>()?;
        Ok(super::outboxes::routes_of(webhooks))
    }

    async fn key_holder(&self, digest: &[u8; 32]) -> Result<Option<Member>, StoreError> {
        self.body_ahead(ReadAhead::KeyHolder(*digest))
    }

    async fn plan(&self, plan_id: u64) -> Result<Option<Plan>, StoreError> {
        self.body_ahead(ReadAhead::Plan(plan_id))
    }

    async fn idempotency_record(&self, key: &[u8]) -> Result<Option<IdempotencyRecord>, StoreError> {
        self.body("SELECT body FROM idempotency WHERE key = $1", &[&key])
    }

    async fn commit(self: Box<Self>, writes: &[Write]) -> Result<(), StoreError> {
        let written = self.write(writes, None).await?;
        written.map_err(|_| StoreError::Database("no idempotency record was claimed".into()))
    }

    async fn commit_idempotent(
        self: Box<Self>,
        writes: &[Write],
        idempotency: &IdempotencyWrite,
        record: &IdempotencyRecord,
    ) -> Result<Result<(), IdempotencyRecord>, StoreError> {
        self.write(writes, Some((idempotency, record))).await
    }
}

impl BrandReads for PgSession {
    type Error = StoreError;

    fn campaign(&self, id: u64) -> Result<Option<Campaign>, StoreError> {
        self.body_ahead(ReadAhead::Campaign(id))
    }

    /// One round trip for every read not fetched or answered yet.
    fn read_ahead(&self, reads: &[ReadAhead]) -> Result<(), StoreError> {
        let wanted: Vec<&ReadAhead> = {
            let fetched = self.fetched.lock();
            let looked_up = self.looked_up.lock();
            let answered = |read: &ReadAhead| match read {
                ReadAhead::Email { campaign_id, lookup } => {
                    looked_up.iter().any(|(c, l, _)| c == campaign_id && l == lookup)
                }
                _ => false,
            };
            reads.iter().filter(|read| !fetched.holds(read) && !answered(read)).collect()
        };
        if wanted.is_empty() {
            return Ok(());
        }
        let (queries, answered) = ahead::queries(self.brand_id, &wanted, false);
        let rows = self.conn.lock().fetch_now(&queries)?;
        self.keep_fetched(answered, rows);
        Ok(())
    }

    fn participant(&self, id: u64) -> Result<Option<Participant>, StoreError> {
        self.value_of::<Vec<u8>>(ReadAhead::Participant(id))?.map(|p| codec::decode_participant(&p)).transpose()
    }

    fn reward(&self, participant_id: u64, reward_id: u64) -> Result<Option<Reward>, StoreError> {
        self.body(
            "SELECT body FROM rewards WHERE reward_id = $1 AND participant_id = $2",
            &[&sql_id(reward_id), &sql_id(participant_id)],
        )
    }

    fn participant_id_by_email(&self, campaign_id: u64, lookup: &EmailLookup) -> Result<Option<u64>, StoreError> {
        let known = self.looked_up.lock().iter().find(|(c, l, _)| *c == campaign_id && l == lookup).map(|k| k.2);
        if let Some(found) = known {
            return Ok(found);
        }
        let found = self.value_of::<i64>(ReadAhead::Email { campaign_id, lookup: lookup.clone() })?;
        let found = found.map(|id| id.max(0) as u64);
        self.looked_up.lock().push((campaign_id, lookup.clone(), found));
        Ok(found)
    }

    fn participant_id_by_domain(&self, campaign_id: u64, domain: &str) -> Result<Option<u64>, StoreError> {
        let row = self.row(
            "SELECT participant_id FROM participants WHERE brand_id = $1 AND campaign_id = $2 AND domain = $3",
            &[&self.brand_id, &sql_id(campaign_id), &domain],
        )?;
        Ok(row.map(|row| id_at(&row, "participant_id")))
    }

    fn invite(&self, participant_id: u64, invite_id: u64) -> Result<Option<Invite>, StoreError> {
        self.body(
            "SELECT body FROM invites WHERE brand_id = $1 AND invite_id = $2 AND participant_id = $3",
            &[&self.brand_id, &sql_id(invite_id), &sql_id(participant_id)],
        )
    }

    fn invites_of(&self, participant_id: u64) -> Result<Vec<Invite>, StoreError> {
        self.bodies("SELECT body FROM invites WHERE participant_id = $1 ORDER BY invite_id", &[&sql_id(participant_id)])
    }

    fn invites_to(&self, campaign_id: u64, inbox: &str) -> Result<Vec<Invite>, StoreError> {
        self.bodies(
            "SELECT body FROM invites WHERE brand_id = $1 AND campaign_id = $2 AND inbox = $3
             ORDER BY participant_id, invite_id",
            &[&self.brand_id, &sql_id(campaign_id), &inbox],
        )
    }

    fn rewards_of(&self, participant_id: u64) -> Result<Vec<Reward>, StoreError> {
        self.bodies("SELECT body FROM rewards WHERE participant_id = $1 ORDER BY reward_id", &[&sql_id(participant_id)])
    }

    fn counter(&self, campaign_id: u64, counter: Counter) -> Result<u64, StoreError> {
        let stored = self.value_of::<i64>(ReadAhead::Counter { campaign_id, counter })?;
        Ok(self.numbers.counter_now(campaign_id, i16::from(counter as u8), stored))
    }

    fn coupon_pool(&self, campaign_id: u64) -> Result<CouponPool, StoreError> {
        let row = self.row(
            "SELECT uploaded, assigned FROM coupon_pools WHERE brand_id = $1 AND campaign_id = $2",
            &[&self.brand_id, &sql_id(campaign_id)],
        )?;
        Ok(row.map_or(CouponPool::default(), |row| CouponPool {
            uploaded: id_at(&row, "uploaded"),
            assigned: id_at(&row, "assigned"),
        }))
    }

    fn coupon(&self, campaign_id: u64, seq: u64) -> Result<Option<Coupon>, StoreError> {
        let row = self.row(
            "SELECT code, reward_id, participant_id, used_at FROM coupons
             WHERE brand_id = $1 AND campaign_id = $2 AND seq = $3",
            &[&self.brand_id, &sql_id(campaign_id), &sql_id(seq)],
        )?;
        Ok(row.as_ref().map(coupon_of))
    }

    /// One statement per chunk; `LIMIT 1` keeps each code a lookup in the unique code index,
    /// where `code = ANY(…)` or a join read the whole pool when statistics lag (migration 4).
    fn pool_holds(&self, campaign_id: u64, codes: &[String]) -> Result<Vec<bool>, StoreError> {
        let rows = self.rows(
            "SELECT n.code FROM unnest($3::text[]) AS n (code), LATERAL (SELECT 1 FROM coupons c
             WHERE c.brand_id = $1 AND c.campaign_id = $2 AND c.code = n.code LIMIT 1) AS held",
            &[&self.brand_id, &sql_id(campaign_id), &codes],
        )?;
        let held: std::collections::HashSet<&str> = rows.iter().map(|row| row.get::<_, &str>("code")).collect();
        Ok(codes.iter().map(|code| held.contains(code.as_str())).collect())
    }

    fn oldest_pending_rewards(&self, campaign_id: u64, limit: usize) -> Result<Vec<Reward>, StoreError> {
        self.bodies(
            "SELECT r.body FROM pending_rewards p JOIN rewards r ON r.brand_id = p.brand_id AND r.reward_id = p.reward_id
             WHERE p.brand_id = $1 AND p.campaign_id = $2 ORDER BY p.reward_id LIMIT $3",
            &[&self.brand_id, &sql_id(campaign_id), &(limit as i64)],
        )
    }

    fn conversion_by_external_id(&self, campaign_id: u64, external_id: &str) -> Result<Option<Conversion>, StoreError> {
        self.body(commissions::CONVERSION_BY_EXTERNAL_ID, &[&self.brand_id, &sql_id(campaign_id), &external_id])
    }

    fn conversion_by_payment(&self, campaign_id: u64, reference: &str) -> Result<Option<Conversion>, StoreError> {
        self.body(commissions::CONVERSION_BY_PAYMENT, &[&self.brand_id, &sql_id(campaign_id), &reference])
    }

    fn promo_code(&self, brand_id: u64, key: &str) -> Result<Option<PromoCode>, StoreError> {
        self.body(promo_codes::BY_KEY, &[&sql_id(brand_id), &key])
    }

    fn promo_code_by_stripe(&self, brand_id: u64, stripe_id: &str) -> Result<Option<PromoCode>, StoreError> {
        self.body(promo_codes::BY_STRIPE, &[&sql_id(brand_id), &stripe_id])
    }

    fn promo_codes_of(&self, participant_id: u64) -> Result<Vec<PromoCode>, StoreError> {
        self.bodies(promo_codes::OF_PARTICIPANT, &[&self.brand_id, &sql_id(participant_id)])
    }

    fn customer_participant(&self, campaign_id: u64, customer: &str) -> Result<Option<u64>, StoreError> {
        let rows = self.rows(commissions::CUSTOMER_PARTICIPANT, &[&self.brand_id, &sql_id(campaign_id), &customer])?;
        Ok(rows.first().map(|row| row.get::<_, i64>("participant_id") as u64))
    }

    fn commission_of_reward(&self, campaign_id: u64, reward_id: u64) -> Result<Option<Commission>, StoreError> {
        self.body(commissions::OF_REWARD, &[&self.brand_id, &sql_id(campaign_id), &sql_id(reward_id)])
    }

    fn unrated_commissions(&self, campaign_id: u64) -> Result<Vec<Commission>, StoreError> {
        self.bodies(commissions::UNRATED, &[&self.brand_id, &sql_id(campaign_id)])
    }

    fn exchange_rates(&self, member_id: u64, first_day: &str, last_day: &str) -> Result<Vec<ExchangeRate>, StoreError> {
        let (first, last) = commissions::days(first_day, last_day);
        self.bodies(commissions::RATES_BETWEEN, &[&sql_id(member_id), &first, &last])
    }

    fn commission(&self, campaign_id: u64, conversion_id: u64) -> Result<Option<Commission>, StoreError> {
        self.body(commissions::OF_CONVERSION, &[&self.brand_id, &sql_id(conversion_id), &sql_id(campaign_id)])
    }

    fn subscription_commissions(&self, campaign_id: u64, subscription_id: &str) -> Result<Vec<Commission>, StoreError> {
        self.bodies(commissions::OF_SUBSCRIPTION, &[&self.brand_id, &sql_id(campaign_id), &subscription_id])
    }

    fn converted(&self, campaign_id: u64, participant_id: u64) -> Result<bool, StoreError> {
        self.exists(
            "SELECT 1 FROM participant_marks
             WHERE brand_id = $1 AND participant_id = $2 AND campaign_id = $3 AND converted",
            &[&self.brand_id, &sql_id(participant_id), &sql_id(campaign_id)],
        )
    }

    fn qualified_referrals(&self, campaign_id: u64, participant_id: u64) -> Result<u64, StoreError> {
        let row = self.row(
            "SELECT qualified FROM participant_marks WHERE brand_id = $1 AND participant_id = $2 AND campaign_id = $3",
            &[&self.brand_id, &sql_id(participant_id), &sql_id(campaign_id)],
        )?;
        Ok(row.map_or(0, |row| id_at(&row, "qualified")))
    }

    fn visited(&self, campaign_id: u64, participant_id: u64, visitor: &[u8; 16]) -> Result<bool, StoreError> {
        self.exists(
            "SELECT 1 FROM visits WHERE brand_id = $1 AND campaign_id = $2 AND participant_id = $3 AND visitor = $4",
            &[&self.brand_id, &sql_id(campaign_id), &sql_id(participant_id), &&visitor[..]],
        )
    }

    fn unsubscribed(&self, campaign_id: u64, participant_id: u64) -> Result<bool, StoreError> {
        self.exists(
            "SELECT 1 FROM participant_marks
             WHERE brand_id = $1 AND participant_id = $2 AND campaign_id = $3 AND unsubscribed",
            &[&self.brand_id, &sql_id(participant_id), &sql_id(campaign_id)],
        )
    }

    fn digest_mark(&self, campaign_id: u64) -> Result<Option<DigestMark>, StoreError> {
        self.body(
            "SELECT body FROM digest_marks WHERE brand_id = $1 AND campaign_id = $2",
            &[&self.brand_id, &sql_id(campaign_id)],
        )
    }

    fn signup_print(&self, participant_id: u64) -> Result<Option<StoredPrint>, StoreError> {
        let row = self.row(
            "SELECT print FROM participant_marks WHERE participant_id = $1 AND print IS NOT NULL",
            &[&sql_id(participant_id)],
        )?;
        row.map(|row| codec::decode(row.get::<_, &[u8]>("print"))).transpose()
    }

    fn recent(&self, campaign_id: u64, key: &RateKey) -> Result<Vec<i64>, StoreError> {
        let stored = self.value_of::<Vec<u8>>(ReadAhead::Recent { campaign_id, key: *key })?;
        self.numbers.window_now(campaign_id, key, stored)
    }

    fn referral_holds(&self, campaign_id: u64, participant_id: u64) -> Result<Vec<HoldReason>, StoreError> {
        let row = self.row(
            "SELECT referral_holds FROM participant_marks
             WHERE brand_id = $1 AND participant_id = $2 AND campaign_id = $3 AND referral_holds IS NOT NULL",
            &[&self.brand_id, &sql_id(participant_id), &sql_id(campaign_id)],
        )?;
        Ok(row.map(|row| codec::decode(row.get::<_, &[u8]>("referral_holds"))).transpose()?.unwrap_or_default())
    }

    fn blocked(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, StoreError> {
        self.value_of::<String>(ReadAhead::Blocked { campaign_id, participant_id })
    }

    fn standing(&self, campaign_id: u64, board: Board, participant_id: u64) -> Result<Option<Standing>, StoreError> {
        let stored = self.value_of::<Vec<u8>>(ReadAhead::Standing { campaign_id, board, participant_id })?;
        self.numbers.standing_now(campaign_id, board, participant_id, stored)
    }

    fn board_top(&self, campaign_id: u64, board: Board, limit: usize) -> Result<Vec<(u64, Standing)>, StoreError> {
        let rows = self.rows(
            "SELECT rank FROM standings WHERE brand_id = $1 AND campaign_id = $2 AND board = $3 ORDER BY rank LIMIT $4",
            &[
                &self.brand_id,
                &sql_id(campaign_id),
                &&board.key()[..],
                &((limit + self.numbers.held_on(campaign_id, board)) as i64),
            ],
        )?;
        let stored = rows.iter().map(ranked).collect::<Result<_, _>>()?;
        self.numbers.top_now(campaign_id, board, limit, stored)
    }

    fn credits(&self, campaign_id: u64) -> Result<Vec<Credit>, StoreError> {
        let referred = super::participant_bodies(&self.rows(
            "SELECT body FROM participants
             WHERE brand_id = $1 AND campaign_id = $2 AND referred_by IS NOT NULL ORDER BY seq",
            &[&self.brand_id, &sql_id(campaign_id)],
        )?)?;
        Ok(referred.iter().filter_map(Credit::of).collect())
    }

    fn contest_result(&self, campaign_id: u64) -> Result<Option<ContestResult>, StoreError> {
        self.body(
            "SELECT body FROM contest_results WHERE brand_id = $1 AND campaign_id = $2",
            &[&self.brand_id, &sql_id(campaign_id)],
        )
    }

    fn place(&self, campaign_id: u64, participant_id: u64) -> Result<Option<Place>, StoreError> {
        let row = self.row(
            "SELECT place FROM places WHERE brand_id = $1 AND campaign_id = $2 AND participant_id = $3",
            &[&self.brand_id, &sql_id(campaign_id), &sql_id(participant_id)],
        )?;
        row.as_ref().map(place_of).transpose()
    }

    fn line_front(&self, campaign_id: u64, limit: usize) -> Result<Vec<(u64, Place)>, StoreError> {
        let rows = self.rows(
            "SELECT participant_id, place FROM places WHERE brand_id = $1 AND campaign_id = $2
             ORDER BY place LIMIT $3",
            &[&self.brand_id, &sql_id(campaign_id), &(limit as i64)],
        )?;
        rows.iter().map(|row| Ok((id_at(row, "participant_id"), place_of(row)?))).collect()
    }

    fn admitted(&self, campaign_id: u64, participant_id: u64) -> Result<Option<String>, StoreError> {
        let row = self.row(
            "SELECT admitted_at FROM participant_marks WHERE brand_id = $1 AND participant_id = $2 AND campaign_id = $3",
            &[&self.brand_id, &sql_id(participant_id), &sql_id(campaign_id)],
        )?;
        Ok(row.and_then(|row| row.get("admitted_at")))
    }

    fn roster(&self, campaign_id: u64) -> Result<Vec<Participant>, StoreError> {
        super::participant_bodies(&self.rows(
            "SELECT body FROM participants WHERE brand_id = $1 AND campaign_id = $2 ORDER BY seq",
            &[&self.brand_id, &sql_id(campaign_id)],
        )?)
    }

    fn unpaid_cash_rewards(&self, campaign_id: u64) -> Result<Vec<Reward>, StoreError> {
        let issued = super::payouts::issued_code();
        Ok(super::payouts::cash(self.bodies(super::payouts::UNPAID, &[&self.brand_id, &sql_id(campaign_id), &issued])?))
    }

    fn payout(&self, campaign_id: u64, payout_id: u64) -> Result<Option<crate::domain::payout::Payout>, StoreError> {
        self.body(super::payouts::ONE, &[&self.brand_id, &sql_id(payout_id), &sql_id(campaign_id)])
    }

    fn payout_holding(&self, campaign_id: u64, reward_id: u64) -> Result<Option<u64>, StoreError> {
        let row = self.row(super::payouts::HOLDING, &[&self.brand_id, &sql_id(reward_id), &sql_id(campaign_id)])?;
        Ok(row.map(|row| super::id_at(&row, "payout_id")))
    }

    fn owed(&self, _: u64, participant_id: u64) -> Result<crate::domain::payout::Owed, StoreError> {
        Ok(self.body(super::payouts::OWED, &[&self.brand_id, &sql_id(participant_id)])?.unwrap_or_default())
    }

    fn payout_details(&self, _: u64, participant_id: u64) -> Result<Option<PayoutDetails>, StoreError> {
        self.body(super::payouts::DETAILS, &[&self.brand_id, &sql_id(participant_id)])
    }
}
