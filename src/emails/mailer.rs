//! `Mailer`: one actor that drains the email outbox.
//!
//! - **Intake.** A decision commits its emails with an outbox entry each, due at once
//!   (`store/sled/emails.rs`). The mailer looks for due entries a few times a second, so
//!   nothing has to hand them over and a restart finds them where they were. Before sending
//!   what it found it waits for a flush of the store: an email never leaves for a signup that
//!   a crash could still take back. What it finds it claims (`EmailStore::claim_emails`): of
//!   several servers on one database, one sends each email; a server that dies holding some
//!   leaves them to the others once its lease (twice the timeout, and ten seconds) runs out.
//! - **Sending.** At most `max_in_flight` at once. Each attempt sends the message composed at
//!   the decision, with its stable `Message-ID` (`transport.rs`). Accepted: sent. A 4xx
//!   answer, no connection or a timeout: tried again after the next configured wait, with
//!   jitter, until the waits run out (then failed). A 5xx answer: failed at once.
//! - **Checks at the last moment.** An email to someone who unsubscribed or was erased
//!   since it was composed is cancelled, not sent; so is a digest whose campaign's member
//!   turned digests off meanwhile.
//! - **Log.** What became of the attempt and the outbox entry's replacement are written in
//!   one commit. A crash between the server's acceptance and that commit sends the email
//!   again after the restart, under the same `Message-ID` (at least once; the window is the
//!   time of one commit).
//! - **Stop.** At a graceful stop ([`Drain`]) no attempt starts; those under way finish and
//!   are logged before the stop is told, so an email the SMTP server accepted is not sent
//!   again after the restart. Then the mailer stops, closing its connections.

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use actix::prelude::*;
use rand::Rng;

use super::transport::{Sent, SmtpSender};
use crate::config::EmailConfig;
use crate::domain::now_rfc3339;
use crate::domain::outgoing_email::{EmailAttempt, EmailDelivery, EmailStatus, OutgoingEmail, QueuedEmail};
use crate::store::{SharedStorage, StoreError};

/// How often the mailer looks for due emails.
const POLL: Duration = Duration::from_millis(200);

/// What the mailer needs besides the store.
pub struct MailerSettings {
    pub config: EmailConfig,
    /// The `mail_hold` test fault: while this file exists, the mailer sends nothing (the
    /// outbox keeps filling), so a test can stop the server between commit and send.
    pub hold: Option<PathBuf>,
}

/// The actor.
pub struct Mailer {
    store: SharedStorage,
    sender: Arc<SmtpSender>,
    settings: Arc<MailerSettings>,
    /// Emails being attempted now.
    in_flight: HashSet<u64>,
    /// A look at the outbox is under way.
    looking: bool,
    /// Whether a look has claimed anything since the start (see `EmailStore::claim_emails`).
    looked: bool,
    /// Emails whose attempt finished since the current look began: the look may have read
    /// their outbox entries before the attempt removed them, so they are not started again.
    finished_while_looking: HashSet<u64>,
    /// Who waits for the attempts under way to end ([`Drain`]); some: a graceful stop began.
    draining: Option<Vec<tokio::sync::oneshot::Sender<()>>>,
}

impl Mailer {
    pub fn new(store: SharedStorage, sender: Arc<SmtpSender>, settings: MailerSettings) -> Self {
        Self {
            store,
            sender,
            settings: Arc::new(settings),
            in_flight: HashSet::new(),
            looking: false,
            looked: false,
            finished_while_looking: HashSet::new(),
            draining: None,
        }
    }

    /// Starts an attempt of every due email the in-flight limit allows.
    fn look(&mut self, ctx: &mut Context<Self>) {
        if self.draining.is_some() {
            return self.answer_if_drained(ctx);
        }
        let room = self.settings.config.max_in_flight.saturating_sub(self.in_flight.len());
        if self.looking || room == 0 || self.settings.hold.as_ref().is_some_and(|h| h.exists()) {
            return;
        }
        self.looking = true;
        self.finished_while_looking.clear();
        let store = self.store.clone();
        // Claimed for longer than an attempt can take (connecting, then sending, each within
        // the timeout): no other server sends it meanwhile.
        let lease_ms = (self.settings.config.timeout_secs * 2_000.0) as i64 + 10_000;
        let busy = self.in_flight.clone();
        // The first look after a start takes back what this server held when it stopped.
        let first = !self.looked;
        let finding = async move {
            // Only durable emails are answered: none is sent whose cause a crash could undo.
            let mut due = store.claim_emails(chrono::Utc::now().timestamp_millis(), room, lease_ms, first).await?;
            due.retain(|q| !busy.contains(&q.email_id));
            Ok::<_, StoreError>(due)
        };
        ctx.spawn(finding.into_actor(self).map(move |found, act, ctx| {
            act.looking = false;
            act.looked |= found.is_ok();
            if act.draining.is_some() {
                return act.answer_if_drained(ctx);
            }
            let due = match found {
                Ok(due) => due,
                Err(e) => return tracing::error!(error = %e, "cannot read the email outbox"),
            };
            // What was in flight when the look began is out already; nothing started since
            // (one look at a time), but some finished, and the look may have read those.
            let fresh: Vec<QueuedEmail> =
                due.into_iter().filter(|q| !act.finished_while_looking.contains(&q.email_id)).take(room).collect();
            for queued in fresh {
                act.in_flight.insert(queued.email_id);
                let attempt = attempt(act.store.clone(), act.sender.clone(), act.settings.clone(), queued);
                ctx.spawn(attempt.into_actor(act).map(move |done, act, ctx| {
                    act.in_flight.remove(&queued.email_id);
                    if act.looking {
                        act.finished_while_looking.insert(queued.email_id);
                    }
                    if let Err(e) = done {
                        tracing::error!(error = %e, email_id = queued.email_id, "cannot log an email attempt");
                    }
                    act.look(ctx);
                }));
            }
        }));
    }
}

/// One attempt of a queued email, logged. A failure to log leaves the entry in the outbox:
/// the email is tried again (at least once).
async fn attempt(
    store: SharedStorage,
    sender: Arc<SmtpSender>,
    settings: Arc<MailerSettings>,
    queued: QueuedEmail,
) -> Result<(), StoreError> {
    let Some(email) = store.outgoing_email(queued.campaign_id, queued.email_id).await? else {
        // Its campaign was deleted: nothing left to send or to log.
        let gone = EmailAttempt { queued, delivery: None, next: None };
        return store.record_email_attempts(&[gone]).await;
    };
    let now = now_rfc3339();
    let finished = |status: EmailStatus, attempts: u32, error: Option<String>| EmailDelivery {
        status,
        attempts,
        last_attempt_at: (attempts > queued.attempts).then(|| now.clone()),
        last_error: error,
        sent_at: (status == EmailStatus::Sent).then(|| now.clone()),
    };
    let cancelled = |why: &str| finished(EmailStatus::Cancelled, queued.attempts, Some(why.to_owned()));
    let (delivery, next) = if let Some(why) = not_wanted(&store, &email).await? {
        (cancelled(why), None)
    } else {
        let attempts = queued.attempts + 1;
        match sender.send(&email).await {
            Sent::Accepted => (finished(EmailStatus::Sent, attempts, None), None),
            Sent::Permanent(error) => (finished(EmailStatus::Failed, attempts, Some(error)), None),
            Sent::Temporary(error) => match settings.config.retry_delays_secs.get(queued.attempts as usize) {
                Some(wait) => {
                    let wait = wait * rand::thread_rng().gen_range(0.8..=1.2);
                    let due_ms = chrono::Utc::now().timestamp_millis() + (wait * 1000.0) as i64;
                    let next = QueuedEmail { attempts, due_ms, ..queued };
                    (finished(EmailStatus::Queued, attempts, Some(error)), Some(next))
                }
                None => (finished(EmailStatus::Failed, attempts, Some(error)), None),
            },
        }
    };
    if delivery.status != EmailStatus::Sent {
        tracing::info!(email_id = email.id, status = delivery.status.name(), error = ?delivery.last_error, "email not sent");
    }
    store.record_email_attempts(&[EmailAttempt { queued, delivery: Some(delivery), next }]).await
}

/// Why an email is no longer wanted since it was composed, if it is not: its participant was
/// erased or unsubscribed, or the member turned the campaign's digest off.
async fn not_wanted(store: &SharedStorage, email: &OutgoingEmail) -> Result<Option<&'static str>, StoreError> {
    if email.is_erased() {
        return Ok(Some("the participant was erased"));
    }
    Ok(match email.participant() {
        Some(participant_id) => {
            store.unsubscribed(email.campaign_id, participant_id).await?.then_some("the participant unsubscribed")
        }
        None => {
            let on = store.campaign(email.campaign_id).await?.is_some_and(|c| c.emails.digest.enabled);
            (!on).then_some("the campaign's digest was turned off")
        }
    })
}

/// Starts no more attempts; answers once every attempt under way has finished and been
/// logged (each is logged as it ends), then stops the mailer. Sent once the last request
/// has been answered.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Drain;

impl Handler<Drain> for Mailer {
    type Result = ResponseFuture<()>;

    fn handle(&mut self, _: Drain, ctx: &mut Self::Context) -> Self::Result {
        let (drained, done) = tokio::sync::oneshot::channel();
        self.draining.get_or_insert_with(Vec::new).push(drained);
        self.answer_if_drained(ctx);
        Box::pin(async move {
            let _ = done.await;
        })
    }
}

impl Mailer {
    /// While draining, once no attempt and no look is under way: answers every [`Drain`] and
    /// stops, dropping the SMTP connections here, inside the runtime that closes them.
    fn answer_if_drained(&mut self, ctx: &mut Context<Self>) {
        if !self.in_flight.is_empty() || self.looking {
            return;
        }
        for drained in self.draining.iter_mut().flat_map(std::mem::take) {
            let _ = drained.send(());
        }
        ctx.stop();
    }
}

impl Actor for Mailer {
    type Context = Context<Self>;

    fn started(&mut self, ctx: &mut Self::Context) {
        self.look(ctx);
        ctx.run_interval(POLL, |act, ctx| act.look(ctx));
    }
}
