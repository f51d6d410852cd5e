//! The dispatcher's part of a graceful stop: no attempt starts any more, the attempts under
//! way finish (each within `webhooks.timeout_secs`), their outcomes are logged, and only then
//! is the stop told. A receiver that answered before the stop is not sent the same event again
//! after the restart; an attempt the stop's deadline cuts off is made again then, as after a
//! crash.

use std::time::Duration;

use actix::prelude::*;

use super::{log_attempts, WebhookDispatcher};

/// Starts no more attempts; answers once every attempt under way has finished and every
/// finished attempt is logged. Sent once the last request has been answered.
#[derive(Message)]
#[rtype(result = "()")]
pub struct Drain;

impl Handler<Drain> for WebhookDispatcher {
    type Result = ResponseFuture<()>;

    fn handle(&mut self, _: Drain, ctx: &mut Self::Context) -> Self::Result {
        self.draining = true;
        let (drained, done) = tokio::sync::oneshot::channel();
        self.drained.push(drained);
        self.answer_if_drained(ctx);
        Box::pin(async move {
            let _ = done.await;
        })
    }
}

impl WebhookDispatcher {
    /// While draining, once no attempt is under way: logs what finished, then answers every
    /// [`Drain`]. Called whenever an attempt ends (through `dispatch_due`) and on each poll.
    pub(super) fn answer_if_drained(&mut self, ctx: &mut Context<Self>) {
        if !self.draining || !self.in_flight.is_empty() || self.drained.is_empty() {
            return;
        }
        // Next turn, not now: the writes this turn queued (an attempt's log, a webhook turned
        // off) must end first, and actix runs waits last in, first out. Nothing spawned runs
        // while a wait is pending.
        ctx.run_later(Duration::ZERO, |act, ctx| {
            if act.drained.is_empty() {
                return;
            }
            let waiting = std::mem::take(&mut act.drained);
            let finished = std::mem::take(&mut act.finished);
            act.log_scheduled = false;
            ctx.wait(log_attempts(act.store.clone(), finished).into_actor(act).map(move |(), _, _| {
                for drained in waiting {
                    let _ = drained.send(());
                }
            }));
        });
    }
}
