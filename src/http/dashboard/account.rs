//! The account pages: register, sign in, sign out, the member's profile and plan, and the
//! API key (generated here and shown once).
//!
//! | path | what |
//! |---|---|
//! | `GET`/`POST /dashboard/register` | a new account, signed in at once (`?invitation=`: an invitation's link; closed: a page that says so) |
//! | `GET`/`POST /dashboard/sign-in` | a session (the API's sign-in limits apply) |
//! | `POST /dashboard/sign-out` | ends the session on the server |
//! | `GET /dashboard/account` | profile, plan, the API key's prefix and date |
//! | `POST /dashboard/account/api-key` | a new key, shown once; the previous one stops working |
//! | `POST /dashboard/account/invite` | an invitation to register, its link shown (and emailed) |
//! | `POST /dashboard/account/confirm-email` | the email confirmation link sent again (an open server) |
//! | `POST /dashboard/account/password` | a new password: every other session and every JWT ends, this browser stays signed in |

use actix_web::http::StatusCode;
use actix_web::{web, HttpRequest, HttpResponse};
use maud::{html, Markup};
use serde::Deserialize;

use super::page::{self, PageError, Viewer};
use super::session::{self, SignedIn, SignedInForm, VisitorForm};
use crate::domain::pagination::PageRequest;
use crate::http::error::ApiError;
use crate::http::state::AppState;
use crate::http::{api_keys, members, ownership, registration};

/// The `?notice=` a redirect leaves on a page.
#[derive(Deserialize)]
pub struct NoticeQuery {
    notice: Option<String>,
}

/// Where a signed-in member lands.
const HOME: &str = "/dashboard/brands";

/// `GET /dashboard`: the member's brands when signed in, else the sign-in page.
pub async fn home(req: HttpRequest) -> HttpResponse {
    match <SignedIn as actix_web::FromRequest>::extract(&req).await {
        Ok(_) => page::see_other(HOME),
        Err(_) => page::see_other("/dashboard/sign-in"),
    }
}

fn sign_in_form(token: &str, email: &str, error: Option<&str>) -> Markup {
    html! {
        form.card method="post" action="/dashboard/sign-in" {
            (page::token_field(token))
            @if let Some(error) = error { p.error role="alert" { (error) } }
            label for="email" { "Email" }
            input #email type="email" name="email" value=(email) autocomplete="username" required autofocus;
            label for="password" { "Password" }
            input #password type="password" name="password" autocomplete="current-password" required;
            button type="submit" { "Sign in" }
        }
        p { "Forgot your password? " a href="/dashboard/password-reset" { "Reset it by email" } }
        p { "New here? " a href="/dashboard/register" { "Create an account" } }
    }
}

pub(super) fn visitor_page(
    req: &HttpRequest,
    state: &AppState,
    status: StatusCode,
    title: &str,
    notice: Option<&str>,
    form: impl FnOnce(&str) -> Markup,
) -> HttpResponse {
    let (token, cookie) = session::visitor_token(req, state);
    let mut response = page::respond(status, page::page(&Viewer::Visitor, title, notice, form(&token)));
    if let Some(cookie) = cookie {
        // A response we built has no cookie yet; adding one cannot fail.
        let _ = response.add_cookie(&cookie);
    }
    response
}

/// `GET /dashboard/sign-in`.
pub async fn sign_in_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<NoticeQuery>,
) -> HttpResponse {
    if <SignedIn as actix_web::FromRequest>::extract(&req).await.is_ok() {
        return page::see_other(HOME);
    }
    let notice = page::notice(query.notice.as_deref());
    visitor_page(&req, &state, StatusCode::OK, "Sign in", notice, |token| sign_in_form(token, "", None))
}

/// `POST /dashboard/sign-in`: a session, or the form again with why not.
pub async fn sign_in(
    req: HttpRequest,
    state: web::Data<AppState>,
    posted: VisitorForm,
) -> Result<HttpResponse, PageError> {
    let form = posted.form;
    let email = form.text("email").to_owned();
    match members::check_password(&state, &req, &email, form.text("password").to_owned()).await {
        Ok(member) => session::sign_in(&state, &member, HOME).await,
        Err(refused @ (ApiError::Unauthorized(_) | ApiError::RateLimited { .. })) => {
            let status = actix_web::ResponseError::status_code(&refused);
            let message = refused.to_string();
            let mut response = visitor_page(&req, &state, status, "Sign in", None, |token| {
                sign_in_form(token, &email, Some(&message))
            });
            if let ApiError::RateLimited { retry_after_secs, .. } = refused {
                if let Ok(value) = retry_after_secs.to_string().parse() {
                    response.headers_mut().insert(actix_web::http::header::RETRY_AFTER, value);
                }
            }
            Ok(response)
        }
        Err(other) => Err(other.into()),
    }
}

/// What the sign-up form knows of the visitor: the invitation they came with (its address
/// fixed in the form), or whether the server lets them register without one.
enum SignUp<'a> {
    /// Registration is open to them (open, or the server's first account).
    Open,
    /// They hold an invitation of this address.
    Invited { secret: &'a str, email: &'a str },
    /// Closed, and no invitation: the page says so instead of a form.
    Closed,
}

fn register_form(token: &str, sign_up: &SignUp<'_>, email: &str, name: &str, error: Option<&str>) -> Markup {
    html! {
        @if let SignUp::Closed = sign_up {
            section.card #registration-closed {
                p { "Registration on this server is closed." }
                p { "Ask its operator for an account (" code { "refctl members create" } "), or a member of it for an invitation link." }
            }
        } @else {
            form.card method="post" action="/dashboard/register" {
                (page::token_field(token))
                @if let Some(error) = error { p.error role="alert" { (error) } }
                @if let SignUp::Invited { secret, email } = sign_up {
                    input type="hidden" name="invitation" value=(secret);
                    p.hint { "You were invited as " strong { (email) } "." }
                }
                label for="name" { "Your name" }
                input #name type="text" name="name" value=(name) autocomplete="name" required autofocus;
                label for="email" { "Email" }
                @match sign_up {
                    SignUp::Invited { email, .. } => input #email type="email" name="email" value=(email) readonly required;,
                    _ => input #email type="email" name="email" value=(email) autocomplete="email" required;,
                }
                label for="password" { "Password" }
                input #password type="password" name="password" autocomplete="new-password" minlength="8" required
                    aria-describedby="password-rule";
                p.hint #password-rule { "At least 8 characters and not easy to guess: a few uncommon words together work well." }
                button type="submit" { "Create account" }
            }
        }
        p { "Have an account? " a href="/dashboard/sign-in" { "Sign in" } }
    }
}

/// `?invitation=` of the sign-up page (an invitation's link).
#[derive(Deserialize)]
pub struct InvitationQuery {
    invitation: Option<String>,
}

/// Whether the page shows the form, for whom: with an invitation that admits someone now,
/// that address; else whether this server lets a visitor register.
async fn sign_up<'a>(
    state: &AppState,
    secret: Option<&'a str>,
    invited: &'a mut String,
) -> Result<SignUp<'a>, PageError> {
    if let Some(secret) = secret {
        let id = crate::auth::dashboard::SessionId::parse(secret.trim());
        if let Some(found) = match id {
            Some(id) => state.store.invitation(&id.digest()).await?,
            None => None,
        } {
            if found.is_live(chrono::Utc::now().timestamp_millis()) {
                *invited = found.email;
                return Ok(SignUp::Invited { secret, email: invited.as_str() });
            }
        }
    }
    let open = state.registration == crate::config::Registration::Open || !state.store.has_members().await?;
    Ok(if open { SignUp::Open } else { SignUp::Closed })
}

/// `GET /dashboard/register`: the form, for an invitation's address when the link carries
/// one; on a closed server without one, a page that says so.
pub async fn register_page(
    req: HttpRequest,
    state: web::Data<AppState>,
    query: web::Query<InvitationQuery>,
) -> Result<HttpResponse, PageError> {
    let mut invited = String::new();
    let shown = sign_up(&state, query.invitation.as_deref(), &mut invited).await?;
    let status = if matches!(shown, SignUp::Closed) { StatusCode::FORBIDDEN } else { StatusCode::OK };
    Ok(visitor_page(&req, &state, status, "Create an account", None, |token| {
        register_form(token, &shown, "", "", None)
    }))
}

/// `POST /dashboard/register`: the account (as `POST /members`: the registration policy, an
/// invitation taken when one comes, the default plan), signed in.
pub async fn register(
    req: HttpRequest,
    state: web::Data<AppState>,
    posted: VisitorForm,
) -> Result<HttpResponse, PageError> {
    let form = posted.form;
    let (email, name) = (form.text("email").to_owned(), form.text("name").to_owned());
    let invitation = Some(form.text("invitation")).filter(|secret| !secret.is_empty());
    // Each registration hashes a password (~50 ms of CPU): limited per address, as sign-ins
    // across emails are (the API's `POST /members` has its per-address limit too).
    state.limiters.login_address.check(&crate::http::client::address(&req))?;
    match registration::register(&state, &email, &name, form.text("password"), invitation).await {
        Ok(member) => session::sign_in(&state, &member, HOME).await,
        Err(refused @ ApiError::Refused { .. }) => {
            let status = actix_web::ResponseError::status_code(&refused);
            let message = refused.to_string();
            let mut invited = String::new();
            let shown = sign_up(&state, invitation, &mut invited).await?;
            Ok(visitor_page(&req, &state, status, "Create an account", None, |token| {
                register_form(token, &shown, &email, &name, Some(&message))
            }))
        }
        Err(other) => Err(other.into()),
    }
}

/// `POST /dashboard/sign-out`.
pub async fn sign_out(state: web::Data<AppState>, posted: SignedInForm) -> Result<HttpResponse, PageError> {
    session::sign_out(&state, &posted.signed_in).await
}

/// What is used beside what the plan allows: "2 of 3", or "2 (no limit)".
fn usage(used: u64, limit: Option<u64>) -> String {
    match limit {
        Some(limit) => format!("{used} of {limit}"),
        None => format!("{used} (no limit)"),
    }
}

/// The member's brands, campaigns, and the participants of their fullest campaign.
async fn used(state: &AppState, member_id: u64) -> Result<(u64, u64, u64), PageError> {
    let brands = state.store.brands_of_member(member_id, PageRequest { page: 1, limit: 1 }).await?.1;
    let counted = crate::store::counters_of_member(&state.store, member_id).await?;
    let fullest = counted.iter().map(|(_, counters)| counters.participants).max().unwrap_or(0);
    Ok((brands, counted.len() as u64, fullest))
}

/// `GET /dashboard/account`.
pub async fn account(
    state: web::Data<AppState>,
    signed_in: SignedIn,
    query: web::Query<NoticeQuery>,
) -> Result<HttpResponse, PageError> {
    let notice = page::notice(query.notice.as_deref());
    Ok(page::ok(account_page(&state, &signed_in, notice, None).await?))
}

/// The account page, with a notice, or the password form's refusal.
async fn account_page(
    state: &AppState,
    signed_in: &SignedIn,
    notice: Option<&str>,
    password_refused: Option<&str>,
) -> Result<Markup, PageError> {
    let member = &signed_in.member;
    let plan = ownership::plan_of(state, member).await?;
    let key = api_keys::key_prefix(state, member);
    let (brands, campaigns, fullest) = used(state, member.id).await?;
    let content = html! {
        (confirmation_card(state, member, &signed_in.form_token))
        section.card aria-labelledby="profile" {
            h2 #profile { "Profile" }
            dl {
                dt { "Name" } dd { (member.name) }
                dt { "Email" } dd { (member.email) }
                dt { "Member since" } dd { (page::when(&member.date_signedup)) }
            }
        }
        section.card aria-labelledby="plan" {
            h2 #plan { "Plan" }
            dl {
                dt { "Plan" } dd { (plan.name) @if plan.paid { " (paid)" } }
                dt { "Price" } dd { (plan.price) " " (plan.currency) " a " (plan.interval) }
                dt { "Brands" } dd #usage-brands { (usage(brands, plan.limits.brands)) }
                dt { "Campaigns" } dd #usage-campaigns { (usage(campaigns, plan.limits.campaigns)) }
                dt { "Participants per campaign" }
                dd #usage-participants { (usage(fullest, plan.limits.participants)) " in your fullest campaign" }
            }
            @if !plan.paid {
                p.hint {
                    "Public campaigns need a paid plan. On your own server, move yourself to one with "
                    code { "refctl members set-plan" } "; new members get "
                    code { "members.default_plan" } " (see docs/operating.md)."
                }
            }
        }
        section.card aria-labelledby="api-key" {
            h2 #api-key { "API key" }
            @match &key {
                Some((prefix, date)) => p { "Your key starts " code { (prefix) } ", made " (page::when(date)) "." },
                None => p { "You have no API key yet." },
            }
            form method="post" action="/dashboard/account/api-key" {
                (page::token_field(&signed_in.form_token))
                @if key.is_some() {
                    p.hint { "A new key replaces this one: the old key stops working at once." }
                }
                button type="submit" { "Generate a new API key" }
            }
        }
        (super::scoped_keys::card(member, &signed_in.form_token))
        section.card aria-labelledby="password" {
            h2 #password { "Password" }
            form method="post" action="/dashboard/account/password" {
                (page::token_field(&signed_in.form_token))
                @if let Some(refused) = password_refused { p.error role="alert" { (refused) } }
                label for="current-password" { "Current password" }
                input #current-password type="password" name="current_password" autocomplete="current-password" required;
                label for="new-password" { "New password" }
                input #new-password type="password" name="new_password" autocomplete="new-password"
                    minlength="8" required aria-describedby="new-password-rule";
                p.hint #new-password-rule {
                    "At least 8 characters and not easy to guess: a few uncommon words together work well. "
                    "Changing it signs you out everywhere else, and every API token made before stops working."
                }
                button type="submit" { "Change password" }
            }
        }
        @if state.registration.members_invite() {
            section.card aria-labelledby="invite" {
                h2 #invite { "Invite someone" }
                p.hint { "They get a link that creates their own account here, once, within 7 days." }
                form method="post" action="/dashboard/account/invite" {
                    (page::token_field(&signed_in.form_token))
                    label for="invite-email" { "Their email" }
                    input #invite-email type="email" name="email" required;
                    button type="submit" { "Invite" }
                }
            }
        }
    };
    Ok(page::page(&Viewer::of(signed_in), "Account", notice, content))
}

/// `POST /dashboard/account/password`: the password changed (as `POST /members/password`),
/// every session and token from before ended, and this browser signed in again; a refusal
/// shows on the account page.
pub async fn change_password(
    req: HttpRequest,
    state: web::Data<AppState>,
    posted: SignedInForm,
) -> Result<HttpResponse, PageError> {
    let (form, signed_in) = (posted.form, posted.signed_in);
    let current = form.text("current_password").to_owned();
    match crate::http::password_change::change(&state, &req, &signed_in.member, current, form.text("new_password"))
        .await
    {
        Ok(member) => session::sign_in(&state, &member, "/dashboard/account?notice=password-changed").await,
        Err(refused @ (ApiError::Refused { .. } | ApiError::RateLimited { .. })) => {
            let status = actix_web::ResponseError::status_code(&refused);
            let message = refused.to_string();
            let content = account_page(&state, &signed_in, None, Some(&message)).await?;
            Ok(page::respond(status, content))
        }
        Err(other) => Err(other.into()),
    }
}

/// `POST /dashboard/account/invite`: an invitation, its link shown (and emailed when this
/// server sends email). Refused (403) when registration is closed: only the operator invites.
pub async fn invite(state: web::Data<AppState>, posted: SignedInForm) -> Result<HttpResponse, PageError> {
    let signed_in = posted.signed_in;
    if !state.registration.members_invite() {
        return Err(ApiError::refused(
            crate::http::Code::RegistrationClosed,
            "registration on this server is closed: only its operator invites",
        )
        .into());
    }
    let email = posted.form.text("email").to_owned();
    let invited = registration::invite(&state, &email, Some(&signed_in.member)).await?;
    let content = html! {
        section.card {
            p { "An invitation for " strong { (email.trim()) } ", until " (page::when(&invited.expires_at)) "." }
            @if invited.emailed { p { "It was emailed to them. The link, to hand over another way:" } }
            @else { p { "This server sends no email: hand them the link." } }
            p.secret {
                code #invitation-link { (invited.link) }
                button.copy type="button" data-copy="invitation-link" { "Copy" }
            }
            p { a href="/dashboard/account" { "Back to the account" } }
        }
    };
    Ok(page::ok(page::page(&Viewer::of(&signed_in), "Invitation made", None, content)))
}

/// `POST /dashboard/account/api-key`: the new key, shown this once.
pub async fn generate_key(state: web::Data<AppState>, posted: SignedInForm) -> Result<HttpResponse, PageError> {
    let signed_in = posted.signed_in;
    let (key, date) = api_keys::issue_key(&state, signed_in.member.id).await?;
    let content = html! {
        section.card {
            p { "Your new API key, made " (page::when(&date)) ". Copy it now: this page shows it once." }
            p.secret {
                code #new-key { (key) }
                button.copy type="button" data-copy="new-key" { "Copy" }
            }
            p.hint { "Send it in the " code { "X-API-Key" } " header of API requests. The previous key no longer works." }
            p { a href="/dashboard/account" { "Back to the account" } }
        }
    };
    Ok(page::ok(page::page(&Viewer::of(&signed_in), "Your new API key", None, content)))
}

/// What the Account page says of the member's address: nothing once it is confirmed, or on a
/// server whose registration is not open to anyone (no rule waits on it there).
fn confirmation_card(state: &AppState, member: &crate::domain::Member, form_token: &str) -> Markup {
    let waiting = state.registration == crate::config::Registration::Open && member.email_confirmed_at.is_none();
    html! {
        @if waiting {
            section.card.warning #email-confirmation aria-labelledby="confirm-email" {
                h2 #confirm-email { "Confirm your email address" }
                p { "Until you open the link we sent to " strong { (member.email) } ", your campaigns' emails go out \
                     in our default words rather than your own." }
                @if state.portal_mail.is_some() {
                    form method="post" action="/dashboard/account/confirm-email" {
                        (page::token_field(form_token))
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
pub async fn send_confirmation(state: web::Data<AppState>, posted: SignedInForm) -> Result<HttpResponse, PageError> {
    let member = &posted.signed_in.member;
    if member.email_confirmed_at.is_none() {
        state.limiters.reset_email.check(&member.email.to_lowercase())?;
        crate::http::email_confirmation::send_link(&state, member);
    }
    Ok(page::see_other("/dashboard/account?notice=confirmation-sent"))
}
