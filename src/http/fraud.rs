//! `POST /campaigns/:id/fraud/preview`: the dry run of a proposed set of fraud rules over the
//! campaign's existing participants (see [`crate::domain::fraud_preview`]). It reads the
//! roster a batch at a time, like the exports, and changes nothing.

use actix_web::{web, HttpResponse};

use super::authenticated::AuthenticatedMember;
use super::error::ApiError;
use super::json::JsonBody;
use super::state::AppState;
use super::{envelope, ownership};
use crate::domain::fraud::{FraudInput, FraudSettings};
use crate::domain::fraud_preview::{FraudPreview, Replay};
use crate::domain::Campaign;
use crate::views;

/// Participants read from the roster at a time.
const BATCH: usize = 500;

/// `POST /campaigns/:id/fraud/preview`: the body names the rules to try, as `fraud` in a
/// campaign's body does (fields left out keep the campaign's setting); the answer counts the
/// existing referrals those rules would have held or refused.
pub async fn preview(
    state: web::Data<AppState>,
    AuthenticatedMember(member): AuthenticatedMember,
    id: web::Path<u64>,
    JsonBody(proposed): JsonBody<FraudInput>,
) -> Result<HttpResponse, ApiError> {
    let campaign = ownership::campaign(&state, &member, *id).await?;
    let campaign_id = campaign.id;
    let (rules, preview) = dry_run(&state, campaign, &proposed).await?;
    let fraud = views::fraud_rules(&rules);
    Ok(envelope::ok(views::FraudRulesPreview { campaign_id, fraud, preview }))
}

/// The rules `proposed` makes of `campaign`'s (fields left out keep its setting), and what
/// they would have done to its existing referrals; changes nothing (shared with the
/// dashboard).
pub async fn dry_run(
    state: &AppState,
    mut campaign: Campaign,
    proposed: &FraudInput,
) -> Result<(FraudSettings, FraudPreview), ApiError> {
    campaign.fraud.apply(proposed)?;
    let rules = campaign.fraud.clone();
    let campaign_id = campaign.id;
    let mut replay = Replay::new(campaign);
    let mut next_seq = 1;
    loop {
        let batch = state.store.roster(campaign_id, next_seq, BATCH).await?;
        for participant in &batch {
            let print = state.store.client_print(participant.id).await?;
            replay.push(participant, print);
            next_seq = participant.seq + 1;
        }
        if batch.len() < BATCH {
            break;
        }
    }
    Ok((rules, replay.finish()))
}
