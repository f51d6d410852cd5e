//! A brand actor's message handled as a decision of the brand ([`crate::store::decide`]):
//! the handler's work reads through the session the store opens and answers the writes to
//! commit with its reply; a refusal writes nothing.

use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;

use super::{BrandActor, BrandData, BrandError};
use crate::domain::engine::Write;
use crate::store::{BrandSession, Decision, Verdict};

/// A decision's work: given the brand and a session of it, the writes and the reply, or a
/// refusal.
pub(super) type Work<'s, T> = Pin<Box<dyn Future<Output = Result<(Vec<Write>, T), BrandError>> + Send + 's>>;

impl BrandActor {
    /// Handles a message as a decision of the brand: `work` runs when the store decides it
    /// (after the brand's decisions and turns handed over before it), and the reply comes
    /// once its writes are durable.
    pub(super) fn decide<T, F>(&mut self, work: F) -> actix::ResponseFuture<Result<T, BrandError>>
    where
        T: Send + 'static,
        F: for<'s> FnOnce(BrandData, &'s (dyn BrandSession + 's)) -> Work<'s, T> + Send + 'static,
    {
        self.applied += 1;
        let decision = Deciding { brand: self.brand.clone(), work: Some(work), answer: PhantomData };
        let decided = crate::store::decide(&self.brand.store, self.brand.brand_id, decision);
        Box::pin(async move { decided.await.map_err(BrandError::from).and_then(|answer| answer) })
    }
}

/// A handler's work as the store runs it.
struct Deciding<F, T> {
    brand: BrandData,
    work: Option<F>,
    answer: PhantomData<fn() -> T>,
}

#[async_trait::async_trait]
impl<T, F> Decision for Deciding<F, T>
where
    T: Send + 'static,
    F: for<'s> FnOnce(BrandData, &'s (dyn BrandSession + 's)) -> Work<'s, T> + Send + 'static,
{
    type Outcome = Result<T, BrandError>;

    async fn decide(&mut self, session: &(dyn BrandSession + '_)) -> Verdict<Result<T, BrandError>> {
        let Some(work) = self.work.take() else {
            let twice = crate::store::StoreError::Database("a decision was decided twice".into());
            return Verdict::nothing(Err(twice.into()));
        };
        match work(self.brand.clone(), session).await {
            Ok((writes, answer)) => Verdict::write(writes, Ok(answer)),
            Err(refused) => Verdict::nothing(Err(refused)),
        }
    }
}
