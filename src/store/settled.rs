//! When a decision's writes are committed: the ticket a request waits on before it answers.
//!
//! On PostgreSQL a brand's signups may share one transaction (see
//! [`DecisionStore::batched_session`](super::DecisionStore::batched_session)): a decision's
//! writes are then in the database, under the brand's lock, but not committed until the
//! brand's actor settles the transaction after the last signup waiting for it. Each request
//! whose writes (or whose refusal's reads) are in such a transaction holds a [`Settled`] of it,
//! and answers only once that transaction has committed. On the embedded store each decision
//! commits at once, and durability is the group commit's ([`Lifecycle::durable`](super::Lifecycle::durable)).

use tokio::sync::watch;

use super::StoreError;

/// A ticket for one transaction's outcome. Cheap to clone; waiting on it is cancel-safe.
#[derive(Debug, Clone, Default)]
pub struct Settled(Option<watch::Receiver<bool>>);

impl Settled {
    /// Nothing to wait for: the writes were committed already, or there were none.
    pub fn now() -> Self {
        Self(None)
    }

    /// Waits until the transaction commits. An error when it was rolled back instead (a later
    /// statement of it failed, its commit failed, or the server stopped first): none of its
    /// writes were made, so the request must not answer as if they were.
    pub async fn wait(self) -> Result<(), StoreError> {
        let Some(mut committed) = self.0 else {
            return Ok(());
        };
        let outcome = committed.wait_for(|done| *done).await.map(|_| ());
        outcome.map_err(|_| {
            StoreError::Unavailable(
                "the transaction this request's writes were in was rolled back; nothing of it was written".into(),
            )
        })
    }
}

/// The other side of a transaction's tickets. [`Settler::committed`] tells them it committed;
/// dropped without that, it tells them it did not.
#[derive(Debug)]
pub struct Settler(watch::Sender<bool>);

impl Settler {
    #[allow(clippy::new_without_default)]
    pub fn new() -> Self {
        Self(watch::channel(false).0)
    }

    /// A ticket for this transaction.
    pub fn ticket(&self) -> Settled {
        Settled(Some(self.0.subscribe()))
    }

    /// The transaction committed: every ticket's wait returns `Ok`.
    pub fn committed(self) {
        self.0.send_replace(true);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_ticket_waits_for_the_commit_and_fails_when_the_transaction_is_dropped() {
        assert!(Settled::now().wait().await.is_ok());

        let settler = Settler::new();
        let (early, late) = (settler.ticket(), settler.ticket());
        let waiting = tokio::spawn(early.wait());
        settler.committed();
        assert!(waiting.await.unwrap().is_ok());
        assert!(late.wait().await.is_ok(), "a ticket read after the commit sees it");

        let settler = Settler::new();
        let ticket = settler.ticket();
        drop(settler);
        assert!(matches!(ticket.wait().await, Err(StoreError::Unavailable(_))));
    }
}
