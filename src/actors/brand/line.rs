//! The signups on their way to the actors of one batch group's brands (see
//! [`DecisionStore::batch_group`](crate::store::DecisionStore::batch_group)): how an actor
//! knows whether another signup follows the one it is deciding, and so whether to leave the
//! group's transaction open for it (see
//! [`DecisionStore::batched_session`](crate::store::DecisionStore::batched_session)).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use actix::prelude::*;

/// How many signups of one batch group's brands are sent to their actors and have no session
/// yet. Shared by the registry, the group's actors and every [`InLine`].
#[derive(Debug, Clone, Default)]
pub struct Line(Arc<AtomicUsize>);

/// Asks a brand's actor to settle its group's transaction if no signup of the group is on its
/// way any more: sent when a signup left the line without being handled, so that the
/// signups before it, which kept the transaction open for it, are not left waiting.
#[derive(Debug, Message)]
#[rtype(result = "()")]
pub struct SettleLine;

impl Line {
    /// A signup joins the line; it leaves it when its actor has opened its session (entered
    /// its group's transaction, behind the group's signups before it), or when it is
    /// dropped on the way (a request cancelled while the mailbox was full, or gone before its
    /// actor took it up): then `nudge` is sent [`SettleLine`] if the line is empty.
    pub fn join(&self, nudge: Option<Recipient<SettleLine>>) -> InLine {
        self.0.fetch_add(1, Ordering::SeqCst);
        InLine { line: self.0.clone(), left: false, nudge }
    }

    /// Whether no other signup of the group is on its way.
    pub fn is_empty(&self) -> bool {
        self.0.load(Ordering::SeqCst) == 0
    }
}

/// One signup's place in its brand's [`Line`].
#[derive(Debug)]
pub struct InLine {
    line: Arc<AtomicUsize>,
    left: bool,
    nudge: Option<Recipient<SettleLine>>,
}

impl InLine {
    /// The signup's session is open (or it will not get one).
    pub fn leave(&mut self) {
        self.step_out();
    }

    /// Leaves the line, once; whether this emptied it.
    fn step_out(&mut self) -> bool {
        !std::mem::replace(&mut self.left, true) && self.line.fetch_sub(1, Ordering::SeqCst) == 1
    }
}

impl Drop for InLine {
    fn drop(&mut self) {
        if self.step_out() {
            if let Some(nudge) = self.nudge.take() {
                // Queued even when the mailbox is full.
                nudge.do_send(SettleLine);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signup_leaves_the_line_once_taken_up_or_dropped() {
        let line = Line::default();
        let mut first = line.join(None);
        let second = line.join(None);
        assert!(!line.is_empty());
        first.leave();
        first.leave();
        drop(first);
        assert!(!line.is_empty(), "the second is still on its way");
        drop(second);
        assert!(line.is_empty());
    }

    /// Counts the nudges it gets; [`Count`] reads the count.
    struct Nudged(usize);

    impl Actor for Nudged {
        type Context = Context<Self>;
    }

    impl Handler<SettleLine> for Nudged {
        type Result = ();
        fn handle(&mut self, _msg: SettleLine, _ctx: &mut Self::Context) {
            self.0 += 1;
        }
    }

    #[derive(Message)]
    #[rtype(result = "usize")]
    struct Count;

    impl Handler<Count> for Nudged {
        type Result = usize;
        fn handle(&mut self, _msg: Count, _ctx: &mut Self::Context) -> usize {
            self.0
        }
    }

    #[actix::test]
    async fn a_signup_dropped_on_the_way_nudges_its_actor_when_it_empties_the_line() {
        let actor = Nudged(0).start();
        let line = Line::default();
        let join = || line.join(Some(actor.clone().recipient()));
        let (mut taken, dropped, last) = (join(), join(), join());
        taken.leave();
        drop(taken);
        drop(dropped);
        // Messages are handled in the order sent: the count is read after any nudge.
        assert_eq!(actor.send(Count).await.unwrap(), 0, "in its session, or not the last: no nudge");
        drop(last);
        assert_eq!(actor.send(Count).await.unwrap(), 1, "the last one out nudges");
    }
}
