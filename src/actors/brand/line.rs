//! The signups on their way to a brand's actor: how it knows whether another one follows the
//! signup it is deciding, and so whether to leave the transaction open for it (see
//! [`DecisionStore::batched_session`](crate::store::DecisionStore::batched_session)).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

/// How many signups of one brand are sent to its actor and not taken up yet. Shared by the
/// registry, the actor and every [`InLine`].
#[derive(Debug, Clone, Default)]
pub struct Line(Arc<AtomicUsize>);

impl Line {
    /// A signup joins the line; it leaves it when its actor takes it up, or when it is
    /// dropped on the way (a request cancelled while the mailbox was full).
    pub fn join(&self) -> InLine {
        self.0.fetch_add(1, Ordering::SeqCst);
        InLine { line: self.0.clone(), left: false }
    }

    /// Whether no other signup of the brand is on its way.
    pub fn is_empty(&self) -> bool {
        self.0.load(Ordering::SeqCst) == 0
    }
}

/// One signup's place in its brand's [`Line`].
#[derive(Debug)]
pub struct InLine {
    line: Arc<AtomicUsize>,
    left: bool,
}

impl InLine {
    /// The actor took the signup up.
    pub fn leave(&mut self) {
        if !std::mem::replace(&mut self.left, true) {
            self.line.fetch_sub(1, Ordering::SeqCst);
        }
    }
}

impl Drop for InLine {
    fn drop(&mut self) {
        self.leave();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signup_leaves_the_line_once_taken_up_or_dropped() {
        let line = Line::default();
        let mut first = line.join();
        let second = line.join();
        assert!(!line.is_empty());
        first.leave();
        first.leave();
        drop(first);
        assert!(!line.is_empty(), "the second is still on its way");
        drop(second);
        assert!(line.is_empty());
    }
}
