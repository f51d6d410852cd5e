//! The rows a decision writes most (participants, rewards, their marks, the numbers they
//! move, webhook events and deliveries, emails, the mentions of both, visits, velocity
//! windows), kept a table at a time and written as arrays, a part of one statement per table
//! (`row_parts.rs`: `unnest` of arrays, `ON CONFLICT` where a row may exist, only the parts
//! that have rows): a referral signup's dozen writes become one statement. Rows
//! that exist are updated by a statement each, by key (a join of arrays against a table may
//! be planned as a read of it).
//!
//! Why this gives what writing them one after another would: the statements touch different
//! tables, and no statement reads a table another one writes (there are no triggers or
//! foreign keys), so their order does not matter. Within one table, writes of one row are
//! merged as their order would leave it (a later body wins; a new participant updated again
//! is inserted as updated; a reward issued on the way keeps its issue order). Writes that
//! depend on order across tables (an invitation reads its participant's campaign) or that
//! replace rows wholesale go after, or after everything held is sent (see `writes.rs`).

use super::connection::{Owned, Pipeline};
use super::copies::{MENTION_EMAIL, MENTION_EVENT};
use super::marks::{Mark, Marks, NewMarks};
use super::merged::{put, Merged};
use super::outboxes::Lease;
use super::row_parts::{self, Part, Rows};
use super::{codec, sql_id, StoreError};
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
    visits: Vec<(i64, i64, Vec<u8>)>,
    /// Event id, campaign, body.
    events: Vec<(i64, i64, Vec<u8>)>,
    deliveries: Vec<PendingDelivery>,
    emails: Vec<(i64, i64, i64, Vec<u8>)>,
    mentions: Vec<(i64, i16, Vec<u8>)>,
    /// Campaigns' held rows, rewritten (see `held.rs`): campaign, encoded numbers.
    held: Vec<(i64, Vec<u8>)>,
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
            visits: Vec::new(),
            events: Vec::new(),
            deliveries: Vec::new(),
            emails: Vec::new(),
            mentions: Vec::new(),
            held: Vec::new(),
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
            body: codec::encode_participant(p)?,
        };
        put(&mut self.new_participants, |r| r.id, row);
        Ok(())
    }

    /// A participant's new body. Their email, inbox and domain stay: only an erasure changes
    /// them (see `writes.rs`).
    pub fn participant(&mut self, p: &Participant) -> Result<(), StoreError> {
        let (id, search, body) = (sql_id(p.id), search_haystack(p).into_bytes(), codec::encode_participant(p)?);
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

    /// The numbers held, taken out: a busy brand's decision leaves them for the next one to
    /// add to (see `merged.rs`).
    pub fn take_numbers(&mut self) -> Merged {
        std::mem::take(&mut self.numbers)
    }

    /// Campaigns' held rows to rewrite with the rows (see `held.rs`).
    pub fn held_rows(&mut self, rows: Vec<(i64, Vec<u8>)>) {
        self.held = rows;
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

    /// Every statement for what is held, to `pipe`; the set is then empty: the rows that
    /// exist updated by key, then the rows' statement (`row_parts.rs`) for all the others.
    pub fn send(&mut self, pipe: &mut Pipeline) -> Result<(), StoreError> {
        let mut held = std::mem::replace(self, Self::new(self.brand_id, self.lease));
        // Counters, days and standings wait for the transaction's end (`held.rs`); the
        // windows go now.
        self.numbers = held.numbers.take_held();
        let brand_id = held.brand_id;
        // The first participant updated goes in the rows' statement; any other, a statement
        // each, by key (a decision updates one, the referrer, or a few), never as a join of
        // arrays against the table, which may be planned as a read of the brand's participants.
        let mut known = std::mem::take(&mut held.participants).into_iter();
        let first = known.next();
        for (id, search, body) in known {
            pipe.push(
                "UPDATE participants SET search = $3, body = $4 WHERE brand_id = $1 AND participant_id = $2",
                taken![brand_id, id, search, body],
            );
        }
        let new: Vec<i64> = held.new_participants.iter().map(|n| n.id).collect();
        let marks = std::mem::take(&mut held.marks).split(|id| new.contains(&id), pipe, brand_id);
        let (parts, params) = held.rows_params(first, marks)?;
        if !parts.is_empty() {
            pipe.push(row_parts::statement(&parts), params);
        }
        Ok(())
    }

    /// The parts of the rows' statement that have rows (see `row_parts.rs`) and its
    /// parameters, in their order: the held rows moved into their arrays.
    fn rows_params(
        self,
        updated: Option<(i64, Vec<u8>, Vec<u8>)>,
        marks: NewMarks,
    ) -> Result<(Vec<Part>, Vec<Owned>), StoreError> {
        let mut numbers = self.numbers;
        let mut rows = Rows::of_brand(self.brand_id);
        let new = self.new_participants;
        if !new.is_empty() {
            let mut params = taken![
                new.iter().map(|n| n.id).collect::<Vec<i64>>(),
                new.iter().map(|n| n.campaign_id).collect::<Vec<i64>>(),
                new.iter().map(|n| n.member_id).collect::<Vec<i64>>(),
                new.iter().map(|n| n.seq).collect::<Vec<i64>>(),
                new.iter().map(|n| n.email.clone()).collect::<Vec<Option<String>>>(),
                new.iter().map(|n| n.inbox.clone()).collect::<Vec<Option<String>>>(),
                new.iter().map(|n| n.domain.clone()).collect::<Vec<Option<String>>>(),
                new.iter().map(|n| n.referred_by).collect::<Vec<Option<i64>>>(),
            ];
            let (searches, bodies): (Vec<Vec<u8>>, Vec<Vec<u8>>) = new.into_iter().map(|n| (n.search, n.body)).unzip();
            params.extend(taken![searches, bodies]);
            rows.add(Part::NewParticipants, params);
        }
        if let Some((id, search, body)) = updated {
            rows.add(Part::Updated, taken![id, search, body]);
        }
        if !marks.participants.is_empty() {
            rows.add(
                Part::Marks,
                taken![
                    marks.participants,
                    marks.campaigns,
                    marks.converted,
                    marks.qualified,
                    marks.unsubscribed,
                    marks.blocked_at,
                    marks.admitted_at,
                    marks.holds,
                    marks.prints,
                    marks.print_at,
                ],
            );
        }
        let rewards = self.rewards;
        if !rewards.is_empty() {
            rows.add(
                Part::Rewards,
                taken![
                    rewards.iter().map(|r| r.id).collect::<Vec<i64>>(),
                    rewards.iter().map(|r| r.participant_id).collect::<Vec<i64>>(),
                    rewards.iter().map(|r| r.campaign_id).collect::<Vec<i64>>(),
                    rewards.iter().map(|r| r.member_id).collect::<Vec<i64>>(),
                    rewards.iter().map(|r| r.status).collect::<Vec<i16>>(),
                    rewards.iter().map(|r| r.held_until).collect::<Vec<Option<i64>>>(),
                    rewards.iter().map(|r| r.issued).collect::<Vec<bool>>(),
                    rewards.into_iter().map(|r| r.body).collect::<Vec<Vec<u8>>>(),
                ],
            );
        }
        let rates = numbers.windows();
        if !rates.is_empty() {
            let (mut campaigns, mut rate_keys, mut lasts, mut times) = (Vec::new(), Vec::new(), Vec::new(), Vec::new());
            for ((campaign_id, key), last, window) in rates {
                campaigns.push(campaign_id);
                rate_keys.push(key);
                lasts.push(last);
                times.push(window);
            }
            rows.add(Part::Windows, taken![campaigns, rate_keys, lasts, times]);
        }
        let visits = self.visits;
        if !visits.is_empty() {
            rows.add(
                Part::Visits,
                taken![
                    visits.iter().map(|v| v.0).collect::<Vec<i64>>(),
                    visits.iter().map(|v| v.1).collect::<Vec<i64>>(),
                    visits.into_iter().map(|v| v.2).collect::<Vec<Vec<u8>>>(),
                ],
            );
        }
        let events = self.events;
        if !events.is_empty() {
            rows.add(
                Part::Events,
                taken![
                    events.iter().map(|e| e.0).collect::<Vec<i64>>(),
                    events.iter().map(|e| e.1).collect::<Vec<i64>>(),
                    events.into_iter().map(|e| e.2).collect::<Vec<Vec<u8>>>(),
                ],
            );
        }
        let deliveries = self.deliveries;
        if !deliveries.is_empty() {
            rows.add(
                Part::Deliveries,
                taken![
                    deliveries.iter().map(|d| sql_id(d.webhook_id)).collect::<Vec<i64>>(),
                    deliveries.iter().map(|d| sql_id(d.event_id)).collect::<Vec<i64>>(),
                    deliveries.iter().map(|d| d.attempts as i32).collect::<Vec<i32>>(),
                    deliveries.iter().map(|d| d.due_ms).collect::<Vec<i64>>(),
                    self.lease.ms,
                    self.lease.holder,
                ],
            );
        }
        let emails = self.emails;
        if !emails.is_empty() {
            rows.add(
                Part::Emails,
                taken![
                    emails.iter().map(|e| e.0).collect::<Vec<i64>>(),
                    emails.iter().map(|e| e.1).collect::<Vec<i64>>(),
                    emails.iter().map(|e| e.2).collect::<Vec<i64>>(),
                    emails.into_iter().map(|e| e.3).collect::<Vec<Vec<u8>>>(),
                    codec::encode(&EmailDelivery::queued())?,
                ],
            );
        }
        let mentions = self.mentions;
        if !mentions.is_empty() {
            rows.add(
                Part::Mentions,
                taken![
                    mentions.iter().map(|m| m.0).collect::<Vec<i64>>(),
                    mentions.iter().map(|m| m.1).collect::<Vec<i16>>(),
                    mentions.into_iter().map(|m| m.2).collect::<Vec<Vec<u8>>>(),
                ],
            );
        }
        let held = self.held;
        if !held.is_empty() {
            let (campaigns, numbers): (Vec<i64>, Vec<Vec<u8>>) = held.into_iter().unzip();
            rows.add(Part::Held, taken![campaigns, numbers]);
        }
        Ok(rows.into_parts())
    }
}
