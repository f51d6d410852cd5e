//! The page a member's email confirmation link opens: it asks for a click (a mail scanner
//! that fetches the link confirms nothing), then takes the address as the member's, so their
//! campaigns' emails go out in their own words (see `http/email_confirmation.rs`). The
//! Account page says what waits, and sends the link again (`account.rs`).
//!
//! | path | what |
//! |---|---|
//! | `GET /dashboard/confirm-email/{token}` | the question, with its button |
//! | `POST /dashboard/confirm-email/{token}` | the address confirmed |

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use maud::html;

use super::account::visitor_page;
use super::page::PageError;
use super::session::VisitorForm;
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
