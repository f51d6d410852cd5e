//! Resetting a forgotten password by an emailed one-time link.
//!
//! | path | what |
//! |---|---|
//! | `GET`/`POST /dashboard/password-reset` | ask for a link by email: the same answer whoever asks |
//! | `GET`/`POST /dashboard/password-reset/new?token=` | choose the new password: once, within 15 minutes |
//!
//! Asking answers the same page at once whether an account uses the address or not (the
//! link is made and sent after the answer), and is limited per address typed and per client
//! address as the portal's sign-in links are. The link's secret exists only in the email;
//! the server keeps its digest ([`PasswordReset`]). Choosing the new password takes the link
//! once it is known to be strong enough, so a weak first try does not use the link up; the
//! change then ends every token and session from before, as a change by the member does, and
//! signs this browser in.

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::account::visitor_page;
use super::page::{self, PageError};
use super::session::{self, VisitorForm};
use crate::auth::dashboard::SessionId;
use crate::auth::password;
use crate::domain::campaign_emails::{render, EmailTemplate, RenderedEmail, Values};
use crate::domain::password_reset::PasswordReset;
use crate::domain::{EmailAddress, Member, NewPassword};
use crate::emails::transport::Sent;
use crate::http::error::ApiError;
use crate::http::password_change::set_password;
use crate::http::state::AppState;

fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

fn ask_form(token: &str, refused: Option<&str>) -> Markup {
    html! {
        form.card method="post" action="/dashboard/password-reset" {
            (page::token_field(token))
            @if let Some(refused) = refused { p.error role="alert" { (refused) } }
            label for="email" { "Your account's email" }
            input #email type="email" name="email" autocomplete="username" required autofocus;
            button type="submit" { "Email me a link" }
        }
        p { a href="/dashboard/sign-in" { "Back to the sign-in" } }
    }
}

/// `GET /dashboard/password-reset`.
pub async fn ask_page(req: HttpRequest, state: web::Data<AppState>) -> HttpResponse {
    visitor_page(&req, &state, StatusCode::OK, "Reset your password", None, |token| ask_form(token, None))
}

/// `POST /dashboard/password-reset`: the same page for every address, the link sent after.
pub async fn ask(req: HttpRequest, state: web::Data<AppState>, posted: VisitorForm) -> Result<HttpResponse, PageError> {
    let Some(sender) = state.portal_mail.clone() else {
        let refused = "This server sends no email, so it cannot send a reset link: ask its operator.";
        return Ok(visitor_page(&req, &state, StatusCode::CONFLICT, "Reset your password", None, |token| {
            ask_form(token, Some(refused))
        }));
    };
    let typed = posted.form.text("email").to_owned();
    let address = crate::http::client::address(&req);
    state.limiters.reset_address.check(&address)?;
    state.limiters.reset_email.check(&typed.trim().to_lowercase())?;
    if let Ok(email) = EmailAddress::parse(&typed) {
        let state = state.clone().into_inner();
        actix_web::rt::spawn(async move {
            match state.store.member_by_email(&email).await {
                Ok(Some(member)) if !member.disabled => send_link(&state, &sender, &member).await,
                Ok(_) => tracing::info!("password reset asked for an address no enabled account uses"),
                Err(error) => tracing::warn!(%error, "password reset link not made"),
            }
        });
    }
    let content = html! {
        section.card {
            p { "If an account uses that address, a link to choose a new password is on its way to it. "
                "It works once, for 15 minutes." }
            p { a href="/dashboard/sign-in" { "Back to the sign-in" } }
        }
    };
    Ok(visitor_page(&req, &state, StatusCode::OK, "Check your email", None, |_| content))
}

/// Makes a link for `member` and emails it, once (they ask again if it does not arrive).
async fn send_link(state: &AppState, sender: &crate::emails::SmtpSender, member: &Member) {
    let secret = SessionId::generate();
    if let Err(error) = state.store.create_password_reset(&secret.digest(), &PasswordReset::new(member, now_ms())).await
    {
        return tracing::warn!(%error, member_id = member.id, "password reset link not made");
    }
    let link = format!("{}/dashboard/password-reset/new?token={}", state.public_url, secret.expose());
    match sender.send_once(&member.email, &reset_email(&member.name, &link)).await {
        Sent::Accepted => tracing::info!(member_id = member.id, "password reset link sent"),
        Sent::Temporary(why) | Sent::Permanent(why) => {
            tracing::warn!(member_id = member.id, why, "password reset link not sent")
        }
    }
}

/// The email with the link. Its text is a template whose values `render` fills (and escapes
/// in the HTML part), as campaign emails are.
fn reset_email(name: &str, link: &str) -> RenderedEmail {
    let template = EmailTemplate {
        enabled: true,
        subject: "Reset your password".into(),
        text: "Hello {{name}},\n\nsomeone, we hope you, asked to reset the password of your referral programme \
               account. Choose a new one here (the link works once, for 15 minutes):\n\n{{link}}\n\n\
               If it was not you, ignore this email: your password stays as it is.\n"
            .into(),
    };
    render(&template, &Values::default().with("name", name).with("link", link))
}

/// `?token=` of a reset link.
#[derive(Deserialize)]
pub struct ResetQuery {
    token: Option<String>,
}

/// The link's reset and its member, while it still resets their password.
async fn live_reset(state: &AppState, secret: &str) -> Result<Option<(SessionId, Member)>, PageError> {
    let Some(secret) = SessionId::parse(secret.trim()) else { return Ok(None) };
    let Some(reset) = state.store.password_reset(&secret.digest()).await? else { return Ok(None) };
    let member = state.store.member(reset.member_id).await?;
    Ok(member.filter(|m| reset.admits(m, now_ms())).map(|m| (secret, m)))
}

fn choose_form(token: &str, secret: &str, refused: Option<&str>) -> Markup {
    html! {
        form.card method="post" action="/dashboard/password-reset/new" {
            (page::token_field(token))
            input type="hidden" name="reset" value=(secret);
            @if let Some(refused) = refused { p.error role="alert" { (refused) } }
            label for="new-password" { "New password" }
            input #new-password type="password" name="new_password" autocomplete="new-password" minlength="8"
                required autofocus aria-describedby="new-password-rule";
            p.hint #new-password-rule {
                "At least 8 characters and not easy to guess: a few uncommon words together work well. "
                "You will be signed out everywhere else, and API tokens made before stop working."
            }
            button type="submit" { "Set the new password" }
        }
    }
}

/// The page of a link that no longer works.
fn dead_link(req: &HttpRequest, state: &AppState) -> HttpResponse {
    let content = html! {
        section.card {
            p { "This link is used, expired or no longer valid. " a href="/dashboard/password-reset" { "Ask for a new one" } "." }
        }
    };
    visitor_page(req, state, StatusCode::GONE, "Reset your password", None, |_| content)
}

/// `GET /dashboard/password-reset/new?token=`: the form, while the link works.
pub async fn choose_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<ResetQuery>,
) -> Result<HttpResponse, PageError> {
    let secret = query.token.clone().unwrap_or_default();
    if live_reset(&state, &secret).await?.is_none() {
        return Ok(dead_link(&req, &state));
    }
    Ok(visitor_page(&req, &state, StatusCode::OK, "Choose a new password", None, |token| {
        choose_form(token, &secret, None)
    }))
}

/// `POST /dashboard/password-reset/new`: the new password, the link taken, the member signed
/// in.
pub async fn choose(
    req: HttpRequest,
    state: web::Data<AppState>,
    posted: VisitorForm,
) -> Result<HttpResponse, PageError> {
    let secret = posted.form.text("reset").to_owned();
    let Some((id, member)) = live_reset(&state, &secret).await? else { return Ok(dead_link(&req, &state)) };
    let new = match NewPassword::parse(posted.form.text("new_password"), &[&member.email, &member.name]) {
        Ok(new) => new,
        Err(refused) => {
            return Ok(visitor_page(&req, &state, StatusCode::BAD_REQUEST, "Choose a new password", None, |token| {
                choose_form(token, &secret, Some(&refused.message))
            }));
        }
    };
    let hash = web::block(move || password::hash(new.expose()))
        .await
        .map_err(ApiError::from)?
        .map_err(|e| PageError::internal(format!("password hashing failed: {e}")))?;
    // Taken only now, once: of two tabs posting at once, one resets.
    let Some(reset) = state.store.take_password_reset(&id.digest()).await? else { return Ok(dead_link(&req, &state)) };
    let changed = set_password(&state, member.id, hash, Some(reset.generation), "password reset by email link").await?;
    let Some(changed) = changed else { return Ok(dead_link(&req, &state)) };
    session::sign_in(&state, &changed, "/dashboard/account?notice=password-changed").await
}
