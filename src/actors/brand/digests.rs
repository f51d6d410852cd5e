//! The member's daily digest of a campaign, decided by the brand's writer: composing one
//! (asked by the scheduler, `actors::digests`) and turning it off (the signed link in every
//! digest).

use actix::prelude::*;

use super::{BrandActor, BrandError};
use crate::domain::engine::{self, DigestRecipient};
use crate::domain::ids::IdKind;
use crate::domain::now_rfc3339;

/// Composes today's digest of one of the brand's campaigns, if it is due one
/// ([`engine::due_digest`]): its email and mark are committed together, so asking twice the
/// same day (another look, a restart) sends one. Whether an email was composed.
#[derive(Debug, Message)]
#[rtype(result = "Result<bool, BrandError>")]
pub struct ComposeDigest {
    pub campaign_id: u64,
    /// The day it is for (days since the Unix epoch, UTC), as the scheduler saw it.
    pub day: u32,
}

impl Handler<ComposeDigest> for BrandActor {
    type Result = ResponseFuture<Result<bool, BrandError>>;

    fn handle(&mut self, msg: ComposeDigest, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                // No SMTP configured: nothing is composed, and no mark is left for a day no digest
                // could be sent.
                let Some(mailing) = brand.settings.mailing.clone() else { return Ok((Vec::new(), false)) };
                let moment = brand.moment();
                let Some(due) = engine::due_digest(session, msg.campaign_id, msg.day, &moment)? else {
                    return Ok((Vec::new(), false));
                };
                if due.campaign.brand_id != brand.brand_id {
                    return Err(BrandError::NotFound("campaign"));
                }
                // A disabled member gets nothing; the day is still marked, so it is not asked again.
                let member = brand.store.member(due.campaign.member_id).await?.filter(|m| !m.disabled);
                let to = member.map(|m| DigestRecipient { email: m.email, name: m.name });
                let email_id = match &to {
                    Some(_) if due.numbers.newsworthy() => Some(session.take_ids(&[IdKind::Email]).await?[0]),
                    _ => None,
                };
                let email = email_id.zip(to.as_ref());
                let writes = engine::compose_digest(due, email, &mailing, &moment);
                Ok((writes, email_id.is_some()))
            })
        })
    }
}

/// Turns a campaign's daily digest off: the link in every digest, which names the campaign
/// and nothing else. Idempotent.
#[derive(Debug, Message)]
#[rtype(result = "Result<(), BrandError>")]
pub struct StopDigest {
    pub campaign_id: u64,
}

impl Handler<StopDigest> for BrandActor {
    type Result = ResponseFuture<Result<(), BrandError>>;

    fn handle(&mut self, msg: StopDigest, ctx: &mut Self::Context) -> Self::Result {
        self.in_turn(ctx, |brand| async move {
            let mut campaign = brand
                .store
                .campaign(msg.campaign_id)
                .await?
                .filter(|c| c.brand_id == brand.brand_id)
                .ok_or(BrandError::NotFound("campaign"))?;
            if campaign.emails.digest.enabled {
                campaign.emails.digest.enabled = false;
                campaign.updated_at = now_rfc3339();
                brand.store.save_campaign(&campaign).await?;
            }
            Ok(())
        })
    }
}
