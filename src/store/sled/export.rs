//! The embedded database read out whole, as [`Moved`] items (see `store/moved.rs`): the way
//! from the embedded default to PostgreSQL (`refctl restore FILE --database-url URL` with a
//! backup taken from the embedded database).
//!
//! Plain records are read from their trees; a brand's engine rows are read through the same
//! reads the engine uses ([`SledSession`]) and sent as the [`Write`]s that make them, a
//! bounded batch at a time, so a campaign of any size streams through in constant memory.
//! Run on a database no server has open (a backup restored into a scratch directory).

use std::collections::HashMap;

use tokio::sync::mpsc::Sender;

use super::decisions::SledSession;
use super::keys::{self, campaign_row, index};
use super::participants::decode_idempotency_record;
use super::search::roster_id;
use super::{codec, SledStore, StoreError};
use crate::domain::conversion::Conversion;
use crate::domain::engine::{BrandReads, Write};
use crate::domain::event::Event;
use crate::domain::ids::IdKind;
use crate::domain::leaderboard::Board;
use crate::domain::outgoing_email::{EmailDelivery, OutgoingEmail, QueuedEmail};
use crate::domain::webhook::{Attempt, PendingDelivery, Webhook};
use crate::domain::{Brand, Campaign, Member, Plan};
use crate::store::moved::Moved;
use crate::store::{BrandStore, CampaignStore, Lifecycle};

/// How many writes of a brand go in one [`Moved::Rows`].
const BATCH: usize = 2_000;

fn malformed(what: &str) -> StoreError {
    StoreError::Decode(format!("a malformed {what} entry"))
}

/// Where the items go: a bounded channel, so reading waits for the receiver.
struct Out<'a>(&'a Sender<Moved>);

impl Out<'_> {
    async fn send(&self, item: Moved) -> Result<(), StoreError> {
        self.0.send(item).await.map_err(|_| StoreError::Closed)
    }
}

/// A brand's writes, sent a batch at a time.
struct Rows<'a> {
    out: &'a Out<'a>,
    brand_id: u64,
    writes: Vec<Write>,
}

impl Rows<'_> {
    async fn push(&mut self, write: Write) -> Result<(), StoreError> {
        self.writes.push(write);
        if self.writes.len() >= BATCH {
            self.flush().await?;
        }
        Ok(())
    }

    async fn flush(&mut self) -> Result<(), StoreError> {
        if !self.writes.is_empty() {
            let writes = std::mem::take(&mut self.writes);
            self.out.send(Moved::Rows { brand_id: self.brand_id, writes }).await?;
        }
        Ok(())
    }
}

impl SledStore {
    /// Sends every record of the database into `out`, in the order [`Moved`] documents. Stops
    /// with [`StoreError::Closed`] when the receiver went away.
    pub async fn export(&self, out: &Sender<Moved>) -> Result<(), StoreError> {
        let out = Out(out);
        if let Some(check) = self.secret_check().await? {
            out.send(Moved::SecretCheck(check)).await?;
        }
        for row in self.plans.iter().values() {
            out.send(Moved::Plan(codec::decode::<Plan>(&row?)?)).await?;
        }
        for row in self.members.iter().values() {
            out.send(Moved::Member(codec::decode::<Member>(&row?)?)).await?;
        }
        let mut brand_of_campaign = HashMap::new();
        for row in self.brands.iter().values() {
            let brand: Brand = codec::decode(&row?)?;
            let brand_id = brand.id;
            for campaign_id in self.export_brand(&out, brand).await? {
                brand_of_campaign.insert(campaign_id, brand_id);
            }
        }
        self.export_events(&out, &brand_of_campaign).await?;
        for row in self.webhooks.iter().values() {
            out.send(Moved::Webhook(codec::decode::<Webhook>(&row?)?)).await?;
        }
        for row in self.indexes.scan_prefix([index::DOMAIN_PROOF]).values() {
            out.send(Moved::DomainProof(codec::decode(&row?)?)).await?;
        }
        self.export_exchange_rates(&out).await?;
        for row in self.deliveries.iter().values() {
            out.send(Moved::Delivery(codec::decode::<PendingDelivery>(&row?)?)).await?;
        }
        for entry in self.indexes.scan_prefix([index::ATTEMPT_ORDER]) {
            let (key, log_key) = entry?;
            let webhook_id = key.get(1..9).and_then(keys::read_id).ok_or_else(|| malformed("attempt order"))?;
            if let Some(attempt) = Self::read::<Attempt>(&self.delivery_log, log_key)? {
                out.send(Moved::Attempt { webhook_id, attempt }).await?;
            }
        }
        self.export_email_states(&out).await?;
        for entry in self.idempotency.iter() {
            let (key, value) = entry?;
            out.send(Moved::Idempotency { key: key.to_vec(), record: decode_idempotency_record(&value)? }).await?;
        }
        self.export_issue_order(&out).await?;
        for kind in IdKind::ALL {
            out.send(Moved::LastId { kind, last: self.last_id(kind) }).await?;
        }
        out.send(Moved::End).await
    }

    /// A brand, its Stripe connection, and each campaign with its lander and its rows; the
    /// ids of its campaigns.
    async fn export_brand(&self, out: &Out<'_>, brand: Brand) -> Result<Vec<u64>, StoreError> {
        let brand_id = brand.id;
        let stripe = self.stripe_connection(brand_id).await?;
        out.send(Moved::Brand(brand)).await?;
        if let Some(connection) = stripe {
            out.send(Moved::Stripe { brand_id, connection }).await?;
        }
        for source in crate::domain::sales_source::Source::ALL {
            if let Some(connection) = self.source_connection(brand_id, source).await? {
                out.send(Moved::Source { brand_id, source, connection }).await?;
            }
        }
        let customers = keys::tagged_prefix(keys::index::SOURCE_CUSTOMER, brand_id);
        for entry in self.indexes.scan_prefix(customers) {
            let (key, email) = entry?;
            let customer = String::from_utf8_lossy(&key[customers.len()..]).into_owned();
            let email = String::from_utf8_lossy(&email).into_owned();
            out.send(Moved::SourceCustomer { brand_id, customer, email }).await?;
        }
        let mut rows = Rows { out, brand_id, writes: Vec::new() };
        let campaign_ids = self.campaign_ids_of_brand(brand_id).await?;
        for &campaign_id in &campaign_ids {
            let Some(campaign) = Self::read::<Campaign>(&self.campaigns, keys::id(campaign_id))? else { continue };
            rows.flush().await?;
            out.send(Moved::Campaign(Box::new(campaign.clone()))).await?;
            if let Some(lander) = self.lander(campaign_id).await? {
                out.send(Moved::Lander { campaign_id, lander }).await?;
            }
            self.export_campaign(&mut rows, &campaign).await?;
        }
        rows.flush().await?;
        Ok(campaign_ids)
    }

    /// The rows of one campaign, as writes: the coupon pool, the participants with what is
    /// theirs, then the campaign's own rows.
    async fn export_campaign(&self, rows: &mut Rows<'_>, campaign: &Campaign) -> Result<(), StoreError> {
        let reads = SledSession::new(self);
        let campaign_id = campaign.id;
        let pool = reads.coupon_pool(campaign_id)?;
        if pool.uploaded > 0 || pool.assigned > 0 {
            rows.push(Write::Pool { campaign_id, pool }).await?;
        }
        for seq in 1..=pool.uploaded {
            let Some(coupon) = reads.coupon(campaign_id, seq)? else { continue };
            let assigned = coupon.reward_id.is_some();
            rows.push(Write::NewCoupon { campaign_id, seq, coupon: coupon.clone() }).await?;
            if assigned {
                rows.push(Write::Coupon { campaign_id, seq, coupon }).await?;
            }
        }
        let roster = keys::row(campaign_id, campaign_row::ROSTER, &[]);
        for entry in self.campaign_rows.scan_prefix(&roster).values() {
            let id = roster_id(&entry?).ok_or_else(|| malformed("roster"))?;
            if let Some(participant) = self.participant_row(id)? {
                self.export_participant(rows, &reads, participant).await?;
            }
        }
        for reward in reads.oldest_pending_rewards(campaign_id, usize::MAX)? {
            let (reward_id, participant_id) = (reward.id, reward.participant_id);
            rows.push(Write::QueuePending { campaign_id, reward_id, participant_id }).await?;
        }
        self.export_campaign_rows(rows, &reads, campaign).await?;
        for (key, _) in self.scan_rows(campaign_id, campaign_row::VISIT)? {
            let participant_id = key.get(..8).and_then(keys::read_id).ok_or_else(|| malformed("visit"))?;
            let visitor: [u8; 16] = key.get(8..).and_then(|v| v.try_into().ok()).ok_or_else(|| malformed("visit"))?;
            rows.push(Write::Visit { campaign_id, participant_id, visitor }).await?;
        }
        for (_, value) in self.scan_rows(campaign_id, campaign_row::CONVERSION)? {
            rows.push(Write::Conversion(codec::decode::<Conversion>(&value)?)).await?;
        }
        for (customer, value) in self.scan_rows(campaign_id, campaign_row::CUSTOMER)? {
            let customer = String::from_utf8(customer).map_err(|_| malformed("customer binding"))?;
            let participant_id = keys::read_id(&value).ok_or_else(|| malformed("customer binding"))?;
            rows.push(Write::CustomerBinding { campaign_id, customer, participant_id }).await?;
        }
        for (_, value) in self.scan_rows(campaign_id, campaign_row::COMMISSION)? {
            rows.push(Write::Commission(Box::new(codec::decode(&value)?))).await?;
        }
        for (_, value) in self.scan_rows(campaign_id, campaign_row::PAYOUT)? {
            rows.push(Write::NewPayout(codec::decode(&value)?)).await?;
        }
        for (_, value) in self.scan_rows(campaign_id, campaign_row::OUTGOING_EMAIL)? {
            rows.push(Write::Email(Box::new(codec::decode::<OutgoingEmail>(&value)?))).await?;
        }
        for entry in self.indexes.scan_prefix(keys::tagged_prefix(index::RATE, campaign_id)) {
            let (key, value) = entry?;
            let key = super::fraud::rate_key_of(&key).ok_or_else(|| malformed("rate"))?;
            rows.push(Write::Rate { campaign_id, key, times: codec::decode(&value)? }).await?;
        }
        Ok(())
    }

    /// A participant's row, rewards, invitations and marks.
    async fn export_participant(
        &self,
        rows: &mut Rows<'_>,
        reads: &SledSession,
        participant: crate::domain::Participant,
    ) -> Result<(), StoreError> {
        let (campaign_id, participant_id) = (participant.campaign_id, participant.id);
        rows.push(Write::NewParticipant(participant)).await?;
        for reward in reads.rewards_of(participant_id)? {
            rows.push(Write::Reward(reward)).await?;
        }
        for invite in reads.invites_of(participant_id)? {
            rows.push(Write::Invite(invite)).await?;
        }
        for code in reads.promo_codes_of(participant_id)? {
            rows.push(Write::PromoCode(Box::new(code))).await?;
        }
        if reads.converted(campaign_id, participant_id)? {
            rows.push(Write::Converted { campaign_id, participant_id }).await?;
        }
        let count = reads.qualified_referrals(campaign_id, participant_id)?;
        if count > 0 {
            rows.push(Write::Qualified { campaign_id, participant_id, count }).await?;
        }
        if reads.unsubscribed(campaign_id, participant_id)? {
            rows.push(Write::Unsubscribed { campaign_id, participant_id }).await?;
        }
        if let Some(print) = reads.signup_print(participant_id)? {
            rows.push(Write::SignupPrint { campaign_id, participant_id, print }).await?;
        }
        let holds = reads.referral_holds(campaign_id, participant_id)?;
        if !holds.is_empty() {
            rows.push(Write::ReferralHolds { campaign_id, participant_id, holds }).await?;
        }
        if let Some(at) = reads.blocked(campaign_id, participant_id)? {
            rows.push(Write::Blocked { campaign_id, participant_id, at: Some(at) }).await?;
        }
        if let Some(at) = reads.admitted(campaign_id, participant_id)? {
            rows.push(Write::Admitted { campaign_id, participant_id, at }).await?;
        }
        let owed = reads.owed(campaign_id, participant_id)?;
        if !owed.entries.is_empty() {
            rows.push(Write::Owed { campaign_id, participant_id, owed }).await?;
        }
        if let Some(details) = reads.payout_details(campaign_id, participant_id)? {
            rows.push(Write::PayoutDetails { campaign_id, participant_id, details: Some(details) }).await?;
        }
        Ok(())
    }

    /// Counters, daily series, leaderboards, the waitlist, the contest and the digest mark.
    async fn export_campaign_rows(
        &self,
        rows: &mut Rows<'_>,
        reads: &SledSession,
        campaign: &Campaign,
    ) -> Result<(), StoreError> {
        let campaign_id = campaign.id;
        for write in self.counter_writes(campaign_id)?.into_iter().chain(self.rollup_writes(campaign_id)?) {
            rows.push(write).await?;
        }
        // The boards as kept in memory (a backend that stores them gets their rows).
        for (board, standings) in self.all_boards(campaign_id)? {
            rows.push(Write::Board { campaign_id, board, standings }).await?;
        }
        let places = reads.line_front(campaign_id, usize::MAX)?;
        if !places.is_empty() {
            rows.push(Write::Line { campaign_id, places }).await?;
        }
        if let Some(result) = reads.contest_result(campaign_id)? {
            rows.push(Write::ContestResult { campaign_id, result: Box::new(result) }).await?;
        }
        // A contest window settled without a result is due no more here: nor there.
        if let Some((due, _)) = Self::contest_due_entry(campaign) {
            if let (false, Some(Board::Contest { ends_ms, .. })) =
                (self.indexes.contains_key(due)?, Board::contest(&campaign.contest))
            {
                rows.push(Write::ContestSettled { campaign_id, ends_ms }).await?;
            }
        }
        if let Some(mark) = reads.digest_mark(campaign_id)? {
            rows.push(Write::DigestMark { campaign_id, mark }).await?;
        }
        Ok(())
    }

    /// Every member's exchange rates, a thousand at a time.
    async fn export_exchange_rates(&self, out: &Out<'_>) -> Result<(), StoreError> {
        let mut batch: Option<(u64, Vec<crate::domain::exchange_rate::ExchangeRate>)> = None;
        for entry in self.indexes.scan_prefix([index::EXCHANGE_RATE]) {
            let (key, value) = entry?;
            let member_id = key.get(1..9).and_then(keys::read_id).ok_or_else(|| malformed("exchange rate"))?;
            let full = batch.as_ref().is_some_and(|(m, rates)| *m != member_id || rates.len() >= 1_000);
            if full {
                let (member_id, rates) = batch.take().expect("a batch");
                out.send(Moved::ExchangeRates { member_id, rates }).await?;
            }
            batch.get_or_insert_with(|| (member_id, Vec::new())).1.push(codec::decode(&value)?);
        }
        if let Some((member_id, rates)) = batch {
            out.send(Moved::ExchangeRates { member_id, rates }).await?;
        }
        Ok(())
    }

    /// The campaign's rows under `tag`: each key after the tag, and the value.
    fn scan_rows(&self, campaign_id: u64, tag: u8) -> Result<Vec<(Vec<u8>, sled::IVec)>, StoreError> {
        let prefix = keys::row(campaign_id, tag, &[]);
        self.campaign_rows
            .scan_prefix(&prefix)
            .map(|entry| entry.map(|(key, value)| (key[prefix.len()..].to_vec(), value)).map_err(StoreError::from))
            .collect()
    }

    /// Webhook events, with the rows of their campaign's brand (an event of a campaign since
    /// deleted went with it).
    async fn export_events(&self, out: &Out<'_>, brand_of_campaign: &HashMap<u64, u64>) -> Result<(), StoreError> {
        let mut pending: HashMap<u64, Rows<'_>> = HashMap::new();
        for row in self.events.iter().values() {
            let event: Event = codec::decode(&row?)?;
            let Some(&brand_id) = brand_of_campaign.get(&event.campaign_id) else { continue };
            let rows = pending.entry(brand_id).or_insert_with(|| Rows { out, brand_id, writes: Vec::new() });
            rows.push(Write::Event(Box::new(event))).await?;
        }
        for rows in pending.values_mut() {
            rows.flush().await?;
        }
        Ok(())
    }

    /// What became of each email, and the outbox entries of those still to be sent.
    async fn export_email_states(&self, out: &Out<'_>) -> Result<(), StoreError> {
        let mut queued: HashMap<u64, QueuedEmail> = HashMap::new();
        for row in self.indexes.scan_prefix([index::EMAIL_QUEUE]).values() {
            let entry: QueuedEmail = codec::decode(&row?)?;
            queued.insert(entry.email_id, entry);
        }
        for entry in self.email_log.iter() {
            let (key, value) = entry?;
            let email_id = keys::read_id(&key).ok_or_else(|| malformed("email log"))?;
            let delivery: EmailDelivery = codec::decode(&value)?;
            out.send(Moved::EmailState { email_id, delivery, queued: queued.remove(&email_id) }).await?;
        }
        for (email_id, entry) in queued {
            out.send(Moved::EmailState { email_id, delivery: EmailDelivery::queued(), queued: Some(entry) }).await?;
        }
        Ok(())
    }

    /// Each member's issued rewards, in the order they were issued.
    async fn export_issue_order(&self, out: &Out<'_>) -> Result<(), StoreError> {
        let mut order = Vec::new();
        for row in self.indexes.scan_prefix([index::ISSUED]).values() {
            let row = row?;
            order.push(row.get(16..24).and_then(keys::read_id).ok_or_else(|| malformed("issued reward"))?);
            if order.len() >= BATCH {
                out.send(Moved::IssueOrder(std::mem::take(&mut order))).await?;
            }
        }
        if !order.is_empty() {
            out.send(Moved::IssueOrder(order)).await?;
        }
        Ok(())
    }
}
