//! A campaign's fraud rules in the browser: each rule and its setting in words, a form to
//! change them, and the dry run of the changed rules over the campaign's past referrals
//! (what they would have held or refused) shown before anything is saved; blocking and
//! unblocking a participant from their page.
//!
//! The dry run is the API's (`POST /campaigns/:id/fraud/preview`, [`dry_run`]); saving is
//! `PUT /campaigns/:id` with `fraud` alone ([`update_campaign`]); a block is the API's
//! `POST`/`DELETE /participants/:id/block` ([`set_blocked`]). The same rules apply as there.
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/campaigns/{id}/fraud` | the rules in words, and the form |
//! | `POST /dashboard/campaigns/{id}/fraud` | `step=preview`: the dry run, with the form kept; `step=save`: saved |
//! | `GET /dashboard/participants/{id}/block` | what a block would void, and the button that blocks |
//! | `POST /dashboard/participants/{id}/block`, `…/unblock` | block or unblock, back to the participant |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::campaign_body::fraud_of;
use super::campaign_form::fraud_fields;
use super::campaign_values::Values;
use super::form::FormData;
use super::page::refusal_status;
use super::page::{self, PageError, Viewer};
use super::session::{SignedIn, SignedInForm};
use crate::domain::campaign::CampaignInput;
use crate::domain::fraud::{DisposablePolicy, FraudInput, FraudSettings, SameAddressPolicy};
use crate::domain::fraud_preview::FraudPreview;
use crate::domain::Campaign;
use crate::http::campaigns::update_campaign;
use crate::http::fraud::dry_run;
use crate::http::ownership;
use crate::http::participants::set_blocked;
use crate::http::state::AppState;

/// Each rule and its setting, as a sentence an owner reads.
pub fn rules_in_words(rules: &FraudSettings) -> Vec<String> {
    let per_hour = |limit: u32, what: &str| match limit {
        0 => format!("No hourly limit on {what}."),
        n => format!("After {n} {what} in an hour, the rewards of the next are held for review."),
    };
    vec![
        if rules.canonical_emails {
            "One participant per inbox: ann.lee+1@gmail.com counts as annlee@gmail.com.".to_owned()
        } else {
            "Every spelling of an address is a participant of its own.".to_owned()
        },
        match rules.disposable_emails {
            DisposablePolicy::Hold => "Throwaway email addresses may join; their rewards are held for review.",
            DisposablePolicy::Refuse => "Throwaway email addresses are refused.",
            DisposablePolicy::Allow => "Throwaway email addresses are treated as any other.",
        }
        .to_owned(),
        match rules.same_address {
            SameAddressPolicy::Address => {
                "A friend who signs up from the referrer's own connection (the same address): both rewards are held for review."
            }
            SameAddressPolicy::AddressAndAgent => {
                "A friend who signs up from the referrer's own connection and browser: both rewards are held for review."
            }
            SameAddressPolicy::Off => "A friend's connection is not compared with the referrer's.",
        }
        .to_owned(),
        per_hour(rules.max_referrals_per_hour, "referrals to one referrer"),
        per_hour(rules.max_signups_per_address_per_hour, "signups from one address"),
    ]
}

fn preview_of(preview: &FraudPreview) -> Markup {
    let held = &preview.held_by_reason;
    let refused = &preview.refused_by_reason;
    html! {
        section.card #preview aria-labelledby="preview-title" {
            h2 #preview-title { "What these rules would have done" }
            p {
                "Replayed over the campaign's " (preview.referrals) " past referrals ("
                (preview.with_client) " of them recent enough to compare connections):"
            }
            (page::numbers(&[("Held for review", preview.held), ("Refused", preview.refused)]))
            ul.preview-reasons {
                li { "Held, throwaway address: " strong { (held.disposable_email) } }
                li { "Held, the referrer's own connection: " strong { (held.same_address) } }
                li { "Held, beyond an hourly limit: " strong { (held.velocity) } }
                li { "Refused, the referrer's own address spelled another way: " strong { (refused.self_referral) } }
                li { "Refused, an earlier participant's address spelled another way: " strong { (refused.participant_exists) } }
                li { "Refused, throwaway address: " strong { (refused.disposable_email) } }
                li { "Refused, as their referrer would have been: " strong { (refused.referrer_refused) } }
            }
            p.hint { "Nothing has changed yet: rewards already earned stay as they are, and the rules apply from the moment you save them." }
        }
    }
}

/// The page: the rules as saved, the form (as posted, when there is one), and a dry run.
fn fraud_page(
    signed_in: &SignedIn,
    campaign: &Campaign,
    form: Option<&FormData>,
    preview: Option<&FraudPreview>,
    error: Option<&str>,
    notice: Option<&str>,
) -> Markup {
    let values = Values { form, campaign };
    let action = format!("/dashboard/campaigns/{}/fraud", campaign.id);
    let content = html! {
        p { (page::back_to(campaign)) " · "
            a href={ "/dashboard/campaigns/" (campaign.id) "/review" } { "Review held rewards" } }
        section aria-labelledby="rules" {
            h2 #rules { "The rules now" }
            ul.rules { @for sentence in rules_in_words(&campaign.fraud) { li { (sentence) } } }
        }
        @if let Some(preview) = preview { (preview_of(preview)) }
        form.card method="post" action=(action) {
            h2 { "Change them" }
            @if let Some(error) = error { p.error role="alert" { (error) } }
            (page::token_field(&signed_in.form_token))
            (fraud_fields(&values))
            button type="submit" name="step" value="preview" { "Preview on past referrals" }
            @if preview.is_some() {
                " " button type="submit" name="step" value="save" { "Save these rules" }
            } @else {
                p.hint { "You see what the rules would have done before you save them." }
            }
        }
    };
    let title = format!("Fraud rules of {}", campaign.name);
    page::page(&Viewer::of(signed_in), &title, notice, content)
}

/// The fraud page's query.
#[derive(Debug, Default, Deserialize)]
pub struct FraudQuery {
    notice: Option<String>,
}

/// `GET /dashboard/campaigns/{id}/fraud`.
pub async fn show(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
    query: web::Query<FraudQuery>,
) -> Result<HttpResponse, PageError> {
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let notice = (query.notice.as_deref() == Some("saved")).then_some("The rules are saved: they apply from now on.");
    Ok(page::ok(fraud_page(&signed_in, &campaign, None, None, None, notice)))
}

/// `POST /dashboard/campaigns/{id}/fraud`: a dry run, or the rules saved.
pub async fn decide(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let campaign = ownership::campaign(&state, &signed_in.member, *id).await?;
    let proposed: FraudInput = serde_json::from_value(fraud_of(&form))
        .map_err(|_| PageError::BadForm("the fraud rules' fields could not be read"))?;
    let outcome = match form.get("step") {
        Some("save") => {
            let input = CampaignInput { fraud: Some(proposed), ..Default::default() };
            match update_campaign(&state, &signed_in.member, campaign.id, input).await {
                Ok(saved) => {
                    return Ok(page::see_other(&format!("/dashboard/campaigns/{}/fraud?notice=saved", saved.id)))
                }
                Err(refused) => Err(refused),
            }
        }
        Some("preview") => dry_run(&state, campaign.clone(), &proposed).await.map(|(_, preview)| preview),
        _ => return Err(PageError::BadForm("choose Preview or Save")),
    };
    match outcome {
        Ok(preview) => Ok(page::ok(fraud_page(&signed_in, &campaign, Some(&form), Some(&preview), None, None))),
        Err(refused) => {
            let (status, message) = refusal_status(refused)?;
            Ok(page::respond(status, fraud_page(&signed_in, &campaign, Some(&form), None, Some(&message), None)))
        }
    }
}

/// `GET /dashboard/participants/{id}/block`: the question before a block, with the rewards
/// it would void for good (held and waiting ones), and what it leaves.
pub async fn confirm_block(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let (participant, _) = ownership::participant(&state, &signed_in.member, *id).await?;
    let voided: Vec<crate::domain::Reward> = state
        .store
        .rewards_of(participant.id)
        .await?
        .into_iter()
        .filter(|r| matches!(r.status, crate::domain::RewardStatus::Held | crate::domain::RewardStatus::Pending))
        .collect();
    let back = format!("/dashboard/participants/{}", participant.id);
    let what = html! {
        p { "Block " strong { (participant.name) } " (" (participant.email) ")? While blocked they earn nothing, and a signup \
             through their codes joins unreferred." }
        @if voided.is_empty() {
            p { "They have no held or waiting reward: nothing is voided. Rewards already issued stay." }
        } @else {
            p { "These rewards are voided for good (unblocking does not bring them back); rewards already issued stay:" }
            ul { @for r in &voided { li { "#" (r.id) " " (r.kind.name()) " · " (r.status.name()) } } }
        }
    };
    let content = page::confirmation(&signed_in.form_token, &format!("{back}/block"), &back, "Block", what);
    Ok(page::ok(page::page(&Viewer::of(&signed_in), &format!("Block {}?", participant.name), None, content)))
}

/// `POST /dashboard/participants/{id}/block`.
pub async fn block(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    blocked(&state, &posted, *id, true).await
}

/// `POST /dashboard/participants/{id}/unblock`.
pub async fn unblock(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    blocked(&state, &posted, *id, false).await
}

async fn blocked(state: &AppState, posted: &SignedInForm, id: u64, block: bool) -> Result<HttpResponse, PageError> {
    let (participant, _) = set_blocked(state, &posted.signed_in.member, id, block).await?;
    let notice = if block { "blocked" } else { "unblocked" };
    Ok(page::see_other(&format!("/dashboard/participants/{}?notice={notice}", participant.id)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_is_said_in_words_for_every_setting() {
        let defaults = rules_in_words(&FraudSettings::default());
        assert_eq!(defaults.len(), 5);
        assert!(defaults[0].starts_with("One participant per inbox"));
        assert!(defaults[2].contains("(the same address)"));
        assert_eq!(
            defaults[3],
            "After 20 referrals to one referrer in an hour, the rewards of the next are held for review."
        );
        let off = FraudSettings {
            canonical_emails: false,
            disposable_emails: DisposablePolicy::Refuse,
            max_referrals_per_hour: 0,
            max_signups_per_address_per_hour: 0,
            same_address: SameAddressPolicy::Off,
        };
        let words = rules_in_words(&off);
        assert_eq!(words[1], "Throwaway email addresses are refused.");
        assert_eq!(words[3], "No hourly limit on referrals to one referrer.");
        assert_eq!(words[4], "No hourly limit on signups from one address.");
    }
}
