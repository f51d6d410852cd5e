//! A whole database as a stream of [`Moved`] items, in domain terms: what one backend reads
//! out and another writes in, to move a database between them (`refctl restore` of an
//! embedded backup into PostgreSQL). The engine's rows of a brand travel as the [`Write`]s
//! that make them, so the receiving backend stores them exactly as its own decisions would.
//!
//! Order matters, and the sender keeps it: the secret's check value and the plans first,
//! then each member with everything they own (brands with their campaigns and the brand's
//! engine rows, webhooks), then what refers across them (domain proofs, deliveries, attempts, email
//! states, idempotency records, the issue order), the id positions, and [`Moved::End`].

use crate::domain::domain_proof::DomainProof;
use crate::domain::engine::Write;
use crate::domain::ids::IdKind;
use crate::domain::lander::Lander;
use crate::domain::outgoing_email::{EmailDelivery, QueuedEmail};
use crate::domain::stripe::StripeConnection;
use crate::domain::webhook::{Attempt, PendingDelivery, Webhook};
use crate::domain::{Brand, Campaign, Member, Plan};
use crate::store::IdempotencyRecord;

/// One piece of a database on its way to another backend.
#[derive(Debug)]
pub enum Moved {
    /// The check value of the server secret the database was written with.
    SecretCheck(Vec<u8>),
    Plan(Plan),
    /// A member, with their current API key (its digest and sealed copy).
    Member(Member),
    Brand(Brand),
    Stripe {
        brand_id: u64,
        connection: StripeConnection,
    },
    /// The email a source told of one of a brand's customers.
    SourceCustomer {
        brand_id: u64,
        customer: String,
        email: String,
    },
    /// A brand's connection to Paddle or Shopify.
    Source {
        brand_id: u64,
        source: crate::domain::sales_source::Source,
        connection: crate::domain::sales_source::Connection,
    },
    Campaign(Box<Campaign>),
    Lander {
        campaign_id: u64,
        lander: Lander,
    },
    /// Some of a brand's engine rows (participants, rewards, coupons, counters, …), as the
    /// writes that make them; a brand's rows may come in several of these, in order.
    Rows {
        brand_id: u64,
        writes: Vec<Write>,
    },
    Webhook(Webhook),
    /// A passed domain check of a brand or a partner site (sent after every brand).
    DomainProof(DomainProof),
    /// Some of a member's exchange rates.
    ExchangeRates {
        member_id: u64,
        rates: Vec<crate::domain::exchange_rate::ExchangeRate>,
    },
    /// A webhook delivery still to be made (its event came with its brand's rows).
    Delivery(PendingDelivery),
    /// An attempt of a webhook's log, oldest first.
    Attempt {
        webhook_id: u64,
        attempt: Attempt,
    },
    /// What became of an email (its row came with its brand's rows) and, while it is still
    /// to be sent, its outbox entry.
    EmailState {
        email_id: u64,
        delivery: EmailDelivery,
        queued: Option<QueuedEmail>,
    },
    /// The first answer of an idempotent request, under its key (member id ++ SHA-256 of the
    /// `Idempotency-Key`).
    Idempotency {
        key: Vec<u8>,
        record: IdempotencyRecord,
    },
    /// Issued rewards in the order they were issued, oldest first (the automation platform's
    /// polling trigger reads them in this order).
    IssueOrder(Vec<u64>),
    /// The last id of a kind handed out: the next one is past it.
    LastId {
        kind: IdKind,
        last: u64,
    },
    /// The last item: everything came. A receiver that never sees it keeps nothing.
    End,
}
