//! The rows a decision writes most (participants, rewards, their marks, the numbers they
//! move, webhook events and deliveries, emails, the mentions of both, visits, velocity
//! windows), kept a table at a time and written with one multi-row statement per kind of
//! write (`unnest` of arrays, `ON CONFLICT` where a row may exist): a referral signup's
//! dozen writes become a handful of statements, whatever the campaign.
//!
//! Why this gives what writing them one after another would: the statements touch different
//! tables, and no statement reads a table another one writes (there are no triggers or
//! foreign keys), so their order does not matter. Within one table, writes of one row are
//! merged as their order would leave it (a later body wins; a new participant updated again
//! is inserted as updated; a reward issued on the way keeps its issue order). Writes that
//! depend on order across tables (an invitation reads its participant's campaign) or that
//! replace rows wholesale go after, or after everything held is sent (see `writes.rs`).

use super::connection::Pipeline;
use super::copies::{MENTION_EMAIL, MENTION_EVENT};
use super::marks::{Mark, Marks};
use super::merged::Merged;
use super::outboxes::Lease;
use super::rows::rate_key;
use super::{codec, sql_id, StoreError};
use crate::domain::client_print::RateKey;
use crate::domain::email;
use crate::domain::event::Event;
use crate::domain::outgoing_email::{EmailDelivery, OutgoingEmail};
use crate::domain::participant::search_haystack;
use crate::domain::webhook::PendingDelivery;
use crate::domain::{Participant, Reward, RewardStatus};

/// A new participant's row.
struct NewParticipant {
    id: i64,
    campaign_id: i64,
    member_id: i64,
    seq: i64,
    email: Option<String>,
    inbox: Option<String>,
    domain: Option<String>,
    referred_by: Option<i64>,
    search: Vec<u8>,
    body: Vec<u8>,
}

/// A reward's row; `issued` when any of its writes issued it (it then takes its issue order,
/// once: see `writes.rs`).
struct RewardRow {
    id: i64,
    participant_id: i64,
    campaign_id: i64,
    member_id: i64,
    status: i16,
    held_until: Option<i64>,
    issued: bool,
    body: Vec<u8>,
}

/// A velocity window's row: (campaign, key), the last time counted, the window's times.
type RateRow = ((i64, Vec<u8>), i64, Vec<u8>);

/// The rows held, a table at a time, until [`WriteSet::send`].
pub(super) struct WriteSet {
    brand_id: i64,
    lease: Lease,
    new_participants: Vec<NewParticipant>,
    /// Participants that exist: id, search haystack, body.
    participants: Vec<(i64, Vec<u8>, Vec<u8>)>,
    rewards: Vec<RewardRow>,
    marks: Marks,
    numbers: Merged,
    rates: Vec<RateRow>,
    visits: Vec<(i64, i64, Vec<u8>)>,
    /// Event id, campaign, body.
    events: Vec<(i64, i64, Vec<u8>)>,
    deliveries: Vec<PendingDelivery>,
    emails: Vec<(i64, i64, i64, Vec<u8>)>,
    mentions: Vec<(i64, i16, Vec<u8>)>,
}

/// The entry of `key` in `rows`, replaced by `row`, or `row` added last.
fn put<K: PartialEq, R>(rows: &mut Vec<R>, key: impl Fn(&R) -> K, row: R) {
    let wanted = key(&row);
    match rows.iter_mut().find(|held| key(held) == wanted) {
        Some(held) => *held = row,
        None => rows.push(row),
    }
}

impl WriteSet {
    pub fn new(brand_id: i64, lease: Lease) -> Self {
        Self {
            brand_id,
            lease,
            new_participants: Vec::new(),
            participants: Vec::new(),
            rewards: Vec::new(),
            marks: Marks::default(),
            numbers: Merged::default(),
            rates: Vec::new(),
            visits: Vec::new(),
            events: Vec::new(),
            deliveries: Vec::new(),
            emails: Vec::new(),
            mentions: Vec::new(),
        }
    }

    pub fn new_participant(&mut self, p: &Participant) -> Result<(), StoreError> {
        // What is looked up by: the normalised address and its inbox, none once erased.
        let (email, inbox) = match p.is_erased() {
            true => (None, None),
            false => (Some(email::normalize(&p.email)), Some(email::canonical(&p.email))),
        };
        let row = NewParticipant {
            id: sql_id(p.id),
            campaign_id: sql_id(p.campaign_id),
            member_id: sql_id(p.member_id),
            seq: sql_id(p.seq),
            email,
            inbox,
            domain: p.domain.clone(),
            referred_by: p.referred_by.map(sql_id),
            search: search_haystack(p).into_bytes(),
            body: codec::encode(p)?,
        };
        put(&mut self.new_participants, |r| r.id, row);
        Ok(())
    }

    /// A participant's new body. Their email, inbox and domain stay: only an erasure changes
    /// them (see `writes.rs`).
    pub fn participant(&mut self, p: &Participant) -> Result<(), StoreError> {
        let (id, search, body) = (sql_id(p.id), search_haystack(p).into_bytes(), codec::encode(p)?);
        match self.new_participants.iter_mut().find(|n| n.id == id) {
            Some(new) => (new.search, new.body) = (search, body),
            None => put(&mut self.participants, |r| r.0, (id, search, body)),
        }
        Ok(())
    }

    /// A reward's row with its indexed columns: the hold's end while held.
    pub fn reward(&mut self, r: &Reward) -> Result<(), StoreError> {
        let id = sql_id(r.id);
        let issued = r.status == RewardStatus::Issued || self.rewards.iter().any(|held| held.id == id && held.issued);
        let row = RewardRow {
            id,
            participant_id: sql_id(r.participant_id),
            campaign_id: sql_id(r.campaign_id),
            member_id: sql_id(r.member_id),
            status: i16::from(r.status.byte()),
            held_until: r.release_at_ms.filter(|_| r.status == RewardStatus::Held),
            issued,
            body: codec::encode(r)?,
        };
        put(&mut self.rewards, |r| r.id, row);
        Ok(())
    }

    pub fn mark(&mut self, campaign_id: u64, participant_id: u64, mark: Mark) {
        self.marks.set(sql_id(campaign_id), sql_id(participant_id), mark);
    }

    pub fn numbers(&mut self) -> &mut Merged {
        &mut self.numbers
    }

    pub fn rate(&mut self, campaign_id: u64, key: &RateKey, times: &[i64]) -> Result<(), StoreError> {
        let row = ((sql_id(campaign_id), rate_key(key)), times.last().copied().unwrap_or(0), codec::encode(&times)?);
        put(&mut self.rates, |r| r.0.clone(), row);
        Ok(())
    }

    pub fn visit(&mut self, campaign_id: u64, participant_id: u64, visitor: &[u8]) {
        put(&mut self.visits, |v| v.clone(), (sql_id(campaign_id), sql_id(participant_id), visitor.to_vec()));
    }

    pub fn event(&mut self, event: &Event) -> Result<(), StoreError> {
        for participant_id in event.participant_ids() {
            self.mention(participant_id, MENTION_EVENT, &event.id.to_be_bytes());
        }
        let row = (sql_id(event.id), sql_id(event.campaign_id), codec::encode(event)?);
        put(&mut self.events, |e| e.0, row);
        Ok(())
    }

    /// A delivery (or its next attempt), leased to this server, which hands it to its
    /// dispatcher once the commit is durable.
    pub fn delivery(&mut self, delivery: &PendingDelivery) {
        put(&mut self.deliveries, |d| (d.webhook_id, d.event_id), *delivery);
    }

    /// A composed email: its row, queued, its mentions and its outbox entry, due at once.
    pub fn email(&mut self, email: &OutgoingEmail) -> Result<(), StoreError> {
        for participant_id in email.participant_ids() {
            self.mention(participant_id, MENTION_EMAIL, &email.id.to_be_bytes());
        }
        let row = (sql_id(email.id), sql_id(email.campaign_id), sql_id(email.participant_id), codec::encode(email)?);
        self.emails.push(row);
        Ok(())
    }

    fn mention(&mut self, participant_id: u64, kind: i16, key: &[u8]) {
        put(&mut self.mentions, |m| m.clone(), (sql_id(participant_id), kind, key.to_vec()));
    }

    /// Every statement for what is held, to `pipe`; the set is then empty.
    pub fn send(&mut self, pipe: &mut Pipeline) -> Result<(), StoreError> {
        let held = std::mem::replace(self, Self::new(self.brand_id, self.lease));
        let brand_id = held.brand_id;
        send_participants(pipe, brand_id, held.new_participants, held.participants);
        held.marks.send(pipe, brand_id);
        send_rewards(pipe, brand_id, held.rewards);
        held.numbers.send(pipe, brand_id);
        send_rates(pipe, brand_id, held.rates);
        send_visits(pipe, brand_id, held.visits);
        send_events(pipe, brand_id, held.events);
        send_deliveries(pipe, held.deliveries, held.lease);
        send_emails(pipe, brand_id, held.emails)?;
        send_mentions(pipe, held.mentions);
        Ok(())
    }
}

fn send_participants(
    pipe: &mut Pipeline,
    brand_id: i64,
    new: Vec<NewParticipant>,
    known: Vec<(i64, Vec<u8>, Vec<u8>)>,
) {
    if !new.is_empty() {
        let ids: Vec<i64> = new.iter().map(|n| n.id).collect();
        let campaigns: Vec<i64> = new.iter().map(|n| n.campaign_id).collect();
        let members: Vec<i64> = new.iter().map(|n| n.member_id).collect();
        let seqs: Vec<i64> = new.iter().map(|n| n.seq).collect();
        let emails: Vec<Option<String>> = new.iter().map(|n| n.email.clone()).collect();
        let inboxes: Vec<Option<String>> = new.iter().map(|n| n.inbox.clone()).collect();
        let domains: Vec<Option<String>> = new.iter().map(|n| n.domain.clone()).collect();
        let referrers: Vec<Option<i64>> = new.iter().map(|n| n.referred_by).collect();
        let (searches, bodies): (Vec<Vec<u8>>, Vec<Vec<u8>>) = new.into_iter().map(|n| (n.search, n.body)).unzip();
        pipe.push(
            "INSERT INTO participants (brand_id, participant_id, campaign_id, member_id, seq, email, inbox, domain,
                 referred_by, search, body)
             SELECT $1, i, c, m, s, e, x, d, r, h, b
             FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::text[], $7::text[], $8::text[],
                         $9::bigint[], $10::bytea[], $11::bytea[]) AS n (i, c, m, s, e, x, d, r, h, b)",
            owned![
                &brand_id, &ids, &campaigns, &members, &seqs, &emails, &inboxes, &domains, &referrers, &searches,
                &bodies
            ],
        );
    }
    if !known.is_empty() {
        let ids: Vec<i64> = known.iter().map(|k| k.0).collect();
        let (searches, bodies): (Vec<Vec<u8>>, Vec<Vec<u8>>) = known.into_iter().map(|k| (k.1, k.2)).unzip();
        pipe.push(
            "UPDATE participants t SET search = n.h, body = n.b
             FROM unnest($2::bigint[], $3::bytea[], $4::bytea[]) AS n (i, h, b)
             WHERE t.brand_id = $1 AND t.participant_id = n.i",
            owned![&brand_id, &ids, &searches, &bodies],
        );
    }
}

/// A reward's issue order is taken from the `issue_order` sequence the first time it is
/// written as issued, and never cleared.
fn send_rewards(pipe: &mut Pipeline, brand_id: i64, rewards: Vec<RewardRow>) {
    if rewards.is_empty() {
        return;
    }
    let ids: Vec<i64> = rewards.iter().map(|r| r.id).collect();
    let participants: Vec<i64> = rewards.iter().map(|r| r.participant_id).collect();
    let campaigns: Vec<i64> = rewards.iter().map(|r| r.campaign_id).collect();
    let members: Vec<i64> = rewards.iter().map(|r| r.member_id).collect();
    let statuses: Vec<i16> = rewards.iter().map(|r| r.status).collect();
    let held_until: Vec<Option<i64>> = rewards.iter().map(|r| r.held_until).collect();
    let issued: Vec<bool> = rewards.iter().map(|r| r.issued).collect();
    let bodies: Vec<Vec<u8>> = rewards.into_iter().map(|r| r.body).collect();
    pipe.push(
        "INSERT INTO rewards (brand_id, reward_id, participant_id, campaign_id, member_id, status, release_at_ms,
             issue_seq, body)
         SELECT $1, i, p, c, m, s, h, CASE WHEN f THEN nextval('issue_order') END, b
         FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::smallint[], $7::bigint[],
                     $8::boolean[], $9::bytea[]) AS n (i, p, c, m, s, h, f, b)
         ON CONFLICT (brand_id, reward_id) DO UPDATE SET status = excluded.status,
             release_at_ms = excluded.release_at_ms, body = excluded.body,
             issue_seq = coalesce(rewards.issue_seq, excluded.issue_seq)",
        owned![&brand_id, &ids, &participants, &campaigns, &members, &statuses, &held_until, &issued, &bodies],
    );
}

fn send_rates(pipe: &mut Pipeline, brand_id: i64, rates: Vec<RateRow>) {
    if rates.is_empty() {
        return;
    }
    let campaigns: Vec<i64> = rates.iter().map(|r| r.0 .0).collect();
    let lasts: Vec<i64> = rates.iter().map(|r| r.1).collect();
    let (keys, times): (Vec<Vec<u8>>, Vec<Vec<u8>>) = rates.into_iter().map(|r| (r.0 .1, r.2)).unzip();
    pipe.push(
        "INSERT INTO rates (brand_id, campaign_id, key, last_ms, times)
         SELECT $1, c, k, l, t FROM unnest($2::bigint[], $3::bytea[], $4::bigint[], $5::bytea[]) AS n (c, k, l, t)
         ON CONFLICT (brand_id, campaign_id, key) DO UPDATE SET last_ms = excluded.last_ms, times = excluded.times",
        owned![&brand_id, &campaigns, &keys, &lasts, &times],
    );
}

fn send_visits(pipe: &mut Pipeline, brand_id: i64, visits: Vec<(i64, i64, Vec<u8>)>) {
    if visits.is_empty() {
        return;
    }
    let campaigns: Vec<i64> = visits.iter().map(|v| v.0).collect();
    let participants: Vec<i64> = visits.iter().map(|v| v.1).collect();
    let visitors: Vec<Vec<u8>> = visits.into_iter().map(|v| v.2).collect();
    pipe.push(
        "INSERT INTO visits (brand_id, campaign_id, participant_id, visitor)
         SELECT $1, c, p, v FROM unnest($2::bigint[], $3::bigint[], $4::bytea[]) AS n (c, p, v)
         ON CONFLICT DO NOTHING",
        owned![&brand_id, &campaigns, &participants, &visitors],
    );
}

fn send_events(pipe: &mut Pipeline, brand_id: i64, events: Vec<(i64, i64, Vec<u8>)>) {
    if events.is_empty() {
        return;
    }
    let ids: Vec<i64> = events.iter().map(|e| e.0).collect();
    let campaigns: Vec<i64> = events.iter().map(|e| e.1).collect();
    let bodies: Vec<Vec<u8>> = events.into_iter().map(|e| e.2).collect();
    pipe.push(
        "INSERT INTO events (brand_id, event_id, campaign_id, body)
         SELECT $1, i, c, b FROM unnest($2::bigint[], $3::bigint[], $4::bytea[]) AS n (i, c, b)
         ON CONFLICT (brand_id, event_id) DO UPDATE SET body = excluded.body",
        owned![&brand_id, &ids, &campaigns, &bodies],
    );
}

/// Deliveries leased to this server until their due time (or now, if later) plus the lease.
fn send_deliveries(pipe: &mut Pipeline, deliveries: Vec<PendingDelivery>, lease: Lease) {
    if deliveries.is_empty() {
        return;
    }
    let webhooks: Vec<i64> = deliveries.iter().map(|d| sql_id(d.webhook_id)).collect();
    let events: Vec<i64> = deliveries.iter().map(|d| sql_id(d.event_id)).collect();
    let attempts: Vec<i32> = deliveries.iter().map(|d| d.attempts as i32).collect();
    let due: Vec<i64> = deliveries.iter().map(|d| d.due_ms).collect();
    pipe.push(
        "INSERT INTO deliveries (webhook_id, event_id, attempts, due_ms, leased_until_ms, leased_by)
         SELECT w, e, a, d, greatest(d, now_ms()) + $5, $6
         FROM unnest($1::bigint[], $2::bigint[], $3::integer[], $4::bigint[]) AS n (w, e, a, d)
         ON CONFLICT (webhook_id, event_id) DO UPDATE SET attempts = excluded.attempts, due_ms = excluded.due_ms,
             leased_until_ms = excluded.leased_until_ms, leased_by = excluded.leased_by",
        owned![&webhooks, &events, &attempts, &due, &lease.ms, &lease.holder],
    );
}

/// The emails' rows, queued, and their outbox entries, due at once: one statement (their
/// tables are only ever written together here).
fn send_emails(pipe: &mut Pipeline, brand_id: i64, emails: Vec<(i64, i64, i64, Vec<u8>)>) -> Result<(), StoreError> {
    if emails.is_empty() {
        return Ok(());
    }
    let ids: Vec<i64> = emails.iter().map(|e| e.0).collect();
    let campaigns: Vec<i64> = emails.iter().map(|e| e.1).collect();
    let participants: Vec<i64> = emails.iter().map(|e| e.2).collect();
    let bodies: Vec<Vec<u8>> = emails.into_iter().map(|e| e.3).collect();
    pipe.push(
        "WITH n AS (SELECT * FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bytea[]) AS n (i, c, p, b)),
         queued AS (INSERT INTO emails (brand_id, email_id, campaign_id, participant_id, body, delivery)
                    SELECT $1, i, c, p, b, $6 FROM n)
         INSERT INTO email_outbox (brand_id, email_id, campaign_id, attempts, due_ms) SELECT $1, i, c, 0, 0 FROM n",
        owned![&brand_id, &ids, &campaigns, &participants, &bodies, &codec::encode(&EmailDelivery::queued())?],
    );
    Ok(())
}

fn send_mentions(pipe: &mut Pipeline, mentions: Vec<(i64, i16, Vec<u8>)>) {
    if mentions.is_empty() {
        return;
    }
    let participants: Vec<i64> = mentions.iter().map(|m| m.0).collect();
    let kinds: Vec<i16> = mentions.iter().map(|m| m.1).collect();
    let keys: Vec<Vec<u8>> = mentions.into_iter().map(|m| m.2).collect();
    pipe.push(
        "INSERT INTO mentions (participant_id, kind, key)
         SELECT p, k, y FROM unnest($1::bigint[], $2::smallint[], $3::bytea[]) AS n (p, k, y)
         ON CONFLICT DO NOTHING",
        owned![&participants, &kinds, &keys],
    );
}

#[cfg(test)]
mod tests {
    use super::put;

    #[test]
    fn a_rows_later_write_replaces_it_where_it_was_first_written() {
        let mut rows = vec![(1, "a"), (2, "b")];
        put(&mut rows, |r| r.0, (1, "c"));
        put(&mut rows, |r| r.0, (3, "d"));
        assert_eq!(rows, vec![(1, "c"), (2, "b"), (3, "d")]);
    }
}
