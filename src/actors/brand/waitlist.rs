//! The brand actor's part in waitlists: admissions, and the line built anew when the owner
//! turns the waitlist on or gives it another `places_per_referral` (see `UpdateCampaign`),
//! both through the brand's one writer, so that two admissions are decided one after the
//! other and nobody is admitted twice.

use actix::prelude::*;

use super::{BrandActor, BrandData, BrandError};
use crate::domain::engine::{self, AdmitRefusal};
use crate::domain::waitlist::Admit;
use crate::domain::webhook::PendingDelivery;
use crate::domain::{Campaign, Participant};

/// Admits participants from a campaign's waitlist.
#[derive(Debug, Message)]
#[rtype(result = "Result<Admitted, BrandError>")]
pub struct AdmitFromWaitlist {
    pub campaign_id: u64,
    pub member_id: u64,
    pub admit: Admit,
}

/// Who an admission admitted.
#[derive(Debug)]
pub struct Admitted {
    /// In the order they stood in line (or were named).
    pub participants: Vec<Participant>,
    /// When (RFC 3339).
    pub at: String,
    /// To hand to the dispatcher once the admission is durable.
    pub deliveries: Vec<PendingDelivery>,
}

impl Handler<AdmitFromWaitlist> for BrandActor {
    type Result = ResponseFuture<Result<Admitted, BrandError>>;

    fn handle(&mut self, msg: AdmitFromWaitlist, ctx: &mut Self::Context) -> Self::Result {
        self.decide(ctx, move |brand, session| {
            Box::pin(async move {
                let campaign = brand.owned_campaign(msg.campaign_id, msg.member_id).await?;
                let moment = brand.moment();
                let admission = match engine::decide_admit(session, &campaign, &msg.admit, &moment)? {
                    Ok(admission) => admission,
                    Err(AdmitRefusal::WaitlistOff) => return Err(BrandError::WaitlistOff),
                    Err(AdmitRefusal::NotFound(_)) => return Err(BrandError::NotFound("participant")),
                };
                let at = moment.at.clone();
                if admission.admitted.is_empty() {
                    return Ok((Vec::new(), Admitted { participants: Vec::new(), at, deliveries: Vec::new() }));
                }
                let (writes, deliveries) = brand.publish(session, msg.member_id, admission.writes, &moment).await?;
                Ok((writes, Admitted { participants: admission.admitted, at, deliveries }))
            })
        })
    }
}

impl BrandData {
    /// Builds `campaign`'s line anew when its waitlist was turned on or moves people by
    /// another number of places than `before`'s: called before the campaign is saved with it.
    pub(super) async fn build_line(&self, before: &Campaign, campaign: &Campaign) -> Result<(), BrandError> {
        if !campaign.waitlist.enabled || (before.waitlist.enabled && before.waitlist == campaign.waitlist) {
            return Ok(());
        }
        self.commit_line(campaign).await
    }

    /// Drops `campaign`'s line when its waitlist was turned off: called after the campaign is
    /// saved without it (signups no longer join it), so that a crash between the two leaves
    /// a line nothing reads rather than a waitlist without one.
    pub(super) async fn drop_line(&self, before: &Campaign, campaign: &Campaign) -> Result<(), BrandError> {
        if campaign.waitlist.enabled || !before.waitlist.enabled {
            return Ok(());
        }
        self.commit_line(campaign).await
    }

    async fn commit_line(&self, campaign: &Campaign) -> Result<(), BrandError> {
        self.decide_in_turn(|session| Ok(engine::decide_line(session, campaign)?)).await
    }
}
