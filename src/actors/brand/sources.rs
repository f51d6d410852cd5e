//! The brand actor's messages about its sources of sales: connecting Stripe, Paddle or
//! Shopify (their sealed signing secrets), and keeping the email a source told of a customer.
//! Through the actor so that none of it outlives a deletion of the brand.

use actix::prelude::*;

use super::{BrandActor, BrandError};
use crate::domain::stripe::StripeConnection;

/// Connects the brand to Stripe (`Some`: its sealed signing secret) or disconnects it
/// (`None`). Through the actor so that it cannot outlive a deletion of the brand.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), BrandError>")]
pub struct ConnectStripe {
    pub member_id: u64,
    pub connection: Option<StripeConnection>,
}

impl Handler<ConnectStripe> for BrandActor {
    type Result = ResponseFuture<Result<(), BrandError>>;

    fn handle(&mut self, msg: ConnectStripe, ctx: &mut Self::Context) -> Self::Result {
        self.in_turn(ctx, |brand| async move {
            let stored = brand.owned_brand(msg.member_id).await?;
            brand.store.save_stripe_connection(stored.id, msg.connection.as_ref()).await?;
            Ok(())
        })
    }
}

/// Connects the brand to Paddle or Shopify (`Some`: its sealed signing secret) or
/// disconnects it (`None`). Through the actor so that it cannot outlive a deletion of the
/// brand.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), BrandError>")]
pub struct ConnectSource {
    pub member_id: u64,
    pub source: crate::domain::sales_source::Source,
    pub connection: Option<crate::domain::sales_source::Connection>,
}

impl Handler<ConnectSource> for BrandActor {
    type Result = ResponseFuture<Result<(), BrandError>>;

    fn handle(&mut self, msg: ConnectSource, ctx: &mut Self::Context) -> Self::Result {
        self.in_turn(ctx, |brand| async move {
            let stored = brand.owned_brand(msg.member_id).await?;
            brand.store.save_source_connection(stored.id, msg.source, msg.connection.as_ref()).await?;
            Ok(())
        })
    }
}

/// Keeps the email a source told of one of the brand's customers (Paddle's
/// `customer.created`). Through the actor so that it cannot outlive a deletion of the brand.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), BrandError>")]
pub struct KeepSourceCustomer {
    /// `paddle:ctm_…`.
    pub customer: String,
    /// Normalised.
    pub email: String,
}

impl Handler<KeepSourceCustomer> for BrandActor {
    type Result = ResponseFuture<Result<(), BrandError>>;

    fn handle(&mut self, msg: KeepSourceCustomer, ctx: &mut Self::Context) -> Self::Result {
        self.in_turn(ctx, |brand| async move {
            brand.store.brand(brand.brand_id).await?.ok_or(BrandError::NotFound("brand"))?;
            brand.store.save_source_customer(brand.brand_id, &msg.customer, &msg.email).await?;
            Ok(())
        })
    }
}
