//! The page a member's email confirmation link opens: it asks for a click (a mail scanner
//! that fetches the link confirms nothing), then takes the address as the member's, so their
//! campaigns' emails go out in their own words (see `http/email_confirmation.rs`).
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/confirm-email/{token}` | the question, with its button |
//! | `POST /dashboard/confirm-email/{token}` | the address confirmed |
//! | `POST /dashboard/account/confirm-email` | the link sent again, from the Account page |

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use maud::html;

use super::account::visitor_page;
use super::page::PageError;
use super::session::{SignedInForm, VisitorForm};
use crate::auth::email_confirmation::EmailConfirmations;
use crate::domain::Member;
use crate::http::state::AppState;

/// The member the link confirms, while it still confirms their address.
async fn member_of(state: &AppState, token: &str) -> Result<Option<Member>, PageError> {
    let Some(id) = EmailConfirmations::member_of(token) else { return Ok(None) };
    let member = state.store.member(id).await?;
    Ok(member.filter(|m| state.auth.email_confirmations.confirms(token, m.id, &m.email)))
}

fn unknown(req: &HttpRequest, state: &AppState) -> HttpResponse {
    visitor_page(req, state, StatusCode::NOT_FOUND, "Confirm your email address", None, |_| {
        html! { p { "This link confirms nothing: it was not made here, or the account's address has changed since." } }
    })
}

/// `GET /dashboard/confirm-email/{token}`.
pub async fn ask(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, PageError> {
    let Some(member) = member_of(&state, &token).await? else { return Ok(unknown(&req, &state)) };
    let action = format!("/dashboard/confirm-email/{}", token.as_str());
    Ok(visitor_page(&req, &state, StatusCode::OK, "Confirm your email address", None, |form_token| {
        html! {
            p { "Confirm that " strong { (member.email) } " is your address: your campaigns' emails then go out in your own words." }
            form method="post" action=(action) {
                (super::page::token_field(form_token))
                button type="submit" { "Confirm my address" }
            }
        }
    }))
}

/// `POST /dashboard/confirm-email/{token}`: confirmed once; again, it stays so.
pub async fn confirm(
    req: HttpRequest,
    state: web::Data<AppState>,
    token: web::Path<String>,
    _posted: VisitorForm,
) -> Result<HttpResponse, PageError> {
    let Some(member) = member_of(&state, &token).await? else { return Ok(unknown(&req, &state)) };
    state
        .store
        .update_member(member.id, &|m: &mut Member| {
            m.email_confirmed_at.get_or_insert_with(crate::domain::now_rfc3339);
        })
        .await?;
    tracing::info!(member_id = member.id, "member email confirmed");
    Ok(visitor_page(&req, &state, StatusCode::OK, "Your address is confirmed", None, |_| {
        html! {
            p { "Thank you: your campaigns' emails now go out in your own words." }
            p { a href="/dashboard" { "To your dashboard" } }
        }
    }))
}

/// What the Account page says of the member's address: nothing once it is confirmed, or on a
/// server whose registration is not open to anyone (no rule waits on it there).
pub fn account_card(state: &AppState, member: &Member, form_token: &str) -> maud::Markup {
    let waiting = state.registration == crate::config::Registration::Open && member.email_confirmed_at.is_none();
    html! {
        @if waiting {
            section.card.warning #email-confirmation aria-labelledby="confirm-email" {
                h2 #confirm-email { "Confirm your email address" }
                p { "Until you open the link we sent to " strong { (member.email) } ", your campaigns' emails go out \
                     in our default words rather than your own." }
                @if state.portal_mail.is_some() {
                    form method="post" action="/dashboard/account/confirm-email" {
                        (super::page::token_field(form_token))
                        button type="submit" { "Send the link again" }
                    }
                } @else {
                    p.hint { "This server sends no email, so it cannot send the link: its operator can make your \
                              account with refctl members create instead." }
                }
            }
        }
    }
}

/// `POST /dashboard/account/confirm-email`: the link again, as often as the reset limits
/// allow for the address.
pub async fn send_again(state: web::Data<AppState>, posted: SignedInForm) -> Result<HttpResponse, PageError> {
    let member = &posted.signed_in.member;
    if member.email_confirmed_at.is_none() {
        state.limiters.reset_email.check(&member.email.to_lowercase())?;
        crate::http::email_confirmation::send_link(&state, member);
    }
    Ok(super::page::see_other("/dashboard/account?notice=confirmation-sent"))
}
