//! A participant's promo codes on their dashboard page: each code with its link, what it did
//! (uses, conversions, revenue) and a button to disable it, and a form to give one. Given and
//! disabled through the API's actor messages (`http::promo_codes`), so the same rules hold:
//! unique in the brand without regard to case, never given twice.
//!
//! | path | what |
//! |---|---|
//! | `POST /dashboard/participants/{id}/promo-codes` | give the participant a code |
//! | `POST /dashboard/participants/{id}/promo-codes/{code}/disable` | disable one (it stays reserved) |

use actix_web::{web, HttpResponse};
use maud::{html, Markup};

use super::page::{self, PageError, Viewer};
use super::session::{SignedIn, SignedInForm};
use crate::actors::brand::{CreatePromoCode, DisablePromoCode};
use crate::domain::engine::NewPromoCode;
use crate::domain::promo_code::{parse_code, parse_stripe_promotion_code, MAX_CODE_CHARS};
use crate::domain::Participant;
use crate::http::error::ApiError;
use crate::http::ownership;
use crate::http::state::AppState;

/// The section of a participant's page: their codes, and the form to give one (`typed`: what
/// was typed into it, shown again with `error` when it was refused).
pub async fn section(
    state: &AppState,
    signed_in: &SignedIn,
    participant: &Participant,
    typed: (&str, &str),
    error: Option<&str>,
) -> Result<Markup, PageError> {
    let shown = crate::http::promo_codes::shown_of(state, participant.brand_id, participant.id).await?;
    let action = format!("/dashboard/participants/{}/promo-codes", participant.id);
    Ok(html! {
        section aria-labelledby="promo-codes" {
            h2 #promo-codes { "Promo codes" }
            @if shown.is_empty() {
                p { "No promo code yet. A sale carrying one is credited to them with no click, and "
                    code { "?ref=<code>" } " on your site is their readable link." }
            } @else {
                div.scroll { table {
                    thead { tr { th scope="col" { "Code" } th scope="col" { "State" } th scope="col" { "Uses" }
                        th scope="col" { "Conversions" } th scope="col" { "Revenue" } th scope="col" { "Actions" } } }
                    tbody {
                        @for view in &shown {
                            tr data-promo-code=(view.code) {
                                td { code { (view.code) }
                                    @if let Some(link) = &view.link { div.hint { (link) } }
                                    @if let Some(stripe) = &view.stripe_promotion_code { div.hint { "Stripe: " (stripe) } } }
                                td { (view.status) }
                                td { (view.uses) }
                                td { (view.conversions) }
                                td { @if view.revenue.is_empty() { "—" } @else {
                                    @for (currency, amount) in &view.revenue { div { (amount) " " (currency) } } } }
                                td { @if view.disabled_at.is_none() {
                                    form.inline method="post" action={ (action) "/" (view.code) "/disable" } {
                                        (page::token_field(&signed_in.form_token))
                                        button.small.danger type="submit" { "Disable" }
                                    }
                                } }
                            }
                        }
                    }
                } }
            }
            @if let Some(error) = error { p.error role="alert" { (error) } }
            form method="post" action=(action) {
                (page::token_field(&signed_in.form_token))
                label for="promo_code" { "New code" }
                input #promo_code type="text" name="code" required maxlength=(MAX_CODE_CHARS) value=(typed.0)
                    aria-describedby="promo_code-hint";
                p.hint #promo_code-hint { "3 to 32 letters, digits, - or _. Unique in the brand whatever the case, and never given twice." }
                label for="stripe_promotion_code" { "Stripe promotion code (optional)" }
                input #stripe_promotion_code type="text" name="stripe_promotion_code" value=(typed.1) placeholder="promo_…";
                button type="submit" { "Give this code" }
            }
        }
    })
}

/// `POST /dashboard/participants/{id}/promo-codes`.
pub async fn create(
    state: web::Data<AppState>,
    posted: SignedInForm,
    id: web::Path<u64>,
) -> Result<HttpResponse, PageError> {
    let SignedInForm { signed_in, form } = posted;
    let (participant, _) = ownership::participant(&state, &signed_in.member, *id).await?;
    let (typed, stripe) = (form.text("code").trim().to_owned(), form.text("stripe_promotion_code").trim().to_owned());
    let given = async {
        let code = NewPromoCode {
            code: parse_code(&typed)?,
            stripe_promotion_code: Some(stripe.as_str())
                .filter(|s| !s.is_empty())
                .map(parse_stripe_promotion_code)
                .transpose()?,
        };
        let message = CreatePromoCode { member_id: signed_in.member.id, participant_id: participant.id, code };
        state.brands.get(participant.brand_id).send(message).await??;
        Ok::<_, ApiError>(())
    };
    let (status, refusal) = match given.await {
        Ok(()) => return Ok(page::see_other(&format!("/dashboard/participants/{}#promo-codes", participant.id))),
        Err(error) => page::refusal_status(error)?,
    };
    let content = html! {
        (section(&state, &signed_in, &participant, (&typed, &stripe), Some(&refusal)).await?)
        p { a href={ "/dashboard/participants/" (participant.id) } { "Back to " (participant.name) } }
    };
    Ok(page::respond(status, page::page(&Viewer::of(&signed_in), "Promo codes", None, content)))
}

/// `POST /dashboard/participants/{id}/promo-codes/{code}/disable`.
pub async fn disable(
    state: web::Data<AppState>,
    posted: SignedInForm,
    path: web::Path<(u64, String)>,
) -> Result<HttpResponse, PageError> {
    let (id, code) = path.into_inner();
    let (participant, _) = ownership::participant(&state, &posted.signed_in.member, id).await?;
    let message = DisablePromoCode { member_id: posted.signed_in.member.id, participant_id: participant.id, code };
    let sent = state.brands.get(participant.brand_id).send(message).await.map_err(ApiError::from)?;
    sent.map_err(ApiError::from)?;
    Ok(page::see_other(&format!("/dashboard/participants/{}#promo-codes", participant.id)))
}
